"""A game review's findings as values: what each decision cost, read and written as JSON.

The review (:mod:`ai.review`) looks at the decisions of a finished or running game, one
:class:`ReviewedTurn` per decision: a whole turn in Robber Knights, one draw or play in
Räuber-Rommé. For each it estimates every seat's win chance after the move played and, for the
reviewed seats, the chance after the best move the search found. The difference is the
decision's cost. It is graded as chess sites grade moves by the win chance they lose (an
inaccuracy, a mistake, a blunder: :func:`grade_of`), and only when it is above
:data:`MISTAKE_FLOOR` and above :data:`NOISE_FACTOR` times its own standard error (the estimate
is a mean of random redeals), so luck is not called a mistake.

Every decision's ``chances`` share out the win among all seats: read one after another, they
are the game's one graph (:func:`chance_before` is the point before a decision), the same in
the window and on the command line. They are read off the position as every player sees it,
so every review of a game draws the same graph and none shows what a hand holds.

A review is stored in its save (``"review"``), so it is read like everything else from disk:
every field checked, anything wrong refused with a :class:`ValueError`. Pure: no pygame, no ai.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game.core import Action, JSONValue
from game.numbers import number_in
from game.registry import game_spec

# A cost is reported only above both: 5 points of win chance (less is no lesson a player can
# use) and 2.5 standard errors of the paired difference (a decision that cost nothing is then
# flagged by chance about once in 160, so a game of 15 reviewed turns shows a false mistake in
# under one game of ten).
MISTAKE_FLOOR = 0.05
NOISE_FACTOR = 2.5
# The grades by win chance lost, smallest first: each grade's floor (an inaccuracy's is
# MISTAKE_FLOOR). Lichess grades by about 5, 10 and 15 points; a review of a few hundred
# redeals is noisier than an engine, so the larger grades ask for more.
INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
GRADES: tuple[tuple[str, float], ...] = (
    (INACCURACY, MISTAKE_FLOOR),
    (MISTAKE, 0.10),
    (BLUNDER, 0.20),
)
MAX_TURNS = 5_000
MAX_SEATS = 6
MAX_ACTIONS = 40
# A turn that moved a chance less than this is no swing worth showing.
SWING_FLOOR = 0.05
# A review file keeps its chances to this many places (the words round what it keeps).
CHANCE_PLACES = 4
FORMAT_VERSION = 1


@dataclass(frozen=True)
class ReviewedTurn:
    """One decision of the game, as the review judged it.

    ``index`` is where its first move stands in the game's history (seat changes included)
    and ``moves`` how many history entries it spans. ``round`` counts rummy rounds from 1 (a
    knights game is round 1) and ``turn`` the deciding seat's turns in that round from 1.
    ``chances`` holds every seat's estimated chance after the move played, ``played`` is the
    deciding seat's share of it. ``best`` is the better move's actions when the search found
    one (else empty), with its chance ``best_chance``; ``noise`` is the standard error of
    ``best_chance - played``. ``points_played``/``points_best``: rummy hand points left.
    """

    index: int
    moves: int
    seat: int
    round: int
    turn: int
    chances: tuple[float, ...]
    played: float
    reviewed: bool
    best: tuple[Action, ...] = ()
    best_chance: float = 0.0
    noise: float = 0.0
    samples: int = 0
    points_played: int | None = None
    points_best: int | None = None

    @property
    def cost(self) -> float:
        """Win chance given away: 0 when the move played was the best found."""
        if not self.best:
            return 0.0
        return max(0.0, self.best_chance - self.played)

    @property
    def is_mistake(self) -> bool:
        """Graded at all: the better move is better beyond the estimate's noise."""
        return is_mistake(self.cost, self.noise)

    @property
    def grade(self) -> str | None:
        """:data:`INACCURACY`, :data:`MISTAKE`, :data:`BLUNDER`, or None (nothing to tell)."""
        return grade_of(self.cost, self.noise)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "index": self.index,
            "moves": self.moves,
            "seat": self.seat,
            "round": self.round,
            "turn": self.turn,
            "chances": [round(c, CHANCE_PLACES) for c in self.chances],
            "played": round(self.played, CHANCE_PLACES),
            "reviewed": self.reviewed,
            "samples": self.samples,
        }
        if self.best:
            data["best"] = [action.to_dict() for action in self.best]
            data["best_chance"] = round(self.best_chance, CHANCE_PLACES)
            data["noise"] = round(self.noise, CHANCE_PLACES)
        if self.points_played is not None:
            data["points_played"] = self.points_played
        if self.points_best is not None:
            data["points_best"] = self.points_best
        return data


def is_mistake(cost: float, noise: float) -> bool:
    """Is a cost of ``cost`` with standard error ``noise`` worth telling the player?"""
    return cost > MISTAKE_FLOOR and cost > NOISE_FACTOR * noise


def grade_of(cost: float, noise: float) -> str | None:
    """The grade of a decision that cost ``cost`` (standard error ``noise``): the largest
    whose floor it passes, once it passes the noise at all; None when it is no mistake."""
    if not is_mistake(cost, noise):
        return None
    found = GRADES[0][0]
    for name, floor in GRADES:
        if cost > floor:
            found = name
    return found


def chance_before(turns: Sequence[ReviewedTurn], turn: ReviewedTurn, seat: int) -> float:
    """``seat``'s chance just before ``turn``: the graph's point before it (the decision
    before it in the same round, whoever made it), or the equal share at the round's start."""
    previous = None
    for other in turns:
        if other.index >= turn.index:
            break
        if other.round == turn.round:
            previous = other
    if previous is None or len(previous.chances) != len(turn.chances):
        return 1.0 / max(1, len(turn.chances))
    return previous.chances[seat]


def swing(turns: Sequence[ReviewedTurn], turn: ReviewedTurn, seat: int) -> float:
    """How far ``turn`` moved ``seat``'s chance on the graph (negative: down)."""
    return turn.chances[seat] - chance_before(turns, turn, seat)


@dataclass(frozen=True)
class GameReview:
    """The findings for a game up to ``moves`` history entries (all of them when complete).

    ``seats`` are the seats whose decisions were searched for better moves; ``budget`` the
    seconds per reviewed decision it was made with. ``turns`` are in the game's order.
    """

    game: str
    budget: float
    seats: tuple[int, ...]
    moves: int
    turns: tuple[ReviewedTurn, ...]
    complete: bool
    # Chances read off the public position (every review since the graph became one frame);
    # False for a review stored before, whose chances are each decider's own view: it is made
    # again rather than shown or resumed.
    public_graph: bool = True

    def mistakes(self, seat: int, limit: int = 3) -> list[ReviewedTurn]:
        """The costliest decisions of ``seat`` that are graded, costliest first."""
        found = [t for t in self.turns if t.seat == seat and t.is_mistake]
        found.sort(key=lambda t: (-t.cost, t.index))
        return found[:limit]

    def swings(self, seat: int, limit: int = 3, least: float = SWING_FLOOR) -> list[ReviewedTurn]:
        """The decisions (anyone's) that moved ``seat``'s chance most, by at least ``least``,
        in the game's order."""
        found = [
            t
            for t in self.turns
            if seat < len(t.chances) and abs(swing(self.turns, t, seat)) >= least
        ]
        found.sort(key=lambda t: (-abs(swing(self.turns, t, seat)), t.index))
        return sorted(found[:limit], key=lambda t: t.index)

    def to_dict(self) -> dict[str, object]:
        return {
            "version": FORMAT_VERSION,
            "game": self.game,
            "budget": self.budget,
            "seats": list(self.seats),
            "moves": self.moves,
            "complete": self.complete,
            "graph": "public" if self.public_graph else "decider",
            "turns": [turn.to_dict() for turn in self.turns],
        }

    @classmethod
    def from_dict(cls, data: JSONValue) -> GameReview:
        """A review read from a file; ``ValueError`` with the reason for anything wrong."""
        return _read_review(data)


# ----- reading, untrusted -------------------------------------------------------------------

_REVIEW_FIELDS = {"version", "game", "budget", "seats", "moves", "complete", "turns"}
_REVIEW_OPTIONAL = {"graph"}
_TURN_FIELDS = {
    "index",
    "moves",
    "seat",
    "round",
    "turn",
    "chances",
    "played",
    "reviewed",
    "samples",
    "best",
    "best_chance",
    "noise",
    "points_played",
    "points_best",
}
_OPTIONAL_TURN_FIELDS = {"best", "best_chance", "noise", "points_played", "points_best"}
_REQUIRED_TURN_FIELDS = _TURN_FIELDS - _OPTIONAL_TURN_FIELDS


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"the review's {what} must be a whole number from {low} to {high}")
    return value


def _chance(value: object, what: str) -> float:
    return number_in(value, f"the review's {what}", 0.0, 1.0)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"the review's {what} must be true or false")
    return value


def _object(
    data: JSONValue, fields: set[str], required: set[str], what: str
) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        raise ValueError(f"the review's {what} must be a JSON object")
    unknown = set(data) - fields
    if unknown:
        raise ValueError(f"the review's {what} has an unknown field {sorted(unknown)[0]!r}")
    missing = required - set(data)
    if missing:
        raise ValueError(f"the review's {what} lacks {sorted(missing)[0]!r}")
    return data


def _read_turn(data: JSONValue, read_action: Callable[[JSONValue], Action]) -> ReviewedTurn:
    d = _object(data, _TURN_FIELDS, _REQUIRED_TURN_FIELDS, "turn")
    chances = d["chances"]
    if not isinstance(chances, list) or not 2 <= len(chances) <= MAX_SEATS:
        raise ValueError("the review's chances must list one number per seat")
    seat = _whole(d["seat"], "seat", 0, len(chances) - 1)
    best_data = d.get("best", [])
    if not isinstance(best_data, list) or len(best_data) > MAX_ACTIONS:
        raise ValueError("the review's better move must be a short list of moves")
    try:
        best = tuple(read_action(item) for item in best_data)
    except (ValueError, TypeError, KeyError) as error:
        raise ValueError(f"the review's better move can't be read: {error}") from None
    points = [
        None if value is None else _whole(value, name, 0, 10_000)
        for name, value in (
            ("hand points played", d.get("points_played")),
            ("hand points best", d.get("points_best")),
        )
    ]
    return ReviewedTurn(
        index=_whole(d["index"], "turn index", 0, 10**6),
        moves=_whole(d["moves"], "turn length", 1, MAX_ACTIONS),
        seat=seat,
        round=_whole(d["round"], "round", 1, 10**4),
        turn=_whole(d["turn"], "turn number", 1, 10**5),
        chances=tuple(_chance(c, "chance") for c in chances),
        played=_chance(d["played"], "chance played"),
        reviewed=_flag(d["reviewed"], "reviewed flag"),
        best=best,
        best_chance=_chance(d.get("best_chance", 0.0), "better chance"),
        noise=_chance(d.get("noise", 0.0), "noise"),
        samples=_whole(d["samples"], "samples", 0, 10**7),
        points_played=points[0],
        points_best=points[1],
    )


def _read_review(data: JSONValue) -> GameReview:
    d = _object(data, _REVIEW_FIELDS | _REVIEW_OPTIONAL, _REVIEW_FIELDS, "header")
    if d["version"] != FORMAT_VERSION or isinstance(d["version"], bool):
        raise ValueError(f"the review has version {d['version']!r}; this game reads version 1")
    game = d["game"]
    if not isinstance(game, str):
        raise ValueError("the review names no game")
    spec = game_spec(game)  # ValueError for a game we don't know
    budget = number_in(d["budget"], "the review's budget (seconds)", 0.0, 3600.0)
    seats_data = d["seats"]
    if not isinstance(seats_data, list) or len(seats_data) > MAX_SEATS:
        raise ValueError("the review's seats must be a short list of seat numbers")
    seats = tuple(_whole(s, "seat", 0, MAX_SEATS - 1) for s in seats_data)
    turns_data = d["turns"]
    if not isinstance(turns_data, list) or len(turns_data) > MAX_TURNS:
        raise ValueError(f"the review's turns must be a list of at most {MAX_TURNS}")
    turns = tuple(_read_turn(item, spec.action_from_dict) for item in turns_data)
    if any(b.index < a.index + a.moves for a, b in zip(turns, turns[1:], strict=False)):
        raise ValueError("the review's turns must follow each other in the game's order")
    moves = _whole(d["moves"], "number of moves", 0, 10**6)
    if turns and turns[-1].index + turns[-1].moves > moves:
        raise ValueError("the review's turns go beyond the moves it covers")
    graph = d.get("graph", "decider")  # a review stored before the field: the decider's view
    if graph not in ("public", "decider"):
        raise ValueError("the review's graph is neither 'public' nor 'decider'")
    return GameReview(
        game=game,
        budget=budget,
        seats=seats,
        moves=moves,
        turns=turns,
        complete=_flag(d["complete"], "complete flag"),
        public_graph=graph == "public",
    )


def review_covers(review: GameReview, seats: Sequence[int], moves: int) -> bool:
    """Does ``review`` answer for a game of ``moves`` history entries with ``seats`` reviewed?
    (A stored review is reused only then; otherwise the game is reviewed again.)"""
    return review.complete and review.moves == moves and set(seats) <= set(review.seats)
