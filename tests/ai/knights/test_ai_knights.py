"""The Robber Knights search: evaluation shortcuts, the ISMCTS options it uses, budgets kept."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from ai import make_agent
from ai.agent import Deadline
from ai.ismcts import Node, SearchConfig, search
from ai.knights.eval import (
    HAND_WEIGHTS,
    HOLD_THREATENED,
    HOLD_UNREACHABLE,
    KNIGHT_VALUE,
    UNCLAIMED_SHARE,
    castles_left,
    expected_points,
    reachable_targets,
    seat_features,
)
from ai.knights.greedy import GreedyKnights, TurnPlanner
from ai.knights.levels import KnightsSearchAgent, endgame_tiles, margin_weight
from ai.knights.search import KnightsSearch, diverse, shaped_returns
from game.knights import KnightsState, new_game
from game.knights.actions import DIRECTIONS
from game.knights.tiles import KIND_MINIMUM, KIND_POINTS, MAX_DEPLOY, MAX_STACK
from tests.timing import decide_within


def greedy_game(seed: int, players: int = 2) -> list[KnightsState]:
    """Every state of one game between greedy players, the finished one last."""
    state = new_game(players, seed)
    agent, rng = GreedyKnights(), random.Random(seed)
    seen = [state]
    while not state.is_terminal:
        state = state.apply(agent.choose(state, rng))
        seen.append(state)
    return seen


def greedy_positions(seed: int, players: int = 2) -> list[KnightsState]:
    """Every position of one game between greedy players (the finished state left out)."""
    return greedy_game(seed, players)[:-1]


def tiles_left(state: KnightsState) -> int:
    return sum(state.tiles_left(seat) for seat in range(state.num_players))


def reachable_by_walking_from(state: KnightsState, pos: tuple[int, int]) -> bool:
    """The rule spelled out from the target: a straight line of enterable tiles to a free
    spot inside the area, castle (1) plus every minimum within one deployment."""
    board, window = state.board, state.area_window()
    assert window is not None
    target = board[pos]
    need = KIND_MINIMUM[target.tile]
    if need is None or len(target.knights) + need > MAX_STACK:
        return False
    for dx, dy in DIRECTIONS.values():
        total, step = 1 + need, 1
        while True:
            cell = (pos[0] + dx * step, pos[1] + dy * step)
            placed = board.get(cell)
            if placed is None:
                lo_x, hi_x, lo_y, hi_y = window
                if lo_x <= cell[0] <= hi_x and lo_y <= cell[1] <= hi_y and total <= MAX_DEPLOY:
                    return True
                break
            minimum = KIND_MINIMUM[placed.tile]
            if minimum is None or len(placed.knights) + minimum > MAX_STACK:
                break
            total += minimum
            step += 1
    return False


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4)])
def test_reachable_targets_match_the_walk_from_each_tile(seed: int, players: int) -> None:
    for state in greedy_positions(seed, players)[players::3]:
        targets = reachable_targets(state)
        for pos in state.board:
            assert (pos in targets) == reachable_by_walking_from(state, pos), (pos, state)


def test_expected_points_credit_every_building_once() -> None:
    for state in greedy_positions(4)[::5]:
        values = expected_points(state)
        assert len(values) == state.num_players and all(value >= 0 for value in values)


def expected_points_building_by_building(state: KnightsState) -> list[float]:
    """The evaluation's rule spelled out one building at a time (see ai.knights.eval)."""
    seats = state.num_players
    castles = [castles_left(state, seat) for seat in range(seats)]
    able = [seat for seat in range(seats) if state.supply[seat] > 0 and castles[seat] > 0.2]
    value = [0.0] * seats
    for pos, placed in state.board.items():
        points = KIND_POINTS[placed.tile]
        if not points:
            continue
        reachable = reachable_by_walking_from(state, pos)
        if not placed.knights:
            for seat in able if reachable else []:
                value[seat] += UNCLAIMED_SHARE * points / len(able)
            continue
        owner, height = placed.knights[-1], len(placed.knights)
        need = KIND_MINIMUM[placed.tile]
        rivals = [seat for seat in able if seat != owner]
        if need is None or height + need > MAX_STACK or not rivals:
            value[owner] += points
            continue
        hold = min(1.0, (HOLD_THREATENED if reachable else HOLD_UNREACHABLE) + 0.08 * (height - 1))
        value[owner] += points * hold
        for seat in rivals:
            value[seat] += points * (1.0 - hold) / len(rivals)
    for seat in range(seats):
        usable = min(state.supply[seat], MAX_DEPLOY * castles[seat])
        value[seat] += KNIGHT_VALUE * usable + 0.001 * state.supply[seat]
    return value


@pytest.mark.parametrize("seed,players", [(11, 2), (12, 3), (13, 4)])
def test_expected_points_follow_the_rule_for_each_building(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for state in greedy_positions(seed, players)[1::2]:
        full = state.determinize(state.current_player or 0, rng)
        assert expected_points(full) == pytest.approx(expected_points_building_by_building(full))


@pytest.mark.parametrize("seed,players", [(14, 2), (15, 3), (16, 4)])
def test_the_fitting_sums_weighed_by_hand_are_the_evaluation(seed: int, players: int) -> None:
    """A fit of the weights (tools/fit_knights_eval.py) starts from the evaluation itself."""
    rng = random.Random(seed)
    for state in greedy_positions(seed, players)[::3]:
        full = state.determinize(state.current_player or 0, rng)
        by_sums = [
            sum(value * weight for value, weight in zip(row, HAND_WEIGHTS, strict=True))
            for row in seat_features(full)
        ]
        assert by_sums == pytest.approx(expected_points_building_by_building(full))


def test_planner_stops_at_an_expired_deadline_with_a_plan() -> None:
    state = greedy_positions(5)[30]
    plans = TurnPlanner(beam=3).plans(state, state.current_player, 4, Deadline(0.0))
    unhurried = TurnPlanner(beam=3).plans(state, state.current_player, 4, Deadline(60.0))
    assert plans and plans[0][1][0] in state.legal_actions()
    # It stopped at its first plan instead of planning the whole turn (a count, not a clock).
    assert len(plans) < len(unhurried) or len(plans[0][1]) < len(unhurried[0][1])


def test_diverse_keeps_the_best_first_and_varies_the_first_tile() -> None:
    state = greedy_positions(6)[20].determinize(0, random.Random(0))
    me = state.current_player
    ranked = TurnPlanner(beam=3).plans(state, me, 24)
    chosen = diverse(ranked, 4)
    assert chosen[0] == ranked[0] and len(chosen) == min(4, len(ranked))
    assert len(set(chosen)) == len(chosen)


def tree_depth(node: Node) -> int:
    return 1 + max((tree_depth(child) for child in node.children.values()), default=0)


@pytest.mark.parametrize("max_depth", [1, 2])
def test_max_depth_bounds_the_tree(max_depth: int, monkeypatch: pytest.MonkeyPatch) -> None:
    roots: list[Node] = []
    original = Node.__init__

    def remember(self: Node, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        if not roots:
            roots.append(self)

    monkeypatch.setattr(Node, "__init__", remember)
    state = greedy_positions(7)[24]
    config = SearchConfig(budget=None, max_iterations=40, max_depth=max_depth)
    search(state, KnightsSearch(), config, random.Random(1))
    assert roots and tree_depth(roots[0]) - 1 <= max_depth


def test_new_options_default_to_the_old_search() -> None:
    config = SearchConfig()
    assert config.max_depth is None and config.determinization_reuse == 1


def test_endgame_rolls_out_to_the_last_tile() -> None:
    state = next(s for s in greedy_positions(8) if tiles_left(s) <= 8 and s.phase == "place")
    plugin = KnightsSearch(plans_per_turn=3, to_the_end=True)
    plugin.begin(state.view(state.current_player), state.current_player, Deadline(None))
    full = state.determinize(state.current_player, random.Random(0))
    steps = 0
    while not full.is_terminal:
        action = plugin.rollout_action(full, random.Random(0))
        assert action is not None
        full = plugin.apply(full, action)
        steps += 1
    assert steps >= 1


@pytest.mark.parametrize("seed", [3, 4, 5])
@pytest.mark.parametrize("players", [3, 4])
def test_shaped_returns_rank_wins_first_then_the_margin(seed: int, players: int) -> None:
    state = greedy_game(seed, players)[-1]
    won = state.returns()
    assert shaped_returns(state, 0.0) == won
    shaped = shaped_returns(state, margin_weight(players))
    assert all(0.0 < value < 1.0 for value in shaped)
    scores = state.scores()

    def margin(seat: int) -> int:
        return scores[seat] - max(scores[other] for other in range(players) if other != seat)

    for seat in range(players):
        for other in range(players):
            # A win is worth more than any loss; between equals, the nearer miss counts more.
            if (won[seat], margin(seat)) > (won[other], margin(other)):
                assert shaped[seat] > shaped[other]


def test_only_many_player_end_plays_weigh_the_margin() -> None:
    assert margin_weight(2) == 0.0 < margin_weight(3) == margin_weight(4) < 1.0


def test_endgame_threshold_grows_with_the_budget() -> None:
    assert endgame_tiles(0.2) < endgame_tiles(1.0) < endgame_tiles(3.0)


def test_many_player_end_plays_start_earlier() -> None:
    assert endgame_tiles(1.0, 3) == endgame_tiles(1.0, 4) > endgame_tiles(1.0, 2)


@pytest.mark.parametrize(("seed", "players"), [(9, 2), (10, 2), (11, 3)])
def test_hard_keeps_its_budget_in_every_phase(seed: int, players: int) -> None:
    budget = 0.25
    agent = make_agent("knights", "hard", seed=0, budget=budget)
    assert isinstance(agent, KnightsSearchAgent)
    positions = greedy_positions(seed, players)
    late = [s for s in positions if tiles_left(s) <= agent.endgame_start(players)]
    for state in positions[2:6] + late[:: max(1, len(late) // 4)]:
        action = decide_within(
            partial(agent.choose, state, random.Random(1)), budget, single_threaded=True
        )
        assert action in state.legal_actions()


def test_plans_are_not_shared_between_a_full_and_an_empty_pile() -> None:
    """With the pile empty, laying the last tile in hand ends the turn by itself; a plan made
    with tiles still to draw ends with End, which would then be refused."""
    state = next(
        s for s in greedy_positions(5)[8:] if s.phase == "place" and s.piles[s.current_player or 0]
    )
    seat = state.current_player
    assert seat is not None
    record = state.to_dict()
    record["piles"][seat] = []
    drawn_out = type(state).from_dict(record)
    search = KnightsSearch()
    assert search.candidate_key(state) != search.candidate_key(drawn_out)
