"""Names on a server, rated games and their ratings (issue "Clubs and leagues online", part B),
against one server process and against two nodes sharing a real Redis.

The ratings after a seeded series of rated games between computer players equal the
``openskill`` package's own values for those games' results; a rated game refuses every aid
with one line and changes nothing; only registered players sit at a rated game; a stolen seat
token is not an account; names are unique whatever their case; and the cluster rates the same
games exactly as one process does (``carcassonne ratings --data`` and ``--redis`` agree).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from carcassonne.engine import Rules
from carcassonne.net.accounts import new_key
from carcassonne.net.client import Connection, NetError
from carcassonne.net.keyring import ServerName, export_text, find, import_text, keep, read_names
from carcassonne.net.rated import AID_REFUSED, RATED_TURN_SECONDS
from carcassonne.net.rated_play import play_rated_games
from carcassonne.net.ratings import places, rate
from carcassonne.net.ratings_store import FILE_NAME
from carcassonne.simulate import _names, seating

from netkit import ROOT, ClusterThreads, ServerThread, run, wait_for

LEVELS = ["random", "easy", "random"]


async def _signed(url: str, tiles: Any, name: str, key: str | None = None) -> tuple[Connection, str]:
    conn = Connection(url, tiles)
    await conn.open()
    key = key or new_key()
    await conn.sign_in(name, key, register=True)
    return conn, key


async def _rated_pair(url: str, tiles: Any, seed: int = 5) -> tuple[Connection, Connection, str]:
    """Ann (seat 0, who opened it) and Bob (seat 1) at a rated game; Bob's key."""
    a, _key = await _signed(url, tiles, "Ann")
    b, bob_key = await _signed(url, tiles, "Bob")
    await a.create([{"kind": "human", "color": "red"}, {"kind": "open", "color": "blue"}], seed=seed, rated=True)
    await b.join(a.code, 1, "not my name", "blue")
    while a.table.game is None or a.table.states < 2:
        await a.receive(within=10)
    return a, b, bob_key


async def _refused(conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
    """The error answering ``message`` (the table's own news skipped)."""
    await conn.send(message)
    while True:
        reply = await conn.receive(within=10)
        if reply["type"] == "error":
            return reply
        assert reply["type"] in ("seats", "chat", "state"), reply


def _one_line(reply: dict[str, Any]) -> str:
    text = str(reply.get("message", ""))
    assert text and "\n" not in text and len(text) <= 200 and "Traceback" not in text
    return text


# ------------------------------------------------------------------ names
def test_names_are_unique_whatever_their_case_and_refused_with_one_line(tiles, hosting, tmp_path):
    with hosting(tiles, tmp_path) as server:
        async def scenario() -> None:
            ann, key = await _signed(server.url, tiles, "Ann")
            other = Connection(server.url, tiles)
            await other.open()
            for name in ("ANN", "ann", "Ann"):
                with pytest.raises(NetError) as taken:
                    await other.sign_in(name, new_key(), register=True)
                assert taken.value.code == "name-taken" and "Ann" in str(taken.value)
            # the same name with its own key is theirs (registering twice signs in)
            assert await other.sign_in("aNN", key, register=True) == "Ann"
            for bad in ("Al", "x" * 21, "Ann  Lee", " Ann", "Ann!", "Ann\u202e", "-Ann", "Ann_", "A\nB"):
                with pytest.raises(NetError) as refused:
                    await other.sign_in(bad, new_key(), register=True)
                assert refused.value.code == "bad-name", bad
                assert "\n" not in str(refused.value)
            with pytest.raises(NetError) as short:
                await other.sign_in("Cid", "k" * 20, register=True)
            assert short.value.code == "bad-name"
            with pytest.raises(NetError) as wrong:
                await other.sign_in("Ann", new_key())
            assert wrong.value.code == "bad-key"
            with pytest.raises(NetError) as nobody:
                await other.sign_in("Nobody", new_key())
            assert nobody.value.code == "bad-key"
            assert await other.sign_in("Zoë", new_key(), register=True) == "Zoë"  # (letters of any alphabet)
            await ann.close()
            await other.close()
            if not hosting.cluster:  # only the key's hash is kept
                data = (tmp_path / FILE_NAME).read_bytes()
                assert key.encode() not in data
        run(scenario())


def test_a_server_without_a_store_for_names_says_so_in_one_line(tiles, monkeypatch):
    monkeypatch.setattr("carcassonne.net.rated.available", lambda: False)
    with ServerThread(tiles) as server:
        async def scenario() -> None:
            conn = Connection(server.url, tiles)
            await conn.open()
            with pytest.raises(NetError) as none:
                await conn.sign_in("Ann", new_key(), register=True)
            assert none.value.code == "no-ratings"
            with pytest.raises(NetError) as rated:
                await conn.create([{"kind": "human", "color": "red"}, {"kind": "open", "color": "blue"}], rated=True)
            assert rated.value.code == "no-ratings"
            await conn.close()
        run(scenario())


# ------------------------------------------------------------------ rated games
def test_a_rated_game_is_for_registered_players_at_one_seat_each_with_the_timer_on(tiles, hosting, tmp_path):
    with hosting(tiles, tmp_path) as server:
        async def scenario() -> None:
            guest = Connection(server.url, tiles)
            await guest.open()
            seats = [{"kind": "human", "color": "red"}, {"kind": "open", "color": "blue"}]
            with pytest.raises(NetError) as unsigned:
                await guest.create(seats, rated=True)
            assert unsigned.value.code == "no-account"
            ann, _key = await _signed(server.url, tiles, "Ann")
            for refused in ([{"kind": "human", "color": "red"}, {"kind": "ai:easy", "color": "blue"}],
                            [{"kind": "human", "color": "red"}, {"kind": "human", "color": "blue"}]):
                with pytest.raises(NetError) as no:
                    await ann.create(refused, rated=True)
                assert no.value.code == "rated"
            await ann.create([{"kind": "human", "color": "red", "name": "Someone else"},
                              {"kind": "open", "color": "blue"}, {"kind": "open", "color": "green"}],
                             rated=True, hints=True)
            table = ann.table
            assert table.rated and not table.hints and table.turn_seconds == RATED_TURN_SECONDS
            assert table.seats[0]["name"] == "Ann"
            with pytest.raises(NetError) as stranger:
                await guest.join(ann.code, 1, "Guest", "blue")
            assert stranger.value.code == "no-account"
            with pytest.raises(NetError) as twice:  # Ann on another connection: one seat each
                again = Connection(server.url, tiles)
                await again.open()
                await again.sign_in("Ann", _key)
                await again.join(ann.code, 1, "Ann again", "blue")
            assert twice.value.code == "rated"
            bob, _bob_key = await _signed(server.url, tiles, "Bob")
            await bob.join(ann.code, 1, "Robert", "blue")
            assert bob.table.seats[1]["name"] == "Bob" and bob.table.rated
            listed = await guest.request({"type": "list"}, "games")
            assert [g["rated"] for g in listed["games"] if g["game"] == ann.game_id] == [True]
            for conn in (guest, ann, bob, again):
                await conn.close()
        run(scenario())


def _position(hosting: Any, server: Any, game: str) -> tuple[Any, ...]:
    room = hosting.rooms(server)[game]
    steps = room.steps
    return (len(room.game.history), list(room.game.scores), room.tile,
            None if steps is None else steps.pending, [s.connected for s in room.seats])


def test_a_rated_game_refuses_every_aid_request_in_one_line_and_changes_nothing(tiles, hosting, tmp_path):
    with hosting(tiles, tmp_path) as server:
        async def scenario() -> None:
            a, b, _key = await _rated_pair(server.url, tiles)
            before = _position(hosting, server, a.game_id)
            for conn in (a, b):  # the player to move and the other
                for kind in ("hint", "analysis", "fits", "projected"):
                    aid: dict[str, Any] = {"type": "aid", "kind": kind}
                    if kind == "fits":
                        aid.update(x=1, y=0)
                    reply = await _refused(conn, aid)
                    assert reply["code"] == "rated" and _one_line(reply) == AID_REFUSED[kind]
            assert _position(hosting, server, a.game_id) == before
            with pytest.raises(NetError) as handing:
                await a.request({"type": "hand_over", "seat": 1, "level": "easy"}, "seats")
            assert handing.value.code == "rated"
            for conn in (a, b):
                await conn.close()
        run(scenario())


def test_a_game_that_is_not_rated_answers_the_aids_from_the_server(tiles, hosting, tmp_path):
    with hosting(tiles, tmp_path) as server:
        async def scenario() -> None:
            from netkit import seated_pair

            a, b = await seated_pair(server.url, tiles, seed=5)
            game = a.table.game
            assert game is not None and a.table.current == 0 and not a.table.rated
            fits = await a.request({"type": "aid", "kind": "fits", "x": 1, "y": 0}, "aid")
            from carcassonne.engine.aids import projected_scores, tiles_that_fit

            assert fits["tiles"] == {t: list(r) for t, r in tiles_that_fit(game, 1, 0).items()} and fits["tiles"]
            projected = await b.request({"type": "aid", "kind": "projected"}, "aid")
            assert projected["scores"] == projected_scores(game)
            hint = await a.request({"type": "aid", "kind": "hint"}, "aid")
            assert game.why_not(_as_move(a.table.tile, hint["move"])) is None
            reply = await _refused(b, {"type": "aid", "kind": "hint"})
            assert reply["code"] == "not-your-turn"
            reply = await _refused(b, {"type": "aid", "kind": "analysis"})
            assert reply["code"] == "nothing-played"
            for conn in (a, b):
                await conn.close()
        run(scenario(), timeout=300)


def _as_move(tile: Any, raw: dict[str, Any]) -> Any:
    from carcassonne.engine import Move
    from carcassonne.engine.record import read_figure

    figure = read_figure("figure", raw["figure"]) if raw.get("figure") else None
    return Move(tile, raw["x"], raw["y"], raw["rotation"], figure)


def test_a_stolen_seat_token_is_not_an_account(tiles, hosting, tmp_path):
    with hosting(tiles, tmp_path) as server:
        async def scenario() -> None:
            a, b, bob_key = await _rated_pair(server.url, tiles)
            stolen = b.tokens[-1]
            await b.close()
            thief = Connection(server.url, tiles)
            await thief.open()
            with pytest.raises(NetError) as unsigned:
                await thief.rejoin(a.game_id, [stolen])
            assert unsigned.value.code == "not-your-seat"
            for register in (False, True):  # the token is no key to Bob's name
                with pytest.raises(NetError) as as_key:
                    await thief.sign_in("Bob", stolen, register=register)
                assert as_key.value.code in ("bad-key", "name-taken")
            await thief.sign_in("Eve", new_key(), register=True)
            with pytest.raises(NetError) as other:
                await thief.rejoin(a.game_id, [stolen])
            assert other.value.code == "not-your-seat"
            with pytest.raises(NetError) as host:  # nor is the host's token Eve's
                await thief.rejoin(a.game_id, [a.tokens[0]])
            assert host.value.code == "not-your-seat"
            bob = Connection(server.url, tiles)
            await bob.open()
            await bob.sign_in("bob", bob_key)
            await bob.rejoin(a.game_id, [stolen])
            assert bob.seats == [1] and bob.table.rated
            for conn in (a, thief, bob):
                await conn.close()
        run(scenario())


# ------------------------------------------------------------------ ratings
def _expected(results: list[tuple[int, list[int], list[int], Any, Any]]) -> dict[str, tuple[float, float, int]]:
    """The ratings openskill itself gives for these games' results, in their order."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    for _index, order, scores, _turns, _timing in results:
        names = _names(LEVELS, order)
        teams = [[ratings.get(n) or model.rating(name=n)] for n in names]
        for team, name in zip(model.rate(teams, scores=list(scores)), names):
            ratings[name] = team[0]
            games[name] = games.get(name, 0) + 1
    return {n: (r.mu, r.sigma, games[n]) for n, r in ratings.items()}


async def _series(url: str, games: int) -> list[Any]:
    names: dict[str, list[ServerName]] = {}
    return await play_rated_games(url, Rules(), LEVELS, games, 7, None, seating, names)


async def _board(url: str, tiles: Any) -> dict[str, Any]:
    conn = Connection(url, tiles)
    await conn.open()
    board = await conn.request({"type": "leaderboard"}, "leaderboard")
    await conn.close()
    return board


def test_ratings_after_a_seeded_series_of_rated_games_equal_openskills_own(tiles, hosting, tmp_path):
    with hosting(tiles, tmp_path) as server:
        results = run(_series(server.url, 4), timeout=600)
        expected = _expected(results)

        def rated() -> bool:
            return run(_board(server.url, tiles))["total"] == len(expected) and all(
                p["games"] == 4 for p in run(_board(server.url, tiles))["players"])
        wait_for(rated, 20, "every game rated")
        board = run(_board(server.url, tiles))
        players = board["players"]
        assert {p["name"]: (p["mu"], p["sigma"], p["games"]) for p in players} == expected
        ordinals = [p["ordinal"] for p in players]
        assert ordinals == sorted(ordinals, reverse=True)
        for p in players:
            assert p["ordinal"] == pytest.approx(p["mu"] - 3 * p["sigma"])

        async def history() -> dict[str, Any]:
            conn = Connection(server.url, tiles)
            await conn.open()
            found = await conn.request({"type": "history", "name": "EASY"}, "history")
            with pytest.raises(NetError) as nobody:
                await conn.request({"type": "history", "name": "Nobody"}, "history")
            assert nobody.value.code == "no-such-name"
            await conn.close()
            return found
        mine = run(history())
        assert mine["name"] == "easy" and len(mine["games"]) == 4
        last = mine["games"][0]
        assert (last["mu"], last["sigma"]) == expected["easy"][:2]
        seat = next(s for s, b in enumerate(results[-1][1]) if LEVELS[b] == "easy")
        assert last["score"] == results[-1][2][seat] and last["place"] == places(results[-1][2])[seat]


def test_one_process_and_a_cluster_rate_the_same_games_the_same(tiles, redis_server, tmp_path):
    """The same seeded series on one process (SQLite) and on two nodes sharing Redis: the same
    leaderboard to the last bit, over the protocol and from ``carcassonne ratings``."""
    (tmp_path / "one").mkdir()
    with ServerThread(tiles, tmp_path / "one") as one:
        run(_series(one.url, 3), timeout=600)
        wait_for(lambda: run(_board(one.url, tiles))["total"] == 3, 20, "rated")
        time.sleep(0.5)
        alone = run(_board(one.url, tiles))
    with ClusterThreads(tiles, redis_server.url) as cluster:
        run(_series(cluster.url, 3), timeout=600)
        wait_for(lambda: run(_board(cluster.url, tiles))["total"] == 3
                 and all(p["games"] == 3 for p in run(_board(cluster.url, tiles))["players"]), 20, "rated")
        shared = run(_board(cluster.url, tiles))
    assert shared == alone and all(p["games"] == 3 for p in alone["players"])

    def command(*where: str) -> Any:
        done = subprocess.run([sys.executable, "-m", "carcassonne", "ratings", *where, "--json"],
                              capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)
    from_folder = command("--data", str(tmp_path / "one"))
    from_redis = command("--redis", redis_server.url)
    assert from_folder == from_redis == {"players": alone["players"]}
    histories = [command(*where, "--player", "EASY") for where in (("--data", str(tmp_path / "one")),
                                                                     ("--redis", redis_server.url))]
    assert histories[0]["name"] == "easy" and len(histories[0]["games"]) == 3
    for mine, theirs in zip(*(h["games"] for h in histories)):  # the same games, rated the same
        assert {k: v for k, v in mine.items() if k not in ("game", "at")} == {
            k: v for k, v in theirs.items() if k not in ("game", "at")}
    assert histories[0]["games"][0]["ordinal"] == next(p["ordinal"] for p in alone["players"] if p["name"] == "easy")
    words = subprocess.run([sys.executable, "-m", "carcassonne", "ratings", "--data", str(tmp_path / "one"),
                            "--player", "nobody"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert words.returncode == 2 and len(words.stderr.strip().splitlines()) == 1


def test_the_ratings_command_says_what_is_wrong_in_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "carcassonne", "ratings", "--data", str(tmp_path), "--json"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_simulate_rated_registers_each_computer_once_and_keeps_its_key(tiles, tmp_path, monkeypatch):
    """``simulate --server URL --rated``: each computer under its own name, its key kept beside
    the settings; a second run signs in with the kept keys and rates on."""
    home = tmp_path / "home"
    env_home = {"CARCASSONNE_DATA_DIR": str(home)}
    (tmp_path / "data").mkdir()
    with ServerThread(tiles, tmp_path / "data") as server:
        for seed in (1, 2):
            done = subprocess.run([sys.executable, "-m", "carcassonne", "simulate", "--server", server.url,
                                   "--rated", "--bots", "random,easy", "-n", "2", "--seed", str(seed), "--json"],
                                  capture_output=True, text=True, timeout=300, cwd=ROOT,
                                  env={**__import__("os").environ, **env_home})
            assert done.returncode == 0, done.stderr
        wait_for(lambda: sum(p["games"] for p in run(_board(server.url, tiles))["players"]) == 8, 20, "rated")
        board = run(_board(server.url, tiles))
    assert sorted(p["name"] for p in board["players"]) == ["easy", "random"]
    kept = read_names(json.loads((home / "computer-names.json").read_text()))
    assert [n.name for n in kept[server.url]] == ["random", "easy"]
    assert not (home / "settings.json").exists()  # (the player's own names are not the computers')


def test_simulate_rated_needs_a_server(tmp_path):
    done = subprocess.run([sys.executable, "-m", "carcassonne", "simulate", "--rated", "--bots", "random,easy"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "--server" in done.stderr and "Traceback" not in done.stderr


# ------------------------------------------------------------------ pieces
def test_places_share_equal_scores_and_rate_as_openskill_does_with_ties():
    assert places([10, 30, 30, 5]) == [3, 1, 1, 4]
    before = [None, (27.0, 6.0), None, (20.0, 7.5)]
    scores = [10, 30, 30, 5]
    model = PlackettLuce()
    teams = [[model.rating() if b is None else model.rating(mu=b[0], sigma=b[1])] for b in before]
    own = [(t[0].mu, t[0].sigma, t[0].ordinal()) for t in model.rate(teams, scores=scores)]
    assert rate(before, scores) == own
    assert rate(before, scores)[1][0] != rate(before, [10, 31, 30, 5])[1][0]


def test_a_name_travels_to_another_computer_in_a_file_and_nothing_else_is_taken():
    names: dict[str, list[ServerName]] = {}
    mine = ServerName("Ann", new_key())
    keep(names, "WS://Example.org:7625/", mine)
    assert find(names, "ws://example.org:7625") == mine
    assert find(names, "ws://example.org:7626") is None  # a key is its own server's alone
    server, entry = import_text(export_text("ws://example.org:7625", mine))
    assert (server, entry) == ("ws://example.org:7625", mine)
    for bad in ("", "{}", "[1]", json.dumps({"kind": "carcassonne-server-name", "server": "http://x"}),
                json.dumps({"kind": "carcassonne-server-name", "server": "ws://x", "name": "A", "key": "k"}),
                "{" * 5000):
        with pytest.raises(ValueError) as why:
            import_text(bad)
        assert "\n" not in str(why.value)
    assert read_names({"ws://x": [{"name": "Ann", "key": 3}, "junk"], 5: []}) == {}


def test_ratings_need_no_openskill_in_the_game_itself():
    """The game (and its binary) imports nothing of openskill: only a rated game's end does."""
    code = ("import sys; import carcassonne.app, carcassonne.net.server, carcassonne.net.rated, "
            "carcassonne.app.files.storage; print('openskill' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.stdout.strip() == "False", done.stderr
    build = (Path(ROOT) / "build_scripts" / "build.py").read_text()
    assert '"--exclude-module", "openskill"' in build


def test_a_rated_game_stays_rated_and_its_seats_their_players_after_a_restart(tiles, tmp_path):
    (tmp_path / "data").mkdir()
    with ServerThread(tiles, tmp_path / "data") as server:
        async def first() -> tuple[str, str, str]:
            a, b, bob_key = await _rated_pair(server.url, tiles)
            await a.close()
            await b.close()
            return a.game_id, b.tokens[-1], bob_key
        game, stolen, bob_key = run(first())
    with ServerThread(tiles, tmp_path / "data") as again:
        async def scenario() -> None:
            thief = Connection(again.url, tiles)
            await thief.open()
            with pytest.raises(NetError) as refused:
                await thief.rejoin(game, [stolen])
            assert refused.value.code == "not-your-seat"
            bob = Connection(again.url, tiles)
            await bob.open()
            await bob.sign_in("Bob", bob_key)
            await bob.rejoin(game, [stolen])
            assert bob.table.rated and not bob.table.hints and bob.table.turn_seconds == RATED_TURN_SECONDS
            reply = await _refused(bob, {"type": "aid", "kind": "projected"})
            assert reply["code"] == "rated"
            await thief.close()
            await bob.close()
        run(scenario())


def test_a_computer_whose_name_the_server_forgot_registers_it_again(tiles):
    """A server started afresh at the same address: the kept key is no longer known there,
    so ``simulate --rated`` registers the name again with a new key, and keeps that one."""
    from carcassonne.net.rated_play import _signed_in

    with ServerThread(tiles) as server:
        stale = ServerName("easy", new_key())
        names: dict[str, list[ServerName]] = {}
        keep(names, server.url, stale)

        async def scenario() -> tuple[str, str]:
            conn = Connection(server.url, tiles)
            await _signed_in(conn, names, "easy")
            assert conn.account is not None
            await conn.close()
            return conn.account
        account = run(scenario())
    fresh = find(names, server.url, "easy")
    assert fresh is not None and fresh.key != stale.key and account == (fresh.name, fresh.key)


def test_a_kept_name_never_keeps_a_client_from_a_server_that_keeps_no_names(tiles, monkeypatch):
    monkeypatch.setattr("carcassonne.net.rated.available", lambda: False)
    with ServerThread(tiles) as server:
        async def scenario() -> None:
            a = Connection(server.url, tiles)
            a.account = ("Ann", new_key())
            await a.open()  # the sign-in is refused (no-ratings): the connection goes on
            await a.create([{"kind": "human", "color": "red"}, {"kind": "ai:random", "color": "blue"}], seed=4)
            assert a.table.game is not None and not a.table.rated
            await a.close()
        run(scenario())
