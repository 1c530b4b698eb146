"""Three small house rules as rule modules (Wikicarpedia, base game, "House Rules"; HR).

``incomplete_score: false``: unfinished roads, cities and cloisters score nothing at
the end; ``hole_bonus``: a tile with a tile on all four sides earns another turn;
``discard: "bag"``: a tile that fits nowhere goes back into the bag while some tile
left fits. The table (``table``, ``table_closes``) is :mod:`.table`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scoring import Award
from .base import RuleModule

if TYPE_CHECKING:
    from ..game import Game
    from ..moves import Move


class NoIncompleteScore(RuleModule):
    """``incomplete_score: false``: the final scoring keeps only the farms."""

    record_keys = ("incomplete_score",)

    def final_awards(self, game: Game, roots: list[int], awards: list[Award]) -> None:
        awards[:] = [a for a in awards if a.feature == "farm"]


class HoleBonus(RuleModule):
    """``hole_bonus``: filling a hole (a tile on all four sides; the table's edge is no
    neighbour) earns the same player another turn."""

    record_keys = ("hole_bonus",)

    def another_turn(self, game: Game, move: Move) -> bool:
        return game.fills_hole(move.x, move.y)


class DiscardToBag(RuleModule):
    """``discard: "bag"``: an unplayable tile goes back into the bag while some tile that
    could be drawn now fits somewhere; once none does, it is discarded as in the book."""

    record_keys = ("discard",)

    def returns_to_bag(self, game: Game) -> bool:
        return game._any_tile_fits()
