"""How long the game review takes: whole games reviewed for one seat at the default budget.

    python tests/bench/bench_review.py knights 5 [SEED]
    python tests/bench/bench_review.py rummy 5 [SEED]

Each game (a rummy round) is two medium players; seat 0 is reviewed as a human would be (its
turns searched for better moves), seat 1 gets the graph's points only. Prints each game's
decisions, mistakes found and seconds, then the median and the maximum. One process, one core.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from ai import make_agent
from ai.review import count_decisions, default_budget, review_game
from game.registry import game_spec


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "knights"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 2026
    spec = game_spec(game)
    seconds: list[float] = []
    print(f"{game}: default budget {default_budget(game)} s per reviewed decision")
    for number in range(games):
        state = spec.new_game(["Ann", "Bob"], seed + number)
        agents = [make_agent(game, "medium", seed + number + seat) for seat in range(2)]
        rng = random.Random(seed + number)
        states, history = [state], []
        while not state.is_terminal:
            action = agents[state.current_player].choose(state, rng)
            history.append(action)
            state = state.apply(action)
            states.append(state)
        started, cpu = time.perf_counter(), time.process_time()
        turns = list(review_game(game, states, history, {0}, seed=number))
        took = time.perf_counter() - started
        cpu = time.process_time() - cpu
        seconds.append(took)
        mistakes = sum(t.is_mistake for t in turns if t.seat == 0)
        decisions = count_decisions(game, states, history)
        print(
            f"game {number + 1}: {decisions} decisions, {mistakes} mistakes of seat 0, "
            f"{took:.1f} s ({cpu:.1f} s of CPU)"
        )
    print(f"median {statistics.median(seconds):.1f} s, max {max(seconds):.1f} s over {games} games")


if __name__ == "__main__":
    main()
