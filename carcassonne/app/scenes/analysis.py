"""The post-game analysis on screen: a progress bar while it runs, then each player's three
costliest turns: the points lost, what was played and what would have been better.

Opened from the Results screen and from the Replay viewer, for any record. The analysis
runs beside the window (:class:`~carcassonne.app.files.analysis_job.AnalysisJob`); leaving this
screen before it ends stops it. Picking a turn (a click, or its number key) shows it in
the replay viewer with both moves on the board; opened from a replay, the replay itself
goes there (``on_pick``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...ai.analysis import TurnAnalysis, costliest
from ...engine.record import GameRecord
from ...i18n import N_, _, format_number, ngettext
from ...words.hint_words import hint_sentence
from ...words.movelog import advice_words, played_words
from ..art.assets import PLAYER_RGB
from ..files.analysis_job import AnalysisJob, analysed_players
from ..files.replay import Replay
from ..ui.intents import KEY, MOTION, PRESS, RELEASE, Intent
from ..ui.widgets import ACCENT, BAD, GOOD, INK, INK_DIM, Button, blit_text, cut, draw_panel, wrap, wrap_at_most
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

#: How many turns are listed for each player.
SHOWN = 3


def loss_words(loss: float) -> str:
    """Points lost, with one decimal: "6.3 points lost"."""
    return ngettext("{points} point lost", "{points} points lost", max(1, round(loss))).format(
        points=format_number(loss, 1))


@dataclass
class Row:
    """One listed turn on screen: where it is, and its number key."""

    turn: TurnAnalysis
    rect: pygame.Rect
    key: int


class AnalysisScene(Scene):
    keymap = "analysis"

    def __init__(self, app: App, record: GameRecord, label: str = "",
                 on_pick: Callable[[TurnAnalysis], None] | None = None, budget: float | None = None) -> None:
        super().__init__(app)
        self.record = record
        #: The record's name, for a replay opened from here.
        self.label = label
        self.on_pick = on_pick
        self.seats = list(record.players)
        self.players = sorted(analysed_players(self.seats))
        #: The position the words are read from (only the tiles' pictures matter).
        self.game = record.new_game(app.tiles)
        self.job = AnalysisJob(record, set(self.players), budget)
        self.rows: list[Row] = []
        self.hover: int | None = None
        self._moved = True
        self.pressed: int | None = None
        self.back = Button(N_("Back"), self.close, hint="Esc")
        self.widgets = [self.back]

    # ------------------------------------------------------------ leaving
    def close(self) -> None:
        self.app.pop(self)

    def exit(self) -> None:
        self.job.cancel()

    def pick(self, turn: TurnAnalysis) -> None:
        """Show ``turn`` on the board: in the replay this was opened from, or in a new one."""
        if self.on_pick is not None:
            self.close()
            self.on_pick(turn)
            return
        replay = Replay(self.record, self.app.tiles, self.label)
        self.app.push_scene("replay", replay=replay, focus=turn, pushed=True)

    # -------------------------------------------------------------- input
    def handle(self, intent: Intent) -> bool:
        if super().handle(intent):
            return True
        if intent.kind == MOTION:
            self.hover = self._row_at(intent.pos)
            return False
        if intent.kind == PRESS and intent.button == 1:
            self.pressed = self._row_at(intent.pos)
            return self.pressed is not None
        if intent.kind == RELEASE and intent.button == 1:
            row, self.pressed = self._row_at(intent.pos), None
            if row is not None:
                self.pick(self.rows[row].turn)
                return True
            return False
        if intent.kind == KEY:
            if intent.action == "back":
                self.close()
                return True
            if intent.action == "costly-turn":
                number = intent.key - pygame.K_1 + 1 if pygame.K_1 <= intent.key <= pygame.K_9 else \
                    intent.key - pygame.K_KP1 + 1
                chosen = next((r for r in self.rows if r.key == number), None)
                if chosen is not None:
                    self.pick(chosen.turn)
                return True
        return False

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.rows) if r.rect.collidepoint(pos)), None)

    def update(self, dt: float) -> None:
        was_running, before = self.job.running, self.job.progress
        self.job.poll()
        #: Drawn again only when the bar moved: the workers need the machine more than the window.
        self._moved = self.job.progress != before or was_running != self.job.running
        if was_running and not self.job.running:
            self.layout(self.size)

    def animating(self) -> bool:
        return self._moved

    # ------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        pad = int(24 * u)
        self.back.rect = pygame.Rect(0, 0, int(180 * u), int(46 * u))
        self.back.rect.bottomright = (w - pad, h - pad)
        self.body = pygame.Rect(pad, int(120 * u), w - 2 * pad, self.back.rect.top - int(14 * u) - int(120 * u))
        self._place_rows()

    def sections(self) -> list[tuple[int, list[TurnAnalysis]]]:
        """Each analysed player and their costliest turns, in seat order."""
        turns = self.job.turns or []
        return [(p, costliest(turns, p, SHOWN)) for p in self.players]

    def _columns(self) -> list[pygame.Rect]:
        """One column per player up to two, then a grid of two columns."""
        n = len(self.players)
        cols = 1 if n == 1 else 2
        rows = (n + cols - 1) // cols
        gap = int(16 * self.u)
        cw = (self.body.w - (cols - 1) * gap) // cols
        rh = (self.body.h - (rows - 1) * gap) // rows
        return [pygame.Rect(self.body.x + (i % cols) * (cw + gap), self.body.y + (i // cols) * (rh + gap), cw, rh)
                for i in range(n)]

    def _entry_h(self, column: pygame.Rect) -> int:
        head_h = self._fonts()[0].get_linesize() + int(16 * self.u)
        return max(int(40 * self.u), min(int(170 * self.u), (column.h - head_h - int(10 * self.u)) // SHOWN))

    def _place_rows(self) -> None:
        self.rows = []
        if self.job.turns is None:
            return
        key = 1
        gap = int(8 * self.u)
        _head, bold, font = self._fonts()
        for (_player, worst), column in zip(self.sections(), self._columns()):
            y = column.y + self._fonts()[0].get_linesize() + int(16 * self.u)
            most = self._entry_h(column)
            width = column.w - 2 * gap - int(20 * self.u)
            for turn in worst:  # as tall as its words need, at most its share of the column
                played, better = self._row_texts(turn)
                lines = len(wrap(font, played, width)) + len(wrap(font, better, width))
                need = bold.get_linesize() + lines * font.get_linesize() + int(16 * self.u) + gap
                eh = max(int(40 * self.u), min(most, need))
                self.rows.append(Row(turn, pygame.Rect(column.x + gap, y, column.w - 2 * gap, eh - gap), key))
                y += eh
                key += 1

    # --------------------------------------------------------------- draw
    def _fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        fonts = self.app.assets.fonts
        u = self.u
        return fonts.get(int(18 * u), "bold"), fonts.get(int(16 * u), "bold"), fonts.get(int(14 * u))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((34, 38, 32))
        u = self.u
        fonts = self.app.assets.fonts
        w = surface.get_width()
        blit_text(surface, fonts.get(int(40 * u), "title"), _("Where the game was won and lost"),
                  (w // 2, int(16 * u)), ACCENT, "midtop", shadow=True)
        small = fonts.get(int(14 * u))
        for i, line in enumerate(wrap(small, _("Points lost: how much the move played was worth less than the best "
                                               "move found, in points of final lead, by the same search for both."),
                                      w - int(60 * u))[:2]):
            blit_text(surface, small, line, (w // 2, int(70 * u) + i * small.get_linesize()), INK_DIM, "midtop")
        if self.job.turns is not None:
            self._draw_results(surface)
            if self.rows:
                tip = cut(small, _("Click a turn, or press its number, to see both moves on the board."),
                           self.back.rect.x - int(40 * u))
                blit_text(surface, small, tip, (int(24 * u), self.back.rect.centery), INK_DIM, "midleft")
        else:
            self._draw_progress(surface)
        super().draw(surface)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        u = self.u
        fonts = self.app.assets.fonts
        box = pygame.Rect(0, 0, min(self.body.w, int(720 * u)), int(170 * u))
        box.center = self.body.center
        draw_panel(surface, box, u)
        head, _bold, font = self._fonts()
        job = self.job
        if job.error:
            blit_text(surface, head, _("The analysis could not be made"), (box.centerx, box.y + int(20 * u)), BAD,
                      "midtop")
            for i, line in enumerate(wrap(font, job.error, box.w - int(40 * u))[:3]):
                blit_text(surface, font, line, (box.centerx, box.y + int(60 * u) + i * font.get_linesize()), INK,
                          "midtop")
            return
        text = _("Analysing turn {done} of {total}…").format(done=min(job.progress.done + 1, job.progress.total),
                                                            total=job.progress.total)
        blit_text(surface, head, text, (box.centerx, box.y + int(20 * u)), INK, "midtop")
        bar = pygame.Rect(box.x + int(30 * u), box.y + int(64 * u), box.w - int(60 * u), int(26 * u))
        pygame.draw.rect(surface, (28, 25, 20), bar, border_radius=max(2, int(6 * u)))
        filled = bar.copy()
        filled.w = round(bar.w * job.progress.fraction)
        if filled.w > 0:
            pygame.draw.rect(surface, GOOD, filled, border_radius=max(2, int(6 * u)))
        pygame.draw.rect(surface, (120, 100, 70), bar, max(1, int(2 * u)), border_radius=max(2, int(6 * u)))
        note = fonts.get(int(13 * u))
        for i, line in enumerate(wrap(note, _("About half a minute. Leaving this screen stops the analysis."),
                                      box.w - int(40 * u))[:2]):
            blit_text(surface, note, line, (box.centerx, bar.bottom + int(16 * u) + i * note.get_linesize()),
                      INK_DIM, "midtop")

    def _draw_results(self, surface: pygame.Surface) -> None:
        u = self.u
        head, bold, font = self._fonts()
        turns = self.job.turns or []
        rows = iter(self.rows)
        for (player, worst), column in zip(self.sections(), self._columns()):
            draw_panel(surface, column, u)
            seat = self.seats[player]
            mine = [t for t in turns if t.player == player]
            lost = sum(t.loss for t in mine)
            title = ngettext("{name}: {points} points lost in {count} turn",
                             "{name}: {points} points lost in {count} turns",
                             len(mine)).format(name=seat.name, points=format_number(lost, 1), count=len(mine))
            rgb = PLAYER_RGB.get(seat.color, INK) if seat.color != "black" else INK
            pygame.draw.circle(surface, rgb,
                               (column.x + int(20 * u), column.y + int(10 * u) + head.get_linesize() // 2), int(7 * u))
            self._fit_line(surface, head, title, (column.x + int(34 * u), column.y + int(10 * u)),
                           column.w - int(48 * u), INK)
            if not worst:
                blit_text(surface, font, _("No costly turn: every move was as good as the best found."),
                          (column.x + int(16 * u), column.y + int(20 * u) + head.get_linesize()), GOOD)
            for _turn in worst:
                self._draw_row(surface, next(rows), bold, font)

    def _draw_row(self, surface: pygame.Surface, row: Row, bold: pygame.font.Font, font: pygame.font.Font) -> None:
        u = self.u
        r = row.rect
        index = self.rows.index(row)
        colour = (74, 66, 50) if index == self.hover else (56, 50, 40)
        pygame.draw.rect(surface, colour, r, border_radius=max(2, int(6 * u)))
        pygame.draw.rect(surface, ACCENT if index == self.hover else (100, 86, 62), r, max(1, int(2 * u)),
                         border_radius=max(2, int(6 * u)))
        t = row.turn
        x = r.x + int(10 * u)
        width = r.w - int(20 * u)
        y = r.y + int(6 * u)
        key = f"{row.key}"
        kw = bold.size(key)[0] + int(12 * u)
        key_box = pygame.Rect(x, y, kw, bold.get_linesize())
        pygame.draw.rect(surface, (40, 36, 30), key_box, border_radius=max(2, int(4 * u)))
        blit_text(surface, bold, key, key_box.center, ACCENT, "center")
        heading = _("Turn {turn}").format(turn=t.turn) + " · " + loss_words(t.loss)
        self._fit_line(surface, bold, heading, (x + kw + int(8 * u), y), width - kw - int(8 * u), BAD)
        y += bold.get_linesize() + int(2 * u)
        room = (r.bottom - y - int(4 * u)) // font.get_linesize()
        played, better = self._row_texts(t)
        # the move played first, the better one in the lines left (at least half of them)
        mine = wrap_at_most(font, played, width, max(1, min(len(wrap(font, played, width)), room // 2 + room % 2)))
        lines = ([(line, INK) for line in mine]
                 + [(line, GOOD) for line in wrap_at_most(font, better, width, max(1, room - len(mine)))])
        for line, ink in lines[:max(1, room)]:
            blit_text(surface, font, line, (x, y), ink)
            y += font.get_linesize()

    def _row_texts(self, t: TurnAnalysis) -> tuple[str, str]:
        """A costly turn's two texts: the move played, and the better move with why."""
        played = _("Played: {move}").format(move=played_words(self.game, self.seats[t.player].name, t.played))
        better = _("Better: {move}.").format(move=advice_words(self.game, t.best, t.played))
        if t.better is not None:
            better += " " + hint_sentence(t.better)
        return played, better

    def _fit_line(self, surface: pygame.Surface, font: pygame.font.Font, text: str, pos: tuple[int, int],
                  width: int, ink: tuple[int, int, int]) -> None:
        blit_text(surface, font, cut(font, text, width), pos, ink)
