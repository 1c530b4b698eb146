"""Final scoring on the board: each incomplete road, city, cloister and each farm lit in
turn where it lies, its points rising and the score track moving, then the results.

The rulebook's end of the game: "every incomplete road, city and cloister, and every
farm, scores" (rules/, "Final scoring"). The engine has scored them already (its final
``ScoreEvent`` s, in its order); this scene shows them one at a time: every event gets
its moment (:attr:`FinalBoardScene.step` counts them). Opened again from the results
(``review=True``) it shows the final board with nothing lit, and Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...engine import Game, ScoreEvent
from ...engine.record import Seat
from ...i18n import N_, _
from ...words.explain import open_risk
from ...words.score_words import describe
from ..art.assets import PLAYER_RGB
from ..board.anim import Anim, FloatText
from ..board.board_view import BoardMarks
from ..board.camera import READABLE_PX
from ..board.feature_paint import Paint, event_paint
from ..play.hud import Card, draw_cards, draw_track
from ..ui.intents import KEY, PRESS, WHEEL, Intent
from ..ui.panels import draw_top_bar
from ..ui.textcache import render_text
from ..ui.widgets import INK, Button, draw_panel, wrap
from .base import BoardScene

if TYPE_CHECKING:
    from ..app import App

#: Seconds each scored feature stays lit (divided by the animation speed).
STEP_SECONDS = 1.4
#: Seconds the last one stays before the results.
HOLD_SECONDS = 1.2


def marks_of(game: Game, ev: ScoreEvent) -> frozenset[str]:
    """The marks (an expansion's segment marks) of the feature a final event scored, found by its tiles."""
    tiles = set(ev.tiles)
    return next((f.marks for f in game.features(ev.feature, occupied=True) if set(f.tiles) == tiles),
                frozenset())


class FinalBoardScene(BoardScene):
    keymap = "final"

    def __init__(self, app: App, game: Game, seats: list[Seat], final: list[ScoreEvent],
                 review: bool = False, hints: list[int] | None = None,
                 chat: list[dict[str, Any]] | None = None) -> None:
        super().__init__(app, seats, game)
        #: Hints each player used and a network game's chat as it ended, passed on to the results.
        self.hints = hints
        self.chat = chat
        #: The engine's final events, handed on to the results.
        self.given = list(final)
        #: Each moment: the engine's events, a feature worth 0 included (its followers scored nothing).
        self.final = list(final)
        self.review = review
        self.paints: list[Paint] = [event_paint(game, ev, [s.color for s in seats]) for ev in self.final]
        #: How many final events have had their moment (the one lit now included).
        self.step = len(self.final) if review or app.settings.speed <= 0 else 0
        self.timer = 0.0
        self.before = [s - sum(e.points for e in self.final if p in e.players) for p, s in enumerate(game.scores)]
        self.shown_scores = [float(s) for s in self.scores_after(self.step)]
        self.anims: list[Anim] = []
        self.button = Button(N_("Back to the results") if review else N_("Results"), self.to_results, hint="Enter",
                             primary=True)
        self.widgets = [self.button]
        self.caption: list[str] = []

    # ------------------------------------------------------------ state
    def scores_after(self, step: int) -> list[int]:
        """The scores with the first ``step`` final events counted."""
        scores = list(self.before)
        for ev in self.final[:step]:
            for p in ev.players:
                scores[p] += ev.points
        return scores

    @property
    def lit(self) -> Paint | None:
        """The feature scored now (None before the first and in review)."""
        if self.review or not 0 < self.step <= len(self.final):
            return None
        return self.paints[self.step - 1]

    def advance(self) -> None:
        """The next feature's moment; after the last, the results."""
        if self.step >= len(self.final):
            self.to_results()
            return
        self.step += 1
        self.timer = 0.0
        ev = self.final[self.step - 1]
        speed = self.app.settings.speed or 1.0
        if ev.players and self.app.settings.motion > 0:  # (reduced motion: the score on the card only)
            # over the feature; an award of no feature (an expansion's majority) over the board
            tiles = ev.tiles or [(x, y) for x, y, _o in self.game.placed_tiles()]
            n = len(tiles)
            centre = (sum(x + 0.5 for x, _ in tiles) / n, sum(y + 0.5 for _, y in tiles) / n)
            colour = PLAYER_RGB.get(self.seats[ev.players[0]].color, INK)
            font = self.app.assets.fonts.get(int(36 * self.u), "bold")
            self.anims.append(FloatText(f"+{ev.points}", centre, colour, font, STEP_SECONDS / speed))
        self.show_feature(ev)

    def show_feature(self, ev: ScoreEvent) -> None:
        """The feature scored now in view, big enough to see: zoomed to it when some of it is off
        screen or its tiles are tiny; otherwise the camera stays where it is."""
        if not ev.tiles or "view" not in self.rects:
            return
        view = self.rects["view"]
        if self.camera.tile_px >= READABLE_PX and all(view.contains(pygame.Rect(self.camera.tile_rect(x, y)))
                                                      for x, y in ev.tiles):
            return
        xs, ys = [x for x, _ in ev.tiles], [y for _, y in ev.tiles]
        self.camera.fit(min(xs), min(ys), max(xs), max(ys), margin=2.5, area=(view.x, view.y, view.w, view.h))
        self.board.sync()

    def to_results(self) -> None:
        if self.review:
            self.app.pop(self)
        else:
            self.app.replace_scene("results", game=self.game, seats=self.seats, final=self.given,
                                   scored_on_board=True, hints=self.hints, chat=self.chat)

    # ----------------------------------------------------------- lifecycle
    def enter(self) -> None:
        super().enter()
        self.fit()

    def fit(self) -> None:
        self.board.fit([(x, y) for x, y, _ in self.game.placed_tiles()], area=self.rects["view"])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        y = self.layout_board(310, 58 if len(self.seats) <= 4 else 48, 34)
        inner, board = self.rects["inner"], self.rects["board"]
        self.rects["view"] = pygame.Rect(board.x, board.y, board.w, max(1, self.rects["bar"].top - board.y))
        self.rects["caption"] = pygame.Rect(inner.x, y, inner.w, int(160 * u))
        self.button.rect = pygame.Rect(inner.x, self.rects["caption"].bottom + int(10 * u), inner.w, int(44 * u))
        self._show()

    def handle(self, intent: Intent) -> bool:
        if super().handle(intent):
            return True
        if intent.kind == KEY:
            if intent.action == "next":
                self.advance()
            elif intent.action in ("confirm", "back"):
                self.to_results()
            elif intent.action in ("zoom-in", "zoom-out"):
                self.camera.zoom(1 if intent.action == "zoom-in" else -1)
            elif intent.action == "recentre":
                self.fit()
            else:
                return False
            return True
        if intent.kind == WHEEL and self.rects["board"].collidepoint(intent.pos):
            self.camera.zoom(intent.dy, intent.pos)
            return True
        if intent.kind == PRESS and intent.button == 1 and self.rects["board"].collidepoint(intent.pos):
            self.advance()
            return True
        return False

    def update(self, dt: float) -> None:
        speed = self.app.settings.speed
        self.anims = [a for a in self.anims if a.update(dt)]
        if not self.review:
            self.timer += dt * (speed if speed > 0 else 100.0)
            wait = HOLD_SECONDS if self.step >= len(self.final) else STEP_SECONDS
            if self.step == 0 or self.timer >= wait:
                self.advance()
        target = self.scores_after(self.step)
        rate = 20 * (speed or 1000) * dt
        for i, s in enumerate(target):
            cur = self.shown_scores[i]
            self.shown_scores[i] = s if abs(s - cur) <= rate else cur + (rate if s > cur else -rate)
        self.board.update(dt)
        self._show()

    def _show(self) -> None:
        lit = self.lit
        marks = BoardMarks(paints=(lit,) if lit is not None else (), dim=lit is not None)
        self.board.show(self.game.turn_number, marks)
        font = self.app.assets.fonts.get(int(17 * self.u))
        if lit is not None:
            ev = self.final[self.step - 1]
            text = describe(ev, [s.name for s in self.seats])
            if ev.points == 0 and ev.feature != "farm":  # (a feature an expansion scores nothing left open)
                risk = open_risk(ev.feature, marks_of(self.game, ev))
                text = f"{text}. {risk}" if risk else text
            text = _("{step} of {total}: {event}").format(step=self.step, total=len(self.final), event=text)
        elif self.review:
            text = _("The final board.")
        else:
            text = _("Final scoring: every incomplete road, city and cloister, and every farm.")
        self.caption = wrap(font, text, self.rects["caption"].w - int(20 * self.u))

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        u, assets = self.u, self.app.assets
        surface.fill((52, 62, 48))
        self.board.draw(surface)
        surface.set_clip(self.rects["board"])
        for a in self.anims:
            a.draw(surface, self.camera)
        surface.set_clip(None)
        draw_track(surface, self.rects["bar"], self.seats, self.shown_scores, assets, u)
        draw_top_bar(surface, self.rects["top"], N_("Final scoring") if not self.review else N_("The final board"),
                     assets, u)
        cards = [Card(seat, round(self.shown_scores[i]), False, None, "", ()) for i, seat in enumerate(self.seats)]
        draw_cards(surface, self.rects["panel"], list(zip(self.card_rects, cards)), assets, u)
        box = self.rects["caption"]
        draw_panel(surface, box, u)
        font = assets.fonts.get(int(17 * u))
        y = box.y + int(10 * u)
        for line in self.caption:
            if y + font.get_linesize() > box.bottom:
                break
            surface.blit(render_text(font, line, INK), (box.x + int(10 * u), y))
            y += font.get_linesize()
        super().draw(surface)
