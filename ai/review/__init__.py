"""The game review: what each decision of a game cost, estimated by redeals and play-outs.

:func:`review_game` walks a game's history decision by decision (a whole turn in Robber
Knights, one draw or play in Räuber-Rommé) and yields a :class:`game.review.ReviewedTurn` for
each as soon as it is judged, so a client can show the first findings while the rest are
computed. Every estimate uses only what the deciding player could see: his own view, with the
hidden tiles or cards redealt (see :mod:`ai.review.estimate`).
"""

from ai.review.review import count_decisions, default_budget, fits_game, review_game
from ai.review.spans import DecisionSpan, decision_spans

__all__ = [
    "DecisionSpan",
    "count_decisions",
    "decision_spans",
    "default_budget",
    "fits_game",
    "review_game",
]
