"""The Robber Knights game state: an immutable value; ``apply`` returns a new state.

Phases: ``keep`` (setup choice), ``place`` (laying tiles), ``deploy`` (a castle was just laid by
the current player), ``over``. Drawing, turn passing and skipping happen inside ``apply``.

For speed the state keeps its frontier (empty spots next to the layout) and the layout's
bounding box, and copies the small board dict only when it changes. Attributes are public for
reading; assigning one raises ``FrozenInstanceError`` (every container is a tuple or a read-only
mapping). ``apply`` fills in a private ``_Draft`` and seals it into the new state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from ..core import IllegalAction, RefusalKind, shared_win_returns
from . import hidden, refusals, serial
from .actions import END, Action, Deploy, End, Keep, Place
from .deploy import explain_illegal, legal_deployments, well_formed
from .tiles import (
    AREA_SIZE,
    CASTLE_KINDS,
    HIDDEN,
    KIND_ORDER,
    KIND_POINTS,
    KNIGHTS_PER_PLAYER,
    MAX_STACK,
    PILE_LETTERS,
    TILE_KINDS,
    TILE_SET,
    PlacedTile,
    Tile,
)

Pos = tuple[int, int]
BBox = tuple[int, int, int, int]  # min_x, max_x, min_y, max_y
MAX_LAYS = 3


class _PlaceTable(dict[Pos, Place]):
    """Interned Place actions of one kind by spot: legal_actions builds many, and they repeat."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, pos: Pos) -> Place:
        action = self[pos] = Place(self.kind, pos[0], pos[1])
        return action


_PLACES: dict[str, _PlaceTable] = {kind: _PlaceTable(kind) for kind in (*TILE_KINDS, HIDDEN)}


def _neighbours(x: int, y: int) -> tuple[Pos, Pos, Pos, Pos]:
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def frontier_of(board: Mapping[Pos, PlacedTile]) -> frozenset[Pos]:
    return frozenset(n for (x, y) in board for n in _neighbours(x, y) if n not in board)


def bbox_of(board: Mapping[Pos, PlacedTile]) -> BBox | None:
    if not board:
        return None
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    return (min(xs), max(xs), min(ys), max(ys))


Phase = Literal["keep", "place", "deploy", "over"]

_FIELDS = (
    "players",
    "num_players",
    "seed",
    "area",
    "phase",
    "current_player",
    "lays_this_turn",
    "pending",
    "hands",
    "piles",
    "supply",
    "kept",
    "start",
    "_board",
    "_frontier",
    "_bbox",
    "_spots",
    "_legal",
)


@dataclass(frozen=True, init=False, repr=False, eq=False)
class KnightsState:
    """A Robber Knights position. See docs/contract.md ("Robber Knights: game.knights").

    Public attributes: ``players`` (names), ``num_players``, ``seed``, ``area`` (N of the N×N
    area), ``phase``, ``current_player`` (None when over), ``lays_this_turn``, ``pending`` (the
    castle to deploy from, or None), ``board`` ((x, y) -> PlacedTile), ``hands`` (per seat, tuples
    of Tile), ``piles`` (per seat, top first), ``supply`` (knights left per seat), ``kept``
    (per seat: has chosen his A tile), ``start`` (tiles waiting for the start layout).
    A frozen dataclass like the rummy state (assigning raises ``FrozenInstanceError``);
    ``apply`` fills in a ``_Draft`` (the same slots, writable) and seals it into a state.
    """

    __slots__ = _FIELDS  # declared here, not by the dataclass: its own slots break super()

    players: tuple[str, ...]
    num_players: int
    seed: int
    area: int
    phase: Phase
    current_player: int | None
    lays_this_turn: int
    pending: Pos | None
    hands: tuple[tuple[Tile, ...], ...]
    piles: tuple[tuple[Tile, ...], ...]
    supply: tuple[int, ...]
    kept: tuple[bool, ...]
    start: tuple[Tile, ...]
    _board: dict[Pos, PlacedTile]
    _frontier: frozenset[Pos]
    _bbox: BBox | None
    _spots: list[Pos] | None
    _legal: list[Action] | None

    def _legal_spot_list(self) -> list[Pos]:
        spots = self._spots
        if spots is None:
            if self._bbox is None:
                spots = []
            else:
                min_x, max_x, min_y, max_y = self._bbox
                n = self.area
                if max_x - min_x < n - 1 and max_y - min_y < n - 1:
                    # A frontier spot widens the box by at most one: all of them fit.
                    spots = sorted(self._frontier)
                else:
                    lo_x, hi_x, lo_y, hi_y = max_x - n, min_x + n, max_y - n, min_y + n
                    spots = [p for p in self._frontier if lo_x < p[0] < hi_x and lo_y < p[1] < hi_y]
                    spots.sort()
            _fill_spots(self, spots)
        return spots

    def _draft(self) -> _Draft:
        """A mutable copy (caches dropped) for ``apply`` to change and then seal."""
        new = object.__new__(_Draft)
        new.players = self.players
        new.num_players = self.num_players
        new.seed = self.seed
        new.area = self.area
        new.phase = self.phase
        new.current_player = self.current_player
        new.lays_this_turn = self.lays_this_turn
        new.pending = self.pending
        new.hands = self.hands
        new.piles = self.piles
        new.supply = self.supply
        new.kept = self.kept
        new.start = self.start
        new._board = self._board
        new._frontier = self._frontier
        new._bbox = self._bbox
        new._spots = None
        new._legal = None
        return new

    @property
    def player_names(self) -> tuple[str, ...]:
        return self.players

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling (states travel to the AI process that way) must not go through __setattr__.
        return (_unpickle, (tuple(object.__getattribute__(self, name) for name in _FIELDS),))

    # ----- construction -------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        *,
        players: tuple[str, ...],
        seed: int,
        phase: Phase,
        current_player: int | None,
        lays_this_turn: int,
        pending: Pos | None,
        board: dict[Pos, PlacedTile],
        hands: tuple[tuple[Tile, ...], ...],
        piles: tuple[tuple[Tile, ...], ...],
        supply: tuple[int, ...],
        kept: tuple[bool, ...],
        start: tuple[Tile, ...],
    ) -> KnightsState:
        """A state from its parts (derived data computed here). No rule checks: see from_dict."""
        state = object.__new__(_Draft)
        state.players = players
        state.num_players = len(players)
        state.seed = seed
        state.area = AREA_SIZE[len(players)]
        state.phase = phase
        state.current_player = current_player
        state.lays_this_turn = lays_this_turn
        state.pending = pending
        state.hands = hands
        state.piles = piles
        state.supply = supply
        state.kept = kept
        state.start = start
        state._board = board
        state._frontier = frontier_of(board)
        state._bbox = bbox_of(board)
        state._spots = None
        state._legal = None
        return state.seal()

    # ----- read-only views ----------------------------------------------------------------

    @property
    def board(self) -> Mapping[Pos, PlacedTile]:
        return MappingProxyType(self._board)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def bounds(self) -> BBox | None:
        """The layout's bounding box (min_x, max_x, min_y, max_y), None before the start."""
        return self._bbox

    def area_window(self) -> BBox | None:
        """Where tiles may still go (min_x, max_x, min_y, max_y): exactly the N×N area once the
        layout is N wide and N tall; None before the start layout exists."""
        if self._bbox is None:
            return None
        min_x, max_x, min_y, max_y = self._bbox
        n = self.area
        return (max_x - n + 1, min_x + n - 1, max_y - n + 1, min_y + n - 1)

    def tiles_left(self, player: int) -> int:
        return len(self.hands[player]) + len(self.piles[player])

    # ----- legal moves --------------------------------------------------------------------

    def legal_spots(self) -> list[Pos]:
        """Free spots where a tile may be laid now (any kind may go on any free spot)."""
        return list(self._legal_spot_list())

    def legal_deployments(self) -> list[Deploy]:
        """In phase deploy: every legal deployment from the castle just laid."""
        if self.phase != "deploy" or self.pending is None or self.current_player is None:
            return []
        x, y = self.pending
        return legal_deployments(
            self._board, x, y, self._board[x, y].tile, self.supply[self.current_player]
        )

    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            _fill_legal(self, legal)
        return list(legal)

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == "place":
            assert self.current_player is not None
            kinds = sorted({t.tile for t in self.hands[self.current_player]}, key=_kind_rank)
            spots = self._legal_spot_list()
            legal: list[Action] = []
            for kind in kinds:
                table = _PLACES[kind]
                legal += [table[pos] for pos in spots]
            if self.lays_this_turn:
                legal.append(END)
            return legal
        if phase == "deploy":
            return list(self.legal_deployments())
        if phase == "keep":
            assert self.current_player is not None
            keepable = {t.tile for t in self.hands[self.current_player]} - CASTLE_KINDS
            return [Keep(k) for k in sorted(keepable, key=_kind_rank)]
        return []

    # ----- applying actions ---------------------------------------------------------------

    def apply(self, action: Action) -> KnightsState:
        """The state after ``action``; raises IllegalAction (and changes nothing) if illegal."""
        kind = type(action)
        if kind is Place:
            return self._apply_place(action)  # type: ignore[arg-type]
        if kind is Deploy:
            return self._apply_deploy(action)  # type: ignore[arg-type]
        if isinstance(action, End):
            return self._apply_end()
        if isinstance(action, Keep):
            return self._apply_keep(action)
        if isinstance(action, Place):  # subclasses: the slow path
            return self._apply_place(action)
        if isinstance(action, Deploy):
            return self._apply_deploy(action)
        raise IllegalAction(refusals.NOT_A_KNIGHTS_ACTION(action=repr(action)))

    def _wrong_phase(self) -> IllegalAction:
        """What the phase wants first (the action belongs to another phase)."""
        if self.phase == "place":
            first = refusals.LAY_OR_END if self.lays_this_turn else refusals.LAY_A_TILE
        else:
            first = _FIRST_IN_PHASE[self.phase]
        return IllegalAction(first())

    def _apply_keep(self, action: Keep) -> KnightsState:
        if self.phase != "keep":
            raise self._wrong_phase()
        p = self.current_player
        assert p is not None
        hand = self.hands[p]
        if type(action.tile) is not str:
            raise IllegalAction(refusals.TILE_NOT_NAMED())
        if action.tile in CASTLE_KINDS:
            raise IllegalAction(refusals.CASTLE_KEPT_ANYWAY())
        index = next((i for i, t in enumerate(hand) if t.tile == action.tile), None)
        if index is None:
            raise IllegalAction(refusals.NO_TILE_TO_KEEP(tile=action.tile))
        castle = next((i for i, t in enumerate(hand) if t.tile in CASTLE_KINDS), None)
        if castle is None:
            raise IllegalAction(refusals.NO_CASTLE_TO_KEEP())
        others = tuple(t for i, t in enumerate(hand) if i not in (index, castle))
        new = self._draft()
        new.hands = _replace(self.hands, p, (hand[castle], hand[index]))
        new.start = self.start + others
        new.kept = _replace(self.kept, p, True)
        if p + 1 < self.num_players:
            new.current_player = p + 1
        else:
            new.lay_start()
        return new.seal()

    def _place_error(self, action: Place) -> IllegalAction | None:
        if self.phase != "place":
            return self._wrong_phase()
        p = self.current_player
        assert p is not None
        if type(action.tile) is not str:
            return IllegalAction(refusals.TILE_NOT_NAMED())
        if not any(t.tile == action.tile for t in self.hands[p]):
            return IllegalAction(refusals.TILE_NOT_IN_HAND(tile=action.tile))
        if type(action.x) is not int or type(action.y) is not int:
            return IllegalAction(refusals.SPOT_NOT_WHOLE())
        pos = (action.x, action.y)
        if pos in self._board:
            return IllegalAction(refusals.SPOT_TAKEN())
        if pos not in self._frontier:
            return IllegalAction(refusals.SPOT_NOT_ADJACENT())
        assert self._bbox is not None
        min_x, max_x, min_y, max_y = self._bbox
        n = self.area
        if max(max_x, action.x) - min(min_x, action.x) >= n:
            return IllegalAction(refusals.AREA_TOO_WIDE(n=n))
        if max(max_y, action.y) - min(min_y, action.y) >= n:
            return IllegalAction(refusals.AREA_TOO_TALL(n=n))
        return None

    def _apply_place(self, action: Place) -> KnightsState:
        p = self.current_player
        kind = action.tile
        x, y = action.x, action.y
        pos = (x, y)
        # Fast path: a spot among the legal ones and a kind in hand; otherwise explain.
        if (
            self.phase != "place"
            or p is None
            or type(x) is not int  # (before hashing: a list there can't be looked up)
            or type(y) is not int
            or type(kind) is not str
            or pos not in self._frontier
            or pos not in self._legal_spot_list()
        ):
            raise self._place_error(action) or IllegalAction(refusals.TILE_CANT_GO_THERE())
        hand = self.hands[p]
        index = -1
        for i, t in enumerate(hand):  # the earlier letter is laid first
            if t.tile == kind and (index < 0 or t.letter < hand[index].letter):
                index = i
        if index < 0:
            raise self._place_error(action) or IllegalAction(refusals.TILE_CANT_GO_THERE())
        tile = hand[index]
        new = self._draft()
        new.hands = _replace(self.hands, p, hand[:index] + hand[index + 1 :])
        board = dict(self._board)
        board[pos] = PlacedTile(kind, tile.letter, ())
        new._board = board
        frontier = set(self._frontier)
        frontier.discard(pos)
        frontier.update(n for n in _neighbours(x, y) if n not in board)
        new._frontier = frozenset(frontier)
        min_x, max_x, min_y, max_y = self._bbox  # type: ignore[misc]
        new._bbox = (min(min_x, x), max(max_x, x), min(min_y, y), max(max_y, y))
        new.lays_this_turn = self.lays_this_turn + 1
        if kind in CASTLE_KINDS:
            new.phase = "deploy"
            new.pending = pos
        else:
            new.after_lay()
        return new.seal()

    def _apply_deploy(self, action: Deploy) -> KnightsState:
        if self.phase != "deploy":
            raise self._wrong_phase()
        p = self.current_player
        assert p is not None and self.pending is not None
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            _fill_legal(self, legal)
        x, y = self.pending
        if not well_formed(action) or action not in legal:
            castle = self._board[x, y].tile
            raise IllegalAction(explain_illegal(self._board, x, y, castle, self.supply[p], action))
        new = self._draft()
        if action.count:
            board = dict(self._board)
            dx, dy = _STEP[action.dir]
            for i, drop in enumerate(action.drops):
                spot = (x + dx * i, y + dy * i)
                placed = board[spot]
                knights = placed.knights + (p,) * drop
                assert len(knights) <= MAX_STACK
                board[spot] = PlacedTile(placed.tile, placed.letter, knights)
            new._board = board
            new.supply = _replace(self.supply, p, self.supply[p] - action.count)
        new.phase = "place"
        new.pending = None
        new.after_lay()
        return new.seal()

    def _apply_end(self) -> KnightsState:
        if self.phase != "place":
            raise self._wrong_phase()
        if not self.lays_this_turn:
            raise IllegalAction(refusals.LAY_BEFORE_ENDING())
        new = self._draft()
        new.pass_turn()
        return new.seal()

    # ----- scoring ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Points per seat: each building scores for the owner of its top knight."""
        points = [0] * self.num_players
        for placed in self._board.values():
            if placed.knights:
                points[placed.knights[-1]] += KIND_POINTS[placed.tile]
        return points

    def winners(self) -> list[int]:
        """Most points; ties broken by most knights left in the supply; still tied: all share."""
        scores = self.scores()
        best = max((scores[p], self.supply[p]) for p in range(self.num_players))
        return [p for p in range(self.num_players) if (scores[p], self.supply[p]) == best]

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.num_players
        return shared_win_returns(self.num_players, self.winners())

    # ----- hidden information -------------------------------------------------------------

    def view(self, player: int) -> KnightsState:
        """This state as ``player`` sees it: others' hands and every pile's order hidden."""
        new = self._draft()
        new.hands, new.piles = hidden.hide(self.hands, self.piles, player)
        return new.seal()

    def determinize(self, player: int, rng: random.Random) -> KnightsState:
        """A full state consistent with what ``player`` has seen; hidden tiles redealt."""
        seen = self.view(player)
        new = seen._draft()
        new.hands, new.piles = hidden.redeal(seen, player, rng)
        return new.seal()

    # ----- files --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return serial.state_to_dict(self)

    @classmethod
    def from_dict(cls, d: Any) -> KnightsState:
        """Load a state dict (the save format); raises SaveFormatError (a ValueError)."""
        return cls.build(**serial.parse_state(d))

    # ----- value semantics ----------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KnightsState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(
            (self.phase, self.current_player, self.lays_this_turn, self.hands, self.piles)
            + tuple(self._board.items())
        )

    def __repr__(self) -> str:
        return (
            f"KnightsState(phase={self.phase!r}, current_player={self.current_player}, "
            f"tiles={len(self._board)}, supply={self.supply})"
        )


# The caches (what the fields determine) are filled in on a sealed state too: through the slots'
# own setters, as a refusing __setattr__ would refuse them.
_fill_spots: Any = KnightsState.__dict__["_spots"].__set__
_fill_legal: Any = KnightsState.__dict__["_legal"].__set__


class _Draft(KnightsState):
    """A position being built by ``apply`` (or ``build``): its fields may be set until
    ``seal`` turns it into the immutable ``KnightsState`` (the same object, no copying)."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    players: tuple[str, ...]
    num_players: int
    seed: int
    area: int
    phase: Phase
    current_player: int | None
    lays_this_turn: int
    pending: Pos | None
    hands: tuple[tuple[Tile, ...], ...]
    piles: tuple[tuple[Tile, ...], ...]
    supply: tuple[int, ...]
    kept: tuple[bool, ...]
    start: tuple[Tile, ...]
    _board: dict[Pos, PlacedTile]
    _frontier: frozenset[Pos]
    _bbox: BBox | None
    _spots: list[Pos] | None
    _legal: list[Action] | None

    def seal(self) -> KnightsState:
        # One layout (the state's slots), so the class can change in place: sealing costs one
        # assignment instead of setting every field through a refusing __setattr__.
        object.__setattr__(self, "__class__", KnightsState)
        return self

    def lay_start(self) -> None:
        """Shuffle the start tiles into the rectangle 0 <= x < players, 0 <= y < 2."""
        tiles = list(self.start)
        random.Random(self.seed).shuffle(tiles)
        n = self.num_players
        board = {(i % n, i // n): PlacedTile(t.tile, t.letter, ()) for i, t in enumerate(tiles)}
        self._board = board
        self._frontier = frontier_of(board)
        self._bbox = bbox_of(board)
        self.start = ()
        self.phase = "place"
        self.current_player = 0
        self.lays_this_turn = 0

    def after_lay(self) -> None:
        """Draw (if the pile has tiles), then end the turn after the third lay or an empty
        hand."""
        p = self.current_player
        assert p is not None
        pile = self.piles[p]
        if pile:
            self.hands = _replace(self.hands, p, self.hands[p] + (pile[0],))
            self.piles = _replace(self.piles, p, pile[1:])
        if self.lays_this_turn >= MAX_LAYS or not self.hands[p]:
            self.pass_turn()

    def pass_turn(self) -> None:
        """Hand the turn to the next seat with tiles; skip the others; end the game if none."""
        self.lays_this_turn = 0
        self.phase = "place"
        p = self.current_player
        assert p is not None
        n = self.num_players
        if self._legal_spot_list():
            for step in range(1, n + 1):
                q = (p + step) % n
                if self.hands[q]:
                    self.current_player = q
                    return
        self.phase = "over"
        self.current_player = None


def _unpickle(values: tuple[Any, ...]) -> KnightsState:
    state = object.__new__(_Draft)
    for name, value in zip(_FIELDS, values, strict=True):
        object.__setattr__(state, name, value)
    return state.seal()


_FIRST_IN_PHASE: dict[str, RefusalKind] = {
    "over": refusals.GAME_OVER,
    "keep": refusals.KEEP_FIRST,
    "deploy": refusals.DEPLOY_FIRST,
}

_STEP: dict[str | None, tuple[int, int]] = {
    None: (0, 0),
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
}


def _kind_rank(kind: str) -> int:
    return KIND_ORDER.get(kind, -1)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _names(players: int | list[str]) -> tuple[str, ...]:
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise ValueError("players must be a number (2-4) or a list of 2-4 names")
    if isinstance(players, int):
        names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        names = tuple(str(name) for name in players)
    if len(names) not in AREA_SIZE:
        raise ValueError(f"Robber Knights is for 2 to 4 players, not {len(names)}")
    return names


def new_game(players: int | list[str], seed: int) -> KnightsState:
    """A new game in phase ``keep``: hands hold the A tiles, piles are shuffled letter by letter
    (B on top, E at the bottom) with a generator seeded by ``seed``."""
    names = _names(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be an integer, got {seed!r}")
    rng = random.Random(seed)
    piles = []
    for _ in names:
        pile: list[Tile] = []
        for letter in PILE_LETTERS:
            tiles = [Tile(kind, letter) for kind in TILE_SET[letter]]
            rng.shuffle(tiles)
            pile.extend(tiles)
        piles.append(tuple(pile))
    hand = tuple(Tile(kind, "A") for kind in TILE_SET["A"])
    return KnightsState.build(
        players=names,
        seed=seed,
        phase="keep",
        current_player=0,
        lays_this_turn=0,
        pending=None,
        board={},
        hands=tuple(hand for _ in names),
        piles=tuple(piles),
        supply=tuple(KNIGHTS_PER_PLAYER for _ in names),
        kept=tuple(False for _ in names),
        start=(),
    )
