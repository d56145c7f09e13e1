"""Is a row of cards a valid set (meld)? What is it worth, and what do its jokers stand for?

Rules (``docs/rules/raeuber-romme.md``): a set has at least 3 cards, at least 2 of them normal,
and at least two normal cards between any two jokers (positional). It is either a *run* (one
suit, consecutive ranks, ascending or descending, the ace low or high but never both and never
wrapping) or a *group* (one rank, each suit at most once).

Decisions on readings:
- Whether a set is a run or a group follows from its normal cards: all of one rank -> group,
  otherwise -> run. (A run never holds a rank twice, and a set has >= 2 normal cards.)
- A run's reading is unique: two normal cards of different ranks fix direction and position,
  and an ace can only be low or high in one consistent way. So every joker in a run stands for
  exactly one card.
- In a group a joker's suit is open; we name the missing suits in ``C D H S`` order. Its value is
  the group's rank value either way.
- ``MeldCheck.error`` is the most basic problem (too short, jokers too close, too few normal
  cards, then the run/group problem); ``meld_problems`` lists them all. In a set of 3 or more
  cards the joker spacing rule already implies the 2-normal-card rule, so that is the error shown.
- Values in a set: 2-10 pips, faces 10, ace 1 in a run without a king, 10 in a run with a king
  (Q-K-A, and A-2-...-K), 11 in a group; a joker is worth the card it stands for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from ..core import Reason
from . import refusals
from .cards import SUITS, Card, parse_cards

MeldKind = Literal["run", "group"]

MIN_SET_CARDS = 3
MIN_NORMAL_CARDS = 2
MIN_CARDS_BETWEEN_JOKERS = 2
MAX_RUN_CARDS = 13
MAX_GROUP_CARDS = 4
ACE_LOW, KING, ACE_HIGH = 1, 13, 14

# The problems without fields, made once (each is an immutable Reason).
TOO_SHORT = refusals.TOO_SHORT()
TOO_FEW_NORMAL = refusals.TOO_FEW_NORMAL()
JOKERS_TOO_CLOSE = refusals.JOKERS_TOO_CLOSE()
NO_WRAP = refusals.NO_WRAP()
MIXED_SUITS = refusals.MIXED_SUITS()
FACE_DOWN = refusals.FACE_DOWN()
RUN_TOO_LONG = refusals.RUN_TOO_LONG()
GROUP_TOO_BIG = refusals.GROUP_TOO_BIG()


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The verdict on one set: ``value`` is 0 and ``kind`` None when it is invalid."""

    valid: bool
    kind: MeldKind | None
    value: int
    error: Reason | None  # a str: the English sentence, with its code and fields


@dataclass(frozen=True, slots=True)
class MeldReading:
    """A valid set read card by card: ``stands_for[i]`` is the card at position i (a joker's
    meaning, a normal card itself) and ``values[i]`` its value in this set."""

    kind: MeldKind
    stands_for: tuple[Card, ...]
    values: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(self.values)


def _as_cards(cards: Sequence[Card] | str) -> list[Card]:
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


def _set_rank_value(rank: int, kind: MeldKind, run_has_king: bool) -> int:
    """Value of a card of ``rank`` (1..14, 14 = high ace) inside a set of ``kind``."""
    if rank in (ACE_LOW, ACE_HIGH):
        if kind == "group":
            return 11
        return 10 if run_has_king else 1
    return min(rank, 10)


def _spacing_problems(cards: list[Card]) -> list[Reason]:
    joker_positions = [i for i, card in enumerate(cards) if card.is_joker]
    for left, right in pairwise(joker_positions):
        if right - left - 1 < MIN_CARDS_BETWEEN_JOKERS:
            return [JOKERS_TOO_CLOSE]
    return []


# --- groups -----------------------------------------------------------------------------------


def _read_group(cards: list[Card]) -> tuple[MeldReading | None, list[Reason]]:
    normals = [card for card in cards if not card.is_joker]
    rank = normals[0].rank
    problems: list[Reason] = []
    if len(cards) > MAX_GROUP_CARDS:
        problems.append(GROUP_TOO_BIG)
    seen: dict[str, Card] = {}
    for card in normals:
        if card.suit in seen:
            problems.append(refusals.GROUP_SUIT_TWICE(a=str(seen[card.suit]), b=str(card)))
        else:
            seen[card.suit] = card
    if problems:
        return None, problems
    missing_suits = iter(suit for suit in SUITS if suit not in seen)
    stands_for = tuple(Card(rank, next(missing_suits)) if c.is_joker else c for c in cards)
    value = _set_rank_value(rank, "group", run_has_king=False)
    return MeldReading("group", stands_for, (value,) * len(cards)), []


# --- runs -------------------------------------------------------------------------------------


def _run_ranks(
    normals: list[tuple[int, Card]], length: int, ace: int, step: int
) -> list[int] | None:
    """The rank at every position if the normal cards fit a run going ``step`` (+1/-1) with
    aces counted as ``ace`` (1 or 14); None if they don't."""
    first_pos, first = normals[0]
    first_rank = ace if first.rank == ACE_LOW else first.rank
    start = first_rank - step * first_pos
    for pos, card in normals:
        rank = ace if card.rank == ACE_LOW else card.rank
        if rank != start + step * pos:
            return None
    ranks = [start + step * pos for pos in range(length)]
    if min(ranks) < ACE_LOW or max(ranks) > ACE_HIGH:
        return None
    if ACE_LOW in ranks and ACE_HIGH in ranks:
        return None
    return ranks


def _wraps(normals: list[tuple[int, Card]]) -> bool:
    """True when the cards would fit a run if K-A-2 were allowed to wrap around."""
    for step in (1, -1):
        offsets = {(card.rank - step * pos) % KING for pos, card in normals}
        if len(offsets) == 1:
            return True
    return False


def _fits_when_sorted(normals: list[tuple[int, Card]], length: int) -> bool:
    """True when a joker-free row of one suit would be a run once sorted."""
    if len(normals) != length:
        return False
    for ace in (ACE_LOW, ACE_HIGH):
        ranks = sorted(ace if card.rank == ACE_LOW else card.rank for _, card in normals)
        if ranks == list(range(ranks[0], ranks[0] + length)):
            return True
    return False


def _misfit(normals: list[tuple[int, Card]], ace: int) -> int:
    """How far consecutive normal cards are from fitting, reading aces as ``ace``."""
    total = 0
    for (pos_a, a), (pos_b, b) in pairwise(normals):
        rank_a = ace if a.rank == ACE_LOW else a.rank
        rank_b = ace if b.rank == ACE_LOW else b.rank
        total += abs(abs(rank_b - rank_a) - (pos_b - pos_a))
    return total


def _pair_problems(normals: list[tuple[int, Card]], ace: int) -> list[Reason]:
    """Why consecutive normal cards don't fit together, reading aces as ``ace``."""

    def rank_of(card: Card) -> int:
        return ace if card.rank == ACE_LOW else card.rank

    pairs = list(pairwise(normals))
    diffs = [rank_of(b) - rank_of(a) for (_, a), (_, b) in pairs]
    ups = sum(1 for d in diffs if d > 0)
    downs = sum(1 for d in diffs if d < 0)
    direction = 1 if ups >= downs else -1
    problems: list[Reason] = []
    for ((pos_a, a), (pos_b, b)), diff in zip(pairs, diffs, strict=True):
        distance = pos_b - pos_a
        if diff == 0:
            problems.append(refusals.RUN_SAME_RANK(a=str(a), b=str(b)))
        elif (diff > 0) != (direction > 0):
            problems.append(refusals.OUT_OF_ORDER(a=str(a), b=str(b)))
        elif abs(diff) > distance:
            problems.append(refusals.GAP(a=str(a), b=str(b)))
        elif abs(diff) < distance:
            problems.append(refusals.TOO_MANY_BETWEEN(a=str(a), b=str(b)))
    return problems


def _read_run(cards: list[Card]) -> tuple[MeldReading | None, list[Reason]]:
    normals = [(pos, card) for pos, card in enumerate(cards) if not card.is_joker]
    suits = {card.suit for _, card in normals}
    if len(suits) > 1:
        return None, [_mixed_problem([card for _, card in normals])]
    if len(cards) > MAX_RUN_CARDS:
        return None, [RUN_TOO_LONG]
    suit = normals[0][1].suit
    for ace in (ACE_LOW, ACE_HIGH):
        for step in (1, -1):
            ranks = _run_ranks(normals, len(cards), ace, step)
            if ranks is None:
                continue
            has_king = KING in ranks
            stands_for = tuple(Card(ACE_LOW if r == ACE_HIGH else r, suit) for r in ranks)
            values = tuple(_set_rank_value(r, "run", has_king) for r in ranks)
            return MeldReading("run", stands_for, values), []
    seen_ranks: dict[int, Card] = {}
    for _, card in normals:
        if card.rank in seen_ranks:
            return None, [refusals.RUN_RANK_TWICE(a=str(seen_ranks[card.rank]), b=str(card))]
        seen_ranks[card.rank] = card
    if _wraps(normals):
        return None, [NO_WRAP]
    if _fits_when_sorted(normals, len(cards)):
        return None, [refusals.NOT_SORTED(cards=" ".join(str(c) for c in cards))]
    # Explain with the ace reading that needs the fewest, then the smallest, corrections.
    best_ace = min(
        (ACE_LOW, ACE_HIGH),
        key=lambda ace: (len(_pair_problems(normals, ace)), _misfit(normals, ace)),
    )
    return None, _pair_problems(normals, best_ace) or [refusals.NO_RUN()]


def _mixed_problem(normals: list[Card]) -> Reason:
    """Several ranks and several suits: when more cards share a rank than a suit, the player
    was building a group, so name the cards of other ranks; otherwise it is a run's mix."""
    ranks = Counter(card.rank for card in normals)
    rank, same_rank = ranks.most_common(1)[0]
    suit, same_suit = Counter(card.suit for card in normals).most_common(1)[0]
    rank_odd = " ".join(str(card) for card in normals if card.rank != rank)
    if same_rank > same_suit:
        return refusals.GROUP_ONE_RANK(cards=rank_odd)
    if same_rank == same_suit > 1:
        # As much a group as a run (QC QS KC): say why it is neither.
        suit_odd = " ".join(str(card) for card in normals if card.suit != suit)
        return refusals.RUN_OR_GROUP(suit_odd=suit_odd, rank_odd=rank_odd)
    return MIXED_SUITS


# --- public API -------------------------------------------------------------------------------


def _analyse(cards: list[Card]) -> tuple[MeldReading | None, list[Reason]]:
    reading, problems = _analyse_cached(tuple(cards))
    return reading, list(problems)


@lru_cache(maxsize=1 << 16)
def _analyse_cached(row: tuple[Card, ...]) -> tuple[MeldReading | None, tuple[Reason, ...]]:
    """Sets recur endlessly in search and redraws, and the answer is a pure function of them."""
    reading, problems = _analyse_uncached(list(row))
    return reading, tuple(problems)


def _analyse_uncached(cards: list[Card]) -> tuple[MeldReading | None, list[Reason]]:
    """Every problem, the most basic first (that one becomes ``MeldCheck.error``)."""
    if any(card.is_hidden for card in cards):
        return None, [FACE_DOWN]
    problems = [TOO_SHORT] if len(cards) < MIN_SET_CARDS else []
    problems += _spacing_problems(cards)
    normal_ranks = [card.rank for card in cards if not card.is_joker]
    if len(normal_ranks) < MIN_NORMAL_CARDS and len(normal_ranks) < len(cards):
        # Only with a joker: a lone normal card is simply too short.
        problems.append(TOO_FEW_NORMAL)
    if len(cards) < MIN_SET_CARDS or len(normal_ranks) < MIN_NORMAL_CARDS:
        return None, problems
    reading, kind_problems = _read_group(cards) if len(set(normal_ranks)) == 1 else _read_run(cards)
    problems += kind_problems
    if problems:
        return None, problems
    return reading, []


def read_meld(cards: Sequence[Card] | str) -> MeldReading | None:
    """The card-by-card reading of a valid set, or None when the set is invalid."""
    reading, _ = _analyse(_as_cards(cards))
    return reading


def meld_problems(cards: Sequence[Card] | str) -> list[Reason]:
    """Every reason the set is invalid, in plain words (each with its code); empty when valid."""
    _, problems = _analyse(_as_cards(cards))
    return problems


def check_meld(cards: Sequence[Card] | str) -> MeldCheck:
    """Validity, kind, value and (when invalid) the most basic problem in plain words; all the
    problems are in ``meld_problems``."""
    reading, problems = _analyse(_as_cards(cards))
    if reading is None:
        return MeldCheck(False, None, 0, problems[0])
    return MeldCheck(True, reading.kind, reading.value, None)


def joker_meaning(cards: Sequence[Card] | str) -> list[Card | None]:
    """For each position: the card a joker stands for, None for a normal card. All None when the
    set is invalid (its jokers mean nothing yet)."""
    card_list = _as_cards(cards)
    reading = read_meld(card_list)
    if reading is None:
        return [None] * len(card_list)
    return [
        meant if card.is_joker else None
        for card, meant in zip(card_list, reading.stands_for, strict=True)
    ]


def card_value_in_set(cards: Sequence[Card] | str, index: int) -> int | None:
    """The value of the card at ``index`` inside this set (e.g. an ace in a run without a king is
    1), or None when the set is invalid."""
    reading = read_meld(cards)
    if reading is None:
        return None
    return reading.values[index]
