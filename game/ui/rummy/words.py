"""Plain words for the rummy table: card names, values where a card lies, moves in the log."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, _, ngettext
from game.rummy import Card, check_meld, read_meld
from game.rummy.cards import hand_card_value

RANK_WORDS = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}


def card_name(card: Card) -> str:
    if card.is_joker:
        return _("joker")
    if card.is_hidden:
        return _("a hidden card")
    return _("{rank} of {suit}").format(
        rank=_(RANK_WORDS[card.rank - 1]), suit=_(SUIT_WORDS[card.suit])
    )


def _points(value: int) -> str:
    return ngettext("{n} point", "{n} points", value).format(n=value)


def hand_value_text(card: Card) -> str:
    """E.g. "ace of hearts: 11 in the hand"."""
    return _("{card}: {value} in the hand").format(
        card=card_name(card), value=hand_card_value(card)
    )


def set_value_text(cards: Sequence[Card], index: int) -> str:
    """E.g. "ace of hearts: 1 point in this run", "joker as 7 of hearts: 7 points in this group"."""
    card = cards[index]
    reading = read_meld(list(cards))
    if reading is None:
        return _("{card}: counts nothing until this set is valid").format(card=card_name(card))
    value = reading.values[index]
    name = card_name(card)
    if card.is_joker:
        meant = reading.stands_for[index]
        if reading.kind == "group":
            word = RANK_WORDS[meant.rank - 1]
            template = _("joker as an {rank}") if word[0] in "ae" else _("joker as a {rank}")
            name = template.format(rank=_(word))
        else:
            name = _("joker as {card}").format(card=card_name(meant))
    if reading.kind == "run":
        return _("{card}: {points} in this run").format(card=name, points=_points(value))
    return _("{card}: {points} in this group").format(card=name, points=_points(value))


def set_caption(cards: Sequence[Card]) -> str:
    """The small label over a set: "run · 24" or "invalid"."""
    verdict = check_meld(list(cards))
    if not verdict.valid:
        return _("invalid")
    kind = _("run") if verdict.kind == "run" else _("group")
    return f"{kind} · {verdict.value}"


def verb(name: str, third_person: str, plain: str) -> str:
    """ "Kunz draws" but "You draw"."""
    return f"{name} {plain if name == _('You') else third_person}"
