"""The Play scene: the wiring between a player's mouse and keys, the turn controller and the screen.

A person drags the drawn tile onto the board (or clicks a square; right-click, R or the wheel
rotates), maybe a follower onto a lit place, then confirms (Enter) or says "no follower" (Space,
twice). Phases: :mod:`~carcassonne.app.play.turn` (pygame-free; a network game is driven the same way);
actions: :mod:`~carcassonne.app.play.turn_actions`; pointer: :mod:`~carcassonne.app.play.play_input`; pace:
:mod:`~carcassonne.app.play.turn_flow`; panels: :mod:`~carcassonne.app.play.playview`; network: :mod:`~.net_view`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ...engine import Move, ScoreEvent
from ...engine.untrusted import shown_path
from ...i18n import N_, _
from ..art.expansion_ui import action_ui
from ..board.board_view import BoardMarks
from ..network.net_view import table_view
from ..play.aidview import Aids, Tip
from ..play.board_overlay import BoardOverlay
from ..play.coach import Coach, Hinting
from ..play.deciding import Asking
from ..play.drag import Drag, Places
from ..play.play_draw import draw_play, play_marks
from ..play.play_input import Pointer, TurnPlaces, board_input
from ..play.play_layout import panel_places
from ..play.play_tips import ShownTip, find_tip
from ..play.playview import PanelView, action_button, panel_view
from ..play.turn import (
    AI_DECIDE,
    AI_GLIDE,
    AI_THINK,
    ANIMATING,
    DECIDE,
    HANDOVER,
    HUMAN,
    OVER,
    AIError,
    TurnController,
)
from ..play.turn_actions import TurnActions
from ..play.turn_buttons import turn_buttons
from ..play.turn_flow import TurnFlow, rule_words
from ..ui.intents import KEY, MOTION, PRESS, RELEASE, WHEEL, Intent
from ..ui.keymap import key_hint
from ..ui.widgets import BAD, GOOD, INK, INK_DIM, Button
from .base import BoardScene

if TYPE_CHECKING:
    from ..app import App

__all__ = ["AI_GLIDE", "AI_THINK", "ANIMATING", "HANDOVER", "HUMAN", "OVER", "PlayScene"]

#: The buttons: label and the keymap action they carry out (:meth:`PlayScene.do`).
BUTTONS = {"rotate": (N_("Rotate"), "rotate"), "undo": (N_("Undo"), "undo"),
           "skip": (N_("No follower"), "no-follower"), "confirm": (N_("Confirm"), "confirm"),
           "menu": (N_("Menu"), "menu"), "help": (N_("Help"), "help"), "save": (N_("Save"), "save"),
           "log": (N_("Moves"), "move-log"), "farms": (N_("Farms"), "farm-owners"), "hint": (N_("Hint"), "hint")}
#: The top bar's buttons show no key beside them.
PLAIN = ("menu", "help", "save")


class PlayScene(BoardScene):
    keymap = "play"

    def __init__(self, app: App, turn: TurnController) -> None:
        super().__init__(app, turn.seats, turn.game)
        self.turn = turn
        #: The pointer, what it carries and the follower place under it (:mod:`carcassonne.app.play.play_input`).
        self.grip = Pointer(turn, self.board)
        #: The decisions a move asks (an expansion's steps): a click or a drag of the figure answers.
        self.asking = Asking(turn, self.board, self.seats, self.say, app.sounds.play, self.keep_options_in_view)
        #: Where the tile in hand and each player's followers stand on the panel (a press picks them up there).
        self.pieces = TurnPlaces(turn, self.rects, lambda: self.card_rects, lambda: self.u)
        #: The message of the moment, the animations, the score markers (:mod:`carcassonne.app.play.turn_flow`).
        self.flow = TurnFlow(self.game, self.seats)
        #: The player's actions in the turn, each with its message and sound (:mod:`carcassonne.app.play.turn_actions`).
        self.moves = TurnActions(turn, self.flow, app.sounds, aids_on=lambda: self.aids_on, follow=self.follow,
                                 confirmed=self.after_turn)
        self.buttons = {name: Button(label, partial(self.do, action),
                                     hint="" if name in PLAIN else key_hint("play", action), primary=name == "confirm")
                        for name, (label, action) in BUTTONS.items()}
        #: The action a player may take instead of a figure in this game (an expansion's: the
        #: figure taken home), and its button in a row of its own.
        self.action, _out, _label = action_button(turn)
        offered = None if self.action is None else action_ui(self.action)
        self.buttons["action"] = Button(offered.label if offered else "", self.take_action,
                                        hint=key_hint("play", offered.key_action) if offered else "")
        self.aids = Aids(self.game)
        #: The tooltip under the pointer (why-not, tiles that fit, projected score) and where it shows.
        self.shown_tip: ShownTip | None = None
        #: A mouse button is down (holding the board, say): no glide takes the camera from the player.
        self.holding = False
        #: What the painters show, made in ``update`` (:func:`carcassonne.app.play.playview.panel_view`).
        self.panel = PanelView()
        self.refining = False
        # -- board overlay (features lit, farm owners, last move, move log): board_overlay.py
        self.overlay = BoardOverlay(self.game, [s.color for s in self.seats])
        self.overlay.timed_out = turn.timed_out  # (the move log says whose turn the timer played)
        #: The hint: Expert's move for the tile in hand, looked for in the background
        #: (:mod:`carcassonne.app.play.coach`).
        self.coach = Coach(turn.hints_used)
        self.hinting = Hinting(self.coach, turn, lambda: self.aids_on, self.say, lambda: self.message, self.follow)
        self.net = table_view(app, turn, self.flow.tell, self.after_turn)  # a network game's seats, timer, chat

    # ================================================================= lifecycle
    def enter(self) -> None:
        super().enter()
        self.recentre()
        self.begin_turn(first=True)

    def exit(self) -> None:
        table = getattr(self.turn, "table", None)
        if self.turn.network is not None and table is not None and table.game_id:
            self.app.net.left(table.game_id, self.game.turn_number)  # (the Join screen's row: when, which turn)
        self.turn.close()
        self.coach.close()
        self.app.storage.let_go()  # another copy of the game may now continue it

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        areas, buttons = panel_places(self.rects, self.layout_board(310, 58 if len(self.seats) <= 4 else 48, 34),
                                      self.u, action=self.action is not None)
        self.rects.update(areas)
        for name, rect in buttons.items():
            self.buttons[name].rect = rect
        self.widgets = list(self.buttons.values())
        self.overlay.layout(self.view_area(), self.u)  # -- board overlay
        self.net.layout(self.rects, self.card_rects, self.u)
        self.flow.reword()  # (laid out again after a change of language too)
        self.shown_tip = None  # worded and placed again on the next frame
        self.update_view()

    # ================================================================ turn flow
    @property
    def phase(self) -> str:
        return self.turn.phase

    def begin_turn(self, first: bool = False) -> None:
        """Start the next turn: results when the deck is empty, the AI, or a hand-over.
        The last turn's messages go with it."""
        self.grip.let_go()
        self.moves.by_keys = False
        if self.turn.begin_turn(first) == OVER:
            self.finish_game()
        else:
            self.flow.new_turn(self.turn)
            if self.phase == HUMAN and not self.holding:  # (a held button: the camera is the player's)
                self.show_lit_squares()

    @property
    def aids_on(self) -> bool:
        """Player aids are shown unless purist mode (tournament play) is on or the game is rated."""
        return self.app.settings.aids and self.turn.aids_allowed

    @property
    def hints_on(self) -> bool:
        return self.app.settings.hints and self.aids_on

    def projected_scores(self) -> list[int] | None:
        """Each player's score if the game ended now, counting the tile and follower laid this
        turn but not yet confirmed (None: hidden in purist mode)."""
        if not self.aids_on:
            return None
        p = self.turn.pending
        return self.aids.projected(p.with_figure(self.turn.figure) if p is not None else None)

    @property
    def dead_spots(self) -> list[tuple[int, int]]:
        """The squares marked dead on the board (none in purist mode)."""
        return self.board.dead_spots()

    def finish_game(self) -> None:
        final = self.game.finish() if not self.game.finished else [e for e in self.game.events if e.final]
        if self.turn.network is None:  # (a network game's record is the server's)
            self.app.storage.keep_finished(self.turn.record())  # among the replays, with its result
            self.app.storage.clear_autosave()
        self.app.replace_scene("final", game=self.game, seats=self.seats, final=final,  # scored on the board
                               hints=list(self.turn.hints_used), chat=self.net.chat_history())

    def after_turn(self, events: list[ScoreEvent]) -> None:
        """Animate the turn's scoring; the next turn begins once it has played (:meth:`update`)."""
        self.grip.let_go()
        self.app.sounds.play("score" if events else "place")
        speed = self.app.settings.speed
        if speed > 0:
            self.overlay.flash(events, 1.2 / speed)  # -- board overlay: the scored features lit
        # (reduced motion: nothing rises or glides, the markers jump; the features are still lit)
        self.flow.score(events, self.app.settings.motion, self.camera, self.app.assets, self.u,
                        lambda i: self.card_rects[i].midright)
        if self.flow.scoring_shown():
            self.begin_turn()

    def _show_ai_move(self, move: Move) -> None:
        speed = self.app.settings.motion
        self.keep_in_view(move.x, move.y)
        if speed <= 0:
            self._land_ai()
            return
        self.flow.glide_in(move, self.app.assets, self.camera, self.hand_tile_rect(), speed, self._land_ai)
        self.say(_("{name} places the tile.").format(name=self.turn.seat.name), INK_DIM, 1.5)

    def _land_ai(self) -> None:
        """The computer's tile has reached the board: its turn is played, or (when the rules
        ask decisions of the players first) it lies there while they are made."""
        events = self.turn.land_ai()
        if self.phase == ANIMATING:
            self.after_turn(events)

    def _ai_failed(self, error: AIError) -> None:
        """A computer player broke: say so plainly; the autosave keeps every turn before it."""
        self.say(str(error), BAD, 30)
        self.app.push_scene("message", title="A computer player failed",
                            text=f"{error}. The game is saved up to the last turn.",
                            on_close=lambda: self.app.replace_scene("title"))

    # ================================================================== actions
    def say(self, text: str | Callable[[], str], colour: tuple[int, int, int] = INK, seconds: float = 4.0) -> None:
        self.flow.say(text, colour, seconds)

    @property
    def message(self) -> str:
        return self.flow.message.text

    @property
    def message_time(self) -> float:
        return self.flow.message.seconds

    @property
    def shown_scores(self) -> list[float]:
        return self.flow.shown_scores

    def save_game(self) -> str:
        """Save a copy of the game; returns (and says) where, or why it could not."""
        try:
            path = self.app.storage.save_game(self.turn.record())
        except OSError as exc:
            self.say(_("Could not save: {reason}").format(reason=exc.strerror or exc), BAD)
        else:
            self.say(_("Saved as {name}").format(name=shown_path(path.name)), GOOD)
        return self.message

    def open_menu(self) -> None:
        self.grip.let_go()
        self.app.push_scene("pause", save=self.save_game, before_quit=self.turn.save,
                            network=self.turn.network is not None)

    def open_help(self) -> None:
        self.grip.let_go()
        self.app.push_scene("rules")

    def back(self) -> None:
        """Esc: let go of what is dragged, else the menu."""
        if self.drag is not None:
            self.grip.let_go()
        else:
            self.open_menu()

    def do(self, action: str) -> bool:
        """Carry out a keymap action (:mod:`carcassonne.app.ui.keymap`); False if it means nothing here."""
        if self.camera_action(action):
            return True
        m = self.moves
        actions: dict[str, Callable[[], object]] = {
            "rotate": lambda: m.rotate(1), "rotate-back": lambda: m.rotate(-1),
            "place-next": lambda: m.place_next(1), "place-previous": lambda: m.place_next(-1),
            "next-follower": m.cycle_follower, "confirm": m.confirm, "no-follower": m.skip, "undo": m.undo,
            "save": self.save_game, "back": self.back, "help": self.open_help, "menu": self.open_menu,
            "move-log": self.overlay.toggle_log, "farm-owners": self.toggle_farm_owners,
            "hint": self.hinting.ask,
            "held-1": lambda: m.choose(0), "held-2": lambda: m.choose(1), "held-3": lambda: m.choose(2)}
        offered = None if self.action is None else action_ui(self.action)
        if offered is not None:
            actions[offered.key_action] = self.take_action
        if action not in actions:
            return False
        actions[action]()
        return True

    def toggle_farm_owners(self) -> None:
        if why := self.overlay.toggle_farm_owners(self.aids_on):  # (nothing to show: why)
            self.say(why, INK_DIM)

    def show_lit_squares(self) -> None:
        """A person's turn begins: the lit squares (where the tile fits) in view with the board, none
        cut off by the side panel; zooming out only, as for a computer's tile. A board too big for
        that: the lit square nearest the middle of the view."""
        legal = self.turn.legal_cells()
        if not legal or self.drag is not None:
            return
        middle = self.camera.cell_at(*self.view_area().center)
        nearest = min(legal, key=lambda c: abs(c[0] - middle[0]) + abs(c[1] - middle[1]))
        cells = [(x, y) for x, y, _ in self.game.placed_tiles()] + list(legal)
        self.camera.keep_in_view(cells, nearest, self.view_box(), self.glide_time(0.3))

    # ================================================================== input
    def hand_tile_rect(self, tile: str | None = None) -> pygame.Rect:
        """Where the drawn tile (or ``tile`` of those held) waits in the hand slot (a drag
        of it starts here)."""
        return self.pieces.hand_tile_rect(tile)

    def follower_slots(self, player: int) -> list[pygame.Rect]:
        """Where each follower of ``player``'s supply stands in their card (drag one from here)."""
        return self.pieces.follower_slots(player)

    def figure_slots(self, player: int) -> list[tuple[str, pygame.Rect]]:
        """Where ``player``'s other figures (an expansion's kinds) stand in their card while at
        home, by kind (drag one from here)."""
        return self.pieces.figure_slots(player)

    def take_action(self) -> None:
        """The action of this game (its button or key): taken instead of a figure."""
        if self.action is not None:
            self.moves.take_action(self.action)

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (PRESS, RELEASE):
            self.holding = intent.kind == PRESS
        if intent.kind in (PRESS, RELEASE, MOTION, WHEEL):
            self.grip.pos = intent.pos
        if self.drag is None and self.net.handle(intent):
            return True
        clicked = intent.kind == PRESS and intent.button == 1 and not self._over_button(intent.pos)
        if self.phase == HANDOVER and (clicked or intent.action in ("confirm", "no-follower")):
            self.turn.accept_handover()
            if self.phase == DECIDE:
                self.asking.show()
                return True
            self.show_lit_squares()
            name = self.turn.seat.name  # (an expansion's word for the turn first: turn_flow.rule_words)
            self.say(lambda: rule_words(self.game, name) or _("{name}: drag the tile onto the board, or press Tab.")
                     .format(name=name))
            return True
        on_board = clicked and self.rects["board"].collidepoint(intent.pos)
        if self.asking.handle(intent, on_board):
            return True
        if intent.kind == MOTION:
            for b in self.widgets:
                b.handle(intent)
            self.grip.motion(intent)
            return True
        if self.drag is None and intent.kind in (PRESS, RELEASE) and super().handle(intent):
            return True
        # -- board overlay: the move log takes its clicks
        if self.drag is None and self.overlay.handle(intent, self.camera, self.glide_time(0.4)):
            return True
        if intent.kind in (PRESS, RELEASE, WHEEL):  # (the same pointer in a lesson: play_input.py)
            return board_input(intent, self.grip, self.places, self.moves, self.camera, self.rects["board"])
        if intent.kind == KEY:
            return self.do(intent.action)
        return False

    def keep_options_in_view(self, cells: list[tuple[int, int]]) -> None:
        """A decision's squares in view (:class:`~carcassonne.app.play.deciding.Asking`)."""
        self.camera.keep_in_view(cells, cells[0], self.view_box(), self.glide_time(0.3))

    def _over_button(self, pos: tuple[int, int]) -> bool:
        return self.net.covers(pos) or any(b.rect.collidepoint(pos) for b in self.widgets if b.visible)

    def places(self) -> Places:
        """Where the things a press may pick up are on screen now."""
        return self.pieces.places()

    # ================================================================== update
    def update(self, dt: float) -> None:
        self.refining = self.app.assets.tiles.refine(3)  # tiles scaled roughly for speed, redone smoothly
        if self.drag is not None:
            self.camera.stop()  # the player took the camera: no glide pulls it from under the pointer
        self.flow.tick(dt, self.app.settings.speed)
        self.net.update(dt)  # a network game: what the server sent (this screen's move played: after_turn)
        if self.turn.network is None:  # (a network game's moves come through its view)
            try:
                played = self.turn.poll_table()  # a move played once its decisions were made
            except AIError as exc:
                self._ai_failed(exc)
                return
            if played is not None:
                self.after_turn(played)
        self.asking.show()
        if self.phase == ANIMATING and self.flow.scoring_shown():
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
        self.hinting.update()
        self.board.update(dt)
        self.overlay.update(dt, self.app.assets, self.u)  # -- board overlay
        self.update_view()
        deciding = self.phase in (DECIDE, AI_DECIDE)  # (the board shows the options alone)
        self.shown_tip = None if not self.aids_on or deciding else find_tip(
            self.turn, self.aids, self.board, pointer=self.pointer, drag=self.drag, cards=self.card_rects,
            view=self.view_area(), over_button=self._over_button(self.pointer), failed=self.flow.failed_cell, u=self.u)

    def animating(self) -> bool:
        """Something moves without input: a computer's turn, scoring, a glide, a message counting down."""
        return (self.phase in (AI_THINK, AI_GLIDE, ANIMATING, AI_DECIDE) or self.flow.animating or self.camera.gliding
                or self.message_time > 0 or self.grip.drag is not None or self.refining
                or bool(self.overlay.flashes) or self.coach.thinking or self.net.animating())

    def board_marks(self) -> BoardMarks:
        return play_marks(self)

    def update_view(self) -> None:
        """Tell the board, the buttons and the painters what the turn looks like now."""
        for name, (shown, usable) in turn_buttons(self.turn).items():  # (a spectator sees none of them)
            self.buttons[name].visible, self.buttons[name].enabled = shown, usable
        action = self.buttons["action"]  # (usable while its figure is out, naming the points it scores)
        step, action.enabled, action.label = action_button(self.turn)
        action.visible = action.visible and step is not None
        self.buttons["farms"].visible = self.aids_on  # -- board overlay (farm owners: an aid)
        self.buttons["hint"].visible = self.aids_on and self.turn.hints_allowed  # -- the hint (an aid)
        self.buttons["hint"].enabled = self.hinting.can() and not self.coach.thinking
        self.board.show(self.game.turn_number, self.board_marks())
        self.panel = panel_view(self.turn, self.drag, self.seats, self.shown_scores, self.projected_scores(),
                                self.follower_slots, self.camera, self.places().on_board, self.aids_on,
                                figure_slots=self.figure_slots)

    @property
    def drag(self) -> Drag | None:
        return self.grip.drag

    @property
    def hover_spot(self) -> str | None:
        return self.grip.hover_spot

    @property
    def pointer(self) -> tuple[int, int]:
        return self.grip.pos

    @property
    def tip(self) -> Tip | None:
        """What the tooltip under the pointer says, if one shows."""
        return self.shown_tip.tip if self.shown_tip is not None else None

    # ==================================================================== draw
    def draw(self, surface: pygame.Surface) -> None:
        draw_play(surface, self)
