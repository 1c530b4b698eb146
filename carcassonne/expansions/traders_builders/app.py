"""Traders & Builders on screen: the builder and the pig (their own shapes, dragged from the
player's card), the double turn announced, goods flying from the completed city, its New
game option with a goods tile, its Rules pages, the Goods column of the results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...app.art.expansion_ui import ExpansionUI, FigureLook, RuleOption, RuleSection, WorldPoint
from ...app.art.spots import spot_anchor
from ...engine.figures import FigureStep
from ...i18n import N_, _
from .rules import BUILDER, GOODS, PIG, second_part_due

if TYPE_CHECKING:
    import pygame

    from ...app.art.assets import Assets
    from ...engine import Game, ScoreEvent
    from ...engine.tiles import TileSet

#: The tile the option shows: a wine city and a road, the builder on the road.
PICTURE = "TB8"


def _picture(surface: pygame.Surface, where: pygame.Rect, assets: Assets, tiles: TileSet, colour: str) -> None:
    """A goods tile with a builder on its road: what the option adds to the game."""
    o = tiles[PICTURE].orientations[0]
    surface.blit(assets.tiles.sized(PICTURE, 0, where.w), where)
    x, y = spot_anchor(o, "road:E")
    figure = assets.pieces.get(colour, int(where.w * 0.45), kind=BUILDER.name)
    surface.blit(figure, figure.get_rect(center=(where.x + x * where.w, where.y + y * where.h)))


class TradersBuildersUI(ExpansionUI):
    order = 40
    looks = {BUILDER.name: FigureLook(image="builder", lies=False, slot=1.1, click=False),
             PIG.name: FigureLook(image="pig", lies=False, slot=1.0, click=False)}
    title_name = N_("Traders & Builders")
    columns = {good: N_("Goods") for good in GOODS}

    def placed_words(self, step: FigureStep) -> str | None:
        if step.kind == BUILDER.name:
            return _("Builder placed: a tile of yours that extends this road or city earns a second tile. "
                     "Enter confirms the turn.")
        if step.kind == PIG.name:
            return _("Pig placed: if you win this farm, each city it supplies scores 1 more for you. "
                     "Enter confirms the turn.")
        return None

    def home_words(self, kind: str) -> str | None:
        if kind == BUILDER.name:
            return _("The builder went back to your supply.")
        if kind == PIG.name:
            return _("The pig went back to your supply.")
        return None

    def laid_words(self, game: Game, steps: Sequence[FigureStep]) -> str | None:
        kinds = {s.kind for s in steps}
        if BUILDER.name in kinds:
            return _("Placed. Your builder may go on this tile: drag it from your card, or press Space for none.")
        if PIG.name in kinds:
            return _("Placed. Your pig may go on this tile: drag it from your card, or press Space for none.")
        return None

    def token_source(self, game: Game, kind: str, events: Sequence[ScoreEvent]) -> WorldPoint | None:
        """Goods fly from the city the move completed (its tiles' centre); a city nobody held
        scores no event: then from the tile that completed it (the core's default)."""
        if kind not in GOODS:
            return None
        cities = [e for e in events if e.feature == "city" and e.complete and not e.final and e.tiles]
        if not cities:
            return None
        tiles = cities[0].tiles
        return (sum(x + 0.5 for x, _ in tiles) / len(tiles), sum(y + 0.5 for _, y in tiles) / len(tiles))

    def turn_words(self, game: Game, name: str) -> str | None:
        if second_part_due(game):
            return _("Builder: {name} plays another tile.").format(name=name)
        return None

    def options(self) -> list[RuleOption]:
        return [RuleOption(
            N_("Traders & Builders"), lambda rules: bool(rules.get("traders_builders")),
            lambda on: {"traders_builders": bool(on)},
            line=N_("Goods for completing cities, a builder for double turns, a pig for richer farms."),
            picture=_picture)]

    def rules_sections(self) -> list[RuleSection]:
        rule = N_("Traders & Builders rules (Wikicarpedia, 2nd edition; JCloisterZone)")
        return [
            RuleSection(N_("Traders & Builders: goods"),
                        N_("Whoever places the tile that completes a city takes one goods token for each wine, "
                           "grain or cloth in it, even if other players hold the city or nobody does. At the end "
                           "the players with the most tokens of each kind score 10 each."),
                        "tb-goods-to-the-placer", rule,
                        N_("Blue's knight scores the city (8), but Red completed it and takes its wine: at the "
                           "end Red has the most wine, 10 points.")),
            RuleSection(N_("Traders & Builders: the builder"),
                        N_("Instead of a follower, place your builder on a road or city of the tile just placed "
                           "where you already have a follower. Each later tile of yours that extends that road or "
                           "city gives you a second tile at once, never a third. The builder comes home when its "
                           "road or city is scored."),
                        "tb-builder-double-turn", rule,
                        N_("Red's builder beside Red's thief: turn 5 extends the road and Red plays another "
                           "tile; turn 8 completes it (7 points) and Red still plays the second tile.")),
            RuleSection(N_("Traders & Builders: the pig"),
                        N_("Instead of a follower, place your pig on a field of the tile just placed whose farm "
                           "already holds one of your farmers. If you win that farm, each city it supplies scores "
                           "4 for you instead of 3. The pig stays to the end and never counts as a farmer."),
                        "tb-pig-tie", rule,
                        N_("Red and Blue tie on a farm with 2 completed cities: Red, with the pig, scores 8, "
                           "Blue 6.")),
        ]


UI = TradersBuildersUI()
