"""Game sounds: the synthesised sounds of ``game.sounds`` played through pygame's mixer.

Everything here fails soft: no audio device, no mixer, or sounds still being made means
silence, never an error. The sounds are synthesised once per process on a background thread,
so the first frame is not delayed.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

import pygame

_sounds: dict[str, Any] = {}
_ready = threading.Event()
_started = threading.Lock()
_building = False


def _build() -> None:
    global _sounds
    try:
        from game.sounds import all_sounds

        _sounds = {name: pygame.sndarray.make_sound(data) for name, data in all_sounds().items()}
    except Exception:  # an unsupported mixer format: play nothing rather than fail
        _sounds = {}
    _ready.set()


def _start_building() -> None:
    global _building
    with _started:
        if _building:
            return
        _building = True
    threading.Thread(target=_build, name="sounds", daemon=True).start()


@contextlib.contextmanager
def _quiet_sound_library() -> Iterator[None]:
    """Keep the sound library's own complaints off stderr while the mixer opens.

    On a machine without a sound card, SDL's ALSA backend makes libasound print "ALSA lib ...
    cannot find card '0'" and the like straight to file descriptor 2: noise for a player, since
    no sound is what the game expects there. Those lines are dropped; anything else written in
    that moment is passed on.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no usable stderr: nothing to keep quiet
        yield
        return
    with tempfile.TemporaryFile() as caught:
        try:
            os.dup2(caught.fileno(), 2)
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            kept = [
                line
                for line in caught.read().splitlines(keepends=True)
                if not line.startswith(b"ALSA lib ")
            ]
            if kept:
                with contextlib.suppress(OSError):
                    os.write(2, b"".join(kept))


class Audio:
    """``play(name)`` for "lay_tile", "deal", "win", "click", ... while ``enabled``."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        if enabled:
            self._open()

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                with _quiet_sound_library():
                    pygame.mixer.init(44100, -16, 2)
        except pygame.error:
            return
        self.available = True
        _start_building()

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        if on and not self.available:
            self._open()

    @property
    def ready(self) -> bool:
        return _ready.is_set()

    def play(self, name: str) -> bool:
        """Play ``name`` if sound is on and ready; True if it started."""
        if not (self.enabled and self.available and _ready.is_set()):
            return False
        sound = _sounds.get(name)
        if sound is None:
            return False
        sound.play()
        return True
