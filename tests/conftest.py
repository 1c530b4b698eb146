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


@pytest.fixture()
def redis_server(tmp_path):
    """A real Redis for the tests of a server of several nodes, stopped afterwards."""
    from netkit import NO_REDIS, RedisServer

    if NO_REDIS:
        pytest.skip(NO_REDIS)
    (tmp_path / "redis").mkdir()
    server = RedisServer(tmp_path / "redis").start()
    try:
        yield server
    finally:
        server.stop()
