"""Draw the followers (meeples) and the score-lap tokens.

    .venv/bin/python build_scripts/draw_pieces.py

Writes, with transparent backgrounds:
  resources/pieces/meeple-<colour>.png        standing, 96 × 96 (figure ~92 px tall)
  resources/pieces/meeple-<colour>-lying.png  lying on its side (a farmer), 96 × 96
  resources/pieces/abbot-<colour>.png         the abbot (The Abbot): a monk in a pointed hood and a
                                              long robe with a rope belt, no legs, 96 × 96
  resources/ui/lap-50.png, resources/ui/lap-100.png   tokens for laps of the score track

Each colour also carries its own white mark on the chest, so players who cannot
tell the colours apart can tell the followers apart (see MARKS).
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


def meeple(colour: str, lying: bool = False, size: int = SIZE, abbot: bool = False) -> Image.Image:
    px = size * SS
    base = np.float32(COLOURS[colour])
    fig = 0.95  # the figure's share of the canvas
    inner = int(px * fig)
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
    dark = tuple(int(c * 0.35) for c in COLOURS[colour]) if colour != "black" else (10, 10, 14)
    if abbot:  # the face in the shadow of the hood, and a pale rope belt
        fx, fy, fr = px / 2, off + inner * 0.19, inner * 0.075
        d.ellipse((fx - fr, fy - fr * 1.1, fx + fr, fy + fr * 1.1), fill=dark)
        d.ellipse((fx - fr * 0.62, fy - fr * 0.5, fx + fr * 0.62, fy + fr * 0.85), fill=(224, 184, 150))
        by = off + inner * 0.6
        d.line((off + inner * 0.2, by, off + inner * 0.8, by), fill=(70, 52, 30), width=int(inner * 0.05))
        d.line((off + inner * 0.2, by, off + inner * 0.8, by), fill=(236, 222, 186), width=int(inner * 0.03))
        d.line((px / 2 + inner * 0.08, by, px / 2 + inner * 0.12, by + inner * 0.2), fill=(236, 222, 186),
               width=int(inner * 0.03))
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
    for colour in COLOURS:
        for lying in (False, True):
            name = f"meeple-{colour}{'-lying' if lying else ''}.png"
            A.save_png(meeple(colour, lying), A.RESOURCES / "pieces" / name)
        A.save_png(meeple(colour, abbot=True), A.RESOURCES / "pieces" / f"abbot-{colour}.png")
    for value in (50, 100):
        A.save_png(lap_token(value), A.RESOURCES / "ui" / f"lap-{value}.png")
    print("wrote resources/pieces/meeple-*.png, abbot-*.png and resources/ui/lap-*.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
