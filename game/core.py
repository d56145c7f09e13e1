"""Contracts shared by both rules engines: the state/action protocol, outcomes and errors.

Modelled on OpenSpiel's State API: a state is an immutable value, ``apply`` returns a new state,
and an illegal action raises :class:`IllegalAction` with a sentence a player can read.

Refusals are typed: each kind is declared once (:func:`refusal`) with a stable code and its
English template, and an ``IllegalAction`` (or a meld problem, a :class:`Reason`) carries the
code and the fields, so the client translates by code instead of parsing English.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol, TypeVar, runtime_checkable

# Data read from a file or a pipe before it is checked (json.loads' result): the reader narrows
# it with isinstance, so it is typed as what it is known to be, an object.
JSONValue = object

# ----- refusals: why an action or a set is not allowed ----------------------------------------


def _same_text(text: str) -> str:
    return text


@dataclass(frozen=True, eq=False)
class RefusalKind:
    """One kind of refusal: a stable ``code`` and the English ``template`` with ``{fields}``.

    ``lists`` names the fields that hold several reasons and the separator they are joined
    with; ``words`` names the fields that hold a game word (a tile kind, a terrain), which is
    translated along with the sentence. Calling the kind makes a :class:`Reason`.
    """

    code: str
    template: str
    lists: Mapping[str, str] = field(default_factory=dict)
    words: frozenset[str] = frozenset()

    def __call__(self, **fields: object) -> Reason:
        return Reason(self, fields)

    def render(
        self,
        fields: Mapping[str, object],
        translate: Callable[[str], str],
        name: Callable[[str, object], object] | None = None,
    ) -> str:
        """The sentence with ``fields`` filled in, every text passed through ``translate``;
        ``name(field, value)`` may say a field's value in words (a card's code as its name)."""
        values: dict[str, object] = {}
        for key, value in fields.items():
            named = value if name is None else name(key, value)
            if key in self.lists:
                reasons = value if isinstance(value, (tuple, list)) else (value,)
                values[key] = self.lists[key].join(_render(r, translate, name) for r in reasons)
            elif named is not value:
                values[key] = named
            elif key in self.words and isinstance(value, str):
                values[key] = translate(value)
            else:
                values[key] = value
        return translate(self.template).format(**values)


def _render(
    reason: object, translate: Callable[[str], str], name: Callable[[str, object], object] | None
) -> str:
    return reason.translated(translate, name) if isinstance(reason, Reason) else str(reason)


REFUSALS: dict[str, RefusalKind] = {}


def refusal(
    code: str,
    template: str,
    *,
    lists: Mapping[str, str] | None = None,
    words: tuple[str, ...] = (),
) -> RefusalKind:
    """Declare a kind of refusal (once per code: codes are shared by every game and the UI)."""
    if code in REFUSALS:
        raise ValueError(f"the refusal code {code!r} is declared twice")
    kind = RefusalKind(code, template, dict(lists or {}), frozenset(words))
    REFUSALS[code] = kind
    return kind


class Reason(str):
    """Why something is not allowed: the English sentence itself (so it is a ``str`` wherever
    the contract promises one, e.g. ``MeldCheck.error``), carrying its ``code`` and ``fields``
    so that the client can say it in the player's language."""

    kind: RefusalKind
    fields: Mapping[str, object]

    def __new__(cls, kind: RefusalKind, fields: Mapping[str, object] | None = None) -> Reason:
        values = MappingProxyType(dict(fields or {}))
        reason = super().__new__(cls, kind.render(values, _same_text))
        object.__setattr__(reason, "kind", kind)
        object.__setattr__(reason, "fields", values)
        return reason

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Reason can't be changed: cannot assign to {name!r}")

    @property
    def code(self) -> str:
        return self.kind.code

    def translated(
        self,
        translate: Callable[[str], str],
        name: Callable[[str, object], object] | None = None,
    ) -> str:
        """The sentence with the template and the game words passed through ``translate``
        (and the fields through ``name``, see :meth:`RefusalKind.render`)."""
        return self.kind.render(self.fields, translate, name)

    def __reduce__(
        self,
    ) -> tuple[Callable[[str, dict[str, object]], Reason], tuple[str, dict[str, object]]]:
        return (_reason, (self.code, dict(self.fields)))


def _reason(code: str, fields: dict[str, object]) -> Reason:
    return Reason(REFUSALS[code], fields)


class IllegalAction(ValueError):
    """An action the rules forbid in this state. ``str()`` is the sentence for the player;
    ``code`` and ``fields`` say the same for translation (see :class:`Reason`).

    Raised as ``IllegalAction(reason)`` with a :class:`Reason`, or as
    ``IllegalAction(code="...", **fields)`` for a declared code; a plain message (or none) is
    accepted too, and then ``code`` is None.
    """

    def __init__(self, reason: str | None = None, /, *, code: str | None = None, **fields: object):
        if code is not None:
            kind = REFUSALS.get(code)
            if kind is None:
                raise ValueError(f"no refusal is declared with the code {code!r}")
            reason = kind(**fields)
        elif fields:
            raise TypeError("fields need a code")
        super().__init__(*(() if reason is None else (str(reason),)))
        self.reason: Reason | None = reason if isinstance(reason, Reason) else None

    @property
    def code(self) -> str | None:
        return None if self.reason is None else self.reason.code

    @property
    def fields(self) -> Mapping[str, object]:
        return MappingProxyType({}) if self.reason is None else self.reason.fields

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str]]:
        return (type(self), (self.reason if self.reason is not None else str(self),))


class SaveFormatError(ValueError):
    """A save file (or state dict) that is damaged, foreign or inconsistent."""


@runtime_checkable
class Action(Protocol):
    """A small frozen, hashable value with ``str()`` for logs and a dict form for files."""

    def to_dict(self) -> dict[str, object]: ...


S = TypeVar("S", bound="GameState")


@runtime_checkable
class GameState(Protocol):
    """What every engine state offers (see docs/contract.md, "The game contract"), and all that
    the shared code (the table shell, saves, the review, the arena) may read of one."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def player_names(self) -> tuple[str, ...]: ...

    @property
    def seed(self) -> int: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def num_players(self) -> int: ...

    def legal_actions(self) -> Sequence[Action]: ...

    # ``Any``: an engine's ``apply`` takes only its own actions (a parameter type can't be
    # narrowed in an implementation), and the shared code passes back what that game gave it
    # (``legal_actions``, ``action_from_dict``, the agent's ``choose``).
    def apply(self: S, action: Any) -> S: ...

    def returns(self) -> list[float]: ...

    def view(self: S, player: int) -> S: ...

    def determinize(self: S, player: int, rng: random.Random) -> S: ...

    def to_dict(self) -> dict[str, object]: ...


# The computer levels every game offers, weakest first (make_agent in docs/contract.md).
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")


def N_(message: str) -> str:  # noqa: N802 - gettext's convention
    """Mark a literal for the translators without translating it yet: it is translated where
    it is shown (``_(info.title)``), in the language of that moment."""
    return message


@dataclass(frozen=True)
class GameInfo:
    """What a game declares about itself (OpenSpiel's ``GameType``): the facts the shared code
    may rely on, apart from where the game's parts live (``game.plugin.GamePlugin``)."""

    key: str  # the name in saves, statistics, settings and on the command line
    title: str  # untranslated: shown as ``_(info.title)``
    blurb: str  # untranslated: the menu button's tooltip
    min_players: int
    max_players: int
    hidden_information: bool  # does a player's view hide something (tiles, cards)?
    lower_score_wins: bool  # penalty points (rummy) rather than points won
    actions_listed: bool  # does ``legal_actions`` list every legal action (perft counts)?
    ends_with_play: bool  # a terminal state ends the game, not only a round of it
    menu_letter: str  # the menu's shortcut key


def shared_win_returns(num_players: int, winners: Sequence[int]) -> list[float]:
    """Winners share 1 equally, everybody else gets 0."""
    if not winners:
        return [0.0] * num_players
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(num_players)]


def require(condition: bool, message: str) -> None:
    """Raise SaveFormatError(message) unless condition holds; keeps ``from_dict`` readable."""
    if not condition:
        raise SaveFormatError(message)
