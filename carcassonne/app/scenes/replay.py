"""The Replay viewer: a recorded game on the board, stepped forwards and backwards.

Left/Right (or the buttons) step a turn, PageUp/PageDown ten, Home/End jump to the
start or the end; the slider under the board goes to any turn. The panel shows the
players' scores at that point, what the turn did and its score events in words.
The board is the Play scene's :class:`~carcassonne.app.board.board_view.BoardView` (drag to
pan, wheel or +/- to zoom, F to fit). Also: the Replays dialog that lists the records
to watch and takes a typed path.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ...ai.analysis import TurnAnalysis
from ...engine.untrusted import shown_path
from ...i18n import N_, _, format_number, format_when, ngettext
from ...words.score_words import describe
from ..art.assets import PLAYER_RGB
from ..board.board_view import LAST_PLACED
from ..board.camera import READABLE_PX
from ..board.sprites import GHOST_RGB
from ..files.replay import Replay
from ..files.saves import summarize
from ..play.aidview import Aids
from ..play.board_overlay import StepMarks
from ..session import open_replay
from ..ui.intents import KEY, MOTION, PRESS, RELEASE, WHEEL, Intent
from ..ui.panels import draw_player_card, draw_side_panel, draw_top_bar
from ..ui.widgets import ACCENT, INK, INK_DIM, Button, TextField, blit_text, draw_panel, share_row, wrap, wrap_at_most
from .base import BoardScene, Dialog, delete_twice

if TYPE_CHECKING:
    from ..app import App


class ReplayScene(BoardScene):
    keymap = "replay"

    def __init__(self, app: App, replay: Replay, focus: TurnAnalysis | None = None, pushed: bool = False) -> None:
        super().__init__(app, replay.seats, replay.game)
        #: A turn of the analysis shown: the move played and, see-through, the better one.
        self.focus = focus
        #: Opened over another screen (the analysis), which Close goes back to.
        self.pushed = pushed
        self.step_marks = StepMarks([s.color for s in replay.seats])  # -- board overlay
        self.replay = replay
        self.aids = Aids(self.game)
        self.pan_from: tuple[int, int] | None = None
        self.sliding = False
        #: The camera frames each step's board until the player pans or zooms (Home/F: framed again).
        self.framed = True
        #: The first score event shown in the panel (the list scrolls with the wheel over it).
        self.event_scroll = 0
        self._scrolled_step = replay.step
        self.buttons = {
            "first": Button(N_("Start"), lambda: self.go(0), hint=N_("Home")),
            "back": Button(N_("Prev"), lambda: self.go(self.replay.step - 1), hint="←"),
            "next": Button(N_("Next"), lambda: self.go(self.replay.step + 1), hint="→", primary=True),
            "last": Button(N_("End"), lambda: self.go(self.replay.last), hint=N_("End")),
            "close": Button(N_("Close"), self.close, hint="Esc"),
            "analyse": Button(N_("Analyse"), self.analyse, hint="A"),
        }
        self.widgets = list(self.buttons.values())

    # ------------------------------------------------------------ layout
    def enter(self) -> None:
        super().enter()
        if self.focus is not None:
            self.show_analysed(self.focus)
        else:
            self.fit()

    def recentre(self) -> None:
        self.framed = True
        self.fit()

    def fit(self) -> None:
        """The board as it stands at this step in view, above the slider bar: the turn's tile at a
        readable size (a board of three tiles is not drawn as small as the finished one)."""
        cells = [(x, y) for x, y, _ in self.replay.game.placed_tiles()]
        self.board.fit(cells, area=self.view_area())
        move = self.replay.last_move()
        if move is not None and self.camera.tile_px < READABLE_PX:  # a big board: its turn up close
            self.board.fit([(move.x - 2, move.y - 2), (move.x + 2, move.y + 2)], area=self.view_area())

    def _moved_camera(self) -> None:
        """The player took the camera (pan, zoom): steps keep the turn's tile in view, no more."""
        self.framed = False

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w = size[0]
        pad = int(10 * u)
        y = self.layout_board(360, 50 if len(self.seats) <= 4 else 40, 44)
        self.rects["slider"] = self.rects["bar"]
        panel, inner = self.rects["panel"], self.rects["inner"]
        top_h = self.rects["top"].h
        bh = int(38 * u)
        share_row([self.buttons[name] for name in ("first", "back", "next", "last")],
                  pygame.Rect(inner.x, y, inner.w, bh), int(6 * u), self.app.assets.fonts, u)
        self.rects["text"] = pygame.Rect(inner.x, y + bh + pad, inner.w, panel.bottom - y - bh - 2 * pad)
        tw = int(110 * u)
        self.buttons["close"].rect = pygame.Rect(w - pad - tw, int(6 * u), tw, top_h - int(12 * u))
        self.buttons["analyse"].rect = self.buttons["close"].rect.move(-tw - int(8 * u), 0)
        self._show()

    # ----------------------------------------------------------- actions
    def go(self, step: int) -> None:
        self.replay.go(step)
        if self.replay.step != self._scrolled_step:  # a new turn's events start at the top
            self._scrolled_step = self.replay.step
            self.event_scroll = 0
            self._frame_step()

    def _frame_step(self) -> None:
        """A new step: framed (see :meth:`fit`), or, once the player has moved the camera, its
        tile followed into view."""
        if "board" not in self.rects or self.focus_shown() is not None:
            return
        move = self.replay.last_move()
        if self.framed:
            self.fit()
        elif move is not None:
            self.camera.follow(move.x, move.y, self.view_box(), 0.0)

    def close(self) -> None:
        if self.pushed:
            self.app.pop(self)
        else:
            self.app.replace_scene("title")

    def analyse(self) -> None:
        """The analysis of this record; picking a turn there brings it here with both moves."""
        if self.pushed and self.focus is not None:
            self.close()  # opened from the analysis: back to its list
            return
        self.app.push_scene("analysis", record=self.replay.record, label=self.replay.name,
                            on_pick=self.show_analysed)

    def show_analysed(self, turn: TurnAnalysis) -> None:
        """Go to ``turn`` and show the move played and the better move, both in view."""
        self.focus = turn
        self.go(turn.turn)
        if "board" in self.rects:
            cells = [(turn.played.x, turn.played.y), (turn.best.x, turn.best.y)]
            xs, ys = [c[0] for c in cells], [c[1] for c in cells]
            self.board.fit([(min(xs) - 3, min(ys) - 2), (max(xs) + 3, max(ys) + 2)], area=self.view_area())

    def focus_shown(self) -> TurnAnalysis | None:
        """The analysed turn, while the replay shows it."""
        return self.focus if self.focus is not None and self.replay.step == self.focus.turn else None

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
                self._moved_camera()
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
                self._moved_camera()
            elif self.rects["text"].collidepoint(intent.pos) and self._max_event_scroll() > 0:
                self.scroll_events(-intent.dy)
            else:
                self.go(self.replay.step - intent.dy)
            return True
        if intent.kind == KEY:
            return self._on_key(intent)
        return False

    def _on_key(self, intent: Intent) -> bool:
        r = self.replay
        steps = {"next": r.step + 1, "previous": r.step - 1, "forward": r.step + 10, "rewind": r.step - 10,
                 "first": 0, "last": r.last}
        if intent.action in steps:
            self.go(steps[intent.action])
        elif intent.action == "back":
            self.close()
        elif intent.action == "analyse":
            self.analyse()
        elif self.camera_action(intent.action):
            if intent.action != "recentre":
                self._moved_camera()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.app.assets.tiles.refine(3)
        r = self.replay
        self.buttons["first"].enabled = self.buttons["back"].enabled = r.step > 0
        self.buttons["next"].enabled = self.buttons["last"].enabled = r.step < r.last
        self._show()
        self.board.update(dt)

    def _show(self) -> None:
        """The board at the current step: its tiles, followers, this turn's tile and scored features."""
        # -- board overlay: the step's scored features painted, its tile and follower marked
        marks = self.step_marks.get(self.replay.step, self.replay.game, self.replay.events())
        focus = self.focus_shown()
        if focus is not None:  # -- the analysis: the better move, see-through
            marks = replace(marks, ghost=focus.best, ghost_colour=self.seats[focus.player].color)
        self.board.show(self.replay.step, marks)

    # -------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((52, 62, 48))
        self.board.draw(surface)
        self._draw_slider(surface)
        self._draw_legend(surface)
        self._draw_top(surface)
        self._draw_panel(surface)
        super().draw(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        u = self.u
        top = self.rects["top"]
        fonts = self.app.assets.fonts
        x = draw_top_bar(surface, top, N_("Replay"), self.app.assets, u)
        r = self.replay
        step = _("final scoring") if r.is_final else _("turn {step} of {total}").format(step=r.step, total=len(r.turns))
        blit_text(surface, fonts.get(int(18 * u), "bold"), f"{r.name} · {step}" if r.name else step,
                  (x + int(20 * u), top.centery), INK, "midleft")
        blit_text(surface, fonts.get(int(13 * u)), _("← → step · Home/End · drag to pan · wheel to zoom"),
                  (self.buttons["analyse"].rect.x - int(14 * u), top.centery), INK_DIM, "midright")

    def _draw_legend(self, surface: pygame.Surface) -> None:
        """While an analysed turn shows: the points lost, and which tile is which."""
        focus = self.focus_shown()
        if focus is None:
            return
        u = self.u
        fonts = self.app.assets.fonts
        bold, font = fonts.get(int(15 * u), "bold"), fonts.get(int(14 * u))
        area = self.view_area()
        swatch = int(18 * u)
        gap = int(10 * u)
        head = ngettext("Turn {turn}: {points} point lost", "Turn {turn}: {points} points lost",
                        max(1, round(focus.loss))).format(turn=focus.turn, points=format_number(focus.loss, 1))
        items = [(LAST_PLACED[:3], _("the move played")), (GHOST_RGB, _("the better move found (see-through)"))]
        width = max(bold.size(head)[0], *(swatch + gap + font.size(text)[0] for _c, text in items)) + 2 * gap
        line = max(swatch, font.get_linesize()) + int(4 * u)
        box = pygame.Rect(area.x + gap, 0, min(width, area.w - 2 * gap), bold.get_linesize() + 2 * line + 2 * gap)
        box.bottom = area.bottom - gap
        draw_panel(surface, box, u, (40, 36, 30), 230)
        y = box.y + gap
        blit_text(surface, bold, head, (box.x + gap, y), INK)
        y += bold.get_linesize() + int(4 * u)
        for rgb, text in items:
            r = pygame.Rect(box.x + gap, y, swatch, swatch)
            pygame.draw.rect(surface, rgb, r, max(2, int(3 * u)), border_radius=max(2, int(3 * u)))
            blit_text(surface, font, text, (r.right + gap, r.centery), INK, "midleft")
            y += line

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
            blit_text(surface, font, str(v), (round(x), r.y + int(3 * u)), INK_DIM, "midtop")
        x = inner.x + inner.w * self.replay.step / last
        pygame.draw.circle(surface, ACCENT, (round(x), y), max(6, int(9 * u)))
        pygame.draw.circle(surface, (30, 27, 22), (round(x), y), max(6, int(9 * u)), max(1, int(2 * u)))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        u = self.u
        draw_side_panel(surface, self.rects["panel"], u)
        scores = self.replay.scores
        projected = self.aids.projected() if self._projected_shown() else None
        gained = {p: 0 for p in range(len(self.seats))}
        for ev in self.replay.events():
            for p in ev.players:
                gained[p] += ev.points
        r = self.replay
        mover = r.player_of[r.step - 1] if 1 <= r.step <= len(r.turns) else None
        for i, (seat, card) in enumerate(zip(self.seats, self.card_rects)):
            n = self.game.supply[i]
            note = ngettext("{count} follower in supply", "{count} followers in supply", n).format(count=n)
            if gained[i]:
                note = _("+{points} this turn · {supply}").format(points=gained[i], supply=note)
            draw_player_card(surface, card, seat, scores[i], self.app.assets, u, current=i == mover,
                             projected=None if projected is None else projected[i], note=note)
        self._draw_text(surface)

    # ------------------------------------------------- the turn in words
    def _text_fonts(self) -> tuple[pygame.font.Font, pygame.font.Font]:
        fonts = self.app.assets.fonts
        return fonts.get(int(15 * self.u)), fonts.get(int(16 * self.u), "bold")

    def _event_list(self, with_projection: bool) -> tuple[int, int, list[list[str]]]:
        """Where the score events go in the panel: top and bottom y, and each event's wrapped lines.

        Read-only, so drawing and the wheel agree on what fits.
        """
        font, head = self._text_fonts()
        area = self.rects["text"]
        lh = font.get_linesize()
        y = area.y + lh * len(wrap(font, self.replay.describe(), area.w)) + int(8 * self.u)
        y += head.get_linesize() + int(2 * self.u)
        bottom = area.bottom - (2 * lh if with_projection else 0)
        names = self.game.names
        rows = [wrap(font, describe(ev, names) + ".", area.w - int(18 * self.u)) for ev in self.replay.events()]
        return y, bottom, rows

    def _event_page(self, first: int, top: int, bottom: int, rows: list[list[str]]) -> int:
        """How many events from ``first`` on fit between ``top`` and ``bottom``, keeping a
        line for "↑ n earlier" when scrolled and for "… and n more" when some are left."""
        lh = self._text_fonts()[0].get_linesize()
        gap = int(3 * self.u)
        y = top + (lh + gap if first > 0 else 0)
        n = 0
        for k in range(first, len(rows)):
            need = lh * len(rows[k]) + gap
            more_below = k < len(rows) - 1
            if y + need + (lh if more_below else 0) > bottom and n > 0:
                break
            y += need
            n += 1
        return n

    def shown_events(self) -> tuple[int, int]:
        """Which score events the panel shows: the first one's index and how many."""
        top, bottom, rows = self._event_list(self._projected_shown())
        first = max(0, min(self.event_scroll, len(rows) - 1))
        return first, self._event_page(first, top, bottom, rows)

    def _max_event_scroll(self) -> int:
        top, bottom, rows = self._event_list(self._projected_shown())
        first = len(rows) - 1
        while first > 0 and first - 1 + self._event_page(first - 1, top, bottom, rows) >= len(rows):
            first -= 1
        return max(0, first)

    def _projected_shown(self) -> bool:
        return self.app.settings.aids and not self.game.finished

    def scroll_events(self, lines: int) -> None:
        """Scroll the list of score events (the wheel over it); past either end it stays."""
        self.event_scroll = max(0, min(self._max_event_scroll(), self.event_scroll + lines))

    def _draw_text(self, surface: pygame.Surface) -> None:
        with_projection = self._projected_shown()
        u = self.u
        area = self.rects["text"]
        font, head = self._text_fonts()
        small = self.app.assets.fonts.get(int(13 * u))
        lh = font.get_linesize()
        y = area.y
        for line in wrap(font, self.replay.describe(), area.w):
            blit_text(surface, font, line, (area.x, y), INK)
            y += lh
        y += int(8 * u)
        events = self.replay.events()
        blit_text(surface, head, _("Score events") if events else _("No points scored on this turn."),
                  (area.x, y), ACCENT if events else INK_DIM)
        top, _bottom, rows = self._event_list(with_projection)
        first, shown = self.shown_events()
        y = top
        indent = area.x + int(18 * u)
        if first > 0:
            blit_text(surface, font, _("↑ {count} earlier (wheel to scroll)").format(count=first), (indent, y),
                      INK_DIM)
            y += lh + int(3 * u)
        for k in range(first, first + shown):
            ev = events[k]
            colour = PLAYER_RGB.get(self.seats[ev.players[0]].color, INK) if ev.players else INK_DIM
            pygame.draw.circle(surface, colour, (area.x + int(5 * u), y + lh // 2), int(5 * u))
            for line in rows[k]:
                blit_text(surface, font, line, (indent, y), INK)
                y += lh
            y += int(3 * u)
        rest = len(events) - first - shown
        if rest > 0:
            blit_text(surface, font, _("… and {count} more (wheel to scroll)").format(count=rest), (indent, y),
                      INK_DIM)
        if with_projection:
            note = _("→ the score if the game ended at this turn")
            lines = wrap_at_most(small, note, area.w, 2)  # (in German it ran past the window's edge)
            for i, line in enumerate(reversed(lines)):
                blit_text(surface, small, line, (area.x, area.bottom - i * small.get_linesize()), INK_DIM,
                          "bottomleft")


def result_words(players: tuple[str, ...], scores: tuple[int, ...]) -> str:
    """A finished game's result: "Ann won", or who shared the first place."""
    if not players or len(players) != len(scores):
        return ""
    best = max(scores)
    winners = [name for name, score in zip(players, scores) if score == best]
    if len(winners) == 1:
        return _("{name} won").format(name=winners[0])
    return _("{names} shared the win").format(names=_(" and ").join(winners))


class ReplaysDialog(Dialog):
    """Pick a record to watch: the autosave, saved games, finished games (kept in replays/ with
    their result), or a typed path; delete one of ours with a second click."""

    title = N_("Watch a replay")
    box_size = (680, 580)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.paths: list[Path] = app.storage.list_replays()
        self.scroll = 0
        self.rows: list[Button] = []
        self.deletes: list[Button] = []
        #: The record whose Delete was clicked once (the next click deletes it).
        self.armed: Path | None = None
        self.path_text = ""
        self.field = TextField("", self._typed, max_len=240, placeholder=N_("or type a path to a .carc.json"))
        self.open_btn = Button(N_("Open"), self._open_typed)
        self.back = Button(N_("Back"), self.close, hint="Esc")

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
        self.rows, self.deletes = [], []
        delete_w = int(96 * u)
        for i, path in enumerate(self.paths[self.scroll:self.scroll + room]):
            summary = summarize(self.app.storage, path, self.app.tiles)  # as the Load list shows a game
            if self.app.storage.is_autosave(path):
                players = summary.players
                label = (_("In progress: {players}").format(players=" · ".join(players)) if players
                         else _("Autosave (game in progress)"))
            elif summary.players and summary.finished:  # (a finished game: its result too)
                label = f"{summary.standings} · {result_words(summary.players, summary.scores)}"
            elif summary.players:
                label = summary.standings
            else:  # unreadable: its name (opening it says why)
                label = shown_path(f"{path.parent.name}/{path.name.replace('.carc.json', '')}")
            try:
                when = format_when(path.stat().st_mtime, year=False)
            except OSError:
                when = ""
            b = Button(label, partial(self.watch, path), hint=when)
            b.rect = pygame.Rect(self.box.x + int(24 * u), top + i * (rh + gap),
                                 self.box.w - int(56 * u) - delete_w, rh)
            self.rows.append(b)
            delete = Button(N_("Sure?") if path == self.armed else N_("Delete"), partial(self._delete, path))
            delete.rect = pygame.Rect(b.rect.right + int(8 * u), b.rect.y, delete_w, rh)
            self.deletes.append(delete)
        self.widgets = [*self.rows, *self.deletes, self.field, self.open_btn, self.back]

    def _delete(self, path: Path) -> None:
        """The first click asks (the button says "Sure?"), the second deletes the record."""
        self.armed = delete_twice(self.app, self.armed, path, self.paths.remove)
        self._rows()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == WHEEL:
            self.scroll -= intent.dy
            self._rows()
            return True
        if intent.action == "confirm" and self.field.focused:
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
            self.app.push_scene("message", title=N_("Cannot open this replay"), text=reason)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.paths:
            font = self.app.assets.fonts.get(int(17 * self.u))
            blit_text(surface, font, _("No records yet: save a game, or put .carc.json files in"),
                      (self.box.centerx, self.box.centery - int(30 * self.u)), INK_DIM, "center")
            blit_text(surface, font, str(self.app.storage.replays_dir),
                      (self.box.centerx, self.box.centery), INK_DIM, "center")
