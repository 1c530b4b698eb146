"""The River as a rule module (The River rules, in the annotated rules 2007).

The river tiles come first, then the lake, then the land tiles ("Preparation");
the spring is the start tile; each river tile must continue the river's open end
without an immediate U-turn (:mod:`carcassonne.engine.river`); no follower goes
on the river.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..deck import LAKE, RIVER
from ..errors import Reason
from ..river import RiverState
from ..tiles import Orientation, TileKind, TileSet
from .base import RuleModule

if TYPE_CHECKING:
    from ..game import Game, Journal
    from ..moves import Placement


class River(RuleModule):
    """The River: its tiles, its order, its placements; its open end is ``game.river``."""

    record_keys = ("river",)
    state = ("river",)

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, str]) -> None:
        for kind in tiles:
            if kind.expansion == "river":
                counts[kind.id] = kind.count
                phase_of[kind.id] = LAKE if kind.role == "lake" else RIVER

    def start_tile(self, tiles: TileSet) -> str | None:
        return tiles.with_role("spring").id

    def start(self, game: Game, start: Orientation) -> None:
        game.river = RiverState.from_spring(start)

    def placements(self, game: Game, kind: TileKind) -> list[tuple[int, int]] | None:
        river = game.river
        return river.placements(game, kind) if kind.is_river and river is not None else None

    def why_not_placement(self, game: Game, sq: int, o: Orientation) -> Reason | None:
        river = game.river
        return river.why_not(game, sq, o) if o.kind.is_river and river is not None else None

    def why_not_place(self, game: Game, placement: Placement, spot: str) -> Reason | None:
        if spot.startswith("river"):
            return Reason("followers may not be placed on the river (The River rules)", "river-follower")
        return None

    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        river = game.river
        if river is not None and o.kind.is_river:
            game.river = river.after(sq, o)
