"""The screens in every language: nothing drawn escapes translation, nothing runs past its box."""

from __future__ import annotations

import re

import pygame
import pytest

from carcassonne import i18n
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.explain import why_not_tile
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.session import play
from carcassonne.app.widgets import LayoutLog, record_layout
from carcassonne.engine import Placement
from carcassonne.engine.record import Seat

SEATS = [Seat("Annabelle", "red"), Seat("Bartholomew", "blue", "ai:normal")]
#: The screens whose every word is in the catalogues.
TRANSLATED_SCREENS = ("title", "settings", "pause", "play")
#: Drawn as they are in every language: key names beside buttons, the game's name, the version.
AS_IS = re.compile(r"^(Esc|Enter|Ctrl\+\w|F1|F11|[A-Z]|Carcassonne|[\d\s.,:+×x/%→-]*)$")


def screens(app):  # noqa: ANN001, ANN201
    """Each translated screen drawn once: (name, the texts drawn, what ran past its box)."""
    d = Driver(app)
    out = []

    def capture(name: str) -> None:
        log = LayoutLog()
        record_layout(log)
        try:
            app.draw()
        finally:
            record_layout(None)
        out.append((name, [t for t, *_ in log.texts], log.overflows(app.screen.get_rect())))

    app.replace_scene("title")
    d.frames(2)
    capture("title")
    app.push_scene("settings")
    d.frames(2)
    capture("settings")
    game = random_game(app.tiles, 30, seed=2, names=[s.name for s in SEATS], follower_rate=0.5)
    play(app, game, SEATS)
    d.key(pygame.K_RETURN)
    d.frames(2)
    scene = app.top
    assert isinstance(scene, PlayScene)
    tile = scene.turn.tile
    assert tile is not None
    # the longest why-not sentence: an edge that does not match, beside a tile already placed
    g = scene.turn.game
    tried = [Placement(tile, x, y, r) for x in range(-3, 4) for y in range(-3, 4) for r in (0, 90, 180, 270)]
    mismatch = next(p for p in tried if (reason := g.why_not_placement(p)) and reason.rule == "edge-mismatch")
    sentence = why_not_tile(g, mismatch)
    assert sentence
    scene.say(sentence)
    d.frames(1)
    capture("play")
    app.push_scene("pause", save=lambda: "", before_quit=lambda: None)
    d.frames(1)
    capture("pause")
    return out


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_text_on_the_translated_screens_comes_from_the_catalogue(make_app):
    i18n.set_language(i18n.PSEUDO)
    app = make_app()
    names = {s.name for s in SEATS}
    escaped = {name: [t for t in texts if i18n.OPEN not in t and t not in names and not AS_IS.match(t)]
               for name, texts, _ in screens(app)}
    assert {k: v for k, v in escaped.items() if v} == {}


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_no_text_runs_past_its_box_in_any_language(make_app, code):
    i18n.set_language(code)
    app = make_app(size=(1024, 768))
    found = {name: bad for name, _, bad in screens(app)}
    assert {k: v for k, v in found.items() if v} == {}
