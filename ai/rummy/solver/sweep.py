"""The exact optimiser behind :mod:`ai.rummy.solver`: a dynamic program over card counts.

Idea (after van Rijn, Takes & Vis 2015, extended for jokers, the joker spacing rule, the
two-sided ace and the 30-point opening): sweep the positions 1..14 of a run (1 = ace low,
14 = ace high). At every position, suit by suit, each copy of that card either extends a run that
is still open, starts a new run, goes to a group of this rank, or stays in the hand. Jokers do the
same. After the four suits the cards sent to groups are split into valid groups. A run is
remembered only through a small descriptor, so equal situations merge:

    length (1, 2, 3+), normal cards (0, 1, 2+), normal cards since its last joker (0, 1, 2+),
    whether it is an opening set (hand cards only), whether it started at the low ace.

The state of the sweep is: the open runs of every suit, the aces kept for ace-high runs,
jokers left and jokers still owed by the table, the opening value reached so far (capped at 30)
and the group cards collected at the current rank. Every layer keeps the best score per state,
with a back-pointer, so the optimum is exact and its arrangement can be rebuilt.

Card accounting: per card, copies in regular sets >= table copies, and all copies used <= table
+ hand copies; opening sets use only copies the player lays (so regular uses cover the table).
Jokers likewise. Score = per used card (BIG + its hand value): more cards first, then value.
"""

from __future__ import annotations

from functools import cache

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
from game.rummy.turn_rules import OPENING_POINTS

RUN_VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10)  # by position 1..14
GROUP_VALUE = (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)  # by rank 1..13
KING_ACE_BONUS = 9  # the low ace is worth 10, not 1, once its run reaches the king

CLOSE, EXTEND_CARD, EXTEND_JOKER = 0, 1, 2


def encode(length: int, normals: int, since_joker: int, opening: int, low_ace: int) -> int:
    return length | normals << 2 | since_joker << 4 | opening << 6 | low_ace << 7


def _decode(code: int) -> tuple[int, int, int, int, int]:
    return code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6 & 1, code >> 7 & 1


DECODED = [_decode(code) for code in range(256)]


def closable(code: int) -> bool:
    return code & 3 == 3 and code >> 2 & 3 == 2


def _viable(code: int, p: int, next1: bool, next2: bool) -> bool:
    """Can a run with this descriptor at position p still become a valid set?"""
    length, normals, since_joker, _, low_ace = DECODED[code]
    last = 13 if low_ace else ACE_HIGH
    left = last - p
    if length + left < 3 or normals + left < 2:
        return False
    n1 = next1 and p + 1 <= last
    n2 = next2 and p + 2 <= last
    if normals == 0:
        return n1 and n2
    if normals == 1:
        return n1 if since_joker == 0 else (n1 or n2)
    return True


# An outcome of one suit at one position:
# (new runs, regular run cards, opening run cards, regular jokers, opening jokers,
#  regular value, opening value, regular group cards, opening group cards, record)
Outcome = tuple[tuple[int, ...], int, int, int, int, int, int, int, int, tuple]

_OPTIONS_CACHE: dict[tuple, list[Outcome]] = {}


def _suit_options(
    runs: tuple[int, ...],
    p: int,
    avail: int,
    jcap: int,
    open_sets: bool,
    open_new: bool,
    next1: bool,
    next2: bool,
) -> list[Outcome]:
    key = (runs, p, avail, jcap, open_sets, open_new, next1, next2)
    cached = _OPTIONS_CACHE.get(key)
    if cached is not None:
        return cached
    found: dict[tuple, Outcome] = {}
    value = RUN_VALUE[p]
    # Without jokers left, "cards since the last joker" no longer matters: merge those states.
    spacing_matters = jcap > 0

    def finish(
        entries: list[int], actions: tuple[int, ...], rr: int, ro: int, jr: int, jo: int,
        vr: int, vo: int,
    ) -> None:  # fmt: skip
        free = avail - rr - ro
        jfree = jcap - jr - jo
        low = 1 if p == 1 else 0
        real_start = [encode(1, 1, 2, o, low) for o in (0, 1)]
        joker_start = [encode(1, 0, 0, o, low) for o in (0, 1)]
        can_start_real = p <= 12 and _viable(real_start[0], p, next1, next2)
        can_start_joker = p <= 12 and _viable(joker_start[0], p, next1, next2)
        groups_ok = p <= 13
        for a in range(free + 1 if can_start_real else 1):  # regular runs started by a card
            for b in range(free - a + 1 if can_start_real and open_new else 1):
                for g in range(min(2, free - a - b) + 1 if groups_ok else 1):
                    for h in range(min(2, free - a - b - g) + 1 if groups_ok and open_new else 1):
                        for c in range(min(2, jfree) + 1 if can_start_joker else 1):
                            for d in range(min(2 - c, jfree - c) + 1 if can_start_joker else 1):
                                if d and not open_new:
                                    continue
                                starts = [(0, 0)] * a + [(0, 1)] * b + [(1, 0)] * c + [(1, 1)] * d
                                new_entries = entries + [
                                    joker_start[o] if joker else real_start[o]
                                    for joker, o in starts
                                ]
                                order = sorted(range(len(new_entries)), key=new_entries.__getitem__)
                                new_runs = tuple(new_entries[i] for i in order)
                                key2 = (
                                    new_runs, rr + a, ro + b, jr + c, jo + d,
                                    vr + value * (a + c), vo + value * (b + d), g, h,
                                )  # fmt: skip
                                if key2 not in found:
                                    record = (actions, tuple(starts), tuple(order), g, h)
                                    found[key2] = (*key2, record)

    def walk(
        i: int, entries: list[int], actions: tuple[int, ...], rr: int, ro: int, jr: int,
        jo: int, vr: int, vo: int,
    ) -> None:  # fmt: skip
        if i == len(runs):
            finish(entries, actions, rr, ro, jr, jo, vr, vo)
            return
        code = runs[i]
        length, normals, since_joker, opening, low_ace = DECODED[code]
        if closable(code):
            walk(i + 1, entries, (*actions, CLOSE), rr, ro, jr, jo, vr, vo)
        if p == ACE_HIGH and low_ace:
            return
        gain = value + (KING_ACE_BONUS if low_ace and p == 13 else 0)
        if rr + ro < avail:
            since = min(2, since_joker + 1) if spacing_matters else 2
            new = encode(min(3, length + 1), min(2, normals + 1), since, opening, low_ace)
            if _viable(new, p, next1, next2):
                walk(
                    i + 1, [*entries, new], (*actions, EXTEND_CARD),
                    rr + 1 - opening, ro + opening, jr, jo,
                    vr + gain * (1 - opening), vo + gain * opening,
                )  # fmt: skip
        if since_joker == 2 and jr + jo < jcap:
            new = encode(min(3, length + 1), normals, 0, opening, low_ace)
            if _viable(new, p, next1, next2):
                walk(
                    i + 1, [*entries, new], (*actions, EXTEND_JOKER),
                    rr, ro, jr + 1 - opening, jo + opening,
                    vr + gain * (1 - opening), vo + gain * opening,
                )  # fmt: skip

    walk(0, [], (), 0, 0, 0, 0, 0, 0)
    result = list(found.values())
    if len(_OPTIONS_CACHE) > 200_000:
        _OPTIONS_CACHE.clear()
    _OPTIONS_CACHE[key] = result
    return result


# A budgeted solve may create this many times its per-layer limit in all layers together.
TOTAL_PER_LIMIT = 4


# State layout: runs of suit 0..3, aces kept for ace-high ((debt, avail) per suit), jokers left,
# jokers owed by the table, opening value (capped), group pattern regular, group pattern opening.
State = tuple
Entry = tuple  # (score, previous state, record)


def solve_counts(
    table: list[list[int]],
    hand: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    mode: Mode,
    beam: int | None = None,
    beat: int | None = None,
    limit: int | None = None,
) -> Plan | None:
    """The best arrangement for per-card counts ``table[rank][suit]`` / ``hand[rank][suit]``
    (rank 1..13, index 0 unused). None when no arrangement satisfies the constraints (only
    possible with table cards that can't be placed, or no opening of 30 in mode "opening").

    ``beam``: keep only that many best-scoring states per layer (fast, a lower bound, not
    exact). ``beat``: only look for arrangements scoring more than this (branch and bound: a
    state is dropped when even using every card still to come could not beat it); None is then
    returned when nothing beats it. ``limit``: raise :class:`OverBudget` as soon as a layer
    holds more states than this, or all layers together more than ``TOTAL_PER_LIMIT`` times
    this (so the time a budgeted solve can take is bounded, not only its memory)."""
    open_sets = mode == "opening"
    by_value = mode == "value"
    avail_pos, init = sweep_start(table, hand, table_jokers, hand_jokers, open_sets)
    layer: dict[State, Entry] = {init: (0, None, None)}
    history: list[dict[State, Entry]] = [layer]
    created = 0
    steps: list[tuple[str, int, int]] = []
    rest = rest_after(avail_pos)
    floor = -1 if beat is None or by_value else beat
    for p in range(1, ACE_HIGH + 1):
        for k in range(4):
            check_time()
            layer = suit_step(
                layer, p, k, table, hand, avail_pos, open_sets, by_value, rest[p][k], floor, limit
            )
            if beam is not None and len(layer) > beam:
                layer = _best_of(layer, beam)
            if limit is not None:
                created += len(layer)
                if len(layer) > limit or created > limit * TOTAL_PER_LIMIT:
                    raise OverBudget(len(layer))
            history.append(layer)
            steps.append(("suit", p, k))
        if p <= 13:
            layer = group_step(layer, p, open_sets, by_value, rest[p][3], floor)
            layer = _prune(layer, opening_reach(hand, p) if open_sets else None)
            if beam is not None and len(layer) > beam:
                layer = _best_of(layer, beam)
            history.append(layer)
            steps.append(("groups", p, -1))
    best_state = None
    best_score = floor  # with ``beat``, only a strictly better arrangement counts
    for state, entry in layer.items():
        if state[6] or state[7] < OPENING_POINTS:
            continue
        if not all(closable(code) for k in range(4) for code in state[k]):
            continue
        if entry[0] > best_score:
            best_score, best_state = entry[0], state
    if best_state is None:
        return None
    records: list[tuple] = []
    state = best_state
    for i in range(len(history) - 1, 0, -1):
        _, previous, record = history[i][state]
        records.append(record)
        state = previous
    records.reverse()
    return Plan(best_score, tuple(rebuild(steps, records)))


def sweep_start(
    table: list[list[int]],
    hand: list[list[int]],
    table_jokers: int,
    hand_jokers: int,
    open_sets: bool,
) -> tuple[list[list[int]], State]:
    """The copies available per sweep position 1..14 and suit (14: the aces again, with two
    empty positions after it), and the state before the first position."""
    avail_pos = [[0] * 4 for _ in range(ACE_HIGH + 3)]
    for rank in range(1, 14):
        for s in range(4):
            avail_pos[rank][s] = table[rank][s] + hand[rank][s]
    avail_pos[ACE_HIGH] = list(avail_pos[1])
    start_ov = 0 if open_sets else OPENING_POINTS
    total_jokers = table_jokers + hand_jokers
    init: State = ((), (), (), (), ((0, 0),) * 4, total_jokers, table_jokers, start_ov, 0, 0)
    return avail_pos, init


def rest_after(avail_pos: list[list[int]]) -> list[list[int]]:
    """rest[p][k]: the score of using every card that comes after suit k at position p (aces
    only at position 1; the aces kept for position 14 are added per state)."""
    rest = [[0] * 4 for _ in range(ACE_HIGH + 1)]
    total = 0
    # Aces at position 14 are the copies kept at position 1: the states count those themselves.
    for p in range(13, 0, -1):
        weight = card_weight(1 if p == ACE_HIGH else p)
        for k in range(3, -1, -1):
            rest[p][k] = total
            total += weight * avail_pos[p][k]
    return rest


def _best_of(layer: dict[State, Entry], size: int) -> dict[State, Entry]:
    ranked = sorted(layer.items(), key=lambda item: -item[1][0])[:size]
    return dict(ranked)


def suit_step(
    layer: dict[State, Entry],
    p: int,
    k: int,
    table: list[list[int]],
    hand: list[list[int]],
    avail_pos: list[list[int]],
    open_sets: bool,
    by_value: bool,
    rest: int,
    floor: int,
    cap: int | None = None,
) -> dict[State, Entry]:
    """One suit at one position for every state of the layer. ``cap``: raise
    :class:`OverBudget` as soon as the new layer holds more states than this."""
    rank = 1 if p == ACE_HIGH else p
    weight = 0 if by_value else card_weight(rank)
    ace_weight = card_weight(1)
    joker_weight = 0 if by_value else card_weight(0)
    next1 = avail_pos[p + 1][k] > 0
    next2 = avail_pos[p + 2][k] > 0
    # Suits still to come at this rank: can they complete the group cards collected so far?
    later_caps = tuple(sorted(min(2, avail_pos[p][s]) for s in range(k + 1, 4))) if p <= 13 else ()
    next_avail = avail_pos[p + 1][k] if p < 13 else avail_pos[ACE_HIGH][k] if p == 13 else 0
    out: dict[State, Entry] = {}
    out_get = out.get
    for count, (state, entry) in enumerate(layer.items()):
        if count & 511 == 511:
            check_time()
        score = entry[0]
        runs = state[k]
        aces = state[4]
        if p == ACE_HIGH:
            debt, avail = aces[k]
        else:
            debt, avail = table[p][k], table[p][k] + hand[p][k]
        jleft, jdebt, ov = state[5], state[6], state[7]
        if not runs and avail == 0 and not (next1 and next2 and jleft):
            # Nothing can happen for this suit here: carry the state over unchanged.
            _keep_best(out, state, score, state, None)
            continue
        open_new = open_sets and ov < OPENING_POINTS
        head, tail = state[:k], state[k + 1 : 4]
        jcap = min(jleft, len(runs) + 2)
        options = _suit_options(runs, p, avail, jcap, open_sets, open_new, next1, next2)
        for new_runs, rr, ro, jr, jo, vr, vo, gr, go, record in options:
            needy, needy_real = _needs(new_runs)
            if needy and (needy_real > next_avail or needy > next_avail + jleft - jr - jo):
                continue  # the next position can't serve every run that must go on
            reg = rr + gr
            used = reg + ro + go
            if p == 1:
                rest_debt = debt - reg if debt > reg else 0
                rest_avail = avail - used
                if rest_avail < rest_debt:
                    continue
                new_aces = aces[:k] + ((rest_debt, rest_avail),) + aces[k + 1 :]
            else:
                if reg < debt:
                    continue
                new_aces = aces
                if p == ACE_HIGH:
                    new_aces = aces[:k] + ((0, 0),) + aces[k + 1 :]
            jokers = jr + jo
            if jokers > jleft:
                continue
            new_jleft = jleft - jokers
            new_jdebt = jdebt - jr if jdebt > jr else 0
            if new_jleft < new_jdebt:
                continue
            if by_value:
                new_score = score + vr + vo
            else:
                new_score = score + weight * used + joker_weight * jokers
            if floor >= 0 and (
                new_score
                + rest
                + new_jleft * joker_weight
                + ace_weight * (new_aces[0][1] + new_aces[1][1] + new_aces[2][1] + new_aces[3][1])
                <= floor
            ):
                continue  # can't beat the arrangement we already have
            new_ov = ov + vo if ov + vo < OPENING_POINTS else OPENING_POINTS
            gpat_r = state[8] + (8 if gr == 2 else gr) if gr else state[8]
            gpat_o = state[9] + (8 if go == 2 else go) if go else state[9]
            if gpat_r and not completable(gpat_r, later_caps):
                continue
            if gpat_o and not completable(gpat_o, later_caps):
                continue
            new_state = (
                head + (new_runs,) + tail
                + (new_aces, new_jleft, new_jdebt, new_ov, gpat_r, gpat_o)
            )  # fmt: skip
            current = out_get(new_state)
            if current is None:
                if cap is not None and len(out) >= cap:
                    raise OverBudget(len(out))
                out[new_state] = (new_score, state, (record, gr, go))
            elif current[0] < new_score:
                out[new_state] = (new_score, state, (record, gr, go))
    return out


@cache
def _needs(runs: tuple[int, ...]) -> tuple[int, int]:
    """How many of these runs must go on at the next position (too short or too few normal
    cards to end here), and how many of those need a normal card there (a joker can't follow a
    joker)."""
    needy = needy_real = 0
    for code in runs:
        if not closable(code):
            needy += 1
            if DECODED[code][2] == 0:
                needy_real += 1
    return needy, needy_real


@cache
def completable(pattern: int, later_caps: tuple[int, ...]) -> bool:
    """Can the group cards collected so far (``pattern`` = doubles * 8 + singles) still form
    valid groups once the later suits add 0..cap cards each?"""
    doubles, singles = pattern >> 3, pattern & 7
    if group_joker_options(doubles, singles):
        return True
    if not later_caps:
        return False
    cap, rest = later_caps[0], later_caps[1:]
    return any(
        completable((doubles + (add == 2)) * 8 + singles + (add == 1), rest)
        for add in range(1, cap + 1)
    ) or completable(pattern, rest)


def _keep_best(
    out: dict[State, Entry], state: State, score: int, previous: State, record: object
) -> None:
    current = out.get(state)
    if current is None or current[0] < score:
        out[state] = (score, previous, record)


def group_step(
    layer: dict[State, Entry], p: int, open_sets: bool, by_value: bool, rest: int, floor: int
) -> dict[State, Entry]:
    joker_weight = 0 if by_value else card_weight(0)
    group_value = GROUP_VALUE[p]
    out: dict[State, Entry] = {}
    for state, entry in layer.items():
        score = entry[0]
        pat_r, pat_o = state[8], state[9]
        if not pat_r and not pat_o:
            _keep_best(out, state, score, state, None)
            continue
        doubles_r, singles_r = pat_r >> 3, pat_r & 7
        doubles_o, singles_o = pat_o >> 3, pat_o & 7
        options_r = group_joker_options(doubles_r, singles_r) if pat_r else (0,)
        options_o = group_joker_options(doubles_o, singles_o) if pat_o else (0,)
        cards_r = 2 * doubles_r + singles_r
        cards_o = 2 * doubles_o + singles_o
        jleft, jdebt, ov = state[5], state[6], state[7]
        for jr in options_r:
            for jo in options_o:
                jokers = jr + jo
                if jokers > jleft:
                    continue
                new_jleft = jleft - jokers
                new_jdebt = jdebt - jr if jdebt > jr else 0
                if new_jleft < new_jdebt:
                    continue
                if by_value:
                    new_score = score + group_value * (cards_r + jr + cards_o + jo)
                else:
                    new_score = score + joker_weight * jokers
                    aces = state[4]
                    kept_aces = aces[0][1] + aces[1][1] + aces[2][1] + aces[3][1]
                    if (
                        floor >= 0
                        and new_score
                        + rest
                        + (new_jleft * joker_weight)
                        + card_weight(1) * kept_aces
                        <= floor
                    ):
                        continue
                new_ov = ov
                if pat_o:
                    new_ov = min(OPENING_POINTS, ov + group_value * (cards_o + jo))
                new_state = state[:5] + (new_jleft, new_jdebt, new_ov, 0, 0)
                _keep_best(out, new_state, new_score, state, (jr, jo))
    return out


def opening_reach(hand: list[list[int]], p: int) -> int:
    """An upper bound on the opening value the hand cards after position p can still add."""
    reach = 0
    for rank in range(p + 1, 14):
        reach += sum(hand[rank]) * GROUP_VALUE[rank]
    reach += sum(hand[1]) * 10  # aces kept for ace-high runs
    return reach + 9 * 4  # a low ace whose run reaches the king gains 9


# How many kept states each state is compared with when looking for one that dominates it.
DOMINANCE_WINDOW = 24


def _run_dominates(a: int, b: int) -> bool:
    """Run ``a`` can do everything run ``b`` can: longer or equal, at least as many normal cards
    and as far from its last joker, same opening/low-ace flags."""
    la, na, ga, oa, aa = DECODED[a]
    lb, nb, gb, ob, ab = DECODED[b]
    return oa == ob and aa == ab and la >= lb and na >= nb and ga >= gb


RUN_DOMINATES = [[_run_dominates(a, b) for b in range(256)] for a in range(256)]
_COVERS: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}


def _covers(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Can every run of ``theirs`` be matched to a dominating run of ``mine``, with the rest of
    ``mine`` closable (so it can simply end)?"""
    if mine == theirs:
        return True
    key = (mine, theirs)
    known = _COVERS.get(key)
    if known is not None:
        return known
    result = _match(list(mine), theirs, 0)
    _COVERS[key] = result
    return result


def _match(mine: list[int], theirs: tuple[int, ...], i: int) -> bool:
    if i == len(theirs):
        return all(c & 15 == 11 for c in mine)
    for j, code in enumerate(mine):
        if RUN_DOMINATES[code][theirs[i]] and _match(mine[:j] + mine[j + 1 :], theirs, i + 1):
            return True
    return False


def _prune(layer: dict[State, Entry], reach: int | None) -> dict[State, Entry]:
    """Drop dominated states (after the groups of a rank are settled).

    State P dominates Q when they agree on aces and jokers, P's score and opening value are at
    least Q's, and per suit every run of Q is matched by a run of P that is at least as far
    along, P's other runs being able to end now: every way to go on from Q is open to P too.
    With ``reach`` (not opened yet), states that can no longer gather 30 points are dropped.
    """
    buckets: dict[State, list[tuple[int, int, State]]] = {}
    for count, (state, entry) in enumerate(layer.items()):
        if count & 511 == 511:
            check_time()
        ov = state[7]
        if reach is not None and ov < OPENING_POINTS:
            hand_jokers = state[5] - state[6]
            if ov + reach + 11 * hand_jokers < OPENING_POINTS:
                continue
        buckets.setdefault(state[4:7], []).append((entry[0], ov, state))
    out: dict[State, Entry] = {}
    for candidates in buckets.values():
        candidates.sort(key=lambda item: (-item[0], -item[1]))
        kept: list[tuple[int, int, State]] = []
        for item in candidates:
            score, ov, state = item
            dominated = False
            # Sorted by score, so every kept state scores at least as much as this one.
            for _, other_ov, other in kept[:DOMINANCE_WINDOW]:
                if (
                    other_ov >= ov
                    and _covers(other[0], state[0])
                    and _covers(other[1], state[1])
                    and _covers(other[2], state[2])
                    and _covers(other[3], state[3])
                ):
                    dominated = True
                    break
            if not dominated:
                kept.append(item)
                out[state] = layer[state]
    if len(_COVERS) > 500_000:
        _COVERS.clear()
    return out


def rebuild(steps: list[tuple[str, int, int]], records: list[tuple]) -> list[PlannedSet]:
    """Replay the recorded decisions and write out the sets they form."""
    sets: list[PlannedSet] = []
    # Per suit: the open runs, aligned with the sorted descriptors of the state.
    open_runs: list[list[tuple[list[tuple[int, int]], bool]]] = [[], [], [], []]
    group_cards: list[list[int]] = [[0] * 4, [0] * 4]  # [regular, opening][suit]
    for (kind, p, k), record in zip(steps, records, strict=True):
        if kind == "groups":
            if record is not None:
                jr, jo = record
                for opening, jokers in ((0, jr), (1, jo)):
                    counts = tuple(group_cards[opening])
                    if sum(counts):
                        for suits, group_jokers in build_groups(counts, jokers):
                            sets.append(group_set(p, suits, group_jokers, bool(opening)))
                group_cards = [[0] * 4, [0] * 4]
            continue
        if record is None:
            continue
        (actions, starts, order, _, _), gr, go = record
        group_cards[0][k] += gr
        group_cards[1][k] += go
        rank = 1 if p == ACE_HIGH else p
        entries: list[tuple[list[tuple[int, int]], bool]] = []
        for (cards, opening), action in zip(open_runs[k], actions, strict=True):
            if action == CLOSE:
                sets.append(PlannedSet("run", tuple(cards), opening))
            elif action == EXTEND_CARD:
                entries.append(([*cards, (rank, k)], opening))
            else:
                entries.append(([*cards, (0, -1)], opening))
        for joker, opening in starts:
            entries.append(([(0, -1)] if joker else [(rank, k)], bool(opening)))
        open_runs[k] = [entries[i] for i in order]
    for runs in open_runs:
        for cards, opening in runs:
            sets.append(PlannedSet("run", tuple(cards), opening))
    return sets


def group_set(rank: int, suits: list[int], jokers: int, opening: bool) -> PlannedSet:
    cards = [(rank, s) for s in suits]
    if jokers == 2:
        layout = [(0, -1), *cards, (0, -1)]
    else:
        layout = cards + [(0, -1)] * jokers
    return PlannedSet("group", tuple(layout), opening)


def drop_unusable(table: list[list[int]], hand: list[list[int]], jokers: int) -> list[list[int]]:
    """The hand counts without the cards that fit no set at all, whatever else is laid.

    A card fits a run only if some 3-card window of its run around it is available (a window
    holds at most one joker, by the spacing rule), and a group only with another suit of its rank
    plus a third suit or a joker. Dropping such cards cannot change the optimum but shrinks the
    search. Repeated until nothing changes, since a dropped card may have been someone's window.
    """
    hand = [list(row) for row in hand]
    changed = True
    while changed:
        changed = False
        avail = [[table[r][s] + hand[r][s] for s in range(4)] for r in range(14)]
        for rank in range(1, 14):
            for suit in range(4):
                if hand[rank][suit] and not _fits_somewhere(avail, rank, suit, jokers):
                    hand[rank][suit] = 0
                    changed = True
    return hand


def _fits_somewhere(avail: list[list[int]], rank: int, suit: int, jokers: int) -> bool:
    others = sum(1 for s in range(4) if s != suit and avail[rank][s])
    if others >= 2 or (others == 1 and jokers):
        return True

    def present(position: int) -> bool:
        return (
            1 <= position <= ACE_HIGH and avail[1 if position == ACE_HIGH else position][suit] > 0
        )

    for position in (rank, ACE_HIGH) if rank == 1 else (rank,):
        for first in range(position - 2, position + 1):
            window = [q for q in range(first, first + 3) if q != position]
            if window[0] < 1 or window[-1] > ACE_HIGH:
                continue
            missing = sum(1 for q in window if not present(q))
            if missing == 0 or (missing == 1 and jokers):
                return True
    return False
