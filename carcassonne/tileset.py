"""Loads tile definitions from the Tiled tilesets in ``resources/tilesets``.

The ``.tsx`` files are the single source of truth for what each tile is: the rules
engine, the artwork generator and the board renderer all read them. pytmx cannot
open a lone ``.tsx`` (it loads an empty map), so the tilesets are read through
``catalogue.tmx``, a map that references them and lays every tile kind out for a
person to look at in Tiled.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from . import resources
from .engine.tiles import TileKind, TileSet, parse_segments

CATALOGUE = "catalogue.tmx"


def read_tilesets(map_path: Path | None = None) -> TileSet:
    """Every tile kind from the tilesets a map references (no images are loaded)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # imports pygame: kept out of module import time

    map_path = map_path or resources.path("tilesets", CATALOGUE)
    tiled = pytmx.TiledMap(str(map_path))
    kinds: dict[str, TileKind] = {}
    for tileset in tiled.tilesets:
        expansion = tileset.properties.get("expansion", tileset.name)
        for gid in range(tileset.firstgid, tileset.firstgid + tileset.tilecount):
            props = tiled.get_tile_properties_by_gid(gid)
            if not props or "tile_id" not in props:
                continue
            kind = TileKind(
                id=str(props["tile_id"]),
                count=int(props["count"]),
                edges=str(props["edges"]),
                segments=parse_segments(str(props["segments"])),
                expansion=str(expansion),
                role=str(props.get("role", "")),
            )
            kinds[kind.id] = kind
    return TileSet(kinds)


@cache
def standard_tiles() -> TileSet:
    """The base game and The River, as shipped."""
    return read_tilesets()


def image_sources(map_path: Path | None = None) -> dict[str, Path]:
    """Tile id -> the artwork file the tileset names for it."""
    import xml.etree.ElementTree as ET

    map_path = map_path or resources.path("tilesets", CATALOGUE)
    out: dict[str, Path] = {}
    for ts in ET.parse(map_path).getroot().iter("tileset"):
        tsx = (map_path.parent / ts.get("source", "")).resolve()
        for tile in ET.parse(tsx).getroot().iter("tile"):
            props = {p.get("name"): p.get("value") for p in tile.iter("property")}
            image = tile.find("image")
            tile_id = props.get("tile_id")
            if image is not None and tile_id is not None:
                out[tile_id] = (tsx.parent / image.get("source", "")).resolve()
    return out
