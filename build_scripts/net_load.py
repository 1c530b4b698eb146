"""Load of a game server: many concurrent two-player games of bot clients on loopback, on one
server process or on several nodes sharing one Redis.

    python build_scripts/net_load.py [--games 500] [--seconds 60] [--think 1.0] [--processes 1]
                                     [--nodes 1] [--redis] [--kill-node-at SECONDS] [--json]

Starts the server as processes of their own: one ``carcassonne server`` (port 0, a temporary
data folder), or with ``--redis`` (implied by ``--nodes`` above 1) a ``redis-server`` on a free
loopback port with its append-only file (``--appendfsync always``) in a temporary folder and
``--nodes`` nodes ``carcassonne server --redis``. It seats ``--games`` two-player games (two
client connections each, in client processes of their own): game ``i``'s first seat on node
``i mod n``, its second on node ``(i + 1) mod n``, so with several nodes every game has a
player on a node that does not own it (a connection that drops comes back through the other
nodes, half the connections going round one way, half the other). Then for ``--seconds`` every client plays its turns
after a pause drawn around ``--think`` seconds, as people do. Each move is timed from the
moment its client sends it to the moment that client receives the turn it caused (the server
checks it, stores it, and tells the table, through Redis for a player on another node).

``--kill-node-at S``: S seconds into the run, the second node is killed with SIGKILL. Its
players' connections drop and come back through the next node; its games are taken over when
its lease lapses. Reported: how long a move sent around the kill waited (the time its game
could not be played), and whether every game goes on with every turn its players saw stored.

Reports the moves played, their latency (p50, p95, p99, max), each node's and Redis's share of
a processor and memory (resident size before the games and with them, per game). The run is
bounded in time and stops by itself; only loopback is used: the nodes listen on 127.0.0.1, and
each game's two clients connect from addresses of a loopback network of their own (127.N.M.1
and 127.N.M.2, as players at home do), so the server's limits per address and per network
apply to each game alone.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cpu(pid: int) -> float:
    """The process's user + system CPU seconds so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# ------------------------------------------------------------------ clients
async def _seat(conn: Any, seat: int, think: float, stop_at: float, rng: random.Random,
                moves: list[tuple[float, float, bool]], returns: list[tuple[float, float]]) -> None:
    """Play one seat: after a pause, the first legal placement; time each move's round trip.
    A dropped connection comes back (through the next node) and the move is sent again.
    ``moves`` gathers (sent at, seconds to its turn, whether the connection dropped meanwhile);
    ``returns`` each coming back (started at, seconds until the seats were taken back)."""
    from carcassonne.net.client import NetError

    async def come_back() -> None:
        started = time.time()
        await conn.reconnect(within=60)
        returns.append((started, time.time() - started))

    table = conn.table
    while time.time() < stop_at and not table.finished:
        game = table.game
        if game is not None and table.current == seat:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            sent = time.time()
            turn = game.turn_number
            dropped = False
            while table.game is not None and table.game.turn_number == turn and time.time() < stop_at + 60:
                game = table.game
                placement = game.legal_placements(table.tile)[0]
                try:
                    await conn.send({"type": "play", "x": placement.x, "y": placement.y,
                                     "rotation": placement.rotation, "turn": turn})
                    while table.game.turn_number == turn:
                        message = await conn.receive(within=30)
                        if message["type"] == "error":
                            await asyncio.sleep(0.05)
                            break  # (not stored: sent again)
                except NetError:
                    dropped = True
                    try:
                        await come_back()
                    except NetError:
                        return
            if table.game is not None and table.game.turn_number != turn:
                moves.append((sent, time.time() - sent, dropped))
        else:
            remaining = stop_at - time.time()
            if remaining <= 0:
                break
            try:
                await conn.receive(within=remaining)
            except NetError as exc:
                if exc.code == "no-answer":
                    break
                try:
                    await come_back()
                except NetError:
                    return


async def _clients(urls: list[str], games: int, seconds: float, think: float, seed: int,
                   ready: Any, go: Any, offset: int = 0) -> dict[str, Any]:
    from carcassonne.net.client import Connection
    from carcassonne.tileset import standard_tiles

    tiles = standard_tiles()
    pairs = []
    limit = asyncio.Semaphore(20)
    n = len(urls)

    def nodes_from(first: int, way: int) -> list[str]:
        """The node a connection opens on, then the others it comes back through: half the
        connections go round one way and half the other, so the players of a node that dies
        come back through every other node (as a load balancer spreads them), not one."""
        return [urls[(first + way * k) % n] for k in range(n)]

    async def seat_game(i: int) -> None:
        g = offset + i
        home = f"127.{1 + g // 250}.{g % 250}"
        async with limit:
            way = 1 if g % 2 == 0 else -1
            first, second = nodes_from(g, way), nodes_from(g + 1, -way)
            a = Connection(first[0], tiles, local_address=f"{home}.1", others=first[1:])
            b = Connection(second[0], tiles, local_address=f"{home}.2", others=second[1:])
            await a.open()
            await b.open()
            await a.create([{"kind": "human", "color": "red", "name": f"A{g}"},
                            {"kind": "open", "color": "blue"}])
            await b.join(a.code, 1, f"B{g}", "blue")
            while a.table.game is None:
                await a.receive(within=30)
            pairs.append((g, a, b))

    await asyncio.gather(*(seat_game(i) for i in range(games)))
    # A thousand clients in one process are not what a player's computer runs: keep the
    # collector's full passes over their games out of the measured round trips.
    gc.freeze()
    gc.disable()
    ready.set()
    start_at = await asyncio.to_thread(_started, go)
    stop_at = start_at + seconds
    rng = random.Random(seed)
    moves: dict[int, list[tuple[float, float, bool]]] = {g: [] for g, _a, _b in pairs}
    returns: list[tuple[float, float]] = []
    await asyncio.gather(*(_seat(conn, s, think, stop_at, random.Random(rng.random()), moves[g], returns)
                           for g, a, b in pairs for s, conn in ((0, a), (1, b))))
    seen = {a.game_id: max(a.table.game.turn_number if a.table.game else 0,
                           b.table.game.turn_number if b.table.game else 0) for _g, a, b in pairs}
    for _g, a, b in pairs:
        await a.close()
        await b.close()
    return {"moves": {str(g): m for g, m in moves.items()}, "seen": seen, "returns": returns}


def _started(go: Any) -> float:
    go.wait()
    return float(go.start_at.value)


def _client_process(urls: list[str], games: int, seconds: float, think: float, seed: int, ready: Any, go: Any,
                    out: Any, offset: int = 0) -> None:
    result = asyncio.run(_clients(urls, games, seconds, think, seed, ready, go, offset))
    out.put(result)


class _Go:
    """The start signal the client processes wait for, with the wall-clock time it gives."""

    def __init__(self, ctx: Any) -> None:
        self.event = ctx.Event()
        self.start_at = ctx.Value("d", 0.0)

    def wait(self) -> None:
        self.event.wait()

    def set(self, at: float) -> None:
        self.start_at.value = at
        self.event.set()


# ------------------------------------------------------------------ the server
class Cluster:
    """Redis (when asked) and the nodes, as processes of their own, all on loopback."""

    def __init__(self, nodes: int, redis: bool, folder: Path, profile: Path | None = None,
                 appendfsync: str = "always") -> None:
        self.folder = folder
        self.redis: subprocess.Popen[bytes] | None = None
        self.redis_port = 0
        self.nodes: list[subprocess.Popen[str]] = []
        self.urls: list[str] = []
        if redis:
            if shutil.which("redis-server") is None:
                raise SystemExit("redis-server is needed for --redis (apt-get install -y redis-server)")
            self.redis_port = _free_port()
            (folder / "redis").mkdir()
            self.redis = subprocess.Popen(
                ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--dir",
                 str(folder / "redis"), "--appendonly", "yes", "--appendfsync", appendfsync, "--save", "",
                 "--loglevel", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self._wait_redis()
        for i in range(nodes):
            where = ["--redis", f"redis://127.0.0.1:{self.redis_port}/0"] if redis else ["--data", str(folder / "data")]
            # --profile: each node under cProfile, its statistics written when it stops (SIGTERM).
            profiled = ["-m", "cProfile", "-o", str(profile / f"node{i}.prof")] if profile else []
            proc = subprocess.Popen([sys.executable, *profiled, "-m", "carcassonne", "server", "--port", "0", *where],
                                    stdout=subprocess.PIPE, stderr=open(folder / f"node{i}.log", "w"),  # noqa: SIM115
                                    text=True, cwd=ROOT)
            assert proc.stdout is not None
            self.urls.append(proc.stdout.readline().split()[-1])
            self.nodes.append(proc)

    def _wait_redis(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.redis_info("server"):
                return
            time.sleep(0.05)
        raise SystemExit("redis-server did not start within 10 s")

    def redis_info(self, section: str) -> dict[str, str]:
        try:
            with socket.create_connection(("127.0.0.1", self.redis_port), 1) as conn:
                conn.sendall(f"INFO {section}\r\n".encode())
                data = b""
                while not data.endswith(b"\r\n") or data.count(b"\r\n") < 2:
                    chunk = conn.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                    head, _, rest = data.partition(b"\r\n")
                    if head.startswith(b"$") and len(rest) >= int(head[1:]):
                        break
        except OSError:
            return {}
        return dict(line.split(":", 1) for line in data.decode().splitlines() if ":" in line)

    def stored_turns(self, games: list[str]) -> dict[str, int]:
        """Each game's turns as Redis keeps them."""
        from redis import Redis

        client = Redis(port=self.redis_port, socket_timeout=10, decode_responses=True)
        try:
            pipe = client.pipeline(transaction=False)
            for game in games:
                pipe.llen(f"carcassonne:turns:{game}")
            return dict(zip(games, (int(n) for n in pipe.execute())))
        finally:
            client.close()

    def log_warnings(self) -> dict[str, int]:
        """The nodes' warnings and errors so far, counted by their text (numbers and ids left out):
        a live node that lost its lease says so here."""
        found: dict[str, int] = {}
        for i in range(len(self.nodes)):
            try:
                lines = (self.folder / f"node{i}.log").read_text(errors="replace").splitlines()
            except OSError:
                continue
            for line in lines:
                if " WARNING " in line or " ERROR " in line:
                    text = line.split(" WARNING ", 1)[-1].split(" ERROR ", 1)[-1]
                    shape = "".join("#" if ch.isdigit() else ch for ch in text)[:120]
                    found[shape] = found.get(shape, 0) + 1
        return found

    def stop(self) -> None:
        for proc in self.nodes:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.nodes:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        if self.redis is not None:
            self.redis.terminate()
            try:
                self.redis.wait(10)
            except subprocess.TimeoutExpired:
                self.redis.kill()


def _histogram(url: str, name: str = "carcassonne_move_round_trip_seconds") -> dict[float, float]:
    """A node's own measure (``/metrics``) of the move round trip, or of ``name``: cumulative counts by bucket."""
    import http.client

    host, port = url.removeprefix("ws://").rsplit(":", 1)
    try:
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        conn.request("GET", "/metrics")
        text = conn.getresponse().read().decode()
        conn.close()
    except OSError:
        return {}
    found = {}
    for line in text.splitlines():
        if line.startswith(name + "_bucket{"):
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            found[float("inf") if bound == "+Inf" else float(bound)] = float(line.split()[-1])
    return found


REDIS_TRIP = "carcassonne_redis_round_trip_seconds"


def _server_side(before: list[dict[float, float]], after: list[dict[float, float]]) -> dict[str, Any]:
    """The nodes' histograms over the run, summed: quantiles (interpolated within a bucket) and the
    share of moves within 50 and 100 ms (exact: both are bucket bounds)."""
    counts: dict[float, float] = {}
    for b, a in zip(before, after):
        for bound, n in a.items():
            counts[bound] = counts.get(bound, 0.0) + n - b.get(bound, 0.0)
    bounds = sorted(counts)
    total = counts.get(float("inf"), 0.0)
    if not total:
        return {}

    def quantile(q: float) -> float:
        low, below = 0.0, 0.0
        for bound in bounds:
            if counts[bound] >= q * total:
                if bound == float("inf"):
                    return float("inf")
                inside = counts[bound] - below
                return 1000 * (low + (bound - low) * ((q * total - below) / inside if inside else 1.0))
            low, below = bound, counts[bound]
        return float("inf")

    return {"moves": int(total), "p50_ms": round(quantile(0.5), 1), "p95_ms": round(quantile(0.95), 1),
            "p99_ms": round(quantile(0.99), 1), "within_50ms": round(counts.get(0.05, 0.0) / total, 4),
            "within_100ms": round(counts.get(0.1, 0.0) / total, 4)}


def _quantiles(values: list[float], scale: float = 1000, digits: int = 1) -> dict[str, float]:
    """p50, p95, p99 and max of seconds, in milliseconds (``scale`` 1: in seconds)."""
    values = sorted(values)
    if not values:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    q = statistics.quantiles(values, n=100) if len(values) >= 2 else [values[0]] * 99
    return {"p50": round(scale * q[49], digits), "p95": round(scale * q[94], digits),
            "p99": round(scale * q[98], digits), "max": round(scale * values[-1], digits)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before each move")
    parser.add_argument("--processes", type=int, default=1, help="client processes sharing the games")
    parser.add_argument("--nodes", type=int, default=1, help="server nodes (more than 1: sharing one Redis)")
    parser.add_argument("--redis", action="store_true", help="nodes sharing a Redis, even a single one")
    parser.add_argument("--kill-node-at", type=float, default=None, metavar="SECONDS",
                        help="SIGKILL the second node this long into the run")
    parser.add_argument("--appendfsync", choices=("always", "everysec"), default="always",
                        help="Redis's append-only file written to the disk at every write (as deployed) or each second")
    parser.add_argument("--profile", type=Path, default=None, metavar="FOLDER",
                        help="run each node under cProfile; nodeN.prof written to FOLDER when it stops")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    redis = args.redis or args.nodes > 1
    if not (1 <= args.games <= 5000 and 1 <= args.seconds <= 900 and 1 <= args.processes <= 8
            and 1 <= args.nodes <= 8):
        print("--games 1..5000, --seconds 1..900, --processes 1..8, --nodes 1..8", file=sys.stderr)
        return 2
    if args.kill_node_at is not None and (args.nodes < 2 or not 0 < args.kill_node_at < args.seconds):
        print("--kill-node-at needs --nodes 2 or more and a time within --seconds", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        if args.profile is not None:
            args.profile.mkdir(parents=True, exist_ok=True)
        cluster = Cluster(args.nodes, redis, Path(scratch), args.profile.resolve() if args.profile else None,
                          args.appendfsync)
        try:
            report = _run(args, cluster)
        finally:
            cluster.stop()
    if args.json:
        print(json.dumps(report))
    else:
        _print(report)
    return 0


def _run(args: argparse.Namespace, cluster: Cluster) -> dict[str, Any]:
    time.sleep(0.5)
    pids = [p.pid for p in cluster.nodes]
    idle = [rss_mib(pid) for pid in pids]
    redis_idle = float(cluster.redis_info("memory").get("used_memory", 0)) / 2**20 if cluster.redis else 0.0
    ctx = multiprocessing.get_context("spawn")
    go, out = _Go(ctx), ctx.Queue()
    share = [args.games // args.processes + (k < args.games % args.processes) for k in range(args.processes)]
    readies, procs = [], []
    for k, n in enumerate(share):
        ready = ctx.Event()
        p = ctx.Process(target=_client_process,
                        args=(cluster.urls, n, args.seconds, args.think, k, ready, go, out, sum(share[:k])))
        p.start()
        readies.append(ready)
        procs.append(p)
    seat_started = time.monotonic()
    for ready in readies:
        if not ready.wait(900):
            raise SystemExit("the games were not seated within 15 minutes")
    seated_in = time.monotonic() - seat_started
    histograms = [_histogram(url) for url in cluster.urls]
    redis_trips = [_histogram(url, REDIS_TRIP) for url in cluster.urls]
    cpu_before = [_cpu(pid) for pid in pids]
    redis_cpu_before = _cpu(cluster.redis.pid) if cluster.redis else 0.0
    clients_cpu_before = sum(_cpu(p.pid) for p in procs if p.pid)
    start_at = time.time() + 0.5
    go.set(start_at)
    killed_at = None
    burst: dict[str, float] | None = None
    loaded: list[float] = []
    half = start_at + args.seconds / 2
    while time.time() < start_at + args.seconds:
        now = time.time()
        if args.kill_node_at is not None and killed_at is None and now >= start_at + args.kill_node_at:
            loaded = [rss_mib(pid) for pid in pids]
            cpu_at_kill = [_cpu(pid) for pid in pids]
            burst_before = _burst_cpu(cluster, procs)
            cluster.nodes[1].kill()
            killed_at = time.time()
        if killed_at is not None and burst is None and now >= killed_at + BURST_S:
            burst = {who: round(after - burst_before[who], 2) for who, after in _burst_cpu(cluster, procs).items()}
        if not loaded and now >= half:
            loaded = [rss_mib(pid) for pid in pids]
        time.sleep(0.05)
    histograms_after = [_histogram(url) if proc.poll() is None else before
                        for url, proc, before in zip(cluster.urls, cluster.nodes, histograms)]
    redis_trips_after = [_histogram(url, REDIS_TRIP) if proc.poll() is None else before
                         for url, proc, before in zip(cluster.urls, cluster.nodes, redis_trips)]
    redis_loaded = float(cluster.redis_info("memory").get("used_memory", 0)) / 2**20 if cluster.redis else 0.0
    redis_rss = rss_mib(cluster.redis.pid) if cluster.redis else 0.0
    cpu = [_cpu(pid) - before for pid, before in zip(pids, cpu_before)]
    if killed_at is not None:
        cpu[1] = cpu_at_kill[1] - cpu_before[1]
    redis_cpu = (_cpu(cluster.redis.pid) - redis_cpu_before) if cluster.redis else 0.0
    clients_cpu = sum(_cpu(p.pid) for p in procs if p.pid) - clients_cpu_before
    load_average = os.getloadavg()[0]
    results = [out.get(timeout=args.seconds + 300) for _ in procs]
    for p in procs:
        p.join(30)
    moves = {g: m for r in results for g, m in r["moves"].items()}
    seen = {game: n for r in results for game, n in r["seen"].items()}
    every = [lat for m in moves.values() for _sent, lat, _dropped in m]
    report: dict[str, Any] = {
        "games": args.games, "nodes": args.nodes, "redis": bool(cluster.redis), "seconds": args.seconds,
        "think": args.think, "appendfsync": args.appendfsync,
        "moves": len(every), "moves_per_second": round(len(every) / args.seconds, 1),
        "latency_ms": _quantiles(every),
        "node_rss_mib": [{"idle": round(i, 1), "loaded": round(lo, 1)} for i, lo in zip(idle, loaded)],
        "kib_per_game": round(1024 * sum(lo - i for i, lo in zip(idle, loaded)) / args.games, 1),
        "node_cpu_share": [round(c / args.seconds, 2) for c in cpu],
        "redis_cpu_share": round(redis_cpu / args.seconds, 2),
        "clients_cpu_share": round(clients_cpu / args.seconds, 2), "load_average": round(load_average, 1),
        "redis_used_mib": {"idle": round(redis_idle, 1), "loaded": round(redis_loaded, 1), "rss": round(redis_rss, 1)},
        "seated_in_s": round(seated_in, 1), "cores": os.cpu_count(),
        "server_side": _server_side(histograms, histograms_after),
        "redis_round_trip": _server_side(redis_trips, redis_trips_after) if cluster.redis else {},
    }
    if killed_at is not None:
        report["kill"] = _kill_report(moves, killed_at, start_at + args.seconds)
        report["kill"]["cpu_after_kill_s"] = burst or {}
        report["kill"]["came_back"] = _returns_report([r for result in results for r in result["returns"]], killed_at)
        report["latency_ms_before_kill"] = _quantiles([lat for m in moves.values() for sent, lat, _d in m
                                                       if sent + lat < killed_at])
    report["node_log_warnings"] = cluster.log_warnings()
    if cluster.redis:
        stored = cluster.stored_turns(list(seen))
        report["games_with_turns_lost"] = sum(1 for game, n in seen.items() if stored.get(game, 0) < n)
        report["games_stored_ahead"] = sum(1 for game, n in seen.items() if stored.get(game, 0) > n + 1)
    return report


#: Seconds after a node is killed over which each process's processor time is summed.
BURST_S = 5.0


def _burst_cpu(cluster: Cluster, clients: list[Any]) -> dict[str, float]:
    """Processor seconds used so far by the live nodes, Redis and the client processes."""
    used = {f"node {i}": _cpu(p.pid) for i, p in enumerate(cluster.nodes) if p.poll() is None}
    if cluster.redis is not None:
        used["redis"] = _cpu(cluster.redis.pid)
    used["clients"] = sum(_cpu(p.pid) for p in clients if p.pid)
    return used


def _kill_report(moves: dict[str, list[tuple[float, float, bool]]], killed_at: float, end: float) -> dict[str, Any]:
    """How long the games could not be played: the wait of every move sent before the kill and
    answered after it, or sent after it; which games went on after the kill."""
    around = [lat for m in moves.values() for sent, lat, _d in m if sent + lat >= killed_at and sent <= killed_at + 10]
    waits = {g: max((lat for sent, lat, _d in m if sent + lat >= killed_at and sent <= killed_at + 10), default=0.0)
             for g, m in moves.items()}
    longest = max(around, default=0.0)
    went_on = sum(1 for m in moves.values() if any(sent > killed_at + longest for sent, _lat, _d in m))
    return {"games_waiting_over_1s": sum(1 for w in waits.values() if w > 1.0), "wait_s": {
        "max": round(longest, 2),
        "p99": round(statistics.quantiles(around, n=100)[98], 2) if len(around) >= 2 else 0.0},
        "dropped_moves": sum(1 for m in moves.values() for _s, _l, d in m if d),
        "games_going_on_after": went_on, "games": len(moves),
        "run_left_after_kill_s": round(end - killed_at, 1)}


def _returns_report(returns: list[tuple[float, float]], killed_at: float) -> dict[str, Any]:
    """The connections that came back after the kill: how long after it each started coming
    back, how long the coming back took (a new connection, hello, rejoin, the game's state),
    and when the last one was back (seconds, quantiles)."""
    after = [(started - killed_at, took) for started, took in returns if started >= killed_at]
    return {"connections": len(after), "started_s": _quantiles([s for s, _t in after], 1, 2),
            "took_s": _quantiles([t for _s, t in after], 1, 2),
            "back_s": _quantiles([s + t for s, t in after], 1, 2)}


def _print(report: dict[str, Any]) -> None:
    lat = report["latency_ms"]
    where = f"{report['nodes']} node(s) sharing Redis" if report["redis"] else "one server process"
    print(f"{report['games']} two-player games on {where}, {report['moves']} moves in {report['seconds']:.0f} s "
          f"({report['moves_per_second']} a second)")
    print(f"move sent -> its turn received: p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms, "
          f"max {lat['max']} ms")
    for i, (mem, cpu) in enumerate(zip(report["node_rss_mib"], report["node_cpu_share"])):
        print(f"node {i}: {mem['idle']:.1f} MiB idle, {mem['loaded']:.1f} MiB with the games; "
              f"CPU {100 * cpu:.0f} % of a core")
    print(f"{report['kib_per_game']} KiB a game in the nodes")
    side = report["server_side"]
    if side:
        print(f"the nodes' own measure (/metrics, from a move received to its turn sent back to its player): "
              f"p50 {side['p50_ms']} ms, p95 {side['p95_ms']} ms, p99 {side['p99_ms']} ms; within 50 ms "
              f"{100 * side['within_50ms']:.1f} %, within 100 ms {100 * side['within_100ms']:.1f} %")
    trip = report.get("redis_round_trip")
    if trip:
        print(f"each Redis command or pipeline, from the nodes: p50 {trip['p50_ms']} ms, p95 {trip['p95_ms']} ms, "
              f"p99 {trip['p99_ms']} ms ({trip['moves']} of them)")
    if report["redis"]:
        r = report["redis_used_mib"]
        print(f"Redis: CPU {100 * report['redis_cpu_share']:.0f} % of a core; {r['idle']} MiB used idle, "
              f"{r['loaded']} MiB with the games ({r['rss']} MiB resident)")
        print(f"games whose stored turns are fewer than their players saw: {report['games_with_turns_lost']}")
    print(f"the client processes: CPU {100 * report['clients_cpu_share']:.0f} % of a core; "
          f"load average {report['load_average']} on {report['cores']} cores")
    for text, count in report["node_log_warnings"].items():
        print(f"nodes' log, {count} x: {text}")
    if "kill" in report:
        k = report["kill"]
        print(f"node 1 killed: games whose move waited more than 1 s: {k['games_waiting_over_1s']}, longest "
              f"wait {k['wait_s']['max']} s (p99 of the moves around the kill {k['wait_s']['p99']} s); games "
              f"going on after: {k['games_going_on_after']} of {k['games']}")
        used = ", ".join(f"{who} {cpu} s" for who, cpu in k["cpu_after_kill_s"].items())
        print(f"processor time in the {BURST_S:.0f} s after the kill: {used}")
        back = k["came_back"]
        print(f"connections that came back: {back['connections']}; started after the kill p50 "
              f"{back['started_s']['p50']} s, max {back['started_s']['max']} s; took p50 {back['took_s']['p50']} s, "
              f"p95 {back['took_s']['p95']} s, max {back['took_s']['max']} s; all back {back['back_s']['max']} s "
              f"after the kill")
        lat = report["latency_ms_before_kill"]
        print(f"before the kill: p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms")


if __name__ == "__main__":
    sys.exit(main())
