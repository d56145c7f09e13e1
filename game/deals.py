"""Deal codes, the deal of the day and the deal's fingerprint, for every game with ``deals``.

A deal code names one deal so that it can be dealt again anywhere: the game (its plug-in's
``tag`` letter), the seats count, the seed and the unit (which round's deal). It is written in
an alphabet without look-alikes (no I, L, O, U; a typed O is read as 0, I and L as 1) and ends
in a check character, so a mistyped character or two swapped characters are caught instead of
dealing another game.

The check character: the code's symbols, the check included, are the coefficients of a
polynomial over GF(32), and the check is chosen so that it is 0 at a primitive element ``a``.
A changed symbol adds ``e * a^k != 0``; two swapped symbols add ``(s - t)(a^j - a^k) != 0``
(the powers of a primitive element differ below 31, and a code is shorter): a code with one
typo or two swapped characters, the check among them, never passes.

The fingerprint is a short hash of the whole deal as dealt (every pile or the deck, in order).
The table shows it when the deal starts; the code, shown at the end, deals it again, so anyone
can recompute it (``robbers-den deal CODE``) and see that the deal was fixed from the start.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from game.i18n import _
from game.registry import GAMES, GameSpec

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {symbol: value for value, symbol in enumerate(ALPHABET)}
_READ_AS = {"O": "0", "I": "1", "L": "1"}
_SEPARATORS = " -_.\t"
_PRIMITIVE = 0b100101  # x^5 + x^2 + 1: GF(32) and its primitive element x
MAX_SEATS = 16  # the seats count is kept in one symbol's worth (seats - 1 < 16)
MAX_CODE = 24  # symbols: a 64-bit seed and the largest unit fit with room to spare
GROUP = 4  # symbols between the dashes of a shown code
SEED_LIMIT = 2**63 - 1  # the largest seed a save holds (the engines' checked range)
# The deal of the day's seeds: far above any seed the setup or a random game gives, and 8
# apart, so that the next seed (a rematch, a new game at the table) is no day's deal.
DAILY_BASE = 2**31
DAILY_STEP = 8


class DealCodeError(ValueError):
    """A typed code that names no deal; ``str()`` says why in the player's language."""


@dataclass(frozen=True)
class Deal:
    """One deal of one game: dealt again from these four alone."""

    game: str
    seats: int
    seed: int
    unit: int = 1


# ----- the check character ---------------------------------------------------------------


def _times_a(value: int) -> int:
    value <<= 1
    return value ^ _PRIMITIVE if value & 32 else value


def _remainder(symbols: str) -> int:
    total = 0
    for symbol in symbols:
        total = _times_a(total ^ _VALUE[symbol])
    return total


def check_symbol(symbols: str) -> str:
    """The check character of ``symbols`` (all in ``ALPHABET``): the one that makes the
    whole code's polynomial 0 at ``a``."""
    return ALPHABET[_remainder(symbols)]


# ----- code <-> deal ---------------------------------------------------------------------


def _parts(game: str) -> Any:
    spec = GAMES.get(game)
    return None if spec is None else spec.deals


def _zigzag(seed: int) -> int:
    return seed * 2 if seed >= 0 else -seed * 2 - 1


def _unzigzag(value: int) -> int:
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


def encode(deal: Deal) -> str:
    """The deal's code, grouped with dashes (``K3QX-7MZ9-A``). ValueError for a deal that
    can't be named (a game without deal codes, seats or unit out of range)."""
    parts = _parts(deal.game)
    if parts is None:
        raise ValueError(f"the game {deal.game!r} has no deal codes")
    info = GAMES[deal.game].info
    if not info.min_players <= deal.seats <= min(info.max_players, MAX_SEATS):
        raise ValueError(f"no deal code for {deal.seats} seats")
    if not 1 <= deal.unit <= parts.max_unit:
        raise ValueError(f"no deal code for unit {deal.unit}")
    if not -SEED_LIMIT <= deal.seed <= SEED_LIMIT:  # a seed no save could hold
        raise ValueError("no deal code for a seed outside the game's range")
    number = (_zigzag(deal.seed) * parts.max_unit + deal.unit - 1) * MAX_SEATS + deal.seats - 1
    digits = ""
    while True:
        number, digit = divmod(number, 32)
        digits = ALPHABET[digit] + digits
        if number == 0:
            break
    body = parts.tag + digits
    if len(body) + 1 > MAX_CODE:
        raise ValueError("the seed is too large for a deal code")
    return grouped(body + check_symbol(body))


def grouped(code: str) -> str:
    return "-".join(code[i : i + GROUP] for i in range(0, len(code), GROUP))


def normalised(text: str) -> str:
    """The code's symbols as typed: upper case, separators dropped, look-alikes read as meant."""
    kept = "".join(ch for ch in text.upper() if ch not in _SEPARATORS)
    return "".join(_READ_AS.get(ch, ch) for ch in kept)


def decode(text: object) -> Deal:
    """The deal a typed (untrusted) code names; DealCodeError with the reason otherwise."""
    if not isinstance(text, str):
        raise DealCodeError(_("A deal code is a short text of letters and digits."))
    if len(text) > 4 * MAX_CODE:
        raise DealCodeError(_("That is far too long for a deal code."))
    symbols = normalised(text)
    if not symbols:
        raise DealCodeError(_("Type a deal code first."))
    for ch in symbols:
        if ch not in _VALUE:
            raise DealCodeError(
                _(
                    "A deal code has no “{char}”: only digits and letters other than I, L, O, U."
                ).format(char=ch if ch.isprintable() else "?")
            )
    if len(symbols) < 3:
        raise DealCodeError(_("That deal code is too short: a character is missing."))
    if len(symbols) > MAX_CODE:
        raise DealCodeError(_("That deal code is too long."))
    body = symbols[:-1]
    if _remainder(symbols) != 0:
        raise DealCodeError(_("That deal code has a typo: its check character does not match."))
    game = next(
        (key for key, spec in GAMES.items() if spec.deals and spec.deals.tag == body[0]), None
    )
    if game is None:
        raise DealCodeError(_("That deal code is for a game this program does not have."))
    parts = _parts(game)
    number = 0
    for ch in body[1:]:
        number = number * 32 + _VALUE[ch]
    number, seats_index = divmod(number, MAX_SEATS)
    number, unit_index = divmod(number, parts.max_unit)
    deal = Deal(game, seats_index + 1, _unzigzag(number), unit_index + 1)
    try:
        canonical = encode(deal) == grouped(symbols)
    except ValueError:
        canonical = False
    if not canonical:
        title = _(GAMES[game].info.title)
        raise DealCodeError(_("That deal code names no deal of {game}.").format(game=title))
    return deal


# ----- a position's deal -----------------------------------------------------------------


def deal_of(game: str, state: Any) -> Deal | None:
    """The deal a position plays (the seats count it was dealt for), or None when no code can
    name it."""
    parts = _parts(game)
    if parts is None:
        return None
    unit = parts.unit(state)
    deal = Deal(game, state.num_players, state.seed, unit or 0)
    try:
        encode(deal)
    except ValueError:
        return None
    return deal


def code_of(game: str, state: Any) -> str | None:
    """The code of the deal ``state`` plays, or None."""
    deal = deal_of(game, state)
    return None if deal is None else encode(deal)


def first_position(deal: Deal, names: list[str] | None = None) -> Any:
    """The position the deal starts at (seats named ``names``, or Player 1, 2, ...)."""
    spec: GameSpec = GAMES[deal.game]
    assert spec.deals is not None
    seat_names = names or [f"Player {seat + 1}" for seat in range(deal.seats)]
    return spec.deals.deal(seat_names, deal.seed, deal.unit)


def fingerprint(game: str, dealt_position: Any) -> str | None:
    """The fingerprint of the deal as dealt in ``dealt_position`` (where a deal starts): 8
    characters of a SHA-256 of every tile or card in dealt order; None without deal codes."""
    parts = _parts(game)
    if parts is None:
        return None
    text = "\n".join(["robbers-den deal", game, *parts.dealt(dealt_position)])
    digest = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:5], "big")
    symbols = "".join(ALPHABET[(digest >> shift) & 31] for shift in range(35, -1, -5))
    return grouped(symbols)


def deal_fingerprint(deal: Deal) -> str:
    """The fingerprint of a deal, recomputed from the deal alone (what the command checks)."""
    printed = fingerprint(deal.game, first_position(deal))
    assert printed is not None
    return printed


# ----- the deal of the day -----------------------------------------------------------------


def daily_deal(game: str, day: datetime.date, seats: int) -> Deal:
    """The deal of ``day`` for ``seats`` players: the same for everyone on that date."""
    return Deal(game, seats, DAILY_BASE + day.toordinal() * DAILY_STEP, 1)


def daily_date(deal: Deal) -> datetime.date | None:
    """The day whose deal of the day ``deal`` is, or None."""
    offset = deal.seed - DAILY_BASE
    if deal.unit != 1 or offset <= 0 or offset % DAILY_STEP:
        return None
    ordinal = offset // DAILY_STEP
    if ordinal > datetime.date.max.toordinal():
        return None
    return datetime.date.fromordinal(ordinal)


def fingerprint_line(game: str, dealt_position: Any) -> str | None:
    """The log's line with the fingerprint of the deal that starts at ``dealt_position``."""
    printed = fingerprint(game, dealt_position)
    if printed is None:
        return None
    return _(
        "Deal fingerprint {fingerprint}: check it with the deal code shown at the end "
        "(robbers-den deal CODE)."
    ).format(fingerprint=printed)
