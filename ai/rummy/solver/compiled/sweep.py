"""The exact dynamic program of :mod:`ai.rummy.solver.sweep`, compiled with numba.

Same sweep, same steps, same score: positions 1..14, suit by suit, then the groups of the rank;
states merged per layer keeping the best score and a back-pointer; dominated states dropped after
every group step. Only the representation differs, so that the whole sweep runs as machine code:

- a state is five int64 words: the open runs of each suit (their 8-bit descriptors from
  :func:`ai.rummy.solver.sweep.encode`, sorted ascending, one per byte: at most eight runs per
  suit,
  since every open run holds one of the at most two copies or six jokers at the current position)
  and one word for the rest (kept aces, jokers left and owed, opening value, group patterns);
- a layer is a set of arrays (states, scores, back-pointers, records) with an open-addressing hash
  table for merging equal states;
- a record is a small integer: per open run its action (close / extend by a card / by a joker),
  the runs started and the group cards, or the joker counts of the groups.

The arrangement is rebuilt in Python from the records into the same :class:`Plan` /
:class:`PlannedSet` objects. All three modes ("opened", "opening", "value") are supported.

The sweep runs in slices of bounded work, so :func:`ai.rummy.solver.sweep.check_time` is called
between slices (callers in a hurry can still abandon a solve).

Nothing compiles on import or on a solve: see :mod:`ai.rummy.solver.compiled` for readiness.
"""

from __future__ import annotations

import numpy as np

from ai.rummy.solver.compiled import njit
from ai.rummy.solver.groups import build_groups, group_joker_options
from ai.rummy.solver.plan import (
    ACE_HIGH,
    Mode,
    OverBudget,
    Plan,
    PlannedSet,
    card_weight,
    check_time,
)
from ai.rummy.solver.rounds import MAX_CARD_LOSS, STEPS_PER_TRY, TRIES, RoundsResult
from ai.rummy.solver.sweep import (
    DOMINANCE_WINDOW,
    GROUP_VALUE,
    RUN_DOMINATES,
    RUN_VALUE,
    TOTAL_PER_LIMIT,
    completable,
    encode,
    group_set,
    opening_reach,
)
from game.rummy.turn_rules import OPENING_POINTS

__all__ = ["solve_by_rounds_jit", "solve_counts_jit", "warm_up_sweep"]

# --- tables handed to the compiled code (arguments, not globals: the on-disk cache stays valid) --

# The misc word: aces kept per suit (debt 2 bits, avail 2 bits), jokers left, jokers owed by the
# table, opening value (capped at the rules' OPENING_POINTS, which the kernels take as their
# argument ``to_open``), group patterns (doubles * 8 + singles) regular / opening.
_JLEFT = 16
_JDEBT = 19
_OV = 22
_GR = 27
_GO = 33
_BUCKET_MASK = (1 << _OV) - 1  # aces, jokers left, jokers owed: what _prune buckets by

_DOMINATES = np.array(RUN_DOMINATES, dtype=np.bool_)
_RUN_VALUE = np.array(RUN_VALUE, dtype=np.int64)
_GROUP_VALUE = np.array(GROUP_VALUE, dtype=np.int64)
# _GROUP_OPTIONS[doubles, singles]: bit j set when those cards split into groups with j jokers.
_GROUP_OPTIONS = np.zeros((5, 5), dtype=np.int64)
for _d in range(5):
    for _s in range(5):
        for _j in group_joker_options(_d, _s) if _d + _s <= 4 else ():
            _GROUP_OPTIONS[_d, _s] |= 1 << _j
# _COMPLETABLE[pattern, ones, twos]: can the group cards collected so far still form groups when
# ``ones`` later suits can add one card and ``twos`` later suits up to two?
_COMPLETABLE = np.zeros((64, 4, 4), dtype=np.bool_)
for _pattern in range(64):
    for _ones in range(4):
        for _twos in range(4 - _ones):
            if _pattern >> 3 <= 4 and _pattern & 7 <= 4:
                _COMPLETABLE[_pattern, _ones, _twos] = completable(
                    _pattern, (1,) * _ones + (2,) * _twos
                )

CLOSE, EXTEND_CARD, EXTEND_JOKER = 0, 1, 2
_CARRIED = -1  # record of a state carried over unchanged
# Work (states expanded, ~0.4 us each) per compiled slice before control returns to Python for
# check_time(): a solve notices its deadline within about 10 ms (plus one step of a huge layer).
SLICE_WORK = 20_000

# Record layout of a suit step: actions (2 bits per old run), then a, b, g, h, c, d (2 bits each:
# regular / opening runs started by a card, regular / opening group cards, regular / opening runs
# started by a joker), then whether the joker spacing was still tracked.
_R_START = 16
_R_SPACING = 28


# --- compiled helpers ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _viable(code: int, p: int, next1: bool, next2: bool) -> bool:
    length = code & 3
    normals = code >> 2 & 3
    since = code >> 4 & 3
    last = 13 if code >> 7 & 1 else 14
    left = last - p
    if length + left < 3 or normals + left < 2:
        return False
    n1 = next1 and p + 1 <= last
    n2 = next2 and p + 2 <= last
    if normals == 0:
        return n1 and n2
    if normals == 1:
        return n1 if since == 0 else (n1 or n2)
    return True


@njit(cache=True, inline="always")
def _enc(length: int, normals: int, since: int, opening: int, low: int) -> int:
    return length | normals << 2 | since << 4 | opening << 6 | low << 7


@njit(cache=True, inline="always")
def _hash(w0: int, w1: int, w2: int, w3: int, w4: int) -> int:
    h = w4 * 0x100000001B3
    h = (h ^ w0) * 0x2545F4914F6CDD1D
    h = (h ^ w1) * 0x100000001B3
    h = (h ^ w2) * 0x2545F4914F6CDD1D
    h = (h ^ w3) * 0x100000001B3
    return h ^ (h >> 29)


@njit(cache=True)
def _rehash(keys: np.ndarray, n: int, size: int) -> np.ndarray:
    slots = np.full(size, -1, dtype=np.int64)
    mask = size - 1
    for i in range(n):
        s = _hash(keys[i, 0], keys[i, 1], keys[i, 2], keys[i, 3], keys[i, 4]) & mask
        while slots[s] >= 0:
            s = (s + 1) & mask
        slots[s] = i
    return slots


@njit(cache=True)
def _grow(
    keys: np.ndarray, score: np.ndarray, prev: np.ndarray, rec: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    size = keys.shape[0] * 2
    k2 = np.empty((size, 5), dtype=np.int64)
    s2 = np.empty(size, dtype=np.int64)
    p2 = np.empty(size, dtype=np.int64)
    r2 = np.empty(size, dtype=np.int64)
    n = keys.shape[0]
    k2[:n] = keys
    s2[:n] = score
    p2[:n] = prev
    r2[:n] = rec
    return k2, s2, p2, r2


@njit(cache=True)
def _new_layer(
    expected: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    cap = 16
    while cap < expected:
        cap *= 2
    keys = np.empty((cap, 5), dtype=np.int64)
    score = np.empty(cap, dtype=np.int64)
    prev = np.empty(cap, dtype=np.int64)
    rec = np.empty(cap, dtype=np.int64)
    slots = np.full(cap * 2, -1, dtype=np.int64)
    return keys, score, prev, rec, slots


@njit(cache=True, inline="always")
def _find(slots: np.ndarray, keys: np.ndarray, w0: int, w1: int, w2: int, w3: int, w4: int) -> int:
    """The slot holding this state, or the empty slot where it goes."""
    mask = slots.shape[0] - 1
    s = _hash(w0, w1, w2, w3, w4) & mask
    while True:
        j = slots[s]
        if j < 0:
            return s
        if (
            keys[j, 0] == w0
            and keys[j, 1] == w1
            and keys[j, 2] == w2
            and keys[j, 3] == w3
            and keys[j, 4] == w4
        ):
            return s
        s = (s + 1) & mask


@njit(cache=True)
def _suit_step(
    keys: np.ndarray,
    score: np.ndarray,
    n: int,
    p: int,
    k: int,
    table: np.ndarray,
    hand: np.ndarray,
    avail_pos: np.ndarray,
    open_sets: bool,
    by_value: bool,
    to_open: int,
    rest: int,
    floor: int,
    cap: int,
    completable: np.ndarray,
    out: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    scratch: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """One suit at one position for every state (``_suit_step`` of the Python sweep). Returns
    the new layer; its size is -1 when it would hold more than ``cap`` states."""
    rank = 1 if p == 14 else p
    if by_value:
        weight = 0
        joker_weight = 0
    else:
        weight = 4096 + (11 if rank == 1 else min(rank, 10))
        joker_weight = 4096 + 20
    ace_weight = 4096 + 11
    value = _RUN_VALUE[p]
    next1 = avail_pos[p + 1, k] > 0
    next2 = avail_pos[p + 2, k] > 0
    ones = 0
    twos = 0
    if p <= 13:
        for s in range(k + 1, 4):
            c = min(2, avail_pos[p, s])
            if c == 1:
                ones += 1
            elif c == 2:
                twos += 1
    if p < 13:
        next_avail = avail_pos[p + 1, k]
    elif p == 13:
        next_avail = avail_pos[14, k]
    else:
        next_avail = 0
    low = 1 if p == 1 else 0
    real_start0 = _enc(1, 1, 2, 0, low)
    real_start1 = _enc(1, 1, 2, 1, low)
    joker_start0 = _enc(1, 0, 0, 0, low)
    joker_start1 = _enc(1, 0, 0, 1, low)
    can_start_real = p <= 12 and _viable(real_start0, p, next1, next2)
    can_start_joker = p <= 12 and _viable(joker_start0, p, next1, next2)
    groups_ok = p <= 13
    ashift = 4 * k

    okeys, oscore, oprev, orec, slots = out
    slots[:] = -1
    on = 0
    # Scratch for the walk over the open runs of one state.
    codes = scratch[0:8]
    entries = scratch[8:24]
    choice = scratch[24:33]
    actions = scratch[33:42]
    fresh = scratch[42:58]
    acc = scratch[64:127].reshape((9, 7))  # rr, ro, jr, jo, vr, vo, entries so far

    for i in range(n):
        sc = score[i]
        runs_w = keys[i, k]
        misc = keys[i, 4]
        nr = 0
        while nr < 8:
            c = (runs_w >> (8 * nr)) & 255
            if c == 0:
                break
            codes[nr] = c
            nr += 1
        aces_k = (misc >> ashift) & 15
        if p == 14:
            debt = aces_k & 3
            avail = aces_k >> 2
        else:
            debt = table[p, k]
            avail = table[p, k] + hand[p, k]
        jleft = (misc >> _JLEFT) & 7
        jdebt = (misc >> _JDEBT) & 7
        ov = (misc >> _OV) & 31
        gpr = (misc >> _GR) & 63
        gpo = (misc >> _GO) & 63
        if nr == 0 and avail == 0 and not (next1 and next2 and jleft > 0):
            # Nothing can happen for this suit here: carry the state over unchanged.
            if on * 2 >= slots.shape[0]:
                slots = _rehash(okeys, on, slots.shape[0] * 2)
            s = _find(slots, okeys, keys[i, 0], keys[i, 1], keys[i, 2], keys[i, 3], misc)
            j = slots[s]
            if j < 0:
                if on >= cap:
                    return okeys, oscore, oprev, orec, slots, -1
                if on == okeys.shape[0]:
                    okeys, oscore, oprev, orec = _grow(okeys, oscore, oprev, orec)
                for w in range(5):
                    okeys[on, w] = keys[i, w]
                oscore[on] = sc
                oprev[on] = i
                orec[on] = _CARRIED
                slots[s] = on
                on += 1
            elif oscore[j] < sc:
                oscore[j] = sc
                oprev[j] = i
                orec[j] = _CARRIED
            continue
        open_new = open_sets and ov < to_open
        jcap = min(jleft, nr + 2)
        spacing = jcap > 0
        aces_sum_other = 0
        for s in range(4):
            if s != k:
                aces_sum_other += (misc >> (4 * s + 2)) & 3

        # Depth-first walk over the actions of the open runs (iterative).
        d = 0
        choice[0] = -1
        for f in range(7):
            acc[0, f] = 0
        while d >= 0:
            if d == nr:
                # --- finish: every way to start runs and send cards to groups -------------
                rr0 = acc[d, 0]
                ro0 = acc[d, 1]
                jr0 = acc[d, 2]
                jo0 = acc[d, 3]
                vr0 = acc[d, 4]
                vo0 = acc[d, 5]
                m = acc[d, 6]
                act_bits = 0
                for q in range(nr):
                    act_bits |= actions[q] << (2 * q)
                free = avail - rr0 - ro0
                jfree = jcap - jr0 - jo0
                a_hi = free if can_start_real else 0
                for a in range(a_hi + 1):
                    b_hi = free - a if can_start_real and open_new else 0
                    for b in range(b_hi + 1):
                        g_hi = min(2, free - a - b) if groups_ok else 0
                        for g in range(g_hi + 1):
                            h_hi = min(2, free - a - b - g) if groups_ok and open_new else 0
                            for h in range(h_hi + 1):
                                c_hi = min(2, jfree) if can_start_joker else 0
                                for cj in range(c_hi + 1):
                                    d_hi = min(2 - cj, jfree - cj) if can_start_joker else 0
                                    for dj in range(d_hi + 1):
                                        if dj and not open_new:
                                            continue
                                        rr = rr0 + a
                                        ro = ro0 + b
                                        jr = jr0 + cj
                                        jo = jo0 + dj
                                        vr = vr0 + value * (a + cj)
                                        vo = vo0 + value * (b + dj)
                                        # The new runs, sorted.
                                        t = 0
                                        for q in range(m):
                                            fresh[t] = entries[q]
                                            t += 1
                                        for _ in range(a):
                                            fresh[t] = real_start0
                                            t += 1
                                        for _ in range(b):
                                            fresh[t] = real_start1
                                            t += 1
                                        for _ in range(cj):
                                            fresh[t] = joker_start0
                                            t += 1
                                        for _ in range(dj):
                                            fresh[t] = joker_start1
                                            t += 1
                                        if t > 8:
                                            raise ValueError("more than eight open runs")
                                        for q in range(1, t):
                                            x = fresh[q]
                                            r = q - 1
                                            while r >= 0 and fresh[r] > x:
                                                fresh[r + 1] = fresh[r]
                                                r -= 1
                                            fresh[r + 1] = x
                                        needy = 0
                                        needy_real = 0
                                        new_w = 0
                                        for q in range(t):
                                            x = fresh[q]
                                            new_w |= x << (8 * q)
                                            if not (x & 3 == 3 and x >> 2 & 3 == 2):
                                                needy += 1
                                                if x >> 4 & 3 == 0:
                                                    needy_real += 1
                                        if needy and (
                                            needy_real > next_avail
                                            or needy > next_avail + jleft - jr - jo
                                        ):
                                            continue
                                        reg = rr + g
                                        used = reg + ro + h
                                        if p == 1:
                                            rest_debt = debt - reg if debt > reg else 0
                                            rest_avail = avail - used
                                            if rest_avail < rest_debt:
                                                continue
                                            new_aces_k = rest_debt | rest_avail << 2
                                            kept = rest_avail
                                        else:
                                            if reg < debt:
                                                continue
                                            if p == 14:
                                                new_aces_k = 0
                                                kept = 0
                                            else:
                                                new_aces_k = aces_k
                                                kept = aces_k >> 2
                                        jokers = jr + jo
                                        if jokers > jleft:
                                            continue
                                        new_jleft = jleft - jokers
                                        new_jdebt = jdebt - jr if jdebt > jr else 0
                                        if new_jleft < new_jdebt:
                                            continue
                                        if by_value:
                                            new_score = sc + vr + vo
                                        else:
                                            new_score = sc + weight * used + joker_weight * jokers
                                        if floor >= 0 and (
                                            new_score
                                            + rest
                                            + new_jleft * joker_weight
                                            + ace_weight * (aces_sum_other + kept)
                                            <= floor
                                        ):
                                            continue
                                        new_ov = ov + vo if ov + vo < to_open else to_open
                                        ngr = gpr
                                        if g:
                                            ngr += 8 if g == 2 else g
                                            if not completable[ngr, ones, twos]:
                                                continue
                                        ngo = gpo
                                        if h:
                                            ngo += 8 if h == 2 else h
                                            if not completable[ngo, ones, twos]:
                                                continue
                                        new_misc = (
                                            (misc & ~(15 << ashift) & ((1 << _JLEFT) - 1))
                                            | new_aces_k << ashift
                                            | new_jleft << _JLEFT
                                            | new_jdebt << _JDEBT
                                            | new_ov << _OV
                                            | ngr << _GR
                                            | ngo << _GO
                                        )
                                        record = (
                                            act_bits
                                            | a << _R_START
                                            | b << (_R_START + 2)
                                            | g << (_R_START + 4)
                                            | h << (_R_START + 6)
                                            | cj << (_R_START + 8)
                                            | dj << (_R_START + 10)
                                            | (1 if spacing else 0) << _R_SPACING
                                        )
                                        w0 = new_w if k == 0 else keys[i, 0]
                                        w1 = new_w if k == 1 else keys[i, 1]
                                        w2 = new_w if k == 2 else keys[i, 2]
                                        w3 = new_w if k == 3 else keys[i, 3]
                                        if on * 2 >= slots.shape[0]:
                                            slots = _rehash(okeys, on, slots.shape[0] * 2)
                                        s = _find(slots, okeys, w0, w1, w2, w3, new_misc)
                                        j = slots[s]
                                        if j < 0:
                                            if on >= cap:
                                                return okeys, oscore, oprev, orec, slots, -1
                                            if on == okeys.shape[0]:
                                                okeys, oscore, oprev, orec = _grow(
                                                    okeys, oscore, oprev, orec
                                                )
                                            okeys[on, 0] = w0
                                            okeys[on, 1] = w1
                                            okeys[on, 2] = w2
                                            okeys[on, 3] = w3
                                            okeys[on, 4] = new_misc
                                            oscore[on] = new_score
                                            oprev[on] = i
                                            orec[on] = record
                                            slots[s] = on
                                            on += 1
                                        elif oscore[j] < new_score:
                                            oscore[j] = new_score
                                            oprev[j] = i
                                            orec[j] = record
                d -= 1
                continue
            choice[d] += 1
            ch = choice[d]
            if ch > 2:
                d -= 1
                continue
            code = codes[d]
            length = code & 3
            normals = code >> 2 & 3
            since = code >> 4 & 3
            opening = code >> 6 & 1
            low_ace = code >> 7 & 1
            m = acc[d, 6]
            if ch == 0:
                if not (length == 3 and normals == 2):
                    continue
                for f in range(7):
                    acc[d + 1, f] = acc[d, f]
            else:
                if p == 14 and low_ace:
                    choice[d] = 2
                    continue
                gain = value + (9 if low_ace and p == 13 else 0)
                if ch == 1:
                    if acc[d, 0] + acc[d, 1] >= avail:
                        continue
                    sn = min(2, since + 1) if spacing else 2
                    new = _enc(min(3, length + 1), min(2, normals + 1), sn, opening, low_ace)
                    if not _viable(new, p, next1, next2):
                        continue
                    for f in range(7):
                        acc[d + 1, f] = acc[d, f]
                    acc[d + 1, 0 + opening] += 1
                    acc[d + 1, 4 + opening] += gain
                else:
                    if not (since == 2 and acc[d, 2] + acc[d, 3] < jcap):
                        continue
                    new = _enc(min(3, length + 1), normals, 0, opening, low_ace)
                    if not _viable(new, p, next1, next2):
                        continue
                    for f in range(7):
                        acc[d + 1, f] = acc[d, f]
                    acc[d + 1, 2 + opening] += 1
                    acc[d + 1, 4 + opening] += gain
                entries[m] = new
                acc[d + 1, 6] = m + 1
            actions[d] = ch
            d += 1
            choice[d] = -1
    return okeys, oscore, oprev, orec, slots, on


@njit(cache=True)
def _group_step(
    keys: np.ndarray,
    score: np.ndarray,
    n: int,
    p: int,
    by_value: bool,
    to_open: int,
    rest: int,
    floor: int,
    group_options: np.ndarray,
    out: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Split the group cards of rank ``p`` into groups (``_group_step`` of the Python sweep)."""
    joker_weight = 0 if by_value else 4096 + 20
    ace_weight = 4096 + 11
    group_value = _GROUP_VALUE[p]
    okeys, oscore, oprev, orec, slots = out
    slots[:] = -1
    on = 0
    clear = ~((7 << _JLEFT) | (7 << _JDEBT) | (31 << _OV) | (63 << _GR) | (63 << _GO))
    for i in range(n):
        sc = score[i]
        misc = keys[i, 4]
        pat_r = (misc >> _GR) & 63
        pat_o = (misc >> _GO) & 63
        jleft = (misc >> _JLEFT) & 7
        jdebt = (misc >> _JDEBT) & 7
        ov = (misc >> _OV) & 31
        kept_aces = 0
        for s in range(4):
            kept_aces += (misc >> (4 * s + 2)) & 3
        if pat_r == 0 and pat_o == 0:
            options_r = 1
            options_o = 1
        else:
            options_r = group_options[pat_r >> 3, pat_r & 7] if pat_r else 1
            options_o = group_options[pat_o >> 3, pat_o & 7] if pat_o else 1
        cards_r = 2 * (pat_r >> 3) + (pat_r & 7)
        cards_o = 2 * (pat_o >> 3) + (pat_o & 7)
        for jr in range(5):
            if not (options_r >> jr) & 1:
                continue
            for jo in range(5):
                if not (options_o >> jo) & 1:
                    continue
                jokers = jr + jo
                if jokers > jleft:
                    continue
                new_jleft = jleft - jokers
                new_jdebt = jdebt - jr if jdebt > jr else 0
                if new_jleft < new_jdebt:
                    continue
                if by_value:
                    new_score = sc + group_value * (cards_r + jr + cards_o + jo)
                else:
                    new_score = sc + joker_weight * jokers
                    if floor >= 0 and (
                        new_score + rest + new_jleft * joker_weight + ace_weight * kept_aces
                        <= floor
                    ):
                        continue
                new_ov = ov
                if pat_o:
                    new_ov = min(to_open, ov + group_value * (cards_o + jo))
                new_misc = (
                    (misc & clear) | new_jleft << _JLEFT | new_jdebt << _JDEBT | new_ov << _OV
                )
                record = _CARRIED if pat_r == 0 and pat_o == 0 else jr | jo << 3
                if on * 2 >= slots.shape[0]:
                    slots = _rehash(okeys, on, slots.shape[0] * 2)
                s = _find(slots, okeys, keys[i, 0], keys[i, 1], keys[i, 2], keys[i, 3], new_misc)
                j = slots[s]
                if j < 0:
                    if on == okeys.shape[0]:
                        okeys, oscore, oprev, orec = _grow(okeys, oscore, oprev, orec)
                    for w in range(4):
                        okeys[on, w] = keys[i, w]
                    okeys[on, 4] = new_misc
                    oscore[on] = new_score
                    oprev[on] = i
                    orec[on] = record
                    slots[s] = on
                    on += 1
                elif oscore[j] < new_score:
                    oscore[j] = new_score
                    oprev[j] = i
                    orec[j] = record
    return okeys, oscore, oprev, orec, slots, on


@njit(cache=True, inline="always")
def _covers(mine: int, theirs: int, dominates: np.ndarray) -> bool:
    """Every run of ``theirs`` matched to a distinct dominating run of ``mine``, the rest of
    ``mine`` closable (``_covers`` of the Python sweep)."""
    if mine == theirs:
        return True
    m = 0
    closable = 0
    while m < 8:
        c = (mine >> (8 * m)) & 255
        if c == 0:
            break
        if c & 15 == 11:
            closable |= 1 << m
        m += 1
    t = 0
    while t < 8 and (theirs >> (8 * t)) & 255:
        t += 1
    if t > m:
        return False
    full = (1 << m) - 1
    assign = 0  # 4 bits per run of ``theirs``: the index in ``mine`` it is matched to, plus one
    used = 0
    i = 0
    while i >= 0:
        if i == t:
            if (used | closable) == full:
                return True
            i -= 1
            if i >= 0:
                used &= ~(1 << (((assign >> (4 * i)) & 15) - 1))
            continue
        want = (theirs >> (8 * i)) & 255
        j = (assign >> (4 * i)) & 15  # the next index to try
        while j < m:
            if not (used >> j) & 1 and dominates[(mine >> (8 * j)) & 255, want]:
                break
            j += 1
        if j < m:
            assign = (assign & ~(15 << (4 * i))) | (j + 1) << (4 * i)
            used |= 1 << j
            i += 1
            if i < t:
                assign &= ~(15 << (4 * i))
        else:
            i -= 1
            if i >= 0:
                used &= ~(1 << (((assign >> (4 * i)) & 15) - 1))
    return False


@njit(cache=True)
def _prune(
    keys: np.ndarray,
    score: np.ndarray,
    n: int,
    reach: int,
    to_open: int,
    window: int,
    dominates: np.ndarray,
) -> np.ndarray:
    """The indices of the states kept after dropping dominated ones (``_prune`` of the Python
    sweep). ``reach`` >= 0: the opening value the rest of the hand can still add."""
    order_key = np.empty(n, dtype=np.int64)
    alive = np.ones(n, dtype=np.bool_)
    max_score = 0
    for i in range(n):
        if score[i] > max_score:
            max_score = score[i]
    for i in range(n):
        misc = keys[i, 4]
        ov = (misc >> _OV) & 31
        if reach >= 0 and ov < to_open:
            hand_jokers = ((misc >> _JLEFT) & 7) - ((misc >> _JDEBT) & 7)
            if ov + reach + 11 * hand_jokers < to_open:
                alive[i] = False
        order_key[i] = (misc & _BUCKET_MASK) << 30 | (max_score - score[i]) << 5 | (31 - ov)
    order = np.argsort(order_key, kind="mergesort")
    out = np.empty(n, dtype=np.int64)
    count = 0
    kept = np.empty(window, dtype=np.int64)
    kept_n = 0
    bucket = -1
    for q in range(n):
        i = order[q]
        if not alive[i]:
            continue
        b = keys[i, 4] & _BUCKET_MASK
        if b != bucket:
            bucket = b
            kept_n = 0
        ov = (keys[i, 4] >> _OV) & 31
        dominated = False
        for r in range(kept_n):
            o = kept[r]
            if (
                (keys[o, 4] >> _OV) & 31 >= ov
                and _covers(keys[o, 0], keys[i, 0], dominates)
                and _covers(keys[o, 1], keys[i, 1], dominates)
                and _covers(keys[o, 2], keys[i, 2], dominates)
                and _covers(keys[o, 3], keys[i, 3], dominates)
            ):
                dominated = True
                break
        if not dominated:
            if kept_n < window:
                kept[kept_n] = i
                kept_n += 1
            out[count] = i
            count += 1
    return out[:count]


@njit(cache=True)
def _best_of(score: np.ndarray, n: int, size: int) -> np.ndarray:
    """The indices of the ``size`` best scores (ties: the earlier first), in that order."""
    return np.argsort(-score[:n], kind="mergesort")[:size]


@njit(cache=True)
def _select(
    keys: np.ndarray, score: np.ndarray, prev: np.ndarray, rec: np.ndarray, chosen: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """The rows ``chosen`` of a layer, as a new layer."""
    nn = chosen.shape[0]
    size = max(nn, 1)
    nk = np.empty((size, 5), dtype=np.int64)
    ns = np.empty(size, dtype=np.int64)
    npv = np.empty(size, dtype=np.int64)
    nrc = np.empty(size, dtype=np.int64)
    for q in range(nn):
        i = chosen[q]
        for w in range(5):
            nk[q, w] = keys[i, w]
        ns[q] = score[i]
        npv[q] = prev[i]
        nrc[q] = rec[i]
    return nk, ns, npv, nrc, nn


@njit(cache=True, nogil=True)  # the window's thread draws meanwhile
def _sweep(
    keys: np.ndarray,
    score: np.ndarray,
    n: int,
    hist_prev: np.ndarray,
    hist_rec: np.ndarray,
    hist_n: int,
    layer_start: np.ndarray,
    step: int,
    created: int,
    work: int,
    table: np.ndarray,
    hand: np.ndarray,
    avail_pos: np.ndarray,
    rest: np.ndarray,
    reach: np.ndarray,
    open_sets: bool,
    by_value: bool,
    to_open: int,
    floor: int,
    limit: int,
    beam: int,
    tables: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> tuple[np.ndarray, np.ndarray, int, np.ndarray, np.ndarray, int, int, int, int]:
    """Run sweep steps from ``step`` until all 69 are done or about ``work`` states were
    expanded. Returns the new layer, the history, the next step (-1: over budget) and the count
    of created states."""
    completable, group_options, dominates = tables
    scratch = np.zeros(128, dtype=np.int64)
    done = 0
    while step < 69 and done < work:
        p = step // 5 + 1
        k = step % 5
        done += n
        if k < 4:
            cap = limit if limit >= 0 else 1 << 62
            nk, ns, npv, nrc, _, nn = _suit_step(
                keys, score, n, p, k, table, hand, avail_pos, open_sets, by_value, to_open,
                rest[p, k], floor, cap, completable, _new_layer(n * 2), scratch,
            )  # fmt: skip
            if nn < 0:
                return keys, score, n, hist_prev, hist_rec, hist_n, -1, created, done
            if beam > 0 and nn > beam:
                nk, ns, npv, nrc, nn = _select(nk, ns, npv, nrc, _best_of(ns, nn, beam))
            if limit >= 0:
                created += nn
                if created > limit * TOTAL_PER_LIMIT:
                    return keys, score, n, hist_prev, hist_rec, hist_n, -1, created, done
        else:
            gk, gs, gp, gr, _, gn = _group_step(
                keys, score, n, p, by_value, to_open, rest[p, 3], floor, group_options,
                _new_layer(n * 2),
            )  # fmt: skip
            kept = _prune(
                gk, gs, gn, reach[p] if open_sets else -1, to_open, DOMINANCE_WINDOW, dominates
            )
            if beam > 0 and kept.shape[0] > beam:
                kept_scores = np.empty(kept.shape[0], dtype=np.int64)
                for q in range(kept.shape[0]):
                    kept_scores[q] = gs[kept[q]]
                kept = kept[_best_of(kept_scores, kept.shape[0], beam)]
            nk, ns, npv, nrc, nn = _select(gk, gs, gp, gr, kept)
        # Append the back-pointers and records of the new layer to the history.
        while hist_n + nn > hist_prev.shape[0]:
            size = hist_prev.shape[0] * 2
            hp = np.empty(size, dtype=np.int64)
            hr = np.empty(size, dtype=np.int64)
            hp[:hist_n] = hist_prev[:hist_n]
            hr[:hist_n] = hist_rec[:hist_n]
            hist_prev = hp
            hist_rec = hr
        base = layer_start[step]
        for q in range(nn):
            hist_prev[hist_n + q] = base + npv[q]
            hist_rec[hist_n + q] = nrc[q]
        layer_start[step + 1] = hist_n
        hist_n += nn
        keys, score, n = nk, ns, nn
        step += 1
    return keys, score, n, hist_prev, hist_rec, hist_n, step, created, done


@njit(cache=True, nogil=True)  # the window's thread draws meanwhile
def _finish(
    keys: np.ndarray,
    score: np.ndarray,
    n: int,
    floor: int,
    to_open: int,
) -> int:
    """The index of the best final state (-1: none beats ``floor``)."""
    best = -1
    best_score = floor
    for i in range(n):
        misc = keys[i, 4]
        if (misc >> _JDEBT) & 7 or (misc >> _OV) & 31 < to_open:
            continue
        ok = True
        for k in range(4):
            w = keys[i, k]
            for q in range(8):
                c = (w >> (8 * q)) & 255
                if c == 0:
                    break
                if not (c & 3 == 3 and c >> 2 & 3 == 2):
                    ok = False
                    break
            if not ok:
                break
        if ok and score[i] > best_score:
            best_score = score[i]
            best = i
    return best


# --- Python side ---------------------------------------------------------------------------------

_TABLES = (_COMPLETABLE, _GROUP_OPTIONS, _DOMINATES)
# Step index -> (p, k): 5 slots per position (4 suits, then the groups, k = 4), 14 * 5 - 1 steps
# (position 14 has no groups).
_STEPS = [(s // 5 + 1, s % 5) for s in range(69)]


def _setup(
    table: list[list[int]],
    hand: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    open_sets: bool,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays both compiled solvers start from: counts, copies per sweep position (14: the
    aces again), ``rest`` (see ``rest_after``), the opening reach per position and the start
    state."""  # fmt: skip
    if table_jokers + hand_jokers > 7:
        raise ValueError("at most 7 jokers")
    table_a = np.zeros((14, 4), dtype=np.int64)
    hand_a = np.zeros((14, 4), dtype=np.int64)
    for rank in range(1, 14):
        for s in range(4):
            table_a[rank, s] = table[rank][s]
            hand_a[rank, s] = hand[rank][s]
    avail_pos = np.zeros((ACE_HIGH + 3, 4), dtype=np.int64)
    avail_pos[1:14] = table_a[1:14] + hand_a[1:14]
    avail_pos[ACE_HIGH] = avail_pos[1]
    if avail_pos.max() > 3:
        raise ValueError("at most three copies of a card")
    rest = np.zeros((ACE_HIGH + 1, 4), dtype=np.int64)
    total = 0
    for p in range(13, 0, -1):
        weight = card_weight(p)
        for k in range(3, -1, -1):
            rest[p, k] = total
            total += weight * int(avail_pos[p, k])
    if not 0 < OPENING_POINTS < 1 << (_GR - _OV):  # the opening value's field of the misc word
        raise ValueError(f"an opening of {OPENING_POINTS} points does not fit the compiled state")
    reach = np.zeros(15, dtype=np.int64)
    if open_sets:
        for p in range(1, 14):
            reach[p] = opening_reach(hand, p)
    start_ov = 0 if open_sets else OPENING_POINTS
    keys = np.zeros((1, 5), dtype=np.int64)
    jokers = table_jokers + hand_jokers
    keys[0, 4] = jokers << _JLEFT | table_jokers << _JDEBT | start_ov << _OV
    return table_a, hand_a, avail_pos, rest, reach, keys


def solve_counts_jit(
    table: list[list[int]],
    hand: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    beat: int | None = None,
    limit: int | None = None,
    beam: int | None = None,
) -> Plan | None:
    """:func:`ai.rummy.solver.sweep.solve_counts`, compiled, same arguments and meaning: the best
    arrangement for per-card counts ``table[rank][suit]`` / ``hand[rank][suit]`` (rank 1..13),
    None when none satisfies the constraints or (with ``beat``) none scores more than ``beat``.
    ``limit``: raise :class:`OverBudget` past that many states in a layer (or four times that
    in all layers together). ``beam``: keep only that many best states per layer (a lower
    bound, not exact). Calls ``check_time()`` between slices of compiled work."""
    open_sets = mode == "opening"
    by_value = mode == "value"
    table_a, hand_a, avail_pos, rest, reach, keys = _setup(
        table, hand, table_jokers, hand_jokers, open_sets
    )
    floor = -1 if beat is None or by_value else beat
    score = np.zeros(1, dtype=np.int64)
    n = 1
    hist_prev = np.full(1024, -1, dtype=np.int64)
    hist_rec = np.full(1024, _CARRIED, dtype=np.int64)
    hist_n = 1
    layer_start = np.zeros(70, dtype=np.int64)
    step = 0
    created = 0
    lim = -1 if limit is None else limit  # 0: over budget at once, like the Python sweep
    while True:
        check_time()
        keys, score, n, hist_prev, hist_rec, hist_n, step, created, _ = _sweep(
            keys, score, n, hist_prev, hist_rec, hist_n, layer_start, step, created,
            SLICE_WORK, table_a, hand_a, avail_pos, rest, reach, open_sets, by_value,
            OPENING_POINTS, floor, lim, 0 if beam is None else beam, _TABLES,
        )  # fmt: skip
        if step < 0:
            raise OverBudget(n)
        if step >= 69:
            break
    best = _finish(keys, score, n, floor, OPENING_POINTS)
    if best < 0:
        return None
    best_score = int(score[best])
    # Walk the back-pointers: the final layer starts at layer_start[69].
    records: list[int] = []
    index = int(layer_start[69]) + best
    while index > 0:
        records.append(int(hist_rec[index]))
        index = int(hist_prev[index])
    records.reverse()
    return Plan(best_score, tuple(_rebuild(_STEPS, records)))


def _rebuild(steps: list[tuple[int, int]], records: list[int]) -> list[PlannedSet]:
    """Replay the recorded decisions and write out the sets they form."""
    sets: list[PlannedSet] = []
    # Per suit: the open runs (cards, opening, descriptor), sorted by descriptor like the state.
    open_runs: list[list[tuple[list[tuple[int, int]], bool, int]]] = [[], [], [], []]
    group_cards = [[0] * 4, [0] * 4]  # [regular, opening][suit]
    for (p, k), record in zip(steps, records, strict=True):
        if k == 4:
            if record != _CARRIED:
                jr, jo = record & 7, record >> 3 & 7
                for opening, jokers in ((0, jr), (1, jo)):
                    counts = tuple(group_cards[opening])
                    if sum(counts):
                        for suits, group_jokers in build_groups(counts, jokers):
                            sets.append(group_set(p, suits, group_jokers, bool(opening)))
                group_cards = [[0] * 4, [0] * 4]
            continue
        if record == _CARRIED:
            continue
        fields = [record >> (_R_START + 2 * f) & 3 for f in range(6)]
        a, b, g, h, c, d = fields
        spacing = record >> _R_SPACING & 1
        group_cards[0][k] += g
        group_cards[1][k] += h
        rank = 1 if p == ACE_HIGH else p
        entries: list[tuple[list[tuple[int, int]], bool, int]] = []
        for q, (cards, opening, code) in enumerate(open_runs[k]):
            action = record >> (2 * q) & 3
            length, normals, since = code & 3, code >> 2 & 3, code >> 4 & 3
            flags = code & 0xC0
            if action == CLOSE:
                sets.append(PlannedSet("run", tuple(cards), opening))
            elif action == EXTEND_CARD:
                new_since = min(2, since + 1) if spacing else 2
                new = encode(min(3, length + 1), min(2, normals + 1), new_since, 0, 0) | flags
                entries.append(([*cards, (rank, k)], opening, new))
            else:
                new = encode(min(3, length + 1), normals, 0, 0, 0) | flags
                entries.append(([*cards, (0, -1)], opening, new))
        low = 1 if p == 1 else 0
        for count, joker, opening in ((a, 0, 0), (b, 0, 1), (c, 1, 0), (d, 1, 1)):
            for _ in range(count):
                if joker:
                    entries.append(([(0, -1)], bool(opening), encode(1, 0, 0, opening, low)))
                else:
                    entries.append(([(rank, k)], bool(opening), encode(1, 1, 2, opening, low)))
        entries.sort(key=lambda entry: entry[2])
        open_runs[k] = entries
    for runs in open_runs:
        for cards, opening, _ in runs:
            sets.append(PlannedSet("run", tuple(cards), opening))
    return sets


def warm_up_sweep() -> None:
    """Compile (or load from the on-disk cache) the sweep and the depth-first rounds, on tiny
    positions, then forbid compiling at call time. Called by
    :func:`ai.rummy.solver.compiled.warm_up`."""
    table = [[0] * 4 for _ in range(14)]
    hand = [[0] * 4 for _ in range(14)]
    for rank in (2, 3, 4):
        hand[rank][0] = 1
    modes: tuple[Mode, ...] = ("opened", "opening", "value")
    for mode in modes:
        solve_counts_jit(table, hand, 0, 1, mode)
    for mode in modes[:2]:
        solve_by_rounds_jit(table, hand, 0, 1, mode, max_left_out=4)
    for dispatcher in (_sweep, _finish, _dfs):  # the ones Python calls
        dispatcher.disable_compile()


# --- the depth-first rounds of ai.rummy.solver.rounds, compiled ----------------------------------

_DFS_STEPS = 69
_MAX_POTENTIAL = 1 << 21


@njit(cache=True, nogil=True)  # the window's thread draws meanwhile
def _dfs(
    init: np.ndarray,
    floor: int,
    best_score: int,
    best_path: np.ndarray,
    nodes: int,
    node_limit: int,
    try_limit: int,
    seed: int,
    memo_keys: np.ndarray,
    memo_need: np.ndarray,
    memo_slots: np.ndarray,
    memo_n: int,
    table: np.ndarray,
    hand: np.ndarray,
    avail_pos: np.ndarray,
    rest: np.ndarray,
    reach: np.ndarray,
    open_sets: bool,
    to_open: int,
    tables: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> tuple[int, int, int, int, np.ndarray, np.ndarray, np.ndarray, int]:
    """One walk of ``_Search.walk`` (ai.rummy.solver.rounds) from the start, iteratively: the
    successors of a state are the sweep's step applied to it alone, tried best first (``seed``
    > 0: equal ones in a random order). Dead ends are remembered in the memo (state with its
    step -> the smallest need that failed), which is kept across walks. Returns status (0: walk
    done, 1: ``try_limit`` steps reached, 2: ``node_limit`` reached), the raised bar, the best
    score found (its records in ``best_path``), the step count and the memo."""
    completable, group_options, _ = tables
    if seed > 0:
        np.random.seed(seed)
    joker_weight = 4096 + 20
    ace_weight = 4096 + 11
    st_keys = np.empty((_DFS_STEPS + 1, 5), dtype=np.int64)
    st_score = np.empty(_DFS_STEPS + 1, dtype=np.int64)
    pos = np.zeros(_DFS_STEPS + 1, dtype=np.int64)
    cnt = np.zeros(_DFS_STEPS + 1, dtype=np.int64)
    pstart = np.zeros(_DFS_STEPS + 1, dtype=np.int64)
    known = np.zeros(_DFS_STEPS + 1, dtype=np.int64)
    has_known = np.zeros(_DFS_STEPS + 1, dtype=np.bool_)
    path = np.zeros(_DFS_STEPS, dtype=np.int64)
    pool_keys = np.empty((1024, 5), dtype=np.int64)
    pool_score = np.empty(1024, dtype=np.int64)
    pool_prev = np.empty(1024, dtype=np.int64)
    pool_rec = np.empty(1024, dtype=np.int64)
    pool_top = 0
    out = _new_layer(64)
    scratch = np.zeros(128, dtype=np.int64)
    for w in range(5):
        st_keys[0, w] = init[w]
    st_score[0] = 0
    d = 0
    entering = True
    while True:
        if entering:
            entering = False
            sc = st_score[d]
            misc = st_keys[d, 4]
            if d == _DFS_STEPS:
                ok = sc > floor and (misc >> _JDEBT) & 7 == 0 and (misc >> _OV) & 31 >= to_open
                if ok:
                    for k in range(4):
                        w = st_keys[d, k]
                        for q in range(8):
                            c = (w >> (8 * q)) & 255
                            if c == 0:
                                break
                            if not (c & 3 == 3 and c >> 2 & 3 == 2):
                                ok = False
                if ok:
                    floor = sc
                    best_score = sc
                    best_path[:] = path
                d -= 1
                continue
            mk = misc | d << 40
            if memo_n * 2 >= memo_slots.shape[0]:
                memo_slots = _rehash(memo_keys, memo_n, memo_slots.shape[0] * 2)
            s = _find(memo_slots, memo_keys, st_keys[d, 0], st_keys[d, 1], st_keys[d, 2],
                      st_keys[d, 3], mk)  # fmt: skip
            j = memo_slots[s]
            has_known[d] = j >= 0
            if j >= 0:
                known[d] = memo_need[j]
                if floor - sc >= known[d]:
                    d -= 1
                    if d < 0:
                        return 0, floor, best_score, nodes, memo_keys, memo_need, memo_slots, memo_n
                    continue
            nodes += 1
            if node_limit > 0 and nodes > node_limit:
                return 2, floor, best_score, nodes, memo_keys, memo_need, memo_slots, memo_n
            if try_limit >= 0 and nodes > try_limit:
                return 1, floor, best_score, nodes, memo_keys, memo_need, memo_slots, memo_n
            p = d // 5 + 1
            k = d % 5
            if k < 4:
                ok_, os_, op_, or_, sl_, on = _suit_step(
                    st_keys[d : d + 1], st_score[d : d + 1], 1, p, k, table, hand, avail_pos,
                    open_sets, False, to_open, rest[p, k], floor, 1 << 62, completable, out,
                    scratch,
                )  # fmt: skip
            else:
                ok_, os_, op_, or_, sl_, on = _group_step(
                    st_keys[d : d + 1], st_score[d : d + 1], 1, p, False, to_open, rest[p, 3],
                    floor, group_options, out,
                )  # fmt: skip
            # Reused for the next step (clearing a big hash table each time would cost more).
            out = (ok_, os_, op_, or_, sl_) if sl_.shape[0] <= 256 else _new_layer(64)
            # Order: most potential first, then fewer kept aces, fewer open runs, more jokers.
            order_key = np.empty(on, dtype=np.int64)
            live = 0
            for q in range(on):
                m2 = ok_[q, 4]
                jl = (m2 >> _JLEFT) & 7
                if open_sets and k == 4:
                    ov2 = (m2 >> _OV) & 31
                    hand_jokers = jl - ((m2 >> _JDEBT) & 7)
                    if ov2 < to_open and ov2 + reach[p] + 11 * hand_jokers < to_open:
                        order_key[q] = -1
                        continue
                aces = 0
                for s2 in range(4):
                    aces += (m2 >> (4 * s2 + 2)) & 3
                runs = 0
                for w in range(4):
                    for b in range(8):
                        if (ok_[q, w] >> (8 * b)) & 255 == 0:
                            break
                        runs += 1
                potential = os_[q] + jl * joker_weight + aces * ace_weight
                key = (_MAX_POTENTIAL - potential) << 13 | aces << 9 | runs << 3 | (7 - jl)
                tie = np.random.randint(0, 1024) if seed > 0 else q & 1023
                order_key[q] = key << 10 | tie
                live += 1
            order = np.argsort(order_key, kind="mergesort")
            while pool_top + on > pool_keys.shape[0]:
                pool_keys, pool_score, pool_prev, pool_rec = _grow(
                    pool_keys, pool_score, pool_prev, pool_rec
                )
            pstart[d] = pool_top
            t = 0
            for q in range(on):
                i = order[q]
                if order_key[i] < 0:
                    continue
                for w in range(5):
                    pool_keys[pool_top + t, w] = ok_[i, w]
                pool_score[pool_top + t] = os_[i]
                pool_rec[pool_top + t] = or_[i]
                t += 1
            cnt[d] = t
            pos[d] = 0
            pool_top += t
        if d < 0:
            return 0, floor, best_score, nodes, memo_keys, memo_need, memo_slots, memo_n
        if pos[d] < cnt[d]:
            q = pstart[d] + pos[d]
            pos[d] += 1
            path[d] = pool_rec[q]
            for w in range(5):
                st_keys[d + 1, w] = pool_keys[q, w]
            st_score[d + 1] = pool_score[q]
            d += 1
            entering = True
            continue
        # Every completion from here is now at most the bar (or it would have raised it).
        need = floor - st_score[d]
        if not has_known[d] or need < known[d]:
            mk = st_keys[d, 4] | d << 40
            if memo_n * 2 >= memo_slots.shape[0]:
                memo_slots = _rehash(memo_keys, memo_n, memo_slots.shape[0] * 2)
            s = _find(memo_slots, memo_keys, st_keys[d, 0], st_keys[d, 1], st_keys[d, 2],
                      st_keys[d, 3], mk)  # fmt: skip
            j = memo_slots[s]
            if j < 0:
                if memo_n == memo_keys.shape[0]:
                    memo_keys, memo_need, _, _ = _grow(memo_keys, memo_need, memo_need, memo_need)
                for w in range(4):
                    memo_keys[memo_n, w] = st_keys[d, w]
                memo_keys[memo_n, 4] = mk
                memo_need[memo_n] = need
                memo_slots[s] = memo_n
                memo_n += 1
            else:
                memo_need[j] = need
        pool_top = pstart[d]
        d -= 1
        if d < 0:
            return 0, floor, best_score, nodes, memo_keys, memo_need, memo_slots, memo_n


def solve_by_rounds_jit(
    table: list[list[int]],
    hand: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    max_left_out: int,
    node_limit: int | None = None,
    first_left_out: int = 0,
) -> RoundsResult:
    """:func:`ai.rummy.solver.rounds.solve_by_rounds`, compiled: the optimal plan among those
    leaving at most ``max_left_out`` usable hand cards (and hand jokers) out; past
    ``node_limit`` steps it gives up (not exact, with the best plan of its last round).
    ``check_time()`` is called between walks only (every few hundred steps, but the last walk of
    a round runs to the end or to ``node_limit``): bound the time with ``node_limit``."""
    if mode == "value":
        raise ValueError("the rounds solve modes 'opened' and 'opening' only")
    open_sets = mode == "opening"
    table_a, hand_a, avail_pos, rest, reach, init_keys = _setup(
        table, hand, table_jokers, hand_jokers, open_sets
    )
    ceiling = sum(
        card_weight(r) * int(avail_pos[r, s]) for r in range(1, 14) for s in range(4)
    ) + card_weight(0) * (table_jokers + hand_jokers)
    memo_keys = np.empty((1024, 5), dtype=np.int64)
    memo_need = np.empty(1024, dtype=np.int64)
    memo_slots = np.full(2048, -1, dtype=np.int64)
    memo_n = 0
    nodes = 0
    limit = 0 if node_limit is None else node_limit
    best_path = np.zeros(_DFS_STEPS, dtype=np.int64)
    for left_out in range(first_left_out, max_left_out + 1):
        floor = ceiling - left_out * MAX_CARD_LOSS - 1
        best_score = -1
        for attempt in range(TRIES):
            last = attempt == TRIES - 1
            try_limit = -1 if last else nodes + STEPS_PER_TRY
            check_time()
            status, floor, best_score, nodes, memo_keys, memo_need, memo_slots, memo_n = _dfs(
                init_keys[0], floor, best_score, best_path, nodes, limit, try_limit, attempt,
                memo_keys, memo_need, memo_slots, memo_n, table_a, hand_a, avail_pos, rest,
                reach, open_sets, OPENING_POINTS, _TABLES,
            )  # fmt: skip
            if status == 2:
                return RoundsResult(_plan_of(best_score, best_path), exact=False)
            if status == 0:
                break
        if best_score >= 0:
            return RoundsResult(_plan_of(best_score, best_path), exact=True)
    return RoundsResult(None, exact=True)


def _plan_of(score: int, path: np.ndarray) -> Plan | None:
    if score < 0:
        return None
    return Plan(score, tuple(_rebuild(_STEPS, [int(r) for r in path])))
