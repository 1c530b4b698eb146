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
