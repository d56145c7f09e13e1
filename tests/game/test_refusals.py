"""Typed refusals: every refusal of both engines (and of the turn editor) carries a stable code
and its fields, says today's English, and is translated by code into German and Dutch."""

from __future__ import annotations

import hashlib
import pickle
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import game.ui.rummy.turn_edit  # noqa: F401 - declares the editor's own refusals
from game.core import REFUSALS, IllegalAction, Reason, refusal
from game.i18n import REFUSAL_WORDS, refusal_text, set_language
from game.knights import Place
from game.knights import new_game as knights_game
from game.knights import refusals as knights_refusals
from game.rummy import Play, check_meld, parse_cards
from game.rummy import refusals as rummy_refusals
from game.rummy.draft import DraftError
from tests.game.rummy.test_rummy_state import arrange
from tests.paths import ROOT
from tests.refusal_provoker import english, provoke

sys.path.insert(0, str(ROOT / "tools"))

import compile_catalogs  # noqa: E402

# What the code before typed refusals (f6dc009) said for provoke(14): the count, a digest of the
# messages in order, and (in the file) the distinct messages.
OLD_COUNT = 4766
OLD_DIGEST = "b6261e0e6773d18fe69531d8e931f1e1c63d427b8dc5838776990aed17817ecd"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def codes_within(reason: Reason) -> Iterator[str]:
    """The reason's code and those of the reasons in its list fields (a play's problems)."""
    yield reason.code
    for name in reason.kind.lists:
        for inner in reason.fields[name]:  # type: ignore[attr-defined]
            yield from codes_within(inner)


def code_of(refusal: Any) -> str | None:
    if isinstance(refusal, IllegalAction):
        return refusal.code
    return refusal.code if isinstance(refusal, Reason) else None


def test_provoked_refusals_say_exactly_the_english_of_before() -> None:
    said = english(14)
    old = (ROOT / "tests" / "data" / "refusals_english.txt").read_text("utf-8").splitlines()
    assert sorted(set(said)) == old
    assert len(said) == OLD_COUNT
    assert hashlib.sha256("\n".join(said).encode()).hexdigest() == OLD_DIGEST


def test_a_thousand_provoked_refusals_all_carry_a_code() -> None:
    refusals = list(provoke(14))
    assert len(refusals) >= 1000
    codes = set()
    for refused in refusals:
        code = code_of(refused)
        assert code in REFUSALS, f"no code: {refused!r}"
        reason = refused.reason if isinstance(refused, IllegalAction) else refused
        assert str(refused) == reason == REFUSALS[code].render(reason.fields, str)
        codes.update(codes_within(reason))
    # Not vacuous: the wrong moves reach most kinds of refusal in both games.
    assert len(codes) >= 60, sorted(set(REFUSALS) - codes)
    assert any(c in codes for c in ("tile_needs", "castle_needs", "stack_too_high"))
    assert {"play_refused", "set_problems", "open_first", "gap"} <= codes


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_refusal_code_has_a_translation(lang: str) -> None:
    from game.registry import GAMES

    po = ROOT / "game" / "locale" / lang / "LC_MESSAGES" / "robbers-den.po"
    # The program's catalog and the catalogs games ship themselves (``GamePlugin.catalog_ref``).
    own = [(key, spec.catalog_dir()) for key, spec in GAMES.items()]
    pos = [po, *(d / lang / "LC_MESSAGES" / f"{key}.po" for key, d in own if d is not None)]
    translated = {
        e.msgid: e.strings[0]
        for path in pos
        for e in compile_catalogs.parse_po(path.read_text("utf-8"))
        if e.msgid and e.context is None and e.strings.get(0) and not e.fuzzy
    }
    assert len(REFUSALS) >= 70
    missing = [k.code for k in REFUSALS.values() if k.template not in translated]
    assert not missing, f"{lang}: no translation for {missing}"
    assert all(word in translated for word in REFUSAL_WORDS)
    set_language(lang)
    for kind in REFUSALS.values():  # every template's fields are filled in the translation
        fields = {
            name: (rummy_refusals.TOO_SHORT(),) if name in kind.lists else "plain"
            for name in _fields(kind)
        }
        assert refusal_text(kind(**fields)) != str(kind(**fields))


def _fields(kind: Any) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(kind.template) if name]


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_every_provoked_refusal_is_translated_by_its_code(lang: str) -> None:
    set_language(lang)
    for refused in provoke(3):
        text = refusal_text(refused)
        assert text and text != str(refused), str(refused)


def test_refusals_in_german_and_dutch() -> None:
    state = knights_game(2, 1)
    state = state.apply(state.legal_actions()[0]).apply(state.legal_actions()[0])
    in_hand = state.hands[state.current_player][0].tile  # type: ignore[index]
    with pytest.raises(IllegalAction) as taken:
        state.apply(Place(in_hand, 0, 0))
    rummy = arrange(["7H 8S 9H 2C", "KD"], opened=(True, False), full_stock=False)
    with pytest.raises(IllegalAction) as mixed:
        rummy.apply(Play((tuple(parse_cards("7H 8S 9H")),)))
    forest = knights_refusals.TILE_NEEDS(terrain="forest", n=2)
    assert (taken.value.code, dict(taken.value.fields)) == ("spot_taken", {})
    assert forest.fields["terrain"] == "forest" and forest.code == "tile_needs"
    cases = [
        ("de", forest, "auf Wald müssen 2 Ritter zurückbleiben"),
        ("nl", taken.value, "die plek is al bezet"),
        ("de", check_meld("KH AH 2H").error, "K-A-2 geht nicht ums Eck"),
        (
            "nl",
            mixed.value,
            "zo kun je je beurt niet beëindigen: combinatie 1 (harten 7, schoppen 8, harten 9): "
            "verschillende kleuren in een reeks",
        ),
    ]
    for lang, refused, expected in cases:
        set_language(lang)
        assert refusal_text(refused) == expected
    set_language("en")
    # The engine's own sentence keeps the cards' codes; what a player reads names them.
    assert str(mixed.value).endswith("set 1 (7H 8S 9H): mixed suits in a run")
    assert refusal_text(mixed.value).endswith(
        "set 1 (7 of hearts, 8 of spades, 9 of hearts): mixed suits in a run"
    )
    assert refusal_text(ValueError("no code here")) == "no code here"


def test_an_illegal_action_is_raised_by_code_and_keeps_it_through_pickle() -> None:
    error = IllegalAction(code="area_too_wide", n=7)
    assert str(error) == "the area may be at most 7 tiles wide"
    assert (error.code, dict(error.fields)) == ("area_too_wide", {"n": 7})
    again = pickle.loads(pickle.dumps(error))
    draft_error = pickle.loads(pickle.dumps(DraftError(error.reason)))
    assert isinstance(draft_error, DraftError)
    for copy in (again, draft_error):
        assert str(copy) == str(error) and copy.code == "area_too_wide"
    assert IllegalAction("a plain message").code is None
    with pytest.raises(AttributeError):
        error.reason.kind = rummy_refusals.GAP  # type: ignore[misc, union-attr]
    with pytest.raises(ValueError, match="no refusal"):
        IllegalAction(code="no_such_code")
    with pytest.raises(ValueError, match="declared twice"):
        refusal("spot_taken", "that spot is already taken")
