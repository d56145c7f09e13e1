"""The standalone app's entry point (PyInstaller, `make dist`): the game's own ``main``.

The app ships the pure-Python rummy solver without numba: ``ROBBERS_DEN_NO_JIT`` is set before
anything imports the solver, and the spawned AI process (the same executable) inherits it.
"""

import multiprocessing
import os
import sys

if __name__ == "__main__":
    # A spawned child (the AI process, the resource tracker) runs its own code in
    # freeze_support (game.__main__.main calls it too, first thing) and exits.
    multiprocessing.freeze_support()
    os.environ.setdefault("ROBBERS_DEN_NO_JIT", "1")
    from game.__main__ import main

    sys.exit(main())
