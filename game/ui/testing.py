"""Driving the app with real pygame events, for tests and scripted screenshots.

app = headless_app()
click(app, app.top.widget("start").center)
press(app, pygame.K_RETURN)
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.ui.app import App


class QuickAgent:
    """A computer player that answers at once with any legal move (the real levels run in the
    AI process and take real time)."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions())


def headless_app(size: tuple[int, int] = (1280, 800), pace: float = 0.0) -> App:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return App(size, headless=True, pace=pace)


def wait_until(app: App, condition: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Step frames until ``condition()`` holds, for up to ``seconds`` of real time: answers from
    the AI process take real time (it may still be starting on a loaded machine), not frames."""
    deadline = time.monotonic() + seconds
    while not condition():
        if not app.running or time.monotonic() > deadline:
            return False
        app.step(1 / 60)
        time.sleep(0.001)
    return True


def move(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(frames)


def click(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    """Move there, press and release the left button, then run ``frames`` frames."""
    pos = (int(pos[0]), int(pos[1]))
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run_frames(frames)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move there in steps, release at ``end``: a real drag."""
    app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    app.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run_frames(1)
    for k in range(1, 5):
        x = start[0] + (end[0] - start[0]) * k // 4
        y = start[1] + (end[1] - start[1]) * k // 4
        app.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0)))
        app.run_frames(1)
    app.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.run_frames(1)


def press(app: App, key: int, mod: int = 0, frames: int = 1) -> None:
    app.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    app.run_frames(frames)


def type_text(app: App, text: str, frames: int = 1) -> None:
    """Type ``text`` as a keyboard does: each character's key goes down, then its text."""
    for char in text:
        app.post(
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_UNKNOWN, mod=0, unicode=char, scancode=0
            )
        )
        app.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.post(
            pygame.event.Event(pygame.KEYUP, key=pygame.K_UNKNOWN, mod=0, unicode=char, scancode=0)
        )
    app.run_frames(frames)


def press_letter(app: App, key: int, frames: int = 1) -> None:
    """A letter key as a keyboard gives it: key down, its text, key up, in one frame."""
    char = pygame.key.name(key)
    app.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
    app.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    app.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0))
    app.run_frames(frames)


def resize(app: App, size: tuple[int, int], frames: int = 1) -> None:
    app.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(frames)


def scroll(app: App, pos: tuple[int, int], dy: int, frames: int = 1) -> None:
    move(app, pos, 0)
    app.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)
        )
    )
    app.run_frames(frames)
