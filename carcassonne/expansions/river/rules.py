"""The River as a rule module (The River rules, in the annotated rules 2007).

The river tiles come first, then the lake, then the land tiles ("Preparation");
the spring is the start tile; each river tile must continue the river's open end
without an immediate U-turn; no follower goes on the river. The base start tile D is
then one more land tile, shuffled in with the others.

"A U-turn with the river tiles is not possible": a curve may not turn the same way as
the curve just before it. Per the FAQ (footnote 31), "only immediate U-turns are
explicitly forbidden", so two same-way curves with a straight tile between them are
allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.deck import BASE
from ...engine.errors import Reason
from ...engine.geometry import STEP, coords, square
from ...engine.modules.base import RuleModule
from ...engine.tiles import Orientation, TileKind, TileSet

if TYPE_CHECKING:
    from ...engine.game import Game, Journal
    from ...engine.moves import Placement

#: The river's edge letter (its tileset declares it: ``edge_kinds`` ``s:river``).
RIVER_EDGE = "s"
#: The draw phases of the river tiles and of the lake, before the land tiles'.
RIVER_PHASE, LAKE_PHASE = BASE - 2, BASE - 1
#: The spring (the start tile) and the lake, as the tileset marks them (``role``).
SPRING, LAKE = "spring", "lake"


def is_river(kind: TileKind) -> bool:
    """Whether the tile shows the river."""
    return RIVER_EDGE in kind.edges


STRAIGHT, RIGHT, LEFT = 0, 1, -1
_TURN_WORD = {RIGHT: "right", LEFT: "left"}


@dataclass(frozen=True)
class RiverState:
    """The river's open end: the square the next river tile must fill and the side it enters by."""

    end: int | None  # square, or None once the lake has closed the river
    entry: int  # the side of ``end`` that meets the river (0-3 = N E S W)
    last_turn: int  # RIGHT/LEFT if the last river tile was a curve, else STRAIGHT

    @classmethod
    def from_spring(cls, spring: Orientation) -> RiverState:
        out = spring.edges.index(RIVER_EDGE)
        return cls(square(0, 0) + STEP[out], (out + 2) % 4, STRAIGHT)

    def turn_of(self, o: Orientation) -> int:
        """How a river tile entered at ``self.entry`` turns the river: straight, right or left."""
        exits = [d for d in range(4) if o.edges[d] == RIVER_EDGE and d != self.entry]
        if not exits:
            return STRAIGHT  # the lake: the river ends
        heading = (self.entry + 2) % 4
        if exits[0] == heading:
            return STRAIGHT
        return RIGHT if exits[0] == (heading + 1) % 4 else LEFT

    def placements(self, game: Game, kind: TileKind) -> list[tuple[int, int]]:
        if self.end is None:
            return []
        key = game.open.get(self.end)
        if key is None:
            return []
        out = []
        for rotation in kind.fits(key):
            o = kind.orientations[rotation // 90]
            if o.edges[self.entry] == RIVER_EDGE and not self._u_turn(o):
                out.append((self.end, rotation))
        return out

    def _u_turn(self, o: Orientation) -> bool:
        turn = self.turn_of(o)
        return turn != STRAIGHT and turn == self.last_turn

    def why_not(self, game: Game, sq: int, o: Orientation) -> Reason | None:
        if self.end is None:
            return Reason("the river is already finished", "river-finished")
        if sq != self.end:
            x, y = coords(self.end)
            return Reason(f"a river tile must continue the river at ({x}, {y})", "river-continue", end=(x, y))
        if o.edges[self.entry] != RIVER_EDGE:
            return Reason("its river must meet the end of the river", "river-continue")
        if self._u_turn(o):
            turn = _TURN_WORD[self.turn_of(o)]
            return Reason(f"the river may not make a U-turn: this curve turns {turn} like the one "
                          "before it", "river-u-turn", turn=turn)
        return None

    def after(self, sq: int, o: Orientation) -> RiverState:
        """The river once ``o`` lies at its open end."""
        exits = [d for d in range(4) if o.edges[d] == RIVER_EDGE and d != self.entry]
        turn = self.turn_of(o)
        if not exits:
            return RiverState(None, 0, turn)
        return RiverState(sq + STEP[exits[0]], (exits[0] + 2) % 4, turn)



class River(RuleModule):
    """The River: its tiles, its order, its placements; its open end is this module's state."""

    record_keys = ("river",)
    stateful = True

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int]) -> None:
        for kind in tiles:
            if kind.expansion == "river":
                counts[kind.id] = kind.count
                phase_of[kind.id] = LAKE_PHASE if kind.role == LAKE else RIVER_PHASE

    def start_tile(self, tiles: TileSet) -> str | None:
        return tiles.with_role(SPRING).id

    def start(self, game: Game, start: Orientation) -> None:
        self.put(game, RiverState.from_spring(start))

    def why_not_draw(self, game: Game, tile: str) -> Reason | None:
        deck = game.deck
        phase, own = deck.phase(), deck.phase_of.get(tile, BASE)
        if own == phase:
            return None
        lake = own == LAKE_PHASE or phase == LAKE_PHASE
        if lake:
            text = f"tile {tile} cannot be drawn yet: the lake comes after the river tiles"
        else:  # a land tile while river tiles remain
            text = f"tile {tile} cannot be drawn yet: the river tiles come first"
        return Reason(text, "river-order", tile=tile, lake=lake)

    def placements(self, game: Game, kind: TileKind) -> list[tuple[int, int]] | None:
        river: RiverState | None = self.get(game)
        return river.placements(game, kind) if river is not None and is_river(kind) else None

    def why_not_placement(self, game: Game, sq: int, o: Orientation) -> Reason | None:
        river: RiverState | None = self.get(game)
        return river.why_not(game, sq, o) if river is not None and is_river(o.kind) else None

    def why_not_place(self, game: Game, placement: Placement, place: str) -> Reason | None:
        if place.startswith("river"):
            return Reason("followers may not be placed on the river (The River rules)", "river-follower")
        return None

    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        river: RiverState | None = self.get(game)
        if river is not None and is_river(o.kind):
            self.put(game, river.after(sq, o))


def river_of(game: Game) -> RiverState | None:
    """The river's open end in ``game``, or None without The River."""
    for module in game.modules:
        if isinstance(module, River):
            state: RiverState = module.get(game)
            return state
    return None
