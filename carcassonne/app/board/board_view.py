"""One board on screen, for every scene that shows one (Play, Replay): the camera, the
sprites of the placed tiles and followers, the marks over them, and their drawing.

A scene says *what* to show (:class:`BoardMarks`, built from its own state in
``update``); the view keeps its sprites in step with the game and the camera
(:meth:`BoardView.show`, :meth:`BoardView.update`), and :meth:`BoardView.draw`
only blits. Hit-testing (which follower place is under the pointer) reads the same
sprites, so it never depends on the last frame having been drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from ...engine import FigureAt, Game, Move, Orientation, Placement
from ...engine.figures import FOLLOWER, FigureStep
from ..art import tile_masks
from ..art.assets import Assets
from ..art.expansion_ui import neutral_figures, paths
from ..art.spots import place_index, spot_anchor
from ..art.tile_anchors import SegmentDataError
from .camera import Camera
from .feature_paint import FeatureLabel, OrientationAt, Paint, new_frame, sprites_for
from .sprites import (
    BoardFollower,
    BoardSprite,
    BoardTile,
    CellMark,
    DeadMark,
    FocusRing,
    GhostFollower,
    GhostTile,
    LastFollowerMark,
    LeavingFigure,
    NeutralFigure,
    PathMark,
    RingMark,
    SpotMark,
)

Cell = tuple[int, int]
#: Sprite layers, bottom to top.
LAYERS = {"board": 0, "marks": 1, "highlights": 2, "meeples": 3, "labels": 4}
GRID_RGB = (60, 71, 56)
#: Beyond the table's edge (house rule ``table``), and the edge itself.
TABLE_FLOOR_RGB = (34, 38, 31)
TABLE_EDGE_RGB = (168, 140, 92)
LAST_PLACED = (255, 214, 90, 235)
LEGAL = (90, 220, 110, 70)
SCORED = (255, 220, 120, 70)
PENDING = (255, 255, 255, 255)
SHOWN = (120, 220, 255, 240)
#: The frame of the hint's ghost tile.


@dataclass(frozen=True)
class BoardMarks:
    """What is drawn over the placed tiles besides their followers."""

    #: The tile placed last (framed).
    last_placed: Cell | None = None
    #: Dead spots: squares no tile left can fill (hatched).
    dead: tuple[Cell, ...] = ()
    #: Squares where the tile in hand fits (green).
    legal: tuple[Cell, ...] = ()
    #: Whole squares lit (the tutorial points at squares this way; features are painted
    #: segment by segment with ``paints``).
    scored: tuple[Cell, ...] = ()
    #: The tile laid down this turn but not confirmed, and its follower's place.
    pending: Placement | None = None
    pending_figure: FigureStep | None = None
    #: The colour of the player whose turn it is (the pending follower, lit places).
    colour: str = "red"
    #: Lit follower places on the pending tile, and the one under the pointer.
    spots: tuple[str, ...] = ()
    hover_spot: str | None = None
    #: Features painted segment by segment (the feature a follower would join, the
    #: farms' owners, a feature being scored), bottom first.
    paints: tuple[Paint, ...] = ()
    #: The follower put on the board by the last turn (ringed).
    last_follower: FigureAt | None = None
    #: A square shown from the move log (framed).
    shown: Cell | None = None
    #: Dim the board under the paints, so the painted features stand out (final scoring).
    dim: bool = False
    #: A move not (yet) played, shown see-through: the hint's move, or the analysis' better
    #: move beside the one played; its follower in ``ghost_colour`` (default ``colour``).
    ghost: Move | None = None
    ghost_colour: str | None = None
    #: A figure being taken home by this turn's action (not yet confirmed), drawn see-through
    #: with the points it will score.
    leaving: FigureAt | None = None
    leaving_points: int | None = None
    #: Keyboard play: the square (and the pending figure's place) chosen with the keys, ringed
    #: in black and white so it shows on any tile whatever one's colour vision.
    focus: bool = False
    #: The turn's move not yet played (its figure step and decisions so far): the neutral
    #: figures and their path are drawn as it leaves them.
    moving: Move | None = None
    #: Lit places on other tiles than the pending one (x, y, place): a figure sent there, or
    #: one beside which a figure goes, or one an action removes.
    elsewhere: tuple[tuple[int, int, str], ...] = ()


class BoardView:
    """A board under a camera: sprites in named layers, rebuilt only when the game or the marks change."""

    def __init__(self, assets: Assets, game: Game, colours: list[str]) -> None:
        self.assets = assets
        self.game = game
        self.colours = colours
        self.camera = Camera((0, 0, 100, 100))
        self.sprites: pygame.sprite.LayeredUpdates[BoardSprite] = pygame.sprite.LayeredUpdates()
        self.area = pygame.Rect(0, 0, 100, 100)
        self.marks = BoardMarks()
        #: The follower standing on the pending tile, if any (to pick it up again).
        self.pending_follower: BoardFollower | None = None
        #: Each player's figures of other kinds than the follower on the board (an
        #: expansion's), by player and kind: an action may take one home.
        self.others: dict[tuple[int, str], BoardFollower] = {}
        #: The neutral figures on the board, by kind (one may be dragged in a turn).
        self.neutrals: dict[str, NeutralFigure] = {}
        self._tiles_shown: object = None
        self._marks_shown: tuple[object, BoardMarks] | None = None

    # ------------------------------------------------------------ placing
    def set_area(self, rect: pygame.Rect) -> None:
        """Where the board is on screen (the same world point stays in the middle)."""
        self.area = pygame.Rect(rect)
        self.camera.view = (self.area.x, self.area.y, self.area.w, self.area.h)
        self._marks_shown = None  # (laid out again: the pieces are drawn anew, perhaps of another set)
        self.sync()

    def fit(self, cells: Iterable[Cell], area: pygame.Rect | None = None) -> None:
        """Zoom and centre so every cell shows (in ``area``, default the whole board)."""
        xs, ys = zip(*cells)
        a = area or self.area
        self.camera.fit(min(xs), min(ys), max(xs), max(ys), area=(a.x, a.y, a.w, a.h))
        self.sync()

    # ------------------------------------------------------------ showing
    def show(self, version: object, marks: BoardMarks) -> None:
        """Show the game as of ``version`` (anything that changes when the board does: the
        turn number, the replay step) with ``marks``; sprites are rebuilt only on a change."""
        if self._marks_shown == (version, marks):
            return
        if self._tiles_shown != version:
            self._tiles_shown = version
            for s in self.sprites.get_sprites_from_layer(LAYERS["board"]):
                s.kill()
            for x, y, o in self.game.placed_tiles():
                self.sprites.add(BoardTile(x, y, o, self.assets), layer=LAYERS["board"])
        self._marks_shown = (version, marks)
        self.marks = marks
        self._build_marks(marks)
        self.sync()

    def _build_marks(self, m: BoardMarks) -> None:
        """Make the sprites of the marks anew: the old ones (and a pending tile) go first."""
        for layer in ("marks", "highlights", "meeples", "labels"):
            for s in self.sprites.get_sprites_from_layer(LAYERS[layer]):
                s.kill()
        for s in self.sprites.get_sprites_from_layer(LAYERS["board"]):
            if getattr(s, "pending", False):
                s.kill()
        self._add_cell_marks(m)
        self._add_figures(m)
        self._add_ghost(m)
        self._add_pending(m)

    def _add(self, sprite: BoardSprite, layer: str) -> None:
        self.sprites.add(sprite, layer=LAYERS[layer])

    def _add_cell_marks(self, m: BoardMarks) -> None:
        """Squares scored, the last tile, the shown square, the dimming, the features painted,
        the last follower's ring, the dead squares and the squares the tile fits."""
        add = self._add
        for x, y in m.scored:
            add(CellMark(x, y, SCORED), "highlights")
        if m.last_placed is not None:
            add(CellMark(*m.last_placed, LAST_PLACED, frame=5), "marks")
        if m.shown is not None:
            add(CellMark(*m.shown, SHOWN, frame=7), "marks")
        if m.dim:
            add(Dim(), "marks")
        pending = (m.pending.x, m.pending.y, self.orientation(m.pending)) if m.pending else None
        lying = OrientationAt(self.game, pending)
        for paint in m.paints:
            for sprite in sprites_for(paint, lying, self.assets):
                add(sprite, "labels" if isinstance(sprite, FeatureLabel) else "highlights")
        lf = m.last_follower
        o_last = self.game.tile_at(lf.x, lf.y) if lf is not None else None
        if lf is not None and o_last is not None:
            add(LastFollowerMark(lf.x, lf.y, o_last, lf.place), "highlights")
        for x, y in m.dead:
            add(DeadMark(x, y), "marks")
        ghost_cell = (m.ghost.x, m.ghost.y) if m.ghost is not None else None
        for x, y in m.legal:
            if (x, y) != ghost_cell:  # the ghost tile shows unwashed
                add(CellMark(x, y, LEGAL), "highlights")

    def _add_figures(self, m: BoardMarks) -> None:
        """The figures on the board, one an action takes home drawn leaving with its points;
        figures other than followers are kept by player and kind (to be dragged)."""
        self.others = {}
        for f in self.game.figures_on_board():
            o = self.game.tile_at(f.x, f.y)
            if o is None:
                continue
            if f == m.leaving:
                self._add(LeavingFigure(f.x, f.y, o, f.place, self.colours[f.player], self.assets,
                                        m.leaving_points or 0, kind=f.kind), "labels")
                continue
            sprite = BoardFollower(f.x, f.y, o, f.place, self.colours[f.player], self.assets, kind=f.kind)
            self._add(sprite, "meeples")
            if f.kind != FOLLOWER.name:
                self.others[(f.player, f.kind)] = sprite
        self.neutrals = {}
        for path in paths(self.game, m.moving):
            self._add(PathMark(path, self.assets), "highlights")
        for figure in neutral_figures(self.game, m.moving):
            neutral = NeutralFigure(figure.kind, figure.at, self.assets)
            self._add(neutral, "labels")
            self.neutrals[figure.kind] = neutral
        standing = {(f.x, f.y, f.place) for f in self.game.figures_on_board()}
        for x, y, place in m.elsewhere:  # (a figure standing there: ringed over it, so it still shows)
            o = self.game.tile_at(x, y)
            if o is not None and place in o.spots:
                lit = (x, y, place) in standing
                self._add((RingMark if lit else SpotMark)(x, y, o, place, m.colour), "labels" if lit else "highlights")

    def _add_ghost(self, m: BoardMarks) -> None:
        """A move shown but not made (a hint, a replay's next move), with its figure."""
        g = m.ghost
        if g is None:
            return
        o = self.orientation(g.placement)
        self._add(GhostTile(g.x, g.y, o, self.assets), "highlights")
        if g.figure is not None and not g.figure.action:  # (an action puts no figure on a new place)
            self._add(GhostFollower(g.x, g.y, o, g.figure.place, m.ghost_colour or m.colour, self.assets,
                                    kind=g.figure.kind), "labels")

    def _add_pending(self, m: BoardMarks) -> None:
        """The tile laid but not confirmed, its figure and the places lit on it."""
        self.pending_follower = None
        p = m.pending
        if p is None:
            return
        o = self.orientation(p)
        tile = BoardTile(p.x, p.y, o, self.assets)
        tile.pending = True
        self._add(tile, "board")
        self._add(CellMark(p.x, p.y, PENDING, frame=4), "marks")
        if m.focus:
            self._add(FocusRing(p.x, p.y, o, None), "labels")
            if m.pending_figure is not None and not m.pending_figure.action:
                self._add(FocusRing(p.x, p.y, o, m.pending_figure.place), "labels")
        step = m.pending_figure
        there = self.game.tile_at(*step.at) if step is not None and step.at is not None else o
        neutral = step is not None and step.kind in self.game.kinds and self.game.kinds[step.kind].neutral
        if step is not None and not step.action and there is not None and not neutral:  # (a neutral one: drawn moved)
            x, y = step.at or (p.x, p.y)
            self.pending_follower = BoardFollower(x, y, there, step.place, m.colour, self.assets, kind=step.kind)
            self._add(self.pending_follower, "meeples")
        for spot in m.spots:
            mark = SpotMark(p.x, p.y, o, spot, m.colour)
            mark.hover = spot == m.hover_spot
            self._add(mark, "highlights")

    def orientation(self, p: Placement) -> Orientation:
        return self.game.tiles[p.tile].orientations[p.rotation // 90]

    # ------------------------------------------------------------- frames
    def update(self, dt: float) -> None:
        """Move the camera on (glides) and keep the sprites under it."""
        self.camera.update(dt)
        self.sync()

    def sync(self) -> None:
        new_frame()
        for s in self.sprites.sprites():
            s.sync(self.camera)

    def draw(self, surface: pygame.Surface) -> None:
        """The grid, the tiles, the marks and the followers, clipped to the board area."""
        surface.set_clip(self.area)
        draw_grid(surface, self.camera, self.area, self.game.bounds)
        self.sprites.draw(surface)
        surface.set_clip(None)

    # -------------------------------------------------------- hit-testing
    def spot_near(self, placement: Placement, spots: Iterable[str], pos: tuple[int, int]) -> str | None:
        """Of ``spots`` on the tile ``placement``, the one under ``pos``: the segment the
        mask has there, else the one whose follower stands nearest (within 0.3 tile)."""
        o = self.orientation(placement)
        spots = list(spots)
        px = self.camera.tile_px
        sx, sy = self.camera.to_screen(placement.x, placement.y)
        try:
            under = tile_masks.spot_at(o.kind.id, o.rotation, px, (int(pos[0] - sx), int(pos[1] - sy)))
        except (KeyError, ValueError, FileNotFoundError, SegmentDataError):
            under = None
        index = None if under is None else place_index(o, under)
        if index is not None:
            for spot in spots:
                if place_index(o, spot) == index:
                    return spot
        best, best_d = None, px * 0.3
        for spot in spots:
            ax, ay = spot_anchor(o, spot)
            dist = math.dist(self.camera.to_screen(placement.x + ax, placement.y + ay), pos)
            if dist < best_d:
                best, best_d = spot, dist
        return best

    def figure_under(self, pos: tuple[int, int], player: int) -> str | None:
        """The kind of ``player``'s figure (other than a follower) standing on the board under
        ``pos``, if any (an action may take it home: a drag onto the panel)."""
        if not self.area.collidepoint(pos):
            return None
        for (owner, kind), sprite in self.others.items():
            if owner == player and sprite.rect.inflate(6, 6).collidepoint(pos):
                return kind
        return None

    def neutral_under(self, pos: tuple[int, int]) -> str | None:
        """The kind of the neutral figure under ``pos``, if any."""
        if not self.area.collidepoint(pos):
            return None
        return next((kind for kind, sprite in self.neutrals.items() if sprite.rect.collidepoint(pos)), None)

    def on_pending_follower(self, pos: tuple[int, int]) -> bool:
        f = self.pending_follower
        return f is not None and f.rect.inflate(6, 6).collidepoint(pos)

    def dead_spots(self) -> list[Cell]:
        """The squares marked dead now."""
        return list(self.marks.dead)


class Dim(BoardSprite):
    """A dark veil over the whole board area, under the highlights."""

    def __init__(self) -> None:
        super().__init__()
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()

    def sync(self, camera: Camera) -> None:
        x, y, w, h = camera.view
        if self.image.get_size() != (w, h):
            self.image = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            self.image.fill((10, 12, 8, 120))
        self.rect = pygame.Rect(x, y, w, h)


def draw_grid(surface: pygame.Surface, camera: Camera, board: pygame.Rect,
              table: tuple[int, int, int, int] | None = None) -> None:
    """A faint grid around the board so empty squares read as places; with the ``table``
    house rule (its squares as min x, max x, min y, max y) the floor beyond it is darker
    and its edge drawn."""
    if table is not None:
        draw_table_edge(surface, camera, board, table)
    px = camera.tile_px
    if px < 30:
        return
    x0, y0, x1, y1 = camera.visible_cells()
    for x in range(x0, x1 + 2):
        sx, _ = camera.to_screen(x, 0)
        pygame.draw.line(surface, GRID_RGB, (sx, board.top), (sx, board.bottom))
    for y in range(y0, y1 + 2):
        _, sy = camera.to_screen(0, y)
        pygame.draw.line(surface, GRID_RGB, (board.left, sy), (board.right, sy))


def draw_table_edge(surface: pygame.Surface, camera: Camera, board: pygame.Rect,
                    table: tuple[int, int, int, int]) -> None:
    """Shade everything beyond the table and outline its edge, where no tile may go."""
    x0, y0 = camera.to_screen(table[0], table[2])
    x1, y1 = camera.to_screen(table[1] + 1, table[3] + 1)
    inside = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    for rect in (pygame.Rect(board.left, board.top, board.w, inside.top - board.top),
                 pygame.Rect(board.left, inside.bottom, board.w, board.bottom - inside.bottom),
                 pygame.Rect(board.left, inside.top, inside.left - board.left, inside.h),
                 pygame.Rect(inside.right, inside.top, board.right - inside.right, inside.h)):
        clipped = rect.clip(board)
        if clipped.w > 0 and clipped.h > 0:
            surface.fill(TABLE_FLOOR_RGB, clipped)
    pygame.draw.rect(surface, TABLE_EDGE_RGB, inside.inflate(4, 4), max(2, camera.tile_px // 24))
