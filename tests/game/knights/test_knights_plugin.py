"""What Robber Knights declares to the shared code (game.knights.plugin): the save checks a
damaged or forged file meets, the scores shown at the end and the first position of a game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.knights import KnightsState, new_game
from game.knights.plugin import MAX_SPOT, PLUGIN, save_problem
from game.knights.tiles import HIDDEN

FAR = "a tile lies far outside the table"
VIEW = "a tile is hidden ('?'): this is a player's view, not a saved game"


def played(seed: int, steps: int, until: str | None = None) -> KnightsState:
    rng = random.Random(seed)
    state = new_game(2, seed)
    for _ in range(steps):
        if state.is_terminal or state.phase == until:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def rebuilt(state: KnightsState, **changes: Any) -> KnightsState:
    parts: dict[str, Any] = {
        name: getattr(state, name)
        for name in ("players", "seed", "phase", "current_player", "lays_this_turn", "pending")
    }
    parts.update(
        board=dict(state.board),
        hands=state.hands,
        piles=state.piles,
        supply=state.supply,
        kept=state.kept,
        start=state.start,
    )
    parts.update(changes)
    return KnightsState.build(**parts)


def test_real_positions_pass_the_save_checks() -> None:
    for steps in (0, 7, 25, 400):
        assert save_problem(played(4, steps)) is None


@pytest.mark.parametrize("where", ["hands", "piles", "start"])
def test_a_players_view_is_refused_as_a_save(where: str) -> None:
    state = played(4, 7)
    groups = getattr(state, where)
    if where == "start":
        tile = state.hands[0][0]
        changed: Any = (tile, tile.__class__(HIDDEN, tile.letter))
    else:
        seat = 1
        tiles = groups[seat]
        assert tiles
        hidden = tiles[0].__class__(HIDDEN, tiles[0].letter)
        changed = tuple((hidden, *g[1:]) if i == seat else g for i, g in enumerate(groups))
    assert save_problem(rebuilt(state, **{where: changed})) == VIEW


@pytest.mark.parametrize(
    "spot,problem",
    [
        ((MAX_SPOT, -MAX_SPOT), None),
        ((MAX_SPOT + 1, 0), FAR),
        ((0, -MAX_SPOT - 1), FAR),
        ((-MAX_SPOT - 1, 3), FAR),
    ],
)
def test_a_tile_beyond_the_table_is_refused_but_one_at_its_edge_is_not(
    spot: tuple[int, int], problem: str | None
) -> None:
    state = played(4, 25)
    board = dict(state.board)
    board[spot] = board.pop(next(iter(board)))
    assert save_problem(rebuilt(state, board=board)) == problem


def test_a_castle_waiting_for_knights_beyond_the_table_is_refused() -> None:
    state = played(4, 400, until="deploy")
    assert state.phase == "deploy" and state.pending is not None
    assert save_problem(rebuilt(state, pending=(MAX_SPOT + 1, 0))) == FAR
    assert save_problem(rebuilt(state, pending=(0, MAX_SPOT))) is None


def test_the_end_shows_each_seats_points_and_the_winners() -> None:
    end = played(4, 1000)
    assert end.is_terminal
    assert PLUGIN.final_scores(end) == [float(p) for p in end.scores()]
    assert PLUGIN.result(new_game(2, 4), end) == (list(end.scores()), list(end.winners()))
    best = max(end.scores())
    assert PLUGIN.result(end, end)[1] == [s for s, p in enumerate(end.scores()) if p == best]


def test_a_new_game_starts_from_the_deal_of_its_seed() -> None:
    first = PLUGIN.first_position(new_game(2, 1), ["Ann", "Bob", "Cy"], 9)
    assert first.players == ("Ann", "Bob", "Cy")
    assert first.to_dict() == new_game(["Ann", "Bob", "Cy"], 9).to_dict()
