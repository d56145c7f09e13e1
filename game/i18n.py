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
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

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


T = TypeVar("T")
# A text on screen, made when it is shown (so that it speaks the language of the moment): a
# function that says it, or a fixed text (a name, an empty line).
Text = str | Callable[[], str]


def set_language(language: str) -> None:
    """Speak ``language`` from now on (unknown languages fall back to English)."""
    global _translation, _language
    if language not in LANGUAGES or language == "en":
        _translation, _language = gettext.NullTranslations(), "en"
    else:
        _translation = _catalogs(language)
        _language = language


def in_every_language(make: Callable[[], T]) -> dict[str, T]:
    """What ``make`` says in each language ({"en": ..., "de": ..., "nl": ...}): for a text
    that is kept (a log line whose move is no longer in the history) and shown again later in
    whatever language is chosen then."""
    # Said in this thread only: the window's other threads (the saver, the Load list) go on
    # speaking the chosen language meanwhile.
    said: dict[str, T] = {}
    try:
        for each in LANGUAGES:
            _this_thread.language = each
            _this_thread.translation = (
                gettext.NullTranslations() if each == "en" else _catalogs(each)
            )
            said[each] = make()
    finally:
        _this_thread.language = None
        _this_thread.translation = None
    return said


class _ThreadLanguage(threading.local):
    language: str | None = None
    translation: gettext.NullTranslations | None = None


_this_thread = _ThreadLanguage()


def _active() -> gettext.NullTranslations:
    return _this_thread.translation or _translation


def shown_text(text: object) -> str:
    """A kept text in the current language: from ``in_every_language`` (English if the
    language is missing), or a plain string as it is (a save from before)."""
    if isinstance(text, dict):
        chosen = text.get(language(), text.get("en", ""))
        return chosen if isinstance(chosen, str) else ""
    return text if isinstance(text, str) else ""


def shown(text: Text) -> str:
    """A :data:`Text` made now."""
    return text() if callable(text) else text


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def language() -> str:
    return _this_thread.language or _language


def _(message: str) -> str:
    """The translation of ``message`` in the current language."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The translation of the form of ``singular``/``plural`` that fits ``count``."""
    return _active().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """The translation of ``message`` in ``context`` (e.g. "compass" for the letter E)."""
    return _active().pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - gettext convention: mark now, translate when shown
    return message


# Game words the engines put into refusals (fields such as ``tile`` and ``terrain``, an empty
# set), translated with the sentence; listed here so that the gettext tools extract them.
REFUSAL_WORDS: tuple[str, ...] = (
    N_("plain"),
    N_("forest"),
    N_("mountain"),
    N_("lake"),
    N_("empty"),
)


# How the games say a refusal's field in words (a card's code "9D" as "9 of diamonds", a tile
# kind "plain+castle" as "castle"): each game's words module adds its own on import.
_field_namers: list[Callable[[str, object], object]] = []


def add_field_namer(namer: Callable[[str, object], object]) -> None:
    """Let ``namer(field, value)`` say refusal fields in words: it returns ``value`` itself
    for a field it does not know."""
    if namer not in _field_namers:
        _field_namers.append(namer)


def _field_words(field: str, value: object) -> object:
    for namer in _field_namers:
        named = namer(field, value)
        if named is not value:
            return named
    return value


def refusal_text(refusal: BaseException | str) -> str:
    """What an engine refused, in the current language: an ``IllegalAction`` (``DraftError``
    too) or a meld problem, translated by its code and fields, its cards and tiles named in
    words. Anything without a code (a plain exception or text) is shown as it is."""
    reason = refusal.reason if isinstance(refusal, IllegalAction) else refusal
    if isinstance(reason, Reason):
        return reason.translated(_, _field_words)
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
