"""Hidden information: what a player may see (``hide``) and a redeal of the rest (``redeal``).

A player sees his own hand, the whole table, every supply, and of every pile its size and the
letter of each tile; the kinds in other hands and piles are hidden, and so is the order inside a
letter of every pile (his own pile's kinds he knows: it is his tile set minus what he laid).
Tiles carry no owner, so the unseen pool is (all tile sets) - (table) - (what he knows), per letter.
"""

from __future__ import annotations

import random
from collections import Counter
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


def _full_sets(players: int) -> dict[tuple[str, str], int]:
    return {key: count * players for key, count in TILE_COUNTS.items()}


_FULL_SETS = {players: _full_sets(players) for players in (2, 3, 4)}


def unseen_pool(state: KnightsState) -> dict[str, list[str]]:
    """Per letter, the kinds of the tiles whose place the viewer of ``state`` does not know."""
    known: Counter[tuple[str, str]] = Counter(p[:2] for p in state.board.values())
    known.update(state.start)  # Tile is a (kind, letter) tuple: counted at C speed
    for group in state.hands:
        known.update(group)
    for group in state.piles:
        known.update(group)
    pool: dict[str, list[str]] = {letter: [] for letter in LETTERS}
    full = _FULL_SETS.get(state.num_players) or _full_sets(state.num_players)
    for key in known:
        if key[0] != HIDDEN and key not in full:
            raise SaveFormatError(f"there is no {key[0]} tile with letter {key[1]}")
    for (kind, letter), count in full.items():
        left = count - known.get((kind, letter), 0)
        if left < 0:
            raise SaveFormatError(f"more {kind} tiles with letter {letter} than exist")
        pool[letter] += [kind] * left
    return pool


def shuffle_within_letters(pile: tuple[Tile, ...], rng: random.Random) -> tuple[Tile, ...]:
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
_PER_SET: dict[str, dict[str, int]] = {
    letter: {kind: kinds.count(kind) for kind in kinds} for letter, kinds in TILE_SET.items()
}
_TILES: dict[tuple[str, str], Tile] = {key: Tile(*key) for key in TILE_COUNTS}


def _deal_letter(
    pool: list[str],
    seats: list[int],
    need: dict[int, dict[str, int]],
    held: dict[int, dict[tuple[str, str], int]],
    letter: str,
    rng: random.Random,
) -> dict[int, list[str]]:
    """Deal one letter's unseen kinds to the seats that hide tiles of that letter.

    Each seat's tiles come from one tile set, so no seat may get more of a kind than a set holds
    (a pile's five B tiles are the five different B kinds). Seats are served from a shuffled pool,
    first fit; a deal that leaves the last seat an impossible rest is retried, and after
    _ATTEMPTS tries the cap is dropped rather than loop (only hand-built positions get there)."""
    wanted = sum(need[q].get(letter, 0) for q in seats)
    if wanted > len(pool):
        raise SaveFormatError(f"no unseen {letter} tile left to deal")
    caps = _PER_SET[letter]
    strict = len(seats) > 1  # one hidden seat: the pool is exactly his tiles
    for attempt in range(_ATTEMPTS):
        rest = pool[:]
        rng.shuffle(rest)
        dealt: dict[int, list[str]] = {}
        for q in seats:
            m = need[q].get(letter, 0)
            if not m:
                continue
            if not strict or attempt == _ATTEMPTS - 1:
                dealt[q], rest = rest[:m], rest[m:]
                continue
            used = {k: c for (k, lt), c in held[q].items() if lt == letter}
            taken: list[str] = []
            left: list[str] = []
            for kind in rest:
                if len(taken) < m and used.get(kind, 0) < caps[kind]:
                    taken.append(kind)
                    used[kind] = used.get(kind, 0) + 1
                else:
                    left.append(kind)
            if len(taken) < m:
                break
            dealt[q], rest = taken, left
        else:
            return dealt
    raise AssertionError("unreachable: the last attempt deals without caps")


def redeal(seen: KnightsState, player: int, rng: random.Random) -> tuple[Hands, Hands]:
    """Hands and piles for ``seen`` (already ``player``'s view) with every hidden tile dealt
    from the unseen pool of its letter, and ``player``'s own pile shuffled within letters."""
    pool = unseen_pool(seen)
    need: dict[int, dict[str, int]] = {}
    held: dict[int, dict[tuple[str, str], int]] = {}
    for q in range(seen.num_players):
        counts: dict[str, int] = {}
        known: dict[tuple[str, str], int] = {}
        for t in seen.hands[q] + seen.piles[q]:
            if t.tile == HIDDEN:
                counts[t.letter] = counts.get(t.letter, 0) + 1
            else:
                known[t] = known.get(t, 0) + 1
        if counts:
            need[q], held[q] = counts, known
    # The seats with most hidden tiles first: their caps bind hardest.
    seats = sorted(need, key=lambda q: -sum(need[q].values()))
    dealt: dict[int, dict[str, list[str]]] = {q: {} for q in seats}
    for letter in LETTERS:
        if any(letter in need[q] for q in seats):
            for q, kinds in _deal_letter(pool[letter], seats, need, held, letter, rng).items():
                dealt[q][letter] = kinds

    def fill(group: tuple[Tile, ...], kinds_by_letter: dict[str, list[str]]) -> tuple[Tile, ...]:
        return tuple(
            _TILES[(kinds_by_letter[t.letter].pop(), t.letter)] if t.tile == HIDDEN else t
            for t in group
        )

    hands, piles = list(seen.hands), list(seen.piles)
    for q in seats:
        hands[q] = fill(hands[q], dealt[q])
        piles[q] = fill(piles[q], dealt[q])
    piles[player] = shuffle_within_letters(piles[player], rng)
    return tuple(hands), tuple(piles)
