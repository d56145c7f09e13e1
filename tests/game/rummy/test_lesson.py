"""The Räuber-Rommé lesson's script, played through the real engine."""

from __future__ import annotations

import gettext

import pytest

from ai.rummy_solver import best_play
from game.play.lesson import LessonRunner, replay
from game.rummy import Draw, Play, hand_value, parse_cards
from game.rummy.lesson import LESSON, STEPS, same_play, start
from tests.paths import ROOT

NAMES = ["Ann", "Kunz"]


def test_the_script_plays_through_the_engine_to_the_learners_win() -> None:
    positions = replay(LESSON, NAMES)
    end = positions[-1]
    assert end.is_terminal and end.winner == 0
    kunz = end.players[1]
    assert kunz.score == hand_value(kunz.hand) == 60  # the penalty the lesson talks about


def test_the_learner_has_no_opening_before_he_draws_and_one_after() -> None:
    """The lesson says 'too little, draw': that must be true of the hand it deals."""
    state = start(NAMES)
    hand = state.players[0].hand
    assert state.current_player == 0
    assert best_play([], list(hand), False) is None
    after_draw = replay(LESSON, NAMES)[4]  # the learner drew the queen of clubs
    assert len(after_draw.players[0].hand) == 14
    assert best_play([], list(after_draw.players[0].hand), False) is not None


def test_every_card_of_both_decks_is_dealt_once() -> None:
    state = start(NAMES)
    cards = [*state.stock, *state.players[0].hand, *state.players[1].hand]
    assert len(cards) == 110
    assert sum(card.is_joker for card in cards) == 6


def test_a_play_matches_the_script_with_its_sets_in_any_order_and_direction() -> None:
    scripted = Play((tuple(parse_cards("QH QD QC")), tuple(parse_cards("3H 4H 5H"))))
    turned = Play((tuple(parse_cards("5H 4H 3H")), tuple(parse_cards("QC QH QD"))))
    other = Play((tuple(parse_cards("QH QD QC")), tuple(parse_cards("3H 4H 5H 6H"))))
    assert same_play(turned, scripted)
    assert not same_play(other, scripted)
    assert not same_play(Draw(), scripted)


def test_the_runner_takes_the_opening_laid_in_another_order() -> None:
    runner = LessonRunner(LESSON)
    opening = next(i for i, step in enumerate(STEPS) if step.moves and "queens" in step.text)
    runner.index = opening
    scripted = runner.learner_move()
    assert isinstance(scripted, Play)
    shuffled = Play(tuple(reversed([tuple(reversed(cards)) for cards in scripted.table])))
    assert runner.refusal(shuffled) is None
    assert runner.refusal(Draw()) == STEPS[opening].refusal


@pytest.mark.parametrize("language", ["de", "nl"])
def test_every_step_is_translated(language: str) -> None:
    catalog = gettext.translation(
        "robbers-den", ROOT / "game" / "locale", languages=[language], fallback=False
    )
    texts = [step.text for step in STEPS] + [step.refusal for step in STEPS]
    missing = [text for text in texts if catalog.gettext(text) == text]
    assert not missing
