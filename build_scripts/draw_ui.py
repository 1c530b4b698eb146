"""Draw the score track, the UI icons and the application icon.

    .venv/bin/python build_scripts/draw_ui.py

Writes:
  resources/ui/score-track.png   the 0-49 track round a landscape (1056 × 736)
  resources/ui/score-track.json  where each square is: {"size": [w, h], "cells": [[x, y, w, h], ...]}
                                 (index = score mod 50; laps of 50 are shown with lap-50/lap-100 tokens)
  resources/ui/icons/<name>.png  64 × 64 icons: rotate confirm skip undo save hint settings deck
  resources/ui/icons/<good>.png  64 × 64 goods tokens (Traders & Builders): wine grain cloth, the
                                 symbols the tiles show, for the players' cards and the results
  resources/icon/carcassonne.png 256 × 256 window icon, and carcassonne.ico (16-256 px)
Run after draw_tiles.py and draw_pieces.py (it reuses their artwork). Needs numpy, Pillow.
"""

from __future__ import annotations

import json
import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

try:
    from . import artlib as A  # type: ignore
except ImportError:
    import artlib as A  # type: ignore

SS = 4
PARCHMENT = (238, 224, 186)
INK = (62, 42, 24)
GOLD = (214, 170, 70)
ICONS = ("rotate", "confirm", "skip", "undo", "save", "hint", "settings", "deck")


def font(size: int, name: str = "Cardob101.ttf"):
    return ImageFont.truetype(str(A.font_path(name)), size)


# --------------------------------------------------------------------------- score track

def track_cells(cols: int = 16, rows: int = 11, cell: int = 64, margin: int = 16):
    """Squares 0-49 clockwise round the board, 0 in the bottom-left corner."""
    ring = []
    for y in range(rows - 1, -1, -1):  # up the left side
        ring.append((0, y))
    for x in range(1, cols):  # along the top
        ring.append((x, 0))
    for y in range(1, rows):  # down the right side
        ring.append((cols - 1, y))
    for x in range(cols - 2, 0, -1):  # back along the bottom
        ring.append((x, rows - 1))
    assert len(ring) == 50, len(ring)
    return [(margin + x * cell, margin + y * cell, cell, cell) for x, y in ring]


def score_track() -> None:
    cols, rows, cell, margin = 16, 11, 64, 16
    w, h = cols * cell + 2 * margin, rows * cell + 2 * margin
    cells = track_cells(cols, rows, cell, margin)
    img = Image.new("RGB", (w, h), (96, 68, 40))
    # wood frame
    rng = np.random.default_rng(A.seed_of("track"))
    grain = A.fbm(max(w, h), rng, octaves=((2, 0.4), (6, 0.3), (60, 0.3)))[:h, :w]
    wood = np.float32((120, 84, 48))[None, None] * (0.8 + 0.35 * grain[..., None])
    img = A.to_image(wood)
    # the landscape in the middle: a few real tiles, softened
    inner = (margin + cell, margin + cell, w - margin - cell, h - margin - cell)
    iw, ih = inner[2] - inner[0], inner[3] - inner[1]
    land = Image.new("RGB", (iw, ih))
    ts = 128
    grid = A.legal_board(iw // ts + 1, ih // ts + 1, seed=11)
    for (gx, gy), (tid, rot) in grid.items():
        t = Image.open(A.RESOURCES / "tiles" / "base" / f"{tid}.png").convert("RGB")
        t = t.resize((ts, ts), Image.LANCZOS)
        land.paste(t.rotate(-rot), (gx * ts, gy * ts))
    land = Image.blend(land, Image.new("RGB", land.size, (230, 220, 190)), 0.35)
    img.paste(land, inner[:2])
    d = ImageDraw.Draw(img, "RGBA")
    # title banner
    cx, cy = w / 2, h / 2
    d.rounded_rectangle((cx - 300, cy - 70, cx + 300, cy + 70), radius=24, fill=PARCHMENT + (235,),
                        outline=INK, width=4)
    d.text((cx, cy - 8), "Carcassonne", font=font(78), fill=INK, anchor="mm")
    d.text((cx, cy + 46), "score track  ·  every lap is 50 points", font=font(22, "DejaVuSans.ttf"), fill=INK,
           anchor="mm")
    # squares
    f = font(26, "DejaVuSans-Bold.ttf")
    for i, (x, y, cw, ch) in enumerate(cells):
        fill = PARCHMENT if i % 5 else (GOLD if i % 10 == 0 else (228, 200, 130))
        d.rectangle((x + 2, y + 2, x + cw - 3, y + ch - 3), fill=fill, outline=INK, width=2)
        d.text((x + cw / 2, y + ch / 2), str(i), font=f, fill=INK, anchor="mm")
    A.save_png(img, A.RESOURCES / "ui" / "score-track.png")
    meta = {"size": [w, h], "cells": [list(c) for c in cells],
            "note": "cells[i] is the square for a score of i mod 50; x, y, w, h in pixels of score-track.png"}
    (A.RESOURCES / "ui" / "score-track.json").write_text(json.dumps(meta, indent=1) + "\n")


# --------------------------------------------------------------------------- icons

def _arrow_head(d, tip, direction, size, fill):
    dx, dy = direction
    n = math.hypot(dx, dy)
    dx, dy = dx / n, dy / n
    px, py = -dy, dx
    base = (tip[0] - dx * size, tip[1] - dy * size)
    d.polygon([tip, (base[0] + px * size * 0.75, base[1] + py * size * 0.75),
               (base[0] - px * size * 0.75, base[1] - py * size * 0.75)], fill=fill)


def _glyph(name: str, px: int) -> Image.Image:
    """The icon's shape as a white-on-transparent mask (drawn once, then outlined)."""
    m = Image.new("L", (px, px), 0)
    d = ImageDraw.Draw(m)
    c = px / 2
    lw = int(px * 0.11)
    if name in ("rotate", "undo"):
        r = px * 0.3
        box = (c - r, c - r, c + r, c + r)
        if name == "rotate":  # clockwise, arrow at the end
            d.arc(box, 200, 470, fill=255, width=lw)
            a = math.radians(470 - 360)
            tip = (c + r * math.cos(a), c + r * math.sin(a))
            _arrow_head(d, (tip[0] - px * 0.02, tip[1] + px * 0.12), (-0.25, 1), px * 0.17, 255)
        else:  # a hooked arrow back to the left
            d.arc((c - r * 0.9, c - r * 0.7, c + r * 1.1, c + r * 1.3), 270, 450, fill=255, width=lw)
            d.line((c - r * 0.5, c - r * 0.7 + lw / 2 - 1, c + r * 0.1, c - r * 0.7 + lw / 2 - 1), fill=255, width=lw)
            d.line((c - r * 0.5, c + r * 1.3 - lw / 2, c + r * 0.1, c + r * 1.3 - lw / 2), fill=255, width=lw)
            _arrow_head(d, (c - r * 1.15, c - r * 0.7 + lw / 2 - 1), (-1, 0), px * 0.19, 255)
    elif name == "confirm":
        d.line([(px * 0.2, px * 0.52), (px * 0.42, px * 0.74), (px * 0.82, px * 0.28)], fill=255,
               width=int(px * 0.14), joint="curve")
    elif name == "skip":
        for x0 in (0.16, 0.44):
            d.polygon([(px * x0, px * 0.24), (px * (x0 + 0.3), px * 0.5), (px * x0, px * 0.76)], fill=255)
        d.rectangle((px * 0.76, px * 0.24, px * 0.86, px * 0.76), fill=255)
    elif name == "save":
        d.rounded_rectangle((px * 0.18, px * 0.16, px * 0.82, px * 0.84), radius=px * 0.06, fill=255)
        d.rectangle((px * 0.3, px * 0.16, px * 0.66, px * 0.36), fill=0)
        d.rectangle((px * 0.54, px * 0.2, px * 0.62, px * 0.32), fill=255)
        d.rectangle((px * 0.28, px * 0.52, px * 0.72, px * 0.76), fill=0)
        for y in (0.59, 0.67):
            d.line((px * 0.34, px * y, px * 0.66, px * y), fill=255, width=int(px * 0.03))
    elif name == "hint":
        d.ellipse((px * 0.28, px * 0.12, px * 0.72, px * 0.56), fill=255)
        d.polygon([(px * 0.36, px * 0.48), (px * 0.64, px * 0.48), (px * 0.6, px * 0.68), (px * 0.4, px * 0.68)],
                  fill=255)
        d.rectangle((px * 0.39, px * 0.71, px * 0.61, px * 0.76), fill=255)
        d.rectangle((px * 0.42, px * 0.79, px * 0.58, px * 0.85), fill=255)
        d.arc((px * 0.36, px * 0.2, px * 0.64, px * 0.48), 190, 260, fill=0, width=int(px * 0.035))
    elif name == "settings":
        r1, r2 = px * 0.36, px * 0.27
        pts = []
        for k in range(48):
            a = 2 * math.pi * k / 48
            tooth = (k // 3) % 2 == 0
            r = r1 if tooth else r2
            pts.append((c + r * math.cos(a), c + r * math.sin(a)))
        d.polygon(pts, fill=255)
        d.ellipse((c - px * 0.11, c - px * 0.11, c + px * 0.11, c + px * 0.11), fill=0)
    elif name == "deck":
        lw2 = int(px * 0.035)
        for k in (2, 1, 0):  # a stack of tiles seen a little from the side
            o = px * 0.075 * k
            box = (px * 0.2 + o * 0.6, px * 0.16 + o * 0.2, px * 0.74 + o * 0.6, px * 0.7 + o * 0.2)
            box = (px * 0.16, px * 0.14 + o, px * 0.7, px * 0.68 + o)
            box = (box[0] + o * 0.55, box[1] - o * 0.0, box[2] + o * 0.55, box[3])
            d.rounded_rectangle(box, radius=px * 0.05, fill=0)
            inner = (box[0] + lw2, box[1] + lw2, box[2] - lw2, box[3] - lw2)
            d.rounded_rectangle(inner, radius=px * 0.04, fill=255)
        x0, y0, x1, y1 = px * 0.16 + lw2, px * 0.14 + lw2, px * 0.7 - lw2, px * 0.68 - lw2
        d.chord((x0, y0 - (y1 - y0) * 0.4, x1, y0 + (y1 - y0) * 0.4), 0, 180, fill=0)
        d.line(((x0 + x1) / 2, (y0 + y1) / 2 + px * 0.04, (x0 + x1) / 2, y1), fill=0, width=int(px * 0.06))
        d.line((x0, (y0 + y1) / 2 + px * 0.04, x1, (y0 + y1) / 2 + px * 0.04), fill=0, width=int(px * 0.06))
    else:
        raise ValueError(name)
    return m


def icon(name: str, size: int = 64) -> Image.Image:
    px = size * SS
    m = np.asarray(_glyph(name, px), np.float32) / 255
    outline = np.clip(A.blur(m, px * 0.02) * 5, 0, 1)
    shadow = A.shift(A.blur(outline, px * 0.02), int(px * 0.02), int(px * 0.03)) * 0.45
    yy = np.mgrid[0:px, 0:px][0].astype(np.float32) / px
    face = np.float32((250, 240, 212))[None, None] * (1.05 - 0.18 * yy[..., None])
    ink = np.float32((52, 34, 20))
    alpha = np.clip(np.maximum(outline, shadow), 0, 1)
    rgb = face * m[..., None] + ink * (1 - m[..., None])
    rgb = rgb * (outline / np.maximum(alpha, 1e-4))[..., None] + 0 * (1 - outline[..., None])
    im = Image.fromarray(np.dstack([np.clip(rgb, 0, 255), alpha * 255]).astype(np.uint8), "RGBA")
    return im.resize((size, size), Image.LANCZOS)


def goods_token(good: str, size: int = 64) -> Image.Image:
    """A goods token (Traders & Builders): the tiles' goods symbol on a round token, drawn larger
    than on a tile so that it still reads at the 16-24 px of a player's card."""
    px = size * SS
    im = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    c, r = px / 2, px * 0.45
    shadow = Image.new("L", (px, px), 0)
    ImageDraw.Draw(shadow).ellipse((c - r, c - r + px * 0.03, c + r, c + r + px * 0.03), fill=110)
    im.putalpha(shadow.filter(ImageFilter.GaussianBlur(px * 0.02)))
    d = ImageDraw.Draw(im)
    A.draw_plaque(d, c, c, r)
    A.SYMBOLS[good](d, c, c + 0.02 * r, r * 0.92)
    return im.resize((size, size), Image.LANCZOS)


def app_icon() -> Image.Image:
    px = 256 * SS
    tile = A.RESOURCES / "tiles" / "base" / "L.png"
    bg = Image.open(tile).convert("RGB").resize((px, px), Image.LANCZOS)
    im = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    mask = Image.new("L", (px, px), 0)
    ImageDraw.Draw(mask).rounded_rectangle((px * 0.04, px * 0.04, px * 0.96, px * 0.96), radius=px * 0.16, fill=255)
    im.paste(bg, (0, 0), mask)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((px * 0.04, px * 0.04, px * 0.96, px * 0.96), radius=px * 0.16, outline=(60, 40, 24),
                        width=int(px * 0.03))
    meeple = Image.open(A.RESOURCES / "pieces" / "meeple-red.png").convert("RGBA")
    meeple = meeple.resize((int(px * 0.62), int(px * 0.62)), Image.LANCZOS)
    im.alpha_composite(meeple, (int(px * 0.19), int(px * 0.3)))
    return im.resize((256, 256), Image.LANCZOS)


def main() -> int:
    score_track()
    for name in ICONS:
        A.save_png(icon(name), A.RESOURCES / "ui" / "icons" / f"{name}.png")
    for good in A.GOODS:
        A.save_png(goods_token(good), A.RESOURCES / "ui" / "icons" / f"{good}.png")
    app = app_icon()
    A.save_png(app, A.RESOURCES / "icon" / "carcassonne.png")
    app.save(A.RESOURCES / "icon" / "carcassonne.ico",
             sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
    print("wrote resources/ui/score-track.*, resources/ui/icons/*.png, resources/icon/carcassonne.{png,ico}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
