"""The deal of the day's records: each person's best result per game, day and seats count.

Kept beside the statistics in ``daily.json`` (a file of its own, so the statistics file keeps
its format). Read as untrusted as every file: an entry that is not what the game writes (an
unknown game, a date that is none, a name no seat can have, a score or count out of range) is
dropped, the others are kept; a damaged file is set aside and counting starts afresh. Written
atomically, under a lock from the read to the write.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from game.core import JSONValue
from game.registry import GAMES

from .atomic import write_atomic
from .filelock import locked
from .jsonfile import check_writable, read_json_object, set_aside
from .paths import data_dir
from .stats import LOWER_IS_BETTER, MAX_GAMES, MAX_KEY, MAX_RECORDED, MAX_SCORE
from .validate import int_problem, name_key, name_problem, text_problem

DAILY_VERSION = 1
MAX_DAYS = 2_000  # entries kept (newest days): years of daily play
DATE_LENGTH = 10  # "2026-12-05"


def daily_path() -> Path:
    return data_dir() / "daily.json"


@dataclass(frozen=True)
class DayBest:
    """One person's results at one day's deal of one game for one seats count."""

    game: str
    day: datetime.date
    seats: int
    name: str
    best: int
    played: int = 1
    won: int = 0

    @property
    def key(self) -> tuple[str, str, int, str]:
        return (self.game, self.day.isoformat(), self.seats, name_key(self.name))

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "date": self.day.isoformat(),
            "seats": self.seats,
            "name": self.name,
            "best": self.best,
            "played": self.played,
            "won": self.won,
        }

    @classmethod
    def from_dict(cls, data: JSONValue) -> DayBest | None:
        """The entry, or None if it is not one the game writes."""
        if not isinstance(data, dict):
            return None
        game, text, seats, name = (data.get(k) for k in ("game", "date", "seats", "name"))
        best, played, won = (data.get(k) for k in ("best", "played", "won"))
        if not isinstance(game, str) or game not in GAMES:
            return None
        day = _date(text)
        info = GAMES[game].info
        if day is None or int_problem(seats, info.min_players, info.max_players):
            return None
        if name_problem(name) or int_problem(best, -MAX_SCORE, MAX_SCORE):
            return None
        if int_problem(played, 1, MAX_GAMES):
            return None
        assert isinstance(played, int)
        if int_problem(won, 0, played):
            return None
        assert isinstance(seats, int) and isinstance(name, str) and isinstance(best, int)
        assert isinstance(won, int)
        return cls(game, day, seats, name, best, played, won)


def _date(text: object) -> datetime.date | None:
    if not isinstance(text, str) or len(text) != DATE_LENGTH:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _better(game: str, score: int, than: int) -> bool:
    return score < than if LOWER_IS_BETTER[game] else score > than


@dataclass(frozen=True)
class DailyRecords:
    """The best results by (game, date, seats, person). Immutable: ``record`` returns anew."""

    days: Mapping[tuple[str, str, int, str], DayBest] = field(
        default_factory=lambda: MappingProxyType({})
    )
    recorded: tuple[str, ...] = ()  # keys of results counted (a game loaded again: not twice)

    def get(self, game: str, day: datetime.date, seats: int, name: str) -> DayBest | None:
        return self.days.get((game, day.isoformat(), seats, name_key(name)))

    def newest(self, count: int) -> list[DayBest]:
        """The ``count`` newest entries, newest day first."""
        ordered = sorted(self.days.values(), key=lambda d: (d.day, d.game, d.seats, d.name))
        return ordered[::-1][:count]

    def record(
        self,
        game: str,
        day: datetime.date,
        seats: int,
        name: str,
        score: int,
        won: bool,
        key: str | None = None,
    ) -> DailyRecords:
        """With one result added; unchanged when ``key`` names a result counted before."""
        if key is not None and key in self.recorded:
            return self
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        before = self.get(game, day, seats, name)
        if before is None:
            entry = DayBest(game, day, seats, name, int(score), 1, int(won))
        else:
            best = score if _better(game, score, before.best) else before.best
            entry = DayBest(
                game, day, seats, before.name, int(best), before.played + 1, before.won + won
            )
        days = dict(self.days)
        days[entry.key] = entry
        if len(days) > MAX_DAYS:
            kept = sorted(days.values(), key=lambda d: d.day)[-MAX_DAYS:]
            days = {d.key: d for d in kept}
        recorded = self.recorded if key is None else (*self.recorded, key)[-MAX_RECORDED:]
        return DailyRecords(MappingProxyType(days), recorded)

    def to_dict(self) -> dict[str, object]:
        entries = sorted(self.days.values(), key=lambda d: (d.day, d.game, d.seats, d.name))
        return {
            "version": DAILY_VERSION,
            "days": [entry.to_dict() for entry in entries],
            "recorded": list(self.recorded),
        }

    @classmethod
    def from_dict(cls, data: JSONValue) -> DailyRecords:
        """The records of a parsed file; unusable entries are dropped."""
        days: dict[tuple[str, str, int, str], DayBest] = {}
        raw = data.get("days") if isinstance(data, dict) else None
        for item in raw[-MAX_DAYS:] if isinstance(raw, list) else []:
            entry = DayBest.from_dict(item)
            if entry is not None:
                days[entry.key] = entry
        raw_keys = data.get("recorded") if isinstance(data, dict) else None
        keys: tuple[str, ...] = ()
        if isinstance(raw_keys, list):
            keys = tuple(k for k in raw_keys if text_problem(k, MAX_KEY) is None)[-MAX_RECORDED:]
        return cls(MappingProxyType(days), keys)


def load_daily(path: Path | None = None) -> DailyRecords:
    """The records so far (none if there is no file or it is unusable). Never raises."""
    target = path or daily_path()
    data = read_json_object(target)
    if data is None:
        return DailyRecords()
    if data.get("version") != DAILY_VERSION:
        set_aside(target)
        return DailyRecords()
    return DailyRecords.from_dict(data)


def record_daily(
    game: str,
    day: datetime.date,
    seats: int,
    name: str,
    score: int,
    won: bool,
    key: str | None = None,
    path: Path | None = None,
) -> DailyRecords:
    """Add one result to the stored records and write them back (SaveError if the disk
    refuses); a ``key`` counted before is not counted again."""
    target = path or daily_path()
    with locked(target):
        before = load_daily(target)
        records = before.record(game, day, seats, name, score, won, key)
        if records is not before:
            check_writable(target)
            write_atomic(target, json.dumps(records.to_dict(), indent=2) + "\n")
    return records
