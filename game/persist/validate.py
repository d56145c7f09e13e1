"""The one set of bounds for everything the game reads from disk (saves, settings, statistics).

A file can come from anywhere (shared, hand-edited, synced), so every text and number in it is
checked here before any screen draws it: texts without control characters or lone surrogates,
not made only of invisible characters and not longer than the setup screen allows; numbers
finite and within ranges the game can draw and count with. Each check returns a short reason
(English, for the SaveError the caller builds) or None when the value is fine.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Protocol

from game.numbers import finite_number
from game.seat_events import MAX_NAME

from .jsontext import NotANumber

# The longest name a name field of the game takes (setup: 14, the rummy table's add and rename
# dialog: 16); a save holding a longer one was not written by the game.
# Colours index the palette of six (``game.ui.theme.PLAYER_COLOURS``; a test keeps them equal).
PALETTE_SIZE = 6
# Any other text in a save (card and tile names, dict keys, log lines) is bounded by this.
MAX_TEXT = 2000
# Whole numbers in a file: a 64-bit seed fits, anything the game counts stays far below.
MAX_INT = 2**63 - 1

# Characters that draw nothing although their Unicode category says "letter" or "symbol".
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
# Unicode's control characters (category Cc) and the surrogates (Cs), which never stand alone
# in text that can be written as UTF-8.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})


def _invisible(ch: str) -> bool:
    return ch in _BLANK_LETTERS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES


class SeatLike(Protocol):
    """What a client's seat (or a saved one) (``game.play.session.Seat``) offers a save."""

    @property
    def name(self) -> str: ...

    @property
    def human(self) -> bool: ...

    @property
    def level(self) -> str | None: ...

    @property
    def colour(self) -> int: ...


def text_problem(value: object, most: int = MAX_TEXT) -> str | None:
    """Why ``value`` can't be a text from a file (None: it can)."""
    if not isinstance(value, str):
        return "it is not text"
    if len(value) > most:
        return f"it is longer than {most} characters"
    found = _UNSAFE.search(value)
    if found is None:
        return None
    if "\ud800" <= found.group() <= "\udfff":
        return "it holds a broken character (a lone surrogate)"
    return "it holds a control character"


def name_problem(value: object) -> str | None:
    """Why ``value`` can't be a player's name (None: it can): text as above, 1 to MAX_NAME
    characters, at least one of them visible."""
    problem = text_problem(value, MAX_NAME)
    if problem is not None or not isinstance(value, str):
        return problem
    if all(_invisible(ch) for ch in value):
        return "it has no visible letter"
    return None


def name_key(name: str) -> str:
    """The form in which two names count as the same (as the setup screen compares them)."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


def int_problem(value: object, low: int = -MAX_INT, high: int = MAX_INT) -> str | None:
    """Why ``value`` can't be a whole number in ``low..high`` (None: it can)."""
    if type(value) is not int:
        return "it is not a whole number"
    if not low <= value <= high:
        return f"it is outside {low}..{high}"
    return None


def number_problem(value: object, low: float, high: float) -> str | None:
    """Why ``value`` can't be a finite number in ``low..high`` (None: it can). Integers too
    large for a float are refused, not an OverflowError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "it is not a number"
    if isinstance(value, int) and abs(value) > MAX_INT:
        return "it is far too large"
    try:
        finite_number(value, "it")
    except ValueError:
        return "it is not a finite number"
    if not low <= value <= high:
        return f"it is outside {low:g}..{high:g}"
    return None


def json_problem(value: object, where: str = "", depth: int = 0) -> str | None:
    """The first place in a parsed JSON value holding an unusable text or number (a reason
    naming where), or None. Floats are refused: no file of the game writes one where this
    is used."""
    if depth > 64:
        return f"{where or 'the file'} is nested too deeply"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        problem = int_problem(value)
    elif isinstance(value, float):
        problem = "a fraction is not allowed here"
    elif isinstance(value, NotANumber):
        problem = f"{value!r} is not a number"
    elif isinstance(value, str):
        problem = text_problem(value)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = json_problem(item, f"{where}[{index}]", depth + 1)
            if found is not None:
                return found
        return None
    elif isinstance(value, dict):
        for key, item in value.items():
            key_problem = text_problem(key)
            if key_problem is not None:
                return f"a key in {where or 'the file'}: {key_problem}"
            found = json_problem(item, f"{where}.{key}" if where else str(key), depth + 1)
            if found is not None:
                return found
        return None
    else:
        problem = "it is not a JSON value"
    if problem is None:
        return None
    return f"{where or 'the file'}: {problem}"
