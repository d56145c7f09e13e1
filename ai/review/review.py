"""Reviewing a whole game: every finished decision judged in the game's order."""

from __future__ import annotations

import random
import threading
from collections.abc import Collection, Iterator, Sequence

from ai.review.calibration import chance_map
from ai.review.estimate import ReviewGame, judge
from ai.review.spans import DecisionSpan, decision_spans
from game.core import GameState
from game.registry import game_spec, resolve
from game.review import GameReview, ReviewedTurn
from game.seat_events import HistoryItem


def review_parts(game: str) -> ReviewGame:
    ref = game_spec(game).review_ref
    plugin: ReviewGame = resolve(ref)()
    return plugin


def default_budget(game: str) -> float:
    """Seconds per reviewed decision unless told otherwise."""
    return review_parts(game).default_budget


def finished_spans(
    plugin: ReviewGame, states: Sequence[GameState], history: Sequence[HistoryItem]
) -> list[DecisionSpan[GameState]]:
    spans = decision_spans(plugin, states, history)
    if spans:
        last = spans[-1]
        after = last.after
        if after.current_player == last.seat and plugin.continues_turn(after):
            spans.pop()  # a turn still being played (a game saved mid-turn)
    return spans


def fits_game(
    game: str, states: Sequence[GameState], history: Sequence[HistoryItem], review: GameReview
) -> bool:
    """Does ``review`` (read from a file, or kept from an earlier round) belong to this game
    as it stands? Every turn must be one of its decisions: the same first move, length,
    deciding seat and round, and a chance for every player seated then. A review that does
    not fit is made again, never shown (a forged seat number would crash a drawing); so is one
    stored before the graph was read off the public position."""
    if review.game != game or not review.public_graph:
        return False  # another game's, or an old review's chances (each decider's own view)
    spans = {span.index: span for span in finished_spans(review_parts(game), states, history)}
    for turn in review.turns:
        span = spans.get(turn.index)
        if span is None or (span.moves, span.seat, span.round) != (
            turn.moves,
            turn.seat,
            turn.round,
        ):
            return False
        if len(turn.chances) != span.before.num_players:
            return False
    if review.complete:
        judged = sum(1 for span in spans.values() if span.index + span.moves <= review.moves)
        return len(review.turns) == judged  # complete means every decision, once
    return True


def _name(state: GameState, seat: int) -> str:
    return state.player_names[seat]


def count_decisions(game: str, states: Sequence[GameState], history: Sequence[HistoryItem]) -> int:
    """How many decisions :func:`review_game` will yield (for a progress bar)."""
    return len(finished_spans(review_parts(game), states, history))


def review_game(
    game: str,
    states: Sequence[GameState],
    history: Sequence[HistoryItem],
    seats: Collection[int],
    budget: float | None = None,
    seed: int = 0,
    stop: threading.Event | None = None,
    skip: Collection[int] = (),
) -> Iterator[ReviewedTurn]:
    """Judge every finished decision of ``history`` (``states`` as ``decision_spans`` wants
    them), searching better moves for ``seats``; the others' turns get only their chances.
    Yields each decision when judged; stops early once ``stop`` is set. Decisions whose
    ``index`` is in ``skip`` (judged before) are left out. ``seats`` are numbered as the
    players sit at the end of the history: a decision is searched when its player is one of
    them (by name, as rummy players may have left or joined since and the seats moved).

    The other seats' turns cost nothing: their chances are the graph's, read off the position.
    With the default budget a long game or round is given less per searched decision, so that
    the whole stays within the game's ``time_target`` (a rummy round that takes a hundred turns
    would otherwise keep the player waiting for a minute); an explicit ``budget`` is kept."""
    plugin = review_parts(game)
    mapping = chance_map(game)
    spans = finished_spans(plugin, states, history)
    final = states[-1]
    names = {_name(final, seat) for seat in seats if 0 <= seat < final.num_players}
    seconds = {span.index: plugin.default_budget if budget is None else budget for span in spans}
    if budget is None:
        for unit in {span.round for span in spans}:
            inside = [span for span in spans if span.round == unit]
            weight = sum(1 for span in inside if _name(span.before, span.seat) in names)
            planned = weight * plugin.default_budget
            if planned > plugin.time_target:
                for span in inside:
                    seconds[span.index] *= plugin.time_target / planned
    for span in spans:
        if span.index in skip:
            continue
        if stop is not None and stop.is_set():
            return
        reviewed = _name(span.before, span.seat) in names
        rng = random.Random(seed * 1_000_003 + span.index)
        yield judge(plugin, span, seconds[span.index], rng, reviewed, stop, mapping)
