"""Proof sheet of the segment masks and follower anchors: every tile kind, its segments tinted.

    .venv/bin/python build_scripts/mask_sheet.py [--cell PX] [--out PATH]

Writes ``docs/tile-masks.png``: each tile's art, dimmed, with each segment tinted
(cities red, roads orange, fields green to blue, the cloister violet; the river
left untinted, it is no segment) and outlined, and each follower drawn faintly
where its anchor puts it, at the size the board draws it. A mask bleeding across
a road or an anchor half over a wall shows at a glance. Reads the committed
``resources/tiles`` files only; needs numpy and Pillow.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

try:
    from . import artlib as A  # type: ignore
except ImportError:
    import artlib as A  # type: ignore

from carcassonne.tileset import image_sources, read_tilesets  # noqa: E402

BG = (58, 50, 42)
INK = (242, 232, 208)
#: Tints by segment kind; a tile's second, third ... segment of a kind takes the next one.
TINTS = {
    "city": ((230, 40, 60), (255, 120, 200), (150, 20, 40)),
    "road": ((255, 150, 0), (255, 230, 40), (200, 90, 0), (255, 200, 130)),
    "farm": ((60, 220, 80), (40, 200, 230), (20, 90, 255), (170, 255, 60), (0, 150, 120)),
    "cloister": ((170, 60, 255),),
}


def font(size: int, name: str = "DejaVuSans-Bold.ttf"):
    return ImageFont.truetype(str(A.font_path(name)), size)


def segment_tints(names: list[list[str]]) -> dict[int, tuple[int, int, int]]:
    seen: dict[str, int] = {}
    out = {}
    for i, spots in enumerate(names):
        kind = spots[0].split(":")[0]
        if kind in TINTS:
            k = seen.get(kind, 0)
            out[i + 1] = TINTS[kind][k % len(TINTS[kind])]
            seen[kind] = k + 1
    return out


def tile_proof(art: Image.Image, labels: np.ndarray, entry: dict, follower: Image.Image,
               lying: Image.Image, follower_size: float, cell: int) -> Image.Image:
    size = labels.shape[0]
    rgb = np.asarray(art.convert("RGB").resize((size, size)), dtype=np.float32) * 0.55
    tints = segment_tints(entry["segments"])
    for value, tint in tints.items():
        where = labels == value
        rgb[where] = rgb[where] * 0.45 + np.asarray(tint, np.float32) * 0.55
    # segment borders: a pixel whose right or lower neighbour is another segment
    border = np.zeros(labels.shape, bool)
    border[:, :-1] |= labels[:, :-1] != labels[:, 1:]
    border[:-1, :] |= labels[:-1, :] != labels[1:, :]
    rgb[border] = (20, 16, 14)
    img = Image.fromarray(rgb.clip(0, 255).astype(np.uint8), "RGB").resize((cell, cell), Image.NEAREST)
    px = round(follower_size * cell)
    d = ImageDraw.Draw(img)
    for spot, (x, y) in entry["anchors"].items():
        body = (lying if spot.startswith("farm") else follower).resize((px, px), Image.LANCZOS)
        alpha = body.getchannel("A").point(lambda a: a * 45 // 100)
        ghost = Image.new("RGBA", body.size, (255, 255, 255, 0))
        ghost.putalpha(alpha)
        cx, cy = round(x * cell), round(y * cell)
        img.paste(ghost, (cx - px // 2, cy - px // 2), ghost)
        r = max(3, cell // 60)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255), outline=(0, 0, 0), width=2)
    return img


def sheet(path, cell: int) -> None:
    tiles = list(read_tilesets())
    sources = image_sources()
    index = json.loads((A.RESOURCES / "tiles" / "segments.json").read_text())
    pieces = A.RESOURCES / "pieces"
    follower = Image.open(pieces / "meeple-red.png").convert("RGBA")
    lying = Image.open(pieces / "meeple-red-lying.png").convert("RGBA")
    pad, label, cols = 16, 26, 8
    rows = (len(tiles) + cols - 1) // cols
    width = cols * (cell + pad) + pad
    height = 80 + rows * (cell + label + pad) + 40
    out = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(out)
    d.text((pad, 20), "Segment masks and follower anchors (resources/tiles/*.segments.png, segments.json)",
           font=font(26, "Cardob101.ttf"), fill=INK)
    f = font(15)
    for n, kind in enumerate(tiles):
        r, c = divmod(n, cols)
        x, y = pad + c * (cell + pad), 80 + r * (cell + label + pad)
        art = Image.open(sources[kind.id])
        mask_file = sources[kind.id].with_name(sources[kind.id].stem + ".segments.png")
        labels = np.asarray(Image.open(mask_file))
        out.paste(tile_proof(art, labels, index["tiles"][kind.id], follower, lying,
                             index["follower_size"], cell), (x, y))
        d.text((x, y + cell + 4), f"{kind.id}  {kind.edges.upper()}", font=f, fill=INK)
    d.text((pad, height - 34), "cities red/pink · roads orange/yellow · fields green/blue · cloister violet · "
           "river untinted · ghosts: followers at their anchors", font=f, fill=INK)
    # a proof sheet needs no more than 256 colours: half the bytes in the repository
    A.save_png(out.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE), path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cell", type=int, default=192, help="pixels per tile (default 192)")
    parser.add_argument("--out", default=str(A.ROOT / "docs" / "tile-masks.png"))
    args = parser.parse_args()
    sheet(Path(args.out), args.cell)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
