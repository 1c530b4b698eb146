"""Shared test set-up: a headless SDL, the shipped tiles, and a game builder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from carcassonne.tileset import standard_tiles  # noqa: E402


@pytest.fixture(scope="session")
def tiles():
    return standard_tiles()
