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

Each decision's chance is the decider's own view on a quarter of the review's budget, the
fewest samples a cost is measured from. ``--every K`` judges one decision in K, drawn at
random, to save time.

The graph's chances (every seat's, from what everybody sees) have a map of their own per
number of seats: a temperature and a bias per place in the turn order, for each third of the
game::

    python tools/review_calibration.py graph --game knights --matchup medium,medium \
        --games 200 --seed 1 --out /tmp/g-knights-mm.jsonl
    python tools/review_calibration.py fit-graph /tmp/g-*.jsonl --seeds 1-100
    python tools/review_calibration.py graph-table /tmp/g-*.jsonl --seeds 101-5000
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
from ai.review.calibration import FLOOR, KNOTS, chance_map
from ai.review.estimate import decider_chances
from ai.review.review import finished_spans, review_parts
from game.registry import game_spec

DECIDER_SHARE = 0.25  # of the review's budget per decision: the fewest a cost is measured from


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
    share = budget * DECIDER_SHARE
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
                raw = decider_chances(plugin, span, share, random.Random(rng.getrandbits(48)))
                record = {
                    "game": args.game,
                    "matchup": args.matchup,
                    "seed": seed,
                    "level": order[span.seat],
                    "seat": span.seat,
                    "turn": position,
                    "turns": len(spans),
                    "chance": raw[span.seat],
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


def graph(args: argparse.Namespace) -> int:
    """Self-play games and the graph's raw public chances after every decision, every seat."""
    levels = args.matchup.split(",")
    plugin = review_parts(args.game)
    out = Path(args.out)
    with out.open("a", encoding="utf-8") as sink:
        for number in range(args.games):
            seed = args.seed + number
            order = levels[number % len(levels) :] + levels[: number % len(levels)]
            started = time.perf_counter()
            states, history = play_game(args.game, order, seed, args.hard_budget)
            final = states[-1].returns()
            spans = finished_spans(plugin, states, history)
            for position, span in enumerate(spans):
                if span.after.is_terminal:
                    continue  # the result itself: nothing to calibrate
                record = {
                    "game": args.game,
                    "matchup": args.matchup,
                    "players": len(levels),
                    "seed": seed,
                    "turn": position,
                    "turns": len(spans),
                    "decider": span.seat,
                    "chances": [round(c, 5) for c in plugin.public_chances(span.after)],
                    "progress": round(plugin.progress(span.after), 4),
                    "to_move": span.after.current_player,
                    "won": list(final),
                }
                sink.write(json.dumps(record) + "\n")
            sink.flush()
            print(
                f"game {number + 1}/{args.games} seed {seed}: {len(spans)} decisions, "
                f"{time.perf_counter() - started:.1f} s",
                file=sys.stderr,
            )
    return 0


def _graph_features(row: dict[str, Any]) -> tuple[Any, Any]:
    """Per seat: ``log p`` and which place in the turn order he has (the next to move has
    none: his bias is the zero the others are measured from); and the results."""
    chances = np.array(row["chances"], dtype=float)
    n = len(chances)
    to_move = row.get("to_move", (row["decider"] + 1) % n)
    x = np.zeros((n, n))
    x[:, 0] = np.log(np.clip(chances, FLOOR, 1.0))
    for seat in range(n):
        place = (seat - to_move) % n
        if place:
            x[seat, place] = 1.0
    return x, np.array(row["won"], dtype=float)


def _log_likelihood(data: Sequence[tuple[Any, Any]], w: Any) -> float:
    total = 0.0
    for x, y in data:
        z = x @ w
        z = z - z.max()
        total += float(y @ (z - np.log(np.exp(z).sum())))
    return total


def graph_fit(rows: Sequence[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    """Per third of the game (by progress), the map of most likelihood: a conditional logit
    on ``log p`` and the seats' places in the turn order (Newton's method, halving a step
    that does not help). The temperatures, and per place the biases by third."""
    n = len(rows[0]["chances"])
    temperatures: list[float] = []
    biases: list[list[float]] = [[] for _ in range(n)]
    for third in range(len(KNOTS)):
        data = [_graph_features(r) for r in rows if min(2, int(3 * float(r["progress"]))) == third]
        w = np.zeros(n)
        w[0] = 1.0
        best = _log_likelihood(data, w)
        for _ in range(100):
            grad = np.zeros(n)
            hess = np.zeros((n, n))
            for x, y in data:
                z = x @ w
                q = np.exp(z - z.max())
                q /= q.sum()
                grad += (y - q * y.sum()) @ x
                centred = x - q @ x
                hess -= y.sum() * (centred.T * q) @ centred
            step = np.linalg.solve(hess - 1e-6 * np.eye(n), grad)
            size = 1.0
            while size > 1e-4:
                trial = w - size * step
                value = _log_likelihood(data, trial)
                if value >= best:
                    break
                size /= 2
            else:
                break
            w, best = trial, value
            if np.abs(size * step).max() < 1e-8:
                break
        temperatures.append(float(np.clip(w[0], 0.05, 20.0)))
        biases[0].append(0.0)
        for place in range(1, n):
            biases[place].append(float(np.clip(w[place], -5.0, 5.0)))
    return temperatures, biases


def fit_graph(args: argparse.Namespace) -> int:
    """Fit each game's graph map per number of seats (maximum likelihood)."""
    rows = read_rows(args.files, args.seeds)
    path = Path(args.out)
    maps = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for game in sorted({row["game"] for row in rows}):
        entry = maps.setdefault(game, {})
        graph_map = entry.setdefault("graph", {})
        for players in sorted({len(row["chances"]) for row in rows if row["game"] == game}):
            items = [r for r in rows if r["game"] == game and len(r["chances"]) == players]
            temperatures, biases = graph_fit(items)
            games = len({(row["matchup"], row["seed"]) for row in items})
            graph_map[str(players)] = {
                "temperatures": [round(t, 4) for t in temperatures],
                "turn_order": [[round(b, 4) for b in row] for row in biases],
                "fitted_on": {
                    "files": [Path(f).name for f in args.files if game in Path(f).name],
                    "seeds": args.seeds or "all",
                    "estimates": len(items),
                    "games": games,
                },
            }
            shown = ", ".join(f"{t:.3f}" for t in temperatures)
            last = ", ".join(f"{b:+.3f}" for b in biases[-1])
            print(f"{game} {players} seats: temperatures by third {shown}; just moved {last}")
    path.write_text(json.dumps(maps, indent=1) + "\n", encoding="utf-8")
    return 0


def graph_table(args: argparse.Namespace) -> int:
    """Deciles of the graph's chances (every seat of every record) against the results."""
    rows = read_rows(args.files, args.seeds)
    for game in sorted({row["game"] for row in rows}):
        for players in sorted({len(row["chances"]) for row in rows if row["game"] == game}):
            mapping = chance_map(game)
            pairs = []
            for row in rows:
                if row["game"] != game or len(row["chances"]) != players:
                    continue
                to_move = row.get("to_move", (row["decider"] + 1) % players)
                shown = (
                    row["chances"]
                    if args.raw
                    else mapping.graph(row["chances"], row["progress"], to_move)
                )
                pairs += list(zip(shown, row["won"], strict=True))
            print(f"\n{game}, {players} seats: {len(pairs)} chances")
            print("| decile | chances | mean shown | observed wins | difference |")
            print("|---|---|---|---|---|")
            for decile in range(10):
                low, high = decile / 10, (decile + 1) / 10
                inside = [(c, w) for c, w in pairs if low <= c < high or (decile == 9 and c == 1)]
                if not inside:
                    continue
                mean = sum(c for c, _ in inside) / len(inside)
                observed = sum(w for _, w in inside) / len(inside)
                mark = "" if len(inside) >= 50 else " (< 50)"
                print(
                    f"| {low:.1f}–{high:.1f} | {len(inside)}{mark} | {100 * mean:.1f} % | "
                    f"{100 * observed:.1f} % | {100 * (observed - mean):+.1f} |"
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
        maps.setdefault(game, {}).update(  # the graph's map, fitted by fit-graph, stays
            {
                "temperature": round(float(w[0]), 4),
                "decider_bias": round(float(w[1]), 4),
                "fitted_on": {
                    "files": [Path(name).name for name in args.files],
                    "seeds": args.seeds or "all",
                    "estimates": len(items),
                    "games": games,
                },
            }
        )
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
    g = sub.add_parser("graph", help="self-play games and the graph's public chances")
    g.add_argument("--game", choices=("knights", "rummy"), required=True)
    g.add_argument("--matchup", default="medium,medium")
    g.add_argument("--games", type=int, default=50)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--hard-budget", type=float, default=1.0)
    g.add_argument("--out", required=True)
    fg = sub.add_parser("fit-graph", help="fit each game's graph map per seat count")
    fg.add_argument("files", nargs="+")
    fg.add_argument("--seeds", default=None)
    fg.add_argument("--out", default="ai/review/calibration.json")
    gt = sub.add_parser("graph-table", help="decile table of the graph's chances")
    gt.add_argument("files", nargs="+")
    gt.add_argument("--seeds", default=None)
    gt.add_argument("--raw", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "graph":
        return graph(args)
    if args.command == "fit-graph":
        return fit_graph(args)
    if args.command == "graph-table":
        return graph_table(args)
    if args.command == "play":
        return play(args)
    return fit(args) if args.command == "fit" else table(args)


if __name__ == "__main__":
    sys.exit(main())
