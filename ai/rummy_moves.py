"""Räuber-Rommé plays for the agents: the solver where it is quick, the cheap method elsewhere.

Every play offered here is checked with the engine's ``check_play`` before an agent may use
it, so an agent never proposes an illegal table.

The exact solver's running time grows steeply with the cards on the table and in the hand;
beyond ``SOLVER_TABLE_LIMIT`` / ``SOLVER_HAND_LIMIT`` cards the agents use
:func:`ai.rummy_heuristic.quick_play` instead so a decision stays within its time, and a search
with less than ``SOLVER_MIN_SECONDS`` left does not call the solver at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.agent import Deadline
from ai.rummy_heuristic import Table, hand_melds, quick_play
from game.rummy import Draw, NextRound, Pass, Play, check_play
from game.rummy.cards import JOKER, Card
from game.rummy.melds import check_meld

SOLVER_TABLE_LIMIT = 20
SOLVER_HAND_LIMIT = 15
SOLVER_MIN_SECONDS = 0.5


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


def most_cards_play(
    table: Table,
    hand: Sequence[Card],
    opened: bool,
    keep: Sequence[Card] = (),
    use_solver: bool = True,
) -> Table | None:
    """The table after laying the most cards found (solver when quick, else the cheap method)."""
    if use_solver and solver_is_quick(table, hand) and solver_available():
        from ai.rummy_solver import best_play

        return _as_table(best_play(table, hand, opened, keep))
    if keep:
        rest = list(hand)
        for card in keep:
            if card in rest:
                rest.remove(card)
        return quick_play(table, rest, opened)
    return quick_play(table, hand, opened)


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

    # The main option always comes from the solver (within its size guards), as for medium:
    # without it the search would start from a weaker move than the greedy player's.
    tables = [most_cards_play(table, hand, opened)]
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
