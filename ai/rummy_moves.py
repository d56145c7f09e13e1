"""Räuber-Rommé plays for the agents: the solver where it is quick, the cheap method elsewhere.

Every play offered here is checked with the engine's ``check_play`` before an agent may use
it, so an agent never proposes an illegal table.

The exact solver's running time grows steeply with the cards on the table and in the hand, so
it is given a window: the table sets the hand touches most (up to ``SOLVER_TABLE_LIMIT`` cards)
and the best-connected hand cards (up to ``SOLVER_HAND_LIMIT``); the other sets stay as they
are. The cheap method (:func:`ai.rummy_heuristic.quick_play`) is tried too and the play laying
more cards wins. A search with less than ``SOLVER_MIN_SECONDS`` left skips the solver for its
extra variants.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.agent import Deadline
from ai.rummy_heuristic import Table, hand_melds, quick_play
from game.rummy import Draw, NextRound, Pass, Play, check_play
from game.rummy.cards import JOKER, Card
from game.rummy.melds import check_meld, read_meld

SOLVER_TABLE_LIMIT = 18
SOLVER_HAND_LIMIT = 14
SOLVER_MIN_SECONDS = 0.6
EXTRA_WINDOWS = 4
# The solver's own bound (search states per step) on top of the window: beyond it the solver
# answers with its quick first search, so one call can't run away on a crowded table.
SOLVER_STATE_BUDGET = 20_000


def _as_table(sets: Sequence[Sequence[Card]] | None) -> Table | None:
    if sets is None:
        return None
    return tuple(tuple(cards) for cards in sets)


def solver_available() -> bool:
    try:
        import ai.rummy_solver  # noqa: F401
    except ImportError:
        return False
    return True


def table_size(table: Sequence[Sequence[Card]]) -> int:
    return sum(len(cards) for cards in table)


def solver_is_quick(table: Table, hand: Sequence[Card]) -> bool:
    return table_size(table) <= SOLVER_TABLE_LIMIT and len(hand) <= SOLVER_HAND_LIMIT


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
    ranked = sorted(range(len(table)), key=lambda i: -_touches(table[i], hand) - jitter[i])
    chosen: set[int] = set()
    size = 0
    for index in ranked:
        if _touches(table[index], hand) == 0:
            break
        if size + len(table[index]) <= SOLVER_TABLE_LIMIT:
            chosen.add(index)
            size += len(table[index])
    fixed = tuple(cards for i, cards in enumerate(table) if i not in chosen)
    window = tuple(cards for i, cards in enumerate(table) if i in chosen)
    held_out: list[Card] = []
    if len(hand) > SOLVER_HAND_LIMIT:
        order = sorted(hand, key=lambda card: -_connections(card, hand))
        held_out = order[SOLVER_HAND_LIMIT:]
    return fixed, window, held_out


def solver_play(
    table: Table,
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    rng: random.Random | None = None,
) -> Table | None:
    """The solver's most-cards play on the part of the table the hand touches most."""
    from ai.rummy_solver import best_play

    fixed, window, held_out = _window(table, [c for c in hand if c not in keep] or list(hand), rng)
    result = best_play(window, hand, opened, [*keep, *held_out], budget=SOLVER_STATE_BUDGET)
    if result is None:
        return None
    return fixed + tuple(tuple(cards) for cards in result)


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
    if use_solver and solver_available():
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
    if use_solver and len(hand) <= SOLVER_HAND_LIMIT and solver_available():
        from ai.rummy_solver import best_opening

        sets = best_opening(hand)
    else:
        melds = hand_melds(hand)
        sets = melds if sum(check_meld(m).value for m in melds) >= 30 else None
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


def play_options(state: Any, me: int, deadline: Deadline | None = None) -> list[Any]:
    """Distinct legal moves worth weighing, most cards first, drawing last.

    Lay the most; the same but holding back jokers; open only (when not yet opened); the cheap
    method's play; draw (or pass). With a deadline, the variants use the solver only while
    enough time is left for it.
    """
    player = state.players[me]
    hand, opened, table = player.hand, player.opened, state.table

    def solver_time() -> bool:
        return deadline is None or deadline.remaining() >= SOLVER_MIN_SECONDS

    # The main option comes from the solver like medium's whenever the time allows it (with a
    # real budget of a second or more it always does); tiny budgets keep to the cheap method.
    tables = [most_cards_play(table, hand, opened, use_solver=solver_time())]
    # Time to spare: other windows of a big table may let the solver lay more.
    if opened and table_size(table) > SOLVER_TABLE_LIMIT and solver_available():
        rng = random.Random(len(hand))
        for _ in range(EXTRA_WINDOWS):
            if not solver_time():
                break
            tables.append(solver_play(table, hand, opened, rng=rng))
    jokers = [card for card in hand if card == JOKER]
    if jokers:
        tables.append(most_cards_play(table, hand, opened, jokers, use_solver=solver_time()))
    if not opened:
        tables.append(opening_only(table, hand, use_solver=solver_time()))
    tables.append(quick_play(table, hand, opened))
    options: list[Any] = []
    for candidate in tables:
        play = legal_play(state, candidate)
        if play is not None and play not in options:
            options.append(play)
    options.sort(key=lambda play: -table_size(play.table))
    options.append(fallback(state))
    return options
