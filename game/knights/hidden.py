"""Hidden information: what a player may see (``hide``) and a redeal of the rest (``redeal``).

A player sees his own hand, the whole table, every supply, and of every pile its size and the
letter of each tile; the kinds in other hands and piles are hidden, and so is the order inside a
letter of every pile (his own pile's kinds he knows: it is his tile set minus what he laid).
Tiles carry no owner, so the unseen pool is (all tile sets) - (table) - (what he knows), per letter.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..core import SaveFormatError
from .tiles import HIDDEN, KIND_ORDER, LETTERS, TILE_COUNTS, TILE_SET, Tile

if TYPE_CHECKING:
    from .state import KnightsState

Hands = tuple[tuple[Tile, ...], ...]

_HIDDEN_TILES = {letter: Tile(HIDDEN, letter) for letter in LETTERS}


def _sort_key(tile: Tile) -> tuple[str, int]:
    return (tile.letter, KIND_ORDER.get(tile.tile, -1))


def hide(hands: Hands, piles: Hands, player: int) -> tuple[Hands, Hands]:
    """Hands and piles as ``player`` sees them."""
    seen_hands = tuple(
        hand if q == player else tuple(_HIDDEN_TILES[t.letter] for t in hand)
        for q, hand in enumerate(hands)
    )
    # Piles are grouped by letter (B on top), so sorting by letter keeps the letter sequence.
    seen_piles = tuple(
        tuple(sorted(pile, key=_sort_key))
        if q == player
        else tuple(_HIDDEN_TILES[t.letter] for t in pile)
        for q, pile in enumerate(piles)
    )
    return seen_hands, seen_piles


def unseen_pool(state: KnightsState) -> dict[str, list[str]]:
    """Per letter, the kinds of the tiles whose place the viewer of ``state`` does not know."""
    counts: dict[tuple[str, str], int] = {}
    for letter, kinds in TILE_SET.items():
        for kind in kinds:
            counts[(kind, letter)] = counts.get((kind, letter), 0) + state.num_players
    known: list[tuple[str, str]] = [(p.tile, p.letter) for p in state.board.values()]
    known += [(t.tile, t.letter) for g in (state.start, *state.hands, *state.piles) for t in g]
    for key in known:
        if key[0] == HIDDEN:
            continue
        if counts.get(key, 0) <= 0:
            raise SaveFormatError(f"more {key[0]} tiles with letter {key[1]} than exist")
        counts[key] -= 1
    pool: dict[str, list[str]] = {letter: [] for letter in LETTERS}
    for (kind, letter), count in sorted(counts.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        pool[letter].extend([kind] * count)
    return pool


def _shuffle_within_letters(pile: tuple[Tile, ...], rng: random.Random) -> tuple[Tile, ...]:
    out: list[Tile] = []
    start = 0
    for end in range(1, len(pile) + 1):
        if end == len(pile) or pile[end].letter != pile[start].letter:
            group = list(pile[start:end])
            rng.shuffle(group)
            out.extend(group)
            start = end
    return tuple(out)


_ATTEMPTS = 30


def _deal_seat(
    hand: tuple[Tile, ...],
    pile: tuple[Tile, ...],
    pool: dict[str, list[str]],
    strict: bool,
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]] | None:
    """Fill one seat's hidden tiles from the (shuffled) pool. With ``strict``, a seat never gets
    more tiles of a (kind, letter) than one tile set has (tiles never change owner); returns None
    when the pool left can't do that."""
    held: dict[tuple[str, str], int] = {}
    for t in hand + pile:
        if t.tile != HIDDEN:
            held[(t.tile, t.letter)] = held.get((t.tile, t.letter), 0) + 1

    def fill(group: tuple[Tile, ...]) -> tuple[Tile, ...] | None:
        out = []
        for t in group:
            if t.tile != HIDDEN:
                out.append(t)
                continue
            kinds = pool[t.letter]
            for i in range(len(kinds) - 1, -1, -1):
                key = (kinds[i], t.letter)
                if not strict or held.get(key, 0) < TILE_COUNTS[key]:
                    break
            else:
                if not kinds:
                    raise SaveFormatError(f"no unseen {t.letter} tile left to deal")
                return None
            kind = kinds.pop(i)
            held[(kind, t.letter)] = held.get((kind, t.letter), 0) + 1
            out.append(Tile(kind, t.letter))
        return tuple(out)

    new_hand = fill(hand)
    new_pile = fill(pile) if new_hand is not None else None
    if new_hand is None or new_pile is None:
        return None
    return new_hand, new_pile


def redeal(seen: KnightsState, player: int, rng: random.Random) -> tuple[Hands, Hands]:
    """Hands and piles for ``seen`` (already ``player``'s view) with every hidden tile dealt
    from the unseen pool of its letter, and ``player``'s own pile shuffled within letters.

    Each seat's tiles come from one tile set, so a redeal that would give a seat more of a kind
    than a set holds (e.g. two A castles) is retried; after a few failures the cap is dropped
    rather than loop (it can only fail on positions no real game reaches)."""
    base = unseen_pool(seen)
    hidden_count = [
        sum(t.tile == HIDDEN for t in h + p) for h, p in zip(seen.hands, seen.piles, strict=True)
    ]
    # The most hidden tiles first: their caps bind hardest (a keep-phase hand of four is forced).
    hidden_seats = sorted(
        (q for q, c in enumerate(hidden_count) if c), key=lambda q: -hidden_count[q]
    )
    hands, piles = list(seen.hands), list(seen.piles)
    for attempt in range(_ATTEMPTS):
        pool = {letter: list(kinds) for letter, kinds in base.items()}
        for kinds in pool.values():
            rng.shuffle(kinds)
        dealt = {}
        for q in hidden_seats:
            seat = _deal_seat(seen.hands[q], seen.piles[q], pool, strict=attempt < _ATTEMPTS - 1)
            if seat is None:
                break
            dealt[q] = seat
        else:
            for q, (hand, pile) in dealt.items():
                hands[q], piles[q] = hand, pile
            break
    piles[player] = _shuffle_within_letters(piles[player], rng)
    return tuple(hands), tuple(piles)
