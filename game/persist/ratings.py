"""Each person's rating per game, kept in the statistics file beside the results.

A rating is Elo's: after a game (a rummy round) against computer seats of known ratings (their
game's ladder), it moves by ``K * (score - expected)`` averaged over those seats, where a seat
beaten counts 1, a draw 1/2, a loss 0, and the expected score against a seat ``d`` points
stronger is ``1 / (1 + 10 ** (d / 400))``. A new person starts at START, the rating of the
medium level on every ladder (its anchor); his first PROVISIONAL games move it faster.

Read back as untrusted: a rating, count or history that is not what this module writes is
refused with a message (``read_ratings``), and the person starts afresh at that game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from game.i18n import _
from game.numbers import number_in

from .validate import int_problem, name_key, name_problem

START = 1500.0
K_NEW, K = 40.0, 20.0
PROVISIONAL = 10  # games at K_NEW
LOWEST, HIGHEST = 0.0, 4000.0  # far outside any ladder: only a forged file gets there
MAX_GAMES = 10**9
# The newest ratings kept for the graph: with MAX_PEOPLE people at both games the statistics
# file stays well inside what its reader accepts (jsonfile.MAX_SMALL_FILE).
MAX_HISTORY = 100
READ_HISTORY = 500  # a longer history in a file (an earlier limit) is read, its newest kept
MAX_PEOPLE = 200  # per game


def expected(rating: float, opponent: float) -> float:
    """The mean score of a player of ``rating`` against one of rating ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


@dataclass(frozen=True)
class Rating:
    """A person's rating at one game, the games it rests on, and its history (the rating
    after each of the newest games, oldest first; the first entry is where it started)."""

    value: float = START
    games: int = 0
    history: tuple[float, ...] = (START,)

    def after(self, results: Sequence[tuple[float, float]]) -> Rating:
        """After one game with ``results``: (the opponent's rating, the score against him)."""
        if not results:
            return self
        k = K_NEW if self.games < PROVISIONAL else K
        change = k * sum(score - expected(self.value, rating) for rating, score in results)
        value = min(HIGHEST, max(LOWEST, self.value + change / len(results)))
        history = (*self.history, round(value, 1))[-MAX_HISTORY:]
        return Rating(round(value, 1), self.games + 1, history)

    def to_dict(self) -> dict[str, object]:
        return {"rating": self.value, "games": self.games, "history": list(self.history)}


def _rating(data: object) -> Rating:
    """A stored rating; ValueError (in English, for the record) when it isn't one."""
    if not isinstance(data, dict):
        raise ValueError("not a rating")
    value = number_in(data.get("rating"), "rating", LOWEST, HIGHEST)
    games = data.get("games")
    problem = int_problem(games, 0, MAX_GAMES)
    if problem is not None or not isinstance(games, int):
        raise ValueError(f"games: {problem}")
    raw = data.get("history")
    if not isinstance(raw, list) or not 1 <= len(raw) <= READ_HISTORY:
        raise ValueError(f"history is not a list of 1 to {READ_HISTORY} ratings")
    history = tuple(number_in(v, "history", LOWEST, HIGHEST) for v in raw)
    if len(history) > games + 1 or not math.isclose(history[-1], value, abs_tol=0.05):
        raise ValueError("history does not end at the rating")
    return Rating(value, games, history[-MAX_HISTORY:])


Ratings = Mapping[tuple[str, str], Rating]  # (game, person's name) -> rating


def read_ratings(data: object, games: Sequence[str]) -> tuple[Ratings, tuple[str, ...]]:
    """The ratings in a statistics file's ``"ratings"`` (absent in older files: none), and a
    message for each one refused."""
    found: dict[tuple[str, str], Rating] = {}
    problems: list[str] = []
    if data is None:
        return MappingProxyType(found), ()
    if not isinstance(data, dict):
        return MappingProxyType(found), (_("The stored ratings were damaged and start afresh."),)
    for game, people in data.items():
        if game not in games or not isinstance(people, dict):
            problems.append(_("The stored ratings were damaged and start afresh."))
            continue
        if len(people) > MAX_PEOPLE:  # more than this program keeps: the first ones are read
            problems.append(_("Some stored ratings were left out: too many people."))
            people = dict(list(people.items())[:MAX_PEOPLE])
        for name, raw in people.items():
            if name_problem(name) is not None:
                problems.append(_("A rating without a valid name was left out."))
                continue
            try:
                found[(game, name)] = _rating(raw)
            except ValueError:
                problems.append(
                    _("The rating of {name} was damaged and starts afresh.").format(name=name)
                )
    return MappingProxyType(found), tuple(dict.fromkeys(problems))


def ratings_to_dict(ratings: Ratings) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for (game, name), rating in sorted(ratings.items()):
        out.setdefault(game, {})[name] = rating.to_dict()
    return out


def find(ratings: Ratings, game: str, name: str) -> tuple[str, Rating] | None:
    """The stored name and rating of the person called ``name`` (as names compare) at ``game``."""
    key = name_key(name)
    for (rated_game, stored), rating in ratings.items():
        if rated_game == game and name_key(stored) == key:
            return stored, rating
    return None


def rated(
    ratings: Ratings, game: str, name: str, results: Sequence[tuple[float, float]]
) -> Ratings:
    """``ratings`` with ``name``'s at ``game`` moved by one game's ``results``."""
    if not results:
        return ratings
    updated = dict(ratings)
    before = find(ratings, game, name)
    if before is not None:
        del updated[(game, before[0])]
    updated[(game, name)] = (before[1] if before else Rating()).after(results)
    people = [key for key in updated if key[0] == game]
    if len(people) > MAX_PEOPLE:  # room for a new person: the one with the fewest games goes
        fewest = min((k for k in people if k != (game, name)), key=lambda k: updated[k].games)
        del updated[fewest]
    return MappingProxyType(updated)
