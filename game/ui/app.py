"""The app: window, scene stack and main loop (``python -m game play`` is game.__main__).

Tests drive it headless without a loop of their own::

    app = App((1280, 800), headless=True)
    app.push(MenuScene(app))
    app.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    app.run_frames(3)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.i18n import _, set_language
from game.persist import BackgroundSaver, SaveError, Settings, save_settings
from game.play.ai_worker import warm_up
from game.ui import sprites, theme
from game.ui.audio import Audio
from game.ui.overlays import HelpOverlay
from game.ui.saving import report_problems, show_message
from game.ui.scene import Scene
from game.ui.scenes import make_scene

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
# A window dragged to a new size is remembered once the drag has settled this long (written
# then, so a disk that refuses is reported while the player is there to read it).
SETTINGS_SAVE_DELAY = 1.0
# What counts as somebody at the window (App.idle_seconds): keys, the mouse, the pointer coming
# in, the window getting the focus. Window and timer events alone keep nobody's attention.
INPUT_EVENTS = frozenset(
    {
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.MOUSEWHEEL,
        pygame.WINDOWENTER,
        pygame.WINDOWFOCUSGAINED,
    }
)


class App:
    """Owns the window and the scene stack; ``step(dt)`` runs one frame."""

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        headless: bool = False,
        pace: float = 0.6,
        sound: bool | None = None,
    ) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        if pygame.display.get_driver() == "x11":
            # Under X11, SDL draws the window's pixels through OpenGL by default: that loads the
            # GL driver (with Mesa's software GL, all of LLVM: about 90 MB) and uploads every
            # frame as a texture. This 2D game blits to a plain window surface; X11 shows it as
            # it is (XShm). A player's own SDL_FRAMEBUFFER_ACCELERATION wins.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.font.init()
        theme.forget_fonts()  # fonts from an earlier pygame session are no longer valid
        pygame.display.set_caption("Robbers' Den")
        self.headless = headless
        self.screen = pygame.display.set_mode(_clamp_size(size), pygame.RESIZABLE)
        self.scenes: list[Scene] = []
        self.running = True
        self.time = 0.0
        self.last_input = 0.0  # self.time at the latest input (INPUT_EVENTS)
        self.frames = 0
        self.pace = pace  # seconds per computer move animation; 0 = instant
        self.last_frame_ms = 0.0
        self.audio = Audio(enabled=not headless if sound is None else sound)
        # main() loads the player's settings; tests keep these (what the App was made with).
        self.settings = Settings(
            ai_pace=max(0.0, min(5.0, pace)),
            window_size=self.screen.get_size(),
            sound_on=self.audio.enabled,
        )
        # Every App starts from its own settings (English, marks on) until main() loads the
        # player's: a test that switched the language never leaks into the next App.
        set_language(self.settings.language)
        sprites.set_marks(self.settings.colour_blind_marks)
        self.saver: BackgroundSaver | None = None  # the autosave writer (game.ui.saving)
        self.keeper: BackgroundSaver | None = None  # the finished games' writer (likewise)
        self.save_problem: str | None = None  # a save failure to show the player
        self.shown_save_problems: set[str] = set()  # each shown once, not after every move
        self.settings_changed_at: float | None = None  # a window size not yet written
        if not headless:
            # The computer players' process (which also answers hints) starts while the player
            # is in the menu.
            warm_up()
        pygame.key.set_repeat(350, 40)
        if not headless:
            pygame.key.start_text_input()

    # -- the stack ---------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def make_scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene by name (see game.ui.scenes), not yet on the stack."""
        return make_scene(self, name, *args, **kwargs)

    def push(self, scene: Scene) -> Scene:
        scene.layout(self.size)
        self.scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        """Remove ``scene`` (default: the top one) and tell the uncovered top scene."""
        if not self.scenes:
            return
        target = scene if scene is not None else self.scenes[-1]
        if target not in self.scenes:
            return
        was_top = target is self.scenes[-1]
        self.scenes.remove(target)
        target.on_exit()
        if was_top and self.scenes:
            self.scenes[-1].on_enter()

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self.scenes:
            old = self.scenes.pop()
            old.on_exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack and start over with ``scene`` (e.g. back to the main menu)."""
        while self.scenes:
            self.scenes.pop().on_exit()
        return self.push(scene)

    def find_scene(self, kind: type[Scene]) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def quit(self) -> None:
        self.running = False

    # -- settings ----------------------------------------------------------------------------
    def apply_settings(self, settings: Settings, remember: bool = False) -> None:
        """Use ``settings`` now (language, window, sound, paces, table looks); with
        ``remember`` also write them to the settings file (a failure is shown, not raised)."""
        old = self.settings
        self.settings = settings
        self.pace = settings.ai_pace
        if settings.sound_on != self.audio.enabled:
            self.audio.set_enabled(settings.sound_on)
        set_language(settings.language)
        sprites.set_marks(settings.colour_blind_marks)
        if settings.fullscreen != old.fullscreen or settings.window_size != old.window_size:
            self.set_window(settings.window_size, settings.fullscreen)
        for scene in self.scenes:
            scene.settings_changed(settings)
            scene.layout(self.size)  # texts in the new language, sizes for the new window
        if remember:
            self.remember_settings()

    def remember_settings(self) -> bool:
        """Write the settings now; a failure is shown (each message once), not raised."""
        self.settings_changed_at = None
        try:
            save_settings(self.settings)
        except SaveError as error:
            message = str(error)
            if message not in self.shown_save_problems:
                self.shown_save_problems.add(message)
                show_message(self, _("Can't save the settings"), message)
            return False
        return True

    def change_settings(self, **changes: object) -> None:
        """The settings screen's one door: change, apply and remember."""
        self.apply_settings(self.settings.replace(**changes), remember=True)

    # -- window ------------------------------------------------------------------------------
    def set_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        if fullscreen:
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.screen = pygame.display.set_mode(_clamp_size(size), pygame.RESIZABLE)
        else:
            self.screen = pygame.display.set_mode(_clamp_size(size), pygame.RESIZABLE)
        for scene in self.scenes:
            scene.layout(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        size = _clamp_size(size)
        if self.screen.get_size() != size:
            flags = pygame.FULLSCREEN if self.settings.fullscreen else pygame.RESIZABLE
            self.screen = pygame.display.set_mode(size, flags)
        if not self.settings.fullscreen and self.size != self.settings.window_size:
            # A window dragged to a new size opens that size next time (written once the
            # drag has settled, and again on quitting).
            self.settings = self.settings.replace(window_size=self.size)
            self.settings_changed_at = self.time
        for scene in self.scenes:
            scene.layout(self.size)

    def screenshot(self, path: str) -> None:
        self.draw()
        directory = os.path.dirname(path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        pygame.image.save(self.screen, path)

    # -- frames ------------------------------------------------------------------------------
    def post(self, event: pygame.event.Event) -> None:
        """Queue a real pygame event; it is handled on the next ``step``."""
        pygame.event.post(event)

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.WINDOWRESIZED:
            self.resize((event.x, event.y))
            return
        for scene in reversed(self.scenes):
            if scene.handle(event):
                return
            if not scene.passthrough:
                break
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.toggle_help()

    def toggle_help(self) -> None:
        if self.scenes and isinstance(self.top, HelpOverlay):
            self.pop()
        else:
            self.push(self.make_scene("help", self.help_topic()))

    def help_topic(self) -> str:
        for scene in reversed(self.scenes):
            if scene.help_topic is not None:
                return scene.help_topic
        return "general"

    def step(self, dt: float, first: Sequence[pygame.event.Event] = ()) -> None:
        """One frame: ``first`` (events already taken from the queue), the queued events,
        then update and draw."""
        started = time.perf_counter()
        for event in [*first, *pygame.event.get()]:
            if event.type in INPUT_EVENTS:
                self.last_input = self.time
            self.dispatch(event)
            if not self.running:
                return
        self.time += dt
        self.frames += 1
        if self.save_problem is not None or self.saver is not None or self.keeper is not None:
            report_problems(self)
        changed = self.settings_changed_at
        if changed is not None and self.time - changed >= SETTINGS_SAVE_DELAY:
            self.remember_settings()
        if self.scenes:
            self.top.update(dt)
        self.draw()
        if not self.headless:
            pygame.display.flip()
        self.last_frame_ms = (time.perf_counter() - started) * 1000.0

    def draw(self) -> None:
        self.screen.fill(theme.BG)
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[max(first, 0) :]:
            scene.draw(self.screen)

    def run_frames(self, count: int, dt: float = 1 / 60) -> None:
        for _frame in range(count):
            if not self.running:
                return
            self.step(dt)

    def run_until(
        self, condition: Callable[[], bool], max_frames: int = 10000, dt: float = 1 / 60
    ) -> bool:
        """Step frames until ``condition()`` holds; False if it never did."""
        for _frame in range(max_frames):
            if condition():
                return True
            if not self.running:
                return False
            self.step(dt)
            if self.scenes and _ai_busy(self):
                time.sleep(0.001)  # let the worker thread run in tests
        return condition()

    def wants_frames(self) -> bool:
        """Full frame rate: the top scene is moving by itself (animation, drag, computer)."""
        return bool(self.scenes) and self.top.wants_frames()

    def idle_seconds(self) -> float:
        """Seconds of the app's clock since the latest input (keys, mouse, focus)."""
        return max(0.0, self.time - self.last_input)

    def idle_wait_ms(self) -> int:
        fps = self.top.idle_rate() if self.scenes else Scene.idle_fps
        return max(1, int(1000 / max(fps, 0.5)))

    def run(self, quit_after: float | None = None) -> None:
        """The real loop until the window closes (or ``quit_after``): 60 frames per second
        while something moves, otherwise asleep in ``pygame.event.wait`` until input arrives
        (handled at once) or the scene's idle frame is due."""
        clock = pygame.time.Clock()
        last = time.perf_counter()
        while self.running:
            first: list[pygame.event.Event] = []
            if self.wants_frames():
                clock.tick(60)
            else:
                event = pygame.event.wait(self.idle_wait_ms())
                if event.type != pygame.NOEVENT:
                    first.append(event)
            now = time.perf_counter()
            # Long idle waits count fully (timers such as a tooltip's delay stay true); a stall
            # while drawing at full rate is not made up as one jump.
            limit = 0.1 if self.wants_frames() else 1.0
            self.step(min(now - last, limit), first)
            last = now
            if quit_after is not None and self.time >= quit_after:
                break


def _ai_busy(app: App) -> bool:
    return app.top.ai_busy()


def _clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    return (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
