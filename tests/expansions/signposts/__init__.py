"""Signposts: an expansion made for the tests, to exercise the engine's pending decision.

After a tile with a cloister is placed, every player in turn, starting with the player who
placed it, puts a signpost on one of the tiles beside it (orthogonally, not one chosen
already this turn) and scores 1 point: a decision asked of each player in turn, during
another player's turn. Record: ``"signposts": true`` in the rules; the turn's choices as
``"signposts": [[x, y], ...]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from carcassonne.engine.errors import RecordError
from carcassonne.engine.expansion import Expansion, RuleKey

if TYPE_CHECKING:
    from carcassonne.engine.modules.base import RuleModule
    from carcassonne.engine.moves import Move
    from carcassonne.engine.rules import Rules


class Signposts(Expansion):
    name = "signposts"
    keys = (RuleKey("signposts", False),)
    turn_keys = ("signposts",)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import SignpostRule

        return (SignpostRule(),)

    def read_decisions(self, where: str, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        found = raw.get("signposts")
        if found is None:
            return ()
        if not isinstance(found, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
                for p in found):
            raise RecordError(f"{where}: 'signposts' must list squares [x, y]")
        return tuple((p[0], p[1]) for p in found)

    def write_decisions(self, move: Move, turn: dict[str, Any]) -> None:
        if move.decisions:
            turn["signposts"] = [list(choice) for choice in move.decisions]


EXPANSION = Signposts()
