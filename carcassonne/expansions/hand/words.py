"""A hand of tiles in words: its command-line options and its rules in a save's summary."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ...i18n import _, ngettext
from ...words.expansion import ExpansionWords
from . import SIZES

if TYPE_CHECKING:
    from ...engine import Rules


class HandWords(ExpansionWords):
    def add_house_options(self, house: argparse._ActionsContainer) -> None:
        house.add_argument("--hand", type=int, default=1, metavar="N",
                           help=_("each player holds a hand of N tiles (2 or 3), plays any of them and "
                                  "draws back up"))
        house.add_argument("--hand-hidden", action="store_true",
                           help=_("with --hand: each hand is hidden from the other players"))

    def options_problem(self, args: argparse.Namespace) -> str | None:
        """A hand of tiles is 2 or 3 tiles, not with discards back to the bag: one line for each mistake."""
        if args.hand not in SIZES:
            return _("--hand must be 2 or 3, not {value}").format(value=args.hand)
        if args.hand_hidden and args.hand == 1:
            return _("--hand-hidden needs --hand 2 or 3")
        if args.hand > 1 and args.discard_to_bag:
            return _("--hand is not played with --discard-to-bag")
        return None

    def rules_options(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"hand": args.hand, "hand_open": not args.hand_hidden} if args.hand > 1 else {}

    def rules_words(self, rules: Rules) -> list[str]:
        size = rules.get("hand")
        if size <= 1:
            return []
        words = [ngettext("a hand of {count} tile", "a hand of {count} tiles", size).format(count=size)]
        if not rules.get("hand_open"):
            words.append(_("hidden hands"))
        return words


WORDS = HandWords()
