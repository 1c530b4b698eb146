"""The app's side of network play without pygame: the link thread, the in-game host and
LAN discovery, with real sockets on 127.0.0.1 only (port 0) and a deadline on every wait."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import pytest

from carcassonne.engine import COLORS
from carcassonne.net import discovery
from carcassonne.net.host import Host
from carcassonne.net.link import FAILED, OPEN, RECONNECTING, Link
from carcassonne.net.table import Desync, TableState
from carcassonne.tileset import standard_tiles


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("CARCASSONNE_NET_LOCAL", "1")


@pytest.fixture(scope="module")
def tiles():
    return standard_tiles()


def until(done: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.02)
    return done()


class Screen:
    """What the play screen does each frame: poll the link, apply to its own table."""

    def __init__(self, link: Link, tiles) -> None:
        self.link, self.table, self.seen = link, TableState(tiles), []

    def frame(self) -> None:
        for message in self.link.poll():
            self.seen.append(message)
            try:
                self.table.apply(message)
            except Desync:
                pass


def seats(*kinds: str) -> list[dict]:
    return [{"kind": k, "color": COLORS[i], "name": f"P{i}"} for i, k in enumerate(kinds)]


def test_a_host_and_a_friend_play_through_links(tmp_path, tiles):
    host = Host(tiles, tmp_path / "hosted", port=0)
    host.start()
    try:
        assert host.addresses() == [host.local_url]  # loopback only: nothing else is offered
        mine = Link(host.local_url, tiles)
        mine.create(seats("human", "open"), name="Friday")
        me = Screen(mine, tiles)
        assert until(lambda: (me.frame(), mine.code)[1] != "")
        friend_link = Link(host.local_url, tiles)
        friend_link.join(mine.code, 1, "Bob")
        friend = Screen(friend_link, tiles)
        assert until(lambda: (me.frame(), friend.frame(), me.table.started and friend.table.started)[2])
        assert mine.seats == [0] and friend_link.seats == [1]
        for turn in range(4):
            mover, link = (me, mine) if me.table.current == 0 else (friend, friend_link)
            game = mover.table.game
            placement = sorted(game.legal_placements(mover.table.tile))[0]
            assert link.send({"type": "play", "x": placement.x, "y": placement.y,
                              "rotation": placement.rotation, "turn": game.turn_number})
            assert until(lambda turn=turn: (me.frame(), friend.frame(),
                                            me.table.game.turn_number > turn
                                            and friend.table.game.turn_number > turn)[2])
        assert me.table.game.history == friend.table.game.history
        assert me.table.game.scores == friend.table.game.scores
        friend_link.stop()
        assert until(lambda: (me.frame(), me.table.seats[1]["connected"] is False)[1])
        mine.stop()
    finally:
        host.stop()


def test_a_refused_join_is_one_line_and_the_link_stops(tmp_path, tiles):
    host = Host(tiles, tmp_path / "hosted", port=0)
    host.start()
    try:
        link = Link(host.local_url, tiles)
        link.join("NOCODE", 0, "Eve")
        assert until(lambda: link.status == FAILED)
        assert link.problem == "no game has that join code"
        assert any(m.get("type") == "link" for m in link.poll())
        link.stop()
    finally:
        host.stop()


def test_an_unreachable_server_is_one_line(tiles):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nobody listens here once closed
    link = Link(f"ws://127.0.0.1:{port}", tiles)
    link.lobby()
    assert until(lambda: link.status == FAILED)
    assert link.problem.startswith(f"cannot reach ws://127.0.0.1:{port}")
    link.stop()


def test_a_restarted_host_resumes_and_the_link_comes_back(tmp_path, tiles):
    folder = tmp_path / "hosted"
    host = Host(tiles, folder, port=0)
    host.start()
    port = host.port
    link = Link(host.local_url, tiles)
    link.create(seats("human", "ai:random"))
    screen = Screen(link, tiles)
    assert until(lambda: (screen.frame(), screen.table.started)[1])
    game = screen.table.game
    placement = sorted(game.legal_placements(screen.table.tile))[0]
    link.send({"type": "play", "x": placement.x, "y": placement.y, "rotation": placement.rotation})
    assert until(lambda: (screen.frame(), screen.table.game.turn_number >= 2)[1])  # the computer answered
    played = list(screen.table.game.history)
    host.stop()
    assert until(lambda: link.status == RECONNECTING, 10)
    again = Host(tiles, folder, port=port)
    again.start()
    try:
        assert again.port == port
        assert until(lambda: link.status == OPEN, 30)
        assert until(lambda: (screen.frame(), screen.table.game is not None
                              and screen.table.game.history[:len(played)] == played)[1])
        link.stop()
    finally:
        again.stop()


def test_a_taken_port_means_another_free_one(tmp_path, tiles):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        host = Host(tiles, tmp_path / "h", port=taken.getsockname()[1])
        host.start()
        try:
            assert host.port not in (0, taken.getsockname()[1])
        finally:
            host.stop()


def test_discovery_finds_a_hosted_game_on_loopback():
    answerer = discovery.Answerer(7625, lambda: [("Friday game", "abc", 2)], port=0)
    try:
        found = discovery.ask(1.0, port=answerer.port)
        assert found == [discovery.FoundGame("127.0.0.1", 7625, "Friday game", 2)]
        assert found[0].url == "ws://127.0.0.1:7625"
    finally:
        answerer.stop()


def test_discovery_stays_quiet_without_games_and_ignores_strangers():
    answerer = discovery.Answerer(7625, lambda: [], port=0)
    try:
        assert discovery.ask(0.3, port=answerer.port) == []
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.settimeout(0.3)
            s.sendto(b"\x00" * 60, ("127.0.0.1", answerer.port))
            with pytest.raises(socket.timeout):
                s.recvfrom(100)
    finally:
        answerer.stop()


@pytest.mark.parametrize("data", [b"", b"\xff" * 10, b"[]", b'{"carcassonne": 1}', b"{" * 3000,
                                  b'{"carcassonne": 1, "port": 70000, "games": []}',
                                  b'{"carcassonne": 1, "port": 1, "games": [{"name": 3, "free": 1}]}',
                                  b'{"carcassonne": 1, "port": 1, "games": [{"name": "x", "free": true}]}'])
def test_a_malformed_answer_is_ignored(data):
    assert discovery.read_answer(data, "127.0.0.1") == []


def test_an_answer_names_are_cleaned():
    data = b'{"carcassonne": 1, "port": 7625, "games": [{"name": "Bob\\u202e\\n game", "free": 1}]}'
    (game,) = discovery.read_answer(data, "127.0.0.1")
    assert "\u202e" not in game.name and "\n" not in game.name


class ProbeSocket:
    """A UDP socket as :func:`carcassonne.net.host.routed_address` uses it: connected, asked its
    own address; it records what it was asked and never reaches a network."""

    def __init__(self, own: str) -> None:
        self.own, self.connected_to, self.sent = own, None, 0

    def __enter__(self) -> ProbeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, address: tuple[str, int]) -> None:
        self.connected_to = address

    def getsockname(self) -> tuple[str, int]:
        return (self.own, 40000)

    def send(self, data: bytes) -> int:
        self.sent += 1
        return len(data)


def test_the_address_given_to_friends_is_the_interface_that_reaches_the_network(monkeypatch):
    """Issue 42: on Debian and Ubuntu the computer's own name resolves to 127.0.1.1, and the waiting
    room gave friends ws://127.0.0.1:7625. The address of the interface with the route comes
    first, the others after it; loopback and link-local ones never."""
    from carcassonne.net import host as hosting

    probe = ProbeSocket("192.168.1.20")
    assert hosting.routed_address(lambda: probe) == "192.168.1.20"  # type: ignore[arg-type, return-value]
    assert probe.connected_to == hosting.UNROUTED and probe.sent == 0  # connecting a UDP socket sends nothing
    assert hosting.lan_addresses(lambda: "192.168.1.20",
                                 lambda: ["127.0.0.1", "10.8.0.3", "169.254.3.4", "192.168.1.20", "127.0.1.1"]) == [
        "192.168.1.20", "10.8.0.3"]
    assert hosting.lan_addresses(lambda: None, lambda: ["127.0.1.1"]) == []  # no network at all

    monkeypatch.delenv("CARCASSONNE_NET_LOCAL")
    monkeypatch.setattr(hosting, "routed_address", lambda: "192.168.1.20")
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, 1, 6, "", ("127.0.1.1", 0))])
    monkeypatch.setattr(socket, "if_nameindex", lambda: [])
    host = hosting.Host(standard_tiles(), __import__("pathlib").Path("unused"), port=7625)
    host.port = 7625  # (never started: only its addresses are asked)
    assert host.addresses() == ["ws://192.168.1.20:7625"]


def test_a_computer_with_no_route_offers_no_address_but_its_own(monkeypatch):
    from carcassonne.net import host as hosting

    def refused() -> ProbeSocket:
        raise OSError("Network is unreachable")

    assert hosting.routed_address(refused) is None  # type: ignore[arg-type]
