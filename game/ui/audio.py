"""Game sounds: the synthesised sounds of ``game.sounds`` played through pygame's mixer.

Everything here fails soft: no audio device, no mixer, or sounds still being made means
silence, never an error. The sounds are synthesised once per process on a background thread,
so the first frame is not delayed.
"""

from __future__ import annotations

import threading
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
