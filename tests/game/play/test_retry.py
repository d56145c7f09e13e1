"""Play from here, without a window: a new game at a reviewed position is that position in
full (the same tiles or cards to come, in the same order), with the seats as they were, and
the game it came from stays as it was, byte for byte."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.persist import load_game, replay_states, save_game, saved_game
from game.persist.history import replayable_past
from game.play.retry import RetryError, retry_game, retry_saved, retry_session, seats_then
from game.play.session import Seat, Session
from game.seat_events import SeatEvent

SEATS = [Seat("Ann", True, colour=0), Seat("Kunz", False, "hard", colour=3)]
GAMES = ["knights", "rummy", "nim"]


def played(game: str, moves: int, seed: int = 8) -> Session:
    session = Session(game, [replace(seat) for seat in SEATS], seed=seed)
    rng = random.Random(seed)
    for _move in range(moves):
        if session.state.is_terminal:
            break
        session.apply(rng.choice(session.state.legal_actions()))
    return session


def saved_file(session: Session, path: Path) -> Path:
    start, actions = replayable_past(session.game, session.history, session.state)
    saved = saved_game(session.game, session.seats, session.state, actions, {}, start)
    return save_game(path, saved)


@pytest.mark.parametrize("game", GAMES)
def test_a_retry_is_the_reviewed_position_in_full_and_plays_on_identically(
    game: str, tmp_path: Path
) -> None:
    session = played(game, 40)
    path = saved_file(session, tmp_path / "original.json")
    original = path.read_bytes()
    saved = load_game(path)
    states = replay_states(saved)
    assert states is not None and len(saved.history) >= 6
    index = len(saved.history) // 2

    retry = retry_saved(saved, index)
    again = retry_session(retry)

    # The whole state, hidden tiles and cards to come included, is the position's.
    assert again.state.to_dict() == states[index].to_dict()
    assert [(s.name, s.human, s.level, s.colour) for s in again.seats] == [
        (s.name, s.human, s.level, s.colour) for s in session.seats
    ]
    assert [entry.action for entry in again.history] == list(saved.history[:index])
    assert again.seed == states[index].seed
    # The same moves draw the same tiles or cards: every position after it is the original's.
    for step, action in enumerate(saved.history[index:], start=index + 1):
        again.apply(action)
        assert again.state.to_dict() == states[step].to_dict()
    assert again.state.to_dict() == saved.state.to_dict()
    # The retry saves elsewhere and loads back as a game of its own; the original is as it was.
    copy = save_game(tmp_path / "retry.json", retry)
    assert load_game(copy).state.to_dict() == states[index].to_dict()
    assert path.read_bytes() == original


def test_a_retry_from_the_start_of_a_later_rummy_round_deals_that_round_again(
    tmp_path: Path,
) -> None:
    session = played("rummy", 400, seed=3)
    assert session.state.is_terminal
    session.apply(session.state.legal_actions()[0])  # the next round
    rng = random.Random(1)
    for _move in range(6):
        session.apply(rng.choice(session.state.legal_actions()))
    path = saved_file(session, tmp_path / "round2.json")
    saved = load_game(path)
    assert saved.start is not None and saved.start.round == 2
    retry = retry_saved(saved)
    assert retry.state.to_dict() == saved.start.to_dict()
    assert retry.state.stock == saved.start.stock  # the cards to come, in their order
    again = retry_session(retry)
    for action in saved.history:
        again.apply(action)
    assert again.state.to_dict() == saved.state.to_dict()


def test_the_seats_are_as_they_were_at_the_position() -> None:
    session = played("knights", 10, seed=4)
    before_hand_over = len(session.history)
    session.hand_over(0, "expert")  # Ann leaves her seat to the computer ...
    rng = random.Random(2)
    for _move in range(6):
        session.apply(rng.choice(session.state.legal_actions()))
    session.record(SeatEvent("seat", 1, "Kunz", old="hard", level="easy"))  # Kunz: easier
    states = [entry.before for entry in session.history] + [session.state]
    history = [entry.action for entry in session.history]

    earlier = retry_game("knights", session.seats, states, history, 5)
    assert [(s.name, s.kind, s.level) for s in earlier.seats] == [
        ("Ann", "human", None),
        ("Kunz", "computer", "hard"),
    ]
    # Nobody sat there as a person then: the seat on turn is the player's, the others as then.
    for index, kunz in ((before_hand_over + 2, "hard"), (len(history), "easy")):
        retry = retry_game("knights", session.seats, states, history, index)
        mover = states[index].current_player
        ann = ("Ann", "human", None) if mover == 0 else ("Ann", "computer", "expert")
        other = ("Kunz", "human", None) if mover == 1 else ("Kunz", "computer", kunz)
        assert [(s.name, s.kind, s.level) for s in retry.seats] == [ann, other]
    now = seats_then(session.seats, history, len(history))
    assert now == session.seats


def test_a_game_of_computers_only_is_played_again_by_the_seat_on_turn() -> None:
    session = Session("nim", [Seat("Kunz", False, "easy", 0), Seat("Hilde", False, "hard", 1)], 5)
    for _move in range(3):
        session.apply(session.state.legal_actions()[0])
    states = [entry.before for entry in session.history] + [session.state]
    history = [entry.action for entry in session.history]
    retry = retry_game("nim", session.seats, states, history, 1)
    mover = states[1].current_player
    assert [seat.human for seat in retry.seats] == [i == mover for i in range(2)]
    assert retry.seats[1 - mover].level in ("easy", "hard")


def test_there_is_nothing_to_play_from_the_end_of_a_game() -> None:
    session = played("nim", 200)
    assert session.state.is_terminal
    states: list[Any] = [entry.before for entry in session.history] + [session.state]
    history = [entry.action for entry in session.history]
    with pytest.raises(RetryError, match="over"):
        retry_game("nim", session.seats, states, history, len(history))
    with pytest.raises(RetryError):
        retry_game("nim", session.seats, states, history, len(history) + 5)
    retry_game("nim", session.seats, states, history, len(history) - 1)  # the last move: fine


def test_a_matched_computer_is_matched_again_in_the_retry(tmp_path: Path) -> None:
    session = Session(
        "knights", [SEATS[0], Seat("Kunz", False, "hard", colour=3, strength=2.4)], seed=8
    )
    rng = random.Random(8)
    for _move in range(12):
        session.apply(rng.choice(session.state.legal_actions()))
    saved = load_game(saved_file(session, tmp_path / "matched.json"))
    retry = retry_saved(saved, len(saved.history) // 2)
    assert [seat.strength for seat in retry.seats] == [None, 2.4]
    assert [seat.strength for seat in retry_session(retry).seats] == [None, 2.4]
