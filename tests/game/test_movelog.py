"""The move log: a sentence in words for every action of both games, naming the player."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from game.knights import NO_DEPLOY, Deploy, End, Keep, Place
from game.knights.position import position
from game.knights.words import column_letter, describe_knights, spot_name
from game.movelog import describe
from game.rummy import Draw, NextRound, Pass, Play, RummyState, parse_cards
from game.rummy import new_game as rummy_new_game
from game.rummy.words import describe_rummy
from tests.game.test_movelog_players import knights_steps, rummy_steps

KNIGHTS_VERBS = {
    "Keep": re.compile(r"^\w+ kept a start tile"),
    "Place": re.compile(r"^\w+ laid [a-z ]+ at [A-P]\d+"),
    "Deploy": re.compile(r"^\w+ (sent \d+ knights? \w+ from|put \d+ knights? on|brought no)"),
    "End": re.compile(r"^\w+ ended the turn"),
}
RUMMY_VERBS = {
    "Draw": re.compile(r"^\w+ drew (a|the last) card"),
    "Open": re.compile(r"^\w+ opened with \d+ sets? \(\d+ points\) and laid \d+ cards? \("),
    "Play": re.compile(
        r"^\w+ laid \d+ cards? \(.+\)"
        r"( and rebuilt \d+ sets?| in \d+ new sets?| on \d+ sets?( and in \d+ new sets?)?)"
    ),
    "Pass": re.compile(r"^\w+ passed"),
    "NextRound": re.compile(r"^Round \d+ dealt: \w+ deals, \w+ begins$"),
}
NAMES = ["Ann", "Bob", "Cleo", "Dirk"]


def _deploy_kind(action: Deploy) -> str:
    return "none" if action.count == 0 else ("stay" if action.dir is None else "march")


def test_every_knights_action_type_reads_as_a_sentence_naming_the_player() -> None:
    seen: dict[str, set[str]] = defaultdict(set)
    deploy_kinds: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        for state, action in knights_steps(seed, players):
            line = describe_knights(state, action, NAMES)
            kind = type(action).__name__
            assert line.startswith(NAMES[state.current_player] + " "), line
            assert KNIGHTS_VERBS[kind].match(line), (kind, line)
            seen[kind].add(line)
            if isinstance(action, Deploy):
                deploy_kinds.add(_deploy_kind(action))
    assert set(seen) == set(KNIGHTS_VERBS)
    assert deploy_kinds == {"none", "stay", "march"}
    # the sentences of different action types never coincide
    kinds = list(seen)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            assert not seen[a] & seen[b]


def test_every_rummy_action_type_reads_as_a_sentence_naming_the_player() -> None:
    seen: dict[str, set[str]] = defaultdict(set)
    # a low play chance on a big table lets the stock run dry, so passes happen too
    games = ((4, 2, 2, 0.8), (7, 3, 2, 0.5), (11, 5, 1, 0.15))
    for seed, players, rounds, chance in games:
        names = NAMES + ["Emil"]
        for state, action in rummy_steps(seed, players, rounds, chance):
            line = describe_rummy(state, action, names)
            seat = state.current_player
            if isinstance(action, NextRound):
                kind = "NextRound"
                assert line.startswith(f"Round {state.round + 1} dealt")
            else:
                assert seat is not None
                assert line.startswith(names[seat] + " "), line
                opened = state.players[seat].opened
                kind = ("Play" if opened else "Open") if isinstance(action, Play) else None
                kind = kind or type(action).__name__
            assert RUMMY_VERBS[kind].match(line), (kind, line)
            seen[kind].add(line)
    assert set(seen) == set(RUMMY_VERBS)
    assert any(" on " in line for line in seen["Play"])  # cards laid off onto sets


def test_knights_lines_read_as_the_design_examples() -> None:
    # Bob (seat 1) has just laid a forest castle; the spot names come from the fixed grid
    board = {(0, 0): "plain", (1, 0): ("forest+castle", ()), (2, 0): "plain", (3, 0): "plain"}
    state = position(board, hands=[["lake"], ["plain"]], current=1, phase="deploy",
                     lays_this_turn=1, pending=(1, 0), names=["Ann", "Bob"])  # fmt: skip
    castle = spot_name(2, 1, 0)
    assert castle == "G6"  # 2 players: x from -5 (A), y from -5 (row 1)
    assert describe_knights(state, Deploy(4, "E", (2, 1, 1))) == (
        f"Bob sent 4 knights east from the castle at {castle}: 2, 1, 1"
    )
    assert (
        describe_knights(state, Deploy(3, None, (3,)))
        == f"Bob put 3 knights on the castle at {castle}"
    )
    assert describe_knights(state, NO_DEPLOY).startswith("Bob brought no knights into play")
    placing = position(board, hands=[["lake", "forest+castle"], ["plain"]], names=["Ann", "Bob"])
    assert describe_knights(placing, Place("forest+castle", 1, 1)) == "Ann laid forest castle at G7"
    assert describe_knights(placing, Keep("plain+village")) == "Ann kept a start tile"
    assert describe_knights(placing, End()) == "Ann ended the turn"


def test_board_names_are_fixed_while_the_layout_grows() -> None:
    steps = list(knights_steps(seed=9, players=3))
    first_place = next(s for s, a in steps if isinstance(a, Place))
    last = steps[-1][0]
    assert last.bounds() != first_place.bounds()
    # (0, 0) has one name whatever the layout looks like
    assert spot_name(3, 0, 0) == f"{column_letter(3, 0)}8" == "G8"
    assert spot_name(3, 50, 0) == "(50, 0)"


def test_last_lay_announces_the_winner() -> None:
    steps = list(knights_steps(seed=4, players=2))
    state, action = steps[-1]
    line = describe_knights(state, action, ["Ann", "Bob"])
    winners = state.apply(action).winners()
    assert "the game is over" in line
    assert all(["Ann", "Bob"][w] in line.split("over:")[1] for w in winners)


def _rummy_state(hand: str, table: list[str], opened: bool, stock: int = 50) -> RummyState:
    base = rummy_new_game(["Ann", "Bob"], seed=1)
    data = base.to_dict()
    data["players"][1]["hand"] = hand.split()
    data["players"][1]["opened"] = opened
    data["table"] = [t.split() for t in table]
    used = parse_cards(hand) + [c for t in table for c in parse_cards(t)]
    deck = [str(c) for p in base.players for c in p.hand] + [str(c) for c in base.stock]
    for card in used:
        deck.remove(str(card))
    data["players"][0]["hand"] = deck[:13]
    data["stock"] = deck[13 : 13 + stock]
    data["players"][0]["hand"] += deck[13 + stock :]
    return RummyState.from_dict(data)


def test_rummy_lines_read_as_the_design_examples() -> None:
    rebuild = _rummy_state("9H 8C KD", ["10H JH QH", "8S 8D 8H"], opened=True)
    play = Play([parse_cards("9H 10H JH QH"), parse_cards("8S 8D 8H 8C")])
    line = describe_rummy(rebuild, play)
    # both sets only grew: laid off
    assert line == "Bob laid 2 cards (8 of clubs, 9 of hearts) on 2 sets"
    finishing = _rummy_state("9H 8C", ["10H JH QH", "8S 8D 8H"], opened=True)
    assert describe_rummy(finishing, play) == line + "; Bob went out and wins round 1"
    joker_run = _rummy_state("AH KD", ["JH QH *"], opened=True)
    assert describe_rummy(joker_run, Play([parse_cards("JH QH * AH")])) == (
        "Bob laid 1 card (ace of hearts) on 1 set"
    )
    moved = _rummy_state("KC KD 9S", ["10H JH QH KH", "8S 8D 8H"], opened=True)
    regrouped = Play([parse_cards("10H JH QH"), parse_cards("8S 8D 8H"), parse_cards("KH KD KC")])
    assert describe_rummy(moved, regrouped).endswith("and rebuilt 1 set")
    fresh = _rummy_state("2C 3C 4C KD", ["10H JH QH"], opened=True)
    assert describe_rummy(fresh, Play([parse_cards("10H JH QH"), parse_cards("2C 3C 4C")])) == (
        "Bob laid 3 cards (2 of clubs, 3 of clubs, 4 of clubs) in 1 new set"
    )
    going_out = _rummy_state("2C 3C 4C", ["10H JH QH"], opened=True)
    out_line = describe_rummy(going_out, Play([parse_cards("10H JH QH"), parse_cards("2C 3C 4C")]))
    assert out_line.endswith("; Bob went out and wins round 1")
    assert describe_rummy(fresh, Draw()) == "Bob drew a card"
    dry = _rummy_state("2C 3C 4C KD", ["10H JH QH"], opened=True, stock=0)
    assert describe_rummy(dry, Pass()) == "Bob passed"
    assert describe(
        "rummy", rummy_new_game(["Ann", "Bob"], 1), NextRound(), ["Ann", "Bob"]
    ).startswith("Round 2 dealt")


def test_rummy_opening_names_sets_and_points() -> None:
    opener = _rummy_state("10H JH QH 10S 10D 10C 2C", [], opened=False)
    play = Play([parse_cards("10H JH QH"), parse_cards("10S 10D 10C")])
    assert describe_rummy(opener, play) == (
        "Bob opened with 2 sets (60 points) and laid 6 cards (10 of clubs, 10 of diamonds, "
        "10 of hearts, 10 of spades, jack of hearts, queen of hearts)"
    )


def test_describe_refuses_an_unknown_game() -> None:
    with pytest.raises(ValueError):
        describe("chess", None, None)


def test_every_sentence_goes_through_the_translator_with_extractable_templates() -> None:
    import game.movelog as movelog

    used: set[str] = set()

    def bracket(text: str) -> str:
        used.add(text)
        return "[" + text + "]"

    movelog.set_translator(bracket)
    try:
        lines = [describe_knights(s, a) for s, a in knights_steps(seed=2, players=3)]
        lines += [describe_rummy(s, a) for s, a in rummy_steps(11, 5, 1, 0.15)]
        lines += [describe_rummy(s, a) for s, a in rummy_steps(4, 2, 2, 0.8)]
    finally:
        movelog.set_translator(None)
    assert all(line.startswith("[") and line.endswith("]") for line in lines)
    import game.knights.words
    import game.rummy.words
    import game.wording

    source = "".join(
        Path(module.__file__ or "").read_text(encoding="utf-8")
        for module in (game.knights.words, game.rummy.words, game.wording)
    )
    for msgid in used:  # literal in _("...") or N_("..."), so xgettext/pybabel can find it
        assert f'_("{msgid}")' in source, msgid
    assert describe_knights(*next(knights_steps(1, 2))).startswith("P0 kept")  # English again
