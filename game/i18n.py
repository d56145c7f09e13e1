"""The interface language: gettext catalogs under ``game/locale`` and the ``_()`` everyone uses.

UI modules write ``from game.i18n import _, ngettext`` and wrap every player-facing literal;
``set_language("de")`` switches every later ``_()`` call (screens re-read their texts on the next
frame or layout); ``game.persist`` and the move log translate through this module too.
English is the source language: no catalog, texts pass through.

The engines' refusals (``IllegalAction``, meld problems) are typed: :func:`refusal_text` says
one in the player's language by its code and fields (the English template is the msgid).
"""

from __future__ import annotations

import gettext
from pathlib import Path

from game.core import IllegalAction, Reason

DOMAIN = "robbers-den"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "de", "nl")
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(language: str) -> None:
    """Speak ``language`` from now on (unknown languages fall back to English)."""
    global _translation, _language
    if language not in LANGUAGES or language == "en":
        _translation, _language = gettext.NullTranslations(), "en"
    else:
        _translation = gettext.translation(
            DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
        )
        _language = language


def language() -> str:
    return _language


def _(message: str) -> str:
    """The translation of ``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The translation of the form of ``singular``/``plural`` that fits ``count``."""
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """The translation of ``message`` in ``context`` (e.g. "compass" for the letter E)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - gettext convention: mark now, translate when shown
    return message


# Game words the engines put into refusals (fields such as ``tile`` and ``terrain``, an empty
# set), translated with the sentence; listed here so that the gettext tools extract them.
REFUSAL_WORDS: tuple[str, ...] = (
    N_("plain"),
    N_("forest"),
    N_("mountain"),
    N_("lake"),
    N_("plain+village"),
    N_("plain+castle"),
    N_("plain+town"),
    N_("forest+village"),
    N_("forest+castle"),
    N_("forest+town"),
    N_("empty"),
)


def refusal_text(refusal: BaseException | str) -> str:
    """What an engine refused, in the current language: an ``IllegalAction`` (``DraftError``
    too) or a meld problem, translated by its code and fields. Anything without a code (a
    plain exception or text) is shown as it is."""
    reason = refusal.reason if isinstance(refusal, IllegalAction) else refusal
    if isinstance(reason, Reason):
        return reason.translated(_)
    return str(refusal)


def catalog_messages(language: str) -> set[str]:
    """Every translated text of ``language`` (for tests that look for untranslated screens)."""
    if language == "en":
        return set()
    translation = gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )
    catalog = getattr(translation, "_catalog", {})
    out: set[str] = set()
    for value in catalog.values():
        out.add(str(value))
    return out
