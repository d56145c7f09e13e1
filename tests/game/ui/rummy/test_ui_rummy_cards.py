"""Card drawing and table geometry of the rummy client: what a player would notice."""

from __future__ import annotations

import pygame
import pytest

from game.rummy import parse_card, parse_cards
from game.rummy.words import hand_value_text, set_value_text
from game.ui.rummy import card_art
from game.ui.rummy.geometry import MIN_STEP, Drop, hand_row, table_grid


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((200, 200))


def colour_count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    w, h = surface.get_size()
    return sum(
        1
        for x in range(0, w, 2)
        for y in range(0, h, 2)
        if tuple(surface.get_at((x, y)))[:3] == colour
    )


@pytest.mark.parametrize("size", [(28, 40), (70, 100), (140, 200)])
def test_suit_symbols_are_drawn_in_the_suit_colour_at_every_size(size: tuple[int, int]) -> None:
    heart = card_art.card_surface(parse_card("7H"), size)
    spade = card_art.card_surface(parse_card("7S"), size)
    assert heart.get_size() == size
    assert colour_count(heart, card_art.TWO_COLOURS["H"]) > 10
    assert colour_count(spade, card_art.TWO_COLOURS["S"]) > 10
    assert colour_count(spade, card_art.TWO_COLOURS["H"]) == 0


def test_four_colour_option_gives_diamonds_and_clubs_their_own_colours() -> None:
    two = card_art.card_surface(parse_card("QD"), (70, 100), four_colour=False)
    four = card_art.card_surface(parse_card("QD"), (70, 100), four_colour=True)
    assert colour_count(two, card_art.FOUR_COLOURS["D"]) == 0
    assert colour_count(four, card_art.FOUR_COLOURS["D"]) > 10
    club = card_art.card_surface(parse_card("QC"), (70, 100), four_colour=True)
    assert colour_count(club, card_art.FOUR_COLOURS["C"]) > 10


def test_jokers_and_backs_look_different_from_every_other_card() -> None:
    joker = card_art.card_surface(parse_card("*"), (70, 100))
    back = card_art.card_surface(None, (70, 100))
    assert colour_count(joker, card_art.JOKER_INK) > 20
    assert colour_count(back, card_art.BACK) > 200
    for text in ("AH", "KS", "10D", "2C"):
        face = card_art.card_surface(parse_card(text), (70, 100))
        assert colour_count(face, card_art.JOKER_INK) == 0
        assert colour_count(face, card_art.BACK) == 0


def test_card_surfaces_are_cached_per_size() -> None:
    card = parse_card("9H")
    assert card_art.card_surface(card, (60, 86)) is card_art.card_surface(card, (60, 86))
    assert card_art.card_surface(card, (60, 86)) is not card_art.card_surface(card, (61, 87))


def test_the_grid_fits_many_sets_and_keeps_every_corner_readable() -> None:
    area = pygame.Rect(0, 0, 1000, 520)
    lengths = [3, 4, 13, 3, 5] * 4
    grid = table_grid(area, 4, lengths, 134)
    assert len(grid.cells) == len(lengths) + 1  # plus the "new set" cell
    for s, n in enumerate(lengths):
        assert grid.step(s) >= int(MIN_STEP * grid.card[0])
        assert grid.cells[s].contains(grid.card_rect(s, n - 1))
        assert area.contains(grid.cells[s])


def test_drop_positions_follow_the_pointer() -> None:
    grid = table_grid(pygame.Rect(0, 0, 900, 500), 3, [3, 4], 120)
    first = grid.card_rect(0, 0)
    assert grid.drop_at((first.x + 2, first.centery)) == Drop("set", 0, 0)
    second = grid.card_rect(0, 1)
    assert grid.drop_at((second.x + 2, second.centery)) == Drop("set", 0, 1)
    last = grid.card_rect(0, 2)
    assert grid.drop_at((last.right - 3, last.centery)) == Drop("set", 0, 3)
    assert grid.drop_at((last.right + 20, last.centery)) == Drop("beside", 0)
    assert grid.drop_at(grid.new_cell.center) == Drop("new")
    row = hand_row(pygame.Rect(0, 600, 900, 150), 10)
    assert row.position_at(row.card_rect(4).x + 2) == 4
    assert row.card_at(row.card_rect(9).center) == 9


def test_value_words() -> None:
    cards = parse_cards("AH 2H 3H")
    assert set_value_text(cards, 0) == "ace of hearts: 1 point in this run"
    high = parse_cards("QH KH AH")
    assert set_value_text(high, 2) == "ace of hearts: 10 points in this run"
    group = parse_cards("AH AS *")
    assert set_value_text(group, 2) == "joker as an ace: 11 points in this group"
    assert hand_value_text(parse_card("*")) == "joker: 20 in the hand"
    assert set_value_text([parse_card("AH"), parse_card("5S")], 0).endswith(
        "counts nothing until this set is valid"
    )
