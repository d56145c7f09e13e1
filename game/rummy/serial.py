"""The Räuber-Rommé save format (docs/contract.md, state JSON version 1), validated on load.

``"?"`` stands for a face-down card, so a ``view`` round-trips too. A game in play always holds
the whole deck (hands + table + stock), but loading only requires that no card occurs more often
than the deck holds it, so that small hand-made positions (tests, puzzles) load as well.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..core import SaveFormatError, require
from .cards import HIDDEN, HIDDEN_TEXT, MAX_PLAYERS, MIN_PLAYERS, Card, make_deck, parse_card
from .melds import check_meld

if TYPE_CHECKING:
    from .state import RummyState

GAME_ID = "raeuber-romme"
VERSION = 1
FIELDS = {
    "game", "version", "seed", "jokers", "round", "phase", "dealer", "current", "passes",
    "winner", "players", "table", "stock",
}  # fmt: skip
PLAYER_FIELDS = {"name", "score", "opened", "hand"}


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def state_to_dict(state: RummyState) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "version": VERSION,
        "seed": state.seed,
        "jokers": state.jokers,
        "round": state.round,
        "phase": state.phase,
        "dealer": state.dealer,
        "current": state.current_player,
        "passes": state.passes,
        "winner": state.winner,
        "players": [
            {"name": p.name, "score": p.score, "opened": p.opened, "hand": _texts(p.hand)}
            for p in state.players
        ],
        "table": [_texts(cards) for cards in state.table],
        "stock": _texts(state.stock),
    }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    require(isinstance(value, list), f"{where} must be a list of cards")
    cards = []
    for text in value:
        require(isinstance(text, str), f"{where}: cards are written as text, e.g. '7H'")
        if text == HIDDEN_TEXT:
            cards.append(HIDDEN)
            continue
        try:
            cards.append(parse_card(text))
        except ValueError as error:
            raise SaveFormatError(f"{where}: {error}") from None
    return tuple(cards)


def _seat(value: Any, players: int, where: str, allow_none: bool) -> int | None:
    if value is None and allow_none:
        return None
    require(_is_int(value) and 0 <= value < players, f"{where} must be a seat 0..{players - 1}")
    return int(value)


def parse_state(data: Any) -> dict[str, Any]:
    """The fields of a ``RummyState`` read from ``data``, each checked (``players`` as
    ``(name, score, opened, hand)`` tuples); SaveFormatError for anything wrong."""
    require(isinstance(data, dict), "a saved Räuber-Rommé game must be a JSON object")
    require(data.get("game") == GAME_ID, f"this is not a Räuber-Rommé save (game {GAME_ID!r})")
    require(data.get("version") == VERSION, f"unknown save version {data.get('version')!r}")
    missing, extra = FIELDS - set(data), set(data) - FIELDS
    require(not missing, f"the save lacks {sorted(missing)}")
    require(not extra, f"the save has unknown fields {sorted(extra)}")
    for key in ("seed", "jokers", "round", "dealer", "passes"):
        require(_is_int(data[key]), f"{key} must be a whole number")
    require(0 <= data["jokers"] <= 12, "jokers must be 0..12")
    require(data["round"] >= 1, "round must be 1 or more")
    phase = data["phase"]
    require(phase in ("turn", "round_over"), "phase must be 'turn' or 'round_over'")

    raw_players = data["players"]
    require(isinstance(raw_players, list), "players must be a list")
    count = len(raw_players)
    require(MIN_PLAYERS <= count <= MAX_PLAYERS, f"{MIN_PLAYERS} to {MAX_PLAYERS} players")
    players = []
    for seat, raw in enumerate(raw_players):
        require(isinstance(raw, dict) and set(raw) == PLAYER_FIELDS, f"player {seat}: bad fields")
        name, score, opened = raw["name"], raw["score"], raw["opened"]
        require(isinstance(name, str) and name.strip() != "", f"player {seat}: needs a name")
        require(_is_int(score) and score >= 0, f"player {seat}: score must be a number >= 0")
        require(isinstance(opened, bool), f"player {seat}: opened must be true or false")
        hand = _cards(raw["hand"], f"player {seat} hand")
        players.append((name, score, opened, hand))

    dealer = _seat(data["dealer"], count, "dealer", allow_none=False)
    assert dealer is not None
    current = _seat(data["current"], count, "current", allow_none=phase == "round_over")
    winner = _seat(data["winner"], count, "winner", allow_none=True)
    if phase == "turn":
        require(winner is None, "a round in play has no winner yet")
        require(0 <= data["passes"] < count, "passes must be below the number of players")
    else:
        require(current is None, "nobody is on turn once the round is over")
        require(winner is None or not players[winner][3], "the winner must have no cards")
        require(0 <= data["passes"] <= count, "passes out of range")

    raw_table = data["table"]
    require(isinstance(raw_table, list), "table must be a list of sets")
    table = tuple(_cards(cards, f"table set {i + 1}") for i, cards in enumerate(raw_table))
    for number, cards in enumerate(table, start=1):
        verdict = check_meld(cards)
        require(verdict.valid, f"table set {number} is not valid: {verdict.error}")
    stock = _cards(data["stock"], "stock")

    everything = Counter(card for cards in table for card in cards)
    everything.update(stock)
    for _name, _score, _opened, hand in players:
        everything.update(hand)
    everything.pop(HIDDEN, 0)
    deck = Counter(make_deck(data["jokers"]))
    for card, count in sorted((everything - deck).items()):
        raise SaveFormatError(
            f"{count + deck[card]} copies of {card}, but the deck holds {deck[card]}"
        )
    return dict(
        seed=data["seed"],
        jokers=data["jokers"],
        round=data["round"],
        phase=phase,
        dealer=dealer,
        current_player=current,
        passes=data["passes"],
        winner=winner,
        players=tuple(players),
        table=table,
        stock=stock,
    )
