"""Traders & Builders (the second expansion, 2003; its C2/C3 rules): 24 tiles with goods,
each player's builder and pig.

Record (``docs/game-record.md``, "Traders & Builders"): the rules key ``"traders_builders"``
(after ``start``, beside ``inns_cathedrals``); a turn's builder is written ``"builder": "road:E"``, its pig
``"pig": "farm:NW"``; ``--json`` gives each player's goods, ``--legal`` the builder's and
the pig's places and whether the entry is a second part.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason, RecordError
from ...engine.expansion import Expansion, RuleKey
from ...engine.figures import FigureStep
from .rules import BUILDER, GOODS, PIG, second_part_due, trade

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.modules.base import RuleModule
    from ...engine.moves import Turn
    from ...engine.rules import Rules

#: Its figures' record keys, in a turn's order.
KEYS = (BUILDER.name, PIG.name)


class TheTradersBuilders(Expansion):
    name = "traders_builders"
    keys = (RuleKey("traders_builders", False),)
    after = "start"
    turn_keys = KEYS
    figures = (BUILDER, PIG)
    features = GOODS

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import TradersBuilders

        return (TradersBuilders(),)

    def not_in_play(self, step: FigureStep) -> Reason:
        return Reason(f"the {step.kind} is played only with Traders & Builders", "no-traders-builders",
                      kind=step.kind)

    # ------------------------------------------------------------ records
    def read_figure(self, where: str, raw: Mapping[str, Any], step: FigureStep | None) -> FigureStep | None:
        for key in KEYS:
            place = raw.get(key)
            if place is None:
                continue
            if not (isinstance(place, str) and 0 < len(place) <= 16):
                raise RecordError(f"{where}: '{key}' must be a place such as \"road:E\"")
            if step is not None:
                raise RecordError(f"{where}: a turn places at most one figure ('{key}' and another)")
            step = FigureStep(key, place)
        return step

    def refuse_on_discard(self, where: str, raw: Mapping[str, Any]) -> None:
        for key in KEYS:
            if raw.get(key) is not None:
                raise RecordError(f"{where}: '{key}' never goes on a discarded or returned tile")

    def write_figure(self, step: FigureStep, turn: dict[str, Any]) -> bool:
        if step.kind not in KEYS:
            return False
        turn[step.kind] = step.place
        return True

    def legal(self, game: Game, entry: dict[str, Any], moves: list[list[Any]], turn: Turn) -> None:
        """Each move gets the builder's places and the pig's; the entry whether it is played
        for the second part of a double turn."""
        from ...engine.moves import Placement

        for move in moves:
            steps = game.figure_steps(Placement(turn.tile, move[0], move[1], move[2]))
            move.append([s.place for s in steps if s.kind == BUILDER.name])
            move.append([s.place for s in steps if s.kind == PIG.name])
        entry["second_part"] = second_part_due(game)

    def report(self, game: Game, player: int, out: dict[str, Any]) -> None:
        state = trade(game)
        if state is not None:
            out["goods"] = dict(zip(GOODS, state.goods[player]))


EXPANSION = TheTradersBuilders()
