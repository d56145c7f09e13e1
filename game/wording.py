"""Words every game's texts share: the translation hook, names of seats, counted words.

The translation hook serves every player-facing text of ``game.persist``, the move log and the
review (each game's words, ``game/<name>/words.py``, build on this module).

Texts are written as ``_("Whole sentence with {fields}")`` so the standard gettext tools
(xgettext, pybabel extract) find them. They go through the client's one gettext path,
``game.i18n`` (whose ``set_language`` picks the catalog); ``set_translator`` lets a test see
every text on its way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game import i18n
from game.core import N_ as N_  # re-exported: texts marked now, translated when shown

_override: Callable[[str], str] | None = None


def set_translator(translate: Callable[[str], str] | None) -> None:
    """Send every text through ``translate`` instead (None: back to the interface language)."""
    global _override
    _override = translate


def _(text: str) -> str:
    """The translation of ``text`` (a literal, so the gettext tools can extract it)."""
    return _override(text) if _override is not None else i18n._(text)


def plural(count: int, one: str, many: str) -> str:
    """The template for ``count``: ``one`` for 1, ``many`` otherwise (both already translated).
    English, German and Dutch all pluralise that way."""
    return one if count == 1 else many


def counted(count: int, one: str, many: str) -> str:
    """``one`` (the text for 1) or ``many`` (for any other count; both already translated),
    with ``{n}`` filled in: "1 set", "3 sets"."""
    return plural(count, one, many).format(n=count)


def player_name(names: Sequence[str] | None, players: Sequence[str], seat: int | None) -> str:
    """The name of ``seat``: from ``names`` (as shown), else the state's, else "Player 3"."""
    if seat is None:
        return _("Nobody")
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    if 0 <= seat < len(players):
        return players[seat]
    return _("Player {number}").format(number=seat + 1)


def join_names(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cid"."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
