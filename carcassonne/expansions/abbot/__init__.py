"""The Abbot and gardens (the mini-expansion of the second-edition box, 2014; its rules in
the 2021 editions in ``shared/rules/``): each player's abbot, the garden tiles, taking the
abbot back.

Record: the rules key ``"abbot"`` (after the house rules); a turn's abbot is written
``"abbot": "cloister"`` or ``"abbot": "garden"``, its taking back ``"abbot_back": true``
(``docs/game-record.md``, "The Abbot").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason, RecordError
from ...engine.expansion import Expansion, RuleKey
from ...engine.figures import FigureStep
from ...engine.moves import Discard
from .rules import ABBOT, BACK, GARDEN, PLACES, Abbot

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.modules.base import RuleModule
    from ...engine.moves import Turn
    from ...engine.rules import Rules
    from ...engine.tiles import TileSet


class TheAbbot(Expansion):
    name = "abbot"
    keys = (RuleKey("abbot", False),)
    after = "discard"
    turn_keys = ("abbot", "abbot_back")
    figures = (ABBOT,)
    actions = ((ABBOT.name, BACK),)
    features = (GARDEN,)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        return (Abbot(),)

    def tiles(self, tiles: TileSet) -> TileSet:
        """The garden twins of the tiles in ``tiles`` (``E`` -> ``EG``), as its rule module makes them."""
        return _MAKER.tiles(tiles)

    def not_in_play(self, step: FigureStep) -> Reason:
        return Reason("the Abbot is not in play in this game", "no-abbot")

    # ------------------------------------------------------------ records
    def read_figure(self, where: str, raw: Mapping[str, Any], step: FigureStep | None) -> FigureStep | None:
        abbot, back = raw.get("abbot"), raw.get("abbot_back", False)
        if not isinstance(back, bool):
            raise RecordError(f"{where}: 'abbot_back' must be true or false")
        if abbot is None and not back:
            return step
        if abbot is not None and abbot not in PLACES:
            raise RecordError(f"{where}: 'abbot' must be \"cloister\" or \"garden\"")
        if step is not None or (abbot is not None and back):
            raise RecordError(f"{where}: a turn places one figure: 'meeple', 'abbot' and 'abbot_back' "
                              "never go together")
        return FigureStep(ABBOT.name, action=BACK) if back else FigureStep(ABBOT.name, str(abbot))

    def write_figure(self, step: FigureStep, turn: dict[str, Any]) -> bool:
        if step.kind != ABBOT.name:
            return False
        if step.action == BACK:
            turn["abbot_back"] = True
        else:
            turn["abbot"] = step.place
        return True

    def legal(self, game: Game, entry: dict[str, Any], moves: list[list[Any]], turn: Turn) -> None:
        """Each move's fifth item: the abbot's places (``["cloister"]``, ``["garden"]`` or
        ``[]``); the entry's ``abbot_back``: whether it may be taken back this turn."""
        from ...engine.moves import Placement

        for move in moves:
            placement = Placement(turn.tile, move[0], move[1], move[2])
            move.append([s.place for s in game.figure_steps(placement) if s.kind == ABBOT.name and not s.action])
        entry["abbot_back"] = not isinstance(turn, Discard) and any(
            s.kind == ABBOT.name and s.action == BACK for m in game.modules
            for s in m.actions(game, turn.placement))


#: The rule module that makes the garden twins (it keeps the sets it made, one per tile set).
_MAKER = Abbot()
EXPANSION = TheAbbot()
