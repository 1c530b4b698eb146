"""The Join screen against a hostile server (issue 37, item 12): whatever the server
does, the screen ends with one line saying what went wrong, never "Connecting…" for ever."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from carcassonne.net import client as client_module

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hostile_server import HostileServer  # noqa: E402


@pytest.fixture()
def short_deadlines(monkeypatch):
    monkeypatch.setattr(client_module, "ANSWER_WITHIN", 0.3)
    monkeypatch.setattr(client_module, "RECONNECT_FOR", 0.4)


def test_the_join_screen_says_what_a_hostile_server_did(make_app, short_deadlines, monkeypatch):
    """On screen: a welcome for another protocol and silence after joining are each one line."""
    from carcassonne.app.driver import Driver
    from carcassonne.app.scenes.join import JoinScene

    monkeypatch.setenv("CARCASSONNE_NET_LOCAL", "1")
    app = make_app()
    d = Driver(app)
    problems = []
    for case in ("welcome for another protocol", "silence after created", "turn seconds 1e400"):
        with HostileServer(case) as server:
            app.replace_scene("join")
            join = app.top
            assert isinstance(join, JoinScene)
            join.address.text = f"127.0.0.1:{server.port}"
            join.code.text = "ABCDEFGHJK"
            join.name.text = "Bob"
            join.join()
            deadline = time.monotonic() + 8
            while join.link is not None and time.monotonic() < deadline:
                d.frames(1)
                time.sleep(0.01)
            problems.append(join.problem)
            assert join.link is None and isinstance(app.top, JoinScene)
    assert "protocol 99" in problems[0]
    assert all(p and "\n" not in p and len(p) <= 220 for p in problems), problems
