"""Robber Knights in words: tiles, spots and moves for the log, the review, tooltips and the
status line, in the interface language when called.

Board spots are named like a chess board, column letter + row number, on one fixed grid per
game: every spot the N×N area can ever reach. The start layout lies at 0 <= x < players,
0 <= y < 2, so x runs from players - N to N - 1 and y from 2 - N to N - 1; column A is the
leftmost reachable column and row 1 the top row (2 players: A..L, 1..12; 4 players: A..P,
1..18). The names never shift as the layout grows, so an old log line still points at the right
tile; ``column_letter`` and ``row_number`` give the same labels for the board's margins.

Every sentence is a whole template wrapped in ``_("...")`` (so the gettext tools extract it)
with named fields. Pure: no pygame, no ai.
"""

from __future__ import annotations

from collections.abc import Sequence
from string import ascii_uppercase

from game.i18n import add_field_namer, ngettext
from game.plugin import CAPTURE, GameWords, LogLine
from game.wording import N_, _, join_names, player_name, plural

from ..core import IllegalAction
from .actions import Action as KnightsAction
from .actions import Deploy, End, Keep, Place
from .state import KnightsState
from .tiles import AREA_SIZE

# ----- tiles and directions -----------------------------------------------------------------

_NAMES = {
    "lake": N_("lake"),
    "mountain": N_("mountain"),
    "plain": N_("plain"),
    "plain+village": N_("village"),
    "plain+castle": N_("castle"),
    "plain+town": N_("town"),
    "forest+village": N_("forest village"),
    "forest+castle": N_("forest castle"),
    "forest+town": N_("forest town"),
}
_MINIMUM_WORDS = {
    "plain": N_("plain: leave 1 knight"),
    "forest": N_("forest: leave 2"),
    "mountain": N_("mountain: leave 3"),
}


def tile_name(kind: str) -> str:
    """``"forest+castle"`` -> ``"forest castle"``; plain buildings drop the terrain."""
    return _(_NAMES[kind]) if kind in _NAMES else kind.replace("+", " ")


def tile_help(kind: str) -> str:
    """A tooltip: what the tile is worth and what knights must leave on it."""
    terrain, _plus, building = kind.partition("+")
    name = tile_name(kind)
    parts = [name[:1].upper() + name[1:]]
    points = {"castle": 1, "village": 2, "town": 3}.get(building)
    if points:
        parts.append(
            ngettext(
                "{n} point for the top knight", "{n} points for the top knight", points
            ).format(n=points)
        )
    if terrain == "lake":
        parts.append(_("knights can't enter"))
    else:
        parts.append(_(_MINIMUM_WORDS[terrain]))
    if building == "castle":
        parts.append(_("bring 0–5 knights into play when laid"))
    return " · ".join(parts)


def direction_name(direction: str | None) -> str:
    words = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
    return _(words[direction]) if direction in words else _("nowhere")


DIRECTION_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}


def refusal_field(field: str, value: object) -> object:
    """A refusal's tile kind in words ("plain+castle" -> "castle")."""
    return tile_name(value) if field == "tile" and isinstance(value, str) else value


add_field_namer(refusal_field)


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


def describe_knights(
    state: KnightsState, action: KnightsAction, names: Sequence[str] | None = None
) -> str:
    """A log line for a Robber Knights ``action`` taken in ``state`` (before it was applied)."""
    who = player_name(names, state.players, state.current_player)
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
        line = _("{who} laid {tile} at {spot}").format(
            who=who, tile=tile_name(action.tile), spot=spot
        )
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
        template = plural(
            action.count,
            _("{who} put 1 knight on the castle at {spot}"),
            _("{who} put {count} knights on the castle at {spot}"),
        )
    else:
        template = plural(
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


def _knights_game_end(
    state: KnightsState, action: KnightsAction, names: Sequence[str] | None
) -> str:
    """ "; the game is over: Ann wins with 23 points" when this action ended the game."""
    try:
        after = state.apply(action)
    except (IllegalAction, ValueError):
        return ""
    if not after.is_terminal:
        return ""
    seats = after.winners()
    winners = join_names([player_name(names, state.players, seat) for seat in seats])
    points = after.scores()[seats[0]]
    if len(seats) == 1:
        template = plural(
            points,
            _("; the game is over: {winners} wins with 1 point"),
            _("; the game is over: {winners} wins with {points} points"),
        )
    else:
        template = plural(
            points,
            _("; the game is over: {winners} share the win with 1 point"),
            _("; the game is over: {winners} share the win with {points} points"),
        )
    return template.format(winners=winners, points=points)


# ----- the log's further lines -----------------------------------------------------------


def knights_aftermath(before: KnightsState, after: KnightsState) -> list[LogLine]:
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


# ----- the review: a decision and the better one --------------------------------------------

TILE_PHRASES = {
    "lake": N_("the lake"),
    "mountain": N_("the mountain"),
    "plain": N_("the plain"),
    "plain+village": N_("the village"),
    "plain+castle": N_("the castle"),
    "plain+town": N_("the town"),
    "forest+village": N_("the forest village"),
    "forest+castle": N_("the forest castle"),
    "forest+town": N_("the forest town"),
}


def _lay_phrase(num_players: int, place: Place, deploy: Deploy | None) -> str:
    tile = _(TILE_PHRASES[place.tile]) if place.tile in TILE_PHRASES else place.tile
    lay = _("{tile} at {spot}").format(tile=tile, spot=spot_name(num_players, place.x, place.y))
    if deploy is None:
        return lay
    count = deploy.count
    if count == 0:
        return _("{lay} without knights").format(lay=lay)
    if deploy.dir is None:
        template = (
            _("{lay} with one knight on it")
            if count == 1
            else _("{lay} with {count} knights on it")
        )
        return template.format(lay=lay, count=count)
    direction = _(DIRECTION_WORDS.get(deploy.dir, deploy.dir))
    first, rest = deploy.drops[0], ", ".join(str(d) for d in deploy.drops[1:])
    if count == 1:
        template = _("{lay} with one knight marching {direction}")
    elif set(deploy.drops) == {1}:  # one knight on every tile: the plain march
        template = _("{lay} with {count} knights marching {direction}")
    else:
        template = _(
            "{lay} with {count} knights marching {direction} ({first} on the castle, then {rest})"
        )
    return template.format(lay=lay, count=count, direction=direction, first=first, rest=rest)


def _knights_lays(before: KnightsState, actions: Sequence[KnightsAction]) -> tuple[list[str], bool]:
    """The lays of a turn in words, and whether the player stopped (rather than the turn
    ending by itself after the third lay, or with an empty hand)."""
    lays: list[str] = []
    stopped = False
    num_players = before.num_players
    for i, action in enumerate(actions):
        if isinstance(action, Place):
            following = actions[i + 1] if i + 1 < len(actions) else None
            deploy = following if isinstance(following, Deploy) else None
            lays.append(_lay_phrase(num_players, action, deploy))
        elif isinstance(action, End):
            stopped = True
    return lays, stopped


def _knights_move(before: KnightsState, actions: Sequence[KnightsAction], who: str | None) -> str:
    lays, stopped = _knights_lays(before, actions)
    if not lays:
        return _("you passed") if who is None else _("{name} passed").format(name=who)
    listed = join_names(lays)
    # After a longer list (or a deployment) "and stopped" needs a comma in English.
    long_list = len(lays) > 1 or any(isinstance(a, Deploy) for a in actions)
    if not stopped:
        template = _("you laid {lays}") if who is None else _("{name} laid {lays}")
    elif long_list:
        template = (
            _("you laid {lays}, and stopped")
            if who is None
            else _("{name} laid {lays}, and stopped")
        )
    else:
        template = (
            _("you laid {lays} and stopped") if who is None else _("{name} laid {lays} and stopped")
        )
    return template.format(lays=listed, name=who)


def _knights_better(before: KnightsState, actions: Sequence[KnightsAction]) -> str:
    lays, stopped = _knights_lays(before, actions)
    if not lays:
        return _("pass")
    listed = join_names(lays)
    if not stopped:
        return _("lay {lays}").format(lays=listed)
    if len(lays) > 1 or any(isinstance(a, Deploy) for a in actions):
        return _("lay {lays}, and stop").format(lays=listed)
    return _("lay {lays} and stop").format(lays=listed)


def public_words(before: KnightsState, actions: Sequence[KnightsAction]) -> str:
    """A turn the other players may hear of without its hidden tiles or knights: where it
    lays ("lay at D4 and E4"): which tiles, and so whether a castle with knights, stay unsaid."""
    spots = [
        spot_name(before.num_players, action.x, action.y)
        for action in actions
        if isinstance(action, Place)
    ]
    if not spots:
        return _("pass")
    return _("lay at {spots}").format(spots=join_names(spots))


def decision_label(round_number: int, turn: int) -> str:
    """ "Turn 7": a Robber Knights game is one round."""
    return _("Turn {turn}").format(turn=turn)


def move_words(
    before: KnightsState, actions: Sequence[KnightsAction], who: str | None, symbols: bool
) -> str:
    return _knights_move(before, actions, who)


def better_words(before: KnightsState, actions: Sequence[KnightsAction], symbols: bool) -> str:
    return _knights_better(before, actions)


def chance_title() -> str:
    return _("Win chance after each turn")


WORDS: GameWords[KnightsState, KnightsAction] = GameWords(
    describe=describe_knights,
    aftermath=knights_aftermath,
    decision_label=decision_label,
    move_words=move_words,
    better_words=better_words,
    chance_title=chance_title,
    public_words=public_words,
)


def deal_lines(state: KnightsState) -> list[str]:
    """The deal in words (``robbers-den deal CODE --show``): each seat's pile, top first."""
    return [
        _("{name}'s pile, top first: {tiles}").format(
            name=name,
            tiles=", ".join(f"{tile.letter} {tile_name(tile.tile)}" for tile in pile),
        )
        for name, pile in zip(state.players, state.piles, strict=True)
    ]
