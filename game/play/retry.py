"""Play a game again from one of its positions ("Play from here"), without pygame.

A retry starts a new game at the position before history entry ``index`` of a reviewed or saved
game: the very engine state of that moment, so the deal and every hidden tile or card still to
come lie in the same order (an engine state holds them all; only a player's *view* hides
them), with the seats as they were then (names, people, computer levels, colours: a seat
handed to the computer or renamed later is as it was at that move). The moves before it stay
as the new game's history, so its log, replay and review see the whole game. The new game is a
:class:`~game.persist.SavedGame` of its own: opening it writes nothing into the file it came
from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from game.core import LEVELS, GameState
from game.i18n import _
from game.persist import SavedGame, SeatRecord, replay_states, saved_game
from game.play.session import HistoryEntry, Seat, SeatError, Session, validate_seats
from game.registry import game_spec
from game.seat_events import HistoryItem, SeatEvent

MAX_COLOURS = 12  # the palette's size: a seat that left gets a colour nobody else has


class RetryError(ValueError):
    """The position can't be played again; ``str(error)`` is a sentence for the player."""


def seats_then(seats_now: Sequence[Seat], history: Sequence[HistoryItem], index: int) -> list[Seat]:
    """The seats as they were before history entry ``index``: the seat changes after it are
    undone, newest first (a seat that left comes back as a person, as the review takes it)."""
    seats = list(seats_now)
    for item in reversed(history[index:]):
        if not isinstance(item, SeatEvent):
            continue
        at = item.seat
        if item.change == "seat" and 0 <= at < len(seats):
            if item.old == "human":
                seats[at] = replace(seats[at], human=True)
            elif item.old in LEVELS:
                seats[at] = replace(seats[at], human=False, level=item.old)
        elif item.change == "rename" and 0 <= at < len(seats) and item.old:
            seats[at] = replace(seats[at], name=item.old)
        elif item.change == "join" and 0 <= at < len(seats):
            del seats[at]
        elif item.change == "leave" and 0 <= at <= len(seats):
            used = {seat.colour for seat in seats}
            colour = next((c for c in range(MAX_COLOURS) if c not in used), 0)
            seats.insert(at, Seat(item.name, True, "medium", colour))
    return seats


def _fitted(seats: list[Seat], state: GameState) -> list[Seat]:
    """``seats`` made to fit ``state``'s players (matched by name where the seat changes did
    not say enough), with at least one person: the one on turn, when nobody was."""
    names = list(state.player_names)
    if [seat.name for seat in seats] != names:
        by_name = {seat.name: seat for seat in seats}
        used = {seat.colour for seat in seats}
        spare = iter(c for c in range(MAX_COLOURS) if c not in used)
        seats = [by_name.get(name) or Seat(name, False, "medium", next(spare, 0)) for name in names]
    if not any(seat.human for seat in seats):
        mover = state.current_player
        if mover is not None and 0 <= mover < len(seats):
            seats[mover] = replace(seats[mover], human=True)
    return seats


def retry_game(
    game: str,
    seats_now: Sequence[Seat],
    states: Sequence[GameState],
    history: Sequence[HistoryItem],
    index: int,
    extra: Mapping[str, object] | None = None,
) -> SavedGame:
    """The new game that starts before history entry ``index`` of a game whose ``states``
    are ``[before history[0], after history[0], ..., after the last]`` and whose seats are
    ``seats_now`` at its end; ``extra`` is what its table kept beside it (a score sheet).
    RetryError when there is nothing left to play there."""
    if not 0 <= index < len(states) or len(states) != len(history) + 1:
        raise RetryError(_("There is no such position in this game."))
    state = states[index]
    if state.is_terminal or state.current_player is None:
        raise RetryError(_("The game is over at this position: there is nothing left to play."))
    seats = _fitted(seats_then(seats_now, history, index), state)
    try:
        validate_seats(game, seats)
    except SeatError as error:
        raise RetryError(str(error)) from None
    return saved_game(
        game,
        [SeatRecord.from_seat(seat) for seat in seats],
        state,
        history[:index],
        dict(extra or {}),
        start=states[0],
    )


def retry_saved(saved: SavedGame, index: int = 0) -> SavedGame:
    """The new game that starts before history entry ``index`` of ``saved`` (0: where its
    kept moves begin). RetryError when its moves don't lead to its position."""
    states = replay_states(saved)
    if states is None:
        raise RetryError(_("This game can't be played again: its moves are not all kept."))
    seats = [Seat(r.name, r.human, r.level or "medium", r.colour, r.strength) for r in saved.seats]
    extra = {key: value for key, value in saved.extra.items()}
    return retry_game(saved.game, seats, states, saved.history, index, extra)


def retry_session(retry: SavedGame) -> Session:
    """The session of a retry (from :func:`retry_game`): its position, seats and the moves
    before it, each with the log's words."""
    spec = game_spec(retry.game)
    seats = [Seat(r.name, r.human, r.level or "medium", r.colour, r.strength) for r in retry.seats]
    states = replay_states(retry)
    if states is None:
        raise RetryError(_("This game can't be played again: its moves are not all kept."))
    entries: list[HistoryEntry] = []
    for before, action in zip(states, retry.history, strict=False):
        if isinstance(action, SeatEvent):
            entries.append(HistoryEntry(action.seat, action, "", before))
        else:
            text = spec.describe(before, action)
            entries.append(HistoryEntry(before.current_player, action, text, before))
    return Session.restore(retry.game, seats, retry.state, entries)
