"""The rummy expert's own plays come from an exact solve of the whole table and hand, so it lays
the most cards there are; hard's windows of the table often miss some."""

from __future__ import annotations

import random

from ai import make_agent
from ai.rummy.moves import find_plays, table_size
from ai.rummy.players import GreedyRummy
from ai.rummy.solver import max_laid
from game.rummy import Play, RummyState, check_play
from game.rummy import new_game as new_rummy


def greedy_positions(seeds: range, per_round: int) -> list[RummyState]:
    """Positions of medium-vs-medium rounds, every few turns."""
    positions = []
    for seed in seeds:
        state = new_rummy(["A", "B"], seed)
        rng = random.Random(seed)
        turns = 0
        while not state.is_terminal and turns < 120:
            if turns % per_round == 0:
                positions.append(state)
            state = state.apply(GreedyRummy().choose(state, rng))
            turns += 1
    return positions


def laid(state: RummyState, table: tuple[tuple[object, ...], ...] | None) -> int:
    return 0 if table is None else table_size(table) - table_size(state.table)


def test_the_expert_finder_lays_the_most_cards_where_windows_lay_fewer() -> None:
    windows_short = 0
    for state in greedy_positions(range(1, 4), 3):
        player = state.players[state.current_player]
        best = max_laid(state.table, player.hand, player.opened)
        whole = find_plays(state, state.current_player, None, whole_table=True)
        windows = find_plays(state, state.current_player, None)
        assert laid(state, whole[0] if whole else None) == best
        assert not whole or not check_play(state, whole[0])
        windows_short += laid(state, windows[0] if windows else None) < best
    assert windows_short >= 3  # the positions do test something hard's finder misses


def test_the_expert_agent_plays_a_whole_table_rebuild_in_time() -> None:
    """A position where hard's windows lay fewer: the expert, at its real 3 s, lays the most."""
    for state in greedy_positions(range(1, 4), 3):
        player = state.players[state.current_player]
        best = max_laid(state.table, player.hand, player.opened)
        windows = find_plays(state, state.current_player, None)
        if best >= 2 and laid(state, windows[0] if windows else None) < best:
            break
    else:
        raise AssertionError("no position where the windows fall short")
    action = make_agent("rummy", "expert", seed=3, budget=3.0).choose(state, random.Random(3))
    assert isinstance(action, Play)
    assert laid(state, action.table) == best
