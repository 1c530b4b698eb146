"""Rules in short, each with a rulebook example drawn as a board, the rule options, and every key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ...engine import RecordError
from ...i18n import N_, _
from ...resources import path as resource_path
from ..art.expansion_ui import RuleSection, in_order
from ..board.miniboard import Example, board_picture, load_example
from ..ui.intents import WHEEL, Intent
from ..ui.keymap import help_rows
from ..ui.widgets import ACCENT, INK, INK_DIM, Button, blit_text, draw_panel, wrap
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


RULES: list[RuleSection] = [
    RuleSection(N_("Your turn"),
                N_("Draw a tile and place it so that every edge matches its neighbour: city to city, road to "
                "road, field to field. A tile that fits nowhere goes back to the box and you draw again. Then "
                "you may put one of your 7 followers on a part of that tile, if no follower stands on the "
                "feature it joins. Completed features score at once and their followers come home."),
                "an21-final-scoring", N_("Annotated rules 2007, 'Placing a tile', 'Placing a follower'"),
                N_("A board in play: every edge meets a matching edge; followers of five players.")),
    RuleSection(N_("Roads: thieves"),
                N_("A road is complete when both ends stop at a crossing, a city, a cloister, or it closes a "
                "loop: 1 point per tile. Here Red's thief scores a road of 3 tiles."),
                "ann07-road-3", N_("Annotated rules 2007, 'Scoring a completed road'")),
    RuleSection(N_("Cities: knights"),
                N_("A city is complete when its walls close all around: 2 points per tile and 2 per pennant "
                "(shield). At the end an unfinished city scores 1 per tile and pennant."),
                "ann07-city-3-segments-pennant", N_("Annotated rules 2007, 'Scoring a completed city'")),
    RuleSection(N_("Cloisters: monks"),
                N_("A cloister is complete when all 8 squares around it hold tiles: 9 points. At the end it "
                "scores 1 for itself and 1 per neighbour."), "ann07-cloister-9",
                N_("Annotated rules 2007, 'Scoring a completed cloister'")),
    RuleSection(N_("Sharing: majority and ties"),
                N_("Features grow together when a tile joins them. Whoever has the most followers on a feature "
                "scores all its points; tied players each score them in full. Red and Blue, one knight each, "
                "both score this city."), "ann07-city-tie-10", N_("Annotated rules 2007, 'Scoring a completed city'")),
    RuleSection(N_("Fields: farmers"),
                N_("Farmers lie in the fields and stay there to the end. Roads, cities and the board's edge bound "
                "a farm. At the end each farm scores 3 points per completed city it touches, to the player with "
                "the most farmers in it (ties: each)."), "ann07-farm-majority",
                N_("Annotated rules 2007, 'Scoring farms'")),
    RuleSection(N_("Final scoring"),
                N_("When the last tile is placed: unfinished roads, cities and cloisters score 1 per tile "
                "(and pennant, and neighbour), then the farms. The most points wins."),
                "ann07-final-scoring", N_("Annotated rules 2007, 'Final scoring'")),
]

#: The rule options of the New game screen, each with a picture.
VARIANTS: list[RuleSection] = [
    RuleSection(N_("Farms: first-edition scoring"),
                N_("The old rule: each completed city is scored once for all the farms touching it, 4 points to "
                "the player with the most farmers around it. This board scores 4 for Blue; with the third "
                "edition's rule it scores 3 per farm."), "ann07-fn28-first-edition",
                N_("Rio Grande rules 2013, 'Farmers'")),
    RuleSection(N_("Farms: second-edition scoring"),
                N_("As the third edition, 3 points per completed city a farm touches, but a player scores any "
                "one city only once, however many of its farms they win. The board above, scored this way "
                "(the third edition scores Blue twice):"), "ann07-fn28-third-edition",
                N_("Annotated rules 2007, FAQ 28"),
                rules={"farm_scoring": "second-edition"}),
    RuleSection(N_("Small cities"),
                N_("The old rule: a completed city of only two tiles scores 1 point per tile and per pennant "
                "instead of 2."), "ann07-fn17-small-city-rule", N_("Annotated rules 2007, footnote 17")),
    # each expansion's pages, in the order of its option on New game (its package's ``app.py``)
    *(section for ui in in_order() for section in ui.rules_sections()),
    RuleSection(N_("No farmers"),
                N_("Play without farmers: followers may not lie in fields, and farms score nothing. A good way to "
                "start for new players."), "ann07-cloister-9", N_("Annotated rules 2007, 'Farms'"),
                N_("Without farmers, these fields stay empty and score nothing.")),
]

#: The house rules of the New game screen (Wikicarpedia, base game, "House Rules" and "Use of a Table").
HOUSE_RULES: list[RuleSection] = [
    RuleSection(N_("Unfinished features score off"),
                N_("At the end, unfinished roads, cities and cloisters score nothing; farms still score."),
                "house-incomplete-score-off", "",
                N_("At the end Blue's road and city and Red's cloister are unfinished: they score nothing. "
                   "Red's farmer still scores 3 for the completed city.")),
    RuleSection(N_("Fill a hole, play again"),
                N_("A tile that has tiles on all four sides earns its player another turn."),
                "house-hole-bonus", "",
                N_("Red's tile in the middle has tiles on all four sides: it closes the city (4 points) and Red "
                   "plays the next turn too, the thief on the left.")),
    RuleSection(N_("Table"),
                N_("Tiles must stay inside the table's squares (its edge is drawn on the board); a tile that fits "
                   "nowhere inside is set aside. Table edge closes: the edge finishes a road or city that runs "
                   "into it and counts as tiles around a cloister."),
                "house-table-closes", "",
                N_("A table 3 by 3, its edge closing features: a city of one tile scores 2, the road from edge "
                   "to edge 3, the cloister in the corner 9.")),
    RuleSection(N_("Unplayable tiles to the bag"),
                N_("A tile that fits nowhere goes back into the bag and you draw again, until no tile left fits "
                   "anywhere."), "house-discard-to-bag", "",
                N_("The tile with city on all four sides fits nowhere: it goes back into the bag (beside the "
                   "board) and Blue draws again.")),
    RuleSection(N_("Random first player"), N_("Who starts is drawn at random.")),
    RuleSection(N_("Random start tile"),
                N_("The start tile goes into the bag; the first tile drawn lies in the middle instead. Not with "
                   "an expansion that starts from a tile of its own."), "house-random-start", "",
                N_("The start tile drawn was an E: Red's first tile closed its city, 4 points.")),
]

#: The page, group by group: a new group of rules is one more entry here.
PAGE: list[tuple[str, list[RuleSection]]] = [
    (N_("The rules"), RULES), (N_("Rule options (New game)"), VARIANTS), (N_("House rules (if chosen)"), HOUSE_RULES)]

#: The mouse, and the aids; the keys come from the keymap (:func:`keys`).
MOUSE: list[tuple[str, str]] = [
    (N_("Drag the tile"), N_("place it on the board")),
    (N_("Click a square beside the tiles"), N_("lay the tile there")),
    (N_("Right-click"), N_("rotate the tile")),
    (N_("Wheel while dragging"), N_("rotate the tile")),
    (N_("Drag a follower"), N_("put it on a lit place of your tile")),
    (N_("Drag the board"), N_("pan")),
    (N_("Wheel"), N_("zoom (towards the pointer)")),
    (N_("Hover a square"), N_("why not here, and which tiles still fit")),
    (N_("Hover a score"), N_("the score if the game ended now (→)")),
]


def keys() -> list[tuple[str, str]]:
    """Every line of the Keys and mouse list: the mouse, then the keymap's own table."""
    return [*((_(how), _(what)) for how, what in MOUSE), *help_rows("play"), *help_rows("global"),
            (_("Replays: ← → Home End"), _("step through a recorded game"))]


@dataclass
class Block:
    """A section laid out on the page: where it starts (page y), its lines and its picture."""

    y: int
    height: int
    heading: str
    title: str
    lines: list[str]
    caption: list[str]
    source: list[str]
    picture: pygame.Surface | None


class RulesScene(Scene):
    keymap = "help"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0
        self.max_scroll = 0
        self.pic_w = 0
        self.blocks: list[Block] = []
        self.rects: dict[str, pygame.Rect] = {}
        self.examples: dict[str, Example | None] = {}
        self.back = Button(N_("Back"), self.close, hint="Esc", primary=True)
        self.widgets = [self.back]

    def close(self) -> None:
        self.app.pop(self)

    def example(self, section: RuleSection) -> Example | None:
        """The section's rulebook example replayed (None if its file is missing or bad: the rule's
        words still show)."""
        key = f"{section.example} {section.rules}"
        if key not in self.examples:
            path = resource_path("rulebook", f"{section.example}.carc.json")
            try:
                found: Example | None = load_example(path, self.app.tiles, section.rules)
            except (RecordError, KeyError):
                found = None
            self.examples[key] = found
        return self.examples[key]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        w, h = size
        self.back.rect = pygame.Rect(w - int(180 * u), h - int(66 * u), int(160 * u), int(46 * u))
        left = pygame.Rect(int(20 * u), int(74 * u), int(w * 0.58), h - int(160 * u))
        right = pygame.Rect(left.right + int(20 * u), left.y, w - left.right - int(40 * u), left.h)
        self.rects = {"left": left, "right": right, "page": left.inflate(-int(32 * u), -int(24 * u))}
        self._lay_out_page()

    def _lay_out_page(self) -> None:
        """Every section's lines and picture, placed once per window size (draw only blits)."""
        u, fonts, page = self.u, self.app.assets.fonts, self.rects["page"]
        head, font, small = self.fonts()
        pic_w = self.pic_w = min(int(page.w * 0.36), int(260 * u))
        text_w = page.w - pic_w - int(16 * u)
        y = 0
        self.blocks = []
        for heading, sections in PAGE:
            first = True
            for section in sections:
                example = self.example(section) if section.example else None
                picture = None
                caption: list[str] = []
                if example is not None:
                    picture = board_picture(example, self.app.assets, (pic_w, int(pic_w * 0.72)), int(64 * u))
                    said = _(section.caption) if section.caption else " ".join(example.captions()[-3:])
                    caption = wrap(small, said, pic_w)
                lines = wrap(font, _(section.text), text_w)
                cited = _("Rulebook: {source}").format(source=_(section.source))
                source = wrap(small, cited, text_w) if section.source else []
                top = (fonts.get(int(26 * u), "title").get_linesize() + int(8 * u)) if first else 0
                text_h = head.get_linesize() + len(lines) * font.get_linesize() + len(source) * small.get_linesize()
                pic_h = (picture.get_height() + len(caption) * small.get_linesize()) if picture else 0
                height = top + max(text_h, pic_h + head.get_linesize()) + int(18 * u)
                self.blocks.append(Block(y, height, _(heading) if first else "", _(section.title), lines, caption,
                                         source, picture))
                y += height
                first = False
        self.max_scroll = max(0, y - page.h)
        self.scroll = min(self.scroll, self.max_scroll)

    def fonts(self) -> tuple[pygame.font.Font, pygame.font.Font, pygame.font.Font]:
        f, u = self.app.assets.fonts, self.u
        return f.get(int(19 * u), "bold"), f.get(int(15 * u)), f.get(int(13 * u))

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.scroll + pixels, self.max_scroll))

    def handle(self, intent: Intent) -> bool:
        if intent.action == "back":
            self.close()
            return True
        if intent.kind == WHEEL:
            self.scroll_by(-intent.dy * int(40 * self.u))
            return True
        if intent.action == "scroll-down":
            self.scroll_by(int(160 * self.u))
            return True
        if intent.action == "scroll-up":
            self.scroll_by(-int(160 * self.u))
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((34, 38, 32))
        u = self.u
        fonts = self.app.assets.fonts
        blit_text(surface, fonts.get(int(40 * u), "title"), _("Rules in short"), (int(30 * u), int(14 * u)), ACCENT)
        left, right, page = self.rects["left"], self.rects["right"], self.rects["page"]
        draw_panel(surface, left, u)
        draw_panel(surface, right, u)
        self._draw_page(surface, page)
        if self.max_scroll:
            blit_text(surface, fonts.get(int(13 * u)), _("wheel or ↑ ↓ to scroll") if self.scroll < self.max_scroll
                      else _("end of the rules"), (left.right - int(12 * u), left.bottom + int(6 * u)), INK_DIM,
                      "topright")
        self._draw_keys(surface, right)
        super().draw(surface)

    def _draw_page(self, surface: pygame.Surface, page: pygame.Rect) -> None:
        u = self.u
        head, font, small = self.fonts()
        group = self.app.assets.fonts.get(int(26 * u), "title")
        surface.set_clip(page)
        for b in self.blocks:
            y = page.y + b.y - self.scroll
            if y > page.bottom or y + b.height < page.y:
                continue
            if b.heading:
                blit_text(surface, group, b.heading, (page.x, y), ACCENT)
                y += group.get_linesize() + int(8 * u)
            blit_text(surface, head, b.title, (page.x, y), ACCENT)
            if b.picture is not None:
                px = page.right - self.pic_w
                surface.blit(b.picture, (px + (self.pic_w - b.picture.get_width()) // 2, y))
                cy = y + b.picture.get_height()
                for line in b.caption:
                    blit_text(surface, small, line, (px, cy), INK_DIM)
                    cy += small.get_linesize()
            y += head.get_linesize()
            for line in b.lines:
                blit_text(surface, font, line, (page.x, y), INK)
                y += font.get_linesize()
            for line in b.source:
                blit_text(surface, small, line, (page.x, y), INK_DIM)
                y += small.get_linesize()
        surface.set_clip(None)

    def _draw_keys(self, surface: pygame.Surface, right: pygame.Rect) -> None:
        """The keys table, its font shrunk until the longest row fits the panel's width."""
        u, fonts = self.u, self.app.assets.fonts
        head = fonts.get(int(19 * u), "bold")
        blit_text(surface, head, _("Keys and mouse"), (right.x + int(16 * u), right.y + int(14 * u)), ACCENT)
        rows = keys()
        inner = right.w - int(32 * u)
        px = int(14 * u)
        while True:
            bold, plain = fonts.get(px, "bold"), fonts.get(px)
            key_w = max(bold.size(k)[0] for k, _ in rows) + int(10 * u)
            what_w = max(plain.size(what)[0] for _, what in rows)
            if key_w + what_w <= inner or px <= 9:
                break
            px -= 1
        # Still too wide at the smallest size: a long description wraps under itself.
        lines = [wrap(plain, what, inner - key_w) if key_w + plain.size(what)[0] > inner else [what]
                 for _, what in rows]
        y = right.y + int(50 * u)
        line_h = plain.get_linesize()
        gap = int(6 * u)
        total = sum(len(ls) for ls in lines) * line_h + len(rows) * gap
        if total > right.h - int(60 * u):
            gap = max(0, (right.h - int(60 * u) - sum(len(ls) for ls in lines) * line_h) // len(rows))
        for (key, _what), what_lines in zip(rows, lines):
            blit_text(surface, bold, key, (right.x + int(16 * u), y), INK)
            for line in what_lines:
                blit_text(surface, plain, line, (right.x + int(16 * u) + key_w, y), INK_DIM)
                y += line_h
            y += gap
