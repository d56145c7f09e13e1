"""Issue 35, point 9: the contract promises IllegalAction for an action the engine can't take,
whatever a caller put in it. ``Play([[7]])``, ``Play([[None]])`` and ``Deploy(1.0, None,
(1.0,))`` raised AttributeError and TypeError; now every junk in an action's fields is refused
in words (a refusal with a code the client translates), and the state stays as it was."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import REFUSALS, IllegalAction
from game.knights import new_game as knights_game
from game.knights.actions import Deploy, End, Keep, Place
from game.rummy.actions import Draw, NextRound, Pass, Play
from game.rummy.cards import Card, parse_card


def refused_in_words(state: Any, action: Any) -> IllegalAction:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert state.to_dict() == before
    assert refused.value.code in REFUSALS and str(refused.value)
    return refused.value


@functools.cache
def knights_states() -> tuple[Any, ...]:
    """States of a random knights game in every phase: keep, place, deploy and over."""
    rng = random.Random(35)
    state = knights_game(["Ann", "Bob"], 35)
    found: dict[str, list[Any]] = {}
    while True:
        found.setdefault(state.phase, []).append(state)
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    assert set(found) == {"keep", "place", "deploy", "over"}
    return tuple(s for states in found.values() for s in states[:: max(1, len(states) // 4)])


@functools.cache
def rummy_states() -> tuple[Any, ...]:
    """States of a random rummy round: turns (before and after opening) and the round's end."""
    from tests.game.test_movelog_players import rummy_steps

    steps = [state for state, _ in rummy_steps(35, players=3, rounds=1)]
    return tuple(steps[:: max(1, len(steps) // 8)]) + (
        steps[-1].apply(steps[-1].legal_actions()[0]),
    )


def test_the_examples_of_the_issue_are_refused_in_words() -> None:
    turn = rummy_states()[0]
    assert refused_in_words(turn, Play([[7]])).code == "play_malformed"  # type: ignore[list-item]
    assert refused_in_words(turn, Play([[None]])).code == "play_malformed"  # type: ignore[list-item]
    deploying = next(s for s in knights_states() if s.phase == "deploy")
    malformed = Deploy(1.0, None, (1.0,))  # type: ignore[arg-type]
    assert refused_in_words(deploying, malformed).code == "deploy_malformed"
    keeping = knights_states()[0]
    assert refused_in_words(keeping, Keep(["plain"])).code == "tile_not_named"  # type: ignore[arg-type]


# Junk of every kind: numbers of every size, texts, None, containers, and the engines' own
# values (so that half-right actions are thrown too).
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**1100), max_value=2**1100)
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["N", "E", "S", "W", "plain", "plain+castle", "forest+village", "7H"])
    | st.builds(Card, st.integers(-2, 14), st.sampled_from(["", "C", "D", "H", "S", "X"]))
    | st.sampled_from(["7H", "*"]).map(parse_card)
    | st.builds(Card, st.just([1]), st.just("H"))  # (fields a Card's own repr can't show)
    | st.builds(Card, st.just(7), st.just(["H"]))
)
JUNK = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=3), inner, max_size=2)
        | st.frozensets(st.integers(), max_size=3)
    ),
    max_leaves=10,
)


def built(kind: type, **fields: Any) -> Any:
    """An action of ``kind`` holding ``fields`` as given: past its constructor, as any caller
    could (a frozen dataclass is only frozen against ordinary assignment)."""
    action = object.__new__(kind)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def knights_actions() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(lambda t: built(Keep, tile=t), JUNK),
        st.builds(lambda t, x, y: built(Place, tile=t, x=x, y=y), JUNK, JUNK, JUNK),
        st.builds(lambda c, d, p: built(Deploy, count=c, dir=d, drops=p), JUNK, JUNK, JUNK),
        st.builds(lambda d, p: built(Deploy, count=1, dir=d, drops=p), JUNK, JUNK),
        st.just(End()),
    )


def rummy_actions() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.builds(lambda t: built(Play, table=t), JUNK),
        st.builds(lambda t: built(Play, table=tuple(map(tuple, t))), st.lists(st.lists(JUNK))),
        st.sampled_from([Draw(), Pass(), NextRound()]),
    )


def _applied_or_refused(state: Any, action: Any) -> None:
    before = state.to_dict()
    try:
        after = state.apply(action)
    except IllegalAction as refused:
        assert refused.code in REFUSALS and str(refused)
    else:
        assert type(after) is type(state) and after.to_dict() != before  # (a legal move)
    assert state.to_dict() == before


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), action=knights_actions())
def test_the_knights_engine_refuses_any_junk_in_an_action_in_words(index: int, action: Any) -> None:
    states = knights_states()
    _applied_or_refused(states[index % len(states)], action)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), action=rummy_actions())
def test_the_rummy_engine_refuses_any_junk_in_an_action_in_words(index: int, action: Any) -> None:
    states = rummy_states()
    _applied_or_refused(states[index % len(states)], action)
