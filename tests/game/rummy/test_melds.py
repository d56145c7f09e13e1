"""Table-driven tests of check_meld: every rule of a set, its value and its error in words."""

from __future__ import annotations

import pytest

from game.rummy import (
    MeldCheck,
    card_value_in_set,
    check_meld,
    joker_meaning,
    meld_problems,
    parse_card,
    parse_cards,
    read_meld,
)

# (cards, kind, value) for valid sets.
VALID = [
    # plain runs, ascending and descending
    ("7H 8H 9H", "run", 24),
    ("9H 8H 7H", "run", 24),
    ("2C 3C 4C 5C", "run", 14),
    ("10S JS QS KS", "run", 40),
    ("KD QD JD", "run", 30),
    # ace low / high: 1 without a king, 10 with a king
    ("AH 2H 3H", "run", 6),
    ("3H 2H AH", "run", 6),
    ("QH KH AH", "run", 30),
    ("AH KH QH", "run", 30),
    ("JC QC KC AC", "run", 40),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "run", 94),
    ("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "run", 94),
    ("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "run", 94),
    # jokers at the ends and in the middle of runs
    ("* 2H 3H", "run", 6),
    ("2H 3H *", "run", 9),
    ("QH KH *", "run", 30),
    ("* KH QH", "run", 30),
    ("* QH KH", "run", 30),
    ("7H * 9H", "run", 24),
    ("9H * 7H", "run", 24),
    ("* 5H 6H *", "run", 22),
    ("* 5H 6H * 8H 9H *", "run", 4 + 5 + 6 + 7 + 8 + 9 + 10),
    ("AH * 3H", "run", 6),
    ("* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "run", 94),
    ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS *", "run", 94),
    ("10C * QC KC *", "run", 50),
    ("3D 2D *", "run", 6),
    # groups, with and without jokers; aces are 11 in a group
    ("7H 7S 7D", "group", 21),
    ("7H 7S 7D 7C", "group", 28),
    ("AH AS AD", "group", 33),
    ("KH KS KC KD", "group", 40),
    ("7H * 7S", "group", 21),
    ("* 7H 7S", "group", 21),
    ("7H 7S *", "group", 21),
    ("* 7H 7S *", "group", 28),
    ("AH AS *", "group", 33),
    ("QD QC * QS", "group", 40),
]

# (cards, words expected in the error) for invalid sets.
INVALID = [
    ("", "at least 3 cards"),
    ("7H", "at least 3 cards"),
    ("7H 8H", "at least 3 cards"),
    ("7H *", "at least 3 cards"),
    ("* * 7H", "two jokers need at least two cards between them"),
    ("* * *", "two jokers need at least two cards between them"),
    ("* 5H *", "two jokers need at least two cards between them"),
    ("5H * *", "two jokers need at least two cards between them"),
    ("* 5H * 7H", "two jokers need at least two cards between them"),
    ("* 7H * 7S", "two jokers need at least two cards between them"),
    ("7H 7S * * 7D", "two jokers need at least two cards between them"),
    ("7H 9H 10H", "gap between 7H and 9H"),
    ("7H 8H 10H", "gap between 8H and 10H"),
    ("7H * 10H", "gap between 7H and 10H"),
    ("7H * 8H", "too many cards between 7H and 8H"),
    ("7H 8S 9H", "mixed suits in a run"),
    ("7H 8H 9S", "mixed suits in a run"),
    ("7H * 9D", "mixed suits in a run"),
    ("7H 7S 8H", "neither a run nor a group: a run needs one suit (other suits: 7S)"),
    ("QC QS KC", "a run needs one suit (other suits: QS), a group one rank (other ranks: KC)"),
    ("5S", "a set needs at least 3 cards"),
    ("QH QC QS KC", "KC: a group holds cards of one rank only"),
    ("QH * QS KC", "KC: a group holds cards of one rank only"),
    ("9C 9D 9S 2H 3H", "2H 3H: a group holds cards of one rank only"),
    ("7H 7H 7S", "7H and 7H: a group may hold each suit only once"),
    ("7H 7H *", "7H and 7H: a group may hold each suit only once"),
    ("7H 7S 7D 7C 7H", "a group holds at most 4 cards"),
    ("7H 7S 7D 7C *", "a group holds at most 4 cards"),
    ("KH AH 2H", "K-A-2 does not wrap"),
    ("2H AH KH", "K-A-2 does not wrap"),
    ("QH KH AH 2H", "K-A-2 does not wrap"),
    ("KH * 2H", "K-A-2 does not wrap"),
    ("* AH 2H", "K-A-2 does not wrap"),
    ("KH AH *", "K-A-2 does not wrap"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS *", "a run holds at most 13 cards"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "a run holds at most 13 cards"),
    ("9H 7H 8H", "not in order"),
    ("QH AH KH", "not in order"),
    ("7H 8H 7H 9H", "7H and 7H: a run can't hold a rank twice"),
]


@pytest.mark.parametrize(("text", "kind", "value"), VALID)
def test_valid_sets_have_kind_and_value(text: str, kind: str, value: int) -> None:
    assert check_meld(parse_cards(text)) == MeldCheck(True, kind, value, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "words"), INVALID)
def test_invalid_sets_say_why(text: str, words: str) -> None:
    result = check_meld(parse_cards(text))
    assert not result.valid
    assert result.kind is None
    assert result.value == 0
    assert result.error is not None and words in result.error


def test_the_table_covers_at_least_sixty_cases() -> None:
    assert len(VALID) + len(INVALID) >= 60


def test_a_lone_card_is_too_short_and_nothing_is_said_of_jokers() -> None:
    assert meld_problems("5S") == ["a set needs at least 3 cards"]
    assert meld_problems("5S *") == [
        "a set needs at least 3 cards",
        "a set needs at least 2 normal cards (jokers alone can't say what they stand for)",
    ]


def test_check_meld_accepts_notation_text() -> None:
    assert check_meld("QH KH *") == check_meld(parse_cards("QH KH *"))


def test_error_is_the_most_basic_problem_and_meld_problems_lists_all() -> None:
    assert check_meld("* 5H *").error == "two jokers need at least two cards between them"
    assert meld_problems("* 5H *") == [
        "two jokers need at least two cards between them",
        "a set needs at least 2 normal cards (jokers alone can't say what they stand for)",
    ]
    assert check_meld("* *").error == "a set needs at least 3 cards"
    assert meld_problems("7H 8H 9H") == []


def test_a_run_out_of_order_is_shown_as_laid() -> None:
    assert meld_problems("9H 7H 8H") == ["9H 7H 8H is not in order: sort it up or down"]


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        # The ace is read low here: the explanation names where the run turns and the gap
        # counted from the low ace, not a gap counted from a high one.
        (
            "7H * AH 8H",
            ["7H and AH are out of order: a run goes either up or down", "gap between AH and 8H"],
        ),
        (
            "2H 3H AH * KH",
            ["3H and AH are out of order: a run goes either up or down", "gap between AH and KH"],
        ),
    ],
)
def test_a_broken_run_is_explained_with_the_ace_reading_that_fits_best(
    text: str, problems: list[str]
) -> None:
    assert meld_problems(text) == problems


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("7H 8H", "a set needs at least 3 cards"),
        ("7H 7H 7S", "7H and 7H: a group may hold each suit only once"),
        ("7H 9H 10H", "gap between 7H and 9H"),
        ("7H 8S 9H", "mixed suits in a run"),
        ("* 5H *", "two jokers need at least two cards between them"),
        ("5H * *", "two jokers need at least two cards between them"),
        ("KH AH 2H", "K-A-2 does not wrap"),
    ],
)
def test_the_rule_book_examples_word_for_word(text: str, error: str) -> None:
    assert check_meld(text).error == error


@pytest.mark.parametrize(
    ("text", "meanings"),
    [
        ("* 2H 3H", ["AH", None, None]),
        ("QH KH *", [None, None, "AH"]),
        ("7H * 9H", [None, "8H", None]),
        ("9H * 7H", [None, "8H", None]),
        ("* 5H 6H *", ["4H", None, None, "7H"]),
        ("JS * KS", [None, "QS", None]),
        # group jokers take the missing suits in C D H S order
        ("7H * 7S", [None, "7C", None]),
        ("* 7H 7S *", ["7C", None, None, "7D"]),
        # an invalid set's jokers mean nothing
        ("* 5H *", [None, None, None]),
    ],
)
def test_joker_meaning(text: str, meanings: list[str | None]) -> None:
    expected = [None if m is None else parse_card(m) for m in meanings]
    assert joker_meaning(text) == expected


@pytest.mark.parametrize(
    ("text", "index", "value"),
    [
        ("AH 2H 3H", 0, 1),  # ace low, no king: 1
        ("QH KH AH", 2, 10),  # ace high: 10
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 0, 10),  # A..K has a king: 10
        ("AH AS AD", 1, 11),  # ace in a group: 11
        ("* 2H 3H", 0, 1),  # joker as low ace
        ("QH KH *", 2, 10),  # joker as high ace
        ("* 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 0, 10),  # joker ace with a king
        ("2H 3H *", 2, 4),  # joker as 4
        ("JH * KH", 1, 10),  # joker as queen
        ("7H * 7S", 1, 7),  # joker in a group
        ("AH * AS", 1, 11),  # joker for an ace in a group
        ("7H 9H 10H", 0, None),  # invalid set: no value
    ],
)
def test_card_value_in_set(text: str, index: int, value: int | None) -> None:
    assert card_value_in_set(text, index) == value


def test_reading_lists_every_position() -> None:
    reading = read_meld("* 5H 6H *")
    assert reading is not None
    assert [str(c) for c in reading.stands_for] == ["4H", "5H", "6H", "7H"]
    assert reading.values == (4, 5, 6, 7)
    assert reading.value == 22
    assert read_meld("7H 9H") is None


def test_hand_value_is_exported() -> None:
    from game.rummy import hand_value

    assert hand_value(parse_cards("* AH")) == 31
