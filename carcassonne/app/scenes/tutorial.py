"""The Tutorial: the lessons list, and a lesson played on the real board with the real engine.

The lesson's logic is :class:`carcassonne.tutorial.LessonRunner` (no pygame); this
scene shows it: the board through a :class:`BoardView`, the tile in hand through a
:class:`TurnController` (place, turn, follower, confirm, the engine's why-not), the
coach's line, and a pulsing frame on the squares the step points at. A finished lesson's id is
kept in the settings (``lessons_done``).
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import Move, Placement, RecordError, Turn
from ...engine.errors import Reason
from ...engine.record import Seat
from ...resources import path as resource_path
from ...i18n import N_, _, ngettext
from ...tutorial import DONE, ILLEGAL, Lesson, LessonRunner, Note, load_lessons, refusal
from ...tutorial.runner import READ_FIRST
from ..board.board_view import BoardMarks, BoardView
from ..play.drag import spot_near
from ...words.explain import placement_sentence, reason_sentence
from ..ui.intents import MOTION, PRESS, RELEASE, WHEEL, Intent
from ..ui.keymap import key_hint
from ...words.score_words import describe_to
from ..play.turn import AI_GLIDE, AI_THINK, ANIMATING, HUMAN, TurnController
from ..ui.widgets import ACCENT, INK, INK_DIM, Button, blit_text, draw_panel, wrap
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

COLOURS = ("red", "blue")
WARN = (240, 150, 120)
POINT = (255, 236, 120)
#: The lessons' players, as the lesson files name them (the learner and the Easy computer player).
PLAYER_NAMES = (N_("You"), N_("Easy"))
PLACE_FIRST = N_("Place the tile on the board first.")


def note_words(note: Note) -> str:
    """The coach's answer to a move in the language now spoken: the engine's why-not worded
    from its rule and facts, or the runner's template with a lesson's hint translated."""
    if note.reason is not None:
        reason = note.reason
        if reason.facts.get("owner") in PLAYER_NAMES:  # "the computer's knight": the lesson's players by name
            reason = Reason(str(reason), reason.rule, **{**reason.facts, "owner": _(str(reason.facts["owner"]))})
        if note.turns:
            return placement_sentence(reason, list(note.turns))
        return reason_sentence(reason)
    if not note.template:
        return ""
    return _(note.template).format(**{k: _(v) for k, v in note.facts.items()})


def last_placed(history: list[Turn]) -> tuple[int, int] | None:
    """The square of the last tile placed (the computer's reply, after a step)."""
    for turn in reversed(history):
        if isinstance(turn, Move):
            return (turn.x, turn.y)
    return None


class TutorialScene(Scene):
    keymap = "tutorial"

    def __init__(self, app: "App", lesson: int | None = None) -> None:
        super().__init__(app)
        self.error = ""
        try:
            self.lessons: list[Lesson] = load_lessons(resource_path("lessons"))
        except RecordError as exc:
            self.lessons, self.error = [], str(exc)
        self.index: int | None = None
        self.runner: LessonRunner | None = None
        self.turn: TurnController | None = None
        self.board: BoardView | None = None
        self.rects: dict[str, pygame.Rect] = {}
        self.clock = 0.0
        # lesson titles are in the catalogue (extracted from the lesson files): translated when drawn
        self.list_buttons = [Button(lesson.title, partial(self.start, i)) for i, lesson in enumerate(self.lessons)]
        self.back_button = Button(N_("Back"), self.back, hint=N_("Esc"))
        self.buttons = {
            "confirm": Button(N_("Done"), lambda: self.do("confirm"), hint=key_hint("tutorial", "confirm"),
                              primary=True),
            "next": Button(N_("Next"), lambda: self.do("next"), hint=key_hint("tutorial", "next"), primary=True),
            "rotate": Button(N_("Turn tile"), lambda: self.do("rotate"), hint=key_hint("tutorial", "rotate")),
            "undo": Button(N_("Take back"), lambda: self.do("undo"), hint=key_hint("tutorial", "undo")),
            "restart": Button(N_("Restart lesson"), lambda: self.do("restart"), hint=key_hint("tutorial", "restart")),
            "skip": Button(N_("Skip lesson"), lambda: self.do("skip"), hint=key_hint("tutorial", "skip")),
        }
        self._first_lesson = lesson

    def enter(self) -> None:
        super().enter()
        if self._first_lesson is not None and 0 <= self._first_lesson < len(self.lessons):
            self.start(self._first_lesson)
        self._first_lesson = None

    # ------------------------------------------------------------ lessons
    @property
    def done(self) -> list[str]:
        return self.app.settings.lessons_done

    def start(self, index: int) -> None:
        """Open lesson ``index`` from its board start."""
        self.close_lesson()
        self.index = index
        self.runner = LessonRunner(self.lessons[index], self.app.tiles)
        self._new_turn()

    def _new_turn(self) -> None:
        assert self.runner is not None
        game = self.runner.game
        names = self.runner.lesson.players
        seats = [Seat(names[0], COLOURS[0]), Seat(names[1], COLOURS[1], "ai:easy")]
        self.turn = TurnController(game, seats)
        self.board = BoardView(self.app.assets, game, list(COLOURS))
        self.layout(self.size)

    def close_lesson(self) -> None:
        if self.turn is not None:
            self.turn.close()
        self.runner, self.turn, self.board, self.index = None, None, None, None

    def exit(self) -> None:
        self.close_lesson()

    def back(self) -> None:
        """From a lesson to the list; from the list to the title screen."""
        if self.runner is not None:
            self.close_lesson()
            self.layout(self.size)
        else:
            self.app.pop(self)

    def restart(self) -> None:
        if self.index is not None:
            self.start(self.index)

    def skip(self) -> None:
        """On to the next lesson (the list after the last); a skipped lesson is not ticked."""
        if self.index is None:
            return
        nxt = self.index + 1
        if nxt < len(self.lessons):
            self.start(nxt)
        else:
            self.back()

    def _remember(self) -> None:
        """The lesson's steps are done: tick it, once, in the settings."""
        if self.runner is None:
            return
        lesson_id = self.runner.lesson.id
        if lesson_id not in self.done:
            self.done.append(lesson_id)
            self.app.storage.save_settings(self.app.settings)

    # -------------------------------------------------------------- layout
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        top_h, pad = int(50 * u), int(12 * u)
        panel_w = min(int(380 * u), w // 3)
        self.rects = {"top": pygame.Rect(0, 0, w, top_h),
                      "panel": pygame.Rect(w - panel_w, top_h, panel_w, h - top_h),
                      "board": pygame.Rect(0, top_h, w - panel_w, h - top_h)}
        self.back_button.rect = pygame.Rect(w - int(150 * u), h - int(60 * u), int(130 * u), int(44 * u))
        if self.runner is None:
            self._layout_list()
            return
        panel = self.rects["panel"].inflate(-2 * pad, -2 * pad)
        bh, gap = int(40 * u), int(8 * u)
        y = panel.bottom - bh
        self.back_button.rect = pygame.Rect(panel.x, y, panel.w, bh)
        self.back_button.label = N_("Lessons")
        for name in ("skip", "restart"):
            y -= bh + gap
            self.buttons[name].rect = pygame.Rect(panel.x, y, panel.w, bh)
        y -= bh + 2 * gap
        half = (panel.w - gap) // 2
        self.buttons["rotate"].rect = pygame.Rect(panel.x, y, half, bh)
        self.buttons["undo"].rect = pygame.Rect(panel.x + half + gap, y, half, bh)
        y -= bh + gap
        self.buttons["confirm"].rect = pygame.Rect(panel.x, y, panel.w, bh)
        self.buttons["next"].rect = pygame.Rect(panel.x, y, panel.w, bh)
        self.rects["hand"] = pygame.Rect(panel.x, y - gap - int(110 * u), int(110 * u), int(110 * u))
        self.rects["coach"] = pygame.Rect(panel.x, panel.y, panel.w, self.rects["hand"].y - gap - panel.y)
        self.widgets = [*self.buttons.values(), self.back_button]
        assert self.board is not None
        self.board.set_area(self.rects["board"])
        self._fit()

    def _layout_list(self) -> None:
        u = self.u
        w, h = self.size
        bw, bh, gap = min(int(420 * u), w // 2 - int(40 * u)), int(44 * u), int(10 * u)
        y = int(130 * u)
        for b in self.list_buttons:
            b.rect = pygame.Rect(int(60 * u), y, bw, bh)
            y += bh + gap
        self.back_button.label = N_("Back")
        self.widgets = [*self.list_buttons, self.back_button]

    def _fit(self) -> None:
        if self.board is None or self.runner is None:
            return
        cells = [(x, y) for x, y, _ in self.runner.game.placed_tiles()]
        cells += list(self.runner.pointed())
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        self.board.fit([(min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1)])

    # --------------------------------------------------------------- input
    def handle(self, intent: Intent) -> bool:
        if intent.action:
            return self.do(intent.action)
        if super().handle(intent):
            return True
        if self.runner is None or self.board is None or self.turn is None:
            return False
        if intent.kind == WHEEL and self.rects["board"].collidepoint(intent.pos):
            self.board.camera.zoom(intent.dy, intent.pos)
            return True
        if intent.kind == RELEASE and self.rects["board"].collidepoint(intent.pos):
            if intent.button == 3:
                return self.do("rotate")
            if intent.button == 1:
                self.click_cell(*self.board.camera.cell_at(*intent.pos), pos=intent.pos)
                return True
        return intent.kind in (PRESS, MOTION)

    def do(self, action: str) -> bool:
        """A named action (a key from the keymap, or a button)."""
        turn, runner = self.turn, self.runner
        if action == "back":
            self.back()
            return True
        if runner is None or turn is None:
            return False
        acting = self.acting
        if action == "restart":
            self.restart()
        elif action == "skip":
            self.skip()
        elif action == "next":
            if runner.read_on():
                self._after_move()
        elif action in ("rotate", "rotate-back") and acting:
            turn.rotate(-1 if action == "rotate-back" else 1)
        elif action == "place-next" and acting:
            turn.place_next()
        elif action == "next-follower" and acting and turn.pending is not None:
            turn.next_follower()
        elif action == "undo" and acting:
            turn.undo()
        elif action in ("confirm", "no-follower") and acting:
            self.confirm(skip_follower=action == "no-follower")
        elif action in ("zoom-in", "zoom-out") and self.board is not None:
            self.board.camera.zoom(1 if action == "zoom-in" else -1)
        else:
            return False
        return True

    @property
    def acting(self) -> bool:
        """The learner may lay, turn and confirm a tile now (not on a reading step)."""
        runner, turn = self.runner, self.turn
        if runner is None or turn is None or runner.finished:
            return False
        step = runner.step
        return turn.can_act and not (step is not None and step.reading)

    def click_cell(self, x: int, y: int, pos: tuple[int, int] | None = None) -> None:
        """A click on board square (x, y): lay the tile there, or on the laid tile, a follower
        on the place clicked; a refusal shows the engine's why-not."""
        turn, runner = self.turn, self.runner
        if turn is None or runner is None:
            return
        if not self.acting:
            if runner.step is not None and runner.step.reading:
                runner.note = Note(READ_FIRST)
            return
        p = turn.pending
        if p is not None and (p.x, p.y) == (x, y):
            spot = spot_near(turn, self.board, pos, allowed_only=False) if pos and self.board else None
            if spot is None:
                return
            reason = turn.put_follower(None if turn.follower == spot else spot)
            runner.note = Note() if reason is None else refusal(runner.game, None, reason)
            return
        tile = turn.tile
        reason = turn.place(x, y)
        tried = Placement(tile, x, y, turn.rotation) if tile is not None else None
        runner.note = Note() if reason is None else refusal(runner.game, tried, reason)

    def confirm(self, skip_follower: bool = False) -> None:
        turn, runner = self.turn, self.runner
        if turn is None or runner is None or turn.pending is None:
            if runner is not None:
                runner.note = Note(PLACE_FIRST)
            return
        move = turn.pending.with_follower(None if skip_follower else turn.follower)
        if runner.in_free_game:
            turn.confirm(skip_follower)
            turn.begin_turn()
        else:
            outcome = runner.try_move(move)
            if outcome.result == ILLEGAL:
                return
            if outcome.result == DONE:
                turn.last_placed = last_placed(runner.game.history) or turn.last_placed
        self._after_move()

    def _after_move(self) -> None:
        runner, turn = self.runner, self.turn
        if runner is None or turn is None:
            return
        turn.draw()
        if runner.in_free_game:
            self._remember()
            if turn.phase == HUMAN and turn.over is False and runner.game.current != 0:
                turn.begin_turn()
        self._fit()

    # ---------------------------------------------------------------- time
    def update(self, dt: float) -> None:
        self.clock += dt
        turn, runner = self.turn, self.runner
        if turn is None or runner is None or self.board is None:
            return
        if runner.in_free_game:
            if turn.phase == AI_THINK:
                if turn.poll_ai() is not None and turn.phase == AI_GLIDE:
                    turn.land_ai()
                    self._fit()
            if turn.phase == ANIMATING:
                turn.begin_turn()
            if turn.over and not runner.game.finished:
                runner.game.finish()
        game = runner.game
        legal: tuple[tuple[int, int], ...] = ()
        if self.app.settings.aids and self.acting and turn.pending is None:
            legal = tuple(sorted(turn.legal_cells()))
        scored: tuple[tuple[int, int], ...] = ()
        if runner.walkthrough:
            scored = runner.pointed()
        elif runner.finished:
            scored = tuple(c for e in game.events if e.final for c in e.tiles)
        marks = BoardMarks(last_placed=turn.last_placed, legal=legal, scored=scored, pending=turn.pending,
                           pending_follower=turn.follower, colour=COLOURS[game.current],
                           spots=tuple(turn.spots()) if turn.pending is not None and not turn.follower else ())
        self.board.show((game.turn_number, game.finished), marks)
        self.board.update(dt)
        step = runner.step
        reading = step is not None and step.reading
        self.buttons["next"].visible = reading
        self.buttons["confirm"].visible = not reading
        self.buttons["confirm"].enabled = self.acting and turn.pending is not None
        self.buttons["rotate"].enabled = self.acting
        self.buttons["undo"].enabled = self.acting and turn.pending is not None
        self.buttons["skip"].label = N_("Next lesson") if runner.in_free_game else N_("Skip lesson")

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((34, 38, 32))
        fonts = self.app.assets.fonts
        u = self.u
        if self.runner is None or self.board is None or self.turn is None:
            self._draw_list(surface)
            return
        runner, turn = self.runner, self.turn
        self.board.draw(surface)
        self._draw_pointers(surface)
        top = self.rects["top"]
        pygame.draw.rect(surface, (26, 29, 24), top)
        blit_text(surface, fonts.get(int(24 * u), "title"), _(runner.lesson.title),
                  (int(16 * u), top.centery), ACCENT, "midleft")
        scores = "   ".join(f"{n} {s}" for n, s in zip(self.names(), runner.game.scores))
        blit_text(surface, fonts.get(int(16 * u), "bold"), f"{self.progress()}   ·   {scores}",
                  (top.right - int(16 * u), top.centery), INK, "midright")
        draw_panel(surface, self.rects["panel"], u)
        self._draw_coach(surface)
        self._draw_hand(surface)
        super().draw(surface)

    # --------------------------------------------------------------- words
    def names(self) -> list[str]:
        """The players' names as shown: the lesson's "You" and "Easy" in the language now spoken."""
        assert self.runner is not None
        return [_(n) if n in PLAYER_NAMES else n for n in self.runner.game.names]

    def progress(self) -> str:
        """"Step 2 of 4", or "Free game"."""
        runner = self.runner
        assert runner is not None
        if runner.in_free_game:
            return _("Free game")
        return _("Step {number} of {count}").format(number=runner.index + 1, count=len(runner.lesson.steps))

    def coach_text(self) -> str:
        """The coach's line now: the step's text, or the free game's words."""
        runner = self.runner
        assert runner is not None
        step = runner.step
        if step is not None:
            return _(step.text)
        if runner.game.finished:
            return _("The game is over: the final scoring is on the board. Well played!")
        left = runner.tiles_left
        game = ngettext("A short game against the Easy computer player: {count} tile left.",
                        "A short game against the Easy computer player: {count} tiles left.", left).format(count=left)
        outro = _(runner.lesson.outro) if runner.lesson.outro else ""
        return f"{outro} {game}".strip()

    def scoring_text(self) -> str:
        """On the final scoring's walkthrough, the event shown now: "1 of 3: You score 4 for ..."."""
        runner = self.runner
        assert runner is not None
        event = runner.shown_event
        if event is None:
            return ""
        return _("{number} of {count}: {event}.").format(
            number=runner.walk_index + 1, count=len(runner.walkthrough),
            event=describe_to(event, self.names(), 0))

    def _draw_coach(self, surface: pygame.Surface) -> None:
        assert self.runner is not None
        u, fonts, rect = self.u, self.app.assets.fonts, self.rects["coach"]
        font = fonts.get(int(16 * u))
        y = rect.y
        blit_text(surface, fonts.get(int(18 * u), "bold"), _("Coach"), (rect.x, y), ACCENT)
        y += int(28 * u)
        coach = self.coach_text()
        lines = wrap(font, coach, rect.w)
        small = fonts.get(int(15 * u), "bold")
        scoring = wrap(small, self.scoring_text(), rect.w) if self.runner.walkthrough else []
        message = note_words(self.runner.note)
        extra = wrap(small, message, rect.w) if message else []
        step = self.runner.step
        rule = (wrap(fonts.get(int(13 * u)), _("Rulebook: {source}").format(source=_(step.rule)), rect.w)
                if step and step.rule else [])
        room = rect.bottom - y
        need = (len(lines) + len(rule)) * font.get_linesize() + (len(extra) + len(scoring)) * small.get_linesize()
        if need > room:  # a long line on a small window: a smaller font rather than an overflow
            font = fonts.get(int(14 * u))
            lines = wrap(font, coach, rect.w)
        for line in lines:
            blit_text(surface, font, line, (rect.x, y), INK)
            y += font.get_linesize()
        if scoring:
            y += int(8 * u)
            for line in scoring:
                blit_text(surface, small, line, (rect.x, y), ACCENT)
                y += small.get_linesize()
        if extra:
            y += int(8 * u)
            for line in extra:
                blit_text(surface, small, line, (rect.x, y), WARN)
                y += small.get_linesize()
        if rule and y + len(rule) * int(18 * u) < rect.bottom:
            y += int(8 * u)
            rf = fonts.get(int(13 * u))
            for line in rule:
                blit_text(surface, rf, line, (rect.x, y), INK_DIM)
                y += rf.get_linesize()

    def _draw_hand(self, surface: pygame.Surface) -> None:
        turn, u, fonts = self.turn, self.u, self.app.assets.fonts
        assert turn is not None and self.runner is not None
        rect = self.rects["hand"]
        font = fonts.get(int(14 * u))
        x = rect.right + int(12 * u)
        if self.acting and turn.tile is not None and turn.pending is None:
            surface.blit(self.app.assets.tiles.sized(turn.tile, turn.rotation, rect.w), rect)
            self._draw_note(surface, font, _("Your tile: click a square to lay it; right-click turns it."), x)
        elif turn.pending is not None:
            self._draw_note(surface, font, _("Click a place on the tile for a follower, then Done."), x)
        elif turn.phase != HUMAN and not self.runner.finished and self.runner.in_free_game:
            blit_text(surface, font, _("The computer is playing…"), (rect.x, rect.y), INK_DIM)
        supply = self.runner.game.supply[0]
        blit_text(surface, font, ngettext("{count} follower left", "{count} followers left", supply).format(
            count=supply), (x, rect.bottom - font.get_linesize()), INK)

    def _draw_note(self, surface: pygame.Surface, font: pygame.font.Font, text: str, x: int) -> None:
        """What to do with the tile in hand, beside it: wrapped to the panel, above the followers line."""
        rect, panel = self.rects["hand"], self.rects["panel"]
        width = panel.right - int(12 * self.u) - x
        room = max(1, (rect.h - font.get_linesize()) // font.get_linesize())
        for i, line in enumerate(wrap(font, text, width)[:room]):
            blit_text(surface, font, line, (x, rect.y + i * font.get_linesize()), INK_DIM)

    def _draw_pointers(self, surface: pygame.Surface) -> None:
        """A pulsing frame inside each square the step points at: where to act."""
        assert self.runner is not None and self.board is not None
        cam = self.board.camera
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        width = max(2, int(3 * self.u))
        surface.set_clip(self.rects["board"])
        for x, y in self.runner.pointed():
            rect = pygame.Rect(cam.tile_rect(x, y)).inflate(-int(cam.tile_px * (0.06 + 0.06 * pulse)), 0)
            rect.h = rect.w
            rect.center = cam.cell_center(x, y)
            pygame.draw.rect(surface, POINT, rect, width, border_radius=max(2, cam.tile_px // 8))
        surface.set_clip(None)

    def _draw_list(self, surface: pygame.Surface) -> None:
        u, fonts = self.u, self.app.assets.fonts
        w, h = surface.get_size()
        blit_text(surface, fonts.get(int(44 * u), "title"), _("Learn to play"), (int(60 * u), int(30 * u)), ACCENT)
        intro = fonts.get(int(17 * u))
        for i, line in enumerate(wrap(intro, _("Seven short lessons on the real board; each ends in a short "
                                                "game against the Easy computer player."), w - int(90 * u))[:2]):
            blit_text(surface, intro, line, (int(60 * u), int(84 * u) + i * intro.get_linesize()), INK_DIM)
        summary = fonts.get(int(15 * u))
        tick = fonts.get(int(16 * u), "bold")
        for lesson, button in zip(self.lessons, self.list_buttons):
            x = button.rect.right + int(16 * u)
            if lesson.id in self.done:
                blit_text(surface, tick, "✓", (x, button.rect.centery), ACCENT, "midleft")
            x += int(26 * u)
            width = max(40, w - x - int(30 * u))
            font = summary
            lines = wrap(font, _(lesson.summary), width)
            if len(lines) > 1:  # a longer summary (German is long): two smaller lines beside the button
                font = fonts.get(int(13 * u))
                lines = wrap(font, _(lesson.summary), width)[:2]
            top = button.rect.centery - len(lines) * font.get_linesize() // 2
            for i, line in enumerate(lines):
                blit_text(surface, font, line, (x, top + i * font.get_linesize()), INK_DIM)
        if self.error:
            blit_text(surface, fonts.get(int(16 * u), "bold"),
                      _("The lessons cannot be read: {problem}").format(problem=self.error), (int(60 * u), h - int(100 * u)), WARN)
        super().draw(surface)
