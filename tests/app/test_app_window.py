"""The window opens where it was left: position, maximised, size; never out of reach."""

from __future__ import annotations

import json

import pygame
import pytest

from carcassonne.app import window
from carcassonne.app.window import fit


@pytest.mark.parametrize("size, position, desktops, expected", [
    ((1600, 900), (100, 80), [(1920, 1080)], ((1600, 900), (100, 80))),
    # the second monitor (right of the first) is still there
    ((1280, 800), (2100, 50), [(1920, 1080), (2560, 1440)], ((1280, 800), (2100, 50))),
    # ... and now it is gone: the window opens centred on what is left
    ((1280, 800), (2100, 50), [(1920, 1080)], ((1280, 800), None)),
    # a 4K-sized window on a laptop screen shrinks to fit it
    ((3840, 2160), (0, 0), [(1366, 768)], ((1366, 768), (0, 0))),
    # the title bar would be off the top or the left
    ((1280, 800), (-400, 10), [(1920, 1080)], ((1280, 800), None)),
    ((1280, 800), (10, 1070), [(1920, 1080)], ((1280, 800), None)),
    # never smaller than the game's minimum, even on a tiny desktop
    ((1280, 800), None, [(800, 600)], ((1024, 720), None)),  # (a 1280 × 720 screen fits)
])
def test_a_saved_place_is_clamped_to_the_desktops_there_are_now(size, position, desktops, expected):
    assert fit(size, position, desktops) == expected


def _window_file(data_dir, **data):  # noqa: ANN001, ANN003
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "window.json").write_text(json.dumps(data))


def test_the_window_opens_where_it_was_and_remembers_moves(make_app, data_dir):
    _window_file(data_dir, position=[200, 100], maximized=False)
    app = make_app(size=(1024, 768))
    assert window._window().position == (200, 100)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMOVED, x=300, y=150))
    app.frame(0.05)
    app.shutdown()
    assert json.loads((data_dir / "window.json").read_text()) == {"position": [300, 150], "maximized": False}


def test_a_maximised_window_is_maximised_again_and_keeps_its_normal_size(make_app, data_dir, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = make_app(size=(1280, 800))
    assert app.size == (1280, 800)
    # what SDL sends when the player maximises: the new size, then "maximised"
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    app.frame(0.05)
    app.settings.window_size = (1920, 1080)  # as the resize that comes with it sets it
    app.shutdown()
    assert json.loads((data_dir / "window.json").read_text())["maximized"] is True
    assert app.storage.load_settings().window_size == (1280, 800)

    maximised = []
    monkeypatch.setattr(window, "_window", lambda: type("W", (), {"maximize": lambda self: maximised.append(1)})())
    make_app(size=app.storage.load_settings().window_size)
    assert maximised == [1]


def test_a_place_on_a_monitor_that_is_gone_opens_centred(make_app, data_dir):
    _window_file(data_dir, position=[5000, 3000], maximized=False)
    make_app(size=(1024, 768))
    assert window._window().position != (5000, 3000)


@pytest.mark.parametrize("junk", ['{"position": [1e9, "x"], "maximized": 3}', "[", '"window"', "{}"])
def test_a_damaged_window_file_is_ignored(make_app, data_dir, junk):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "window.json").write_text(junk)
    app = make_app()
    assert app.window.placement == window.Placement()
