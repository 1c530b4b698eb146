"""The Tiled tilesets hold exactly the tiles of the catalogue (``shared/docs/tiles.md``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from carcassonne import tileset
from carcassonne.engine.deck import Deck
from carcassonne.engine.errors import TileDefinitionError
from carcassonne.engine.geometry import EDGE_NAMES, HALF_NAMES
from carcassonne.engine.rules import Rules
from carcassonne.engine.tiles import TileKind, format_segments, parse_marks, parse_segments

sys.path.insert(0, str(Path(__file__).parent / "reference"))
from tiles_md import read_catalogue, section_totals  # noqa: E402

#: The catalogue's sections the tilesets implement; an expansion lands by adding its section.
IMPLEMENTED = {"base", "river", "inns_cathedrals", "traders_builders", "princess_dragon"}
CATALOGUE = read_catalogue(sections=IMPLEMENTED)
SHARED_COPY = Path(__file__).resolve().parents[2] / "shared" / "docs" / "tiles.md"


def test_reference_copy_matches_the_shared_catalogue():
    if not SHARED_COPY.exists():
        pytest.skip("shared/docs/tiles.md is not beside the project")
    assert (Path(__file__).parent / "reference" / "tiles.md").read_text() == SHARED_COPY.read_text()


def test_the_catalogue_reads_whole_section_by_section():
    """Every section's rows add up to the tiles its heading counts, implemented or not yet."""
    assert section_totals() == {"base": 72, "river": 12, "inns_cathedrals": 18, "traders_builders": 24,
                                "princess_dragon": 30}
    future = read_catalogue(sections={"traders_builders", "princess_dragon"})
    goods = [s["mark"] for row in future.values() for s in row.segments if s["mark"] in ("wine", "grain", "cloth")]
    assert (goods.count("wine"), goods.count("grain"), goods.count("cloth")) == (9, 6, 5)
    symbols = [row.symbol for row in future.values() for _ in range(row.count) if row.section == "princess_dragon"]
    assert {s: symbols.count(s) for s in set(symbols)} == {"volcano": 6, "dragon": 12, "portal": 6, "princess": 6}


def test_every_tile_of_the_catalogue_is_in_the_tilesets(tiles):
    assert set(t.id for t in tiles) == set(CATALOGUE)
    assert len(tiles.expansion("base")) == 24 and tiles.expansion("base").total == 72
    assert len(tiles.expansion("river")) == 10 and tiles.expansion("river").total == 12
    assert len(tiles.expansion("inns_cathedrals")) == 17 and tiles.expansion("inns_cathedrals").total == 18
    assert len(tiles.expansion("traders_builders")) == 24 and tiles.expansion("traders_builders").total == 24
    assert len(tiles.expansion("princess_dragon")) == 29 and tiles.expansion("princess_dragon").total == 30


def test_ten_pennant_tiles_in_the_base_game(tiles):
    assert sum(t.count for t in tiles.expansion("base") if t.pennants) == 10


@pytest.mark.parametrize("tile_id", sorted(CATALOGUE))
def test_tile_matches_the_catalogue(tiles, tile_id):
    row, kind = CATALOGUE[tile_id], tiles[tile_id]
    assert kind.count == row.count
    assert kind.edges == row.edges
    assert kind.role == {"D": "start"}.get(tile_id, row.role)
    assert kind.symbol == row.symbol  # The Princess & the Dragon: volcano, dragon, portal, princess
    assert kind.expansion == row.section

    def places(seg):
        if seg.kind == "field":
            return {HALF_NAMES[h] for h in seg.halves}
        return {EDGE_NAMES[e] for e in seg.edges}

    got = sorted(
        (s.kind, sorted(places(s)), s.pennant, sorted(s.marks),
         sorted(sorted(places(kind.segments[c])) for c in s.cities))
        for s in kind.segments)
    want = sorted(
        (s["kind"], sorted(s["places"]), s["pennant"], [s["mark"]] if s["mark"] else [],
         sorted(sorted(c) for c in s["cities"]))
        for s in row.segments)
    assert got == want


def test_each_tileset_declares_its_expansion_and_the_marks_its_segments_carry():
    declared = {t.tileset: (t.tileset_properties.get("expansion"), t.tileset_properties.get("marks", ""))
                for t in tileset.read_tiled_tiles()}
    assert declared == {
        "base": ("base", ""), "river": ("river", ""),
        "inns_cathedrals": ("inns_cathedrals", "inn:road cathedral:city"),
        "traders_builders": ("traders_builders", "wine:city grain:city cloth:city"),
        "princess_dragon": ("princess_dragon", "princess:city tunnel:road"),
    }


@pytest.mark.parametrize("rules", [{}, {"river": True}, {"abbot": True}, {"inns_cathedrals": True},
                                   {"river": True, "abbot": True, "inns_cathedrals": True}])
def test_tiles_of_expansions_without_rules_never_reach_the_bag(tiles, rules):
    """The tilesets ship Traders & Builders and The Princess & the Dragon before their rules:
    a game's bag holds the base tiles and what its rule modules add, nothing else."""
    deck = Deck.for_rules(tiles, Rules.from_record(rules), seed=1)
    kinds = {tiles[t].expansion for t, n in deck.counts.items() if n} | {tiles[deck.start].expansion}
    assert kinds <= {"base", "river", "inns_cathedrals"}
    assert not any(t.startswith(("TB", "PD")) for t in deck.pile)


def test_segment_text_round_trips(tiles):
    for kind in tiles:
        marks = {mark: seg.kind for seg in kind.segments for mark in seg.marks}
        assert parse_segments(format_segments(kind.segments), marks) == kind.segments


def test_a_tileset_declares_its_marks_and_the_segment_each_goes_on():
    marks = parse_marks("inn:road cathedral:city wine:city")
    assert marks == {"inn": "road", "cathedral": "city", "wine": "city"}
    (city, field) = parse_segments("city N W wine; field EN ES SE SW > N", marks)
    assert city.marks == {"wine"} and not field.marks
    with pytest.raises(TileDefinitionError, match="wine does not go on a road"):
        parse_segments("road E W wine; field NW NE EN WN; field ES SE SW WS", marks)
    with pytest.raises(TileDefinitionError, match="bad place 'wine'"):  # undeclared: read as a place
        parse_segments("city N wine; field EN ES SE SW WS WN > N")
    with pytest.raises(TileDefinitionError, match="bad mark"):
        parse_marks("inn")


def test_a_tile_may_show_a_symbol_of_its_own(tmp_path):
    (tmp_path / "t.tsx").write_text(
        '<tileset name="x" tilecount="1"><properties><property name="marks" value="princess:city"/></properties>'
        '<tile id="0"><properties>'
        '<property name="tile_id" value="Q1"/><property name="count" type="int" value="1"/>'
        '<property name="edges" value="cfff"/><property name="symbol" value="volcano"/>'
        '<property name="segments" value="city N princess; field EN ES SE SW WS WN &gt; N"/>'
        '</properties></tile></tileset>')
    (tmp_path / "m.tmx").write_text('<map><tileset firstgid="1" source="t.tsx"/></map>')
    kind = tileset.read_tilesets(tmp_path / "m.tmx")["Q1"]
    assert kind.symbol == "volcano" and kind.segments[0].marks == {"princess"}
    assert kind.orientation(90).segments[0].marks == {"princess"}


@pytest.mark.parametrize("edges, segments, problem", [
    ("crfr", "city N; road E; field EN WN > N; field ES SE SW WS", "edge W should be road"),
    ("ffff", "field NW NE EN ES SE SW", "not all field"),
    ("cfff", "city N; city N; field EN ES SE SW WS WN", "two segments"),
    ("cxff", "city N", "edges must be"),
])
def test_a_bad_definition_is_refused_with_a_reason(edges, segments, problem):
    with pytest.raises(TileDefinitionError, match=problem):
        TileKind("Z", 1, edges, parse_segments(segments))


def test_rotation_turns_clockwise(tiles):
    d = tiles["D"]
    assert d.orientation(0).edges == ("c", "r", "f", "r")
    assert d.orientation(90).edges == ("r", "c", "r", "f")  # the city faces east
    assert d.orientation(90).spots["city:E"] == 0
    # The north field (EN WN) of D lies south-west/south-east after a half turn.
    north_field = next(i for i, s in enumerate(d.segments) if s.kind == "field" and s.cities)
    assert d.orientation(180).spots["farm:WS"] == north_field
    assert d.orientation(180).spots["farm:ES"] == north_field


def test_image_sources_name_a_png_for_every_tile(tiles):
    sources = tileset.image_sources()
    assert set(sources) == {t.id for t in tiles}
    assert all(p.suffix == ".png" for p in sources.values())


def test_pytmx_reads_the_same_tile_properties_as_the_rules_reader():
    """The rules data is read without pytmx (no display library); Tiled's own reader must agree."""
    import pytmx

    tiled = pytmx.TiledMap(str(tileset.resources.path("tilesets", tileset.CATALOGUE)))
    ours = tileset.read_tiled_tiles()
    assert len(ours) == sum(ts.tilecount for ts in tiled.tilesets) == 51 + 24 + 29
    pytmx_own = {"id", "source", "trans", "width", "height", "frames"}
    for tile in ours:
        theirs = tiled.get_tile_properties_by_gid(tile.gid)
        assert {k: v for k, v in theirs.items() if k not in pytmx_own} == tile.properties, tile.gid
    for ts in tiled.tilesets:
        assert all(t.tileset_properties == ts.properties for t in ours if t.tileset == ts.name)


def test_property_types_follow_tiled(tmp_path):
    (tmp_path / "t.tsx").write_text(
        '<tileset name="x" tilecount="1"><tile id="0"><properties>'
        '<property name="tile_id" value="Q"/><property name="count" type="int" value="3"/>'
        '<property name="odd" type="bool" value="true"/><property name="w" type="float" value="0.5"/>'
        '</properties></tile></tileset>')
    (tmp_path / "m.tmx").write_text('<map><tileset firstgid="7" source="t.tsx"/></map>')
    (tile,) = tileset.read_tiled_tiles(tmp_path / "m.tmx")
    assert tile.gid == 7 and tile.tileset == "x"
    assert tile.properties == {"tile_id": "Q", "count": 3, "odd": True, "w": 0.5}


def test_a_broken_tileset_file_is_one_clear_error(tmp_path):
    (tmp_path / "m.tmx").write_text('<map><tileset firstgid="1" source="gone.tsx"/></map>')
    with pytest.raises(TileDefinitionError, match="gone.tsx: cannot read the tileset"):
        tileset.read_tilesets(tmp_path / "m.tmx")
    (tmp_path / "m.tmx").write_text('<map><tileset firstgid="1"')
    with pytest.raises(TileDefinitionError, match="m.tmx: cannot read the tileset"):
        tileset.read_tilesets(tmp_path / "m.tmx")
