"""The human player's turn as the table edits it: the engine's ``TurnDraft`` plus hand order.

All editing rules live in :class:`game.rummy.draft.TurnDraft` (which card may go where, undo,
reset, problems, opening progress, temporary/public sets). This wrapper only adds what the
screen needs on top: the order in which the player keeps his hand (sorted by suit or rank, or
dragged into place), and places named the way the pointer finds them.

A place is ``Slot``: ``("hand", i)`` (i-th card in display order) or ``("set", s, i)``.
An edit that is refused raises ``DraftError`` (an ``IllegalAction`` with a code), whichever
layer refuses it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core import Reason, refusal
from game.rummy import Card, Play, RummyState
from game.rummy.draft import DraftError, Placed, TurnDraft
from game.rummy.words import opening_sets

Slot = tuple[str, int] | tuple[str, int, int]

# The edits the screen itself refuses (besides TurnDraft's own): raised as DraftError, like
# every edit refusal, so the table shows all of them through game.i18n.refusal_text.
NO_SUCH_SET_HERE = refusal("no_such_set_here", "there is no such set")
LAYOUT_TAKES_TABLE_CARDS = refusal(
    "layout_takes_table_cards", "that layout takes cards off the table"
)
LAYOUT_NEEDS_CARDS = refusal("layout_needs_cards", "that layout needs cards you don't hold")
DROP_OFF_TARGET = refusal(
    "drop_off_target", "drop the card on a set, the new-set area or your hand"
)


def sorted_cards(cards: Sequence[Card], by: str) -> list[Card]:
    """``cards`` in the hand's order: ``by`` = "suit" (suit then rank) or "rank" (rank then
    suit); jokers go first."""

    def key(card: Card) -> tuple[int, int, str]:
        if card.is_joker:
            return (0, 0, "")
        if by == "suit":
            return (1 + "CDHS".index(card.suit), card.rank, card.suit)
        return (1 + card.rank, 0, card.suit)

    return sorted(cards, key=key)


class TurnEdit:
    """Edits of one turn for ``state.current_player`` (the state must show his hand)."""

    def __init__(self, state: RummyState, hand_order: Sequence[Card] | None = None) -> None:
        self.draft = TurnDraft.start(state)  # DraftError when nobody may lay out here
        self.state = state
        self.seat = self.draft.seat
        self.order: tuple[Card, ...] = _keep_order(self.draft.hand, hand_order or ())
        self._orders: list[tuple[Card, ...]] = []  # hand order before each draft edit (undo)

    # -- reading ---------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand in the player's display order."""
        return self.order

    @property
    def sets(self) -> list[list[Card]]:
        return [list(cards) for cards in self.draft.sets]

    @property
    def opened_before(self) -> bool:
        return self.draft.opened_before

    @property
    def opened(self) -> bool:
        return self.draft.opening_reached()

    @property
    def laid(self) -> Counter[Card]:
        """The hand cards on the table now (multiset)."""
        return self.draft.played

    @property
    def changed(self) -> bool:
        return self.draft.changed

    @property
    def can_undo(self) -> bool:
        return self.draft.can_undo

    def card_at(self, slot: Slot) -> Card:
        if slot[0] == "hand":
            return self.order[slot[1]]
        return self.draft.placed[slot[1]][slot[2]].card  # type: ignore[misc]

    def opening_points(self) -> int:
        """The whole sum of the sets laid from the hand, as the log will say it (the engine's
        count stops as soon as the 30 are reached)."""
        return max(self.draft.opening_points(), opening_sets(self.draft.played, self.draft.sets)[1])

    def is_public(self, index: int) -> bool:
        """Green (public) or blue (temporary, before the opening's 30 points)."""
        return self.draft.set_status(index) == "public"

    def set_problem(self, index: int) -> Reason | None:
        return self.draft.set_check(index).error

    def problems(self) -> list[Reason]:
        """Everything that stops the turn from ending now, in the engine's words."""
        return self.draft.problems()

    def to_action(self) -> Play:
        return self.draft.to_action()

    # -- editing ---------------------------------------------------------------------------
    def _apply(self, draft: TurnDraft, order: tuple[Card, ...] | None = None) -> None:
        self._orders.append(self.order)
        self.draft = draft
        self.order = _keep_order(draft.hand, order if order is not None else self.order)

    def move_to_set(self, slot: Slot, set_index: int, position: int) -> None:
        """Put the card at ``slot`` into set ``set_index`` before ``position`` (as counted
        before the card was taken out)."""
        if not 0 <= set_index < len(self.draft.placed):
            raise DraftError(NO_SUCH_SET_HERE())
        length = len(self.draft.placed[set_index])
        position = max(0, min(position, length))
        if slot[0] == "hand":
            card = self.order[slot[1]]
            self._apply(self.draft.hand_to_set(card, set_index, position))
            return
        source, index = slot[1], slot[2]  # type: ignore[misc]
        if source == set_index:
            if index < position:
                position -= 1
            position = min(position, length - 1)
        self._apply(self.draft.set_to_set(source, index, set_index, position))

    def move_to_new_set(self, slot: Slot) -> None:
        """Start a new set (at the end of the table) with the card at ``slot``."""
        if slot[0] == "hand":
            self._apply(self.draft.hand_to_new_set(self.order[slot[1]]))
        else:
            self._apply(self.draft.set_to_new_set(slot[1], slot[2]))  # type: ignore[misc]

    def split(self, set_index: int, position: int) -> None:
        """Cut set ``set_index`` before ``position``: the tail becomes a new set right after."""
        self._apply(self.draft.split(set_index, position))

    def move_to_hand(self, slot: Slot, position: int | None = None) -> None:
        """Take a card back into the hand (only cards laid from it this turn), or reorder."""
        order = list(self.order)
        if slot[0] == "hand":
            # Reordering the hand is not a table edit: it is not put on the undo stack.
            card = order.pop(slot[1])
            at = len(order) if position is None else position - (1 if position > slot[1] else 0)
            order.insert(max(0, min(at, len(order))), card)
            self.order = tuple(order)
            return
        card = self.card_at(slot)
        draft = self.draft.set_to_hand(slot[1], slot[2])  # type: ignore[misc]
        order.insert(len(order) if position is None else max(0, min(position, len(order))), card)
        self._apply(draft, tuple(order))

    def lay_out(self, table: Sequence[Sequence[Card]]) -> None:
        """Replace the whole table with ``table`` (an accepted hint) as one undoable edit."""
        base = self.draft.base
        old = Counter(c for cards in base.table for c in cards)
        new = Counter(c for cards in table for c in cards)
        if old - new:
            raise DraftError(LAYOUT_TAKES_TABLE_CARDS())
        start_hand = base.players[self.seat].hand
        laid = new - old
        if laid - Counter(start_hand):
            raise DraftError(LAYOUT_NEEDS_CARDS())
        spare = old.copy()
        placed = []
        for cards in table:
            row = []
            for card in cards:
                original = spare[card] > 0
                if original:
                    spare[card] -= 1
                row.append(Placed(card, not original))
            placed.append(tuple(row))
        hand = tuple(sorted((Counter(start_hand) - laid).elements()))
        self._apply(TurnDraft(base, self.seat, hand, tuple(placed), previous=self.draft))

    def sort_hand(self, by: str) -> None:
        """``by`` = "suit" (suit then rank) or "rank" (rank then suit); jokers go first."""
        self.order = tuple(sorted_cards(self.order, by))

    def undo(self) -> bool:
        if not self.draft.can_undo:
            return False
        self.draft = self.draft.undo()
        previous = self._orders.pop() if self._orders else self.order
        self.order = _keep_order(self.draft.hand, previous)
        return True

    def reset(self) -> None:
        """Back to the start of the turn; Undo brings the edits back."""
        draft = self.draft.reset()
        if draft is not self.draft:
            self._orders.append(self.order)
            self.draft = draft
            self.order = _keep_order(self.draft.hand, self.order)

    def rebase(self, state: RummyState) -> TurnEdit:
        """The same edits on a state that changed around them (a player joined or was renamed):
        kept when the current seat, his hand and the table are unchanged, else started anew."""
        same = (
            state.current_player == self.seat
            and state.players[self.seat].hand == self.state.players[self.seat].hand
            and state.table == self.state.table
        )
        fresh = TurnEdit(state, self.order)
        if same:
            fresh.draft, fresh._orders, fresh.order = self.draft, self._orders, self.order
        return fresh


def _keep_order(cards: Sequence[Card], order: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` arranged in the order the player last chose (new cards at the end)."""
    left = Counter(cards)
    ordered = []
    for card in order:
        if left[card] > 0:
            ordered.append(card)
            left[card] -= 1
    for card in cards:
        if left[card] > 0:
            ordered.append(card)
            left[card] -= 1
    return tuple(ordered)
