"""Fuzzing the loaders (issue 9): the engines' ``from_dict``, their ``action_from_dict`` and the
save-file reader get random JSON and mutated valid dicts. Only ValueError (IllegalAction and
SaveFormatError are ValueErrors) may come out, never another exception, never a hang; a state
that does load must be usable (legal actions, save round trip, one move).
"""

from __future__ import annotations

import contextlib
import copy
import json
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.knights import KnightsState
from game.knights import action_from_dict as knights_action
from game.persist import SavedGame, SaveError, SeatRecord, Settings, Stats, saved_game
from game.persist.saves import dumps_game, parse_game
from game.review import GameReview, ReviewedTurn
from game.rummy import RummyState
from game.rummy import action_from_dict as rummy_action
from tests.game.test_movelog_players import knights_steps, rummy_steps

SECONDS_PER_CALL = 5
FUZZ = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


@contextmanager
def no_hang(seconds: int = SECONDS_PER_CALL) -> Iterator[None]:
    """Turn a hang into a failure (SIGALRM; the tests run in the main thread)."""

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ----- a corpus of valid dicts --------------------------------------------------------------


def _sample(steps: list[tuple[Any, Any]], every: int) -> list[Any]:
    states = [state for state, _ in steps[::every]]
    last_state, last_action = steps[-1]
    return [*states, last_state.apply(last_action)]


def _corpus() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    knights: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        steps = list(knights_steps(seed, players))
        actions += [a.to_dict() for _, a in steps[:: max(1, len(steps) // 12)]]
        for state in _sample(steps, max(1, len(steps) // 6)):
            knights.append(state.to_dict())
            if state.current_player is not None:
                knights.append(state.view(state.current_player).to_dict())
    rummy: list[dict[str, Any]] = []
    for seed, players in ((4, 2), (5, 4)):
        steps = list(rummy_steps(seed, players, rounds=1))
        actions += [a.to_dict() for _, a in steps if type(a).__name__ == "Play"][:6]
        for state in _sample(steps, max(1, len(steps) // 5)):
            rummy.append(state.to_dict())
            rummy.append(state.view(0).to_dict())
    actions += [{"type": t} for t in ("draw", "pass", "next_round", "end")]
    return knights, rummy, actions


KNIGHTS_DICTS, RUMMY_DICTS, ACTION_DICTS = _corpus()
_STATS = Stats().record("knights", "hard", True, 20).record("rummy", "easy", False, 31).to_dict()


# ----- strategies ---------------------------------------------------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.integers(min_value=-(2**1100), max_value=2**1100)  # too big for a float
    | st.sampled_from([2**1024, -(2**1024), 10**400, 2**63, 2**64])
    | st.sampled_from([0, 1, -1, 2, 3, 4, 5, 7, 30, 31, 99])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "",
            "?",
            "*",
            "AH",
            "10S",
            "N",
            "E",
            "plain",
            "forest+castle",
            "keep",
            "place",
            "deploy",
            "end",
            "draw",
            "play",
            "pass",
            "next_round",
            "turn",
            "round_over",
            "over",
            "raeuber-romme",
            "robber-knights",
        ]
    )  # fmt: skip
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=25,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a nested JSON value (the root is the empty path)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _retype(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return 0


@st.composite
def mutated(draw: st.DrawFn, corpus: list[dict[str, Any]]) -> Any:
    """A valid dict from ``corpus`` with 1-3 mutations: drop, replace, retype, duplicate,
    random int, or nested garbage, each at a random place."""
    value: Any = copy.deepcopy(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(value)))
        how = draw(st.sampled_from(["drop", "replace", "retype", "duplicate", "int", "garbage"]))
        if not path:
            value = draw(JSON) if how == "replace" else _retype(value) if how == "retype" else value
            continue
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        if how == "drop":
            del parent[key]
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif how == "retype":
            parent[key] = _retype(parent[key])
        elif how == "int":
            parent[key] = draw(
                st.integers(-(2**40), 2**40)
                | st.integers(-3, 40)
                | st.integers(-(2**1100), 2**1100)
                | st.floats(allow_nan=True, allow_infinity=True)
            )
        elif how == "garbage":
            parent[key] = draw(JSON)
        else:
            parent[key] = draw(SCALARS)
    return value


# ----- the checks ---------------------------------------------------------------------------


def _only_value_error(call: Callable[[], Any]) -> Any:
    """The result of ``call``, or None if it raised ValueError; anything else fails the test."""
    with no_hang():
        try:
            return call()
        except ValueError:
            return None


def _usable(state: Any, state_class: Any) -> None:
    """A state that loaded must work: legal moves, an exact save round trip, one move."""
    with no_hang():
        legal = state.legal_actions()
        assert state_class.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        if legal and not any("?" in json.dumps(a.to_dict()) for a in legal[:1]):
            with contextlib.suppress(ValueError):  # e.g. a view: hidden tiles can't be laid
                state.apply(legal[0])


@FUZZ
@given(data=st.one_of(JSON, mutated(KNIGHTS_DICTS)))
def test_knights_from_dict_raises_only_value_error(data: Any) -> None:
    state = _only_value_error(lambda: KnightsState.from_dict(data))
    if state is not None:
        _usable(state, KnightsState)


@FUZZ
@given(data=st.one_of(JSON, mutated(RUMMY_DICTS)))
def test_rummy_from_dict_raises_only_value_error(data: Any) -> None:
    state = _only_value_error(lambda: RummyState.from_dict(data))
    if state is not None:
        _usable(state, RummyState)


@FUZZ
@given(data=st.one_of(JSON, mutated(ACTION_DICTS)))
def test_action_parsers_raise_only_value_error(data: Any) -> None:
    for parse in (knights_action, rummy_action):
        action = _only_value_error(lambda parse=parse: parse(data))  # type: ignore[misc]
        if action is not None:
            hash(action)
            assert parse(action.to_dict()) == action


def test_rummy_action_with_a_list_as_type_is_refused_in_words() -> None:
    # Found by this fuzzing: an unhashable "type" once crashed with TypeError.
    with pytest.raises(ValueError, match="type"):
        rummy_action({"type": ["end", "end"]})


def test_knights_actions_with_lists_for_text_fields_are_refused_in_words() -> None:
    # Found by this fuzzing: an unhashable "dir" once crashed with TypeError.
    with pytest.raises(ValueError, match="direction"):
        knights_action({"type": "deploy", "count": 1, "dir": ["E"], "drops": [1]})
    with pytest.raises(ValueError, match="tile kind"):
        knights_action({"type": "place", "tile": ["plain"], "x": 0, "y": 0})


def _save_texts() -> list[dict[str, Any]]:
    seats = [SeatRecord("Ann", "human", None, 0), SeatRecord("Kunz", "computer", "hard", 1)]
    texts = []
    for game, corpus in (("knights", KNIGHTS_DICTS), ("rummy", RUMMY_DICTS)):
        whole = [raw for raw in corpus if '"?"' not in json.dumps(raw)]  # views are no saves
        for raw in whole[:: max(1, len(whole) // 3)]:
            state = (KnightsState if game == "knights" else RummyState).from_dict(raw)
            table = seats + [SeatRecord(f"Bot{i}", "computer", "easy", i) for i in range(2, 6)]
            saved = saved_game(game, table[: state.num_players], state)
            texts.append(json.loads(dumps_game(saved)))
    return texts


SAVE_DICTS = _save_texts()


@FUZZ
@given(data=st.one_of(JSON, mutated(SAVE_DICTS)))
def test_the_save_reader_raises_only_save_error(data: Any) -> None:
    text = json.dumps(data)
    with no_hang():
        try:
            parse_game(text)
        except SaveError as error:
            assert str(error)


def _reviewed_saves() -> list[dict[str, Any]]:
    """Saves of both games with a stored review of their history (made up, but valid)."""
    seats = [SeatRecord("Ann", "human", None, 0), SeatRecord("Kunz", "computer", "hard", 1)]
    found = []
    for game, steps in (("knights", knights_steps(7, 2)), ("rummy", rummy_steps(8, 2, rounds=1))):
        taken = list(steps)[:12]
        start, history = taken[0][0], [action for _, action in taken]
        state = taken[-1][0].apply(taken[-1][1])
        turns = tuple(
            ReviewedTurn(i, 1, i % 2, 1, i // 2 + 1, (0.4, 0.6), 0.4, True, (a,), 0.55, 0.02, 30)
            for i, a in enumerate(history)
        )
        review = GameReview(game, 0.5, (0, 1), len(history), turns, complete=True)
        saved = saved_game(game, seats, state, history, {}, start)
        text = dumps_game(SavedGame(**{**saved.__dict__, "review": review}))
        found.append(json.loads(text))
    assert all("review" in data for data in found)
    return found


REVIEWED_SAVES = _reviewed_saves()


@st.composite
def review_mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A reviewed save whose review (only) had 1-3 mutations."""
    save = copy.deepcopy(draw(st.sampled_from(REVIEWED_SAVES)))
    save["review"] = draw(mutated([save["review"]]))
    return save


@FUZZ
@given(data=review_mutated())
def test_a_damaged_review_costs_only_the_review(data: Any) -> None:
    text = json.dumps(data)  # (a float NaN or Infinity is written bare, as Python writes it)
    with no_hang():
        loaded = parse_game(text)  # the game always loads
    assert loaded.state.to_dict() == data["state"]
    assert (loaded.review is None) == (loaded.review_problem is not None)
    if loaded.review is not None:
        assert loaded.review.game == data["game"]
        assert all(0.0 <= c <= 1.0 for t in loaded.review.turns for c in t.chances)


@FUZZ
@given(data=st.one_of(mutated(REVIEWED_SAVES)))
def test_the_save_reader_with_a_review_raises_only_save_error(data: Any) -> None:
    text = json.dumps(data)
    with no_hang():
        try:
            parse_game(text)
        except SaveError as error:
            assert str(error)


@pytest.mark.parametrize(
    "corpus", [KNIGHTS_DICTS, RUMMY_DICTS, ACTION_DICTS, SAVE_DICTS, REVIEWED_SAVES]
)
def test_the_corpus_is_valid_and_varied(corpus: list[dict[str, Any]]) -> None:
    assert len(corpus) >= (2 if corpus is REVIEWED_SAVES else 8)


@FUZZ
@given(data=st.one_of(JSON, mutated([Settings().to_dict()]), mutated([_STATS])))
def test_the_settings_and_stats_readers_never_fail(data: Any) -> None:
    with no_hang():
        settings_value = Settings.from_dict(data)
        stats = Stats.from_dict(data)
    assert settings_value.language in ("en", "de", "nl")
    assert all(rec.won <= rec.played for rec in stats.records.values())
