"""A hand of tiles on screen: its New game option (a network game too: the server tells each
player its own hand only), its Rules page, its keys, and whose tiles a player sees."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...app.art.expansion_ui import ExpansionUI, KeyRow, RuleOption, RuleSection
from ...i18n import N_
from .rules import hand_shown

if TYPE_CHECKING:
    from ...engine import Game, Rules

#: Hand sizes offered: the tiles each player holds, and whether the others see them.
HANDS = (("1", N_("1 tile")), ("2-open", N_("2, open")), ("2-hidden", N_("2, hidden")),
         ("3-open", N_("3, open")), ("3-hidden", N_("3, hidden")))


def _read(rules: Rules) -> str:
    size = rules.get("hand")
    return "1" if size == 1 else f"{size}-{'open' if rules.get('hand_open') else 'hidden'}"


def _write(value: Any) -> dict[str, Any]:
    size, _sep, shown = str(value).partition("-")
    return {"hand": int(size), "hand_open": shown != "hidden"}


class HandUI(ExpansionUI):
    order = 40

    def held_shown(self, game: Game, player: int, viewer: int | None) -> bool | None:
        return hand_shown(game, player, viewer) if game.holds_tiles else None

    def bindings(self, screen: str) -> list[KeyRow]:
        if screen != "play":
            return []
        return [KeyRow("held-1", "1", N_("play the first, second or third tile of your hand (a hand of tiles)"),
                       N_("1 / 2 / 3")), KeyRow("held-2", "2"), KeyRow("held-3", "3")]

    def options(self) -> list[RuleOption]:
        return [RuleOption(N_("Hand of tiles"), _read, _write, choices=HANDS,
                           line=N_("Play any tile of your hand, then draw; hidden: the others see tile backs."))]

    def rules_sections(self) -> list[RuleSection]:
        return [RuleSection(
            N_("Hand of tiles"),
            N_("Each player holds 2 or 3 tiles, plays any one of them and draws back up; a tile of the hand "
               "that fits nowhere is discarded first. Open: everyone sees every hand; hidden: the others see "
               "only the backs of yours. Not with an expansion whose tiles come in order."),
            "house-hand-of-three", N_("Wikicarpedia, base game, 'House Rules'"),
            N_("Red played the E of a hand of U, E and V, closing the city (4 points); Blue played the X of "
               "K, B and X, then the W drawn after it, closing the road (4 points)."))]


UI = HandUI()
