"""The Abbot in words: its refusals, the abbot in the move log, hints and the command line,
gardens scored."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason
from ...engine.figures import FigureStep
from ...i18n import N_, _, ngettext
from ...words.expansion import ExpansionWords
from .rules import ABBOT, BACK, GARDEN

if TYPE_CHECKING:
    from ...ai.hint import Clause
    from ...engine import Rules, ScoreEvent

RULE = N_("The Abbot rules")
#: The places an abbot may take, as the refusals name them.
_PLACE = {"cloister": N_("this tile has no cloister for the abbot"),
          "garden": N_("this tile has no garden for the abbot")}
#: The abbot put down or taken back, in the move log and as advice.
_PUT = {"cloister": N_(" and put the abbot on its cloister"), "garden": N_(" and put the abbot in its garden")}
_ADVISE = {"cloister": N_(" and put the abbot on the cloister"), "garden": N_(" and put the abbot in the garden")}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class AbbotWords(ExpansionWords):
    figure_rules = frozenset({"garden-follower", "abbot-place", "abbot-out", "abbot-not-out", "no-abbot"})
    fixed_reasons = (N_("only an abbot may stand in a garden"), N_("the Abbot is not in play in this game"))

    def figure_sentence(self, reason: Reason) -> str | None:
        """Why the abbot (or a follower on a garden) may not go there, or may not come home, citing The Abbot."""
        if reason.rule not in self.figure_rules:
            return None
        rule = _(RULE)
        if reason.rule == "garden-follower":
            return _("No follower here: only an abbot may stand in a garden ({rule}).").format(rule=rule)
        if reason.rule == "abbot-place" and "place" in reason.facts:
            return _("No abbot here: {reason} ({rule}).").format(reason=self.reason_words(reason), rule=rule)
        if reason.rule == "abbot-place":
            return _("No abbot here: an abbot stands only on the cloister or garden of the tile just placed "
                     "({rule}).").format(rule=rule)
        if reason.rule == "abbot-out":
            return _("No abbot here: {reason}; it comes home when taken back or when its cloister or garden "
                     "is complete ({rule}).").format(reason=self.reason_words(reason), rule=rule)
        if reason.rule == "abbot-not-out":
            return _("Nothing to take back: {reason} ({rule}).").format(reason=self.reason_words(reason), rule=rule)
        return _("{reason}.").format(reason=_cap(_(str(reason))))

    def reason_words(self, reason: Reason) -> str | None:
        if reason.rule == "abbot-place":
            place = reason.facts.get("place")
            return _(_PLACE[str(place)]) if str(place) in _PLACE else _(
                "an abbot stands only on the placed tile's cloister or garden")
        if reason.rule == "abbot-out":
            return _("your abbot is already on the board")
        if reason.rule == "abbot-not-out":
            return _("your abbot is not on the board")
        return None

    def figure_title(self, kind: str) -> str | None:
        return _("your abbot") if kind == ABBOT.name else None

    # ----------------------------------------------------------------- moves
    def move_words(self, move: str, step: FigureStep) -> str | None:
        if step.kind != ABBOT.name:
            return None
        if step.action == BACK:
            return _("{move}, the abbot taken back").format(move=move)
        if step.place == GARDEN:
            return _("{move} with the abbot in the garden").format(move=move)
        return _("{move} with the abbot on the cloister").format(move=move)

    def put_words(self, step: FigureStep, feature: str) -> str | None:
        if step.kind != ABBOT.name:
            return None
        if step.action == BACK:
            return _(" and took the abbot back")
        return _(_PUT.get(step.place, _PUT["cloister"]))

    def advise_words(self, step: FigureStep, feature: str) -> str | None:
        if step.kind != ABBOT.name:
            return None
        if step.action == BACK:
            return _(" and take the abbot back")
        return _(_ADVISE.get(step.place, _ADVISE["cloister"]))

    def keep_words(self, step: FigureStep) -> str | None:
        if step.kind != ABBOT.name:
            return None
        return _(" and leave the abbot where it stands") if step.action == BACK else _(" and keep the abbot")

    def scored_words(self, feature: str) -> str | None:
        return N_("{names} scored {points} for the garden") if feature == GARDEN else None

    def event_words(self, event: ScoreEvent) -> str | None:
        """A garden is scored as a cloister is."""
        if event.feature != GARDEN:
            return None
        if event.complete:
            return _("a completed garden")
        tiles = len(event.tiles)
        return ngettext("an incomplete garden with {count} neighbour", "an incomplete garden with {count} "
                        "neighbours", tiles - 1).format(count=tiles - 1)

    def clause_words(self, clause: Clause) -> str | None:
        if clause.kind == "close" and clause.feature == GARDEN:
            n = clause.points
            return ngettext("completes your garden for {n} point", "completes your garden for {n} points",
                            n).format(n=n)
        if clause.kind == "abbot":
            return (_("puts your abbot on a garden with {n} of 8 neighbours") if clause.feature == GARDEN
                    else _("puts your abbot on a cloister with {n} of 8 neighbours")).format(n=clause.count)
        if clause.kind == "back":
            return ngettext("takes your abbot back for {n} point", "takes your abbot back for {n} points",
                            clause.points).format(n=clause.points)
        return None

    # --------------------------------------------------------- command line
    def add_options(self, parser: argparse._ActionsContainer) -> None:
        parser.add_argument("--abbot", action="store_true", help=_("play with the Abbot and gardens"))

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"abbot": True} if args.abbot else {}

    def rules_words(self, rules: Rules) -> list[str]:
        return [_("The Abbot")] if rules.get("abbot") else []


WORDS = AbbotWords()
