"""The game review's engine: decisions cut from a history, honest estimates, blunders found."""

from __future__ import annotations

import functools
import random
import threading
import time
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai import make_agent
from ai.knights.review import KnightsReview
from ai.review import count_decisions, decision_spans, review_game
from ai.review.estimate import judge
from ai.rummy.review import RummyReview
from game.knights import Place
from game.knights import new_game as new_knights
from game.review import GameReview, ReviewedTurn, is_mistake
from game.rummy import Draw, NextRound, Play, RummyState, parse_cards
from game.rummy.cards import hand_value, make_deck
from game.seat_events import SeatEvent

Levels = tuple[str, ...]


@functools.cache
def _played(game: str, seed: int, levels: Levels) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    from game.registry import game_spec

    state = game_spec(game).new_game([f"P{i}" for i in range(len(levels))], seed)
    agents = [make_agent(game, level, seed + i, budget=0.02) for i, level in enumerate(levels)]
    rng = random.Random(seed)
    states, history = [state], []
    while not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        history.append(action)
        state = state.apply(action)
        states.append(state)
    return tuple(states), tuple(history)


def played_game(
    game: str, seed: int, levels: Levels = ("medium", "medium")
) -> tuple[list[Any], list[Any]]:
    """A whole game (a rummy round) of computer players: the states and the moves."""
    states, history = _played(game, seed, levels)
    return list(states), list(history)


# ----- decisions ------------------------------------------------------------------------------


def test_a_knights_decision_is_one_whole_turn() -> None:
    states, history = played_game("knights", 4)
    spans = decision_spans(KnightsReview(), states, history)
    keeps = sum(1 for s in states[:-1] if s.phase == "keep")
    assert sum(span.moves for span in spans) == len(history) - keeps
    for span in spans:
        assert all(states[span.index + k].current_player == span.seat for k in range(span.moves))
        after = span.after
        # The turn is over: someone else is to move, or the same seat begins a fresh turn.
        assert after.is_terminal or after.current_player != span.seat or not after.lays_this_turn
        assert span.before.lays_this_turn == 0 and span.before.phase == "place"
    turns_by_seat = Counter(span.seat for span in spans)
    assert [span.turn for span in spans if span.seat == 0] == list(range(1, turns_by_seat[0] + 1))


def test_rummy_decisions_are_single_moves_and_skip_the_next_deal_and_seat_changes() -> None:
    states, history = played_game("rummy", 5)
    after_round = states[-1].apply(NextRound())
    event = SeatEvent(change="seat", seat=0, name="P0", human=False, level="hard")
    history = history + [NextRound(), event]
    states = states + [after_round, after_round]
    spans = decision_spans(RummyReview(), states, history)
    assert all(span.moves == 1 for span in spans)
    assert len(spans) == len(history) - 2
    assert {span.round for span in spans} == {1}
    assert count_decisions("rummy", states, history) == len(spans)


def test_a_turn_still_being_played_is_not_judged() -> None:
    states, history = played_game("knights", 6)
    # Cut the history in the middle of a turn of two or more moves.
    cut = next(
        i for i in range(1, len(history)) if states[i].lays_this_turn and states[i].phase == "place"
    )
    whole = count_decisions("knights", states[: cut + 1], history[:cut])
    spans = decision_spans(KnightsReview(), states[: cut + 1], history[:cut])
    assert whole == len(spans) - 1


# ----- what the review may know ---------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30))
def test_a_knights_deal_keeps_what_the_player_saw_and_his_own_pile(seed: int, turn: int) -> None:
    states, history = played_game("knights", 7)
    spans = decision_spans(KnightsReview(), states, history)
    span = spans[turn % len(spans)]
    deal = KnightsReview().deal(span, random.Random(seed))
    assert deal.view(span.seat) == span.before.view(span.seat)
    # His own pile: the tiles drawn during the turn as they were, the rest the same tiles with
    # the same letters in their places, in an order he could not know.
    own, real = deal.piles[span.seat], span.before.piles[span.seat]
    drawn = sum(1 for action in span.actions if isinstance(action, Place))
    assert own[:drawn] == real[:drawn]
    assert sorted(own) == sorted(real)
    assert [t.letter for t in own] == [t.letter for t in real]
    # The turn played can be played in every deal (its draws are the real ones).
    KnightsReview().play(deal, span.actions)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_a_rummy_deal_redeals_only_what_the_player_could_not_see(seed: int) -> None:
    states, history = played_game("rummy", 8)
    span = decision_spans(RummyReview(), states, history)[10]
    deal = RummyReview().deal(span, random.Random(seed))
    assert deal.view(span.seat) == span.before.view(span.seat)
    assert Counter(c for p in deal.players for c in p.hand) + Counter(deal.stock) == Counter(
        c for p in span.before.players for c in p.hand
    ) + Counter(span.before.stock)


# ----- blunders and perfect play --------------------------------------------------------------


def drawn_instead_of_laying() -> tuple[RummyState, Draw]:
    """Seat 0 has opened and holds a five-card run: laying it goes out and wins the round.
    The rival has opened too and holds one card, and most cards fit the crowded table, so
    drawing instead most likely lets him go out first: a clear blunder."""
    hand = parse_cards("7H 8H 9H 10H JH")
    table = [
        parse_cards("3S 4S 5S 6S 7S 8S 9S 10S"),
        parse_cards("3D 4D 5D 6D 7D 8D 9D 10D"),
        parse_cards("3C 4C 5C 6C 7C 8C 9C 10C"),
        parse_cards("QS QD QC"),
        parse_cards("KS KD KC"),
        parse_cards("2S 2D 2H"),
    ]
    deck = Counter(make_deck(6))
    deck.subtract(hand)
    for meld in table:
        deck.subtract(meld)
    rest = list(deck.elements())
    random.Random(1).shuffle(rest)
    rival, stock = rest[:1], rest[1:]
    data = {
        "game": "raeuber-romme",
        "version": 1,
        "seed": 3,
        "jokers": 6,
        "round": 1,
        "phase": "turn",
        "dealer": 1,
        "current": 0,
        "passes": 0,
        "winner": None,
        "players": [
            {"name": "Ann", "score": 0, "opened": True, "hand": [str(c) for c in hand]},
            {"name": "Bob", "score": 0, "opened": True, "hand": [str(c) for c in rival]},
        ],
        "table": [[str(c) for c in meld] for meld in table],
        "stock": [str(c) for c in stock],
    }
    return RummyState.from_dict(data), Draw()


def test_drawing_instead_of_laying_five_cards_is_found() -> None:
    before, draw = drawn_instead_of_laying()
    after = before.apply(draw)
    turns = list(review_game("rummy", [before, after], [draw], {0}, budget=1.5, seed=3))
    assert len(turns) == 1
    turn = turns[0]
    assert turn.is_mistake, turn
    best = turn.best[0]
    assert isinstance(best, Play)
    laid = len(before.players[0].hand) - len(before.apply(best).players[0].hand)
    assert laid >= 5
    assert turn.points_played == hand_value(before.players[0].hand)
    assert turn.points_best == 0
    assert turn.best_chance - turn.played > 0.2


def test_the_better_move_when_laying_is_not_called_a_mistake() -> None:
    before, _ = drawn_instead_of_laying()
    best = Play((*before.table, tuple(parse_cards("7H 8H 9H 10H JH"))))
    after = before.apply(best)
    turn = next(review_game("rummy", [before, after], [best], {0}, budget=1.0, seed=4))
    assert not turn.is_mistake


def test_a_game_played_by_the_reviews_own_best_moves_shows_no_mistakes() -> None:
    """Seat 0 plays every turn as the review's search would (its better move whenever it
    finds one); a second review, on other redeals, must not call any of those turns a
    mistake: the threshold is above the estimate's own noise."""
    parts = KnightsReview()
    rival = make_agent("knights", "medium", 2)
    rng = random.Random(9)
    state = new_knights(["Ann", "Bob"], 21)
    states, history = [state], []
    budget = 0.4
    while not state.is_terminal:
        if state.phase == "keep" or state.current_player != 0:
            action = rival.choose(state, rng)
            states.append(state := state.apply(action))
            history.append(action)
            continue
        # A turn of seat 0: judge the medium's plan and take the review's better move if any.
        planner = parts.judgement(state.num_players)[1]
        plan = tuple(planner.plans(state, 0, 1)[0][1])
        after = parts.play(state, plan)
        span_states = [state]
        for action in plan[:-1]:
            span_states.append(span_states[-1].apply(action))
        span_states.append(after)
        spans = decision_spans(parts, span_states, list(plan))
        verdict = judge(parts, spans[0], budget, random.Random(len(history)), True)
        chosen = verdict.best if verdict.best else plan
        for action in chosen:
            states.append(state := state.apply(action))
            history.append(action)
    turns = list(review_game("knights", states, history, {0}, budget=budget, seed=77))
    ours = [t for t in turns if t.seat == 0]
    assert len(ours) >= 8
    flagged = [t for t in ours if t.is_mistake]
    assert not flagged, flagged


# ----- chances, stopping ----------------------------------------------------------------------


def test_every_turn_has_chances_that_share_out_the_win() -> None:
    states, history = played_game("knights", 11)
    turns = list(review_game("knights", states, history, {1}, budget=0.05, seed=1))
    assert len(turns) == count_decisions("knights", states, history)
    for turn in turns:
        assert sum(turn.chances) == pytest.approx(1.0, abs=1e-6)
        assert turn.played == turn.chances[turn.seat]
        assert turn.reviewed == (turn.seat == 1)
        assert not turn.best or turn.seat == 1
    # At the end the winner's chance is near certain.
    winner = max(range(2), key=lambda seat: states[-1].returns()[seat])
    assert turns[-1].chances[winner] > 0.8


def test_stopping_ends_the_review_soon() -> None:
    states, history = played_game("knights", 12)
    stop = threading.Event()
    seen: list[ReviewedTurn] = []
    started = time.perf_counter()
    for turn in review_game("knights", states, history, {0, 1}, budget=2.0, stop=stop):
        seen.append(turn)
        stop.set()
    assert len(seen) <= 1
    assert time.perf_counter() - started < 5.0  # far below the 25 decisions x 2 s it would take


def test_a_review_round_trips_through_json() -> None:
    import json

    states, history = played_game("rummy", 13)
    states, history = states[:21], history[:20]
    turns = tuple(review_game("rummy", states, history, {0}, budget=0.05, seed=2))
    review = GameReview("rummy", 0.05, (0,), len(history), turns, True)
    again = GameReview.from_dict(json.loads(json.dumps(review.to_dict())))
    assert again.to_dict() == review.to_dict()
    assert [t.best for t in again.turns] == [t.best for t in turns]


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["turns"][0].update(played=1.5),
        lambda d: d["turns"][0].update(seat=7),
        lambda d: d["turns"][0].update(surprise=1),
        lambda d: d.update(version=2),
        lambda d: d.update(game="chess"),
        lambda d: d["turns"][0].update(best=[{"type": "fly"}]),
        lambda d: d["turns"].reverse(),
        lambda d: d.update(moves=0),
        lambda d: d["turns"][0].update(chances=[0.5, float("nan")]),
    ],
)
def test_a_forged_review_is_refused(change: Any) -> None:
    before, draw = drawn_instead_of_laying()
    turns = (
        ReviewedTurn(0, 1, 0, 1, 1, (0.2, 0.8), 0.2, True, (Draw(),), 0.6, 0.05, 40, 46, 2),
        ReviewedTurn(1, 1, 1, 1, 1, (0.3, 0.7), 0.7, False),
    )
    data = GameReview("rummy", 1.0, (0,), 2, turns, True).to_dict()
    change(data)
    with pytest.raises(ValueError):
        GameReview.from_dict(data)


def test_the_threshold_needs_both_size_and_certainty() -> None:
    assert is_mistake(0.2, 0.05)
    assert not is_mistake(0.2, 0.1)  # within 2.5 standard errors of nothing
    assert not is_mistake(0.04, 0.001)  # too small to matter


def test_the_chance_map_keeps_the_order_and_the_sum() -> None:
    from ai.review.calibration import ChanceMap, chance_map

    shrink = ChanceMap(temperature=0.5, decider_bias=0.2)
    for raw in ((0.9, 0.1), (0.3, 0.3, 0.4), (0.0, 1.0)):
        mapped = shrink.apply(raw, 0)
        assert sum(mapped) == pytest.approx(1.0)
        others = range(1, len(raw))
        assert all((raw[i] < raw[j]) <= (mapped[i] < mapped[j]) for i in others for j in others)
    # A shrinking map draws a confident 90 % towards the middle; the decider gains a little.
    assert 0.5 < shrink.apply((0.9, 0.1), 1)[0] < 0.9
    assert shrink.decider_chance((0.5, 0.5), 0, 0.5) > 0.5
    for game in ("knights", "rummy"):
        assert isinstance(chance_map(game), ChanceMap)  # the shipped file reads


def test_counting_a_rummy_games_decisions_loads_no_solver() -> None:
    """The window counts decisions for its progress bar: that must not import the solver
    (and with it numba), which would hold up a frame for a second."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from ai.review import count_decisions, default_budget\n"
        "from game.rummy import new_game, Draw\n"
        "s = new_game(2, 1); t = s.apply(Draw())\n"
        "assert count_decisions('rummy', [s, t], [Draw()]) == 1\n"
        "default_budget('rummy')\n"
        "assert 'ai.rummy.solver' not in sys.modules and 'numba' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


# ----- a stored review must be of this game ---------------------------------------------------


def test_a_review_is_taken_only_for_the_game_it_was_made_of() -> None:
    from ai.review import fits_game

    states, history = played_game("knights", 14)
    turns = tuple(review_game("knights", states, history, {0}, budget=0.02, seed=1))
    review = GameReview("knights", 0.02, (0,), len(history), turns, True)
    assert fits_game("knights", states, history, review)
    # A forged seat (a chance per seat of six, seat 5 in a two-player game) does not fit:
    # shown, it crashed the drawing of the position.
    forged_turn = replace(turns[2], seat=5, chances=(0.2, 0.2, 0.2, 0.2, 0.1, 0.1), played=0.1)
    forged = replace(review, turns=turns[:2] + (forged_turn,) + turns[3:])
    assert not fits_game("knights", states, history, forged)
    # A turn that starts mid-turn, or a "complete" review of one turn, does not fit either.
    shifted = replace(review, turns=(replace(turns[1], index=turns[1].index + 1),))
    assert not fits_game("knights", states, history, shifted)
    assert not fits_game("knights", states, history, replace(review, turns=turns[:1]))
    # The same review for another game (another deal) does not fit.
    other_states, other_history = played_game("knights", 15)
    assert not fits_game("knights", other_states, other_history, review)


def test_a_rummy_rounds_review_does_not_fit_the_next_round() -> None:
    from ai.review import fits_game

    states, history = played_game("rummy", 16)
    turns = tuple(review_game("rummy", states[:31], history[:30], {0}, budget=0.02, seed=1))
    review = GameReview("rummy", 0.02, (0,), 30, turns, False)
    assert fits_game("rummy", states, history, review)  # a partial review of the same round
    # The next round starts its history afresh: round 1's turns are not its turns.
    after = states[-1].apply(NextRound())
    agents = [make_agent("rummy", "medium", 1), make_agent("rummy", "medium", 2)]
    rng = random.Random(2)
    next_states, next_history = [after], []
    state = after
    while len(next_history) < 40 and not state.is_terminal:
        action = agents[state.current_player].choose(state, rng)
        next_history.append(action)
        state = state.apply(action)
        next_states.append(state)
    assert not fits_game("rummy", next_states, next_history, review)


def test_the_reviewed_player_is_found_by_name_after_a_player_left() -> None:
    """Bob leaves mid-round; Ann, who sat at seat 1, now sits at seat 0. Reviewing seat 0 (as
    the seats are now) searches Ann's decisions, before and after the leave, not Bob's."""
    from game.rummy import new_game

    state = new_game(["Bob", "Ann", "Cid"], 17)
    agents = {
        name: make_agent("rummy", "medium", i) for i, name in enumerate(["Bob", "Ann", "Cid"])
    }
    rng = random.Random(3)
    states, history = [state], []

    def play(moves: int) -> None:
        nonlocal state
        for _ in range(moves):
            name = state.players[state.current_player].name
            action = agents[name].choose(state, rng)
            history.append(action)
            state = state.apply(action)
            states.append(state)

    play(7)
    while state.players[state.current_player].name != "Bob":
        play(1)
    history.append(SeatEvent("leave", state.current_player, "Bob"))
    state = state.remove_current()
    states.append(state)
    play(6)
    turns = list(review_game("rummy", states, history, {0}, budget=0.02, seed=1))
    for turn in turns:
        name = states[turn.index].players[turn.seat].name
        assert turn.reviewed == (name == "Ann"), (turn.index, name)
    assert any(t.reviewed for t in turns) and any(not t.reviewed for t in turns)
