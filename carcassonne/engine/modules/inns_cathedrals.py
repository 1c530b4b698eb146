"""Inns & Cathedrals as a rule module (the first expansion, 2002; ``docs/game-record.md``,
"Inns & Cathedrals"; the annotated rules' FAQ in ``shared/rules/``).

- The box holds the 18 tiles IC1-IC17 besides the others; with the Abbot, IC3 and IC15
  are the garden tiles IC3G and IC15G.
- Each player has one big follower besides the 7: where a follower may stand, the big
  one may instead, even when the 7 are all out. It counts 2 for the majority of a road,
  city, cloister or farm and never adds points (AR FAQ 17: "the number of, or in Inns
  and Cathedrals the size of, the followers has no effect on the points ... only
  important in establishing who has the majority"); it goes home like any follower.
- A completed road with an inn scores 2 a tile, a completed city with a cathedral 3 a
  tile and 3 a pennant; either left open at the end scores nothing (AR FAQ 22: "a road
  with an inn ... earns no points whatsoever at the end of the game").

In a turn the big follower is the follower step's choice written ``big:`` and the place
(``big:city:N``; ``"meeple": "city:N", "big": true`` in a record): one figure a turn by
construction. ``game.bigs[p]`` is the node player ``p``'s big follower stands on, or -1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import FollowerAt
from ..scoring import Award
from ..tiles import CITY, ROAD, Orientation, TileSet
from .abbot import garden_twin
from .base import RuleModule

if TYPE_CHECKING:
    from ..game import Game, Journal
    from ..moves import Placement

EXPANSION = "inns_cathedrals"
#: The follower step's prefix of a big follower's place (``big:road:E``).
BIG = "big:"
#: The marks of an inn (beside a road segment) and of a cathedral (in a city segment), as
#: the tileset declares them (``inns_cathedrals.tsx``).
INN, CATHEDRAL = "inn", "cathedral"
#: The tiles that show a garden when the Abbot is in play too (tiles.md, I&C "Gardens").
TWINS = ("IC3", "IC15")


def is_big(figure: str | None) -> bool:
    """Whether the follower step's ``figure`` is the big follower."""
    return figure is not None and figure.startswith(BIG)


def big_at(game: Game, player: int) -> FollowerAt | None:
    """Where ``player``'s big follower stands (tile and place, as :attr:`Feature.followers`
    names it), or None: at home, or Inns & Cathedrals not in play."""
    node = game.bigs[player] if player < len(game.bigs) else -1
    return game._follower_at(player, node) if node >= 0 else None


def has_inn(game: Game, root: int) -> bool:
    """Whether the road ``root`` has an inn beside one of its segments."""
    board, sqs, segs = game.board, game._sq, game._seg
    return any(INN in board[sqs[n]].segments[segs[n]].marks for n in game._members[root])


def has_cathedral(game: Game, root: int) -> bool:
    """Whether the city ``root`` has a cathedral."""
    board, sqs, segs = game.board, game._sq, game._seg
    return any(CATHEDRAL in board[sqs[n]].segments[segs[n]].marks for n in game._members[root])


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
    state = ("bigs",)

    def __init__(self, abbot: bool = False) -> None:
        #: Whether the Abbot is in play too: IC3 and IC15 are then their garden twins.
        self.abbot = abbot
        self._with_gardens: dict[int, tuple[TileSet, TileSet]] = {}

    # ------------------------------------------------------------- the box
    def tiles(self, tiles: TileSet) -> TileSet:
        if not self.abbot or all(t + "G" in tiles for t in TWINS if t in tiles):
            return tiles
        cached = self._with_gardens.get(id(tiles))
        if cached is None or cached[0] is not tiles:
            twins = {k.id + "G": garden_twin(k) for k in tiles if k.id in TWINS}
            cached = (tiles, TileSet({**tiles.kinds, **twins}))
            self._with_gardens[id(tiles)] = cached
        return cached[1]

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, str]) -> None:
        base = "base"
        for kind in tiles:
            if kind.expansion != EXPANSION or kind.id.endswith("G"):  # a garden twin: below
                continue
            tile = kind.id
            if self.abbot and tile in TWINS and tile + "G" in tiles:
                tile += "G"  # IC3 and IC15 then have count 0: their garden twins replace them
            counts[tile] = kind.count
            phase_of[tile] = base

    def start(self, game: Game, start: Orientation) -> None:
        game.bigs = (-1,) * game.players

    # ----------------------------------------------------------- the figure
    def extra_places(self, game: Game, placement: Placement) -> list[str]:
        if game.bigs[game.current] >= 0:
            return []
        return [BIG + spot for spot in game.free_spots(placement)]

    def play_figure(self, game: Game, sq: int, o: Orientation, base: int, figure: str,
                    journal: Journal) -> None:
        if not figure.startswith(BIG):
            return
        player = game.current
        node = base + o.spots[figure[len(BIG):]]
        root = game._find(node)
        game._set_followers(root, game._followers[root] + ((player, node),), journal)
        bigs = list(game.bigs)
        bigs[player] = node
        game.bigs = tuple(bigs)

    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        """Send home every big follower whose feature was scored: the game counted it back
        as one of the 7, so the supply gives that one back."""
        bigs, followers, find = game.bigs, game._followers, game._find
        home = [p for p, n in enumerate(bigs) if n >= 0 and (p, n) not in followers[find(n)]]
        if home:
            for p in home:
                game.supply[p] -= 1
            game.bigs = tuple(-1 if p in home else n for p, n in enumerate(bigs))

    # ------------------------------------------------------------- scoring
    def strength(self, game: Game, figures: tuple[tuple[int, int], ...], counts: list[int]) -> None:
        bigs = game.bigs
        for p, n in figures:
            if bigs[p] == n:
                counts[p] += 1

    def points(self, game: Game, root: int, kind: str, tiles: int, complete: bool) -> int | None:
        if kind == ROAD:
            return inn_points(tiles, complete) if has_inn(game, root) else None
        if kind == CITY and has_cathedral(game, root):
            return cathedral_points(tiles, game._pennants[root], complete)
        return None

    def final_awards(self, game: Game, roots: list[int], awards: list[Award]) -> None:
        """An inn road or cathedral city left open scores nothing: no award (AR FAQ 22)."""
        if any(a.points == 0 for a in awards):
            awards[:] = [a for a in awards if a.points]
