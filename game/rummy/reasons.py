"""Why a Räuber-Rommé move is worth playing, in one or two short lines made from what it
changes: the cards laid and the penalty left in the hand, the opening reached, going out, a
joker of the table set free, a joker kept. Said with every hint and in the "why?" panel.

Pure: no pygame, no ai. In the interface language when called.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.wording import _, plural

from .actions import Action, Draw, Pass, Play
from .cards import Card, hand_value
from .state import RummyState
from .words import opening_sets

MAX_LINES = 2


def _jokers(cards: Sequence[Card]) -> int:
    return sum(1 for card in cards if card.is_joker)


def freed_jokers(table: Sequence[Sequence[Card]], new_table: Sequence[Sequence[Card]]) -> int:
    """Jokers of the table that a play takes out of their old sets and uses elsewhere: the
    old sets that held them are gone, and the sets that came in their place hold fewer."""
    kept = Counter(tuple(cards) for cards in new_table)
    gone = Counter(tuple(cards) for cards in table) - kept
    came = kept - Counter(tuple(cards) for cards in table)
    jokers_gone = sum(_jokers(cards) * n for cards, n in gone.items())
    # A joker that stays in a changed set is not freed; count only those that had to move.
    naturals_came = sum(
        sum(1 for card in cards if not card.is_joker) * n for cards, n in came.items()
    )
    return jokers_gone if naturals_came and jokers_gone else 0


def move_reasons(
    before: RummyState,
    actions: Sequence[Action],
    names: Sequence[str] | None = None,
    public: bool = False,
) -> list[str]:
    """At most two lines saying what ``actions`` (the one move of a turn: a play, a draw or a
    pass, by the player on turn in ``before``) change for him. ``public``: for the other
    players, so nothing of his hand (its penalty, the jokers he keeps)."""
    seat = before.current_player
    if seat is None or not actions:
        return []
    action = actions[0]
    player = before.players[seat]
    penalty = hand_value(player.hand)
    if isinstance(action, Play):
        old = Counter(card for cards in before.table for card in cards)
        new = Counter(card for cards in action.table for card in cards)
        laid = new - old
        count = sum(laid.values())
        left_hand = Counter(player.hand) - laid
        left = hand_value(list(left_hand.elements()))
        lines: list[str] = []
        if count >= len(player.hand):
            lines.append(_("goes out: the round is won"))
        elif public:
            lines.append(plural(count, _("lays 1 card"), _("lays {n} cards")).format(n=count))
        else:
            lines.append(
                plural(
                    count,
                    _("lays 1 card: penalty in hand {before} -> {after}"),
                    _("lays {n} cards: penalty in hand {before} -> {after}"),
                ).format(n=count, before=penalty, after=left)
            )
        if not player.opened:
            _sets, points = opening_sets(laid, action.table)
            lines.append(_("opens with {points} points").format(points=points))
        freed = freed_jokers(before.table, action.table)
        if freed:
            lines.append(
                plural(
                    freed,
                    _("frees a joker of the table and uses it again"),
                    _("frees {n} jokers of the table and uses them again"),
                ).format(n=freed)
            )
        jokers_kept = _jokers(list(left_hand.elements()))
        if jokers_kept and count < len(player.hand) and not public:
            lines.append(
                plural(
                    jokers_kept,
                    _("keeps a joker in hand for later"),
                    _("keeps {n} jokers in hand for later"),
                ).format(n=jokers_kept)
            )
        return lines[:MAX_LINES]
    if isinstance(action, Draw):
        if public:
            return [_("draws a card: the turn ends")]
        line = _("draws a card: the penalty in hand stays {n} for now").format(n=penalty)
        if not player.opened:
            return [line, _("waits for an opening of 30 points")]
        return [line]
    if isinstance(action, Pass):
        return [_("passes: the stock is empty")]
    return []
