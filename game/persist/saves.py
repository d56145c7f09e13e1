"""Save files: the engine's JSON state plus the seat setup, written atomically, loaded warily.

A save file (JSON, never pickle)::

    {"format": "robbers-den-save", "version": 1, "game": a registered game's key,
     "seats": [{"name": "Ann", "kind": "human", "level": null, "colour": 0}, ...],
                                            # a computer "matched to me" adds "strength": 140
     "state": <the engine's to_dict()>,
     "history": [<action dicts>, ...],      # optional: the moves so far, for the log/replay
     "start": <a state>,                    # optional: where "history" starts (else move 1)
     "extra": {...},                        # optional: what the client wants back (JSON object)
     "review": <GameReview.to_dict()>}      # optional: the game review up to "moves" entries

Loading trusts nothing: size limit, UTF-8, JSON, format, version, seats, the engine's own
``from_dict`` and every history action; anything wrong raises :class:`SaveError` with a
sentence for the player. The one exception is the review (``game.review``): it is a cache of
findings that can be computed again, so a damaged one, or one that does not fit the game (another
game, turns beyond the history), never costs the game: the save loads without it, the reason is
in ``SavedGame.review_problem`` and among :func:`game.persist.jsonfile.take_problems`.
Saving first round-trips the file through that same loader, so a state that would not load back
is refused before it can replace the previous good save. :func:`store_review` adds a review to a
save file that still holds the game it was made for, and changes nothing else.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from game.core import LEVELS, Action, GameState, JSONValue
from game.registry import GAME_KEYS
from game.registry import GAMES as REGISTERED_GAMES
from game.review import GameReview
from game.seat_events import HistoryItem, SeatEvent, is_seat_event
from game.wording import _

from .atomic import SaveError, describe_os_error, read_text_limited, write_atomic
from .jsonfile import note_problem
from .jsontext import loads_untrusted
from .paths import autosave_path, kept_dir, saves_dir
from .state_checks import check_state
from .validate import (
    MAX_NAME,
    PALETTE_SIZE,
    SeatLike,
    json_problem,
    name_key,
    name_problem,
)

log = logging.getLogger(__name__)

FORMAT = "robbers-den-save"
VERSION = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024  # a long evening with its full history stays far below
MAX_HISTORY = 50_000
MAX_SEAT_NAME = MAX_NAME
MAX_COLOUR = PALETTE_SIZE - 1
MAX_SAVE_NAME = 40
GAMES = GAME_KEYS
KINDS = ("human", "computer")
FIELDS = {"format", "version", "game", "seats", "state", "history", "start", "extra", "review"}
SEAT_FIELDS = {"name", "kind", "level", "colour"}
# Written only for a computer "matched to me": its strength between the levels in hundredths
# (0 easy, 100 medium, 200 hard, 300 expert; a save holds no fractions), its "level" the named
# one at or below. Saves without it read as before.
OPTIONAL_SEAT_FIELDS = {"strength"}
SAVE_SUFFIX = ".json"


@dataclass(frozen=True)
class _Engine:
    state_from_dict: Callable[[JSONValue], GameState]
    action_from_dict: Callable[[JSONValue], HistoryItem]


def _history_reader(
    read_action: Callable[[JSONValue], Action],
) -> Callable[[JSONValue], HistoryItem]:
    """Reads one history item: a seat change, or a move of the game."""

    def read(data: JSONValue) -> HistoryItem:
        return SeatEvent.from_dict(data) if is_seat_event(data) else read_action(data)

    return read


_ENGINES: dict[str, _Engine] = {
    key: _Engine(spec.state_from_dict, _history_reader(spec.action_from_dict))
    for key, spec in REGISTERED_GAMES.items()
}


# ----- the values ---------------------------------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True)
class SeatRecord:
    """One seat as saved: a human, or a computer of ``level``; ``colour`` indexes the palette."""

    name: str
    kind: str
    level: str | None = None
    colour: int = 0
    strength: float | None = None

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @classmethod
    def from_seat(cls, seat: SeatLike) -> SeatRecord:
        """From anything shaped like ``game.play.session.Seat`` (name, human, level, colour)."""
        human = bool(seat.human)
        return cls(
            name=str(seat.name),
            kind="human" if human else "computer",
            level=None if human else str(seat.level),
            colour=int(seat.colour),
            strength=None if human else getattr(seat, "strength", None),
        )

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "colour": self.colour,
        }
        if self.strength is not None:
            data["strength"] = round(self.strength * 100)
        return data

    @classmethod
    def from_dict(cls, data: JSONValue, index: int) -> SeatRecord:
        number = index + 1
        if not isinstance(data, dict):
            raise SaveError(
                _("Damaged save: seat {number} is not a seat description.").format(number=number)
            )
        missing = SEAT_FIELDS - set(data)
        unknown = set(data) - SEAT_FIELDS - OPTIONAL_SEAT_FIELDS
        if missing:
            raise SaveError(
                _("Damaged save: seat {number} lacks {fields}.").format(
                    number=number, fields=", ".join(sorted(missing))
                )
            )
        if unknown:
            raise SaveError(
                _("Damaged save: seat {number} has unknown fields {fields}.").format(
                    number=number, fields=", ".join(sorted(unknown))
                )
            )
        name, kind, level, colour = data["name"], data["kind"], data["level"], data["colour"]
        if name_problem(name) is not None:
            raise SaveError(
                _("Damaged save: seat {number} needs a name of 1 to {most} letters.").format(
                    number=number, most=MAX_SEAT_NAME
                )
            )
        if kind not in KINDS:
            raise SaveError(
                _("Damaged save: seat {number} must be a human or a computer.").format(
                    number=number
                )
            )
        if kind == "computer" and level not in LEVELS:
            raise SaveError(
                _("Damaged save: seat {number} has no known level ({levels}).").format(
                    number=number, levels=", ".join(LEVELS)
                )
            )
        if kind == "human" and level is not None and level not in LEVELS:
            raise SaveError(
                _("Damaged save: seat {number} has an unknown level.").format(number=number)
            )
        if type(colour) is not int or not 0 <= colour <= MAX_COLOUR:
            raise SaveError(
                _("Damaged save: seat {number} has no valid colour.").format(number=number)
            )
        strength = _strength(data.get("strength"), kind, level, number)
        return cls(name, kind, level, colour, strength)


def _strength(value: JSONValue, kind: str, level: object, number: int) -> float | None:
    """A computer seat's strength between the levels, agreeing with its level; SaveError."""
    if value is None:
        return None
    top = (len(LEVELS) - 1) * 100
    strength = value / 100 if type(value) is int and 0 <= value <= top else None
    if strength is None or kind != "computer" or level != LEVELS[min(int(strength), 3)]:
        raise SaveError(
            _("Damaged save: seat {number} has no valid strength.").format(number=number)
        )
    return strength


@dataclass(frozen=True)
class SavedGame:
    """A game as saved: which game, who sits where, the engine state, and optional extras.

    ``history`` holds the engine's action values (oldest first), played from ``start`` (None:
    from the game's first position); ``extra`` any JSON object the client wants back (e.g. the
    a table's score sheet per round, log lines). ``review`` is the game review stored with it
    (up to ``review.moves`` history entries); ``review_problem`` says why a stored review was
    dropped on loading (damaged, or not of this game).
    """

    game: str
    seats: tuple[SeatRecord, ...]
    state: GameState
    history: tuple[HistoryItem, ...] = ()
    extra: Mapping[str, object] = field(default_factory=dict)
    start: GameState | None = None
    review: GameReview | None = None
    review_problem: str | None = field(default=None, compare=False)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seats": [seat.to_dict() for seat in self.seats],
            "state": self.state.to_dict(),
            "history": [action.to_dict() for action in self.history],
            **({} if self.start is None else {"start": self.start.to_dict()}),
            "extra": dict(self.extra),
            **({} if self.review is None else {"review": self.review.to_dict()}),
        }


def saved_game(
    game: str,
    seats: Iterable[SeatRecord | SeatLike],
    state: GameState,
    history: Iterable[HistoryItem] = (),
    extra: Mapping[str, object] | None = None,
    start: GameState | None = None,
) -> SavedGame:
    """A SavedGame from client seats (``Seat`` objects or SeatRecords) and engine values;
    ``history`` was played from ``start`` (None: from the game's first position)."""
    records = tuple(s if isinstance(s, SeatRecord) else SeatRecord.from_seat(s) for s in seats)
    return SavedGame(game, records, state, tuple(history), dict(extra or {}), start)


# ----- reading ------------------------------------------------------------------------------


def _parse_json(text: str) -> JSONValue:
    # NaN and too-deep values become markers the checks refuse where they stand: in the
    # review they cost only the review.
    try:
        return loads_untrusted(text)
    except (ValueError, RecursionError) as error:
        raise SaveError(_("This is not a saved game: the file is damaged or cut short.")) from error


def parse_game(text: str) -> SavedGame:
    """A SavedGame from the text of a save file; SaveError (with a reason) if anything is off."""
    return game_from_dict(_parse_json(text))


def game_from_dict(data: JSONValue, parse_history: bool = True) -> SavedGame:
    """A SavedGame from the parsed JSON of a save file; SaveError if anything is off.
    (``parse_history=False`` leaves the history out: saving checks it its own, faster way.)"""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("This is not a Robbers' Den saved game."))
    # The review holds fractions (win chances); its own reader checks every value of it.
    problem = json_problem({key: value for key, value in data.items() if key != "review"})
    if problem is not None:
        raise SaveError(_("Damaged save: {problem}.").format(problem=problem))
    if type(data.get("version")) is not int or data.get("version") != VERSION:
        message = _(
            "This save was written by another version of the game "
            "(save version {found!r}, this game reads {version})."
        )
        raise SaveError(message.format(found=data.get("version"), version=VERSION))
    unknown = set(data) - FIELDS
    if unknown:
        raise SaveError(
            _("Damaged save: unknown fields {fields}.").format(fields=", ".join(sorted(unknown)))
        )
    game = data.get("game")
    if not isinstance(game, str) or game not in _ENGINES:
        raise SaveError(
            _("Damaged save: unknown game {game!r} (the games are {games}).").format(
                game=game, games=", ".join(_ENGINES)
            )
        )
    engine = _ENGINES[game]
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise SaveError(_("Damaged save: the seats are missing."))
    seats = tuple(SeatRecord.from_dict(raw, i) for i, raw in enumerate(raw_seats))
    _check_seats_differ(seats)
    if "state" not in data:
        raise SaveError(_("Damaged save: the game position is missing."))
    state = _engine_call(engine.state_from_dict, data["state"], _("the game position"))
    if state.num_players != len(seats):
        message = _("Damaged save: {seats} seats for a game of {players} players.")
        raise SaveError(message.format(seats=len(seats), players=state.num_players))
    problem = check_state(game, state)
    if problem is not None:
        raise SaveError(_("Damaged save: {problem}.").format(problem=problem))
    start = None
    if data.get("start") is not None:
        start = _engine_call(engine.state_from_dict, data["start"], _("the start of the history"))
        problem = check_state(game, start)  # (a player may have joined since: then no replay)
        if problem is not None:
            raise SaveError(_("Damaged save: {problem}.").format(problem=problem))
    raw_history = data.get("history", [])
    history = _history(engine, raw_history) if parse_history else ()
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise SaveError(_("Damaged save: 'extra' must be a JSON object."))
    review, review_problem = None, None
    if "review" in data:
        moves = len(raw_history) if isinstance(raw_history, list) else 0
        try:
            review = review_for(data["review"], game, moves)
        except ValueError as error:
            review_problem = str(error)
    return SavedGame(game, seats, state, history, extra, start, review, review_problem)


def review_for(data: JSONValue, game: str, moves: int) -> GameReview:
    """The stored review ``data`` of a save of ``game`` with ``moves`` history entries;
    ValueError with the reason when it is damaged or not of this game."""
    try:
        review = GameReview.from_dict(data)
    except ValueError as error:
        raise ValueError(_("its review is damaged: {error}").format(error=error)) from None
    except (
        TypeError,
        KeyError,
        IndexError,
        AttributeError,
        RecursionError,
        ArithmeticError,
    ) as error:
        # The reader promises ValueError; a review must never cost the game even if it slips.
        message = _("its review is damaged ({error})").format(error=type(error).__name__)
        raise ValueError(message) from None
    if review.game != game:
        raise ValueError(_("its review is of another game ({game})").format(game=review.game))
    if review.moves > moves or any(t.index + t.moves > moves for t in review.turns):
        raise ValueError(_("its review goes beyond the moves of the game"))
    return review


def _check_seats_differ(seats: tuple[SeatRecord, ...]) -> None:
    """Two seats may share neither a name (as the setup screen compares them) nor a colour."""
    names = [name_key(seat.name) for seat in seats]
    if len(set(names)) != len(names):
        raise SaveError(_("Damaged save: two seats have the same name."))
    colours = [seat.colour for seat in seats]
    if len(set(colours)) != len(colours):
        raise SaveError(_("Damaged save: two seats have the same colour."))


def _engine_call(parse: Callable[[JSONValue], T], value: JSONValue, what: str) -> T:
    try:
        return parse(value)
    except ValueError as error:
        raise SaveError(
            _("Damaged save: {what} is invalid: {error}.").format(what=what, error=error)
        ) from error
    except (RecursionError, TypeError, KeyError, IndexError, AttributeError) as error:
        # The engines promise ValueError; a save must never crash the game even if they slip.
        raise SaveError(
            _("Damaged save: {what} is invalid ({error}).").format(
                what=what, error=type(error).__name__
            )
        ) from error


def _history(engine: _Engine, raw: JSONValue) -> tuple[HistoryItem, ...]:
    if not isinstance(raw, list):
        raise SaveError(_("Damaged save: the move history must be a list."))
    if len(raw) > MAX_HISTORY:
        raise SaveError(
            _("Damaged save: the move history is longer than {most} moves.").format(
                most=MAX_HISTORY
            )
        )
    return tuple(
        _engine_call(
            engine.action_from_dict, item, _("move {number} of the history").format(number=i + 1)
        )
        for i, item in enumerate(raw)
    )


def load_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read and validate the save at ``path``; raises SaveError with a reason for the player.
    A stored review that can't be used is left out and said so (see the module doc)."""
    saved = parse_game(read_text_limited(path, MAX_SAVE_BYTES))
    if saved.review_problem is not None:
        note_problem(_review_dropped(Path(path), saved.review_problem))
    return saved


def _review_dropped(path: Path, problem: str) -> str:
    return _("The game in {name} loads without its review: {problem}.").format(
        name=path.name, problem=problem
    )


# ----- writing ------------------------------------------------------------------------------


def dumps_game(saved: SavedGame) -> str:
    """The file text for ``saved``, proven to load back to the same state (else SaveError)."""
    if saved.game not in _ENGINES:
        raise SaveError(_("Can't save: unknown game {game!r}.").format(game=saved.game))
    try:
        data = saved.to_dict()
        _drop_unfit_review(data, saved)
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, AttributeError) as error:
        raise SaveError(
            _("Can't save: the game can't be written as JSON ({error}).").format(error=error)
        ) from error
    if len(text.encode("utf-8")) > MAX_SAVE_BYTES:
        raise SaveError(_("Can't save: the game has grown too large for a save file."))
    try:
        reloaded = game_from_dict(json.loads(text), parse_history=False)
        _check_history(_ENGINES[saved.game], saved.history)
    except SaveError as error:
        raise SaveError(
            _("Can't save: the game would not load back. {error}").format(error=error)
        ) from error
    if reloaded.state.to_dict() != data["state"]:
        raise SaveError(_("Can't save: the game position does not survive a reload."))
    if reloaded.start is not None and reloaded.start.to_dict() != data["start"]:
        raise SaveError(_("Can't save: the start of the history does not survive a reload."))
    return text


def _drop_unfit_review(data: dict[str, object], saved: SavedGame) -> None:
    """Leave out a review that would be dropped on loading: the game is saved all the same."""
    if "review" not in data:
        return
    try:
        review_for(data["review"], saved.game, len(saved.history))
    except ValueError as error:
        log.warning("the game is saved without its review: %s", error)
        del data["review"]


# Actions already proven to survive their dict form: the autosave after every turn re-checks
# only the new moves (a long history would otherwise make every save slow).
_ROUND_TRIPPED: dict[tuple[Callable[[JSONValue], HistoryItem], HistoryItem], None] = {}
_ROUND_TRIP_CACHE_SIZE = 2_000  # a move may hold a whole table: keep this small


def _check_history(engine: _Engine, history: tuple[HistoryItem, ...]) -> None:
    if len(history) > MAX_HISTORY:
        raise SaveError(_("the move history is longer than {most} moves.").format(most=MAX_HISTORY))
    for index, action in enumerate(history):
        key: tuple[Callable[[JSONValue], HistoryItem], HistoryItem] | None = (
            engine.action_from_dict,
            action,
        )
        try:
            if key in _ROUND_TRIPPED:
                continue
        except TypeError:  # not hashable: not an engine action; the check below says so
            key = None
        again = _engine_call(
            engine.action_from_dict,
            action.to_dict(),
            _("move {number} of the history").format(number=index + 1),
        )
        if again != action:
            raise SaveError(
                _("move {number} of the history changes when reloaded.").format(number=index + 1)
            )
        if key is not None:
            if len(_ROUND_TRIPPED) >= _ROUND_TRIP_CACHE_SIZE:
                _ROUND_TRIPPED.clear()
            _ROUND_TRIPPED[key] = None


def save_game(path: str | os.PathLike[str], saved: SavedGame) -> Path:
    """Validate, then atomically write ``saved`` to ``path``; the old file stays on failure."""
    text = dumps_game(saved)
    target = Path(path)
    write_atomic(target, text)
    return target


def store_review(
    path: str | os.PathLike[str], review: GameReview, made_for: SavedGame | None = None
) -> Path:
    """Write ``review`` into the save at ``path``, which must still hold the game it was made
    for: the same game with ``review.moves`` history entries (and, given ``made_for``, that
    game's very position and history). Everything else in the file stays as it was (the same
    JSON); the file is replaced atomically, and keeps its time (the Load list's "Saved" is the
    game's); a review stored already leaves the file untouched. SaveError with a sentence when
    it can't be."""
    target = Path(path)
    text = read_text_limited(target, MAX_SAVE_BYTES)
    data = _parse_json(text)
    current = game_from_dict(data)
    assert isinstance(data, dict)  # game_from_dict refuses anything else
    changed = _("Can't store the review: {name} no longer holds the game it was made for.")
    if current.game != review.game or len(current.history) != review.moves:
        raise SaveError(changed.format(name=target.name))
    if made_for is not None and (
        made_for.game != current.game
        or made_for.state.to_dict() != current.state.to_dict()
        or made_for.history != current.history
    ):
        raise SaveError(changed.format(name=target.name))
    if data.get("review") == review.to_dict():
        return target  # stored already: the file is left as it was
    data["review"] = review.to_dict()
    try:
        new_text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        message = _("Can't store the review: it can't be written as JSON ({error}).")
        raise SaveError(message.format(error=error)) from error
    if len(new_text.encode("utf-8")) > MAX_SAVE_BYTES:
        raise SaveError(_("Can't save: the game has grown too large for a save file."))
    stored = game_from_dict(json.loads(new_text), parse_history=False)
    if stored.review_problem is not None:
        message = _("Can't store the review: {problem}.")
        raise SaveError(message.format(problem=stored.review_problem))
    if read_text_limited(target, MAX_SAVE_BYTES) != text:  # saved again while we checked
        raise SaveError(changed.format(name=target.name))
    try:
        saved_at = target.stat()
    except OSError:
        saved_at = None
    write_atomic(target, new_text)
    if saved_at is not None:
        # The Load list's "Saved" is when the game was saved, not when it was reviewed.
        with contextlib.suppress(OSError):
            os.utime(target, ns=(saved_at.st_atime_ns, saved_at.st_mtime_ns))
    return target


# ----- the autosave ("Continue") ------------------------------------------------------------


def autosave(saved: SavedGame) -> Path:
    """Write the game in progress (call after every turn)."""
    return save_game(autosave_path(), saved)


def has_autosave() -> bool:
    return autosave_path().is_file()


def load_autosave() -> SavedGame | None:
    """The game to continue, None if there is none; SaveError if the file is damaged."""
    path = autosave_path()
    if not path.exists():
        return None
    return load_game(path)


def delete_autosave() -> None:
    """Forget the game in progress (e.g. when it has ended)."""
    _remove(autosave_path())


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        raise SaveError(describe_os_error(error, path, doing="delete")) from error


# ----- named saves --------------------------------------------------------------------------


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


@dataclass(frozen=True)
class SaveInfo:
    """A named save as listed in the Load screen; ``problem`` is set when it won't load."""

    name: str
    path: Path
    modified: float
    game: str | None
    players: tuple[str, ...]
    problem: str | None = None
    has_review: bool = False  # a usable game review is stored with it
    kept: bool = False  # a finished game the game kept by itself (``game.persist.kept``)
    winners: tuple[str, ...] = ()  # who won, when the save holds a finished game (or round)

    @property
    def modified_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def check_save_name(name: str) -> str:
    """The cleaned name if it can be a file name everywhere; SaveError explains otherwise."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise SaveError(_("Give the save a name."))
    if len(cleaned) > MAX_SAVE_NAME:
        raise SaveError(
            _("A save name can have at most {most} characters.").format(most=MAX_SAVE_NAME)
        )
    allowed = all(ch.isalnum() or ch in " -_'()" for ch in cleaned)
    if not allowed or cleaned.startswith("-"):
        raise SaveError(_("A save name may use letters, digits, spaces and - _ ' ( ) only."))
    return cleaned


def named_save_path(name: str) -> Path:
    return saves_dir() / (check_save_name(name) + SAVE_SUFFIX)


def named_save_exists(name: str) -> bool:
    """Whether saving under ``name`` would replace a file: asked of exactly the path the save
    will be written to, so the file system decides what counts as the same name (spaces
    collapsed as in the path; case folded where the file system folds it). SaveError for a
    name that can't be a save name."""
    return os.path.lexists(named_save_path(name))


def delete_listed(info: SaveInfo) -> None:
    """Delete a save that ``list_saves`` listed, whatever its file name (one written by hand
    may have a name the game would not give)."""
    folders = (saves_dir(), kept_dir())
    path = Path(info.path)
    if path.parent not in folders or path.suffix != SAVE_SUFFIX:
        raise SaveError(_("Can't delete the file: {path} is not a saved game.").format(path=path))
    _remove(path)


def save_named(name: str, saved: SavedGame) -> Path:
    """Save under ``name`` (replacing a save of that name)."""
    return save_game(named_save_path(name), saved)


def load_named(name: str) -> SavedGame:
    path = named_save_path(name)
    if not path.exists():
        message = _("There is no saved game called “{name}”.")
        raise SaveError(message.format(name=check_save_name(name)))
    return load_game(path)


def delete_named(name: str) -> None:
    _remove(named_save_path(name))


def list_saves() -> list[SaveInfo]:
    """Every named save, newest first; damaged ones are listed with their ``problem``."""
    return list_folder(saves_dir())


def list_folder(folder: Path, kept: bool = False) -> list[SaveInfo]:
    """The saves in ``folder``, newest first; damaged ones are listed with their ``problem``."""
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SAVE_SUFFIX and _is_file(p)]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(describe_os_error(error, folder / "x", doing="list")) from error
    infos = []
    for path in paths:
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        infos.append(read_info(path, modified, kept))
    infos.sort(key=lambda info: (-info.modified, info.name.lower()))
    return infos


def read_info(path: Path, modified: float, kept: bool = False) -> SaveInfo:
    """The Load list's row of the save at ``path`` (its ``problem`` when it won't load)."""
    try:
        saved = load_game(path)
    except SaveError as error:
        return SaveInfo(path.stem, path, modified, None, (), str(error), kept=kept)
    return SaveInfo(
        path.stem,
        path,
        modified,
        saved.game,
        saved.players,
        has_review=saved.review is not None,
        kept=kept,
        winners=winner_names(saved),
    )


def winner_names(saved: SavedGame) -> tuple[str, ...]:
    """Who won the saved game (rummy: round); nobody while it is still being played."""
    state = saved.state
    if not state.is_terminal:
        return ()
    try:
        returns = state.returns()
    except (ValueError, TypeError, IndexError, KeyError, ArithmeticError):
        return ()
    names = saved.players
    return tuple(names[i] for i, share in enumerate(returns) if share > 0 and i < len(names))
