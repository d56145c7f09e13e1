"""The rummy solver's public face (the contract, ``docs/contract.md``): the table arrangement
that lays the most hand cards, exactly. The solver lives in :mod:`ai.rummy.solver`; callers
outside ``ai/`` import only from here.

- ``best_play(table, hand, opened, keep=(), budget=None)`` -> the new table or None;
- ``solve_play(...)`` -> the same and whether it is proven optimal (:class:`PlayResult`);
- ``max_laid(table, hand, opened, keep=())`` -> how many hand cards the best play lays;
- ``best_opening(hand, keep=())`` -> the hand-only sets of the highest value, or None below 30;
- ``set_value(cards)`` -> the value of one valid set;
- ``warm_up()`` -> prepares what the shipped pipeline needs (a no-op where nothing compiles);
- ``time_limit(end, stop)`` / ``OutOfTime``: a deadline for the solves of one thread.
"""

from ai.rummy.solver import (
    OutOfTime,
    PlayResult,
    Table,
    best_opening,
    best_play,
    max_laid,
    set_value,
    solve_play,
    time_limit,
    warm_up,
)

__all__ = [
    "OutOfTime",
    "PlayResult",
    "Table",
    "best_opening",
    "best_play",
    "max_laid",
    "set_value",
    "solve_play",
    "time_limit",
    "warm_up",
]
