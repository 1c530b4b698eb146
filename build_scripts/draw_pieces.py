"""Draw the followers (meeples) and the score-lap tokens.

    .venv/bin/python build_scripts/draw_pieces.py

Writes, with transparent backgrounds:
  resources/pieces/meeple-<colour>.png        standing, 96 × 96 (figure ~92 px tall)
  resources/pieces/meeple-<colour>-lying.png  lying on its side (a farmer), 96 × 96
  resources/pieces/abbot-<colour>.png         the abbot (The Abbot): a monk in a pointed hood and a
                                              long robe with a rope belt, no legs, 96 × 96
  resources/pieces/builder-<colour>.png       the builder (Traders & Builders): a workman in a brimmed
                                              hat, a hammer raised over his head, 96 × 96
  resources/pieces/pig-<colour>.png           the pig (Traders & Builders): side on, four legs, a snout
                                              and a curly tail, 96 × 96
  resources/pieces/dragon.png                 the dragon (The Princess & the Dragon), nobody's: the
                                              dragon of the dragon tiles, 96 × 96
  resources/pieces/fairy.png                  the fairy (The Princess & the Dragon), nobody's: a winged
                                              lady with a starred wand, 96 × 96
  resources/ui/lap-50.png, resources/ui/lap-100.png   tokens for laps of the score track
  resources/pieces/colour-vision/<figure>-<colour>.png   the same players' figures in the colours
                                              of the colour-vision set (SETS), chosen in Settings

The colour-vision set keeps every colour's name and mark but picks hues that stay apart under
deuteranopia, protanopia and tritanopia (``build_scripts/colour_vision.py`` measures them: at
least 15 apart in CAM02-UCS for every pair, as drawn): red is a brighter scarlet, blue a deep
ultramarine, green a light mint, yellow a lemon, pink a lilac.

Each colour also carries its own white mark on the chest (the pig: on its flank), so
players who cannot tell the colours apart can tell the figures apart (see MARKS). The
builder and the pig are told from the followers by their outline, not only their size: the
builder's hat brim and raised hammer break the meeple's symmetric outline, the pig stands on
four legs and is wider than tall. The dragon and the fairy are in colours no player has.
Build-time dependencies: numpy, Pillow.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

try:
    from . import artlib as A  # type: ignore
except ImportError:
    import artlib as A  # type: ignore

SIZE = 96
SS = 4  # supersampling
COLOURS = {
    "red": (206, 40, 36),
    "blue": (38, 92, 206),
    "green": (34, 150, 62),
    "yellow": (246, 200, 32),
    "black": (44, 44, 50),
    "pink": (240, 120, 182),
}
#: The sets of players' colours: the default one above, and one for colour vision deficiencies
#: (each colour's name kept; the hues measured by ``build_scripts/colour_vision.py``).
SETS = {
    "": COLOURS,
    "colour-vision": {
        "red": (215, 25, 14),
        "blue": (26, 3, 240),
        "green": (49, 204, 152),
        "yellow": (250, 252, 59),
        "black": (44, 44, 50),
        "pink": (185, 145, 224),
    },
}
#: The mark on each colour's chest, for colour-blind players.
MARKS = {
    "red": "circle",
    "blue": "triangle",
    "green": "square",
    "yellow": "cross",
    "black": "star",
    "pink": "diamond",
}

# the classic meeple outline, in units of the figure's height (x, y)
BODY = [(0.5, 0.22), (0.63, 0.29), (0.92, 0.37), (0.985, 0.45), (0.93, 0.53), (0.67, 0.53),
        (0.75, 0.78), (0.96, 0.965), (0.6, 0.985), (0.5, 0.8), (0.4, 0.985), (0.04, 0.965),
        (0.25, 0.78), (0.33, 0.53), (0.07, 0.53), (0.015, 0.45), (0.08, 0.37), (0.37, 0.29)]
HEAD = (0.5, 0.165, 0.155)
#: The abbot: a pointed hood, sleeves and a robe down to the ground, so that no zoom can take
#: it for a follower (whose round head and parted legs it lacks).
ABBOT = [(0.5, 0.0), (0.62, 0.08), (0.69, 0.2), (0.7, 0.28), (0.9, 0.38), (0.97, 0.5), (0.8, 0.55),
         (0.81, 0.76), (0.9, 0.985), (0.1, 0.985), (0.19, 0.76), (0.2, 0.55), (0.03, 0.5),
         (0.1, 0.38), (0.3, 0.28), (0.31, 0.2), (0.38, 0.08)]


#: The builder: a meeple's legs and body, but one arm raised with a hammer and a brimmed hat.
BUILDER = [(0.47, 0.33), (0.6, 0.35), (0.72, 0.27), (0.78, 0.2), (0.86, 0.25), (0.8, 0.36), (0.68, 0.47),
           (0.64, 0.56), (0.72, 0.78), (0.9, 0.965), (0.58, 0.985), (0.47, 0.8), (0.36, 0.985), (0.04, 0.965),
           (0.22, 0.78), (0.3, 0.56), (0.1, 0.6), (0.02, 0.52), (0.1, 0.44), (0.34, 0.35)]
BUILDER_HEAD = (0.46, 0.22, 0.13)
#: The pig, side on and facing left: its body, head and legs (a polygon) and its snout.
PIG = [(0.12, 0.38), (0.2, 0.3), (0.26, 0.2), (0.31, 0.31), (0.44, 0.3), (0.72, 0.3), (0.86, 0.36), (0.92, 0.48),
       (0.9, 0.6), (0.84, 0.66), (0.84, 0.8), (0.72, 0.8), (0.72, 0.7), (0.64, 0.71), (0.64, 0.8), (0.54, 0.8),
       (0.54, 0.72), (0.42, 0.72), (0.42, 0.8), (0.32, 0.8), (0.32, 0.7), (0.26, 0.68), (0.2, 0.64), (0.08, 0.6),
       (0.04, 0.52), (0.05, 0.44)]
PIG_SNOUT = (0.05, 0.5, 0.065)


def builder_shape(px: int) -> Image.Image:
    """The builder's outline: body, raised arm, head, a brimmed hat and the hammer."""
    m = Image.new("L", (px, px), 0)
    d = ImageDraw.Draw(m)
    d.polygon([(x * px, y * px) for x, y in BUILDER], fill=255)
    cx, cy, r = BUILDER_HEAD
    d.ellipse(((cx - r) * px, (cy - r) * px, (cx + r) * px, (cy + r) * px), fill=255)
    d.ellipse((0.25 * px, 0.1 * px, 0.67 * px, 0.17 * px), fill=255)  # the brim
    d.rounded_rectangle((0.34 * px, 0.02 * px, 0.58 * px, 0.14 * px), radius=0.04 * px, fill=255)
    # the hammer in the raised hand: a handle up and a head across it
    A.stroke(d, [(0.82 * px, 0.25 * px), (0.84 * px, 0.03 * px)], 0.05 * px, 255)
    d.polygon([(0.71 * px, 0.0 * px), (0.97 * px, 0.02 * px), (0.96 * px, 0.12 * px), (0.7 * px, 0.1 * px)],
              fill=255)
    return m


def pig_shape(px: int) -> Image.Image:
    """The pig's outline: body, legs, ear, snout and a curly tail."""
    m = Image.new("L", (px, px), 0)
    d = ImageDraw.Draw(m)
    d.polygon([(x * px, y * px) for x, y in PIG], fill=255)
    cx, cy, r = PIG_SNOUT
    d.ellipse(((cx - r * 0.7) * px, (cy - r) * px, (cx + r * 0.7) * px, (cy + r) * px), fill=255)
    tail = [(0.9 + 0.045 * math.cos(a), 0.4 + 0.045 * math.sin(a)) for a in np.linspace(2.6, -3.2, 14)]
    A.stroke(d, [(0.88 * px, 0.44 * px)] + [(x * px, y * px) for x, y in tail], 0.03 * px, 255)
    return m


def silhouette(px: int, body: list[tuple[float, float]] = BODY,
               head: tuple[float, float, float] | None = HEAD) -> np.ndarray:
    """The meeple's shape (or another figure's), rounded, as a float mask of px × px."""
    m = Image.new("L", (px, px), 0)
    d = ImageDraw.Draw(m)
    d.polygon([(x * px, y * px) for x, y in body], fill=255)
    if head is not None:
        cx, cy, r = head
        d.ellipse(((cx - r) * px, (cy - r) * px, (cx + r) * px, (cy + r) * px), fill=255)
    m = m.filter(ImageFilter.GaussianBlur(px * 0.018))
    arr = np.asarray(m, np.float32) / 255
    return np.clip((arr - 0.5) * 6 + 0.5, 0, 1)


def mark_shape(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill, outline, width):
    if kind == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        return
    if kind == "triangle":
        pts = [(cx + r * 1.15 * math.cos(a), cy + r * 0.2 + r * 1.15 * math.sin(a))
               for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    elif kind == "square":
        r2 = r * 0.85
        pts = [(cx - r2, cy - r2), (cx + r2, cy - r2), (cx + r2, cy + r2), (cx - r2, cy + r2)]
    elif kind == "diamond":
        pts = [(cx, cy - r * 1.15), (cx + r * 0.85, cy), (cx, cy + r * 1.15), (cx - r * 0.85, cy)]
    elif kind == "cross":
        t = r * 0.36
        pts = [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
               (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
               (cx - r, cy - t), (cx - t, cy - t)]
    elif kind == "star":
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r * 1.15 if k % 2 == 0 else r * 0.48
            pts.append((cx + rr * math.cos(a), cy + r * 0.08 + rr * math.sin(a)))
    else:
        raise ValueError(kind)
    d.polygon(pts, fill=fill, outline=outline, width=width)


def shape_mask(shape: Image.Image) -> np.ndarray:
    """A drawn outline, rounded like the meeple's (see :func:`silhouette`)."""
    m = shape.filter(ImageFilter.GaussianBlur(shape.width * 0.018))
    arr = np.asarray(m, np.float32) / 255
    return np.clip((arr - 0.5) * 6 + 0.5, 0, 1)


def meeple(colour: str, lying: bool = False, size: int = SIZE, abbot: bool = False,
           figure: str = "meeple", palette: dict[str, tuple[int, int, int]] = COLOURS) -> Image.Image:
    """A player's figure in wood: the follower (standing, or ``lying`` as a farmer), the
    ``abbot``, or the ``figure`` ``builder`` or ``pig`` (Traders & Builders), in ``colour`` of
    ``palette`` (a set of :data:`SETS`)."""
    px = size * SS
    base = np.float32(palette[colour])
    fig = 0.95  # the figure's share of the canvas
    inner = int(px * fig)
    if figure == "builder":
        m_small = shape_mask(builder_shape(inner))
    elif figure == "pig":
        m_small = shape_mask(pig_shape(inner))
    else:
        m_small = silhouette(inner, ABBOT, None) if abbot else silhouette(inner)
    m = np.zeros((px, px), np.float32)
    off = (px - inner) // 2
    m[off:off + inner, off:off + inner] = m_small
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32) / px
    # wood: lit from the upper left, a bevel round the edge, faint grain
    light = 1.12 - 0.38 * ((xx - 0.25) ** 2 + (yy - 0.2) ** 2) ** 0.5
    bevel_in = np.clip(A.blur(m, px * 0.02) , 0, 1)
    rim = np.clip(m - bevel_in, 0, 1)
    hl = np.clip(m - A.shift(m, int(px * 0.02), int(px * 0.02)), 0, 1)  # upper-left edge
    grain = A.fbm(px, np.random.default_rng(A.seed_of("grain", colour)), octaves=((3, 0.5), (40, 0.5)))
    rgb = base[None, None, :] * (light[..., None] * (0.94 + 0.08 * grain[..., None]))
    if colour == "black":
        rgb = rgb + 18
    rgb = A.shade(rgb, rim * 0.9)
    rgb = A.mix(rgb, (255, 255, 255), A.blur(hl, px * 0.006) * 0.45)
    img = np.dstack([rgb, m * 255])
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGBA")
    # the colour-blind mark on the chest
    d = ImageDraw.Draw(im)
    cx, cy = px / 2, off + inner * (0.44 if abbot else 0.64)
    r = inner * (0.09 if abbot else 0.105)
    if figure == "builder":
        cx, cy, r = off + inner * 0.47, off + inner * 0.5, inner * 0.09
    elif figure == "pig":
        cx, cy, r = off + inner * 0.56, off + inner * 0.52, inner * 0.09
    dark = tuple(int(c * 0.35) for c in palette[colour]) if colour != "black" else (10, 10, 14)
    if abbot:  # the face in the shadow of the hood, and a pale rope belt
        fx, fy, fr = px / 2, off + inner * 0.19, inner * 0.075
        d.ellipse((fx - fr, fy - fr * 1.1, fx + fr, fy + fr * 1.1), fill=dark)
        d.ellipse((fx - fr * 0.62, fy - fr * 0.5, fx + fr * 0.62, fy + fr * 0.85), fill=(224, 184, 150))
        by = off + inner * 0.6
        d.line((off + inner * 0.2, by, off + inner * 0.8, by), fill=(70, 52, 30), width=int(inner * 0.05))
        d.line((off + inner * 0.2, by, off + inner * 0.8, by), fill=(236, 222, 186), width=int(inner * 0.03))
        d.line((px / 2 + inner * 0.08, by, px / 2 + inner * 0.12, by + inner * 0.2), fill=(236, 222, 186),
               width=int(inner * 0.03))
    if figure == "builder":  # a face under the brim, the hat's band and the hammer's iron head
        fx, fy, fr = off + inner * 0.46, off + inner * 0.24, inner * 0.075
        d.ellipse((fx - fr, fy - fr, fx + fr, fy + fr), fill=(224, 184, 150))
        d.line((off + inner * 0.34, off + inner * 0.125, off + inner * 0.58, off + inner * 0.125), fill=dark,
               width=int(inner * 0.03))
        d.polygon([(off + inner * 0.72, off + inner * 0.015), (off + inner * 0.955, off + inner * 0.033),
                   (off + inner * 0.945, off + inner * 0.105), (off + inner * 0.71, off + inner * 0.087)],
                  fill=(120, 124, 132))
        d.line((off + inner * 0.74, off + inner * 0.03, off + inner * 0.93, off + inner * 0.045),
               fill=(196, 200, 206), width=int(inner * 0.015))
    elif figure == "pig":  # an eye, nostrils and the ear's inside
        ex, ey = off + inner * 0.17, off + inner * 0.42
        d.ellipse((ex - inner * 0.022, ey - inner * 0.022, ex + inner * 0.022, ey + inner * 0.022), fill=dark)
        for ny in (0.475, 0.525):
            nx_, ny_ = off + inner * 0.045, off + inner * ny
            d.ellipse((nx_ - inner * 0.012, ny_ - inner * 0.016, nx_ + inner * 0.012, ny_ + inner * 0.016), fill=dark)
        d.polygon([(off + inner * 0.22, off + inner * 0.3), (off + inner * 0.26, off + inner * 0.24),
                   (off + inner * 0.28, off + inner * 0.31)], fill=dark)
    mark_shape(d, MARKS[colour], cx, cy, r + px * 0.012, fill=dark, outline=None, width=0)
    mark_shape(d, MARKS[colour], cx, cy, r, fill=(252, 250, 244), outline=None, width=0)
    # a dark outline so the piece reads on any tile
    edge = np.asarray(im.split()[3], np.float32) / 255
    grown = np.clip(A.blur(edge, px * 0.012) * 4, 0, 1)
    ring = np.clip(grown - edge, 0, 1)
    out_col = (34, 26, 20) if colour != "black" else (150, 150, 160)
    arr = np.asarray(im, np.float32)
    rgb = arr[..., :3] * edge[..., None] + np.float32(out_col) * ring[..., None] * (1 - edge[..., None])
    alpha = np.clip(edge + ring, 0, 1)
    rgb = np.where(alpha[..., None] > 0, rgb / np.maximum(alpha[..., None], 1e-3), 0)
    im = Image.fromarray(np.dstack([np.clip(rgb, 0, 255), alpha * 255]).astype(np.uint8), "RGBA")
    if lying:
        im = im.rotate(90, resample=Image.BICUBIC)
    # a soft contact shadow beneath
    a = np.asarray(im.split()[3], np.float32) / 255
    sh = A.shift(A.blur(a, px * 0.02), int(px * 0.03), int(px * 0.04)) * 0.35
    arr = np.asarray(im, np.float32)
    alpha = a + sh * (1 - a)
    rgb = arr[..., :3] * (a / np.maximum(alpha, 1e-4))[..., None]
    im = Image.fromarray(np.dstack([np.clip(rgb, 0, 255), alpha * 255]).astype(np.uint8), "RGBA")
    return im.resize((size, size), Image.LANCZOS)


def finished(im: Image.Image, outline=(34, 26, 20)) -> Image.Image:
    """A figure drawn on a clear sheet, given the meeples' dark rim and soft contact shadow."""
    px = im.width
    edge = np.asarray(im.split()[3], np.float32) / 255
    grown = np.clip(A.blur(edge, px * 0.012) * 4, 0, 1)
    ring = np.clip(grown - edge, 0, 1)
    arr = np.asarray(im, np.float32)
    rgb = arr[..., :3] * edge[..., None] + np.float32(outline) * ring[..., None] * (1 - edge[..., None])
    alpha = np.clip(edge + ring, 0, 1)
    rgb = np.where(alpha[..., None] > 0, rgb / np.maximum(alpha[..., None], 1e-3), 0)
    a = alpha
    sh = A.shift(A.blur(a, px * 0.02), int(px * 0.03), int(px * 0.04)) * 0.35
    out_a = a + sh * (1 - a)
    rgb = rgb * (a / np.maximum(out_a, 1e-4))[..., None]
    return Image.fromarray(np.dstack([np.clip(rgb, 0, 255), out_a * 255]).astype(np.uint8), "RGBA")


def dragon(size: int = SIZE) -> Image.Image:
    """The dragon: the dragon tiles' own dragon (``artlib.draw_dragon``), standing on the board."""
    px = size * SS
    im = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    A.draw_dragon(ImageDraw.Draw(im), px * 0.515, px * 0.56, px * 0.47)
    return finished(im).resize((size, size), Image.LANCZOS)


FAIRY_DRESS, FAIRY_DARK, FAIRY_WING = (236, 242, 252), (150, 170, 206), (164, 226, 244)


def fairy(size: int = SIZE) -> Image.Image:
    """The fairy: a small lady in a pale gown with two pairs of wings and a wand with a star."""
    px = size * SS
    im = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    o = A.OUTLINE
    k = int(px * 0.012)

    def P(x, y):
        return (x * px, y * px)

    # wings behind: an upper and a lower pair on each side, mirrored
    for sx in (-1, 1):
        for wx, wy, rx, ry, tilt in ((0.24, 0.3, 0.2, 0.12, -0.5), (0.18, 0.52, 0.13, 0.09, 0.5)):
            pts = []
            for a in np.linspace(0, 2 * math.pi, 40):
                x, y = rx * math.cos(a), ry * math.sin(a)
                x, y = x * math.cos(tilt) - y * math.sin(tilt), x * math.sin(tilt) + y * math.cos(tilt)
                pts.append(P(0.5 + sx * (wx + x), wy + y))
            d.polygon(pts, fill=FAIRY_WING, outline=o, width=k)
            cx, cy = 0.5 + sx * wx, wy
            d.line([P(0.5, wy + 0.02), P(cx, cy)], fill=(110, 180, 210), width=k)
            d.ellipse(P(cx - rx * 0.35, cy - ry * 0.35) + P(cx + rx * 0.1, cy + ry * 0.1), fill=(226, 248, 255))
    # the gown, a bell to the ground
    gown = [P(0.44, 0.36), P(0.56, 0.36), P(0.58, 0.5)]
    for t in np.linspace(0, 1, 8):
        gown.append(P(0.58 + 0.16 * t ** 1.3, 0.5 + 0.44 * t))
    for t in np.linspace(1, -1, 9):
        gown.append(P(0.5 + 0.34 * t / 2 + 0.0, 0.94 + 0.03 * (1 - t * t)))
    for t in np.linspace(1, 0, 8):
        gown.append(P(0.42 - 0.16 * t ** 1.3, 0.5 + 0.44 * t))
    gown.append(P(0.42, 0.5))
    d.polygon(gown, fill=FAIRY_DRESS, outline=o, width=k)
    d.polygon([P(0.47, 0.5), P(0.53, 0.5), P(0.6, 0.93), P(0.4, 0.93)], fill=(214, 224, 246))
    d.line([P(0.42, 0.5), P(0.58, 0.5)], fill=(250, 206, 60), width=k * 2)
    # arms: one on the hip, one raising the wand
    A.stroke(d, [P(0.44, 0.39), P(0.34, 0.48), P(0.42, 0.52)], 0.045 * px + 2 * k, o)
    A.stroke(d, [P(0.44, 0.39), P(0.34, 0.48), P(0.42, 0.52)], 0.045 * px, FAIRY_DRESS)
    A.stroke(d, [P(0.56, 0.39), P(0.68, 0.3), P(0.74, 0.2)], 0.045 * px + 2 * k, o)
    A.stroke(d, [P(0.56, 0.39), P(0.68, 0.3), P(0.74, 0.2)], 0.045 * px, FAIRY_DRESS)
    d.line([P(0.74, 0.22), P(0.84, 0.07)], fill=o, width=k * 3)
    d.line([P(0.74, 0.22), P(0.84, 0.07)], fill=(250, 206, 60), width=k)
    star = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = 0.085 if i % 2 == 0 else 0.036
        star.append(P(0.85 + rr * math.cos(a), 0.07 + rr * math.sin(a)))
    d.polygon(star, fill=(252, 214, 60), outline=o, width=k)
    # head and silver hair
    d.ellipse(P(0.4, 0.14) + P(0.6, 0.36), fill=(226, 230, 238), outline=o, width=k)
    d.ellipse(P(0.43, 0.2) + P(0.57, 0.34), fill=(246, 214, 186))
    d.chord(P(0.42, 0.16) + P(0.58, 0.3), 180, 360, fill=(226, 230, 238))
    for ex in (0.475, 0.525):
        d.ellipse(P(ex - 0.008, 0.265) + P(ex + 0.008, 0.281), fill=o)
    # sparkles round her
    for x, y, r in ((0.18, 0.16, 0.03), (0.86, 0.55, 0.025), (0.14, 0.72, 0.022)):
        d.polygon([P(x, y - r), P(x + r * 0.3, y - r * 0.3), P(x + r, y), P(x + r * 0.3, y + r * 0.3), P(x, y + r),
                   P(x - r * 0.3, y + r * 0.3), P(x - r, y), P(x - r * 0.3, y - r * 0.3)], fill=(252, 236, 140))
    return finished(im, outline=(40, 44, 70)).resize((size, size), Image.LANCZOS)


def lap_token(value: int, size: int = 64) -> Image.Image:
    px = size * SS
    im = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    pad = px * 0.04
    d.ellipse((pad + px * 0.03, pad + px * 0.05, px - pad + px * 0.03, px - pad + px * 0.05), fill=(0, 0, 0, 90))
    d.ellipse((pad, pad, px - pad, px - pad), fill=(120, 84, 40), outline=(60, 40, 20), width=int(px * 0.03))
    r2 = px * 0.12
    d.ellipse((r2, r2, px - r2, px - r2), fill=(236, 214, 160) if value == 50 else (232, 196, 96),
              outline=(150, 110, 50), width=int(px * 0.02))
    f = ImageFont.truetype(str(A.font_path("Cardob101.ttf")), int(px * (0.42 if value < 100 else 0.34)))
    d.text((px / 2, px / 2 + px * 0.02), str(value), font=f, fill=(70, 40, 16), anchor="mm")
    return im.resize((size, size), Image.LANCZOS)


def main() -> int:
    for set_name, palette in SETS.items():
        folder = A.RESOURCES / "pieces" / set_name if set_name else A.RESOURCES / "pieces"
        for colour in palette:
            for lying in (False, True):
                name = f"meeple-{colour}{'-lying' if lying else ''}.png"
                A.save_png(meeple(colour, lying, palette=palette), folder / name)
            A.save_png(meeple(colour, abbot=True, palette=palette), folder / f"abbot-{colour}.png")
            for figure in ("builder", "pig"):
                A.save_png(meeple(colour, figure=figure, palette=palette), folder / f"{figure}-{colour}.png")
    A.save_png(dragon(), A.RESOURCES / "pieces" / "dragon.png")
    A.save_png(fairy(), A.RESOURCES / "pieces" / "fairy.png")
    for value in (50, 100):
        A.save_png(lap_token(value), A.RESOURCES / "ui" / f"lap-{value}.png")
    print("wrote resources/pieces/meeple-*.png, abbot-*.png, builder-*.png, pig-*.png, dragon.png, fairy.png,"
          " the same in resources/pieces/colour-vision/ and resources/ui/lap-*.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
