"""The Räuber-Rommé table driven headless with real pygame events (mouse drags and keys).

Every scenario starts from a seeded, hand-built state so that the cards are known.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pygame
import pytest

from game.i18n import set_language
from game.play.session import Seat, Session
from game.rummy import Play, RummyState, new_game, parse_cards
from game.rummy.state import PlayerState, sorted_hand
from game.ui import testing, theme
from game.ui.app import App
from game.ui.overlays import CoverScene, Dialog
from game.ui.rummy import table_draw
from game.ui.rummy.prompts import NameDialog
from game.ui.rummy.results import RummyResultsScene
from game.ui.rummy.set_places import keep_places
from game.ui.rummy.table import RummyTableScene
from game.ui.rummy.turn_edit import sorted_cards
from game.ui.testing import click, drag, press_letter, resize, wait_until
from game.ui.widgets import Button

STOCK = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D"


def hand_built(
    hands: Sequence[str],
    table: Sequence[str] = (),
    opened: Sequence[bool] | None = None,
    stock: str = STOCK,
    current: int = 0,
) -> RummyState:
    names = ["Ann", "Bob", "Cid", "Dora"][: len(hands)]
    base = new_game(names, seed=11)
    flags = opened if opened is not None else [False] * len(hands)
    players = tuple(
        PlayerState(name, 0, flags[i], sorted_hand(parse_cards(hands[i])))
        for i, name in enumerate(names)
    )
    return replace(
        base,
        players=players,
        table=tuple(tuple(parse_cards(cards)) for cards in table),
        stock=tuple(parse_cards(stock)),
        current_player=current,
        dealer=(current - 1) % len(hands),
    )


@pytest.fixture
def app() -> App:
    application = App((1280, 800), headless=True, pace=0.0)
    yield application
    for scene in list(application.scenes):
        scene.on_exit()


def open_table(
    app: App, state: RummyState, humans: int = 2, agents: dict[int, object] | None = None
) -> RummyTableScene:
    seats = [Seat(p.name, i < humans, "easy", i) for i, p in enumerate(state.players)]
    session = Session("rummy", seats, seed=11)
    session.state = state
    scene = RummyTableScene(app, session)
    for seat, agent in (agents or {}).items():
        session.set_agent(seat, agent)
    app.push(scene)
    app.run_frames(2)
    dismiss_cover(app)
    return scene


def dismiss_cover(app: App) -> None:
    if isinstance(app.top, CoverScene):
        key(app, pygame.K_SPACE)
    assert not isinstance(app.top, CoverScene)


def key(app: App, k: int, mod: int = 0) -> None:
    app.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(1)


def type_text(app: App, text: str) -> None:
    testing.type_text(app, text)


def hover(app: App, pos: tuple[int, int]) -> None:
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    app.run_frames(30)


def hand_pos(scene: RummyTableScene, card: str) -> tuple[int, int]:
    hand = scene.shown_hand()
    assert hand is not None
    index = [str(c) for c in hand].index(card)
    rect = scene.hand_row().card_rect(index)
    return (rect.x + 8, rect.y + 20)  # the visible corner of an overlapped card


def set_card_pos(scene: RummyTableScene, s: int, i: int) -> tuple[int, int]:
    rect = scene.grid().card_rect(s, i)
    return (rect.x + 6, rect.y + 20)


def set_end(scene: RummyTableScene, s: int) -> tuple[int, int]:
    """Over the right half of a set's last card: the drop lands after it."""
    n = len(scene.shown_table()[s])
    rect = scene.grid().card_rect(s, n - 1)
    return (rect.right - 6, rect.centery)


def beside(scene: RummyTableScene, s: int) -> tuple[int, int]:
    n = len(scene.shown_table()[s])
    rect = scene.grid().card_rect(s, n - 1)
    return (rect.right + 10, rect.centery)


def new_set(scene: RummyTableScene) -> tuple[int, int]:
    return scene.grid().new_cell.center


def table_text(scene: RummyTableScene) -> list[str]:
    return [" ".join(str(c) for c in cards) for cards in scene.shown_table()]


def state_table(scene: RummyTableScene) -> list[str]:
    return [" ".join(str(c) for c in cards) for cards in scene.state.table]


# --- opening ---------------------------------------------------------------------------------


def test_open_with_thirty_points_turns_the_set_public(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH QH 5S 9D", "2S 3S 4S 8D"]))
    drag(app, hand_pos(scene, "10H"), new_set(scene))
    drag(app, hand_pos(scene, "JH"), set_end(scene, 0))
    assert table_text(scene) == ["10H JH"]
    assert "opening: 0 of 30" in scene.status_line()
    drag(app, hand_pos(scene, "QH"), set_end(scene, 0))
    assert table_text(scene) == ["10H JH QH"]
    assert "opening: 30 of 30" in scene.status_line()
    edit = scene.current_edit()
    assert edit is not None and edit.is_public(0)  # green once the 30 are reached
    key(app, pygame.K_n)
    assert state_table(scene) == ["10H JH QH"]
    assert scene.state.players[0].opened
    assert [str(c) for c in scene.state.players[0].hand] == ["5S", "9D"]
    assert scene.state.current_player == 1


def test_the_opening_counter_shows_the_whole_sum_past_thirty(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH QH 6S 6D 6C 5S", "2S 3S 4S 8D"]))
    for card in ("10H", "JH", "QH"):
        drag(app, hand_pos(scene, card), new_set(scene) if card == "10H" else set_end(scene, 0))
    for card in ("6S", "6D", "6C"):
        drag(app, hand_pos(scene, card), new_set(scene) if card == "6S" else set_end(scene, 1))
    assert table_text(scene) == ["10H JH QH", "6S 6D 6C"]
    assert "opening: 48 of 30" in scene.status_line()
    key(app, pygame.K_n)
    assert "(48 points)" in scene.log.entries[-1][0]


def test_going_out_is_logged_before_the_points_the_others_keep(app: App) -> None:
    scene = open_table(
        app, hand_built(["AH", "2S 3S 4S 8D"], table=["JH QH *"], opened=[True, True])
    )
    drag(app, hand_pos(scene, "AH"), set_end(scene, 0))
    key(app, pygame.K_n)
    lines = [text for text, _colour in scene.log.entries]
    went_out = next(i for i, line in enumerate(lines) if "went out" in line)
    assert lines[went_out] == (
        "Ann laid 1 card (ace of hearts) on 1 set; Ann went out and wins round 1"
    )
    assert lines[went_out + 1].startswith(
        "Bob: 2 of spades, 3 of spades, 4 of spades, 8 of diamonds = "
    )


def test_below_thirty_the_own_set_stays_temporary_and_the_turn_is_refused(app: App) -> None:
    scene = open_table(app, hand_built(["2H 3H 4H 9D", "2S 3S 4S 8D"], table=["7C 8C 9C"]))
    for card in ("2H", "3H", "4H"):
        target = new_set(scene) if card == "2H" else set_end(scene, 1)
        drag(app, hand_pos(scene, card), target)
    assert table_text(scene) == ["7C 8C 9C", "2H 3H 4H"]
    edit = scene.current_edit()
    assert edit is not None
    assert edit.is_public(0) and not edit.is_public(1)  # green old set, blue own set
    assert "opening: 9 of 30" in scene.status_line()
    key(app, pygame.K_n)
    assert isinstance(app.top, Dialog)
    assert "30 or more" in app.top.message
    assert scene.state.current_player == 0 and state_table(scene) == ["7C 8C 9C"]
    # Before the opening the public set can't be touched.
    key(app, pygame.K_RETURN)  # "Keep editing"
    drag(app, hand_pos(scene, "9D"), set_end(scene, 0))
    assert "open first" in scene.message.lower()
    assert table_text(scene) == ["7C 8C 9C", "2H 3H 4H"]


def test_breaking_the_opening_is_said_and_the_own_card_moves_back(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH QH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"]))
    for card in ("10H", "JH", "QH"):
        drag(app, hand_pos(scene, card), new_set(scene) if card == "10H" else set_end(scene, 1))
    assert table_text(scene) == ["7H 8H 9H", "10H JH QH"] and "opening: 30 of 30" in (
        scene.status_line()
    )
    drag(app, set_card_pos(scene, 1, 0), set_end(scene, 0))  # 10H onto the public run
    assert table_text(scene) == ["7H 8H 9H 10H", "JH QH"]
    assert "below 30 again" in scene.message
    drag(app, set_card_pos(scene, 0, 3), set_card_pos(scene, 1, 0))  # back in front of JH
    assert table_text(scene) == ["7H 8H 9H", "10H JH QH"]
    assert "opening: 30 of 30" in scene.status_line()


# --- laying off and rebuilding ------------------------------------------------------------------


def test_lay_off_a_card_on_a_public_run(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    drag(app, hand_pos(scene, "10H"), set_end(scene, 0))
    assert table_text(scene) == ["7H 8H 9H 10H"]
    key(app, pygame.K_RETURN)
    assert state_table(scene) == ["7H 8H 9H 10H"]
    assert [str(c) for c in scene.state.players[0].hand] == ["4D"]


def test_lay_off_at_the_position_under_the_pointer(app: App) -> None:
    scene = open_table(
        app, hand_built(["7H 4D", "2S 3S 4S 8D"], table=["8H 9H 10H"], opened=[True, False])
    )
    drag(app, hand_pos(scene, "7H"), set_card_pos(scene, 0, 0))
    assert table_text(scene) == ["7H 8H 9H 10H"]


def test_rebuild_two_sets_into_three_by_splitting(app: App) -> None:
    state = hand_built(
        ["10S 2D", "2H 3H 4H 8D"], table=["4S 5S 6S 7S 8S 9S", "JD QD KD"], opened=[True, False]
    )
    scene = open_table(app, state)
    # Drop 7S beside its own set: the set splits there.
    drag(app, set_card_pos(scene, 0, 3), beside(scene, 0))
    assert table_text(scene) == ["4S 5S 6S", "7S 8S 9S", "JD QD KD"]
    drag(app, hand_pos(scene, "10S"), set_end(scene, 1))
    assert table_text(scene) == ["4S 5S 6S", "7S 8S 9S 10S", "JD QD KD"]
    key(app, pygame.K_n)
    assert state_table(scene) == ["4S 5S 6S", "7S 8S 9S 10S", "JD QD KD"]
    assert scene.state.current_player == 1


def test_move_cards_from_set_to_set(app: App) -> None:
    state = hand_built(
        ["7D 2C", "2H 3H 4H 8D"], table=["4S 5S 6S 7S", "7H 7C 7S"], opened=[True, False]
    )
    scene = open_table(app, state)
    drag(app, hand_pos(scene, "7D"), set_end(scene, 1))
    assert table_text(scene) == ["4S 5S 6S 7S", "7H 7C 7S 7D"]
    drag(app, set_card_pos(scene, 1, 2), new_set(scene))  # 7S out of the group
    assert table_text(scene) == ["4S 5S 6S 7S", "7H 7C 7D", "7S"]
    key(app, pygame.K_n)  # 7S alone is invalid
    assert isinstance(app.top, Dialog)
    key(app, pygame.K_RETURN)  # keep editing
    key(app, pygame.K_u)  # undo: 7S back in the group
    assert table_text(scene) == ["4S 5S 6S 7S", "7H 7C 7S 7D"]


# --- refused moves --------------------------------------------------------------------------


def test_a_table_card_cannot_go_into_the_hand(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    hand_before = scene.shown_hand()
    drag(app, set_card_pos(scene, 0, 1), hand_pos(scene, "4D"))
    assert "table cards can't go" in scene.message
    assert scene.spring is not None  # the card springs back
    assert table_draw._hidden_slot(scene) == ("set", 0, 1)  # drawn flying, not also in place
    assert table_text(scene) == ["7H 8H 9H"]
    assert scene.shown_hand() == hand_before
    app.run_frames(30)
    assert scene.spring is None
    # A card laid this turn may go back.
    drag(app, hand_pos(scene, "10H"), set_end(scene, 0))
    drag(app, set_card_pos(scene, 0, 3), (scene.hand_area.centerx, scene.hand_area.centery))
    assert table_text(scene) == ["7H 8H 9H"]
    assert sorted(str(c) for c in scene.shown_hand() or []) == ["10H", "4D"]


@pytest.mark.parametrize(
    ("lang", "table_card", "off_target"),
    [
        (
            "de",
            "Herz-8 lag schon vor deinem Zug auf dem Tisch: Tischkarten dürfen nicht auf die Hand",
            "lege die Karte auf einen Satz, das Feld für neue Sätze oder deine Hand",
        ),
        (
            "nl",
            "harten 8 lag al voor je beurt op tafel: kaarten van tafel mogen niet naar een hand",
            "leg de kaart op een combinatie, het vak voor een nieuwe combinatie of je hand",
        ),
    ],
)
def test_refused_edits_are_shown_in_the_players_language(
    app: App, lang: str, table_card: str, off_target: str
) -> None:
    scene = open_table(
        app, hand_built(["10H 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    set_language(lang)
    try:
        drag(app, set_card_pos(scene, 0, 1), hand_pos(scene, "4D"))
        assert table_card in scene.message
        drag(app, hand_pos(scene, "10H"), (2, 2))  # the window's corner: no place for a card
        assert off_target in scene.message
    finally:
        set_language("en")
    assert table_text(scene) == ["7H 8H 9H"]


def test_ending_a_turn_with_an_invalid_set_shows_the_reasons(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H 5S 2D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    drag(app, hand_pos(scene, "5S"), set_end(scene, 0))
    assert table_text(scene) == ["7H 8H 9H 5S"]
    key(app, pygame.K_n)
    assert isinstance(app.top, Dialog)
    assert "set 1 (7 of hearts, 8 of hearts, 9 of hearts, 5 of spades)" in app.top.message
    assert "Not yet" in scene.message
    assert state_table(scene) == ["7H 8H 9H"] and scene.state.current_player == 0
    # Esc keeps editing: nothing laid is lost.
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, Dialog) and table_text(scene) == ["7H 8H 9H 5S"]
    # The dialog also offers to reset the turn, and Undo brings the cards back.
    key(app, pygame.K_n)
    click(app, app.top.widgets.find("Reset turn").rect.center)
    assert not isinstance(app.top, Dialog) and table_text(scene) == ["7H 8H 9H"]
    key(app, pygame.K_u)
    assert table_text(scene) == ["7H 8H 9H 5S"]


def test_hover_explains_values_and_invalid_sets(app: App) -> None:
    scene = open_table(
        app,
        hand_built(["AS 5S 2D", "2S 3S 4S 8D"], table=["AH 2H 3H", "QD KD AD"], opened=[True] * 2),
    )
    hover(app, set_card_pos(scene, 0, 0))
    assert scene.hover_text() == "ace of hearts: 1 point in this run"
    hover(app, set_card_pos(scene, 1, 2))
    assert scene.hover_text() == "ace of diamonds: 10 points in this run"
    hover(app, hand_pos(scene, "AS"))
    assert scene.hover_text() == "ace of spades: 11 in the hand"
    drag(app, hand_pos(scene, "5S"), set_end(scene, 0))
    cell = scene.grid().cells[0]
    hover(app, (cell.right - 8, cell.bottom - 8))
    text = scene.hover_text()
    assert text is not None and "mixed suits" in text
    hover(app, set_card_pos(scene, 0, 3))  # the 5S itself: its set's problem, then the card
    reason, card = (scene.hover_text() or "").split("\n\n")
    assert reason.startswith("Invalid set: ") and card.startswith("five of spades: ")
    drag(app, hand_pos(scene, "2D"), new_set(scene))  # a lone card: too short, no joker talk
    hover(app, set_card_pos(scene, 2, 0))
    assert (scene.hover_text() or "").startswith("Invalid set: a set needs at least 3 cards\n\n")
    assert "joker" not in (scene.hover_text() or "")


# --- undo, reset, draw ------------------------------------------------------------------------


def test_undo_and_reset(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    drag(app, hand_pos(scene, "10H"), set_end(scene, 0))
    drag(app, hand_pos(scene, "JH"), set_end(scene, 0))
    assert table_text(scene) == ["7H 8H 9H 10H JH"]
    key(app, pygame.K_u)
    assert table_text(scene) == ["7H 8H 9H 10H"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table_text(scene) == ["7H 8H 9H"]
    drag(app, hand_pos(scene, "JH"), new_set(scene))
    drag(app, hand_pos(scene, "10H"), new_set(scene))
    key(app, pygame.K_r)
    assert table_text(scene) == ["7H 8H 9H"]
    assert sorted(str(c) for c in scene.shown_hand() or []) == ["10H", "4D", "JH"]


def test_draw_takes_a_card_and_ends_the_turn(app: App) -> None:
    scene = open_table(app, hand_built(["10H 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"]))
    key(app, pygame.K_d)  # nothing laid: the card is drawn at once
    assert scene.state.current_player == 1 and len(scene.state.players[0].hand) == 3


def test_draw_with_cards_laid_asks_before_taking_them_back(app: App) -> None:
    # Issue 36: D with a valid opening laid threw the whole turn away without a word.
    scene = open_table(app, hand_built(["10H JH QH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"]))
    for card in ("10H", "JH", "QH"):
        drag(app, hand_pos(scene, card), new_set(scene) if card == "10H" else set_end(scene, 1))
    assert table_text(scene) == ["7H 8H 9H", "10H JH QH"]
    key(app, pygame.K_d)
    dialog = app.top
    assert isinstance(dialog, Dialog) and "3" in dialog.title and "draw" in dialog.title
    key(app, pygame.K_RETURN)  # Enter keeps the turn as laid out
    assert app.top is scene and table_text(scene) == ["7H 8H 9H", "10H JH QH"]
    assert scene.state.current_player == 0 and len(scene.state.stock) == len(parse_cards(STOCK))
    key(app, pygame.K_d)
    assert isinstance(app.top, Dialog)
    click(app, app.top.widget("Take back and draw").center)
    assert len(scene.state.players[0].hand) == 5  # the laid cards are back, plus one drawn
    assert len(scene.state.stock) == len(parse_cards(STOCK)) - 1
    assert state_table(scene) == ["7H 8H 9H"]
    assert scene.state.current_player == 1
    assert isinstance(app.top, CoverScene)  # two humans: the screen is covered
    dismiss_cover(app)
    assert "Bob to play" in scene.status_line()


@pytest.mark.parametrize("where", ["ai process", "thread"])
def test_hint_is_shown_and_applied_only_when_accepted(
    app: App, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    from game.play import ai_worker

    if where == "thread":  # no AI process could be started: the window's thread searches
        monkeypatch.setattr(ai_worker._AIProcess, "get", classmethod(lambda cls: None))
    scene = open_table(
        app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    key(app, pygame.K_h)
    assert wait_until(app, lambda: scene.hint is not None)
    assert bool(scene.hint_worker._local_agents) == (where == "thread")
    assert scene.current_edit() is not None and not scene.current_edit().changed
    key(app, pygame.K_y)
    assert scene.hint is None
    assert table_text(scene) == ["7H 8H 9H 10H JH"]
    assert state_table(scene) == ["7H 8H 9H"]  # not played until Next player


# --- rounds ---------------------------------------------------------------------------------


def test_win_a_round_and_start_the_next(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H JH QH", "2S 3S 4S 8D KC"], table=[], opened=[False, False])
    )
    drag(app, hand_pos(scene, "10H"), new_set(scene))
    drag(app, hand_pos(scene, "JH"), set_end(scene, 0))
    drag(app, hand_pos(scene, "QH"), set_end(scene, 0))
    key(app, pygame.K_n)
    assert scene.state.is_terminal and scene.state.winner == 0
    app.run_frames(2)
    assert isinstance(app.top, RummyResultsScene)
    assert scene.rounds[-1].winner == "Ann"
    assert scene.rounds[-1].penalties == {"Ann": 0, "Bob": 2 + 3 + 4 + 8 + 10}
    assert scene.state.players[1].score == 27
    key(app, pygame.K_RETURN)  # Next round
    app.run_frames(2)
    dismiss_cover(app)
    assert scene.state.round == 2 and not scene.state.is_terminal
    assert scene.state.players[1].score == 27  # points carry over
    assert all(len(p.hand) == 13 for p in scene.state.players)
    # New game resets the points.
    scene.show_scores()
    app.run_frames(1)
    assert isinstance(app.top, RummyResultsScene)
    scene.new_game()
    app.run_frames(2)
    assert all(p.score == 0 for p in scene.state.players) and scene.rounds == []


# --- players --------------------------------------------------------------------------------


def test_add_rename_and_remove_players_during_a_round(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"]))
    stock = len(scene.state.stock)
    key(app, pygame.K_a)
    assert isinstance(app.top, NameDialog)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Zoe")
    key(app, pygame.K_RETURN)
    assert [p.name for p in scene.state.players] == ["Ann", "Bob", "Zoe"]
    assert len(scene.state.players[2].hand) == 13
    assert len(scene.state.stock) == stock - 13
    assert scene.session.seats[2].name == "Zoe"
    assert scene.state.current_player == 0  # the round goes on
    key(app, pygame.K_e)
    assert isinstance(app.top, NameDialog)
    for _ in range(5):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Anna")
    key(app, pygame.K_RETURN)
    assert scene.state.players[0].name == "Anna" and scene.session.seats[0].name == "Anna"
    key(app, pygame.K_x)
    assert isinstance(app.top, Dialog)
    key(app, pygame.K_RETURN)  # Remove
    assert [p.name for p in scene.state.players] == ["Bob", "Zoe"]
    assert [s.name for s in scene.session.seats] == ["Bob", "Zoe"]
    assert scene.state.current_player == 0
    dismiss_cover(app)
    assert "Bob to play" in scene.status_line()


def test_the_shortcut_letter_is_not_typed_into_the_name_dialogs(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"]))
    press_letter(app, pygame.K_a)  # key down + its text, as a real keyboard sends them
    assert isinstance(app.top, NameDialog)
    assert app.top.value == "Kunz"
    key(app, pygame.K_ESCAPE)
    press_letter(app, pygame.K_e)
    assert isinstance(app.top, NameDialog)
    assert app.top.value == "Ann"
    type_text(app, "e")  # typing after the dialog opened still types
    assert app.top.value == "Anne"
    key(app, pygame.K_RETURN)
    assert scene.state.players[0].name == "Anne"


def test_ctrl_a_selects_the_name_and_typing_replaces_it(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"]))
    press_letter(app, pygame.K_e)
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    type_text(app, "Zoe")
    assert isinstance(app.top, NameDialog) and app.top.value == "Zoe"
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    assert app.top.value == ""
    type_text(app, "\u3164\u2800")  # blank letters: nothing to see
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, NameDialog) and app.top.error
    assert scene.state.players[0].name == "Ann"


def test_other_hands_are_backs_and_hot_seat_covers(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"]))
    assert [str(c) for c in scene.shown_hand() or []] == ["4D", "10H", "JH"]
    key(app, pygame.K_d)
    assert isinstance(app.top, CoverScene) and app.top.player == "Bob"
    dismiss_cover(app)
    assert sorted(str(c) for c in scene.shown_hand() or []) == ["2S", "3S", "4S", "8D"]


def test_autoplay_round_runs_to_the_end() -> None:
    app = App((1280, 800), headless=True, pace=0.0)
    seats = [Seat("Kunz", False, "easy", 0), Seat("Hilde", False, "medium", 1)]
    session = Session("rummy", seats, seed=4)
    scene = RummyTableScene(app, session)
    app.push(scene)
    try:
        assert app.run_until(lambda: scene.state.is_terminal, max_frames=6000)
        app.run_frames(3)
        assert isinstance(app.top, RummyResultsScene)
        assert scene.rounds and scene.rounds[-1].number == 1
    finally:
        for s in list(app.scenes):
            s.on_exit()


def test_the_table_reflows_when_the_window_is_resized(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    big = scene.grid().card
    app.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=560, size=(800, 560)))
    app.run_frames(2)
    assert app.size == (800, 560)
    small = scene.grid().card
    assert small[1] < big[1] and small[1] >= 40
    assert scene.table_area.bottom <= scene.status_area.y <= scene.hand_area.y
    # Dragging still works at the new size.
    drag(app, hand_pos(scene, "10H"), set_end(scene, 0))
    assert table_text(scene) == ["7H 8H 9H 10H"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_auto_columns_give_a_crowded_table_bigger_cards(app: App, size: tuple[int, int]) -> None:
    runs = [
        f"{a}{suit} {b}{suit} {c}{suit}"
        for suit in "CDHS"
        for a, b, c in (("A", "2", "3"), ("4", "5", "6"), ("7", "8", "9"))
    ]
    table = runs + ["QC QD QH", "KC KD KH", "JC JD JH", "10C 10D 10H", "QS KS AS", "JS 10S 9S"]
    scene = open_table(app, hand_built(["2D 4D", "2S 3S 4S 8D"], table=table, opened=[True] * 2))
    resize(app, size)
    auto = scene.grid()
    key(app, pygame.K_MINUS)  # the player's own count: one fewer
    for _ in range(8):
        if scene.grid().columns <= 3:
            break
        key(app, pygame.K_MINUS)
    three = scene.grid()
    assert three.columns == 3 and auto.columns > 3
    assert auto.card[1] > three.card[1] * 1.3  # cards of 18 sets: clearly bigger on auto


def test_more_columns_and_four_colours_are_player_settings(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"] * 1))
    assert scene.columns == 0  # auto until the player picks a count
    columns = scene.grid().columns
    key(app, pygame.K_EQUALS)
    assert scene.columns == columns + 1 and scene.grid().columns == columns + 1
    key(app, pygame.K_MINUS)
    key(app, pygame.K_MINUS)
    assert scene.columns == columns - 1 and scene.grid().columns == columns - 1
    key(app, pygame.K_c)
    assert scene.four_colour
    key(app, pygame.K_s)
    assert scene.sort_by == "rank"
    assert [str(c) for c in scene.shown_hand() or []] == ["4D", "10H", "JH"]


def test_the_sort_button_says_what_it_does_and_the_order_holds_after_a_draw(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D 3H", "2S 3S 4S 8D"]), humans=1)
    sort = scene.widgets.find("sort")
    assert isinstance(sort, Button) and sort.label == "Sort by rank"  # sorted by suit now
    key(app, pygame.K_s)
    assert sort.label == "Sort by suit"
    assert [str(c) for c in scene.shown_hand() or []] == ["3H", "4D", "10H", "JH"]
    key(app, pygame.K_s)
    by_suit = ["4D", "3H", "10H", "JH"]
    assert [str(c) for c in scene.shown_hand() or []] == by_suit
    key(app, pygame.K_d)  # the drawn card joins; the computer plays next
    hand = scene.state.players[0].hand
    assert len(hand) == 5
    shown = [str(c) for c in scene.shown_hand() or []]
    assert shown == [str(c) for c in sorted_cards(hand, "suit")]  # no jump to rank order


class FixedAgent:
    """A computer player that lays a fixed table (to watch the animation)."""

    def __init__(self, table: str) -> None:
        self.table = [parse_cards(cards) for cards in table.split("|")]

    def choose(self, state: RummyState, rng: object) -> Play:
        return Play(tuple(tuple(cards) for cards in self.table))


def test_computer_turn_is_animated_and_changed_sets_light_up(app: App) -> None:
    app.pace = 0.3
    state = hand_built(
        ["JH 4D", "10H 5C 6C 7C 9D"], table=["7H 8H 9H"], opened=[True, True], current=1
    )
    scene = open_table(app, state, humans=1, agents={1: FixedAgent("7H 8H 9H 10H|5C 6C 7C")})
    assert app.run_until(lambda: scene.anim is not None, max_frames=200)
    # Cards are on their way: the new ones are hidden in their sets until they land.
    assert scene.anim_hidden == {(0, 3), (1, 0), (1, 1), (1, 2)}
    app.run_frames(3)
    assert scene.state.current_player == 0 and scene.anim is not None
    assert not scene.human_to_move()
    assert app.run_until(lambda: scene.anim is None, max_frames=200)
    assert scene.highlight == {0, 1}  # both sets changed
    assert scene.human_to_move()
    app.run_frames(200)
    assert scene.highlight == {0, 1}  # still lit until the human edits
    assert "Bob laid 4 cards" in scene.log.entries[-1][0]


def test_sets_keep_their_place_when_the_computer_lists_them_in_another_order(app: App) -> None:
    state = hand_built(
        ["JH 4D", "10H 5C 6C 7C 9D"],
        table=["2S 3S 4S", "7H 8H 9H"],
        opened=[True, True],
        current=1,
    )
    agent = FixedAgent("5C 6C 7C|7H 8H 9H 10H|2S 3S 4S")
    scene = open_table(app, state, humans=1, agents={1: agent})
    assert app.run_until(lambda: scene.human_to_move(), max_frames=2000)
    # The spades stay first, the grown hearts second, the new clubs take a free place.
    assert state_table(scene) == ["2S 3S 4S", "7H 8H 9H 10H", "5C 6C 7C"]
    assert table_text(scene) == state_table(scene)
    assert scene.highlight == {1, 2}  # what changed, where it stands


def test_keep_places_fills_the_places_of_sets_that_went() -> None:
    old = [["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]]
    new = [["x", "y", "z"], ["g", "h", "i", "j"], ["a", "b", "c"]]
    assert keep_places(old, new) == [("a", "b", "c"), ("x", "y", "z"), ("g", "h", "i", "j")]
    assert keep_places([], [["a"]]) == [("a",)]
    assert keep_places([["a", "b", "c"]], []) == []


def test_an_illegal_computer_move_hands_the_seat_to_medium(app: App) -> None:
    """The same failure policy as at the knights table: the medium level takes the seat and
    plays this turn legally; the log says why."""
    state = hand_built(
        ["JH 4D", "JH 5C 6C 7C 9D"], table=["7H 8H 9H"], opened=[True] * 2, current=1
    )
    scene = open_table(app, state, humans=1, agents={1: FixedAgent("7H 8H 9H JH|5C 6C 7C")})
    assert app.run_until(lambda: scene.human_to_move(), max_frames=2000)
    assert scene.session.seats[1].level == "medium"
    assert any("failed" in line and "medium" in line for line, _colour in scene.log.entries)
    assert scene.session.history[-1].seat == 1  # the seat still made its move, a legal one
    assert scene.state.current_player == 0


def test_a_computer_that_fails_at_medium_too_plays_the_safe_move(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Session, "fall_back_to_medium", lambda _self, _seat, _why="": False)
    state = hand_built(
        ["JH 4D", "JH 5C 6C 7C 9D"], table=["7H 8H 9H"], opened=[True] * 2, current=1
    )
    scene = open_table(app, state, humans=1, agents={1: FixedAgent("7H 8H 9H JH|5C 6C 7C")})
    assert app.run_until(lambda: scene.human_to_move(), max_frames=2000)
    assert len(scene.state.players[1].hand) == 6 and state_table(scene) == ["7H 8H 9H"]
    assert "failed" in scene.log.entries[-2][0] and "draws" in scene.log.entries[-2][0]


def test_the_hand_does_not_slide_under_the_pointer_when_cards_are_played(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH QH 2C 9D", "2S 3S 4S 8D"]))
    first = scene.hand_row().card_rect(0)
    assert str((scene.shown_hand() or [])[0]) == "2C"
    for card in ("10H", "JH", "QH"):
        drag(app, hand_pos(scene, card), new_set(scene) if card == "10H" else set_end(scene, 0))
        assert str((scene.shown_hand() or [])[0]) == "2C"
        assert scene.hand_row().card_rect(0) == first  # the 2C stays where it was
    key(app, pygame.K_n)  # the turn ends: the next hand is laid out afresh
    assert scene.state.current_player == 1


def test_the_card_just_drawn_is_lit_until_the_player_moves_again(app: App) -> None:
    scene = open_table(
        app, hand_built(["10H JH QH 4D", "2S 3S 4S 8D"], opened=[True, True]), humans=1
    )
    assert scene.fresh_card() is None
    before = list(scene.state.players[0].hand)
    key(app, pygame.K_d)
    assert wait_until(app, scene.human_to_move)
    (drawn,) = list((Counter(scene.state.players[0].hand) - Counter(before)).elements())
    assert scene.fresh_card() == drawn
    lit = scene.hand_row().card_rect([*(scene.shown_hand() or [])].index(drawn))
    app.draw()
    assert app.screen.get_at((lit.x + 1, lit.centery))[:3] == theme.HIGHLIGHT[:3]  # framed
    for card in ("10H", "JH", "QH"):
        last = len(scene.shown_table()) - 1
        drag(app, hand_pos(scene, card), new_set(scene) if card == "10H" else set_end(scene, last))
    key(app, pygame.K_n)  # a play, not a draw: nothing is new any more
    assert wait_until(app, scene.human_to_move)
    assert scene.fresh_card() is None


def test_a_card_dropped_on_the_free_table_starts_a_new_set(app: App) -> None:
    scene = open_table(
        app, hand_built(["9H 4D", "2S 3S 4S 8D"], table=["5C 6C 7C 8C"], opened=[True] * 2)
    )
    free = (scene.table_area.x + 30, scene.table_area.bottom - 30)
    assert scene.grid().drop_at(free) is None  # not on a set nor on the new-set cell
    drag(app, hand_pos(scene, "9H"), free)
    assert table_text(scene) == ["5C 6C 7C 8C", "9H"]
    drag(app, set_card_pos(scene, 0, 3), free)  # a set's card: taken off into a set of its own
    assert table_text(scene) == ["5C 6C 7C", "9H", "8C"]
    hover(app, new_set(scene))
    assert "To split a set" in (scene.hover_text() or "")


def keys(app: App, *names: str) -> None:
    codes = {
        "L": pygame.K_LEFT,
        "R": pygame.K_RIGHT,
        "U": pygame.K_UP,
        "D": pygame.K_DOWN,
        "SPACE": pygame.K_SPACE,
        "ENTER": pygame.K_RETURN,
        "ESC": pygame.K_ESCAPE,
    }
    for name in names:
        key(app, codes[name])


def test_a_whole_rummy_turn_by_keyboard_alone(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH QH 4D", "2S 3S 4S 8D"], table=["5C 6C 7C"]))
    assert [str(c) for c in scene.shown_hand() or []] == ["4D", "10H", "JH", "QH"]
    # A table card can't go into a hand: refused, and the refusal says why.
    keys(app, "U", "SPACE", "D")  # focus on the table's 5C, lift it, aim at the hand
    assert scene.keys is not None and scene.keys.lifted == ("set", 0, 0)
    keys(app, "ENTER")
    assert "table cards can't go to a hand" in scene.message and table_text(scene) == ["5C 6C 7C"]
    keys(app, "ESC")  # put it back
    assert scene.keys.lifted is None
    keys(app, "D", "R", "SPACE")  # the 10H
    keys(app, "U", "R", "R", "R", "R")  # up to the table, right past the 5C 6C 7C: a new set
    assert scene.keys.spot == ("new",)
    keys(app, "ENTER")
    assert table_text(scene) == ["5C 6C 7C", "10H"]
    keys(app, "D", "R", "SPACE")  # the JH (hand: 4D JH QH)
    keys(app, "U", "R")  # onto the 10H's set, after it
    assert scene.keys.spot == ("set", 1, 1)
    keys(app, "ENTER")
    keys(app, "D", "R", "SPACE", "U", "R", "R", "ENTER")  # the QH after the JH
    assert table_text(scene) == ["5C 6C 7C", "10H JH QH"]
    assert "opening: 30 of 30" in scene.status_line()
    keys(app, "ENTER")  # nothing lifted: Enter is Next player
    assert state_table(scene) == ["5C 6C 7C", "10H JH QH"]
    assert scene.state.current_player == 1 and scene.state.players[0].opened


def test_the_hint_bar_covers_no_proposed_set(app: App) -> None:
    sets = ["2C 3C 4C", "5D 6D 7D", "8H 9H 10H", "JS QS KS", "2D 2H 2S", "9C 9D 9S", "4H 5H 6H"]
    scene = open_table(app, hand_built(["AH KH QH", "2S 3S 4S 8D"], table=sets, opened=[True] * 2))
    scene.columns = 3  # three full rows: the last one reaches the bottom
    proposal = [parse_cards(cards) for cards in [*sets, "QH KH AH"]]
    scene.hint_arrived(proposal)
    app.run_frames(1)
    assert scene.hint is not None
    band = table_draw.hint_band(scene)
    grid = scene.grid()
    assert all(not band.colliderect(cell) for cell in grid.cells[:-1])
    assert scene.widget("accept").colliderect(band)


def test_drag_reorders_the_hand(app: App) -> None:
    scene = open_table(app, hand_built(["2C 5D 9H KS", "2S 3S 4S 8D"]))
    assert [str(c) for c in scene.shown_hand() or []] == ["2C", "5D", "9H", "KS"]
    last = scene.hand_row().card_rect(3)
    drag(app, hand_pos(scene, "2C"), (last.right - 4, last.centery))
    assert [str(c) for c in scene.shown_hand() or []] == ["5D", "9H", "KS", "2C"]
    edit = scene.current_edit()
    assert edit is not None and not edit.changed  # the table is untouched


def test_with_an_empty_stock_players_pass_and_the_round_ends_without_winner(app: App) -> None:
    scene = open_table(app, hand_built(["2C 5D", "AS 3S"], stock=""))
    draw = scene.widgets.find("draw")
    assert draw.label == "Pass"  # type: ignore[attr-defined]
    key(app, pygame.K_d)
    dismiss_cover(app)
    key(app, pygame.K_d)
    assert scene.state.is_terminal and scene.state.winner is None
    app.run_frames(2)
    assert isinstance(app.top, RummyResultsScene)
    assert scene.rounds[-1].winner is None
    assert scene.rounds[-1].penalties == {"Ann": 7, "Bob": 14}


def test_the_setup_screen_opens_the_rummy_table(app: App) -> None:
    from game.ui.setup_scene import SetupScene

    setup = SetupScene(app, "rummy")
    app.push(setup)
    app.run_frames(1)
    setup.start()
    app.run_frames(2)
    table = app.find_scene(RummyTableScene)
    assert isinstance(table, RummyTableScene)
    assert table.state.num_players == len(table.session.seats) >= 2


class SlowSearch:
    def choose(self, state: RummyState, rng: object) -> None:
        time.sleep(0.6)
        return None


def test_a_player_leaving_ends_his_hint(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RummyTableScene, "hint_agent", lambda _self: SlowSearch())
    scene = open_table(
        app,
        hand_built(["10H JH 4D", "2S 3S 4S 8D", "5C 6C 7C 9D"], table=["7H 8H 9H"]),
        humans=3,
    )
    key(app, pygame.K_h)
    assert scene.hint_worker.busy
    scene.remove_current()  # three players: the one on turn may leave
    assert scene.state.num_players == 2
    assert not scene.hint_worker.busy and scene.hint is None


def test_a_slow_hint_keeps_the_table_responsive_and_esc_stops_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RummyTableScene, "hint_agent", lambda _self: SlowSearch())
    scene = open_table(
        app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"], opened=[True, False])
    )
    key(app, pygame.K_h)
    assert "looking for the best play" in scene.message
    drag(app, hand_pos(scene, "10H"), set_end(scene, 0))  # still playable meanwhile
    assert table_text(scene) == ["7H 8H 9H 10H"]
    key(app, pygame.K_ESCAPE)
    assert "stopped" in scene.message and not scene.hint_worker.busy
    time.sleep(0.7)
    app.run_frames(3)
    assert scene.hint is None and not isinstance(app.top, Dialog)


def test_random_drags_and_keys_never_break_the_table(app: App) -> None:
    """A monkey at the table: hundreds of random drags and shortcut keys, no crash, and the
    engine state stays a legal game (cards conserved)."""
    import random

    rng = random.Random(5)
    state = new_game(["Ann", "Bob", "Cid"], seed=8)
    scene = open_table(app, state, humans=2)
    total = sum(len(p.hand) for p in state.players) + len(state.stock)
    keys = [
        pygame.K_d,
        pygame.K_u,
        pygame.K_r,
        pygame.K_s,
        pygame.K_n,
        pygame.K_MINUS,
        pygame.K_EQUALS,
        pygame.K_c,
        pygame.K_p,
        pygame.K_BACKSPACE,
        pygame.K_RETURN,
    ]
    for _ in range(250):
        if not app.running:
            break
        if app.top is not scene:
            key(app, pygame.K_SPACE if isinstance(app.top, CoverScene) else pygame.K_ESCAPE)
            continue
        if rng.random() < 0.75:
            area = rng.choice([scene.table_area, scene.hand_area])
            start = (rng.randrange(area.x, area.right), rng.randrange(area.y, area.bottom))
            area = rng.choice([scene.table_area, scene.hand_area, scene.status_area])
            end = (rng.randrange(area.x, area.right), rng.randrange(area.y, area.bottom))
            drag(app, start, end)
        else:
            key(app, rng.choice(keys))
        now = scene.state
        on_table = sum(len(cards) for cards in now.table)
        assert sum(len(p.hand) for p in now.players) + len(now.stock) + on_table == total
    assert app.running


def test_pace_keys_and_button(app: App) -> None:
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"]), humans=1)
    app.pace = 0.6
    key(app, pygame.K_LEFTBRACKET)
    assert app.pace == 1.0
    key(app, pygame.K_RIGHTBRACKET)
    key(app, pygame.K_RIGHTBRACKET)
    assert app.pace == 0.3
    button = scene.widget("slower")
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.center, button=1))
    app.run_frames(1)
    assert app.pace == 0.6 and "pace" in scene.message
    button = scene.widget("faster")
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.center, button=1))
    app.run_frames(1)
    assert app.pace == 0.3


def test_a_name_the_save_would_refuse_is_refused_at_the_table(app: App) -> None:
    """Names are compared as the save compares them, so the autosave never refuses a table."""
    scene = open_table(app, hand_built(["10H JH 4D", "2S 3S 4S 8D"], table=["7H 8H 9H"]))
    assert scene.add_player("\uff21nn") is not None  # a full-width A: the same name as Ann
    assert scene.add_player("Zoe\x07") is not None  # a control character
    assert scene.state.num_players == 2
    assert scene.add_player("Zoe") is None and scene.state.num_players == 3
