"""The translation hook for every player-facing text of ``game.persist`` and the move log.

Texts are written as ``_("Whole sentence with {fields}")`` so the standard gettext tools
(xgettext, pybabel extract) find them. They go through the client's one gettext path,
``game.i18n`` (whose ``set_language`` picks the catalog); ``set_translator`` lets a test see
every text on its way.
"""

from __future__ import annotations

from collections.abc import Callable

from game import i18n

_override: Callable[[str], str] | None = None


def set_translator(translate: Callable[[str], str] | None) -> None:
    """Send every text through ``translate`` instead (None: back to the interface language)."""
    global _override
    _override = translate


def _(text: str) -> str:
    """The translation of ``text`` (a literal, so the gettext tools can extract it)."""
    return _override(text) if _override is not None else i18n._(text)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention: marked now, translated later
    """Mark a literal for extraction without translating it yet (tables built at import)."""
    return text
