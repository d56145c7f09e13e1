"""A hand-edited or forged save file is refused with the exact sentence the player reads
(game.persist.saves, game.persist.validate), and what lies just inside each bound loads."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from game.knights import Keep
from game.knights import new_game as knights_new_game
from game.persist import SaveError, SeatRecord, saved_game
from game.persist import saves as saves_module
from game.persist.saves import game_from_dict, parse_game
from game.persist.validate import (
    MAX_INT,
    int_problem,
    json_problem,
    name_problem,
    number_problem,
    text_problem,
)

Save = dict[str, Any]

SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Bot", "computer", "hard", 5)]


def base() -> Save:
    state = knights_new_game(["Ann", "Bot"], 5)
    keep = state.legal_actions()[0]
    assert isinstance(keep, Keep)
    saved = saved_game("knights", SEATS, state.apply(keep), [keep], {"note": "x"}, start=state)
    return json.loads(json.dumps(saved.to_dict()))


def _set(key: str, value: Any) -> Callable[[Save], None]:
    return lambda d: d.update({key: value})


def _seat(index: int, **fields: Any) -> Callable[[Save], None]:
    return lambda d: d["seats"][index].update(fields)


def _drop_seat_field(index: int, *keys: str) -> Callable[[Save], None]:
    return lambda d: [d["seats"][index].pop(key) for key in keys] and None


def _engine_error(action: Any) -> str:
    from game.knights import action_from_dict

    try:
        action_from_dict(action)
    except ValueError as error:
        return f"{error}."
    raise AssertionError("the action loads")


REFUSED: dict[str, tuple[Callable[[Save], None], str]] = {
    "another format": (
        _set("format", "robbers-den-settings"),
        "This is not a Robbers' Den saved game.",
    ),
    "no format": (lambda d: d.pop("format"), "This is not a Robbers' Den saved game."),
    "version 2": (
        _set("version", 2),
        "This save was written by another version of the game (save version 2, this game reads 1).",
    ),
    "version as text": (
        _set("version", "1"),
        "This save was written by another version of the game (save version '1', this game"
        " reads 1).",
    ),
    "version as true": (
        _set("version", True),
        "This save was written by another version of the game (save version True, this game"
        " reads 1).",
    ),
    "a fraction": (_set("version", 1.0), "Damaged save: version: a fraction is not allowed here."),
    "an unknown field": (
        lambda d: d.update(zeta=1, alpha=2),
        "Damaged save: unknown fields alpha, zeta.",
    ),
    "an unknown game": (
        _set("game", "chess"),
        "Damaged save: unknown game 'chess' (the games are "
        + ", ".join(saves_module._ENGINES)
        + ").",
    ),
    "no seats": (_set("seats", []), "Damaged save: the seats are missing."),
    "seats as object": (_set("seats", {}), "Damaged save: the seats are missing."),
    "a seat as text": (
        lambda d: d["seats"].__setitem__(1, "Bot"),
        "Damaged save: seat 2 is not a seat description.",
    ),
    "a seat without kind and level": (
        _drop_seat_field(1, "level", "kind"),
        "Damaged save: seat 2 lacks kind, level.",
    ),
    "a seat with extra fields": (
        _seat(0, team=1, age=3),
        "Damaged save: seat 1 has unknown fields age, team.",
    ),
    "an empty name": (_seat(0, name=""), "Damaged save: seat 1 needs a name of 1 to 16 letters."),
    "a name too long": (
        _seat(1, name="B" * 17),
        "Damaged save: seat 2 needs a name of 1 to 16 letters.",
    ),
    "a blank name": (
        _seat(1, name="\u3164\u200b"),
        "Damaged save: seat 2 needs a name of 1 to 16 letters.",
    ),
    "a robot seat": (_seat(1, kind="robot"), "Damaged save: seat 2 must be a human or a computer."),
    "a computer without level": (
        _seat(1, level=None),
        "Damaged save: seat 2 has no known level (easy, medium, hard, expert).",
    ),
    "a human with an unknown level": (
        _seat(0, level="godlike"),
        "Damaged save: seat 1 has an unknown level.",
    ),
    "colour 6": (_seat(1, colour=6), "Damaged save: seat 2 has no valid colour."),
    "colour -1": (_seat(0, colour=-1), "Damaged save: seat 1 has no valid colour."),
    "colour as true": (_seat(0, colour=True), "Damaged save: seat 1 has no valid colour."),
    "two of one name": (_seat(1, name=" ANN "), "Damaged save: two seats have the same name."),
    "two of one colour": (_seat(1, colour=0), "Damaged save: two seats have the same colour."),
    "no position": (lambda d: d.pop("state"), "Damaged save: the game position is missing."),
    "a damaged position": (
        lambda d: d["state"].update(version=9),
        "Damaged save: the game position is invalid: unknown save version 9.",
    ),
    "a damaged start": (
        lambda d: d["start"].update(seed="5"),
        "Damaged save: the start of the history is invalid: seed must be an integer, got '5'.",
    ),
    "a seat too many": (
        lambda d: d["seats"].append({"name": "Cy", "kind": "human", "level": None, "colour": 2}),
        "Damaged save: 3 seats for a game of 2 players.",
    ),
    "history as object": (_set("history", {}), "Damaged save: the move history must be a list."),
    "a damaged move": (
        lambda d: d["history"][0].update(type="fly"),
        "Damaged save: move 1 of the history is invalid: "
        + _engine_error({"type": "fly", "tile": "x"}),
    ),
    "extra as list": (_set("extra", []), "Damaged save: 'extra' must be a JSON object."),
    "a control character": (
        lambda d: d["extra"].update(note="a\x07b"),
        "Damaged save: extra.note: it holds a control character.",
    ),
    "a bad key": (
        lambda d: d["extra"].update({"\x00": 1}),
        "Damaged save: a key in extra: it holds a control character.",
    ),
    "a huge number": (
        lambda d: d["extra"].update(n=[1, MAX_INT + 1]),
        f"Damaged save: extra.n[1]: it is outside {-MAX_INT}..{MAX_INT}.",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_forged_save_is_refused_with_the_sentence_the_player_reads(name: str) -> None:
    change, message = REFUSED[name]
    d = base()
    change(d)
    with pytest.raises(SaveError) as info:
        game_from_dict(d)
    assert str(info.value) == message


def test_the_base_save_loads_with_its_history_start_and_extra() -> None:
    saved = game_from_dict(base())
    assert saved.seats == tuple(SEATS) and len(saved.history) == 1
    assert saved.start is not None and saved.extra == {"note": "x"}


ACCEPTED: dict[str, Callable[[Save], None]] = {
    "a name of 16 letters": _seat(1, name="B" * 16),
    "the last colour": _seat(1, colour=5),
    "colour 0 and a human with a level": _seat(0, level="easy"),
    "no start, no history, no extra": lambda d: (
        [d.pop(k) for k in ("start", "history", "extra")] and None
    ),
    "the largest number": lambda d: d["extra"].update(n=[MAX_INT, -MAX_INT]),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_a_save_just_inside_the_bounds_loads(name: str) -> None:
    d = base()
    ACCEPTED[name](d)
    assert game_from_dict(copy.deepcopy(d)).to_dict() == {**{"history": [], "extra": {}}, **d}


def test_a_history_past_its_bound_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves_module, "MAX_HISTORY", 1)
    d = base()
    game_from_dict(copy.deepcopy(d))  # one move: at the bound
    d["history"] *= 2
    with pytest.raises(SaveError) as info:
        game_from_dict(d)
    assert str(info.value) == "Damaged save: the move history is longer than 1 moves."


def test_a_cut_file_is_refused() -> None:
    text = json.dumps(base())
    with pytest.raises(SaveError) as info:
        parse_game(text[:-1])
    assert str(info.value) == "This is not a saved game: the file is damaged or cut short."


# ----- the bounds themselves (validate) -------------------------------------------------


@pytest.mark.parametrize(
    "value,most,problem",
    [
        (3, 10, "it is not text"),
        ("abcd", 3, "it is longer than 3 characters"),
        ("abc", 3, None),
        ("a\ud800", 10, "it holds a broken character (a lone surrogate)"),
        ("a\udfff", 10, "it holds a broken character (a lone surrogate)"),
        ("a\ue000\ud7ff", 10, None),
        ("a\x1f", 10, "it holds a control character"),
        ("a\x7f", 10, "it holds a control character"),
        ("a\x9f", 10, "it holds a control character"),
        ("a\xa0 ok", 10, None),
    ],
)
def test_a_text_from_a_file_is_judged(value: Any, most: int, problem: str | None) -> None:
    assert text_problem(value, most) == problem


def test_a_text_is_bounded_by_2000_characters_unless_told() -> None:
    assert text_problem("x" * 2000) is None
    assert text_problem("x" * 2001) == "it is longer than 2000 characters"


@pytest.mark.parametrize(
    "value,problem",
    [
        ("Ann", None),
        ("A" * 16, None),
        ("A" * 17, "it is longer than 16 characters"),
        ("", "it has no visible letter"),
        (" \u3164\u2800\u200b\u0301", "it has no visible letter"),
        ("\u3164x", None),
        (7, "it is not text"),
        ("a\tb", "it holds a control character"),
    ],
)
def test_a_players_name_is_judged(value: Any, problem: str | None) -> None:
    assert name_problem(value) == problem


@pytest.mark.parametrize(
    "value,low,high,problem",
    [
        (5, 0, 5, None),
        (0, 0, 5, None),
        (6, 0, 5, "it is outside 0..5"),
        (-1, 0, 5, "it is outside 0..5"),
        (True, 0, 5, "it is not a whole number"),
        (1.0, 0, 5, "it is not a whole number"),
    ],
)
def test_a_whole_number_is_judged(value: Any, low: int, high: int, problem: str | None) -> None:
    assert int_problem(value, low, high) == problem


def test_a_whole_number_is_bounded_by_64_bits_unless_told() -> None:
    assert int_problem(MAX_INT) is None and int_problem(-MAX_INT) is None
    assert int_problem(MAX_INT + 1) == f"it is outside {-MAX_INT}..{MAX_INT}"
    assert int_problem(-MAX_INT - 1) == f"it is outside {-MAX_INT}..{MAX_INT}"


@pytest.mark.parametrize(
    "value,problem",
    [
        (0.5, None),
        (0, None),
        (1, None),
        (1.5, "it is outside 0..1"),
        (-0.25, "it is outside 0..1"),
        (True, "it is not a number"),
        ("0.5", "it is not a number"),
        (float("nan"), "it is not a finite number"),
        (float("inf"), "it is not a finite number"),
        (MAX_INT, "it is outside 0..1"),
        (MAX_INT + 1, "it is far too large"),
        (-MAX_INT - 1, "it is far too large"),
    ],
)
def test_a_number_is_judged(value: Any, problem: str | None) -> None:
    assert number_problem(value, 0, 1) == problem


@pytest.mark.parametrize(
    "value,problem",
    [
        ({"a": [1, "x", True, None, {"b": -3}]}, None),
        ({"a": [1, 2.5]}, "a[1]: a fraction is not allowed here"),
        ([[{"k": "\x01"}]], "[0][0].k: it holds a control character"),
        ({"k": {"\x02": 1}}, "a key in k: it holds a control character"),
        ({5: 1}, "a key in the file: it is not text"),
        (2.5, "the file: a fraction is not allowed here"),
        ({"s": {1, 2}}, "s: it is not a JSON value"),
        ({"n": MAX_INT + 1}, f"n: it is outside {-MAX_INT}..{MAX_INT}"),
    ],
)
def test_a_parsed_file_is_searched_for_its_first_unusable_value(
    value: Any, problem: str | None
) -> None:
    assert json_problem(value) == problem


def test_a_file_nested_65_deep_is_refused_and_64_deep_is_not() -> None:
    def nested(depth: int) -> Any:
        value: Any = 1
        for _ in range(depth):
            value = [value]
        return value

    assert json_problem(nested(64)) is None
    assert json_problem(nested(65)) == "[0]" * 65 + " is nested too deeply"
    assert json_problem({"a": nested(64)}) == "a" + "[0]" * 64 + " is nested too deeply"
