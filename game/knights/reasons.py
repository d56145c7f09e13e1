"""Why a Robber Knights move is worth playing, in one or two short lines made from what it
changes: points taken or secured, a stack made safe, buildings left open to a rival's castle,
knights or tiles kept for later. Said with every hint and in the "why?" panel.

Pure: no pygame, no ai. In the interface language when called.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.wording import _, player_name, plural

from ..core import IllegalAction
from .actions import Action, Deploy, End
from .aids import is_safe, reachable_from_castle, threatened
from .state import KnightsState
from .tiles import CASTLE_KINDS, KIND_POINTS, MAX_DEPLOY
from .words import spot_name, tile_name

MAX_LINES = 2


def played_out(
    before: KnightsState, actions: Sequence[Action]
) -> tuple[KnightsState, list[Action]]:
    """The state after as many of ``actions`` as apply (a plan made on a guessed deal may go
    on with a tile that was not drawn), and those actions."""
    state, done = before, []
    for action in actions:
        try:
            state = state.apply(action)
        except (IllegalAction, ValueError, KeyError):
            break
        done.append(action)
    return state, done


def _any_castle(state: KnightsState, seat: int) -> dict[int, set[str]]:
    return {
        rival: set(CASTLE_KINDS)
        for rival in range(state.num_players)
        if rival != seat and state.tiles_left(rival) and state.supply[rival]
    }


def move_reasons(
    before: KnightsState,
    actions: Sequence[Action],
    names: Sequence[str] | None = None,
    public: bool = False,
) -> list[str]:
    """At most two lines saying what ``actions`` (one move or a whole turn's plan, played by
    the player on turn in ``before``) change for him, the most telling first. ``public``: for
    the other players, so nothing of his hidden hand (the tiles he keeps)."""
    seat = before.current_player
    if seat is None or not actions:
        return []
    after, done = played_out(before, actions)
    n = before.num_players
    taken: list[str] = []
    secured: list[str] = []
    safe: list[str] = []
    for pos, new in after.board.items():
        old = before.board.get(pos)
        if not new.knights or new.knights[-1] != seat or not KIND_POINTS[new.tile]:
            continue
        spot = spot_name(n, *pos)
        tile = tile_name(new.tile)
        if is_safe(new) and (old is None or old.knights != new.knights):
            safe.append(
                _("your {tile} at {spot} now holds {n} knights: nobody can land on it").format(
                    tile=tile, spot=spot, n=len(new.knights)
                )
            )
        old_top = old.knights[-1] if old is not None and old.knights else None
        if old_top == seat:
            continue
        points = KIND_POINTS[new.tile]
        if old_top is None:
            template = plural(
                points,
                _("secures the {tile} at {spot}: +1"),
                _("secures the {tile} at {spot}: +{n}"),
            )
            secured.append(template.format(tile=tile, spot=spot, n=points))
        else:
            rival = player_name(names, before.players, old_top)
            template = plural(
                points,
                _("takes {name}'s {tile} at {spot}: +1"),
                _("takes {name}'s {tile} at {spot}: +{n}"),
            )
            taken.append(template.format(name=rival, tile=tile, spot=spot, n=points))
    lines = taken + safe + secured
    open_before = set(threatened(before, seat, _any_castle(before, seat)))
    open_after = threatened(after, seat, _any_castle(after, seat))
    exposed = [pos for pos in open_after if pos not in open_before and pos in before.board]
    closed = [
        pos
        for pos in open_before
        if pos not in open_after and after.board[pos].knights == before.board[pos].knights
    ]
    for pos in closed[:1]:
        lines.append(
            _("closes the way to your {tile} at {spot}").format(
                tile=tile_name(after.board[pos].tile), spot=spot_name(n, *pos)
            )
        )
    if exposed:
        pos = exposed[0]
        lines.append(
            _("leaves your {tile} at {spot} open to a rival's castle").format(
                tile=tile_name(after.board[pos].tile), spot=spot_name(n, *pos)
            )
        )
    lines += _bare(before, after, seat, public)
    lines += _kept_for_later(before, done, seat, public)
    if not lines:
        lines.append(_("changes no points now"))
    return lines[:MAX_LINES]


def _castle_could_reach(
    state: KnightsState, target: tuple[int, int], castles: set[str], supply: int
) -> bool:
    """Could a castle of one of ``castles``, laid at a free spot in line with ``target``,
    bring knights onto it (``supply`` knights to bring)?"""
    x, y = target
    for spot in state.legal_spots():
        if not (
            (spot[0] == x and abs(spot[1] - y) <= MAX_DEPLOY)
            or (spot[1] == y and abs(spot[0] - x) <= MAX_DEPLOY)
        ):
            continue
        for castle in sorted(castles):
            if target in reachable_from_castle(state.board, spot, castle, supply):
                return True
    return False


def _bare(before: KnightsState, after: KnightsState, seat: int, public: bool) -> list[str]:
    """A building laid this turn and left without knights: who may take it next. The castle
    kept in his hand may be why he laid it (not said in ``public``); a rival's castle may take
    it first."""
    if after.is_terminal:
        return []
    n = after.num_players
    bare = [
        pos
        for pos, placed in after.board.items()
        if pos not in before.board and not placed.knights and KIND_POINTS[placed.tile]
    ]
    lines: list[str] = []
    for pos in bare[:1]:
        tile, spot = tile_name(after.board[pos].tile), spot_name(n, *pos)
        mine = {t.tile for t in after.hands[seat] if t.tile in CASTLE_KINDS}
        if (
            not public
            and mine
            and after.supply[seat]
            and _castle_could_reach(after, pos, mine, after.supply[seat])
        ):
            lines.append(
                _("lays the {tile} at {spot} for the castle in your hand to take").format(
                    tile=tile, spot=spot
                )
            )
        rivals = _any_castle(after, seat)
        if any(
            _castle_could_reach(after, pos, kinds, after.supply[rival])
            for rival, kinds in rivals.items()
        ):
            lines.append(
                _("leaves the {tile} at {spot} bare: a rival's castle could take it").format(
                    tile=tile, spot=spot
                )
            )
    return lines


def _kept_for_later(
    before: KnightsState, done: Sequence[Action], seat: int, public: bool = False
) -> list[str]:
    lines: list[str] = []
    state = before
    for action in done:
        if isinstance(action, Deploy) and state.pending is not None:
            supply = state.supply[seat]
            if action.count < min(MAX_DEPLOY, supply):
                kept = supply - action.count
                lines.append(
                    plural(
                        kept,
                        _("keeps 1 knight in the supply for later castles"),
                        _("keeps {n} knights in the supply for later castles"),
                    ).format(n=kept)
                )
        elif isinstance(action, End) and not public:
            hand = [tile.tile for tile in state.hands[seat]]
            if hand:
                lines.append(
                    _("keeps the {tile} in hand for later").format(tile=tile_name(hand[0]))
                )
        try:
            state = state.apply(action)
        except (IllegalAction, ValueError, KeyError):
            break
    return lines
