"""'Why did the computer do that?' tells the other players nothing the move did not show: no
card of the computer's hand, no tile it holds, no penalty it carries."""

from __future__ import annotations

from typing import Any

from game.considered import SEARCH, Considered, Option
from game.knights import END, Place
from game.knights import new_game as new_knights
from game.play.why import WhyRecord, why_lines
from game.rummy import Draw, Play, RummyState, parse_cards
from game.rummy import new_game as new_rummy

HAND = "7H 8H 9H QS QD 2C 5D * KC 4S 6S 10D 3C"


def rummy_position() -> RummyState:
    """Kunz (seat 1, on turn) holds ``HAND``; Ann and the stock the rest of the deck."""
    data: dict[str, Any] = new_rummy(["Ann", "Kunz"], 3).to_dict()
    cards = data["stock"] + data["players"][0]["hand"] + data["players"][1]["hand"]
    for card in HAND.split():
        cards.remove(card)
    data["players"][1]["hand"] = HAND.split()
    data["players"][0]["hand"], data["stock"] = cards[:13], cards[13:]
    return RummyState.from_dict(data)


def texts(record: WhyRecord) -> str:
    return "\n".join(text for text, _kind in why_lines(record, ["Ann", "Kunz"]))


def test_rummy_why_names_no_card_the_computer_kept_nor_its_penalty() -> None:
    before = rummy_position()
    assert before.current_player == 1
    weighed = Play((tuple(parse_cards("7H 8H 9H")),))
    considered = Considered(
        SEARCH,
        (Option(({"type": "draw"},), 0.41, 300), Option((weighed.to_dict(),), 0.35, 200)),
        "hard",
    )
    said = texts(WhyRecord("rummy", 1, "hard", before, Draw(), considered))
    assert "lay 3 cards" in said  # the move weighed, told by its size
    for hidden in ("7 of hearts", "8 of hearts", "9 of hearts", "joker", "penalty"):
        assert hidden not in said, hidden


def test_knights_why_names_no_tile_of_the_computers_hand_it_did_not_lay() -> None:
    before = new_knights(["Ann", "Hilde"], 2)
    while before.phase == "keep":  # both keep a tile: the start layout is laid
        before = before.apply(before.legal_actions()[0])
    seat = before.current_player
    hand = [tile.tile for tile in before.hands[seat]]
    places = [a for a in before.legal_actions() if isinstance(a, Place)]
    played = places[0]
    other = next(a for a in places if a.tile != played.tile)
    considered = Considered(
        SEARCH,
        (
            Option((played.to_dict(), END.to_dict()), 0.5, 300),
            Option((other.to_dict(), END.to_dict()), 0.4, 200),
        ),
        "hard",
    )
    said = texts(WhyRecord("knights", seat, "hard", before, played, considered))
    assert "Also weighed: lay at" in said
    kept = [kind for kind in hand if kind != played.tile]
    assert other.tile in kept
    from game.knights.words import tile_name

    for kind in set(kept) - {played.tile}:
        assert tile_name(kind) not in said.split("Also weighed")[1], kind


def test_knights_why_tells_the_turn_as_it_was_played() -> None:
    before = new_knights(["Ann", "Hilde"], 2)
    while before.phase == "keep":
        before = before.apply(before.legal_actions()[0])
    seat = before.current_player
    place = next(
        a for a in before.legal_actions() if isinstance(a, Place) and "castle" not in a.tile
    )
    planned = Option((place.to_dict(),), 0.5, 300)
    record = WhyRecord(
        "knights", seat, "hard", before, place, Considered(SEARCH, (planned,)), (place, END)
    )
    played = next(text for text, kind in why_lines(record, ["Ann", "Hilde"]) if kind == "played")
    assert "and stop" in played  # the whole turn the others saw, its end included
