"""A turn being laid out: the editing model behind the client's table (pure, no pygame).

``TurnDraft`` is immutable: every edit returns a new draft that remembers the one before it, so
``undo()`` is just "go back one" and ``reset()`` goes back to the start of the turn. An edit the
rules never allow raises :class:`DraftError` (an ``IllegalAction``) with the reason in words;
layouts that are merely not finished yet (invalid sets, opening not reached) are allowed while
editing and reported by ``problems()`` / ``set_problems()``. ``to_action()`` gives the ``Play``.

Indices: sets are numbered 0.. in display order; a card's position is its index in its set. A set
emptied by a move disappears (later sets move up by one). Hand cards may be named by their index
in ``hand`` or by the card itself (identical cards are interchangeable). The hand is kept sorted
like the engine's hands.

Which edits are refused:
- a card that lay on the table at the start of the turn can't go to the hand;
- a player who has not opened can't touch the public sets until his temporary sets are worth 30.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from ..core import IllegalAction, Reason
from . import refusals
from .actions import Play, Table
from .cards import Card
from .melds import MeldCheck, check_meld
from .state import RummyState, sorted_hand
from .turn_rules import OPENING_POINTS, check_play, opening_value

SetStatus = Literal["temporary", "public"]


class DraftError(IllegalAction):
    """An edit the rules don't allow; the message says why, ``code`` and ``fields`` too."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A card in a draft set, remembering whether it was laid from the hand this turn."""

    card: Card
    from_hand: bool


DraftSet = tuple[Placed, ...]


@dataclass(frozen=True)
class TurnDraft:
    """The current player's turn in progress. Build one with ``TurnDraft.start(state)``."""

    base: RummyState
    seat: int
    hand: tuple[Card, ...]
    placed: tuple[DraftSet, ...]
    previous: TurnDraft | None = field(default=None, compare=False, repr=False)

    @classmethod
    def start(cls, state: RummyState) -> TurnDraft:
        if state.current_player is None or state.phase != "turn":
            raise DraftError(refusals.NO_TURN_TO_LAY_OUT())
        seat = state.current_player
        hand = state.players[seat].hand
        if any(card.is_hidden for card in hand):
            raise DraftError(refusals.ONLY_PLAYER_ON_TURN())
        table = tuple(tuple(Placed(card, False) for card in cards) for cards in state.table)
        return cls(state, seat, sorted_hand(hand), table)

    # --- what the client reads --------------------------------------------------------------

    @property
    def sets(self) -> Table:
        """The table as it would be after the turn, set by set."""
        return tuple(tuple(p.card for p in cards) for cards in self.placed)

    @property
    def opened_before(self) -> bool:
        """Had the player opened before this turn?"""
        return self.base.players[self.seat].opened

    @property
    def played(self) -> Counter[Card]:
        """The hand cards laid this turn."""
        return Counter(p.card for cards in self.placed for p in cards if p.from_hand)

    @property
    def changed(self) -> bool:
        return self.sets != self.base.table

    @property
    def can_undo(self) -> bool:
        return self.previous is not None

    def from_hand(self, set_index: int, position: int) -> bool:
        """Was this card laid from the hand this turn (so it may go back)?"""
        return self._placed(set_index, position).from_hand

    def set_check(self, set_index: int) -> MeldCheck:
        """Validity, kind, value and error of one set."""
        return check_meld(self.sets[self._set_index(set_index)])

    def set_problems(self) -> list[Reason | None]:
        """Per set: what is wrong with it in words, or None when it is a valid set."""
        return [check_meld(cards).error for cards in self.sets]

    def opening_points(self) -> int:
        """Points of valid sets made only of cards laid from the hand this turn (the most that
        counts toward the 30, identical cards interchangeable)."""
        return opening_value(self.played, self.sets)

    def opening_reached(self) -> bool:
        """Opened before, or valid own sets worth 30 are on the table now."""
        return self.opened_before or self.opening_points() >= OPENING_POINTS

    def set_status(self, set_index: int) -> SetStatus:
        """``temporary`` (blue): an unopened player's own set while the 30 are not reached;
        ``public`` (green): everything else."""
        cards = self.placed[self._set_index(set_index)]
        own = all(p.from_hand for p in cards)
        return "temporary" if own and not self.opening_reached() else "public"

    def statuses(self) -> list[SetStatus]:
        return [self.set_status(i) for i in range(len(self.placed))]

    def problems(self) -> list[Reason]:
        """Everything that keeps the player from ending his turn like this; empty when fine."""
        return check_play(self.base, self.sets)

    def to_action(self) -> Play:
        return Play(self.sets)

    def why_not_to_hand(self, set_index: int, position: int) -> Reason | None:
        """The reason this card can't go back to the hand, or None when it can."""
        if self._placed(set_index, position).from_hand:
            return None
        card = self._placed(set_index, position).card
        return refusals.TABLE_CARD_TO_HAND(card=str(card))

    # --- edits (each returns a new draft) ---------------------------------------------------

    def hand_to_set(
        self, card: int | Card, set_index: int, position: int | None = None
    ) -> TurnDraft:
        """Lay a hand card into a set at ``position`` (default: at the end)."""
        target = self._set_index(set_index)
        self._require_touchable(target)
        hand, chosen = self._take_from_hand(card)
        placed = list(self.placed)
        placed[target] = _insert(placed[target], Placed(chosen, True), position)
        return self._edit(hand, tuple(placed))

    def hand_to_new_set(self, card: int | Card) -> TurnDraft:
        """Start a new set (at the end of the table) with a hand card."""
        hand, chosen = self._take_from_hand(card)
        return self._edit(hand, (*self.placed, (Placed(chosen, True),)))

    def set_to_set(
        self, from_set: int, from_position: int, to_set: int, to_position: int | None = None
    ) -> TurnDraft:
        """Move a card between sets, or within one set; ``to_position`` is the index the card
        gets in the target set (default: at the end)."""
        source, target = self._set_index(from_set), self._set_index(to_set)
        moving = self._placed(source, from_position)
        if not moving.from_hand:  # a card of his own may always come back out
            self._require_touchable(source)
        self._require_touchable(target)
        placed = list(self.placed)
        placed[source] = _remove(placed[source], from_position)
        placed[target] = _insert(placed[target], moving, to_position)
        return self._edit(self.hand, _drop_empty(placed))

    def set_to_new_set(self, from_set: int, from_position: int) -> TurnDraft:
        """Take a card out of a set and start a new set (at the end of the table) with it."""
        source = self._set_index(from_set)
        moving = self._placed(source, from_position)
        if not moving.from_hand:  # a card of his own may always come back out
            self._require_touchable(source)
        placed = list(self.placed)
        placed[source] = _remove(placed[source], from_position)
        placed.append((moving,))
        return self._edit(self.hand, _drop_empty(placed))

    def set_to_hand(self, set_index: int, position: int) -> TurnDraft:
        """Take back a card laid from the hand this turn; table cards are refused in words."""
        reason = self.why_not_to_hand(set_index, position)
        if reason is not None:
            raise DraftError(reason)
        source = self._set_index(set_index)
        card = self._placed(source, position).card
        placed = list(self.placed)
        placed[source] = _remove(placed[source], position)
        return self._edit(sorted_hand((*self.hand, card)), _drop_empty(placed))

    def split(self, set_index: int, position: int) -> TurnDraft:
        """Cut a set in two before ``position``; the second part follows the first."""
        index = self._set_index(set_index)
        self._require_touchable(index)
        cards = self.placed[index]
        if not 0 < position < len(cards):
            raise DraftError(refusals.SPLIT_INSIDE(n=len(cards)))
        placed = list(self.placed)
        placed[index : index + 1] = [cards[:position], cards[position:]]
        return self._edit(self.hand, tuple(placed))

    def join(self, first: int, second: int) -> TurnDraft:
        """Append set ``second`` to set ``first``; the joined set takes ``first``'s place."""
        a, b = self._set_index(first), self._set_index(second)
        if a == b:
            raise DraftError(refusals.JOIN_ITSELF())
        self._require_touchable(a)
        self._require_touchable(b)
        placed = list(self.placed)
        placed[a] = placed[a] + placed[b]
        del placed[b]
        return self._edit(self.hand, tuple(placed))

    def undo(self) -> TurnDraft:
        """The draft before the last edit (itself when nothing was edited)."""
        return self.previous if self.previous is not None else self

    def reset(self) -> TurnDraft:
        """Everything back to how it was at the start of the turn; ``undo`` brings the edits
        back (itself when nothing was edited)."""
        fresh = TurnDraft.start(self.base)
        if fresh == self:
            return self
        return TurnDraft(fresh.base, fresh.seat, fresh.hand, fresh.placed, previous=self)

    # --- helpers ----------------------------------------------------------------------------

    def _edit(self, hand: tuple[Card, ...], placed: tuple[DraftSet, ...]) -> TurnDraft:
        return TurnDraft(self.base, self.seat, hand, placed, previous=self)

    def _set_index(self, set_index: int) -> int:
        if not 0 <= set_index < len(self.placed):
            raise DraftError(refusals.NO_SUCH_SET(n=set_index + 1))
        return set_index

    def _placed(self, set_index: int, position: int) -> Placed:
        cards = self.placed[self._set_index(set_index)]
        if not 0 <= position < len(cards):
            raise DraftError(refusals.NO_SUCH_CARD(number=set_index + 1, n=position + 1))
        return cards[position]

    def _take_from_hand(self, card: int | Card) -> tuple[tuple[Card, ...], Card]:
        if isinstance(card, int):
            if not 0 <= card < len(self.hand):
                raise DraftError(refusals.NO_SUCH_HAND_CARD(n=card + 1))
            return self.hand[:card] + self.hand[card + 1 :], self.hand[card]
        if card not in self.hand:
            raise DraftError(refusals.CARD_NOT_IN_HAND(card=str(card)))
        index = self.hand.index(card)
        return self.hand[:index] + self.hand[index + 1 :], card

    def _require_touchable(self, set_index: int) -> None:
        """Before his 30 are reached an unopened player may only work on his own sets (and take
        his own cards back out of the others)."""
        if self.opening_reached():
            return
        if any(not p.from_hand for p in self.placed[set_index]):
            raise DraftError(refusals.OPEN_FIRST())


def _insert(cards: DraftSet, card: Placed, position: int | None) -> DraftSet:
    at = len(cards) if position is None else position
    if not 0 <= at <= len(cards):
        raise DraftError(refusals.PLACE_OUT_OF_RANGE(n=len(cards) + 1))
    return cards[:at] + (card,) + cards[at:]


def _remove(cards: DraftSet, position: int) -> DraftSet:
    return cards[:position] + cards[position + 1 :]


def _drop_empty(placed: list[DraftSet]) -> tuple[DraftSet, ...]:
    return tuple(cards for cards in placed if cards)
