"""Shared test setup: headless SDL before anything imports pygame, and a private data folder."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Saves, settings and statistics written by tests never touch the player's real data folder.
os.environ["ROBBERS_DEN_HOME"] = tempfile.mkdtemp(prefix="robbers-den-tests-")
