"""Helpers for tests/game/test_i18n.py (no tests here): walk every screen of the client headless,
record each string drawn, then tell which of them are neither a translation from the catalog
(with its fields filled in) nor plain data (names, numbers, card and spot notation, keys)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from game.i18n import catalog_messages
from game.play.session import COMPUTER_NAMES
from game.rummy.cards import parse_cards
from game.ui import theme

# How the client joins translated pieces: tried one by one, the whole text split at each.
SEPARATORS = (" · ", "\n", "; ", " — ", ", ")
SENTENCES = re.compile(r"(?<=[.!?]) (?=[A-ZÄÖÜ])")
FIELD = re.compile(r"\\\{(\w+)(?:![rsa])?(?::[^}]*)?\\\}")
NAMES = {"Ann", "Bob", "Abend", *COMPUTER_NAMES}  # seat and save names typed by players
# Names of things, the same in every language: the title, the languages, the joker's face.
BRANDS = {"Robbers' Den", "English", "Deutsch", "Nederlands", "JOKER"}
DATA = re.compile(
    r"^(?:"
    r"[\d\s.,:%×+\-–/()=]*"  # numbers, sizes, counts, scores, drops "2-1-1"
    r"|[A-Z]\d{1,2}"  # board spots (C4) and round columns (R2)
    r"|F\d{1,2}|[A-Z]|Esc|Tab|Enter|[\[\]\s]+"  # key names
    r"|\d+(?:\.\d+)? s|\d+ %"  # paces and rates
    r"|\.{1,3}|…|\+|<|>|•.*"  # decorations (bullets carry translated text, checked apart)
    r"|→|->"  # the review's "42 % → 31 %"
    r"|(?=.*[\d-])[0-9A-HJKMNP-TV-Z-]{3,29}"  # deal codes and fingerprints: "K3RJ-01Z"
    r"|\?!|\?\??"  # the chess signs of a grade on the review's graph (?! ? ??)
    r")$"
)


class Recorder:
    """Collects every string given to ``theme.text``, ``theme.wrap`` and ``theme.ellipsize``
    while active (the parts they give back count as explained by the whole)."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.wrapped: set[str] = set()


@contextmanager
def recording() -> Iterator[Recorder]:
    recorder = Recorder()
    original_text, original_wrap, original_cut = theme.text, theme.wrap, theme.ellipsize

    def text(content: str, *args: Any, **kwargs: Any) -> Any:
        recorder.texts.append(content)
        return original_text(content, *args, **kwargs)

    def wrap(content: str, *args: Any, **kwargs: Any) -> list[str]:
        lines = original_wrap(content, *args, **kwargs)
        recorder.texts.append(content)
        recorder.wrapped.update(line.strip() for line in lines)
        return lines

    def ellipsize(content: str, *args: Any, **kwargs: Any) -> str:
        cut = original_cut(content, *args, **kwargs)
        recorder.texts.append(content)
        recorder.wrapped.add(cut.strip())
        return cut

    theme.text = text  # type: ignore[assignment]
    theme.wrap = wrap  # type: ignore[assignment]
    theme.ellipsize = ellipsize  # type: ignore[assignment]
    theme._text_cache.clear()
    try:
        yield recorder
    finally:
        theme.text = original_text  # type: ignore[assignment]
        theme.wrap = original_wrap  # type: ignore[assignment]
        theme.ellipsize = original_cut  # type: ignore[assignment]


@lru_cache(maxsize=4)
def _patterns(language: str) -> tuple[re.Pattern[str], ...]:
    patterns = []
    for message in catalog_messages(language):
        if "\0" in message:
            pieces = message.split("\0")
        else:
            pieces = [message]
        for piece in pieces:
            # Pieces appended to a sentence ("; the game is over: ...") are also met alone,
            # and at the end of the sentence they were appended to (the head is checked too).
            # A leading "..." is cut off the shown text before the check, so also without it.
            bare = piece.strip().lstrip(";,").strip()
            for variant in {piece, bare, bare.lstrip(".")}:
                regex = FIELD.sub(lambda m: f"(?P<f{m.start()}>.+)", re.escape(variant))
                patterns.append(re.compile(f"^{regex}$", re.DOTALL))
            if piece[:1] in (" ", ",", ";"):
                regex = FIELD.sub(lambda m: f"(?P<f{m.start()}>.+)", re.escape(piece))
                patterns.append(re.compile(f"^(?P<head>.+?){regex}$", re.DOTALL))
    return tuple(patterns)


def is_data(text: str) -> bool:
    text = text.strip()
    if not text or text in NAMES or text in BRANDS or DATA.match(text):
        return True
    try:
        cards = parse_cards(text)
    except ValueError:
        return False
    return bool(cards)


def explained(text: str, language: str, depth: int = 0) -> bool:
    """True if ``text`` is data, a catalog translation with its fields explained, or parts of
    those joined by the separators the client uses (" · ", "; ", new lines)."""
    text = text.strip()
    if is_data(text):
        return True
    if depth > 4:
        return False
    catalog = catalog_messages(language)
    if text in catalog or (text[:1].lower() + text[1:]) in catalog:
        return True  # as is, or capitalised at the start of a line
    for pattern in _patterns(language):
        match = pattern.match(text)
        if match is not None and all(
            explained(value, language, depth + 1) for value in match.groupdict().values()
        ):
            return True
    if text.endswith(".") and (
        explained(text.rstrip("."), language, depth + 1)
        or explained(text.rstrip(".") + ".", language, depth + 1)
    ):
        return True  # "denkt nach..": the thinking dots
    bracket = re.fullmatch(r"(.+) \((.+)\)", text)
    if bracket and all(explained(part, language, depth + 1) for part in bracket.groups()):
        return True  # "Hilde (leicht)": a name and its level
    splits = [text.split(separator) for separator in SEPARATORS if separator in text]
    splits.append(SENTENCES.split(text))
    for parts in splits:
        parts = [part for part in parts if part.strip()]
        if len(parts) > 1 and all(explained(part, language, depth + 1) for part in parts):
            return True
    return False


def unexplained(recorder: Recorder, language: str) -> list[str]:
    problems = []
    for text in dict.fromkeys(recorder.texts):
        stripped = text.strip()
        if stripped in recorder.wrapped and any(
            stripped != whole.strip() and stripped in whole for whole in recorder.texts
        ):
            continue  # one line of a wrapped text: the whole text is checked
        if stripped.startswith("..."):
            stripped = stripped.lstrip(".")
        if stripped.endswith("…") and any(
            whole.strip().startswith(stripped[:-1].rstrip(" .;")) and whole.strip() != stripped
            for whole in recorder.texts
        ):
            continue  # a long text cut to one line: the whole text is checked
        if not explained(stripped, language):
            problems.append(text)
    return problems


class QuickAgent:
    """Answers at once with a random legal action."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


def play_until(
    app: Any,
    table: Any,
    done: Callable[[], bool],
    human_move: Callable[[], None],
    limit: int = 600,
    thinking_seconds: float = 60.0,
) -> bool:
    """Step frames (at most ``limit`` of them) until ``done()``. Frames spent waiting for a
    computer player that is still thinking don't count: a level-made player answers from the AI
    process, which may still be starting on a loaded machine (up to ``thinking_seconds``)."""
    deadline = time.monotonic() + thinking_seconds
    steps = 0
    while steps < limit:
        if done():
            return True
        if table.state.is_terminal:
            return done()
        if table.human_to_move():
            human_move()
        worker = getattr(table, "worker", None)
        if worker is not None and worker.busy and time.monotonic() < deadline:
            time.sleep(0.002)  # real time for the AI process; not a frame of the limit
        else:
            steps += 1
        app.run_frames(1)
    return done()
