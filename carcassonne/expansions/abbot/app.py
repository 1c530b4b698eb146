"""The Abbot on screen: the abbot's figure, taking it back, its New game option with a garden
tile, its Rules page, the Gardens column of the results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...app.art.expansion_ui import ActionUI, ExpansionUI, FigureLook, KeyRow, RuleOption, RuleSection
from ...app.art.spots import spot_anchor
from ...engine.figures import FigureStep
from ...i18n import N_, _, ngettext
from .rules import ABBOT, BACK, GARDEN

if TYPE_CHECKING:
    import pygame

    from ...app.art.assets import Assets
    from ...engine import Game
    from ...engine.tiles import TileSet

#: The garden tile the option shows, its abbot standing in the garden.
PICTURE = "VG"


def _picture(surface: pygame.Surface, where: pygame.Rect, assets: Assets, tiles: TileSet, colour: str) -> None:
    """A garden tile with an abbot standing in its garden: what the option adds to the game."""
    twin = assets.tiles.kinds[PICTURE]
    surface.blit(assets.tiles.sized(twin.id, 0, where.w), where)
    x, y = spot_anchor(twin.orientations[0], GARDEN)
    figure = assets.pieces.get(colour, int(where.w * 0.55), kind=ABBOT.name)
    surface.blit(figure, figure.get_rect(center=(where.x + x * where.w, where.y + y * where.h)))


def _back_label(points: int) -> str:
    return ngettext("Take your abbot back: +{n} point", "Take your abbot back: +{n} points", points).format(n=points)


def _back_taken(points: int) -> str:
    return ngettext("Your abbot comes home and scores {n} point. Enter confirms; Undo leaves it there.",
                    "Your abbot comes home and scores {n} points. Enter confirms; Undo leaves it there.",
                    points).format(n=points)


class AbbotUI(ExpansionUI):
    order = 20
    looks = {ABBOT.name: FigureLook(image="abbot", lies=False)}
    title_name = N_("The Abbot")
    columns = {GARDEN: N_("Gardens")}
    actions = {(ABBOT.name, BACK): ActionUI(
        "abbot-back", N_("Take your abbot back"), _back_label, _back_taken,
        N_("Place the tile first: your abbot comes home after the tile is laid."))}

    def placed_words(self, step: FigureStep) -> str | None:
        return _("Abbot placed. Enter confirms the turn.") if step.kind == ABBOT.name else None

    def home_words(self, kind: str) -> str | None:
        return _("The abbot went back to your supply.") if kind == ABBOT.name else None

    def laid_words(self, game: Game, steps: Sequence[FigureStep]) -> str | None:
        if any(s.kind == ABBOT.name and not s.action for s in steps):
            return _("Placed. Your abbot may go on this tile: drag it there, or press Space for none.")
        return None

    def bindings(self, screen: str) -> list[KeyRow]:
        return [KeyRow("abbot-back", "b", N_("take your abbot back: it scores its cloister or garden now (The Abbot)"))]

    def options(self) -> list[RuleOption]:
        return [RuleOption(N_("The Abbot"), lambda rules: bool(rules.get("abbot")), lambda on: {"abbot": bool(on)},
                           line=N_("Each player also has an abbot for cloisters and gardens; take it back to score."),
                           picture=_picture)]

    def rules_sections(self) -> list[RuleSection]:
        return [RuleSection(
            N_("The Abbot"),
            N_("Each player has an abbot besides the 7 followers. Instead of a follower it may go on the "
               "cloister or the garden of the tile just placed, never elsewhere; no follower stands in a "
               "garden. A garden scores as a cloister: 9 when all 8 squares around it hold tiles. Instead of "
               "placing a follower you may take your abbot back: it scores at once 1 + the tiles around it."),
            "abbot-take-back", N_("The Abbot, 2021 editions"),
            N_("Red's abbot stood in the garden; two turns later Red took it back instead of placing a "
               "follower: 1 + 3 neighbours, 4 points."))]


UI = AbbotUI()
