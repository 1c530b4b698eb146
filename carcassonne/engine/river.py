"""The River: where the next river tile may go (The River rules, annotated rules 2007).

The spring starts the river; each river tile must continue the river's open end,
and "a U-turn with the river tiles is not possible": a curve may not turn the same
way as the curve just before it. Per the FAQ (footnote 31), "only immediate U-turns
are explicitly forbidden", so two same-way curves with a straight tile between
them are allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import Reason
from .geometry import STEP, coords, square
from .tiles import Orientation, TileKind

if TYPE_CHECKING:
    from .game import Game

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
        out = spring.edges.index("s")
        return cls(square(0, 0) + STEP[out], (out + 2) % 4, STRAIGHT)

    def turn_of(self, o: Orientation) -> int:
        """How a river tile entered at ``self.entry`` turns the river: straight, right or left."""
        exits = [d for d in range(4) if o.edges[d] == "s" and d != self.entry]
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
            if o.edges[self.entry] == "s" and not self._u_turn(o):
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
        if o.edges[self.entry] != "s":
            return Reason("its river must meet the end of the river", "river-continue")
        if self._u_turn(o):
            turn = _TURN_WORD[self.turn_of(o)]
            return Reason(f"the river may not make a U-turn: this curve turns {turn} like the one "
                          "before it", "river-u-turn", turn=turn)
        return None

    def after(self, sq: int, o: Orientation) -> RiverState:
        """The river once ``o`` lies at its open end."""
        exits = [d for d in range(4) if o.edges[d] == "s" and d != self.entry]
        turn = self.turn_of(o)
        if not exits:
            return RiverState(None, 0, turn)
        return RiverState(sq + STEP[exits[0]], (exits[0] + 2) % 4, turn)

