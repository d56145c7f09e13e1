"""The Bradley-Terry fit behind the ladders, on small tables whose answer is known by hand."""

from __future__ import annotations

import math

import pytest

from ai.bradley_terry import PairResult, expected_score, fit


def test_a_consistent_table_gives_its_exact_strengths() -> None:
    # Strengths 4 : 2 : 1 predict A over B 2/3, B over C 2/3, A over C 4/5: a table that
    # matches those rates exactly is fitted to them, 120.4 rating points per doubling.
    results = [PairResult("A", "B", 3, 2), PairResult("B", "C", 3, 2), PairResult("A", "C", 5, 4)]
    fitted = fit(["A", "B", "C"], results, anchor="C", anchor_rating=1000.0)
    doubling = 400 * math.log10(2)
    assert fitted["C"].rating == 1000.0
    assert fitted["B"].rating == pytest.approx(1000 + doubling, abs=1e-6)
    assert fitted["A"].rating == pytest.approx(1000 + 2 * doubling, abs=1e-6)
    assert fitted["A"].games == 8 and fitted["B"].games == 6


def test_two_players_three_wins_in_four() -> None:
    fitted = fit(["A", "B"], [PairResult("A", "B", 4, 3)], anchor="B", anchor_rating=0.0)
    a = fitted["A"]
    assert a.rating == pytest.approx(400 * math.log10(3), abs=1e-6)  # 190.8
    assert expected_score(a.rating, 0.0) == pytest.approx(0.75)
    # Fisher information 4 * 3/4 * 1/4 = 0.75 in natural units: standard error 1/sqrt(0.75)
    half = 1.959964 * 400 / math.log(10) / math.sqrt(0.75)
    assert a.high - a.rating == pytest.approx(half, rel=1e-6)
    assert a.rating - a.low == pytest.approx(half, rel=1e-6)
    assert fitted["B"].low == fitted["B"].high == 0.0  # the anchor


def test_a_clean_sweep_needs_the_prior() -> None:
    sweep = [PairResult("A", "B", 10, 10)]
    with pytest.raises(ValueError, match="every game or none"):
        fit(["A", "B"], sweep, anchor="B")
    fitted = fit(["A", "B"], sweep, anchor="B", anchor_rating=0.0, prior=1.0)
    # one prior game, half won by each: 10.5 of 11
    assert fitted["A"].rating == pytest.approx(400 * math.log10(10.5 / 0.5), abs=1e-6)


def test_players_who_never_met_are_refused() -> None:
    results = [PairResult("A", "B", 4, 2), PairResult("C", "D", 4, 2)]
    with pytest.raises(ValueError, match="never met"):
        fit(["A", "B", "C", "D"], results, anchor="A")
    with pytest.raises(ValueError):
        fit(["A", "B"], [PairResult("A", "B", 4, 5)], anchor="A")
