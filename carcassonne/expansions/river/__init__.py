"""The River (2001; its rules in the annotated rules 2007, ``shared/rules/``): twelve river
tiles laid first, from the spring to the lake, before the land tiles.

The record's rules key is ``"river"`` (written even when false, as the format always
has, after ``small_city``). Not with a random start tile (the spring is the start tile)
nor with players holding several tiles (the river's come in order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.errors import RecordError
from ...engine.expansion import Expansion, RuleKey
from ...engine.rules import RANDOM

if TYPE_CHECKING:
    from ...engine.modules.base import RuleModule
    from ...engine.rules import Rules


class TheRiver(Expansion):
    name = "river"
    keys = (RuleKey("river", False, always=True),)
    after = "small_city"

    def check(self, rules: Rules) -> None:
        if not rules.get("river"):
            return
        if rules.start == RANDOM:
            raise RecordError('rules.start "random" is not played with the river (the spring is the start tile)')
        for other in rules.expansions():  # the river's tiles come in order: nobody holds several
            if other.holds_tiles:
                raise RecordError(f"rules.{other.keys[0].name} is not played with the river")

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import River

        return (River(),)


EXPANSION = TheRiver()
