"""The signposts' rule module: who decides, among what, and what a choice scores."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine.events import ScoreEvent
from carcassonne.engine.expansion import Decision
from carcassonne.engine.geometry import STEP, coords, square
from carcassonne.engine.modules.base import RuleModule
from carcassonne.engine.tiles import CLOISTER

if TYPE_CHECKING:
    from carcassonne.engine.game import Game, Journal
    from carcassonne.engine.moves import Move

KIND = "signpost"


class SignpostRule(RuleModule):
    record_keys = ("signposts",)

    def decision(self, game: Game, move: Move) -> Decision | None:
        o = game.tiles[move.tile].orientations[move.rotation // 90]
        number = len(move.decisions)
        if CLOISTER not in o.spots or number >= game.players:
            return None
        sq = square(move.x, move.y)
        options = tuple(coords(sq + step) for step in STEP
                        if sq + step in game.board and coords(sq + step) not in move.decisions)
        if not options:
            return None
        return Decision((game.current + number) % game.players, KIND, options, number)

    def decide(self, game: Game, move: Move, decision: Decision, choice: Any, journal: Journal) -> None:
        game.scores[decision.player] += 1
        game.event(ScoreEvent(turn=len(game.history), feature=KIND, points=1, players=(decision.player,),
                              tiles=(tuple(choice),)))
