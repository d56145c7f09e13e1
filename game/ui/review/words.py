"""The review's plain words, from game.review_words (an adapter until that module is merged:
meanwhile a plain description of the same facts)."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from game.i18n import _
from game.registry import game_spec
from game.review import ReviewedTurn


def _words() -> Any:
    try:
        return importlib.import_module("game.review_words")
    except ImportError:
        return None


def percent(chance: float) -> str:
    return _("{percent} %").format(percent=round(chance * 100))


def decision_label(game: str, turn: ReviewedTurn) -> str:
    words = _words()
    if words is not None:
        return str(words.decision_label(game, turn))
    if not game_spec(game).ends_with_play:  # rummy: turns count within a round
        return _("Round {round}, turn {turn}").format(round=turn.round, turn=turn.turn)
    return _("Turn {turn}").format(turn=turn.turn)


def finding_text(
    game: str,
    states: Sequence[Any],
    history: Sequence[Any],
    turn: ReviewedTurn,
    names: Sequence[str],
) -> str:
    words = _words()
    if words is not None:
        return str(words.finding_text(game, states, history, turn, names))
    return _("{label}: {played} played; better: {best}.").format(
        label=decision_label(game, turn),
        played=percent(turn.played),
        best=percent(turn.best_chance),
    )


def move_words(game: str, before: Any, actions: Sequence[Any], names: Sequence[str]) -> str:
    words = _words()
    if words is not None:
        return str(words.move_words(game, before, actions, names))
    spec = game_spec(game)
    lines, state = [], before
    for action in actions:
        lines.append(spec.describe(state, action))
        state = state.apply(action)
    return "; ".join(lines)


def better_words(game: str, before: Any, best: Sequence[Any], names: Sequence[str]) -> str:
    words = _words()
    if words is not None:
        return str(words.better_words(game, before, best, names))
    return move_words(game, before, best, names)
