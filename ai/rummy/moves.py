"""Räuber-Rommé plays for the agents: the solver where it is quick, the cheap method elsewhere.

Every play offered here is checked with the engine's ``check_play`` before an agent may use
it, so an agent never proposes an illegal table.

The exact solver's running time grows steeply with the cards on the table and in the hand, so
it is given a window: the table sets the hand touches most (up to ``SOLVER_TABLE_LIMIT`` cards)
and the best-connected hand cards (up to ``SOLVER_HAND_LIMIT``); the other sets stay as they
are. The cheap method (:func:`ai.rummy.heuristic.quick_play`) is tried too and the play laying
more cards wins.

The search (hard/expert) uses :func:`find_plays`: windows chosen by :func:`_relevance` (sets
with jokers to free, long sets to borrow from, sets the hand touches), cheap solves first, each
solve under the decision's deadline (:func:`timed_call`: the solver gives up by itself when the
time is up, and its thread is abandoned if it doesn't), so no table can make a decision overrun
its time.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ai.agent import Deadline
from ai.rummy.heuristic import Table, hand_melds, quick_play, worth_opening
from ai.rummy.solver import OutOfTime, time_limit
from game.rummy import Draw, NextRound, Pass, Play, check_play
from game.rummy.cards import JOKER, Card, hand_value
from game.rummy.melds import read_meld

SOLVER_TABLE_LIMIT = 18
SOLVER_HAND_LIMIT = 14
EXTRA_WINDOWS = 4  # other mixes of the relevance window, while time is left
# The solver's own bound (search states per step) on top of the window: beyond it the solver
# answers with its quick first search, so one call can't run away on a crowded table.
SOLVER_STATE_BUDGET = 20_000

T = TypeVar("T")


def _as_table(sets: Sequence[Sequence[Card]] | None) -> Table | None:
    if sets is None:
        return None
    return tuple(tuple(cards) for cards in sets)


def table_size(table: Sequence[Sequence[Card]]) -> int:
    return sum(len(cards) for cards in table)


def _touches(meld: Sequence[Card], hand: Sequence[Card]) -> int:
    """How many hand cards could join or reshape this set (same rank / nearby in its suit)."""
    reading = read_meld(meld)
    if reading is None:
        return 0
    cards = reading.stands_for
    if reading.kind == "group":
        return sum(1 for card in hand if card.rank == cards[0].rank or card.is_joker)
    ranks = [card.rank for card in cards]
    low, high = min(ranks), max(ranks)
    suit = cards[0].suit
    return sum(
        1
        for card in hand
        if card.is_joker or (card.suit == suit and low - 2 <= card.rank <= high + 2)
    )


def _connections(card: Card, hand: Sequence[Card]) -> int:
    if card.is_joker:
        return 100
    return sum(
        1
        for other in hand
        if other is not card
        and (
            (other.rank == card.rank and other.suit != card.suit)
            or (other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2)
        )
    )


def _window(
    table: Table, hand: Sequence[Card], rng: random.Random | None = None
) -> tuple[Table, Table, list[Card]]:
    """Split the problem to a size the solver handles quickly.

    Returns the sets left as they are, the sets the solver may rearrange (those the hand
    touches most, up to ``SOLVER_TABLE_LIMIT`` cards) and the hand cards kept out of the
    solve (the least connected ones beyond ``SOLVER_HAND_LIMIT``).
    """
    # With ``rng`` (a searcher with time to spare), another mix of the touched sets.
    jitter = [rng.random() * 2.0 if rng else 0.0 for _ in table]
    touches = [_touches(meld, hand) for meld in table]
    fixed, window = _split_by_score(table, touches, SOLVER_TABLE_LIMIT, jitter)
    held_out: list[Card] = []
    if len(hand) > SOLVER_HAND_LIMIT:
        order = sorted(hand, key=lambda card: -_connections(card, hand))
        held_out = order[SOLVER_HAND_LIMIT:]
    return fixed, window, held_out


def _relevance(meld: Sequence[Card], hand: Sequence[Card]) -> int:
    """How much a table set may matter to this hand beyond its ends (the medium's window only
    looks at hand cards next to a set): its jokers can be freed for the hand's own sets, and a
    long run's end cards or a group of four's cards can join hand cards of their rank or suit."""
    score = 2 * _touches(meld, hand) + 6 * sum(1 for card in meld if card == JOKER)
    reading = read_meld(meld)
    if reading is None or len(meld) < 4:
        return score
    cards = reading.stands_for
    donors = [cards[0], cards[-1]] if reading.kind == "run" else list(cards)
    for donor in donors:
        score += sum(
            1
            for card in hand
            if not card.is_joker
            and (
                card.rank == donor.rank
                or (card.suit == donor.suit and abs(card.rank - donor.rank) <= 2)
            )
        )
    return score


def focus_window(
    table: Table, hand: Sequence[Card], limit: int, rng: random.Random | None = None
) -> tuple[Table, Table]:
    """The sets left as they are and the sets (up to ``limit`` cards) the solver may rebuild,
    chosen by :func:`_relevance` (with ``rng``: jittered, for another mix)."""
    scores = [_relevance(meld, hand) + (rng.random() * 3.0 if rng else 0.0) for meld in table]
    return _split_by_score(table, scores, limit, [0.0] * len(table))


def _split_by_score(
    table: Sequence[Sequence[Card]], scores: Sequence[float], limit: int, jitter: Sequence[float]
) -> tuple[Table, Table]:
    """(sets left as they are, the window): the window takes the sets in order of score plus
    jitter, while they fit in ``limit`` cards, and stops at the first scoring 0 or less."""
    chosen: set[int] = set()
    size = 0
    for index in sorted(range(len(table)), key=lambda i: -scores[i] - jitter[i]):
        if scores[index] <= 0:
            break
        if size + len(table[index]) <= limit:
            chosen.add(index)
            size += len(table[index])
    fixed = tuple(tuple(cards) for i, cards in enumerate(table) if i not in chosen)
    window = tuple(tuple(cards) for i, cards in enumerate(table) if i in chosen)
    return fixed, window


def focused_play(
    table: Table,
    hand: Sequence[Card],
    opened: bool,
    limit: int,
    state_budget: int,
    keep: Sequence[Card] = (),
    rng: random.Random | None = None,
) -> Table | None:
    """The solver's most-cards play on a :func:`focus_window` of the table."""
    from ai.rummy.solver import best_play

    rest = [card for card in hand if card not in keep] or list(hand)
    fixed, window = focus_window(table, rest, limit, rng)
    result = best_play(window, hand, opened, keep, budget=state_budget)
    if result is None:
        return None
    return fixed + tuple(tuple(cards) for cards in result)


def solver_play(
    table: Table,
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    rng: random.Random | None = None,
    state_budget: int = SOLVER_STATE_BUDGET,
) -> Table | None:
    """The solver's most-cards play on the part of the table the hand touches most."""
    from ai.rummy.solver import best_play

    fixed, window, held_out = _window(table, [c for c in hand if c not in keep] or list(hand), rng)
    result = best_play(window, hand, opened, [*keep, *held_out], budget=state_budget)
    if result is None:
        return None
    return fixed + tuple(tuple(cards) for cards in result)


def exact_play(
    table: Table, hand: Sequence[Card], opened: bool, keep: Sequence[Card] = ()
) -> Table | None:
    """The solver's exact most-cards play on the whole table (no window): a rebuild of any of
    its sets, opening and laying off in one turn included."""
    from ai.rummy.solver import best_play

    return _as_table(best_play(table, hand, opened, keep))


def most_cards_play(
    table: Table,
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    use_solver: bool = True,
) -> Table | None:
    """The table after laying the most cards found: the solver (on a window of the table the
    hand touches, when the whole is too big for it to be quick) or the cheap method,
    whichever lays more."""
    rest = list(hand)
    for card in keep:
        if card in rest:
            rest.remove(card)
    options = [quick_play(table, rest, opened)]
    if use_solver:
        if opened:
            options.insert(0, solver_play(table, hand, opened, keep))
        else:
            # The solver's opening search (highest value from the hand alone) is fast; its
            # open-and-rebuild search in one turn is not, so the table waits a turn.
            options.insert(0, opening_only(table, rest))
    laid = [table_size(option) if option is not None else -1 for option in options]
    best = max(range(len(options)), key=lambda i: laid[i])
    return options[best]


def opening_only(table: Table, hand: Sequence[Card], use_solver: bool = True) -> Table | None:
    """Open with hand-only sets worth 30 and lay nothing else (keeps cards for later)."""
    if use_solver and len(hand) <= SOLVER_HAND_LIMIT:
        from ai.rummy.solver import best_opening

        sets = best_opening(hand)
    else:
        melds = hand_melds(hand)
        sets = melds if worth_opening(melds) else None
    if not sets:
        return None
    return table + tuple(tuple(cards) for cards in sets)


def legal_play(state: Any, table: Table | None) -> Play | None:
    """``Play(table)`` when the engine accepts it for the player to move, else None."""
    if table is None or not table:
        return None
    if check_play(state, table):
        return None
    return Play(table)


def fallback(state: Any) -> Any:
    """Draw (or pass when the stock is empty; next round when it is over)."""
    if state.is_terminal:
        return NextRound()
    return Draw() if state.stock else Pass()


def play_options(
    state: Any,
    me: int,
    deadline: Deadline | None = None,
    find_share: float = 1.0,
    whole_table: bool = False,
) -> list[Any]:
    """Distinct legal moves worth weighing, the best play first, drawing last.

    The plays come from :func:`find_plays` (``find_share`` of the time left may go to it);
    the best one is followed by the same holding back jokers, open only (when not yet opened)
    and the cheap method's play. ``whole_table``: see :func:`find_plays`; holding back jokers
    is then solved on the whole table too.
    """
    player = state.players[me]
    hand, opened, table = player.hand, player.opened, state.table
    finder = None if deadline is None else sub_deadline(deadline, find_share)
    tables: list[Table | None] = list(find_plays(state, me, finder, whole_table))
    jokers = [card for card in hand if card == JOKER]
    if opened and jokers:
        held_back: Table | None = None
        if whole_table:
            held_back = timed_call(lambda: exact_play(table, hand, opened, jokers), finder)
        tables.append(
            held_back
            or timed_call(lambda: focused_play(table, hand, opened, 18, 0, jokers), finder)
            or most_cards_play(table, hand, opened, jokers, use_solver=False)
        )
    if not opened:
        tables.append(timed_call(lambda: opening_only(table, hand), finder))
    options: list[Any] = []
    for candidate in tables:
        play = legal_play(state, candidate)
        if play is not None and play not in options:
            options.append(play)
    options[1:] = sorted(options[1:], key=lambda play: -table_size(play.table))
    options.append(fallback(state))
    return options


# --- finding plays within a time limit ------------------------------------------------------

# A solver call is started only with at least this much time left: shorter ones rarely finish.
MIN_CALL_SECONDS = 0.015
_ABANDONED_LOCK = threading.Lock()
_abandoned: list[threading.Thread] = []


def sub_deadline(deadline: Deadline, share: float) -> Deadline:
    """A deadline at ``share`` of the time ``deadline`` has left (same stop event)."""
    if deadline.end is None:
        return Deadline(None, deadline.stop)
    return Deadline(deadline.remaining() * share, deadline.stop)


MAX_ABANDONED = 1


def solver_busy() -> bool:
    """Are too many abandoned solver calls still running? (Then no new one starts: they would
    only slow each other down.)"""
    with _ABANDONED_LOCK:
        _abandoned[:] = [thread for thread in _abandoned if thread.is_alive()]
        return len(_abandoned) >= MAX_ABANDONED


def timed_call(call: Callable[[], T | None], deadline: Deadline | None) -> T | None:
    """``call()``, or None when it can't finish before ``deadline``.

    The solver can't be interrupted and some tables make it slow, so with a time limit the call
    runs in a daemon thread and is abandoned (left to finish, its answer dropped) when the
    deadline or the stop event comes first: a decision never waits for it.
    """
    if deadline is None or deadline.end is None and deadline.stop is None:
        return call()
    if deadline.remaining() < MIN_CALL_SECONDS or deadline.expired() or solver_busy():
        return None
    answer: list[T | None] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            # The solver checks the clock itself and gives up at the deadline, so an abandoned
            # call ends within milliseconds instead of competing with the search.
            with time_limit(deadline.end, deadline.stop):
                answer.append(call())
        except OutOfTime:
            answer.append(None)
        except Exception as error:  # handed to the caller below
            failure.append(error)

    thread = threading.Thread(target=run, name="rummy-solver", daemon=True)
    thread.start()
    while thread.is_alive() and not deadline.expired():
        thread.join(min(0.02, max(0.001, deadline.remaining())))
    if thread.is_alive():
        with _ABANDONED_LOCK:
            _abandoned.append(thread)
        return None
    if failure:
        raise failure[0]
    return answer[0] if answer else None


# Solver windows for the search, cheapest first: (cards of the table it may rebuild, the
# solver's state budget). Measured on positions of greedy games: a window chosen by
# _relevance lays more than the medium's in about a third of the opened turns.
FOCUS_STEPS = ((18, 0), (24, SOLVER_STATE_BUDGET))
# After the cheap steps (the quick search only), a step starts only with this many times the
# slowest step's time left (they grow).
CHEAP_STEPS = 2
STEP_GROWTH = 3.0


def _laid(option: Table | None, table: Table) -> int:
    return -1 if option is None else table_size(option) - table_size(table)


def find_plays(
    state: Any, me: int, deadline: Deadline | None = None, whole_table: bool = False
) -> list[Table]:
    """Plays for the player to move, the one laying the most cards first (ties: the one
    laying fewer jokers, then more hand value).

    Solver calls from cheap to dear while time is left: the medium's window and a window chosen
    by :func:`_relevance` with the solver's quick search only, then the medium's own play (so
    the first is never worse than the medium's unless time runs out), a bigger relevance
    window, and (with a time limit) other mixes of it. Without a deadline, no extra mixes.
    ``whole_table`` (the expert): first the exact solve of the whole table and hand, which lays
    the most cards there are whenever it finishes in time; the windows then add plays of the
    same length with other cards.
    """
    player = state.players[me]
    hand, opened, table = player.hand, player.opened, state.table
    found: list[Table] = []

    def add(option: Table | None) -> None:
        if option is not None and option not in found and check_play_ok(state, option):
            found.append(option)

    add(quick_play(table, hand, opened))
    if whole_table:
        add(timed_call(lambda: exact_play(table, hand, opened), deadline))
    steps: list[Callable[[], Table | None]] = []
    if opened:
        steps.append(lambda: solver_play(table, hand, opened, state_budget=0))
    if table:  # (not opened: open and lay off in the same turn)
        steps.append(lambda: focused_play(table, hand, opened, FOCUS_STEPS[0][0], 0))
    steps.append(lambda: most_cards_play(table, hand, opened))
    limit, budget = FOCUS_STEPS[1]
    if table:
        steps.append(lambda: focused_play(table, hand, opened, limit, budget))
    if opened and deadline is not None and deadline.end is not None and table_size(table) > limit:
        rng = random.Random(len(hand) * 1009 + table_size(table))
        for _ in range(EXTRA_WINDOWS):
            steps.append(lambda: focused_play(table, hand, opened, limit, budget, rng=rng))
    slowest = 0.0
    for index, step in enumerate(steps):
        if any(_laid(option, table) == len(hand) for option in found):
            break  # all laid: nothing better exists
        if (
            deadline is not None
            and index >= CHEAP_STEPS
            and (deadline.expired() or deadline.remaining() < STEP_GROWTH * slowest)
        ):
            break  # the next, dearer solve would most likely be abandoned
        began = time.perf_counter()
        add(timed_call(step, deadline))
        slowest = max(slowest, time.perf_counter() - began)
    jokers_in = [sum(1 for cards in option for card in cards if card == JOKER) for option in found]
    order = sorted(
        range(len(found)),
        key=lambda i: (-_laid(found[i], table), jokers_in[i], -_value_laid(found[i], table)),
    )
    return [found[i] for i in order]


def _value_laid(option: Table, table: Table) -> int:
    return hand_value([card for cards in option for card in cards]) - hand_value(
        [card for cards in table for card in cards]
    )


def check_play_ok(state: Any, table: Table) -> bool:
    return bool(table) and not check_play(state, table)
