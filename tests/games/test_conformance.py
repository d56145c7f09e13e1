"""What every registered game promises the shared code (the plug-in contract), checked for each
game of ``game.registry``: a third game is held to the same rules as the two real ones.

Positions come from seeded random play (``tests.games.playing``), so each check meets the
deal, the middle of a game and, where it is reached, its end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core import IllegalAction
from game.persist import SeatRecord, load_game, save_game, saved_game
from game.registry import GAME_KEYS, GAMES, game_spec
from tests.games.playing import names, random_positions, random_step, refused_action

# Leaf counts to depth 0, 1, 2, ... from the deal of (players, seed): stable numbers, checked
# against counts made without the engine (knights: tests/game/knights/test_knights_perft.py; nim: by
# arithmetic on the piles, tests/games/test_nim.py).
PERFT: dict[str, tuple[int, int, list[int]]] = {
    "knights": (2, 1, [1, 3, 9, 144]),
    "nim": (2, 1, [1, 8, 52, 266, 1019]),
}
LISTED = [key for key in GAME_KEYS if GAMES[key].info.actions_listed]
HIDDEN = [key for key in GAME_KEYS if GAMES[key].info.hidden_information]
STEPS = 40  # moves of each random game: deal, middle and (for a short game) end


def positions(game: str, seed: int = 3) -> list[Any]:
    return list(random_positions(game, seed, STEPS))


def as_json(state: Any) -> Any:
    return json.loads(json.dumps(state.to_dict()))


@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_position_comes_back_from_json_the_same(game: str) -> None:
    spec = game_spec(game)
    for state in positions(game):
        back = spec.state_from_dict(as_json(state))
        assert back == state and back.to_dict() == state.to_dict()


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_damaged_position_is_refused_with_value_error(game: str) -> None:
    spec = game_spec(game)
    data = as_json(positions(game)[1])
    damaged: list[Any] = [[], None, "x", {**data, "seed": "seven"}, {**data, "players": 7}]
    for broken in damaged:
        with pytest.raises(ValueError):
            spec.state_from_dict(broken)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_no_attribute_of_a_position_can_be_assigned(game: str) -> None:
    state = positions(game)[2]
    before = state.to_dict()
    public = [name for name in dir(state) if not name.startswith("_")]
    assert "player_names" in public and "seed" in public
    for name in [*public, "something_new"]:
        with pytest.raises((AttributeError, TypeError)):
            setattr(state, name, None)
    assert state.to_dict() == before


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_refused_move_raises_and_changes_nothing(game: str) -> None:
    tried = 0
    for state in positions(game)[:10]:
        wrong = refused_action(game, state)
        if wrong is None:
            continue  # every well-formed move is legal here
        tried += 1
        before = state.to_dict()
        with pytest.raises(IllegalAction) as refused:
            state.apply(wrong)
        assert refused.value.code is not None, "a refusal is typed (translated by its code)"
        assert state.to_dict() == before
    assert tried >= 3


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_redeal_agrees_with_what_the_player_sees(game: str) -> None:
    for index, state in enumerate(positions(game)):
        for seat in range(state.num_players):
            view = state.view(seat)
            assert view.view(seat).to_dict() == view.to_dict()  # a view hides nothing more
            rng = random.Random(index * 10 + seat)
            for deal in (state.determinize(seat, rng), view.determinize(seat, rng)):
                assert deal.view(seat).to_dict() == view.to_dict()
                assert deal.current_player == state.current_player


@pytest.mark.parametrize("game", HIDDEN)
def test_a_players_view_hides_what_he_cant_see(game: str) -> None:
    hidden_somewhere = False
    for index, state in enumerate(positions(game)):
        seat = index % state.num_players
        one = state.determinize(seat, random.Random(1))
        two = state.determinize(seat, random.Random(2))
        assert one.view(seat).to_dict() == two.view(seat).to_dict()
        hidden_somewhere |= one.to_dict() != two.to_dict()
    assert hidden_somewhere, "no redeal ever differed: the view hides nothing"


@pytest.mark.parametrize("game", sorted(set(GAME_KEYS) - set(HIDDEN)))
def test_with_nothing_hidden_the_view_is_the_position(game: str) -> None:
    for state in positions(game):
        for seat in range(state.num_players):
            assert state.view(seat) == state
            assert state.determinize(seat, random.Random(seat)) == state


def perft(state: Any, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    return sum(perft(state.apply(action), depth - 1) for action in state.legal_actions())


@pytest.mark.parametrize("game", LISTED)
def test_the_listed_moves_count_as_recorded(game: str) -> None:
    assert game in PERFT, f"{game} lists its moves: record its leaf counts in PERFT"
    players, seed, expected = PERFT[game]
    state = game_spec(game).new_game(names(players), seed)
    assert [perft(state, depth) for depth in range(len(expected))] == expected


@pytest.mark.parametrize("game", LISTED)
def test_every_listed_move_is_played_and_every_other_move_refused(game: str) -> None:
    for state in positions(game)[:12]:
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        for action in legal:
            state.apply(action)
        assert refused_action(game, state) not in legal


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_game_saved_in_the_middle_loads_back_the_same(game: str, tmp_path: Path) -> None:
    spec = game_spec(game)
    rng = random.Random(5)
    state = spec.new_game(names(2), 5)
    history = []
    for _ in range(8):
        if state.is_terminal:
            break
        action = random_step(game)(state, rng)
        history.append(action)
        state = state.apply(action)
    seats = [SeatRecord("P0", "human", None, 0), SeatRecord("P1", "computer", "easy", 1)]
    path = save_game(tmp_path / "mid.json", saved_game(game, seats, state, history))
    loaded = load_game(path)
    assert loaded.game == game and loaded.state == state
    assert list(loaded.history) == history


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_save_checks_accept_every_real_position(game: str) -> None:
    spec = game_spec(game)
    for seed in (1, 2):
        for state in random_positions(game, seed, STEPS):
            assert spec.save_problem(state) is None


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_played_game_is_told_in_words_and_its_last_decisions_reviewed(game: str) -> None:
    from ai.levels import make_agent
    from ai.review.review import finished_spans, review_game, review_parts

    spec = game_spec(game)
    state = spec.new_game(names(2), 6)
    agents = [make_agent(game, "medium", seat, budget=0.02) for seat in range(2)]
    rng = random.Random(6)
    states, history = [state], []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        assert spec.describe(state, action).strip()
        history.append(action)
        state = state.apply(action)
        states.append(state)
    spans = finished_spans(review_parts(game), states, history)
    last = [span.index for span in spans[-2:]]
    skip = {span.index for span in spans} - set(last)
    turns = list(review_game(game, states, history, {0, 1}, budget=0.02, seed=1, skip=skip))
    assert [turn.index for turn in turns] == last
    words = spec.words()
    for turn, span in zip(turns, spans[-2:], strict=True):
        assert turn.seat == span.seat and len(turn.chances) == 2
        assert sum(turn.chances) == pytest.approx(1.0, abs=1e-6)
        assert words.move_words(span.before, span.actions, None, False).strip()
        assert words.decision_label(turn.round, turn.turn).strip()
        if turn.best:
            assert words.better_words(span.before, turn.best, False).strip()
