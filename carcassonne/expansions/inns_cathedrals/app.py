"""Inns & Cathedrals on screen: the big follower (taller, with a gold rim), its New game option
with the cathedral tile, its Rules pages, and the inn roads and cathedral cities left open on
the final board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...app.art.expansion_ui import ExpansionUI, FigureLook, RuleOption, RuleSection
from ...app.art.spots import spot_anchor
from ...engine.figures import FigureStep
from ...i18n import N_, _
from .rules import BIG

if TYPE_CHECKING:
    import pygame

    from ...app.art.assets import Assets
    from ...engine.tiles import TileSet

#: The cathedral tile the option shows, a big follower in its city.
PICTURE = "IC1"
#: The big follower: this much taller than a follower, with a gold rim twice as wide, so it
#: reads as big at every zoom; its slot on the card a third taller than a follower's.
BIG_LOOK = FigureLook(scale=1.4, rim=(255, 200, 40, 255), rim_width=14, slot=1.3, click=False)


def _picture(surface: pygame.Surface, where: pygame.Rect, assets: Assets, tiles: TileSet, colour: str) -> None:
    """The cathedral tile with a big follower standing in its city: what the option adds."""
    o = tiles[PICTURE].orientations[0]
    surface.blit(assets.tiles.sized(PICTURE, 0, where.w), where)
    x, y = spot_anchor(o, next(iter(o.spots)))
    figure = assets.pieces.get(colour, int(where.w * 0.5), kind=BIG.name)
    surface.blit(figure, figure.get_rect(center=(where.x + x * where.w, where.y + y * where.h)))


class InnsCathedralsUI(ExpansionUI):
    order = 30
    looks = {BIG.name: BIG_LOOK}
    title_name = N_("Inns & Cathedrals")

    def placed_words(self, step: FigureStep) -> str | None:
        if step.kind != BIG.name:
            return None
        return _("Big follower placed: it counts as two for the majority. Enter confirms the turn.")

    def home_words(self, kind: str) -> str | None:
        return _("The big follower went back to your supply.") if kind == BIG.name else None

    def options(self) -> list[RuleOption]:
        return [RuleOption(
            N_("Inns & Cathedrals"), lambda rules: bool(rules.get("inns_cathedrals")),
            lambda on: {"inns_cathedrals": bool(on)},
            line=N_("Inns score roads, cathedrals cities, only if completed; a big follower counts as two."),
            picture=_picture)]

    def rules_sections(self) -> list[RuleSection]:
        return [
            RuleSection(N_("Inns & Cathedrals: the inn"),
                        N_("A road with an inn beside it scores 2 points per tile when it is completed instead of "
                           "1. The risk: left open at the end, it scores nothing at all."),
                        "ic-inn-completed", N_("Inns & Cathedrals rules; Annotated rules 2007, FAQ 22"),
                        N_("Red's thief on the inn road: closed at both ends by cloisters, 4 tiles, 8 points (a "
                           "plain road would score 4). Blue's plain road left open scores 1.")),
            RuleSection(N_("Inns & Cathedrals: the cathedral"),
                        N_("A city with a cathedral scores 3 points per tile and per pennant when it is completed "
                           "instead of 2. The risk: left open at the end, it scores nothing at all."),
                        "ic-cathedral-completed", N_("Inns & Cathedrals rules; Annotated rules 2007, FAQ 22"),
                        N_("Red's knight in the cathedral city: 6 tiles and 2 pennants completed, 24 points (a "
                           "plain city would score 16).")),
            RuleSection(N_("Inns & Cathedrals: the big follower"),
                        N_("Each player also has one big follower. It goes wherever a follower may, even when "
                           "your 7 are all out, and counts as two followers for the majority, never for more "
                           "points. It comes home when its feature is scored."),
                        "ic-big-city-majority", N_("Inns & Cathedrals rules; Annotated rules 2007, FAQ 17"),
                        N_("Red's big follower (2) and Blue's knight (1) meet in one city: Red alone scores its "
                           "8 points.")),
        ]


UI = InnsCathedralsUI()
