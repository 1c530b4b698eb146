"""Headless app fixtures: the dummy video and audio drivers, a private data folder."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the tests read English unless they choose a language

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("CARCASSONNE_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def automatic_ui_scale():
    """A test that chooses the size of text and panels leaves the next one at the automatic size."""
    yield
    from carcassonne.app.ui.widgets import set_ui_percent

    set_ui_percent(0)


@pytest.fixture
def make_app(data_dir):
    """An App in a 1024×768 dummy window with instant animations (or as asked)."""
    from carcassonne.app.app import App
    from carcassonne.app.files.storage import Settings, Storage

    made = []

    def make(animation: str = "instant", size: tuple[int, int] = (1024, 768), hints: bool = True):
        settings = Settings(window_size=size, animation=animation, sound=False, hints=hints)
        app = App(Storage(data_dir), settings=settings)
        app.fps = 0  # no frame cap: the dummy driver needs no pacing
        made.append(app)
        return app

    yield make
    for app in made:
        for scene in reversed(app.scenes):
            scene.exit()
        app.scenes.clear()
        if app.net.turns is not None:  # (the title screen's questions end with the test's app)
            app.net.turns.stop()
    pygame.event.clear()
