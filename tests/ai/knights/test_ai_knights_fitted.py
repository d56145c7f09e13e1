"""The expert's fitted knights evaluation: the weights file, and who decides by it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ai import make_agent
from ai.knights.eval import FEATURES, HAND, HAND_WEIGHTS, Evaluation, expected_points
from ai.knights.fitted import fitted_evaluation, load_weights, parse_weights
from ai.knights.greedy import GreedyKnights, TurnPlanner
from ai.knights.levels import KnightsSearchAgent
from ai.knights.search import KnightsSearch
from game.knights import new_game
from tests.ai.knights.test_ai_knights import greedy_positions

SIZE = len(FEATURES)


def record(end: list[Any], start_extra: list[Any] | None = None) -> dict[str, Any]:
    return {
        "features": list(FEATURES),
        "end": end,
        "start_extra": [0.0] * SIZE if start_extra is None else start_extra,
    }


def test_the_shipped_weights_load_and_differ_from_the_hand_set_ones() -> None:
    weights = load_weights()
    assert len(weights.end) == len(weights.start_extra) == SIZE
    assert weights.at(1.0) != pytest.approx(HAND_WEIGHTS)
    assert weights.at(0.0) != pytest.approx(weights.at(1.0))  # they move with the game


@pytest.mark.parametrize("seed,players", [(21, 2), (22, 3), (23, 4)])
def test_hand_set_weights_in_a_weights_file_give_the_hand_set_evaluation(
    seed: int, players: int, tmp_path: Path
) -> None:
    """The file's weights are taken in the order of ``FEATURES``, at every point of the game."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record(list(HAND_WEIGHTS))), encoding="utf-8")
    as_file = fitted_evaluation(path)
    rng = random.Random(seed)
    for state in greedy_positions(seed, players)[::4]:
        full = state.determinize(state.current_player or 0, rng)
        assert as_file.expected_points(full) == pytest.approx(expected_points(full))


def test_weights_move_linearly_from_the_start_to_the_end() -> None:
    end = [float(n) for n in range(SIZE)]
    weights = parse_weights(json.dumps(record(end, [2.0] * SIZE)))
    assert weights.at(1.0) == pytest.approx(end)
    assert weights.at(0.25) == pytest.approx([value + 1.5 for value in end])


@pytest.mark.parametrize(
    "text,complaint",
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "not a weights record"),
        (json.dumps({**record([0.5] * SIZE), "features": list(FEATURES)[::-1]}), "features"),
        (json.dumps(record([0.5] * (SIZE - 1))), "list of"),
        (json.dumps(record([0.5] * (SIZE - 1) + ["1"])), "not a number"),
        (json.dumps(record([0.5] * (SIZE - 1) + [True])), "not a number"),
        (json.dumps(record([0.5] * SIZE, [0.0] * (SIZE - 1) + [1e9])), "out of range"),
        (json.dumps(record([0.5] * SIZE)).replace("0.5", "NaN", 1), "out of range"),
        (json.dumps({"features": list(FEATURES), "end": [0.5] * SIZE}), "start_extra"),
        (json.dumps(record([0.5] * SIZE)).replace("0.5", "1" + "0" * 400, 1), "out of range"),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_an_odd_weights_file_is_refused_with_a_reason(text: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        parse_weights(text)


def test_a_missing_or_unreadable_file_names_itself(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="absent.json"):
        load_weights(tmp_path / "absent.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ValueError, match="binary.json"):
        load_weights(binary)


def test_expert_decides_by_the_fitted_evaluation_and_hard_by_the_hand_set_one() -> None:
    expert = make_agent("knights", "expert", budget=0.05)
    hard = make_agent("knights", "hard", budget=0.05)
    assert isinstance(expert, KnightsSearchAgent) and isinstance(hard, KnightsSearchAgent)
    assert expert.evaluation is fitted_evaluation()
    assert hard.evaluation is HAND


def favouring(seat: int, players: tuple[int, ...] = (2, 3, 4)) -> Evaluation:
    """An evaluation by which ``seat`` leads by twenty points whatever happens."""
    return Evaluation(
        "test",
        lambda state: [20.0 if n == seat else 0.0 for n in range(state.num_players)],
        players,
    )


def test_the_search_judges_plans_and_leaves_by_its_evaluation() -> None:
    state = greedy_positions(31)[12]
    full = state.determinize(state.current_player or 0, random.Random(1))
    me = full.current_player
    assert me is not None
    search = KnightsSearch(evaluation=favouring(1))
    assert search.evaluate(full)[1] > 0.95
    for planner in (search.own_planner, search.rival_planner, search.rollout_planner):
        scores = [score for score, _ in planner.plans(full, me, 4)]
        assert scores == pytest.approx([20.0 if me == 1 else -20.0] * len(scores))


def test_medium_with_the_fitted_weights_beats_medium_with_the_hand_set_ones() -> None:
    """What the fit is for: better decisions (the bench duels measure it at every level)."""
    fitted = GreedyKnights(evaluation=fitted_evaluation())
    hand = GreedyKnights()
    wins = 0.0
    games = 16
    for game in range(games):
        seed, fitted_seat = 600 + game // 2, game % 2
        agents = [hand, hand]
        agents[fitted_seat] = fitted
        state, rng = new_game(2, seed), random.Random(seed)
        while not state.is_terminal:
            mover = state.current_player
            assert mover is not None
            state = state.apply(agents[mover].choose(state, rng))
        wins += state.returns()[fitted_seat]
    assert wins / games >= 0.7


def test_a_planner_scores_with_the_hand_set_evaluation_unless_told_otherwise() -> None:
    assert TurnPlanner().evaluation is HAND
    assert GreedyKnights().planner.evaluation is HAND


@pytest.mark.parametrize("players,made_for,used", [(2, (2,), "test"), (3, (2,), "hand-set")])
def test_the_agent_searches_with_its_evaluation_where_it_is_made_for_the_seats(
    players: int, made_for: tuple[int, ...], used: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fitted weights come from two-player games: with more seats the hand-set ones play."""
    seen: list[str] = []

    class Recording(KnightsSearch):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            seen.append(self.evaluation.name)

    monkeypatch.setattr("ai.knights.levels.KnightsSearch", Recording)
    state = greedy_positions(32, players)[10]
    agent = KnightsSearchAgent(0.02, evaluation=favouring(0, made_for))
    agent.choose(state, random.Random(2))
    assert seen == [used]
