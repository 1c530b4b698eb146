"""The lanterns' rule module."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.engine.errors import Reason
from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.modules.base import RuleModule
from carcassonne.engine.refusals import KEPT_BACK
from carcassonne.engine.scoring import Award
from carcassonne.engine.tiles import CITY, CLOISTER, TileKind

if TYPE_CHECKING:
    from carcassonne.engine.game import Game, Journal
    from carcassonne.engine.moves import Placement

LANTERN = "lantern"


class LanternRule(RuleModule):
    record_keys = ("lanterns",)
    stateful = True

    def start(self, game: Game, start: object) -> None:
        self.put(game, (0,) * game.players)

    def turn_begins(self, game: Game, journal: Journal) -> None:
        lit = list(self.get(game))
        lit[game.current] += 1
        self.put(game, tuple(lit))

    def counters(self, game: Game, player: int) -> dict[str, int]:
        return {LANTERN: self.get(game)[player]}

    def removed(self, game: Game, player: int, node: int, journal: Journal) -> None:
        lit = list(self.get(game))
        lit[player] = 0
        self.put(game, tuple(lit))

    def why_not_start(self, kind: TileKind) -> Reason | None:
        return Reason("tile C never starts", "lantern-start") if kind.id == "C" else None

    def keeps_back(self, game: Game, tile: str) -> bool:
        return tile == "C" and not any(CLOISTER in o.spots for o in game.board.values())

    def why_not_draw(self, game: Game, tile: str) -> Reason | None:
        if self.keeps_back(game, tile):
            return Reason(f"tile {tile} waits for a cloister", KEPT_BACK)
        return None

    def why_not_on_tile(self, game: Game, placement: Placement) -> Reason | None:
        return Reason("no figure stands on a tile B", "lantern-tile") if placement.tile == "B" else None

    def scored(self, game: Game, root: int, followers: tuple[tuple[int, int], ...], journal: Journal) -> None:
        if game.kind_of(root) == CITY and followers:
            player = followers[0][0]
            game.scores[player] += 2
            game.event(ScoreEvent(turn=len(game.history), feature=LANTERN, points=2, players=(player,),
                                  tiles=tuple(game.tiles_of(root)), complete=True))

    def final_scored(self, game: Game, awards: list[Award]) -> None:
        for i in range(len(awards) - 1, -1, -1):
            award = awards[i]
            if award.feature == CITY and award.tiles_of >= 0:
                player = game.followers_on(award.tiles_of)[0][0]
                awards.insert(i + 1, Award(LANTERN, 2, (player,), -1, 0, ((0, 0),)))
