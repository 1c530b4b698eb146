"""Player aids on screen: dead spots, projected scores, tiles that fit, why-not tooltips.

The numbers come from :mod:`carcassonne.engine.aids` and the sentences from
:mod:`carcassonne.words.explain`; this module only caches them per turn (the board
changes once a turn, the pointer every frame) and draws the tooltip box.
Purist mode (``Settings.purist``) hides all of it; the scenes ask :attr:`Aids.on`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...engine import Game, Move, Placement
from ...engine.aids import dead_spots, projected_scores, tiles_that_fit
from ...engine.figures import FOLLOWER, FigureStep
from ...i18n import _, ngettext
from ...words import explain
from ..art.assets import Fonts, TileImages
from ..ui.textcache import render_text
from ..ui.widgets import BAD, GOOD, INK, INK_DIM, blit_text, draw_panel, wrap
from .turn import TurnController


@dataclass
class Tip:
    """What the tooltip says: sentences (first one in ``colour``) and tiles to show."""

    lines: list[str]
    colour: tuple[int, int, int] = INK
    tiles: list[tuple[str, int, int]] = field(default_factory=list)  # tile, rotation, how many left
    tiles_caption: str = ""

    @property
    def text(self) -> str:
        return " ".join(self.lines + ([self.tiles_caption] if self.tiles_caption else []))


class Aids:
    """Per-turn caches of the engine's aids for one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._key: tuple[object, ...] | None = None
        self._dead: list[tuple[int, int]] = []
        self._projected: list[int] = []
        self._fits: dict[tuple[int, int], dict[str, tuple[int, ...]]] = {}
        self._open: set[tuple[int, int]] = set()
        self._pending: tuple[tuple[object, ...], list[int]] | None = None

    def _refresh(self) -> None:
        g = self.game
        key = (g.turn_number, g.finished, len(g.events))
        if key != self._key:
            self._key = key
            self._dead = dead_spots(g)
            self._projected = projected_scores(g)
            self._fits = {}
            self._open = set(g.open_positions())

    def dead(self) -> list[tuple[int, int]]:
        self._refresh()
        return self._dead

    def open_cells(self) -> set[tuple[int, int]]:
        """The empty squares next to the board (where a tile could one day go)."""
        self._refresh()
        return self._open

    def projected(self, pending: Move | None = None) -> list[int]:
        """Each player's final score if the game ended now; with ``pending`` (the tile and
        follower laid this turn, not yet confirmed) as if it were played."""
        self._refresh()
        if pending is None:
            return self._projected
        if self._pending is None or self._pending[0] != (self._key, pending):
            self.game.push(pending)
            try:
                self._pending = ((self._key, pending), projected_scores(self.game))
            finally:
                self.game.pop()
        return self._pending[1]

    def fits(self, x: int, y: int) -> dict[str, tuple[int, ...]]:
        self._refresh()
        found = self._fits.get((x, y))
        if found is None:
            found = self._fits[(x, y)] = tiles_that_fit(self.game, x, y)
        return found

    def fits_tip(self, x: int, y: int) -> tuple[list[tuple[str, int, int]], str]:
        """Thumbnails (each tile turned to its first fitting rotation) and a caption."""
        fits = self.fits(x, y)
        counts = self.game.deck.counts
        tiles = [(t, rots[0], counts[t]) for t, rots in sorted(fits.items(), key=lambda kv: (len(kv[0]), kv[0]))]
        if not fits:
            return [], _("Dead spot: no tile left can fill this square, so no road, city or "
                         "cloister that needs it can ever be completed.")
        n = sum(c for _, _, c in tiles)
        return tiles, ngettext("Could still go here ({count} tile left, the one in hand included):",
                               "Could still go here ({count} tiles left, the one in hand included):", n).format(count=n)


def play_tip(turn: TurnController, aids: Aids, *, card: int | None, cell: tuple[int, int] | None,
             dragging: str | None, spot: str | None) -> Tip | None:
    """What the tooltip says during a turn, for what the pointer is over.

    ``card``: the player card under the pointer (not while dragging); ``cell``: the board
    square under it (None off the board); ``dragging``: what the pointer carries
    (``tile``, ``follower``, ``pan``...); ``spot``: the place of the pending tile nearest
    the pointer, allowed or not. While dragging only a drop that would fail is explained.
    """
    game = turn.game
    if card is not None:  # (as the card's "→": the tile and figure step laid this turn counted)
        p = turn.pending
        proj = aids.projected(p.with_figure(turn.figure) if p is not None else None)
        return Tip([_("{name}: {points} points now, {projected} if the game ended now (final scoring of "
                      "every feature with a follower on it).").format(name=game.names[card],
                                                                       points=game.scores[card],
                                                                       projected=proj[card])])
    if cell is None or dragging not in (None, "tile", "follower"):
        return None
    p = turn.pending
    if p is not None and cell == (p.x, p.y):
        if not turn.can_act or dragging not in (None, "follower") or not spot or spot in turn.spots():
            return None
        sentence = explain.why_not_figure(game, p, FigureStep(FOLLOWER.name, spot))
        return Tip([sentence], BAD) if sentence else None
    if game.tile_at(*cell) is not None:
        return None
    lines: list[str] = []
    colour = INK
    if turn.can_act and p is None and turn.tile is not None:
        sentence = explain.why_not_tile(game, Placement(turn.tile, *cell, turn.rotation))
        if sentence:
            lines, colour = [sentence], BAD
        elif dragging is None:
            lines, colour = [_("Your tile fits here as it is turned now.")], GOOD
    if dragging is not None:
        return Tip(lines, colour) if colour == BAD else None
    if cell not in aids.open_cells():
        return Tip(lines, colour) if lines and colour == BAD else None
    tiles, caption = aids.fits_tip(*cell)
    if not tiles:  # a dead spot: nothing can ever go there, which says it all
        return Tip([caption], BAD)
    return Tip(lines, colour, tiles, caption)


def draw_tip(surface: pygame.Surface, tip: Tip, pointer: tuple[int, int], area: pygame.Rect,
             fonts: Fonts, tiles_img: TileImages, u: float) -> pygame.Rect:
    """A tooltip box beside the pointer, kept inside ``area``."""
    font = fonts.get(int(15 * u))
    width = int(400 * u)
    pad = int(10 * u)
    rows: list[tuple[str, tuple[int, int, int]]] = []
    for i, line in enumerate(tip.lines):
        for part in wrap(font, line, width - 2 * pad):
            rows.append((part, tip.colour if i == 0 else INK))
    caption = wrap(font, tip.tiles_caption, width - 2 * pad) if tip.tiles_caption else []
    thumb = int(34 * u)
    per_row = max(1, (width - 2 * pad) // (thumb + int(4 * u)))
    shown = tip.tiles[:per_row * 3]
    tile_rows = (len(shown) + per_row - 1) // per_row
    lh = font.get_linesize()
    h = pad * 2 + lh * (len(rows) + len(caption)) + tile_rows * (thumb + int(4 * u))
    if rows and (caption or shown):
        h += int(6 * u)
    box = pygame.Rect(0, 0, width, h)
    box.topleft = (pointer[0] + int(18 * u), pointer[1] + int(18 * u))
    if box.right > area.right - 4:
        box.right = pointer[0] - int(12 * u)
    if box.bottom > area.bottom - 4:
        box.bottom = pointer[1] - int(12 * u)
    box.clamp_ip(area)
    draw_panel(surface, box, u, (30, 27, 22), 238)
    y = box.y + pad
    for text, colour in rows:
        blit_text(surface, font, text, (box.x + pad, y), colour)
        y += lh
    if rows and (caption or shown):
        y += int(6 * u)
    for text in caption:
        blit_text(surface, font, text, (box.x + pad, y), INK_DIM)
        y += lh
    small = fonts.get(max(9, int(11 * u)), "bold")
    for i, (tile, rotation, left) in enumerate(shown):
        x = box.x + pad + (i % per_row) * (thumb + int(4 * u))
        ty = y + (i // per_row) * (thumb + int(4 * u))
        surface.blit(tiles_img.sized(tile, rotation, thumb), (x, ty))
        if left > 1:
            tag = render_text(small, str(left), INK)
            bg = tag.get_rect(bottomright=(x + thumb, ty + thumb)).inflate(4, 0)
            pygame.draw.rect(surface, (20, 20, 20), bg, border_radius=3)
            surface.blit(tag, tag.get_rect(center=bg.center))
    return box
