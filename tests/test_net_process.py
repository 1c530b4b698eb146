"""The server and its clients as processes: ``carcassonne server``'s first line and its
clean stop, a client killed mid-turn that comes back, and a server killed with SIGKILL
and restarted that resumes every game to the same end (issue: play across screens).

"Killed" is SIGKILL (``proc.kill()``): only that shows what a crash leaves behind.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carcassonne.ai import get_bot
from carcassonne.engine import Game, Rules
from carcassonne.engine.record import GameRecord

from netkit import ROOT, ServerThread, start_server_process, turns_in, wait_for

SEAT = str(Path(__file__).with_name("net_seat.py"))


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def test_the_server_says_where_it_listens_and_stops_cleanly_on_sigterm(tmp_path):
    proc, port = start_server_process(tmp_path / "data", 0, "--allow-seeds")
    try:
        assert port > 0
        client = subprocess.Popen([sys.executable, SEAT, f"ws://127.0.0.1:{port}", str(tmp_path / "seat"),
                                   "create", "normal", "3"], env=_env(), cwd=ROOT)
        wait_for(lambda: (tmp_path / "seat").exists(), 20, "a game created")
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0
        assert time.monotonic() - started < 5
    finally:
        proc.kill()
        client.kill()
        client.wait(10)
    assert (tmp_path / "data" / "lobby.sqlite3").is_file()


def test_a_client_killed_mid_turn_rejoins_and_the_game_ends_normally(tiles, tmp_path):
    info = tmp_path / "game"
    with ServerThread(tiles) as server:
        procs = []
        try:
            ann = subprocess.Popen([sys.executable, SEAT, server.url, str(info), "create", "normal", "12"],
                                   env=_env(), cwd=ROOT)
            procs.append(ann)
            wait_for(info.exists, 20, "Ann's game created")
            bob = subprocess.Popen([sys.executable, SEAT, server.url, str(info), "join", "random", "12",
                                    "--stall-at", "9"], env=_env(), cwd=ROOT)
            procs.append(bob)
            wait_for(Path(f"{info}.stalled").exists, 60, "Bob laid his tile")
            time.sleep(0.2)
            bob.kill()
            bob.wait(10)
            again = subprocess.Popen([sys.executable, SEAT, server.url, str(info), "rejoin", "random", "12"],
                                     env=_env(), cwd=ROOT)
            procs.append(again)
            assert again.wait(timeout=120) == 0
            assert ann.wait(timeout=60) == 0
        finally:
            for p in procs:
                p.kill()
    ends = [json.loads(Path(f"{info}.end.{seat}").read_text()) for seat in (0, 1)]
    assert ends[0] == ends[1]
    game = Game(tiles, Rules(), 2, seed=12, names=["Ann", "Bob"])
    bots = [get_bot("normal", 100), get_bot("random", 101)]
    while game.draw() is not None:
        game.play(bots[game.current].choose(game))
    game.finish()
    assert ends[0]["turns"] == [t.to_record() for t in game.history]
    assert ends[0]["scores"] == game.scores


def test_a_server_killed_mid_game_and_restarted_resumes_every_game_to_the_same_end(tiles, tmp_path):
    data, net_records, local_records = tmp_path / "data", tmp_path / "net", tmp_path / "local"
    proc, port = start_server_process(data, 0, "--allow-seeds")
    args = ["simulate", "--bots", "normal,random", "-n", "2", "--jobs", "2", "--seed", "30", "--json"]
    sim = subprocess.Popen([sys.executable, "-m", "carcassonne", *args, "--records", str(net_records),
                            "--server", f"ws://127.0.0.1:{port}"], stdout=subprocess.PIPE,
                           text=True, env=_env(), cwd=ROOT)
    try:
        wait_for(lambda: sorted(turns_in(p) for p in (data / "games").glob("*.carc.json"))[:1] >= [20]
                 and len(list((data / "games").glob("*.carc.json"))) == 2, 120, "two games under way")
        proc.kill()
        proc.wait(10)
        kept = {p.name: turns_in(p) for p in (data / "games").glob("*.carc.json")}
        proc, _ = start_server_process(data, port, "--allow-seeds")
        out, _err = sim.communicate(timeout=180)
        assert sim.returncode == 0
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
        sim.kill()
    assert all(0 < n < 75 for n in kept.values()), kept  # killed mid-game
    local = subprocess.run([sys.executable, "-m", "carcassonne", *args, "--records", str(local_records)],
                           capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=120)
    assert json.loads(out)["bots"][0]["mean_score"] == json.loads(local.stdout)["bots"][0]["mean_score"]
    for mine in sorted(net_records.iterdir()):
        assert GameRecord.load(mine).turns == GameRecord.load(local_records / mine.name).turns
    # and the server kept both games, finished, as records anyone can replay
    for kept_record in (data / "games").glob("*.carc.json"):
        assert GameRecord.load(kept_record).replay(tiles).finished


def _server_line(tmp_path, data) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--data", str(data)],
                          capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=60)


def test_a_data_folder_that_cannot_be_used_is_one_line_and_exit_2(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "lobby.sqlite3").write_bytes(b"this is not a database" * 100)
    for data in (blocked, damaged):
        done = _server_line(tmp_path, data)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
        assert str(data) in done.stderr


def test_a_damaged_game_record_is_left_alone_and_the_other_games_resume(tiles, tmp_path):
    data = tmp_path / "data"
    with ServerThread(tiles, folder=data) as server:
        from netkit import play_seat, run, seated_pair

        async def two_games():
            a, b = await seated_pair(server.url, tiles, seed=1)
            c, d = await seated_pair(server.url, tiles, seed=2)
            await asyncio.gather(play_seat(a, 0, "normal", 100, until_turn=4),
                                 play_seat(b, 1, "normal", 101, until_turn=4))
            return a.game_id, c.game_id
        first, second = run(two_games())
    (data / "games" / f"{first}.carc.json").write_text('{"format": "carcassonne-record", "turns": [')
    with ServerThread(tiles, folder=data) as server:
        kept = server.call(lambda: sorted(server.server.rooms))
    assert kept == [second]
    assert (data / "games" / f"{first}.carc.json").read_text().endswith("[")  # left as it was


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl+C"])
def test_computer_players_think_in_worker_processes_that_stop_with_the_server(tmp_path, how):
    """Issue 37, item 3: a server whose computers are thinking stops within 5 s on SIGTERM
    or Ctrl+C (SIGINT to its whole process group), exit 0, and leaves no worker behind."""
    import subprocess as sp

    from carcassonne.net.client import Connection
    from carcassonne.tileset import standard_tiles

    from netkit import run

    env = dict(_env(), PYTHONUNBUFFERED="1")
    proc = sp.Popen([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--data", str(tmp_path / "d")],
                    stdout=sp.PIPE, stderr=sp.PIPE, text=True, env=env, cwd=ROOT, start_new_session=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("listening on ws://127.0.0.1:"), first

        async def computers() -> None:
            conn = Connection(first.split()[-1], standard_tiles())
            await conn.open()
            await conn.create([{"kind": "ai:expert", "color": "red"}, {"kind": "ai:expert", "color": "blue"}])
            while conn.table.game is None or conn.table.game.turn_number < 1:
                await conn.receive(within=30)
            await conn.close()
        run(computers(), timeout=60)
        workers = _children(proc.pid)
        assert workers, "a worker process thinks for the computers"
        started = time.monotonic()
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(timeout=10) == 0
        assert time.monotonic() - started < 5
        wait_for(lambda: not any(_alive(w) for w in workers), 5, "the workers stopped")
        err = proc.stderr.read() if proc.stderr else ""
        assert "Traceback" not in err, err[-2000:]
    finally:
        proc.kill()
        proc.wait(10)


def test_a_flood_of_idle_connections_under_a_small_descriptor_limit_locks_no_game_out(tiles, tmp_path):
    """Issue 37, item 2: under ``ulimit -n 160`` (soft and hard), 150 idle connections from as
    many networks: the server refuses those past its allowance, a game under way still plays
    and stores its moves, new players get in once the flood is gone, and the log holds no
    traceback."""
    import resource
    import socket
    import subprocess as sp

    from netkit import play_seat, run, seated_pair

    def small_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))

    log_file = (tmp_path / "server.log").open("w")
    env = dict(_env(), PYTHONUNBUFFERED="1")
    proc = sp.Popen([sys.executable, "-m", "carcassonne", "server", "--port", "0", "--data", str(tmp_path / "d")],
                    stdout=sp.PIPE, stderr=log_file, text=True, env=env, cwd=ROOT, preexec_fn=small_limit)
    flood: list[socket.socket] = []
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[-1]

        port = int(url.rsplit(":", 1)[1])

        def open_flood() -> None:
            for n in range(150):
                s = socket.socket()
                s.settimeout(2)
                s.bind((f"127.1.{n}.1", 0))
                try:
                    s.connect(("127.0.0.1", port))
                except OSError:
                    s.close()
                    continue
                flood.append(s)

        async def scenario() -> tuple[int, bool]:
            a, b = await seated_pair(url, tiles, seed=None)
            await asyncio.to_thread(open_flood)
            await asyncio.sleep(0.5)
            await asyncio.gather(play_seat(a, 0, "random", 1, until_turn=4), play_seat(b, 1, "random", 2, until_turn=4))
            for s in flood:
                s.close()
            await asyncio.sleep(0.5)
            c, _d = await seated_pair(url, tiles, seed=None)
            return a.table.game.turn_number, c.table.game is not None

        turns, newcomer = run(scenario(), timeout=60)
        assert newcomer and turns >= 4
        records = list((tmp_path / "d" / "games").glob("*.carc.json"))
        assert any(turns_in(r) >= 4 for r in records)
    finally:
        for s in flood:
            s.close()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except sp.TimeoutExpired:
            proc.kill()
        log_file.close()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "out of system resource" not in log, log[-3000:]
    assert "connections refused" in log
