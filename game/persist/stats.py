"""Statistics per game and opponent level: played, won, best and average score, kept across runs.

The client calls ``record_result`` once per human seat when a game (Robber Knights) or a round
(Räuber-Rommé, whose score is the round's penalty: lower is better) ends. The file is read
forgivingly (a damaged one is kept aside as ``stats.json.bad`` and counting starts afresh) and
written atomically. Beside the results it keeps each person's rating per game
(:mod:`game.persist.ratings`), moved with the same result and counted once with it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from game.core import LEVELS, GameState, JSONValue
from game.registry import GAME_KEYS
from game.registry import GAMES as REGISTERED_GAMES

from .atomic import write_atomic
from .filelock import locked
from .jsonfile import check_writable, read_json_object, set_aside
from .paths import stats_path
from .ratings import Ratings, rated, ratings_to_dict, read_ratings
from .validate import SeatLike, int_problem, text_problem

STATS_VERSION = 1
GAMES = GAME_KEYS
HOT_SEAT = "humans"  # the "level" of a table with no computer players
OPPONENTS = (*LEVELS, HOT_SEAT)
LOWER_IS_BETTER = {key: spec.info.lower_score_wins for key, spec in REGISTERED_GAMES.items()}
# Bounds for counts read back: far above any player's lifetime, small enough to draw and average.
MAX_GAMES = 10**9
MAX_SCORE = 10**6
MAX_RECORDED = 1_000  # results remembered as counted: far more than loads of old games
MAX_KEY = 64


@dataclass(frozen=True)
class Record:
    """Results against one opponent level in one game."""

    played: int = 0
    won: int = 0
    best: int | None = None
    total: int = 0

    @property
    def average(self) -> float | None:
        return self.total / self.played if self.played else None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def add(self, won: bool, score: int, lower_is_better: bool) -> Record:
        if self.best is None:
            best = score
        else:
            best = min(self.best, score) if lower_is_better else max(self.best, score)
        return Record(self.played + 1, self.won + int(won), best, self.total + score)

    def to_dict(self) -> dict[str, object]:
        return {"played": self.played, "won": self.won, "best": self.best, "total": self.total}

    @classmethod
    def from_dict(cls, data: JSONValue) -> Record | None:
        """The record, or None if the entry is unusable."""
        if not isinstance(data, dict):
            return None
        played, won, best, total = (data.get(k) for k in ("played", "won", "best", "total"))
        if type(played) is not int:
            return None
        if int_problem(played, 0, MAX_GAMES) or int_problem(won, 0, played):
            return None
        if played == 0:
            return cls()
        most = MAX_SCORE * played
        if int_problem(best, -MAX_SCORE, MAX_SCORE) or int_problem(total, -most, most):
            return None
        assert isinstance(won, int) and isinstance(best, int) and isinstance(total, int)
        return cls(played, won, best, total)


def opponent_level(seats: Iterable[SeatLike]) -> str:
    """The strongest computer level at a table of seats (``.human``, ``.level``), or "humans"."""
    levels = [str(s.level) for s in seats if not s.human and s.level in LEVELS]
    if not levels:
        return HOT_SEAT
    return max(levels, key=LEVELS.index)


@dataclass(frozen=True)
class Stats:
    """Records by (game, opponent level). Immutable: ``record`` returns a new value."""

    records: Mapping[tuple[str, str], Record] = field(default_factory=lambda: MappingProxyType({}))
    # Keys of the results already counted (newest last), so that a finished game loaded again
    # is not counted again.
    recorded: tuple[str, ...] = ()
    # Each person's rating per game (game.persist.ratings), and why stored ones were refused.
    ratings: Ratings = field(default_factory=lambda: MappingProxyType({}))
    problems: tuple[str, ...] = ()

    def get(self, game: str, level: str) -> Record:
        return self.records.get((game, level), Record())

    def record(
        self,
        game: str,
        level: str,
        won: bool,
        score: int,
        key: str | None = None,
        rating: tuple[str, Sequence[tuple[float, float]]] | None = None,
    ) -> Stats:
        """With the result added; unchanged when ``key`` names a result counted before.
        ``rating``: the person's name and his results against the computer seats (their
        rating, his score against each), which move his rating at ``game``."""
        if key is not None and key in self.recorded:
            return self
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        if level not in OPPONENTS:
            raise ValueError(f"unknown opponent level {level!r}")
        updated = dict(self.records)
        updated[(game, level)] = self.get(game, level).add(won, int(score), LOWER_IS_BETTER[game])
        recorded = self.recorded if key is None else (*self.recorded, key)[-MAX_RECORDED:]
        ratings = self.ratings if rating is None else rated(self.ratings, game, *rating)
        return Stats(MappingProxyType(updated), recorded, ratings, self.problems)

    def to_dict(self) -> dict[str, object]:
        games: dict[str, dict[str, object]] = {}
        for (game, level), rec in sorted(self.records.items()):
            games.setdefault(game, {})[level] = rec.to_dict()
        return {
            "version": STATS_VERSION,
            "games": games,
            "recorded": list(self.recorded),
            "ratings": ratings_to_dict(self.ratings),
        }

    @classmethod
    def from_dict(cls, data: JSONValue) -> Stats:
        """Stats from a parsed file; unusable entries are dropped."""
        records: dict[tuple[str, str], Record] = {}
        games = data.get("games") if isinstance(data, dict) else None
        if isinstance(games, dict):
            for game, levels in games.items():
                if game not in GAMES or not isinstance(levels, dict):
                    continue
                for level, raw in levels.items():
                    rec = Record.from_dict(raw) if level in OPPONENTS else None
                    if rec is not None:
                        records[(game, level)] = rec
        raw_keys = data.get("recorded") if isinstance(data, dict) else None
        keys: tuple[str, ...] = ()
        if isinstance(raw_keys, list):
            keys = tuple(k for k in raw_keys if text_problem(k, MAX_KEY) is None)[-MAX_RECORDED:]
        raw_ratings = data.get("ratings") if isinstance(data, dict) else None
        ratings, problems = read_ratings(raw_ratings, GAMES)
        return cls(MappingProxyType(records), keys, ratings, problems)


def load_stats(path: Path | None = None) -> Stats:
    """The statistics so far (empty if none or the file is unusable). Never raises."""
    target = path or stats_path()
    data = read_json_object(target)
    if data is None:
        return Stats()
    if data.get("version") != STATS_VERSION:
        set_aside(target)
        return Stats()
    return Stats.from_dict(data)


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write atomically; raises SaveError (player-readable) if the disk refuses."""
    target = path or stats_path()
    check_writable(target)
    write_atomic(target, json.dumps(stats.to_dict(), indent=2) + "\n")


def record_result(
    game: str,
    level: str,
    won: bool,
    score: int,
    path: Path | None = None,
    key: str | None = None,
    rating: tuple[str, Sequence[tuple[float, float]]] | None = None,
) -> Stats:
    """Add one result to the stored statistics and write them back; returns the new totals.
    A ``key`` (see :func:`result_key`) counted before is not counted again. Locked from the
    read to the write: another window recording at the same time loses nothing."""
    target = path or stats_path()
    with locked(target):
        before = load_stats(target)
        stats = before.record(game, level, won, score, key, rating)
        if stats is not before:
            save_stats(stats, target)
    return stats


def result_key(game: str, final_state: GameState, seat: int) -> str:
    """The same text for the same result of the same seat, however often that finished game
    (or rummy round) is loaded again."""
    text = json.dumps(final_state.to_dict(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"{game}\n{text}".encode("utf-8", "surrogatepass")).hexdigest()
    return f"{digest[:32]}:{seat}"
