"""Property tests of check_meld over generated runs and groups."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.rummy import JOKER, Card, check_meld, joker_meaning, read_meld


def spaced_joker_positions(length: int, wanted: list[int]) -> list[int]:
    """Keep positions so that any two jokers have at least two cards between them."""
    kept: list[int] = []
    for position in sorted(set(p % length for p in wanted)):
        if not kept or position - kept[-1] >= 3:
            kept.append(position)
    return kept


@st.composite
def runs(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """(the run with jokers, the same run written out in full)."""
    length = draw(st.integers(3, 13))
    top = draw(st.integers(length, 14))  # ranks top-length+1 .. top, 14 = high ace
    suit = draw(st.sampled_from("CDHS"))
    ranks = [r if r != 14 else 1 for r in range(top - length + 1, top + 1)]
    if draw(st.booleans()):
        ranks.reverse()
    full = [Card(rank, suit) for rank in ranks]
    jokers = spaced_joker_positions(length, draw(st.lists(st.integers(0, 12), max_size=4)))
    with_jokers = [JOKER if i in jokers else card for i, card in enumerate(full)]
    assume(sum(1 for c in with_jokers if not c.is_joker) >= 2)
    return with_jokers, full


@settings(max_examples=300, deadline=None)
@given(runs())
def test_every_generated_run_is_valid_and_jokers_read_back(
    run: tuple[list[Card], list[Card]],
) -> None:
    cards, full = run
    verdict = check_meld(cards)
    assert verdict.valid and verdict.kind == "run", (cards, verdict)
    assert verdict.value == check_meld(full).value
    meanings = joker_meaning(cards)
    assert [m if m is not None else c for m, c in zip(meanings, cards, strict=True)] == full
    assert check_meld(list(reversed(cards))).value == verdict.value


@settings(max_examples=200, deadline=None)
@given(runs(), st.integers(0, 12))
def test_removing_an_inner_card_opens_a_gap(run: tuple[list[Card], list[Card]], at: int) -> None:
    _, full = run
    assume(len(full) >= 4)
    inner = 1 + at % (len(full) - 2)
    broken = full[:inner] + full[inner + 1 :]
    verdict = check_meld(broken)
    assert not verdict.valid
    gap = f"gap between {full[inner - 1]} and {full[inner + 1]}"
    # A-3-...-K is a 3-...-K-A run out of order: the engine says so instead of "gap".
    assert verdict.error == gap or (verdict.error or "").endswith(
        "is not in order: sort it up or down"
    )


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 13),
    st.permutations("CDHS"),
    st.integers(3, 4),
    st.lists(st.integers(0, 3), max_size=2),
)
def test_groups_are_valid_with_spaced_jokers(
    rank: int, suits: list[str], size: int, joker_at: list[int]
) -> None:
    cards = [Card(rank, suit) for suit in suits[:size]]
    for position in spaced_joker_positions(size, joker_at):
        cards[position] = JOKER
    assume(sum(1 for c in cards if not c.is_joker) >= 2)
    verdict = check_meld(cards)
    assert verdict.valid and verdict.kind == "group"
    per_card = 11 if rank == 1 else min(rank, 10)
    assert verdict.value == per_card * size
    reading = read_meld(cards)
    assert reading is not None
    assert len({c.suit for c in reading.stands_for}) == size, "jokers take missing suits"
