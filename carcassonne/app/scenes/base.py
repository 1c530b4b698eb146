"""The scene lifecycle, and the dialog box that overlay scenes are drawn in.

Scenes reach each other only through the app, by name (``app.push_scene("rules")``);
the names are listed once, in :mod:`carcassonne.app.scenes`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...engine import Game
from ...engine.record import Seat
from ...i18n import N_, _
from ..board.board_view import BoardView
from ..board.camera import FIT_MOST_PX, Camera
from ..ui.intents import Intent
from ..ui.widgets import ACCENT, SCALE_AT_100, Widget, blit_text, draw_panel, ui_scale

if TYPE_CHECKING:
    from ..app import App
    from ..play.drag import Drag



def delete_twice(app: App, armed: Path | None, path: Path, forget: Callable[[Path], None]) -> Path | None:
    """A Delete button's click in a list of games: the first arms it (it then says "Sure?"),
    the second deletes the file and ``forget``'s it from the list. Returns the path now armed."""
    if armed != path:
        return path
    try:
        app.storage.delete_save(path)
    except (OSError, ValueError) as exc:
        app.push_scene("message", title=N_("Cannot delete this game"), text=str(exc))
        return None
    forget(path)
    return None

class Scene:
    """One screen. ``draw`` only reads state; everything that changes happens in
    ``handle`` (intents) and ``update`` (time)."""

    #: An opaque scene hides the scenes below it; overlays (dialogs) are not opaque.
    opaque = True
    #: Which screen of the keymap names this scene's keys (:mod:`carcassonne.app.ui.keymap`).
    keymap = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []
        self.u = 1.0
        self.size = app.size

    def enter(self) -> None:
        self.layout(self.app.size)

    def exit(self) -> None:
        pass

    def resume(self) -> None:
        """Back on top after an overlay closed."""
        if self.size != self.app.size:
            self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.u = ui_scale(size)

    def handle(self, intent: Intent) -> bool:
        for w in self.widgets:
            if w.visible and w.handle(intent):
                return True
        return False

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        """Whether the screen changes by itself now (the app draws it again every frame);
        False lets the app draw only after input. Scenes that never move by themselves say False."""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface, self.app.assets.fonts, self.u)


class FormScene(Scene):
    """A screen of fields and buttons (joining, watching, names, the leaderboard): Enter does
    its main action, if it has one, and Esc goes back."""

    def confirm(self) -> bool:
        """Enter: the screen's main action (False: it has none, the key is not used)."""
        return False

    def go_back(self) -> None:
        raise NotImplementedError

    def stack_fields(self, size: tuple[int, int], height: int, fields: list[Widget]) -> tuple[int, int, int, int]:
        """The form's box (980 by ``height`` units, centred) and its text fields one under
        another down its left side; returns where the next row would go (x, y), a row's
        height and a field's width."""
        u = self.u
        self.box = pygame.Rect(0, 0, min(int(980 * u), size[0] - 20), min(int(height * u), size[1] - 20))
        self.box.center = (size[0] // 2, size[1] // 2)
        x, y, rh, gap, fw = self.box.x + int(30 * u), self.box.y + int(110 * u), int(40 * u), int(34 * u), int(420 * u)
        for field in fields:
            field.rect = pygame.Rect(x, y, fw, rh)
            y += rh + gap
        return x, y, rh, fw

    def handle(self, intent: Intent) -> bool:
        if super().handle(intent):
            return True
        if intent.action == "confirm":
            return self.confirm()
        if intent.action == "back":
            self.go_back()
            return True
        return False

class Dialog(Scene):
    """A box over the scene below, which stays visible but gets no input."""

    opaque = False
    keymap = "dialog"
    title = ""
    box_size = (520, 300)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = self.box_size
        self.box = pygame.Rect(0, 0, int(w * self.u), int(h * self.u))
        self.box.center = (size[0] // 2, size[1] // 2)

    def animating(self) -> bool:
        return False

    def handle(self, intent: Intent) -> bool:
        if intent.action == "back":
            self.close()
            return True
        super().handle(intent)
        return True  # a dialog swallows everything

    def close(self) -> None:
        self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, self.u, alpha=255)  # opaque: the screen below must not show through the text
        if self.title:
            blit_text(surface, self.app.assets.fonts.get(int(30 * self.u), "title"), _(self.title),
                      (self.box.centerx, self.box.y + int(16 * self.u)), ACCENT, "midtop")
        super().draw(surface)


#: The keymap's pan actions: which way the board moves.
PAN = {"pan-left": (1, 0), "pan-right": (-1, 0), "pan-up": (0, 1), "pan-down": (0, -1)}


class BoardScene(Scene):
    """A screen around one board (Play, Replay): the :class:`BoardView`, and around it the top
    bar, the side panel with one card per player, and a bar along the board's bottom."""

    def __init__(self, app: App, seats: list[Seat], game: Game) -> None:
        super().__init__(app)
        self.seats = seats
        self.game = game
        self.board = BoardView(app.assets, game, [s.color for s in seats])
        #: Named areas of the screen: ``top``, ``panel``, ``board``, ``bar``, ``inner``, ``cards``, ...
        self.rects: dict[str, pygame.Rect] = {}
        self.card_rects: list[pygame.Rect] = []

    @property
    def camera(self) -> Camera:
        return self.board.camera

    def layout_board(self, panel_w: float, card_h: float, bar_h: float) -> int:
        """Lay out the top bar, the side panel (``panel_w`` wide, at the right) with one card
        per player at its top, and the board area left of it with a bar along its bottom
        (lengths in UI units); returns the y where the rest of the panel starts."""
        u = self.u
        w, h = self.size
        top_h, pad, gap = int(46 * u), int(10 * u), int(4 * u)
        pw, ch, n = int(panel_w * u), int(card_h * u), len(self.seats)
        panel = pygame.Rect(w - pw, top_h, pw, h - top_h)
        board = pygame.Rect(0, top_h, w - pw, h - top_h)
        inner = panel.inflate(-2 * pad, 0)
        bh = int(bar_h * u)
        self.rects.update(top=pygame.Rect(0, 0, w, top_h), panel=panel, board=board, inner=inner,
                          bar=pygame.Rect(board.x + pad, board.bottom - bh - pad, board.w - 2 * pad, bh),
                          cards=pygame.Rect(inner.x, panel.y + pad, inner.w, n * (ch + gap)))
        self.card_rects = [pygame.Rect(inner.x, panel.y + pad + i * (ch + gap), inner.w, ch) for i in range(n)]
        # a fitted board's largest tile grows with the text and panels (as large beside them at
        # 3840 x 2160 at 200 % as at 1920 x 1080 at 100 %)
        self.camera.most_px = max(FIT_MOST_PX, round(FIT_MOST_PX * u / SCALE_AT_100))
        self.board.set_area(board)
        return self.rects["cards"].bottom + pad

    def view_area(self) -> pygame.Rect:
        """The part of the board area the board really shows: above the bar along its bottom."""
        board = self.rects["board"]
        return pygame.Rect(board.x, board.y, board.w, max(1, self.rects["bar"].top - board.y))

    def view_box(self) -> tuple[int, int, int, int]:
        a = self.view_area()
        return a.x, a.y, a.w, a.h

    def fit_all(self) -> None:
        """Show the whole board as it is now (Home), above the bar."""
        self.board.fit([(x, y) for x, y, _ in self.game.placed_tiles()], area=self.view_area())

    def recentre(self) -> None:
        """What Home (or F) shows: the whole board."""
        self.fit_all()

    def camera_action(self, action: str) -> bool:
        """The keymap's camera actions (pan, zoom, recentre); False for any other action."""
        if action in PAN:
            dx, dy = PAN[action]
            step = max(40, self.camera.tile_px)
            self.camera.pan_pixels(dx * step, dy * step)
        elif action in ("zoom-in", "zoom-out"):
            self.camera.zoom(1 if action == "zoom-in" else -1)
        elif action == "recentre":
            self.recentre()
        else:
            return False
        return True

    @property
    def drag(self) -> Drag | None:
        """What the player carries over the board (a board a player only watches: nothing);
        while they do, the camera is theirs and no glide takes it."""
        return None

    def follow(self, x: int, y: int) -> None:
        """Keep the tile just placed at (x, y) in view."""
        if self.drag is None:
            self.camera.follow(x, y, self.view_box(), self.glide_time(0.3))

    def keep_in_view(self, x: int, y: int) -> None:
        """A tile another player laid at (x, y): the whole board in view while it fits, else the
        tile followed."""
        if self.drag is None:
            cells = [(cx, cy) for cx, cy, _ in self.game.placed_tiles()] + [(x, y)]
            self.camera.keep_in_view(cells, (x, y), self.view_box(), self.glide_time(0.5))

    def glide_time(self, seconds: float) -> float:
        """How long a camera glide of ``seconds`` at normal speed takes at the player's speed (0: at
        once, as with reduced motion)."""
        speed = self.app.settings.motion
        return seconds / speed if speed > 0 else 0.0
