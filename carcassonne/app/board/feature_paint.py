"""Features drawn as features: a road, city, cloister or farm tinted and outlined
exactly where the art put it, across all its tiles, from the segment masks.

A :class:`Paint` says what to paint (the feature's segments, in which colours, with
what label); :class:`SegmentTint` is the board sprite of one segment of it, its image
taken from a per-zoom cache (a hover asks for the same images every frame, a zoom
step for a new size once). The functions at the bottom make paints from the engine's
read-only feature view (:meth:`Game.feature_at`, :meth:`Game.features`): the feature a
follower would join, the farms and their leaders, the feature a score event scored.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ...engine import Feature, Game, IllegalMoveError, Orientation, Placement, ScoreEvent
from ..art import tile_masks
from ..art.assets import PLAYER_RGB, Assets
from ..art.picture_cache import PictureCache
from ..art.tile_anchors import SegmentDataError
from ..ui.textcache import render_text
from .camera import Camera
from .sprites import BoardSprite

Seg = tuple[int, int, str]
RGB = tuple[int, int, int]

#: Per kind: the fill and the outline of a highlight. A road is lit pale with a dark
#: line, a field green and faint, so a road and the field beside it never look alike.
STYLE: dict[str, tuple[RGB, int, RGB]] = {
    "road": ((255, 250, 225), 170, (60, 40, 20)),
    "city": ((255, 214, 90), 120, (120, 60, 10)),
    "cloister": ((255, 160, 90), 130, (120, 50, 10)),
    "field": ((215, 255, 150), 140, (20, 70, 10)),
}
#: How much of a farm owner's colour shows over the grass.
OWNER_ALPHA = 120


@dataclass(frozen=True)
class Paint:
    """One feature to paint: its segments, its kind, the colours (several: striped), a label
    drawn at its middle ("" for none) and the strength of the tint."""

    segments: tuple[Seg, ...]
    kind: str
    colours: tuple[RGB, ...] = ()
    label: str = ""
    alpha: int = 0
    outline: bool = True

    def fill(self) -> tuple[tuple[RGB, ...], int]:
        rgb, alpha, _ = STYLE.get(self.kind, STYLE["city"])
        return (self.colours or (rgb,)), (self.alpha or alpha)


def kind_of(spot: str) -> str:
    """The feature kind of a follower place name (``farm:NE`` -> ``field``)."""
    prefix = spot.partition(":")[0]
    return "field" if prefix == "farm" else prefix


# ------------------------------------------------------------------ sprites
#: Tint images kept, least recently used forgotten first: three windows' worth holds every
#: farm on screen at the largest zoom with room for the zoom levels around it.
_cache: PictureCache[tuple[object, ...]] = PictureCache(windows=3)


#: Milliseconds of tint-making a frame may spend; beyond it a tint is scaled from its last
#: size for the frame (like the tiles while they are refined), so a zoom step with every
#: farm painted costs one frame a few milliseconds, not a hitch.
FRAME_BUDGET_MS = 4.0
_spent_ms = 0.0


def new_frame() -> None:
    """Start a frame's budget of tint-making (the board view calls it as it syncs)."""
    global _spent_ms
    _spent_ms = 0.0


def over_budget() -> bool:
    return _spent_ms > FRAME_BUDGET_MS


def cached_tint(o: Orientation, spot: str, px: int, colours: tuple[RGB, ...], alpha: int,
                line: RGB | None) -> pygame.Surface | None:
    return _cache.get((o.kind.id, o.rotation, spot, px, colours, alpha, line))


def tint_image(o: Orientation, spot: str, px: int, colours: tuple[RGB, ...], alpha: int,
               line: RGB | None) -> pygame.Surface:
    """The segment ``spot`` of the tile as it lies, ``px`` wide, filled with ``colours``
    (diagonal stripes if several) and outlined; cached per zoom level."""
    global _spent_ms
    img = cached_tint(o, spot, px, colours, alpha, line)
    if img is not None:
        return img
    key = (o.kind.id, o.rotation, spot, px, colours, alpha, line)
    started = time.perf_counter()
    mask = tile_masks.segment_mask(o.kind.id, o.rotation, spot, px)
    if len(colours) == 1:
        img = mask.to_surface(setcolor=(*colours[0], alpha), unsetcolor=(0, 0, 0, 0))
    else:
        stripes = pygame.Surface((px, px), pygame.SRCALPHA)
        band = max(4, px // 8)
        for i, k in enumerate(range(-px, px, band)):
            c = colours[i % len(colours)]
            pygame.draw.polygon(stripes, (*c, alpha), [(k, px), (k + band, px), (k + band + px, 0), (k + px, 0)])
        img = mask.to_surface(setsurface=stripes, unsetcolor=(0, 0, 0, 0))
    if line is not None:
        img.blit(rim(mask, max(2, px // 36)).to_surface(setcolor=(*line, 235), unsetcolor=(0, 0, 0, 0)), (0, 0))
    _cache.put(key, img)
    _spent_ms += (time.perf_counter() - started) * 1000
    return img


def rim(mask: pygame.Mask, width: int) -> pygame.Mask:
    """The pixels of ``mask`` within ``width`` of its edge (holes and the tile's border
    included): the outline, made with whole-mask operations, fast enough for a zoom step."""
    inner = mask.copy()
    w, h = mask.get_size()
    for _ in range(width):
        eroded = inner.copy()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            outside = pygame.Mask((w, h), fill=True)
            outside.erase(inner, (dx, dy))  # where the neighbour on that side is not set
            eroded.erase(outside, (0, 0))
        inner = eroded
    edge = mask.copy()
    edge.erase(inner, (0, 0))
    return edge


class SegmentTint(BoardSprite):
    """One segment of a painted feature, over its tile."""

    def __init__(self, x: int, y: int, o: Orientation, spot: str, paint: Paint) -> None:
        super().__init__()
        self.x, self.y, self.o, self.spot = x, y, o, spot
        self.colours, self.alpha = paint.fill()
        self.line = STYLE.get(paint.kind, STYLE["city"])[2] if paint.outline else None
        if len(paint.colours) == 1 and paint.outline:
            self.line = tuple(max(0, c - 110) for c in paint.colours[0])  # type: ignore[assignment]
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()
        self._px = -1
        self._rough = False

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px or self._rough:
            self._rough = self._px > 0 and over_budget() and cached_tint(
                self.o, self.spot, px, self.colours, self.alpha, self.line) is None
            if self._rough:  # scaled from the last size for now; made properly in a later frame
                if self.image.get_width() != px:
                    self.image = pygame.transform.scale(self.image, (px, px))
                self._px = px
            else:
                self._make(px)
        sx, sy = camera.to_screen(self.x, self.y)
        self.rect = pygame.Rect(round(sx), round(sy), px, px)

    def _make(self, px: int) -> None:
        try:
            self.image = tint_image(self.o, self.spot, px, self.colours, self.alpha, self.line)
        except (KeyError, ValueError, FileNotFoundError, SegmentDataError):
            self.image = pygame.Surface((px, px), pygame.SRCALPHA)  # no masks: a faint square
            self.image.fill((*self.colours[0], self.alpha // 2))
        self._px = px


class FeatureLabel(BoardSprite):
    """A feature's worth, written at its middle (a farm's points)."""

    def __init__(self, world: tuple[float, float], text: str, colour: RGB, assets: Assets) -> None:
        super().__init__()
        self.world, self.text, self.colour, self.assets = world, text, colour, assets
        self.image = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.rect = self.image.get_rect()
        self._px = -1

    def sync(self, camera: Camera) -> None:
        px = camera.tile_px
        if px != self._px:
            self._px = px
            font = self.assets.fonts.get(max(12, px // 4), "bold")
            text = render_text(font, self.text, (255, 255, 255))
            pad = max(3, px // 24)
            img = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
            pygame.draw.rect(img, (*self.colour, 235), img.get_rect(), border_radius=pad * 2)
            pygame.draw.rect(img, (20, 20, 20, 255), img.get_rect(), max(1, pad // 2), border_radius=pad * 2)
            img.blit(text, text.get_rect(center=img.get_rect().center))
            self.image = img
        sx, sy = camera.to_screen(*self.world)
        self.rect = self.image.get_rect(center=(round(sx), round(sy)))


def label_point(segments: Sequence[Seg], orientation_at: OrientationAt) -> tuple[float, float]:
    """Where a feature's label goes: the follower anchor of its segment nearest the middle of
    all its anchors (so it always lies on the feature itself)."""
    from ..art.spots import spot_anchor
    points = []
    for x, y, spot in segments:
        o = orientation_at(x, y)
        if o is not None:
            ax, ay = spot_anchor(o, spot)
            points.append((x + ax, y + ay))
    if not points:
        return (0.5, 0.5)
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return min(points, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)


class OrientationAt:
    """The tile lying at a square: the game's, or the pending one."""

    def __init__(self, game: Game, pending: tuple[int, int, Orientation] | None = None) -> None:
        self.game, self.pending = game, pending

    def __call__(self, x: int, y: int) -> Orientation | None:
        if self.pending is not None and (x, y) == self.pending[:2]:
            return self.pending[2]
        return self.game.tile_at(x, y)


def sprites_for(paint: Paint, orientation_at: OrientationAt, assets: Assets) -> list[BoardSprite]:
    """The sprites of one painted feature: a tint per segment, and its label."""
    out: list[BoardSprite] = []
    for x, y, spot in paint.segments:
        o = orientation_at(x, y)
        if o is not None and spot in o.spots:
            out.append(SegmentTint(x, y, o, spot, paint))
    if paint.label:
        colour = paint.colours[0] if len(paint.colours) == 1 else (70, 70, 70)
        out.append(FeatureLabel(label_point(paint.segments, orientation_at), paint.label, colour, assets))
    return out


# ------------------------------------------------------------ what to paint
class Preview:
    """The feature a follower on a place of the pending tile would join, as segments.

    The tile is not on the board until the turn is confirmed, so the feature is read from
    a copy of the game with the tile laid; answers are kept until the board changes."""

    def __init__(self) -> None:
        self._cache: dict[tuple[object, ...], Paint] = {}

    def paint(self, game: Game, pending: Placement | None, spot: str | None) -> tuple[Paint, ...]:
        if pending is None or not spot:
            return ()
        key = (id(game), game.turn_number, pending, spot)
        found = self._cache.get(key)
        if found is None:
            trial = game.copy()
            try:
                trial.push(pending.with_follower(None))
                segments = trial.feature_at(pending.x, pending.y, spot).segments
            except (KeyError, IndexError, IllegalMoveError):
                segments = ((pending.x, pending.y, spot),)
            if len(self._cache) > 32:
                self._cache.clear()
            found = self._cache[key] = Paint(tuple(segments), kind_of(spot))
        return (found,)


def farm_owner_paints(game: Game, colours: Sequence[str]) -> tuple[Paint, ...]:
    """Every farm with farmers, in its leading player's colour (a shared lead striped), labelled
    with its leaders' names and what it is worth now (:attr:`Feature.points`): the colour is
    never the only way to tell whose it is."""
    out = []
    for f in game.features("field", occupied=True):
        rgbs = tuple(PLAYER_RGB.get(colours[p], (200, 200, 200)) for p in f.leaders)
        names = ", ".join(game.names[p] for p in f.leaders)
        out.append(Paint(f.segments, "field", rgbs, f"{names} {f.points}" if names else str(f.points), OWNER_ALPHA))
    return tuple(out)


def event_kind(ev: ScoreEvent) -> str:
    return "field" if ev.feature in ("farm", "field") else ev.feature


def feature_of_event(game: Game, ev: ScoreEvent) -> Feature | None:
    """The feature a score event scored, found on the board as it is (for its segments):
    the one of the event's kind on exactly its tiles, its leaders the event's players."""
    kind = event_kind(ev)
    tiles = set(ev.tiles)
    best = None
    for f in game.features(kind):
        if set(f.tiles) != tiles:
            continue
        if tuple(f.leaders) == tuple(ev.players):
            return f
        best = best or f
    return best


def event_paint(game: Game, ev: ScoreEvent, colours: Sequence[str]) -> Paint:
    """A score event's feature lit in its scorer's colour (its points rise beside it as an
    animation); every segment of its kind on its tiles if the feature cannot be found."""
    f = feature_of_event(game, ev)
    rgb = tuple(PLAYER_RGB.get(colours[p], (200, 200, 200)) for p in ev.players) or ((255, 220, 120),)
    label = ""
    if f is not None:
        return Paint(f.segments, event_kind(ev), rgb, label, 150)
    segs: list[Seg] = []
    for x, y in ev.tiles:
        o = game.tile_at(x, y)
        if o is not None:
            segs += [(x, y, s.spot) for s in o.segments if kind_of(s.spot) == event_kind(ev)]
    return Paint(tuple(segs), event_kind(ev), rgb, label, 150)
