"""The server under attack (issue 37): a store that cannot write, floods of connections,
games and wrong codes from many loopback addresses (127.0.0.0/8), names that carry
controls, chat floods across rejoins, a deal that must not be guessed from its draws.

Each test that a server answers runs twice (the ``hosting`` fixture): against one server
process, and against two nodes sharing a real Redis, with the test's connections spread
over both nodes (issue 38).

Every server here listens on 127.0.0.1 with port 0; the other loopback addresses are only
ever the clients' own ends. Every wait has a deadline.
"""

from __future__ import annotations

import asyncio
import errno
import json
import math
import random
import sqlite3
from collections import deque
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from carcassonne.ai import get_bot
from carcassonne.engine import Rules
from carcassonne.net import server as server_module
from carcassonne.net import store as store_module
from carcassonne.net.client import Connection, NetError
from carcassonne.net.limits import Allowance, ConnectionGate, Limits, Policy, network_of
from carcassonne.net.protocol import LIST_PAGE, PROTOCOL_VERSION, play_message
from carcassonne.net.room import CODE_ALPHABET, CODE_LENGTH, new_room
from carcassonne.net.store import Store

from netkit import play_seat, run, seated_pair, wait_for

HUMANS = [{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "human", "color": "blue", "name": "Bea"}]
WAITING = [{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"}]


def _plays(conn: Connection, seat: int, seed: int = 100) -> dict[str, Any]:
    game = conn.table.game
    move = get_bot("normal", seed).choose(game.copy())
    return play_message(move, game.turn_number)


async def _quiet(conn: Connection, within: float) -> list[dict[str, Any]]:
    """What the server sends this connection in ``within`` seconds."""
    got = []
    try:
        while True:
            got.append(await asyncio.wait_for(conn.receive(), within))
    except TimeoutError:
        return got


class DiskFull:
    """Writes of game records fail while ``full`` is set, as on a full disk."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.failed = 0
        real = store_module.write_atomically

        def write(path: Any, text: str, durable: bool = True) -> None:
            if self.full:
                self.failed += 1
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, text, durable=durable)
        monkeypatch.setattr(store_module, "write_atomically", write)


# ------------------------------------------------------------------ 1. storage
def test_a_move_that_cannot_be_stored_did_not_happen_and_the_game_goes_on_when_storage_is_back(
        tiles, tmp_path, hosting):
    with hosting(tiles, tmp_path / "data") as server:
        async def scenario():
            a, b = await seated_pair(server.url, tiles, seed=5)
            move = _plays(a, 0)
            hosting.storage_fails(True)
            await a.send(move)
            refused = await asyncio.wait_for(a.receive(), 5)
            again_sent = await a.send(move)
            again = await asyncio.wait_for(a.receive(), 5)
            heard = await _quiet(b, 0.5)
            state = await a.request({"type": "sync"}, "state")
            hosting.storage_fails(False)
            await a.send(move)
            played = await asyncio.wait_for(b.receive(), 5)
            return refused, again_sent, again, heard, state, played, a.game_id

        refused, _sent, again, heard, state, played, game = run(scenario())
    assert refused["type"] == "error" and refused["code"] == "storage"
    assert "\n" not in refused["message"] and "nothing was played" in refused["message"]
    assert again["code"] == "storage", "the move did not happen: sending it again is not 'not-your-turn'"
    assert heard == [], "the other player hears of no move that was not stored"
    assert state["turns"] == [] and state["current"] == 0
    assert played["type"] == "turn" and played["at"] == 0
    assert hosting.stored_turns(tmp_path / "data", game) >= 1


def test_a_game_that_cannot_be_stored_is_not_opened_and_leaves_nothing_listed(tiles, tmp_path, hosting):
    with hosting(tiles, tmp_path / "data") as server:
        if hosting.cluster:
            fail = hosting.storage_fails
        else:
            lock = sqlite3.connect(tmp_path / "data" / "lobby.sqlite3", timeout=0.1)
            server.call(lambda: server.server.store.db.execute("PRAGMA busy_timeout = 100"))

            def fail(full: bool) -> None:  # another writer holds the database: every write fails
                lock.execute("BEGIN EXCLUSIVE") if full else lock.rollback()

        async def scenario():
            host = Connection(server.url, tiles)
            await host.open()
            fail(True)
            with pytest.raises(NetError) as refused:
                await host.create(WAITING, name="Ghost")
            listed = await host.request({"type": "list"}, "games")
            fail(False)
            await host.create(WAITING, name="Real")
            after = await host.request({"type": "list"}, "games")
            return refused.value, listed, after

        refused, listed, after = run(scenario())
        rooms = [r.name for r in hosting.rooms(server).values()]
        if not hosting.cluster:
            lock.close()
    assert refused.code == "storage"
    assert listed["games"] == [] and [g["name"] for g in after["games"]] == ["Real"]
    assert rooms == ["Real"]


def test_a_computers_turn_that_cannot_be_stored_is_played_when_storage_is_back(
        tiles, tmp_path, monkeypatch, hosting):
    import threading

    from carcassonne.net.thinking import Thinkers

    monkeypatch.setattr(server_module, "RETRY_AFTER", 0.2)
    failing = threading.Event()  # (the computer thinks once storing fails, however busy the machine)
    think = Thinkers.move

    async def move_once_failing(self: Thinkers, job: Any) -> Any:
        while not failing.is_set():
            await asyncio.sleep(0.01)
        return await think(self, job)
    monkeypatch.setattr(Thinkers, "move", move_once_failing)
    with hosting(tiles, tmp_path / "data") as server:
        async def scenario():
            a = Connection(server.url, tiles)
            await a.open()
            await a.create([{"kind": "human", "color": "red", "name": "Ann"},
                            {"kind": "ai:random", "color": "blue"}], seed=3)
            hosting.storage_fails(True)
            await a.send(_plays(a, 0))
            await asyncio.wait_for(a.receive(), 5)  # refused: not stored
            hosting.storage_fails(False)
            await a.send(_plays(a, 0))
            while a.table.game.turn_number < 1:
                await asyncio.wait_for(a.receive(), 5)
            before = hosting.failed
            hosting.storage_fails(True)  # now the computer's turn cannot be stored
            failing.set()
            heard = await _quiet(a, 0.8)
            hosting.storage_fails(False)
            tries = hosting.failed - before
            while a.table.current != 0:
                await asyncio.wait_for(a.receive(), 5)
            return heard, tries, a.table.game.turn_number

        heard, tries, turns = run(scenario())
    assert not [m for m in heard if m["type"] == "turn"] and tries >= 2
    assert turns >= 2


def test_a_simulated_game_through_a_server_whose_disk_fills_now_and_then_is_the_local_game(
        tiles, tmp_path, monkeypatch, hosting):
    """Seeded failures of one write in five: every seat's client sends its move again
    until it is stored, and the game ends move for move as locally. (Against Redis, half of
    the failures come after the turn was stored, as when Redis goes away before it answers:
    the same move sent again is taken as stored.)"""
    from carcassonne import simulate
    from carcassonne.net.remote_play import run as remote_run

    rng = random.Random(4)
    disk = DiskFull(monkeypatch)
    if hosting.cluster:
        from carcassonne.net.shared_store import SharedStore

        real_save = SharedStore.save_turns

        async def flaky_save(self: Any, room: Any, since: int) -> None:
            luck = rng.random()
            if luck < 0.1:
                disk.failed += 1
                raise store_module.StoreUnavailable("Redis cannot be reached: injected")
            await real_save(self, room, since)
            if luck < 0.2:
                disk.failed += 1
                raise store_module.StoreUnavailable("Redis cannot be reached: the answer was lost")
        monkeypatch.setattr(SharedStore, "save_turns", flaky_save)
    else:
        real = store_module.write_atomically

        def flaky(path: Any, text: str, durable: bool = True) -> None:
            disk.full = rng.random() < 0.2
            real(path, text, durable=durable)
        monkeypatch.setattr(store_module, "write_atomically", flaky)
    with hosting(tiles, tmp_path / "data") as server:
        url = ",".join(server.urls) if hosting.cluster else server.url
        results = remote_run(url, Rules(), ["random", "random"], 1, 7, None, 1, simulate.seating)
    local, _order, _timing = simulate.play_one(tiles, Rules(), ["random", "random"], 0, 7)
    assert disk.failed > 5
    assert results[0][3] == local.history and results[0][2] == local.scores


# ------------------------------------------------------------------ 2. connections
async def _hello_from(url: str, address: str) -> Any:
    """An open, greeted connection from a loopback ``address``, or None if it was refused."""
    try:
        ws = await connect(url, local_addr=(address, 0), open_timeout=3)
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 3))["type"] == "welcome"
        return ws
    except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
        return None


def test_connections_are_limited_per_address_per_network_and_in_all(tiles, hosting):
    """(Open connections are counted per node: they are each process's file descriptors.)"""
    gate = ConnectionGate(total=12, per_address=3, per_network=5)
    with hosting(tiles, gate=gate) as cluster:
        server = cluster.nodes[0] if hosting.cluster else cluster

        async def scenario():
            held = []
            first = [await _hello_from(server.url, "127.0.0.2") for _ in range(4)]
            held += [ws for ws in first if ws]
            second = [await _hello_from(server.url, "127.0.0.3") for _ in range(3)]
            held += [ws for ws in second if ws]
            elsewhere = [await _hello_from(server.url, f"127.0.{n}.1") for n in range(1, 9)]
            held += [ws for ws in elsewhere if ws]
            for ws in held[:2]:
                await ws.close()
            await asyncio.sleep(0.2)
            back = await _hello_from(server.url, "127.0.0.2")
            for ws in held[2:] + [back]:
                if ws:
                    await ws.close()
            return [bool(w) for w in first], [bool(w) for w in second], [bool(w) for w in elsewhere], bool(back)

        first, second, elsewhere, back = run(scenario(), timeout=60)
        wait_for(lambda: server.call(lambda: server.server.gate.open) == 0, 5, "every connection let go")
    assert first == [True, True, True, False]  # three an address
    assert second == [True, True, False]  # five a network (127.0.0.0/24)
    assert elsewhere == [True] * 7 + [False]  # twelve in all
    assert back, "a connection closed makes room for another"


# ------------------------------------------------------------------ 3. computer players
def test_computer_players_think_in_processes_without_slowing_a_peoples_game(tiles, tmp_path, hosting):
    """Six tables of six Expert players, from three networks, think in one worker process
    while two people play: their moves come back at once (with threads, 2.9 to 5 s each).
    A fifth table of computers from one address is refused."""
    from carcassonne.net.thinking import Thinkers

    experts = [{"kind": "ai:expert", "color": c} for c in ("red", "blue", "green", "yellow", "black", "pink")]
    with hosting(tiles, tmp_path / "data", thinkers=Thinkers(workers=1)) as server:
        async def scenario():
            for i in range(6):
                conn = Connection(server.url, tiles, local_address=f"127.0.{i % 3 + 1}.2")
                await conn.open()
                await conn.create(experts)
            greedy = []
            for _ in range(5):
                conn = Connection(server.url, tiles, local_address="127.0.9.9")
                await conn.open()
                try:
                    await conn.create(experts[:2])
                    greedy.append("created")
                except NetError as exc:
                    greedy.append(exc.code)
            await asyncio.sleep(0.5)
            a, b = await seated_pair(server.url, tiles, seed=2)
            other = asyncio.ensure_future(play_seat(b, 1, "normal", 101, until_turn=40))
            trips = []
            while len(trips) < 6:
                while a.table.current != 0:
                    await asyncio.wait_for(a.receive(), 10)
                message = _plays(a, 0)
                started = asyncio.get_running_loop().time()
                await a.send(message)
                while a.table.game.turn_number == message["turn"]:
                    await asyncio.wait_for(a.receive(), 10)
                trips.append(asyncio.get_running_loop().time() - started)
            other.cancel()
            return greedy, trips

        greedy, trips = run(scenario(), timeout=90)
        thought = server.call(lambda: server.server.thinkers.workers)
    assert greedy == ["created"] * 4 + ["too-many-computers"]
    assert thought == 1
    assert max(trips) < 0.5, trips


# ------------------------------------------------------------------ 4. games per address
def test_an_address_may_open_only_so_many_games_whether_or_not_they_wait_for_players(tiles, hosting):
    policy = Policy(creates=Allowance(5, 3600.0), creates_network=Allowance(8, 3600.0))
    with hosting(tiles, limits=Limits(policy=policy)) as server:
        async def scenario():
            codes = []
            for address in ["127.0.0.2"] * 6 + ["127.0.0.3"] * 4 + ["127.0.1.2"]:
                conn = Connection(server.url, tiles, local_address=address)
                await conn.open()
                try:
                    await conn.create(HUMANS)  # no open seat: the game starts at once
                    codes.append("created")
                except NetError as exc:
                    codes.append(exc.code)
                await conn.close()
            return codes

        codes = run(scenario())
    assert codes == ["created"] * 5 + ["too-many-games"] + ["created"] * 3 + ["too-many-games", "created"]
    assert Policy().creates.count <= 30 and Policy().creates.window >= 3600


# ------------------------------------------------------------------ 5. the lobby's list
def test_the_lobby_list_comes_in_pages_kept_until_a_game_changes(tiles, monkeypatch, hosting):
    policy = Policy(creates=Allowance(1000, 3600.0), creates_network=Allowance(1000, 3600.0), games=1000,
                    games_network=1000)
    with hosting(tiles, limits=Limits(policy=policy)) as server:
        async def scenario():
            host = Connection(server.url, tiles)
            await host.open()
            for i in range(2 * LIST_PAGE + 7):
                await host.request({"type": "create", "seats": WAITING, "name": f"game {i}"}, "created")
                await host.request({"type": "leave"}, "left")
            lister = Connection(server.url, tiles)
            await lister.open()
            raw = []
            real_recv = lister.ws.recv

            async def recording(**kw: Any) -> Any:
                frame = await real_recv(**kw)
                raw.append(frame)
                return frame
            lister.ws.recv = recording  # type: ignore[method-assign]
            first = await lister.request({"type": "list"}, "games")
            last = await lister.request({"type": "list", "page": 2}, "games")
            again = await lister.request({"type": "list"}, "games")
            await host.request({"type": "create", "seats": WAITING, "name": "newest"}, "created")
            later = await lister.request({"type": "list", "page": 2}, "games")
            return first, last, again, later, raw

        first, last, again, later, raw = run(scenario(), timeout=60)
    assert len(first["games"]) == LIST_PAGE and first["page"] == 0 and first["pages"] == 3
    assert first["total"] == 2 * LIST_PAGE + 7
    assert [g["name"] for g in last["games"]] == [f"game {i}" for i in range(2 * LIST_PAGE, 2 * LIST_PAGE + 7)]
    assert raw[0] == raw[2], "the same page, asked again at once, is the same text"
    assert later["games"][-1]["name"] == "newest" and later["total"] == first["total"] + 1
    assert max(len(frame) for frame in raw) < 100_000


# ------------------------------------------------------------------ 6. networks and codes
def test_wrong_codes_from_rotating_addresses_are_limited_per_network(tiles, hosting):
    with hosting(tiles) as server:
        async def scenario():
            codes = []
            for n in range(2, 36):  # every guess from a new address of 127.0.0.0/24
                conn = Connection(server.url, tiles, local_address=f"127.0.0.{n}")
                await conn.open()
                try:
                    await conn.join("ZZZZZZZZZZ", 1, "Eve")
                except NetError as exc:
                    codes.append(exc.code)
                await conn.close()
            other = Connection(server.url, tiles, local_address="127.0.5.1")
            await other.open()
            try:
                await other.join("ZZZZZZZZZZ", 1, "Eve")
            except NetError as exc:
                return codes, exc.code

        codes, other = run(scenario(), timeout=60)
    allowed = Policy().failures_network.count
    assert codes == ["bad-code"] * allowed + ["rate-limited"] * (34 - allowed)
    assert other == "bad-code"


def test_join_codes_cannot_be_enumerated_while_a_game_waits():
    """A day of guessing at 100,000 a second (far more than a server answers, from any
    number of networks) tries a millionth of the codes."""
    space = len(CODE_ALPHABET) ** CODE_LENGTH
    assert 100_000 * server_module.WAITING_KEPT / space < 1e-3 * 1.2
    assert network_of("2001:db8::1") == network_of("2001:db8::ffff:1") == "2001:db8::/64"
    assert network_of("203.0.113.7") == network_of("::ffff:203.0.113.9") == "203.0.113.0/24"


# ------------------------------------------------------------------ 7. the deal
def test_a_servers_deal_is_a_secret_of_128_bits_kept_across_a_restart(tiles, tmp_path, hosting):
    plans = [{"name": None, **plan} for plan in WAITING]
    seeds = {new_room(tiles, Rules(), plans, seed=None)[0].seed for _ in range(20)}
    assert len(seeds) == 20 and all(s.bit_length() > 128 for s in seeds)
    assert min(math.log2(s - 2**128 + 1) for s in seeds) > 100  # (2^-27 to fail by chance)
    data = tmp_path / "data"
    with hosting(tiles, data, allow_seeds=False) as server:
        async def start():
            a = Connection(server.url, tiles)
            await a.open()
            await a.create(HUMANS)
            await play_seat(a, 0, "normal", 1, until_turn=1)
            return a.game_id, a.table.tile, a.tokens
        game, tile, tokens = run(start())
        seed = hosting.rooms(server)[game].seed
    with hosting(tiles, data) as server:
        async def back():  # (a node of a cluster reads a game back when somebody comes back to it)
            a = Connection(server.url, tiles)
            await a.open()
            await a.rejoin(game, tokens)
        run(back())
        room = hosting.rooms(server)[game]
        resumed = (room.seed, room.tile)
    assert seed.bit_length() > 128 and resumed == (seed, tile)
    if not hosting.cluster:
        store = Store(data)
        try:
            assert store.room(tiles, game).seed == seed
        finally:
            store.close()


# ------------------------------------------------------------------ 8. names and texts
def test_every_text_a_peer_sends_is_cleaned_and_a_lone_surrogate_breaks_nothing(tiles, tmp_path, hosting):
    nasty = "\u202eevil\u200b\x00\x1b[31m\r\nname\ud800\U000e0041\ufeff\ue000 game"
    data = tmp_path / "data"
    with hosting(tiles, data) as server:
        async def scenario():
            async with connect(server.url) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "client": nasty}))
                await ws.recv()
                await ws.send(json.dumps({"type": "create", "name": nasty, "seats": [
                    {"kind": "human", "color": "red", "name": nasty}, {"kind": "open", "color": "blue"}]}))
                created = json.loads(await ws.recv())
                state = json.loads(await ws.recv())
                await ws.send(json.dumps({"type": "chat", "text": nasty}))
                chat = json.loads(await ws.recv())
                await ws.send(json.dumps({"type": "rejoin", "game": "x\ud800", "token": "t\u202e"}))
                refused = json.loads(await ws.recv())
            lister = Connection(server.url, tiles)
            await lister.open()
            return created, state, chat, refused, await lister.request({"type": "list"}, "games")

        created, state, chat, refused, listed = run(scenario())
    assert created["type"] == "created"
    for text in (state["name"], state["seats"][0]["name"], chat["text"], listed["games"][0]["name"]):
        assert text.isprintable() and "evil" in text and "name" in text
        assert not any(ch in text for ch in "\u202e\u200b\x00\x1b\r\n\ud800\U000e0041\ufeff\ue000")
    assert refused["code"] == "bad-message"
    with hosting(tiles, data) as server:  # and the game is still there after a restart
        async def listed():
            lister = Connection(server.url, tiles)
            await lister.open()
            return await lister.request({"type": "list"}, "games")
        assert [g["name"] for g in run(listed())["games"]] == [state["name"]]


# ------------------------------------------------------------------ 9. chat
def test_the_chat_limit_is_per_seat_whatever_connection_says_it(tiles, hosting):
    with hosting(tiles) as server:
        async def scenario():
            a, b = await seated_pair(server.url, tiles)
            answers = []
            for round_ in range(3):  # come back on a new connection after every 5 lines
                for i in range(5):
                    await b.send({"type": "chat", "text": f"line {round_}.{i}"})
                    while True:
                        reply = await asyncio.wait_for(b.receive(), 5)
                        if reply["type"] in ("chat", "error"):
                            answers.append(reply.get("code", "chat"))
                            break
                await b.close()
                again = Connection(server.url, tiles)
                await again.open()
                await again.rejoin(b.game_id, b.tokens)
                b = again
            return answers

        answers = run(scenario())
    assert answers[:8] == ["chat"] * 8 and set(answers[8:]) == {"chat-flood"}


def test_computer_moves_wait_in_turn_between_addresses_and_a_persons_turn_goes_first():
    """The queue of :mod:`carcassonne.net.thinking`: one address with many tables of computers
    waits behind everybody else's single move; a person's turn played by a computer is first."""
    from carcassonne.net.thinking import Job, Thinkers, _Waiting

    async def order() -> list[str]:
        thinkers = Thinkers(workers=1)  # (no process is started: the queue's order alone)
        jobs = [("greedy", False, "g1"), ("greedy", False, "g2"), ("greedy", False, "g3"),
                ("friend", False, "f1"), ("other", False, "o1"), ("greedy", False, "g4"),
                ("friend", True, "timeout")]
        for address, urgent, name in jobs:
            waiting = _Waiting(Job("normal", 0, {}, [name], 0, [], "D", address, urgent))
            if urgent:
                thinkers._urgent.append(waiting)
            else:
                if address not in thinkers._queues:
                    thinkers._queues[address] = deque()
                    thinkers._turns.append(address)
                thinkers._queues[address].append(waiting)
        served = []
        while (waiting := thinkers._next()) is not None:
            served.append(waiting.job.names[0])
        return served

    assert asyncio.run(order()) == ["timeout", "g1", "f1", "o1", "g2", "g3", "g4"]


def test_a_server_of_ones_own_with_seeds_allowed_does_not_limit_the_games_created():
    """``--allow-seeds`` (tests, tournaments, ``simulate --server`` of a hundred games)."""
    async def creates(policy: Policy) -> int:
        limits = Limits(policy=policy)
        for n in range(200):
            try:
                await limits.check_create("127.0.0.1", computers=True)
            except Exception:  # noqa: BLE001 - (the refusal ends the count)
                return n
            await limits.game_opened("127.0.0.1", f"game {n}", computers=True)
        return 200

    assert asyncio.run(creates(Policy.own_server())) == 200
    assert asyncio.run(creates(Policy())) == Policy().computer_games
