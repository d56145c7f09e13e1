"""A game's history cut into decisions: the moves one player made in one go."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.seat_events import SeatEvent


class TurnRules(Protocol):
    """What the review must know of a game to cut its history into decisions."""

    def is_decision(self, before: Any, action: Any) -> bool:
        """Is ``action`` (played at ``before``) a player's choice worth judging?"""
        ...

    def continues_turn(self, before: Any) -> bool:
        """Is the player to move at ``before`` in the middle of the turn he began earlier?"""
        ...

    def round_of(self, state: Any) -> int:
        """The round ``state`` is in, from 1 (a game without rounds: always 1)."""
        ...


@dataclass(frozen=True)
class DecisionSpan:
    """One decision: ``actions`` played by ``seat`` from ``before`` (history entries
    ``index`` to ``index + len(actions) - 1``), reaching ``after``."""

    index: int
    seat: int
    round: int
    turn: int
    before: Any
    after: Any
    actions: tuple[Any, ...]

    @property
    def moves(self) -> int:
        return len(self.actions)


def decision_spans(
    rules: TurnRules, states: Sequence[Any], history: Sequence[Any]
) -> list[DecisionSpan]:
    """The decisions of ``history``; ``states[i]`` is the position before ``history[i]`` and
    ``states[-1]`` the position after the last entry (as :func:`game.persist.replay_states`
    gives them)."""
    if len(states) != len(history) + 1:
        raise ValueError("a review needs the position before every move and after the last")
    spans: list[DecisionSpan] = []
    turns: dict[tuple[int, int], int] = {}
    i = 0
    while i < len(history):
        before, action = states[i], history[i]
        if isinstance(action, SeatEvent) or not rules.is_decision(before, action):
            i += 1
            continue
        seat = before.current_player
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
