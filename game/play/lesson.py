"""The lesson runner: where a lesson (``game.lesson.Lesson``) is, which move it accepts next,
and the lesson's words for any other. No pygame, no game named: the table shell asks it in
``act`` and for the computer's moves, the overlay (``game.ui.lesson``) for the step to show.

Every move goes through the game's real engine (``state.apply``): the runner only chooses
which moves are allowed. :func:`replay` plays a lesson's whole script without a window, so a
change of the rules that breaks a lesson fails its test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core import IllegalAction
from game.lesson import READ_ON, Lesson, Step
from game.plugin import resolve
from game.registry import GameSpec, game_spec


class LessonError(ValueError):
    """A lesson whose script the engine does not accept (a bug in the lesson's data)."""


def lesson_of(game: str) -> Lesson | None:
    """The lesson of ``game`` (None: it has none yet)."""
    ref = game_spec(game).lesson_ref
    if ref is None:
        return None
    lesson = resolve(ref)
    if not isinstance(lesson, Lesson):
        raise TypeError(f"{game}: {ref} is not a Lesson")
    return lesson


def has_lesson(game: str) -> bool:
    return game_spec(game).lesson_ref is not None


class LessonRunner:
    """One lesson in progress: the step shown, the computer moves of it played so far, and
    whether the learner has played its move."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.spec: GameSpec = game_spec(lesson.game)
        self._scripts = [_Script(self.spec, step) for step in lesson.steps]
        self.index = 0
        self.played = 0  # computer moves of this step played so far
        self.moved = False  # the learner's move of this step is played
        self.refused = 0  # moves refused in this lesson so far

    # -- where the lesson is ------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    @property
    def script(self) -> _Script:
        return self._scripts[self.index]

    def computer_done(self) -> bool:
        return self.played >= len(self.script.computer)

    def complete(self) -> bool:
        """Has everything of this step been played (what is left is reading)?"""
        return self.computer_done() and (self.moved or not self.script.moves)

    @property
    def finished(self) -> bool:
        """The last step is reached and played: the learner plays on or leaves."""
        return self.last and self.complete()

    def can_go_on(self) -> bool:
        """May Next move on (a step to read whose computer moves have all been played)?"""
        return not self.last and not self.script.moves and self.computer_done()

    def go_on(self) -> bool:
        """Next: the following step (False if this one is not read to its end yet)."""
        if not self.can_go_on():
            return False
        self._advance()
        return True

    def _advance(self) -> None:
        self.index += 1
        self.played = 0
        self.moved = False

    # -- moves ---------------------------------------------------------------------------------
    def computer_move(self) -> Any | None:
        """The computer's next scripted move of this step (None: none is due)."""
        computer = self.script.computer
        return computer[self.played] if self.played < len(computer) else None

    def learner_move(self) -> Any | None:
        """The move "Show me" plays (None: the step asks none now)."""
        script = self.script
        if self.moved or not script.moves or not self.computer_done():
            return None
        return script.moves[0]

    def refusal(self, action: Any) -> str | None:
        """The lesson's words (untranslated) if ``action`` is not a move due now, else None."""
        due = self.computer_move()
        if action == due:
            return None
        if not self.script.moves or self.moved:
            return READ_ON
        if due is None and self._scripted(action) is not None:
            return None
        return self.step.refusal

    def _scripted(self, action: Any) -> Any | None:
        """The step's learner move that ``action`` plays (None: none of them)."""
        return next((m for m in self.script.moves if self.lesson.is_move(action, m)), None)

    def moved_on(self, action: Any) -> None:
        """``action``, accepted by :meth:`refusal`, was played: the lesson moves on (a step's
        learner move done opens the next step at once)."""
        if action == self.computer_move():
            self.played += 1
            return
        if self.computer_done() and self._scripted(action) is not None:
            self.moved = True
            if not self.last:
                self._advance()


class _Script:
    """A step's moves as the game's actions (read once, with the plug-in's checked reader)."""

    def __init__(self, spec: GameSpec, step: Step) -> None:
        try:
            self.computer = [spec.action_from_dict(dict(move)) for move in step.computer]
            self.moves = [spec.action_from_dict(dict(move)) for move in step.moves]
        except ValueError as error:
            raise LessonError(f"step {step.text[:40]!r}: {error}") from None


def start_state(lesson: Lesson, names: Sequence[str]) -> Any:
    """The lesson's prepared position for ``names`` (LessonError if the engine refuses it)."""
    try:
        return lesson.start(list(names))
    except ValueError as error:
        raise LessonError(f"the lesson's deal: {error}") from None


def replay(lesson: Lesson, names: Sequence[str]) -> list[Any]:
    """Play the whole script through the engine (each step's computer moves, then the
    learner's first move): the positions after each step. LessonError names the step whose
    move the engine, or the order of turns, refuses."""
    runner = LessonRunner(lesson)
    state = start_state(lesson, names)
    positions = []
    for number in range(1, len(lesson.steps) + 1):
        while (action := runner.computer_move()) is not None:
            if state.current_player == lesson.learner:
                raise LessonError(f"step {number}: a computer move on the learner's turn")
            state = _apply(state, action, number)
            runner.moved_on(action)
        action = runner.learner_move()
        if action is not None:
            if state.current_player != lesson.learner:
                raise LessonError(f"step {number}: the learner's move, but it is not his turn")
            state = _apply(state, action, number)
            runner.moved_on(action)
        elif not runner.go_on() and not runner.last:
            raise LessonError(f"step {number}: the lesson can't go on from here")
        positions.append(state)
    return positions


def _apply(state: Any, action: Any, number: int) -> Any:
    try:
        return state.apply(action)
    except IllegalAction as error:
        raise LessonError(f"step {number}: {action} is refused: {error}") from None


__all__ = ["LessonError", "LessonRunner", "has_lesson", "lesson_of", "replay", "start_state"]
