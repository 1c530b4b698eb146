"""The Play scene: the board under a camera, the hand slot, the players' panels, the turn flow.

Human turns: drag the drawn tile from the hand slot onto the board (rotate with
right-click, R or the wheel while dragging), then optionally drag a follower from the
player's panel onto a lit place of that tile, then confirm (Enter) or skip the
follower (Space). AI turns run in a worker thread (:class:`TurnController`) and are
shown with the tile gliding in; the camera follows a tile placed out of view
(:meth:`PlayScene.follow`). Every step goes through the engine; the scene only
shows the controller's state, animates, and turns intents into controller calls.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...engine import IllegalMoveError, Move, Placement, ScoreEvent
from .. import explain
from ..aidview import Aids, Tip, draw_tip
from ..anim import Anim, FeatureFlash, FloatText, Glide
from ..assets import PLAYER_RGB
from ..intents import KEY, MOTION, PRESS, RELEASE, WHEEL, Intent
from ..panels import draw_player_card, draw_side_panel, draw_top_bar, player_rgb
from ..sprites import LAYERS, BoardFollower, BoardTile, CellMark, DeadMark, SpotMark, tinted
from ..turn import TurnController
from ..widgets import BAD, GOOD, INK, INK_DIM, Button, blit_text, draw_panel
from .board import BoardScene, draw_grid

if TYPE_CHECKING:
    from ..app import App

HANDOVER, HUMAN, AI_THINK, AI_GLIDE, ANIMATING, OVER = (
    "handover", "human", "ai-think", "ai-glide", "animating", "over")
DRAG_THRESHOLD = 6
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_a: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_d: (-1, 0),
            pygame.K_UP: (0, 1), pygame.K_w: (0, 1), pygame.K_DOWN: (0, -1), pygame.K_s: (0, -1)}


class Drag:
    """What the pointer is carrying: ``tile``, ``follower``, ``pan``, or a press on the
    pending tile that becomes a tile drag once it moves (``maybe-tile``)."""

    def __init__(self, what: str, start: tuple[int, int], from_pending: bool = False) -> None:
        self.what = what
        self.start = start
        self.pos = start
        self.from_pending = from_pending


class PlayScene(BoardScene):
    def __init__(self, app: "App", turn: TurnController) -> None:
        super().__init__(app, turn.seats)
        self.turn = turn
        self.game = turn.game
        self.phase = HUMAN
        self.drag: Drag | None = None
        self.pointer = (0, 0)
        self.hover_spot: str | None = None
        self.message = ""
        self.message_colour = INK
        self.message_time = 0.0
        self.anims: list[Anim] = []
        self.shown_scores = [float(s) for s in self.game.scores]
        self._board_version = -1
        self._marks_key: tuple | None = None
        self._prev_human: int | None = None
        self._ai_move = None
        self._ai_wait = 0.0
        self._tab_index = -1
        self._pending_follower_sprite: BoardFollower | None = None
        self.buttons: dict[str, Button] = {}
        self._fitted = False
        self.aids = Aids(self.game)
        #: The tooltip under the pointer (why-not, tiles that fit, projected score), if any.
        self.tip: Tip | None = None

    # ================================================================= lifecycle
    def enter(self) -> None:
        super().enter()
        self._fit_board()
        self.begin_turn(first=True)

    def exit(self) -> None:
        self.turn.close()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        pad = int(10 * u)
        y = self.layout_board(310, 58 if len(self.seats) <= 4 else 48, 34)
        self.rects["track"] = self.rects["bar"]
        panel, inner = self.rects["panel"], self.rects["inner"]
        top_h = self.rects["top"].h
        slot = int(150 * u)
        self.rects["hand"] = pygame.Rect(inner.x, y, inner.w, slot)
        y += slot + int(6 * u)
        bh = int(36 * u)
        half = (inner.w - int(6 * u)) // 2
        self.rects["row1"] = pygame.Rect(inner.x, y, inner.w, bh)
        self.rects["row2"] = pygame.Rect(inner.x, y + bh + int(6 * u), inner.w, bh)
        y += 2 * bh + int(12 * u) + pad
        self.rects["deck"] = pygame.Rect(inner.x, y, inner.w, max(0, panel.bottom - y - pad))

        def btn(name: str, label: str, fn, rect: pygame.Rect, hint: str = "", primary: bool = False) -> None:
            old = self.buttons.get(name)
            if old is None:
                self.buttons[name] = Button(label, fn, rect, hint, primary=primary)
            else:
                old.rect = rect
        r1, r2 = self.rects["row1"], self.rects["row2"]
        btn("rotate", "Rotate", lambda: self.rotate(1), pygame.Rect(r1.x, r1.y, half, bh), "R")
        btn("undo", "Undo", self.undo, pygame.Rect(r1.right - half, r1.y, half, bh), "Ctrl+Z")
        btn("skip", "No follower", self.skip, pygame.Rect(r2.x, r2.y, half, bh), "Space")
        btn("confirm", "Confirm", self.confirm, pygame.Rect(r2.right - half, r2.y, half, bh), "Enter", True)
        tb = self.rects["top"]
        tw = int(92 * u)
        th = top_h - int(12 * u)
        x = tb.right - pad - tw
        for name, label, fn in (("menu", "Menu", self.open_menu), ("help", "Help", self.open_help),
                                ("save", "Save", self.save_game)):
            btn(name, label, fn, pygame.Rect(x, tb.y + int(6 * u), tw, th))
            x -= tw + int(6 * u)
        self.widgets = list(self.buttons.values())
        self._marks_key = None
        self._board_version = -1

    def _fit_board(self) -> None:
        xs = [x for x, _, _ in self.game.placed_tiles()]
        ys = [y for _, y, _ in self.game.placed_tiles()]
        self.camera.fit(min(xs), min(ys), max(xs), max(ys), area=tuple(self.view_area()))  # type: ignore[arg-type]

    # ================================================================ turn flow
    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def begin_turn(self, first: bool = False) -> None:
        """Start the next turn: results when the deck is empty, the AI, or a hand-over."""
        self.drag = None
        self.hover_spot = None
        self._tab_index = -1
        if self.turn.over:
            self.phase = OVER
            self.finish_game()
            return
        if self.turn.is_ai_turn:
            self.phase = AI_THINK
            self._ai_wait = 0.0
            self.turn.start_ai()
            self.say(f"{self.seat_name()} is thinking…", INK_DIM)
            return
        current = self.turn.player
        if len(self.human_seats) >= 2 and (first or self._prev_human != current):
            self.phase = HANDOVER
        else:
            self.phase = HUMAN
            last = self.game.history[-1] if self.game.history else None
            if (self.game.rules.hole_bonus and isinstance(last, Move)
                    and self.game.fills_hole(last.x, last.y)):
                self.say(f"{self.seat_name()} filled a hole: play again (house rule).")
            else:
                self.say(f"Your turn, {self.seat_name()}: drag the tile onto the board.")
        self._prev_human = current

    @property
    def aids_on(self) -> bool:
        """Player aids are shown unless purist mode (tournament play) is on."""
        return self.app.settings.aids

    @property
    def hints_on(self) -> bool:
        return self.app.settings.hints and self.aids_on

    @property
    def dead_spots(self) -> list[tuple[int, int]]:
        """The squares marked dead on the board (none in purist mode)."""
        return [(s.x, s.y) for s in self.sprites.get_sprites_from_layer(LAYERS["marks"]) if isinstance(s, DeadMark)]

    def projected_scores(self) -> list[int] | None:
        """Each player's score if the game ended now, as shown beside the scores (None: hidden)."""
        return self.aids.projected() if self.aids_on else None

    def seat_name(self, player: int | None = None) -> str:
        return self.game.names[self.turn.player if player is None else player]

    def finish_game(self) -> None:
        from .results import ResultsScene

        final = self.game.finish() if not self.game.finished else [e for e in self.game.events if e.final]
        self.app.storage.clear_autosave()
        self.app.replace(ResultsScene(self.app, self.game, self.seats, final))

    def after_turn(self, events: list[ScoreEvent]) -> None:
        """Animate the turn's scoring, then begin the next turn."""
        self.app.sounds.play("score" if events else "place")
        self.animate_scoring(events)
        self.phase = ANIMATING if self.anims else HUMAN
        if not self.anims:
            self.begin_turn()

    def animate_scoring(self, events: list[ScoreEvent]) -> None:
        speed = self.app.settings.speed
        if speed <= 0:
            self.shown_scores = [float(s) for s in self.game.scores]
            return
        font = self.app.assets.fonts.get(int(34 * self.u), "bold")
        for i, ev in enumerate(events):
            xs = [x + 0.5 for x, _ in ev.tiles]
            ys = [y + 0.5 for _, y in ev.tiles]
            centre = (sum(xs) / len(xs), sum(ys) / len(ys))
            delay = i * 0.35 / speed
            colour = PLAYER_RGB.get(self.seats[ev.players[0]].color, INK) if ev.players else INK
            self.anims.append(FeatureFlash(list(ev.tiles), (255, 220, 120), 1.0 / speed))
            if ev.players:
                label = f"+{ev.points}" + (f" ×{len(ev.players)}" if len(ev.players) > 1 else "")
                self.anims.append(FloatText(label, centre, colour, font, 1.3 / speed, delay))
            for f in ev.followers_returned:
                o = self.game.tile_at(f.x, f.y)
                if o is None:
                    continue
                from ..spots import spot_anchor
                ax, ay = spot_anchor(o, f.spot)
                img = self.app.assets.pieces.get(self.seats[f.player].color, max(12, int(28 * self.u)))
                world = (f.x + ax, f.y + ay)
                player = f.player
                self.anims.append(Glide(img, lambda w=world: self.camera.to_screen(*w),
                                        lambda p=player: self.card_rects[p].midright,
                                        0.9 / speed, delay + 0.3 / speed))

    # ================================================================== actions
    def say(self, text: str, colour=INK, seconds: float = 4.0) -> None:
        self.message, self.message_colour, self.message_time = text, colour, seconds

    def can_act(self) -> bool:
        return self.phase == HUMAN and self.turn.tile is not None

    def rotate(self, step: int = 1) -> None:
        if not self.can_act():
            return
        self.turn.rotate(step)
        self.app.sounds.play("click")

    def undo(self) -> None:
        if not self.can_act():
            return
        if self.turn.undo():
            self.say("Undone.", INK_DIM, 1.5)

    def skip(self) -> None:
        """Confirm without a follower (Space)."""
        if not self.can_act():
            return
        if self.turn.pending is None:
            self.say("Place the tile first: drag it from your hand onto a green square.", BAD)
            return
        self._confirm(skip=True)

    def confirm(self) -> None:
        if not self.can_act():
            return
        if self.turn.pending is None:
            self.say("Place the tile first: drag it from your hand onto a green square.", BAD)
            self.app.sounds.play("error")
            return
        self._confirm(skip=False)

    def _confirm(self, skip: bool) -> None:
        try:
            events = self.turn.confirm(skip_follower=skip)
        except IllegalMoveError as exc:  # should not happen: every step was checked
            self.say(str(exc), BAD)
            return
        self.drag = None
        self.after_turn(events)

    def place_next_legal(self, step: int = 1) -> None:
        """Tab: put the tile on the next legal square (keyboard play)."""
        if not self.can_act():
            return
        placements = sorted(self.game.legal_placements(self.turn.tile))  # type: ignore[arg-type]
        if not placements:
            return
        self._tab_index = (self._tab_index + step) % len(placements)
        p = placements[self._tab_index]
        self.turn.place(p.x, p.y, p.rotation)
        self.follow(p.x, p.y)
        self.say(f"Tile placed at ({p.x}, {p.y}). Enter confirms, F picks a follower place, Tab moves it.",
                 INK_DIM)

    def cycle_follower(self) -> None:
        """F: put the follower on the next open place of the pending tile (keyboard play)."""
        if not self.can_act() or self.turn.pending is None:
            return
        spots = self.turn.spots()
        if not spots:
            self.say("No follower can go on this tile.", INK_DIM)
            return
        options: list[str | None] = [*spots, None]
        i = options.index(self.turn.follower) if self.turn.follower in options else -1
        self.turn.put_follower(options[(i + 1) % len(options)])

    def save_game(self) -> None:
        try:
            path = self.app.storage.save_game(self.turn.record())
        except OSError as exc:
            self.say(f"Could not save: {exc.strerror or exc}", BAD)
            return
        self.say(f"Saved as {path.name}", GOOD)

    def open_menu(self) -> None:
        from .dialogs import PauseMenu

        self.drag = None
        self.app.push(PauseMenu(self.app, self))

    def open_help(self) -> None:
        from .rules_help import RulesScene

        self.drag = None
        self.app.push(RulesScene(self.app))

    def view_area(self) -> pygame.Rect:
        """The part of the board area the board really shows: above the score track."""
        board = self.rects["board"]
        return pygame.Rect(board.x, board.y, board.w, max(1, self.rects["track"].top - board.y))

    def follow(self, x: int, y: int) -> None:
        """Pan so the tile at (x, y), just placed or gliding in, is comfortably in view.

        Only when it is off-screen, partly hidden or within a quarter tile of an edge; then
        far enough to leave a tile of room around it, so a river or road growing towards
        the edge does not pull the camera every turn. Eased over 0.3 s at normal speed,
        at once with instant animations; never while the player is dragging or panning:
        the camera is theirs then.
        """
        if self.drag is not None:
            return
        cam = self.camera
        area = tuple(self.view_area())
        if cam.centre_showing(x, y, area, cam.tile_px * 0.25) is None:  # type: ignore[arg-type]
            return
        target = cam.centre_showing(x, y, area, cam.tile_px * 1.0)  # type: ignore[arg-type]
        if target is not None:
            speed = self.app.settings.speed
            cam.glide_to(*target, 0.3 / speed if speed > 0 else 0.0)

    # ================================================================== input
    def handle(self, intent: Intent) -> bool:
        if intent.kind in (PRESS, RELEASE, MOTION, WHEEL):
            self.pointer = intent.pos
        if self.phase == HANDOVER:
            if (intent.kind == PRESS and intent.button == 1 and not self._over_button(intent.pos)) or (
                    intent.kind == KEY and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.phase = HUMAN
                self.say(f"{self.seat_name()}: drag the tile onto the board.")
                return True
        if intent.kind == MOTION:
            for b in self.widgets:
                b.handle(intent)
            self._on_motion(intent)
            return True
        if self.drag is None and intent.kind in (PRESS, RELEASE) and super().handle(intent):
            return True
        if intent.kind == PRESS:
            return self._on_press(intent)
        if intent.kind == RELEASE:
            return self._on_release(intent)
        if intent.kind == WHEEL:
            if self.drag is not None and self.drag.what == "tile":
                self.rotate(1 if intent.dy > 0 else -1)
            elif self.rects["board"].collidepoint(intent.pos):
                self.camera.zoom(intent.dy, intent.pos)
            return True
        if intent.kind == KEY:
            return self._on_key(intent)
        return False

    def _over_button(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in self.widgets if b.visible)

    def _on_key(self, intent: Intent) -> bool:
        k = intent.key
        if k == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
            else:
                self.open_menu()
        elif k in (pygame.K_F1, pygame.K_h):
            self.open_help()
        elif k == pygame.K_s and intent.ctrl:
            self.save_game()
        elif k == pygame.K_z and intent.ctrl or k == pygame.K_BACKSPACE or k == pygame.K_u:
            self.undo()
        elif k == pygame.K_r:
            self.rotate(-1 if intent.shift else 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif k == pygame.K_SPACE:
            self.skip()
        elif k == pygame.K_TAB:
            self.place_next_legal(-1 if intent.shift else 1)
        elif k == pygame.K_f:
            self.cycle_follower()
        elif k in PAN_KEYS:
            dx, dy = PAN_KEYS[k]
            step = max(40, self.camera.tile_px)
            self.camera.pan_pixels(dx * step, dy * step)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(-1)
        elif k == pygame.K_HOME:
            self._fit_board()
        else:
            return False
        return True

    def _hand_tile_rect(self) -> pygame.Rect:
        slot = self.rects["hand"]
        s = int(min(slot.h - 34 * self.u, slot.w * 0.6))
        return pygame.Rect(slot.centerx - s // 2, slot.y + int(26 * self.u), s, s)

    def _follower_slots(self, player: int) -> list[pygame.Rect]:
        """Where each follower of ``player``'s supply stands in the panel card."""
        card = self.card_rects[player]
        s = int(card.h * 0.42)
        n = self.game.supply[player]
        x0 = card.x + int(46 * self.u)
        y = card.bottom - s - int(5 * self.u)
        step = min(s + 2, (card.w - int(56 * self.u)) // 7)
        return [pygame.Rect(x0 + i * step, y, s, s) for i in range(n)]

    def _on_press(self, intent: Intent) -> bool:
        pos = intent.pos
        if intent.button == 3:
            self.rotate(1)
            return True
        if intent.button == 2 and self.rects["board"].collidepoint(pos):
            self.drag = Drag("pan", pos)
            return True
        if intent.button != 1:
            return False
        if self.can_act():
            t = self.turn
            if t.pending is None and self._hand_tile_rect().inflate(8, 8).collidepoint(pos):
                self.drag = Drag("tile", pos)
                return True
            if t.pending is not None:
                # the follower standing on the pending tile, or one from the player's supply
                if t.follower and self._pending_follower_sprite and \
                        self._pending_follower_sprite.rect.inflate(6, 6).collidepoint(pos):
                    self.drag = Drag("follower", pos, from_pending=True)
                    return True
                slots = self._follower_slots(t.player)
                if t.follower:
                    slots = slots[:-1]
                if any(r.inflate(4, 4).collidepoint(pos) for r in slots):
                    self.drag = Drag("follower", pos)
                    return True
                if self.rects["board"].collidepoint(pos) and \
                        self.camera.cell_at(*pos) == (t.pending.x, t.pending.y):
                    self.drag = Drag("maybe-tile", pos)
                    return True
        if self.rects["board"].collidepoint(pos) and not self._in_hud(pos):
            self.drag = Drag("pan", pos)
            return True
        return False

    def _in_hud(self, pos: tuple[int, int]) -> bool:
        return self.rects["track"].collidepoint(pos)

    def _on_motion(self, intent: Intent) -> None:
        d = self.drag
        if d is None:
            return
        if d.what == "pan":
            self.camera.pan_pixels(intent.pos[0] - d.pos[0], intent.pos[1] - d.pos[1])
        elif d.what == "maybe-tile":
            if math.dist(intent.pos, d.start) > DRAG_THRESHOLD:
                self.turn.pick_up()
                d.what = "tile"
                d.from_pending = True
        elif d.what == "follower":
            self.hover_spot = self._spot_near(intent.pos)
        d.pos = intent.pos

    def _spot_near(self, pos: tuple[int, int]) -> str | None:
        t = self.turn
        if t.pending is None:
            return None
        o = self.game.tiles[t.pending.tile].orientations[t.pending.rotation // 90]
        best, best_d = None, self.camera.tile_px * 0.3
        from ..spots import spot_anchor
        for spot in t.spots():
            ax, ay = spot_anchor(o, spot)
            sx, sy = self.camera.to_screen(t.pending.x + ax, t.pending.y + ay)
            dist = math.dist((sx, sy), pos)
            if dist < best_d:
                best, best_d = spot, dist
        return best

    def _any_spot_near(self, pos: tuple[int, int]) -> str | None:
        """The place of the pending tile nearest the pointer, allowed or not (for why-not)."""
        t = self.turn
        if t.pending is None:
            return None
        o = self.game.tiles[t.pending.tile].orientations[t.pending.rotation // 90]
        from ..spots import spot_anchor
        best, best_d = None, self.camera.tile_px * 0.3
        for spot in o.spots:
            ax, ay = spot_anchor(o, spot)
            dist = math.dist(self.camera.to_screen(t.pending.x + ax, t.pending.y + ay), pos)
            if dist < best_d:
                best, best_d = spot, dist
        return best

    def _compute_tip(self) -> Tip | None:
        """The aid tooltip for what is under the pointer (read-only; None in purist mode)."""
        if not self.aids_on or self.phase in (HANDOVER, OVER):
            return None
        pos = self.pointer
        d = self.drag
        if d is None:
            for i, card in enumerate(self.card_rects):
                if card.collidepoint(pos):
                    proj = self.aids.projected()
                    return Tip([f"{self.game.names[i]}: {self.game.scores[i]} points now, {proj[i]} if the "
                                "game ended now (final scoring of every feature with a follower on it)."])
        board = self.rects["board"]
        if not board.collidepoint(pos) or self._in_hud(pos) or (d is None and self._over_button(pos)):
            return None
        if d is not None and d.what not in ("tile", "follower"):
            return None
        t = self.turn
        x, y = self.camera.cell_at(*pos)
        if t.pending is not None and (x, y) == (t.pending.x, t.pending.y):
            if not self.can_act() or (d is not None and d.what != "follower"):
                return None
            spot = self._any_spot_near(pos)
            if spot and spot not in t.spots():
                sentence = explain.why_not_follower(self.game, t.pending, spot)
                if sentence:
                    return Tip([sentence], BAD)
            return None
        if self.game.tile_at(x, y) is not None:
            return None
        lines: list[str] = []
        colour = INK
        if self.can_act() and t.pending is None and t.tile is not None:
            sentence = explain.why_not_tile(self.game, Placement(t.tile, x, y, t.rotation))
            if sentence:
                lines, colour = [sentence], BAD
            elif d is None:
                lines, colour = ["Your tile fits here as it is turned now."], GOOD
        if d is not None:  # while dragging only say why a drop would fail
            return Tip(lines, colour) if colour == BAD else None
        if (x, y) not in self._open_cells():
            return Tip(lines, colour) if lines and colour == BAD else None
        tiles, caption = self.aids.fits_tip(x, y)
        if not tiles:  # a dead spot: nothing can ever go there, which says it all
            return Tip([caption], BAD)
        return Tip(lines, colour, tiles, caption)

    def _open_cells(self) -> set[tuple[int, int]]:
        key = self.game.turn_number
        if getattr(self, "_open_key", None) != key:
            self._open_key = key
            self._open_set = set(self.game.open_positions())
        return self._open_set

    def _on_release(self, intent: Intent) -> bool:
        d, self.drag = self.drag, None
        if d is None or intent.button not in (1, 2):
            if d is not None:
                self.drag = d
            return False
        pos = intent.pos
        if d.what == "maybe-tile":
            # a click on the pending tile: put the follower on the place clicked, if any
            spot = self._spot_near(pos)
            if spot and self.turn.follower != spot:
                self._drop_follower(spot)
            return True
        if d.what == "tile":
            self._drop_tile(pos)
        elif d.what == "follower":
            self.hover_spot = None
            spot = self._spot_near(pos)
            nearest = self._any_spot_near(pos)
            if nearest and nearest not in self.turn.spots():
                self._drop_follower(nearest)  # refused: the player hears why, not a snap elsewhere
            elif spot:
                self._drop_follower(spot)
            elif d.from_pending:
                self.turn.put_follower(None)
                self.say("The follower went back to your supply.", INK_DIM, 2)
            elif self.turn.pending and self.camera.cell_at(*pos) == (self.turn.pending.x, self.turn.pending.y):
                self.say("Drop the follower on one of the lit places.", BAD)
                self.app.sounds.play("error")
        return True

    def _drop_tile(self, pos: tuple[int, int]) -> None:
        if not self.rects["board"].collidepoint(pos) or self._in_hud(pos):
            return  # back to the hand, nothing to explain
        x, y = self.camera.cell_at(*pos)
        reason = self.turn.place(x, y)
        if reason is None:
            self.app.sounds.play("place")
            self.follow(x, y)
            spots = self.turn.spots()
            if spots:
                self.say("Placed. Drag a follower onto a lit place, or press Space for none.", INK)
            else:
                self.say("Placed. No follower can go here: press Enter to confirm.", INK)
        else:
            if not self.aids_on:
                self.say("It does not fit there.", BAD, 5)
            else:
                self.say(explain.why_not_tile(self.game, Placement(self.turn.tile, x, y, self.turn.rotation))
                         or f"It does not fit there: {reason}.", BAD, 6)
            self.app.sounds.play("error")

    def _drop_follower(self, spot: str) -> None:
        reason = self.turn.put_follower(spot)
        if reason:
            if self.aids_on:
                self.say(explain.follower_sentence(reason), BAD, 6)
            else:
                self.say(reason[0].upper() + reason[1:] + ".", BAD)
            self.app.sounds.play("error")
        else:
            self.app.sounds.play("follower")
            self.say("Follower placed. Enter confirms the turn.", INK)

    # ================================================================== update
    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.app.assets.tiles.refine(3)
        speed = self.app.settings.speed
        if self.drag is not None:
            self.camera.stop()  # the player took the camera: no glide pulls it from under the pointer
        self.camera.update(dt)
        self.anims = [a for a in self.anims if a.update(dt)]
        rate = 20 * (speed or 1000) * dt
        for i, s in enumerate(self.game.scores):
            cur = self.shown_scores[i]
            self.shown_scores[i] = s if abs(s - cur) <= rate else cur + math.copysign(rate, s - cur)
        if self.phase == ANIMATING and not self.anims:
            self.begin_turn()
        elif self.phase == AI_THINK:
            self._ai_wait += dt
            move = self.turn.ai_move()
            if move is not None:
                self._show_ai_move(move)
        if self.phase == OVER:
            return
        self.tip = self._compute_tip()

    def _show_ai_move(self, move) -> None:  # noqa: ANN001
        speed = self.app.settings.speed
        if speed <= 0:
            self.follow(move.x, move.y)
            self.after_turn(self.turn.play_ai(move))
            return
        self.follow(move.x, move.y)  # the tile glides to where the camera is going
        self.phase = AI_GLIDE
        img = self.app.assets.tiles.rotated(move.tile, move.rotation)
        hand = self._hand_tile_rect()

        def land() -> None:
            self.after_turn(self.turn.play_ai(move))
        glide = Glide(img, lambda: hand.center, lambda: self.camera.cell_center(move.x, move.y),
                      0.7 / speed, on_done=land, size=lambda: self.camera.tile_px)
        self.anims.append(glide)
        self.say(f"{self.seat_name()} places the tile.", INK_DIM, 1.5)

    # ==================================================================== draw
    def _sync_sprites(self) -> None:
        """Rebuild board sprites when the board or the turn's pending state changed."""
        t = self.turn
        key = (self.game.turn_number, t.pending, t.follower, t.rotation, t.tile, self.hover_spot,
               self.drag.what if self.drag else None, self.hints_on, self.aids_on, self.phase)
        if key == self._marks_key:
            return
        self._marks_key = key
        if self._board_version != self.game.turn_number:
            self._board_version = self.game.turn_number
            for s in self.sprites.get_sprites_from_layer(LAYERS["board"]):
                s.kill()
            for x, y, o in self.game.placed_tiles():
                self.sprites.add(BoardTile(x, y, o, self.app.assets), layer=LAYERS["board"])
        for layer in ("marks", "highlights", "meeples"):
            for s in self.sprites.get_sprites_from_layer(LAYERS[layer]):
                s.kill()
        if t.last_placed is not None:
            self.sprites.add(CellMark(*t.last_placed, (255, 214, 90, 235), frame=5), layer=LAYERS["marks"])
        if self.aids_on:
            for x, y in self.aids.dead():
                self.sprites.add(DeadMark(x, y), layer=LAYERS["marks"])
        colours = [s.color for s in self.seats]
        for f in self.game.followers_on_board():
            o = self.game.tile_at(f.x, f.y)
            if o is not None:
                self.sprites.add(BoardFollower(f.x, f.y, o, f.spot, colours[f.player], self.app.assets),
                                 layer=LAYERS["meeples"])
        self._pending_follower_sprite = None
        if self.phase != HUMAN or t.tile is None:
            return
        if t.pending is None:
            dragging_tile = self.drag is not None and self.drag.what == "tile"
            if self.hints_on or (dragging_tile and self.aids_on):
                for x, y in t.legal_cells():
                    self.sprites.add(CellMark(x, y, (90, 220, 110, 70)), layer=LAYERS["highlights"])
            return
        p = t.pending
        o = self.game.tiles[p.tile].orientations[p.rotation // 90]
        self.sprites.add(BoardTile(p.x, p.y, o, self.app.assets), layer=LAYERS["board"])
        self._board_version = -1  # the pending tile is not part of the board: rebuild next time
        self.sprites.add(CellMark(p.x, p.y, (255, 255, 255, 255), frame=4), layer=LAYERS["marks"])
        if self.hover_spot:
            for x, y in t.feature_preview(self.hover_spot):
                self.sprites.add(CellMark(x, y, (255, 236, 120, 80)), layer=LAYERS["highlights"])
        dragging_follower = self.drag is not None and self.drag.what == "follower"
        if t.follower and not (dragging_follower and self.drag.from_pending):  # type: ignore[union-attr]
            sprite = BoardFollower(p.x, p.y, o, t.follower, colours[t.player], self.app.assets, pending=True)
            self.sprites.add(sprite, layer=LAYERS["meeples"])
            self._pending_follower_sprite = sprite
        if dragging_follower or (self.hints_on and not t.follower):
            for spot in t.spots():
                mark = SpotMark(p.x, p.y, o, spot, colours[t.player])
                mark.hover = spot == self.hover_spot
                self.sprites.add(mark, layer=LAYERS["highlights"])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((52, 62, 48))
        board = self.rects["board"]
        self._sync_sprites()
        for s in self.sprites.sprites():
            s.sync(self.camera)  # type: ignore[attr-defined]
        surface.set_clip(board)
        self._draw_grid(surface)
        self.sprites.draw(surface)
        for a in self.anims:
            if not isinstance(a, Glide) or a.size is not None:
                a.draw(surface, self.camera)
        self._draw_dragged_tile(surface)
        surface.set_clip(None)
        self._draw_track(surface)
        self._draw_top(surface)
        self._draw_panel(surface)
        for a in self.anims:
            if isinstance(a, Glide) and a.size is None:
                a.draw(surface, self.camera)
        self._draw_dragged_follower(surface)
        if self.message and self.message_time > 0:
            self._draw_message(surface)
        if self.tip is not None and self.phase != HANDOVER:
            if board.collidepoint(self.pointer) and (self.drag is None or self.drag.what != "tile"):
                cell = self.camera.cell_at(*self.pointer)
                if self.game.tile_at(*cell) is None:  # the square the tooltip is about
                    pygame.draw.rect(surface, (255, 255, 255), self.camera.tile_rect(*cell), max(2, int(3 * self.u)),
                                     border_radius=4)
            area = self.rects["board"].union(self.rects["panel"])
            at = self.pointer
            card = next((c for c in self.card_rects if c.collidepoint(at)), None)
            if card is not None:  # beside the card, not over it
                at = (card.x - int(440 * self.u), card.y)
            draw_tip(surface, self.tip, at, area, self.app.assets.fonts, self.app.assets.tiles, self.u)
        if self.phase == HANDOVER:
            self._draw_handover(surface)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        draw_grid(surface, self.camera, self.rects["board"], self.game.bounds)

    def _draw_dragged_tile(self, surface: pygame.Surface) -> None:
        d = self.drag
        t = self.turn
        if d is None or d.what != "tile" or t.tile is None:
            return
        px = self.camera.tile_px
        img = self.app.assets.tiles.sized(t.tile, t.rotation, px)
        board = self.rects["board"]
        if board.collidepoint(d.pos) and not self._in_hud(d.pos):
            x, y = self.camera.cell_at(*d.pos)
            if self.game.tile_at(x, y) is None and self.aids_on:
                fits = (x, y) in t.legal_cells()
                snapped = tinted(img, GOOD if fits else BAD, 60 if fits else 90)
                surface.blit(snapped, self.camera.tile_rect(x, y)[:2])
                return
        ghost = img.copy()
        ghost.set_alpha(200)
        surface.blit(ghost, ghost.get_rect(center=d.pos))

    def _draw_dragged_follower(self, surface: pygame.Surface) -> None:
        d = self.drag
        if d is None or d.what != "follower":
            return
        color = self.seats[self.turn.player].color
        img = self.app.assets.pieces.get(color, max(16, self.camera.tile_px * 0.38))
        surface.blit(img, img.get_rect(center=d.pos))

    def _draw_message(self, surface: pygame.Surface) -> None:
        font = self.app.assets.fonts.get(int(19 * self.u))
        img = font.render(self.message, True, self.message_colour)
        b = self.rects["board"]
        rect = img.get_rect(midbottom=(b.centerx, self.rects["track"].top - int(10 * self.u)))
        if rect.w > b.w - 20:
            rect.x = b.x + 10
        box = rect.inflate(int(24 * self.u), int(12 * self.u))
        draw_panel(surface, box, self.u, alpha=220)
        surface.blit(img, rect)

    def _draw_top(self, surface: pygame.Surface) -> None:
        u = self.u
        top = self.rects["top"]
        fonts = self.app.assets.fonts
        x = draw_top_bar(surface, top, "Carcassonne", self.app.assets, u)
        font = fonts.get(int(18 * u), "bold")
        if self.turn.tile is not None:
            seat = self.seats[self.turn.player]
            who = f"Turn {self.game.turn_number + 1}: {seat.name}'s turn" + (
                f" (computer, {seat.ai_level})" if seat.is_ai else "")
            blit_text(surface, font, who, (x + int(24 * u), top.centery), player_rgb(seat), "midleft")
        left = len(self.game.deck) - (1 if self.turn.tile is not None else 0)
        save_btn = self.buttons["save"].rect
        blit_text(surface, fonts.get(int(17 * u)), f"Tiles left: {left}",
                  (save_btn.x - int(16 * u), top.centery), INK, "midright")
        for b in self.widgets:
            b.enabled = True
        can = self.can_act()
        self.buttons["rotate"].enabled = can
        self.buttons["undo"].enabled = can and self.turn.pending is not None
        self.buttons["skip"].enabled = can and self.turn.pending is not None
        self.buttons["confirm"].enabled = can and self.turn.pending is not None
        for name in ("menu", "help", "save"):
            self.buttons[name].draw(surface, fonts, u)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        u = self.u
        fonts = self.app.assets.fonts
        draw_side_panel(surface, self.rects["panel"], u)
        projected = self.projected_scores()
        for i, (seat, card) in enumerate(zip(self.seats, self.card_rects)):
            current = i == self.turn.player and self.turn.tile is not None
            slots = self._follower_slots(i)
            hidden = 1 if (current and self.turn.follower) else 0
            if self.drag and self.drag.what == "follower" and not self.drag.from_pending and current:
                hidden += 1
            draw_player_card(surface, card, seat, round(self.shown_scores[i]), self.app.assets, u, current=current,
                             projected=None if projected is None else projected[i],
                             tag=f"AI {seat.ai_level}" if seat.is_ai else "human",
                             followers=slots[:len(slots) - hidden])
        self._draw_hand(surface)
        for name in ("rotate", "undo", "skip", "confirm"):
            self.buttons[name].draw(surface, fonts, u)
        self._draw_deck(surface)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        u = self.u
        slot = self.rects["hand"]
        draw_panel(surface, slot, u, (38, 34, 29), 255)
        font = self.app.assets.fonts.get(int(14 * u))
        t = self.turn
        if t.tile is None:
            return
        seat = self.seats[t.player]
        if seat.is_ai:
            label = f"{seat.name} is playing…"
        elif t.pending is not None:
            label = "Placed: drag a follower or confirm"
        else:
            label = "Your tile: drag it to the board"
        blit_text(surface, font, label, (slot.centerx, slot.y + int(6 * u)), INK_DIM, "midtop")
        r = self._hand_tile_rect()
        pygame.draw.rect(surface, (60, 55, 46), r.inflate(6, 6), border_radius=4)
        hidden = t.pending is not None or (self.drag is not None and self.drag.what == "tile") or \
            self.phase in (AI_GLIDE, HANDOVER)
        if not hidden:
            img = self.app.assets.tiles.sized(t.tile, t.rotation, r.w)
            surface.blit(img, r)
        elif self.phase == HANDOVER:
            pygame.draw.rect(surface, (80, 70, 56), r, border_radius=4)
            blit_text(surface, self.app.assets.fonts.get(int(40 * u), "title"), "?", r.center, INK_DIM, "center")

    def _draw_deck(self, surface: pygame.Surface) -> None:
        """The tiles still to come: each kind with how many are left (public knowledge)."""
        u = self.u
        area = self.rects["deck"]
        if area.h < 40 * u:
            return
        font = self.app.assets.fonts.get(int(14 * u), "bold")
        counts = dict(self.game.deck.counts)
        if self.turn.tile is not None:
            counts[self.turn.tile] -= 1
        left = sum(counts.values())
        blit_text(surface, font, f"Still to come: {left} tiles", area.topleft, INK_DIM)
        kinds = [k for k in sorted(counts, key=_tile_order) if counts[k] > 0]
        if not kinds:
            return
        top = area.y + int(20 * u)
        cols = 6
        cell = area.w // cols
        rows = max(1, math.ceil(len(kinds) / cols))
        cell = min(cell, max(12, (area.bottom - top) // rows))
        cols = max(1, area.w // cell)
        size = int(cell * 0.78)
        small = self.app.assets.fonts.get(max(9, int(cell * 0.3)), "bold")
        for i, k in enumerate(kinds):
            cx = area.x + (i % cols) * cell
            cy = top + (i // cols) * cell
            if cy + size > area.bottom:
                break
            surface.blit(self.app.assets.tiles.sized(k, 0, size), (cx, cy))
            tag = small.render(str(counts[k]), True, INK)
            bg = tag.get_rect(bottomright=(cx + size, cy + size)).inflate(4, 0)
            pygame.draw.rect(surface, (20, 20, 20), bg, border_radius=3)
            surface.blit(tag, tag.get_rect(center=bg.center))

    def _draw_track(self, surface: pygame.Surface) -> None:
        """The score track: 0..49 around, one marker per player (laps shown as ×50)."""
        u = self.u
        r = self.rects["track"]
        draw_panel(surface, r, u, (40, 36, 30), 215)
        inner = r.inflate(-int(40 * u), -int(10 * u))
        font = self.app.assets.fonts.get(int(11 * u))
        for v in range(0, 50, 5):
            x = inner.x + inner.w * v / 49
            pygame.draw.line(surface, (110, 96, 70), (x, inner.y), (x, inner.bottom), 1)
            if v % 10 == 0:
                blit_text(surface, font, str(v), (x + 2, inner.y - 2), INK_DIM)
        size = int(inner.h * 0.9)
        for i, (seat, x) in enumerate(zip(self.seats, self.track_xs(inner, size))):
            laps = self.shown_scores[i] // 50
            img = self.app.assets.pieces.get(seat.color, size)
            rect = img.get_rect(midbottom=(round(x), inner.bottom + int(3 * u)))
            surface.blit(img, rect)
            if laps:
                blit_text(surface, font, f"+{int(laps) * 50}", rect.midtop, INK, "midbottom")

    def track_xs(self, inner: pygame.Rect, size: int) -> list[float]:
        """Each marker's x on the track; markers on the same square stand side by side
        (a group at either end of the track moves inwards so no marker is cut off)."""
        spaces = [round(s) % 50 for s in self.shown_scores]
        xs = []
        for i, space in enumerate(spaces):
            same = [p for p, v in enumerate(spaces) if v == space]
            k = same.index(i)
            half = (len(same) - 1) / 2 * size * 0.62
            centre = max(inner.x + half, min(inner.right - half, inner.x + inner.w * space / 49))
            xs.append(centre + (k - (len(same) - 1) / 2) * size * 0.62)
        return xs

    def _draw_handover(self, surface: pygame.Surface) -> None:
        u = self.u
        board = self.rects["board"]
        shade = pygame.Surface(board.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, board.topleft)
        seat = self.seats[self.turn.player]
        card = pygame.Rect(0, 0, int(520 * u), int(200 * u))
        card.center = board.center
        draw_panel(surface, card, u, alpha=245)
        fonts = self.app.assets.fonts
        icon = self.app.assets.pieces.get(seat.color, int(90 * u))
        surface.blit(icon, icon.get_rect(midleft=(card.x + int(24 * u), card.centery)))
        blit_text(surface, fonts.get(int(46 * u), "title"), f"{seat.name}'s turn",
                  (card.centerx + int(40 * u), card.y + int(30 * u)), player_rgb(seat), "midtop", shadow=True)
        blit_text(surface, fonts.get(int(18 * u)), f"Pass the mouse to {seat.name}.",
                  (card.centerx + int(40 * u), card.y + int(108 * u)), INK, "midtop")
        blit_text(surface, fonts.get(int(16 * u)), "Click or press Enter to start",
                  (card.centerx + int(40 * u), card.y + int(142 * u)), INK_DIM, "midtop")


def _tile_order(tile: str) -> tuple[int, str]:
    return (len(tile), tile)
