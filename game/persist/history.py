"""How much of the past a save keeps: what the move log and Continue need, never the whole
evening.

An evening of a game played in rounds can go on for hundreds of rounds; its moves would make
every autosave larger and slower until the save limits refuse it. The log after Continue and
the replay of the last turn need only the current round (earlier rounds live on in the table's
score sheet), so a save keeps the moves since the last new deal (the game's plug-in says which
move deals one: ``GamePlugin.begins_unit``), and never more than ``KEEP_MOVES``, starting from
the position before the first kept move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.core import GameState
from game.registry import game_spec
from game.seat_events import HistoryItem, SeatEvent

KEEP_MOVES = 2_000  # far more than a round, or a whole game without rounds, takes


class PastEntry(Protocol):
    """One entry of a session's history (``game.play.session.HistoryEntry``)."""

    @property
    def action(self) -> HistoryItem: ...

    @property
    def before(self) -> GameState | None: ...  # the position it was played in


def _deals_anew(game: str, action: HistoryItem) -> bool:
    """A next deal: the game's next round, or a new game at the same table (points to 0)."""
    if isinstance(action, SeatEvent):
        return action.change == "new_game"
    return game_spec(game).begins_unit(action)


def first_kept(game: str, entries: Sequence[PastEntry], keep: int = KEEP_MOVES) -> int:
    """The index of the first history entry a save of ``game`` keeps (see the module doc)."""
    first = 0
    for index in range(len(entries) - 1, -1, -1):
        if _deals_anew(game, entries[index].action):
            first = index + 1
            break
    return max(first, len(entries) - keep)


def replayable_past(
    game: str, entries: Sequence[PastEntry], state: GameState, keep: int = KEEP_MOVES
) -> tuple[GameState | None, list[HistoryItem]]:
    """``(start, actions)`` for a save of a session whose history ``entries`` (each with
    ``.action`` and ``.before``, the position it was played in) led to ``state``: the kept
    moves and the position they start from (None: the game's first position)."""
    first = first_kept(game, entries, keep)
    if first == len(entries):
        return state, []
    start = entries[first].before
    if start is None:  # entries without positions: keep them all, from the first position
        return None, [entry.action for entry in entries]
    return start, [entry.action for entry in entries[first:]]
