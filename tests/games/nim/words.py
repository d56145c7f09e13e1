"""Nim in words: the move log's line and the review's, in the interface language when called
(the texts are in this game's own catalog, ``locale/``)."""

from __future__ import annotations

from collections.abc import Sequence

from game.plugin import GameWords, LogLine
from game.wording import _, player_name, plural

from .engine import NimState, Take


def take_words(action: Take) -> str:
    """ "2 stones from pile 3"."""
    template = plural(
        action.count, _("1 stone from pile {pile}"), _("{count} stones from pile {pile}")
    )
    return template.format(count=action.count, pile=action.pile + 1)


def describe(state: NimState, action: Take, names: Sequence[str] | None = None) -> str:
    who = player_name(names, state.player_names, state.current_player)
    line = _("{who} took {stones}").format(who=who, stones=take_words(action))
    left = state.stones() - action.count
    if left == 0:
        return line + _("; {who} took the last stone and wins").format(who=who)
    return line


def aftermath(before: NimState, after: NimState) -> list[LogLine]:
    return []  # nothing happens besides the move itself


def decision_label(round_number: int, turn: int) -> str:
    return _("Turn {turn}").format(turn=turn)


def move_words(before: NimState, actions: Sequence[Take], who: str | None, symbols: bool) -> str:
    taken = ", ".join(take_words(action) for action in actions)
    if who is None:
        return _("you took {stones}").format(stones=taken)
    return _("{name} took {stones}").format(name=who, stones=taken)


def better_words(before: NimState, actions: Sequence[Take], symbols: bool) -> str:
    return _("take {stones}").format(stones=", ".join(take_words(a) for a in actions))


def chance_title() -> str:
    return _("Win chance after each turn")


WORDS: GameWords[NimState, Take] = GameWords(
    describe=describe,
    aftermath=aftermath,
    decision_label=decision_label,
    move_words=move_words,
    better_words=better_words,
    chance_title=chance_title,
)
