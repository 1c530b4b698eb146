"""How long a server keeps a game in memory (a server runs for weeks: memory must not grow
with every game ever played).

A finished game leaves memory when its last player leaves and is read back from the data
folder when one of its players rejoins; a game under way that everyone has left leaves
memory after a while and is read back the same way (read back again and again, it ends as
the local game); its turn timer waits while nobody is at the table; a restarted server
reads back only the games still under way; a game still waiting for players long after it
was opened, with nobody at its table, is closed and forgotten.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time

from carcassonne.net import server as server_module
from carcassonne.net.client import Connection, NetError
from carcassonne.net.protocol import play_message
from carcassonne.net.store import Store

from netkit import ServerThread, play_seat, run, seated_pair, wait_for


def _finished_game(server: ServerThread, tiles) -> tuple[str, list[str], list[int]]:
    """Two players play a game to its end and leave; returns its id, a seat's tokens and the scores."""
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=12)
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "random", 101))
        scores = list(a.table.game.scores)
        await a.close()
        await b.close()
        return a.game_id, list(b.tokens), scores

    return run(scenario())


def _rejoin(server: ServerThread, tiles, game: str, tokens: list[str]) -> Connection:
    async def scenario():
        conn = Connection(server.url, tiles)
        await conn.open()
        await conn.rejoin(game, tokens)
        return conn
    return run(scenario())


def test_a_finished_game_leaves_memory_when_its_players_leave_and_comes_back_for_a_rejoin(tiles, tmp_path):
    with ServerThread(tiles, tmp_path / "data") as server:
        game, tokens, scores = _finished_game(server, tiles)
        deadline = time.monotonic() + 10
        while server.call(lambda: game in server.server.rooms) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.call(lambda: (dict(server.server.rooms), dict(server.server.peers),
                                    dict(server.server._locks))) == ({}, {}, {})
        conn = _rejoin(server, tiles, game, tokens)
        assert conn.table.finished and list(conn.table.game.scores) == scores
        assert server.call(lambda: list(server.server.rooms)) == [game]


def _left_midway(server: ServerThread, tiles, **options) -> tuple[str, list[str], list[str], int]:
    """Two players play a few turns and both leave; returns the game's id, each one's tokens
    and the turn it stopped at."""
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=12, **options)
        await asyncio.gather(play_seat(a, 0, "normal", 100, until_turn=6),
                             play_seat(b, 1, "normal", 101, until_turn=6))
        turn = a.table.game.turn_number
        await a.close()
        await b.close()
        return a.game_id, list(a.tokens), list(b.tokens), turn

    return run(scenario())


def test_a_game_everyone_left_leaves_memory_after_a_while_and_goes_on_after_a_rejoin(tiles, tmp_path, monkeypatch):
    monkeypatch.setattr(server_module, "AWAY_KEPT", 1.0)
    with ServerThread(tiles, tmp_path / "data") as server:
        game, ann, bob, turn = _left_midway(server, tiles)
        wait_for(lambda: not server.call(lambda: server.server.peers[game]), 10, "both players gone")

        async def scenario():
            lister = Connection(server.url, tiles)
            await lister.open()
            await lister.request({"type": "list"}, "games")
            kept = server.call(lambda: game in server.server.rooms)
            await asyncio.sleep(1.2)
            await lister.request({"type": "list"}, "games")  # the sweep runs on list and create
            gone = server.call(lambda: game not in server.server.rooms)
            a, b = Connection(server.url, tiles), Connection(server.url, tiles)
            for conn, tokens in ((a, ann), (b, bob)):
                await conn.open()
                await conn.rejoin(game, tokens)
            back_at = a.table.game.turn_number
            await asyncio.gather(play_seat(a, 0, "normal", 100, until_turn=turn + 4),
                                 play_seat(b, 1, "normal", 101, until_turn=turn + 4))
            return kept, gone, back_at, a.table.game.turn_number

        kept, gone, back_at, later = run(scenario())
    assert kept, "a game left a moment ago stays in memory (a dropped connection comes back to it)"
    assert gone, "a game nobody is at leaves memory once AWAY_KEPT has passed"
    assert back_at == turn and later >= turn + 4


def test_a_turn_timer_waits_while_nobody_is_at_the_table(tiles, tmp_path):
    with ServerThread(tiles, tmp_path / "data") as server:
        game, ann, bob, turn = _left_midway(server, tiles, turn_seconds=1)
        wait_for(lambda: not server.call(lambda: server.server.peers[game]), 10, "both players gone")
        time.sleep(1.6)  # more than a whole turn: no timeout plays while nobody is there
        assert server.call(lambda: server.server.rooms[game].game.turn_number) == turn

        async def scenario():
            back = Connection(server.url, tiles)
            await back.open()
            await back.rejoin(game, bob)
            left = back.table.turn_left
            while back.table.game.turn_number == turn:  # the timer runs again with somebody there
                await back.receive()
            return left

        left = run(scenario(), timeout=20)
    assert left is not None and left >= 0.5, "the person who comes back gets the turn's time again"


def test_a_restarted_server_reads_back_only_games_under_way_yet_rejoins_finished_ones(tiles, tmp_path):
    data = tmp_path / "data"
    with ServerThread(tiles, data) as server:
        game, tokens, scores = _finished_game(server, tiles)

        async def waiting():
            host = Connection(server.url, tiles)
            await host.open()
            await host.create([{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"}])
            return host.game_id
        open_game = run(waiting())
    with ServerThread(tiles, data) as server:
        assert server.call(lambda: list(server.server.rooms)) == [open_game]
        conn = _rejoin(server, tiles, game, tokens)
        assert conn.table.finished and list(conn.table.game.scores) == scores


def test_a_game_left_waiting_for_players_is_closed_after_a_while(tiles, tmp_path, monkeypatch):
    monkeypatch.setattr(server_module, "WAITING_KEPT", 0.3)
    monkeypatch.setattr(server_module, "SWEEP_EVERY", 0.0)
    with ServerThread(tiles, tmp_path / "data") as server:
        async def scenario():
            host = Connection(server.url, tiles)
            await host.open()
            await host.create([{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"}],
                              name="Nobody came")
            code, tokens, game = host.code, list(host.tokens), host.game_id
            lister = Connection(server.url, tiles)
            await lister.open()
            listed = await lister.request({"type": "list"}, "games")
            await asyncio.sleep(0.5)  # the host is still at the table: the game stays
            kept = await lister.request({"type": "list"}, "games")
            await host.close()
            await asyncio.sleep(0.1)
            closed = await lister.request({"type": "list"}, "games")
            refused = []
            for attempt in (lambda c: c.join(code, 1, "Bob"), lambda c: c.rejoin(game, tokens)):
                other = Connection(server.url, tiles)
                await other.open()
                try:
                    await attempt(other)
                except NetError as exc:
                    refused.append(exc.code)
            return listed, kept, closed, refused

        listed, kept, closed, refused = run(scenario())
        assert [g["name"] for g in listed["games"]] == ["Nobody came"]
        assert [g["name"] for g in kept["games"]] == ["Nobody came"]
        assert closed["games"] == [] and refused == ["bad-code", "bad-token"]
        assert server.call(lambda: dict(server.server.rooms)) == {}
    with sqlite3.connect(tmp_path / "data" / "lobby.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (0,)
        assert db.execute("SELECT COUNT(*) FROM seats").fetchone() == (0,)


def test_a_lobby_kept_by_an_older_server_gains_the_finished_column(tiles, tmp_path):
    """Older lobbies had no ``finished`` column; their finished games are marked on the first start."""
    data = tmp_path / "data"
    with ServerThread(tiles, data) as server:
        game, tokens, scores = _finished_game(server, tiles)
    with sqlite3.connect(data / "lobby.sqlite3") as db:  # back to the older schema
        db.execute("ALTER TABLE games DROP COLUMN finished")
    store = Store(data)
    try:
        assert list(store.rooms(tiles)) == []
        assert store.db.execute("SELECT finished FROM games WHERE id = ?", (game,)).fetchone() == (1,)
        room = store.room(tiles, game)
        assert room is not None and room.finished and list(room.game.scores) == scores
        assert store.room(tiles, "no-such-game") is None
    finally:
        store.close()


async def _play_until(conn: Connection, seat: int, bot, until: int) -> None:
    """``bot`` plays ``seat`` until turn ``until`` is reached or the game ends (one bot for the
    whole game, as the local game has)."""
    asked = None
    while not conn.table.finished:
        game = conn.table.game
        if game is not None and game.turn_number >= until:
            return
        if game is not None and conn.table.current == seat and asked != game.turn_number:
            asked = game.turn_number
            move = bot.choose(game.copy())
            await conn.send(play_message(move, asked))
        await conn.receive()


def test_a_game_sent_back_to_disk_again_and_again_ends_as_the_local_game(tiles, tmp_path, monkeypatch):
    """Every 12 turns both players leave and the game leaves memory; read back each time, with
    Inns & Cathedrals and the Abbot, it still ends move for move as the game played locally."""
    from carcassonne.ai import get_bot
    from carcassonne.engine import Game, Rules

    monkeypatch.setattr(server_module, "AWAY_KEPT", 0.0)
    monkeypatch.setattr(server_module, "SWEEP_EVERY", 0.0)
    rules = Rules(inns_cathedrals=True, abbot=True)
    local = Game(tiles, rules, players=2, seed=14, names=["Ann", "Bob"])
    local_bots = [get_bot("normal", 100), get_bot("random", 101)]
    while local.draw() is not None:
        local.play(local_bots[local.current].choose(local))
    local.finish()

    with ServerThread(tiles, tmp_path / "data") as server:
        async def scenario():
            a, b = await seated_pair(server.url, tiles, seed=14, rules=rules.to_record())
            game_id, tokens = a.game_id, (list(a.tokens), list(b.tokens))
            bots, evictions = [get_bot("normal", 100), get_bot("random", 101)], 0
            until = 12
            while True:
                await asyncio.gather(_play_until(a, 0, bots[0], until), _play_until(b, 1, bots[1], until))
                if a.table.finished:
                    return a.table.game, evictions
                await a.close()
                await b.close()
                wait_for(lambda: not server.call(lambda: server.server.peers[game_id]), 10, "both gone")
                lister = Connection(server.url, tiles)
                await lister.open()
                await lister.request({"type": "list"}, "games")
                await lister.close()
                evictions += server.call(lambda: game_id not in server.server.rooms)
                a, b = Connection(server.url, tiles), Connection(server.url, tiles)
                for conn, held in zip((a, b), tokens, strict=True):
                    await conn.open()
                    await conn.rejoin(game_id, held)
                until += 12

        played, evictions = run(scenario(), timeout=240)
    assert played.history == local.history and played.scores == local.scores
    assert evictions >= 4


async def _drain(conn: Connection) -> None:
    """Take in what the server sent for a while (a refused move's error among it)."""
    while True:
        try:
            reply = await asyncio.wait_for(conn.receive(), 0.2)
        except TimeoutError:
            return
        if reply.get("type") == "error":
            assert reply.get("code") in ("stale-turn", "not-your-turn", "game-over"), reply


def test_players_coming_and_going_while_games_leave_memory_break_nothing(tiles, tmp_path, monkeypatch, caplog):
    """Churn: two timed games whose players leave, list, rejoin and play in a seeded random
    order while the sweep sends empty games back to disk at once. The server logs no error,
    keeps its tables consistent, and every game still plays on after a last rejoin."""
    import logging
    import random

    from carcassonne.ai import get_bot

    monkeypatch.setattr(server_module, "AWAY_KEPT", 0.0)
    monkeypatch.setattr(server_module, "SWEEP_EVERY", 0.0)
    caplog.set_level(logging.INFO, logger="carcassonne.net")
    rng = random.Random(7)
    with ServerThread(tiles, tmp_path / "data") as server:
        async def scenario():
            games = []
            for seed in (21, 22):
                a, b = await seated_pair(server.url, tiles, seed=seed, turn_seconds=1)
                games.append({"id": a.game_id, "tokens": [list(a.tokens), list(b.tokens)], "conns": [a, b]})
            bot = get_bot("random", 3)
            for _step in range(60):
                g = rng.choice(games)
                seat = rng.randrange(2)
                conn = g["conns"][seat]
                action = rng.choice(("leave", "list", "rejoin", "play", "wait"))
                if action == "leave" and conn is not None:
                    await conn.close()
                    g["conns"][seat] = None
                elif action == "list":
                    lister = Connection(server.url, tiles)
                    await lister.open()
                    await lister.request({"type": "list"}, "games")
                    await lister.close()
                elif action == "rejoin" and conn is None:
                    back = Connection(server.url, tiles)
                    await back.open()
                    await back.rejoin(g["id"], g["tokens"][seat])
                    g["conns"][seat] = back
                elif (action == "play" and conn is not None and conn.table.game is not None
                      and not conn.table.finished and conn.table.current == seat):
                    game = conn.table.game
                    move = bot.choose(game.copy())
                    await conn.send(play_message(move, game.turn_number))
                    await _drain(conn)  # (a timeout may have played the turn first: then it is refused)
                else:
                    await asyncio.sleep(0.05)
            results = []
            for g in games:  # everybody back: each game answers and plays on
                for seat in range(2):
                    if g["conns"][seat] is None:
                        back = Connection(server.url, tiles)
                        await back.open()
                        await back.rejoin(g["id"], g["tokens"][seat])
                        g["conns"][seat] = back
                first = g["conns"][0]
                await _drain(first)
                await first.request({"type": "sync"}, "state")
                before = first.table.game.turn_number
                deadline = time.monotonic() + 10
                while first.table.game.turn_number == before and time.monotonic() < deadline:  # a timeout
                    try:
                        await asyncio.wait_for(first.receive(), 1)
                    except TimeoutError:
                        pass
                results.append((before, first.table.game.turn_number))
            return results

        results = run(scenario(), timeout=120)
        inner = server.call(lambda: (set(server.server.rooms), set(server.server.peers), set(server.server._locks),
                                     set(server.server._timers) <= set(server.server.rooms)))
    assert all(after > before for before, after in results), results
    rooms, peers, locks, timers_kept = inner
    assert rooms == peers == locks and timers_kept
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert any("left memory" in r.getMessage() for r in caplog.records)  # the churn did send games to disk
