"""Judging one decision: the move played against the search's best, on the same redeals.

Each sample redeals what the deciding player could not see (:meth:`ReviewGame.deal`), plays
every choice still in the running from that one deal, and plays the game (the rummy round) out
with a quick policy for every seat (:meth:`ReviewGame.rollout`, seeded by the sample so all
choices meet the same luck). The mean result of a choice is its win chance; comparing two
choices on the same deals (common random numbers) makes their difference far less noisy than
either chance.

The budget is spent in two parts. First the choices are screened: each sample plays them all,
and a choice clearly behind the leader is dropped. Then the leader and the move played meet on
fresh deals, and the cost is measured there only: the screening's winner is the luckiest of
several, so its own samples would overstate how much better it is.
"""

from __future__ import annotations

import json
import math
import random
import threading
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ai.agent import Deadline
from ai.review.calibration import ChanceMap
from ai.review.spans import DecisionSpan, TurnRules
from game.core import Action, GameState, IllegalAction
from game.review import ReviewedTurn

Choice = tuple[Action, ...]
S = TypeVar("S", bound=GameState)

SCREEN_SHARE = 0.5  # of the decision's budget; the confirmation gets the rest
MIN_SAMPLES = 6  # even on a tiny budget, so a comparison is not pure luck
MAX_SAMPLES = 2_000
PRUNE_EVERY = 4
PRUNE_FROM = 8  # samples before a choice may be dropped
PRUNE_SIGMAS = 3.0
MIN_CONFIRM = 12  # fresh deals that measure a cost, even on a tiny budget
PRIOR_SAMPLES = 2.0  # fewer confirmation samples than this: the cost uses all samples


class ReviewGame(TurnRules, Protocol):
    """The game-specific parts of a review."""

    default_budget: float  # seconds per reviewed decision
    time_target: float  # seconds a whole game (a rummy round) should take at the default

    def deal(self, span: DecisionSpan[GameState], rng: random.Random) -> GameState:
        """A full position at ``span.before`` consistent with what the decider could see."""
        ...

    def alternatives(
        self, span: DecisionSpan[GameState], deal: GameState, deadline: Deadline
    ) -> list[Choice]:
        """The choices the search would weigh instead of the one played, best first."""
        ...

    def play(self, state: GameState, choice: Choice) -> GameState:
        """The position after ``choice``; IllegalAction when it can't be played there."""
        ...

    def rollout(self, state: GameState, seed: int, seat: int) -> list[float]:
        """Each seat's result (1 a win, shares for a tie) after playing on, or its chance as
        ``seat`` (the decider) can judge it where the play-out stops short of the end."""
        ...

    def points(self, span: DecisionSpan[GameState], choice: Choice) -> int | None:
        """Points the decider is left holding after ``choice`` (rummy's hand), or None."""
        ...

    def public_chances(self, state: GameState) -> list[float]:
        """Each seat's chance at ``state`` judged from what every player sees (the table,
        counts; no hidden card or tile), the result itself once the game (round) is over.
        The review's graph: one frame for all seats, whoever just moved."""
        ...

    def progress(self, state: GameState) -> float:
        """How far the game (the rummy round) has gone: 0 at its start, 1 at its end."""
        ...


def play_choice(state: S, choice: Choice) -> S:
    """The position after the choice's actions, one by one (IllegalAction if one can't be)."""
    for action in choice:
        state = state.apply(action)
    return state


@dataclass
class Tally:
    """One choice's results, sample by sample (None where it was not played)."""

    choice: Choice
    results: list[list[float] | None] = field(default_factory=list)
    dropped: bool = False

    def add(self, result: list[float] | None) -> None:
        self.results.append(result)

    def mean(self, seat: int, start: int = 0) -> float:
        values = [r[seat] for r in self.results[start:] if r is not None]
        return sum(values) / len(values) if values else 0.0

    def count(self, start: int = 0) -> int:
        return sum(r is not None for r in self.results[start:])

    def means(self, seats: int) -> tuple[float, ...]:
        """Each seat's chance: the mean result, drawn towards the equal share by
        :data:`PRIOR_SAMPLES` imagined samples, so a few play-outs that all went one way
        don't claim certainty (the posterior mean under a weak prior)."""
        played = [r for r in self.results if r is not None]
        share = 1.0 / seats
        sums = [sum(column) for column in zip(*played, strict=True)] if played else [0.0] * seats
        n = len(played) + PRIOR_SAMPLES
        return tuple((total + PRIOR_SAMPLES * share) / n for total in sums)


def paired(a: Tally, b: Tally, seat: int, start: int = 0) -> tuple[float, float, int]:
    """Mean and standard error of ``a - b`` for ``seat`` over the samples both played."""
    diffs = [
        x[seat] - y[seat]
        for x, y in zip(a.results[start:], b.results[start:], strict=True)
        if x is not None and y is not None
    ]
    n = len(diffs)
    if n == 0:
        return 0.0, 1.0, 0
    mean = sum(diffs) / n
    if n == 1:
        return mean, 1.0, 1
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n), n


def _sample(
    game: ReviewGame, span: DecisionSpan[GameState], tallies: Sequence[Tally], rng: random.Random
) -> None:
    seed = rng.getrandbits(48)
    deal = game.deal(span, random.Random(seed))
    for tally in tallies:
        if tally.dropped:
            tally.add(None)
            continue
        try:
            after = game.play(deal, tally.choice)
        except IllegalAction:
            tally.dropped = True  # only the move played could need the real draws
            tally.add(None)
            continue
        tally.add(game.rollout(after, seed, span.seat))


def _prune(tallies: Sequence[Tally], seat: int) -> None:
    """Drop the alternatives clearly behind the leader (never the move played)."""
    live = [t for t in tallies if not t.dropped]
    leader = max(live, key=lambda t: t.mean(seat))
    for tally in live:
        if tally is leader or tally is tallies[0]:
            continue
        mean, error, n = paired(tally, leader, seat)
        if n >= PRUNE_FROM and mean + PRUNE_SIGMAS * error < 0:
            tally.dropped = True


def judge(
    game: ReviewGame,
    span: DecisionSpan[GameState],
    budget: float,
    rng: random.Random,
    search_alternatives: bool,
    stop: threading.Event | None = None,
    mapping: ChanceMap | None = None,
) -> ReviewedTurn:
    """The review of one decision within about ``budget`` seconds. Its chances are the
    graph's (:meth:`ReviewGame.public_chances`, the same frame whoever decided); the cost of
    the move played is measured from the decider's own view, on redeals of what he could not
    see, against the best move found when ``search_alternatives``. ``mapping`` is the game's
    calibration (None: raw chances)."""
    deadline = Deadline(budget, stop)
    seat = span.seat
    after = span.after
    public = game.public_chances(after)
    chances = (
        tuple(public)  # the result itself (a shared one too) is not an estimate to map
        if mapping is None or after.is_terminal
        else mapping.graph(public, game.progress(after), after.current_player)
    )
    played = Tally(span.actions)
    tallies = [played]
    if search_alternatives:
        # The search for alternatives sees one deal, drawn from the position itself: a
        # position is searched the same way by every review of it (only the judging deals
        # differ), so a move the search calls best is not called a mistake by the next review.
        first = game.deal(span, random.Random(position_seed(span)))
        for choice in game.alternatives(span, first, deadline):
            if choice != span.actions and all(choice != t.choice for t in tallies):
                tallies.append(Tally(choice))
    if len(tallies) == 1:
        # Nothing to weigh the move against: the graph's chances are all there is to say.
        return _turn(span, chances, search_alternatives, 0, game, None, 0.0, 0.0)
    screen_end = deadline.start + budget * SCREEN_SHARE
    samples = 0
    while samples < MAX_SAMPLES and (samples < MIN_SAMPLES or not _past(screen_end, deadline)):
        if deadline.stop is not None and deadline.stop.is_set():
            break
        _sample(game, span, tallies, rng)
        samples += 1
        if samples % PRUNE_EVERY == 0:
            _prune(tallies, seat)
    contenders = [t for t in tallies[1:] if not t.dropped]
    if not contenders:
        return _turn(span, chances, search_alternatives, samples, game, None, 0.0, 0.0)
    best = max(contenders, key=lambda t: t.mean(seat))
    confirm_from = samples
    for tally in tallies[1:]:
        tally.dropped = tally is not best
    # At least MIN_CONFIRM fresh deals, whatever the budget: fewer can't tell a cost from
    # luck, and their spread understates the noise.
    while samples < MAX_SAMPLES and (
        samples - confirm_from < MIN_CONFIRM or not deadline.expired()
    ):
        if deadline.stop is not None and deadline.stop.is_set():
            break
        _sample(game, span, tallies, rng)
        samples += 1
    start = confirm_from if samples - confirm_from >= MIN_CONFIRM else 0
    gain, error, _n = paired(best, played, seat, start)
    if gain <= 0.0:
        return _turn(span, chances, search_alternatives, samples, game, None, 0.0, 0.0)
    if mapping is not None and span.before.num_players == 2:
        # The cost and its noise on the calibrated scale of the decider's own view: the
        # map's slope at his chance there (a map fitted on two-seat games; with more seats
        # the raw cost is kept rather than stretched by a map made for another game).
        raw = played.means(span.before.num_players)
        low = mapping.decider_chance(raw, seat, raw[seat])
        high = mapping.decider_chance(raw, seat, min(1.0, raw[seat] + gain))
        slope = (high - low) / gain
        gain, error = high - low, error * slope
    return _turn(span, chances, search_alternatives, samples, game, best.choice, gain, error)


def decider_chances(
    game: ReviewGame, span: DecisionSpan[GameState], budget: float, rng: random.Random
) -> tuple[float, ...]:
    """The raw chances after the move played as its decider could judge them (redeals of what
    he could not see, play-outs): what the decider's map is fitted on."""
    played = Tally(span.actions)
    deadline = Deadline(budget)
    samples = 0
    while samples < MAX_SAMPLES and (samples < MIN_SAMPLES or not deadline.expired()):
        _sample(game, span, [played], rng)
        samples += 1
    return played.means(span.before.num_players)


def position_seed(span: DecisionSpan[GameState]) -> int:
    """A seed that depends only on the decision's position and who decides."""
    text = json.dumps(span.before.to_dict(), sort_keys=True) + f"/{span.seat}"
    return zlib.crc32(text.encode("utf-8"))


def _past(moment: float, deadline: Deadline) -> bool:
    return deadline.expired() or time.perf_counter() >= moment


def _turn(
    span: DecisionSpan[GameState],
    chances: tuple[float, ...],
    reviewed: bool,
    samples: int,
    game: ReviewGame,
    best: Choice | None,
    gain: float,
    error: float,
) -> ReviewedTurn:
    played = chances[span.seat] if chances else 0.0
    return ReviewedTurn(
        index=span.index,
        moves=span.moves,
        seat=span.seat,
        round=span.round,
        turn=span.turn,
        chances=chances,
        played=played,
        reviewed=reviewed,
        best=best or (),
        best_chance=min(1.0, played + gain) if best else 0.0,
        noise=min(1.0, error) if best else 0.0,
        samples=samples,
        points_played=game.points(span, span.actions),
        points_best=None if best is None else game.points(span, best),
    )
