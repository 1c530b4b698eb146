"""What a player does in their turn on the Play screen, and what the screen says back.

Each action goes to the :class:`~carcassonne.app.play.turn.TurnController` (which asks the
engine) and answers with a message and a sound: rotate, undo, "no follower" (asked once:
a second press ends the turn, so a stray Space never ends it unasked), confirm, the
keyboard's Tab and F, and what a drop of a tile or a follower means.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine import IllegalMoveError, Placement, ScoreEvent
from ...engine.figures import FigureStep
from ...i18n import _
from ...words import explain
from ...words.turn_place import where
from ..art.expansion_ui import action_ui, first
from ..ui.sound import Sounds
from ..ui.widgets import BAD, INK, INK_DIM
from .drag import Drop
from .turn import TurnController
from .turn_flow import TurnFlow


class TurnActions:
    """The player's actions in their turn, each with its message (in ``flow``) and sound."""

    def __init__(self, turn: TurnController, flow: TurnFlow, sounds: Sounds, *, aids_on: Callable[[], bool],
                 follow: Callable[[int, int], None], confirmed: Callable[[list[ScoreEvent]], None]) -> None:
        self.turn = turn
        self.flow = flow
        self.sounds = sounds
        self.aids_on = aids_on
        self.follow = follow
        self.confirmed = confirmed

    def rotate(self, step: int = 1) -> None:
        if self.turn.can_act:
            self.turn.rotate(step)
            self.sounds.play("click")
            if self.flow.failed_cell is not None:  # a refused drop's "press R twice" is out of date now
                self.flow.failed_cell = None
                self.flow.say("", INK, 0)

    def undo(self) -> None:
        if self.turn.can_act and self.turn.undo():
            self.flow.say(_("Undone."), INK_DIM, 1.5)

    def skip(self) -> None:
        """No follower (Space): the first press says so and keeps the turn open (Undo takes
        it back); a second press ends the turn."""
        if self.turn.can_act and self.turn.pending is not None and not self.turn.declined:
            self.turn.decline_follower()
            self.flow.say(_("No follower this turn. Space or Enter ends the turn; Undo takes it back."), INK, 8)
            return
        self._confirm(skip=True)

    def confirm(self) -> None:
        self._confirm(skip=False)

    def _confirm(self, skip: bool) -> None:
        if not self.turn.can_act:
            return
        if self.turn.pending is None:
            self.flow.say(_("Place the tile first: drag it from your hand onto a green square."), BAD)
            if not skip:
                self.sounds.play("error")
            return
        try:
            events = self.turn.confirm(skip_follower=skip)
        except IllegalMoveError as exc:  # should not happen: every step was checked
            self.flow.say(explain.error_words(exc), BAD)
            return
        if events is not None:  # (a network game: played when the server answers)
            self.confirmed(events)

    def place_next(self, step: int = 1) -> None:
        """Tab: put the tile on the next legal square (keyboard play)."""
        p = self.turn.place_next(step) if self.turn.can_act else None
        if p is not None:
            self.by_keys = True
            self.follow(p.x, p.y)
            x, y = p.x, p.y
            self.flow.say(lambda: _("Tile placed {where}. Enter confirms, F picks a follower place, Tab moves it.")
                          .format(where=where(x, y)), INK_DIM)

    def cycle_follower(self) -> None:
        """F: put the follower on the next open place of the pending tile (keyboard play)."""
        if not self.turn.can_act or self.turn.pending is None:
            return
        if not self.turn.spots():
            self.flow.say(_("No follower can go on this tile."), INK_DIM)
            return
        self.by_keys = True
        self.turn.next_figure()

    #: The square and place of this turn were chosen with the keys (Tab, F): the board rings them.
    by_keys = False

    def dropped(self, done: Drop) -> None:
        """Carry out what a release meant (:func:`carcassonne.app.play.drag.drop`)."""
        self.by_keys = False
        if done.kind == "place" and done.cell is not None:
            self.drop_tile(*done.cell)
        elif done.kind == "figure" and done.step is not None:
            self.drop_figure(done.step)
        elif done.kind == "action" and done.step is not None:
            self.take_action(done.step)
        elif done.kind == "home":
            kind = self.turn.figure.kind if self.turn.figure is not None else ""
            self.turn.put(None)
            self.flow.say(first("home_words", kind) or _("The follower went back to your supply."), INK_DIM, 2)
        elif done.kind == "missed":
            self.flow.say(_("Drop the follower on one of the lit places."), BAD)
            self.sounds.play("error")

    def drop_tile(self, x: int, y: int) -> None:
        tile, reason = self.turn.tile, self.turn.place(x, y)
        if tile is None:
            return
        if reason is None and self.turn.pending is None:  # taken back at once: a lesson's coach says why
            self.flow.failed_cell = (x, y)
            return
        if reason is None:
            self.flow.failed_cell = None
            self.sounds.play("place")
            self.follow(x, y)
            others = first("laid_words", self.turn.game, self.turn.figure_steps())
            if self.turn.spots() and not (others and any(s.at is not None for s in self.turn.figure_steps())):
                self.flow.say(_("Placed. Drag a follower onto a lit place (or press F), or press Space for none."),
                              INK)
            elif others is not None:
                self.flow.say(others, INK)
            else:
                self.flow.say(_("Placed. No follower can go here: press Enter to confirm."), INK)
            return
        self.flow.failed_cell = (x, y)
        self.flow.say(explain.tile_refused(self.turn.game, Placement(tile, x, y, self.turn.rotation), reason,
                                           self.aids_on()), BAD, 8)
        self.sounds.play("error")

    def choose(self, index: int) -> None:
        """1, 2, 3: the tile to play of those held (keyboard play)."""
        hand = self.turn.hand
        if index < len(hand) and self.turn.choose(hand[index]):
            self.sounds.play("click")

    def take_action(self, step: FigureStep) -> None:
        """Take the action ``step`` instead of a figure (a button, a key, or a drag of its
        figure from the board to the panel): says the points it will
        score before the turn is confirmed, or why it cannot be taken."""
        offered = action_ui(step)
        if not self.turn.can_act or offered is None:
            return
        if self.turn.pending is None and self.turn.figure_out(self.turn.player, step.kind) is not None:
            self.flow.say(_(offered.lay_first), BAD)
            self.sounds.play("error")
            return
        reason = self.turn.put(step)
        if reason is not None:
            self.flow.say(explain.follower_refused(reason, self.aids_on()), BAD, 8)
            self.sounds.play("error")
            return
        points = self.turn.action_points() or 0
        self.sounds.play("follower")
        self.flow.say(offered.taken(points), INK, 10)

    def drop_figure(self, step: FigureStep) -> None:
        """A figure dropped on a place of the laid tile: it stands there, or the engine says why not."""
        reason = self.turn.put(step)
        if reason is None:
            self.sounds.play("follower")
            placed = first("placed_words", step) or _("Follower placed. Enter confirms the turn.")
            risk = self.turn.open_risk()
            note = explain.open_risk(*risk) if risk is not None else None
            self.flow.say(placed if note is None else f"{placed} {note}", INK, 8.0 if note else 4.0)
            return
        self.flow.say(explain.follower_refused(reason, self.aids_on()), BAD, 8)
        self.sounds.play("error")
