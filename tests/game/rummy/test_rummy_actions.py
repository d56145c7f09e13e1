"""Rummy actions: str, dict form and strict parsing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.rummy import Action, Draw, NextRound, Pass, Play, action_from_dict, parse_cards


def test_simple_actions_round_trip() -> None:
    cases: list[tuple[Action, str]] = [
        (Draw(), "draw"),
        (Pass(), "pass"),
        (NextRound(), "next round"),
    ]
    for action, text in cases:
        assert str(action) == text
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_play_dict_matches_the_design_document() -> None:
    play = Play([parse_cards("7H 8H 9H"), parse_cards("QS QD *")])  # type: ignore[arg-type]
    assert play.to_dict() == {"type": "play", "table": [["7H", "8H", "9H"], ["QS", "QD", "*"]]}
    assert str(play) == "play 7H 8H 9H | QS QD *"
    assert action_from_dict(play.to_dict()) == play
    assert hash(play) == hash(action_from_dict(play.to_dict()))
    assert isinstance(play.table, tuple) and isinstance(play.table[0], tuple)


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"type": "jump"},
        {"type": "play"},
        {"type": "play", "table": "7H 8H 9H"},
        {"type": "play", "table": [["7H", "8X", "9H"]]},
        {"type": "play", "table": [[7, 8, 9]]},
        {"type": "play", "table": [["7H"]], "extra": 1},
        {"type": "draw", "card": "7H"},
        ["draw"],
    ],
)
def test_bad_action_dicts_raise_value_error(bad: Any) -> None:
    with pytest.raises(ValueError):
        action_from_dict(bad)
