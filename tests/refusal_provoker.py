"""Seeded random wrong moves, edits and sets in both games: the refusals they provoke.

Used by tests/game/test_refusals.py; ``english(seed)`` also ran on the code before typed refusals
(f6dc009) to write tests/data/refusals_english.txt, so the English is checked unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from game.core import IllegalAction
from game.knights import END, Deploy, Keep, Place
from game.knights import new_game as knights_game
from game.rummy import HIDDEN, JOKER, Card, Draw, NextRound, Pass, Play, TurnDraft, meld_problems
from game.rummy import new_game as rummy_game

TILES = ("lake", "mountain", "plain", "plain+castle", "forest+town", "forest+castle", "plain+town")
DIRS: tuple[str | None, ...] = ("N", "E", "S", "W", None)


def _try(call: Callable[[], Any]) -> IllegalAction | None:
    try:
        call()
    except IllegalAction as error:
        return error
    return None


def _refused(state: Any, action: Any) -> IllegalAction | None:
    return _try(lambda: state.apply(action))


def _wrong_knights_actions(rng: random.Random) -> list[Any]:
    drops = tuple(rng.randint(0, 3) for _ in range(rng.randint(0, 3)))
    count = sum(drops) if rng.random() < 0.7 else rng.randint(-1, 7)
    return [
        Place(rng.choice(TILES), rng.randint(-7, 7), rng.randint(-7, 7)),
        Place("plain", 0.5, 1) if rng.random() < 0.1 else END,  # type: ignore[arg-type]
        Deploy(count, rng.choice(DIRS), drops),
        Deploy(rng.randint(1, 2), rng.choice(DIRS), (rng.randint(1, 2),)),
        Keep(rng.choice(TILES)),
        "not an action",
    ]


def knights_refusals(rng: random.Random, games: int) -> Iterator[IllegalAction]:
    for game in range(games):
        state = knights_game(rng.choice([2, 3, 4]), game)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in _wrong_knights_actions(rng):
                if action not in legal:
                    error = _refused(state, action)
                    if error is not None:
                        yield error
            castles = [a for a in legal if isinstance(a, Place) and "castle" in a.tile]
            state = state.apply(rng.choice(castles if castles and rng.random() < 0.5 else legal))
        yield from filter(None, [_refused(state, END)])


def _random_edit(draft: TurnDraft, rng: random.Random) -> Callable[[], TurnDraft]:
    sets = max(1, len(draft.placed))
    s, t = rng.randrange(-1, sets + 1), rng.randrange(-1, sets + 1)
    p, q = rng.randrange(-1, 6), rng.randrange(-1, 6)
    hand: int | Card = rng.randrange(-1, len(draft.hand) + 1)
    if rng.random() < 0.3 and draft.hand:
        hand = rng.choice(draft.hand)
    elif rng.random() < 0.1:
        hand = Card(13, "S")
    edits: list[Callable[[], TurnDraft]] = [
        lambda: draft.hand_to_set(hand, s, p if rng.random() < 0.5 else None),
        lambda: draft.hand_to_new_set(hand),
        lambda: draft.set_to_set(s, p, t, q),
        lambda: draft.set_to_new_set(s, p),
        lambda: draft.set_to_hand(s, p),
        lambda: draft.split(s, p),
        lambda: draft.join(s, s if rng.random() < 0.3 else t),
    ]
    return rng.choice(edits)


def _with_table(state: Any, rng: random.Random) -> Any:
    """The state with a few valid runs moved from the stock to the table, some players opened."""
    stock = list(state.stock)
    table = []
    for _ in range(rng.randint(1, 4)):
        start = rng.choice([c for c in stock if not c.is_joker and c.rank <= 11])
        run = [Card(start.rank + i, start.suit) for i in range(3)]
        if all(card in stock for card in run):
            for card in run:
                stock.remove(card)
            table.append(tuple(run))
    players = tuple(replace(p, opened=rng.random() < 0.5) for p in state.players)
    return replace(state, table=tuple(table), stock=tuple(stock), players=players)


def _wrong_plays(state: Any, rng: random.Random) -> Iterator[Any]:
    seat = state.current_player
    hand = list(state.players[seat].hand)
    table = [tuple(cards) for cards in state.table]
    for _try_play in range(3):
        cards = tuple(rng.sample(hand, min(len(hand), rng.randint(1, 5))))
        after = [*table, cards]
        if table and rng.random() < 0.3:
            after.pop(rng.randrange(len(table)))
        if rng.random() < 0.2:
            after.append((Card(rng.randint(1, 13), rng.choice("CDHS")),) * 3)
        yield Play(tuple(after))
    yield Play(tuple(table))
    yield Pass()
    yield NextRound()
    yield "not an action"


def _player_changes(state: Any, rng: random.Random) -> Iterator[IllegalAction | None]:
    yield _try(lambda: state.add_player("  "))
    crowd = state
    while crowd.num_players < 6:
        crowd = crowd.add_player(f"Guest {crowd.num_players}")
    yield _try(lambda: crowd.add_player("One too many"))
    pair = state
    while pair.num_players > 2:
        pair = pair.remove_current()
    yield _try(lambda: pair.remove_current())
    yield _refused(replace(state, stock=()), Draw())
    seat = state.current_player
    yield _refused(state.view((seat + 1) % state.num_players), Play(((Card(5, "H"),) * 3,)))
    over = state._end_round(winner=None)
    yield _refused(over, Draw())
    yield _try(lambda: TurnDraft.start(over))
    yield _try(lambda: TurnDraft.start(state.view((seat + 1) % state.num_players)))


def rummy_refusals(rng: random.Random, rounds: int) -> Iterator[IllegalAction]:
    for game in range(rounds):
        state = _with_table(rummy_game(rng.choice([2, 3, 4]), game), rng)
        yield from filter(None, _player_changes(state, rng))
        for _step in range(25):
            for action in _wrong_plays(state, rng):
                error = _refused(state, action)
                if error is not None:
                    yield error
            draft = TurnDraft.start(state)
            for _edit in range(12):
                error = _try(_random_edit(draft, rng))
                if error is None:
                    continue
                yield error
            state = state.apply(rng.choice(state.legal_actions()))


def _meld_row(deck: list[Card], rng: random.Random) -> list[Card]:
    shape = rng.random()
    normal = [c for c in deck if not c.is_joker]
    base = rng.choice(normal)
    if shape < 0.3:
        return rng.sample(deck, rng.randint(1, 6))
    if shape < 0.6:  # near-runs and near-groups, where the subtler problems live
        row = [c for c in normal if c.suit == base.suit or c.rank == base.rank]
        row = rng.sample(row, min(len(row), rng.randint(2, 6)))
        return sorted(row) if rng.random() < 0.5 else row
    if shape < 0.7:  # runs over the king, and too long
        length = rng.choice([3, 4, 14])
        return [Card((base.rank + i - 1) % 13 + 1, base.suit) for i in range(length)]
    if shape < 0.8:  # a group of five, or with a face-down card
        row = [Card(base.rank, suit) for suit in "CDHS"] + [Card(base.rank, base.suit)]
        return row if rng.random() < 0.5 else [*row[:2], HIDDEN]
    row = [Card(base.rank + i, base.suit) for i in range(4) if base.rank + i <= 13]
    row.insert(rng.randrange(len(row) + 1), JOKER if rng.random() < 0.5 else base)
    return row


def meld_refusals(rng: random.Random, sets: int) -> Iterator[str]:
    state = rummy_game(2, 0)
    deck = list(state.stock) + [c for p in state.players for c in p.hand]
    for _ in range(sets):
        yield from meld_problems(_meld_row(deck, rng))


def provoke(seed: int) -> Iterator[Any]:
    """Refusals (IllegalAction) and meld problems, in a fixed order for ``seed``."""
    rng = random.Random(seed)
    yield from knights_refusals(rng, 4)
    yield from rummy_refusals(rng, 5)
    yield from meld_refusals(rng, 400)


def english(seed: int) -> list[str]:
    return [str(refusal) for refusal in provoke(seed)]
