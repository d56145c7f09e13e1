"""Räuber-Rommé positions valued as each seat's chance to win the round, fitted on self-play.

Each seat gets a score ``w · features`` (cards in hand, not yet opened, hand points, ...), and
the chances are the softmax of the scores over the seats: a conditional logit, so one set of
weights serves any number of players. The weights were fitted by ``tools/fit_rummy_values.py``
on medium-vs-medium rounds (the data and the fit are described in ``values.json`` itself) and
are read from that small file, checked, once.
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources
from typing import Any

from ai.rummy.heuristic import quick_play
from game.rummy.cards import hand_value

FEATURES = (
    "cards",  # cards in hand
    "not_opened",  # 1 until the seat has opened
    "cards_not_opened",  # cards in hand while not opened: far harder to get rid of
    "hand_points",  # the hand's penalty points / 10
    "jokers",  # jokers in hand: they fit anywhere
    "cards_stock",  # cards in hand x share of the stock still left (early cards matter less)
    "stuck",  # cards the cheap method could not lay this turn: the hand's real distance
    "stuck_stock",  # the same x share of the stock still left
)
DATA_FILE = "values.json"


def seat_features(state: Any, seat: int, deck_size: int) -> list[float]:
    """The features of ``seat`` in a full state (hands known)."""
    player = state.players[seat]
    cards = float(len(player.hand))
    not_opened = 0.0 if player.opened else 1.0
    jokers = float(sum(1 for card in player.hand if card.rank == 0))
    stock_share = len(state.stock) / max(1, deck_size)
    laid = quick_play(state.table, player.hand, player.opened)
    stuck = cards - (0.0 if laid is None else float(sum(map(len, laid)) - table_cards(state)))
    return [
        cards,
        not_opened,
        cards * not_opened,
        hand_value(player.hand) / 10.0,
        jokers,
        cards * stock_share,
        stuck,
        stuck * stock_share,
    ]


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
    values = data.get("weights")
    if not isinstance(values, list) or len(values) != len(FEATURES):
        raise ValueError(f"{DATA_FILE} must hold one weight per feature")
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
        raise ValueError(f"{DATA_FILE} holds a weight that is not a finite number")
    return tuple(float(v) for v in values)


def scores(state: Any, given: tuple[float, ...] | None = None) -> list[float]:
    w = weights() if given is None else given
    size = deck_size(state)
    return [
        sum(a * b for a, b in zip(w, seat_features(state, seat, size), strict=True))
        for seat in range(len(state.players))
    ]


def win_chances(state: Any, given: tuple[float, ...] | None = None) -> list[float]:
    """Each seat's chance to win the round from this full position (the result at its end)."""
    if state.is_terminal:
        return list(state.returns())
    values = scores(state, given)
    top = max(values)
    weights_ = [math.exp(v - top) for v in values]
    total = sum(weights_)
    return [w / total for w in weights_]
