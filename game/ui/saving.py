"""Never lose a game: the autosave after every move, Continue, and named saves for the tables.

A table calls :func:`autosave_table` after each move it applied; the app's
:class:`~game.persist.BackgroundSaver` writes it off the main thread (atomic, validated: a bad
game never replaces the last good save). :func:`report_problems` (called by the app each frame)
turns a failed write into a dialog while the game goes on. :func:`resume` opens a saved game at
its table with seats, AI levels, move log and (rummy) the score table restored.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.persist import (
    BackgroundSaver,
    SavedGame,
    SaveError,
    delete_autosave,
    replay_states,
    saved_game,
)
from game.persist.history import replayable_past
from game.persist.validate import MAX_TEXT
from game.ui.session import HistoryEntry, Seat, Session

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene


def saver(app: App) -> BackgroundSaver:
    """The app's one autosave writer (started on first use)."""
    existing: BackgroundSaver | None = getattr(app, "saver", None)
    if existing is None:
        existing = BackgroundSaver()
        app.saver = existing
    return existing


def table_extra(table: Any) -> dict[str, Any]:
    """What a table wants back besides the engine state (the rummy score table)."""
    rounds = getattr(table, "rounds", None)
    if not rounds:
        return {}
    return {
        "rounds": [
            {"number": r.number, "winner": r.winner, "penalties": dict(r.penalties)} for r in rounds
        ]
    }


def saved_from_table(table: Any) -> SavedGame:
    """The table's game as saved: the moves of the current round (or game) with the position
    they start from, so a save stays small however long the evening goes on."""
    session: Session = table.session
    start, actions = replayable_past(session.history, session.state)
    extra = table_extra(table)
    dropped = session.history[: len(session.history) - len(actions)]
    earlier = saved_log(table) + [[entry.seat, entry.text[:MAX_TEXT]] for entry in dropped]
    if earlier:
        # The earlier rounds' lines of the move log, as text (their moves are not kept).
        extra["log"] = earlier[-EARLIER_LOG_LINES:]
    return saved_game(session.game, session.seats, session.state, actions, extra, start)


EARLIER_LOG_LINES = 400  # of moves before the kept history, shown again after Continue


def saved_log(table: Any) -> list[list[Any]]:
    """The earlier log lines a table was restored with (kept on in its next saves)."""
    lines = getattr(table, "earlier_log", None)
    return list(lines) if isinstance(lines, list) else []


def autosave_table(table: Any) -> None:
    """Queue the table's game for the autosave (or forget it once a knights game is over)."""
    session: Session = table.session
    app: App = table.app
    if session.game == "knights" and session.state.is_terminal:
        writer = saver(app)
        writer.flush(2.0)
        try:
            delete_autosave()
        except SaveError as error:
            app.save_problem = str(error)
        return
    with contextlib.suppress(RuntimeError):  # a closed saver: the app is shutting down
        saver(app).submit(saved_from_table(table))


def report_problems(app: App) -> None:
    """Show a failed save as a dialog once; the game goes on underneath."""
    problem: str | None = getattr(app, "save_problem", None)
    app.save_problem = None
    writer: BackgroundSaver | None = getattr(app, "saver", None)
    if problem is None and writer is not None:
        problem = writer.take_error()
    if problem and problem not in app.shown_save_problems:
        app.shown_save_problems.add(problem)  # once each: a full disk must not nag every move
        show_message(app, _("Can't save"), problem)


def show_message(app: App, title: str, message: str) -> None:
    from game.ui.overlays import Dialog

    app.push(Dialog(app, title, message, [(_("OK"), None)]))


def _seat(record: Any) -> Seat:
    return Seat(record.name, record.human, record.level or "medium", record.colour)


def session_from_saved(saved: SavedGame) -> Session:
    """A session that goes on from ``saved``: same seats and levels, history and log rebuilt."""
    seats = [_seat(record) for record in saved.seats]
    states = replay_states(saved) if saved.history else None
    history: list[HistoryEntry] = []
    if states is not None:
        from game.movelog import describe

        names = list(saved.players)
        for before, action in zip(states, saved.history, strict=False):
            text = describe(saved.game, before, action, names)
            history.append(HistoryEntry(before.current_player, action, text, before))
    return Session.restore(saved.game, seats, saved.state, history)


def resume(app: App, saved: SavedGame) -> Scene:
    """Open ``saved`` at its table on top of the menu, exactly where it stopped."""
    from game.ui.tables import open_table

    session = session_from_saved(saved)
    table = open_table(app, session)
    restore_table(table, saved)
    return table


def restore_table(table: Any, saved: SavedGame) -> None:
    """Refill the table's log (and rummy score table) from the saved game."""
    from game.ui import theme

    log = getattr(table, "log", None)
    session: Session | None = getattr(table, "session", None)
    if log is None or session is None:
        return
    log.clear()
    earlier = saved.extra.get("log") if isinstance(saved.extra, dict) else None
    kept: list[list[Any]] = []
    for item in earlier if isinstance(earlier, list) else []:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
            continue  # a damaged line is left out
        seat = item[0] if type(item[0]) is int and 0 <= item[0] < len(session.seats) else None
        kept.append([seat, item[1]])
        colour = (
            theme.TEXT if seat is None else theme.mix(theme.TEXT, session.colour(seat).rgb, 0.35)
        )
        log.add(item[1], colour)
    table.earlier_log = kept[-EARLIER_LOG_LINES:]
    for entry in session.history:
        colour = theme.TEXT
        if entry.seat is not None and entry.seat < len(session.seats):
            colour = theme.mix(theme.TEXT, session.colour(entry.seat).rgb, 0.35)
        log.add(entry.text, colour)
    log.add(_("The game goes on where it stopped."), theme.TEXT_DIM)
    rounds = saved.extra.get("rounds") if isinstance(saved.extra, dict) else None
    if isinstance(rounds, list) and hasattr(table, "rounds"):
        from game.ui.rummy.results import RoundScore

        table.rounds.clear()
        for item in rounds:
            try:
                penalties = {str(k): int(v) for k, v in dict(item["penalties"]).items()}
                winner = item["winner"]
                table.rounds.append(
                    RoundScore(
                        int(item["number"]), None if winner is None else str(winner), penalties
                    )
                )
            except (KeyError, TypeError, ValueError):
                continue  # a damaged score line is left out; the game itself is fine
