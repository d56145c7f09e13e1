"""The widget kit and sprites, driven by real pygame events inside a scene."""

from __future__ import annotations

import pygame

from game.ui import sprites, theme
from game.ui.app import App
from game.ui.overlays import Dialog, PauseOverlay
from game.ui.scene import Scene
from game.ui.testing import click, headless_app, move, press, scroll, type_text
from game.ui.widgets import Button, ScrollLog, Segmented, TextEntry, Toggle


class Playground(Scene):
    """A scene holding one of each widget, recording what they report."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clicks = 0
        self.toggled: list[bool] = []
        self.chosen: list[int] = []
        self.typed: list[str] = []

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.widgets.clear()
        add = self.widgets.add
        add(
            Button(
                "Go",
                self.go,
                pygame.Rect(20, 20, 120, 40),
                pygame.K_g,
                ident="go",
                tooltip="Press to go",
            )
        )
        off = Button("Off", self.go, pygame.Rect(20, 80, 120, 40), pygame.K_o, ident="off")
        off.enabled = False
        add(off)
        add(
            Toggle(
                "Sound", False, self.toggled.append, pygame.Rect(20, 140, 160, 30), ident="toggle"
            )
        )
        add(
            Segmented(
                ["A", "B", "C"], 0, self.chosen.append, pygame.Rect(20, 190, 240, 36), ident="seg"
            )
        )
        add(
            TextEntry(
                "", self.typed.append, pygame.Rect(20, 240, 200, 36), ident="entry", max_len=5
            )
        )
        log = ScrollLog(pygame.Rect(300, 20, 300, 120), ident="log")
        for i in range(40):
            log.add(f"line {i}")
        add(log)

    def go(self) -> None:
        self.clicks += 1


def playground() -> tuple[App, Playground]:
    app = headless_app()
    scene = Playground(app)
    app.push(scene)
    app.run_frames(1)
    return app, scene


def test_button_clicks_and_shortcut_but_not_when_disabled() -> None:
    app, scene = playground()
    click(app, scene.widget("go").center)
    press(app, pygame.K_g)
    assert scene.clicks == 2
    click(app, scene.widget("off").center)
    press(app, pygame.K_o)
    assert scene.clicks == 2
    # Pressing inside and releasing outside is not a click.
    go = scene.widget("go")
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=go.center, button=1))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(go.right + 50, go.centery), button=1))
    app.run_frames(1)
    assert scene.clicks == 2


def test_tooltip_appears_after_hovering_a_while() -> None:
    app, scene = playground()
    move(app, scene.widget("go").center)
    assert scene.widgets.hover_time < scene.widgets.TOOLTIP_DELAY
    app.run_frames(40)
    assert scene.widgets.hover_time >= scene.widgets.TOOLTIP_DELAY
    move(app, (700, 700))
    assert scene.widgets.hover_time == 0.0


def test_toggle_segmented_and_text_entry() -> None:
    app, scene = playground()
    click(app, scene.widget("toggle").center)
    click(app, scene.widget("toggle").center)
    assert scene.toggled == [True, False]
    seg = scene.widget("seg")
    click(app, (seg.right - 10, seg.centery))
    assert scene.chosen == [2]
    # Typing goes to the focused entry only, and shortcuts are swallowed while typing.
    type_text(app, "gg")
    assert scene.typed == []
    click(app, scene.widget("entry").center)
    type_text(app, "gogogo")
    press(app, pygame.K_g)
    assert scene.clicks == 0
    entry = scene.widgets.find("entry")
    assert isinstance(entry, TextEntry) and entry.value == "gogog"  # max 5 characters
    press(app, pygame.K_BACKSPACE)
    assert entry.value == "gogo"
    press(app, pygame.K_RETURN)
    assert not entry.focused
    press(app, pygame.K_g)
    assert scene.clicks == 1


def test_log_follows_new_lines_and_scrolls_with_the_wheel() -> None:
    app, scene = playground()
    log = scene.widgets.find("log")
    assert isinstance(log, ScrollLog)
    scroll(app, log.rect.center, 2)
    assert log.scroll == 6
    log.add("newest")
    app.run_frames(1)
    assert log.scroll == 7  # stays on the same lines while the player reads back
    scroll(app, log.rect.center, -10)
    assert log.scroll == 0


def test_dialog_buttons_answer_enter_and_escape() -> None:
    app, _ = playground()
    answers: list[str] = []
    app.push(
        Dialog(
            app, "Sure?", "Leave the table?", [("Yes", lambda: answers.append("yes")), ("No", None)]
        )
    )
    app.run_frames(1)
    press(app, pygame.K_ESCAPE)
    assert answers == [] and not isinstance(app.top, Dialog)
    app.push(
        Dialog(
            app, "Sure?", "Leave the table?", [("Yes", lambda: answers.append("yes")), ("No", None)]
        )
    )
    press(app, pygame.K_RETURN)
    assert answers == ["yes"]


def test_pause_menu_sound_toggle_switches_audio() -> None:
    app, _ = playground()
    app.push(PauseOverlay(app, lambda: None))
    app.run_frames(1)
    assert not app.audio.enabled  # headless apps start silent
    click(app, app.top.widget("sound").center)
    assert app.audio.enabled
    click(app, app.top.widget("sound").center)
    assert not app.audio.enabled


def test_sprites_are_cached_and_sized() -> None:
    kinds = (
        "lake",
        "mountain",
        "plain",
        "plain+village",
        "plain+castle",
        "plain+town",
        "forest+village",
        "forest+castle",
        "forest+town",
    )
    for kind in kinds:
        tile = sprites.tile_sprite(kind, 64)
        assert tile.get_size() == (64, 64)
        assert sprites.tile_sprite(kind, 64) is tile
    # Every player colour looks different, at the mark as well as the body.
    figures = [sprites.knight_sprite(c, 60) for c in theme.PLAYER_COLOURS]
    marks = [f.get_at((f.get_width() // 2, int(60 * 0.55))) for f in figures]
    bodies = [f.get_at((f.get_width() // 2, int(60 * 0.4))) for f in figures]
    assert len({tuple(b) for b in bodies}) == len(figures)
    assert all(tuple(m) != tuple(b) for m, b in zip(marks, bodies, strict=True))
    # Taller stacks make taller sprites: heights read at a glance.
    red = theme.PLAYER_COLOURS[0]
    heights = [sprites.stack_sprite((red,) * n, 80).get_height() for n in range(1, 5)]
    assert heights == sorted(heights) and len(set(heights)) == 4


def test_value_noise_is_in_range_and_textured() -> None:
    noise = sprites.value_noise(32, seed=1)
    assert noise.shape == (32, 32)
    assert noise.min() >= 0.0 and noise.max() <= 1.0 and noise.std() > 0.1


def test_help_from_the_menu_offers_each_games_rules() -> None:
    from game.registry import GAMES
    from game.ui.help_text import topic
    from game.ui.menu import MenuScene
    from game.ui.overlays import HelpOverlay
    from game.ui.widgets import Segmented

    app = headless_app()
    app.push(MenuScene(app))
    press(app, pygame.K_F1)
    help_scene = app.top
    assert isinstance(help_scene, HelpOverlay) and help_scene.browsing
    tabs = help_scene.widgets.find("topics")
    assert isinstance(tabs, Segmented) and len(tabs.options) == 1 + len(GAMES)
    for index, key in enumerate(GAMES, start=1):  # after the overview, a tab per game
        click(app, tabs.option_rect(index).center)
        assert help_scene.topic is topic(key), key
    click(app, tabs.option_rect(1).center)
    assert help_scene.topic.title == "Robber Knights"
    assert "castle 1, village 2, town 3" in help_scene.topic.rules
    app.run_frames(1)


def test_marching_knights_are_conserved_frame_by_frame() -> None:
    import random

    from game.knights import Deploy, new_game
    from game.ui.knights.animation import KnightMarch
    from game.ui.knights.deploy_picker import DeployPicker

    state = new_game(["A", "B"], 2)
    rng = random.Random(7)
    while not (state.phase == "deploy" and any(d.dir for d in state.legal_deployments())):
        state = state.apply(rng.choice(state.legal_actions()))
    deploy = max(state.legal_deployments(), key=lambda d: (len(d.drops), d.count))
    assert isinstance(deploy, Deploy)
    seat = state.current_player
    after = state.apply(deploy)
    path = DeployPicker([deploy], state.pending).path(deploy)
    march = KnightMarch(path, seat, state, after, duration=1.0)

    def mine(knights: tuple[int, ...]) -> int:
        return sum(1 for k in knights if k == seat)

    before_total = sum(mine(state.board[pos].knights) for pos, _ in path)
    seen_walking = False
    for step in range(0, 101):
        march.elapsed = step / 100
        stacks, group = march.frame()
        carried = group[3] if group else 0
        seen_walking |= group is not None
        assert sum(mine(k) for k in stacks.values()) + carried == before_total + deploy.count
    assert seen_walking
    stacks, group = march.frame()
    assert group is None and all(stacks[pos] == after.board[pos].knights for pos, _ in path)


def test_text_still_renders_after_pygame_was_quit_and_started_again() -> None:
    """Another window (a test, a second App) may quit pygame; cached fonts die with it, and the
    next label must not crash the table with "Invalid font"."""
    pygame.init()
    before = theme.text("Next player", 23)
    pygame.quit()
    pygame.init()
    after = theme.text("Next player!", 23)
    assert after.get_width() > before.get_width() > 0
