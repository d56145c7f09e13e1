"""Text fits: every screen laid out in every language at the two usual window sizes, with no
label (a button, a choice) clipped or shrunk below the theme's smallest size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.i18n import LANGUAGES, set_language
from game.play.session import Seat, Session
from game.ui import theme
from game.ui.tables import open_table
from game.ui.testing import headless_app

SIZES = ((1024, 640), (1280, 800))


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("ROBBERS_DEN_HOME", str(tmp_path / "home"))
    yield
    set_language("en")


def screens(app: Any) -> Iterator[str]:
    """Push each screen in turn (and pop it), drawing it once."""
    for name, args in (("settings", ()), ("stats", ()), ("saves", ()), ("help", ("rummy",))):
        app.push(app.make_scene(name, *args))
        app.run_frames(1)
        yield name
        app.pop()
    for game in ("knights", "rummy"):
        app.push(app.make_scene("setup", game))
        app.run_frames(1)
        yield f"setup {game}"
        app.pop()
        seats = [Seat("Annemarie", True, colour=0), Seat("Kunz", False, "hard", colour=1)]
        table = open_table(app, Session(game, seats, seed=2))
        app.run_frames(2)
        yield f"table {game}"
        app.push(app.make_scene("pause", table))
        app.run_frames(1)
        yield f"pause {game}"
        app.pop()
        app.pop()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_label_fits_at_a_readable_size(lang: str, size: tuple[int, int]) -> None:
    app = headless_app(size, pace=0.0)
    app.apply_settings(app.settings.replace(language=lang))
    app.push(app.make_scene("menu"))
    app.run_frames(1)
    theme.overflows.clear()
    problems = []
    shown = screens(app)
    screen = "menu"
    while True:
        problems += [(screen, text, width) for text, width in theme.overflows]
        theme.overflows.clear()
        screen = next(shown, "")
        if not screen:
            break
    assert not problems, problems


def test_a_label_too_long_for_its_place_is_caught() -> None:
    theme.overflows.clear()
    theme.label_size("Beurt terugzetten en nog veel meer", theme.FONT_BODY, 60, bold=True)
    assert theme.overflows
    theme.overflows.clear()
    assert theme.label_size("OK", theme.FONT_BODY, 200) == theme.FONT_BODY and not theme.overflows
