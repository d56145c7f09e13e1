"""Named saves: a list of saved games (name, date, game, players), a name field, and
Save / Load / Delete / Review / Retry. Opened from the pause menu (with the table to save) or
the main menu. Below the named saves, under a heading of their own, the finished games the game
kept by itself (``game.persist.kept``), with who won.

A save that won't load is listed with its problem and refused with a dialog; the game at the
table goes on untouched.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.persist import (
    KEPT_GAMES,
    SaveError,
    SaveInfo,
    delete_listed,
    kept_dir,
    load_game,
    named_save_exists,
    save_named,
    saves_dir,
)
from game.persist.atomic import describe_os_error
from game.persist.saves import SAVE_SUFFIX, read_info
from game.registry import GAMES
from game.ui import theme
from game.ui.overlays import Dialog, PauseOverlay, clicked_outside, dim
from game.ui.retry import retry_from_save
from game.ui.review.opening import review_save
from game.ui.saving import (
    ask_to_replace,
    game_in_progress,
    resume,
    same_game,
    saved_from_table,
    show_message,
)
from game.ui.scene import Scene
from game.ui.widgets import Button, TextEntry

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 40
NAME_CHARS = " -_'()"
# The screen's first frame waits this long for the list: a folder of ordinary saves shows at
# once, and large ones never hold up the window (they are read on a thread, row by row).
FIRST_WAIT = 0.05
# A save this large is read only after the screen's first frame: while its text is parsed the
# window's thread waits for the interpreter.
LARGE_SAVE = 1024 * 1024
# A short interpreter switch interval keeps frames smooth while a save is read (as for the
# computer players' threads).
SWITCH_INTERVAL = 0.001


def _save_files(folder: Path) -> list[tuple[Path, float, int]]:
    """The saves' files in ``folder``, times and sizes, newest first (as ``list_saves``
    orders them)."""
    found: list[tuple[Path, float, int]] = []
    try:
        paths = [p for p in folder.iterdir() if p.suffix == SAVE_SUFFIX]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SaveError(describe_os_error(error, folder / "x", doing="list")) from error
    for path in paths:
        try:
            if path.is_file():
                status = path.stat()
                found.append((path, status.st_mtime, status.st_size))
        except OSError:
            continue
    found.sort(key=lambda entry: (-entry[1], entry[0].stem.lower()))
    return found


class SaveListing:
    """The named saves, read on a daemon thread so the window never waits for a file: the
    names and dates first, then each save's game and players as it is read (a large save
    takes a while to check)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._infos: list[SaveInfo] = []
        self._unread: set[Path] = set()
        self._problem = ""
        self._listed = False  # the names are known
        self._cancelled = threading.Event()
        self._shown = threading.Event()  # the screen's first frame is drawn
        self._settled = threading.Event()  # all read, or waiting for the first frame
        self.version = 0  # grows with every change
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)
        self._thread = threading.Thread(target=self._run, name="save-list", daemon=True)
        self._thread.start()

    def wait(self, seconds: float) -> None:
        """Wait at most ``seconds`` for the list (large saves are not read before ``shown``)."""
        self._settled.wait(seconds)

    def shown(self) -> None:
        """The screen's first frame is drawn: large saves may be read now."""
        self._shown.set()

    def cancel(self) -> None:
        """Read no more files (the screen closed, or the list is read again)."""
        self._cancelled.set()
        self._shown.set()

    def snapshot(self) -> tuple[list[SaveInfo], set[Path], str, bool]:
        """The rows so far, the files not read yet, a problem with the folder, and whether
        the names are known."""
        with self._lock:
            return list(self._infos), set(self._unread), self._problem, self._listed

    def _run(self) -> None:
        try:
            self._read()
        finally:
            self._settled.set()

    def _read(self) -> None:
        try:
            named = _save_files(saves_dir())
        except SaveError as error:
            with self._lock:
                self._problem, self._listed = str(error), True
                self.version += 1
            return
        try:
            kept = _save_files(kept_dir())
        except SaveError as error:  # the named saves are listed all the same
            kept = []
            with self._lock:
                self._problem = str(error)
        files = named + kept
        with self._lock:
            self._infos = [
                SaveInfo(path.stem, path, time, None, (), kept=index >= len(named))
                for index, (path, time, _size) in enumerate(files)
            ]
            self._unread = {path for path, _time, _size in files}
            self._listed = True
            self.version += 1
        # The small ones first: a large save being checked holds up no other row.
        order = sorted(range(len(files)), key=lambda i: files[i][2])
        for index in order:
            path, modified, size = files[index]
            if size > LARGE_SAVE and not self._shown.is_set():
                self._settled.set()
                self._shown.wait()
            if self._cancelled.is_set():
                return
            info = read_info(path, modified, kept=index >= len(named))
            with self._lock:
                self._infos[index] = info
                self._unread.discard(path)
                self.version += 1


def game_title(game: str | None) -> str:
    spec = GAMES.get(game) if game is not None else None
    return _(spec.info.title) if spec is not None else _("damaged")


def row_name(info: SaveInfo) -> str:
    """The Name column: a named save's name; a kept game says who won it."""
    if not info.kept or info.problem:
        return info.name  # a damaged kept file by its name, to tell it apart
    if len(info.winners) > 1:  # a shared win, not a win of a team
        return _("Shared win: {names}").format(names=", ".join(info.winners))
    if info.winners:
        return _("Won by {names}").format(names=", ".join(info.winners))
    return _("Finished")


class SavesScene(Scene):
    """Save the table's game under a name, or load / delete a named save."""

    opaque = False
    name = "saves"

    def __init__(self, app: App, table: Any | None = None) -> None:
        super().__init__(app)
        self.table = table  # None: opened from the menu (load only)
        self.saves: list[SaveInfo] = []
        self.selected: int | None = None
        self.first = 0
        self.entry_text = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.problem = ""
        self.unread: set[Path] = set()  # listed saves not read yet
        self.listed = False  # the names are known
        self.listing: SaveListing | None = None
        self._seen_version = -1
        self._choose_newest = table is None  # loading: the newest save is ready for Enter
        self.refresh()

    # -- data --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the list again, on a thread (see :class:`SaveListing`)."""
        if self.listing is not None:
            self.listing.cancel()
        self.listing = SaveListing()
        self._seen_version = -1
        self.listing.wait(FIRST_WAIT)
        self.take_listing()

    def take_listing(self) -> None:
        """What the listing has read since the last frame (never waits)."""
        listing = self.listing
        if listing is None or listing.version == self._seen_version:
            return
        self._seen_version = listing.version
        chosen = self.chosen()
        self.saves, self.unread, self.problem, self.listed = listing.snapshot()
        if chosen is not None:  # the same save stays chosen
            paths = [info.path for info in self.saves]
            self.selected = paths.index(chosen.path) if chosen.path in paths else None
        if self.selected is not None and self.selected >= len(self.saves):
            self.selected = None
        if self._choose_newest and self.saves:
            self._choose_newest = False
            self.selected, self.entry_text = 0, self.saves[0].name
        if self.widgets.widgets:
            self._sync()

    def reading(self) -> bool:
        """Does the list still show saves being read (or no names yet)?"""
        return not self.listed or bool(self.unread)

    def on_exit(self) -> None:
        if self.listing is not None:
            self.listing.cancel()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.take_listing()

    def select(self, index: int) -> None:
        if 0 <= index < len(self.saves):
            self.selected = index
            if not self.saves[index].kept:  # a kept game's file name is no name to save under
                self.entry_text = self.saves[index].name
            self.layout(self.size)

    def chosen(self) -> SaveInfo | None:
        return self.saves[self.selected] if self.selected is not None else None

    # -- commands ----------------------------------------------------------------------------
    def save(self) -> None:
        if self.table is None or not self.entry_text.strip():
            return
        name = " ".join(self.entry_text.split())
        try:
            # The very file the save would replace (as the file system names it), not a
            # lookalike in the list.
            exists = named_save_exists(name)
        except SaveError as error:
            show_message(self.app, _("Can't save"), str(error))
            return
        if exists:
            self.app.push(
                Dialog(
                    self.app,
                    _("Replace the save?"),
                    _("There is already a save called “{name}”.").format(name=name),
                    [(_("Replace"), self._write), (_("Cancel"), None)],
                )
            )
            return
        self._write()

    def _write(self) -> None:
        assert self.table is not None
        try:
            save_named(self.entry_text, saved_from_table(self.table))
        except SaveError as error:
            show_message(self.app, _("Can't save"), str(error))
            return
        self.app.pop(self)
        if isinstance(self.app.top, PauseOverlay):
            self.app.pop()  # saved: back to the game
        self.table.log.add(
            _("Saved as “{name}”.").format(name=" ".join(self.entry_text.split())), theme.GOOD
        )

    def load(self) -> None:
        info = self.chosen()
        if info is None:
            return
        try:
            saved = load_game(info.path)
        except SaveError as error:
            show_message(self.app, _("This save can't be loaded"), str(error))
            return
        in_progress = game_in_progress(self.table)
        if in_progress is None or same_game(in_progress, saved):
            self._open(saved)
            return
        message = _(
            "{game} with {players} is in progress. Loading “{name}” takes its place: save "
            "that game under a name first to keep it."
        ).format(
            game=game_title(in_progress.game),
            players=", ".join(in_progress.players),
            name=info.name,
        )
        ask_to_replace(self.app, message, _("Load"), lambda: self._open(saved))

    def _open(self, saved: Any) -> None:
        self.app.reset(self.app.make_scene("menu"))
        resume(self.app, saved)

    def review(self) -> None:
        info = self.chosen()
        if info is not None:
            review_save(self.app, info.path)

    def retry(self) -> None:
        """Play the chosen game again from its start: the same deal, the same draws to come."""
        info = self.chosen()
        if info is not None:
            retry_from_save(self.app, info.path, self.table)

    def delete(self) -> None:
        info = self.chosen()
        if info is None:
            return

        def really() -> None:
            try:
                delete_listed(info)
            except SaveError as error:
                show_message(self.app, _("Can't delete"), str(error))
            self.selected = None
            self.refresh()
            self.layout(self.size)

        self.app.push(
            Dialog(
                self.app,
                _("Delete the save?"),
                _("“{name}” will be gone for good.").format(name=info.name),
                [(_("Delete"), really), (_("Cancel"), None)],
            )
        )

    def _entry_changed(self, text: str) -> None:
        self.entry_text = text
        self._sync()

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.box = pygame.Rect(0, 0, min(860, size[0] - 40), min(620, size[1] - 40))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.widgets.clear()
        b = self.box
        bottom = b.bottom - 58
        self.list_area = pygame.Rect(b.x + 24, b.y + 70, b.w - 48, bottom - 70 - b.y - 64)
        if self.table is not None:
            entry = TextEntry(
                self.entry_text,
                self._entry_changed,
                pygame.Rect(b.x + 24, bottom - 52, b.w - 48 - 150, 40),
                ident="name",
                max_len=40,
                placeholder=_("name of the save"),
                allowed=lambda ch: ch.isalnum() or ch in NAME_CHARS,
                on_enter=self.save,  # Enter in the name field saves (elsewhere it loads)
            )
            self.widgets.add(entry)
            self.widgets.add(
                Button(
                    _("Save"),
                    self.save,
                    pygame.Rect(b.right - 24 - 136, bottom - 52, 136, 40),
                    ident="save",
                )
            )
        x = b.x + 24
        for label, callback, ident, key in (
            (_("Load"), self.load, "load", pygame.K_RETURN),
            (_("Delete"), self.delete, "delete", pygame.K_DELETE),
        ):
            self.widgets.add(Button(label, callback, pygame.Rect(x, bottom, 150, 42), key, ident))
            x += 162
        # With a name field to type in, a letter key is the name's: no shortcut then.
        review_key = pygame.K_v if self.table is None else None
        tip = (
            _("Review the chosen game, finished or not (V)")
            if review_key
            else _("Review the chosen game, finished or not")
        )
        self.widgets.add(
            Button(
                _("Review"),
                self.review,
                pygame.Rect(x, bottom, 150, 42),
                review_key,
                "review",
                tooltip=tip,
            )
        )
        x += 162
        retry_key = pygame.K_r if self.table is None else None
        tip = _("Play the chosen game again from its start: the same deal, the same draws")
        self.widgets.add(
            Button(
                _("Retry"),
                self.retry,
                pygame.Rect(x, bottom, 150, 42),
                retry_key,
                "retry",
                tooltip=tip + (" (R)" if retry_key else ""),
            )
        )
        self.widgets.add(
            Button(
                _("Close"),
                lambda: self.app.pop(self),
                pygame.Rect(b.right - 24 - 150, bottom, 150, 42),
                pygame.K_ESCAPE,
                ident="close",
            )
        )
        self._sync()

    def _sync(self) -> None:
        info = self.chosen()
        self.widgets.find("load").enabled = info is not None
        self.widgets.find("delete").enabled = info is not None
        self.widgets.find("review").enabled = info is not None and info.problem is None
        self.widgets.find("retry").enabled = info is not None and info.problem is None
        if self.table is not None:
            self.widgets.find("save").enabled = bool(self.entry_text.strip())

    def rows(self) -> int:
        return max(1, (self.list_area.h - 30) // ROW_H)

    def slots(self) -> list[int | str]:
        """The list's lines: the named saves (indexes into ``saves``), then, under a heading
        of their own, the finished games kept by themselves."""
        named = [i for i, info in enumerate(self.saves) if not info.kept]
        kept = [i for i, info in enumerate(self.saves) if info.kept]
        if not kept:
            return list(named)
        heading = _("Finished games (the last {count}, kept by themselves)").format(
            count=KEPT_GAMES
        )
        return [*named, heading, *kept]

    def slot_of(self, index: int) -> int:
        slots = self.slots()
        return slots.index(index) if index in slots else 0

    def row_rect(self, slot: int) -> pygame.Rect:
        top = self.list_area.y + 30 + (slot - self.first) * ROW_H
        return pygame.Rect(self.list_area.x, top, self.list_area.w, ROW_H - 4)

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event) or clicked_outside(self, event, self.box):
            return True
        slots = self.slots()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for slot in range(self.first, min(len(slots), self.first + self.rows())):
                line = slots[slot]
                if isinstance(line, int) and self.row_rect(slot).collidepoint(event.pos):
                    self.select(line)
                    return True
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(slots) - self.rows())
            self.first = max(0, min(most, self.first - event.y))
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            order = [line for line in slots if isinstance(line, int)]
            step = -1 if event.key == pygame.K_UP else 1
            here = order.index(self.selected) if self.selected in order else -1
            if order:
                self.select(order[max(0, min(len(order) - 1, here + step))])
            if self.selected is not None:
                slot = self.slot_of(self.selected)
                if slot - 1 >= 0 and isinstance(slots[slot - 1], str):
                    slot -= 1  # the heading above the first kept game comes into view too
                self.first = min(self.first, slot)
                self.first = max(self.first, self.slot_of(self.selected) - self.rows() + 1)
        return event.type in (
            pygame.KEYDOWN,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
            pygame.TEXTINPUT,
        )

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 170)
        theme.panel(surface, self.box)
        title = _("Save or load a game") if self.table is not None else _("Load a game")
        theme.blit_text(
            surface, title, (self.box.x + 24, self.box.y + 20), theme.FONT_LARGE, theme.ACCENT, True
        )
        area = self.list_area
        pygame.draw.rect(surface, theme.PANEL_DARK, area, border_radius=6)
        columns = (
            (area.x + 10, _("Name")),
            (area.x + int(area.w * 0.34), _("Game")),
            (area.x + int(area.w * 0.56), _("Saved")),
            (area.x + int(area.w * 0.76), _("Players")),
        )
        for x, heading in columns:
            theme.blit_text(
                surface, heading, (x, area.y + 6), theme.FONT_SMALL, theme.TEXT_DIM, True
            )
        if not self.saves:
            empty = self.problem or (
                _("No saved games yet.") if self.listed else _("Reading the saves…")
            )
            theme.blit_text(
                surface,
                empty,
                (area.centerx, area.centery),
                theme.FONT_BODY,
                theme.TEXT_DIM,
                anchor="center",
            )
        slots = self.slots()
        for slot in range(self.first, min(len(slots), self.first + self.rows())):
            line = slots[slot]
            row = self.row_rect(slot)
            if isinstance(line, str):
                pygame.draw.line(
                    surface, theme.PANEL_EDGE, (row.x, row.y + 2), (row.right, row.y + 2), 1
                )
                theme.blit_text(
                    surface, line, (row.x + 10, row.y + 11), theme.FONT_SMALL, theme.ACCENT, True
                )
                continue
            info = self.saves[line]
            if line == self.selected:
                pygame.draw.rect(surface, theme.BUTTON_ON, row, border_radius=5)
            # Red on the gold of the chosen row can't be read: the reason shows below it.
            damaged = info.problem is not None and line != self.selected
            ink = theme.BAD if damaged else theme.TEXT
            game = game_title(info.game)
            if info.path in self.unread:
                game = _("reading…")
            values = (row_name(info), game, info.modified_text, ", ".join(info.players))
            for (x, _heading), value in zip(columns, values, strict=True):
                theme.blit_text(surface, value, (x, row.y + 9), theme.FONT_SMALL + 2, ink)
        chosen = self.chosen()
        # The chosen save's problem, else one with the folder of the kept games.
        problem = chosen.problem if chosen is not None and chosen.problem else None
        if problem is None and self.saves and self.problem:
            problem = self.problem
        if problem:
            theme.blit_text(
                surface, problem[:110], (area.x, area.bottom + 6), theme.FONT_SMALL, theme.BAD
            )
        self.widgets.draw(surface)
        if self.listing is not None:
            self.listing.shown()
