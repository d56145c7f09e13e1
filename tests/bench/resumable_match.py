"""A long arena match that survives being cut off: each finished game is appended to a log,
and a rerun plays only the games the log lacks. The games are exactly those of
``robbers-den match`` with the same game, players, games and seed, so the pooled report is
that match's report.

    python tests/bench/resumable_match.py --game knights --players expert,hard --games 200 \
        --seed 4400 --workers 2 --log tests/bench/results/rk_expert_hard_4400.jsonl
    python tests/bench/resumable_match.py ... --report   # the pooled report so far, no games

Budgets are wall-clock: run nothing else heavy beside it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ai.arena import GameResult, format_report, plan_games, run_games, summarize  # noqa: E402
from ai.knights.fitted import WEIGHTS_FILE  # noqa: E402


def read_log(path: Path, header: dict[str, Any]) -> dict[int, GameResult]:
    """The games already played, by index (a line cut off mid-write is dropped)."""
    done: dict[int, GameResult] = {}
    if not path.exists():
        return done
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        logged = json.loads(lines[0]) if lines else header
    except json.JSONDecodeError:
        raise SystemExit(f"{path}: its first line is not a match header") from None
    if logged != header:
        raise SystemExit(f"{path} logs another match (or other weights): {lines[0]}")
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # cut off mid-write: that game is played again
        done[entry["index"]] = GameResult(
            tuple(entry["seat_levels"]),
            entry["returns"],
            entry["scores"],
            entry["decision_seconds"],
            entry["illegal"],
            entry["finished"],
        )
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--report", action="store_true", help="report the log, play nothing")
    parser.add_argument(
        "--pool",
        nargs="*",
        default=[],
        metavar="SEED=LOG",
        help="with --report: add the games of the same match played from other seeds",
    )
    args = parser.parse_args()
    levels = [level.strip() for level in args.players.split(",")]
    header = {
        "game": args.game,
        "players": levels,
        "seed": args.seed,
        "budget": args.budget,
        # games decided by other fitted weights are another match
        "knights_weights_sha256": hashlib.sha256(WEIGHTS_FILE.read_bytes()).hexdigest()[:16],
    }
    done = read_log(args.log, header)
    specs = plan_games(args.game, levels, args.games, args.seed, args.budget)
    missing = [spec for spec in specs if spec.index not in done]
    if not args.report and missing:
        args.log.parent.mkdir(parents=True, exist_ok=True)
        if not args.log.exists():
            args.log.write_text(json.dumps(header) + "\n", encoding="utf-8")
        elif not args.log.read_bytes().endswith(b"\n"):
            with args.log.open("a", encoding="utf-8") as log:
                log.write("\n")  # end the line a cut-off run left, so the next game's is whole
        with args.log.open("a", encoding="utf-8") as log:
            for spec, result in zip(missing, run_games(missing, args.workers), strict=True):
                entry = {"index": spec.index, **result.__dict__}
                log.write(json.dumps(entry) + "\n")
                log.flush()
                done[spec.index] = result
                print(f"game {spec.index}: {result.seat_levels} {result.returns}", flush=True)
    results = [done[spec.index] for spec in specs if spec.index in done]
    for item in args.pool:
        seed, _, path = item.partition("=")
        other = read_log(Path(path), {**header, "seed": int(seed)})
        results += [other[index] for index in sorted(other)]
    report = summarize(args.game, results)
    print(format_report(report, sum(1 for result in results if not result.finished)))
    for line in head_to_head(results):
        print(line)
    print(json.dumps(report))
    return 0


def head_to_head(results: list[GameResult]) -> list[str]:
    """With three or four seats, each pair of seats of two levels in one game is a duel: who
    scored more (a tie by points goes to the game's result, as the rules break it). The share
    of duels a level won says more per game than its wins alone; the duels of one game are not
    independent, so the interval is by games (a Wilson interval on the duel count is narrower
    than the truth)."""
    duels: dict[tuple[str, str], list[float]] = {}
    for result in results:
        per_game: dict[tuple[str, str], list[float]] = {}
        levels, scores, returns = result.seat_levels, result.scores, result.returns
        for a in range(len(levels)):
            for b in range(len(levels)):
                if levels[a] >= levels[b] or a == b:
                    continue
                if scores[a] != scores[b]:
                    won = 1.0 if scores[a] > scores[b] else 0.0
                else:
                    won = 0.5 if returns[a] == returns[b] else float(returns[a] > returns[b])
                per_game.setdefault((levels[a], levels[b]), []).append(won)
        for pair, values in per_game.items():
            duels.setdefault(pair, []).append(sum(values) / len(values))
    lines = []
    for (a, b), shares in sorted(duels.items()):
        n = len(shares)
        mean = sum(shares) / n
        spread = (sum((x - mean) ** 2 for x in shares) / (n - 1)) ** 0.5 if n > 1 else 0.5
        half = 1.96 * spread / n**0.5
        lines.append(
            f"head to head {a} vs {b}: {a} ahead in {100 * mean:.1f} % of their duels "
            f"[{100 * max(0.0, mean - half):.1f}, {100 * min(1.0, mean + half):.1f}] "
            f"over {n} games"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
