"""Proof sheets of the artwork: every tile kind and every follower on one page.

    .venv/bin/python build_scripts/contact_sheet.py

Writes ``docs/tiles.png`` (each tile kind labelled with its id and count, then the
figures of every colour: follower standing and lying, abbot, builder and pig; the dragon
and the fairy; lap tokens, icons and goods tokens) and ``docs/board-sample.png`` (a legal 5 × 5 patch
of base tiles, found by a seeded search, to judge how tiles read side by side).
Reads the committed PNGs only; needs Pillow.
"""

from __future__ import annotations

import sys

from PIL import Image, ImageDraw, ImageFont

try:
    from . import artlib as A  # type: ignore
except ImportError:
    import artlib as A  # type: ignore

from carcassonne.tileset import image_sources, read_tilesets  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
BG = (58, 50, 42)
INK = (242, 232, 208)


def font(size: int, name: str = "DejaVuSans-Bold.ttf"):
    return ImageFont.truetype(str(A.font_path(name)), size)


def tile_image(tile_id: str, sources, rotation: int = 0, size: int = 256) -> Image.Image:
    img = Image.open(sources[tile_id]).convert("RGB")
    if img.size != (size, size):
        img = img.resize((size, size), Image.LANCZOS)
    # Pillow rotates counter-clockwise; the game turns tiles clockwise
    return img.rotate(-rotation) if rotation else img


def sheet(path) -> None:
    tiles = list(read_tilesets())
    sources = image_sources()
    cell, pad, label = 200, 18, 30
    cols = 8
    rows = (len(tiles) + cols - 1) // cols
    meeple_h = 130
    figure_rows = 2  # the six colours' figures on two rows, the neutral figures beside them
    extra_h = 60 + figure_rows * meeple_h + 150
    width = cols * (cell + pad) + pad
    height = 90 + rows * (cell + label + pad) + extra_h
    out = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(out)
    d.text((pad, 22), "Carcassonne — tile artwork (base game, The River, Inns & Cathedrals, "
           "Traders & Builders, The Princess & the Dragon)", font=font(30, "Cardob101.ttf"), fill=INK)
    f = font(18)
    for i, kind in enumerate(tiles):
        r, c = divmod(i, cols)
        x = pad + c * (cell + pad)
        y = 90 + r * (cell + label + pad)
        out.paste(tile_image(kind.id, sources, size=cell), (x, y))
        text = f"{kind.id}  ×{kind.count}  {kind.edges.upper()}" + (f"  {kind.role}" if kind.role else "")
        d.text((x, y + cell + 5), text, font=f, fill=INK)
    y = 90 + rows * (cell + label + pad) + 10
    d.text((pad, y), "Figures (follower standing / lying as a farmer, abbot, builder, pig; the dragon and the "
           "fairy), lap tokens, icons, goods tokens", font=font(24, "Cardob101.ttf"), fill=INK)
    y += 44
    pieces = A.RESOURCES / "pieces"
    for row in range(figure_rows):
        x = pad
        for colour in COLOURS[row * 3:(row + 1) * 3]:
            x0 = x
            for name in ("meeple-{}", "meeple-{}-lying", "abbot-{}", "builder-{}", "pig-{}"):
                p = pieces / (name.format(colour) + ".png")
                if p.exists():
                    m = Image.open(p).convert("RGBA").resize((84, 84), Image.LANCZOS)
                    out.paste(m, (x, y), m)
                    x += m.width + 2
            d.text((x0, y + 88), colour, font=f, fill=INK)
            x += 30
        if row == 0:
            for name in ("dragon", "fairy"):
                p = pieces / f"{name}.png"
                if p.exists():
                    m = Image.open(p).convert("RGBA")
                    out.paste(m, (x, y - 6), m)
                    d.text((x, y + 88), name, font=f, fill=INK)
                    x += m.width + 20
        y += meeple_h
    y += 10
    x = pad
    for name in ("lap-50", "lap-100"):
        p = A.RESOURCES / "ui" / f"{name}.png"
        if p.exists():
            m = Image.open(p).convert("RGBA")
            out.paste(m, (x, y), m)
            x += m.width + 20
    icons = sorted((A.RESOURCES / "ui" / "icons").glob("*.png")) if (A.RESOURCES / "ui" / "icons").exists() else []
    x += 20
    for p in icons:
        m = Image.open(p).convert("RGBA")
        out.paste(m, (x, y), m)
        d.text((x, y + m.height + 4), p.stem, font=font(13), fill=INK)
        x += m.width + 30
    app = A.RESOURCES / "icon" / "carcassonne.png"
    if app.exists():
        m = Image.open(app).convert("RGBA").resize((128, 128), Image.LANCZOS)
        out.paste(m, (width - 128 - pad, y - 20), m)
    # 256 colours are plenty for a proof sheet of a hundred tiles: well under half the bytes
    A.save_png(out.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE), path)


def board_sample(path, n: int = 5, size: int = 160) -> None:
    sources = image_sources()
    grid = A.legal_board(n, n)
    out = Image.new("RGB", (n * size + 40, n * size + 40), (40, 36, 30))
    for (x, y), (tid, rot) in grid.items():
        out.paste(tile_image(tid, sources, rot, size), (20 + x * size, 20 + y * size))
    A.save_png(out, path)


def river_sample(path, size: int = 160) -> None:
    """The river tiles laid in a plausible run (for eyeballing continuity)."""
    sources = image_sources()
    run = [((0, 1), "R1", 180), ((1, 1), "R7", 0), ((2, 1), "R10", 270), ((2, 2), "R6", 90),
           ((2, 3), "R9", 180), ((3, 3), "R3", 0), ((4, 3), "R5", 0), ((5, 3), "R4", 0), ((6, 3), "R8", 180),
           ((6, 2), "R7", 90), ((6, 1), "R2", 90)]
    out = Image.new("RGB", (7 * size + 40, 5 * size + 40), (40, 36, 30))
    for (x, y), tid, rot in run:
        out.paste(tile_image(tid, sources, rot, size), (20 + x * size, 20 + y * size))
    A.save_png(out, path)


def main() -> int:
    docs = A.ROOT / "docs"
    sheet(docs / "tiles.png")
    board_sample(docs / "board-sample.png")
    if "--river" in sys.argv:
        river_sample(docs / "river-sample.png")
    print("wrote docs/tiles.png and docs/board-sample.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
