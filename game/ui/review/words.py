"""The review's plain words on screen: game.review_words, told to the right reader, and with
the card suits and the arrow as letters when the screen's font has no such symbols."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from game import review_words
from game.review import ReviewedTurn
from game.ui import theme

SYMBOLS = "♣♦♥♠→"


@cache
def _font_has_symbols(size: int) -> bool:
    font = theme.font(size)
    return all(metric is not None for metric in font.metrics(SYMBOLS))


def symbols_drawable() -> bool:
    return _font_has_symbols(theme.FONT_SMALL)


def percent(chance: float) -> str:
    return review_words.chance_text(chance)


def decision_label(game: str, turn: ReviewedTurn) -> str:
    return review_words.decision_label(game, turn)


def finding_text(
    game: str,
    states: Sequence[Any],
    history: Sequence[Any],
    turn: ReviewedTurn,
    names: Sequence[str],
    turns: Sequence[ReviewedTurn],
    named: bool,
) -> str:
    return review_words.finding_text(
        game,
        states,
        history,
        turn,
        names,
        turns=turns,
        named=named,
        symbols=symbols_drawable(),
    )


def better_words(game: str, before: Any, best: Sequence[Any], names: Sequence[str]) -> str:
    return review_words.better_words(game, before, best, names, symbols=symbols_drawable())
