"""A game's ladder: its computer levels (and measured strengths between them) on one Elo-style
rating scale, shipped as data beside the game's players (``ai/<game>/ladder.json``, named by
the plug-in's ``ladder_ref``) and made by ``tools/ladder.py`` from recorded matches.

The file is read as untrusted: anything but a well-formed ladder (every level, finite ratings
in range, intervals around them, ratings rising with the levels) is refused with a
``ValueError`` that names the problem; :func:`ladder_for` then answers None and the game simply
has no ratings. Between the levels, :func:`rating_of` and :func:`strength_for` interpolate
through the levels and the measured strengths (``ai.strength``: 0 easy ... 3 expert).
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ai.data_file import read_small_text
from ai.levels import LEVELS
from ai.strength import TOP
from game.numbers import number_in
from game.registry import game_spec

LADDER_VERSION = 1
MAX_FILE_BYTES = 64 * 1024
LOWEST, HIGHEST = -2000.0, 6000.0  # any rating of a real ladder lies far inside
MAX_GAMES = 10**9
MAX_MIXES = 50
MAX_TEXT = 500


@dataclass(frozen=True)
class Rung:
    """One player on the ladder: its rating, the 95 % interval, and the games behind it."""

    rating: float
    low: float
    high: float
    games: float

    def to_dict(self) -> dict[str, float]:
        return {
            "rating": round(self.rating, 1),
            "low": round(self.low, 1),
            "high": round(self.high, 1),
            "games": int(self.games) if float(self.games).is_integer() else self.games,
        }


@dataclass(frozen=True)
class Pair:
    """``games`` between ``a`` and ``b`` (two players), ``a`` scoring ``score``."""

    a: str
    b: str
    games: float
    score: float

    def to_dict(self) -> dict[str, object]:
        games = int(self.games) if float(self.games).is_integer() else self.games
        return {"a": self.a, "b": self.b, "games": games, "score": self.score}


@dataclass(frozen=True)
class Ladder:
    game: str
    anchor: str
    command: str
    levels: Mapping[str, Rung]
    mixes: Mapping[float, Rung]  # strength -> where it landed
    pairs: tuple[Pair, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": LADDER_VERSION,
            "game": self.game,
            "anchor": self.anchor,
            "command": self.command,
            "levels": {level: self.levels[level].to_dict() for level in LEVELS},
            "mixes": [
                {"strength": strength, **rung.to_dict()}
                for strength, rung in sorted(self.mixes.items())
            ],
            "pairs": [pair.to_dict() for pair in self.pairs],
        }

    def knots(self) -> list[tuple[float, float]]:
        """(strength, rating) through the levels and the measured mixes, rising in both; the
        mixes are left out if they would make the line fall anywhere."""
        levels = [(float(i), self.levels[level].rating) for i, level in enumerate(LEVELS)]
        both = sorted(levels + [(s, rung.rating) for s, rung in self.mixes.items()])
        if all(b[1] > a[1] and b[0] > a[0] for a, b in zip(both, both[1:], strict=False)):
            return both
        return levels


def whole_rating(value: float) -> int:
    """A rating as shown to a player: the value as stored (tenths), halves rounded up, so the
    README's tables, the statistics and the setup show one number for one rating (Python's
    ``round`` would show 2034.5 as 2034 and 744.5 as 744, the tables 2035 and 745)."""
    return math.floor(round(value, 1) + 0.5)


def rating_of(ladder: Ladder, strength: float) -> float:
    """The rating expected of ``strength`` (0 to 3), on the line through the knots."""
    knots = ladder.knots()
    value = min(max(strength, 0.0), TOP)
    for (s0, r0), (s1, r1) in zip(knots, knots[1:], strict=False):
        if value <= s1:
            return r0 + (r1 - r0) * (value - s0) / (s1 - s0) if s1 > s0 else r1
    return knots[-1][1]


def strength_for(ladder: Ladder, rating: float) -> float:
    """The strength (0 to 3) whose expected rating is ``rating`` (clamped to the ladder's
    ends): the opponent against whom a player of ``rating`` scores about even."""
    knots = ladder.knots()
    if rating <= knots[0][1]:
        return knots[0][0]
    for (s0, r0), (s1, r1) in zip(knots, knots[1:], strict=False):
        if rating <= r1:
            return s0 + (s1 - s0) * (rating - r0) / (r1 - r0)
    return knots[-1][0]


# ----- reading ------------------------------------------------------------------------------


def _rung(data: object, what: str) -> Rung:
    if not isinstance(data, dict):
        raise ValueError(f"{what} is not a rating entry")
    rating = number_in(data.get("rating"), f"{what} rating", LOWEST, HIGHEST)
    low = number_in(data.get("low"), f"{what} low", LOWEST, HIGHEST)
    high = number_in(data.get("high"), f"{what} high", LOWEST, HIGHEST)
    games = number_in(data.get("games"), f"{what} games", 0, MAX_GAMES)
    if not low <= rating <= high:
        raise ValueError(f"{what}: its interval {low:g}..{high:g} does not hold {rating:g}")
    return Rung(rating, low, high, games)


def _text(data: object, what: str) -> str:
    if not isinstance(data, str) or len(data) > MAX_TEXT or not data.isprintable():
        raise ValueError(f"{what} is not a line of text")
    return data


def parse_ladder(data: object, game: str) -> Ladder:
    """The ladder of ``game`` in a parsed file; ``ValueError`` saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("not a ladder (a JSON object)")
    if data.get("version") != LADDER_VERSION:
        raise ValueError(f"not a version {LADDER_VERSION} ladder")
    if data.get("game") != game:
        raise ValueError(f"a ladder of {_text(data.get('game'), 'its game')!r}, not {game!r}")
    anchor = data.get("anchor")
    if anchor not in LEVELS:
        raise ValueError("its anchor is no level")
    raw_levels = data.get("levels")
    if not isinstance(raw_levels, dict) or set(raw_levels) != set(LEVELS):
        raise ValueError(f"it must rate exactly the levels {', '.join(LEVELS)}")
    levels = {level: _rung(raw_levels[level], level) for level in LEVELS}
    ratings = [levels[level].rating for level in LEVELS]
    if any(b <= a for a, b in zip(ratings, ratings[1:], strict=False)):
        raise ValueError("its ratings do not rise with the levels")
    raw_mixes = data.get("mixes", [])
    if not isinstance(raw_mixes, list) or len(raw_mixes) > MAX_MIXES:
        raise ValueError(f"its mixes must be a list of at most {MAX_MIXES}")
    mixes: dict[float, Rung] = {}
    for index, entry in enumerate(raw_mixes):
        what = f"mix {index + 1}"
        strength = number_in(
            entry.get("strength") if isinstance(entry, dict) else None, what, 0.0, TOP
        )
        mixes[strength] = _rung(entry, what)
    raw_pairs = data.get("pairs", [])
    if not isinstance(raw_pairs, list) or len(raw_pairs) > MAX_MIXES * 4:
        raise ValueError("its pairs must be a short list")
    pairs = []
    for index, entry in enumerate(raw_pairs):
        what = f"pair {index + 1}"
        if not isinstance(entry, dict):
            raise ValueError(f"{what} is not a pair")
        played = number_in(entry.get("games"), f"{what} games", 0, MAX_GAMES)
        score = number_in(entry.get("score"), f"{what} score", 0, played)
        pairs.append(Pair(_text(entry.get("a"), what), _text(entry.get("b"), what), played, score))
    command = _text(data.get("command"), "its command")
    return Ladder(game, str(anchor), command, levels, mixes, tuple(pairs))


def read_ladder_text(text: str, game: str) -> Ladder:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"not JSON: {error}") from None
    return parse_ladder(data, game)


def read_ladder_file(path: os.PathLike[str] | str, game: str) -> Ladder:
    """The ladder in the file at ``path``; ``ValueError`` naming the file if it is not one."""
    try:
        return read_ladder_text(read_small_text(path, MAX_FILE_BYTES), game)
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"ladder {path}: {error}") from None


def ladder_path(game: str) -> str | None:
    """Where ``game``'s shipped ladder is (None: the game has none)."""
    ref = game_spec(game).ladder_ref
    if ref is None:
        return None
    package, _, name = ref.partition(":")
    return str(resources.files(package).joinpath(name))


@functools.cache
def ladder_for(game: str) -> Ladder | None:
    """``game``'s shipped ladder, read once; None (and one line on stderr) if it has none or
    the file is refused."""
    path = ladder_path(game)
    if path is None:
        return None
    try:
        return read_ladder_file(path, game)
    except ValueError as error:
        print(f"no ratings for {game}: {error}", file=sys.stderr)
        return None
