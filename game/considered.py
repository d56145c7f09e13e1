"""What a computer player weighed for one decision: its move and the others it weighed most,
each with its estimated win chance. Made by the computer players (the search's visit counts and
values, or the medium level's evaluation), carried back from the AI process with the decision
and shown in the table's "why?" panel.

A small typed value that round-trips through JSON (the process boundary pickles it; a file
could keep it), read back with every field checked.

A chance is shown only when it rests on enough: a search's chance with at least
``MIN_VISITS`` visits, and two chances closer than twice their standard error are "close", not
one better than the other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.numbers import number_in

SEARCH, EVALUATION, NONE = "search", "evaluation", "none"
SOURCES = (SEARCH, EVALUATION, NONE)
MIN_VISITS = 20  # fewer visits than this: the search's value is not shown as a chance
MOST = 4  # the move played and three others at most
MAX_ACTIONS = 16  # actions of one weighed move (a Robber Knights turn's plan)


@dataclass(frozen=True)
class Option:
    """One weighed move: its actions as JSON dicts (one move, or a whole turn's plan), its
    estimated win chance (0..1; None: not measured), and the search visits it rests on (0 for
    an evaluation)."""

    actions: tuple[dict[str, Any], ...]
    chance: float | None
    visits: int = 0

    @property
    def stderr(self) -> float | None:
        """The chance's standard error: for values in [0, 1], at most sqrt(p(1-p)/n)."""
        if self.chance is None or self.visits <= 0:
            return None
        p = min(max(self.chance, 0.0), 1.0)
        return math.sqrt(max(p * (1.0 - p), 0.0025) / self.visits)

    def shown_chance(self, source: str) -> float | None:
        """The chance to show: a search's only with enough visits."""
        if self.chance is None:
            return None
        if source == SEARCH and self.visits < MIN_VISITS:
            return None
        return self.chance


@dataclass(frozen=True)
class Considered:
    """A decision's weighed moves, the one played first; ``source`` says where the chances
    come from (``"search"``, ``"evaluation"``, or ``"none"``: the player weighs nothing)."""

    source: str
    options: tuple[Option, ...]
    level: str = ""

    def close_to_played(self, index: int) -> bool:
        """Is option ``index``'s chance within the noise of the played move's (twice their
        combined standard error)? An evaluation has no noise to speak of: exact ties only."""
        played, other = self.options[0], self.options[index]
        if played.chance is None or other.chance is None:
            return True
        gap = abs(played.chance - other.chance)
        a, b = played.stderr, other.stderr
        if a is None or b is None:
            return gap < 0.005
        return gap < 2.0 * math.sqrt(a * a + b * b)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "level": self.level,
            "options": [
                {"actions": list(o.actions), "chance": o.chance, "visits": o.visits}
                for o in self.options
            ],
        }


def considered_from_json(data: Any) -> Considered:
    """A :class:`Considered` read back from untrusted JSON; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("what the computer weighed must be an object")
    source = data.get("source")
    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r} of the computer's chances")
    level = data.get("level", "")
    if not isinstance(level, str) or len(level) > 20:
        raise ValueError("the level must be a short text")
    raw = data.get("options")
    if not isinstance(raw, list) or len(raw) > MOST:
        raise ValueError(f"the weighed moves must be a list of at most {MOST}")
    options = []
    for item in raw:
        if not isinstance(item, dict):
            raise ValueError("a weighed move must be an object")
        actions = item.get("actions")
        if (
            not isinstance(actions, list)
            or not 0 < len(actions) <= MAX_ACTIONS
            or not all(isinstance(a, dict) for a in actions)
        ):
            raise ValueError("a weighed move's actions must be a short list of objects")
        chance = item.get("chance")
        if chance is not None:
            chance = number_in(chance, "chance", 0.0, 1.0)
        visits = item.get("visits", 0)
        if type(visits) is not int or not 0 <= visits <= 10**9:
            raise ValueError("visits must be a whole number")
        options.append(Option(tuple(actions), chance, visits))
    return Considered(source, tuple(options), level)
