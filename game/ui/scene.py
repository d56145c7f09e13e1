"""The scene protocol of the app's scene stack.

The app keeps a stack of scenes. Events go to the top scene first; a scene that does not use
an event lets it fall through to the scene below only if it is ``passthrough``. Only the top
scene gets ``update(dt)`` (so a pause or help overlay really pauses the table; an AI worker
thread keeps thinking and its answer is picked up on return). ``draw`` only reads state: it
never changes the game. Opaque scenes hide what is below; overlays (``opaque = False``) are
drawn over the scene beneath them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import WidgetGroup

if TYPE_CHECKING:
    from game.persist import Settings
    from game.ui.app import App
    from game.ui.replay import ReplayView


class Scene:
    """Base scene: a widget group, a layout hook for resizes, and the stack callbacks."""

    opaque = True  # False: the scene below is drawn first (dialogs, overlays)
    passthrough = False  # True: events this scene ignores go on to the scene below
    name = "scene"
    help_topic: str | None = None  # F1's topic here; None: the topic of the scene below
    # Frames per second while nothing moves by itself: enough for tooltips that appear after
    # a delay, a text cursor's blink and the "thinking..." dots; input wakes the app at once.
    idle_fps = 4.0

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets = WidgetGroup()
        self.size = app.size

    # -- lifecycle -------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``; called on push and on every resize."""
        self.size = size

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed or uncovered)."""

    def on_exit(self) -> None:
        """Called when the scene is removed from the stack."""

    # -- per frame -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return self.widgets.handle(event)

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.widgets.draw(surface)

    # -- what the app asks every scene ------------------------------------------------------
    def settings_changed(self, settings: Settings) -> None:
        """The player changed the settings (language, colours, ...): re-read what depends on
        them (``layout`` follows)."""

    def ai_busy(self) -> bool:
        """Is a computer player (or a search) of this scene working? The app keeps full frame
        rate while it is."""
        return False

    def wants_frames(self) -> bool:
        """Does this scene change by itself right now (an animation, a drag, a computer's
        turn)? The app then draws 60 frames a second, otherwise :meth:`idle_rate`."""
        return self.ai_busy()

    def idle_rate(self) -> float:
        """Frames per second while nothing moves by itself (``idle_fps``; the menu slows
        down when nobody has touched anything for a while)."""
        return self.idle_fps

    def replay_view(self, table: Scene) -> ReplayView | None:
        """The past turn this scene shows in ``table``'s place (only a replay does)."""
        return None

    # -- helpers for tests -----------------------------------------------------------------
    def widget(self, ident: str) -> pygame.Rect:
        """The rectangle of the widget called ``ident`` (tests click its centre)."""
        return self.widgets.find(ident).rect
