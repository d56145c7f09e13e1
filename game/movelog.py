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

Translation: every sentence is built from whole templates wrapped in ``_("...")`` (so the
standard gettext tools extract them) with named fields, translated through ``game.i18n`` (the
language ``set_language`` chose); ``set_translator`` (re-exported here) lets a test see them.
Counted words use one template for 1 and one for more (English, German and Dutch all pluralise
that way).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from string import ascii_uppercase
from typing import Any

from game.core import IllegalAction
from game.knights import AREA_SIZE, Deploy, End, Keep, KnightsState, Place
from game.persist.translate import N_, _, set_translator
from game.rummy import Draw, NextRound, Pass, Play, RummyState, check_meld
from game.rummy.cards import Card, cards_text

__all__ = [
    "column_letter",
    "describe",
    "describe_knights",
    "describe_rummy",
    "row_number",
    "set_translator",
    "spot_name",
]

DIRECTION_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
TILE_WORDS = {
    kind: kind
    for kind in (
        N_("lake"),
        N_("mountain"),
        N_("plain"),
        N_("plain+village"),
        N_("plain+castle"),
        N_("plain+town"),
        N_("forest+village"),
        N_("forest+castle"),
        N_("forest+town"),
    )
}


def _count(count: int, one: str, many: str) -> str:
    """The template for ``count``: ``one`` for 1, ``many`` otherwise (both translated)."""
    return one if count == 1 else many


def _counted(count: int, one: str, many: str) -> str:
    """``one`` for 1, else ``many`` with ``{n}`` filled in: "1 set", "3 sets"."""
    return _count(count, one, many).format(n=count)


def _tile(kind: str) -> str:
    return _(TILE_WORDS[kind]) if kind in TILE_WORDS else kind


def _name(names: Sequence[str] | None, players: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return _("Nobody")
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    if 0 <= seat < len(players):
        return players[seat]
    return _("Player {number}").format(number=seat + 1)


def _join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


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
        # The kept tile is the player's secret (it goes into the hand): the log, read by every
        # player at the one screen, says only that one was kept.
        if state.current_player == state.num_players - 1:
            template = _("{who} kept a start tile; the others are shuffled onto the table")
        else:
            template = _("{who} kept a start tile")
        return template.format(who=who)
    if isinstance(action, Place):
        spot = spot_name(state.num_players, action.x, action.y)
        line = _("{who} laid {tile} at {spot}").format(who=who, tile=_tile(action.tile), spot=spot)
    elif isinstance(action, Deploy):
        line = _deployment_line(state, action, who)
    elif isinstance(action, End):
        line = _("{who} ended the turn").format(who=who)
    else:
        return f"{who}: {action}"
    return line + _knights_game_end(state, action, names)


def _deployment_line(state: KnightsState, action: Deploy, who: str) -> str:
    spot = "?" if state.pending is None else spot_name(state.num_players, *state.pending)
    if action.count == 0:
        template = _("{who} brought no knights into play at the castle at {spot}")
    elif action.dir is None:
        template = _count(
            action.count,
            _("{who} put 1 knight on the castle at {spot}"),
            _("{who} put {count} knights on the castle at {spot}"),
        )
    else:
        template = _count(
            action.count,
            _("{who} sent 1 knight {direction} from the castle at {spot}: {drops}"),
            _("{who} sent {count} knights {direction} from the castle at {spot}: {drops}"),
        )
    direction = DIRECTION_WORDS.get(action.dir or "", action.dir or "")
    return template.format(
        who=who,
        spot=spot,
        count=action.count,
        direction=_(direction) if direction else "",
        drops=", ".join(str(d) for d in action.drops),
    )


def _knights_game_end(state: KnightsState, action: Any, names: Sequence[str] | None) -> str:
    """ "; the game is over: Ann wins with 23 points" when this action ended the game."""
    try:
        after = state.apply(action)
    except (IllegalAction, ValueError):
        return ""
    if not after.is_terminal:
        return ""
    seats = after.winners()
    winners = _join_names([_name(names, state.players, seat) for seat in seats])
    points = after.scores()[seats[0]]
    if len(seats) == 1:
        template = _count(
            points,
            _("; the game is over: {winners} wins with 1 point"),
            _("; the game is over: {winners} wins with {points} points"),
        )
    else:
        template = _count(
            points,
            _("; the game is over: {winners} share the win with 1 point"),
            _("; the game is over: {winners} share the win with {points} points"),
        )
    return template.format(winners=winners, points=points)


# ----- Räuber-Rommé -------------------------------------------------------------------------


def describe_rummy(state: RummyState, action: Any, names: Sequence[str] | None = None) -> str:
    """A log line for a Räuber-Rommé ``action`` taken in ``state`` (before it was applied)."""
    players = [p.name for p in state.players]
    who = _name(names, players, state.current_player)
    if isinstance(action, NextRound):
        dealer = (state.dealer + 1) % state.num_players
        starter = (dealer + 1) % state.num_players
        return _("Round {round} dealt: {dealer} deals, {starter} begins").format(
            round=state.round + 1,
            dealer=_name(names, players, dealer),
            starter=_name(names, players, starter),
        )
    if isinstance(action, Draw):
        if len(state.stock) == 1:
            return _("{who} drew the last card of the stock").format(who=who)
        return _("{who} drew a card").format(who=who)
    if isinstance(action, Pass):
        if state.passes + 1 >= state.num_players:
            template = _("{who} passed; everybody passed, so the round ends without a winner")
            return template.format(who=who)
        return _("{who} passed").format(who=who)
    if isinstance(action, Play):
        return _play_line(state, action, who)
    return f"{who}: {action}"


def _play_line(state: RummyState, action: Play, who: str) -> str:
    before: Counter[Card] = Counter(card for cards in state.table for card in cards)
    after: Counter[Card] = Counter(card for cards in action.table for card in cards)
    played = after - before
    laid = sum(played.values())
    cards = _count(laid, _("1 card ({cards})"), _("{n} cards ({cards})")).format(
        cards=cards_text(sorted(played.elements())), n=laid
    )
    extended, rebuilt, started = _set_changes(state.table, action.table, played)
    seat = state.current_player
    opener = seat is not None and not state.players[seat].opened
    if opener:
        count, points = opening_sets(played, action.table)
        sets = _counted(count, _("1 set"), _("{n} sets"))
        line = _("{who} opened with {sets} ({points} points) and laid {cards}").format(
            who=who, sets=sets, points=points, cards=cards
        )
        if rebuilt:
            rebuilt_sets = _counted(rebuilt, _("1 set"), _("{n} sets"))
            line += _(", then rebuilt {sets}").format(sets=rebuilt_sets)
    else:
        line = _("{who} laid {cards}").format(who=who, cards=cards)
        if rebuilt:
            line += _(" and rebuilt {sets}").format(
                sets=_counted(rebuilt, _("1 set"), _("{n} sets"))
            )
        elif extended and started:
            line += _(" on {sets} and in {new}").format(
                sets=_counted(extended, _("1 set"), _("{n} sets")),
                new=_counted(started, _("1 new set"), _("{n} new sets")),
            )
        elif extended:
            line += _(" on {sets}").format(sets=_counted(extended, _("1 set"), _("{n} sets")))
        elif started:
            line += _(" in {sets}").format(
                sets=_counted(started, _("1 new set"), _("{n} new sets"))
            )
    if seat is not None and laid >= len(state.players[seat].hand):
        line += _("; {who} went out and wins round {round}").format(who=who, round=state.round)
    return line


def _set_changes(
    old: Sequence[Sequence[Card]], new: Sequence[Sequence[Card]], played: Counter[Card]
) -> tuple[int, int, int]:
    """How many sets were only extended with laid cards (a set that only grew, in any place:
    laying off), how many old sets were rebuilt otherwise, and how many new sets were started."""
    gone = list((Counter(map(tuple, old)) - Counter(map(tuple, new))).elements())
    came = list((Counter(map(tuple, new)) - Counter(map(tuple, old))).elements())
    extended = 0
    for grown in list(came):
        for before in gone:
            had, has = Counter(before), Counter(grown)
            added = has - had
            if not had - has and added and not added - played:
                gone.remove(before)
                came.remove(grown)
                extended += 1
                break
    return extended, len(gone), 0 if gone else len(came)


def opening_sets(played: Counter[Card], table: Sequence[Sequence[Card]]) -> tuple[int, int]:
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
    """The log line for ``game`` (a key of ``game.registry.GAMES``)."""
    from game.registry import game_spec  # here: the registry names this module's functions

    return game_spec(game).describe(state, action, names)
