"""``python -m game`` / ``robbers-den``: play (the default) or ``match`` (the headless arena)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game import __version__

USAGE = """usage: robbers-den [play] [options]    open the game (see `robbers-den play --help`)
       robbers-den match [options]         AI-only games (see `robbers-den match --help`)
       robbers-den --version"""


def main(argv: Sequence[str] | None = None) -> int:
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
    if args[:1] == ["play"]:
        args = args[1:]
    from game.ui.app import main as play_main

    return play_main(args)


if __name__ == "__main__":
    sys.exit(main())
