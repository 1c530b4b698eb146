"""Inns & Cathedrals (the first expansion, 2002): 18 tiles with inns and cathedrals, and
each player's big follower.

Record (``docs/game-record.md``, "Inns & Cathedrals"): the rules key
``"inns_cathedrals"`` (after ``start``); a turn's big follower is written
``"meeple": "city:N", "big": true``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason, RecordError
from ...engine.expansion import Expansion, RuleKey
from ...engine.figures import FOLLOWER, FigureStep
from ...engine.moves import Discard
from .rules import BIG, big_node

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.modules.base import RuleModule
    from ...engine.moves import Turn
    from ...engine.rules import Rules


class TheInnsCathedrals(Expansion):
    name = "inns_cathedrals"
    keys = (RuleKey("inns_cathedrals", False),)
    after = "start"
    turn_keys = ("big",)
    figures = (BIG,)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import InnsCathedrals

        return (InnsCathedrals(),)

    def not_in_play(self, step: FigureStep) -> Reason:
        return Reason("the big follower is played only with Inns & Cathedrals", "no-inns-cathedrals")

    # ------------------------------------------------------------ records
    def read_figure(self, where: str, raw: Mapping[str, Any], step: FigureStep | None) -> FigureStep | None:
        big = raw.get("big", False)
        if not isinstance(big, bool):
            raise RecordError(f"{where}: 'big' must be true or false")
        if not big:
            return step
        if step is None or step.kind != FOLLOWER.name:
            raise RecordError(f"{where}: 'big': true goes only beside 'meeple' (never alone, never with "
                              "another figure)")
        return FigureStep(BIG.name, step.place)

    def refuse_on_discard(self, where: str, raw: Mapping[str, Any]) -> None:
        if raw.get("big") is True:
            raise RecordError(f"{where}: 'big': true never goes on a discarded or returned tile")

    def write_figure(self, step: FigureStep, turn: dict[str, Any]) -> bool:
        if step.kind != BIG.name:
            return False
        turn["meeple"] = step.place
        turn["big"] = True
        return True

    def legal(self, game: Game, entry: dict[str, Any], moves: list[list[Any]], turn: Turn) -> None:
        """The places are listed once for both kinds of follower: a player whose big follower
        is home has them even with none of the 7 left; the entry's ``big`` says whether it
        may be placed this turn."""
        from ...engine.moves import Placement

        home = big_node(game, game.current) < 0
        if home:
            for move in moves:
                move[3] = game.free_spots(Placement(turn.tile, move[0], move[1], move[2]))
        entry["big"] = not isinstance(turn, Discard) and home


EXPANSION = TheInnsCathedrals()
