"""Räuber-Rommé positions valued as each seat's chance to win the round, fitted on self-play.

Each seat gets a score ``w · features`` (cards in hand, not yet opened, hand points, ...), and
the chances are the softmax of the scores over the seats: a conditional logit, so one set of
weights serves any number of players. The chances are those one seat (the viewer) can judge:
his own features come from his hand, the others' only from what everybody sees (how many cards
they hold, whether they have opened), so no guess about hidden hands is needed. The weights
were fitted by ``tools/fit_rummy_values.py`` on medium-vs-medium rounds (``values.json`` itself
describes the data and the fit) and are read from that small file, checked, once.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ai.numbers import finite_numbers
from ai.rummy.heuristic import quick_play
from ai.softmax import softmax
from game.rummy.cards import hand_value

# What the seat whose chances these are knows of himself: his whole hand.
OWN_FEATURES = (
    "own_cards",  # cards in hand
    "own_not_opened",  # 1 until he has opened
    "own_cards_not_opened",  # cards in hand while not opened: far harder to get rid of
    "own_hand_points",  # the hand's penalty points / 10
    "own_jokers",  # jokers in hand: they fit anywhere
    "own_cards_stock",  # cards in hand x share of the stock still left
    "own_stuck",  # cards the cheap method could not lay this turn: the hand's real distance
    "own_stuck_stock",  # the same x share of the stock still left
)
# What he sees of the others: how many cards they hold and whether they have opened.
RIVAL_FEATURES = (
    "rival_cards",
    "rival_not_opened",
    "rival_cards_not_opened",
    "rival_cards_stock",
)
FEATURES = OWN_FEATURES + RIVAL_FEATURES
DATA_FILE = "values.json"
PUBLIC = -1  # a viewer who is no seat: every seat is valued as a rival


def seat_features(state: Any, seat: int, viewer: int, deck_size: int) -> list[float]:
    """The features of ``seat`` as ``viewer`` knows them (his own hand; the others' counts)."""
    player = state.players[seat]
    cards = float(len(player.hand))
    not_opened = 0.0 if player.opened else 1.0
    stock_share = len(state.stock) / max(1, deck_size)
    if seat != viewer:
        rival = [cards, not_opened, cards * not_opened, cards * stock_share]
        return [0.0] * len(OWN_FEATURES) + rival
    jokers = float(sum(1 for card in player.hand if card.rank == 0))
    laid = quick_play(state.table, player.hand, player.opened)
    stuck = cards - (0.0 if laid is None else float(sum(map(len, laid)) - table_cards(state)))
    own = [
        cards,
        not_opened,
        cards * not_opened,
        hand_value(player.hand) / 10.0,
        jokers,
        cards * stock_share,
        stuck,
        stuck * stock_share,
    ]
    return own + [0.0] * len(RIVAL_FEATURES)


def public_chances(state: Any) -> list[float]:
    """Each seat's chance as a spectator can judge it: every seat valued by what everybody
    sees of it (the rival features: cards held, opened or not), none by its hand; the result
    once the round is over."""
    if state.is_terminal:
        return list(state.returns())
    return softmax(scores(state, PUBLIC))


def table_cards(state: Any) -> int:
    return sum(map(len, state.table))


def deck_size(state: Any) -> int:
    return 104 + int(state.jokers)


@functools.cache
def weights() -> tuple[float, ...]:
    """The fitted weights, one per feature (read once from the package's data file)."""
    text = resources.files("ai.rummy").joinpath(DATA_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    if data.get("features") != list(FEATURES):
        raise ValueError(f"{DATA_FILE} was fitted for other features: refit it")
    return finite_numbers(data.get("weights"), len(FEATURES), f"{DATA_FILE} 'weights'")


def scores(state: Any, viewer: int, given: tuple[float, ...] | None = None) -> list[float]:
    w = weights() if given is None else given
    size = deck_size(state)
    return [
        sum(a * b for a, b in zip(w, seat_features(state, seat, viewer, size), strict=True))
        for seat in range(len(state.players))
    ]


def win_chances(state: Any, viewer: int, given: tuple[float, ...] | None = None) -> list[float]:
    """Each seat's chance to win the round as ``viewer`` can judge it (his hand, the others'
    counts), or the result once the round is over."""
    if state.is_terminal:
        return list(state.returns())
    return softmax(scores(state, viewer, given))
