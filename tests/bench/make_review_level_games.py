"""The games tests/ai/test_review_levels.py reviews: easy against expert, played once.

    PYTHONPATH=. nice -n 10 python tests/bench/make_review_level_games.py

Writes tests/data/review_levels/<game>-<seed>.json (the save format, with its history): the
expert at its bench budget would make the suite wait; the review of them is what the test
measures.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.persist import saved_game
from game.play.session import Seat
from tests.bench.bench_review_levels import EXPERT_BUDGET, play

OUT = Path(__file__).parents[1] / "data" / "review_levels"
GAMES = (("knights", 31), ("rummy", 32))  # easy moves first in the first, expert in the second


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for number, (game, seed) in enumerate(GAMES):
        levels = ("easy", "expert") if number % 2 == 0 else ("expert", "easy")
        states, history = play(game, seed, levels, EXPERT_BUDGET)
        seats = [Seat(level.capitalize(), False, level, colour=i) for i, level in enumerate(levels)]
        saved = saved_game(game, seats, states[-1], history, start=states[0])
        path = OUT / f"{game}-{seed}.json"
        path.write_text(json.dumps(saved.to_dict()) + "\n", encoding="utf-8")
        print(path, len(history), "moves")


if __name__ == "__main__":
    main()
