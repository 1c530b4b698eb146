"""Inns & Cathedrals in words: the big follower's refusals, the move log and hints of it,
the risk of an inn road or cathedral city left open."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason
from ...engine.figures import FigureStep
from ...i18n import N_, _, ngettext
from ...words.expansion import ExpansionWords
from ...words.explain import YOU, reason_words
from .rules import BIG, CATHEDRAL, INN

if TYPE_CHECKING:
    from ...ai.hint import Clause
    from ...engine import Rules

RULE = N_("Inns & Cathedrals rules")
#: The big follower put down, by feature, in the move log and as advice.
_PUT = {"road": N_(" and put the big follower on its road"), "city": N_(" and put the big follower on its city"),
        "farm": N_(" and put the big follower on its field")}
_ADVISE = {"road": N_(" and put the big follower on the road"), "city": N_(" and put the big follower on the city"),
           "farm": N_(" and put the big follower on the field")}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class InnsCathedralsWords(ExpansionWords):
    figure_rules = frozenset({"big-out", "big-place", "only-big-left", "no-inns-cathedrals"})
    fixed_reasons = (N_("the big follower is played only with Inns & Cathedrals"),)

    def figure_sentence(self, reason: Reason) -> str | None:
        """Why the big follower may not go there, or why a follower may not when only the big one
        is left, citing Inns & Cathedrals (it stands where a follower may, one a turn)."""
        if reason.rule not in self.figure_rules and not reason.facts.get("big"):
            return None
        rule = _(RULE)
        if reason.rule == "only-big-left":
            return _("No follower here: {reason}; drag the big follower from your card instead ({rule}).").format(
                reason=reason_words(reason), rule=rule)
        if reason.rule == "big-out":
            return _("No big follower here: {reason}; it comes home when its feature is scored ({rule}).").format(
                reason=reason_words(reason), rule=rule)
        if reason.rule == "big-place":
            return _("No big follower here: it stands only where a follower may, on a road, city, cloister or "
                     "farm of the tile just placed ({rule}).").format(rule=rule)
        if reason.rule == "occupied":  # the big follower tried where a follower may not go either
            return _("No big follower here: {reason} — it may not join a feature that already has a "
                     "follower, whatever its size ({rule}).").format(reason=reason_words(reason), rule=rule)
        if reason.facts.get("big"):
            return _("No big follower here: {reason}.").format(reason=reason_words(reason))
        return _("{reason}.").format(reason=_cap(reason_words(reason)))

    def reason_words(self, reason: Reason) -> str | None:
        if reason.rule == "big-out":
            return _("your big follower is already on the board")
        if reason.rule == "only-big-left":
            name = str(reason.facts.get("name", ""))
            return (_("you have none of the 7 followers left, only the big follower") if name == YOU else
                    _("{name} has none of the 7 followers left, only the big follower").format(name=name))
        return None

    def open_risk(self, kind: str, marks: frozenset[str]) -> str | None:
        """What a follower on an inn road or a cathedral city risks (AR FAQ 22)."""
        if kind == "road" and INN in marks:
            return _("An inn's road scores 2 a tile when completed; left open it scores nothing at the end.")
        if kind == "city" and CATHEDRAL in marks:
            return _("A cathedral city scores 3 a tile and pennant when completed; left open it scores nothing "
                     "at the end.")
        return None

    def figure_title(self, kind: str) -> str | None:
        return _("your big follower") if kind == BIG.name else None

    # ----------------------------------------------------------------- moves
    def move_words(self, move: str, step: FigureStep) -> str | None:
        if step.kind != BIG.name:
            return None
        return _("{move} with the big follower on {place}").format(move=move, place=step.place)

    def put_words(self, step: FigureStep, feature: str) -> str | None:
        if step.kind != BIG.name:
            return None
        return _(_PUT.get(feature, N_(" and put the big follower on it")))

    def advise_words(self, step: FigureStep, feature: str) -> str | None:
        if step.kind != BIG.name:
            return None
        return _(_ADVISE.get(feature, N_(" and put the big follower on it")))

    def keep_words(self, step: FigureStep) -> str | None:
        return _(" and keep the big follower") if step.kind == BIG.name else None

    def clause_words(self, clause: Clause) -> str | None:
        if clause.kind == "big":
            return _("uses your big follower, which counts 2 for the majority")
        if clause.kind == "risk":
            tiles = ngettext("{n} tile", "{n} tiles", clause.count).format(n=clause.count)
            points = ngettext("{n} point", "{n} points", clause.points).format(n=clause.points)
            text = (_("puts a thief on an inn road of {tiles}: {points} if completed, nothing if left open at "
                      "the end") if clause.feature == "road" else
                    _("puts a knight on a cathedral city of {tiles}: {points} if completed, nothing if left "
                      "open at the end"))
            return text.format(tiles=tiles, points=points)
        return None

    # --------------------------------------------------------- command line
    def add_options(self, parser: argparse._ActionsContainer) -> None:
        parser.add_argument("--inns-cathedrals", action="store_true",
                            help=_("play with Inns & Cathedrals (its tiles, the big follower, inns and cathedrals)"))

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"inns_cathedrals": True} if args.inns_cathedrals else {}

    def rules_words(self, rules: Rules) -> list[str]:
        return [_("Inns & Cathedrals")] if rules.get("inns_cathedrals") else []


WORDS = InnsCathedralsWords()
