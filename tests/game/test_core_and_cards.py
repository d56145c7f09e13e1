import pytest

from game.core import IllegalAction, shared_win_returns
from game.rummy.cards import JOKER, Card, hand_value, make_deck, parse_card, parse_cards


def test_illegal_action_is_a_value_error_with_player_words() -> None:
    error = IllegalAction("that spot is not next to any tile")
    assert isinstance(error, ValueError)
    assert str(error) == "that spot is not next to any tile"


def test_shared_win_returns_split_the_win() -> None:
    assert shared_win_returns(3, [0, 2]) == [0.5, 0.0, 0.5]
    assert shared_win_returns(2, [1]) == [0.0, 1.0]


def test_card_notation_round_trips() -> None:
    text = "AH 10S QD * 2C KS"
    assert " ".join(str(c) for c in parse_cards(text)) == text
    assert parse_card("10s") == Card(10, "S")
    assert parse_card("*") is JOKER or parse_card("*") == JOKER


@pytest.mark.parametrize("bad", ["", "1H", "11C", "AX", "**", "H"])
def test_bad_card_text_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_card(bad)


def test_deck_has_110_cards_with_six_jokers() -> None:
    deck = make_deck()
    assert len(deck) == 110
    assert deck.count(JOKER) == 6
    assert len(make_deck(jokers=4)) == 108


def test_hand_values() -> None:
    assert hand_value(parse_cards("AH KS 10D 7C *")) == 11 + 10 + 10 + 7 + 20


def test_cards_may_be_written_with_commas_between_them() -> None:
    assert parse_cards("7H,8H, *") == parse_cards("7H 8H *")
    assert [str(card) for card in parse_cards("10S,QD")] == ["10S", "QD"]
