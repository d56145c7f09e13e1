"""The shared lesson runner, on the test game Nim (so that it names no real game), and every
registered game's lesson: its script replayed through the engine, its texts short and
translated."""

from __future__ import annotations

import pytest

from game.i18n import _, set_language
from game.lesson import READ_ON, Lesson, Step
from game.play.lesson import LessonError, LessonRunner, has_lesson, lesson_of, replay
from game.registry import GAME_KEYS, game_spec
from tests.games.nim.engine import NimState, Take, new_game

LESSONS = [game for game in GAME_KEYS if has_lesson(game)]
TAKE_1 = {"type": "take", "pile": 0, "count": 1}
TAKE_2 = {"type": "take", "pile": 1, "count": 2}


def nim_start(names: list[str]) -> NimState:
    return new_game(list(names), 3)


def nim_lesson(*steps: Step) -> Lesson:
    return Lesson(game="nim", start=nim_start, steps=steps)


NIM = nim_lesson(
    Step("Read me."),
    Step("Take one from the first pile.", moves=(TAKE_1,), refusal="Take one, please."),
    Step("The computer takes two.", computer=(TAKE_2,)),
    Step("The end."),
)


def test_the_runner_accepts_the_script_only_and_moves_on() -> None:
    runner = LessonRunner(NIM)
    assert runner.step.reading and runner.learner_move() is None
    assert runner.refusal(Take(0, 1)) == READ_ON  # nothing is played on a step to read
    assert runner.go_on() and runner.index == 1
    assert runner.refusal(Take(2, 1)) == "Take one, please."
    assert runner.learner_move() == Take(0, 1) and runner.refusal(Take(0, 1)) is None
    assert not runner.go_on()  # a step with a move is not read past
    runner.moved_on(Take(0, 1))
    assert runner.index == 2  # the learner's move opens the next step at once
    assert runner.computer_move() == Take(1, 2) and not runner.can_go_on()
    assert runner.refusal(Take(0, 1)) == READ_ON  # only the computer's scripted move is due
    assert runner.refusal(Take(1, 2)) is None
    runner.moved_on(Take(1, 2))
    assert runner.computer_move() is None and runner.go_on()
    assert runner.last and runner.finished and not runner.go_on()


def test_replay_plays_the_script_through_the_engine() -> None:
    positions = replay(NIM, ["Ann", "Bob"])
    assert len(positions) == len(NIM.steps)
    start = nim_start(["Ann", "Bob"])
    assert positions[-1] == start.apply(Take(0, 1)).apply(Take(1, 2))


@pytest.mark.parametrize(
    ("steps", "words"),
    [
        ((Step("x", moves=({"type": "take", "pile": 0, "count": 9},)),), "count"),
        ((Step("x", computer=(TAKE_1,)),), "computer move on the learner's turn"),
        ((Step("x", moves=(TAKE_1,)), Step("y", moves=(TAKE_2,))), "not his turn"),
        # The first pile's 3 stones are gone after the first take: the engine refuses.
        (
            (
                Step("x", moves=({"type": "take", "pile": 0, "count": 3},)),
                Step("y", computer=({"type": "take", "pile": 0, "count": 1},)),
            ),
            "step 2: take 1 from pile 1 is refused",
        ),
    ],
)
def test_a_broken_script_is_refused_naming_its_step(steps: tuple[Step, ...], words: str) -> None:
    lesson = nim_lesson(*steps)
    with pytest.raises(LessonError, match=words):
        replay(lesson, ["Ann", "Bob"])


def test_a_game_without_a_lesson_has_none() -> None:
    assert not has_lesson("nim") and lesson_of("nim") is None
    assert "knights" in LESSONS


@pytest.mark.parametrize("game", LESSONS)
def test_every_lessons_script_replays_through_the_engine(game: str) -> None:
    lesson = lesson_of(game)
    assert lesson is not None and lesson.game == game
    positions = replay(lesson, ["Player 1", "Kunz", "Hilde", "Ulrich"][: lesson.players])
    end = positions[-1]
    if end.is_terminal:  # a lesson may end with a round: Play on deals the next one
        assert not game_spec(game).info.ends_with_play
    else:  # Play on goes on with the game, the learner to move
        assert end.current_player == lesson.learner


@pytest.mark.parametrize("game", LESSONS)
@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_step_is_short_and_said_in_every_language(game: str, language: str) -> None:
    lesson = lesson_of(game)
    assert lesson is not None
    texts = {text for step in lesson.steps for text in (step.text, step.refusal)}
    assert all(len(text) <= 130 for text in texts), [t for t in texts if len(t) > 130]
    set_language(language)
    try:
        untranslated = [text for text in texts if _(text) == text]
    finally:
        set_language("en")
    assert not untranslated, untranslated
