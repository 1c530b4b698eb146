"""Inns & Cathedrals as a rule module (the first expansion, 2002; ``docs/game-record.md``,
"Inns & Cathedrals"; the annotated rules' FAQ in ``shared/rules/``).

- The box holds the 18 tiles IC1-IC17 besides the others.
- Each player has one big follower besides the 7: where a follower may stand, the big
  one may instead, even when the 7 are all out. It counts 2 for the majority of a road,
  city, cloister or farm and never adds points (AR FAQ 17: "the number of, or in Inns
  and Cathedrals the size of, the followers has no effect on the points ... only
  important in establishing who has the majority"); it goes home like any follower.
- A completed road with an inn scores 2 a tile, a completed city with a cathedral 3 a
  tile and 3 a pennant; either left open at the end scores nothing (AR FAQ 22: "a road
  with an inn ... earns no points whatsoever at the end of the game").

In a turn the big follower is the figure step ``FigureStep("big", "city:N")``
(``"meeple": "city:N", "big": true`` in a record): one figure a turn by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.deck import put_in_box
from ...engine.errors import Reason
from ...engine.figures import FigureKind, FigureStep
from ...engine.modules.base import RuleModule
from ...engine.refusals import CLAIMABLE, why_not_stand
from ...engine.tiles import CITY, ROAD, TileSet

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.moves import Placement

EXPANSION = "inns_cathedrals"
BIG = FigureKind("big", strength=2, per_player=1)
#: The marks of an inn (beside a road segment) and of a cathedral (in a city segment), as
#: the tileset declares them (``inns_cathedrals.tsx``).
INN, CATHEDRAL = "inn", "cathedral"


def big_node(game: Game, player: int) -> int:
    """The node ``player``'s big follower stands on, or -1 (at home, or not in play)."""
    nodes = game.placed.get(BIG.name)
    return nodes[player][0] if nodes and nodes[player] else -1


def has_inn(game: Game, root: int) -> bool:
    """Whether the road ``root`` has an inn beside one of its segments."""
    return any(INN in seg.marks for seg in game.segments_of(root))


def has_cathedral(game: Game, root: int) -> bool:
    """Whether the city ``root`` has a cathedral."""
    return any(CATHEDRAL in seg.marks for seg in game.segments_of(root))


def inn_points(tiles: int, complete: bool) -> int:
    """A road with an inn: 2 a tile completed, nothing left open at the end."""
    return 2 * tiles if complete else 0


def cathedral_points(tiles: int, pennants: int, complete: bool) -> int:
    """A city with a cathedral: 3 a tile and a pennant completed (never the small-city
    rate), nothing left open at the end."""
    return 3 * (tiles + pennants) if complete else 0


class InnsCathedrals(RuleModule):
    """Inns & Cathedrals: its tiles, the big follower, inns and cathedrals scored."""

    record_keys = ("inns_cathedrals",)
    figures = (BIG,)

    # ------------------------------------------------------------- the box
    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int]) -> None:
        for kind in tiles:
            if kind.expansion == EXPANSION and not kind.twin_of:
                put_in_box(tiles, counts, phase_of, kind)

    # ----------------------------------------------------------- the figure
    def figure_steps(self, game: Game, placement: Placement) -> list[FigureStep]:
        if big_node(game, game.current) >= 0:
            return []
        return [FigureStep(BIG.name, place) for place in game.free_spots(placement)]

    def why_not_figure(self, game: Game, placement: Placement, step: FigureStep) -> Reason | None:
        if big_node(game, game.current) >= 0:
            return Reason(f"{game.names[game.current]}'s big follower is already on the board", "big-out")
        if step.action or step.at is not None:
            return Reason(f"the big follower stands only on a road, city, cloister or farm of tile "
                          f"{placement.tile}", "big-place", place=step.place)
        reason = why_not_stand(game, placement, step.place)
        o = game.tiles[placement.tile].orientations[placement.rotation // 90]
        index = o.spots.get(step.place)
        if reason is None or index is None or o.segments[index].kind not in CLAIMABLE:
            return reason  # a place no follower has: said as for any follower
        return Reason(str(reason), reason.rule, **reason.facts, big=True)

    def why_not_supply(self, game: Game) -> Reason | None:
        if big_node(game, game.current) < 0:  # the big one is home
            name = game.names[game.current]
            return Reason(f"{name} has none of the 7 followers left, only the big follower",
                          "only-big-left", name=name)
        return None

    # ------------------------------------------------------------- scoring
    def points(self, game: Game, root: int, kind: str, tiles: int, complete: bool) -> int | None:
        if kind == ROAD:
            return inn_points(tiles, complete) if has_inn(game, root) else None
        if kind == CITY and has_cathedral(game, root):
            return cathedral_points(tiles, game.pennants_of(root), complete)
        return None

