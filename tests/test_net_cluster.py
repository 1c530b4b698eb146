"""A server of several nodes sharing one real Redis (issue 38): a game whose seats sit on
different nodes is the local game move for move, the lobby and the limits are the
cluster's, a node that dies has its games taken over from the stored moves, Redis
restarting loses nothing, and the operators' pages answer on the WebSocket's port.

Redis is a real ``redis-server`` started by the ``redis_server`` fixture on a free loopback
port (never 6379) with a folder of its own; every node listens on 127.0.0.1 with port 0.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from test_net_server import local_game

from carcassonne.engine.record import GameRecord

from netkit import ROOT, ClusterThreads, play_seat, run, seated_pair, wait_for


def test_a_game_whose_players_sit_on_two_nodes_is_the_local_game(tiles, redis_server):
    with ClusterThreads(tiles, redis_server.url, nodes=2) as cluster:
        async def scenario():
            a, b = await seated_pair(cluster.url, tiles, seed=11)
            await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "random", 101))
            return a.table.game, b.table.game

        mine, theirs = run(scenario())
    local = local_game(tiles, 11, ["normal", "random"])
    assert mine.history == theirs.history == local.history
    assert mine.scores == theirs.scores == local.scores


# ------------------------------------------------------------------ nodes as processes
def _node(redis_url: str, log: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """``carcassonne server --redis`` in a process of its own; its log goes to ``log``."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with open(log, "a", encoding="utf-8") as err:
        proc = subprocess.Popen([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--redis", redis_url,
                                 "--allow-seeds", *extra], stdout=subprocess.PIPE, stderr=err, text=True,
                                env=env, cwd=ROOT)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("listening on ws://127.0.0.1:"), first
    return proc, first.split()[-1]


def _stop_nodes(procs: list[subprocess.Popen[str]]) -> None:
    """Each node still running stopped as an operator does (SIGTERM), killed if it hangs."""
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _turns_kept(redis_server) -> dict[str, int]:
    """Each game's turns as Redis keeps them."""
    from redis import Redis

    client = Redis(port=redis_server.port, socket_timeout=5, decode_responses=True)
    try:
        return {key: int(client.llen(key)) for key in client.scan_iter("carcassonne:turns:*")}
    finally:
        client.close()


def test_three_nodes_one_killed_then_redis_killed_and_restarted_every_game_ends_as_locally(
        tiles, tmp_path, redis_server):
    """Seats of each game on different nodes (``simulate --server A,B,C``); SIGKILL one node
    mid-match, then SIGKILL Redis and start it again on its append-only file: every game
    ends, move for move the game the same seeds play locally, and the nodes' logs say what
    happened in single lines, never a traceback."""
    logs = [tmp_path / f"node{i}.log" for i in range(3)]
    nodes = [_node(redis_server.url, log) for log in logs]
    net_records, local_records = tmp_path / "net", tmp_path / "local"
    args = ["simulate", "--bots", "normal,random", "-n", "3", "--jobs", "3", "--seed", "40", "--json"]
    sim = subprocess.Popen([sys.executable, "-m", "carcassonne", *args, "--records", str(net_records),
                            "--server", ",".join(url for _proc, url in nodes)], stdout=subprocess.PIPE,
                           text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    try:
        wait_for(lambda: sorted(_turns_kept(redis_server).values())[:1] >= [12]
                 and len(_turns_kept(redis_server)) == 3, 120, "three games under way")
        nodes[1][0].kill()  # a node dies mid-match
        nodes[1][0].wait(10)
        at_kill = _turns_kept(redis_server)
        wait_for(lambda: all(n >= at_kill[k] + 6 or n >= 70 for k, n in _turns_kept(redis_server).items()),
                 60, "every game going on without the killed node")
        redis_server.kill()  # and then Redis itself
        time.sleep(0.5)
        redis_server.start()
        out, _err = sim.communicate(timeout=240)
        assert sim.returncode == 0
    finally:
        sim.kill()
        _stop_nodes([proc for proc, _url in nodes])
    assert all(0 < n < 70 for n in at_kill.values()), at_kill  # killed mid-game
    local = subprocess.run([sys.executable, "-m", "carcassonne", *args, "--records", str(local_records)],
                           capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT,
                           timeout=120)
    played = [(b["wins"], b["mean_score"]) for b in json.loads(out)["bots"]]
    assert played == [(b["wins"], b["mean_score"]) for b in json.loads(local.stdout)["bots"]]
    for mine in sorted(net_records.iterdir()):
        assert GameRecord.load(mine).turns == GameRecord.load(local_records / mine.name).turns
    assert len(list(net_records.iterdir())) == 3
    for i in (0, 2):
        text = logs[i].read_text()
        assert "Traceback" not in text, text
        assert "cannot be reached" in text and "is back after" in text, text


# ------------------------------------------------------------------ for operators
def _get(url: str, path: str) -> tuple[int, str, str]:
    """An HTTP GET on a server's WebSocket port: status, content type, text."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.getheader("Content-Type") or "", answer.read().decode()
    finally:
        conn.close()


def test_healthz_and_metrics_answer_on_the_websocket_port(tiles, redis_server):
    """``/metrics`` in Prometheus's text format: games, connections, moves, the move round
    trip and Redis round trips; ``/healthz`` is 503 while Redis is away, 200 when it is back."""
    from carcassonne.net.meters import Meters

    with ClusterThreads(tiles, redis_server.url, nodes=2, meters=None) as cluster:
        for node in cluster.nodes:  # (each node its own registry)
            node.call(lambda n=node: setattr(n.server, "meters", Meters(enabled=True))
                      or n.server.meters.watch(n.server))
            node.call(lambda n=node: setattr(n.server.cluster.shared.health, "observe",
                                             n.server.meters.redis_trip))

        async def scenario():
            a, b = await seated_pair(cluster.url, tiles, seed=11)
            await asyncio.gather(play_seat(a, 0, "random", 100, until_turn=10),
                                 play_seat(b, 1, "random", 101, until_turn=10))
            return [_get(url, "/metrics") for url in cluster.urls], a, b

        pages, _a, _b = run(scenario())
        healthy = [_get(url, "/healthz") for url in cluster.urls]
        redis_server.kill()
        wait_for(lambda: _get(cluster.urls[0], "/healthz")[0] == 503, 10, "not ready without Redis")
        redis_server.start()
        wait_for(lambda: _get(cluster.urls[0], "/healthz")[0] == 200, 10, "ready again")
    assert [h[0] for h in healthy] == [200, 200] and healthy[0][2] == "ready\n"
    for status, kind, text in pages:
        assert status == 200 and kind.startswith("text/plain; version=") and "," not in kind
        for name in ("carcassonne_games ", "carcassonne_connections ", "carcassonne_moves_total ",
                     "carcassonne_move_round_trip_seconds_bucket", "carcassonne_redis_round_trip_seconds_count"):
            assert name in text, name
    trips = [float(line.split()[-1]) for _s, _k, text in pages for line in text.splitlines()
             if line.startswith("carcassonne_move_round_trip_seconds_count")]
    assert sum(trips) >= 9  # each move's round trip, measured where its player is connected


def test_a_node_whose_redis_cannot_be_used_says_so_in_one_line(tmp_path):
    from netkit import free_port

    for url in (f"redis://127.0.0.1:{free_port()}/0", "http://127.0.0.1:1/0"):
        done = subprocess.run([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--redis", url],
                              capture_output=True, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"),
                              cwd=ROOT, timeout=60)
        assert done.returncode == 2 and done.stdout == ""
        lines = [line for line in done.stderr.splitlines() if "WARNING" not in line]
        assert len(lines) == 1 and "Traceback" not in done.stderr and "redis" in lines[0].lower(), done.stderr


def test_redis_away_longer_than_a_lease_loses_nothing_and_the_games_go_on(tiles, redis_server):
    """Redis killed mid-game and started again 4 s later (longer than a node's lease): the
    nodes renew their leases and keep their games, moves refused meanwhile are sent again,
    and both games end move for move as locally."""
    import threading

    from carcassonne import simulate
    from carcassonne.engine import Rules
    from carcassonne.net.remote_play import run as remote_run

    outage: dict[str, int] = {}

    def kill_and_restart() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            kept = _turns_kept(redis_server)
            if len(kept) == 2 and min(kept.values()) >= 15:
                outage.update(kept)
                redis_server.kill()
                time.sleep(4.0)
                redis_server.start()
                return
            time.sleep(0.01)

    with ClusterThreads(tiles, redis_server.url, nodes=2) as cluster:
        killer = threading.Thread(target=kill_and_restart)
        killer.start()
        results = remote_run(",".join(cluster.urls), Rules(), ["normal", "normal"], 2, 21, None, 2, simulate.seating)
        killer.join(70)
    assert outage and all(15 <= n < 70 for n in outage.values()), outage  # killed mid-game
    for index, result in enumerate(sorted(results)):
        local, _order, _timing = simulate.play_one(tiles, Rules(), ["normal", "normal"], index, 21)
        assert result[3] == local.history and result[2] == local.scores


def test_a_seat_passed_on_while_redis_answers_slowly_is_not_taken_for_a_dead_nodes(redis_server):
    """The watcher asks Redis which of the nodes it depends on live; a seat another node passes
    on meanwhile (Redis slow, as while it starts again) comes from a node it did not ask about:
    it stays seated, and only a seat of a node found dead is let go."""
    from types import SimpleNamespace

    from carcassonne.net.cluster import Cluster
    from carcassonne.net.server import Peer

    redis_server.command("SET", "carcassonne:node:there", "1", "PX", "60000")  # a live node

    async def scenario() -> tuple[bool, bool, bool]:
        cluster = Cluster(redis_server.url, node="here")
        front = Peer(SimpleNamespace(), "127.0.0.1", conn="1", remote="game", owner="there")
        cluster.server = SimpleNamespace(connections={"1": front}, background=lambda work: work.close())
        of_the_dead: asyncio.Queue[Any] = asyncio.Queue()
        cluster._queues[("dead", "3")] = of_the_dead
        passed_on: asyncio.Queue[Any] = asyncio.Queue()
        asked = cluster.nodes.alive

        async def slowly(nodes: set[str]) -> set[str]:
            found = await asked(nodes)
            cluster._queues[("elsewhere", "7")] = passed_on  # a seat passed on meanwhile
            return found

        cluster.nodes.alive = slowly  # type: ignore[method-assign]
        try:
            await cluster._watch_once()
        finally:
            await cluster.shared.close()
        return passed_on.empty(), of_the_dead.empty(), front.owner == "there"

    kept, dead_kept, front_kept = asyncio.run(scenario())
    assert kept, "a seat of a node not asked about was let go"
    assert not dead_kept and front_kept


def test_a_game_taken_over_shows_its_seats_away_for_no_time_yet_never_less(tiles, redis_server):
    """A node reads a game back while a rejoin waits (the message's clock was read before):
    its seats are away from the moment it was read, and what the table is told passes the
    client's checks (an away of -0.1 s made clients give the server up as broken)."""
    import time as clock

    from carcassonne.net.protocol import read_server_message
    from carcassonne.net.shared_store import Shared

    from netkit import stored_pair

    async def scenario() -> list[str]:
        shared = Shared(redis_server.url, node="here")
        try:
            room, store = await stored_pair(shared, tiles)
            asked_at = clock.time()  # a rejoin's clock, read before the game is read back
            await asyncio.sleep(0.2)
            read = await store.room(tiles, room.id)
            assert read is not None
            return [json.dumps(read.seats_message(asked_at)), json.dumps(read.state(asked_at))]
        finally:
            await shared.close()

    for text in run(scenario()):
        message = read_server_message(text)
        assert [seat["away"] for seat in message["seats"]] == [0.0, 0.0]


def test_a_client_coming_back_passes_a_dead_node_at_once(tiles, redis_server, monkeypatch):
    """A client whose node went away tries the next node it knows; one that cannot be reached
    (a dead node) is passed at once: the pause between tries comes only after every node was
    tried (it came before each try, adding to the time a dead node's games wait)."""
    from carcassonne.net import client as client_module

    from netkit import free_port

    paused: list[float] = []
    sleep = asyncio.sleep

    async def noted(delay: float, *args: Any) -> Any:
        if sys._getframe(1).f_code is client_module.Connection.reconnect.__code__:  # (the nodes' threads sleep too)
            paused.append(delay)
        return await sleep(delay, *args)

    with ClusterThreads(tiles, redis_server.url, nodes=2) as cluster:
        async def scenario() -> tuple[list[float], list[float]]:
            a, b = await seated_pair(cluster.url, tiles, seed=3)
            dead = f"ws://127.0.0.1:{free_port()}"
            other = next(url for url in cluster.urls if url != a.url)
            a.urls = [a.url, dead, other]
            monkeypatch.setattr(client_module.asyncio, "sleep", noted)
            await a.reconnect(within=20)  # to the dead node first, then on to the other at once
            coming_back = list(paused)
            a.urls, a.url = [dead, f"ws://127.0.0.1:{free_port()}"], dead
            paused.clear()
            try:
                await a.reconnect(within=1.0)
            except client_module.NetError:
                pass
            given_up = list(paused)
            monkeypatch.undo()
            await a.close()
            await b.close()
            return coming_back, given_up

        coming_back, given_up = run(scenario())
    assert coming_back == []
    assert given_up == [0.2, 0.4]  # nobody there: a pause after each round of the two nodes, growing


def test_a_node_whose_connections_to_redis_closed_loses_its_lease_without_waiting_for_it(redis_server):
    """A rejoin asked of node "there" waits: its lease would live a minute more, but none of its
    connections to Redis is open (its process was killed). Looked at twice, ``GONE_FOR`` apart,
    its lease is ended and the rejoin asked again of a node that lives; a player seated here at
    a game of "there" is sent to come back at the first look already (1012), so that its new
    connection is ready when the lease ends. A node whose connection is open (only slow to
    answer) keeps its lease and its players however long its rejoin waits, and so does one
    whose connections carry no name (its Redis refused it that): nothing tells it is gone."""
    from types import SimpleNamespace

    from redis import Redis

    from carcassonne.net import cluster as cluster_module
    from carcassonne.net.cluster import GONE_FOR, Cluster
    from carcassonne.net.server import Peer
    from carcassonne.net.shared_store import connection_name

    for node in ("there", "slow", "nameless"):
        redis_server.command("SET", f"carcassonne:node:{node}", "1", "PX", "60000")
    redis_server.command("SADD", "carcassonne:named", "there", "slow")
    slow = Redis(port=redis_server.port, socket_timeout=5, client_name=connection_name("slow"))
    slow.ping()  # (its connection open, named as a node names its own)

    async def scenario() -> list[tuple[bool, ...]]:
        cluster = Cluster(redis_server.url, node="here")
        asked_again: list[Peer] = []

        def background(work: Any) -> None:
            asyncio.get_running_loop().create_task(work)
        server = SimpleNamespace(connections={}, background=background,
                                 act=lambda peer, message: asked_again.append(peer) or asyncio.sleep(0))
        cluster.server = server  # type: ignore[assignment]
        long_ago = time.monotonic() - 1.0
        closed: list[tuple[str, int]] = []

        def ws(conn: str) -> SimpleNamespace:
            async def close(code: int, reason: str) -> None:
                closed.append((conn, code))
            return SimpleNamespace(close=close)

        for conn, owner in (("1", "there"), ("2", "slow"), ("3", "nameless")):
            rejoin = {"type": "rejoin", "game": f"game-{owner}", "token": "t"}
            server.connections[conn] = Peer(ws(conn), "127.0.0.1", conn=conn, owner=owner,
                                            asked=rejoin, asked_at=long_ago)
            seated = f"seated-{owner}"  # a player seated here at a game of that node
            server.connections[seated] = Peer(ws(seated), "127.0.0.1", conn=seated, owner=owner,
                                              remote=f"game-{owner}")

        seen = []
        try:
            for _ in range(2):
                await cluster._watch_once()
                await asyncio.sleep(0)
                seen.append((*(int(redis_server.command("EXISTS", f"carcassonne:node:{node}")) == 1
                               for node in ("there", "slow", "nameless")), len(asked_again), len(closed)))
                await asyncio.sleep(GONE_FOR + 0.05)
        finally:
            await cluster.shared.close()
        assert [p.conn for p in asked_again] == ["1"]
        assert closed == [("seated-there", 1012)]
        return seen

    try:
        seen = asyncio.run(scenario())
    finally:
        slow.close()
    assert cluster_module.SUSPECT_AFTER < 1.0
    assert seen == [(True, True, True, 0, 1), (False, True, True, 1, 1)]


def test_a_killed_nodes_game_is_back_before_its_lease_would_have_lapsed(tiles, tmp_path, redis_server):
    """Ann and Bob play on node A; A is killed (SIGKILL). Their clients come back through node B,
    which finds A's connections to Redis closed and takes the game over without waiting for
    A's lease (2 s) to lapse: both are seated again and Ann's move is played well within it."""
    from carcassonne.net.client import Connection
    from carcassonne.net.shared_store import LEASE_MS

    (a_proc, a_url), (b_proc, b_url) = (_node(redis_server.url, tmp_path / f"node{i}.log") for i in range(2))
    try:
        async def scenario() -> tuple[float, int]:
            ann, bob = Connection(a_url, tiles, others=[b_url]), Connection(a_url, tiles, others=[b_url])
            await ann.open()
            await bob.open()
            await ann.create([{"kind": "human", "color": "red", "name": "Ann"},
                              {"kind": "open", "color": "blue"}], seed=7)
            await bob.join(ann.code, 1, "Bob", "blue")
            while ann.table.game is None or ann.table.states < 2:
                await ann.receive()
            a_proc.kill()
            killed = time.monotonic()
            await asyncio.gather(ann.reconnect(within=20), bob.reconnect(within=20))
            await play_seat(ann, 0, "normal", 1, until_turn=1)
            back = time.monotonic() - killed
            while bob.table.game.turn_number < 1:
                await bob.receive(within=10)
            turns = bob.table.game.turn_number
            await ann.close()
            await bob.close()
            return back, turns

        back, turns = run(scenario())
    finally:
        _stop_nodes([a_proc, b_proc])
    assert turns == 1
    assert back < LEASE_MS / 1000 * 0.75, f"{back:.2f} s"
    assert "Traceback" not in (tmp_path / "node1.log").read_text()


def test_a_redis_that_refuses_client_commands_still_serves_games(tiles, redis_server):
    """An ACL that refuses ``CLIENT`` (names and lists of connections): the node says so in one
    line and serves its games with unnamed connections; a killed node's games then wait for its
    lease, as before names existed."""
    import logging

    from carcassonne.net.shared_store import Shared

    redis_server.command("ACL", "SETUSER", "default", "-client")

    async def named() -> tuple[bool, Any]:
        shared = Shared(redis_server.url, node="here")
        try:
            return await shared.name_connections(), await shared.redis.ping()
        finally:
            await shared.close()
    assert run(named()) == (False, True)
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger("carcassonne.net.cluster").addHandler(handler)
    try:
        with ClusterThreads(tiles, redis_server.url, nodes=2) as cluster:
            async def scenario() -> int:
                a, b = await seated_pair(cluster.url, tiles, seed=4)
                await asyncio.gather(play_seat(a, 0, "normal", 1, until_turn=6),
                                     play_seat(b, 1, "normal", 2, until_turn=6))
                turns = a.table.game.turn_number
                await a.close()
                await b.close()
                return turns
            assert run(scenario()) >= 6
    finally:
        logging.getLogger("carcassonne.net.cluster").removeHandler(handler)
    said = [r.getMessage() for r in records if "name its connections" in r.getMessage()]
    assert len(said) == 2, said  # (one line a node)
