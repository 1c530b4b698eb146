"""The Replay viewer: a recorded game on the board, stepped forwards and backwards.

Left/Right (or the buttons) step a turn, PageUp/PageDown ten, Home/End jump to the
start or the end; the slider under the board goes to any turn. The panel shows the
players' scores at that point, what the turn did and its score events in words.
The board is the Play scene's: the same camera, sprites and grid (drag to pan,
wheel or +/- to zoom, F to fit). Also: the Replays dialog that lists the records
to watch and takes a typed path.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...engine import CarcassonneError
from ..aidview import Aids
from ..assets import PLAYER_RGB
from ..camera import Camera
from ..intents import KEY, MOTION, PRESS, RELEASE, WHEEL, Intent
from ..replay import Replay
from ..sprites import LAYERS, BoardFollower, BoardTile, CellMark
from ..widgets import ACCENT, INK, INK_DIM, PANEL, Button, TextField, blit_text, draw_panel, wrap
from .base import Scene
from .dialogs import Dialog, MessageDialog
from .play import draw_grid

if TYPE_CHECKING:
    from ..app import App


def open_replay(app: "App", path: Path) -> str | None:
    """Show the replay of ``path``; returns a one-line reason if the file cannot be used."""
    try:
        replay = Replay.load(Path(path), app.tiles)
    except CarcassonneError as exc:
        return f"{Path(path).name}: {exc}"
    except OSError as exc:
        return f"{Path(path).name}: {exc.strerror or exc}"
    app.replace(ReplayScene(app, replay))
    return None


class ReplayScene(Scene):
    def __init__(self, app: "App", replay: Replay) -> None:
        super().__init__(app)
        self.replay = replay
        self.game = replay.game
        self.seats = replay.seats
        self.camera = Camera((0, 0, 100, 100))
        self.sprites = pygame.sprite.LayeredUpdates()
        self.aids = Aids(self.game)
        self.rects: dict[str, pygame.Rect] = {}
        self.card_rects: list[pygame.Rect] = []
        self.pan_from: tuple[int, int] | None = None
        self.sliding = False
        self._shown_step = -1
        self.buttons = {
            "first": Button("Start", lambda: self.go(0), hint="Home"),
            "back": Button("Prev", lambda: self.go(self.replay.step - 1), hint="←"),
            "next": Button("Next", lambda: self.go(self.replay.step + 1), hint="→", primary=True),
            "last": Button("End", lambda: self.go(self.replay.last), hint="End"),
            "close": Button("Close", self.close, hint="Esc"),
        }
        self.widgets = list(self.buttons.values())

    # ------------------------------------------------------------ layout
    def enter(self) -> None:
        super().enter()
        self.camera.fit(*self.replay.bounds)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        top_h, panel_w, pad = int(46 * u), int(360 * u), int(10 * u)
        self.rects["top"] = pygame.Rect(0, 0, w, top_h)
        self.rects["panel"] = pygame.Rect(w - panel_w, top_h, panel_w, h - top_h)
        board = pygame.Rect(0, top_h, w - panel_w, h - top_h)
        self.rects["board"] = board
        centre = (self.camera.cx, self.camera.cy)
        self.camera.view = tuple(board)  # type: ignore[assignment]
        self.camera.cx, self.camera.cy = centre
        sh = int(44 * u)
        self.rects["slider"] = pygame.Rect(board.x + pad, board.bottom - sh - pad, board.w - 2 * pad, sh)
        panel = self.rects["panel"]
        inner = panel.inflate(-2 * pad, 0)
        n = len(self.seats)
        card_h = int((50 if n <= 4 else 40) * u)
        y = panel.y + pad
        self.card_rects = [pygame.Rect(inner.x, y + i * (card_h + int(4 * u)), inner.w, card_h) for i in range(n)]
        y += n * (card_h + int(4 * u)) + pad
        bh = int(38 * u)
        quarter = (inner.w - 3 * int(6 * u)) // 4
        for i, name in enumerate(("first", "back", "next", "last")):
            self.buttons[name].rect = pygame.Rect(inner.x + i * (quarter + int(6 * u)), y, quarter, bh)
        self.rects["text"] = pygame.Rect(inner.x, y + bh + pad, inner.w, panel.bottom - y - bh - 2 * pad)
        tw = int(110 * u)
        self.buttons["close"].rect = pygame.Rect(w - pad - tw, int(6 * u), tw, top_h - int(12 * u))
        self._shown_step = -1

    # ----------------------------------------------------------- actions
    def go(self, step: int) -> None:
        self.replay.go(step)

    def close(self) -> None:
        from .title import TitleScene
        self.app.replace(TitleScene(self.app))

    def _slider_step(self, x: int) -> int:
        r = self.rects["slider"].inflate(-int(40 * self.u), 0)
        t = (x - r.x) / max(1, r.w)
        return round(max(0.0, min(1.0, t)) * self.replay.last)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == MOTION:
            for b in self.widgets:
                b.handle(intent)
            if self.sliding:
                self.go(self._slider_step(intent.pos[0]))
            elif self.pan_from is not None:
                self.camera.pan_pixels(intent.pos[0] - self.pan_from[0], intent.pos[1] - self.pan_from[1])
                self.pan_from = intent.pos
            return True
        if intent.kind == RELEASE:
            self.sliding = False
            self.pan_from = None
        if super().handle(intent):
            return True
        if intent.kind == PRESS and intent.button in (1, 2):
            if intent.button == 1 and self.rects["slider"].collidepoint(intent.pos):
                self.sliding = True
                self.go(self._slider_step(intent.pos[0]))
            elif self.rects["board"].collidepoint(intent.pos):
                self.pan_from = intent.pos
            return True
        if intent.kind == WHEEL:
            if self.rects["board"].collidepoint(intent.pos):
                self.camera.zoom(intent.dy, intent.pos)
            else:
                self.go(self.replay.step - intent.dy)
            return True
        if intent.kind == KEY:
            return self._on_key(intent)
        return False

    def _on_key(self, intent: Intent) -> bool:
        k, r = intent.key, self.replay
        steps = {pygame.K_RIGHT: r.step + 1, pygame.K_LEFT: r.step - 1, pygame.K_PAGEDOWN: r.step + 10,
                 pygame.K_PAGEUP: r.step - 10, pygame.K_HOME: 0, pygame.K_END: r.last,
                 pygame.K_SPACE: r.step + 1, pygame.K_BACKSPACE: r.step - 1}
        if k in steps:
            self.go(steps[k])
        elif k == pygame.K_ESCAPE:
            self.close()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(-1)
        elif k == pygame.K_f:
            self.camera.fit(*self.replay.bounds)
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.app.assets.tiles.refine(3)

    # -------------------------------------------------------------- draw
    def _sync_sprites(self) -> None:
        """Rebuild the board when the step changed (tiles, followers, this turn's marks)."""
        if self._shown_step == self.replay.step:
            return
        self._shown_step = self.replay.step
        self.sprites.empty()
        assets = self.app.assets
        for x, y, o in self.game.placed_tiles():
            self.sprites.add(BoardTile(x, y, o, assets), layer=LAYERS["board"])
        for ev in self.replay.events():
            for x, y in ev.tiles:
                self.sprites.add(CellMark(x, y, (255, 220, 120, 70)), layer=LAYERS["highlights"])
        move = self.replay.last_move()
        if move is not None:
            self.sprites.add(CellMark(move.x, move.y, (255, 214, 90, 235), frame=5), layer=LAYERS["marks"])
        for f in self.game.followers_on_board():
            o = self.game.tile_at(f.x, f.y)
            if o is not None:
                self.sprites.add(BoardFollower(f.x, f.y, o, f.spot, self.seats[f.player].color, assets),
                                 layer=LAYERS["meeples"])

    def draw(self, surface: pygame.Surface) -> None:
        r = self.replay
        self.buttons["first"].enabled = self.buttons["back"].enabled = r.step > 0
        self.buttons["next"].enabled = self.buttons["last"].enabled = r.step < r.last
        surface.fill((52, 62, 48))
        board = self.rects["board"]
        self._sync_sprites()
        for s in self.sprites.sprites():
            s.sync(self.camera)  # type: ignore[attr-defined]
        surface.set_clip(board)
        draw_grid(surface, self.camera, board)
        self.sprites.draw(surface)
        surface.set_clip(None)
        self._draw_slider(surface)
        self._draw_top(surface)
        self._draw_panel(surface)
        super().draw(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        u = self.u
        top = self.rects["top"]
        pygame.draw.rect(surface, (30, 27, 22), top)
        pygame.draw.line(surface, (120, 100, 70), top.bottomleft, top.bottomright, max(1, int(2 * u)))
        fonts = self.app.assets.fonts
        x = blit_text(surface, fonts.get(int(24 * u), "title"), "Replay", (int(14 * u), top.centery), ACCENT,
                      "midleft").right
        r = self.replay
        step = "final scoring" if r.is_final else f"turn {r.step} of {len(r.turns)}"
        blit_text(surface, fonts.get(int(18 * u), "bold"), f"{r.name} · {step}", (x + int(20 * u), top.centery),
                  INK, "midleft")
        blit_text(surface, fonts.get(int(13 * u)), "← → step · Home/End · drag to pan · wheel to zoom",
                  (self.buttons["close"].rect.x - int(14 * u), top.centery), INK_DIM, "midright")

    def _draw_slider(self, surface: pygame.Surface) -> None:
        u = self.u
        r = self.rects["slider"]
        draw_panel(surface, r, u, (40, 36, 30), 220)
        inner = r.inflate(-int(40 * u), 0)
        y = r.centery + int(6 * u)
        pygame.draw.line(surface, (110, 96, 70), (inner.x, y), (inner.right, y), max(2, int(4 * u)))
        last = max(1, self.replay.last)
        font = self.app.assets.fonts.get(int(11 * u))
        for v in range(0, last + 1, 10):
            x = inner.x + inner.w * v / last
            pygame.draw.line(surface, (150, 130, 90), (x, y - int(5 * u)), (x, y + int(5 * u)), 1)
            blit_text(surface, font, str(v), (x, r.y + int(3 * u)), INK_DIM, "midtop")
        x = inner.x + inner.w * self.replay.step / last
        pygame.draw.circle(surface, ACCENT, (round(x), y), max(6, int(9 * u)))
        pygame.draw.circle(surface, (30, 27, 22), (round(x), y), max(6, int(9 * u)), max(1, int(2 * u)))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        u = self.u
        fonts = self.app.assets.fonts
        panel = self.rects["panel"]
        pygame.draw.rect(surface, PANEL, panel)
        pygame.draw.line(surface, (120, 100, 70), panel.topleft, panel.bottomleft, max(1, int(2 * u)))
        name_font = fonts.get(int(17 * u), "bold")
        small = fonts.get(int(13 * u))
        score_font = fonts.get(int(24 * u), "bold")
        scores = self.replay.scores
        projected = self.aids.projected() if self.app.settings.aids and not self.game.finished else None
        gained = {p: 0 for p in range(len(self.seats))}
        for ev in self.replay.events():
            for p in ev.players:
                gained[p] += ev.points
        r = self.replay
        mover = r.player_of[r.step - 1] if 1 <= r.step <= len(r.turns) else None
        for i, (seat, card) in enumerate(zip(self.seats, self.card_rects)):
            pygame.draw.rect(surface, (70, 60, 46) if i == mover else (52, 47, 40), card, border_radius=int(8 * u))
            pygame.draw.rect(surface, ACCENT if i == mover else (90, 80, 64), card,
                             max(1, int((3 if i == mover else 1) * u)), border_radius=int(8 * u))
            icon = self.app.assets.pieces.get(seat.color, int(card.h * 0.7))
            surface.blit(icon, icon.get_rect(midleft=(card.x + int(8 * u), card.centery)))
            blit_text(surface, name_font, seat.name, (card.x + int(46 * u), card.y + int(5 * u)), INK)
            n = self.game.supply[i]
            extra = f"{n} follower{'s' if n != 1 else ''} in supply"
            if gained[i]:
                extra = f"+{gained[i]} this turn · " + extra
            blit_text(surface, small, extra, (card.x + int(46 * u), card.bottom - int(5 * u)), INK_DIM, "bottomleft")
            rgb = PLAYER_RGB.get(seat.color, INK) if seat.color != "black" else INK
            blit_text(surface, score_font, str(scores[i]), (card.right - int(10 * u), card.y + int(3 * u)), rgb,
                      "topright")
            if projected is not None:
                blit_text(surface, small, f"→ {projected[i]}", (card.right - int(10 * u), card.bottom - int(5 * u)),
                          INK_DIM, "bottomright")
        area = self.rects["text"]
        font = fonts.get(int(15 * u))
        head = fonts.get(int(16 * u), "bold")
        lh = font.get_linesize()
        y = area.y
        for line in wrap(font, self.replay.describe(), area.w):
            blit_text(surface, font, line, (area.x, y), INK)
            y += lh
        y += int(8 * u)
        events = self.replay.events()
        blit_text(surface, head, "Score events" if events else "No points scored on this turn.",
                  (area.x, y), ACCENT if events else INK_DIM)
        y += head.get_linesize() + int(2 * u)
        names = self.game.names
        bottom = area.bottom - (2 * lh if projected is not None else 0)
        for k, ev in enumerate(events):
            colour = PLAYER_RGB.get(self.seats[ev.players[0]].color, INK) if ev.players else INK_DIM
            lines = wrap(font, ev.describe(names) + ".", area.w - int(18 * u))
            if y + lh * (len(lines) + 1) > bottom and k < len(events) - 1:
                blit_text(surface, font, f"… and {len(events) - k} more", (area.x + int(18 * u), y), INK_DIM)
                break
            pygame.draw.circle(surface, colour, (area.x + int(5 * u), y + lh // 2), int(5 * u))
            for line in lines:
                blit_text(surface, font, line, (area.x + int(18 * u), y), INK)
                y += lh
            y += int(3 * u)
        if projected is not None:
            blit_text(surface, small, "→ the score if the game ended at this turn", (area.x, area.bottom), INK_DIM,
                      "bottomleft")


class ReplaysDialog(Dialog):
    """Pick a record to watch: the autosave, saved games, replays/, or a typed path."""

    title = "Watch a replay"
    box_size = (680, 580)

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.paths: list[Path] = app.storage.list_replays()
        self.scroll = 0
        self.rows: list[Button] = []
        self.path_text = ""
        self.field = TextField("", self._typed, max_len=240, placeholder="or type a path to a .carc.json")
        self.open_btn = Button("Open", self._open_typed)
        self.back = Button("Back", self.close, hint="Esc")

    def _typed(self, text: str) -> None:
        self.path_text = text

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.back.rect = pygame.Rect(0, 0, int(160 * u), int(40 * u))
        self.back.rect.midbottom = (self.box.centerx, self.box.bottom - int(16 * u))
        fh = int(40 * u)
        fy = self.back.rect.top - int(12 * u) - fh
        ow = int(110 * u)
        self.field.rect = pygame.Rect(self.box.x + int(24 * u), fy, self.box.w - int(48 * u) - ow - int(8 * u), fh)
        self.open_btn.rect = pygame.Rect(self.field.rect.right + int(8 * u), fy, ow, fh)
        self._rows()

    def _rows(self) -> None:
        u = self.u
        rh, gap = int(38 * u), int(6 * u)
        top = self.box.y + int(70 * u)
        room = max(1, (self.field.rect.top - int(12 * u) - top) // (rh + gap))
        self.scroll = max(0, min(self.scroll, max(0, len(self.paths) - room)))
        self.rows = []
        for i, path in enumerate(self.paths[self.scroll:self.scroll + room]):
            if path == self.app.storage.autosave_path:
                label = "Autosave (game in progress)"
            else:
                label = f"{path.parent.name}/{path.name.replace('.carc.json', '')}"
            try:
                when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
            except OSError:
                when = ""
            b = Button(label, lambda p=path: self.watch(p), hint=when)
            b.rect = pygame.Rect(self.box.x + int(24 * u), top + i * (rh + gap), self.box.w - int(48 * u), rh)
            self.rows.append(b)
        self.widgets = [*self.rows, self.field, self.open_btn, self.back]

    def handle(self, intent: Intent) -> bool:
        if intent.kind == WHEEL:
            self.scroll -= intent.dy
            self._rows()
            return True
        if intent.kind == KEY and self.field.focused and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.field.focused = False
            self._open_typed()
            return True
        return super().handle(intent)

    def _open_typed(self) -> None:
        text = self.path_text.strip()
        if text:
            self.watch(Path(text).expanduser())

    def watch(self, path: Path) -> None:
        reason = open_replay(self.app, path)
        if reason:
            self.app.push(MessageDialog(self.app, "Cannot open this replay", reason))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.paths:
            font = self.app.assets.fonts.get(int(17 * self.u))
            blit_text(surface, font, "No records yet: save a game, or put .carc.json files in",
                      (self.box.centerx, self.box.centery - int(30 * self.u)), INK_DIM, "center")
            blit_text(surface, font, str(self.app.storage.replays_dir),
                      (self.box.centerx, self.box.centery), INK_DIM, "center")
