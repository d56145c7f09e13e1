"""The review's graph: one frame for every seat, read off what everybody sees (issue 38).

Each decision's chances were once estimated from the deciding seat's own view (his hand
known, the others redealt): read one after another, the chances then jumped every half-turn,
up when a seat moved and down when the next did. The graph now reads only the public position,
so it is the same in every review of a game, shows no hidden card or tile, and moves only when
the table does."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ai.review import review_game
from ai.review.calibration import DATA_FILE, ChanceMap, _read, chance_map
from ai.review.review import finished_spans, review_parts
from game.persist import load_game, replay_states

GAMES = Path(__file__).parents[1] / "data" / "review_levels"


def stored(name: str) -> tuple[str, list[Any], list[Any]]:
    saved = load_game(GAMES / name)
    states = replay_states(saved)
    assert states is not None
    return saved.game, list(states), list(saved.history)


@pytest.mark.parametrize("name", ["knights-31.json", "rummy-32.json"])
def test_every_review_of_a_game_draws_the_same_graph(name: str) -> None:
    """Two reviews, of different players and with different luck, agree on every point: the
    window, the command line and a second look all show the same chances."""
    game, states, history = stored(name)
    first = list(review_game(game, states, history, {0}, budget=0.02, seed=1))
    second = list(review_game(game, states, history, {1}, budget=0.02, seed=2))
    assert [t.chances for t in first] == [t.chances for t in second]
    for turn in first:
        assert sum(turn.chances) == pytest.approx(1.0, abs=1e-6)
        assert turn.played == turn.chances[turn.seat]


@pytest.mark.parametrize("name", ["knights-31.json", "rummy-32.json"])
def test_the_graph_reads_no_hidden_card_or_tile(name: str) -> None:
    """A position with every hidden hand, pile or stock dealt otherwise has the same chances:
    the graph of a game still running tells nobody what the computer holds."""
    game, states, history = stored(name)
    plugin = review_parts(game)
    rng = random.Random(5)
    changed = 0
    for span in finished_spans(plugin, states, history)[::3]:
        after = span.after
        if after.is_terminal:
            continue
        shown = plugin.public_chances(after)
        for seat in range(after.num_players):
            other = after.determinize(seat, rng)
            changed += other.to_dict() != after.to_dict()
            assert plugin.public_chances(other) == pytest.approx(shown, abs=1e-12)
    assert changed >= 10  # the deals did differ (late in a round the rest can be forced)


def swings(chances: list[float]) -> tuple[int, int]:
    """How often a seat's chance turns back (up then down, or down then up) from one decision
    to the next, and out of how many steps, where the game is not yet all but decided."""
    steps = [b - a for a, b in zip(chances, chances[1:], strict=False)]
    middle = [
        (a, b)
        for a, b, point in zip(steps, steps[1:], chances[1:], strict=False)
        if 0.05 < point < 0.95
    ]
    return sum(1 for a, b in middle if a * b < 0), len(middle)


def test_a_seat_does_not_gain_on_its_own_turns_and_lose_on_the_others() -> None:
    """A long rummy round of easy against expert: the chances drift with the game, not up and
    down with whoever just moved (each seat's own view made every move look like a gain,
    9 steps in 10 turned back, and a move raised the mover by 4 points on average)."""
    game, states, history = stored("rummy-32.json")
    turns = list(review_game(game, states, history, (), budget=0.02, seed=1))
    turned, steps = swings([t.chances[0] for t in turns])
    assert steps >= 60
    assert turned <= 0.65 * steps, (turned, steps)
    rises = [
        turn.chances[turn.seat] - before.chances[turn.seat]
        for before, turn in zip(turns, turns[1:], strict=False)
    ]
    assert abs(sum(rises) / len(rises)) < 0.025


def test_the_other_seats_turns_cost_no_search() -> None:
    """Only the reviewed player's decisions are searched: the rest are points of the graph."""
    game, states, history = stored("knights-31.json")
    turns = list(review_game(game, states, history, {0}, budget=0.05, seed=1))
    assert {t.samples for t in turns if t.seat == 1} == {0}
    assert any(t.samples > 0 for t in turns if t.seat == 0)


def test_the_graph_map_keeps_the_order_and_the_sum() -> None:
    flat = ((0.0, 0.0, 0.0),) * 3
    stretch = ChanceMap(
        graph_maps=(
            (2, (2.0, 2.0, 2.0), ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0))),
            (3, (0.5, 0.75, 1.0), flat),
        )
    )
    for raw in ((0.6, 0.4), (0.2, 0.3, 0.5)):
        mapped = stretch.graph(raw, 0.5, 0)
        assert sum(mapped) == pytest.approx(1.0)
        assert sorted(range(len(raw)), key=raw.__getitem__) == sorted(
            range(len(raw)), key=mapped.__getitem__
        )
    assert stretch.graph((0.6, 0.4))[0] > 0.6  # a timid two-seat estimate is stretched
    early, late = stretch.graph((0.2, 0.3, 0.5), 0.0), stretch.graph((0.2, 0.3, 0.5), 1.0)
    assert early[2] < 0.5  # a bold three-seat one is drawn in at the start...
    assert late[2] == pytest.approx(0.5)  # ...and trusted as it is at the end
    assert stretch.graph((0.1, 0.2, 0.3, 0.4)) == (0.1, 0.2, 0.3, 0.4)  # no fit: unchanged
    assert stretch.graph((0.0, 1.0)) == (0.0, 1.0)  # the result itself
    # The seat that just moved (the last in the turn order from the next to move) is marked
    # down by the tempo the evaluation misses, whoever he is.
    tempo = ChanceMap(graph_maps=((2, (1.0,) * 3, ((0.0,) * 3, (-0.5,) * 3)),))
    assert tempo.graph((0.5, 0.5), 0.5, to_move=1)[0] < 0.5
    assert tempo.graph((0.5, 0.5), 0.5, to_move=0)[1] < 0.5
    fitted = {game: {m[0] for m in chance_map(game).graph_maps} for game in ("knights", "rummy")}
    assert fitted == {"knights": {2, 3, 4}, "rummy": {2, 3, 4}}  # shipped, and read


@pytest.mark.parametrize(
    "graph",
    [
        [],
        {"2": {"temperatures": [1, float("nan"), 1], "turn_order": [[0, 0, 0], [0, 0, 0]]}},
        {"two": {"temperatures": [1, 1, 1], "turn_order": [[0, 0, 0], [0, 0, 0]]}},
        {"2": {"temperatures": [1, 90, 1], "turn_order": [[0, 0, 0], [0, 0, 0]]}},
        {"2": {"temperatures": [1, 1], "turn_order": [[0, 0, 0], [0, 0, 0]]}},
        {"2": {"temperatures": [1, 1, 1], "turn_order": [[0, 0, 0]]}},
        {"2": {"temperatures": [1, 1, 1], "turn_order": [[0, 0, 0], [0, 9, 0]]}},
        {"2": {"temperatures": [1, 1, 1]}},
        {"2": 1.5},
        {
            "2": {"temperatures": [1, 1, 1], "turn_order": [[0, 0, 0], [0, 0, 0]]},
            "02": {"temperatures": [2, 2, 2], "turn_order": [[0, 0, 0], [0, 0, 0]]},
        },
    ],
)
def test_a_damaged_graph_map_is_refused(
    graph: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ai.review.calibration as calibration

    text = json.dumps({"knights": {"temperature": 1.5, "decider_bias": 0.0, "graph": graph}})
    good = {"2": {"temperatures": [1, 1, 1], "turn_order": [[0, 0, 0], [0, 0, 0]]}}

    class Files:
        def joinpath(self, name: str) -> Files:
            assert name == DATA_FILE
            return self

        def read_text(self, encoding: str) -> str:
            return text

    monkeypatch.setattr(calibration.resources, "files", lambda package: Files())
    with pytest.raises(ValueError):
        _read("knights")
    text = json.dumps({"knights": {"temperature": 1.5, "decider_bias": 0.0, "graph": good}})
    assert _read("knights").graph_maps == ((2, (1.0, 1.0, 1.0), ((0.0,) * 3, (0.0,) * 3)),)


def test_a_shared_result_at_the_end_is_shown_as_it_is() -> None:
    """A round that ends without a winner shares the win: that is the result, not an estimate,
    so the graph's map (which marks down the seat that just moved) must leave it alone."""
    from ai.review.estimate import judge

    game, states, history = stored("rummy-32.json")
    plugin = review_parts(game)
    last = finished_spans(plugin, states, history)[-1]
    assert last.after.is_terminal
    real = plugin.public_chances

    def shared(state: Any) -> list[float]:
        return [0.5, 0.5] if state.is_terminal else real(state)

    plugin.public_chances = shared  # type: ignore[method-assign]
    try:
        turn = judge(plugin, last, 0.01, random.Random(1), False, mapping=chance_map(game))
    finally:
        del plugin.public_chances
    assert turn.chances == (0.5, 0.5)


def test_a_review_stored_before_the_public_graph_is_made_again() -> None:
    """A review kept in a save from before holds each decider's own view (a computer's hand
    showed through it): it is read, but never shown or resumed."""
    from ai.review import fits_game
    from game.review import GameReview

    game, states, history = stored("knights-31.json")
    turns = tuple(review_game(game, states, history, {0}, budget=0.01, seed=1))
    review = GameReview(game, 0.01, (0,), len(history), turns, True)
    data = json.loads(json.dumps(review.to_dict()))
    assert data["graph"] == "public"
    assert fits_game(game, states, history, GameReview.from_dict(data))
    del data["graph"]
    old = GameReview.from_dict(data)
    assert not old.public_graph and not fits_game(game, states, history, old)
    with pytest.raises(ValueError):
        GameReview.from_dict({**data, "graph": "guessed"})
