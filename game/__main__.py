"""``python -m game`` / ``robbers-den``: play (the default), ``match`` (the headless arena) or
``review FILE`` (a saved game's review, headless: :mod:`game.review_cli`) or ``deal CODE``
(a deal code's deal and fingerprint: :mod:`game.deal_cli`).

``play`` opens the window; ``play --continue`` goes on with the game in progress and
``play --load NAME`` with a named save. A file that is refused says why in the window and on
stderr and leaves the player at the menu (exit status 0). Every number on the command line is
finite and in range, otherwise argparse says so in one line (exit status 2).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game import __version__
from game.cli_args import SEED_RANGE, seconds, whole
from game.registry import GAME_KEYS

if TYPE_CHECKING:
    from game.ui.app import App

USAGE = """usage: robbers-den [play] [options]    open the game (see `robbers-den play --help`)
       robbers-den match [options]         AI-only games (see `robbers-den match --help`)
       robbers-den review FILE [--json] [--budget SECONDS] [--seats all]
                                           a saved game's costliest decisions
       robbers-den deal CODE [--show] [--json]
                                           a deal code's deal and its fingerprint
       robbers-den tutorial GAME [--demo] [options]
                                           a guided first game (see `tutorial --help`)
       robbers-den --version"""

MAX_QUIT_AFTER = 7 * 24 * 3600.0  # a week of seconds: anything longer is no time limit
MAX_PACE = 5.0  # the slowest computer pace the settings know
WINDOW_RANGE = (1, 10_000)


def parse_play_args(argv: Sequence[str], tutorial: bool = False) -> argparse.Namespace:
    if tutorial:
        parser = argparse.ArgumentParser(
            prog="robbers-den tutorial",
            description="A guided first game: the lesson of one game, step by step.",
        )
        parser.add_argument("lesson", choices=GAME_KEYS, help="the game to learn")
        parser.add_argument(
            "--demo", action="store_true", help="the lesson plays itself, then the program ends"
        )
        _window_options(parser)
        return _checked_size(parser, parser.parse_args(list(argv)))
    parser = argparse.ArgumentParser(
        prog="robbers-den play",
        description="Robber Knights and Räuber-Rommé at one screen, against computers or friends.",
    )
    parser.add_argument(
        "--game",
        choices=GAME_KEYS,
        default=None,
        help="game to open (skips the menu with --players)",
    )
    parser.add_argument(
        "--players",
        default=None,
        help="comma-separated seats: human, easy, medium, hard, expert (e.g. human,hard)",
    )
    parser.add_argument(
        "--seed", type=whole(*SEED_RANGE), default=None, help="seed for the deal (default: random)"
    )
    parser.add_argument("--autoplay", action="store_true", help="computers take every seat")
    start = parser.add_mutually_exclusive_group()
    start.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="go on with the game in progress (the menu's Continue)",
    )
    start.add_argument("--load", metavar="NAME", default=None, help="open the named save NAME")
    _window_options(parser)
    args = _checked_size(parser, parser.parse_args(list(argv)))
    if (args.resume or args.load is not None) and (args.players or args.autoplay):
        parser.error("--continue and --load open a saved game: no --players or --autoplay")
    return args


def _window_options(parser: argparse.ArgumentParser) -> None:
    """The options of every command that opens the window."""
    parser.add_argument(
        "--screenshot", metavar="PATH", default=None, help="save a screenshot when quitting"
    )
    parser.add_argument(
        "--quit-after",
        metavar="SECONDS",
        type=seconds(0.0, MAX_QUIT_AFTER),
        default=None,
        help="quit after this many seconds",
    )
    parser.add_argument(
        "--pace",
        metavar="SECONDS",
        type=seconds(0.0, MAX_PACE),
        default=None,
        help=f"seconds per computer move (0 = instant, at most {MAX_PACE:g})",
    )
    parser.add_argument("--size", metavar="WxH", default=None, help="window size, e.g. 1280x800")


def _checked_size(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """``--size`` as (width, height), or argparse's one-line error."""
    if args.size is not None:
        side = whole(*WINDOW_RANGE)
        try:
            w, h = (side(part) for part in args.size.lower().split("x"))
        except (ValueError, argparse.ArgumentTypeError):
            parser.error(
                f"--size must look like 1280x800 (each side 1 to {WINDOW_RANGE[1]}), "
                f"not {args.size[:40]!r}"
            )
        args.size = (w, h)
    return args


def _say(app: App, title: str, message: str) -> None:
    """A message in the window and on stderr."""
    from game.ui.saving import show_message

    print(f"robbers-den: {message}", file=sys.stderr)
    show_message(app, title, message)


def open_saved(app: App, resume: bool, name: str | None) -> None:
    """Open the game in progress or the save ``name`` at its table; a refusal is said in the
    window and on stderr, and the player stays at the menu."""
    from game.i18n import _
    from game.persist import SaveError, load_autosave, load_named
    from game.ui.saving import resume as open_at_table

    try:
        saved = load_autosave() if resume else load_named(name or "")
    except SaveError as error:
        title = _("The game can't be continued") if resume else _("This save can't be loaded")
        _say(app, title, str(error))
        return
    if saved is None:
        _say(app, _("Continue"), _("There is no game in progress to continue."))
        return
    open_at_table(app, saved)


def play(argv: Sequence[str], tutorial: bool = False) -> int:
    args = parse_play_args(argv, tutorial)
    if tutorial:
        from game.play.lesson import has_lesson

        if not has_lesson(args.lesson):
            print(f"robbers-den: {args.lesson} has no lesson yet", file=sys.stderr)
            return 1
    import pygame

    from game.i18n import _
    from game.persist import SaveError, data_dir, load_settings, save_settings, saves_dir
    from game.persist.atomic import remove_stale_temp_files
    from game.persist.filelock import hold_data_folder, release_data_folder
    from game.persist.jsonfile import take_problems
    from game.play.session import SeatError, Session, seats_from_spec
    from game.ui import theme
    from game.ui.app import App
    from game.ui.tables import open_table

    for folder in (data_dir(), saves_dir()):
        remove_stale_temp_files(folder)  # left by a game killed while it wrote
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    settings = load_settings()
    if args.size is not None:
        settings = settings.replace(window_size=args.size, fullscreen=False)
    if args.pace is not None:
        settings = settings.replace(ai_pace=args.pace)
    app = App(settings.window_size, headless=headless, pace=settings.ai_pace)
    app.apply_settings(settings)
    app.push(app.make_scene("menu"))
    if not hold_data_folder():
        _say(app, _("The game is open twice"), second_window_message(data_dir()))
    for problem in take_problems():
        _say(app, _("A file of the game can't be used"), problem)
    lesson = None
    if tutorial:
        from game.ui.lesson import start_lesson

        lesson = start_lesson(app, args.lesson, demo=args.demo)
    elif args.resume or args.load is not None:
        open_saved(app, args.resume, args.load)
    elif args.players is not None or args.autoplay or args.game is not None:
        game = args.game or GAME_KEYS[0]
        try:
            seats = seats_from_spec(game, args.players, autoplay=args.autoplay)
        except SeatError as error:
            print(f"robbers-den: {error}", file=sys.stderr)
            pygame.quit()
            theme.forget_fonts()
            return 2
        if args.players is not None or args.autoplay:
            open_table(app, Session(game, seats, args.seed))
        else:
            app.push(app.make_scene("setup", game))
    status = 0
    try:
        app.run(quit_after=args.quit_after)
        if lesson is not None and lesson.failure is not None:
            print(f"robbers-den: the lesson stopped: {lesson.failure}", file=sys.stderr)
            status = 1
        if args.screenshot:
            try:
                app.screenshot(args.screenshot)
            except (pygame.error, OSError, ValueError) as error:
                print(f"robbers-den: can't save the screenshot: {error}", file=sys.stderr)
                status = 1
    finally:
        # The last move and the settings reach the disk whatever happened above.
        for scene in list(app.scenes):
            with contextlib.suppress(Exception):
                scene.on_exit()
        if app.saver is not None:
            app.saver.close()
        if app.keeper is not None:
            app.keeper.close()
        if app.settings != settings:
            # e.g. the window size the player dragged it to (the window is gone: stderr)
            try:
                save_settings(app.settings)
            except SaveError as error:
                print(f"robbers-den: {error}", file=sys.stderr)
        release_data_folder()
        pygame.quit()
        theme.forget_fonts()
    return status


def second_window_message(folder: os.PathLike[str]) -> str:
    """What a second window on the same data folder tells the player: both keep their files
    safe (every file is written whole, the statistics under a lock), but there is one
    Continue, and the game moved last in either window takes it."""
    from game.i18n import _

    return _(
        "Another window of Robbers' Den uses the same folder ({folder}). Both can play, but "
        "Continue keeps only the game moved last in either window: save yours under a name "
        "(Esc, Save / Load) to keep it."
    ).format(folder=folder)


def main(argv: Sequence[str] | None = None) -> int:
    # In the standalone app (PyInstaller, `make dist`) the AI process and multiprocessing's
    # resource tracker are spawned as this same executable: they run their own code here and
    # exit. Elsewhere this does nothing.
    multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["--version"], ["-V"]):
        print(f"robbers-den {__version__}")
        return 0
    if args[:1] in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if args[:1] == ["match"]:
        # Imported lazily: the arena needs no pygame.
        from ai.arena import main as match_main

        return match_main(args[1:])
    if args[:1] == ["review"]:
        from game.review_cli import main as review_main  # no pygame on this path

        return review_main(args[1:])
    if args[:1] == ["deal"]:
        from game.deal_cli import main as deal_main  # no pygame on this path

        return deal_main(args[1:])
    if args[:1] == ["tutorial"]:
        return play(args[1:], tutorial=True)
    if args[:1] == ["play"]:
        args = args[1:]
    return play(args)


if __name__ == "__main__":
    sys.exit(main())
