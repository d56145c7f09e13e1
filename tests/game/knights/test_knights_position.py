"""Hand-built positions (puzzles, tests): the tiles get the letters and knights they are given,
the position saves and loads back, and the computer players' redeals work on it."""

from __future__ import annotations

import random

import pytest

from game.core import SaveFormatError
from game.knights import HIDDEN, KnightsState
from game.knights.hidden import unseen_pool
from game.knights.position import default_letter, position
from game.knights.tiles import TILE_COUNTS


def small() -> KnightsState:
    return position(
        {(0, 0): "plain", (1, 0): ("forest+castle", [1]), (0, 1): ("plain+castle", [0, 1], "D")},
        hands=[["plain+castle"], [("lake", "B")]],
        piles=[[("plain+town", "B"), ("plain", "C"), ("forest+town", "C")], []],
        supply=[29, 28],  # the knights on the board come out of the supplies
        names=["Ann", "Bot"],
        seed=7,
    )


def test_a_built_position_puts_each_tile_with_its_letter_and_knights() -> None:
    board = small().board
    assert (board[0, 0].tile, board[0, 0].letter, board[0, 0].knights) == ("plain", "A", ())
    assert (board[1, 0].tile, board[1, 0].letter, board[1, 0].knights) == (
        "forest+castle",
        "C",
        (1,),
    )
    assert (board[0, 1].tile, board[0, 1].letter, board[0, 1].knights) == (
        "plain+castle",
        "D",
        (0, 1),
    )
    assert default_letter("lake") == "B" and default_letter("mountain") == "A"
    assert default_letter("no such kind") == "B"  # as a hand entry without a letter


def test_a_built_position_saves_and_loads_back() -> None:
    state = small()
    again = KnightsState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert (again.seed, again.players, again.kept) == (7, ("Ann", "Bot"), (True, True))
    plain = position({(0, 0): "plain"}, hands=[["lake"], ["plain"]])
    assert plain.seed == 0 and KnightsState.from_dict(plain.to_dict()).seed == 0


@pytest.mark.parametrize("hands", [[["plain"]], [["plain"]] * 5])
def test_a_position_needs_two_to_four_hands(hands: list[list[str]]) -> None:
    with pytest.raises(ValueError, match="^give one hand per player, 2 to 4 players$"):
        position({}, hands=hands)


def test_the_unseen_pool_of_a_built_position_holds_every_tile_not_in_sight() -> None:
    view = small().view(0)
    pool = unseen_pool(view)
    seen = sum(1 for p in view.board.values()) + sum(
        1 for group in (*view.hands, *view.piles) for t in group if t.tile != HIDDEN
    )
    assert sum(len(kinds) for kinds in pool.values()) == 2 * sum(TILE_COUNTS.values()) - seen
    assert pool["B"].count("lake") == 2  # Bot's lake is hidden from Ann


def test_a_redeal_keeps_the_letters_of_the_players_own_pile_in_order() -> None:
    """One B tile left on top of the pile, then C tiles: no redeal moves a C above the B."""
    view = small().view(0)
    for seed in range(30):
        dealt = view.determinize(0, random.Random(seed))
        assert [t.letter for t in dealt.piles[0]] == ["B", "C", "C"]
        assert dealt.hands[1][0].letter == "B" and dealt.hands[1][0].tile != HIDDEN


@pytest.mark.parametrize(
    ("hand", "problem"),
    [
        ([("lake", "A")], "there is no lake tile with letter A"),
        ([("lake", "B")] * 3, "more lake tiles with letter B than exist"),
    ],
)
def test_a_redeal_of_a_position_with_tiles_no_set_holds_says_which(
    hand: list[tuple[str, str]], problem: str
) -> None:
    state = position({}, hands=[hand, ["plain"]])
    with pytest.raises(SaveFormatError) as refused:
        state.determinize(0, random.Random(1))  # Ann sees her own hand
    assert str(refused.value) == problem


def shown(tiles: list[tuple[str, str]]) -> dict[tuple[int, int], tuple[str, list[int], str]]:
    """A board row showing these (kind, letter) tiles."""
    return {(i, 0): (kind, [], letter) for i, (kind, letter) in enumerate(tiles)}


def all_of(letter: str, players: int, but: list[str]) -> list[tuple[str, str]]:
    """Every ``letter`` tile of ``players`` sets except one of each kind in ``but`` per set."""
    kinds = [k for (k, lt), n in TILE_COUNTS.items() if lt == letter for _ in range(n)]
    for kind in but:
        kinds.remove(kind)
    return [(k, letter) for k in kinds for _ in range(players)]


def test_a_redeal_with_more_hidden_tiles_than_unseen_ones_says_so() -> None:
    state = position({}, hands=[["plain"], [("lake", "B")] * 11])  # ten B tiles exist
    with pytest.raises(SaveFormatError) as refused:
        state.determinize(0, random.Random(1))
    assert str(refused.value) == "no unseen B tile left to deal"


def test_a_redeal_that_cant_keep_each_seat_to_one_tile_set_still_deals() -> None:
    """Only the three lakes are unseen, and the second seat hides two B tiles: no deal gives
    it tiles of one set, so the last try deals without that limit rather than fail."""
    board = shown(all_of("B", 3, but=["lake"]))
    state = position(board, hands=[["plain"], [("lake", "B")] * 2, [("lake", "B")]])
    for seed in range(3):
        dealt = state.determinize(0, random.Random(seed))
        assert [t.tile for t in dealt.hands[1] + dealt.hands[2]] == ["lake"] * 3


def test_a_redeal_gives_no_seat_a_kind_more_often_than_one_set_holds_it() -> None:
    """A D set has two plain castles: of six unseen, no seat gets three."""
    board = shown(all_of("D", 3, but=["plain+castle", "plain+castle", "mountain"]))
    hidden_d = [("plain", "D")] * 3  # kinds are hidden: only the letter counts
    state = position(board, hands=[["plain"], hidden_d, hidden_d])
    for seed in range(30):
        dealt = state.determinize(0, random.Random(seed))
        for seat in (1, 2):
            assert [t.tile for t in dealt.hands[seat]].count("plain+castle") <= 2
