"""``robbers-den review FILE [--json] [--budget SECONDS] [--seats all]``: a saved game reviewed
headless, its costliest decisions printed as text or as one JSON object.

The save is read like every file (refused in one line, exit status 1), its history replayed to
the positions the review needs, and the decisions of the human seats (every seat with
``--seats all``, or when no seat is human) judged by :func:`ai.review.review_game`. A review
stored with the save that covers the request is printed as it is. Ctrl-C stops the search
soon: what was judged by then is printed, marked as not complete, with exit status 130.
Texts are in the language of the game's settings. No pygame on this path.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import TextIO

from game.cli_args import seconds
from game.core import GameState
from game.persist import SavedGame, SaveError, load_game, load_settings, replay_states
from game.registry import game_spec
from game.review import GameReview, ReviewedTurn, review_covers
from game.review_words import chance_text, decision_label, finding_text, swing_text
from game.seat_events import HistoryItem
from game.wording import _

MAX_BUDGET = 600.0  # seconds per decision: ten minutes is no longer a review anyone waits for
MISTAKES_SHOWN = 3
INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C


def parse_review_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="robbers-den review",
        description="Review a saved game: the win chances turn by turn and the costliest "
        "decisions, each with a better move.",
    )
    parser.add_argument("file", metavar="FILE", help="a saved game (a .json file)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--budget",
        metavar="SECONDS",
        type=seconds(0.0, MAX_BUDGET, low_open=True),
        default=None,
        help="search seconds per reviewed decision (default: the game's own)",
    )
    parser.add_argument(
        "--seats",
        choices=["all"],
        default=None,
        help="review every seat, not only the human players",
    )
    return parser.parse_args(list(argv))


@dataclass
class Outcome:
    """What the command found: the review and how it came about."""

    saved: SavedGame
    states: list[GameState]
    review: GameReview
    seats: tuple[int, ...]
    stored: bool
    seconds: float


def chosen_seats(saved: SavedGame, every_seat: bool) -> tuple[tuple[int, ...], bool]:
    """The seats to review, and whether all were taken because none is human."""
    everyone = tuple(range(len(saved.seats)))
    if every_seat:
        return everyone, False
    humans = tuple(i for i, seat in enumerate(saved.seats) if seat.human)
    return (humans, False) if humans else (everyone, True)


def stored_review(
    saved: SavedGame, seats: Sequence[int], budget: float | None
) -> GameReview | None:
    """The review kept in the save, if it answers this request (same moves, the seats, a
    budget at least the one asked for)."""
    review = getattr(saved, "review", None)  # SavedGame.review: see game.persist
    if not isinstance(review, GameReview) or review.game != saved.game:
        return None
    if not review_covers(review, seats, len(saved.history)):
        return None
    if budget is not None and review.budget < budget:
        return None
    return review


def _judged(
    game: str,
    states: Sequence[GameState],
    history: Sequence[HistoryItem],
    seats: Sequence[int],
    budget: float | None,
    stop: threading.Event,
) -> Iterator[ReviewedTurn]:
    from ai.review import review_game  # here: the search is only loaded when it runs

    for turn in review_game(game, states, history, seats, budget, stop=stop):
        if stop.is_set():
            return  # judged on the samples it had when stopped: not a finding
        yield turn


def run_review(
    saved: SavedGame,
    states: list[GameState],
    seats: tuple[int, ...],
    budget: float | None,
    stop: threading.Event,
    progress: TextIO | None,
) -> Outcome:
    """Review ``saved`` (or take its stored review); stops early, incomplete, once ``stop``
    is set."""
    started = time.perf_counter()
    stored = stored_review(saved, seats, budget)
    if stored is not None:
        from ai.review import fits_game

        if not fits_game(saved.game, states, saved.history, stored):
            stored = None  # not of this game as it stands (forged, or the game went on)
    if stored is not None:
        return Outcome(saved, states, stored, seats, True, time.perf_counter() - started)
    from ai.review import count_decisions, default_budget

    total = count_decisions(saved.game, states, saved.history)
    seconds_each = default_budget(saved.game) if budget is None else budget
    turns: list[ReviewedTurn] = []
    _show_progress(progress, 0, total)
    for turn in _judged(saved.game, states, saved.history, seats, budget, stop):
        turns.append(turn)
        _show_progress(progress, len(turns), total)
    if progress is not None:
        progress.write("\n")
        progress.flush()
    review = GameReview(
        game=saved.game,
        budget=seconds_each,
        seats=seats,
        moves=len(saved.history),
        turns=tuple(turns),
        complete=len(turns) == total and not stop.is_set(),
    )
    return Outcome(saved, states, review, seats, False, time.perf_counter() - started)


def _show_progress(stream: TextIO | None, done: int, total: int) -> None:
    if stream is None:
        return
    line = _("Reviewing: {done} of {total} decisions").format(done=done, total=total)
    stream.write("\r" + line)
    stream.flush()


def _mistakes(review: GameReview, seats: Sequence[int]) -> dict[int, list[ReviewedTurn]]:
    return {seat: review.mistakes(seat, MISTAKES_SHOWN) for seat in seats}


def _swings(review: GameReview, seats: Sequence[int]) -> dict[int, list[ReviewedTurn]]:
    """For each seat without a graded decision: the turns that moved his chance most."""
    found = _mistakes(review, seats)
    return {seat: review.swings(seat, MISTAKES_SHOWN) for seat in seats if not found[seat]}


def as_json(outcome: Outcome) -> dict[str, object]:
    """The JSON object ``review --json`` prints (see docs/contract.md)."""
    saved, review = outcome.saved, outcome.review
    named = len(outcome.seats) > 1
    position = {turn.index: i for i, turn in enumerate(review.turns)}
    turns = []
    for turn in review.turns:
        entry = turn.to_dict()
        entry["label"] = decision_label(saved.game, turn)
        entry["grade"] = turn.grade
        entry["text"] = finding_text(
            saved.game,
            outcome.states,
            saved.history,
            turn,
            saved.players,
            turns=review.turns,
            named=named,
        )
        turns.append(entry)
    mistakes = {
        str(seat): [position[turn.index] for turn in found]
        for seat, found in _mistakes(review, outcome.seats).items()
    }
    swings = {
        str(seat): [position[turn.index] for turn in found]
        for seat, found in _swings(review, outcome.seats).items()
    }
    return {
        "game": saved.game,
        "players": list(saved.players),
        "budget": review.budget,
        "seats": list(outcome.seats),
        "moves": review.moves,
        "complete": review.complete,
        "stored": outcome.stored,
        "turns": turns,
        "mistakes": mistakes,
        "swings": swings,
        "seconds": round(outcome.seconds, 3),
    }


def _player_line(saved: SavedGame) -> str:
    parts = []
    for seat in saved.seats:
        if seat.human:
            parts.append(_("{name} (human)").format(name=seat.name))
        else:
            parts.append(
                _("{name} (computer, {level})").format(
                    name=seat.name, level=_(seat.level) if seat.level else "?"
                )
            )
    return ", ".join(parts)


def as_text(outcome: Outcome, symbols: bool = True) -> str:
    """The findings for a reader: header, each reviewed seat's costliest decisions, and the
    chances turn by turn."""
    saved, review = outcome.saved, outcome.review
    game = saved.game
    names = saved.players
    named = len(outcome.seats) > 1
    lines = [
        _("Review of a game of {game}: {players}").format(
            game=_(game_spec(game).info.title), players=_player_line(saved)
        ),
        _("{decisions} decisions, {budget} s of search for each reviewed one").format(
            decisions=len(review.turns), budget=_decimal(review.budget)
        ),
    ]
    if outcome.stored:
        lines.append(_("(the review stored with the save)"))
    if not review.complete:
        lines.append(_("Not complete: the review was stopped before the end of the game."))
    swings = _swings(review, outcome.seats)
    for seat, found in _mistakes(review, outcome.seats).items():
        lines.append("")
        lines.append(_("{name}: the costliest decisions").format(name=names[seat]))
        if not found:
            lines.append("  " + _("no mistakes above the threshold"))
        for number, turn in enumerate(found, start=1):
            text = finding_text(
                game,
                outcome.states,
                saved.history,
                turn,
                names,
                turns=review.turns,
                named=named,
                symbols=symbols,
                graded=True,
            )
            lines.append(f"  {number}. {text}")
        if swings.get(seat):
            lines.append("  " + _("Where the chance swung most:"))
            for turn in swings[seat]:
                text = swing_text(
                    game,
                    outcome.states,
                    saved.history,
                    turn,
                    seat,
                    names,
                    turns=review.turns,
                    symbols=symbols,
                )
                lines.append(f"  - {text}")
    lines.append("")
    lines += chance_table(game, review, names, outcome.seats)
    return "\n".join(lines) + "\n"


def _decimal(number: float) -> str:
    """ "0.5" in English, "0,5" in German and Dutch."""
    from game.i18n import language

    text = f"{number:g}"
    return text.replace(".", ",") if language() in ("de", "nl") else text


def chance_table(
    game: str, review: GameReview, names: Sequence[str], seats: Sequence[int]
) -> list[str]:
    """Every seat's win chance after each decision (in a game of rounds: of winning the
    round), one row per decision, named by who made it: the points of the review window's
    graph. A "!" marks a graded decision of a reviewed seat."""
    if not review.turns:
        return []
    labels = [
        _("{label} · {name}").format(
            label=decision_label(game, turn),
            name=names[turn.seat] if turn.seat < len(names) else str(turn.seat + 1),
        )
        for turn in review.turns
    ]
    width = max(len(label) for label in labels)
    columns = [max(6, len(name)) for name in names]
    title = game_spec(game).words().chance_title()
    head = " " * (width + 2) + "  ".join(
        name.rjust(w) for name, w in zip(names, columns, strict=False)
    )
    lines = [title, head]
    for label, turn in zip(labels, review.turns, strict=True):
        chances = turn.chances
        cells = "  ".join(
            chance_text(chances[i]).rjust(w) if i < len(chances) else "".rjust(w)
            for i, w in enumerate(columns)
        )
        mark = " !" if turn.seat in seats and turn.is_mistake else ""
        lines.append(f"{label.ljust(width)}  {cells}{mark}")
    return lines


def _can_write(stream: TextIO, text: str) -> bool:
    try:
        text.encode(stream.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _write(stream: TextIO, text: str) -> None:
    """``text`` on ``stream``, characters its encoding lacks replaced (a plain console)."""
    encoding = stream.encoding or "utf-8"
    if not _can_write(stream, text):
        text = text.encode(encoding, "replace").decode(encoding, "replace")
    stream.write(text)
    stream.flush()


class _Interrupt:
    """Ctrl-C sets ``stop`` (the search ends soon and what was judged is printed); a second
    Ctrl-C stops at once."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop
        self.previous: Callable[[int, FrameType | None], object] | int | None = None

    def __enter__(self) -> _Interrupt:
        try:
            self.previous = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread: Ctrl-C is someone else's
            self.previous = None
        return self

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def main(argv: Sequence[str]) -> int:
    args = parse_review_args(argv)
    from game.i18n import set_language

    set_language(load_settings().language)
    try:
        saved = load_game(args.file)
    except SaveError as error:
        print(f"robbers-den: {error}", file=sys.stderr)
        return 1
    states = replay_states(saved)
    if states is None:
        message = _(
            "The save's move history does not lead to its position, so the game can't be reviewed."
        )
        print(f"robbers-den: {message}", file=sys.stderr)
        return 1
    seats, nobody_human = chosen_seats(saved, args.seats == "all")
    if nobody_human:
        print("robbers-den: " + _("No seat is human: every seat is reviewed."), file=sys.stderr)
    stop = threading.Event()
    progress = sys.stderr if sys.stderr.isatty() else None
    try:
        with _Interrupt(stop):
            outcome = run_review(saved, states, seats, args.budget, stop, progress)
    except KeyboardInterrupt:
        print("\nrobbers-den: " + _("The review was stopped."), file=sys.stderr)
        return INTERRUPTED
    if args.json:  # ASCII with escapes: any console takes it
        _write(sys.stdout, json.dumps(as_json(outcome)) + "\n")
    else:
        _write(sys.stdout, as_text(outcome, symbols=_can_write(sys.stdout, "♥→")))
    if stop.is_set():
        print("robbers-den: " + _("The review was stopped."), file=sys.stderr)
        return INTERRUPTED
    return 0
