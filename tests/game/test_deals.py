"""Deal codes, the deal of the day and the deal's fingerprint (game.deals), for every game."""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import deals
from game.deals import ALPHABET, Deal, DealCodeError, check_symbol, decode, encode
from game.registry import GAMES, game_spec

CODED = [key for key, spec in GAMES.items() if spec.deals is not None]
SEED = st.integers(-(2**63) + 1, 2**63 - 1)


def every_seat_count() -> list[tuple[str, int]]:
    return [
        (game, seats)
        for game in CODED
        for seats in range(GAMES[game].info.min_players, GAMES[game].info.max_players + 1)
    ]


def test_the_real_games_have_deal_codes() -> None:
    assert {"knights", "rummy"} <= set(CODED)
    tags = [GAMES[game].deals.tag for game in CODED]  # type: ignore[union-attr]
    assert len(set(tags)) == len(tags) and all(tag in ALPHABET for tag in tags)


@pytest.mark.parametrize(("game", "seats"), every_seat_count())
@settings(max_examples=25, deadline=None)
@given(seed=SEED, data=st.data())
def test_a_code_names_its_deal_again(game: str, seats: int, seed: int, data: Any) -> None:
    parts = GAMES[game].deals
    assert parts is not None
    unit = data.draw(st.integers(1, parts.max_unit))
    deal = Deal(game, seats, seed, unit)
    code = encode(deal)
    assert decode(code) == deal
    assert decode(code.lower().replace("-", " ")) == deal  # typed as people type
    assert len(code.replace("-", "")) <= deals.MAX_CODE


@pytest.mark.parametrize(("game", "seats"), every_seat_count())
def test_a_new_games_code_deals_exactly_that_game(game: str, seats: int) -> None:
    names = [f"P{seat}" for seat in range(seats)]
    state = game_spec(game).new_game(names, 4711)
    code = deals.code_of(game, state)
    assert code is not None
    again = deals.first_position(decode(code), names)
    assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize("seats", range(2, 7))
def test_a_later_rummy_rounds_code_deals_that_round(seats: int) -> None:
    from game.rummy import new_game
    from game.rummy.actions import NextRound

    names = [f"P{seat}" for seat in range(seats)]
    state = new_game(names, 99)
    for _round in range(3):  # to round 4: each round ended, the next one dealt
        state = replace(state, phase="round_over", current_player=None, winner=0)
        state = state.apply(NextRound())
    assert state.round == 4
    deal = decode(deals.code_of("rummy", state) or "")
    assert (deal.unit, deal.seats, deal.seed) == (4, seats, 99)
    again = deals.first_position(deal, names)
    assert again.to_dict() == state.to_dict()  # same deck, same dealer, same round
    assert deals.fingerprint("rummy", again) == deals.fingerprint("rummy", state)


def test_a_code_of_another_game_or_deal_differs() -> None:
    codes = {encode(Deal(game, 2, seed)) for game in CODED for seed in range(50)}
    assert len(codes) == 50 * len(CODED)


# ----- refused codes ---------------------------------------------------------------------


def _bare(code: str) -> str:
    return code.replace("-", "")


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(CODED),
    seed=SEED,
    data=st.data(),
)
def test_any_one_typo_is_refused(game: str, seed: int, data: Any) -> None:
    code = _bare(encode(Deal(game, GAMES[game].info.min_players, seed)))
    where = data.draw(st.integers(0, len(code) - 1))
    typed = data.draw(st.sampled_from([c for c in ALPHABET if c != code[where]]))
    mistyped = code[:where] + typed + code[where + 1 :]
    with pytest.raises(DealCodeError):
        decode(mistyped)


@settings(max_examples=200, deadline=None)
@given(game=st.sampled_from(CODED), seed=SEED, data=st.data())
def test_two_swapped_characters_are_refused(game: str, seed: int, data: Any) -> None:
    code = _bare(encode(Deal(game, GAMES[game].info.min_players, seed)))
    first = data.draw(st.integers(0, len(code) - 2))
    second = data.draw(st.integers(first + 1, len(code) - 1))
    if code[first] == code[second]:
        return  # swapping two equal characters changes nothing
    chars = list(code)
    chars[first], chars[second] = chars[second], chars[first]
    with pytest.raises(DealCodeError, match="typo"):
        decode("".join(chars))


def _forged(body: str) -> str:
    """A code with a correct check character around any body (what a forger would make)."""
    return body + check_symbol(body)


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "Type a deal code first"),
        ("   - ", "Type a deal code first"),
        ("K3", "too short"),
        ("K3RJ-01Ü", "no “Ü”"),
        ("K3RJ\n01Z", "no “?”"),
        ("K" + "1" * 40, "too long"),
        ("x" * 500, "far too long"),
        (_forged("U") if "U" in ALPHABET else "U12", "no “U”"),
    ],
)
def test_a_mistyped_code_is_refused_with_the_reason(typed: str, says: str) -> None:
    with pytest.raises(DealCodeError, match=re.escape(says)):
        decode(typed)


def test_a_forged_code_is_refused_with_the_reason() -> None:
    with pytest.raises(DealCodeError, match="game this program does not have"):
        decode(_forged("Z123"))  # no game's tag
    # Robber Knights for 6 seats (the seats count sits in the last 4 bits): no such deal.
    number = (2 * 5) * 16 + 5
    body = "K" + "".join(ALPHABET[(number >> s) & 31] for s in (5, 0))
    with pytest.raises(DealCodeError, match="names no deal of Robber Knights"):
        decode(_forged(body))
    real = _bare(encode(Deal("knights", 2, 5)))
    with pytest.raises(DealCodeError, match="names no deal"):
        decode(_forged(real[0] + "0" + real[1:-1]))  # a leading zero: not a code we write
    with pytest.raises(DealCodeError):
        decode(12345)


def test_look_alike_letters_are_read_as_the_digits() -> None:
    deal = Deal("knights", 3, 1_000_003)
    code = encode(deal)
    typed = code.replace("0", "o").replace("1", "l")
    assert decode(typed) == deal


# ----- the deal of the day -----------------------------------------------------------------


@pytest.mark.parametrize("game", ["knights", "rummy"])  # (Nim has too few deals to differ)
def test_the_deal_of_the_day_is_the_same_all_day_and_new_each_day(game: str) -> None:
    seats = GAMES[game].info.min_players
    day = datetime.date(2026, 12, 5)
    deal = deals.daily_deal(game, day, seats)
    assert deals.daily_deal(game, datetime.date(2026, 12, 5), seats) == deal
    assert decode(encode(deal)) == deal
    assert deals.daily_date(deal) == day
    prints = {
        deals.deal_fingerprint(deals.daily_deal(game, day + datetime.timedelta(days=n), seats))
        for n in range(30)
    }
    assert len(prints) == 30  # every day another deal
    rematch = replace(deal, seed=deal.seed + 1)  # the next seed at the same table
    assert deals.daily_date(rematch) is None
    assert deals.daily_date(Deal(game, seats, 123)) is None


# ----- the fingerprint -------------------------------------------------------------------


def _swapped(items: list[Any], i: int, j: int) -> list[Any]:
    out = list(items)
    out[i], out[j] = out[j], out[i]
    return out


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10**6), data=st.data())
def test_the_fingerprint_changes_when_two_tiles_are_swapped(
    seats: int, seed: int, data: Any
) -> None:
    from game.knights import KnightsState, new_game

    state = new_game(seats, seed)
    before = deals.fingerprint("knights", state)
    assert before == deals.deal_fingerprint(Deal("knights", seats, seed))
    data_dict = json.loads(json.dumps(state.to_dict()))
    piles = data_dict["piles"]
    tiles = [(p, i) for p, pile in enumerate(piles) for i in range(len(pile))]
    (pa, ia) = data.draw(st.sampled_from(tiles))
    # a tile of the same letter (so that the piles stay dealt letter by letter), another kind
    others = [
        (p, i)
        for p, i in tiles
        if piles[p][i]["letter"] == piles[pa][ia]["letter"] and piles[p][i] != piles[pa][ia]
    ]
    (pb, ib) = data.draw(st.sampled_from(others))
    piles[pa][ia], piles[pb][ib] = piles[pb][ib], piles[pa][ia]
    changed = KnightsState.from_dict(data_dict)
    assert deals.fingerprint("knights", changed) != before


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 10**6), data=st.data())
def test_the_fingerprint_changes_when_two_cards_are_swapped(
    seats: int, seed: int, data: Any
) -> None:
    from game.rummy import RummyState, new_game

    state = new_game(seats, seed)
    before = deals.fingerprint("rummy", state)
    assert before == deals.deal_fingerprint(Deal("rummy", seats, seed))
    d = json.loads(json.dumps(state.to_dict()))
    places = [("hand", p, i) for p, pl in enumerate(d["players"]) for i in range(len(pl["hand"]))]
    places += [("stock", 0, i) for i in range(len(d["stock"]))]
    a, b = data.draw(st.lists(st.sampled_from(places), min_size=2, max_size=2, unique=True))

    def get(place: tuple[str, int, int]) -> list[str]:
        kind, seat, _index = place
        cards: list[str] = d["players"][seat]["hand"] if kind == "hand" else d["stock"]
        return cards

    if get(a)[a[2]] == get(b)[b[2]]:
        return  # two equal cards (a deck holds each card twice): the same deal
    get(a)[a[2]], get(b)[b[2]] = get(b)[b[2]], get(a)[a[2]]
    changed = RummyState.from_dict(d)
    assert deals.fingerprint("rummy", changed) != before


def test_a_swap_inside_one_rummy_hand_is_the_same_deal() -> None:
    """A hand is a set of cards: only what each player holds and the stock's order count."""
    from game.rummy import new_game

    state = new_game(3, 5)
    hand = list(state.players[0].hand)
    assert deals.fingerprint("rummy", state) == deals.fingerprint(
        "rummy",
        replace(state, players=(replace(state.players[0], hand=tuple(hand)), *state.players[1:])),
    )


def test_a_code_naming_a_seed_no_save_can_hold_is_refused() -> None:
    """Such a deal could be played but never saved, kept or continued."""
    for code in ("K100-0000-0000-0000-0000-001D", "K800-0000-0000-001K"):
        with pytest.raises(DealCodeError, match="names no deal"):
            decode(code)
    largest = decode(encode(Deal("knights", 2, 2**63 - 1, 1)))
    assert largest.seed == 2**63 - 1
