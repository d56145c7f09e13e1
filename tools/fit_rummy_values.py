"""Fit ``ai/rummy/values.json``: the Räuber-Rommé position values, on medium self-play.

    python tools/fit_rummy_values.py --rounds 450 --seed 1 --out ai/rummy/values.json

Plays ``--rounds`` rounds of medium players (2, 3 and 4 seats in turn) and records every
position before a move once for each seat judging it (his own hand, the others' counts), with
the features (``ai.rummy.values.FEATURES``) and who won the round. It fits a conditional logit
(the chances are the softmax over the seats of ``w · features``) by Newton's method with numpy.
A fifth of the rounds is held out: the file records the held-out log loss against the equal
share, so a refit that does not predict better is seen at once.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence

import numpy as np

from ai import make_agent
from ai.rummy.values import FEATURES, deck_size, seat_features
from game.rummy import new_game

Position = tuple[np.ndarray, np.ndarray]  # (seats x features, each seat's share of the win)


def play_round(players: int, seed: int) -> list[Position]:
    state = new_game([f"P{i}" for i in range(players)], seed)
    agents = [make_agent("rummy", "medium", seed + i) for i in range(players)]
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal:
        size = deck_size(state)
        for viewer in range(players):  # each seat judging the position from his own hand
            seen.append(np.array([seat_features(state, s, viewer, size) for s in range(players)]))
        mover = state.current_player
        assert mover is not None  # a round that is not over has a player on turn
        state = state.apply(agents[mover].choose(state, rng))
    result = np.array(state.returns(), dtype=float)
    return [(features, result) for features in seen]


def log_likelihood(w: np.ndarray, data: Sequence[Position]) -> tuple[float, np.ndarray, np.ndarray]:
    """Total log likelihood, gradient and Hessian of the conditional logit."""
    total = 0.0
    grad = np.zeros_like(w)
    hess = np.zeros((len(w), len(w)))
    for x, y in data:
        s = x @ w
        s -= s.max()
        p = np.exp(s)
        p /= p.sum()
        total += float(y @ np.log(p))
        mean = p @ x
        grad += y @ x - y.sum() * mean
        centred = x - mean
        hess -= y.sum() * (centred.T * p) @ centred
    return total, grad, hess


def fit(data: Sequence[Position], steps: int = 25) -> np.ndarray:
    w = np.zeros(len(FEATURES))
    for _ in range(steps):
        _, grad, hess = log_likelihood(w, data)
        ridge = hess - 1e-3 * np.eye(len(w))
        step = np.linalg.solve(ridge, grad)
        w = w - step
        if np.abs(step).max() < 1e-7:
            break
    return w


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="ai/rummy/values.json")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    train: list[Position] = []
    held: list[Position] = []
    for number in range(args.rounds):
        players = (2, 3, 4)[number % 3]
        positions = play_round(players, args.seed + number)
        (held if number % 5 == 4 else train).extend(positions)
        if (number + 1) % 50 == 0:
            print(f"{number + 1} rounds, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    w = fit(train)
    held_ll, _, _ = log_likelihood(w, held)
    equal_ll = sum(float(y @ np.log(np.full(len(y), 1.0 / len(y)))) for _, y in held)
    record = {
        "features": list(FEATURES),
        "weights": [round(float(v), 6) for v in w],
        "fitted_on": {
            "command": (
                f"python tools/fit_rummy_values.py --rounds {args.rounds} --seed {args.seed}"
            ),
            "rounds": args.rounds,
            "positions": len(train),
            "held_out_positions": len(held),
            "held_out_log_loss": round(-held_ll / len(held), 4),
            "equal_share_log_loss": round(-equal_ll / len(held), 4),
        },
    }
    with open(args.out, "w", encoding="utf-8") as sink:
        json.dump(record, sink, indent=1)
        sink.write("\n")
    print(json.dumps(record["fitted_on"]), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
