"""The Princess & the Dragon in words: its refusals, the fairy, the portal and the princess in
the move log, the fairy's points, ``simulate --princess-dragon``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason
from ...engine.figures import FigureStep
from ...engine.refusals import KEPT_BACK
from ...i18n import N_, _
from ...words.expansion import ExpansionWords
from ...words.turn_place import where
from .rules import FAIRY, PRINCESS, dragon_tiles

if TYPE_CHECKING:
    from ...engine import FigureAt, Game, Move, Rules, ScoreEvent

RULE = N_("The Princess & the Dragon rules")


class PrincessDragonWords(ExpansionWords):
    figure_rules = frozenset({"volcano", "no-princess", "princess-knight", "not-elsewhere", "no-portal",
                              "portal-here", "portal-place", "dragon-square", "portal-occupied", "portal-complete",
                              "fairy-place", "fairy-follower", "fairy-same", "no-princess-dragon"})

    def figure_sentence(self, reason: Reason) -> str | None:
        """A refused figure step of this expansion, citing its rules (the engine's sentence, which
        names the tiles, places and players concerned)."""
        if reason.rule not in self.figure_rules:
            return None
        return _("Not possible: {reason} ({rule}).").format(reason=str(reason), rule=_(RULE))

    def draw_sentence(self, reason: Reason) -> str | None:
        if reason.rule != KEPT_BACK or not str(reason.facts.get("tile", "")).startswith("PD"):
            return None
        return _("The dragon tiles stay in the bag until a volcano has been placed ({rule}).").format(rule=_(RULE))

    # ----------------------------------------------------------------- moves
    def move_words(self, move: str, step: FigureStep) -> str | None:
        if step.at is None:
            return None
        where = f"{step.at} {step.place}"
        if step.kind == FAIRY.name:
            return _("{move} and moved the fairy beside the follower at {where}").format(move=move, where=where)
        if step.kind == PRINCESS:
            return _("{move} and the princess sent the knight at {where} home").format(move=move, where=where)
        return _("{move} and sent a {kind} through the magic portal to {where}").format(
            move=move, kind=step.kind, where=where)

    def elsewhere_words(self, step: FigureStep, advice: bool) -> str | None:
        """The move log's end of a sentence for a step on another tile (as advice: a hint,
        the analysis' better move)."""
        if step.at is None:
            return None
        at = where(*step.at)
        if step.kind == FAIRY.name:
            said = (_(" and move the fairy beside your follower {where}") if advice
                    else _(" and moved the fairy beside the follower {where}"))
        elif step.kind == PRINCESS:
            said = (_(" and let the princess send the knight {where} home") if advice
                    else _(" and the princess sent the knight {where} home"))
        else:
            said = (_(" and send a follower through the magic portal to stand {where}") if advice
                    else _(" and sent a follower through the magic portal: it stands {where}"))
        return said.format(where=at)

    def keep_words(self, step: FigureStep) -> str | None:
        """Advice to put no figure down, after a move that moved the fairy or the princess's knight."""
        if step.kind == FAIRY.name:
            return _(" and leave the fairy where she is")
        if step.kind == PRINCESS:
            return _(" and leave the knight where it is")
        return None

    def removed_words(self, game: Game, move: Move, figures: list[FigureAt]) -> str | None:
        """The figures the dragon ate in ``move`` (the princess's knight is said with the move)."""
        if move.tile not in dragon_tiles() or not move.decisions:
            return None
        eaten = _(", ").join(_("{name}'s figure {where}").format(name=game.names[f.player], where=where(f.x, f.y))
                             for f in figures)
        return _("The dragon ate {figures}.").format(figures=eaten)

    def scored_words(self, feature: str) -> str | None:
        return N_("{names} scored {points} for the fairy") if feature == FAIRY.name else None

    def event_words(self, event: ScoreEvent) -> str | None:
        if event.feature != FAIRY.name:
            return None
        return _("the fairy beside a follower") if not event.complete and not event.final else _(
            "the fairy beside a scored follower")

    # --------------------------------------------------------- command line
    def add_options(self, parser: argparse._ActionsContainer) -> None:
        parser.add_argument("--princess-dragon", action="store_true",
                            help=_("play with The Princess & the Dragon (its tiles, the dragon, the fairy, "
                                   "magic portals and princesses)"))

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"princess_dragon": True} if args.princess_dragon else {}

    def rules_words(self, rules: Rules) -> list[str]:
        return [_("The Princess & the Dragon")] if rules.get("princess_dragon") else []


WORDS = PrincessDragonWords()
