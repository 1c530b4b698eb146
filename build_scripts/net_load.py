"""Load of one game server: many concurrent two-player games of bot clients on loopback.

    python build_scripts/net_load.py [--games 500] [--seconds 60] [--think 1.0] [--json]

Starts ``carcassonne server`` (port 0, a temporary data folder) as a process of its own,
seats ``--games`` two-player games (two client connections each, in client processes of
their own), then for ``--seconds`` every client plays its turns after a pause drawn
around ``--think`` seconds, as people do. Each move is timed from the moment its client
sends it to the moment that client receives the turn it caused (the server checks it,
writes the game's record and tells the table). Reports the moves played, their
latency (p50, p95, p99, max) and the server's memory: resident size before the games, with
them all in progress, and the difference per game. The run is bounded in time and
stops by itself; only loopback is used: the server listens on 127.0.0.1, and each game's
two clients connect from addresses of a loopback network of their own (127.N.M.1 and
127.N.M.2, as players at home do), so the server's limits per address and per network
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
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _seat(conn, seat: int, think: float, stop_at: float, rng: random.Random,
                latencies: list[float]) -> None:
    """Play one seat: after a pause, the first legal placement; time each move's round trip."""
    table = conn.table
    while time.monotonic() < stop_at and not table.finished:
        game = table.game
        if game is not None and table.current == seat:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            tile = table.tile
            placement = game.legal_placements(tile)[0]
            sent = time.perf_counter()
            turn = game.turn_number
            await conn.send({"type": "play", "x": placement.x, "y": placement.y,
                             "rotation": placement.rotation, "turn": turn})
            while game.turn_number == turn and time.monotonic() < stop_at + 30:
                await asyncio.wait_for(conn.receive(), 30)
            latencies.append(time.perf_counter() - sent)
        else:
            remaining = stop_at - time.monotonic()
            if remaining <= 0:
                break
            try:
                await asyncio.wait_for(conn.receive(), remaining)
            except TimeoutError:
                break


async def _clients(url: str, games: int, seconds: float, think: float, seed: int,
                   ready: multiprocessing.synchronize.Event, go: multiprocessing.synchronize.Event,
                   offset: int = 0) -> dict:
    from carcassonne.net.client import Connection
    from carcassonne.tileset import standard_tiles

    tiles = standard_tiles()
    pairs = []
    limit = asyncio.Semaphore(20)

    async def seat_game(i: int) -> None:
        home = f"127.{1 + (offset + i) // 250}.{(offset + i) % 250}"
        async with limit:
            a = Connection(url, tiles, local_address=f"{home}.1")
            b = Connection(url, tiles, local_address=f"{home}.2")
            await a.open()
            await b.open()
            await a.create([{"kind": "human", "color": "red", "name": f"A{i}"},
                            {"kind": "open", "color": "blue"}])
            await b.join(a.code, 1, f"B{i}", "blue")
            while a.table.game is None:
                await a.receive()
            pairs.append((a, b))

    await asyncio.gather(*(seat_game(i) for i in range(games)))
    # A thousand clients in one process are not what a player's computer runs: keep the
    # collector's full passes over their games out of the measured round trips.
    gc.freeze()
    gc.disable()
    ready.set()
    await asyncio.to_thread(go.wait)
    stop_at = time.monotonic() + seconds
    latencies: list[float] = []
    rng = random.Random(seed)
    await asyncio.gather(*(_seat(conn, s, think, stop_at, random.Random(rng.random()), latencies)
                           for a, b in pairs for s, conn in ((0, a), (1, b))))
    for a, b in pairs:
        await a.close()
        await b.close()
    return {"latencies": latencies}


def _client_process(url: str, games: int, seconds: float, think: float, seed: int, ready, go, out,
                    offset: int = 0) -> None:
    result = asyncio.run(_clients(url, games, seconds, think, seed, ready, go, offset))
    out.put(result)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before each move")
    parser.add_argument("--processes", type=int, default=1, help="client processes sharing the games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (1 <= args.games <= 5000 and 1 <= args.seconds <= 600 and 1 <= args.processes <= 8):
        print("--games 1..5000, --seconds 1..600, --processes 1..8", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--data", data],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().split()[-1]
            time.sleep(0.5)
            idle = rss_mib(server.pid)
            ctx = multiprocessing.get_context("spawn")
            go, out = ctx.Event(), ctx.Queue()
            share = [args.games // args.processes + (k < args.games % args.processes) for k in range(args.processes)]
            readies, procs = [], []
            for k, n in enumerate(share):
                ready = ctx.Event()
                p = ctx.Process(target=_client_process,
                                args=(url, n, args.seconds, args.think, k, ready, go, out, sum(share[:k])))
                p.start()
                readies.append(ready)
                procs.append(p)
            seat_started = time.monotonic()
            for ready in readies:
                if not ready.wait(600):
                    raise SystemExit("the games were not seated within 10 minutes")
            seated_in = time.monotonic() - seat_started
            cpu_before = _cpu(server.pid)
            go.set()
            time.sleep(args.seconds / 2)
            loaded = rss_mib(server.pid)
            results = [out.get(timeout=args.seconds + 120) for _ in procs]
            cpu = _cpu(server.pid) - cpu_before
            for p in procs:
                p.join(30)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    latencies = sorted(x for r in results for x in r["latencies"])
    q = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [0.0] * 99
    report = {
        "games": args.games, "seconds": args.seconds, "think": args.think, "moves": len(latencies),
        "moves_per_second": round(len(latencies) / args.seconds, 1),
        "latency_ms": {"p50": round(1000 * q[49], 1), "p95": round(1000 * q[94], 1),
                       "p99": round(1000 * q[98], 1), "max": round(1000 * latencies[-1], 1) if latencies else 0},
        "server_rss_mib": {"idle": round(idle, 1), "loaded": round(loaded, 1)},
        "kib_per_game": round(1024 * (loaded - idle) / args.games, 1),
        "server_cpu_share": round(cpu / args.seconds, 2),
        "seated_in_s": round(seated_in, 1), "cores": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(report))
    else:
        lat = report["latency_ms"]
        print(f"{args.games} two-player games on one server process, {len(latencies)} moves in {args.seconds:.0f} s "
              f"({report['moves_per_second']} a second)")
        print(f"move sent -> its turn received: p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms, "
              f"max {lat['max']} ms")
        print(f"server memory: {idle:.1f} MiB idle, {loaded:.1f} MiB with the games, "
              f"{report['kib_per_game']} KiB a game; server CPU {100 * report['server_cpu_share']:.0f} % of a core")
    return 0


def _cpu(pid: int) -> float:
    """The process's user + system CPU seconds so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    sys.exit(main())
