"""What a person reads names cards and tiles in words, in every language: no card codes ("9D",
"10S", "*") and no internal tile kinds ("plain+castle") in the catalogs, the move log of a few
thousand random turns, the review's wording or the refusals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import LANGUAGES, refusal_text, set_language
from game.knights.words import describe_knights, knights_aftermath
from game.rummy import Play, check_meld, parse_cards
from game.rummy.words import better_words, card_words, describe_rummy, rummy_aftermath
from tests.game.test_movelog_players import knights_steps, rummy_steps
from tests.paths import ROOT

# A card's code ("9D", "10S", "QS"; "*" a joker) or a tile's internal kind ("plain+castle").
CODE = re.compile(
    r"(?<![\w-])(?:10|[2-9AJQK])[CDHS](?!\w)|(?<![\w*])\*(?![\w*])|\b(?:plain|forest)\+\w+"
)
# A file-format refusal about the save's JSON (it names the kinds as the file writes them).
FILE_FORMAT = "a tile is named by its terrain, such as plain+village"
LOCALE = ROOT / "game" / "locale"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def catalog_texts(path: Path) -> list[str]:
    """Every msgid and msgstr of a .po or .pot file (obsolete entries left out)."""
    texts = []
    source = path.read_text(encoding="utf-8")
    for match in re.finditer(
        r'^(?:msgid|msgstr|msgid_plural|msgstr\[\d\]) ((?:".*"\n?)+)', source, re.M
    ):
        texts.append("".join(re.findall(r'"(.*)"', match.group(1))))
    return [text for text in texts if text and text != FILE_FORMAT]


def test_the_pattern_finds_codes_and_passes_words() -> None:
    for coded in (
        "set 3 (9D 9D)",
        "other suits: 2H",
        "10S lay",
        "Hilde: * 2S = 22",
        "plain+castle",
    ):
        assert CODE.search(coded), coded
    for worded in ("9 of diamonds", "Karo-9", "K-A-2 does not wrap", "forest castle", "7 · 24"):
        assert not CODE.search(worded), worded


def test_no_catalog_message_holds_a_card_code_or_a_tile_kind() -> None:
    paths = [LOCALE / "robbers-den.pot"]
    paths += [LOCALE / lang / "LC_MESSAGES" / "robbers-den.po" for lang in LANGUAGES[1:]]
    coded = [
        (path.name, text) for path in paths for text in catalog_texts(path) if CODE.search(text)
    ]
    assert not coded


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_log_of_random_games_names_cards_and_tiles_in_words(lang: str) -> None:
    set_language(lang)
    lines = 0
    for seed in range(4):
        for before, action in rummy_steps(seed, players=3, rounds=3):
            after = before.apply(action)
            texts = [describe_rummy(before, action)]
            texts += [text for text, _kind in rummy_aftermath(before, after)]
            if isinstance(action, Play):
                texts.append(better_words(before, [action], symbols=False))
            for text in texts:
                assert not CODE.search(text), text
            lines += len(texts)
        for before, action in knights_steps(seed, players=2 + seed % 3):
            texts = [describe_knights(before, action)]
            texts += [text for text, _kind in knights_aftermath(before, before.apply(action))]
            for text in texts:
                assert not CODE.search(text), text
            lines += len(texts)
    assert lines > 2000  # a few thousand turns


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_name_the_cards(lang: str) -> None:
    set_language(lang)
    for notation in ("7H 8S 9H", "QS QS QD", "9D 9D", "2H 3C", "* * 4C", "KS AS 2S 3H 5D"):
        error = check_meld(parse_cards(notation)).error
        if error:
            assert not CODE.search(refusal_text(error)), refusal_text(error)
    assert (
        card_words(parse_cards("9D")[0])
        == {
            "en": "9 of diamonds",
            "de": "Karo-9",
            "nl": "ruiten 9",
        }[lang]
    )
