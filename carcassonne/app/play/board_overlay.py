"""What the Play scene adds over its board besides the turn itself: the feature a follower
would join, the farms' owners (a toggle), the scored features lit segment by segment,
the last move, and the move log drawer.

Kept apart from the scene so the scene only wires it: :meth:`BoardOverlay.marks` adds
to the :class:`BoardMarks` the scene made, :meth:`BoardOverlay.handle` takes the
log's clicks, :meth:`BoardOverlay.draw` draws the drawer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from ...engine import FigureAt, Game, Placement, ScoreEvent
from ...i18n import _
from ...words.movelog import LogEntry, entries, last_move
from ..art.assets import Assets
from ..board.board_view import BoardMarks
from ..board.camera import Camera
from ..board.feature_paint import Paint, Preview, event_paint, farm_owner_paints
from ..ui.intents import Intent
from .movelog_view import MoveLogDrawer


class BoardOverlay:
    def __init__(self, game: Game, colours: list[str]) -> None:
        self.game = game
        self.colours = colours
        self.preview = Preview()
        #: Paint every farm in its leading player's colour (the toggle; hidden in purist mode).
        self.farm_owners = False
        self.log = MoveLogDrawer()
        #: Features being scored this turn, lit until their time is up: (paint, seconds left).
        self.flashes: list[tuple[Paint, float]] = []
        self._per_turn: dict[str, tuple[object, object]] = {}
        #: The turns a computer played for a person whose turn timer ran out (numbered from 1).
        self.timed_out: set[int] = set()

    def _cached(self, name: str, make: Callable[[], object]) -> object:
        """``make()``, made again only when a turn has been played (or taken back)."""
        key = (self.game.turn_number, len(self.game.events), len(self.timed_out))
        found = self._per_turn.get(name)
        if found is None or found[0] != key:
            found = self._per_turn[name] = (key, make())
        return found[1]

    def farms(self) -> tuple[Paint, ...]:
        """The farm owners' paints, made once a turn."""
        return self._cached("farms", lambda: farm_owner_paints(self.game, self.colours))  # type: ignore[return-value]

    def entries(self) -> list[LogEntry]:
        return self._cached("log", lambda: entries(self.game, self.timed_out))  # type: ignore[return-value]

    def last_follower(self) -> FigureAt | None:
        return self._cached("last", lambda: last_move(self.game)[1])  # type: ignore[return-value]

    # ----------------------------------------------------------- actions
    def toggle_farm_owners(self, aids_on: bool) -> str:
        """Each farm in its leader's colour (O), or off again; where there is nothing to show:
        why, in words to say."""
        if not self.game.rules.farmers:
            return _("No farm owners to show: this game is played without farmers.")
        if not aids_on:
            return _("Farm owners are a player aid: purist mode is on.")
        self.farm_owners = not self.farm_owners
        return ""

    def toggle_log(self) -> None:
        self.log.toggle()

    def flash(self, events: list[ScoreEvent], seconds: float) -> None:
        """Light the features of ``events`` (just scored) for ``seconds``."""
        self.flashes += [(event_paint(self.game, ev, self.colours), seconds) for ev in events]

    # ----------------------------------------------------------- frames
    def layout(self, area: pygame.Rect, u: float) -> None:
        self.log.layout(area, u)

    def update(self, dt: float, assets: Assets, u: float) -> None:
        self.flashes = [(p, t - dt) for p, t in self.flashes if t - dt > 0]
        if self.log.open:
            self.log.update(self.entries(), assets, u)

    def marks(self, marks: BoardMarks, pending: Placement | None, hover_spot: str | None,
              aids_on: bool) -> BoardMarks:
        """``marks`` with the overlay's paints, the last follower and the square shown from the log."""
        paints: tuple[Paint, ...] = self.farms() if self.farm_owners and aids_on else ()
        paints += tuple(p for p, _ in self.flashes)
        paints += self.preview.paint(self.game, pending, hover_spot)
        shown = None
        if self.log.open and self.log.selected is not None and self.log.selected < len(self.log.entries):
            shown = self.log.entries[self.log.selected].cell
        return replace(marks, paints=paints, last_follower=self.last_follower(), shown=shown)

    def handle(self, intent: Intent, camera: Camera, seconds: float) -> bool:
        """A click or wheel turn on the open log (a click glides the board to that turn's tile)."""
        got = self.log.handle(intent)
        if isinstance(got, LogEntry):
            if got.cell is not None:  # centred in the board left of the drawer
                shift = self.log.rect.w / 2 / max(1, camera.tile_px)
                camera.glide_to(got.cell[0] + 0.5 - shift, got.cell[1] + 0.5, seconds)
            return True
        return bool(got)

    def draw(self, surface: pygame.Surface, assets: Assets, u: float) -> None:
        self.log.draw(surface, assets, self.colours, u)


class StepMarks:
    """The marks of a board shown one step at a time (the replay): the last tile framed, its
    follower ringed, the features the step scored painted in their scorers' colours. Made
    once a step (finding a feature on the board is not a per-frame job)."""

    def __init__(self, colours: list[str]) -> None:
        self.colours = colours
        self._made: tuple[object, BoardMarks] | None = None

    def get(self, step: object, game: Game, events: list[ScoreEvent]) -> BoardMarks:
        if self._made is None or self._made[0] != step:
            cell, follower = last_move(game)
            paints = tuple(event_paint(game, ev, self.colours) for ev in events)
            self._made = (step, BoardMarks(last_placed=cell, last_follower=follower, paints=paints))
        return self._made[1]
