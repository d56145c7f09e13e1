"""``robbers-den deal CODE``: the fingerprint the table showed, recomputed from the code."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.deals import Deal, deal_fingerprint, encode, fingerprint
from game.play.deal_session import session_for_deal
from game.play.session import Seat


def test_the_command_prints_the_fingerprint_the_table_showed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deal = Deal("rummy", 3, 8080, 2)
    seats = [Seat(name, True, "medium", i) for i, name in enumerate(("Ann", "Bob", "Cy"))]
    shown_at_the_table = fingerprint("rummy", session_for_deal(seats, deal).state)
    assert main(["deal", encode(deal)]) == 0
    out = capsys.readouterr().out
    assert f"Deal fingerprint: {shown_at_the_table}" in out
    assert "3 players" in out and "round 2" in out


def test_the_command_shows_the_whole_deal_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal("knights", 4, 12)
    assert main(["deal", encode(deal).lower(), "--show", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["fingerprint"] == deal_fingerprint(deal)
    assert (printed["game"], printed["seats"], printed["seed"]) == ("knights", 4, 12)
    assert len(printed["deal"]) == 4 and "pile, top first" in printed["deal"][0]
    assert "+" not in " ".join(printed["deal"])  # tiles in words, not their codes


def test_a_mistyped_code_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = encode(Deal("knights", 2, 12)).replace("-", "")
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    assert main(["deal", wrong]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().count("\n") == 0 and "typo" in captured.err
