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
from .tiles import HIDDEN, KIND_ORDER, LETTERS, TILE_SET, Tile

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


def redeal(seen: KnightsState, player: int, rng: random.Random) -> tuple[Hands, Hands]:
    """Hands and piles for ``seen`` (already ``player``'s view) with every hidden tile dealt
    from the unseen pool of its letter, and ``player``'s own pile shuffled within letters."""
    pool = unseen_pool(seen)
    for kinds in pool.values():
        rng.shuffle(kinds)

    def fill(group: tuple[Tile, ...]) -> tuple[Tile, ...]:
        if all(t.tile != HIDDEN for t in group):
            return group
        out = []
        for t in group:
            if t.tile == HIDDEN:
                kinds = pool[t.letter]
                if not kinds:
                    raise SaveFormatError(f"no unseen {t.letter} tile left to deal")
                out.append(Tile(kinds.pop(), t.letter))
            else:
                out.append(t)
        return tuple(out)

    hands = tuple(fill(hand) for hand in seen.hands)
    piles = tuple(
        _shuffle_within_letters(fill(pile), rng) if q == player else fill(pile)
        for q, pile in enumerate(seen.piles)
    )
    return hands, piles
