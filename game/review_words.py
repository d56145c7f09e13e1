"""The game review's findings in plain words, for the review screen and the command line.

A finding reads like "Turn 7: you laid the mountain at E4 and stopped (42 % → 31 %). Better:
lay the castle at F5 with three knights marching east and stop (41 %)." The chances are the
graph's points (:func:`game.review.chance_before`), and a better move is offered only where it
is better beyond the estimate's noise (the decision is graded). The move played
is told in the second person, to the player who made it (``named=True``: with his name, for a
review of every seat); the better move as what to do instead. Spots, tiles and directions are
the game's own words (``game/<name>/words.py``); cards are written as on the cards themselves,
rank and suit symbol ("7♥", "Q♠"), a joker as the word. The symbols ♣♦♥♠ and the arrow → are not
in the game's default font: a screen that draws these texts passes ``symbols=False`` and gets
the move log's letters ("7H") and "->" instead.

Every text goes through the move log's translator (``game.wording``), so a test can see them
with ``set_translator``. Pure: no pygame, no ai.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Action, GameState
from game.registry import game_spec
from game.review import (
    BLUNDER,
    CHANCE_PLACES,
    INACCURACY,
    MISTAKE,
    ReviewedTurn,
    chance_before,
)
from game.wording import N_, _

__all__ = [
    "better_words",
    "chance_before",
    "chance_text",
    "decision_label",
    "finding_text",
    "grade_word",
    "move_words",
    "swing_text",
]

ARROW = "→"
PLAIN_ARROW = "->"

# ----- the review's texts (one block for the translators) -----------------------------------


def decision_label(game: str, turn: ReviewedTurn) -> str:
    """ "Turn 7", "Round 2, turn 5": in the game's own words."""
    return game_spec(game).words().decision_label(turn.round, turn.turn)


def _finding(
    label: str, move: str, before: str, after: str, arrow: str, better: str | None, best: str
) -> str:
    if better is None:
        return f"{label}: {move} ({before} {arrow} {after})."
    return _("{label}: {move} ({before} {arrow} {after}). Better: {better} ({best}).").format(
        label=label, move=move, before=before, after=after, arrow=arrow, better=better, best=best
    )


def _finding_points(
    label: str,
    move: str,
    before: str,
    after: str,
    arrow: str,
    better: str,
    best: str,
    points: int,
    instead: int,
) -> str:
    return _(
        "{label}: {move} ({before} {arrow} {after}). Better: {better} ({best}; "
        "{points} points left in the hand instead of {instead})."
    ).format(
        label=label,
        move=move,
        before=before,
        after=after,
        arrow=arrow,
        better=better,
        best=best,
        points=points,
        instead=instead,
    )


_GRADE_WORDS = {
    INACCURACY: N_("Inaccuracy"),
    MISTAKE: N_("Mistake"),
    BLUNDER: N_("Blunder"),
}


def grade_word(grade: str | None) -> str:
    """ "Inaccuracy", "Mistake", "Blunder" (as chess sites grade moves); "" for no grade."""
    return _(_GRADE_WORDS[grade]) if grade in _GRADE_WORDS else ""


def _graded(grade: str, text: str) -> str:
    return _("{grade} - {finding}").format(grade=grade, finding=text)


def _swing(label: str, move: str, name: str, before: str, after: str, arrow: str) -> str:
    return _("{label}: {move} ({name}: {before} {arrow} {after}).").format(
        label=label, move=move, name=name, before=before, after=after, arrow=arrow
    )


# ----- end of the review's texts ------------------------------------------------------------


def move_words(
    game: str,
    before: GameState,
    actions: Sequence[Action],
    names: Sequence[str],
    *,
    named: bool = False,
    symbols: bool = True,
) -> str:
    """The move ``actions`` (one decision, played at ``before``) in plain words, told to the
    player who made it ("you laid the mountain at E4 and stopped", "you drew", "you laid
    7♥ 8♥ 9♥ on the table"); with ``named``, about him by his name in ``names``."""
    seat = before.current_player
    who = None
    if named:
        who = names[seat] if seat is not None and 0 <= seat < len(names) else _("Nobody")
    return game_spec(game).words().move_words(before, actions, who, symbols)


def better_words(
    game: str,
    before: GameState,
    best: Sequence[Action],
    names: Sequence[str],
    *,
    symbols: bool = True,
) -> str:
    """The better move ``best`` as what to do instead: "lay the castle at F5 with three
    knights marching east and stop", "lay 7♥ 8♥ 9♥ on the table", "draw"."""
    return game_spec(game).words().better_words(before, best, symbols)


def chance_text(chance: float) -> str:
    """A win chance as whole percent: "42 %" (as the statistics screen writes them)."""
    # rounded as a review file keeps it, so a review read back reads as it did when made
    kept = round(max(0.0, min(1.0, chance)), CHANCE_PLACES)
    return f"{round(kept * 100):.0f} %"


def finding_text(
    game: str,
    states: Sequence[GameState],
    history: Sequence[Action],
    turn: ReviewedTurn,
    names: Sequence[str],
    *,
    turns: Sequence[ReviewedTurn] = (),
    named: bool = False,
    symbols: bool = True,
    graded: bool = False,
) -> str:
    """One decision in plain words: what was played, the deciding seat's chance before and
    after it (the graph's points), and, when it is graded, the better move with its chance
    (rummy: with the hand points each leaves); with ``graded`` its grade in front.

    ``states``/``history`` are the game's as the review had them; ``turns`` the review's
    decisions (for the chance before ``turn``: see :func:`game.review.chance_before`; without
    them a turn counts as the first of its round)."""
    before = states[turn.index]
    actions = tuple(history[turn.index : turn.index + turn.moves])
    move = move_words(game, before, actions, names, named=named, symbols=symbols)
    label = decision_label(game, turn)
    start = chance_text(chance_before(turns, turn, turn.seat))
    after = chance_text(turn.played)
    arrow = ARROW if symbols else PLAIN_ARROW
    if not turn.is_mistake:  # a better move within the noise is no better move
        return _finding(label, move, start, after, arrow, None, "")
    better = better_words(game, before, turn.best, names, symbols=symbols)
    best = chance_text(turn.best_chance)
    if turn.points_played is not None and turn.points_best is not None:
        text = _finding_points(
            label, move, start, after, arrow, better, best, turn.points_best, turn.points_played
        )
    else:
        text = _finding(label, move, start, after, arrow, better, best)
    return _graded(grade_word(turn.grade), text) if graded else text


def swing_text(
    game: str,
    states: Sequence[GameState],
    history: Sequence[Action],
    turn: ReviewedTurn,
    seat: int,
    names: Sequence[str],
    *,
    turns: Sequence[ReviewedTurn] = (),
    symbols: bool = True,
) -> str:
    """A decision that moved ``seat``'s chance, whoever made it: "Turn 7: Kunz laid the castle
    at F5 ... (Ann: 50 % → 28 %)." (the graph's points before and after it)."""
    before = states[turn.index]
    actions = tuple(history[turn.index : turn.index + turn.moves])
    move = move_words(game, before, actions, names, named=True, symbols=symbols)
    name = names[seat] if 0 <= seat < len(names) else str(seat + 1)
    return _swing(
        decision_label(game, turn),
        move,
        name,
        chance_text(chance_before(turns, turn, seat)),
        chance_text(turn.chances[seat]),
        ARROW if symbols else PLAIN_ARROW,
    )
