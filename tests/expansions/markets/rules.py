"""The markets' rule module."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.engine.modules.base import RuleModule
from carcassonne.engine.scoring import Award

if TYPE_CHECKING:
    from carcassonne.engine.game import Game, Journal
    from carcassonne.engine.moves import Move

TOKEN = "market"


class MarketRule(RuleModule):
    record_keys = ("markets",)
    stateful = True

    def start(self, game: Game, start: object) -> None:
        self.put(game, (0,) * game.players)

    def completed(self, game: Game, root: int, journal: Journal) -> None:
        tokens = list(self.get(game))
        tokens[game.current] += len(game.tiles_of(root))
        self.put(game, tuple(tokens))

    def counters(self, game: Game, player: int) -> dict[str, int]:
        return {TOKEN: self.get(game)[player]}

    def final_extras(self, game: Game) -> list[Award]:
        tokens = self.get(game)
        most = max(tokens)
        if not most:
            return []
        return [Award(TOKEN, 5, tuple(p for p, n in enumerate(tokens) if n == most), -1, most)]

    def city_bonus(self, game: Game, player: int, farm: int) -> int:
        return 1 if player == 0 else 0

    def another_turn(self, game: Game, move: Move) -> bool:
        return move.tile == "C"
