"""The human player's turn being edited: hand and table as they are laid out right now.

Every edit is a small move (a card from the hand or a set to a place), kept on an undo stack,
and nothing reaches the engine until the turn is ended with :meth:`TurnEdit.to_action`. The
rules are the engine's: validity and reasons come from ``check_meld``/``meld_problems``, the
turn check from ``play_problems`` and the opening progress from ``opening_value``. This module
only knows where each card lies and whether it lay on the table at the start of the turn
(such a card may be moved between sets but never taken back into the hand).

A place is ``Slot``: ``("hand", i)`` or ``("set", s, i)``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rummy import Card, Play, RummyState, check_meld, meld_problems, opening_value
from game.rummy.turn_rules import OPENING_POINTS, play_problems

Slot = tuple[str, int] | tuple[str, int, int]


class EditRefused(ValueError):
    """An edit the rules never allow (e.g. a table card into the hand); the reason is shown."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A card on the table and whether it came from the player's hand this turn."""

    card: Card
    from_hand: bool


@dataclass(frozen=True)
class Layout:
    """One snapshot of the turn: the hand in display order and the table set by set."""

    hand: tuple[Card, ...]
    sets: tuple[tuple[Placed, ...], ...]


@dataclass
class TurnEdit:
    """Edits of one turn for ``state.current_player`` (the state must show his hand)."""

    state: RummyState
    hand_order: Sequence[Card] | None = None
    history: list[Layout] = field(default_factory=list)

    def __post_init__(self) -> None:
        seat = self.state.current_player
        if seat is None:
            raise ValueError("no turn to edit: the round is over")
        self.seat = seat
        hand = tuple(self.hand_order) if self.hand_order is not None else self.player_hand
        if Counter(hand) != Counter(self.player_hand):
            hand = self.player_hand
        self.start = Layout(
            hand, tuple(tuple(Placed(c, False) for c in cards) for cards in self.state.table)
        )
        self.now = self.start
        self._problems_key: Layout | None = None
        self._problems: list[str] = []

    # -- reading ---------------------------------------------------------------------------
    @property
    def player_hand(self) -> tuple[Card, ...]:
        return self.state.players[self.seat].hand

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.now.hand

    @property
    def sets(self) -> list[list[Card]]:
        return [[p.card for p in cards] for cards in self.now.sets]

    @property
    def opened_before(self) -> bool:
        return self.state.players[self.seat].opened

    @property
    def laid(self) -> Counter[Card]:
        """The hand cards on the table now (multiset)."""
        return Counter(self.player_hand) - Counter(self.now.hand)

    @property
    def changed(self) -> bool:
        """Does the table differ from the start of the turn? (Hand order alone doesn't count.)"""
        return self.now.sets != self.start.sets

    def card_at(self, slot: Slot) -> Card:
        if slot[0] == "hand":
            return self.now.hand[slot[1]]
        return self.now.sets[slot[1]][slot[2]].card  # type: ignore[misc]

    def from_hand(self, slot: Slot) -> bool:
        """Can this card go back to the hand? (It came from there this turn.)"""
        if slot[0] == "hand":
            return True
        return self.now.sets[slot[1]][slot[2]].from_hand  # type: ignore[misc]

    def is_own_set(self, index: int) -> bool:
        """Made only of cards laid this turn (a temporary set until the opening is reached)."""
        cards = self.now.sets[index]
        return bool(cards) and all(p.from_hand for p in cards)

    def opening_points(self) -> int:
        """Points of the player's own valid sets that count toward the opening (engine's count)."""
        return opening_value(self.laid, self.sets)

    @property
    def opened(self) -> bool:
        """Opened before this turn, or his own sets reach the 30 points now."""
        return self.opened_before or self.opening_points() >= OPENING_POINTS

    def is_public(self, index: int) -> bool:
        """Green (public) or blue (temporary): before the opening, his own sets are temporary."""
        return self.opened or not self.is_own_set(index)

    def set_problem(self, index: int) -> str | None:
        problems = meld_problems([p.card for p in self.now.sets[index]])
        return "; ".join(problems) if problems else None

    def set_value(self, index: int) -> int:
        return check_meld([p.card for p in self.now.sets[index]]).value

    def problems(self) -> list[str]:
        """Everything that stops the turn from ending now, in the engine's words."""
        if self._problems_key is not self.now:
            self._problems_key = self.now
            self._problems = play_problems(
                self.state.table, self.player_hand, self.opened_before, self.sets
            )
        return self._problems

    def to_action(self) -> Play:
        return Play(tuple(tuple(cards) for cards in self.sets))

    # -- editing ---------------------------------------------------------------------------
    def _commit(self, layout: Layout) -> None:
        cleaned = Layout(layout.hand, tuple(cards for cards in layout.sets if cards))
        if cleaned != self.now:
            self.history.append(self.now)
            self.now = cleaned

    def _check_may_touch(self, set_index: int) -> None:
        if not self.opened and not self.is_own_set(set_index):
            raise EditRefused(
                "open first: until your own sets reach 30 points you may not touch the "
                "sets already on the table"
            )

    def _take(self, slot: Slot) -> tuple[Layout, Placed]:
        """The layout without the card at ``slot``, and that card (sets keep empty places)."""
        if slot[0] == "hand":
            i = slot[1]
            card = self.now.hand[i]
            return Layout(self.now.hand[:i] + self.now.hand[i + 1 :], self.now.sets), Placed(
                card, True
            )
        s, i = slot[1], slot[2]  # type: ignore[misc]
        self._check_may_touch(s)
        cards = self.now.sets[s]
        sets = list(self.now.sets)
        sets[s] = cards[:i] + cards[i + 1 :]
        return Layout(self.now.hand, tuple(sets)), cards[i]

    def move_to_set(self, slot: Slot, set_index: int, position: int) -> None:
        """Put the card at ``slot`` into set ``set_index`` before ``position`` (as counted
        before the card was taken out)."""
        if not 0 <= set_index < len(self.now.sets):
            raise EditRefused("there is no such set")
        self._check_may_touch(set_index)
        layout, placed = self._take(slot)
        if slot[0] == "set" and slot[1] == set_index and slot[2] < position:  # type: ignore[misc]
            position -= 1
        sets = list(layout.sets)
        target = sets[set_index]
        position = max(0, min(position, len(target)))
        sets[set_index] = target[:position] + (placed,) + target[position:]
        self._commit(Layout(layout.hand, tuple(sets)))

    def move_to_new_set(self, slot: Slot, after: int | None = None) -> None:
        """Start a new set with the card at ``slot`` (at the end, or right after set ``after``)."""
        layout, placed = self._take(slot)
        sets = list(layout.sets)
        where = len(sets) if after is None else max(0, min(after + 1, len(sets)))
        sets.insert(where, (placed,))
        self._commit(Layout(layout.hand, tuple(sets)))

    def split(self, set_index: int, position: int) -> None:
        """Cut set ``set_index`` before ``position``: the tail becomes a new set right after."""
        cards = self.now.sets[set_index]
        if not 0 < position < len(cards):
            raise EditRefused("a set can only be split between two of its cards")
        self._check_may_touch(set_index)
        sets = list(self.now.sets)
        sets[set_index : set_index + 1] = [cards[:position], cards[position:]]
        self._commit(Layout(self.now.hand, tuple(sets)))

    def move_to_hand(self, slot: Slot, position: int | None = None) -> None:
        """Take a card back into the hand (only cards laid from it this turn), or reorder."""
        if slot[0] == "set" and not self.from_hand(slot):
            raise EditRefused(
                f"{self.card_at(slot)} lay on the table before your turn: table cards can't go "
                "into a hand"
            )
        if slot[0] == "hand":
            # Reordering the hand is not a table edit: it is not put on the undo stack.
            hand = list(self.now.hand)
            card = hand.pop(slot[1])
            pos = len(hand) if position is None else position - (1 if position > slot[1] else 0)
            hand.insert(max(0, min(pos, len(hand))), card)
            self.now = Layout(tuple(hand), self.now.sets)
            return
        layout, placed = self._take(slot)
        hand = list(layout.hand)
        pos = len(hand) if position is None else max(0, min(position, len(hand)))
        hand.insert(pos, placed.card)
        self._commit(Layout(tuple(hand), layout.sets))

    def lay_out(self, table: Sequence[Sequence[Card]]) -> None:
        """Replace the whole table with ``table`` (an accepted hint) as one undoable edit."""
        old = Counter(c for cards in self.state.table for c in cards)
        new = Counter(c for cards in table for c in cards)
        if old - new:
            raise EditRefused("that layout takes cards off the table")
        laid = new - old
        if laid - Counter(self.player_hand):
            raise EditRefused("that layout needs cards you don't hold")
        left = Counter(self.player_hand) - laid
        hand = []
        for card in self.now.hand:  # keep the player's order for what stays
            if left[card] > 0:
                hand.append(card)
                left[card] -= 1
        spare = old.copy()
        sets = []
        for cards in table:
            row = []
            for card in cards:
                original = spare[card] > 0
                if original:
                    spare[card] -= 1
                row.append(Placed(card, not original))
            sets.append(tuple(row))
        self._commit(Layout(tuple(hand), tuple(sets)))

    def sort_hand(self, by: str) -> None:
        """``by`` = "suit" (suit then rank) or "rank" (rank then suit); jokers go first."""

        def key(card: Card) -> tuple[int, int, str]:
            if card.is_joker:
                return (0, 0, "")
            if by == "suit":
                return (1 + "CDHS".index(card.suit), card.rank, card.suit)
            return (1 + card.rank, 0, card.suit)

        self.now = Layout(tuple(sorted(self.now.hand, key=key)), self.now.sets)

    def undo(self) -> bool:
        if not self.history:
            return False
        self.now = self.history.pop()
        return True

    def reset(self) -> None:
        if self.now != self.start:
            self.history.append(self.now)
        self.now = Layout(_keep_order(self.start.hand, self.now.hand), self.start.sets)

    def rebase(self, state: RummyState) -> TurnEdit:
        """The same edits on a state that changed around them (a player joined or was renamed):
        kept when the current seat, his hand and the table are unchanged, else started anew."""
        same = (
            state.current_player == self.seat
            and state.players[self.seat].hand == self.player_hand
            and state.table == self.state.table
        )
        fresh = TurnEdit(state, self.now.hand if same else None)
        if same:
            fresh.now, fresh.history = self.now, self.history
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
