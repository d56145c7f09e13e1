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
# (folder, domain) of the catalogs a game ships itself (``GamePlugin.catalog_ref``): asked, in
# the order the games were registered, for a text the program's own catalog lacks.
_game_catalogs: list[tuple[Path, str]] = []


def add_catalog(locale_dir: Path, domain: str) -> None:
    """Consult ``locale_dir``'s catalogs of ``domain`` after the program's own (a game's)."""
    if (locale_dir, domain) not in _game_catalogs:
        _game_catalogs.append((locale_dir, domain))
        set_language(_language)


def _catalogs(language: str) -> gettext.NullTranslations:
    """The program's catalog of ``language`` with each game's own as its fallbacks."""
    translation = gettext.translation(
        DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True
    )
    for locale_dir, domain in _game_catalogs:
        translation.add_fallback(
            gettext.translation(
                domain, localedir=str(locale_dir), languages=[language], fallback=True
            )
        )
    return translation


def set_language(language: str) -> None:
    """Speak ``language`` from now on (unknown languages fall back to English)."""
    global _translation, _language
    if language not in LANGUAGES or language == "en":
        _translation, _language = gettext.NullTranslations(), "en"
    else:
        _translation = _catalogs(language)
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
    out: set[str] = set()
    translation: gettext.NullTranslations | None = _catalogs(language)
    while translation is not None:  # the program's catalog, then each game's
        out.update(str(value) for value in getattr(translation, "_catalog", {}).values())
        translation = getattr(translation, "_fallback", None)
    return out
