"""The River in words: its refusals, its tiles in the move log, its command-line option."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, cast

from ...engine.errors import Reason
from ...i18n import N_, _
from ...words.expansion import ExpansionWords
from .rules import is_river

if TYPE_CHECKING:
    from ...engine import Rules
    from ...engine.tiles import Orientation, TileKind

RULE = N_("The River rules")
_TURN = {"left": N_("left"), "right": N_("right")}


class RiverWords(ExpansionWords):
    figure_rules = frozenset({"river-follower"})
    fixed_reasons = (N_("the river is already finished"), N_("its river must meet the end of the river"),
                     N_("followers may not be placed on the river (The River rules)"))

    def edge_words(self, kind: str, article: bool) -> str | None:
        if kind != "river":
            return None
        return _("a river") if article else _("river")

    def placement_detail(self, reason: Reason) -> str | None:
        if not reason.rule.startswith("river"):
            return None
        return _("Not here: {detail} ({rule})").format(detail=river_words(reason), rule=_(RULE))

    def draw_sentence(self, reason: Reason) -> str | None:
        if reason.rule != "river-order":
            return None
        tile = reason.facts.get("tile", "?")
        if reason.facts.get("lake"):
            return _("Tile {tile} cannot be drawn yet: the lake comes after the river tiles.").format(tile=tile)
        return _("Tile {tile} cannot be drawn yet: the river tiles come first.").format(tile=tile)

    def figure_sentence(self, reason: Reason) -> str | None:
        if reason.rule != "river-follower":
            return None
        return _("No follower here: {reason}.").format(reason=_(str(reason)))

    def tile_words(self, o: Orientation) -> str | None:
        return _("river tile") if is_river(o.kind) else None

    def tile_name(self, kind: TileKind) -> str | None:
        return _("a river tile") if is_river(kind) else None

    def add_options(self, parser: argparse._ActionsContainer) -> None:
        parser.add_argument("--river", action="store_true", help=_("play with The River"))

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"river": True} if args.river else {}

    def options_problem(self, args: argparse.Namespace) -> str | None:
        if args.river and args.start_random:
            return _("--start-random is not played with --river (the spring is the start tile)")
        return None

    def rules_words(self, rules: Rules) -> list[str]:
        return [_("river")] if rules.get("river") else []


def river_words(reason: Reason) -> str:
    """Why a river tile cannot go there, from the rule and its facts."""
    facts = reason.facts
    if reason.rule == "river-continue" and "end" in facts:
        x, y = cast("tuple[int, int]", facts["end"])
        return _("a river tile must continue the river at ({x}, {y})").format(x=x, y=y)
    if reason.rule == "river-u-turn":
        turn = str(facts["turn"])
        return _("the river may not make a U-turn: this curve turns {turn} like the one before it").format(
            turn=_(_TURN[turn]) if turn in _TURN else turn)
    return _(str(facts.get("detail", reason)))


WORDS = RiverWords()
