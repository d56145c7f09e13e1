"""The move log in words: one sentence per action of either game, naming who did what.

``describe_knights(state_before, action, names)`` and ``describe_rummy(...)`` take the state the
action was applied to (the full state, or any view of it: nothing hidden is revealed) and the
seat names; ``describe(game, ...)`` picks the right one. Pure: no pygame, no engine changes.

Board spots are named like a chess board, column letter + row number, on one fixed grid per
game: every spot the N×N area can ever reach. The start layout lies at 0 <= x < players,
0 <= y < 2, so x runs from players - N to N - 1 and y from 2 - N to N - 1; column A is the
leftmost reachable column and row 1 the top row (2 players: A..L, 1..12; 4 players: A..P,
1..18). The names never shift as the layout grows, so an old log line still points at the right
tile; ``column_letter`` and ``row_number`` give the same labels for the board's margins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from string import ascii_uppercase
from typing import Any

from game.core import IllegalAction
from game.knights import AREA_SIZE, Deploy, End, Keep, KnightsState, Place
from game.rummy import Draw, NextRound, Pass, Play, RummyState, check_meld
from game.rummy.cards import Card, cards_text

DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _name(names: Sequence[str] | None, players: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "Nobody"
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return players[seat] if 0 <= seat < len(players) else f"Player {seat + 1}"


def _join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ----- Robber Knights -----------------------------------------------------------------------


def column_letter(num_players: int, x: int) -> str | None:
    """The letter of column ``x`` (None outside the reachable grid)."""
    index = x - (num_players - AREA_SIZE.get(num_players, num_players))
    return ascii_uppercase[index] if 0 <= index < len(ascii_uppercase) else None


def row_number(num_players: int, y: int) -> int | None:
    """The number of row ``y`` (None outside the reachable grid)."""
    number = y - (2 - AREA_SIZE.get(num_players, 2)) + 1
    return number if number >= 1 else None


def spot_name(num_players: int, x: int, y: int) -> str:
    """``"F7"`` for the spot (x, y); plain ``(x, y)`` for a spot off the grid."""
    column, row = column_letter(num_players, x), row_number(num_players, y)
    if column is None or row is None:
        return f"({x}, {y})"
    return f"{column}{row}"


def describe_knights(state: KnightsState, action: Any, names: Sequence[str] | None = None) -> str:
    """A log line for a Robber Knights ``action`` taken in ``state`` (before it was applied)."""
    who = _name(names, state.players, state.current_player)
    if isinstance(action, Keep):
        line = f"{who} kept {action.tile}"
        if state.current_player == state.num_players - 1:
            line += "; the start tiles are shuffled onto the table"
    elif isinstance(action, Place):
        line = f"{who} laid {action.tile} at {spot_name(state.num_players, action.x, action.y)}"
    elif isinstance(action, Deploy):
        line = f"{who} {_deployment_words(state, action)}"
    elif isinstance(action, End):
        line = f"{who} ended the turn"
    else:
        return f"{who}: {action}"
    return line + _knights_game_end(state, action, names)


def _deployment_words(state: KnightsState, action: Deploy) -> str:
    if state.pending is None:
        castle = "the castle"
    else:
        castle = f"the castle at {spot_name(state.num_players, *state.pending)}"
    if action.count == 0:
        return f"brought no knights into play at {castle}"
    if action.dir is None:
        return f"put {_plural(action.count, 'knight')} on {castle}"
    drops = ", ".join(str(d) for d in action.drops)
    direction = DIRECTION_WORDS.get(action.dir, action.dir)
    return f"sent {_plural(action.count, 'knight')} {direction} from {castle}: {drops}"


def _knights_game_end(state: KnightsState, action: Any, names: Sequence[str] | None) -> str:
    """ "; the game is over: Ann wins with 23 points" when this action ended the game."""
    if isinstance(action, Keep):
        return ""
    try:
        after = state.apply(action)
    except (IllegalAction, ValueError):
        return ""
    if not after.is_terminal:
        return ""
    scores = after.scores()
    winners = [_name(names, state.players, seat) for seat in after.winners()]
    points = _plural(scores[after.winners()[0]], "point")
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"; the game is over: {_join_names(winners)} {verb} with {points}"


# ----- Räuber-Rommé -------------------------------------------------------------------------


def describe_rummy(state: RummyState, action: Any, names: Sequence[str] | None = None) -> str:
    """A log line for a Räuber-Rommé ``action`` taken in ``state`` (before it was applied)."""
    players = [p.name for p in state.players]
    who = _name(names, players, state.current_player)
    if isinstance(action, NextRound):
        dealer = (state.dealer + 1) % state.num_players
        starter = (dealer + 1) % state.num_players
        return (
            f"Round {state.round + 1} dealt: {_name(names, players, dealer)} deals, "
            f"{_name(names, players, starter)} begins"
        )
    if isinstance(action, Draw):
        if len(state.stock) == 1:
            return f"{who} drew the last card of the stock"
        return f"{who} drew a card"
    if isinstance(action, Pass):
        if state.passes + 1 >= state.num_players:
            return f"{who} passed; everybody passed, so the round ends without a winner"
        return f"{who} passed"
    if isinstance(action, Play):
        return who + " " + _play_words(state, action, who)
    return f"{who}: {action}"


def _play_words(state: RummyState, action: Play, who: str) -> str:
    before: Counter[Card] = Counter(card for cards in state.table for card in cards)
    after: Counter[Card] = Counter(card for cards in action.table for card in cards)
    played = after - before
    laid = sum(played.values())
    cards = f"{_plural(laid, 'card')} ({cards_text(sorted(played.elements()))})"
    old_sets, new_sets = Counter(state.table), Counter(action.table)
    unchanged = sum((old_sets & new_sets).values())
    rebuilt = len(state.table) - unchanged
    started = len(action.table) - unchanged
    seat = state.current_player
    opener = seat is not None and not state.players[seat].opened
    if opener:
        count, points = _opening_sets(played, action.table)
        words = f"opened with {_plural(count, 'set')} ({points} points) and laid {cards}"
    else:
        words = f"laid {cards}"
    if rebuilt:
        words += ", then" if opener else " and"
        words += f" rebuilt {_plural(rebuilt, 'set')}"
    elif not opener and started:
        words += f" in {_plural(started, 'new set')}"
    if seat is not None and laid >= len(state.players[seat].hand):
        words += f"; {who} went out and wins round {state.round}"
    return words


def _opening_sets(played: Counter[Card], table: Sequence[Sequence[Card]]) -> tuple[int, int]:
    """How many sets on the table are made only of the cards laid this turn, and their points
    (most valuable first, each laid card counted once): the sets that opened. The engine's
    ``opening_value`` stops at 30; the log wants the whole sum."""
    left = Counter(played)
    candidates = []
    for cards in table:
        verdict = check_meld(list(cards))
        if verdict.valid:
            candidates.append((verdict.value, tuple(cards)))
    candidates.sort(key=lambda candidate: -candidate[0])
    count = points = 0
    for value, cards in candidates:
        needed = Counter(cards)
        if not needed - left:
            left -= needed
            count += 1
            points += value
    return count, points


# ----- either game --------------------------------------------------------------------------


def describe(game: str, state: Any, action: Any, names: Sequence[str] | None = None) -> str:
    """The log line for ``game`` ("knights" or "rummy")."""
    if game == "knights":
        return describe_knights(state, action, names)
    if game == "rummy":
        return describe_rummy(state, action, names)
    raise ValueError(f"unknown game {game!r}")
