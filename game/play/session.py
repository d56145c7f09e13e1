"""A game session shared by every table: seats, the engine state, history and the AI seats.

The seam for tables is::

    seats = [Seat("Ann", human=True), Seat("Kunz", human=False, level="hard")]
    session = Session(game, seats, seed=7)     # game: a key of game.registry.GAMES
    scene = table_class(game)(app, session)    # every table has this constructor

A table reads ``session.state`` (through ``state.view(viewer)``), asks ``session.apply(action)``
to move the game on (the engine checks legality and raises ``IllegalAction``), and uses
``session.agent(seat)`` with an :class:`~game.play.ai_worker.AIWorker` for computer seats.
``session.rematch()`` gives a fresh session with the same seats.
"""

from __future__ import annotations

import random
import threading
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from game.core import LEVELS
from game.i18n import N_, _
from game.persist.validate import name_key
from game.play.ai_process import AgentSpec
from game.play.ai_worker import Agent
from game.registry import GameSpec, game_spec
from game.seat_events import MAX_NOTE, SeatEvent

LEVEL_WORDS: dict[str, str] = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "humans": N_("people only"),
    "matched": N_("matched to me"),  # a computer between the levels (Seat.strength)
}
MATCHED = "matched"


def game_title(game: str) -> str:
    """The game's name in the player's language."""
    return _(registered(game).info.title)


def level_word(level: str) -> str:
    """The computer level in the player's language."""
    return _(LEVEL_WORDS.get(level, level))


COMPUTER_NAMES: tuple[str, ...] = ("Kunz", "Hilde", "Ulrich", "Greta", "Ottokar", "Mechthild")


class SeatError(ValueError):
    """A seat list the game cannot be played with (wrong count, unknown level, ...)."""


@dataclass(frozen=True)
class Seat:
    name: str
    human: bool
    level: str = "medium"
    colour: int = 0  # index into the palette (game.ui.theme.seat_colour)
    # A computer "matched to me": its strength between the levels (ai.strength: 0 easy ...
    # 3 expert), chosen when the game starts; ``level`` is then the named level at or below it.
    strength: float | None = None

    @property
    def label(self) -> str:
        if self.human:
            return self.name
        return f"{self.name} ({level_word(MATCHED if self.strength is not None else self.level)})"


@dataclass(frozen=True)
class HistoryEntry:
    """One move (an engine action) or one change of the seats (a SeatEvent), in order."""

    seat: int | None
    action: Any
    text: str
    before: Any = None  # the state the action was applied to (for the replay of a turn)

    @property
    def is_move(self) -> bool:
        return not isinstance(self.action, SeatEvent)


def default_seats(game: str, count: int = 2, humans: int = 1) -> list[Seat]:
    """A sensible starting table: ``humans`` people, then medium computers."""
    seats = []
    for i in range(count):
        if i < humans:
            # A name, not "You": the log speaks of every player in the third person.
            name = _("Player {number}").format(number=i + 1)
            seats.append(Seat(name, True, "medium", i))
        else:
            seats.append(Seat(COMPUTER_NAMES[i % len(COMPUTER_NAMES)], False, "medium", i))
    return seats


def seats_from_spec(game: str, spec: str | None, autoplay: bool = False) -> list[Seat]:
    """Seats from the command line ``--players human,hard,...`` (``--autoplay``: no humans)."""
    tokens = [
        t.strip().lower()
        for t in (spec or ("medium,medium" if autoplay else "human,medium")).split(",")
    ]
    low, high = seat_limits(game)
    if not low <= len(tokens) <= high:
        raise SeatError(
            _("{game} needs {low} to {high} players, not {count}").format(
                game=game_title(game), low=low, high=high, count=len(tokens)
            )
        )
    seats: list[Seat] = []
    human_number = 0
    for i, token in enumerate(tokens):
        if token == "human" and not autoplay:
            human_number += 1
            name = _("Player {number}").format(number=human_number)
            seats.append(Seat(name, True, "medium", i))
        elif token in LEVELS or token == "human":
            level = token if token in LEVELS else "medium"
            seats.append(Seat(COMPUTER_NAMES[i % len(COMPUTER_NAMES)], False, level, i))
        else:
            raise SeatError(
                _("unknown player {token!r}: use human, {levels}").format(
                    token=token, levels=", ".join(LEVELS)
                )
            )
    return seats


# Letters and symbols that are drawn as nothing (fillers, the blank braille cell).
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def visible_name(name: str) -> bool:
    """Does ``name`` show anything? Spaces, format characters, lone accents and blank
    fillers alone make a name nobody can read on the table."""
    return any(unicodedata.category(ch)[0] not in "ZCM" and ch not in _BLANK_LETTERS for ch in name)


def validate_seats(game: str, seats: list[Seat]) -> None:
    low, high = seat_limits(game)
    if not low <= len(seats) <= high:
        raise SeatError(
            _("{game} needs {low} to {high} players").format(
                game=game_title(game), low=low, high=high
            )
        )
    names = [s.name.strip() for s in seats]
    if any(not visible_name(n) for n in names):
        raise SeatError(_("every seat needs a name"))
    if len(set(name_key(n) for n in names)) != len(names):
        raise SeatError(_("two seats have the same name"))
    if len(set(s.colour for s in seats)) != len(seats):
        raise SeatError(_("two seats have the same colour"))
    for seat in seats:
        if not seat.human and seat.level not in LEVELS:
            raise SeatError(_("unknown level {level!r}").format(level=seat.level))


def registered(game: str) -> GameSpec:
    """The registry's spec of ``game``; SeatError for a game there is not."""
    try:
        return game_spec(game)
    except ValueError as error:
        raise SeatError(str(error)) from None


def seat_limits(game: str) -> tuple[int, int]:
    """The fewest and the most players ``game`` is played with."""
    spec = registered(game)
    return spec.info.min_players, spec.info.max_players


def new_state(game: str, names: list[str], seed: int) -> Any:
    """A fresh engine state for ``game``."""
    return registered(game).new_game(names, seed)


@dataclass
class Session:
    """Everything a table needs besides drawing: seats, the engine state and its history."""

    game: str
    seats: list[Seat]
    seed: int | None = None
    state: Any = field(init=False)
    history: list[HistoryEntry] = field(init=False, default_factory=list)
    ai_budget: float | None = None  # seconds per search decision; None = the level's own
    decisions: int = field(init=False, default=0)
    # The last review of this game (game.review.GameReview): reopening it is instant.
    review: Any = field(init=False, default=None)
    # The finished game as kept in the Load screen (game.persist.SavedGame): its review is
    # stored in that file too.
    kept: Any = field(init=False, default=None)
    # A read-only table's viewer (a review shows each decision as its player saw it), whoever
    # is a person; None: the seats decide.
    review_viewer: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        validate_seats(self.game, self.seats)
        if self.seed is None:
            # Wide enough that the deal's fingerprint, shown at the start, can't be traced back
            # to its seed by trying them all (the deal code at the end names it).
            self.seed = random.randrange(1, 2**40)
        self.state = new_state(self.game, [s.name for s in self.seats], self.seed)
        self._agents: dict[int, Agent | AgentSpec] = {}
        self._stop = threading.Event()

    # -- seats -------------------------------------------------------------------------------
    @property
    def num_seats(self) -> int:
        return len(self.seats)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].human

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def viewer(self) -> int | None:
        """Whose hidden information the screen may show right now (None: nobody's)."""
        if self.review_viewer is not None:
            return self.review_viewer
        current = self.state.current_player
        if self.is_human(current):
            return int(current)
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def agent(self, seat: int) -> Agent | AgentSpec:
        """The computer player of ``seat``: a spec the AI worker runs in the AI process (or
        what ``set_agent`` seated)."""
        if seat not in self._agents:
            seed = (self.seed or 0) * 31 + seat
            info = self.seats[seat]
            self._agents[seat] = AgentSpec(
                self.game, info.level, seed, self.ai_budget, info.strength
            )
        return self._agents[seat]

    def set_agent(self, seat: int, agent: Agent) -> None:
        """Seat a particular computer player (tests, or a custom opponent)."""
        self._agents[seat] = agent

    def fall_back_to_medium(self, seat: int, why: str = "") -> bool:
        """After a computer player failed: seat the medium level there instead (recorded, with
        ``why``). False when that seat already plays medium (the caller then makes a safe move
        itself)."""
        info = self.seats[seat]
        if info.level == "medium" and info.strength is None and self.custom_agent(seat) is None:
            return False
        # One line of shown text, as a save takes it back (an error may hold anything).
        note = " ".join("".join(c if c.isprintable() else " " for c in why).split())
        note = note[:MAX_NOTE] or "?"
        self.record(SeatEvent("seat", seat, info.name, human=False, level="medium", note=note))
        return True

    def set_strengths(self, seats: list[Seat]) -> None:
        """The same seats with other strengths "matched to me" (after the people's ratings
        moved): each changed seat's player is made anew at its next decision."""
        for index, (old, new) in enumerate(zip(self.seats, seats, strict=True)):
            if old != new:
                self._agents.pop(index, None)
        self.seats = list(seats)

    def custom_agent(self, seat: int) -> Agent | None:
        """The player seated with ``set_agent`` (None: the seat's level plays)."""
        agent = self._agents.get(seat)
        return None if agent is None or isinstance(agent, AgentSpec) else agent

    def stop_computers(self) -> None:
        """Make any search still running answer at once (the table is being left)."""
        self._stop.set()

    def decision_rng(self) -> random.Random:
        """A fresh generator per decision, so a seeded game replays the same way."""
        return random.Random((self.seed or 0) * 1_000_003 + self.decisions)

    # -- changes of the seats (each one recorded in the history) -----------------------------
    def record(self, event: SeatEvent) -> Any:
        """Carry out ``event`` on the engine state and the seats, and keep it in the history.
        Raises the engine's IllegalAction (nothing changed) if the engine refuses it."""
        before = self.state
        after = event.apply(before, registered(self.game).restart)
        seats = list(self.seats)
        if event.change == "join":
            seats.append(Seat(event.name, event.human, event.level or "medium", event.colour))
        elif event.change == "rename":
            seats[event.seat] = replace(seats[event.seat], name=event.name)
        elif event.change == "leave":
            del seats[event.seat]
        elif event.change == "seat":
            seats[event.seat] = replace(
                seats[event.seat],
                human=event.human,
                level=event.level or "medium",
                strength=None,
            )
        self.state, self.seats = after, seats
        if event.change == "seat":
            self._agents.pop(event.seat, None)  # the seat's new level plays from now
        elif event.change == "leave":  # the seats after the one that went move up by one
            self._agents = {
                seat - (seat > event.seat): agent
                for seat, agent in self._agents.items()
                if seat != event.seat
            }
        if event.change == "new_game":
            self.seed = event.seed  # the replayable past starts again after this entry
        self.history.append(HistoryEntry(event.seat, event, "", before))
        return after

    def add_player(self, name: str, human: bool, level: str, colour: int) -> Any:
        seat = self.num_seats
        return self.record(SeatEvent("join", seat, name, human=human, level=level, colour=colour))

    def rename_player(self, seat: int, name: str) -> Any:
        old = self.seats[seat].name
        return self.record(SeatEvent("rename", seat, name, old=old))

    def remove_player(self, seat: int) -> Any:
        return self.record(SeatEvent("leave", seat, self.seats[seat].name))

    def hand_over(self, seat: int, level: str) -> Any:
        """The person at ``seat`` leaves it to the computer at ``level`` (or a computer seat's
        level changes)."""
        info = self.seats[seat]
        was = "human" if info.human else info.level
        event = SeatEvent("seat", seat, info.name, old=was, human=False, level=level)
        return self.record(event)

    def take_back(self, seat: int) -> Any:
        """The person comes back to ``seat`` and plays it himself again."""
        info = self.seats[seat]
        return self.record(SeatEvent("seat", seat, info.name, old=info.level, human=True))

    def restart(self, seed: int) -> Any:
        """The same table at a new deal, all points back to 0 (a "new game" of a game of
        rounds)."""
        return self.record(SeatEvent("new_game", 0, seed=seed))

    def played_through(self, seat: int, since: int = 0) -> bool:
        """Did a person play ``seat`` himself in every move from history entry ``since`` on?"""
        if not self.seats[seat].human:
            return False
        for entry in reversed(self.history[since:]):  # the seat's number as it was then
            event = entry.action
            if not isinstance(event, SeatEvent):
                continue
            if event.change == "leave" and event.seat <= seat:
                seat += 1
            elif event.change in ("seat", "join") and event.seat == seat:
                return False  # played by the computer for a while, or joined midway
        return True

    # -- moving on ---------------------------------------------------------------------------
    def apply(self, action: Any, text: str | None = None) -> Any:
        """Apply ``action`` for the current player; raises the engine's IllegalAction."""
        seat = self.state.current_player
        before = self.state
        self.state = self.state.apply(action)
        self.decisions += 1
        text = text if text is not None else registered(self.game).describe(before, action)
        self.history.append(HistoryEntry(seat, action, text, before))
        return self.state

    @classmethod
    def restore(
        cls,
        game: str,
        seats: list[Seat],
        state: Any,
        history: list[HistoryEntry],
        seed: int | None = None,
    ) -> Session:
        """A session that goes on from a saved ``state`` (Continue / Load)."""
        session = cls(game, seats, seed if seed is not None else state.seed)
        session.state = state
        session.history = list(history)
        session.decisions = sum(1 for entry in history if entry.is_move)
        return session

    def rematch(self) -> Session:
        """The same seats at a new deal (seeded games stay reproducible: seed + 1)."""
        next_seed = None if self.seed is None else self.seed + 1
        return Session(self.game, [replace(s) for s in self.seats], next_seed, self.ai_budget)
