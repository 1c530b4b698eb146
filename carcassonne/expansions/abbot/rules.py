"""The Abbot and gardens as a rule module (the 2021 editions in ``shared/rules/``;
the record format's "The Abbot", ``docs/game-record.md``).

Each player has one abbot besides the 7 followers. Where a turn may place a follower
it may instead place the abbot, on the placed tile's cloister or garden only; no
follower stands on a garden. Instead of placing a figure, a player whose abbot is on
the board may take it back: it scores at once what its cloister or garden is worth
(1 + the tiles around it), before the turn's other scoring. A garden is scored as a
cloister in every rule; a completed one, or a cloister, sends its abbot home (the
game does, as for any follower); at the end an abbot still out scores as a monk on
an incomplete cloister.

In a turn the abbot is the figure step ``FigureStep("abbot", "cloister")`` or
``("abbot", "garden")``, taken back with ``FigureStep("abbot", action="back")``
(``"abbot": "garden"`` and ``"abbot_back": true`` in a record): one figure a turn by
construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import Reason
from ...engine.events import ScoreEvent
from ...engine.figures import FigureKind, FigureStep
from ...engine.geometry import RING
from ...engine.modules.base import RuleModule
from ...engine.tiles import CLOISTER, Orientation, Segment, TileKind, TileSet

if TYPE_CHECKING:
    from ...engine.game import Game, Journal
    from ...engine.moves import Placement

GARDEN = "garden"
ABBOT = FigureKind("abbot", strength=1, per_player=1)
#: What the abbot does instead of being placed: taken back.
BACK = "back"
#: Where an abbot may stand: the placed tile's cloister or garden.
PLACES = (CLOISTER, GARDEN)
#: The tiles that have one garden twin each (``shared/docs/tiles.md``, "Gardens" and each
#: expansion's own "Gardens"), each replacing one copy of its plain twin when it is in the box.
TWINS = ("E", "H", "I", "M", "N", "R", "U", "V", "R10", "IC3", "IC15", "TB8", "TB11", "PD2", "PD10")


def garden_twin(kind: TileKind) -> TileKind:
    """``kind`` with a garden: the same edges and segments, plus the garden (tiles.md)."""
    return TileKind(kind.id + "G", 1, kind.edges, kind.segments + (Segment(GARDEN),), kind.expansion,
                    symbol=kind.symbol, twin_of=kind.id)


def garden_index(o: Orientation) -> int:
    """The garden's segment index on a tile, or -1."""
    for i, seg in enumerate(o.segments):
        if seg.kind == GARDEN:
            return i
    return -1


def abbot_node(game: Game, player: int) -> int:
    """The node ``player``'s abbot stands on, or -1 (at home, or the Abbot not in play)."""
    nodes = game.placed.get(ABBOT.name)
    return nodes[player][0] if nodes and nodes[player] else -1


class Abbot(RuleModule):
    """The Abbot: the garden tiles, the abbot's places, taking it back, gardens scored."""

    record_keys = ("abbot",)
    figures = (ABBOT,)

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

    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int]) -> None:
        """The twins of the tiles in the box so far (the base game's, the tiles put in before) replace one
        copy each; an expansion's tiles put in later meet their twins as they go in
        (:func:`~carcassonne.engine.deck.put_in_box`)."""
        for tile in TWINS:
            twin = tile + "G"
            if counts.get(tile, 0) > 0 and twin in tiles:
                counts[tile] -= 1
                counts[twin] = 1
                phase_of[twin] = phase_of[tile]

    # ----------------------------------------------------------- the figure
    def figure_steps(self, game: Game, placement: Placement) -> list[FigureStep]:
        if abbot_node(game, game.current) >= 0:
            return []
        o = game.tiles[placement.tile].orientations[placement.rotation // 90]
        return [FigureStep(ABBOT.name, place) for place in PLACES if place in o.spots]

    def actions(self, game: Game, placement: Placement) -> list[FigureStep]:
        return [FigureStep(ABBOT.name, action=BACK)] if abbot_node(game, game.current) >= 0 else []

    def why_not_place(self, game: Game, placement: Placement, place: str) -> Reason | None:
        if place == GARDEN:
            return Reason("only an abbot may stand in a garden", "garden-follower")
        return None

    def why_not_figure(self, game: Game, placement: Placement, step: FigureStep) -> Reason | None:
        name = game.names[game.current]
        out = abbot_node(game, game.current) >= 0
        if step.action:
            if step.action != BACK or step.at is not None:
                return Reason(f"an abbot cannot {step.action}", "abbot-place")
            return None if out else Reason(f"{name}'s abbot is not on the board", "abbot-not-out")
        if out:
            return Reason(f"{name}'s abbot is already on the board", "abbot-out")
        if step.place not in PLACES or step.at is not None:
            return Reason("an abbot stands only on the placed tile's cloister or garden", "abbot-place")
        if step.place not in game.tiles[placement.tile].orientations[placement.rotation // 90].spots:
            return Reason(f"tile {placement.tile} has no {step.place} for the abbot", "abbot-place",
                          place=step.place)
        return None

    def play_figure(self, game: Game, sq: int, o: Orientation, base: int, step: FigureStep,
                    journal: Journal) -> None:
        if step.kind == ABBOT.name and step.action == BACK:
            self._take_back(game, abbot_node(game, game.current), journal)

    def _take_back(self, game: Game, node: int, journal: Journal) -> None:
        """The abbot goes home and scores what its cloister or garden is worth now (its score
        event first: it names the abbot going home)."""
        player = game.current
        points = game.value(node, complete=False)
        game.scores[player] += points
        game.event(ScoreEvent(
            turn=len(game.history), feature=game.kind_of(node), points=points, players=(player,),
            tiles=tuple(game.tiles_of(node)), figures_returned=(game.figure_at(player, node),),
            complete=False))
        game.take_home(player, node, journal)

    # ------------------------------------------------------------ scoring
    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        """Score the gardens the tile completed (their abbots go home as any follower)."""
        board = game.board
        for r in (0, *RING):
            g = sq + r
            nb = board.get(g)
            if nb is None:
                continue
            index = garden_index(nb)
            if index >= 0:
                node = game.node(g, index)
                if game.followers_on(node) and game.ring_filled(g) == 8:
                    game.score_feature(node, journal)
