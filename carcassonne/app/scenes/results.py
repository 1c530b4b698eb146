"""Results: the final scoring step by step, a table per player and feature, the winners, a chart.

Final score events are revealed one by one (Space/click reveals the next, Enter all);
the table and the chart come from the game's score events, so they always add up
to the engine's scores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Game, ScoreEvent
from ...engine.record import GameRecord, Seat
from ...engine.untrusted import shown_path
from ...i18n import N_, _, ngettext
from ...words.score_words import describe
from ..art.assets import PLAYER_RGB
from ..art.expansion_ui import playing
from ..ui.intents import KEY, PRESS, Intent
from ..ui.widgets import ACCENT, GOOD, INK, INK_DIM, Button, blit_text, draw_panel, wrap_at_most
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

#: The table's column for each feature kind of the base game (an expansion's kinds come
#: before the farms when it is played: :attr:`ExpansionUI.columns`).
COLUMNS = {"road": N_("Roads"), "city": N_("Cities"), "cloister": N_("Cloisters"), "farm": N_("Farms")}
STEP_SECONDS = 0.8


class ResultsScene(Scene):
    keymap = "results"

    def __init__(self, app: App, game: Game, seats: list[Seat], final: list[ScoreEvent],
                 scored_on_board: bool = False, hints: list[int] | None = None,
                 chat: list[dict[str, Any]] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.seats = seats
        #: A network game's chat as it ended, the spectators' lines too (read with Chat).
        self.chat = list(chat or [])
        #: Hints each player asked for during the game (none kept: not shown).
        self.hints = list(hints or [])
        self.final = list(final)
        speed = app.settings.speed
        #: Shown one by one here unless they were just shown on the board.
        self.revealed = len(self.final) if speed <= 0 or scored_on_board else 0
        self.timer = 0.0
        self.before = [s - sum(e.points for e in self.final if p in e.players) for p, s in enumerate(game.scores)]
        self.buttons = {
            "next": Button(N_("Reveal all"), self.reveal_all, hint="Enter"),
            "save": Button(N_("Save game"), self.save),
            "again": Button(N_("New game"), self.new_game, primary=True),
            "title": Button(N_("Title"), self.to_title, hint="Esc"),
            "board": Button(N_("Final board"), self.show_board, hint="B"),
            "analyse": Button(N_("Analyse"), self.analyse, hint="A"),
        }
        if self.chat:
            self.buttons["chat"] = Button(N_("Chat"), self.open_chat, hint="C")
        self.widgets = list(self.buttons.values())
        self.note = ""
        #: The event lines as wrapped for the panel's width (see :meth:`_wrapped`).
        self._wraps: dict[tuple[str, int, int], list[str]] = {}

    # -------------------------------------------------------------- data
    def columns(self) -> dict[str, str]:
        """The feature kinds the table has a column for, with their headings: an expansion's
        kinds too while it is played, so the columns add up to the total."""
        own = {kind: heading for ui in playing(self.game.rules) for kind, heading in ui.columns.items()}
        return {**{k: v for k, v in COLUMNS.items() if k != "farm"}, **own, "farm": COLUMNS["farm"]}

    def kinds(self) -> tuple[str, ...]:
        """The feature kinds the table has a column for (:meth:`columns`; kinds with one
        heading share the column of the first)."""
        return tuple(dict.fromkeys(self.column_of().values()))

    def column_of(self) -> dict[str, str]:
        """Each feature kind's column: the first kind with its heading."""
        first: dict[str, str] = {}
        return {kind: first.setdefault(heading, kind) for kind, heading in self.columns().items()}

    def table(self) -> list[dict[str, int]]:
        """Points per player per feature kind (during play + final), from the score events."""
        rows = [{k: 0 for k in self.kinds()} for _ in self.seats]
        revealed = {id(e) for e in self.final[:self.revealed]}
        column = self.column_of()
        for ev in self.game.events:
            if ev.final and id(ev) not in revealed:
                continue
            kind = "farm" if ev.feature in ("farm", "field") else column.get(ev.feature, ev.feature)
            for p in ev.players:
                rows[p][kind] = rows[p].get(kind, 0) + ev.points
        return rows

    def shown_scores(self) -> list[int]:
        scores = list(self.before)
        for ev in self.final[:self.revealed]:
            for p in ev.players:
                scores[p] += ev.points
        return scores

    def winners(self) -> list[int]:
        best = max(self.game.scores)
        return [p for p, s in enumerate(self.game.scores) if s == best]

    def series(self) -> list[list[int]]:
        """Each player's score after every turn, then after the final scoring revealed so far
        (the chart follows the reveal, like the table)."""
        turns = self.game.turn_number
        per_turn = [[0] * (turns + 2) for _ in self.seats]
        revealed = {id(e) for e in self.final[:self.revealed]}
        for ev in self.game.events:
            if ev.final and id(ev) not in revealed:
                continue
            t = turns + 1 if ev.final else min(ev.turn, turns)
            for p in ev.players:
                per_turn[p][t] += ev.points
        out = []
        for row in per_turn:
            acc, line = 0, []
            for v in row:
                acc += v
                line.append(acc)
            out.append(line)
        return out

    # ------------------------------------------------------------ actions
    def reveal_all(self) -> None:
        self.revealed = len(self.final)

    def save(self) -> None:
        try:
            record = GameRecord.from_game(self.game, self.seats)
            record.hints = list(self.hints)
            path = self.app.storage.save_game(record)
            self.note = _("Saved as {name}").format(name=shown_path(path.name))
        except OSError as exc:
            self.note = _("Could not save: {reason}").format(reason=exc.strerror or exc)

    def show_board(self) -> None:
        """Back to the final board (Esc there returns here)."""
        self.app.push_scene("final", game=self.game, seats=self.seats, final=self.final, review=True)

    def open_chat(self) -> None:
        """What the table said, then the spectators (read only: the game is over)."""
        if self.chat:
            self.app.push_scene("chat", history=lambda: self.chat)

    def analyse(self) -> None:
        """What each move cost and what would have been better (run once a session, then kept)."""
        self.app.push_scene("analysis", record=GameRecord.from_game(self.game, self.seats))

    def new_game(self) -> None:
        self.app.replace_scene("new_game")

    def to_title(self) -> None:
        self.app.replace_scene("title")

    def handle(self, intent: Intent) -> bool:
        if super().handle(intent):
            return True
        if intent.kind == KEY:
            if intent.action == "reveal-next":
                self.revealed = min(len(self.final), self.revealed + 1)
            elif intent.action == "confirm":
                if self.revealed < len(self.final):
                    self.reveal_all()
                else:
                    self.new_game()
            elif intent.action == "back":
                self.to_title()
            elif intent.action == "board":
                self.show_board()
            elif intent.action == "analyse":
                self.analyse()
            elif intent.action == "chat" and self.chat:
                self.open_chat()
            else:
                return False
            return True
        if intent.kind == PRESS and intent.button == 1:
            self.revealed = min(len(self.final), self.revealed + 1)
            return True
        return False

    def update(self, dt: float) -> None:
        self.buttons["next"].enabled = self.revealed < len(self.final)
        speed = self.app.settings.speed
        if self.revealed < len(self.final):
            self.timer += dt * (speed or 100)
            if self.timer >= STEP_SECONDS:
                self.timer = 0.0
                self.revealed += 1

    # ------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        pad = int(20 * u)
        self.left = pygame.Rect(pad, int(90 * u), int(w * 0.42), h - int(90 * u) - int(90 * u))
        self.right = pygame.Rect(self.left.right + pad, self.left.y, w - self.left.right - 2 * pad, self.left.h)
        row = [name for name in ("again", "title", "save", "board", "analyse", "chat", "next") if name in self.buttons]
        gap = int(10 * u)
        bw, bh = min(int(180 * u), (w - 2 * pad - (len(row) - 1) * gap) // len(row)), int(46 * u)
        x = w - pad - bw
        y = h - pad - bh
        for name in row:
            self.buttons[name].rect = pygame.Rect(x, y, bw, bh)
            x -= bw + gap

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((34, 38, 32))
        u = self.u
        fonts = self.app.assets.fonts
        w = surface.get_width()
        done = self.revealed >= len(self.final)
        title = fonts.get(int(44 * u), "title")
        if done:
            winners = [self.seats[p].name for p in self.winners()]
            points = max(self.game.scores)
            if len(winners) == 1:
                text = ngettext("{name} wins with {points} point!", "{name} wins with {points} points!",
                                points).format(name=winners[0], points=points)
            else:
                text = ngettext("{names} share the victory with {points} point!",
                                "{names} share the victory with {points} points!", points).format(
                    names=_(", ").join(winners[:-1]) + _(" and ") + winners[-1], points=points)
        else:
            text = _("Final scoring")
        blit_text(surface, title, text, (w // 2, int(18 * u)), ACCENT, "midtop", shadow=True)
        self._draw_steps(surface)
        self._draw_table(surface)
        self._draw_chart(surface)
        super().draw(surface)
        if self.note:  # between the panels and the row of buttons, never over a button
            row = self.buttons["next"].rect.union(self.buttons["again"].rect)
            blit_text(surface, fonts.get(int(15 * u)), self.note, (row.right, row.top - int(3 * u)), GOOD,
                      "bottomright")

    def _draw_steps(self, surface: pygame.Surface) -> None:
        u = self.u
        r = self.left
        draw_panel(surface, r, u)
        fonts = self.app.assets.fonts
        head = fonts.get(int(18 * u), "bold")
        font = fonts.get(int(15 * u))
        blit_text(surface, head, _("Final scoring: roads, cities, cloisters, then farms"),
                  (r.x + int(14 * u), r.y + int(10 * u)), INK)
        y = r.y + int(44 * u)
        line, gap = font.get_linesize() + int(2 * u), int(3 * u)
        room = r.bottom - y - int(30 * u)  # (above the "Space or click" line)
        if not self.final:
            blit_text(surface, font, _("No follower was left on the board: nothing more to score."),
                      (r.x + int(14 * u), y), INK_DIM)
        names, width = [s.name for s in self.seats], r.w - int(44 * u)
        # each event revealed in one or two lines; as many of the newest as the panel holds
        blocks = [(ev, self._wrapped(font, describe(ev, names), width)) for ev in self.final[:self.revealed]]
        first, used = len(blocks), 0
        while first > 0 and used + len(blocks[first - 1][1]) * line + gap <= room:
            first -= 1
            used += len(blocks[first][1]) * line + gap
        for ev, lines in blocks[first:]:
            colour = PLAYER_RGB.get(self.seats[ev.players[0]].color, INK) if ev.players else INK_DIM
            if ev.players and self.seats[ev.players[0]].color == "black":
                colour = INK
            pygame.draw.circle(surface, colour, (r.x + int(20 * u), y + line // 2 - 1), int(5 * u))
            for text in lines:
                blit_text(surface, font, text, (r.x + int(34 * u), y), INK)
                y += line
            y += gap
        if not self.revealed >= len(self.final):
            blit_text(surface, font, _("Space or click: next · Enter: all"), (r.centerx, r.bottom - int(8 * u)),
                      INK_DIM, "midbottom")

    def _wrapped(self, font: pygame.font.Font, text: str, width: int) -> list[str]:
        """``text`` in at most two lines of ``width`` (kept: the list is drawn every frame)."""
        key = (text, width, font.get_height())
        lines = self._wraps.get(key)
        if lines is None:
            lines = self._wraps[key] = wrap_at_most(font, text, width, 2)
        return lines

    def _draw_table(self, surface: pygame.Surface) -> None:
        u = self.u
        fonts = self.app.assets.fonts
        r = pygame.Rect(self.right.x, self.right.y, self.right.w, int(self.right.h * 0.45))
        draw_panel(surface, r, u)
        font = fonts.get(int(16 * u))
        kinds = self.kinds()
        headings = self.columns()
        cols = [_("Player"), *(_(headings[k]) for k in kinds), _("Total")]
        cw = (r.w - int(28 * u)) / (len(cols) + 1)
        xs = [r.x + int(14 * u)] + [r.x + int(14 * u) + int(cw * (i + 2)) for i in range(len(cols) - 1)]
        bold = fonts.get(int(16 * u), "bold")
        # the headings at the size at which the longest fits its column
        widest = max(cols[1:], key=lambda c: bold.size(c)[0])
        head = fonts.fitting(widest, cw - 4 * u, tuple(int(k * u) for k in (16, 15, 14, 13, 12)), "bold")
        y = r.y + int(12 * u)
        for x, c in zip(xs, cols):
            blit_text(surface, head, c, (x, y), INK_DIM)
        rows = self.table()
        scores = self.shown_scores()
        winners = self.winners() if self.revealed >= len(self.final) else []
        lh = min(int(34 * u), (r.bottom - y - int(30 * u)) // max(1, len(rows)))
        y += int(30 * u)
        for p, seat in enumerate(self.seats):
            img = self.app.assets.pieces.get(seat.color, int(lh * 0.8))
            surface.blit(img, (xs[0], y))
            name = seat.name + ("  ★" if p in winners else "")
            blit_text(surface, bold if p in winners else font, name, (xs[0] + int(lh * 0.9), y + 2),
                      ACCENT if p in winners else INK)
            for x, k in zip(xs[1:-1], kinds):
                blit_text(surface, font, str(rows[p][k]), (x, y + 2), INK)
            blit_text(surface, bold, str(scores[p]), (xs[-1], y + 2), INK)
            y += lh
        line = self.hints_line()
        if line:
            blit_text(surface, fonts.get(int(14 * u)), line, (r.x + int(14 * u), r.bottom - int(8 * u)), INK_DIM,
                      "bottomleft")

    def hints_line(self) -> str:
        """How many hints each person used ("Hints used: Ann 2 · Bob 0"); empty when none were kept."""
        people = [p for p, seat in enumerate(self.seats) if not seat.is_ai]
        if len(self.hints) != len(self.seats) or not people:
            return ""
        return _("Hints used: {counts}").format(counts=" · ".join(
            f"{self.seats[p].name} {self.hints[p]}" for p in people))

    def _draw_chart(self, surface: pygame.Surface) -> None:
        u = self.u
        fonts = self.app.assets.fonts
        top = self.right.y + int(self.right.h * 0.45) + int(14 * u)
        r = pygame.Rect(self.right.x, top, self.right.w, self.right.bottom - top)
        draw_panel(surface, r, u)
        blit_text(surface, fonts.get(int(16 * u), "bold"), _("Scores over the turns"),
                  (r.x + int(14 * u), r.y + int(8 * u)),
                  INK_DIM)
        plot = pygame.Rect(r.x + int(50 * u), r.y + int(36 * u), r.w - int(70 * u), r.h - int(66 * u))
        series = self.series()
        if not series or plot.w < 10 or plot.h < 10:
            return
        n = len(series[0])
        top_v = max(10, max(max(s) for s in series), max(self.game.scores))  # fixed scale while revealing
        small = fonts.get(int(12 * u))
        step = max(10, (top_v // 5 + 9) // 10 * 10)
        for v in range(0, top_v + 1, step):
            y = plot.bottom - plot.h * v / top_v
            pygame.draw.line(surface, (70, 66, 56), (plot.x, y), (plot.right, y))
            blit_text(surface, small, str(v), (plot.x - int(6 * u), round(y)), INK_DIM, "midright")
        for t in range(0, n, max(1, n // 8)):
            x = plot.x + plot.w * t / max(1, n - 1)
            blit_text(surface, small, str(t) if t < n - 1 else _("final"), (round(x), plot.bottom + int(4 * u)),
                      INK_DIM, "midtop")
        for p, line in enumerate(series):
            pts = [(plot.x + plot.w * i / max(1, n - 1), plot.bottom - plot.h * v / top_v) for i, v in enumerate(line)]
            rgb = PLAYER_RGB.get(self.seats[p].color, INK)
            if self.seats[p].color == "black":
                rgb = (170, 170, 180)
            if len(pts) >= 2:
                pygame.draw.lines(surface, rgb, False, pts, max(2, int(3 * u)))
