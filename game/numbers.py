"""Numbers read from files, checked: the one reader for every number the game takes from disk.

A file may be damaged, hand-edited or forged, so anything but a finite number in range is
refused with a ``ValueError``: ``true`` (an int to Python), ``NaN``, ``Infinity``, and integers
too large for a float (``float(10**400)`` raises OverflowError, ``math.isfinite`` too), which
would otherwise crash whoever compares or converts them. Pure: no pygame, no ``ai``, no files;
the computer players' data (``ai.numbers``), the stored review and the persist layer all read
their numbers here.
"""

from __future__ import annotations

import math


def finite_number(value: object, what: str, limit: float = math.inf) -> float:
    """``value`` as a float if it is a finite number no larger than ``limit`` in size."""
    # bool is an int to Python, but no number is ever written as true or false
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} holds {_shown(value)}, not a number")
    try:
        number = float(value)  # an integer too big for a float overflows here
    except OverflowError:
        raise ValueError(f"{what} holds a number out of range") from None
    if not math.isfinite(number) or abs(number) > limit:
        raise ValueError(f"{what} holds {number!r}, out of range")
    return number


def number_in(value: object, what: str, low: float, high: float) -> float:
    """``value`` as a float if it is a finite number from ``low`` to ``high``."""
    number = finite_number(value, what)
    if not low <= number <= high:
        raise ValueError(f"{what} holds {number:g}, not from {low:g} to {high:g}")
    return number


def finite_numbers(
    values: object, count: int, what: str, limit: float = math.inf
) -> tuple[float, ...]:
    """``values`` as floats if it is a list of ``count`` finite numbers (see finite_number)."""
    if not isinstance(values, list) or len(values) != count:
        raise ValueError(f"{what} must be a list of {count} numbers")
    return tuple(finite_number(value, what, limit) for value in values)


def _shown(value: object) -> str:
    """A short picture of a value for a message (a forged file may hold megabytes)."""
    text = repr(value) if not isinstance(value, (list, dict)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
