"""Numbers read from the computer players' data files, checked: a file may be damaged or
hand-edited, so anything but a finite number in range is refused with a ``ValueError``."""

from __future__ import annotations

import math


def finite_number(value: object, what: str, limit: float = math.inf) -> float:
    """``value`` as a float if it is a finite number no larger than ``limit`` in size."""
    # bool is an int to Python, but no weight is ever written as true or false
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{what} holds {value!r}, not a number")
    try:
        number = float(value)  # an integer too big for a float overflows here
    except OverflowError:
        raise ValueError(f"{what} holds a number out of range") from None
    if not math.isfinite(number) or abs(number) > limit:
        raise ValueError(f"{what} holds {number!r}, out of range")
    return number


def finite_numbers(
    values: object, count: int, what: str, limit: float = math.inf
) -> tuple[float, ...]:
    """``values`` as floats if it is a list of ``count`` finite numbers (see finite_number)."""
    if not isinstance(values, list) or len(values) != count:
        raise ValueError(f"{what} must be a list of {count} numbers")
    return tuple(finite_number(value, what, limit) for value in values)
