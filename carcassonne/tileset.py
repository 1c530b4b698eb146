"""Loads tile definitions from the Tiled tilesets in ``resources/tilesets``.

The ``.tsx`` files are the single source of truth for what each tile is: the rules
engine, the artwork generator and the board renderer all read them. They are read
through ``catalogue.tmx``, a map that references them and lays every tile kind out
for a person to look at in Tiled.

The rules data is read with the standard library's XML parser: the command line
(``replay``, ``simulate``, ``bench``) and the computer players need tile definitions,
not a display library, and pytmx imports pygame (~9 MB, ~0.2 s per run). pytmx reads
the same files where the app wants Tiled's view of them (the artwork each tile names,
:func:`image_sources`); a test checks that both readers see the same properties.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import resources
from .engine.errors import TileDefinitionError
from .engine.tiles import TileKind, TileSet, declare_edge_kind, parse_marks, parse_segments

CATALOGUE = "catalogue.tmx"

#: A tile's custom property as Tiled types it (``type="int"`` etc.; text when untyped).
PropertyValue = str | int | float | bool


@dataclass(frozen=True)
class TiledTile:
    """One tile of a Tiled tileset and its custom properties."""

    gid: int
    tileset: str
    tileset_properties: dict[str, PropertyValue]
    properties: dict[str, PropertyValue]


def _typed(prop: ET.Element) -> PropertyValue:
    """A ``<property>``'s value typed the way Tiled (and pytmx) type it."""
    value = prop.get("value")
    if value is None:
        value = prop.text or ""  # multi-line text properties keep their value as element text
    kind = prop.get("type", "string")
    if kind == "int":
        return int(value)
    if kind == "float":
        return float(value)
    if kind == "bool":
        return value == "true"
    return value


def _properties(element: ET.Element) -> dict[str, PropertyValue]:
    block = element.find("properties")
    if block is None:
        return {}
    return {p.get("name", ""): _typed(p) for p in block.iter("property")}


def _parse(path: Path) -> ET.Element:
    try:
        return ET.parse(path).getroot()
    except (OSError, ET.ParseError) as exc:
        raise TileDefinitionError(f"{path.name}: cannot read the tileset ({exc})") from exc


def read_tiled_tiles(map_path: Path | None = None) -> list[TiledTile]:
    """Every tile of the tilesets a Tiled map references, in gid order (no images loaded)."""
    map_path = map_path or resources.path("tilesets", CATALOGUE)
    tiles: list[TiledTile] = []
    for ref in _parse(map_path).iter("tileset"):
        source = ref.get("source")
        tsx_path = (map_path.parent / source) if source else map_path
        tsx = _parse(tsx_path) if source else ref
        firstgid = int(ref.get("firstgid", "1"))
        set_props = _properties(tsx)
        for tile in tsx.iter("tile"):
            tiles.append(TiledTile(
                gid=firstgid + int(tile.get("id", "0")),
                tileset=tsx.get("name", ""),
                tileset_properties=set_props,
                properties=_properties(tile),
            ))
    return tiles


def read_tilesets(map_path: Path | None = None) -> TileSet:
    """Every tile kind from the tilesets a map references."""
    kinds: dict[str, TileKind] = {}
    for tile in read_tiled_tiles(map_path):
        props = tile.properties
        if "tile_id" not in props:
            continue
        try:
            # The marks this tileset's segments may carry: its ``marks``; a kind of edge of its
            # own: its ``edge_kinds``.
            marks = parse_marks(str(tile.tileset_properties.get("marks", "")))
            for word in str(tile.tileset_properties.get("edge_kinds", "")).split():
                letter, _, edge = word.partition(":")
                declare_edge_kind(letter, edge)
            kind = TileKind(
                id=str(props["tile_id"]),
                count=int(props["count"]),
                edges=str(props["edges"]),
                segments=parse_segments(str(props["segments"]), marks),
                expansion=str(tile.tileset_properties.get("expansion", tile.tileset)),
                role=str(props.get("role", "")),
                symbol=str(props.get("symbol", "")),
            )
        except (KeyError, ValueError) as exc:
            if isinstance(exc, TileDefinitionError):
                raise
            raise TileDefinitionError(f"tile {props['tile_id']}: bad or missing property ({exc})") from exc
        kinds[kind.id] = kind
    return TileSet(kinds)


@cache
def standard_tiles() -> TileSet:
    """Every tile kind shipped, the base game's and every expansion's (a game
    plays the kinds its rules put in the box: :meth:`Deck.for_rules`)."""
    return read_tilesets()


def image_sources(map_path: Path | None = None) -> dict[str, Path]:
    """Tile id -> the artwork file the tileset names for it, as Tiled (pytmx) resolves it.

    For the app and the artwork scripts, which have pygame anyway; no image is loaded.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx  # imports pygame: kept out of module import time and out of the rules data

    map_path = map_path or resources.path("tilesets", CATALOGUE)
    tiled = pytmx.TiledMap(str(map_path))
    out: dict[str, Path] = {}
    for gid in range(1, len(tiled.images)):
        props = tiled.get_tile_properties_by_gid(gid) or {}
        image = tiled.images[gid]
        if image and "tile_id" in props:
            out[str(props["tile_id"])] = Path(image[0]).resolve()
    return out
