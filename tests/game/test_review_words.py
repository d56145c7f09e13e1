"""The review's findings in words: built positions of both games, in English and German/Dutch."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.i18n import set_language
from game.knights import Deploy, End, Place
from game.knights.position import position
from game.persist import set_translator
from game.review import ReviewedTurn
from game.review_words import (
    better_words,
    chance_before,
    chance_text,
    decision_label,
    finding_text,
    move_words,
)
from game.rummy import Draw, Play, parse_cards
from tests.game.test_movelog import _rummy_state

NAMES = ["Anna", "Bert"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _states(start: Any, actions: Sequence[Any]) -> list[Any]:
    states = [start]
    for action in actions:
        states.append(states[-1].apply(action))
    return states


# Column A is x = -5 and row 1 is y = -5 in a two-player game: (0, 0) is F6.
KNIGHTS_BOARD = {(0, 0): "plain", (1, 0): "plain", (2, 0): "forest+village"}
MOUNTAIN_AND_CASTLE = (
    Place("mountain", 0, 1),
    Place("plain+castle", -1, 0),
    Deploy(3, "E", (1, 1, 1)),
    End(),
)
BETTER_CASTLE = (Place("plain+castle", 0, -1), Deploy(2, "S", (1, 1)), End())


def _knights_start() -> Any:
    return position(
        KNIGHTS_BOARD,
        hands=[["mountain", "plain+castle"], ["lake", "plain"]],
        piles=[["plain", "lake"], ["plain"]],
    )


def test_a_knights_turn_with_a_castle_and_a_march_reads_as_one_sentence() -> None:
    start = _knights_start()
    _states(start, MOUNTAIN_AND_CASTLE)  # the turn is legal
    assert move_words("knights", start, MOUNTAIN_AND_CASTLE, NAMES) == (
        "you laid the mountain at F7 and the castle at E6 with 3 knights marching east, and stopped"
    )
    assert move_words("knights", start, MOUNTAIN_AND_CASTLE[:1] + (End(),), NAMES) == (
        "you laid the mountain at F7 and stopped"
    )
    assert move_words("knights", start, MOUNTAIN_AND_CASTLE, NAMES, named=True).startswith(
        "Anna laid the mountain at F7 and"
    )
    # Anna's own turn before left her 42 % (Bert's view after his turn is not hers).
    bert_first = position(
        KNIGHTS_BOARD,
        hands=[["mountain", "plain+castle"], ["lake", "plain"]],
        piles=[["plain", "lake"], ["plain"]],
        current=1,
    )
    history = (Place("lake", 3, 0), End(), *MOUNTAIN_AND_CASTLE)
    states = _states(bert_first, history)
    earlier = ReviewedTurn(0, 1, 0, 1, 6, (0.42, 0.58), 0.42, False)
    bert = ReviewedTurn(1, 1, 1, 1, 6, (0.2, 0.8), 0.8, False)
    anna = ReviewedTurn(2, 4, 0, 1, 7, (0.31, 0.69), 0.31, True, BETTER_CASTLE, 0.41, 0.02, 64)
    text = finding_text("knights", states, history, anna, NAMES, turns=[earlier, bert, anna])
    assert text == (
        "Turn 7: you laid the mountain at F7 and the castle at E6 with 3 knights "
        "marching east, and stopped (20 % → 31 %). Better: lay the castle at F5 with "
        "2 knights marching south, and stop (41 %)."
    )
    assert finding_text("knights", states, history, anna, NAMES).startswith(
        "Turn 7: you laid the mountain at F7"
    )  # without the review's other turns: counted from the equal share
    assert "(50 % → 31 %)" in finding_text("knights", states, history, anna, NAMES)


def test_deployments_say_where_the_knights_stay() -> None:
    start = _knights_start()
    castle = Place("plain+castle", -1, 0)
    words = {
        deploy: better_words("knights", start, (castle, deploy), NAMES)
        for deploy in (
            Deploy(0, None, ()),
            Deploy(1, None, (1,)),
            Deploy(2, None, (2,)),
            Deploy(4, "E", (2, 1, 1)),
        )
    }
    assert list(words.values()) == [
        "lay the castle at E6 without knights",
        "lay the castle at E6 with one knight on it",
        "lay the castle at E6 with 2 knights on it",
        "lay the castle at E6 with 4 knights marching east (2 on the castle, then 1, 1)",
    ]
    three_lays = (Place("mountain", 0, 1), Place("lake", 1, 1), Place("plain", 2, 1))
    assert move_words("knights", start, three_lays, NAMES) == (
        "you laid the mountain at F7, the lake at G7 and the plain at H7"
    )


def test_knights_words_in_german_and_dutch() -> None:
    start = _knights_start()
    set_language("de")
    assert move_words("knights", start, MOUNTAIN_AND_CASTLE, NAMES) == (
        "du hast das Gebirge auf F7 und die Burg auf E6 mit 3 Rittern nach Osten gelegt "
        "und aufgehört"
    )
    assert better_words("knights", start, BETTER_CASTLE, NAMES) == (
        "die Burg auf F5 mit 2 Rittern nach Süden legen und aufhören"
    )
    set_language("nl")
    assert move_words("knights", start, MOUNTAIN_AND_CASTLE, NAMES, named=True) == (
        "Anna legde het gebergte op F7 en het kasteel op E6 met 3 ridders naar het oosten en stopte"
    )


def test_a_rummy_draw_with_a_better_play_names_the_cards_and_the_points() -> None:
    # Seat 1 (Bert) is to move, has opened and holds a run he could lay.
    before = _rummy_state("7H 8H 9H KD 2C", ["10S JS QS"], opened=True)
    play = Play([parse_cards("10S JS QS"), parse_cards("7H 8H 9H")])
    turn = ReviewedTurn(0, 1, 1, 2, 5, (0.69, 0.31), 0.31, True, (play,), 0.45, 0.03, 80, 36, 12)
    states = [before, before.apply(Draw())]
    assert decision_label("rummy", turn) == "Round 2, turn 5"
    assert move_words("rummy", before, (Draw(),), NAMES) == "you drew"
    assert better_words("rummy", before, (play,), NAMES) == "lay 7♥ 8♥ 9♥ on the table"
    text = finding_text("rummy", states, [Draw()], turn, NAMES)
    assert text == (
        "Round 2, turn 5: you drew (50 % → 31 %). Better: lay 7♥ 8♥ 9♥ on the table "
        "(45 %; 12 points left in the hand instead of 36)."
    )
    plain = finding_text("rummy", states, [Draw()], turn, NAMES, named=True, symbols=False)
    assert plain.startswith(
        "Round 2, turn 5: Bert drew (50 % -> 31 %). "
        "Better: lay 7 of hearts, 8 of hearts, 9 of hearts"
    )
    set_language("de")
    assert finding_text("rummy", states, [Draw()], turn, NAMES) == (
        "Runde 2, Zug 5: du hast gezogen (50 % → 31 %). Besser: 7♥ 8♥ 9♥ auf den Tisch legen "
        "(45 %; 12 Punkte auf der Hand statt 36)."
    )


def test_rummy_openings_and_going_out() -> None:
    opener = _rummy_state("10H JH QH 10S 10D 10C 2C", [], opened=False)
    opening = Play([parse_cards("10H JH QH"), parse_cards("10S 10D 10C")])
    assert move_words("rummy", opener, (opening,), NAMES) == (
        "you opened with 10♥ J♥ Q♥, 10♠ 10♦ 10♣"
    )
    all_out = _rummy_state("10H JH QH 10S 10D 10C", [], opened=False)
    assert better_words("rummy", all_out, (opening,), NAMES) == (
        "open and go out with 10♥ J♥ Q♥, 10♠ 10♦ 10♣"
    )
    # Laid off onto a set with a joker, beside a set left as it was: only the new cards count.
    going_out = _rummy_state("AH 9C", ["JH QH *", "6C 7C 8C"], opened=True)
    play = Play([parse_cards("JH QH * AH"), parse_cards("6C 7C 8C 9C")])
    assert move_words("rummy", going_out, (play,), NAMES, named=True) == (
        "Bert went out with A♥ to the run J♥ Q♥ joker, 9♣ to the run 6♣ 7♣ 8♣"
    )
    joker = _rummy_state("* 9C KD", ["JH QH KH", "6C 7C 8C"], opened=True)
    lay_joker = Play([parse_cards("JH QH KH"), parse_cards("6C 7C 8C 9C *")])
    assert move_words("rummy", joker, (lay_joker,), NAMES) == (
        "you laid 9♣ joker to the run 6♣ 7♣ 8♣ on the table"
    )
    plain = move_words("rummy", joker, (lay_joker,), NAMES, symbols=False)
    assert plain == (
        "you laid 9 of clubs, joker to the run 6 of clubs, 7 of clubs, 8 of clubs on the table"
    )
    set_language("nl")
    assert move_words("rummy", opener, (opening,), NAMES) == (
        "je opende met 10♥ J♥ Q♥, 10♠ 10♦ 10♣"
    )
    assert (
        move_words("rummy", joker, (lay_joker,), NAMES)
        == "je legde 9♣ joker bij de reeks 6♣ 7♣ 8♣ op tafel"
    )


def test_the_chance_before_is_the_graphs_point_before_the_decision_or_the_equal_share() -> None:
    # One frame: the point before a decision is the decision before it, whoever made it.
    first = ReviewedTurn(0, 1, 0, 1, 1, (0.6, 0.4), 0.6, True)
    second = ReviewedTurn(1, 1, 1, 1, 1, (0.7, 0.3), 0.3, True)
    next_round = ReviewedTurn(3, 1, 0, 2, 1, (0.2, 0.8), 0.2, True)
    turns = [first, second, next_round]
    assert chance_before(turns, first, 0) == 0.5
    assert chance_before(turns, second, 1) == 0.4  # seat 1 before his turn: the graph's point
    assert chance_before(turns, second, 0) == 0.6
    assert chance_before(turns, next_round, 0) == 0.5  # a new round starts even
    assert [chance_text(c) for c in (0.0, 0.424, 0.426, 1.0)] == ["0 %", "42 %", "43 %", "100 %"]


def test_a_better_move_within_the_noise_is_not_offered() -> None:
    # Issue 38: "Better: draw (64 %; 106 points left ... instead of 27)" against 63 %.
    start = _rummy_state("* 9C KD", ["JH QH KH", "6C 7C 8C"], opened=True)
    lay = Play([parse_cards("JH QH KH"), parse_cards("6C 7C 8C * 9C")])
    states = [start, start]  # the words read only the position before the move
    close = ReviewedTurn(
        0, 1, 0, 1, 3, (0.63, 0.37), 0.63, True, (Draw(),), 0.64, 0.01, 80, 27, 106
    )
    assert not close.is_mistake and close.grade is None
    text = finding_text("rummy", states, [lay], close, NAMES)
    assert "Better" not in text and "draw" not in text
    far = replace(close, best_chance=0.95, noise=0.02)
    assert far.grade == "blunder"
    assert "Better: draw (95 %" in finding_text("rummy", states, [lay], far, NAMES)
    noisy = replace(close, best_chance=0.95, noise=0.2)  # 32 points, but 1.6 times its noise
    assert noisy.grade is None
    assert "Better" not in finding_text("rummy", states, [lay], noisy, NAMES)


def test_grades_go_by_the_chance_lost_once_it_is_above_the_noise() -> None:
    def graded(cost: float, noise: float) -> str | None:
        return ReviewedTurn(
            0, 1, 0, 1, 1, (0.4, 0.6), 0.4, True, (Draw(),), 0.4 + cost, noise
        ).grade

    assert graded(0.04, 0.0) is None  # too small to teach
    assert graded(0.07, 0.01) == "inaccuracy"
    assert graded(0.15, 0.01) == "mistake"
    assert graded(0.30, 0.01) == "blunder"
    assert graded(0.30, 0.15) is None  # within the noise: luck, not a mistake


def _shout(text: str) -> str:
    """A 'translation' that upper-cases every word but keeps the {fields}."""
    return re.sub(r"\{[^{}]*\}|[^{]+", lambda m: m[0] if m[0][0] == "{" else m[0].upper(), text)


def test_every_word_goes_through_the_translator() -> None:
    start = _knights_start()
    states = _states(start, MOUNTAIN_AND_CASTLE)
    turn = ReviewedTurn(0, 4, 0, 1, 7, (0.31, 0.69), 0.31, True, BETTER_CASTLE, 0.41, 0.02, 64)
    joker = _rummy_state("* 9C KD", ["JH QH KH", "6C 7C 8C"], opened=True)
    lay_joker = Play([parse_cards("JH QH KH"), parse_cards("6C 7C 8C 9C *")])
    rummy_turn = ReviewedTurn(
        0, 1, 1, 2, 5, (0.6, 0.4), 0.4, True, (lay_joker,), 0.5, 0.0, 9, 39, 10
    )
    set_translator(_shout)
    try:
        texts = [
            finding_text("knights", states, MOUNTAIN_AND_CASTLE, turn, NAMES),
            finding_text("rummy", [joker, joker.apply(Draw())], [Draw()], rummy_turn, NAMES),
            better_words("knights", start, (Place("lake", 1, 1), Deploy(0, None, ())), NAMES),
        ]
    finally:
        set_translator(None)
    assert texts[1].startswith(
        "ROUND 2, TURN 5: YOU DREW (50 % → 40 %). BETTER: LAY 9♣ JOKER TO THE RUN 6♣"
    )
    for text in texts:
        assert not re.search("[a-z]", text), text


@given(st.floats(min_value=0.0, max_value=1.0))
def test_a_chance_reads_the_same_after_the_review_file_keeps_it(chance: float) -> None:
    """A review read back from a save words its findings as it did when it was made."""
    turn = ReviewedTurn(0, 1, 0, 1, 1, (chance, 1.0 - chance), chance, True)
    kept = turn.to_dict()["played"]  # what a save keeps of it
    assert chance_text(kept) == chance_text(turn.played)
    assert chance_text(0.96504) == chance_text(0.965)  # the case a saved review once misread
