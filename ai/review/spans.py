"""A game's history cut into decisions: the moves one player made in one go."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game.core import Action, GameState
from game.seat_events import HistoryItem, SeatEvent

S = TypeVar("S", bound=GameState)


class TurnRules(Protocol):
    """What the review must know of a game to cut its history into decisions."""

    def is_decision(self, before: GameState, action: Action) -> bool:
        """Is ``action`` (played at ``before``) a player's choice worth judging?"""
        ...

    def continues_turn(self, before: GameState) -> bool:
        """Is the player to move at ``before`` in the middle of the turn he began earlier?"""
        ...

    def round_of(self, state: GameState) -> int:
        """The round ``state`` is in, from 1 (a game without rounds: always 1)."""
        ...


@dataclass(frozen=True)
class DecisionSpan(Generic[S]):
    """One decision: ``actions`` played by ``seat`` from ``before`` (history entries
    ``index`` to ``index + len(actions) - 1``), reaching ``after``. Generic in the game's
    state: the shared code knows a ``DecisionSpan[GameState]``, a game's review its own."""

    index: int
    seat: int
    round: int
    turn: int
    before: S
    after: S
    actions: tuple[Action, ...]

    @property
    def moves(self) -> int:
        return len(self.actions)


def decision_spans(
    rules: TurnRules, states: Sequence[GameState], history: Sequence[HistoryItem]
) -> list[DecisionSpan[GameState]]:
    """The decisions of ``history``; ``states[i]`` is the position before ``history[i]`` and
    ``states[-1]`` the position after the last entry (as :func:`game.persist.replay_states`
    gives them)."""
    if len(states) != len(history) + 1:
        raise ValueError("a review needs the position before every move and after the last")
    spans: list[DecisionSpan[GameState]] = []
    turns: dict[tuple[int, int], int] = {}
    i = 0
    while i < len(history):
        before, action = states[i], history[i]
        if isinstance(action, SeatEvent) or not rules.is_decision(before, action):
            i += 1
            continue
        seat = before.current_player
        assert seat is not None  # a move was played here: someone was to move
        j = i + 1
        while (
            j < len(history)
            and not isinstance(history[j], SeatEvent)
            and states[j].current_player == seat
            and rules.continues_turn(states[j])
            and rules.is_decision(states[j], history[j])
        ):
            j += 1
        round_number = rules.round_of(before)
        key = (round_number, seat)
        turns[key] = turns.get(key, 0) + 1
        spans.append(
            DecisionSpan(
                index=i,
                seat=seat,
                round=round_number,
                turn=turns[key],
                before=before,
                after=states[j],
                actions=tuple(history[i:j]),
            )
        )
        i = j
    return spans
