"""Rules in short, with pictures, and every keyboard shortcut."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..intents import WHEEL, Intent
from ..keymap import help_rows
from ..widgets import ACCENT, INK, INK_DIM, Button, blit_text, draw_panel, wrap
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

# (title, text, example tiles with a follower place to show)
RULES: list[tuple[str, str, list[tuple[str, int, str | None]]]] = [
    ("Your turn",
     "Draw a tile and place it next to the tiles on the board so that every edge matches its "
     "neighbour: city to city, road to road, field to field. Then you may put one of your 7 followers "
     "on a part of that tile, if no follower already stands on the feature it joins. Finished "
     "features score at once and their followers come home.",
     [("D", 0, None), ("U", 90, None), ("V", 0, None)]),
    ("Roads: thieves",
     "A road is finished when both ends stop at a crossroads, a city, a cloister or a loop. "
     "It scores 1 point per tile.", [("U", 0, "road:N"), ("V", 180, None), ("W", 0, None)]),
    ("Cities: knights",
     "A city is finished when its walls close all around. It scores 2 points per tile and 2 per "
     "pennant (shield); at the end an unfinished city scores 1 per tile and pennant.",
     [("E", 0, "city:N"), ("F", 0, None), ("C", 0, None)]),
    ("Cloisters: monks",
     "A cloister is finished when all 8 squares around it hold tiles: 9 points. At the end it scores "
     "1 point for itself and 1 per neighbour.", [("B", 0, "cloister"), ("A", 0, None)]),
    ("Fields: farmers",
     "Farmers lie in the fields and stay there until the end. Then each farm scores 3 points per "
     "finished city it touches (2nd-edition rule: the same, but a player scores any one city only "
     "once; 1st-edition rule: 4 points per city to the majority of farmers).",
     [("E", 0, "farm:SW"), ("K", 0, None)]),
    ("Sharing",
     "Features can grow together. Whoever has the most followers on a feature takes all its points; "
     "tied players each score the full points.", []),
    ("House rules (if chosen)",
     "Unfinished features score off: at the end, unfinished roads, cities and cloisters score "
     "nothing; farms still score. Fill a hole, play again: a tile that has tiles on all four sides "
     "earns its player another turn. Table: tiles must stay inside the table's squares (its edge "
     "is drawn on the board); a tile that fits nowhere inside is set aside. Table edge closes: the "
     "edge finishes a road or city that runs into it and counts as tiles around a cloister. "
     "Unplayable tiles to the bag: a tile that fits nowhere goes back into the bag and you draw "
     "again, until no tile left fits anywhere. Random first player: who starts is drawn at random.",
     []),
]

#: The mouse, and the aids; the keys come from the keymap (:func:`keys`).
MOUSE: list[tuple[str, str]] = [
    ("Drag the tile", "place it on the board"),
    ("Right-click", "rotate the tile"),
    ("Wheel while dragging", "rotate the tile"),
    ("Drag a follower", "put it on a lit place of your tile"),
    ("Drag the board", "pan"),
    ("Wheel", "zoom (towards the pointer)"),
    ("Hover a square", "why not here, and which tiles still fit"),
    ("Hover a score", "the score if the game ended now (→)"),
]


def keys() -> list[tuple[str, str]]:
    """Every line of the Keys and mouse list: the mouse, then the keymap's own table."""
    return [*MOUSE, *help_rows("play"), *help_rows("global"),
            ("Replays: ← → Home End", "step through a recorded game")]


class RulesScene(Scene):
    keymap = "help"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.scroll = 0
        self.back = Button("Back", self.close, hint="Esc", primary=True)
        self.widgets = [self.back]

    def close(self) -> None:
        self.app.pop(self)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        self.back.rect = pygame.Rect(size[0] - int(180 * u), size[1] - int(66 * u), int(160 * u), int(46 * u))

    def handle(self, intent: Intent) -> bool:
        if intent.action == "back":
            self.close()
            return True
        if intent.kind == WHEEL:
            self.scroll = max(0, min(self.scroll - intent.dy * int(40 * self.u), int(900 * self.u)))
            return True
        if intent.action == "scroll-down":
            self.scroll = min(self.scroll + int(80 * self.u), int(900 * self.u))
            return True
        if intent.action == "scroll-up":
            self.scroll = max(0, self.scroll - int(80 * self.u))
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((34, 38, 32))
        u = self.u
        w, h = surface.get_size()
        fonts = self.app.assets.fonts
        blit_text(surface, fonts.get(int(40 * u), "title"), "Rules in short", (int(30 * u), int(14 * u)), ACCENT)
        left = pygame.Rect(int(20 * u), int(74 * u), int(w * 0.6), h - int(160 * u))
        right = pygame.Rect(left.right + int(20 * u), left.y, w - left.right - int(40 * u), left.h)
        draw_panel(surface, left, u)
        draw_panel(surface, right, u)
        surface.set_clip(left.inflate(-8, -8))
        head = fonts.get(int(19 * u), "bold")
        font = fonts.get(int(15 * u))
        pic = int(70 * u)
        y = left.y + int(14 * u) - self.scroll
        text_x = left.x + int(16 * u)
        pieces = self.app.assets.pieces
        from ..spots import spot_anchor
        for title, text, tiles in RULES:
            blit_text(surface, head, title, (text_x, y), ACCENT)
            y += head.get_linesize() + int(2 * u)
            width = left.w - int(32 * u) - (len(tiles) * (pic + int(8 * u)) if tiles else 0)
            top = y
            for line in wrap(font, text, width):
                blit_text(surface, font, line, (text_x, y), INK)
                y += font.get_linesize()
            px = left.right - int(16 * u) - len(tiles) * (pic + int(8 * u))
            for tile, rot, spot in tiles:
                surface.blit(self.app.assets.tiles.sized(tile, rot, pic), (px, top))
                if spot:
                    o = self.app.tiles[tile].orientations[rot // 90]
                    ax, ay = spot_anchor(o, spot)
                    img = pieces.get("red", int(pic * 0.36), spot.startswith("farm"))
                    surface.blit(img, img.get_rect(center=(round(px + ax * pic), round(top + ay * pic))))
                px += pic + int(8 * u)
            y = max(y, top + (pic if tiles else 0)) + int(16 * u)
        surface.set_clip(None)
        blit_text(surface, head, "Keys and mouse", (right.x + int(16 * u), right.y + int(14 * u)), ACCENT)
        y = right.y + int(50 * u)
        small = fonts.get(int(14 * u), "bold")
        plain = fonts.get(int(14 * u))
        row_h = max(plain.get_linesize() + int(6 * u), 1)
        rows = keys()
        if len(rows) * row_h > right.h - int(60 * u):
            row_h = (right.h - int(60 * u)) // len(rows)
        for key, what in rows:
            blit_text(surface, small, key, (right.x + int(16 * u), y), INK)
            blit_text(surface, plain, what, (right.x + int(16 * u) + int(right.w * 0.42), y), INK_DIM)
            y += row_h
        super().draw(surface)
