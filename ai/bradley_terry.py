"""The Bradley-Terry fit behind the ladders: one Elo-style rating per player from pairwise
results, with intervals from the Fisher information.

A player of rating ``r`` scores ``1 / (1 + 10 ** ((s - r) / 400))`` on average against one of
rating ``s`` (a draw or a shared win counts half). Ratings are fixed by one anchor player;
the interval of each other player is that of its difference to the anchor.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

ELO = 400.0 / math.log(10.0)  # rating points per natural-log unit of strength
Z95 = 1.959964


@dataclass(frozen=True)
class PairResult:
    """``games`` between ``a`` and ``b``, of which ``a`` scored ``score`` (draws count half)."""

    a: str
    b: str
    games: float
    score: float


@dataclass(frozen=True)
class Fitted:
    rating: float
    low: float  # the 95 % interval (the anchor's is its rating)
    high: float
    games: float  # games the player played in the fit (not counting the prior)


def expected_score(rating: float, opponent: float) -> float:
    """The mean score of a player of ``rating`` against one of rating ``opponent``."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def _pair_tables(
    players: Sequence[str], results: Sequence[PairResult], prior: float
) -> tuple[list[list[float]], list[list[float]]]:
    """Games and scores per ordered pair, ``prior`` games added to each pair that met (half
    won by each side), so that a pair one side won every time still gives a finite gap."""
    index = {name: i for i, name in enumerate(players)}
    k = len(players)
    games = [[0.0] * k for _ in range(k)]
    score = [[0.0] * k for _ in range(k)]
    for result in results:
        if result.games <= 0 or not 0 <= result.score <= result.games:
            raise ValueError(f"impossible result {result}")
        i, j = index[result.a], index[result.b]
        if i == j:
            raise ValueError(f"{result.a} cannot play itself")
        games[i][j] += result.games
        games[j][i] += result.games
        score[i][j] += result.score
        score[j][i] += result.games - result.score
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j] > 0:
                games[i][j] += prior
                score[i][j] += prior / 2.0
    return games, score


def _connected(games: list[list[float]]) -> bool:
    seen = {0}
    todo = [0]
    while todo:
        i = todo.pop()
        for j, n in enumerate(games[i]):
            if n > 0 and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(games)


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric positive definite matrix."""
    n = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-12:
            raise ValueError("the results do not fix every rating")
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [value / lead for value in work[col]]
        for row in range(n):
            if row != col and work[row][col] != 0.0:
                factor = work[row][col]
                work[row] = [a - factor * b for a, b in zip(work[row], work[col], strict=True)]
    return [row[n:] for row in work]


def fit(
    players: Sequence[str],
    results: Sequence[PairResult],
    anchor: str,
    anchor_rating: float = 1500.0,
    prior: float = 0.0,
    iterations: int = 100_000,
) -> dict[str, Fitted]:
    """The maximum-likelihood ratings of ``players`` (``anchor`` at ``anchor_rating``), by
    Hunter's MM iteration, with 95 % intervals from the Fisher information. ValueError when the
    results leave a rating open (a player without games, a group that never met the others,
    a player who never scored or never lost without ``prior``)."""
    k = len(players)
    if anchor not in players or len(set(players)) != k:
        raise ValueError("the anchor must be one of distinct players")
    games, score = _pair_tables(players, results, prior)
    if k > 1 and not _connected(games):
        raise ValueError("some players never met the others, directly or through others")
    wins = [sum(row) for row in score]
    played = [sum(row) for row in games]
    if k > 1 and any(w <= 0 or w >= n for w, n in zip(wins, played, strict=True)):
        raise ValueError("a player who won every game or none has no finite rating")
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            total = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(k) if games[i][j] > 0
            )
            new.append(wins[i] / total if total > 0 else strength[i])
        norm = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / norm for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    a = players.index(anchor)
    theta = [math.log(s) - math.log(strength[a]) for s in strength]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j] > 0:
                p = strength[i] / (strength[i] + strength[j])
                weight = games[i][j] * p * (1.0 - p)
                info[i][j] -= weight
                info[i][i] += weight
    others = [i for i in range(k) if i != a]
    covariance = _invert([[info[i][j] for j in others] for i in others]) if others else []
    fitted: dict[str, Fitted] = {}
    real_games = [0.0] * k
    for result in results:
        real_games[players.index(result.a)] += result.games
        real_games[players.index(result.b)] += result.games
    for i, name in enumerate(players):
        rating = anchor_rating + ELO * theta[i]
        half = 0.0
        if i != a:
            position = others.index(i)
            half = Z95 * ELO * math.sqrt(max(0.0, covariance[position][position]))
        fitted[name] = Fitted(rating, rating - half, rating + half, real_games[i])
    return fitted


def pair_results(tallies: Mapping[tuple[str, str], tuple[float, float]]) -> list[PairResult]:
    """PairResults from ``{(a, b): (games, a's score)}``."""
    return [PairResult(a, b, games, won) for (a, b), (games, won) in tallies.items()]
