"""Small drawing helpers shared by the artwork scripts (build time only: numpy + Pillow).

Everything is deterministic: randomness comes from seeded generators only, so
running a script twice writes byte-identical PNGs.
"""

from __future__ import annotations

import math
import sys
import zlib
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RESOURCES = ROOT / "resources"


def seed_of(*parts: object) -> int:
    """A stable seed from any labels (Python's hash() is salted per process)."""
    return zlib.crc32("/".join(map(str, parts)).encode())


# --------------------------------------------------------------------------- noise

def value_noise(size: int, cells: int, rng: np.random.Generator) -> np.ndarray:
    """Smooth noise in [0, 1]: a random grid of ``cells``² values, bicubically upscaled."""
    grid = rng.random((cells + 1, cells + 1)).astype(np.float32)
    img = Image.fromarray((grid * 255).astype(np.uint8), "L")
    big = img.resize((size + size // cells, size + size // cells), Image.BICUBIC)
    arr = np.asarray(big, dtype=np.float32)[:size, :size] / 255.0
    return arr


def fbm(size: int, rng: np.random.Generator, octaves=((4, 0.5), (9, 0.3), (24, 0.15), (64, 0.05))) -> np.ndarray:
    """Fractal noise in roughly [0, 1]."""
    out = np.zeros((size, size), np.float32)
    total = 0.0
    for cells, weight in octaves:
        out += value_noise(size, cells, rng) * weight
        total += weight
    out /= total
    # stretch to use the range
    lo, hi = np.percentile(out, 1), np.percentile(out, 99)
    return np.clip((out - lo) / max(hi - lo, 1e-6), 0, 1)


# --------------------------------------------------------------------------- masks

def new_mask(size: int) -> Image.Image:
    return Image.new("L", (size, size), 0)


def to_arr(mask: Image.Image) -> np.ndarray:
    return np.asarray(mask, dtype=np.float32) / 255.0


def blur(mask: np.ndarray, radius: float) -> np.ndarray:
    img = Image.fromarray(np.clip(mask * 255, 0, 255).astype(np.uint8), "L")
    return np.asarray(img.filter(ImageFilter.GaussianBlur(radius)), dtype=np.float32) / 255.0


def shift(arr: np.ndarray, dx: int, dy: int) -> np.ndarray:
    out = np.zeros_like(arr)
    h, w = arr.shape[:2]
    xs0, xs1 = max(0, -dx), min(w, w - dx)
    ys0, ys1 = max(0, -dy), min(h, h - dy)
    out[ys0 + dy:ys1 + dy, xs0 + dx:xs1 + dx] = arr[ys0:ys1, xs0:xs1]
    return out


def stroke(draw: ImageDraw.ImageDraw, pts, width: float, fill, caps: bool = True) -> None:
    """A thick polyline with round joints and caps."""
    pts = [(float(x), float(y)) for x, y in pts]
    w = max(1, int(round(width)))
    draw.line(pts, fill=fill, width=w, joint="curve")
    if caps:
        r = width / 2
        for x, y in (pts[0], pts[-1]):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def mix(img: np.ndarray, color, alpha: np.ndarray) -> np.ndarray:
    """Blend a colour (or an image of colours) over ``img`` with a per-pixel alpha."""
    a = alpha[..., None]
    return img * (1 - a) + np.asarray(color, np.float32) * a


def shade(img: np.ndarray, amount: np.ndarray) -> np.ndarray:
    """Darken by ``amount`` (0 = unchanged, 1 = black)."""
    return img * (1 - amount[..., None])


def to_image(arr: np.ndarray) -> Image.Image:
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def from_image(img: Image.Image) -> np.ndarray:
    return np.asarray(img.convert("RGB"), dtype=np.float32)


def lerp_color(a, b, t: float):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def scale_color(c, f: float):
    return tuple(max(0, min(255, int(round(x * f)))) for x in c[:3]) + tuple(c[3:])


def rotated_rect(cx: float, cy: float, w: float, h: float, angle: float):
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        pts.append((cx + dx * ca - dy * sa, cy + dx * sa + dy * ca))
    return pts


def font_path(name: str = "DejaVuSans-Bold.ttf") -> Path:
    return RESOURCES / "fonts" / name


def save_png(img: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, "PNG", optimize=True)


def worley(size: int, cell: int, rng: np.random.Generator):
    """Cell (Voronoi) noise: F1, F2 distances (pixels) and a random value per cell."""
    n = size // cell + 3
    pts = (rng.random((n, n, 2)).astype(np.float32) * 0.8 + 0.1) * cell
    vals = rng.random((n, n)).astype(np.float32)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    gx, gy = (xx // cell).astype(np.int32) + 1, (yy // cell).astype(np.int32) + 1
    f1 = np.full((size, size), 1e9, np.float32)
    f2 = np.full((size, size), 1e9, np.float32)
    v1 = np.zeros((size, size), np.float32)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            cx, cy = gx + dx, gy + dy
            px = (cx - 1) * cell + pts[cy, cx, 0]
            py = (cy - 1) * cell + pts[cy, cx, 1]
            dist = np.hypot(xx - px, yy - py)
            closer = dist < f1
            f2 = np.where(closer, f1, np.minimum(f2, dist))
            v1 = np.where(closer, vals[cy, cx], v1)
            f1 = np.where(closer, dist, f1)
    return f1, f2, v1


def legal_board(cols: int = 5, rows: int = 5, seed: int = 7):
    """A random cols × rows patch of base tiles whose edges all match (backtracking search)."""
    from carcassonne.tileset import read_tilesets

    tiles = read_tilesets().expansion("base")
    import random

    rng = random.Random(seed)
    stock = {k.id: k.count for k in tiles}
    grid: dict[tuple[int, int], tuple[str, int]] = {}
    cells = [(x, y) for y in range(rows) for x in range(cols)]

    def fits(kind, rotation, x, y):
        o = kind.orientation(rotation)
        for e, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
            nb = grid.get((x + dx, y + dy))
            if nb:
                other = tiles[nb[0]].orientation(nb[1])
                if other.edges[(e + 2) % 4] != o.edges[e]:
                    return False
        return True

    def place(i):
        if i == len(cells):
            return True
        x, y = cells[i]
        options = [(k, r) for k in tiles for r in (0, 90, 180, 270) if stock[k.id] and fits(k, r, x, y)]
        rng.shuffle(options)
        # prefer variety: interesting tiles first now and then
        for k, r in options[:12]:
            grid[(x, y)] = (k.id, r)
            stock[k.id] -= 1
            if place(i + 1):
                return True
            stock[k.id] += 1
            del grid[(x, y)]
        return False

    assert place(0), "no legal board found"
    return grid


# --------------------------------------------------------------------------- symbols
#
# The marks and symbols of Traders & Builders and The Princess & the Dragon, drawn the same
# way on the tiles, on the goods tokens and beside the figures: each fits a circle of radius
# ``r`` round (cx, cy) and is drawn with a dark outline, so it keeps its shape when the tile
# is shown at a quarter of its size.

OUTLINE = (46, 32, 24)
PARCHMENT = (246, 236, 204)
#: The plaque's ring: pewter, not gold, so that a plaque in a city reads as part of the city.
RING = (150, 142, 130)
#: The goods (tiles.md: a city segment's goods symbol) and the token colours they are told by.
GOODS = ("wine", "grain", "cloth")
GRAPE, GRAPE_DARK, GRAPE_LIGHT = (112, 42, 142), (58, 18, 74), (196, 146, 222)
WHEAT, WHEAT_DARK, STRAW = (240, 176, 30), (120, 70, 10), (226, 190, 96)
CLOTH, CLOTH_DARK, CLOTH_LIGHT = (34, 96, 196), (16, 46, 110), (120, 172, 240)
#: The neutral figures (The Princess & the Dragon): colours no player has.
DRAGON, DRAGON_DARK, DRAGON_MEMBRANE = (104, 46, 138), (44, 16, 62), (170, 126, 214)
FIRE = (250, 142, 36)


def _disc(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, outline=None, width: int = 0) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def draw_plaque(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A round parchment medallion in a pewter ring: the ground a symbol is drawn on, pale
    against roofs, cobbles and grass alike."""
    _disc(d, cx, cy, r, OUTLINE)
    _disc(d, cx, cy, r * 0.93, RING)
    _disc(d, cx, cy, r * 0.85, PARCHMENT)
    d.arc((cx - r * 0.72, cy - r * 0.72, cx + r * 0.72, cy + r * 0.72), 200, 290, fill=(255, 252, 240),
          width=max(1, int(r * 0.06)))


def _outlined_disc(d, x, y, rad, fill, dark, light, k):
    _disc(d, x, y, rad + k, dark)
    _disc(d, x, y, rad, fill)
    _disc(d, x - rad * 0.35, y - rad * 0.38, rad * 0.32, light)


def draw_wine(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Wine: a bunch of grapes under a vine leaf."""
    k = max(1.0, r * 0.05)  # outline width
    # the stem and the leaf
    stroke(d, [(cx + 0.02 * r, cy - 0.42 * r), (cx + 0.08 * r, cy - 0.62 * r), (cx + 0.2 * r, cy - 0.74 * r)],
           0.1 * r + 2 * k, OUTLINE)
    stroke(d, [(cx + 0.02 * r, cy - 0.42 * r), (cx + 0.08 * r, cy - 0.62 * r), (cx + 0.2 * r, cy - 0.74 * r)],
           0.1 * r, (120, 78, 40))
    leaf = [(cx + 0.02 * r, cy - 0.52 * r), (cx - 0.22 * r, cy - 0.82 * r), (cx - 0.36 * r, cy - 0.7 * r),
            (cx - 0.58 * r, cy - 0.72 * r), (cx - 0.5 * r, cy - 0.52 * r), (cx - 0.66 * r, cy - 0.4 * r),
            (cx - 0.36 * r, cy - 0.36 * r)]
    d.polygon(leaf, fill=(70, 138, 50), outline=OUTLINE, width=int(k * 1.4))
    d.line([(cx + 0.02 * r, cy - 0.52 * r), (cx - 0.42 * r, cy - 0.56 * r)], fill=(40, 92, 30), width=int(k))
    g = 0.155 * r
    rows = ((-0.24, (-0.45, -0.15, 0.15, 0.45)), (0.03, (-0.3, 0.0, 0.3)), (0.3, (-0.15, 0.15)), (0.56, (0.0,)))
    for y, xs in rows:
        for x in xs:
            _outlined_disc(d, cx + x * r, cy + y * r, g, GRAPE, GRAPE_DARK, GRAPE_LIGHT, k)


def draw_grain(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Grain: a sheaf of wheat, its ears fanned out above a tie."""
    k = max(1.0, r * 0.05)
    tie = (cx, cy + 0.2 * r)
    angles = (-0.66, -0.33, 0.0, 0.33, 0.66)
    # the stubble below the tie
    for a in (-0.35, -0.12, 0.12, 0.35):
        foot = (cx + a * r * 0.95, cy + 0.78 * r)
        stroke(d, [tie, foot], 0.09 * r + 2 * k, OUTLINE)
        stroke(d, [tie, foot], 0.09 * r, STRAW)
    ears = []
    for a in angles:
        tip = (tie[0] + math.sin(a) * 0.62 * r, tie[1] - math.cos(a) * 0.62 * r)
        stroke(d, [tie, tip], 0.08 * r + 2 * k, OUTLINE)
        stroke(d, [tie, tip], 0.08 * r, STRAW)
        ears.append((a, tip))
    for a, (x, y) in ears:
        # an ear: a long pointed grain head along the stalk, with its kernels marked
        L, W = 0.46 * r, 0.19 * r
        ux, uy = math.sin(a), -math.cos(a)
        vx, vy = -uy, ux
        mid = (x + ux * L * 0.35, y + uy * L * 0.35)
        pts = []
        for t in np.linspace(-1, 1, 17):
            w = W * (1 - t * t) ** 0.6 * (1.0 if t < 0.6 else 0.9)
            pts.append((mid[0] + ux * t * L / 2 + vx * w, mid[1] + uy * t * L / 2 + vy * w))
        for t in np.linspace(1, -1, 17):
            w = W * (1 - t * t) ** 0.6 * (1.0 if t < 0.6 else 0.9)
            pts.append((mid[0] + ux * t * L / 2 - vx * w, mid[1] + uy * t * L / 2 - vy * w))
        d.polygon(pts, fill=WHEAT, outline=WHEAT_DARK, width=int(k * 1.3))
        for t in (-0.45, -0.15, 0.15, 0.45):
            c = (mid[0] + ux * t * L / 2, mid[1] + uy * t * L / 2)
            d.line([(c[0] + vx * W * 0.8 - ux * W * 0.5, c[1] + vy * W * 0.8 - uy * W * 0.5), c,
                    (c[0] - vx * W * 0.8 - ux * W * 0.5, c[1] - vy * W * 0.8 - uy * W * 0.5)],
                   fill=WHEAT_DARK, width=max(1, int(k * 0.8)))
        # the awns: whiskers beyond the tip
        tip2 = (mid[0] + ux * L * 0.5, mid[1] + uy * L * 0.5)
        d.line([tip2, (tip2[0] + ux * 0.12 * r, tip2[1] + uy * 0.12 * r)], fill=WHEAT_DARK, width=max(1, int(k)))
    # the tie
    d.rounded_rectangle((tie[0] - 0.2 * r, tie[1] - 0.07 * r, tie[0] + 0.2 * r, tie[1] + 0.07 * r),
                        radius=0.05 * r, fill=(150, 84, 36), outline=OUTLINE, width=int(k))


def draw_cloth(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Cloth: a bolt of blue cloth, its end unrolled in a fold, with a gold stripe woven in."""
    k = max(1.0, r * 0.05)
    rr = 0.26 * r  # the roll's radius
    x0, x1, y = cx - 0.55 * r, cx + 0.3 * r, cy - 0.22 * r
    # the unrolled length: from under the roll down and to the left in one wave
    flap = [(x0 + 0.05 * r, y + rr * 0.6), (x1 - 0.02 * r, y + rr * 0.6), (x1 + 0.08 * r, cy + 0.35 * r),
            (cx + 0.12 * r, cy + 0.7 * r), (cx - 0.3 * r, cy + 0.58 * r), (cx - 0.62 * r, cy + 0.72 * r),
            (cx - 0.5 * r, cy + 0.3 * r)]
    d.polygon(flap, fill=CLOTH_DARK, outline=OUTLINE, width=int(k * 1.4))
    inner = [(x0 + 0.1 * r, y + rr * 0.6), (x1 - 0.06 * r, y + rr * 0.6), (x1 + 0.0 * r, cy + 0.33 * r),
             (cx + 0.08 * r, cy + 0.6 * r), (cx - 0.3 * r, cy + 0.5 * r), (cx - 0.52 * r, cy + 0.6 * r),
             (cx - 0.44 * r, cy + 0.28 * r)]
    d.polygon(inner, fill=CLOTH)
    for f in (0.35, 0.55):  # two gold stripes across the unrolled cloth
        a = (x0 + 0.1 * r + (cx - 0.52 * r - x0 - 0.1 * r) * f, y + rr * 0.6 + (cy + 0.6 * r - y - rr * 0.6) * f)
        b = (x1 - 0.06 * r + (cx + 0.08 * r - x1 + 0.06 * r) * f, y + rr * 0.6 + (cy + 0.6 * r - y - rr * 0.6) * f)
        d.line([a, b], fill=WHEAT, width=max(1, int(0.06 * r)))
    # the roll: a cylinder lying east-west, its end showing the turns of cloth
    d.rectangle((x0, y - rr - k, x1, y + rr + k), fill=OUTLINE)
    _disc(d, x0, y, rr + k, OUTLINE)
    d.rectangle((x0, y - rr, x1, y + rr), fill=CLOTH)
    _disc(d, x0, y, rr, CLOTH)
    d.rectangle((x0, y - rr * 0.75, x1, y - rr * 0.35), fill=CLOTH_LIGHT)
    d.rectangle((x0, y + rr * 0.2, x1, y + rr * 0.45), fill=WHEAT)
    d.ellipse((x1 - rr * 0.55 - k, y - rr - k, x1 + rr * 0.55 + k, y + rr + k), fill=OUTLINE)
    d.ellipse((x1 - rr * 0.55, y - rr, x1 + rr * 0.55, y + rr), fill=CLOTH_LIGHT)
    for f in (0.7, 0.42):
        d.ellipse((x1 - rr * 0.55 * f, y - rr * f, x1 + rr * 0.55 * f, y + rr * f), outline=CLOTH_DARK,
                  width=max(1, int(k)))
    _disc(d, x1, y, rr * 0.12, CLOTH_DARK)


def draw_princess(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The princess: a lady in a long violet gown, golden hair and a golden crown."""
    k = max(1.0, r * 0.05)
    gown, gown_dark, skin, hair = (150, 84, 200), (84, 38, 126), (244, 206, 174), (236, 184, 60)
    # hair falling behind the shoulders
    d.polygon([(cx - 0.2 * r, cy - 0.42 * r), (cx + 0.2 * r, cy - 0.42 * r), (cx + 0.26 * r, cy - 0.02 * r),
               (cx - 0.26 * r, cy - 0.02 * r)], fill=hair, outline=OUTLINE, width=int(k))
    # the gown: a bell from the shoulders to the ground
    pts = [(cx - 0.15 * r, cy - 0.18 * r), (cx + 0.15 * r, cy - 0.18 * r), (cx + 0.12 * r, cy + 0.08 * r)]
    for t in np.linspace(0, 1, 9):
        pts.append((cx + (0.12 + 0.36 * t ** 1.4) * r, cy + (0.08 + 0.62 * t) * r))
    for t in np.linspace(1, -1, 13):
        pts.append((cx + 0.48 * t * r, cy + (0.7 + 0.06 * (1 - t * t)) * r))
    for t in np.linspace(1, 0, 9):
        pts.append((cx - (0.12 + 0.36 * t ** 1.4) * r, cy + (0.08 + 0.62 * t) * r))
    pts.append((cx - 0.12 * r, cy + 0.08 * r))
    d.polygon(pts, fill=gown, outline=OUTLINE, width=int(k * 1.4))
    d.polygon([(cx - 0.05 * r, cy + 0.08 * r), (cx + 0.05 * r, cy + 0.08 * r), (cx + 0.16 * r, cy + 0.72 * r),
               (cx - 0.16 * r, cy + 0.72 * r)], fill=gown_dark)
    d.line([(cx - 0.13 * r, cy + 0.08 * r), (cx + 0.13 * r, cy + 0.08 * r)], fill=WHEAT, width=int(k * 1.6))
    # arms in puffed sleeves
    for s in (-1, 1):
        stroke(d, [(cx + s * 0.15 * r, cy - 0.14 * r), (cx + s * 0.3 * r, cy + 0.12 * r),
                   (cx + s * 0.16 * r, cy + 0.26 * r)], 0.1 * r + 2 * k, OUTLINE)
        stroke(d, [(cx + s * 0.15 * r, cy - 0.14 * r), (cx + s * 0.3 * r, cy + 0.12 * r),
                   (cx + s * 0.16 * r, cy + 0.26 * r)], 0.1 * r, gown)
    # head, face and crown
    _disc(d, cx, cy - 0.36 * r, 0.16 * r + k, OUTLINE)
    _disc(d, cx, cy - 0.36 * r, 0.16 * r, skin)
    d.chord((cx - 0.17 * r, cy - 0.53 * r, cx + 0.17 * r, cy - 0.27 * r), 180, 360, fill=hair)
    for s in (-1, 1):
        _disc(d, cx + s * 0.06 * r, cy - 0.33 * r, 0.025 * r, OUTLINE)
    crown = [(cx - 0.17 * r, cy - 0.5 * r), (cx - 0.2 * r, cy - 0.78 * r), (cx - 0.09 * r, cy - 0.62 * r),
             (cx, cy - 0.84 * r), (cx + 0.09 * r, cy - 0.62 * r), (cx + 0.2 * r, cy - 0.78 * r),
             (cx + 0.17 * r, cy - 0.5 * r)]
    d.polygon(crown, fill=(252, 206, 40), outline=OUTLINE, width=int(k * 1.2))
    _disc(d, cx, cy - 0.58 * r, 0.04 * r, (214, 40, 60))


#: The dragon, side on and facing left, in units of its radius: what the dragon tiles show
#: and the dragon figure is (the same shape on the tile and on the board).
DRAGON_SPINE = ((-0.62, -0.42), (-0.46, -0.36), (-0.3, -0.18), (-0.18, 0.06), (0.02, 0.18), (0.24, 0.18),
                (0.42, 0.26), (0.56, 0.44), (0.7, 0.6), (0.82, 0.56))
DRAGON_WIDTH = (0.1, 0.1, 0.1, 0.14, 0.2, 0.2, 0.14, 0.1, 0.07, 0.05)
DRAGON_WING = ((-0.06, 0.0), (-0.28, -0.5), (-0.12, -0.86), (0.1, -0.62), (0.3, -0.86), (0.4, -0.56),
               (0.62, -0.7), (0.56, -0.34), (0.38, -0.28), (0.3, -0.04), (0.16, -0.16), (0.06, 0.06))
DRAGON_HEAD = ((-0.56, -0.52), (-0.7, -0.5), (-0.88, -0.4), (-0.9, -0.32), (-0.72, -0.28), (-0.56, -0.26),
               (-0.44, -0.32), (-0.42, -0.46))


def _spine(cx, cy, r, spine=DRAGON_SPINE, width=DRAGON_WIDTH, n=80):
    """Circles along the dragon's neck, body and tail (centre and radius), smooth and tapered."""
    pts = np.asarray(spine, np.float64)
    ws = np.asarray(width, np.float64)
    seg = np.hypot(*np.diff(pts, axis=0).T)
    t = np.concatenate([[0], np.cumsum(seg)]) / seg.sum()
    out = []
    for u in np.linspace(0, 1, n):
        x, y = np.interp(u, t, pts[:, 0]), np.interp(u, t, pts[:, 1])
        out.append((cx + x * r, cy + y * r, float(np.interp(u, t, ws)) * r))
    return out


def draw_dragon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, body=DRAGON, dark=DRAGON_DARK,
                wing=DRAGON_MEMBRANE) -> None:
    """The dragon: a long neck and a horned head breathing fire, one great bat's wing raised,
    four clawed legs and a tail ending in a spade."""
    k = max(1.0, r * 0.05)

    def poly(points, fill):
        d.polygon([(cx + x * r, cy + y * r) for x, y in points], fill=fill, outline=OUTLINE, width=int(k * 1.3))

    def limb(points, w, fill):
        pts = [(cx + x * r, cy + y * r) for x, y in points]
        stroke(d, pts, w * r + 2 * k, OUTLINE)
        stroke(d, pts, w * r, fill)

    # fire from the jaws
    poly(((-0.88, -0.36), (-1.0, -0.46), (-0.98, -0.3), (-1.04, -0.2), (-0.9, -0.26)), FIRE)
    # the far wing and legs, darker
    poly(((0.02, -0.02), (0.0, -0.46), (0.16, -0.7), (0.3, -0.5), (0.18, -0.1)), dark)
    limb(((0.3, 0.22), (0.38, 0.44), (0.32, 0.56)), 0.09, dark)
    limb(((-0.12, 0.1), (-0.14, 0.36), (-0.24, 0.46)), 0.08, dark)
    circles = _spine(cx, cy, r)
    for x, y, w in circles:
        _disc(d, x, y, w + k, OUTLINE)
    poly(DRAGON_HEAD, body)
    for x, y, w in circles:
        _disc(d, x, y, w, body)
    for x, y, w in circles[20:60:4]:  # a pale belly
        _disc(d, x + w * 0.1, y + w * 0.45, w * 0.45, (226, 196, 120))
    # the spade at the tail's end
    tx, ty = cx + 0.82 * r, cy + 0.56 * r
    poly(((0.78, 0.5), (0.98, 0.4), (0.94, 0.62), (0.82, 0.64)), dark)
    _ = (tx, ty)
    # the near legs with claws
    limb(((0.16, 0.24), (0.24, 0.48), (0.16, 0.62)), 0.11, body)
    limb(((-0.2, 0.08), (-0.3, 0.32), (-0.4, 0.4)), 0.09, body)
    # the head over the neck: horns, an eye and a nostril
    poly(DRAGON_HEAD, body)
    poly(((-0.5, -0.48), (-0.36, -0.66), (-0.44, -0.46)), (236, 220, 190))
    poly(((-0.58, -0.5), (-0.5, -0.7), (-0.52, -0.5)), (236, 220, 190))
    _disc(d, cx - 0.6 * r, cy - 0.4 * r, 0.05 * r, (255, 220, 60))
    _disc(d, cx - 0.6 * r, cy - 0.4 * r, 0.022 * r, OUTLINE)
    _disc(d, cx - 0.84 * r, cy - 0.37 * r, 0.018 * r, OUTLINE)
    # the near wing: a membrane between long fingers
    poly(DRAGON_WING, wing)
    root = (cx + DRAGON_WING[0][0] * r, cy + DRAGON_WING[0][1] * r)
    for i in (2, 4, 6):
        tip = (cx + DRAGON_WING[i][0] * r, cy + DRAGON_WING[i][1] * r)
        d.line([root, tip], fill=dark, width=int(k * 1.6))
    # spines along the back
    for x, y, w in circles[8:44:6]:
        d.polygon([(x - w * 0.5, y - w * 0.8), (x + w * 0.2, y - w * 1.6), (x + w * 0.5, y - w * 0.7)],
                  fill=dark)


#: The magic portal's glow, from its rim in.
PORTAL_GLOW = ((64, 26, 132), (98, 56, 196), (96, 150, 240), (150, 222, 255), (236, 250, 255))


def draw_portal(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A magic portal: a ring of standing stones round a swirl of blue and violet light."""
    k = max(1.0, r * 0.05)
    _disc(d, cx, cy, r * 0.86, OUTLINE)
    for i, col in enumerate(PORTAL_GLOW):
        _disc(d, cx, cy, r * 0.8 * (1 - i / len(PORTAL_GLOW)) ** 0.9, col)
    # three arms of light wound round the middle
    for arm in range(3):
        pts = []
        for t in np.linspace(0.08, 1, 40):
            a = arm * 2 * math.pi / 3 + t * 3.4
            pts.append((cx + math.cos(a) * t * 0.72 * r, cy + math.sin(a) * t * 0.72 * r))
        d.line(pts, fill=(60, 24, 120), width=int(k * 2.6), joint="curve")
        d.line(pts, fill=(210, 244, 255), width=int(k * 1.2), joint="curve")
    # the standing stones
    for i in range(8):
        a = i * math.pi / 4 + math.pi / 8
        x, y = cx + math.cos(a) * 0.84 * r, cy + math.sin(a) * 0.84 * r
        w, h = 0.15 * r, 0.11 * r
        pts = rotated_rect(x, y, w * 2, h * 2, a + math.pi / 2)
        d.polygon(pts, fill=(168, 164, 156), outline=OUTLINE, width=int(k * 1.2))
        _disc(d, x - w * 0.3, y - h * 0.4, h * 0.45, (206, 202, 194))
    # sparkles
    for a, rad in ((0.6, 0.35), (2.4, 0.5), (4.1, 0.28)):
        x, y = cx + math.cos(a) * rad * r, cy + math.sin(a) * rad * r
        s = 0.08 * r
        d.polygon([(x, y - s), (x + s * 0.25, y - s * 0.25), (x + s, y), (x + s * 0.25, y + s * 0.25),
                   (x, y + s), (x - s * 0.25, y + s * 0.25), (x - s, y), (x - s * 0.25, y - s * 0.25)],
                  fill=(255, 255, 255))


#: What each symbol is drawn with; the plaque-less ones bring their own ground.
SYMBOLS = {"wine": draw_wine, "grain": draw_grain, "cloth": draw_cloth, "princess": draw_princess,
           "dragon": draw_dragon, "portal": draw_portal}
ON_PLAQUE = ("wine", "grain", "cloth", "princess", "dragon")


def draw_symbol(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float) -> None:
    """A mark or symbol in a circle of radius ``r``: on a parchment plaque (goods, the
    princess, the dragon) or as itself (the magic portal, a ring of stones)."""
    if kind in ON_PLAQUE:
        draw_plaque(d, cx, cy, r)
        SYMBOLS[kind](d, cx, cy + (0.02 * r if kind != "dragon" else 0.06 * r), r * 0.8)
    else:
        SYMBOLS[kind](d, cx, cy, r)
