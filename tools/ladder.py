"""Fit each game's ladder from recorded matches and write it where the game ships it.

    python tools/ladder.py                      # fit, write ai/<game>/ladder.json, print tables
    python tools/ladder.py --check              # print only, write nothing

Reads every match log (``tests/bench/resumable_match.py`` files: a header line, then one line
per game) under tests/bench/results/ (the ladder's own, ``ladder_matches.sh``, and earlier ones
played at the real budgets, i.e. without ``--budget``). Two-player games of the named levels
and of strengths between them (``mix<s>``) enter one Bradley-Terry fit per game, medium
anchored at 1500, one prior game per pair that met (half won by each, so a pair one side always
won still has a finite gap); intervals are 95 % from the Fisher information. Games of more
seats are tallied apart (per level: games and mean share of the win). Earlier matches at the
real budgets whose logs were not kept enter as their recorded tallies
(``tests/bench/results/recorded_tallies.json``, each with its source). A fit whose ratings do
not rise with the levels is printed but not written (the game would refuse it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.bradley_terry import PairResult, fit  # noqa: E402
from ai.ladder import Ladder, Pair, Rung, ladder_path, parse_ladder, rating_of  # noqa: E402
from ai.ladder import whole_rating as whole  # noqa: E402
from ai.levels import LEVELS  # noqa: E402
from ai.strength import parse_player  # noqa: E402
from game.registry import GAME_KEYS, game_spec  # noqa: E402

RESULTS = Path(__file__).resolve().parents[1] / "tests" / "bench" / "results"
RECORDED = "recorded_tallies.json"
ANCHOR, ANCHOR_RATING, PRIOR = "medium", 1500.0, 1.0
COMMAND = "nice -n 10 sh tests/bench/ladder_matches.sh knights|rummy|mix; python tools/ladder.py"

Tally = dict[tuple[str, str], list[float]]  # (a, b) -> [games, a's score]


def read_logs(root: Path) -> tuple[dict[str, Tally], dict[tuple[str, int], dict[str, list[float]]]]:
    """Two-player tallies per game, and per (game, seats) each level's [games, share won]."""
    pairs: dict[str, Tally] = defaultdict(dict)
    more: dict[tuple[str, int], dict[str, list[float]]] = defaultdict(dict)
    for path in sorted(root.rglob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0])
        except (IndexError, json.JSONDecodeError):
            continue
        if header.get("budget") is not None or header.get("game") not in GAME_KEYS:
            continue  # not the real budgets
        game = header["game"]
        seen: set[int] = set()
        for line in lines[1:]:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not entry.get("finished") or entry["index"] in seen:
                continue
            seen.add(entry["index"])
            seats, returns = entry["seat_levels"], entry["returns"]
            for name in seats:
                parse_player(name)  # a log of unknown players is no ladder's
            if len(seats) == 2:
                a, b = sorted(seats)
                score_a = returns[seats.index(a)] if a != b else 0.5
                if a == b:
                    continue
                cell = pairs[game].setdefault((a, b), [0.0, 0.0])
                cell[0] += 1
                cell[1] += score_a
            else:
                for seat, name in enumerate(seats):
                    cell = more[(game, len(seats))].setdefault(name, [0.0, 0.0])
                    cell[0] += 1
                    cell[1] += returns[seat]
    recorded = root / RECORDED
    if recorded.exists():
        for entry in json.loads(recorded.read_text(encoding="utf-8"))["tallies"]:
            a, b, score = entry["a"], entry["b"], float(entry["score"])
            if a > b:
                a, b, score = b, a, entry["games"] - score
            cell = pairs[entry["game"]].setdefault((a, b), [0.0, 0.0])
            cell[0] += entry["games"]
            cell[1] += score
    return pairs, more


def fit_ladder(game: str, tally: Tally) -> Ladder:
    players = sorted({name for pair in tally for name in pair}, key=_order)
    missing = [level for level in LEVELS if level not in players]
    if missing:
        raise ValueError(f"{game}: no games of {', '.join(missing)}")
    results = [PairResult(a, b, n, s) for (a, b), (n, s) in sorted(tally.items())]
    fitted = fit(players, results, ANCHOR, ANCHOR_RATING, prior=PRIOR)
    rungs = {name: Rung(f.rating, f.low, f.high, f.games) for name, f in fitted.items()}
    mixes = {}
    for name, rung in rungs.items():
        player = parse_player(name)
        if not isinstance(player, str):
            mixes[player] = rung
    pairs = tuple(Pair(r.a, r.b, r.games, r.score) for r in results)
    return Ladder(game, ANCHOR, COMMAND, {lv: rungs[lv] for lv in LEVELS}, mixes, pairs)


def _order(name: str) -> float:
    player = parse_player(name)
    return float(LEVELS.index(player)) if isinstance(player, str) else player


def table(ladder: Ladder) -> str:
    lines = ["| player | rating | 95 % interval | games |", "|---|---:|---|---:|"]
    rows = [(level, ladder.levels[level]) for level in LEVELS]
    rows += [(f"mix {s:g}", rung) for s, rung in sorted(ladder.mixes.items())]
    rows.sort(key=lambda row: row[1].rating)
    for name, rung in rows:
        span = "anchor" if name == ladder.anchor else f"{whole(rung.low)} to {whole(rung.high)}"
        lines.append(f"| {name} | {whole(rung.rating)} | {span} | {rung.games:g} |")
    if ladder.mixes:
        lines += [
            "",
            "| strength | on the line between its levels | measured | 95 % interval | games |",
            "|---|---:|---:|---|---:|",
        ]
        levels_only = Ladder(ladder.game, ladder.anchor, ladder.command, ladder.levels, {})
        for strength, rung in sorted(ladder.mixes.items()):
            lines.append(
                f"| {strength:g} | {whole(rating_of(levels_only, strength))} "
                f"| {whole(rung.rating)} | {whole(rung.low)} to {whole(rung.high)} "
                f"| {rung.games:g} |"
            )
    lines += ["", "| pair | games | score of the first |", "|---|---:|---:|"]
    for pair in ladder.pairs:
        lines.append(
            f"| {pair.a} – {pair.b} | {pair.games:g} | {pair.score:g} "
            f"({100 * pair.score / pair.games:.0f} %) |"
        )
    return "\n".join(lines)


def write(path: Path, text: str) -> None:
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".ladder-")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temp, path)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--check", action="store_true", help="print only, write nothing")
    args = parser.parse_args()
    pairs, more = read_logs(args.results)
    for game in GAME_KEYS:
        if game_spec(game).ladder_ref is None:
            continue
        try:
            ladder = fit_ladder(game, pairs.get(game, {}))
        except ValueError as error:
            print(f"{game}: no ladder: {error}")
            continue
        print(f"## {game}\n\n{table(ladder)}\n")
        try:
            parse_ladder(json.loads(json.dumps(ladder.to_dict())), game)
        except ValueError as error:
            print(f"{game}: not written, the game would refuse it: {error}")
            continue
        target = ladder_path(game)
        if not args.check and target is not None:
            write(Path(target), json.dumps(ladder.to_dict(), indent=1) + "\n")
    recorded = args.results / RECORDED
    if recorded.exists():
        for entry in json.loads(recorded.read_text(encoding="utf-8")).get("more_seats", []):
            print(
                f"{entry['game']}, {entry['seats']} seats, {entry['players']}: the first's share "
                f"of the win {entry['share']:.3f} of {entry['games']} ({entry['source']})"
            )
    for (game, seats), levels in sorted(more.items()):
        shares = ", ".join(
            f"{name} {cell[1] / cell[0]:.3f} of {cell[0]:g}" for name, cell in levels.items()
        )
        print(f"{game}, {seats} seats (mean share of the win, games): {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
