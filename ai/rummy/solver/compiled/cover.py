"""The lay-everything search of :mod:`ai.rummy.solver.cover`, compiled with numba.

Same search: the card with the fewest ways to be placed is placed first, each set that can hold
it is tried (fewest jokers first), jokers are committed only where a set needs them and the rest
must fit at the ends of the chosen sets; failed remainders are remembered; tries restart with
reshuffled preferences and twice the steps. Differences that only serve speed:

- runs are listed in two phases: first with jokers only in the gaps, and only when those are all
  used up, runs where a joker stands in for a card that is there (needed now and then, when that
  card must go elsewhere, but rarely; listing them at every step would cost the most);
- the remembered dead ends live in a fixed-size table that overwrites on collision (forgetting a
  dead end costs time, never correctness);
- a dead end remembers the least cost of a play through it (the bounds of the options tried,
  passed up), not only that none fit the budget: a later round, which lets one more card stay
  in the hand, skips what an earlier one showed needs more than that; and it stands for the same
  position with less room for jokers at the ends as well;
- the search runs in slices and can be resumed, so that ``check_time()`` is called between slices;
- each suit's cards are kept as bits of one number, updated as cards are taken and put back
  (run windows come from a table, gaps from bit counts), what an option changed is put back
  from saved values, and no step allocates.

Search state lives in arrays owned by :class:`_CoverSearch` (the compiled code only changes them).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from ai.rummy.solver.compiled import njit
from ai.rummy.solver.cover import Option, write_sets
from ai.rummy.solver.plan import (
    ACE_HIGH,
    BIG,
    OverBudget,
    Plan,
    PlannedSet,
    card_weight,
    check_time,
)

__all__ = ["MostResult", "lay_everything_jit", "lay_most_jit", "warm_up_cover"]

MAX_DEPTH = 56  # sets in one arrangement: at most 110 cards / 2 normal cards each
MAX_OPTIONS = 1024  # sets tried for one card (beyond this the search is no longer a proof)
FIELDS = 22  # see _emit
MEMO_SIZE = 1 << 16
SLICE_STEPS = 256  # steps between two check_time() calls (about a millisecond)
FIRST_TRY_STEPS = 50

# Status codes of _search.
INFEASIBLE, FOUND, SLICE_OVER, TRY_OVER, UNKNOWN = 0, 1, 2, 3, 4
# Registers (scalars of the search, kept between slices). R_KEY..R_KEY+3: the remaining cards
# (two base-3 words) and how many of them may stay in the hand (two more).
(R_JOKERS, R_SPARE, R_COST, R_DEPTH, R_ENTER, R_NODES, R_OVERFLOW, R_NOISY, R_SEARCH,
 R_HAND_JOKERS, R_BUDGET, R_FOUND, R_BEST_DEPTH, R_BEST_UNPLACED, R_KEY) = range(15)  # fmt: skip
REGISTERS = R_KEY + 4
# Columns of f_state: the search state when a depth was entered, then its options.
# F_SAVED..F_SAVED+12: how many copies of the applied option's cards could stay in the hand.
# F_BOUND: the least cost of a play through the options tried so far (see _search).
(F_JOKERS, F_SPARE, F_COST, F_KEY, F_COUNT, F_NEXT, F_PHASE, F_APPLIED, F_CARD, F_SAVED,
 F_BOUND) = (0, 1, 2, 3, 7, 8, 9, 10, 11, 12, 25)  # fmt: skip
FRAME_COLUMNS = F_BOUND + 1
NO_PLAY = 1 << 50  # the bound of a position with no play at all

_POW3 = np.array([3**i for i in range(26)], dtype=np.int64)


@njit(cache=True, inline="always")
def _rank_of(position: int) -> int:
    return 1 if position == ACE_HIGH else position


@njit(cache=True, inline="always")
def _bits(x: int) -> int:
    """How many of the low 16 bits of ``x`` are set."""
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


@njit(cache=True, inline="always")
def _position_bits(rank: int) -> int:
    """The bits of a card of ``rank`` in a :func:`_suit_mask` (the ace has two)."""
    return (1 << rank) | (1 << ACE_HIGH) if rank == 1 else 1 << rank


@njit(cache=True)
def _suit_mask(counts: np.ndarray, suit: int) -> int:
    """The positions 1..14 (14: the high ace) of the suit's cards that are there, as bits."""
    mask = 0
    for rank in range(1, 14):
        if counts[rank, suit] > 0:
            mask |= 1 << rank
    if mask & 2:
        mask |= 1 << ACE_HIGH
    return mask


def _window_table() -> np.ndarray:
    """``[position, jokers > 0, pattern]``: how many three positions in a row around a card at
    ``position`` (1..14) lie within 1..14 and have at most one joker (the spacing rule allows
    no more in three cards), when ``pattern`` (bit i: position ``position - 2 + i``) says
    which cards of its suit are there (the card's own bit set)."""
    table = np.zeros((ACE_HIGH + 1, 2, 32), dtype=np.int64)
    for position in range(1, ACE_HIGH + 1):
        for jokers in range(2):
            for pattern in range(32):
                for first in range(position - 2, position + 1):
                    if first < 1 or first + 2 > ACE_HIGH:
                        continue
                    there = bin((pattern >> (first - position + 2)) & 7).count("1")
                    if there == 3 or (there == 2 and jokers):
                        table[position, jokers, pattern] += 1
    return table


_WINDOWS = _window_table()


@njit(cache=True)
def _pick(
    counts: np.ndarray,
    masks: np.ndarray,
    optional: np.ndarray,
    jokers: int,
    weight: np.ndarray,
) -> tuple[int, int, int, int]:
    """(rank, suit, ways, forced) for the card with the fewest ways to be placed (rank -1: no
    card left, -2: a card that must be placed has no way left). ``forced``: what the cards with
    no way left cost, which all stay in the hand. Ways: group partners and three-card run
    windows (see _WINDOWS). ``masks``: each suit's :func:`_suit_mask`."""
    windows = _WINDOWS[:, 1 if jokers > 0 else 0, :]
    best_rank, best_suit, best_ways = -1, -1, 1 << 30
    forced = 0
    for rank in range(1, 14):
        present = 0
        for suit in range(4):
            present += (masks[suit] >> rank) & 1
        if present == 0:
            continue
        for suit in range(4):
            if not (masks[suit] >> rank) & 1:
                continue
            partners = present - 1
            ways = partners if partners >= 2 or (partners == 1 and jokers > 0) else 0
            around = masks[suit] << 2
            ways += windows[rank, (around >> rank) & 31]
            if rank == 1:
                ways += windows[ACE_HIGH, (around >> ACE_HIGH) & 31]
            if ways == 0:
                if optional[rank, suit] < counts[rank, suit]:
                    return -2, suit, 0, 0
                forced += weight[rank] * counts[rank, suit]
            if ways < best_ways:
                best_rank, best_suit, best_ways = rank, suit, ways
    return best_rank, best_suit, best_ways, forced


@njit(cache=True, inline="always")
def _spaced(mask: int) -> bool:
    """Whether the jokers (bits of ``mask``) have at least two cards between any two."""
    return (mask & (mask >> 1)) == 0 and (mask & (mask >> 2)) == 0


@njit(cache=True)
def _emit_run(
    out: np.ndarray, n: int, suit: int, low: int, length: int, mask: int, jokers: int
) -> int:
    """Write the run with core ``low``..``low+length-1`` and jokers at ``mask`` (bits from
    ``low``) as option ``n``; returns the new option count (unchanged when not valid)."""
    if n >= out.shape[0]:
        return n + 1  # counted, not stored: the caller notes the overflow
    inner = 0
    first_joker = -1
    last_joker = -1
    for i in range(length):
        if (mask >> i) & 1:
            inner += 1
            if first_joker < 0:
                first_joker = i
            last_joker = i
    high = low + length - 1
    below = low >= 2 and (first_joker < 0 or first_joker >= 2)
    above = high <= ACE_HIGH - 1 and (last_joker < 0 or length - 1 - last_joker >= 2)
    sides = int(below) + int(above)
    if sides > 13 - length:
        sides = 13 - length
    if length >= 3:
        need, spare = inner, sides
    elif sides > 0:
        need, spare = 1, sides - 1
    else:
        return n
    if need > jokers:
        return n
    out[n, 0] = 1
    cards = 0
    for i in range(length):
        if not (mask >> i) & 1:
            out[n, 2 + cards] = _rank_of(low + i) * 4 + suit
            cards += 1
    out[n, 1] = cards
    out[n, 15] = need
    out[n, 16] = spare
    out[n, 17] = low
    out[n, 18] = mask
    out[n, 19] = length
    out[n, 20] = int(below)
    out[n, 21] = int(above)
    return n + 1


@njit(cache=True)
def _options(
    counts: np.ndarray,
    masks: np.ndarray,
    rank: int,
    suit: int,
    jokers: int,
    phase: int,
    out: np.ndarray,
    work: np.ndarray,
) -> int:
    """The sets holding the card, written to ``out`` (unsorted); returns how many there are
    (more than ``out`` holds means some were not stored). Phase 0: groups and runs with jokers
    only in gaps; phase 1: runs where jokers also stand in for cards that are there. ``work``:
    scratch space (29 numbers). ``masks``: each suit's :func:`_suit_mask`."""
    n = 0
    if phase == 0:
        others = work[0:3]
        k = 0
        for s in range(4):
            if s != suit and counts[rank, s] > 0:
                others[k] = s
                k += 1
        for subset in range(1, 1 << k):
            size = 1
            for i in range(k):
                if (subset >> i) & 1:
                    size += 1
            need = 1 if size == 2 else 0
            if need > jokers:
                continue
            if n < out.shape[0]:
                out[n, 0] = 0
                out[n, 1] = size
                out[n, 2] = rank * 4 + suit
                c = 3
                for i in range(k):
                    if (subset >> i) & 1:
                        out[n, c] = rank * 4 + others[i]
                        c += 1
                out[n, 15] = need
                out[n, 16] = 1 if size < 4 else 0
                out[n, 17] = rank
                out[n, 18] = 0
                out[n, 19] = 0
                out[n, 20] = 0
                out[n, 21] = 0
            n += 1
    extra = work[3:16]
    stack = work[16:29]
    mask = masks[suit]  # the card's own position is there
    for which in range(2):
        if which == 1 and rank != 1:
            break
        q = rank if which == 0 else ACE_HIGH
        # Gaps only grow as a run reaches further (a run too far down or up has too many or
        # too close ones, so do all beyond it): start at the lowest start that can do, and
        # stop going up at the first end that cannot.
        first = q
        while first - 1 >= max(1, q - 12):
            span = (~mask >> (first - 1)) & ((1 << (q - first + 2)) - 1)
            if _bits(span) > jokers or not _spaced(span):
                break
            first -= 1
        for low in range(first, q + 1):
            if not (mask >> low) & 1:
                continue
            for high in range(max(q, low + 1), min(ACE_HIGH, low + 12) + 1):
                length = high - low + 1
                forced = (~mask >> low) & ((1 << length) - 1)  # the gaps, as bits from low
                gaps = _bits(forced)
                if gaps > jokers or not _spaced(forced):
                    break
                if not (mask >> high) & 1:
                    continue
                if phase == 0:
                    n = _emit_run(out, n, suit, low, length, forced, jokers)
                    continue
                # Phase 1: one or more cards that are there replaced by jokers as well.
                m = 0
                for p in range(low + 1, high):
                    if p != q and (mask >> p) & 1:
                        extra[m] = p - low
                        m += 1
                room = jokers - gaps
                if m == 0 or room == 0:
                    continue
                # Subsets of ``extra`` in increasing order, at most ``room`` of them.
                depth = 0
                stack[0] = 0
                chosen = 0
                while depth >= 0:
                    i = stack[depth]
                    if i >= m or depth >= room:
                        depth -= 1
                        if depth >= 0:
                            chosen &= ~(1 << extra[stack[depth]])
                            stack[depth] += 1
                        continue
                    bit = 1 << extra[i]
                    if _spaced(forced | chosen | bit):
                        chosen |= bit
                        n = _emit_run(out, n, suit, low, length, forced | chosen, jokers)
                        depth += 1
                        stack[depth] = i + 1
                    else:
                        stack[depth] += 1
    return n


@njit(cache=True)
def _sorted_into(
    scratch: np.ndarray,
    n: int,
    target: np.ndarray,
    noisy: bool,
    keys: np.ndarray,
    order: np.ndarray,
) -> None:
    """Copy the first ``n`` options of ``scratch`` into ``target``, fewest jokers first, then the
    most cards placed (noisy: with equal-ish choices in a random order). ``keys``, ``order``:
    scratch space. The order is stable (equal keys keep the order of ``scratch``)."""
    for i in range(n):
        if noisy:
            keys[i] = (scratch[i, 15] + np.random.random() * 1.5) * 100.0 + (
                np.random.random() - scratch[i, 1]
            )
        else:
            keys[i] = scratch[i, 15] * 10000.0 - scratch[i, 1] * 100.0 - scratch[i, 16]
    if n > 48:
        order[:n] = np.argsort(keys[:n], kind="mergesort")
    else:
        for i in range(n):  # insertion sort: few options, most often
            key = keys[i]
            j = i
            while j > 0 and keys[order[j - 1]] > key:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
    width = scratch.shape[1]
    for i in range(n):
        source = order[i]
        for f in range(width):
            target[i, f] = scratch[source, f]


@njit(cache=True)
def _memo_slot(key: np.ndarray) -> int:
    h = 0
    for i in range(key.shape[0]):
        h = (h ^ key[i]) * 1000003
        h ^= h >> 29
    return h & (MEMO_SIZE - 1)


@njit(cache=True, nogil=True)  # the window's thread draws meanwhile
def _search(
    counts: np.ndarray,
    optional: np.ndarray,
    reg: np.ndarray,
    f_state: np.ndarray,
    options: np.ndarray,
    scratch: np.ndarray,
    memo: np.ndarray,
    best: np.ndarray,
    weight: np.ndarray,
    pow3: np.ndarray,
    slice_end: int,
    try_end: int,
) -> int:
    """Run the search until it ends (FOUND: the cheapest play under the budget, or INFEASIBLE /
    UNKNOWN: none under it) or a limit is reached (SLICE_OVER: call again; TRY_OVER: restart).

    Cost of a play: the weight of the usable cards it leaves in the hand; only plays cheaper
    than ``reg[R_BUDGET]`` count, and every play found lowers it (branch and bound); the best
    play's options are copied to ``best``. ``f_state[d]``: the search state when depth ``d`` was
    entered (F_* columns), its options count, next option, phase, whether that option is applied
    and the card placed there."""
    jokers = reg[R_JOKERS]
    spare = reg[R_SPARE]
    cost = reg[R_COST]
    depth = reg[R_DEPTH]
    entering = reg[R_ENTER] == 1
    nodes = reg[R_NODES]
    noisy = reg[R_NOISY] == 1
    search_id = reg[R_SEARCH]  # memo rows of earlier searches (other ids) count as empty
    hand_jokers = reg[R_HAND_JOKERS]
    key = np.empty(5, dtype=np.int64)
    for i in range(4):
        key[i] = reg[R_KEY + i]
    work = np.empty(29, dtype=np.int64)
    masks = np.empty(4, dtype=np.int64)
    for s in range(4):
        masks[s] = _suit_mask(counts, s)
    keys = np.empty(scratch.shape[0], dtype=np.float64)
    order = np.empty(scratch.shape[0], dtype=np.int64)
    status = -1
    while status < 0:
        if entering:
            entering = False
            # Each way out of here says what a play through it costs at least (``bound``, kept
            # by the frame above): a card that must be placed has no way left (no play at all),
            # the cards that cannot be placed cost the budget, or a remembered dead end.
            bound = -1
            rank, suit, ways, forced = 0, 0, 0, 0
            if depth >= options.shape[0]:  # deeper than the arrays (not seen in play): no proof
                reg[R_OVERFLOW] = 1
                bound = cost
            else:
                rank, suit, ways, forced = _pick(counts, masks, optional, jokers, weight)
                if rank == -2:
                    bound = NO_PLAY
                elif rank >= 0 and cost + forced >= reg[R_BUDGET]:
                    bound = cost + forced
                elif rank >= 0:
                    key[4] = jokers
                    slot = _memo_slot(key)
                    hit = memo[slot, 6] == search_id
                    for i in range(5):
                        hit = hit and memo[slot, i] == key[i]
                    # More room for jokers at the ends only helps: a dead end stays one with less.
                    if (
                        hit
                        and min(spare, jokers) <= memo[slot, 5]
                        and cost + memo[slot, 7] >= reg[R_BUDGET]
                    ):
                        bound = cost + memo[slot, 7]
            if bound >= 0:
                depth -= 1
                if depth >= 0 and bound < f_state[depth, F_BOUND]:
                    f_state[depth, F_BOUND] = bound
                continue
            if rank == -1:
                unplaced = jokers - spare if jokers > spare else 0
                total = cost + unplaced * weight[0]
                if unplaced <= hand_jokers and total < reg[R_BUDGET]:
                    reg[R_BUDGET] = total
                    reg[R_FOUND] = 1
                    reg[R_BEST_DEPTH] = depth
                    reg[R_BEST_UNPLACED] = unplaced
                    for d in range(depth):
                        best[d, :] = options[d, f_state[d, F_NEXT] - 1]
                depth -= 1
                if depth >= 0 and unplaced <= hand_jokers and total < f_state[depth, F_BOUND]:
                    f_state[depth, F_BOUND] = total
                continue
            if nodes >= slice_end or nodes >= try_end:
                entering = True
                status = SLICE_OVER if nodes >= slice_end else TRY_OVER
                break
            nodes += 1
            n = 0
            if ways > 0:
                n = _options(counts, masks, rank, suit, jokers, 0, scratch, work)
                if n > scratch.shape[0]:
                    reg[R_OVERFLOW] = 1
                    n = scratch.shape[0]
                _sorted_into(scratch, n, options[depth], noisy, keys, order)
            if optional[rank, suit] > 0 and n < options.shape[1]:
                _leave_row(options[depth, n], rank, suit)
                n += 1
            f_state[depth, F_JOKERS] = jokers
            f_state[depth, F_SPARE] = spare
            f_state[depth, F_COST] = cost
            for i in range(4):
                f_state[depth, F_KEY + i] = key[i]
            f_state[depth, F_COUNT] = n
            f_state[depth, F_NEXT] = 0
            f_state[depth, F_PHASE] = 0 if ways > 0 else 1
            f_state[depth, F_APPLIED] = 0
            f_state[depth, F_CARD] = rank * 4 + suit
            f_state[depth, F_BOUND] = NO_PLAY
            continue
        if depth < 0:
            if reg[R_FOUND] == 1:
                status = FOUND
            else:
                status = UNKNOWN if reg[R_OVERFLOW] == 1 else INFEASIBLE
            break
        d = depth
        if f_state[d, F_APPLIED] == 1:
            row = options[d, f_state[d, F_NEXT] - 1]
            for c in range(row[1]):
                card = row[2 + c]
                counts[card // 4, card % 4] += 1
                if counts[card // 4, card % 4] == 1:
                    masks[card % 4] |= _position_bits(card // 4)
                if row[0] == 2:
                    optional[card // 4, card % 4] += 1
            jokers = f_state[d, F_JOKERS]
            spare = f_state[d, F_SPARE]
            cost = f_state[d, F_COST]
            for i in range(4):
                key[i] = f_state[d, F_KEY + i]
            if row[0] != 2:
                for c in range(row[1]):
                    card = row[2 + c]
                    optional[card // 4, card % 4] = f_state[d, F_SAVED + c]
            f_state[d, F_APPLIED] = 0
        if f_state[d, F_NEXT] >= f_state[d, F_COUNT] and f_state[d, F_PHASE] == 0:
            card = f_state[d, F_CARD]
            n = _options(counts, masks, card // 4, card % 4, jokers, 1, scratch, work)
            if n > scratch.shape[0]:
                reg[R_OVERFLOW] = 1
                n = scratch.shape[0]
            _sorted_into(scratch, n, options[d], noisy, keys, order)
            f_state[d, F_COUNT] = n
            f_state[d, F_NEXT] = 0
            f_state[d, F_PHASE] = 1
        if f_state[d, F_NEXT] >= f_state[d, F_COUNT]:
            # Every option tried: no play from here costs less than the bound (at least the
            # budget, else it would have been found), whatever the budget of a later round.
            bound = f_state[d, F_BOUND]
            key[4] = jokers
            slot = _memo_slot(key)
            seen = min(spare, jokers)
            need = bound - cost
            same = memo[slot, 6] == search_id
            for i in range(5):
                same = same and memo[slot, i] == key[i]
            if not (same and memo[slot, 5] >= seen and memo[slot, 7] >= need):
                for i in range(5):
                    memo[slot, i] = key[i]
                memo[slot, 5] = seen
                memo[slot, 6] = search_id
                memo[slot, 7] = need
            depth -= 1
            if depth >= 0 and bound < f_state[depth, F_BOUND]:
                f_state[depth, F_BOUND] = bound
            continue
        row = options[d, f_state[d, F_NEXT]]
        f_state[d, F_NEXT] += 1
        if row[0] != 2 and row[15] > jokers:
            continue
        f_state[d, F_APPLIED] = 1
        for c in range(row[1]):
            card = row[2 + c]
            r = card // 4
            s = card % 4
            index = (r - 1) * 4 + s
            word = 0 if index < 26 else 1
            digit = pow3[index if index < 26 else index - 26]
            f_state[d, F_SAVED + c] = optional[r, s]
            counts[r, s] -= 1
            if counts[r, s] == 0:
                masks[s] &= ~_position_bits(r)
            key[word] -= digit
            if row[0] == 2:
                optional[r, s] -= 1
                key[2 + word] -= digit
                cost += weight[r]
            elif optional[r, s] > counts[r, s]:
                optional[r, s] = counts[r, s]
                key[2 + word] -= digit
        jokers -= row[15]
        spare += row[16]
        depth += 1
        entering = True
    reg[R_JOKERS] = jokers
    reg[R_SPARE] = spare
    reg[R_COST] = cost
    for i in range(4):
        reg[R_KEY + i] = key[i]
    reg[R_DEPTH] = depth
    reg[R_ENTER] = 1 if entering else 0
    reg[R_NODES] = nodes
    return status


@njit(cache=True)
def _leave_row(row: np.ndarray, rank: int, suit: int) -> None:
    """The option of keeping one copy of the card in the hand."""
    row[0] = 2
    row[1] = 1
    row[2] = rank * 4 + suit
    row[15] = 0
    row[16] = 0


@njit(cache=True)
def _seed(seed: int) -> None:
    np.random.seed(seed)


def _key(counts: np.ndarray) -> tuple[int, int]:
    """The two base-3 words of ``counts`` (card (rank, suit) is digit (rank - 1) * 4 + suit)."""
    digits = counts[1:14].reshape(52)
    return int(digits[:26] @ _POW3), int(digits[26:] @ _POW3)


_local = threading.local()
_searches = [0]  # search ids: each search's memo rows are its own
_WEIGHT = np.array([card_weight(rank) for rank in range(14)], dtype=np.int64)


def _buffers() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """This thread's working arrays (~17 MB: allocated once, reused by every search)."""
    buffers = getattr(_local, "buffers", None)
    if buffers is None:
        buffers = (
            np.zeros((MAX_DEPTH + 1, FRAME_COLUMNS), dtype=np.int64),
            np.empty((MAX_DEPTH + 1, MAX_OPTIONS, FIELDS), dtype=np.int64),
            np.empty((MAX_OPTIONS, FIELDS), dtype=np.int64),
            np.zeros((MEMO_SIZE, 8), dtype=np.int64),
            np.empty((MAX_DEPTH + 1, FIELDS), dtype=np.int64),
        )
        _local.buffers = buffers
    return buffers


def _option_of(row: list[int]) -> Option:
    """The Python option (for writing the set out) of one compiled option row."""
    cards = tuple(divmod(card, 4) for card in row[2 : 2 + row[1]])
    if row[0] == 0:
        suits = tuple(s for _, s in cards)
        return Option(cards, row[15], row[16], "group", (row[17], *suits), (False, False))
    low, mask, length = row[17], row[18], row[19]
    core = tuple(0 if (mask >> i) & 1 else low + i for i in range(length))
    return Option(cards, row[15], row[16], "run", core, (bool(row[20]), bool(row[21])))


@dataclass(frozen=True, slots=True)
class _Found:
    sets: list[PlannedSet]
    cost: int  # weight of the usable cards (jokers included) kept in the hand


def _cheapest(
    start: np.ndarray,
    optional: np.ndarray,
    jokers: int,
    hand_jokers: int,
    rounds: range,
    node_limit: int | None,
) -> tuple[_Found | None, bool, int]:
    """The play keeping the least weight of optional cards in the hand, by rounds of how many
    stay (``rounds``). Returns (the best play found, whether it is proven the best, how many
    cards every play keeps at least, as proven so far)."""
    counts = start.copy()
    opt = optional.copy()
    f_state, options, scratch, memo, best = _buffers()
    reg = np.zeros(REGISTERS, dtype=np.int64)
    _searches[0] += 1
    reg[R_SEARCH] = _searches[0]
    reg[R_HAND_JOKERS] = hand_jokers
    keys = (*_key(start), *(_key(optional) if optional is not _NOTHING_OPTIONAL else (0, 0)))
    limit = node_limit if node_limit is not None else 1 << 62
    attempt = 0

    def restart() -> None:
        counts[:, :] = start
        opt[:, :] = optional
        reg[R_JOKERS], reg[R_SPARE], reg[R_COST] = jokers, 0, 0
        for i, word in enumerate(keys):
            reg[R_KEY + i] = word
        reg[R_DEPTH], reg[R_ENTER] = 0, 1
        reg[R_NOISY] = 1 if attempt else 0
        if attempt:
            _seed(attempt)

    def found() -> _Found:
        rows = [row for row in best[: int(reg[R_BEST_DEPTH])].tolist() if row[0] != 2]
        placed = jokers - int(reg[R_BEST_UNPLACED])
        return _Found(write_sets([_option_of(row) for row in rows], placed), int(reg[R_BUDGET]))

    proven = rounds.start
    for kept in rounds:
        reg[R_BUDGET] = (kept + 1) * BIG  # at most ``kept`` cards stay in the hand
        reg[R_FOUND] = 0
        attempt = 0
        restart()
        try_end = int(reg[R_NODES]) + FIRST_TRY_STEPS
        while True:
            check_time()
            if reg[R_NODES] >= limit:
                return (found() if reg[R_FOUND] else None), False, proven
            slice_end = min(int(reg[R_NODES]) + SLICE_STEPS, limit)
            status = _search(
                counts, opt, reg, f_state, options, scratch, memo, best, _WEIGHT, _POW3,
                slice_end, try_end,
            )  # fmt: skip
            if status == FOUND:
                return found(), True, kept
            if status == INFEASIBLE:
                break
            if status == UNKNOWN:
                return None, False, proven
            if status == TRY_OVER:
                attempt += 1
                try_end = int(reg[R_NODES]) + FIRST_TRY_STEPS * 2**attempt
                restart()
        proven = kept + 1
    return None, True, proven


# No card may stay in the hand (the search only copies it).
_NOTHING_OPTIONAL = np.zeros((14, 4), dtype=np.int64)


def _as_array(table: list[list[int]], hand: list[list[int]] | None = None) -> np.ndarray:
    counts = np.array(table, dtype=np.int64)
    return counts + np.array(hand, dtype=np.int64) if hand else counts


def lay_everything_jit(
    table: list[list[int]], hand: list[list[int]] | None, jokers: int, node_limit: int | None = None
) -> list[PlannedSet] | None:
    """:func:`ai.rummy.solver.cover.lay_everything`, compiled: sets holding exactly every counted
    card and ``jokers`` jokers, or None when there are none. Raises :class:`OverBudget` past
    ``node_limit`` steps (or when a card had more sets than the search can list)."""
    play, exact, _ = _cheapest(
        _as_array(table, hand), _NOTHING_OPTIONAL, jokers, 0, range(1), node_limit
    )
    if not exact:
        raise OverBudget(node_limit or 0)
    return None if play is None else play.sets


@dataclass(frozen=True, slots=True)
class MostResult:
    """``plan``: the best play found (None: none). ``exact``: it is the optimum.
    ``fewest_left_out``: proven, every play leaves at least this many usable hand cards (jokers
    included) in the hand."""

    plan: Plan | None
    exact: bool
    fewest_left_out: int


def lay_most_jit(
    table: list[list[int]],
    usable: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    node_limit: int | None,
    first_left_out: int = 0,
) -> MostResult:
    """The best play of an opened player: the most usable hand cards laid, then the most hand
    value (the score of :mod:`ai.rummy.solver.sweep`), by rounds of how many stay in the hand
    (from ``first_left_out``, when fewer are known to be impossible)."""
    jokers = table_jokers + hand_jokers
    usable_count = sum(map(sum, usable)) + hand_jokers
    start = _as_array(table, usable)
    weight_of_all = int(sum(int(_WEIGHT[r]) * int(start[r].sum()) for r in range(1, 14)))
    weight_of_all += int(_WEIGHT[0]) * jokers
    play, exact, proven = _cheapest(
        start, _as_array(usable), jokers, hand_jokers,
        range(first_left_out, usable_count + 1), node_limit,
    )  # fmt: skip
    if play is None:
        return MostResult(None, exact, proven)
    return MostResult(Plan(weight_of_all - play.cost, tuple(play.sets)), exact, proven)


def warm_up_cover() -> None:
    """Compile (or load from the on-disk cache) the search, on tiny positions, then forbid
    compiling at call time. Called by :func:`ai.rummy.solver.compiled.warm_up`."""
    hand = [[0] * 4 for _ in range(14)]
    for rank in (1, 2, 3, 12, 13):
        hand[rank][0] = 1
    hand[5][1] = hand[5][2] = 1
    empty = [[0] * 4 for _ in range(14)]
    lay_everything_jit(empty, hand, 2)
    lay_everything_jit(empty, hand, 0)
    lay_most_jit(empty, hand, 0, 1, None)
    _seed(0)  # restarts: not reached by the tiny searches above
    _buffers()
    for dispatcher in (_search, _seed):  # the ones Python calls
        if hasattr(dispatcher, "disable_compile"):
            dispatcher.disable_compile()
