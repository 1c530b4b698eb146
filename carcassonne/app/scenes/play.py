"""The Play scene: the wiring between a player's hands, the turn controller and the screen.

Human turns: drag the drawn tile from the hand slot onto the board (rotate with
right-click, R or the wheel while dragging), then optionally drag a follower from the
player's panel onto a lit place of that tile, then confirm (Enter) or skip the
follower (Space). The turn's phases live in :class:`~carcassonne.app.turn.TurnController`
(pygame-free), the board in :class:`~carcassonne.app.board_view.BoardView`, the panels
in the painters of :mod:`carcassonne.app.hud`; this scene turns intents into controller
calls, animates between the phases, and tells the board and the painters what to show.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Callable

import pygame

from ...engine import IllegalMoveError, Move, Placement, ScoreEvent
from .. import explain
from ..aidview import Aids, Tip, draw_tip, play_tip
from ..anim import Anim, FeatureFlash, FloatText, Glide
from ..assets import PLAYER_RGB
from ..board_view import BoardMarks
from ..drag import DRAG_THRESHOLD, Drag, Places, drop, pick, spot_near
from ..hud import (Card, Ghost, Hand, Message, draw_cards, draw_deck, draw_ghost, draw_hand, draw_handover,
                   draw_message, draw_track, draw_turn_line, follower_slots, hand_tile_rect)
from ..intents import KEY, MOTION, PRESS, RELEASE, WHEEL, Intent
from ..keymap import hint
from ..panels import draw_top_bar
from ..spots import spot_anchor
from ..turn import AI_GLIDE, AI_THINK, ANIMATING, HANDOVER, HUMAN, OVER, AIError, TurnController
from ..widgets import BAD, GOOD, INK, INK_DIM, Button
from .base import BoardScene

if TYPE_CHECKING:
    from ..app import App

__all__ = ["AI_GLIDE", "AI_THINK", "ANIMATING", "HANDOVER", "HUMAN", "OVER", "PlayScene"]

PAN = {"pan-left": (1, 0), "pan-right": (-1, 0), "pan-up": (0, 1), "pan-down": (0, -1)}


class PlayScene(BoardScene):
    keymap = "play"

    def __init__(self, app: "App", turn: TurnController) -> None:
        super().__init__(app, turn.seats, turn.game)
        self.turn = turn
        self.drag: Drag | None = None
        self.pointer = (0, 0)
        self.hover_spot: str | None = None
        self.message = ""
        self.message_colour = INK
        self.message_time = 0.0
        self.anims: list[Anim] = []
        self.shown_scores = [float(s) for s in self.game.scores]
        self.buttons: dict[str, Button] = {}
        self.aids = Aids(self.game)
        #: The tooltip under the pointer (why-not, tiles that fit, projected score), if any.
        self.tip: Tip | None = None
        #: What the painters show, made in ``update`` (see :meth:`_update_panel`).
        self.cards: list[Card] = []
        self.hand = Hand(None, 0, "")
        self.deck_left: dict[str, int] = {}
        self.ghost: Ghost | None = None

    # ================================================================= lifecycle
    def enter(self) -> None:
        super().enter()
        self.fit_board()
        self.begin_turn(first=True)

    def exit(self) -> None:
        self.turn.close()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        pad = int(10 * u)
        y = self.layout_board(310, 58 if len(self.seats) <= 4 else 48, 34)
        self.rects["track"] = self.rects["bar"]
        inner, panel = self.rects["inner"], self.rects["panel"]
        self.rects["hand"] = pygame.Rect(inner.x, y, inner.w, int(150 * u))
        y = self.rects["hand"].bottom + int(6 * u)
        bh = int(36 * u)
        half = (inner.w - int(6 * u)) // 2
        r1 = pygame.Rect(inner.x, y, inner.w, bh)
        r2 = pygame.Rect(inner.x, y + bh + int(6 * u), inner.w, bh)
        y += 2 * bh + int(12 * u) + pad
        self.rects.update(row1=r1, row2=r2, deck=pygame.Rect(inner.x, y, inner.w, max(0, panel.bottom - y - pad)))
        tb = self.rects["top"]
        tw, th = int(92 * u), tb.h - int(12 * u)
        places = {"rotate": pygame.Rect(r1.x, r1.y, half, bh), "undo": pygame.Rect(r1.right - half, r1.y, half, bh),
                  "skip": pygame.Rect(r2.x, r2.y, half, bh), "confirm": pygame.Rect(r2.right - half, r2.y, half, bh)}
        for i, name in enumerate(("menu", "help", "save")):
            places[name] = pygame.Rect(tb.right - pad - tw - i * (tw + int(6 * u)), tb.y + int(6 * u), tw, th)
        for name, rect in places.items():
            self._button(name).rect = rect
        self.widgets = list(self.buttons.values())
        self.update_view()

    def _button(self, name: str) -> Button:
        """The scene's buttons, made once: label, action, the key shown beside it."""
        if name not in self.buttons:
            made: dict[str, tuple[str, Callable[[], object], str]] = {
                "rotate": ("Rotate", lambda: self.rotate(1), "rotate"), "undo": ("Undo", self.undo, "undo"),
                "skip": ("No follower", self.skip, "no-follower"), "confirm": ("Confirm", self.confirm, "confirm"),
                "menu": ("Menu", self.open_menu, ""), "help": ("Help", self.open_help, ""),
                "save": ("Save", self.save_game, "")}
            label, fn, action = made[name]
            self.buttons[name] = Button(label, fn, hint=hint("play", action) if action else "",
                                        primary=name == "confirm")
        return self.buttons[name]

    def fit_board(self) -> None:
        """Show the whole board (Home)."""
        self.board.fit([(x, y) for x, y, _ in self.game.placed_tiles()], area=self.view_area())

    # ================================================================ turn flow
    @property
    def phase(self) -> str:
        return self.turn.phase

    def begin_turn(self, first: bool = False) -> None:
        """Start the next turn: results when the deck is empty, the AI, or a hand-over."""
        self.drag = None
        self.hover_spot = None
        phase = self.turn.begin_turn(first)
        if phase == OVER:
            self.finish_game()
        elif phase == AI_THINK:
            self.say(f"{self.seat_name()} is thinking…", INK_DIM)
        elif phase == HUMAN and self.turn.bonus_turn:
            self.say(f"{self.seat_name()} filled a hole: play again (house rule).")
        elif phase == HUMAN:
            self.say(f"Your turn, {self.seat_name()}: drag the tile onto the board.")

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
        return self.board.dead_spots()

    def projected_scores(self) -> list[int] | None:
        """Each player's score if the game ended now, as shown beside the scores (None: hidden)."""
        return self.aids.projected() if self.aids_on else None

    def seat_name(self, player: int | None = None) -> str:
        return self.game.names[self.turn.player if player is None else player]

    def finish_game(self) -> None:
        final = self.game.finish() if not self.game.finished else [e for e in self.game.events if e.final]
        self.app.storage.clear_autosave()
        self.app.replace_scene("results", game=self.game, seats=self.seats, final=final)

    def after_turn(self, events: list[ScoreEvent]) -> None:
        """Animate the turn's scoring, then begin the next turn."""
        self.app.sounds.play("score" if events else "place")
        self.animate_scoring(events)
        if not self.anims:
            self.begin_turn()

    def animate_scoring(self, events: list[ScoreEvent]) -> None:
        speed = self.app.settings.speed
        if speed <= 0:
            self.shown_scores = [float(s) for s in self.game.scores]
            return
        font = self.app.assets.fonts.get(int(34 * self.u), "bold")
        for i, ev in enumerate(events):
            n = len(ev.tiles)
            centre = (sum(x + 0.5 for x, _ in ev.tiles) / n, sum(y + 0.5 for _, y in ev.tiles) / n)
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
                ax, ay = spot_anchor(o, f.spot)
                img = self.app.assets.pieces.get(self.seats[f.player].color, max(12, int(28 * self.u)))
                self.anims.append(Glide(img, _to_screen(self, (f.x + ax, f.y + ay)), _card_edge(self, f.player),
                                        0.9 / speed, delay + 0.3 / speed))

    def _show_ai_move(self, move: Move) -> None:
        speed = self.app.settings.speed
        self.follow(move.x, move.y)  # the tile glides to where the camera is going
        if speed <= 0:
            self.after_turn(self.turn.land_ai())
            return
        img = self.app.assets.tiles.rotated(move.tile, move.rotation)
        hand = self.hand_tile_rect()
        self.anims.append(Glide(img, lambda: hand.center, lambda: self.camera.cell_center(move.x, move.y),
                                0.7 / speed, on_done=lambda: self.after_turn(self.turn.land_ai()),
                                size=lambda: self.camera.tile_px))
        self.say(f"{self.seat_name()} places the tile.", INK_DIM, 1.5)

    def _ai_failed(self, error: AIError) -> None:
        """A computer player broke: say so plainly; the autosave keeps every turn before it."""
        self.say(str(error), BAD, 30)
        self.app.push_scene("message", title="A computer player failed",
                            text=f"{error}. The game is saved up to the last turn.",
                            on_close=lambda: self.app.replace_scene("title"))

    # ================================================================== actions
    def say(self, text: str, colour: tuple[int, int, int] = INK, seconds: float = 4.0) -> None:
        self.message, self.message_colour, self.message_time = text, colour, seconds

    def can_act(self) -> bool:
        return self.turn.can_act

    def rotate(self, step: int = 1) -> None:
        if self.can_act():
            self.turn.rotate(step)
            self.app.sounds.play("click")

    def undo(self) -> None:
        if self.can_act() and self.turn.undo():
            self.say("Undone.", INK_DIM, 1.5)

    def skip(self) -> None:
        """Confirm without a follower (Space)."""
        self._confirm(skip=True)

    def confirm(self) -> None:
        self._confirm(skip=False)

    def _confirm(self, skip: bool) -> None:
        if not self.can_act():
            return
        if self.turn.pending is None:
            self.say("Place the tile first: drag it from your hand onto a green square.", BAD)
            if not skip:
                self.app.sounds.play("error")
            return
        try:
            events = self.turn.confirm(skip_follower=skip)
        except IllegalMoveError as exc:  # should not happen: every step was checked
            self.say(str(exc), BAD)
            return
        self.drag = None
        self.after_turn(events)

    def place_next_legal(self, step: int = 1) -> None:
        """Tab: put the tile on the next legal square (keyboard play)."""
        p = self.turn.place_next(step) if self.can_act() else None
        if p is not None:
            self.follow(p.x, p.y)
            self.say(f"Tile placed at ({p.x}, {p.y}). Enter confirms, F picks a follower place, Tab moves it.",
                     INK_DIM)

    def cycle_follower(self) -> None:
        """F: put the follower on the next open place of the pending tile (keyboard play)."""
        if not self.can_act() or self.turn.pending is None:
            return
        if not self.turn.spots():
            self.say("No follower can go on this tile.", INK_DIM)
            return
        self.turn.next_follower()

    def save_game(self) -> str:
        """Save a copy of the game; returns (and says) where, or why it could not."""
        try:
            path = self.app.storage.save_game(self.turn.record())
        except OSError as exc:
            self.say(f"Could not save: {exc.strerror or exc}", BAD)
        else:
            self.say(f"Saved as {path.name}", GOOD)
        return self.message

    def open_menu(self) -> None:
        self.drag = None
        self.app.push_scene("pause", save=self.save_game, before_quit=self.turn.save)

    def open_help(self) -> None:
        self.drag = None
        self.app.push_scene("rules")

    def back(self) -> None:
        """Esc: let go of what is dragged, else the menu."""
        if self.drag is not None:
            self.drag = None
        else:
            self.open_menu()

    def do(self, action: str) -> bool:
        """Carry out a keymap action (:mod:`carcassonne.app.keymap`); False if it means nothing here."""
        if action in PAN:
            dx, dy = PAN[action]
            step = max(40, self.camera.tile_px)
            self.camera.pan_pixels(dx * step, dy * step)
            return True
        actions: dict[str, Callable[[], object]] = {
            "rotate": lambda: self.rotate(1), "rotate-back": lambda: self.rotate(-1),
            "place-next": lambda: self.place_next_legal(1), "place-previous": lambda: self.place_next_legal(-1),
            "next-follower": self.cycle_follower, "confirm": self.confirm, "no-follower": self.skip,
            "undo": self.undo, "zoom-in": lambda: self.camera.zoom(1), "zoom-out": lambda: self.camera.zoom(-1),
            "recentre": self.fit_board, "save": self.save_game, "back": self.back, "help": self.open_help}
        if action not in actions:
            return False
        actions[action]()
        return True

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
        a = self.view_area()
        area = (a.x, a.y, a.w, a.h)
        if cam.centre_showing(x, y, area, cam.tile_px * 0.25) is None:
            return
        target = cam.centre_showing(x, y, area, cam.tile_px * 1.0)
        if target is not None:
            speed = self.app.settings.speed
            cam.glide_to(*target, 0.3 / speed if speed > 0 else 0.0)

    # ================================================================== input
    def hand_tile_rect(self) -> pygame.Rect:
        """Where the drawn tile waits in the hand slot (a drag of it starts here)."""
        return hand_tile_rect(self.rects["hand"], self.u)

    def follower_slots(self, player: int) -> list[pygame.Rect]:
        """Where each follower of ``player``'s supply stands in their card (drag one from here)."""
        return follower_slots(self.card_rects[player], self.game.supply[player], self.u)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (PRESS, RELEASE, MOTION, WHEEL):
            self.pointer = intent.pos
        clicked = intent.kind == PRESS and intent.button == 1 and not self._over_button(intent.pos)
        if self.phase == HANDOVER and (clicked or intent.action in ("confirm", "no-follower")):
            self.turn.accept_handover()
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
            return self.do(intent.action)
        return False

    def _over_button(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in self.widgets if b.visible)

    def _in_hud(self, pos: tuple[int, int]) -> bool:
        return self.rects["track"].collidepoint(pos)

    def places(self) -> Places:
        """Where the things a press may pick up are on screen now."""
        supply = self.follower_slots(self.turn.player) if self.turn.tile is not None else []
        return Places(self.rects["board"], self.rects["track"], self.hand_tile_rect(), tuple(supply))

    def _on_press(self, intent: Intent) -> bool:
        if intent.button == 3:
            self.rotate(1)
            return True
        self.drag = pick(intent.pos, intent.button, self.turn, self.board, self.places())
        return self.drag is not None

    def _on_motion(self, intent: Intent) -> None:
        d = self.drag
        if d is None:
            return
        if d.what == "pan":
            self.camera.pan_pixels(intent.pos[0] - d.pos[0], intent.pos[1] - d.pos[1])
        elif d.what == "maybe-tile" and math.dist(intent.pos, d.start) > DRAG_THRESHOLD:
            self.turn.pick_up()
            d.what, d.from_pending = "tile", True
        elif d.what == "follower":
            self.hover_spot = spot_near(self.turn, self.board, intent.pos)
        d.pos = intent.pos

    def _on_release(self, intent: Intent) -> bool:
        d = self.drag
        if d is None or intent.button not in (1, 2):
            return False
        self.drag = None
        self.hover_spot = None
        done = drop(d, intent.pos, self.turn, self.board, self.places())
        if done.kind == "place" and done.cell is not None:
            self._drop_tile(*done.cell)
        elif done.kind == "follower" and done.spot is not None:
            self._drop_follower(done.spot)
        elif done.kind == "home":
            self.turn.put_follower(None)
            self.say("The follower went back to your supply.", INK_DIM, 2)
        elif done.kind == "missed":
            self.say("Drop the follower on one of the lit places.", BAD)
            self.app.sounds.play("error")
        return True

    def _drop_tile(self, x: int, y: int) -> None:
        tile, reason = self.turn.tile, self.turn.place(x, y)
        if tile is None:
            return
        if reason is None:
            self.app.sounds.play("place")
            self.follow(x, y)
            if self.turn.spots():
                self.say("Placed. Drag a follower onto a lit place, or press Space for none.", INK)
            else:
                self.say("Placed. No follower can go here: press Enter to confirm.", INK)
            return
        if not self.aids_on:
            self.say("It does not fit there.", BAD, 5)
        else:
            self.say(explain.why_not_tile(self.game, Placement(tile, x, y, self.turn.rotation))
                     or f"It does not fit there: {reason}.", BAD, 6)
        self.app.sounds.play("error")

    def _drop_follower(self, spot: str) -> None:
        reason = self.turn.put_follower(spot)
        if reason is None:
            self.app.sounds.play("follower")
            self.say("Follower placed. Enter confirms the turn.", INK)
            return
        if self.aids_on:
            self.say(explain.follower_sentence(reason), BAD, 6)
        else:
            self.say(reason[0].upper() + reason[1:] + ".", BAD)
        self.app.sounds.play("error")

    # ================================================================== update
    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)
        self.app.assets.tiles.refine(3)
        speed = self.app.settings.speed
        if self.drag is not None:
            self.camera.stop()  # the player took the camera: no glide pulls it from under the pointer
        self.anims = [a for a in self.anims if a.update(dt)]
        rate = 20 * (speed or 1000) * dt
        for i, s in enumerate(self.game.scores):
            cur = self.shown_scores[i]
            self.shown_scores[i] = s if abs(s - cur) <= rate else cur + math.copysign(rate, s - cur)
        if self.phase == ANIMATING and not self.anims:
            self.begin_turn()
        elif self.phase == AI_THINK:
            try:
                move = self.turn.poll_ai()
            except AIError as exc:
                self._ai_failed(exc)
            else:
                if move is not None:
                    self._show_ai_move(move)
        if self.phase == OVER:
            return
        self.board.update(dt)
        self.update_view()
        self.tip = self._compute_tip()

    def update_view(self) -> None:
        """Tell the board and the buttons what the turn looks like now."""
        t = self.turn
        can, placed = self.can_act(), t.pending is not None
        for name, enabled in (("rotate", can), ("undo", can and placed), ("skip", can and placed),
                              ("confirm", can and placed)):
            self.buttons[name].enabled = enabled
        d = self.drag
        marks = BoardMarks(last_placed=t.last_placed, dead=tuple(self.aids.dead()) if self.aids_on else (),
                           colour=self.seats[t.player].color)
        if self.phase == HUMAN and t.tile is not None:
            if t.pending is None:
                if self.hints_on or (d is not None and d.what == "tile" and self.aids_on):
                    marks = replace(marks, legal=tuple(sorted(t.legal_cells())))
            else:
                dragging_follower = d is not None and d.what == "follower"
                lifted = dragging_follower and d is not None and d.from_pending
                marks = replace(
                    marks, pending=t.pending, pending_follower=None if lifted else t.follower,
                    feature=tuple(t.feature_preview(self.hover_spot)) if self.hover_spot else (),
                    spots=tuple(t.spots()) if dragging_follower or (self.hints_on and not t.follower) else (),
                    hover_spot=self.hover_spot)
        self.board.show(self.game.turn_number, marks)
        self._update_panel()

    def _update_panel(self) -> None:
        """The view-models of the painters: the players' cards, the hand, the deck, the dragged tile."""
        t, d = self.turn, self.drag
        projected = self.projected_scores()
        cards = []
        for i, seat in enumerate(self.seats):
            current = i == t.player and t.tile is not None
            slots = self.follower_slots(i)
            hidden = (1 if current and t.follower else 0) + (
                1 if current and d is not None and d.what == "follower" and not d.from_pending else 0)
            cards.append(Card(seat, round(self.shown_scores[i]), current, None if projected is None else projected[i],
                              f"AI {seat.ai_level}" if seat.is_ai else "human", tuple(slots[:len(slots) - hidden])))
        self.cards = cards
        self.hand, self.ghost = Hand(None, 0, ""), None
        self.deck_left = dict(self.game.deck.counts)
        if t.tile is None:
            return
        self.deck_left[t.tile] -= 1
        label = (f"{t.seat.name} is playing…" if t.seat.is_ai else
                 "Placed: drag a follower or confirm" if t.pending is not None else "Your tile: drag it to the board")
        dragged = d is not None and d.what == "tile"
        self.hand = Hand(t.tile, t.rotation, label, out=t.pending is not None or dragged or self.phase == AI_GLIDE,
                         hidden=self.phase == HANDOVER)
        if d is not None and dragged:
            px = self.camera.tile_px
            self.ghost = Ghost(t.tile, t.rotation, px, d.pos)
            cell = self.camera.cell_at(*d.pos)
            if self.places().on_board(d.pos) and self.aids_on and self.game.tile_at(*cell) is None:
                self.ghost = replace(self.ghost, snap=pygame.Rect(self.camera.tile_rect(*cell)),
                                     fits=cell in t.legal_cells())

    def _compute_tip(self) -> Tip | None:
        """The aid tooltip for what is under the pointer (None in purist mode)."""
        if not self.aids_on or self.phase in (HANDOVER, OVER):
            return None
        pos, d = self.pointer, self.drag
        card = next((i for i, c in enumerate(self.card_rects) if c.collidepoint(pos)), None) if d is None else None
        on_board = self.rects["board"].collidepoint(pos) and not self._in_hud(pos) and (
            d is not None or not self._over_button(pos))
        return play_tip(self.turn, self.aids, card=card, cell=self.camera.cell_at(*pos) if on_board else None,
                        dragging=d.what if d else None, spot=spot_near(self.turn, self.board, pos, False))

    # ==================================================================== draw
    def draw(self, surface: pygame.Surface) -> None:
        u, assets, t = self.u, self.app.assets, self.turn
        board = self.rects["board"]
        surface.fill((52, 62, 48))
        self.board.draw(surface)
        surface.set_clip(board)
        for a in self.anims:
            if not isinstance(a, Glide) or a.size is not None:
                a.draw(surface, self.camera)
        if self.ghost is not None:
            draw_ghost(surface, self.ghost, assets)
        surface.set_clip(None)
        draw_track(surface, self.rects["track"], self.seats, self.shown_scores, assets, u)
        x = draw_top_bar(surface, self.rects["top"], "Carcassonne", assets, u)
        draw_turn_line(surface, self.rects["top"], x, self.seats[t.player] if t.tile else None,
                       self.game.turn_number + 1, len(self.game.deck) - (1 if t.tile else 0),
                       self.buttons["save"].rect.x - int(16 * u), assets, u)
        draw_cards(surface, self.rects["panel"], list(zip(self.card_rects, self.cards)), assets, u)
        draw_hand(surface, self.rects["hand"], self.hand, assets, u)
        draw_deck(surface, self.rects["deck"], self.deck_left, assets, u)
        for name in ("menu", "help", "save", "rotate", "undo", "skip", "confirm"):
            self.buttons[name].draw(surface, assets.fonts, u)
        for a in self.anims:
            if isinstance(a, Glide) and a.size is None:
                a.draw(surface, self.camera)
        if self.drag is not None and self.drag.what == "follower":
            img = assets.pieces.get(self.seats[t.player].color, max(16, round(self.camera.tile_px * 0.38)))
            surface.blit(img, img.get_rect(center=self.drag.pos))
        draw_message(surface, board, self.rects["track"].top,
                     Message(self.message, self.message_colour, self.message_time), assets, u)
        if self.tip is not None and self.phase != HANDOVER:
            self._draw_tip(surface, self.tip)
        if self.phase == HANDOVER:
            draw_handover(surface, board, self.seats[t.player], assets, u)

    def _draw_tip(self, surface: pygame.Surface, tip: Tip) -> None:
        if self.rects["board"].collidepoint(self.pointer) and (self.drag is None or self.drag.what != "tile"):
            cell = self.camera.cell_at(*self.pointer)
            if self.game.tile_at(*cell) is None:  # the square the tooltip is about
                pygame.draw.rect(surface, (255, 255, 255), self.camera.tile_rect(*cell), max(2, int(3 * self.u)),
                                 border_radius=4)
        at = self.pointer
        card = next((c for c in self.card_rects if c.collidepoint(at)), None)
        if card is not None:  # beside the card, not over it
            at = (card.x - int(440 * self.u), card.y)
        draw_tip(surface, tip, at, self.rects["board"].union(self.rects["panel"]), self.app.assets.fonts,
                 self.app.assets.tiles, self.u)


def _to_screen(scene: PlayScene, world: tuple[float, float]) -> Callable[[], tuple[float, float]]:
    return lambda: scene.camera.to_screen(*world)


def _card_edge(scene: PlayScene, player: int) -> Callable[[], tuple[float, float]]:
    return lambda: scene.card_rects[player].midright
