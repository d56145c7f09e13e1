"""Issue 35: a stored review is read like everything else from disk. A number too big for a
float, a bare NaN or nesting deeper than Python can parse in the review costs the review, never
the game: the game loads (Continue, Load, ``play --load``, ``review FILE``), and the player is
told the review was dropped."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.knights import new_game
from game.persist import (
    SavedGame,
    SaveError,
    SeatRecord,
    autosave_path,
    list_saves,
    load_autosave,
    load_game,
    saved_game,
    saves_dir,
)
from game.persist.jsonfile import take_problems
from game.persist.saves import dumps_game
from game.review import GameReview, ReviewedTurn

SEATS = [SeatRecord("Ann", "human", None, 0), SeatRecord("Bot", "computer", "expert", 1)]
HUGE = 10**400  # "1 followed by 400 zeros": no float holds it


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "den"
    folder.mkdir()
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(folder))
    take_problems()
    return folder


def reviewed_save() -> dict[str, Any]:
    """The parsed JSON of a short knights game saved with a (made-up) review of its moves."""
    state = new_game(["Ann", "Bot"], 3)
    rng = random.Random(3)
    history = []
    for _ in range(6):
        action = rng.choice(state.legal_actions())
        history.append(action)
        state = state.apply(action)
    start = new_game(["Ann", "Bot"], 3)
    saved = saved_game("knights", SEATS, state, history, {}, start)
    better = start.legal_actions()[-1]
    turns = tuple(
        ReviewedTurn(i, 1, i % 2, 1, i // 2 + 1, (0.5, 0.5), 0.5, True, (better,), 0.7, 0.01, 40)
        for i in range(len(history))
    )
    review = GameReview("knights", 0.5, (0,), len(history), turns, complete=True)
    data: dict[str, Any] = json.loads(dumps_game(SavedGame(**{**saved.__dict__, "review": review})))
    assert "review" in data
    return data


def _set(path: Callable[[dict[str, Any]], tuple[Any, Any]]) -> Callable[[Any], Callable[..., Any]]:
    def edit(value: Any) -> Callable[[dict[str, Any]], None]:
        def apply(review: dict[str, Any]) -> None:
            holder, key = path(review)
            holder[key] = value

        return apply

    return edit


NUMBER_FIELDS = {
    "budget": _set(lambda r: (r, "budget")),
    "chances[1]": _set(lambda r: (r["turns"][0]["chances"], 1)),
    "played": _set(lambda r: (r["turns"][2], "played")),
    "best_chance": _set(lambda r: (r["turns"][1], "best_chance")),
    "noise": _set(lambda r: (r["turns"][-1], "noise")),
}


def write_continue(data: dict[str, Any], text: str | None = None) -> Path:
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data) if text is None else text, encoding="utf-8")
    return path


def assert_loads_without_review(saved: SavedGame, data: dict[str, Any]) -> None:
    assert saved.state.to_dict() == data["state"] and len(saved.history) == len(data["history"])
    assert saved.review is None
    assert saved.review_problem is not None and "review" in saved.review_problem
    problems = take_problems()
    assert len(problems) == 1 and "loads without its review" in problems[0]


@pytest.mark.parametrize("field", NUMBER_FIELDS)
@pytest.mark.parametrize("value", [HUGE, -HUGE, 2**1024], ids=["1e400", "-1e400", "2**1024"])
def test_a_number_too_big_for_a_float_in_a_stored_review_costs_only_the_review(
    field: str, value: int
) -> None:
    data = reviewed_save()
    NUMBER_FIELDS[field](value)(data["review"])
    write_continue(data)
    saved = load_autosave()  # was: OverflowError at every start of the game
    assert saved is not None
    assert_loads_without_review(saved, data)


def test_the_menu_offers_continue_for_a_game_whose_review_holds_a_huge_number() -> None:
    from game.ui.menu import MenuScene
    from game.ui.testing import headless_app

    data = reviewed_save()
    data["review"]["budget"] = HUGE
    write_continue(data)
    app = headless_app()
    menu = MenuScene(app)  # the menu's autosave check crashed the game here
    app.push(menu)
    app.run_frames(2)
    assert menu.saved is not None and menu.continue_problem is None
    assert menu.widgets.find("continue").enabled


def test_a_named_save_whose_review_holds_a_huge_number_is_listed_and_loads() -> None:
    data = reviewed_save()
    data["review"]["turns"][0]["chances"][0] = HUGE
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Evening.json").write_text(json.dumps(data), encoding="utf-8")
    info = next(iter(list_saves()))
    assert info.problem is None and not info.has_review
    take_problems()
    assert_loads_without_review(load_game(folder / "Evening.json"), data)


def _bare(value: str, where: str) -> Callable[[str], str]:
    """The save text with ``value`` written bare (not JSON) at the marked review field."""
    return lambda text: text.replace(f'"{where}"', value, 1)


BAD_TEXTS = {
    "NaN in best_chance": ("best_chance", _bare("NaN", "@")),
    "Infinity in noise": ("noise", _bare("Infinity", "@")),
    "-Infinity in played": ("played", _bare("-Infinity", "@")),
    "100,000 nested lists as turns": ("turns", _bare("[" * 100_000 + "]" * 100_000, "@")),
    "100,000 nested objects in a chance": (
        "chances",
        _bare('{"a":' * 100_000 + "1" + "}" * 100_000, "@"),
    ),
}


@pytest.mark.parametrize("case", BAD_TEXTS)
def test_a_bare_nan_or_too_deep_nesting_in_a_review_costs_only_the_review(case: str) -> None:
    field, write = BAD_TEXTS[case]
    data = reviewed_save()
    review = data["review"]
    if field in ("budget", "turns"):
        review[field] = "@"
    elif field == "chances":
        review["turns"][0]["chances"][0] = "@"
    else:
        review["turns"][1][field] = "@"
    path = write_continue(data, write(json.dumps(data)))
    saved = load_game(path)  # was: "This is not a saved game: the file is damaged"
    assert_loads_without_review(saved, data)


@pytest.mark.parametrize("bare", ["NaN", "[" * 100_000 + "]" * 100_000], ids=["NaN", "deep"])
def test_a_bare_nan_or_too_deep_nesting_in_the_game_itself_still_refuses_it(bare: str) -> None:
    data = reviewed_save()
    data["extra"] = {"note": "@"}
    path = write_continue(data, json.dumps(data).replace('"@"', bare, 1))
    with pytest.raises(SaveError):
        load_game(path)
