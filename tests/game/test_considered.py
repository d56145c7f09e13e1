"""What a computer player weighed: the value's JSON round trip, forged values refused, and the
honest chance (enough visits, or close)."""

from __future__ import annotations

import json

import pytest

from game.considered import EVALUATION, SEARCH, Considered, Option, considered_from_json


def test_considered_round_trips_through_json() -> None:
    value = Considered(
        SEARCH,
        (Option(({"type": "draw"},), 0.61, 120), Option(({"type": "pass"},), 0.4, 30)),
        "hard",
    )
    assert considered_from_json(json.loads(json.dumps(value.to_json()))) == value


@pytest.mark.parametrize(
    "forged",
    [
        [],
        {"source": "oracle", "options": []},
        {"source": "search", "options": [{"actions": [{"type": "draw"}], "chance": 1.5}]},
        {"source": "search", "options": [{"actions": [{"type": "draw"}], "chance": "high"}]},
        {"source": "search", "options": [{"actions": [], "chance": 0.5}]},
        {"source": "search", "options": [{"actions": [{"type": "draw"}], "visits": -3}]},
        {"source": "search", "options": [{"actions": [{"type": "draw"}], "visits": True}]},
        {"source": "search", "options": [{"actions": ["draw"]}]},
        {"source": "search", "options": [{"actions": [{"type": "draw"}]}] * 5},
    ],
)
def test_a_forged_value_is_refused(forged: object) -> None:
    with pytest.raises(ValueError):
        considered_from_json(forged)


def test_a_chance_is_shown_only_with_enough_visits_and_close_ones_are_called_close() -> None:
    few = Option(({"type": "draw"},), 0.7, 5)
    assert few.shown_chance(SEARCH) is None
    assert few.shown_chance(EVALUATION) == 0.7
    played = Option(({"type": "draw"},), 0.60, 100)
    near = Option(({"type": "pass"},), 0.58, 100)
    far = Option(({"type": "pass"},), 0.30, 400)
    value = Considered(SEARCH, (played, near, far))
    assert value.close_to_played(1)
    assert not value.close_to_played(2)
