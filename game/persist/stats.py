"""Statistics per game and opponent level: played, won, best and average score, kept across runs.

The client calls ``record_result`` once per human seat when a game (Robber Knights) or a round
(Räuber-Rommé, whose score is the round's penalty: lower is better) ends. The file is read
forgivingly (a damaged one is kept aside as ``stats.json.bad`` and counting starts afresh) and
written atomically.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.registry import GAME_KEYS
from game.registry import GAMES as REGISTERED_GAMES

from .atomic import write_atomic
from .jsonfile import keep_aside, read_json_object
from .paths import stats_path

STATS_VERSION = 1
GAMES = GAME_KEYS
LEVELS = ("easy", "medium", "hard", "expert")
HOT_SEAT = "humans"  # the "level" of a table with no computer players
OPPONENTS = (*LEVELS, HOT_SEAT)
LOWER_IS_BETTER = {key: spec.lower_score_wins for key, spec in REGISTERED_GAMES.items()}


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

    def to_dict(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "best": self.best, "total": self.total}

    @classmethod
    def from_dict(cls, data: Any) -> Record | None:
        """The record, or None if the entry is unusable."""
        if not isinstance(data, dict):
            return None
        played, won, best, total = (data.get(k) for k in ("played", "won", "best", "total"))
        if not (type(played) is int and type(won) is int and type(total) is int):
            return None
        if not 0 <= won <= played:
            return None
        if played == 0:
            return cls()
        if type(best) is not int:
            return None
        return cls(played, won, best, total)


def opponent_level(seats: Iterable[Any]) -> str:
    """The strongest computer level at a table of seats (``.human``, ``.level``), or "humans"."""
    levels = [str(s.level) for s in seats if not s.human and s.level in LEVELS]
    if not levels:
        return HOT_SEAT
    return max(levels, key=LEVELS.index)


@dataclass(frozen=True)
class Stats:
    """Records by (game, opponent level). Immutable: ``record`` returns a new value."""

    records: Mapping[tuple[str, str], Record] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, game: str, level: str) -> Record:
        return self.records.get((game, level), Record())

    def record(self, game: str, level: str, won: bool, score: int) -> Stats:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        if level not in OPPONENTS:
            raise ValueError(f"unknown opponent level {level!r}")
        updated = dict(self.records)
        updated[(game, level)] = self.get(game, level).add(won, int(score), LOWER_IS_BETTER[game])
        return Stats(MappingProxyType(updated))

    def to_dict(self) -> dict[str, Any]:
        games: dict[str, dict[str, Any]] = {}
        for (game, level), rec in sorted(self.records.items()):
            games.setdefault(game, {})[level] = rec.to_dict()
        return {"version": STATS_VERSION, "games": games}

    @classmethod
    def from_dict(cls, data: Any) -> Stats:
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
        return cls(MappingProxyType(records))


def load_stats(path: Path | None = None) -> Stats:
    """The statistics so far (empty if none or the file is unusable). Never raises."""
    target = path or stats_path()
    data = read_json_object(target)
    if data is None:
        return Stats()
    if data.get("version") != STATS_VERSION:
        keep_aside(target)
        return Stats()
    return Stats.from_dict(data)


def save_stats(stats: Stats, path: Path | None = None) -> None:
    """Write atomically; raises SaveError (player-readable) if the disk refuses."""
    write_atomic(path or stats_path(), json.dumps(stats.to_dict(), indent=2) + "\n")


def record_result(game: str, level: str, won: bool, score: int, path: Path | None = None) -> Stats:
    """Add one result to the stored statistics and write them back; returns the new totals."""
    stats = load_stats(path).record(game, level, won, score)
    save_stats(stats, path)
    return stats
