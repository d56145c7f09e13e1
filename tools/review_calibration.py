"""Is the review's win chance a true chance? Self-play games, the review's estimates, deciles.

Generate data (one JSON line per judged decision: the deciding seat's estimated chance and
whether that seat went on to win the game, or the rummy round)::

    python tools/review_calibration.py play --game knights --matchup medium,medium \
        --games 100 --seed 1 --out /tmp/cal-knights-mm.jsonl
    python tools/review_calibration.py play --game knights --matchup hard,medium \
        --games 100 --seed 1001 --hard-budget 0.25 --out /tmp/cal-knights-hm.jsonl

fit each game's chance map (``ai/review/calibration.json``) on part of the data, and read the
rest as a decile table, the map applied::

    python tools/review_calibration.py fit /tmp/cal-*-mm.jsonl --seeds 1-50
    python tools/review_calibration.py table /tmp/cal-*.jsonl --seeds 51-2000

Each decision is judged as the review judges the turns of a seat it does not search for
better moves (the graph's points, the fewest samples), so the check is the review's weakest
estimate. ``--every K`` judges one decision in K, drawn at random, to save time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ai import make_agent
from ai.review.calibration import FLOOR, chance_map
from ai.review.estimate import judge
from ai.review.review import GRAPH_SHARE, finished_spans, review_parts
from game.registry import game_spec


def play_game(
    game: str, levels: Sequence[str], seed: int, hard_budget: float
) -> tuple[list[Any], list[Any]]:
    """One game (a rummy round) of ``levels`` by seat: the states and the actions."""
    spec = game_spec(game)
    names = [f"{level}-{seat}" for seat, level in enumerate(levels)]
    state = spec.new_game(names, seed)
    agents = [
        make_agent(
            game, level, seed + seat, budget=hard_budget if level in ("hard", "expert") else None
        )
        for seat, level in enumerate(levels)
    ]
    rng = random.Random(seed)
    states, history = [state], []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        state = state.apply(action)
        history.append(action)
        states.append(state)
    return states, history


def play(args: argparse.Namespace) -> int:
    levels = args.matchup.split(",")
    plugin = review_parts(args.game)
    budget = args.budget if args.budget is not None else plugin.default_budget
    graph = budget * GRAPH_SHARE
    out = Path(args.out)
    with out.open("a", encoding="utf-8") as sink:
        for number in range(args.games):
            seed = args.seed + number
            # Seats alternate, so a level is not always the first to move.
            order = levels if number % 2 == 0 else list(reversed(levels))
            started = time.perf_counter()
            states, history = play_game(args.game, order, seed, args.hard_budget)
            final = states[-1].returns()
            spans = finished_spans(plugin, states, history)
            rng = random.Random(seed)
            judged = 0
            for position, span in enumerate(spans):
                if rng.random() * args.every >= 1.0:
                    continue  # one decision in ``every``, any seat's
                # Raw chances (no map): the table applies the map in force, ``fit`` fits it.
                turn = judge(plugin, span, graph, random.Random(rng.getrandbits(48)), False)
                record = {
                    "game": args.game,
                    "matchup": args.matchup,
                    "seed": seed,
                    "level": order[span.seat],
                    "seat": span.seat,
                    "turn": position,
                    "turns": len(spans),
                    "chance": turn.played,
                    "samples": turn.samples,
                    "won": final[span.seat],
                }
                sink.write(json.dumps(record) + "\n")
                judged += 1
            sink.flush()
            print(
                f"game {number + 1}/{args.games} seed {seed}: {len(spans)} decisions, "
                f"{judged} judged, {time.perf_counter() - started:.1f} s",
                file=sys.stderr,
            )
    return 0


def read_rows(files: Sequence[str], seeds: str | None = None) -> list[dict[str, Any]]:
    """The records of ``files``; ``seeds`` "A-B,C-D" keeps only games with seeds in those ranges."""
    rows: list[dict[str, Any]] = []
    for name in files:
        with open(name, encoding="utf-8") as source:
            rows += [json.loads(line) for line in source if line.strip()]
    if seeds:
        ranges = [tuple(int(part) for part in span.split("-")) for span in seeds.split(",")]
        rows = [row for row in rows if any(low <= row["seed"] <= high for low, high in ranges)]
    return rows


def calibrated(row: dict[str, Any], raw: bool) -> float:
    """The chance the review shows for a record (its raw chance through the game's map)."""
    chance = float(row["chance"])
    if raw:
        return chance
    return chance_map(row["game"]).apply([chance, 1.0 - chance], 0)[0]


def fit(args: argparse.Namespace) -> int:
    """Fit each game's map (two-player records) by logistic regression on the log-odds."""
    rows = read_rows(args.files, args.seeds)
    path = Path(args.out)
    maps = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for game in sorted({row["game"] for row in rows}):
        items = [row for row in rows if row["game"] == game]
        p = np.clip(np.array([row["chance"] for row in items]), FLOOR, 1 - FLOOR)
        x = np.log(p) - np.log1p(-p)
        y = np.array([row["won"] for row in items], dtype=float)
        w = np.array([1.0, 0.0])  # the identity map: slope 1, no bias
        for _ in range(50):
            z = w[0] * x + w[1]
            q = 1.0 / (1.0 + np.exp(-z))
            grad = np.array([np.sum((y - q) * x), np.sum(y - q)])
            h = q * (1 - q)
            hess = -np.array([[np.sum(h * x * x), np.sum(h * x)], [np.sum(h * x), np.sum(h)]])
            step = np.linalg.solve(hess - 1e-6 * np.eye(2), grad)
            w = w - step
            if np.abs(step).max() < 1e-9:
                break
        games = len({(row["matchup"], row["seed"]) for row in items})
        maps[game] = {
            "temperature": round(float(w[0]), 4),
            "decider_bias": round(float(w[1]), 4),
            "fitted_on": {
                "files": [Path(name).name for name in args.files],
                "seeds": args.seeds or "all",
                "estimates": len(items),
                "games": games,
            },
        }
        print(f"{game}: temperature {w[0]:.3f}, decider bias {w[1]:+.3f} ({len(items)} estimates)")
    path.write_text(json.dumps(maps, indent=1) + "\n", encoding="utf-8")
    return 0


def table(args: argparse.Namespace) -> int:
    rows = read_rows(args.files, args.seeds)
    for row in rows:
        row["chance"] = calibrated(row, args.raw)
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(f"{row['game']} (all)", []).append(row)
        groups.setdefault(f"{row['game']} {row['matchup']}", []).append(row)
    worst = 0.0
    for label, items in groups.items():
        games = len({(r["matchup"], r["seed"]) for r in items})
        print(f"\n{label}: {len(items)} estimates from {games} games")
        print("| decile | samples | mean estimate | observed wins | difference |")
        print("|---|---|---|---|---|")
        for decile in range(10):
            low, high = decile / 10, (decile + 1) / 10
            inside = [
                r
                for r in items
                if low <= r["chance"] < high or (decile == 9 and r["chance"] == 1.0)
            ]
            if not inside:
                print(f"| {low:.1f}–{high:.1f} | 0 | – | – | – |")
                continue
            mean = sum(r["chance"] for r in inside) / len(inside)
            observed = sum(r["won"] for r in inside) / len(inside)
            gap = observed - mean
            if len(inside) >= 50 and label.endswith("(all)"):
                worst = max(worst, abs(gap))
            mark = "" if len(inside) >= 50 else " (< 50)"
            print(
                f"| {low:.1f}–{high:.1f} | {len(inside)}{mark} | {100 * mean:.1f} % | "
                f"{100 * observed:.1f} % | {100 * gap:+.1f} |"
            )
    print(f"\nlargest gap in a decile with >= 50 samples (each game): {100 * worst:.1f} points")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="self-play games and the review's estimates")
    p.add_argument("--game", choices=("knights", "rummy"), required=True)
    p.add_argument("--matchup", default="medium,medium")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=float, default=None, help="the review's budget per decision")
    p.add_argument("--hard-budget", type=float, default=1.0)
    p.add_argument("--every", type=int, default=1)
    p.add_argument("--out", required=True)
    t = sub.add_parser("table", help="decile table of data files")
    t.add_argument("files", nargs="+")
    t.add_argument("--seeds", default=None, help="only games with seeds A-B[,C-D...]")
    t.add_argument("--raw", action="store_true", help="the raw chances, without the map")
    f = sub.add_parser("fit", help="fit each game's chance map on data files")
    f.add_argument("files", nargs="+")
    f.add_argument("--seeds", default=None, help="only games with seeds A-B[,C-D...]")
    f.add_argument("--out", default="ai/review/calibration.json")
    args = parser.parse_args(argv)
    if args.command == "play":
        return play(args)
    return fit(args) if args.command == "fit" else table(args)


if __name__ == "__main__":
    sys.exit(main())
