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


@pytest.fixture(params=["one process", "two nodes and Redis"])
def hosting(request, tmp_path, monkeypatch):
    """Runs a test against one server process and against a server of two nodes sharing a
    real Redis (skipped, with its reason, only where redis-server is not installed)."""
    from netkit import NO_REDIS, Hosting, RedisServer

    if request.param == "one process":
        yield Hosting(None, monkeypatch)
        return
    if NO_REDIS:
        pytest.skip(NO_REDIS)
    (tmp_path / "redis").mkdir()
    redis = RedisServer(tmp_path / "redis").start()
    try:
        yield Hosting(redis, monkeypatch)
    finally:
        redis.stop()
