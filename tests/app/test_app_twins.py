"""The tiles a rule module makes as twins of others (the Abbot's garden twins) find their
pictures with no list of them in the app: every kind an expansion can make
(``Expansion.tiles``), each twin's picture beside its plain twin's."""

from __future__ import annotations

from carcassonne.app.art import tile_masks
from carcassonne.app.art.expansion_ui import every_tile, with_twins
from carcassonne.tileset import image_sources, read_tilesets

TILES = read_tilesets()


def test_every_twin_an_expansion_makes_has_its_picture_beside_its_plain_twin():
    sources = image_sources()
    made = [kind for kind in every_tile(TILES) if kind.twin_of]
    assert {k.id for k in made} >= {"EG", "VG", "R10G", "IC3G", "IC15G"}  # the base game's, the river's, I&C's
    found = with_twins(sources, TILES)
    for kind in made:
        art = found[kind.id]
        assert art.is_file(), kind.id
        assert art.parent == sources[kind.twin_of].parent and art.stem == sources[kind.twin_of].stem + "G"
        assert tile_masks.mask_file(kind.id).is_file(), kind.id


def test_a_tile_set_without_twins_gains_none_and_the_tiles_are_not_changed():
    plain = {k.id for k in TILES}
    assert {k.id for k in every_tile(TILES)} - plain == {k.id for k in every_tile(TILES) if k.twin_of}
    assert set(with_twins({}, TILES)) == set()  # (no plain twin's picture: nothing to lie beside)


def test_the_app_loads_every_twin_s_art_not_a_stand_in(make_app):
    app = make_app()
    images = app.assets.tiles
    for kind in every_tile(app.tiles):
        if kind.twin_of:
            images.base(kind.id)
    assert not [t for t in images.missing if t.endswith("G")]
