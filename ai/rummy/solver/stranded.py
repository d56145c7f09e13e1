"""A quick refusal for "can these cards all be laid as sets?": a normal card that fits in no
valid set of the cards at hand (no two other suits of its rank, or one and a joker, for a group;
no three places in a row of its suit holding it with at most one missing, filled by a joker, for
a run) can't be laid, so the search for an arrangement of all of them need not start.

A valid run holds at most one joker in any three places in a row (two normal cards at least
between jokers), so every card of one lies in such a window: the test never refuses cards that
can all be laid. Each suit's places are bits of one number (bit 1 the ace below the two, bit 14
the ace above the king), so all windows of a suit are tested at once.
"""

from __future__ import annotations

from ai.rummy.solver.plan import ACE_HIGH

Counts = list[list[int]]
# Bits of the first places of windows of three (1..12: a window ends at the ace above the king).
_WINDOW_STARTS = ((1 << (ACE_HIGH - 1)) - 1) & ~1


def has_stranded_card(counts: Counts, jokers: int) -> bool:
    """Is some card counted in ``counts[rank][suit]`` (ranks 1..13) in no possible set of these
    cards and ``jokers`` jokers?"""
    places = [0, 0, 0, 0]
    for rank in range(1, 14):
        row = counts[rank]
        bit = 1 << rank
        if row[0]:
            places[0] |= bit
        if row[1]:
            places[1] |= bit
        if row[2]:
            places[2] |= bit
        if row[3]:
            places[3] |= bit
    a, b, c, d = places
    # Ranks where a group can hold every card: three suits, or two and a joker.
    in_groups = (a & b & (c | d)) | (c & d & (a | b))
    if jokers:
        in_groups |= (a | b) & (c | d) | (a & b) | (c & d)
    for here in places:
        alone = here & ~in_groups
        if not alone:
            continue
        if here & 2:
            here |= 1 << ACE_HIGH
        if jokers:  # windows with two of their three places filled
            starts = (here & (here >> 1)) | (here & (here >> 2)) | ((here >> 1) & (here >> 2))
        else:
            starts = here & (here >> 1) & (here >> 2)
        starts &= _WINDOW_STARTS
        covered = (starts | (starts << 1) | (starts << 2)) & here
        covered |= (covered >> (ACE_HIGH - 1)) & 2  # the ace above the king is the ace
        if alone & ~covered:
            return True
    return False
