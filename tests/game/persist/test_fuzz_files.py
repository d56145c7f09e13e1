"""Issue 16: every field of real files, replaced by what a stranger's file may hold.

Real saves of both games (made by the game's own code, with history) are walked field by field;
each field is replaced in turn by values of the wrong type, extreme numbers (±10**400, "NaN"
as text, 1e308) and hostile strings (NUL, a lone surrogate, 100k characters, only invisible
characters, right-to-left marks, emoji). Every mutant goes through Continue and through Load,
headless, under a time limit: it is refused in words, or it opens at a drawable table; no
exception, no draw over a second. The same for settings.json (the game starts) and stats.json
(Statistics opens). The mutant counts are printed (``pytest -s``).
"""

from __future__ import annotations

import copy
import json
import random
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.knights import new_game as knights_new_game
from game.persist import SeatRecord, Settings, Stats, saved_game
from game.persist.saves import dumps_game
from game.rummy import new_game as rummy_new_game
from game.ui.app import App
from game.ui.menu import MenuScene
from game.ui.overlays import Dialog
from game.ui.saves_scene import SavesScene
from game.ui.stats_scene import StatsScene
from game.ui.testing import headless_app
from tests.game.test_movelog_players import random_knights_action, random_rummy_action

MAX_DRAW_SECONDS = 1.0
SECONDS_PER_MUTANT = 10

HOSTILE: tuple[Any, ...] = (
    None,  # wrong types: null, an object, a short text, a number out of every range
    {},
    "x",
    -1,
    10**400,
    -(10**400),
    "NaN",
    1e308,
    "A\x00nn",
    "\ud800",
    "x" * 100_000,
    "\u200b\u2060",
    "\u200f\u202eAnn",
    "😀🏰",
)


@contextmanager
def time_limit(seconds: int, what: str) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"{what}: no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of a JSON value; of a list longer than two only the first and the last item
    (the others are alike)."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        indices = range(len(value)) if len(value) <= 2 else (0, len(value) - 1)
        for index in indices:
            yield from paths(value[index], (*prefix, index))


def mutants(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    for path in list(paths(data)):
        for value in HOSTILE:
            mutant = copy.deepcopy(data)
            parent = mutant
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = value
            yield f"{'/'.join(map(str, path))} = {str(value)[:20]!r}", mutant


def dump(data: Any) -> str:
    # As a stranger's editor writes it: surrogates escaped, 1e308 and 10**400 as digits.
    return json.dumps(data, ensure_ascii=True)


SEATS = [
    SeatRecord("Ann", "human", None, 0),
    SeatRecord("Kunz", "computer", "hard", 1),
    SeatRecord("Hilde", "computer", "easy", 2),
]


def real_saves() -> dict[str, dict[str, Any]]:
    rng = random.Random(16)
    knights = knights_new_game(["Ann", "Kunz"], 16)
    knights_history = []
    for _ in range(14):
        action = random_knights_action(knights, rng)
        knights_history.append(action)
        knights = knights.apply(action)
    rummy = rummy_new_game(["Ann", "Kunz", "Hilde"], 16)
    rummy_start = rummy  # as an evening's save keeps it: the moves since the deal
    rummy_history = []
    for _ in range(8):
        action = random_rummy_action(rummy, rng)
        rummy_history.append(action)
        rummy = rummy.apply(action)
    extra = {
        "rounds": [{"number": 1, "winner": "Ann", "penalties": {"Kunz": 12, "Hilde": 3}}],
        "log": [[0, "Ann drew a card."], [None, "Round 2 is dealt."]],
    }
    return {
        "knights": json.loads(
            dumps_game(saved_game("knights", SEATS[:2], knights, knights_history))
        ),
        "rummy": json.loads(
            dumps_game(saved_game("rummy", SEATS, rummy, rummy_history, extra, rummy_start))
        ),
    }


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    return tmp_path


@pytest.fixture()
def app() -> Iterator[App]:
    application = headless_app((800, 560))
    yield application
    for scene in list(application.scenes):
        scene.on_exit()
    pygame.quit()


def timed_draw(app: App, what: str) -> None:
    started = time.perf_counter()
    app.draw()
    seconds = time.perf_counter() - started
    assert seconds < MAX_DRAW_SECONDS, f"{what}: a draw took {seconds:.2f} s"


def refused_in_words(app: App) -> bool:
    top = app.top
    return isinstance(top, Dialog) and bool(top.message)


def back_to_menu(app: App) -> MenuScene:
    """Leave whatever is open (a table, a dialog), as the player would, back to the menu."""
    if not app.scenes or not isinstance(app.scenes[0], MenuScene):
        app.reset(MenuScene(app))
    while len(app.scenes) > 1:
        app.pop()
    menu = app.scenes[0]
    assert isinstance(menu, MenuScene)
    return menu


def through_continue(app: App, home: Path, text: str, what: str) -> bool:
    """Continue with ``text`` as continue.json; True if it opened at a table."""
    menu = back_to_menu(app)
    (home / "continue.json").write_text(text, encoding="utf-8")
    menu.on_enter()  # the menu looks at the game in progress whenever it shows
    timed_draw(app, what)
    if menu.saved is None:
        assert menu.continue_problem, f"{what}: Continue is off without a reason"
        return False
    menu.continue_game()
    assert app.top is not menu, f"{what}: Continue did nothing"
    timed_draw(app, what)
    return True


def through_load(app: App, home: Path, text: str, what: str) -> bool:
    """Load ``text`` from the Load screen; True if it opened at a table."""
    (home / "continue.json").unlink(missing_ok=True)  # the menu has nothing to check
    back_to_menu(app)
    (home / "saves" / "fuzzed.json").write_text(text, encoding="utf-8")
    scene = SavesScene(app)
    app.push(scene)
    assert scene.listing is not None
    scene.listing.wait(10)  # the list is read on a thread
    scene.take_listing()
    scene.select(0)
    timed_draw(app, what)  # the list shows the save (with its problem, if damaged)
    scene.load()
    if refused_in_words(app):
        timed_draw(app, what)
        return False
    assert app.top is not scene, f"{what}: Load did nothing"
    timed_draw(app, what)
    return True


@pytest.mark.parametrize("game", ["knights", "rummy"])
def test_every_field_of_a_real_save_refused_in_words_or_drawn(
    game: str, home: Path, app: App
) -> None:
    original = real_saves()[game]
    started = time.perf_counter()
    count = opened = 0
    for what, mutant in mutants(original):
        text = dump(mutant)
        with time_limit(SECONDS_PER_MUTANT, what):
            by_continue = through_continue(app, home, text, what)
            by_load = through_load(app, home, text, what)
        assert by_continue == by_load, f"{what}: Continue and Load disagree"
        count += 1
        opened += by_continue
    seconds = time.perf_counter() - started
    print(f"\n{game}: {count} mutants, {opened} opened at a table, {seconds:.1f} s")
    assert count > 300
    assert opened > 0  # some hostile values are fine where they stand (e.g. an emoji name)


def settings_file() -> dict[str, Any]:
    return Settings().replace(language="de", window_size=(1100, 700)).to_dict()


def stats_file() -> dict[str, Any]:
    stats = Stats().record("knights", "hard", True, 20).record("rummy", "easy", False, 31)
    return stats.record("rummy", "humans", True, 4, key="abc:0").to_dict()


def test_every_field_of_settings_json_lets_the_game_start(home: Path, app: App) -> None:
    from game.persist import load_settings

    count = 0
    for what, mutant in mutants(settings_file()):
        (home / "settings.json").write_text(dump(mutant), encoding="utf-8")
        with time_limit(SECONDS_PER_MUTANT, what):
            settings = load_settings()
            app.apply_settings(settings)
            app.reset(MenuScene(app))
            timed_draw(app, what)
        assert settings.language in ("en", "de", "nl")
        count += 1
    app.apply_settings(Settings())
    print(f"\nsettings.json: {count} mutants")
    assert count > 100


def test_every_field_of_stats_json_lets_statistics_open(home: Path, app: App) -> None:
    count = 0
    for what, mutant in mutants(stats_file()):
        (home / "stats.json").write_text(dump(mutant), encoding="utf-8")
        with time_limit(SECONDS_PER_MUTANT, what):
            app.reset(MenuScene(app))
            app.push(StatsScene(app))
            timed_draw(app, what)
        count += 1
    print(f"\nstats.json: {count} mutants")
    assert count > 100


# Issue 35: the stored review, field by field, with numbers of every size (a bare NaN too).
REVIEW_HOSTILE: tuple[Any, ...] = (
    None,
    {},
    -1,
    10**400,
    2**1024,
    float("nan"),
    float("inf"),
    [[[[[[[[[[[[]]]]]]]]]]]],
)


LOAD_TOO = (10**400, 2**1024)


def reviewed_knights_save() -> dict[str, Any]:
    data = real_saves()["knights"]
    history = data["history"]
    turn = {"index": 0, "moves": 1, "seat": 0, "round": 1, "turn": 1, "chances": [0.4, 0.6]}
    turn |= {"played": 0.4, "reviewed": True, "samples": 30, "best": [copy.deepcopy(history[1])]}
    turn |= {"best_chance": 0.55, "noise": 0.02, "points_played": 3, "points_best": 1}
    last = {**turn, "index": len(history) - 1, "seat": 1, "turn": 7, "best": []}
    del last["best_chance"], last["noise"]
    data["review"] = {
        "version": 1,
        "game": "knights",
        "budget": 0.5,
        "seats": [0],
        "moves": len(history),
        "complete": True,
        "turns": [turn, last],
    }
    return data


def test_every_field_of_a_stored_review_costs_at_most_the_review(home: Path, app: App) -> None:
    original = reviewed_knights_save()
    assert through_continue(app, home, dump(original), "the unchanged save")
    count = 0
    for path in list(paths(original["review"], ("review",))):
        for value in REVIEW_HOSTILE:
            mutant = copy.deepcopy(original)
            parent = mutant
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = value
            what = f"{'/'.join(map(str, path))} = {str(value)[:20]!r}"
            text = json.dumps(mutant)  # NaN and Infinity bare, as Python writes them
            with time_limit(SECONDS_PER_MUTANT, what):
                assert through_continue(app, home, text, what), f"{what}: the game was lost"
                if value in LOAD_TOO:  # (the Load screen reads the same way: the worst kinds)
                    assert through_load(app, home, text, what), f"{what}: the game was lost"
            count += 1
    assert count > 300
