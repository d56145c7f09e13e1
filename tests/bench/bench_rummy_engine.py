"""Räuber-Rommé engine speed on one core: set checks, play checks and playouts.

- ``check_meld`` on fresh (uncached) sets and on repeated (cached) sets, per second;
- ``check_play`` of a typical mid-round table, per second;
- random playouts (draw or pass until the round ends, as a search rollout would), rounds/s,
  and ``apply`` per second inside them.

    .venv/bin/python tests/bench/bench_rummy_engine.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rummy import check_play, new_game, parse_cards  # noqa: E402
from game.rummy.melds import _analyse_cached, _analyse_uncached  # noqa: E402


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per second over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += work()
    return done / (time.perf_counter() - start)


SETS = [
    parse_cards(text)
    for text in [
        "7H 8H 9H",
        "* 2H 3H",
        "QH KH *",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
        "7H 7S * 7D",
        "7H 9H 10H",
        "KH AH 2H",
        "* 5H 6H * 8H 9H *",
    ]
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    seconds = parser.parse_args(argv).seconds

    def uncached() -> int:
        for cards in SETS:
            _analyse_uncached(cards)
        return len(SETS)

    def cached() -> int:
        for cards in SETS:
            _analyse_cached(tuple(cards))
        return len(SETS)

    # A late-round table of 12 sets; the check judges all of them and the accounting.
    table = tuple(tuple(parse_cards(t)) for t in ["7H 8H 9H", "QS QD QC", "2C 3C 4C 5C"] * 4)
    mid = replace(new_game(3, seed=1), table=table)

    def play_check() -> int:
        check_play(mid, table)
        return 1

    applies = 0

    def playout() -> int:
        nonlocal applies
        rng = random.Random(applies)
        game = new_game(rng.randint(2, 4), rng.randrange(10**6))
        while not game.is_terminal:
            game = game.apply(game.legal_actions()[0])
            applies += 1
        return 1

    print(f"check_meld uncached: {rate(uncached, seconds):,.0f} sets/s")
    print(f"check_meld cached:   {rate(cached, seconds):,.0f} sets/s")
    print(f"check_play (12 sets): {rate(play_check, seconds):,.0f} checks/s")
    start = time.perf_counter()
    rounds = rate(playout, seconds)
    elapsed = time.perf_counter() - start
    print(f"draw/pass playouts:  {rounds:,.1f} rounds/s, {applies / elapsed:,.0f} applies/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
