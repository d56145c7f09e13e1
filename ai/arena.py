"""The headless arena: ``python -m game match`` plays AI-only games and reports per level.

Seats rotate so every level sits in every seat; consecutive games of one rotation share one
deal seed, which for Räuber-Rommé mirrors the deal (each level plays each hand). A rummy "game"
is one round. An agent's illegal action (or crash) is counted and replaced by a random legal
action so the game goes on.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from ai.agent import Agent
from ai.levels import LEVELS, make_agent
from ai.stats import percentile, wilson_interval
from ai.strength import parse_player, player_agent
from game.cli_args import SEED_RANGE, cores, seconds, whole
from game.core import GameState, IllegalAction
from game.processes import watch_parent
from game.registry import GAME_KEYS, game_spec, resolve

MAX_ACTIONS_PER_GAME = 20_000


@dataclass(frozen=True)
class GameSpec:
    game: str
    index: int
    deal_seed: int
    seat_levels: tuple[str, ...]
    budget: float | None
    seed: int


@dataclass
class GameResult:
    seat_levels: tuple[str, ...]
    returns: list[float]
    scores: list[float]
    decision_seconds: list[list[float]] = field(default_factory=list)
    illegal: list[int] = field(default_factory=list)
    finished: bool = True


def new_state(game: str, names: list[str], deal_seed: int) -> GameState:
    return game_spec(game).new_game(names, deal_seed)


def final_scores(game: str, state: GameState) -> list[float]:
    """Knights: points; rummy: the penalty (hand value) each seat is left with."""
    return game_spec(game).final_scores(state)


def plan_games(
    game: str, levels: Sequence[str], games: int, seed: int, budget: float | None
) -> list[GameSpec]:
    seats = len(levels)
    specs = []
    for index in range(games):
        rotation = index % seats
        seat_levels = tuple(levels[(seat + rotation) % seats] for seat in range(seats))
        deal_seed = seed * 100_003 + index // seats
        specs.append(GameSpec(game, index, deal_seed, seat_levels, budget, seed))
    return specs


def make_player(game: str, name: str, seed: int, budget: float | None) -> Agent:
    """A level by name, or a strength between the levels named ``mix<strength>``."""
    if name in LEVELS:
        return make_agent(game, name, seed=seed, budget=budget)
    return player_agent(game, name, seed=seed, budget=budget)


def play_game(spec: GameSpec) -> GameResult:
    seats = len(spec.seat_levels)
    names = [f"{level}-{seat}" for seat, level in enumerate(spec.seat_levels)]
    agents = [
        make_player(spec.game, level, spec.deal_seed * 31 + seat, spec.budget)
        for seat, level in enumerate(spec.seat_levels)
    ]
    rngs = [random.Random(f"{spec.seed}/{spec.index}/{seat}") for seat in range(seats)]
    times: list[list[float]] = [[] for _ in range(seats)]
    illegal = [0] * seats
    state = new_state(spec.game, names, spec.deal_seed)
    actions = 0
    while not state.is_terminal and actions < MAX_ACTIONS_PER_GAME:
        seat = state.current_player
        assert seat is not None  # a state that is not over has a player to move
        began = time.perf_counter()
        try:
            action = agents[seat].choose(state, rngs[seat])
        except Exception as error:  # a crashing agent must not stop the match
            print(f"agent {names[seat]} failed in game {spec.index}: {error!r}", file=sys.stderr)
            action = None
        times[seat].append(time.perf_counter() - began)
        try:
            if action is None:
                raise IllegalAction("no action")
            state = state.apply(action)
        except IllegalAction as error:
            illegal[seat] += 1
            print(f"illegal action by {names[seat]}: {action} ({error})", file=sys.stderr)
            state = state.apply(rngs[seat].choice(state.legal_actions()))
        actions += 1
    finished = state.is_terminal
    returns = list(state.returns()) if finished else [0.0] * seats
    return GameResult(
        spec.seat_levels, returns, final_scores(spec.game, state), times, illegal, finished
    )


def warm_up(game: str) -> None:
    """What the game's computer players prepare before the first move (the rummy solver's
    compiled core: from numba's on-disk cache in well under a second)."""
    ref = game_spec(game).warm_up_ref
    if ref is not None:
        resolve(ref)()


def _start_worker(games: list[str]) -> None:
    watch_parent(os.getppid())  # a killed match leaves no worker playing on
    for game in games:
        warm_up(game)


def run_games(specs: list[GameSpec], workers: int) -> Iterator[GameResult]:
    games = sorted({spec.game for spec in specs})
    for game in games:
        warm_up(game)  # here: it fills the cache the workers then load
    if workers <= 1:
        yield from map(play_game, specs)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=_start_worker, initargs=(games,)) as pool:
        yield from pool.imap(play_game, specs)


class LevelReport(TypedDict):
    """One level's line of the report."""

    games: int
    wins: float
    win_rate: float
    ci95: list[float]
    mean_score: float
    decision_ms_mean: float
    decision_ms_p95: float
    decision_ms_max: float


class Report(TypedDict):
    """What ``match --json`` prints."""

    game: str
    games: int
    illegal_actions: int
    levels: dict[str, LevelReport]


@dataclass
class _Tally:
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)


def summarize(game: str, results: list[GameResult]) -> Report:
    levels: dict[str, LevelReport] = {}
    raw: dict[str, _Tally] = {}
    for result in results:
        for seat, level in enumerate(result.seat_levels):
            entry = raw.setdefault(level, _Tally())
            entry.games += 1
            entry.wins += result.returns[seat]
            entry.scores.append(result.scores[seat])
            entry.times.extend(result.decision_seconds[seat])
    for level, entry in raw.items():
        games = entry.games
        low, high = wilson_interval(entry.wins, games)
        times_ms = [seconds * 1000.0 for seconds in entry.times]
        levels[level] = {
            "games": games,
            "wins": round(entry.wins, 4),
            "win_rate": round(entry.wins / games, 4) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(sum(entry.scores) / games, 3) if games else 0.0,
            "decision_ms_mean": round(sum(times_ms) / len(times_ms), 1) if times_ms else 0.0,
            "decision_ms_p95": round(percentile(times_ms, 0.95), 1),
            "decision_ms_max": round(max(times_ms), 1) if times_ms else 0.0,
        }
    return {
        "game": game,
        "games": len(results),
        "illegal_actions": sum(sum(result.illegal) for result in results),
        "levels": levels,
    }


def format_report(report: Report, unfinished: int) -> str:
    score_name = "mean pen" if game_spec(report["game"]).info.lower_score_wins else "mean pts"
    lines = [
        f"{report['game']}: {report['games']} games, illegal actions: {report['illegal_actions']}"
        + (f", unfinished: {unfinished}" if unfinished else ""),
        f"{'level':<8}{'games':>7}{'wins':>9}{'rate':>8}{'95% CI':>16}{score_name:>10}"
        f"{'ms mean':>9}{'ms p95':>9}{'ms max':>9}",
    ]
    for level, entry in report["levels"].items():
        low, high = entry["ci95"]
        lines.append(
            f"{level:<8}{entry['games']:>7}{entry['wins']:>9.1f}{entry['win_rate']:>8.3f}"
            f"{f'[{low:.3f}, {high:.3f}]':>16}{entry['mean_score']:>10.2f}"
            f"{entry['decision_ms_mean']:>9.1f}{entry['decision_ms_p95']:>9.1f}"
            f"{entry['decision_ms_max']:>9.1f}"
        )
    return "\n".join(lines)


MAX_GAMES = 1_000_000
MAX_BUDGET = 3600.0  # seconds per decision: an hour is already no game


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="robbers-den match", description="Play AI-only games and report per level."
    )
    parser.add_argument("--game", choices=GAME_KEYS, required=True)
    parser.add_argument(
        "--players",
        required=True,
        help=f"comma-separated levels, e.g. hard,medium ({LEVELS}), or mixes such as mix1.5",
    )
    parser.add_argument("--games", type=whole(1, MAX_GAMES), default=10)
    parser.add_argument("--seed", type=whole(*SEED_RANGE), default=0)
    parser.add_argument(
        "--budget",
        type=seconds(0.0, MAX_BUDGET, low_open=True),
        default=None,
        help="search seconds per decision",
    )
    parser.add_argument(
        "--workers", type=whole(1, cores()), default=1, help=f"processes (1 to {cores()})"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(argv))
    levels = [level.strip() for level in args.players.split(",") if level.strip()]
    for level in levels:
        try:
            parse_player(level)
        except ValueError as error:
            parser.error(str(error))
    spec = game_spec(args.game)
    low, high = spec.info.min_players, spec.info.max_players
    if not low <= len(levels) <= high:
        parser.error(f"{args.game} needs {low} to {high} players, got {len(levels)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.budget is not None and args.budget <= 0:
        parser.error("--budget must be positive")
    args.levels = levels
    return args


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    specs = plan_games(args.game, args.levels, args.games, args.seed, args.budget)
    results = list(run_games(specs, max(1, args.workers)))
    report = summarize(args.game, results)
    unfinished = sum(1 for result in results if not result.finished)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report, unfinished))
    return 0 if report["illegal_actions"] == 0 and unfinished == 0 else 1
