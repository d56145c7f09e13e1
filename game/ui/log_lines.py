"""The move log's lines for one history entry: the same function at the table and on Continue.

A table logs each move and seat change as it happens, and Continue rebuilds the log from the
saved history; both call :func:`entry_lines`, so a resumed game's log is the one the players
saw, line for line. Each line comes with its kind; the table gives each kind its colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import _, ngettext
from game.registry import game_spec, resolve
from game.seat_events import SeatEvent
from game.ui.knights.words import tile_name

# The kinds of line.
MOVE, CAPTURE, NOTE, GOOD, BAD = "move", "capture", "note", "good", "bad"
LogLine = tuple[str, str]


def entry_lines(
    game: str,
    before: Any,
    action: Any,
    after: Any,
    text: str,
    level_word: Callable[[str], str],
) -> list[LogLine]:
    """The lines of one history entry: ``text`` (the move's own line) and what followed it."""
    if isinstance(action, SeatEvent):
        return seat_event_lines(action, after, level_word)
    aftermath: Callable[..., list[LogLine]] = resolve(game_spec(game).aftermath_ref)
    return [(text, MOVE), *aftermath(before, after)]


def knights_aftermath(before: Any, after: Any) -> list[LogLine]:
    """Buildings (castles too) whose top knight changed hands, and what it cost the players
    who lost them: the moments players care about, and the reason a score fell."""
    lines: list[LogLine] = []
    victims: list[int] = []
    for pos, placed in after.board.items():
        old = before.board.get(pos)
        if not placed.knights or old is None or not old.knights:
            continue
        if old.knights[-1] != placed.knights[-1] and "+" in placed.tile:
            victim = old.knights[-1]
            words = _("  ...and takes {victim}'s {tile}!").format(
                victim=after.players[victim], tile=tile_name(placed.tile)
            )
            lines.append((words, CAPTURE))
            if victim not in victims:
                victims.append(victim)
    if victims:
        old_scores, new_scores = before.scores(), after.scores()
        for victim in victims:
            line = ngettext(
                "  {victim} now has {points} point (had {old})",
                "  {victim} now has {points} points (had {old})",
                new_scores[victim],
            ).format(
                victim=after.players[victim], points=new_scores[victim], old=old_scores[victim]
            )
            lines.append((line, CAPTURE))
    return lines


def rummy_aftermath(before: Any, after: Any) -> list[LogLine]:
    """What the others kept when a round ends, and the next deal."""
    lines: list[LogLine] = []
    if after.is_terminal and not before.is_terminal and len(after.players) == len(before.players):
        for player, old in zip(after.players, before.players, strict=True):
            if player.hand:
                points = player.score - old.score
                cards = " ".join(str(c) for c in player.hand)
                line = ngettext(
                    "{name}: {cards} = {points} point", "{name}: {cards} = {points} points", points
                ).format(name=player.name, cards=cards, points=points)
                lines.append((line, NOTE))
    if before.is_terminal and not after.is_terminal:
        lines.append((_("Round {round} is dealt.").format(round=after.round), NOTE))
    return lines


def seat_event_lines(
    event: SeatEvent, after: Any, level_word: Callable[[str], str]
) -> list[LogLine]:
    """The log's line for a change of the seats."""
    change = event.change
    if change == "join":
        cards = len(after.players[-1].hand) if hasattr(after, "players") else 0
        line = _("{name} joins the game with {cards} cards and 0 points.")
        return [(line.format(name=event.name, cards=cards), GOOD)]
    if change == "rename":
        return [(_("{old} is now called {name}.").format(old=event.old, name=event.name), NOTE)]
    if change == "leave":
        return [(_("{name} leaves the game.").format(name=event.name), NOTE)]
    if change == "new_game":
        line = _("A new game (seed {seed}): all points are back to 0.")
        return [(line.format(seed=event.seed), NOTE)]
    name = event.name
    if event.note:
        line = _("{name}'s computer player failed ({why}); it plays at medium from now.")
        return [(line.format(name=name, why=event.note), BAD)]
    if event.human:
        return [(_("{name} is back and plays again.").format(name=name), NOTE)]
    level = level_word(event.level or "medium")
    if event.old == "human":
        line = _("{name} has left; the computer plays for that seat ({level}).")
        return [(line.format(name=name, level=level), NOTE)]
    line = _("{name}'s computer player now plays at {level}.")
    return [(line.format(name=name, level=level), NOTE)]
