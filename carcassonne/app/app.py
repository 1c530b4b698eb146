"""The window and the main loop: events → intents → the top scene; update; draw; flip.

This is the only place that reads pygame's event queue. Tests post pygame events
and call :meth:`App.frame` themselves (with a fixed ``dt``), so the same code path
runs headless and in a real window.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable
from typing import Any

import pygame

from .. import i18n
from ..tileset import standard_tiles
from .art.assets import Assets, app_icon
from .files.storage import SMALLEST_WINDOW, Settings, Storage
from .heap import release_free_memory
from .network.netplay import NetPlay
from .scene_stack import SceneStack
from .scene_table import SCENES
from .scenes.base import Scene
from .ui.intents import KEY, QUIT, RESIZE, Intent, IntentReader
from .ui.keymap import action_for
from .ui.sound import Sounds
from .ui.widgets import set_ui_percent
from .window import WindowKeeper, fit

MIN_SIZE = SMALLEST_WINDOW
MAX_SIZE = (7680, 4320)
FPS = 60
#: While nothing moves, the loop only looks for input this often (and draws nothing).
IDLE_FPS = 20


def fit_to_screen(size: tuple[int, int]) -> tuple[int, int]:
    """A window size asked for by hand (``--size``), kept between the minimum and the largest screen."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    (w, h), _ = fit(size, None, desktops)
    return max(MIN_SIZE[0], min(w, MAX_SIZE[0])), max(MIN_SIZE[1], min(h, MAX_SIZE[1]))


class App:
    """Owns the window, the settings, the data folder and the assets; the scenes on screen
    are its :class:`~carcassonne.app.scene_stack.SceneStack`, which it feeds input and draws."""

    def __init__(self, storage: Storage | None = None, size: tuple[int, int] | None = None,
                 settings: Settings | None = None) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        if sys.platform.startswith("linux"):
            # SDL's default on X11 copies each frame through OpenGL, which on machines
            # without a GPU driver (software GL) costs ~10 ms a frame at 1920x1080; the
            # plain shared-memory framebuffer costs under 1 ms. Players can override it.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        assert getattr(pygame, "IS_CE", False), "pygame-ce is required (plain pygame is installed)"
        pygame.init()
        self.storage = storage or Storage()
        self.storage.sweep()
        self.settings = settings or self.storage.load_settings()
        i18n.set_language(self.settings.language or i18n.system_language())
        if size:
            self.settings.window_size = fit_to_screen(size)
            self.settings.fullscreen = False
        pygame.display.set_caption("Carcassonne")
        icon = app_icon()
        if icon is not None:
            pygame.display.set_icon(icon)
        self.window = WindowKeeper(self.storage.config_root)
        self.screen = self._open_window()
        self.tiles = standard_tiles()
        self.assets = Assets(self.tiles)
        self.assets.use_pieces(self.settings.pieces)
        set_ui_percent(self.settings.ui_scale)
        self.sounds = Sounds(self.settings.sound)
        #: Network games: the server this copy hosts once a game is opened to the network, the seats kept.
        self.net = NetPlay(self.tiles, self.storage.root)
        self.reader = IntentReader()
        self.clock = pygame.time.Clock()
        #: The scenes on screen; scenes move between screens by name through the app.
        self.stack = SceneStack(self, SCENES, on_leave=release_free_memory)
        self.running = True
        #: Frame-rate cap; 0 runs uncapped (tests, smoke runs).
        self.fps = FPS
        #: What the window shows was drawn for this scene stack and size (see :meth:`frame`).
        self._shown: tuple[object, ...] | None = None
        #: Called after each frame's draw, before flip (screenshots, benchmarks).
        self.after_draw: Callable[[pygame.Surface], None] | None = None
        try:
            pygame.key.set_repeat(300, 40)
        except pygame.error:
            pass

    # ---------------------------------------------------------------- window
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        w, h = self.settings.window_size
        return self.window.open((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])))

    def apply_window_settings(self) -> None:
        """Re-open the window after fullscreen or size changed; every scene lays out again."""
        self.screen = self._open_window()
        self._relayout()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.storage.save_settings(self.settings)
        self.apply_window_settings()

    def _resize(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        w, h = min(w, MAX_SIZE[0]), min(h, MAX_SIZE[1])
        if (w, h) != self.size:
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        if not self.settings.fullscreen:
            self.settings.window_size = (w, h)
        self._relayout()

    def _relayout(self) -> None:
        for scene in self.scenes:
            scene.layout(self.size)

    def look_changed(self) -> None:
        """The size of text and panels or the set of pieces changed (Settings): every scene lays
        out again and draws its pieces anew."""
        set_ui_percent(self.settings.ui_scale)
        self.assets.use_pieces(self.settings.pieces)
        self._relayout()

    def language_changed(self) -> None:
        """Every scene, the ones under Settings too, lays out again: what is worded or measured at
        layout (the side panel, the rules page, a message) is said in the new language at once."""
        self._relayout()

    # ---------------------------------------------------------------- scenes
    # What scenes call to move between screens: by name, through the stack.
    @property
    def scenes(self) -> list[Scene]:
        return self.stack.scenes

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def push_scene(self, name: str, **options: Any) -> Scene:
        """Show the scene ``name`` over the current one (dialogs, help, settings)."""
        scene = self.stack.make(name, **options)
        self.stack.push(scene)
        return scene

    def replace_scene(self, name: str, **options: Any) -> Scene:
        """Go to the scene ``name``, leaving every scene shown now."""
        scene = self.stack.make(name, **options)
        self.stack.replace(scene)
        return scene

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self, scene: Scene | None = None) -> None:
        """Close the top scene (or ``scene`` if it is the top)."""
        self.stack.pop(scene)

    def replace(self, scene: Scene) -> None:
        """Leave every scene and show ``scene`` alone (going to another screen)."""
        self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ loop
    def dispatch(self, intent: Intent) -> None:
        if intent.kind == QUIT:
            self.quit()
            return
        if intent.kind == RESIZE:
            self._resize(intent.size)
            return
        top = self.top
        if intent.kind == KEY:
            intent = dataclasses.replace(intent, action=action_for(top.keymap if top else "", intent.key, intent.mod))
            if intent.action == "fullscreen":
                self.toggle_fullscreen()
                return
        if top is not None:
            top.handle(intent)

    def frame(self, dt: float | None = None) -> None:
        """One frame: read events, update the top scene, draw the visible scenes, flip.

        The screen is drawn again only when something happened (input, another scene, a
        resize) or the top scene says something moves (:meth:`Scene.animating`): waiting
        for a player costs next to nothing, and the loop then wakes only ``IDLE_FPS`` times a second."""
        idle = self._shown == self._stack() and not (self.top is not None and self.top.animating())
        elapsed = self.clock.tick(IDLE_FPS if idle and self.fps else self.fps) / 1000
        dt = min(elapsed, 0.1) if dt is None else dt
        events = pygame.event.get()
        if events:
            self._shown = None
        for event in events:
            self.window.observe(event)
            if event.type == pygame.WINDOWSIZECHANGED and not self.settings.fullscreen:
                if self.screen.get_size() != self.size or any(s.size != self.size for s in self.scenes):
                    self._relayout()
                continue
            intent = self.reader.read(event)
            if intent is not None:
                self.dispatch(intent)
                if not self.running:
                    return
        top = self.top
        if top is not None:
            top.update(dt)
        self._tell_storage_problem()
        if self._shown == self._stack() and not (top is not None and top.animating()) and self.after_draw is None:
            return
        self.draw()
        self._shown = self._stack()
        if self.after_draw is not None:
            self.after_draw(self.screen)
        pygame.display.flip()

    def _tell_storage_problem(self) -> None:
        """The first time the data folder cannot be written: say so once, and play on."""
        notice = self.storage.notice()
        if notice is not None:
            self.push_scene("message", title="Saving is not possible", text=notice)

    def _stack(self) -> tuple[object, ...]:
        """What is on screen: the scenes shown and the window's size."""
        return (self.stack.shown(), self.size)

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)

    def run(self) -> int:
        while self.running and self.scenes:
            self.frame()
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        self.stack.close_all()
        self.net.stop()
        self.storage.let_go()
        self.window.save(self.settings)
        self.storage.save_settings(self.settings)
