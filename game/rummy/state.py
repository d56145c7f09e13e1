"""The Räuber-Rommé game state: an immutable value; ``apply`` returns a new state.

A round is the unit of play and search: ``is_terminal`` is true once a round is over, and the
only action then is ``NextRound``. Penalty points (``PlayerState.score``) add up over rounds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..core import IllegalAction, shared_win_returns
from . import refusals, serial
from .actions import Action, Draw, NextRound, Pass, Play, Table, as_table, is_table
from .cards import HIDDEN, MAX_PLAYERS, MIN_PLAYERS, Card, hand_value, make_deck
from .turn_rules import check_play

Phase = Literal["turn", "round_over"]
HAND_SIZE = 13
DEFAULT_JOKERS = 6


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: ``score`` is the cumulative penalty; ``opened`` is reset each round."""

    name: str
    score: int
    opened: bool
    hand: tuple[Card, ...]


def round_rng(seed: int, round_number: int, purpose: str = "deal") -> random.Random:
    """The generator for one round's deal (or shuffle), fixed by the game seed and round."""
    return random.Random(f"raeuber-romme/{seed}/{round_number}/{purpose}")


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Hands are kept sorted (jokers first, then by rank and suit): a canonical value."""
    return tuple(sorted(cards))


def remove_cards(hand: Sequence[Card], cards: Counter[Card]) -> tuple[Card, ...]:
    left = Counter(hand) - cards
    return sorted_hand(list(left.elements()))


def _check_name(name: str) -> str:
    cleaned = name.strip()
    if not cleaned:
        raise IllegalAction(refusals.NAME_NEEDED())
    return cleaned


@dataclass(frozen=True, slots=True)
class RummyState:
    """See docs/contract.md for the JSON form (where ``current_player`` is saved as ``"current"``).
    ``stock`` is top first; ``current_player`` is None when the round is over; ``passes`` counts
    consecutive passes since the last play (empty stock only)."""

    seed: int
    jokers: int
    round: int
    phase: Phase
    dealer: int
    current_player: int | None
    passes: int
    winner: int | None
    players: tuple[PlayerState, ...]
    table: Table
    stock: tuple[Card, ...]

    # --- the game contract ----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "round_over"

    def legal_actions(self) -> list[Action]:
        """The simple actions: draw (stock not empty) or pass (stock empty), or next round.
        Plays are too many to list; ``check_play`` / ``apply`` judge them."""
        if self.phase == "round_over":
            return [NextRound()]
        return [Draw()] if self.stock else [Pass()]

    def apply(self, action: Action) -> RummyState:
        if isinstance(action, NextRound):
            return self._next_round()
        if self.phase != "turn" or self.current_player is None:
            raise IllegalAction(refusals.ROUND_OVER())
        if isinstance(action, Draw):
            return self._draw()
        if isinstance(action, Pass):
            return self._pass()
        if isinstance(action, Play):
            return self._play(action.table)
        raise IllegalAction(refusals.NOT_A_RUMMY_ACTION(action=repr(action)))

    def returns(self) -> list[float]:
        """At the round's end the winner gets 1; without a winner the lowest hand value wins
        (ties shared). 0 for everyone while the round runs."""
        if not self.is_terminal:
            return [0.0] * self.num_players
        if self.winner is not None:
            return shared_win_returns(self.num_players, [self.winner])
        values = [hand_value(player.hand) for player in self.players]
        lowest = min(values)
        return shared_win_returns(
            self.num_players, [seat for seat, value in enumerate(values) if value == lowest]
        )

    # --- turns ------------------------------------------------------------------------------

    def _with_player(self, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
        return self.players[:seat] + (player,) + self.players[seat + 1 :]

    def _after(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def _draw(self) -> RummyState:
        if not self.stock:
            raise IllegalAction(refusals.STOCK_EMPTY())
        seat = self._seat()
        player = self.players[seat]
        drawn = replace(player, hand=sorted_hand((*player.hand, self.stock[0])))
        return replace(
            self,
            players=self._with_player(seat, drawn),
            stock=self.stock[1:],
            passes=0,
            current_player=self._after(seat),
        )

    def _pass(self) -> RummyState:
        if self.stock:
            raise IllegalAction(refusals.PASS_ONLY_WHEN_EMPTY())
        passes = self.passes + 1
        if passes >= self.num_players:
            return replace(self, passes=passes)._end_round(winner=None)
        return replace(self, passes=passes, current_player=self._after(self._seat()))

    def _play(self, table: Table) -> RummyState:
        if not is_table(table):  # whatever was put in the Play: refused, never a crash
            raise IllegalAction(refusals.PLAY_MALFORMED())
        problems = check_play(self, table)
        if problems:
            raise IllegalAction(refusals.PLAY_REFUSED(rest=tuple(problems)))
        seat = self._seat()
        player = self.players[seat]
        played = Counter(card for cards in table for card in cards)
        played.subtract(card for cards in self.table for card in cards)
        hand = remove_cards(player.hand, +played)
        after_play = replace(
            self,
            players=self._with_player(seat, replace(player, hand=hand, opened=True)),
            table=as_table(table),
            passes=0,
        )
        if not hand:
            return after_play._end_round(winner=seat)
        return replace(after_play, current_player=self._after(seat))

    def _end_round(self, winner: int | None) -> RummyState:
        """Every player adds his hand value to his penalty points (the winner's hand is empty)."""
        scored = tuple(
            replace(player, score=player.score + hand_value(player.hand)) for player in self.players
        )
        return replace(self, players=scored, phase="round_over", current_player=None, winner=winner)

    def _next_round(self) -> RummyState:
        if self.phase != "round_over":
            raise IllegalAction(refusals.ROUND_STILL_PLAYED())
        dealer = self._after(self.dealer)
        return deal_round(self.seed, self.jokers, self.round + 1, dealer, self.players)

    def _seat(self) -> int:
        if self.current_player is None:
            raise IllegalAction(refusals.ROUND_OVER())
        return self.current_player

    # --- players ----------------------------------------------------------------------------

    def add_player(self, name: str) -> RummyState:
        """A new player joins after the last seat with 0 points and (during a round) up to 13
        cards from the stock; after a round he waits for the next deal."""
        if self.num_players >= MAX_PLAYERS:
            raise IllegalAction(refusals.TOO_MANY_PLAYERS(n=MAX_PLAYERS))
        cards = self.stock[:HAND_SIZE] if self.phase == "turn" else ()
        newcomer = PlayerState(_check_name(name), 0, False, sorted_hand(cards))
        return replace(self, players=(*self.players, newcomer), stock=self.stock[len(cards) :])

    def rename_current(self, name: str) -> RummyState:
        seat = self._seat()
        renamed = replace(self.players[seat], name=_check_name(name))
        return replace(self, players=self._with_player(seat, renamed))

    def remove_current(self) -> RummyState:
        """The current player leaves: his cards are shuffled back into the stock, his points go
        with him, and the next player is on turn."""
        seat = self._seat()
        if self.num_players <= MIN_PLAYERS:
            raise IllegalAction(refusals.TOO_FEW_PLAYERS(n=MIN_PLAYERS))
        stock = list(self.stock) + list(self.players[seat].hand)
        round_rng(self.seed, self.round, f"remove/{seat}/{len(stock)}").shuffle(stock)
        players = self.players[:seat] + self.players[seat + 1 :]
        remaining = len(players)
        if self.dealer > seat:
            dealer = self.dealer - 1
        elif self.dealer == seat:
            dealer = (seat - 1) % remaining
        else:
            dealer = self.dealer
        return replace(
            self,
            players=players,
            stock=tuple(stock),
            dealer=dealer,
            current_player=seat % remaining,
            passes=0,
        )

    # --- hidden information -----------------------------------------------------------------

    def view(self, player: int) -> RummyState:
        """What ``player`` sees: his own hand and the table; the other hands and the stock are
        face-down placeholders (``HIDDEN``) that keep their counts."""
        if not 0 <= player < self.num_players:
            raise ValueError(f"there is no seat {player}")
        players = tuple(
            p if seat == player else replace(p, hand=(HIDDEN,) * len(p.hand))
            for seat, p in enumerate(self.players)
        )
        return replace(self, players=players, stock=(HIDDEN,) * len(self.stock))

    def unseen_cards(self, player: int) -> list[Card]:
        """The cards ``player`` can't see: the deck minus his hand and the table."""
        unseen = Counter(make_deck(self.jokers))
        unseen.subtract(self.players[player].hand)
        for cards in self.table:
            unseen.subtract(cards)
        if any(count < 0 for count in unseen.values()):
            raise ValueError("the hand and table hold cards that are not in the deck")
        return sorted(unseen.elements())

    def determinize(self, player: int, rng: random.Random) -> RummyState:
        """A full state consistent with what ``player`` has seen: the other hands and the stock
        redealt (same counts) from the unseen cards. Works on a view as well. (In a small
        hand-made position that doesn't hold the whole deck, a random part of the unseen cards
        is dealt.)"""
        pool = self.unseen_cards(player)
        rng.shuffle(pool)
        slots = sum(len(p.hand) for seat, p in enumerate(self.players) if seat != player)
        if len(pool) < slots + len(self.stock):
            raise ValueError("more hidden cards than unseen cards in the deck")
        pool = pool[: slots + len(self.stock)]
        players = []
        for seat, p in enumerate(self.players):
            if seat == player:
                players.append(p)
            else:
                hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
                players.append(replace(p, hand=sorted_hand(hand)))
        return replace(self, players=tuple(players), stock=tuple(pool))

    # --- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return serial.state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> RummyState:
        fields = serial.parse_state(data)
        players = tuple(PlayerState(*player) for player in fields.pop("players"))
        return cls(players=players, **fields)


def deal_round(
    seed: int,
    jokers: int,
    round_number: int,
    dealer: int,
    players: Sequence[PlayerState],
) -> RummyState:
    """A fresh round: shuffled deck, 13 cards each, empty table, play starts after the dealer."""
    deck = make_deck(jokers)
    round_rng(seed, round_number).shuffle(deck)
    dealt = []
    for seat, player in enumerate(players):
        hand = sorted_hand(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
        dealt.append(PlayerState(player.name, player.score, False, hand))
    return RummyState(
        seed=seed,
        jokers=jokers,
        round=round_number,
        phase="turn",
        dealer=dealer,
        current_player=(dealer + 1) % len(players),
        passes=0,
        winner=None,
        players=tuple(dealt),
        table=(),
        stock=tuple(deck[len(players) * HAND_SIZE :]),
    )


def new_game(players: int | Sequence[str], seed: int, jokers: int = DEFAULT_JOKERS) -> RummyState:
    """Round 1 of a new game: seat 0 deals, seat 1 begins. ``players`` is a count or names."""
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else players
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(f"Räuber-Rommé is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if not 0 <= jokers <= 12:
        raise ValueError("the number of jokers must be between 0 and 12")
    seats = [PlayerState(_check_name(name), 0, False, ()) for name in names]
    return deal_round(seed, jokers, 1, 0, seats)
