"""The review's plain words on screen: game.review_words, told to the right reader, with the
card suits and the arrow as letters (the screen's font has no such symbols)."""

from __future__ import annotations

from collections.abc import Sequence

from game import review_words
from game.core import Action, GameState
from game.review import ReviewedTurn
from game.seat_events import HistoryItem


def symbols_drawable() -> bool:
    """The screen's font has no glyphs for the suits and the arrow (they'd be boxes): the move
    log's letters ("7H") and "->" instead."""
    return False


def percent(chance: float) -> str:
    return review_words.chance_text(chance)


def decision_label(game: str, turn: ReviewedTurn) -> str:
    return review_words.decision_label(game, turn)


def finding_text(
    game: str,
    states: Sequence[GameState],
    history: Sequence[HistoryItem],
    turn: ReviewedTurn,
    names: Sequence[str],
    turns: Sequence[ReviewedTurn],
    named: bool,
) -> str:
    """The decision in words, its grade in front (as on the command line)."""
    return review_words.finding_text(
        game,
        states,
        history,
        turn,
        names,
        turns=turns,
        named=named,
        symbols=symbols_drawable(),
        graded=True,
    )


def swing_text(
    game: str,
    states: Sequence[GameState],
    history: Sequence[HistoryItem],
    turn: ReviewedTurn,
    seat: int,
    names: Sequence[str],
    turns: Sequence[ReviewedTurn],
) -> str:
    return review_words.swing_text(
        game, states, history, turn, seat, names, turns=turns, symbols=symbols_drawable()
    )


def grade_word(turn: ReviewedTurn) -> str:
    return review_words.grade_word(turn.grade)


def better_words(game: str, before: GameState, best: Sequence[Action], names: Sequence[str]) -> str:
    return review_words.better_words(game, before, best, names, symbols=symbols_drawable())
