"""What a game hands the program: its declared facts, its engine's entry points, and where its
other parts live. Each game declares one :class:`GamePlugin` in its own package
(``game/<name>/plugin.py``); ``game.registry`` lists them.

The parts that live in the layers above the engines (the words, the computer players, the
review, the table) are named by import path, ``"module:attribute"``, and resolved on first use
with :func:`resolve`: so a plug-in imports only its engine, the AI process never loads pygame,
the window never loads a solver, and a game's client is loaded only when that game is played.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.core import Action, GameInfo, GameState

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)

# One line of the move log: its text and its kind (the table gives each kind a colour).
LogLine = tuple[str, str]
MOVE, CAPTURE, NOTE, GOOD, BAD = "move", "capture", "note", "good", "bad"


@dataclass(frozen=True)
class GameWords(Generic[S, A]):
    """A game's words for what happened, in the interface language when called: the move
    log's and the review's. ``names`` are the seats' names as shown (None: the state's own)."""

    describe: Callable[[S, A, Sequence[str] | None], str]  # (before, action, names) -> log line
    aftermath: Callable[[S, S], list[LogLine]]  # (before, after) -> the log's further lines
    decision_label: Callable[[int, int], str]  # (round, turn) -> "Turn 7", "Round 2, turn 5"
    # (before, the decision's actions, who made it or None for "you", symbols) -> "you drew"
    move_words: Callable[[S, Sequence[A], str | None, bool], str]
    better_words: Callable[[S, Sequence[A], bool], str]  # -> "lay 7♥ 8♥ 9♥ on the table"
    chance_title: Callable[[], str]  # the heading of the review's table of chances
    # (after, name) -> the log's line when a player joins a game in progress (for a game that
    # lets players join; None: the shared "joins the game" line)
    joined: Callable[[S, str], str] | None = None
    # (before, actions) -> a move told with only what every player sees ("lay 4 cards"): a
    # computer's move it weighed but did not play, in a game with hidden tiles or cards (None:
    # ``better_words``, for a game that hides nothing)
    public_words: Callable[[S, Sequence[A]], str] | None = None


@dataclass(frozen=True)
class DealParts(Generic[S]):
    """How one deal of a game is named again (``game.deals``: deal codes, fingerprints).

    A deal is fixed by the seats count, the seed and the ``unit`` (which deal of the game: a
    round; always 1 in a game without rounds)."""

    tag: str  # the letter every deal code of this game begins with (unique among the games)
    # the unit a position's deal is, or None when no code can name it (a variant of the deal)
    unit: Callable[[S], int | None]
    deal: Callable[[list[str], int, int], S]  # (names, seed, unit) -> the position it starts at
    # the whole deal of a position where a deal starts, in order (pile after pile, the deck),
    # one code per tile or card: what the fingerprint is the hash of
    dealt: Callable[[S], list[str]]
    max_unit: int = 1  # the highest unit a code can name
    # "module:attribute" of (position) -> the deal in words, one line per pile or hand, for
    # ``robbers-den deal CODE --show`` (None: only the fingerprint is shown)
    shown_ref: str | None = None


@dataclass(frozen=True)
class GamePlugin(Generic[S, A]):
    """One game, as the program knows it besides its engine's own API."""

    info: GameInfo
    # ----- the engine -----
    new_game: Callable[[list[str], int], S]
    state_from_dict: Callable[[Any], S]  # untrusted JSON -> a state, or ValueError
    action_from_dict: Callable[[Any], A]  # untrusted JSON -> an action, or ValueError
    first_position: Callable[[S, list[str], int], S]  # (a state, the names it began with, its
    # seed) -> the position its history starts at
    final_scores: Callable[[S], list[float]]  # per seat at a terminal state (arena, review)
    result: Callable[[S, S], tuple[list[int], list[int]]]  # (before, after) of the move that
    # ended a game or round: each seat's score of it, and the winners (statistics)
    save_problem: Callable[[S], str | None]  # what a saved position must hold beyond the rules
    # ----- the parts above the engine, "module:attribute" -----
    words_ref: str  # a GameWords
    agent_ref: str  # (level, seed, seconds, stop) -> an ai.Agent
    review_ref: str  # () -> the game review's parts (an ai.review.estimate.ReviewGame)
    table_ref: str  # the table scene class, built as ``Table(app, session)``
    help_ref: str  # the F1 help topic (a game.ui.help_text.HelpTopic)
    rules_pictures_ref: str  # (width) -> the rules screen's pictures
    hint_ref: str | None = None  # (stop) -> the Hint key's agent; None: the hard level's move
    warm_up_ref: str | None = None  # () -> prepares the computer players (compiles, loads)
    # (before, a move or a turn's plan, names) -> one or two lines of why it is worth playing
    # (the hint's and the "why?" panel's words); None: no reasons are said.
    reasons_ref: str | None = None
    # "package:folder" of the game's own gettext catalogs (<folder>/<lang>/LC_MESSAGES/<key>.mo),
    # consulted for a text the program's catalog lacks; None: its texts are in the main one.
    catalog_ref: str | None = None
    # The guided first game (a game.lesson.Lesson, in the game's own lesson.py); None: the
    # game has no lesson, and "Learn to play" is not offered for it.
    lesson_ref: str | None = None
    # "package:file" of the ladder rating its levels (``ai.ladder``; made by tools/ladder.py);
    # None: no ratings for this game, and no "matched to me" opponent.
    ladder_ref: str | None = None
    # ----- a game played in rounds (rummy) -----
    unit_action: type | None = None  # the action that deals the next round
    restart: Callable[[S, int], S] | None = None  # (state, seed) -> a new game, same table
    # ----- deal codes (optional) -----
    deals: DealParts[S] | None = None  # None: the game's deals have no codes

    @property
    def key(self) -> str:
        return self.info.key

    def words(self) -> GameWords[S, A]:
        """The game's words (imported on first use)."""
        words: GameWords[S, A] = resolve(self.words_ref)
        return words

    def describe(self, state: S, action: A, names: Sequence[str] | None = None) -> str:
        """The move log's line for ``action`` played in ``state``."""
        return self.words().describe(state, action, names)

    def reasons(
        self, before: S, actions: Sequence[A], names: Sequence[str] | None, public: bool = False
    ) -> list[str]:
        """Why ``actions`` are worth playing in ``before``, in the interface language (no
        lines for a game without reasons). ``public``: said to the other players, so only what
        they all see (nothing of the mover's hidden tiles or cards)."""
        if self.reasons_ref is None or not actions:
            return []
        lines: list[str] = resolve(self.reasons_ref)(before, actions, names, public)
        return lines

    def catalog_dir(self) -> Path | None:
        """The folder of the game's own catalogs (None if it ships none)."""
        if self.catalog_ref is None:
            return None
        package, _, folder = self.catalog_ref.partition(":")
        return Path(str(resources.files(package).joinpath(folder)))

    def begins_unit(self, action: object) -> bool:
        """Does ``action`` start a new unit of play (a round; a game without rounds has one)?"""
        return self.unit_action is not None and isinstance(action, self.unit_action)


def resolve(ref: str) -> Any:
    """The attribute named by ``"package.module:attribute"`` (imported on first use)."""
    module_name, _, attribute = ref.partition(":")
    return getattr(importlib.import_module(module_name), attribute)
