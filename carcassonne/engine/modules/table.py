"""The table as a rule module (Wikicarpedia, base game, "Use of a Table"; HR).

``table`` (W, H) bounds the play area, the start tile at (0, 0): no tile goes
beyond its edge. With ``table_closes`` that edge completes the roads and cities
that meet it and fills a cloister's neighbouring squares, as an Abbey would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Reason
from ..geometry import coords
from .base import EdgesOff, RuleModule

if TYPE_CHECKING:
    from ..game import Game


class Table(RuleModule):
    """A table of ``width`` × ``height`` squares around the start tile."""

    record_keys = ("table", "table_closes")

    def __init__(self, table: tuple[int, int], bounds: tuple[int, int, int, int], closes: bool) -> None:
        self.table = table
        #: (min x, max x, min y, max y), as :attr:`Rules.bounds`.
        self.bounds = bounds
        self.edge_closes = closes

    def inside(self, x: int, y: int) -> bool:
        b = self.bounds
        return b[0] <= x <= b[1] and b[2] <= y <= b[3]

    def edges_off(self, sq: int) -> EdgesOff:
        b = self.bounds
        x, y = coords(sq)
        return y - 1 < b[2], x + 1 > b[1], y + 1 > b[3], x - 1 < b[0]

    def why_not_square(self, game: Game, x: int, y: int) -> Reason | None:
        if self.inside(x, y):
            return None
        w, h = self.table
        return Reason(f"that square is off the table ({w} × {h} squares)", "off-table", width=w, height=h)
