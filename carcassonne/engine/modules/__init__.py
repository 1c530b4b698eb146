"""Rule modules: each expansion and house rule as one class the game consults at fixed hooks.

:func:`modules_for` turns a game's :class:`~carcassonne.engine.rules.Rules` into its
modules: each expansion's package makes its own (:meth:`Expansion.modules
<carcassonne.engine.expansion.Expansion.modules>`); the farmers and the house rules live
here. :mod:`.base` lists the hooks. The base game (roads, cities, cloisters, and the
scoring formula of :mod:`carcassonne.engine.scoring`, ``small_city`` included, since the
computer players value unfinished features with it) is no module.
"""

from __future__ import annotations

from functools import lru_cache

from ..rules import BAG, RANDOM, Rules
from .base import RuleModule, overrides
from .farms import Farmers
from .house import DiscardToBag, HoleBonus, NoIncompleteScore
from .start import RandomStart
from .table import Table

__all__ = ["RuleModule", "modules_for", "overrides"]


@lru_cache(maxsize=128)
def modules_for(rules: Rules) -> tuple[RuleModule, ...]:
    """The modules a game with ``rules`` plays with, in the order their hooks are consulted:
    the expansions' (in registry order), then the base game's farmers and the house rules."""
    modules: list[RuleModule] = []
    for expansion in rules.expansions():
        modules.extend(expansion.modules(rules))
    if rules.start == RANDOM:
        modules.append(RandomStart())
    if rules.table is not None and rules.bounds is not None:
        modules.append(Table(rules.table, rules.bounds, rules.table_closes))
    if rules.farmers:
        modules.append(Farmers(rules.farm_scoring))
    if not rules.incomplete_score:
        modules.append(NoIncompleteScore())
    if rules.hole_bonus:
        modules.append(HoleBonus())
    if rules.discard == BAG:
        modules.append(DiscardToBag())
    for slot, module in enumerate(modules):
        module.slot = slot
    return tuple(modules)
