"""The one translation hook for every player-facing text of ``game.persist`` and the move log.

Texts are written as ``_("Whole sentence with {fields}")`` so the standard gettext tools
(xgettext, pybabel extract) find them; the client calls ``set_translator(translation.gettext)``
once the language is known. Until then (and in tests) texts stay English.
"""

from __future__ import annotations

from collections.abc import Callable


def _identity(text: str) -> str:
    return text


_translate: Callable[[str], str] = _identity


def set_translator(translate: Callable[[str], str] | None) -> None:
    """Use ``translate`` for every text from now on (None: back to English)."""
    global _translate
    _translate = translate or _identity


def _(text: str) -> str:
    """The translation of ``text`` (a literal, so the gettext tools can extract it)."""
    return _translate(text)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention: marked now, translated later
    """Mark a literal for extraction without translating it yet (tables built at import)."""
    return text
