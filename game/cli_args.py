"""Number types for the command lines (``play`` and ``match``): finite and within range, or a
one-line argparse error (exit status 2). ``float("nan")``, ``inf`` and ``1e400`` are numbers
to Python but never a pace, a budget or a time limit."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable


def seconds(low: float, high: float, *, low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds in ``low..high`` (``low`` itself excluded
    with ``low_open``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
        too_low = value <= low if low_open else value < low
        if too_low or value > high:
            bound = f"more than {low:g}" if low_open else f"at least {low:g}"
            raise argparse.ArgumentTypeError(f"{text} must be {bound} and at most {high:g}")
        return value

    parse.__name__ = "seconds"  # argparse names the type in its message
    return parse


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number in ``low..high``."""

    def parse(text: str) -> int:
        if len(text) > 40:
            raise argparse.ArgumentTypeError(f"{text[:20]!r}... is far too long for a number")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} must be between {low} and {high}")
        return value

    parse.__name__ = "whole number"
    return parse


def cores() -> int:
    """The processor cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


SEED_RANGE = (-(2**63 - 1), 2**63 - 1)
