"""The Abbot and gardens as a rule module (the 2021 editions in ``shared/rules/``;
the record format's "The Abbot", ``docs/game-record.md``).

Each player has one abbot besides the 7 followers. Where a turn may place a follower
it may instead place the abbot, on the placed tile's cloister or garden only; no
follower stands on a garden. Instead of placing a figure, a player whose abbot is on
the board may take it back: it scores at once what its cloister or garden is worth
(1 + the tiles around it), before the turn's other scoring. A garden is scored as a
cloister in every rule; a completed one, or a cloister, sends its abbot home; at the
end an abbot still out scores as a monk on an incomplete cloister.

In a turn the abbot is the follower step's choice, written ``abbot:cloister``,
``abbot:garden`` or ``abbot:back`` in :attr:`Move.follower <carcassonne.engine.moves.Move>`
(``"abbot": "garden"`` and ``"abbot_back": true`` in a record): one figure a turn by
construction. ``game.abbots[p]`` is the node player ``p``'s abbot stands on, or -1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Reason
from ..events import FollowerAt, ScoreEvent
from ..geometry import RING
from ..tiles import CLOISTER, Orientation, Segment, TileKind, TileSet
from .base import RuleModule

if TYPE_CHECKING:
    from ..game import Game, Journal
    from ..moves import Placement

GARDEN = "garden"
ABBOT = "abbot"
#: The abbot's places and the taking back, as the follower step writes them.
ON_CLOISTER, ON_GARDEN, BACK = "abbot:cloister", "abbot:garden", "abbot:back"
PLACE_OF = {ON_CLOISTER: CLOISTER, ON_GARDEN: GARDEN}
#: The tiles that have one garden twin each (``shared/docs/tiles.md``, "Gardens").
TWINS = ("E", "H", "I", "M", "N", "R", "U", "V", "R10")


def garden_twin(kind: TileKind) -> TileKind:
    """``kind`` with a garden: the same edges and segments, plus the garden (tiles.md)."""
    return TileKind(kind.id + "G", 1, kind.edges, kind.segments + (Segment(GARDEN),), kind.expansion)


def abbot_at(game: Game, player: int) -> FollowerAt | None:
    """Where ``player``'s abbot stands (tile and place, ``garden`` or ``cloister``), or None:
    at home, or the Abbot not in play. The board shows it as an abbot, not a follower."""
    node = game.abbots[player] if player < len(game.abbots) else -1
    return game._follower_at(player, node) if node >= 0 else None


def garden_index(o: Orientation) -> int:
    """The garden's segment index on a tile, or -1."""
    for i, seg in enumerate(o.segments):
        if seg.kind == GARDEN:
            return i
    return -1


class Abbot(RuleModule):
    """The Abbot: the garden tiles, the abbot's places, taking it back, gardens scored."""

    record_keys = ("abbot",)
    state = ("abbots",)

    def __init__(self) -> None:
        self._with_gardens: dict[int, tuple[TileSet, TileSet]] = {}

    def tiles(self, tiles: TileSet) -> TileSet:
        cached = self._with_gardens.get(id(tiles))
        if cached is None or cached[0] is not tiles:
            if all(t + "G" in tiles for t in TWINS if t in tiles):
                return tiles
            twins = {k.id + "G": garden_twin(k) for k in tiles if k.id in TWINS}
            cached = (tiles, TileSet({**tiles.kinds, **twins}))
            self._with_gardens[id(tiles)] = cached
        return cached[1]

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, str]) -> None:
        for tile in TWINS:
            twin = tile + "G"
            if counts.get(tile, 0) > 0 and twin in tiles:
                counts[tile] -= 1
                counts[twin] = 1
                phase_of[twin] = phase_of[tile]

    def start(self, game: Game, start: Orientation) -> None:
        game.abbots = (-1,) * game.players

    # ----------------------------------------------------------- the figure
    def extra_places(self, game: Game, placement: Placement) -> list[str]:
        if game.abbots[game.current] >= 0:
            return []
        o = game.tiles[placement.tile].orientations[placement.rotation // 90]
        places = []
        if CLOISTER in o.spots:
            places.append(ON_CLOISTER)
        if garden_index(o) >= 0:
            places.append(ON_GARDEN)
        return places

    def extra_actions(self, game: Game, placement: Placement) -> list[str]:
        return [BACK] if game.abbots[game.current] >= 0 else []

    def why_not_place(self, game: Game, placement: Placement, spot: str) -> Reason | None:
        if spot == GARDEN:
            return Reason("only an abbot may stand in a garden", "garden-follower")
        name = game.names[game.current]
        if spot == BACK:
            return Reason(f"{name}'s abbot is not on the board", "abbot-not-out")
        if spot in PLACE_OF:
            if game.abbots[game.current] >= 0:
                return Reason(f"{name}'s abbot is already on the board", "abbot-out")
            place = PLACE_OF[spot]
            return Reason(f"tile {placement.tile} has no {place} for the abbot", "abbot-place", place=place)
        if spot.startswith(ABBOT):
            return Reason("an abbot stands only on the placed tile's cloister or garden", "abbot-place")
        return None

    def play_figure(self, game: Game, sq: int, o: Orientation, base: int, figure: str,
                    journal: Journal) -> None:
        if figure != BACK and figure not in PLACE_OF:  # another module's figure
            return
        player = game.current
        abbots = list(game.abbots)
        if figure == BACK:
            node = abbots[player]
            self._take_back(game, node, journal)  # (first: its score event names the abbot going home)
            abbots[player] = -1
            game.abbots = tuple(abbots)
            return
        index = o.spots[CLOISTER] if figure == ON_CLOISTER else garden_index(o)
        node = base + index
        game._set_followers(node, ((player, node),), journal)
        abbots[player] = node
        game.abbots = tuple(abbots)

    def _take_back(self, game: Game, node: int, journal: Journal) -> None:
        """The abbot goes home and scores what its cloister or garden is worth now."""
        fs = game._followers[node]
        points = game._points(node, complete=False)
        player = fs[0][0]
        game.scores[player] += points
        game.events.append(ScoreEvent(
            turn=len(game.history), feature=game._kind[node], points=points, players=(player,),
            tiles=tuple(game._tiles_of(node)), followers_returned=(game._follower_at(player, node),),
            complete=False))
        game._set_followers(node, (), journal)

    # ------------------------------------------------------------ scoring
    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        """Score the gardens the tile completed, then send home every abbot whose cloister
        or garden was scored (the game counted it back as a follower)."""
        board, followers = game.board, game._followers
        for r in (0, *RING):
            g = sq + r
            nb = board.get(g)
            if nb is None:
                continue
            index = garden_index(nb)
            if index >= 0:
                node = game._base[g] + index
                if followers[node] and game._cloister_neighbours(g) == 8:
                    game._score(node, journal)
        abbots = game.abbots
        if any(n >= 0 and not followers[n] for n in abbots):
            for p, n in enumerate(abbots):
                if n >= 0 and not followers[n]:
                    game.supply[p] -= 1
            game.abbots = tuple(-1 if n >= 0 and not followers[n] else n for n in abbots)
