"""A lesson, as data: a guided first game on a prepared deal (see "The lesson runner" in
docs/architecture.md).

A game names its lesson in its plug-in (``GamePlugin.lesson_ref``, ``"module:attribute"`` of a
:class:`Lesson`); the lesson lives with the game (``game/<name>/lesson.py``). The shared runner
(``game.play.lesson``) plays it on the real engine and the shared overlay (``game.ui.lesson``)
shows it over the game's own table. Nothing here names a game.

Texts are marked with ``N_`` and translated when shown. Moves are the game's action dicts (its
``to_dict()`` form), read back with the plug-in's ``action_from_dict``; a target is a tuple
whose first item says what it is: ``("button", ident)`` lights a widget of the table (the
shared overlay draws it), any other kind is the game's own (its table draws it,
``TableScene.draw_lit``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import N_

# Something on the table the step is about: ("button", "end"), ("spot", 2, -1), ...
Target = tuple[Any, ...]
Move = Mapping[str, Any]  # an action dict, as the game's saves hold it

# The lesson's words for a move off the script when a step has none of its own.
OFF_SCRIPT = N_("In this lesson, do what the lit step says (F2 shows it).")
# ... for any move while a step only asks to read on.
READ_ON = N_("In this lesson, read the step, then press Next (Enter).")


@dataclass(frozen=True)
class Step:
    """One thing the lesson says, at most two short lines.

    ``computer``: the computer's scripted moves, played one after the other as the step
    opens. ``moves``: what the learner may play to finish the step (alternatives; the first is
    the one "Show me" plays); none: the learner reads and goes on with Next. ``refusal``: the
    lesson's words for any other move.
    """

    text: str
    lit: tuple[Target, ...] = ()
    moves: tuple[Move, ...] = ()
    computer: tuple[Move, ...] = ()
    refusal: str = OFF_SCRIPT

    @property
    def reading(self) -> bool:
        """Does the learner only read this step (and press Next)?"""
        return not self.moves


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game.

    ``start(names)`` builds the prepared position for the seats' names with the real engine
    (from the lesson's data: its deal). Seat ``learner`` is the person; every other seat is a
    computer whose moves are scripted in the steps, and which plays at ``level`` once the
    learner plays on after the last step.
    """

    game: str  # the plug-in's key
    start: Callable[[Sequence[str]], Any]
    steps: tuple[Step, ...]
    players: int = 2
    learner: int = 0
    level: str = "easy"
    title: str = N_("Learn to play")
    # Is a move the script's move, told in another way (a card game's sets in another order)?
    # None: only the very same action is.
    same_move: Callable[[Any, Any], bool] | None = None

    def is_move(self, action: Any, scripted: Any) -> bool:
        """Does ``action`` play the scripted move ``scripted``?"""
        return action == scripted or (
            self.same_move is not None and self.same_move(action, scripted)
        )


__all__ = ["OFF_SCRIPT", "READ_ON", "Lesson", "Move", "Step", "Target"]
