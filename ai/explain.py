"""What a computer player weighed, as the :class:`game.considered.Considered` value the table's
"why?" panel shows: from a search's root (visit counts and mean values), or from an
evaluation of each candidate (the medium level)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ai.ismcts import SearchResult
from game.considered import EVALUATION, MOST, NONE, SEARCH, Considered, Option


def _dicts(actions: Sequence[Any]) -> tuple[dict[str, Any], ...]:
    return tuple(action.to_dict() for action in actions)


def nothing_weighed(action: Any, level: str) -> Considered:
    """A decision with no alternatives weighed (one choice, or a player that weighs none)."""
    return Considered(NONE, (Option(_dicts([action]), None, 0),), level)


def from_search(
    result: SearchResult, level: str, actions_of: Callable[[Any], Sequence[Any]]
) -> Considered:
    """The search's choice and the most visited others; ``actions_of`` turns a searched choice
    (an action, or a whole turn's plan) into its actions."""
    if len(result.weighed) < 2:
        return nothing_weighed(result.action, level)
    options = tuple(
        Option(_dicts(actions_of(choice)), mean, visits)
        for choice, visits, mean in result.weighed[:MOST]
    )
    return Considered(SEARCH, options, level)


def from_evaluation(
    chosen: Sequence[Any], others: Sequence[tuple[Sequence[Any], float]], chance: float, level: str
) -> Considered:
    """The move ``chosen`` (its actions, its evaluated ``chance``) and the best ``others``."""
    ranked = sorted(others, key=lambda item: -item[1])[: MOST - 1]
    options = (Option(_dicts(chosen), chance, 0),) + tuple(
        Option(_dicts(actions), value, 0) for actions, value in ranked
    )
    return Considered(EVALUATION if len(options) > 1 else NONE, options, level)
