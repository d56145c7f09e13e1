"""TurnDraft: laying out a turn card by card, as the client does, then turning it into a Play."""

from __future__ import annotations

import pytest

from game.core import IllegalAction
from game.rummy import (
    Card,
    DraftError,
    PlayerState,
    RummyState,
    TurnDraft,
    new_game,
    parse_card,
    parse_cards,
)


def c(text: str) -> Card:
    return parse_card(text)


def texts(draft: TurnDraft) -> list[str]:
    return [" ".join(str(card) for card in cards) for cards in draft.sets]


def state_with(hand: str, table: tuple[str, ...] = (), opened: bool = False) -> RummyState:
    players = (
        PlayerState("Ann", 0, opened, tuple(sorted(parse_cards(hand)))),
        PlayerState("Bob", 0, False, tuple(parse_cards("2C 3C 4C"))),
    )
    return RummyState(
        seed=1,
        jokers=6,
        round=1,
        phase="turn",
        dealer=1,
        current_player=0,
        passes=0,
        winner=None,
        players=players,
        table=tuple(tuple(parse_cards(t)) for t in table),
        stock=tuple(parse_cards("KS QS")),
    )


def lay(draft: TurnDraft, text: str) -> TurnDraft:
    """Start a new set with the given hand cards, in order."""
    first, *rest = parse_cards(text)
    draft = draft.hand_to_new_set(first)
    for card in rest:
        draft = draft.hand_to_set(card, len(draft.sets) - 1)
    return draft


def test_start_mirrors_the_state() -> None:
    state = state_with("QH KH AH 2C", ("7S 8S 9S",))
    draft = TurnDraft.start(state)
    assert draft.hand == state.players[0].hand
    assert draft.sets == state.table
    assert not draft.changed and not draft.can_undo
    assert draft.statuses() == ["public"]


def test_laying_an_opening_and_turning_it_into_a_play() -> None:
    state = state_with("QH KH AH 2C")
    draft = lay(TurnDraft.start(state), "QH KH")
    assert draft.set_status(0) == "temporary"
    assert draft.set_problems() == ["a set needs at least 3 cards"]
    assert draft.opening_points() == 0
    draft = draft.hand_to_set(c("AH"), 0)
    assert draft.set_problems() == [None]
    assert draft.opening_points() == 30 and draft.opening_reached()
    assert draft.set_status(0) == "public"
    assert draft.problems() == []
    assert draft.hand == (c("2C"),)
    after = state.apply(draft.to_action())
    assert after.table == ((c("QH"), c("KH"), c("AH")),)
    assert after.players[0].opened


def test_opening_progress_below_thirty() -> None:
    draft = lay(TurnDraft.start(state_with("7H 8H 9H 2C")), "7H 8H 9H")
    assert draft.opening_points() == 24
    assert not draft.opening_reached()
    assert draft.set_status(0) == "temporary"
    assert any("to open" in problem for problem in draft.problems())


def test_hand_card_at_a_position_by_index_or_card() -> None:
    draft = TurnDraft.start(state_with("7H 9H 8H"))  # the hand is kept sorted: 7H 8H 9H
    assert draft.hand == (c("7H"), c("8H"), c("9H"))
    draft = draft.hand_to_new_set(2).hand_to_set(0, 0, 0).hand_to_set(c("8H"), 0, 1)
    assert texts(draft) == ["7H 8H 9H"]


def test_unopened_player_can_not_touch_public_sets_before_the_thirty() -> None:
    draft = TurnDraft.start(state_with("10S QD QC QS", ("7S 8S 9S",)))
    with pytest.raises(DraftError, match="open first"):
        draft.hand_to_set(c("10S"), 0)
    with pytest.raises(DraftError, match="open first"):
        draft.split(0, 1)
    opened = lay(draft, "QD QC QS")
    assert opened.opening_reached()
    used = opened.hand_to_set(c("10S"), 0)
    assert texts(used) == ["7S 8S 9S 10S", "QD QC QS"]
    assert used.problems() == []


def test_opening_dissolved_into_public_sets_is_reported() -> None:
    draft = lay(TurnDraft.start(state_with("10S JS QS 2C", ("7S 8S 9S",))), "10S JS QS")
    assert draft.opening_reached()
    joined = draft.join(0, 1)
    assert texts(joined) == ["7S 8S 9S 10S JS QS"]
    assert joined.set_problems() == [None]
    assert not joined.opening_reached()
    assert any("to open" in problem for problem in joined.problems())


def test_own_cards_come_back_out_of_a_public_set_after_the_opening_broke() -> None:
    """Laying an opening card onto a public set drops the opening below 30; the card may still
    move back out (only the public set's own cards stay locked until the 30 are back)."""
    draft = lay(TurnDraft.start(state_with("10H JH QH 2C", ("7H 8H 9H",))), "10H JH QH")
    moved = draft.set_to_set(1, 0, 0)  # 10H onto the public run
    assert texts(moved) == ["7H 8H 9H 10H", "JH QH"] and not moved.opening_reached()
    with pytest.raises(DraftError, match="open first"):
        moved.set_to_set(0, 0, 1)  # a public card: locked
    back = moved.set_to_set(0, 3, 1, 0)  # his own 10H: back in front of JH QH
    assert texts(back) == ["7H 8H 9H", "10H JH QH"] and back.opening_reached()
    alone = moved.set_to_new_set(0, 3)
    assert texts(alone) == ["7H 8H 9H", "JH QH", "10H"]


def test_table_cards_can_not_go_to_the_hand() -> None:
    draft = TurnDraft.start(state_with("10S 2C", ("7S 8S 9S",), opened=True))
    assert draft.why_not_to_hand(0, 0) is not None
    with pytest.raises(DraftError, match="table cards can't go to a hand"):
        draft.set_to_hand(0, 0)
    laid = draft.hand_to_set(c("10S"), 0)
    assert laid.from_hand(0, 3) and not laid.from_hand(0, 0)
    back = laid.set_to_hand(0, 3)
    assert back.hand == draft.hand and back.sets == draft.sets


def test_draft_errors_are_illegal_actions() -> None:
    assert issubclass(DraftError, IllegalAction)


def test_move_within_a_set_and_between_sets() -> None:
    draft = TurnDraft.start(state_with("2C", ("9S 7S 8S", "QH QD QC KH"), opened=True))
    fixed = draft.set_to_set(0, 0, 0, 2)
    assert texts(fixed)[0] == "7S 8S 9S"
    moved = fixed.set_to_new_set(1, 3)
    assert texts(moved) == ["7S 8S 9S", "QH QD QC", "KH"]
    merged = moved.set_to_set(2, 0, 0)
    assert texts(merged) == ["7S 8S 9S KH", "QH QD QC"], "an emptied set disappears"


def test_split_and_join() -> None:
    draft = TurnDraft.start(state_with("2C", ("7S 8S 9S 10S JS",), opened=True))
    split = draft.split(0, 3)
    assert texts(split) == ["7S 8S 9S", "10S JS"]
    with pytest.raises(DraftError, match="split inside the set"):
        draft.split(0, 0)
    assert split.join(0, 1).sets == draft.sets
    assert texts(split.join(1, 0)) == ["10S JS 7S 8S 9S"]
    with pytest.raises(DraftError):
        split.join(1, 1)


def test_opened_player_rebuilds_and_lays_a_card() -> None:
    state = state_with("QH 2C", ("7H 8H 9H 10H JH", "QS QD QC"), opened=True)
    draft = TurnDraft.start(state).split(0, 3).hand_to_set(c("QH"), 1)
    assert texts(draft) == ["7H 8H 9H", "10H JH QH", "QS QD QC"]
    assert draft.problems() == []
    assert draft.statuses() == ["public", "public", "public"]
    after = state.apply(draft.to_action())
    assert after.players[0].hand == (c("2C"),)


def test_undo_and_reset() -> None:
    start = TurnDraft.start(state_with("QH KH AH 2C"))
    one = start.hand_to_new_set(c("QH"))
    two = one.hand_to_set(c("KH"), 0)
    assert two.undo() == one and two.undo().undo() == start
    assert start.undo() is start
    assert two.reset() == start and two.reset().undo() is two  # a reset can be undone
    assert start.reset() is start


def test_edits_never_change_the_draft_they_start_from() -> None:
    start = TurnDraft.start(state_with("QH KH AH 2C"))
    start.hand_to_new_set(c("QH"))
    assert start.sets == () and len(start.hand) == 4


def test_problems_name_each_invalid_set() -> None:
    state = state_with("7D 9D 10D", ("7H 8H 9H",), opened=True)
    draft = lay(TurnDraft.start(state), "7D 9D 10D")
    assert draft.set_problems() == [None, "gap between 7D and 9D"]
    assert any(problem.startswith("set 2 (7D 9D 10D)") for problem in draft.problems())
    assert "lay at least one card" in TurnDraft.start(state).problems()[0]


def test_bad_indices_and_cards_are_refused_in_words() -> None:
    draft = TurnDraft.start(state_with("2C", ("7H 8H 9H",), opened=True))
    with pytest.raises(DraftError, match="no set 3"):
        draft.hand_to_set(0, 2)
    with pytest.raises(DraftError, match="not in your hand"):
        draft.hand_to_new_set(c("KS"))
    with pytest.raises(DraftError, match="places 1 to 4"):
        draft.hand_to_set(0, 0, 9)
    with pytest.raises(DraftError, match="no card 5"):
        draft.set_to_new_set(0, 4)


def test_only_the_player_on_turn_and_a_running_round() -> None:
    state = new_game(2, seed=3)
    assert TurnDraft.start(state.view(1)).hand == state.players[1].hand
    with pytest.raises(DraftError):
        TurnDraft.start(state.view(0))
