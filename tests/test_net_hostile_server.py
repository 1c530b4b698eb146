"""The game's clients against a hostile server (issue 37, items 10 to 12): ``simulate
--server`` and the Join screen's link check every message, have a deadline for every
answer and say one short line; ``simulate --server`` waits for a server killed while
its games are being seated and writes each record when its game ends.
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hostile_server import CASES, HostileServer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from carcassonne.engine.record import GameRecord
from carcassonne.net import client as client_module
from carcassonne.net import remote_play
from carcassonne.net.link import CONNECTING, FAILED, OPEN, RECONNECTING, Link
from carcassonne.net.protocol import SERVER_MESSAGES, ProtocolError, read_server_message
from carcassonne.net.table import Desync, TableState

from netkit import ROOT, start_server_process


@pytest.fixture()
def short_deadlines(monkeypatch):
    monkeypatch.setattr(client_module, "ANSWER_WITHIN", 0.3)
    monkeypatch.setattr(client_module, "RECONNECT_FOR", 0.4)
    monkeypatch.setattr(remote_play, "TURN_WITHIN", 0.3)


def test_a_seat_that_hears_nothing_comes_back_to_its_game_then_gives_up_with_one_line(monkeypatch, capsys):
    """Silence while the game is under way (its news lost on the way to another node, say):
    the seat rejoins every QUIET seconds, and after TURN_WITHIN of silence ends with one line."""
    from carcassonne.cli import main

    monkeypatch.setattr(client_module, "ANSWER_WITHIN", 0.3)
    monkeypatch.setattr(client_module, "RECONNECT_FOR", 0.4)
    monkeypatch.setattr(remote_play, "QUIET", 0.2)
    monkeypatch.setattr(remote_play, "TURN_WITHIN", 2.0)
    with HostileServer("silent once under way") as server:
        code = main(["simulate", "--server", server.url, "--bots", "random,random", "-n", "1"])
        rejoined = server.asked["rejoin"]
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "sent nothing for 2 s" in _one_line(err)
    assert rejoined >= 3, server.asked


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text[:500]
    assert len(lines[0]) <= 220 and "Traceback" not in lines[0] and lines[0].isprintable(), lines[0][:300]
    return lines[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_simulate_against_a_hostile_server_ends_with_one_line(case, short_deadlines, capsys):
    from carcassonne.cli import main

    with HostileServer(case) as server:
        started = time.monotonic()
        code = main(["simulate", "--server", server.url, "--bots", "random,random", "-n", "1"])
        took = time.monotonic() - started
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    _one_line(err)
    assert took < 10


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_join_screens_link_against_a_hostile_server_fails_in_one_line_or_opens(case, short_deadlines):
    with HostileServer(case) as server:
        link = Link(server.url, tiles=_tiles())
        try:
            link.join("ABCDEFGHJK", None, "Bob", "blue")
            deadline = time.monotonic() + 8
            while link.status in (CONNECTING, RECONNECTING) and time.monotonic() < deadline:
                time.sleep(0.02)
            status, problem, polled = link.status, link.problem, link.poll()
        finally:
            link.stop()
    assert status in (FAILED, OPEN), f"still {status}"
    failures = [m for m in polled if m.get("type") == "link"]
    if status == FAILED:
        _one_line(problem)
        assert failures and failures[-1]["code"] != "failed", f"an exception got through: {problem}"


def _tiles():
    from carcassonne.tileset import standard_tiles

    return standard_tiles()


# ------------------------------------------------------------------ 10. a server killed while seating
class KillingProxy:
    """Forwards WebSocket frames to a real server process; the first time a client takes
    its seat (``join`` or ``rejoin``) the server is killed with SIGKILL, every connection through the
    proxy drops, and the server is started again on the same data (a new port behind the proxy)."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.proc, self.port = start_server_process(data, 0, "--allow-seeds")
        self.killed = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.links: set = set()
        self.closing = False

    def __enter__(self) -> KillingProxy:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.closing = True  # (a restart still under way stops its server itself)

        async def stop() -> None:
            for ws, upstream in list(self.links):
                ws.transport.abort()
                upstream.transport.abort()
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 5)
            except TimeoutError:
                pass
        try:
            asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
        finally:
            self._stop_server()

    def _stop_server(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.listen_port}"

    async def _start(self) -> None:
        self.server = await serve(self._handle, "127.0.0.1", 0, max_size=None, close_timeout=0.2)
        self.listen_port = next(iter(self.server.sockets)).getsockname()[1]

    async def _handle(self, ws) -> None:
        try:
            upstream = await connect(f"ws://127.0.0.1:{self.port}", max_size=None, open_timeout=5)
        except OSError:
            ws.transport.abort()
            return
        self.links.add((ws, upstream))

        async def down() -> None:
            async for frame in upstream:
                await ws.send(frame)

        async def up() -> None:
            async for frame in ws:
                if not self.killed.is_set() and json.loads(frame).get("type") in ("join", "rejoin"):
                    self.killed.set()
                    await asyncio.to_thread(self._kill_and_restart)
                    return
                await upstream.send(frame)
        try:
            await asyncio.gather(down(), up())
        except (ConnectionClosed, OSError):
            pass
        finally:
            self.links.discard((ws, upstream))
            for end in (ws, upstream):
                end.transport.abort()

    def _kill_and_restart(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        for ws, upstream in list(self.links):
            ws.transport.abort()
            upstream.transport.abort()
        self.proc, self.port = start_server_process(self.data, 0, "--allow-seeds")
        if self.closing:
            self._stop_server()


def test_simulate_waits_for_a_server_killed_while_seating_and_writes_every_record(tmp_path):
    records = tmp_path / "records"
    with KillingProxy(tmp_path / "data") as proxy:
        done = subprocess.run([sys.executable, "-m", "carcassonne", "simulate", "--server", proxy.url,
                               "--bots", "random,random", "-n", "4", "--jobs", "2", "--seed", "40", "--json",
                               "--records", str(records)], capture_output=True, text=True, cwd=ROOT, timeout=240)
        killed = proxy.killed.is_set()
    assert killed
    assert done.returncode == 0, done.stderr[-2000:]
    local = tmp_path / "local"
    subprocess.run([sys.executable, "-m", "carcassonne", "simulate", "--bots", "random,random", "-n", "4",
                    "--seed", "40", "--json", "--records", str(local)], check=True, capture_output=True,
                   cwd=ROOT, timeout=120)
    assert sorted(p.name for p in records.iterdir()) == [f"game-{i:04d}.carc.json" for i in range(1, 5)]
    for mine in records.iterdir():
        assert GameRecord.load(mine).turns == GameRecord.load(local / mine.name).turns


def test_simulate_writes_each_record_when_its_game_ends(tmp_path, monkeypatch):
    """A run stopped after its first game has that game's record already."""
    from netkit import ServerThread

    seen: list[list[str]] = []
    real = remote_play.play_game

    async def watched(*args, **kwargs):
        result = await real(*args, **kwargs)
        seen.append(sorted(p.name for p in (tmp_path / "records").iterdir()))
        return result
    monkeypatch.setattr(remote_play, "play_game", watched)
    with ServerThread(_tiles()) as server:
        from carcassonne.cli import main

        assert main(["simulate", "--server", server.url, "--bots", "random,random", "-n", "2",
                     "--records", str(tmp_path / "records"), "--json"]) == 0
    # when the second game ended, the first one's record was on disk already
    assert seen[1] == ["game-0001.carc.json"]


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10)
_names = st.sampled_from(sorted({f for fields in SERVER_MESSAGES.values() for f in fields}
                                | {"x", "y", "rotation", "seat", "token", "tile"}))


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(kind=st.sampled_from(sorted(SERVER_MESSAGES)), fields=st.dictionaries(_names, _values, max_size=6),
       started=st.booleans())
def test_whatever_a_server_sends_is_read_or_refused_in_one_line(kind, fields, started):
    """Items 11 and 12 at the root: any message, of any type and fields, is either checked
    and taken in by a client's table, or refused as a bad message or a desync; nothing else
    (no KeyError, TypeError, OverflowError) gets through."""
    table = TableState(_tiles())
    if started:
        table.apply(read_server_message(json.dumps(json.loads(_state_text()))))
    try:
        message = read_server_message(json.dumps({**fields, "type": kind}))
    except ProtocolError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    try:
        table.apply(message)
    except Desync:
        pass


def _state_text() -> str:
    from hostile_server import _state

    return _state()
