"""'Why did the computer do that?': the last computer turn's move and the others its player
weighed most, in words, each with its estimated win chance and the reasons the hint gives.

What the player weighed comes back from the AI process with the decision (a
:class:`game.considered.Considered`); nothing is searched again here. A search's chance is
shown only with enough visits behind it, and a move whose chance is within the noise of the one
played is called close; every chance is written by the review's ``chance_text``, so one number
reads the same wherever it is shown. No pygame: the table's panel draws these lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.considered import EVALUATION, SEARCH, Considered
from game.i18n import _, capitalised
from game.play.session import level_word
from game.registry import game_spec
from game.review_words import chance_text

# The kinds of the panel's lines (the panel gives each its colour and indent).
HEAD, PLAYED, OPTION, REASON, NOTE = "head", "played", "option", "reason", "note"


@dataclass(frozen=True)
class WhyRecord:
    """One computer decision to explain: who made it, the position before it (the full
    state), its level, and what it weighed (None: the player can't say)."""

    game: str
    seat: int
    level: str
    before: Any
    action: Any
    considered: Considered | None
    # The actions of that turn played so far (the first is ``action``): what every player saw.
    played: tuple[Any, ...] = ()

    def seen(self) -> list[Any]:
        """The turn's moves as they were played (at least its first)."""
        return list(self.played) or [self.action]


def _actions(game: str, dicts: Sequence[dict[str, Any]]) -> list[Any]:
    """The weighed move's actions read back (the process is ours, but a dict is still checked)."""
    spec = game_spec(game)
    actions = []
    for data in dicts:
        try:
            actions.append(spec.action_from_dict(data))
        except (ValueError, TypeError, KeyError):
            break
    return actions


def why_lines(
    record: WhyRecord, names: Sequence[str], symbols: bool = False
) -> list[tuple[str, str]]:
    """The panel's lines as (text, kind): the move played and each other weighed move, each
    with its chance and reasons, then where the chances come from."""
    spec = game_spec(record.game)
    words = spec.words()
    name = names[record.seat] if 0 <= record.seat < len(names) else ""
    level = level_word(record.level)
    lines: list[tuple[str, str]] = [(_("Why did {name} play that?").format(name=name), HEAD)]
    # With hidden tiles or cards the others may learn only what the move showed: the move
    # played, told as it was played, and of the others weighed where and how much, no reasons.
    hidden = spec.info.hidden_information
    considered = record.considered
    if considered is None or not considered.options:
        played = record.seen()
        lines.append(
            (
                _("Played: {move}").format(move=words.better_words(record.before, played, symbols)),
                PLAYED,
            )
        )
        lines += [(line, REASON) for line in spec.reasons(record.before, played, names, hidden)]
        lines.append(
            (
                capitalised(
                    _("{level} plays by rule of thumb: it weighs no other moves.").format(
                        level=level
                    )
                ),
                NOTE,
            )
        )
        return lines
    source = considered.source
    for index, option in enumerate(considered.options):
        actions = _actions(record.game, option.actions)
        if not actions:
            continue
        if hidden and index == 0:
            actions = record.seen()  # what every player saw played, not the plan behind it
        if hidden and index and words.public_words is not None:
            move = words.public_words(record.before, actions)
        else:
            move = words.better_words(record.before, actions, symbols)
        chance = option.shown_chance(source)
        if chance is None:
            said = _("too few visits to say") if source == SEARCH else ""
        else:
            said = chance_text(chance)
            if index and considered.close_to_played(index):
                said = _("{chance}, close: within the noise").format(chance=said)
        if index == 0:
            text = _("Played: {move}").format(move=move)
            kind = PLAYED
        else:
            text = _("Also weighed: {move}").format(move=move)
            kind = OPTION
        if said:
            text = _("{move} ({chance})").format(move=text, chance=said)
        lines.append((text, kind))
        if not (hidden and index):
            reasons = spec.reasons(record.before, actions, names, hidden)
            lines += [(line, REASON) for line in reasons]
    visits = sum(option.visits for option in considered.options)
    if source == SEARCH:
        note = _("{level}: win chances from its search ({n} visits to these moves).").format(
            level=level, n=visits
        )
    elif source == EVALUATION:
        note = _(
            "{level}: win chances from its evaluation of the position after each move (no search)."
        ).format(level=level)
    else:
        note = _("{level} had only this move worth weighing.").format(level=level)
    lines.append((capitalised(note), NOTE))
    return lines
