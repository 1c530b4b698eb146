"""The Tutorial: the lessons list, and a lesson played on the game's own board screen.

A lesson is played exactly as the game is: the tile dragged from the hand slot onto the
board (a ghost under the pointer, the squares it fits lit), turned with R, a right-click or
the wheel while dragging, a follower dragged from the card onto a lit place (the feature it
joins painted), confirmed with Enter, and each scoring animated, through the Play screen's
own pieces (:mod:`carcassonne.app.play`: the pointer, the drop, the turn's actions and
their messages, the scoring). Only confirming differs: :class:`~carcassonne.app.play.lesson_turn.LessonTurn`
gives the move to the lesson's :class:`~carcassonne.tutorial.LessonRunner` (pygame-free),
which judges it against the step's goal. On top: the coach's panel (the step's words, its
answer to a move), a pulsing frame on the squares the step points at, the final scoring
walked through one feature at a time. A finished lesson's id is kept in the settings
(``lessons_done``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import Move, RecordError, ScoreEvent
from ...engine.errors import Reason
from ...engine.record import Seat
from ...i18n import N_, _, ngettext
from ...resources import path as resource_path
from ...tutorial import Lesson, LessonRunner, Note, load_lessons
from ...tutorial.runner import FIGURE_KIND, READ_FIRST
from ...words.expansion import first
from ...words.explain import placement_sentence, reason_sentence
from ...words.score_words import describe_to
from ..art.expansion_ui import action_ui, unshown_words
from ..board.board_view import BoardMarks
from ..board.feature_paint import event_paint
from ..play.aidview import Aids
from ..play.board_overlay import BoardOverlay
from ..play.deciding import Asking
from ..play.drag import Drag, spot_near
from ..play.hud import HandSlot, draw_cards, draw_hand, draw_message, draw_over_all, draw_over_board, draw_track
from ..play.lesson_turn import LessonTurn
from ..play.play_input import Pointer, TurnPlaces, board_input
from ..play.play_layout import panel_places
from ..play.playview import PanelView, action_button, panel_view, turn_marks
from ..play.turn import AI_THINK, ANIMATING, HUMAN, OVER
from ..play.turn_actions import TurnActions
from ..play.turn_flow import TurnFlow
from ..ui.intents import KEY, MOTION, PRESS, RELEASE, WHEEL, Intent
from ..ui.keymap import key_hint
from ..ui.panels import draw_top_bar
from ..ui.widgets import ACCENT, BAD, INK, INK_DIM, Button, blit_text, wrap
from .base import BoardScene, Scene

if TYPE_CHECKING:
    from ..app import App

COLOURS = ("red", "blue")
WARN = (240, 150, 120)
POINT = (255, 236, 120)
#: The lessons' players, as the lesson files name them (the learner and the Easy computer player).
PLAYER_NAMES = (N_("You"), N_("Easy"))


def lessons_or_error() -> tuple[list[Lesson], str]:
    """Every lesson, or none and why they cannot be read; a lesson playing an expansion this app
    cannot draw is left out, and said."""
    try:
        lessons = load_lessons(resource_path("lessons"))
    except RecordError as exc:
        return [], str(exc)
    refused = [(lesson, unshown_words(lesson.rules)) for lesson in lessons]
    problems = [_("{lesson}: {problem}").format(lesson=_(lesson.title), problem=why) for lesson, why in refused if why]
    return [lesson for lesson, why in refused if not why], problems[0] if problems else ""


# ------------------------------------------------------------------ the coach's words
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
    return _(note.template).format(**{k: fact_words(v) for k, v in note.facts.items()})


def fact_words(fact: str) -> str:
    """One of a note's facts in the language now spoken: a figure kind named by its expansion."""
    if fact.startswith(FIGURE_KIND):
        kind = fact.removeprefix(FIGURE_KIND)
        return str(first("figure_title", kind) or kind)
    return _(fact)


def player_names(runner: LessonRunner) -> list[str]:
    """The players' names as shown: the lesson's "You" and "Easy" in the language now spoken."""
    return [_(n) if n in PLAYER_NAMES else n for n in runner.game.names]


def progress_words(runner: LessonRunner) -> str:
    """"Step 2 of 4", or "Free game"."""
    if runner.in_free_game:
        return _("Free game")
    return _("Step {number} of {count}").format(number=runner.index + 1, count=len(runner.lesson.steps))


def coach_words(runner: LessonRunner) -> str:
    """The coach's line now: the step's text, or the free game's words."""
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


def scoring_words(runner: LessonRunner) -> str:
    """On the final scoring's walkthrough, the event shown now: "1 of 3: You score 4 for ..."."""
    event = runner.shown_event
    if event is None:
        return ""
    return _("{number} of {count}: {event}.").format(
        number=runner.walk_index + 1, count=len(runner.walkthrough),
        event=describe_to(event, player_names(runner), 0))


# ------------------------------------------------------------------ the lessons list
class TutorialScene(Scene):
    """The lessons, each with its summary and a tick once done; a lesson opens on its own screen."""

    keymap = "tutorial"

    def __init__(self, app: App, lesson: int | None = None) -> None:
        super().__init__(app)
        self.lessons, self.error = lessons_or_error()
        # lesson titles are in the catalogue (extracted from the lesson files): translated when drawn
        self.list_buttons = [Button(lesson.title, partial(self.start, i)) for i, lesson in enumerate(self.lessons)]
        self.back_button = Button(N_("Back"), self.back, hint=N_("Esc"))
        self._first_lesson = lesson

    def enter(self) -> None:
        super().enter()
        if self._first_lesson is not None and 0 <= self._first_lesson < len(self.lessons):
            self.start(self._first_lesson)
        self._first_lesson = None

    @property
    def done(self) -> list[str]:
        return self.app.settings.lessons_done

    def start(self, index: int) -> None:
        """Open lesson ``index`` from its board start, on the lesson's screen over this list."""
        self.app.push_scene("lesson", lesson=index)

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, intent: Intent) -> bool:
        if intent.action == "back":
            self.back()
            return True
        return super().handle(intent)

    def animating(self) -> bool:
        return False

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        bw, bh, gap = min(int(420 * u), w // 2 - int(40 * u)), int(44 * u), int(10 * u)
        y = int(130 * u)
        for b in self.list_buttons:
            b.rect = pygame.Rect(int(60 * u), y, bw, bh)
            y += bh + gap
        self.back_button.rect = pygame.Rect(w - int(150 * u), h - int(60 * u), int(130 * u), int(44 * u))
        self.widgets = [*self.list_buttons, self.back_button]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((34, 38, 32))
        u, fonts = self.u, self.app.assets.fonts
        w, h = surface.get_size()
        blit_text(surface, fonts.get(int(44 * u), "title"), _("Learn to play"), (int(60 * u), int(30 * u)), ACCENT)
        intro = fonts.get(int(17 * u))
        for i, line in enumerate(wrap(intro, _("Short lessons, played as the game is played; each ends in a "
                                                "short game against the Easy computer player."), w - int(90 * u))[:2]):
            blit_text(surface, intro, line, (int(60 * u), int(84 * u) + i * intro.get_linesize()), INK_DIM)
        tick = fonts.get(int(16 * u), "bold")
        x0 = (self.list_buttons[0].rect.right if self.list_buttons else 0) + int(42 * u)
        width = max(40, w - x0 - int(30 * u))
        # every summary in the same size of letters: the largest at which each fits the row's two lines
        font = fonts.get(int(12 * u))
        for size in (15, 14, 13):
            if all(len(wrap(fonts.get(int(size * u)), _(lesson.summary), width)) <= 2 for lesson in self.lessons):
                font = fonts.get(int(size * u))
                break
        for lesson, button in zip(self.lessons, self.list_buttons):
            x = button.rect.right + int(16 * u)
            if lesson.id in self.done:
                blit_text(surface, tick, "✓", (x, button.rect.centery), ACCENT, "midleft")
            x += int(26 * u)
            lines = wrap(font, _(lesson.summary), width)[:2]
            top = button.rect.centery - len(lines) * font.get_linesize() // 2
            for i, line in enumerate(lines):
                blit_text(surface, font, line, (x, top + i * font.get_linesize()), INK_DIM)
        if self.error:
            blit_text(surface, fonts.get(int(16 * u), "bold"),
                      _("The lessons cannot be read: {problem}").format(problem=self.error),
                      (int(60 * u), h - int(100 * u)), WARN)
        super().draw(surface)


# ------------------------------------------------------------------ a lesson
#: The lesson's buttons: label and the keymap action they carry out (:meth:`LessonScene.do`).
BUTTONS = {"rotate": (N_("Rotate"), "rotate"), "undo": (N_("Undo"), "undo"),
           "skip": (N_("No follower"), "no-follower"), "confirm": (N_("Confirm"), "confirm"),
           "next": (N_("Next"), "next"),
           "lessons": (N_("Lessons"), "back"), "restart": (N_("Restart lesson"), "restart"),
           "skip-lesson": (N_("Skip lesson"), "skip")}
#: The top bar's buttons, from the right.
TOP = ("lessons", "skip-lesson", "restart")


class LessonScene(BoardScene):
    """One lesson on the game's board screen, with the coach's panel where the deck would be."""

    keymap = "tutorial"

    def __init__(self, app: App, lesson: int = 0) -> None:
        self.lessons, _error = lessons_or_error()
        self.index = lesson
        self.runner = LessonRunner(self.lessons[lesson], app.tiles)
        names = self.runner.lesson.players
        seats = [Seat(_(names[0]), COLOURS[0]), Seat(_(names[1]), COLOURS[1], "ai:easy")]
        super().__init__(app, seats, self.runner.game)
        self.turn = LessonTurn(self.runner, seats)
        #: The game's own pointer, drops and actions (:mod:`carcassonne.app.play`).
        self.grip = Pointer(self.turn, self.board)
        self.pieces = TurnPlaces(self.turn, self.rects, lambda: self.card_rects, lambda: self.u)
        self.flow = TurnFlow(self.game, seats)
        self.moves = TurnActions(self.turn, self.flow, app.sounds, aids_on=lambda: self.aids_on, follow=self.follow,
                                 confirmed=self.after_turn)
        #: The decisions a move asks (an expansion's steps): the learner's clicked or dragged.
        self.asking = Asking(self.turn, self.board, self.seats, self.flow.say, app.sounds.play)
        self.overlay = BoardOverlay(self.game, list(COLOURS))
        self.aids = Aids(self.game)
        self.buttons = {name: Button(label, partial(self.do, action), hint=key_hint("tutorial", action),
                                     primary=name in ("confirm", "next"))
                        for name, (label, action) in BUTTONS.items()}
        #: The action a learner may take instead of a figure in this lesson (an expansion's).
        self.action, _out, _label = action_button(self.turn)
        offered = None if self.action is None else action_ui(self.action)
        self.buttons["action"] = Button(offered.label if offered else "", self.take_action,
                                        hint=key_hint("tutorial", offered.key_action) if offered else "")
        self.panel = PanelView()
        self.clock = 0.0
        #: The coach's last answer already said under the board.
        self.said: Note = self.runner.note
        #: The final scoring's features, painted once the free game is over.
        self.final: list[ScoreEvent] = []

    # ================================================================= lifecycle
    def enter(self) -> None:
        super().enter()
        self.show_lesson()
        self.begin_turn()

    def exit(self) -> None:
        self.turn.close()

    @property
    def aids_on(self) -> bool:
        return self.app.settings.aids

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        # the lesson's "You" and "Easy" in the language now spoken (Settings may have changed it
        # mid-lesson); the list is the one the turn and the scoring animations hold
        self.seats[:] = [replace(seat, name=_(name)) for seat, name in zip(self.seats, self.runner.lesson.players)]
        areas, buttons = panel_places(self.rects, self.layout_board(310, 58, 34), self.u,
                                      action=self.action is not None)
        self.rects.update(areas)
        self.rects["coach"] = areas["deck"]
        for name in ("rotate", "undo", "skip", "confirm", "action"):
            self.buttons[name].rect = buttons[name]
        self.buttons["next"].rect = self.rects["row2"].copy()
        top, u = self.rects["top"], self.u
        font = self.app.assets.fonts.get(int(15 * u))
        right = top.right - int(10 * u)
        for name in TOP:  # as wide as the label and its key need, in the language spoken
            b = self.buttons[name]
            width = font.size(b.text())[0] + font.size(b.hint_text())[0] + int(44 * u)
            b.rect = pygame.Rect(right - width, top.y + int(6 * u), width, top.h - int(12 * u))
            right = b.rect.x - int(6 * u)
        self.widgets = list(self.buttons.values())
        self.overlay.layout(self.view_area(), self.u)

    def show_lesson(self) -> None:
        """The board with the squares the step points at, in view above the bar (not while dragging)."""
        if self.drag is not None:
            return
        cells = [(x, y) for x, y, _ in self.game.placed_tiles()] + list(self.runner.pointed())
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        self.board.fit([(min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1)], area=self.view_area())

    def recentre(self) -> None:
        self.show_lesson()

    # ================================================================ the turns
    def begin_turn(self) -> None:
        """The next turn: the learner's (the coach says what to do), the computer's in the free
        game, or the end of the free game and its final scoring."""
        self.grip.let_go()
        if self.turn.begin_turn() == OVER:
            self.finish_game()
            return
        self.flow.new_turn(self.turn)
        if self.turn.phase == HUMAN:
            self.flow.say("", INK, 0)  # (the coach's panel says what to do)

    def finish_game(self) -> None:
        """The free game's last tile is played: the final scoring, animated on the board."""
        if not self.game.finished:
            self.final = self.game.finish()
            self.show_scoring(self.final)
        self.remember()

    def after_turn(self, events: list[ScoreEvent]) -> None:
        """A move counted (the learner's reaching the step's goal, or one of the free game): its
        scoring plays, and the next turn begins once it has."""
        self.grip.let_go()
        self.app.sounds.play("score" if events else "place")
        self.show_scoring(events)
        if self.runner.in_free_game:
            self.remember()
        else:
            self.show_lesson()
        if self.flow.scoring_shown():
            self.begin_turn()

    def show_scoring(self, events: list[ScoreEvent]) -> None:
        """The game's scoring animations: the features lit, the points rising, followers going home."""
        speed = self.app.settings.speed
        if speed > 0:
            self.overlay.flash(events, 1.2 / speed)
        self.flow.score(events, self.app.settings.motion, self.camera, self.app.assets, self.u,
                        lambda i: self.card_rects[i].midright)

    def read_on(self) -> None:
        """Next, on a reading step (Enter too): the next event of a final-scoring walkthrough,
        or the next step."""
        if self.turn.read_on():
            if self.runner.in_free_game:
                self.remember()
            self.show_lesson()

    def remember(self) -> None:
        """The lesson's steps are done: tick it, once, in the settings."""
        lesson_id = self.runner.lesson.id
        if lesson_id not in self.app.settings.lessons_done:
            self.app.settings.lessons_done.append(lesson_id)
            self.app.storage.save_settings(self.app.settings)

    def _show_ai_move(self, move: Move) -> None:
        """The computer's tile of the free game glides in from the hand slot, its square in view."""
        self.follow(move.x, move.y)
        speed = self.app.settings.motion
        if speed <= 0:
            self.after_turn(self.turn.land_ai())
            return
        self.flow.glide_in(move, self.app.assets, self.camera, self.pieces.hand_tile_rect(), speed,
                           lambda: self.after_turn(self.turn.land_ai()))

    # ================================================================== actions
    def do(self, action: str) -> bool:
        """Carry out a keymap action (:mod:`carcassonne.app.ui.keymap`); False if it means nothing here."""
        if self.camera_action(action):
            return True
        m = self.moves
        reading = self.runner.step is not None and self.runner.step.reading
        actions: dict[str, Callable[[], object]] = {
            "rotate": lambda: m.rotate(1), "rotate-back": lambda: m.rotate(-1),
            "place-next": lambda: m.place_next(1), "next-follower": m.cycle_follower,
            "confirm": self.read_on if reading else m.confirm, "no-follower": m.skip, "undo": m.undo,
            "next": self.read_on, "restart": self.restart, "skip": self.skip,
            "back": self.back}
        offered = None if self.action is None else action_ui(self.action)
        if offered is not None:
            actions[offered.key_action] = self.take_action
        if action not in actions:
            return False
        actions[action]()
        return True

    def back(self) -> None:
        """Esc: let go of what is dragged, else back to the lessons."""
        if self.drag is not None:
            self.grip.let_go()
        else:
            self.app.pop(self)

    def restart(self) -> None:
        self.open(self.index)

    def skip(self) -> None:
        """On to the next lesson (the list after the last); a skipped lesson is not ticked."""
        self.open(self.index + 1)

    def open(self, index: int) -> None:
        """Lesson ``index`` from its board start in place of this one, over the lessons list
        (the list itself past the last lesson)."""
        self.app.pop(self)
        if index < len(self.lessons):
            self.app.push_scene("lesson", lesson=index)

    # ================================================================== input
    def handle(self, intent: Intent) -> bool:
        if intent.kind in (PRESS, RELEASE, MOTION, WHEEL):
            self.grip.pos = intent.pos
        over_button = intent.kind == PRESS and any(b.visible and b.rect.collidepoint(intent.pos) for b in self.widgets)
        on_board = intent.kind == PRESS and intent.button == 1 and not over_button \
            and self.rects["board"].collidepoint(intent.pos)
        if self.asking.handle(intent, on_board):
            return True
        if intent.kind == MOTION:
            for b in self.widgets:
                b.handle(intent)
            self.grip.motion(intent)
            return True
        if self.drag is None and intent.kind in (PRESS, RELEASE) and super().handle(intent):
            return True
        if intent.kind in (PRESS, RELEASE, WHEEL):  # the game's own pointer (play_input.py)
            if self.runner.step is not None and self.runner.step.reading and intent.kind == PRESS \
                    and intent.button in (1, 3) and self.rects["board"].collidepoint(intent.pos):
                self.flow.say(_(READ_FIRST), INK_DIM, 3)
            return board_input(intent, self.grip, self.pieces.places, self.moves, self.camera, self.rects["board"])
        if intent.kind == KEY:
            return self.do(intent.action)
        return False

    @property
    def drag(self) -> Drag | None:
        return self.grip.drag

    # ================================================================== update
    def update(self, dt: float) -> None:
        self.clock += dt
        self.app.assets.tiles.refine(3)
        if self.drag is not None:
            self.camera.stop()
        self.flow.tick(dt, self.app.settings.speed)
        played = self.turn.poll_table()  # a move played (or judged) once its decisions were made
        if played is not None:
            self.after_turn(played)
        self.asking.show()
        phase = self.turn.phase
        if phase == ANIMATING and self.flow.scoring_shown():
            self.begin_turn()
        elif phase == AI_THINK:
            move = self.turn.poll_ai()
            if move is not None:
                self._show_ai_move(move)
        note = self.runner.note
        if note is not self.said:  # the coach's answer to a confirmed move: said under the board too
            self.said = note
            words = note_words(note)
            if words:
                self.flow.say(words, BAD, 8)
                self.app.sounds.play("error")
        self.board.update(dt)
        self.overlay.update(dt, self.app.assets, self.u)
        self.update_view()

    def shown_scores(self) -> list[float]:
        """The scores on the cards and the track: during the final scoring's walkthrough, with
        the points of the features shown so far (the coach's "You score 4" is on the card)."""
        return [s + extra for s, extra in zip(self.flow.shown_scores, self.runner.walked_points())]

    def board_marks(self) -> BoardMarks:
        """The game's marks (the squares the tile fits, the follower places, the feature under the
        pointer, the scoring), with the feature the walkthrough shows painted on a dimmed board."""
        t = self.turn
        marks = turn_marks(t, self.drag, self.grip.hover_spot, dead=(), aids_on=self.aids_on,
                           hints_on=self.aids_on and t.can_act)
        pointed = self.grip.hover_spot or (spot_near(t, self.board, self.grip.pos) if self.drag is None else None)
        marks = self.overlay.marks(marks, t.pending if t.phase == HUMAN else None, pointed, self.aids_on)
        shown = [self.runner.shown_event] if self.runner.shown_event is not None else self.final
        if shown:
            paints = tuple(event_paint(self.game, ev, list(COLOURS)) for ev in shown if ev is not None)
            marks = replace(marks, paints=marks.paints + paints, dim=True)
        return marks

    def take_action(self) -> None:
        """The lesson's action (its button or key): taken instead of a figure."""
        if self.action is not None:
            self.moves.take_action(self.action)

    def update_view(self) -> None:
        """Tell the board, the buttons and the painters what the lesson looks like now."""
        t = self.turn
        can, placed = t.can_act, t.pending is not None
        reading = self.runner.step is not None and self.runner.step.reading
        for name, enabled in (("rotate", can), ("undo", can and placed), ("skip", can and placed),
                              ("confirm", can and placed)):
            self.buttons[name].enabled = enabled
            self.buttons[name].visible = not (reading and name in ("skip", "confirm"))
        self.buttons["next"].visible = reading
        action = self.buttons["action"]
        action.visible = self.action is not None
        action.enabled = can and self.action is not None and t.figure_out(t.player, self.action.kind) is not None
        self.buttons["skip-lesson"].label = N_("Next lesson") if self.runner.in_free_game else N_("Skip lesson")
        self.board.show((self.game.turn_number, self.game.finished, self.runner.index, self.runner.walk_index),
                        self.board_marks())
        projected = None
        if self.aids_on and not self.runner.walkthrough:
            projected = self.aids.projected(t.pending.with_figure(t.figure) if t.pending is not None else None)
        self.panel = panel_view(t, self.drag, self.seats, self.shown_scores(), projected, self.pieces.follower_slots,
                                self.camera, self.pieces.places().on_board, self.aids_on,
                                figure_slots=self.pieces.figure_slots)
        if reading:  # the next tile waits unseen while the coach asks to read on (it cannot be dragged yet)
            self.panel = replace(self.panel, hand=HandSlot(None, 0, ""))

    # ==================================================================== draw
    def draw(self, surface: pygame.Surface) -> None:
        u, assets, t = self.u, self.app.assets, self.turn
        view = self.view_area()
        surface.fill((52, 62, 48))
        self.board.draw(surface)
        self._draw_pointers(surface)
        draw_over_board(surface, view, self.flow.anims, self.panel.ghost, self.camera, assets)
        draw_track(surface, self.rects["track"], self.seats, self.shown_scores(), assets, u)
        x = draw_top_bar(surface, self.rects["top"], _(self.runner.lesson.title), assets, u)
        left = min(b.rect.x for name, b in self.buttons.items() if name in TOP) - int(12 * u)
        font = assets.fonts.get(int(17 * u), "bold")
        words = progress_words(self.runner)
        if x + int(24 * u) + font.size(words)[0] <= left:
            blit_text(surface, font, words, (x + int(24 * u), self.rects["top"].centery), INK, "midleft")
        draw_cards(surface, self.rects["panel"], list(zip(self.card_rects, self.panel.cards)), assets, u)
        draw_hand(surface, self.rects["hand"], self.panel.hand, assets, u)
        self._draw_coach(surface)
        for b in self.buttons.values():
            b.draw(surface, assets.fonts, u)
        draw_over_all(surface, self.flow.anims, self.drag, self.seats[t.player].color, self.camera, assets)
        draw_message(surface, view, view.bottom, self.flow.message, assets, u)

    def _draw_pointers(self, surface: pygame.Surface) -> None:
        """A pulsing yellow frame inside each square the step points at: where to act."""
        cam = self.camera
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        width = max(2, int(3 * self.u))
        surface.set_clip(self.view_area())
        for x, y in self.runner.pointed() if not self.runner.walkthrough else ():
            rect = pygame.Rect(cam.tile_rect(x, y)).inflate(-int(cam.tile_px * (0.06 + 0.06 * pulse)), 0)
            rect.h = rect.w
            rect.center = cam.cell_center(x, y)
            pygame.draw.rect(surface, POINT, rect, width, border_radius=max(2, cam.tile_px // 8))
        surface.set_clip(None)

    def _draw_coach(self, surface: pygame.Surface) -> None:
        """The coach's panel: its line, the final scoring's event shown, its answer to the last
        move, and where the rulebook says it; a smaller font rather than an overflow."""
        u, fonts, rect = self.u, self.app.assets.fonts, self.rects["coach"]
        runner = self.runner
        step = runner.step
        blocks: list[tuple[str, tuple[int, int, int], str]] = [
            (coach_words(runner), INK, "ui"), (scoring_words(runner), ACCENT, "bold"),
            (note_words(runner.note), WARN, "bold"),
            (_("Rulebook: {source}").format(source=_(step.rule)) if step and step.rule else "", INK_DIM, "ui")]
        heading = fonts.get(int(18 * u), "bold")
        y0 = rect.y + heading.get_linesize() + int(4 * u)
        for size in (16, 15, 14, 13, 12, 11):
            laid = [(wrap(fonts.get(int(size * u), style), text, rect.w), fonts.get(int(size * u), style), colour)
                    for text, colour, style in blocks if text]
            need = sum(len(lines) * font.get_linesize() + int(6 * u) for lines, font, _c in laid)
            if y0 + need <= rect.bottom:
                break
        blit_text(surface, heading, _("Coach"), (rect.x, rect.y), ACCENT)
        y = y0
        for lines, font, colour in laid:
            for line in lines:
                if y + font.get_linesize() > rect.bottom:
                    return
                blit_text(surface, font, line, (rect.x, y), colour)
                y += font.get_linesize()
            y += int(6 * u)
