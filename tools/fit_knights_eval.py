"""Fit the Robber Knights evaluation's weights on self-play, and duel the fit against them.

    python tools/fit_knights_eval.py data --games 600 --seed 1 --out /tmp/knights_eval.npz
    python tools/fit_knights_eval.py fit --data /tmp/knights_eval.npz --keep usable_knights \
        supply --merge-heights --out /tmp/knights_weights.json
    python tools/fit_knights_eval.py duel --weights /tmp/knights_weights.json --level medium \
        --games 1000 --seed 7000

``data`` plays medium self-play games (two seats, ``--players`` more; 2, 3 and 4 in turn with
``--mixed``) and
records, before every decision, each seat's evaluation sums (``seat_features`` in
``ai.knights.eval``), how far the game is, and the points the seat ends the game with. ``fit``
regresses the final points on the sums, each with a weight that moves linearly from the game's
start to its end (least squares, numpy), on four fifths of the games (``--keep`` leaves named
sums at their hand-set weight: fitted freely, knights left in the supply come out worth half a
point each, since the players who still hold knights late are the ones who score, and a player
deciding by that fit hoards its knights); the held-out fifth compares its errors and how often
the leader by each evaluation wins with the hand-set weights' (``HAND_WEIGHTS``). ``duel`` plays
a level with the fitted evaluation against the same level with the hand-set one: seats swap on
the same deal, two processes, the real budget for the searching levels (``--players 4``: one
seat by the fitted weights against three by the hand-set ones, the seat going round). The
game's expert decides by the weights in ``ai/knights/fitted_weights.json`` (a ``fit`` output).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import multiprocessing.pool
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai.knights.eval as evaluation  # noqa: E402
from ai import make_agent  # noqa: E402
from ai.knights.eval import Evaluation  # noqa: E402
from ai.knights.fitted import WEIGHTS_FILE, load_weights  # noqa: E402
from ai.knights.levels import make_knights_agent  # noqa: E402
from ai.levels import SEARCH_SECONDS  # noqa: E402
from ai.stats import wilson_interval  # noqa: E402
from game.knights import new_game  # noqa: E402
from game.processes import watch_parent  # noqa: E402

Game = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def play_game(job: tuple[int, int]) -> Game:
    """(features: positions x seats x F, progress per position, final points, winner mask)."""
    players, seed = job
    state = new_game(players, seed)
    agents = [make_agent("knights", "medium", seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    features, progress = [], []
    while not state.is_terminal:
        features.append(evaluation.seat_features(state))
        progress.append(evaluation.game_progress(state))
        mover = state.current_player
        assert mover is not None
        state = state.apply(agents[mover].choose(state, rng))
    final = np.array(state.scores(), dtype=float)
    won = np.array(state.returns(), dtype=float) > 0
    return np.array(features), np.array(progress), final, won


def design(features: np.ndarray, progress: np.ndarray) -> np.ndarray:
    """Rows per (position, seat): the sums, the sums times the part of the game still to come,
    and two constants (they cancel between seats, so the evaluation drops them)."""
    early = (1.0 - progress)[:, None, None]
    ones = np.ones(features.shape[:2] + (1,))
    return np.concatenate([features, features * early, ones, ones * early], axis=2)


def weights_at(weights: np.ndarray, progress: float) -> np.ndarray:
    """The per-sum weights at this point of the game (from the fitted start and end weights)."""
    size = len(evaluation.FEATURES)
    return weights[:size] + weights[size : 2 * size] * (1.0 - progress)


def worker_pool(workers: int) -> multiprocessing.pool.Pool:
    """A pool whose workers end with this process, however it ends."""
    return multiprocessing.Pool(workers, initializer=watch_parent, initargs=(os.getpid(),))


def command_data(args: argparse.Namespace) -> int:
    jobs = [
        ((2, 3, 4)[n % 3] if args.mixed else args.players, args.seed + n) for n in range(args.games)
    ]
    started = time.perf_counter()
    arrays: dict[str, np.ndarray] = {}
    with worker_pool(args.workers) as pool:
        for number, (features, progress, final, won) in enumerate(pool.imap(play_game, jobs)):
            for key, value in (
                ("features", features),
                ("progress", progress),
                ("final", final),
                ("won", won),
            ):
                arrays[f"{number}_{key}"] = value
            if (number + 1) % 50 == 0:
                elapsed = time.perf_counter() - started
                print(f"{number + 1} games, {elapsed:.0f} s", file=sys.stderr)
    arrays["games"] = np.array(len(jobs))
    arrays["made_by"] = np.array(
        f"python tools/fit_knights_eval.py data --games {args.games} --seed {args.seed}"
        + (" --mixed" if args.mixed else f" --players {args.players}")
    )
    np.savez_compressed(args.out, **arrays)  # type: ignore[arg-type]
    return 0


def load(path: str) -> tuple[str, list[Game]]:
    """The command that made the data, and its games."""
    data = np.load(path)
    games = [
        (data[f"{n}_features"], data[f"{n}_progress"], data[f"{n}_final"], data[f"{n}_won"])
        for n in range(int(data["games"]))
    ]
    return str(data["made_by"]), games


def stack(games: Sequence[Game]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for features, progress, final, _ in games:
        x = design(features, progress)
        xs.append(x.reshape(-1, x.shape[2]))
        ys.append(np.broadcast_to(final, features.shape[:2]).reshape(-1))
    return np.concatenate(xs), np.concatenate(ys)


def leader_wins(games: Sequence[Game], value: Callable[[np.ndarray, float], np.ndarray]) -> float:
    """How often the seat the evaluation puts first goes on to win (shared wins count)."""
    hits = total = 0
    for features, progress, _, won in games:
        for row, part in zip(features, progress, strict=True):
            hits += bool(won[int(np.argmax(value(row, float(part))))])
            total += 1
    return hits / total


def tie_matrix(merge_heights: bool) -> np.ndarray:
    """Features x fitted weights: 1 where a feature takes that weight. With ``merge_heights``
    the three heights of a bucket (held or rivals', unreachable or threatened) share one."""
    names = evaluation.FEATURES
    groups: list[str] = []
    column = []
    for name in names:
        key = name.rsplit("_", 1)[0] if merge_heights and name[-1].isdigit() else name
        if key not in groups:
            groups.append(key)
        column.append(groups.index(key))
    tie = np.zeros((len(names), len(groups)))
    tie[np.arange(len(names)), column] = 1.0
    return tie


def fit_weights(
    x: np.ndarray,
    y: np.ndarray,
    keep: Sequence[str],
    ridge: float,
    merge_heights: bool = False,
) -> np.ndarray:
    """Least squares (with a small ridge) of the final points ``y`` on the design ``x``.

    The sums named in ``keep`` keep their hand-set weight all game long and are taken out of
    the regression: their part of the points is subtracted first.
    """
    hand = np.array(evaluation.HAND_WEIGHTS)
    size = len(evaluation.FEATURES)
    tie = tie_matrix(merge_heights)
    tied = tie.shape[1]
    blocks = np.zeros((x.shape[1], 2 * tied + 2))
    blocks[:size, :tied] = tie
    blocks[size : 2 * size, tied : 2 * tied] = tie
    blocks[2 * size :, 2 * tied :] = np.eye(2)
    fixed = [evaluation.FEATURES.index(name) for name in keep]
    fixed_groups = [int(np.argmax(tie[feature])) for feature in fixed]
    free = [col for col in range(2 * tied + 2) if col % tied not in fixed_groups or col >= 2 * tied]
    rest = y - x[:, fixed] @ hand[fixed]
    chosen = (x @ blocks)[:, free]
    grouped = np.zeros(2 * tied + 2)
    grouped[free] = np.linalg.solve(chosen.T @ chosen + ridge * np.eye(len(free)), chosen.T @ rest)
    weights = blocks @ grouped
    weights[fixed] = hand[fixed]
    return weights


def command_fit(args: argparse.Namespace) -> int:
    made_by, games = load(args.data)
    train = [game for n, game in enumerate(games) if n % 5 != 4]
    held = [game for n, game in enumerate(games) if n % 5 == 4]
    x, y = stack(train)
    weights = fit_weights(x, y, args.keep, args.ridge, args.merge_heights)
    hand = np.array(evaluation.HAND_WEIGHTS)
    size = len(evaluation.FEATURES)
    hx, hy = stack(held)
    fitted_error = float(np.mean((hx @ weights - hy) ** 2))
    # The hand-set evaluation has no constant: give it its best one for a fair error.
    hand_prediction = hx[:, :size] @ hand
    hand_error = float(np.mean((hand_prediction + np.mean(hy - hand_prediction) - hy) ** 2))
    record = {
        "features": list(evaluation.FEATURES),
        "end": [round(float(v), 5) for v in weights[:size]],
        "start_extra": [round(float(v), 5) for v in weights[size : 2 * size]],
        "fitted_on": {
            "data": made_by,
            "fit": f"python tools/fit_knights_eval.py fit --ridge {args.ridge}"
            + (f" --keep {' '.join(args.keep)}" if args.keep else "")
            + (" --merge-heights" if args.merge_heights else ""),
            "games": len(games),
            "positions_x_seats": int(len(y)),
            "held_out_squared_error": round(fitted_error, 3),
            "hand_set_squared_error": round(hand_error, 3),
            "held_out_leader_wins": round(
                leader_wins(held, lambda row, part: row @ weights_at(weights, part)), 4
            ),
            "hand_set_leader_wins": round(leader_wins(held, lambda row, part: row @ hand), 4),
        },
    }
    with open(args.out, "w", encoding="utf-8") as sink:
        json.dump(record, sink, indent=1)
        sink.write("\n")
    print(json.dumps(record, indent=1))
    return 0


def agent_deciding_by(level: str, chosen: Evaluation, seconds: float | None) -> Any:
    """The player of ``level`` (medium, hard, expert) deciding by ``chosen``."""
    return make_knights_agent(
        level, 0, SEARCH_SECONDS.get(level) if seconds is None else seconds, evaluation=chosen
    )


# weights, level, deal seed, fitted seat, seconds, seats
DuelJob = tuple[str, str, int, int, float | None, int]


def duel_game(job: DuelJob) -> tuple[float, float]:
    """(the fitted side's return, its point margin over the others' mean) in one game: one
    seat decides by the fitted weights, the others by the hand-set ones."""
    path, level, seed, fitted_seat, budget, players = job
    state = new_game(players, seed)
    agents = [agent_deciding_by(level, evaluation.HAND, budget) for _ in range(players)]
    weights = load_weights(path)
    fitted = Evaluation("fitted", weights.expected_points, (players,))
    agents[fitted_seat] = agent_deciding_by(level, fitted, budget)
    rng = random.Random(seed)
    while not state.is_terminal:
        mover = state.current_player
        assert mover is not None
        state = state.apply(agents[mover].choose(state, rng))
    scores = state.scores()
    others = [score for seat, score in enumerate(scores) if seat != fitted_seat]
    return state.returns()[fitted_seat], scores[fitted_seat] - sum(others) / len(others)


def command_duel(args: argparse.Namespace) -> int:
    players = args.players
    jobs: list[DuelJob] = [
        (args.weights, args.level, args.seed + n // players, n % players, args.budget, players)
        for n in range(args.games)
    ]
    wins = margin = 0.0
    with worker_pool(args.workers) as pool:
        for number, (result, points) in enumerate(pool.imap(duel_game, jobs)):
            wins += result
            margin += points
            if (number + 1) % 20 == 0:
                print(f"{number + 1} games: fitted {wins / (number + 1):.3f}", file=sys.stderr)
    low, high = wilson_interval(wins, args.games)
    print(
        json.dumps(
            {
                "level": args.level,
                "players": players,
                "games": args.games,
                "seed": args.seed,
                "fitted_win_rate": round(wins / args.games, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "fitted_mean_margin": round(margin / args.games, 3),
            }
        )
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    data = commands.add_parser("data")
    data.add_argument("--games", type=int, default=600)
    data.add_argument("--seed", type=int, default=1)
    data.add_argument("--mixed", action="store_true", help="2, 3 and 4 seats in turn")
    data.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    data.add_argument("--workers", type=int, default=2)
    data.add_argument("--out", default="/tmp/knights_eval.npz")
    fit = commands.add_parser("fit")
    fit.add_argument("--data", default="/tmp/knights_eval.npz")
    fit.add_argument("--ridge", type=float, default=1.0)
    fit.add_argument("--keep", nargs="*", default=[], help="sums that keep their hand-set weights")
    fit.add_argument(
        "--merge-heights", action="store_true", help="one weight for a bucket's three heights"
    )
    fit.add_argument("--out", default="/tmp/knights_weights.json")
    duel = commands.add_parser("duel")
    duel.add_argument("--weights", default=str(WEIGHTS_FILE))
    duel.add_argument("--level", default="medium", choices=("medium", "hard", "expert"))
    duel.add_argument("--games", type=int, default=1000)
    duel.add_argument("--seed", type=int, default=7000)
    duel.add_argument("--budget", type=float, default=None)
    duel.add_argument("--workers", type=int, default=2)
    duel.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    args = parser.parse_args(argv)
    handler = {"data": command_data, "fit": command_fit, "duel": command_duel}[args.command]
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
