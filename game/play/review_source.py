"""What a review is of: a game's seats, its states and history, and where its findings go.

A review opens from a save (the Load screen) or from the live table (the results screen).
Either way it becomes one :class:`ReviewSource`: the seats as they are now, the states
``[before history[0], after history[0], ..., after the last]`` the review engine wants, the
history itself, a stored review if there is one, and ``keep`` to store the finished review
(into the save file, or on the session so reopening it is instant, and into the game's kept
file when it has been kept).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from game.core import GameState
from game.persist import SavedGame, SaveError, replay_states, store_kept_review, store_review
from game.play.session import Seat
from game.review import GameReview, ReviewedTurn, review_covers
from game.seat_events import HistoryItem, SeatEvent

if TYPE_CHECKING:
    from game.play.session import Session

# Stores a finished review; returns a sentence saying why it could not be kept, or None.
Keeper = Callable[[GameReview], str | None]


@dataclass(frozen=True)
class ReviewSource:
    game: str
    seats: tuple[Seat, ...]
    states: tuple[GameState, ...]
    history: tuple[HistoryItem, ...]
    stored: GameReview | None = None
    keep: Keeper | None = None

    @property
    def reviewed_seats(self) -> tuple[int, ...]:
        """The human seats; every seat when nobody at the table is a person."""
        humans = tuple(i for i, seat in enumerate(self.seats) if seat.human)
        return humans or tuple(range(len(self.seats)))

    @property
    def moves(self) -> int:
        return len(self.history)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @cached_property
    def computer_played(self) -> frozenset[int]:
        """The history entries the computer played in a seat a person played too (the seat
        was handed over): a review tells them apart, never as the person's own decisions."""
        return computer_played(self.history, self.states, [seat.human for seat in self.seats])

    def own_decision(self, turn: ReviewedTurn) -> bool:
        """Did a person make this decision himself (or was nobody ever a person in its seat)?"""
        played = self.computer_played
        return not any(i in played for i in range(turn.index, turn.index + max(1, turn.moves)))

    def covered(self) -> GameReview | None:
        """The stored review, if it answers for this game as it stands."""
        stored = self.stored
        if stored is not None and review_covers(stored, self.reviewed_seats, self.moves):
            return stored
        return None

    def resumable(self) -> tuple[ReviewedTurn, ...]:
        """Turns of a stored review of fewer moves (a game that went on, a cancelled review)
        that still stand: they need not be judged again."""
        stored = self.stored
        if stored is None or stored.game != self.game:
            return ()
        if not set(self.reviewed_seats) <= set(stored.seats) or stored.moves > self.moves:
            return ()
        return tuple(t for t in stored.turns if t.index + t.moves <= self.moves)


def computer_played(
    history: Sequence[HistoryItem], states: Sequence[GameState], human_now: Sequence[bool]
) -> frozenset[int]:
    """The indexes of ``history``'s moves that the computer made in a seat that a person
    played at some time of ``history`` (``human_now``: who plays each seat at its end).

    Who played a seat is read backwards from now: before a ``seat`` change it was played as
    its ``old`` says; a seat that joined did not exist before; a seat that left is taken as
    a person's (a leave does not say)."""
    # One record per seat, followed through joins and leaves: [played by a person now,
    # ever played by a person].
    seats = [[human, human] for human in human_now]
    by_computer: list[tuple[int, list[bool]]] = []
    for index in range(len(history) - 1, -1, -1):
        item = history[index]
        if isinstance(item, SeatEvent):
            at = item.seat
            if item.change == "seat" and 0 <= at < len(seats):
                seats[at][0] = item.old == "human"
                seats[at][1] = seats[at][1] or seats[at][0]
            elif item.change == "join" and 0 <= at < len(seats):
                del seats[at]
            elif item.change == "leave" and 0 <= at <= len(seats):
                seats.insert(at, [True, True])
            continue
        mover = states[index].current_player if index < len(states) else None
        if mover is not None and 0 <= mover < len(seats) and not seats[mover][0]:
            by_computer.append((index, seats[mover]))
    return frozenset(index for index, seat in by_computer if seat[1])


def state_names(state: GameState) -> list[str]:
    """The players' names a state holds."""
    return list(state.player_names)


def seats_at(state: GameState, seats: Sequence[Seat]) -> list[Seat]:
    """Seats that fit ``state`` (a player may have joined or left since), each a person or a
    computer as he was (whose hand the table shows is the session's ``review_viewer``)."""
    by_name = {seat.name: seat for seat in seats}
    used = {seat.colour for seat in seats}
    spare = iter(c for c in range(12) if c not in used)
    fitted = []
    for name in state_names(state):
        seat = by_name.get(name)
        fitted.append(seat if seat is not None else Seat(name, False, "medium", next(spare)))
    return fitted


def _store_in_file(path: Path, saved: SavedGame) -> Keeper:
    def keep(review: GameReview) -> str | None:
        try:
            store_review(path, review, made_for=saved)
        except (SaveError, ValueError, OSError) as error:
            return str(error)
        return None

    return keep


def source_from_saved(saved: SavedGame, path: Path | None) -> ReviewSource | None:
    """The review of a saved game (None: its history does not lead to its state)."""
    states = replay_states(saved)
    if states is None:
        return None
    seats = tuple(
        Seat(r.name, r.human, r.level or "medium", r.colour, r.strength) for r in saved.seats
    )
    stored = saved.review if isinstance(saved.review, GameReview) else None
    return ReviewSource(
        saved.game,
        seats,
        tuple(states),
        tuple(saved.history),
        fitting(saved.game, states, saved.history, stored),
        _store_in_file(path, saved) if path is not None else None,
    )


def source_from_session(session: Session) -> ReviewSource | None:
    """The review of the live game's kept history (None: nothing reviewable is kept)."""
    entries = session.history
    if not entries or any(entry.before is None for entry in entries):
        return None
    states = tuple(entry.before for entry in entries) + (session.state,)

    def keep(review: GameReview) -> str | None:
        session.review = review
        kept = session.kept
        if not isinstance(kept, SavedGame) or len(kept.history) != review.moves:
            return None  # not kept, or kept with fewer moves than were reviewed
        try:
            store_kept_review(kept, review)
        except (SaveError, ValueError, OSError) as error:
            return str(error)
        return None

    history = tuple(entry.action for entry in entries)
    return ReviewSource(
        session.game,
        tuple(session.seats),
        states,
        history,
        # Kept from an earlier round (rummy drops a round's moves at the next deal): only if
        # it is of these moves.
        fitting(session.game, states, history, session.review),
        keep,
    )


def fitting(
    game: str,
    states: Sequence[GameState],
    history: Sequence[HistoryItem],
    review: GameReview | None,
) -> GameReview | None:
    """``review`` if it is of this game as it stands, else None (it is made again)."""
    from ai.review import fits_game

    if review is None or not fits_game(game, states, history, review):
        return None
    return review
