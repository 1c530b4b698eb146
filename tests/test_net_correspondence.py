"""Correspondence games (issue "Clubs and leagues online"): a turn timer of hours or days whose
clock is the server's wall clock, stored with the game (SQLite and Redis alike), so it survives
a restarted server and a node taking a game over; a game left is picked up days later by its
seat token; ``my_turns`` says which kept games wait on the asker's move, and nothing else."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest

from carcassonne.engine import COLORS
from carcassonne.net.client import Connection, NetError
from carcassonne.net.protocol import MAX_TURN_SECONDS, ProtocolError, read_message

from netkit import play_seat, run, seated_pair

DAYS_3 = 3 * 24 * 3600
DAY = 24 * 3600


def test_the_create_message_takes_turn_timers_up_to_a_week():
    seats = [{"kind": "human", "color": COLORS[0]}, {"kind": "open", "color": COLORS[1]}]
    assert MAX_TURN_SECONDS == 7 * DAY
    for seconds in (30, 3600, 12 * 3600, DAY, DAYS_3, 7 * DAY):
        assert read_message(_create(seats, seconds))["turn_seconds"] == seconds
    with pytest.raises(ProtocolError):
        read_message(_create(seats, 7 * DAY + 1))


def _create(seats: list[dict[str, Any]], seconds: int) -> str:
    import json
    return json.dumps({"type": "create", "seats": seats, "turn_seconds": seconds})


def _age_clock(hosting: Any, folder: Any, game: str, seconds: float) -> None:
    """Move the stored start of the turn in progress ``seconds`` into the past (as if the
    players had been away that long), in the store the server keeps."""
    if hosting.redis is None:
        with sqlite3.connect(folder / "lobby.sqlite3") as db:
            db.execute("UPDATE games SET turn_started = turn_started - ? WHERE id = ?", (seconds, game))
        return
    started = float(hosting.redis.command("HGET", f"carcassonne:game:{game}", "clock"))
    hosting.redis.command("HSET", f"carcassonne:game:{game}", "clock", f"{started - seconds:.3f}")


def test_a_correspondence_game_is_picked_up_days_later_after_a_restart(tiles, tmp_path, hosting):
    """Ann moves and leaves; the server stops; a day later (its stored clock moved back a day)
    a restarted server tells Bob, by his token alone, that the game waits on him since a day,
    with two days of his three left; he takes his seat back and plays on, and Ann sees it."""
    data = tmp_path / "data"
    with hosting(tiles, data) as server:
        async def first_turn() -> tuple[str, list[str], list[str]]:
            a, b = await seated_pair(server.url, tiles, seed=11, turn_seconds=DAYS_3)
            await play_seat(a, 0, "normal", 3, until_turn=1)
            while b.table.game is None or b.table.game.turn_number < 1:
                await b.receive()
            game, tokens_a, tokens_b = a.game_id, list(a.tokens), list(b.tokens)
            await a.close()
            await b.close()
            return game, tokens_a, tokens_b
        game, tokens_a, tokens_b = run(first_turn())
        assert hosting.stored_turns(data, game) == 1
    _age_clock(hosting, data, game, DAY)
    with hosting(tiles, data) as server:
        async def later() -> tuple[dict[str, Any], dict[str, Any], float, int]:
            asker = Connection(server.url, tiles)
            await asker.open()
            asked = [{"game": game, "token": t} for t in (*tokens_a, *tokens_b)]
            both = await asker.request({"type": "my_turns", "games": asked}, "my_turns")
            anns = await asker.request({"type": "my_turns", "games": asked[:2]}, "my_turns")
            await asker.close()
            b = Connection(server.url, tiles)
            await b.open()
            await b.rejoin(game, tokens_b)
            left = b.table.turn_left
            a = Connection(server.url, tiles)
            await a.open()
            await a.rejoin(game, tokens_a)
            await asyncio.gather(play_seat(b, 1, "normal", 4, until_turn=2),
                                 _until_turn(a, 2))
            return both, anns, float(left or 0), a.table.game.turn_number
        both, anns, left, turns = run(later())
    assert [g["game"] for g in both["games"]] == [game]
    waiting = both["games"][0]
    assert waiting["players"] == ["Ann", "Bob"] and DAY - 60 < waiting["waited"] < DAY + 60
    assert anns["games"] == [], "Ann's tokens: the game does not wait on her"
    assert 2 * DAY - 60 < left < 2 * DAY + 1, "the turn's clock went on from where it was stored"
    assert turns == 2


async def _until_turn(conn: Connection, turn: int) -> None:
    while conn.table.game is None or conn.table.game.turn_number < turn:
        await conn.receive()


def test_my_turns_says_nothing_of_games_the_tokens_do_not_hold(tiles):
    """Wrong tokens, another game's token, unknown games: left out, never an error that tells
    them apart; too many games in one question is one line; asking too often is refused."""
    from netkit import ServerThread

    with ServerThread(tiles) as server:
        async def scenario() -> tuple[list[dict[str, Any]], list[str]]:
            a, b = await seated_pair(server.url, tiles, seed=5, turn_seconds=DAY)
            c, d = await seated_pair(server.url, tiles, seed=6, turn_seconds=DAY)
            asker = Connection(server.url, tiles)
            await asker.open()
            answers = []
            for asked in ([{"game": a.game_id, "token": b.tokens[0]}],
                          [{"game": a.game_id, "token": c.tokens[1]}],
                          [{"game": "no-such-game", "token": a.tokens[1]}],
                          [{"game": c.game_id, "token": c.tokens[1]}, {"game": a.game_id, "token": a.tokens[1]}]):
                answers.append(await asker.request({"type": "my_turns", "games": asked}, "my_turns"))
            refused = []
            for message in ({"type": "my_turns", "games": [{"game": "g", "token": "t"}] * 21},
                            {"type": "my_turns", "games": "all"}):
                try:
                    await asker.request(message, "my_turns")
                except NetError as exc:
                    refused.append(exc.code)
            for _ in range(12):
                try:
                    await asker.request({"type": "my_turns", "games": []}, "my_turns")
                except NetError as exc:
                    refused.append(exc.code)
            return answers, refused
        answers, refused = run(scenario())
    assert [len(a["games"]) for a in answers] == [0, 0, 0, 2]
    assert {g["players"][0] for g in answers[3]["games"]} == {"Ann"}
    assert refused[:2] == ["bad-message", "bad-message"] and "rate-limited" in refused[2:]


def test_a_correspondence_timer_runs_out_with_nobody_at_the_table(tiles, tmp_path):
    """An hour's timer runs on while both players are away (a shorter one would wait for
    them): when it runs out the computer lays the tile for the player, as at a table, and the
    turn is stored."""
    import time

    from netkit import ServerThread, turns_in

    with ServerThread(tiles, tmp_path / "data") as server:
        async def seated() -> str:
            a, b = await seated_pair(server.url, tiles, seed=13, turn_seconds=3600)
            await a.close()
            await b.close()
            return a.game_id
        game = run(seated())
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and server.call(lambda: bool(server.server.peers[game])):
            time.sleep(0.02)  # (the server hears of both connections closing)

        def age() -> None:
            inner = server.server
            assert inner is not None
            room = inner.rooms[game]
            assert not inner.peers[game] and room.game is not None and room.game.turn_number == 0
            room.turn_started -= 3600 - 0.2  # (0.2 s left)
            inner._next_turn(room)
        server.call(age)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and turns_in(tmp_path / "data" / "games" / f"{game}.carc.json") < 1:
            time.sleep(0.05)
        played = server.call(lambda: server.server.rooms[game].game.turn_number)
    assert played == 1 and turns_in(tmp_path / "data" / "games" / f"{game}.carc.json") == 1


def test_a_turn_whose_time_ran_out_while_the_game_was_out_of_memory_is_played_when_asked(tiles, tmp_path, hosting):
    """Ann and Bob leave a game of an hour's turns; nobody being at its table, the server sends
    it back to its store (out of memory, no timer running; on a cluster no node holds it) and,
    two hours later, Bob's title screen asks ``my_turns``: Ann's turn, its time run out, is
    played for her by the computer then, and the next ask lists the game as waiting on Bob."""
    import time

    data = tmp_path / "data"
    with hosting(tiles, data) as server:
        async def seated() -> tuple[str, list[str]]:
            a, b = await seated_pair(server.url, tiles, seed=13, turn_seconds=3600)
            game, tokens = a.game_id, list(b.tokens)
            await a.close()
            await b.close()
            return game, tokens
        game, tokens_b = run(seated())
        nodes = server.nodes if hosting.cluster else [server]
        holder = next(n for n in nodes if n.call(lambda n=n: game in n.server.rooms))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and holder.call(lambda: bool(holder.server.peers[game])):
            time.sleep(0.02)  # (the server hears of both connections closing)

        def send_back() -> None:  # (as its sweep does an hour after the table emptied)
            inner = holder.server
            assert inner is not None
            room = inner.rooms[game]
            inner._stop_timer(room)
            inner._drop(room)
        holder.call(send_back)
        if hosting.cluster:  # (the node lets the game go: no node owns it)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and hosting.redis.command("GET", f"carcassonne:owner:{game}"):
                time.sleep(0.02)
            assert not hosting.redis.command("GET", f"carcassonne:owner:{game}")
        _age_clock(hosting, data, game, 7200)

        async def ask() -> list[dict[str, Any]]:
            c = Connection(server.url, tiles)
            await c.open()
            answer = await c.request({"type": "my_turns", "games": [{"game": game, "token": t}
                                                                     for t in tokens_b]}, "my_turns")
            await c.close()
            return list(answer["games"])
        assert run(ask()) == [] and hosting.stored_turns(data, game) == 0  # (Ann's turn: played once asked)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and hosting.stored_turns(data, game) < 1:
            time.sleep(0.05)
        assert hosting.stored_turns(data, game) == 1
        waiting = run(ask())
        assert sum(1 for room in hosting.rooms(server).values() if room.id == game) == 1
    assert [g["game"] for g in waiting] == [game] and waiting[0]["waited"] < 60
