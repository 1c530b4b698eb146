"""An example expansion for the tests: after each tile is laid, every player in turn (the
player to move first) picks one of the squares beside it that holds a tile; a pick of a tile
with a city scores its picker 1 point. Small and deterministic, it exercises the pending
decision (``engine/expansion.py`` ``Decision``) at the table, by people and computers alike.

Registered only by the tests (``carcassonne.expansions.register("expansions.pick_square")``,
with ``tests/`` on the import path); record: the rules key ``"pick_square"``, each turn's ``"picks"``
(``[[x, y], ...]``, in the order they were made).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carcassonne.engine.errors import RecordError
from carcassonne.engine.expansion import Decision, Expansion, RuleKey
from carcassonne.engine.modules.base import RuleModule

KIND = "pick-square"
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


class PickSquare(RuleModule):
    """Asks each player in turn for a square beside the tile just laid."""

    record_keys = ("pick_square",)

    def decision(self, game: Any, move: Any) -> Decision | None:
        made = len(move.decisions)
        if made >= game.players:
            return None
        options = tuple((move.x + dx, move.y + dy) for dx, dy in STEPS
                        if game.tile_at(move.x + dx, move.y + dy) is not None)
        if not options:
            return None
        return Decision((game.current + made) % game.players, KIND, options, made)

    def decide(self, game: Any, move: Any, decision: Decision, choice: Any, journal: Any) -> None:
        o = game.tile_at(*choice)
        if o is not None and any(seg.kind == "city" for seg in o.segments):
            game.scores[decision.player] += 1


class PickSquareExpansion(Expansion):
    name = "pick_square"
    keys = (RuleKey("pick_square", False),)
    after = "start"
    turn_keys = ("picks",)

    def modules(self, rules: Any) -> tuple[RuleModule, ...]:
        return (PickSquare(),)

    def read_decisions(self, where: str, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        picks = raw.get("picks", [])
        if not isinstance(picks, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(type(v) is int for v in p) for p in picks):
            raise RecordError(f"{where}: 'picks' must be a list of [x, y]")
        return tuple(tuple(p) for p in picks)

    def write_decisions(self, move: Any, turn: dict[str, Any]) -> None:
        if move.decisions:
            turn["picks"] = [list(choice) for choice in move.decisions]


EXPANSION = PickSquareExpansion()
