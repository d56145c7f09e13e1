"""The Robber Knights table driven by real pygame events: keep, lay, deploy, end, results."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pygame
import pytest

from game.i18n import set_language
from game.knights import Deploy, Keep, Place, new_game
from game.play.session import Seat, Session
from game.ui import sprites
from game.ui.app import App
from game.ui.knights.deploy_picker import DeployPicker, drops_label
from game.ui.knights.results import KnightsResultsScene, tie_break_note
from game.ui.knights.table import KnightsTableScene
from game.ui.menu import MenuScene
from game.ui.overlays import CoverScene, HelpOverlay, PauseOverlay
from game.ui.testing import click, headless_app, move, press, resize, wait_until

ARROWS = {"N": pygame.K_UP, "E": pygame.K_RIGHT, "S": pygame.K_DOWN, "W": pygame.K_LEFT}


def open_table(
    seats: list[Seat], seed: int = 11, pace: float = 0.0, agents: dict[int, Any] | None = None
) -> tuple[App, KnightsTableScene]:
    app = headless_app((1280, 800), pace)
    app.push(MenuScene(app))
    session = Session("knights", seats, seed)
    for seat, agent in (agents or {}).items():
        session.set_agent(seat, agent)
    table = KnightsTableScene(app, session)
    app.push(table)
    app.run_frames(2)
    return app, table


def human_vs(
    level: str = "easy", seed: int = 11, pace: float = 0.0
) -> tuple[App, KnightsTableScene]:
    return open_table(
        [Seat("Ann", True, colour=0), Seat("Kunz", False, level, colour=1)], seed, pace
    )


def wait_for_human(app: App, table: KnightsTableScene, frames: int = 3000) -> None:
    assert app.run_until(lambda: table.human_to_move() or table.state.is_terminal, frames)


def keep_by_click(app: App, table: KnightsTableScene) -> str:
    tiles = table.hand_tiles()
    index = next(i for i, t in enumerate(tiles) if t.tile == "mountain")
    click(app, table.hand_slot_rects()[index].center)
    press(app, pygame.K_RETURN)
    return "mountain"


def test_keep_choice_by_click_then_enter() -> None:
    app, table = human_vs()
    assert table.state.phase == "keep" and table.human_to_move()
    before = table.state
    kept = keep_by_click(app, table)
    assert before.phase == "keep"
    assert table.session.history[0].action == Keep(kept)
    wait_for_human(app, table)
    # Both kept: the start layout is on the table and the human holds castle + mountain.
    assert table.state.phase == "place"
    assert len(table.state.board) == 4
    assert sorted(t.tile for t in table.state.hands[0]) == ["mountain", "plain+castle"]


def test_the_log_does_not_show_which_start_tile_was_kept() -> None:
    app, table = human_vs()
    kept = keep_by_click(app, table)
    wait_for_human(app, table)
    rival = table.session.history[1].action
    assert isinstance(rival, Keep)
    log = "\n".join(text for text, _colour in table.log.entries)
    assert "Ann kept a start tile" in log and "Kunz kept a start tile" in log
    kept_lines = [line for line in log.splitlines() if " kept " in line]
    assert len(kept_lines) == 2 and all(" kept a start tile" in line for line in kept_lines)
    assert kept == "mountain" and "mountain" not in log


def test_a_captured_castle_is_announced_with_the_score_it_cost() -> None:
    # Seed 0, random choices with seed 0: the 15th move marches onto Bob's castle.
    app, table = open_table([Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)], seed=0)
    rng = random.Random(0)
    for _step in range(15):
        before = table.state
        assert table.act(rng.choice(before.legal_actions()))
    assert before.scores()[1] == 2 and table.state.scores()[1] == 1
    log = [text for text, _colour in table.log.entries]
    assert log[-2:] == ["  ...and takes Bob's castle!", "  Bob now has 1 point (had 2)"]


def test_the_castle_cannot_be_kept() -> None:
    app, table = human_vs()
    index = next(i for i, t in enumerate(table.hand_tiles()) if t.tile == "plain+castle")
    click(app, table.hand_slot_rects()[index].center)
    press(app, pygame.K_RETURN)
    assert table.state.phase == "keep" and table.state.current_player == 0
    assert "castle stays" in table.message


def test_the_keep_prompt_names_exactly_the_number_keys_that_choose_a_tile() -> None:
    import re

    from game.ui.knights.table_draw import keep_prompt

    app, table = human_vs()
    low, high = map(int, re.search(r"\((\d)-(\d)\)", keep_prompt(table)).groups())
    promised = set(range(low, high + 1))
    working = set()
    for digit in range(1, len(table.hand_tiles()) + 1):
        table.say("")
        press(app, pygame.K_0 + digit)
        if table.keep_choice() is not None and table.selected == digit - 1:
            working.add(digit)
    assert working == promised and len(promised) == 3
    assert table.state.phase == "keep"  # choosing is not keeping


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_messages_at_the_start_stay_clear_of_the_tiles(size: tuple[int, int]) -> None:
    from game.ui.knights.table_draw import message_box

    app, table = human_vs()
    resize(app, size)
    index = next(i for i, t in enumerate(table.hand_tiles()) if t.tile == "plain+castle")
    click(app, table.hand_slot_rects()[index].center)
    press(app, pygame.K_RETURN)  # the castle can't be kept: the message says so
    assert "castle stays in your hand" in table.message.lower()
    box = message_box(table, table.state.phase)
    assert not any(box.colliderect(slot) for slot in table.hand_slot_rects())
    press(app, pygame.K_h)  # "Hint: keep ..." goes to the same place
    assert app.screen.get_rect().contains(box)


def test_a_refusal_is_shown_in_the_players_language() -> None:
    app, table = human_vs()
    set_language("de")
    try:
        assert not table.act(Keep("forest+town"))  # the engine refuses: not in the hand
        assert table.message == "Du hast kein Plättchen Waldstadt zum Behalten"
    finally:
        set_language("en")


def test_lay_by_clicking_a_lit_spot_and_hover_preview() -> None:
    app, table = human_vs()
    keep_by_click(app, table)
    wait_for_human(app, table)
    press(app, pygame.K_1)
    kind = table.selected_kind()
    spots = table.legal_spots()
    assert kind is not None and spots
    target = spots[0]
    move(app, table.geom.cell_rect(*target).center)
    assert table.hover_cell == target
    # A click on a cell that is not a legal spot does nothing.
    illegal = next(
        (x, y)
        for x in range(table.geom.min_x, table.geom.min_x + table.geom.cols)
        for y in range(table.geom.min_y, table.geom.min_y + table.geom.rows)
        if (x, y) not in spots
    )
    click(app, table.geom.cell_rect(*illegal).center)
    assert len(table.session.history) == 2
    click(app, table.geom.cell_rect(*target).center)
    assert table.session.history[-1].action == Place(kind, *target)
    assert table.state.board[target].tile == kind


def test_a_lay_under_the_pointer_keeps_the_board_still_until_the_pointer_leaves() -> None:
    """Laying at the edge grows the view; under a pointer that did not move the board keeps its
    scale and every cell its place, so the laid cell stays under the pointer (it re-zoomed and
    shifted after every lay: the preview jumped to another cell). Off the board, it re-fits."""
    from game.ui.knights.geometry import fit, view_cells

    grew = 0
    for attempt in range(4):  # the spots in turn: the edge ones grow the view
        app, table = human_vs()
        keep_by_click(app, table)
        wait_for_human(app, table)
        press(app, pygame.K_1)
        spots = sorted(table.legal_spots())
        target = spots[attempt]
        before = table.geom
        click(app, before.cell_rect(*target).center)
        assert table.state.board[target].tile
        app.run_frames(5)
        after = table.geom
        assert table.hover_cell == target == after.cell_at(table.pointer)
        if after.tile == before.tile:  # it fits at the same scale: nothing moved at all
            assert after.cell_rect(*target) == before.cell_rect(*target)
            grew += (after.cols, after.rows) != (before.cols, before.rows)
        move(app, (table.side.centerx, table.side.centery), 2)  # off the board: it re-fits
        assert table.geom == fit(view_cells(table.state), table.labelled_area)
        table.on_exit()
    assert grew, "no lay grew the view at its scale: the test shows nothing"


def test_keyboard_cursor_lays_a_tile_and_e_ends_the_turn() -> None:
    app, table = human_vs(seed=5)
    keep_by_click(app, table)
    wait_for_human(app, table)
    press(app, pygame.K_2)
    kind = table.selected_kind()
    start = table.cursor
    assert start is not None
    press(app, pygame.K_RIGHT)
    cursor = table.cursor
    assert cursor in table.legal_spots()
    if any(x > start[0] for x, _ in table.legal_spots()):
        assert cursor[0] > start[0]
    else:
        assert cursor == start
    press(app, pygame.K_RETURN)
    assert table.session.history[-1].action == Place(kind, *cursor)
    if table.state.phase == "deploy":
        press(app, pygame.K_0)
        press(app, pygame.K_RETURN)
    assert table.state.current_player == 0 and table.state.lays_this_turn == 1
    press(app, pygame.K_e)
    assert table.state.current_player == 1


def test_the_keyboard_cursor_shows_a_see_through_preview_not_a_laid_tile() -> None:
    app, table = human_vs(seed=5)
    keep_by_click(app, table)
    wait_for_human(app, table)
    move(app, (2, 2))  # the pointer far from the board: the keyboard cursor shows
    press(app, pygame.K_2)
    kind, cursor = table.selected_kind(), table.cursor
    assert kind is not None and cursor is not None and table.hover_cell is None
    rect = table.geom.cell_rect(*cursor)
    app.draw()
    with_preview = app.screen.copy()
    table.selected = None
    app.draw()
    empty = app.screen.copy()
    tile = sprites.tile_sprite(kind, table.geom.tile - 2)
    strengths = []
    for dx, dy in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.6), (0.4, 0.7)):
        x, y = int(rect.w * dx), int(rect.h * dy)
        shown = with_preview.get_at((rect.x + x, rect.y + y))
        bare = empty.get_at((rect.x + x, rect.y + y))
        full = tile.get_at((x - 1, y - 1))
        channel = max(range(3), key=lambda c: abs(full[c] - bare[c]))
        if abs(full[channel] - bare[channel]) > 40:
            strengths.append((shown[channel] - bare[channel]) / (full[channel] - bare[channel]))
    assert strengths and max(strengths) < 0.6  # mostly the board shows through


def lay_castle(app: App, table: KnightsTableScene) -> None:
    """Lay the human's castle (kept in hand at the start) on a legal spot by events."""
    index = next(i for i, t in enumerate(table.hand_tiles()) if "castle" in t.tile)
    press(app, pygame.K_1 + index)
    spot = table.legal_spots()[0]
    click(app, table.geom.cell_rect(*spot).center)
    assert table.state.phase == "deploy"


def at_deploy(seed: int = 3) -> tuple[App, KnightsTableScene, DeployPicker]:
    """A table where the human has just laid his castle and chooses how to deploy."""
    app, table = human_vs(seed=seed)
    keep_by_click(app, table)
    wait_for_human(app, table)
    lay_castle(app, table)
    assert table.picker is not None
    return app, table, table.picker


def test_deploy_step_offers_only_legal_choices_and_previews() -> None:
    app, table, picker = at_deploy()
    legal = table.state.legal_deployments()
    assert picker.counts() == sorted({d.count for d in legal})
    assert not table.widgets.find("confirm").enabled  # nothing chosen yet
    # Every count button is enabled exactly when some legal deployment takes that many.
    for n in range(6):
        assert table.widgets.find(f"count{n}").enabled == (n in picker.counts())
    press(app, pygame.K_2)
    assert picker.count == 2
    for direction in ARROWS:
        enabled = table.widgets.find(f"dir-{direction}").enabled
        assert enabled == (direction in picker.directions())
    moving = [d for d in picker.directions() if d is not None]
    if moving:
        press(app, ARROWS[moving[0]])
        assert picker.direction == moving[0]
    press(app, pygame.K_TAB)
    chosen = picker.current
    assert chosen is not None and chosen in legal
    app.run_frames(1)  # the preview draws without error
    supply = table.state.supply[0]
    press(app, pygame.K_RETURN)
    assert table.session.history[-1].action == chosen
    assert table.state.supply[0] == supply - 2
    castle = table.session.history[-2].action
    assert (
        table.state.board[(castle.x, castle.y)].knights[: chosen.drops[0]] == (0,) * chosen.drops[0]
    )


def test_clicking_a_cell_in_line_aims_the_march() -> None:
    app, table, picker = at_deploy()
    far = [d for d in picker.options if d.dir is not None]
    if not far:
        pytest.skip("no march possible from this castle")
    target = far[-1]
    picker.choose_count(target.count)
    end = picker.path(target)[-1][0]
    click(app, table.geom.cell_rect(*end).center)
    assert picker.direction == target.dir
    assert picker.path()[-1][0] == end


def test_deploy_picker_narrows_the_engine_options() -> None:
    state = new_game(["A", "B"], 1)
    rng = random.Random(4)
    while state.phase != "deploy" or len(state.legal_deployments()) < 5:
        state = state.apply(rng.choice(state.legal_actions()))
    options = state.legal_deployments()
    picker = DeployPicker(options, state.pending)
    seen: set[Deploy] = set()
    for count in picker.counts():
        assert picker.choose_count(count)
        for direction in picker.directions():
            assert picker.choose_direction(direction)
            for i in range(len(picker.drop_options())):
                picker.choose_drops(i)
                assert picker.current in options
                seen.add(picker.current)
    assert seen == set(options)
    assert not picker.choose_count(6)


def play_whole_game_by_events(app: App, table: KnightsTableScene, rng: random.Random) -> None:
    for _ in range(400):
        wait_for_human(app, table, 4000)
        if table.state.is_terminal:
            return
        state = table.state
        count = len(table.session.history)
        if state.phase == "keep":
            keep_by_click(app, table)
        elif state.phase == "place":
            if state.lays_this_turn and rng.random() < 0.35:
                press(app, pygame.K_e)
            else:
                hand = table.hand_tiles()
                press(app, pygame.K_1 + rng.randrange(len(hand)))
                spot = rng.choice(table.legal_spots())
                click(app, table.geom.cell_rect(*spot).center)
        elif state.phase == "deploy":
            picker = table.picker
            assert picker is not None
            press(app, pygame.K_0 + rng.choice(picker.counts()))
            if picker.count:
                direction = rng.choice(picker.directions())
                press(app, pygame.K_SPACE if direction is None else ARROWS[direction])
                for _ in range(rng.randrange(3)):
                    press(app, pygame.K_TAB)
            press(app, pygame.K_RETURN)
        assert len(table.session.history) == count + 1, f"no move in phase {state.phase}"
    raise AssertionError("the game did not end")


def test_a_whole_game_against_the_computer_reaches_the_end_screen() -> None:
    app, table = human_vs(seed=21, pace=0.02)
    play_whole_game_by_events(app, table, random.Random(2))
    app.run_frames(3)
    assert isinstance(app.top, KnightsResultsScene)
    state = table.state
    assert state.is_terminal and sum(state.tiles_left(p) for p in range(2)) == 0
    # Rematch with R: a fresh table with the same seats and the next seed.
    seed = table.session.seed
    press(app, pygame.K_r)
    assert isinstance(app.top, KnightsTableScene) and app.top is not table
    assert [type(s) for s in app.scenes] == [MenuScene, KnightsTableScene]
    assert app.top.session.seed == seed + 1
    assert [s.name for s in app.top.session.seats] == ["Ann", "Kunz"]


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_results_headings_keep_clear_of_the_dialogs_edge_and_each_other(
    language: str,
) -> None:
    seats = [Seat(n, False, "easy", colour=i) for i, n in enumerate(("Kunz", "Hilde", "Greta"))]
    app = headless_app((1024, 640), 0.0)
    app.change_settings(language=language)
    app.push(MenuScene(app))
    session = Session("knights", seats, 3)
    rng = random.Random(1)
    while not session.state.is_terminal:
        session.apply(rng.choice(session.state.legal_actions()))
    table = KnightsTableScene(app, session)
    app.push(table)
    assert app.run_until(lambda: isinstance(app.top, KnightsResultsScene), 50)
    results = app.top
    cells = [cell for _label, cell in results.header_cells(results.box.y + 84)]
    inside = results.box.inflate(-2 * 24, 0)
    assert all(inside.contains(cell) for cell in cells)
    assert all(a.right + 12 <= b.left for a, b in zip(cells, cells[1:], strict=False))
    table.on_exit()


def test_autoplay_game_runs_to_the_end_with_animations() -> None:
    seats = [Seat(n, False, "easy", colour=i) for i, n in enumerate(("Kunz", "Hilde", "Greta"))]
    app, table = open_table(seats, seed=8, pace=0.03)
    assert app.run_until(lambda: isinstance(app.top, KnightsResultsScene), 20000)
    assert table.state.is_terminal
    assert len(table.log.entries) > len(table.session.history)
    press(app, pygame.K_b)  # show the board, then the scores again
    assert app.top.hidden
    press(app, pygame.K_b)
    press(app, pygame.K_m)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_hot_seat_shows_a_cover_between_two_humans() -> None:
    app, table = open_table([Seat("Ann", True, colour=0), Seat("Bob", True, colour=1)], seed=4)
    assert isinstance(app.top, CoverScene) and app.top.player == "Ann"
    press(app, pygame.K_SPACE)
    assert app.top is table
    keep_by_click(app, table)
    app.run_frames(2)
    assert isinstance(app.top, CoverScene) and app.top.player == "Bob"
    # Nothing of Bob's hand is drawn under the cover: the cover is opaque.
    assert app.top.opaque
    click(app, app.top.widget("ready").center)
    assert app.top is table and table.viewer == 1


class SlowAgent:
    """Thinks for a while, then plays the first legal action."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.thread: str | None = None

    def choose(self, state: Any, rng: random.Random) -> Any:
        self.thread = threading.current_thread().name
        time.sleep(self.seconds)
        return state.legal_actions()[0]


def test_window_stays_responsive_while_the_computer_thinks() -> None:
    seats = [Seat("Kunz", False, "easy", colour=0), Seat("Ann", True, colour=1)]
    agent = SlowAgent(1.5)
    app, table = open_table(seats, seed=2, agents={0: agent})
    assert table.worker.busy
    started = time.perf_counter()
    press(app, pygame.K_F1)  # handled at once, while the agent is still thinking
    assert isinstance(app.top, HelpOverlay)
    assert time.perf_counter() - started < 1.0  # not the 1.5 s the agent thinks
    press(app, pygame.K_F1)
    # Wait by the clock, not by frames: a fast machine draws 600 frames before 1.5 s pass.
    deadline = time.perf_counter() + 15.0
    app.run_until(lambda: len(table.session.history) >= 1 or time.perf_counter() > deadline, 10**6)
    assert len(table.session.history) >= 1
    assert agent.thread is not None and agent.thread != threading.current_thread().name


class BrokenAgent:
    def choose(self, state: Any, rng: random.Random) -> Any:
        return Place("lake", 99, 99)


def test_an_illegal_computer_move_is_replaced_and_reported() -> None:
    seats = [Seat("Kunz", False, "easy", colour=0), Seat("Ann", True, colour=1)]
    app, table = open_table(seats, seed=2, agents={0: BrokenAgent()})
    assert wait_until(app, lambda: table.session.decisions >= 1)
    assert any("failed" in line for line, _ in table.log.entries)
    assert table.session.seats[0].level == "medium"  # the same policy as at the rummy table
    assert table.state.current_player == 1


def test_escape_pauses_and_main_menu_leaves_the_table() -> None:
    app, table = human_vs()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseOverlay)
    press(app, pygame.K_ESCAPE)
    assert app.top is table
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_m)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_table_reflows_on_resize() -> None:
    app, table = human_vs()
    keep_by_click(app, table)
    wait_for_human(app, table)
    for size in ((860, 600), (1700, 1050)):
        resize(app, size, frames=2)
        window = pygame.Rect((0, 0), size)
        assert window.contains(table.board_area)
        assert table.board_area.contains(table.geom.rect)
        assert not table.board_area.colliderect(table.side)
        for ident in ("end", "menu", "help", "slower", "faster"):
            assert window.contains(table.widget(ident)), ident
        # Still playable after the resize: a click on a lit spot lays the tile.
        spot = table.legal_spots()[0]
        before = len(table.session.history)
        click(app, table.geom.cell_rect(*spot).center)
        assert len(table.session.history) == before + 1
        if table.state.phase == "deploy":
            press(app, pygame.K_0)
            press(app, pygame.K_RETURN)
        wait_for_human(app, table)


class FakeEnd:
    def __init__(self, scores: list[int], supply: list[int], winners: list[int]) -> None:
        self._scores, self.supply, self._winners = scores, supply, winners

    def scores(self) -> list[int]:
        return self._scores

    def winners(self) -> list[int]:
        return self._winners


def test_tie_break_words() -> None:
    names = ["Ann", "Bob", "Cy"]
    assert tie_break_note(FakeEnd([9, 7, 3], [1, 2, 3], [0]), names) == ""
    assert "Bob wins with more knights left (5)" in tie_break_note(
        FakeEnd([9, 9, 3], [2, 5, 0], [1]), names
    )
    assert "share the win" in tie_break_note(FakeEnd([9, 9, 3], [4, 4, 0], [0, 1]), names)


def test_computer_seats_use_the_ai_process_or_fall_back_to_a_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.play import ai_worker
    from game.play.ai_process import AgentSpec

    seats = [Seat("Kunz", False, "easy", colour=0), Seat("Hilde", False, "medium", colour=1)]
    app, table = open_table(seats, seed=6)
    assert isinstance(table.session.agent(0), AgentSpec)
    assert app.run_until(lambda: len(table.session.history) >= 4, 3000)
    # Without an AI process the same specs are played by agents on a thread.
    monkeypatch.setattr(ai_worker._AIProcess, "get", classmethod(lambda cls: None))
    app, table = open_table(seats, seed=6)
    assert app.run_until(lambda: len(table.session.history) >= 4, 3000)
    assert table.worker._local_agents


def test_deploy_by_clicking_the_buttons() -> None:
    app, table, picker = at_deploy()
    count = max(picker.counts())
    click(app, table.widget(f"count{count}").center)
    assert picker.count == count
    moving = [d for d in picker.directions() if d is not None]
    direction = moving[0] if moving else None
    click(app, table.widget(f"dir-{direction or 'stay'}").center)
    assert picker.direction == direction
    options = picker.drop_options()
    if len(options) > 1:
        click(app, table.widget("drops1").center)
        assert picker.current == options[1]
    chosen = picker.current
    click(app, table.widget("confirm").center)
    assert table.session.history[-1].action == chosen
    assert table.state.phase == "place"


def test_every_drop_pattern_can_be_chosen_with_the_mouse() -> None:
    """More patterns than chips fit: the last chip turns the page, so none is out of reach."""
    app, table, picker = at_deploy()
    chips = len(table.drop_buttons)
    paged = False
    for count in picker.counts():
        click(app, table.widget(f"count{count}").center)
        for direction in picker.directions():
            click(app, table.widget(f"dir-{direction or 'stay'}").center)
            options = picker.drop_options()
            if len(options) < 2:
                continue
            paged |= len(options) > chips
            reached = set()
            for _turn in range(len(options)):  # enough page turns to see every page
                shown = [b for b in table.drop_buttons if b.visible]
                assert len(shown) <= chips
                for chip in shown:
                    if "›" not in chip.label:
                        click(app, chip.rect.center)
                        assert picker.current is not None
                        assert chip.selected and chip.label == drops_label(picker.current)
                        reached.add(picker.current)
                turner = [b for b in shown if "›" in b.label]
                assert bool(turner) == (len(options) > chips)
                if not turner:
                    break
                click(app, turner[0].rect.center)
            assert reached == set(options), (count, direction)
    assert paged, "no choice here had more patterns than chips: the test shows nothing"


def test_the_chosen_drop_pattern_stays_on_show_when_the_window_shrinks() -> None:
    app, table, picker = at_deploy()
    for count in picker.counts():
        click(app, table.widget(f"count{count}").center)
        for direction in picker.directions():
            click(app, table.widget(f"dir-{direction or 'stay'}").center)
            if len(picker.drop_options()) > len(table.drop_buttons):
                break
        else:
            continue
        break
    last = len(picker.drop_options()) - 1
    table.pick_drops(last)
    resize(app, (800, 560))  # fewer chips fit: the pages are cut anew
    shown = [chip for chip in table.drop_buttons if chip.visible and chip.selected]
    assert len(shown) == 1 and shown[0].label == drops_label(picker.drop_options()[last])


def test_the_computers_whole_last_turn_stays_highlighted() -> None:
    app, table = human_vs(seed=9, pace=0.02)
    keep_by_click(app, table)
    wait_for_human(app, table)
    for _ in range(6):  # a few turns: lay one tile and end, then watch the computer's turn
        press(app, pygame.K_1)
        click(app, table.geom.cell_rect(*table.legal_spots()[0]).center)
        if table.state.phase == "deploy":
            press(app, pygame.K_0)
            press(app, pygame.K_RETURN)
        if table.state.current_player == 0:
            press(app, pygame.K_e)
        wait_for_human(app, table)
        if table.state.is_terminal:
            break
        history = table.session.history
        turn = []
        for entry in reversed(history):
            if entry.seat != 1:
                break
            turn.append(entry.action)
        laid = [(a.x, a.y) for a in reversed(turn) if isinstance(a, Place)]
        assert table.last is not None and table.last.seat == 1
        assert list(table.last.placed) == laid


class _WithPiles:
    """A state seen with other piles (the panel only reads it)."""

    def __init__(self, state: Any, piles: tuple[Any, ...]) -> None:
        self._state, self.piles = state, piles

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def test_every_pile_strip_reads_in_one_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short pile and a long one both show one tile back per letter, with its count."""
    from game.ui import sprites
    from game.ui.knights import panels

    _app, table = human_vs()
    state = table.state
    short = state.piles[1][-3:]  # the bottom three: all E
    state = _WithPiles(state, (state.piles[0], short))
    drawn: list[str] = []
    real = sprites.tile_back

    def counting(letter: str, size: int) -> pygame.Surface:
        drawn.append(letter)
        return real(letter, size)

    monkeypatch.setattr(panels.sprites, "tile_back", counting)
    panels.render_cards(
        table.card_area.size,
        table.cards,
        table.card_area.topleft,
        state,
        table.session.seats,
        0,
        [0, 0],
        [],
    )
    hands = len(state.hands[0]) + len(state.hands[1])
    assert [t.letter for t in short] == ["E", "E", "E"]
    groups = len(panels.letter_groups(state.piles[0])) + 1
    assert len(drawn) == hands + groups
