"""Text the fonts cannot draw: drawing never fails on any string, and names are cleaned of
what would draw as nothing (U+FFFC, the object replacement character)."""

from __future__ import annotations

import json

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_app_hostile_files import record_data, settle

from carcassonne.app.driver import Driver
from carcassonne.app.scenes.new_game import NewGameScene
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.replay import ReplayScene, open_replay
from carcassonne.app.scenes.title import TitleScene
from carcassonne.app.ui.textcache import render_text
from carcassonne.app.ui.widgets import TextField, blit_text
from carcassonne.engine.untrusted import clean_name

#: Marks that draw as nothing on their own, and the one symbol the fonts leave undrawn.
ZERO_WIDTH = ["\u034f", "\u17b4", "\u17b5", "\u180b", "\u180c", "\u180d", *map(chr, range(0xFE00, 0xFE10)),
              "\ufffc"]


@pytest.fixture(scope="module")
def fonts():
    from carcassonne.app.art.assets import Fonts

    pygame.font.init()
    return Fonts()


@pytest.mark.parametrize("text", [*ZERO_WIDTH, "", "\x00", "a\ud800b", "\ud800", "\ufffc" * 40, "\u200b"])
def test_any_string_is_drawn(fonts, text):
    for role in ("ui", "bold", "title"):
        image = render_text(fonts.get(20, role), text, (0, 0, 0))
        assert image.get_height() > 0


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=20))
def test_blit_text_draws_every_string(fonts, text):
    blit_text(pygame.Surface((200, 40)), fonts.get(18), text, (0, 0))


def test_a_name_of_what_the_fonts_leave_undrawn_is_cleaned():
    assert clean_name("\ufffc", "Player 1") == "Player 1"
    assert clean_name("A\ufffcnn", "Player 1") == "Ann"


@pytest.mark.parametrize("mark", ZERO_WIDTH)
def test_typing_a_lone_zero_width_mark_into_an_empty_field(fonts, mark):
    from carcassonne.app.ui.intents import KEY, Intent

    field = TextField("", lambda _text: None, pygame.Rect(0, 0, 200, 40))
    field.focused = True
    field.handle(Intent(KEY, key=0, text=mark))
    field.draw(pygame.Surface((220, 60)), fonts, 1.0)


def test_the_new_game_screen_opens_with_an_undrawable_name_in_the_last_setup(make_app, data_dir):
    data_dir.mkdir()
    seats = [{"name": "\ufffc", "color": "red", "kind": "human"}, {"name": "B\ufffc", "color": "blue"}]
    (data_dir / "last-setup.json").write_text(json.dumps({"seats": seats}), encoding="utf-8")
    app = make_app()
    app.push(TitleScene(app))
    d = Driver(app)
    d.key(pygame.K_n)
    assert isinstance(app.top, NewGameScene)
    d.key(pygame.K_RETURN)
    settle(app)
    assert isinstance(app.top, PlayScene)
    assert "\ufffc" not in "".join(app.top.game.names)


def test_a_game_with_an_undrawable_name_is_replayed(make_app, tmp_path):
    app = make_app()
    path = tmp_path / "object.carc.json"
    path.write_text(json.dumps(record_data(app, ("\ufffc", "Bob"))), encoding="utf-8")
    app.replace(TitleScene(app))
    assert open_replay(app, path) is None
    settle(app)
    assert isinstance(app.top, ReplayScene)
