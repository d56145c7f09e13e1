"""The Robber Knights lesson on the engine alone: its deal is a real game's, its scripted moves
replay, and what each step says about the position is true there."""

from __future__ import annotations

from game.knights import KnightsState
from game.knights.lesson import LESSON, PILES, start
from game.knights.tiles import TILE_SET
from game.play.lesson import replay

NAMES = ["Player 1", "Kunz"]


def step_after(text_start: str) -> KnightsState:
    """The position once the step whose text starts with ``text_start`` is played."""
    positions = replay(LESSON, NAMES)
    index = next(i for i, step in enumerate(LESSON.steps) if step.text.startswith(text_start))
    state: KnightsState = positions[index]
    return state


def test_the_deal_is_a_full_game_of_two_with_every_pile_stacked_by_letter() -> None:
    state = start(NAMES)
    assert state.phase == "keep" and state.players == tuple(NAMES)
    for pile, kinds in zip(state.piles, PILES, strict=True):
        assert [tile.tile for tile in pile] == list(kinds)
        for letter in "BCDE":
            assert sorted(t.tile for t in pile if t.letter == letter) == sorted(TILE_SET[letter])


def test_the_start_layout_is_the_one_the_lesson_shows() -> None:
    state = step_after("Kunz kept his plain")
    board = {pos: placed.tile for pos, placed in state.board.items()}
    assert board == {
        (0, 0): "plain",
        (1, 0): "plain+village",
        (0, 1): "mountain",
        (1, 1): "plain+village",
    }
    assert not any(placed.knights for placed in state.board.values())


def test_the_rival_lands_on_top_and_takes_the_village() -> None:
    before = step_after("A new castle brings")
    assert before.board[(1, 0)].knights == (0,) and before.scores()[0] == 3
    after = step_after("Kunz lays a castle")
    assert after.board[(1, 0)].knights == (0, 1, 1)
    assert after.scores() == [1, 3]  # castle 1 for him, his village 2; the learner keeps 1


def test_the_lake_fixes_the_width_one_tile_short_of_the_area() -> None:
    state = step_after("Kunz lays a lake")
    bounds = state.bounds()
    assert bounds is not None and bounds[1] - bounds[0] + 1 == state.area - 1
    assert state.board[(-2, 0)].tile == "lake" and state.current_player == 0


def test_the_village_taken_back_is_full_and_the_rival_takes_the_forest_village() -> None:
    state = step_after("Your knight is on top")
    assert state.board[(1, 0)].knights == (0, 1, 1, 0)
    end = step_after("Your 3rd lay ended")
    assert end.board[(3, 0)].knights == (1, 1)  # a forest keeps 2
    assert end.board[(0, -1)].tile == "mountain"
    assert end.scores() == [7, 4] and end.current_player == 0
    assert [tile.tile for tile in end.hands[0]] == ["plain+village", "lake"]
