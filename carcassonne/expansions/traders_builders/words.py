"""Traders & Builders in words: the builder's and the pig's refusals, the two figures in the
move log, hints and the command line, the goods majorities scored."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason
from ...engine.figures import FigureStep
from ...i18n import N_, _, ngettext
from ...words.expansion import ExpansionWords
from ...words.explain import YOU
from .rules import BUILDER, GOODS, PIG

if TYPE_CHECKING:
    from ...ai.hint import Clause
    from ...engine import Rules, ScoreEvent

RULE = N_("Traders & Builders rules")
#: The goods as the results and the move log name them.
GOODS_NAMES = {"wine": N_("wine"), "grain": N_("grain"), "cloth": N_("cloth")}
_SCORED = {"wine": N_("{names} scored {points} for the most wine"),
           "grain": N_("{names} scored {points} for the most grain"),
           "cloth": N_("{names} scored {points} for the most cloth")}
#: The figure put down, by feature, in the move log and as advice.
_PUT = {"builder": {"road": N_(" and put the builder on its road"), "city": N_(" and put the builder on its city")},
        "pig": {"farm": N_(" and put the pig on its field")}}
_ADVISE = {"builder": {"road": N_(" and put the builder on the road"), "city": N_(" and put the builder on the city")},
           "pig": {"farm": N_(" and put the pig on the field")}}
#: "you have no thief on this road", by role and feature.
_ALONE_YOU = {("thief", "road"): N_("you have no thief on this road"),
              ("knight", "city"): N_("you have no knight on this city"),
              ("farmer", "farm"): N_("you have no farmer on this farm")}
_ALONE = {("thief", "road"): N_("{name} has no thief on this road"),
          ("knight", "city"): N_("{name} has no knight on this city"),
          ("farmer", "farm"): N_("{name} has no farmer on this farm")}


def _figure(kind: str) -> str:
    return _("builder") if kind == BUILDER.name else _("pig")


class TradersBuildersWords(ExpansionWords):
    figure_rules = frozenset({"builder-out", "pig-out", "builder-place", "pig-place", "builder-alone",
                              "pig-alone", "builder-completes", "pig-no-farmers", "no-traders-builders"})
    fixed_reasons = (N_("the pig stands on a farm, and farmers are not in play in this game"),)

    def figure_sentence(self, reason: Reason) -> str | None:
        """Why the builder or the pig may not go there, citing Traders & Builders."""
        if reason.rule not in self.figure_rules:
            return None
        rule = _(RULE)
        if reason.rule == "no-traders-builders":
            return _("No {figure} here: the builder and the pig are played only with Traders & Builders.").format(
                figure=_figure(str(reason.facts.get("kind", ""))))
        if reason.rule == "pig-no-farmers":
            return _("No pig here: the pig stands on a farm, and farmers are not in play in this game "
                     "({rule}).").format(rule=rule)
        if reason.rule == "builder-place":
            return _("No builder here: the builder stands only on a road or city of the tile just placed "
                     "({rule}).").format(rule=rule)
        if reason.rule == "pig-place":
            return _("No pig here: the pig stands only on a field of the tile just placed ({rule}).").format(rule=rule)
        if reason.rule == "builder-completes":
            return _("No builder here: this tile completes that road or city, and the builder stands only on "
                     "one still open ({rule}).").format(rule=rule)
        words = self.reason_words(reason) or str(reason)
        if reason.rule == "builder-alone":
            return _("No builder here: {reason} ({rule}).").format(reason=words, rule=rule)
        if reason.rule == "pig-alone":
            return _("No pig here: {reason} ({rule}).").format(reason=words, rule=rule)
        if reason.rule == "builder-out":
            return _("No builder here: {reason}; it comes home when its road or city is scored ({rule}).").format(
                reason=words, rule=rule)
        return _("No pig here: {reason}; it stays on its farm to the end ({rule}).").format(reason=words, rule=rule)

    def reason_words(self, reason: Reason) -> str | None:
        name = str(reason.facts.get("name", ""))
        if reason.rule in ("builder-alone", "pig-alone"):
            key = (str(reason.facts.get("role", "")), str(reason.facts.get("feature", "")))
            if key in _ALONE:
                return _(_ALONE_YOU[key]) if name == YOU else _(_ALONE[key]).format(name=name)
        if reason.rule == "builder-out":
            return (_("your builder is already on the board") if name == YOU else
                    _("{name}'s builder is already on the board").format(name=name))
        if reason.rule == "pig-out":
            return (_("your pig is already on the board") if name == YOU else
                    _("{name}'s pig is already on the board").format(name=name))
        return None

    # ----------------------------------------------------------------- moves
    def figure_title(self, kind: str) -> str | None:
        """The figure a lesson's step asks for, as its coach names it."""
        return {BUILDER.name: _("your builder"), PIG.name: _("your pig")}.get(kind)

    def move_words(self, move: str, step: FigureStep) -> str | None:
        if step.kind == BUILDER.name:
            return _("{move} with the builder on {place}").format(move=move, place=step.place)
        if step.kind == PIG.name:
            return _("{move} with the pig on {place}").format(move=move, place=step.place)
        return None

    def put_words(self, step: FigureStep, feature: str) -> str | None:
        words = _PUT.get(step.kind)
        if words is None:
            return None
        return _(words.get(feature, next(iter(words.values()))))

    def advise_words(self, step: FigureStep, feature: str) -> str | None:
        words = _ADVISE.get(step.kind)
        if words is None:
            return None
        return _(words.get(feature, next(iter(words.values()))))

    def keep_words(self, step: FigureStep) -> str | None:
        if step.kind == BUILDER.name:
            return _(" and keep the builder")
        if step.kind == PIG.name:
            return _(" and keep the pig")
        return None

    def scored_words(self, feature: str) -> str | None:
        return _SCORED.get(feature)

    def event_words(self, event: ScoreEvent) -> str | None:
        """A goods majority: the most tokens of one kind."""
        if event.feature not in GOODS:
            return None
        return _("the most {goods}").format(goods=_(GOODS_NAMES[event.feature]))

    def clause_words(self, clause: Clause) -> str | None:
        if clause.kind == "builder":
            return _("puts your builder on your {feature}: a tile that extends it earns a second tile").format(
                feature=_("road") if clause.feature == "road" else _("city"))
        if clause.kind == "pig":
            return _("puts your pig on your farm: each city it supplies scores 1 more for you")
        if clause.kind == "second":
            return _("extends your builder's feature: you play another tile")
        if clause.kind == "goods":
            return ngettext("takes {n} goods token", "takes {n} goods tokens", clause.count).format(n=clause.count)
        return None

    # --------------------------------------------------------- command line
    def add_options(self, parser: argparse._ActionsContainer) -> None:
        parser.add_argument("--traders-builders", action="store_true",
                            help=_("play with Traders & Builders (its tiles with goods, the builder, the pig)"))

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"traders_builders": True} if args.traders_builders else {}

    def rules_words(self, rules: Rules) -> list[str]:
        return [_("Traders & Builders")] if rules.get("traders_builders") else []


WORDS = TradersBuildersWords()
