"""Network play through a real server on 127.0.0.1 with real clients (issue: play across screens).

The server decides everything with the rules engine; clients rebuild the game from what a
player at the table may see, so a game played through the server is the local game with
the same deal, move for move.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from carcassonne.ai import get_bot
from carcassonne.engine import COLORS, Game, Move, Rules
from carcassonne.net.client import Connection, NetError
from carcassonne.net.protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION

from figures import actions, extras, step, text
from netkit import ServerThread, play_seat, run, seated_pair


@pytest.fixture()
def server(tiles, hosting):
    """One server process, and (again) two nodes sharing a real Redis, the test's
    connections spread over both."""
    with hosting(tiles) as s:
        yield s


def local_game(tiles, seed: int, levels: list[str], rules: Rules | None = None) -> Game:
    """The game the same bots play locally on the same deal (bot seeds as in netkit's games)."""
    game = Game(tiles, rules or Rules(), players=len(levels), seed=seed, names=["Ann", "Bob"][:len(levels)])
    bots = [get_bot(level, 100 + i) for i, level in enumerate(levels)]
    while game.draw() is not None:
        game.play(bots[game.current].choose(game))
    game.finish()
    return game


def test_a_full_game_between_bots_is_the_local_game_move_for_move(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=11)
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "random", 101))
        return a.table.game, b.table.game

    mine, theirs = run(scenario())
    local = local_game(tiles, 11, ["normal", "random"])
    assert mine.finished and theirs.finished
    assert mine.history == theirs.history == local.history
    assert mine.scores == theirs.scores == local.scores
    assert [e.points for e in mine.events] == [e.points for e in local.events]


@pytest.mark.parametrize("rules", [
    Rules(river=True, discard="bag", hole_bonus=True, incomplete_score=False),
    Rules(abbot=True, farm_scoring="first-edition"),
    Rules(abbot=True, river=True, table=(9, 7), table_closes=True),
    Rules(start="random", abbot=True),
], ids=["river-house-rules", "abbot", "abbot-river-table", "random-start"])
def test_with_other_rules_the_game_is_the_local_game(server, tiles, rules):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=4, rules=rules.to_record())
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "normal", 101))
        return a.table.game

    game = run(scenario())
    local = local_game(tiles, 4, ["normal", "normal"], rules)
    assert game.history == local.history and game.scores == local.scores


def test_a_client_never_receives_the_bags_order(server, tiles):
    """Every message either client receives names only tiles already drawn: the turns played
    and the tile in hand; no seed, no bag, no tile still to come."""
    frames: list[tuple[int, str]] = []

    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=23)
        for seat, conn in enumerate((a, b)):
            recv = conn.ws.recv

            async def recording(recv=recv, seat=seat, **kw: Any) -> Any:
                frame = await recv(**kw)
                frames.append((seat, frame))
                return frame
            conn.ws.recv = recording  # type: ignore[method-assign]
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "normal", 101))
        return a.table.game

    game = run(scenario())
    assert len(frames) > 100
    seen: set[str] = set()
    drawn = [t.tile for t in game.history]
    for _seat, frame in frames:
        message = json.loads(frame)
        assert "seed" not in frame and "pile" not in frame and "bag" not in frame
        named = _tiles_named(message)
        turns = message.get("turns") or []
        seen |= {t["tile"] for t in turns}
        if message.get("tile"):
            seen.add(message["tile"])
        assert named <= seen, f"{message['type']} names tiles not yet drawn: {named - seen}"
    assert seen == set(drawn)


def _tiles_named(message: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(message, dict):
        for key, value in message.items():
            if key == "tile" and isinstance(value, str):
                found.add(value)
            else:
                found |= _tiles_named(value)
    elif isinstance(message, list):
        for value in message:
            found |= _tiles_named(value)
    return found


def test_the_steps_of_a_turn_are_checked_and_shown_to_the_table(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=3)
        game = a.table.game
        tile = a.table.tile
        placement = game.legal_placements(tile)[0]
        # out of turn: Bob may not lay Ann's tile
        await b.send({"type": "lay", "x": placement.x, "y": placement.y, "rotation": placement.rotation})
        refused = await _next(b, "error")
        await a.send({"type": "confirm"})
        not_laid = await _next(a, "error")
        await a.send({"type": "lay", "x": 40, "y": 40, "rotation": 0})
        far = await _next(a, "error")
        await a.send({"type": "lay", "x": placement.x, "y": placement.y, "rotation": placement.rotation})
        shown = await _next(b, "pending")
        await a.send({"type": "figure", "figure": {"meeple": "no-such-place"}})
        no_spot = await _next(a, "error")
        await a.send({"type": "undo"})
        await _next(b, "pending")
        await a.send({"type": "lay", "x": placement.x, "y": placement.y, "rotation": placement.rotation})
        await a.send({"type": "no_follower"})
        await a.send({"type": "confirm"})
        turn = await _next(b, "turn")
        return refused, not_laid, far, shown, no_spot, turn, b.table.game

    refused, not_laid, far, shown, no_spot, turn, game = run(scenario())
    assert refused["code"] == "not-your-turn" and "Ann" in refused["message"]
    assert not_laid["code"] == "no-tile-placed"
    assert far["code"] == "not-touching"
    assert shown["pending"]["figure"] is None
    assert no_spot["code"] == "no-such-place"
    assert turn["at"] == 0 and len(game.history) >= 1 and game.history[0].figure is None


async def _next(conn: Connection, kind: str, within: float = 10.0) -> dict[str, Any]:
    async def wait() -> dict[str, Any]:
        while True:
            message = await conn.receive()
            if message.get("type") == kind:
                return message
    return await asyncio.wait_for(wait(), within)


def test_a_protocol_mismatch_is_refused_naming_both_versions(server):
    async def scenario():
        async with connect(server.url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION + 1}))
            reply = json.loads(await ws.recv())
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 5)
            return reply

    reply = run(scenario())
    assert reply["code"] == "protocol-version"
    assert f"protocol {PROTOCOL_VERSION}" in reply["message"]
    assert f"protocol {PROTOCOL_VERSION + 1}" in reply["message"]


def test_an_oversized_message_closes_that_connection_only(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles)
        async with connect(server.url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}))
            await ws.recv()
            await ws.send("x" * (MAX_CLIENT_MESSAGE + 1))
            with pytest.raises(ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
        await a.send({"type": "sync"})
        state = await _next(a, "state")
        return closed.value, state

    closed, state = run(scenario())
    assert closed.rcvd is not None and closed.rcvd.code == 1009  # message too big
    assert state["started"]


def test_a_seed_is_refused_unless_the_server_allows_seeds(tiles):
    with ServerThread(tiles, allow_seeds=False) as server:
        async def scenario():
            a = Connection(server.url, tiles)
            await a.open()
            with pytest.raises(NetError) as refused:
                await a.create([{"kind": "human", "color": "red"}, {"kind": "open", "color": "blue"}], seed=7)
            return refused.value

        refused = run(scenario())
    assert refused.code == "no-seeds" and "--allow-seeds" in str(refused)


def test_wrong_join_codes_and_tokens_are_limited_per_address(server, tiles):
    async def scenario():
        a, _b = await seated_pair(server.url, tiles)
        codes = []
        for attempt in range(12):
            if attempt % 4 == 0:  # five bad messages in a row close a connection: come back
                thief = Connection(server.url, tiles)
                await thief.open()
            try:
                if attempt % 2:
                    await thief.join("ZZZZZZ", 1, "Eve")
                else:
                    await thief.rejoin(a.game_id, ["not-a-token"])
            except NetError as exc:
                codes.append(exc.code)
        return codes

    codes = run(scenario())
    assert codes[:10] == ["bad-token", "bad-code"] * 5
    assert codes[10:] == ["rate-limited", "rate-limited"]


def test_a_connection_that_goes_on_sending_garbage_is_closed(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles)
        replies = []
        with pytest.raises(NetError):
            for _ in range(10):
                await b.send({"type": "lay", "x": "one"})
                replies.append(await b.receive())
        # the other player and the game go on
        await a.send({"type": "sync"})
        return replies, await _next(a, "state")

    replies, state = run(scenario())
    assert [r["type"] for r in replies] == ["error"] * 5
    assert state["started"] and state["current"] == 0


def test_another_games_token_gives_no_seat_in_this_game(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles)
        c, d = await seated_pair(server.url, tiles)
        intruder = Connection(server.url, tiles)
        await intruder.open()
        with pytest.raises(NetError) as refused:
            await intruder.rejoin(a.game_id, [c.tokens[-1]])
        return refused.value

    assert run(scenario()).code == "bad-token"


def test_a_dropped_client_rejoins_its_seat_and_the_game_ends_normally(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=8)
        await asyncio.gather(play_seat(a, 0, "normal", 100, until_turn=9),
                             play_seat(b, 1, "random", 101, until_turn=9))
        # Bob's connection drops in the middle of his turn (the tile laid, not confirmed)
        while b.table.current != 1:
            await asyncio.wait_for(b.receive(), 10)
        tile = b.table.tile
        p = b.table.game.legal_placements(tile)[0]
        await b.send({"type": "lay", "x": p.x, "y": p.y, "rotation": p.rotation})
        await _next(a, "pending")
        b.ws.transport.abort()
        seats = await _next(a, "seats")
        await b.reconnect(within=10)
        assert b.table.pending is not None  # the step in progress came back with the game
        await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "random", 101))
        return seats, a.table.game, b.table.game

    seats, mine, theirs = run(scenario())
    assert seats["seats"][1]["connected"] is False
    assert mine.finished and mine.history == theirs.history
    assert mine.history == local_game(tiles, 8, ["normal", "random"]).history


def test_the_host_hands_an_away_seat_to_a_computer_and_it_comes_back(tiles):
    with ServerThread(tiles, hand_over_after=0.2) as server:
        async def scenario():
            a, b = await seated_pair(server.url, tiles, seed=2)
            await play_seat(a, 0, "normal", 100, until_turn=1)
            await b.close()
            await _next(a, "seats")
            await a.send({"type": "hand_over", "seat": 1, "level": "normal"})
            too_soon = await _next(a, "error")
            await asyncio.sleep(0.3)
            await a.send({"type": "hand_over", "seat": 1, "level": "normal"})
            await _next(a, "seats")
            await _next(a, "turn")  # the computer played Bob's turn
            played_for_bob = a.table.game.turn_number
            back = Connection(server.url, tiles)
            await back.open()
            await back.rejoin(b.game_id, b.tokens)
            return too_soon, played_for_bob, back.table.seats[1]

        too_soon, played, seat = run(scenario())
    assert too_soon["code"] == "too-soon"
    assert played >= 2
    assert seat["connected"] and seat["robot"] is None


def test_the_turn_timer_plays_for_a_player_whose_time_ran_out(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=6, turn_seconds=1)
        assert a.table.turn_left is not None and a.table.turn_left <= 1
        timeout = await _next(b, "timeout", within=5)
        turn = await _next(b, "turn", within=5)
        return timeout, turn

    timeout, turn = run(scenario())
    assert timeout["seat"] == 0 and turn["at"] == 0


def test_the_turn_timer_lays_the_tile_alone_never_a_follower(server, tiles):
    """Issue 42: the computer played a whole move for the player (a follower too, once the abbot);
    it lays the tile and leaves the figures to their owner."""
    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=6, turn_seconds=1)
        timed_out = 0
        while timed_out < 6:
            await _next(b, "timeout", within=5)
            await _next(b, "turn", within=5)
            timed_out += 1
        return b.table.game.history

    history = run(scenario(), timeout=60)
    assert len(history) >= 6
    assert [t.figure for t in history if isinstance(t, Move)] == [None] * len(history)


def test_chat_lines_are_cleaned_and_shown_to_everyone(server, tiles):
    async def scenario():
        a, b = await seated_pair(server.url, tiles)
        await b.send({"type": "chat", "text": "hi\x1b[31m\u200b  there" + "!" * 500})
        return await _next(a, "chat")

    line = run(scenario())
    assert line["name"] == "Bob" and line["text"].startswith("hi[31m there!")
    assert len(line["text"]) <= 200


def test_computer_seats_are_played_by_the_server(server, tiles):
    async def scenario():
        a = Connection(server.url, tiles)
        await a.open()
        await a.create([{"kind": "human", "color": "red", "name": "Ann"},
                        {"kind": "ai:normal", "color": "blue"}], seed=9)
        await play_seat(a, 0, "normal", 100)
        return a.table.game

    game = run(scenario())
    assert game.finished and len(game.history) >= 71
    assert game.names == ["Ann", "Normal"]


def test_the_lobby_lists_games_with_open_seats(server, tiles):
    async def scenario():
        a = Connection(server.url, tiles)
        await a.open()
        await a.create([{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"}],
                       name="Friday game")
        other = Connection(server.url, tiles)
        await other.open()
        return await other.request({"type": "list"}, "games")

    games = run(scenario())["games"]
    assert [g["name"] for g in games] == ["Friday game"]
    assert [s["open"] for s in games[0]["seats"]] == [False, True]
    assert "code" not in games[0]  # the join code is the host's to give


def test_colours_are_unique_at_the_table(server, tiles):
    async def scenario():
        a = Connection(server.url, tiles)
        await a.open()
        await a.create([{"kind": "human", "color": "red", "name": "Ann"}, {"kind": "open", "color": "blue"},
                        {"kind": "open", "color": "green"}])
        b = Connection(server.url, tiles)
        await b.open()
        with pytest.raises(NetError) as taken:
            await b.join(a.code, 1, "Bob", COLORS[0])
        await b.join(a.code, 1, "Bob", "green")
        return taken.value, b.table.seats

    taken, seats = run(scenario())
    assert taken.code == "color-taken"
    assert [s["color"] for s in seats] == ["red", "green", "blue"]


def test_an_address_may_keep_only_so_many_games_open_and_chat_only_so_fast(tiles):
    """Games under way count as well as games waiting for players (issue 37, item 4)."""
    from carcassonne.net.limits import Limits, Policy

    with ServerThread(tiles, limits=Limits(policy=Policy(games=3))) as server:
        async def scenario():
            a, b = await seated_pair(server.url, tiles)  # started: it counts all the same
            answers = []
            for i in range(10):
                await a.send({"type": "chat", "text": f"line {i}"})
                answers.append((await _next_any(a, ("chat", "error")))["type"])
            codes = []
            for _ in range(4):
                conn = Connection(server.url, tiles)
                await conn.open()
                try:
                    await conn.create([{"kind": "human", "color": "red"}, {"kind": "human", "color": "blue"}])
                    codes.append("created")
                except NetError as exc:
                    codes.append(exc.code)
            return codes, answers

        codes, answers = run(scenario())
    assert codes == ["created", "created", "too-many-games", "too-many-games"]
    assert answers == ["chat"] * 8 + ["error"] * 2


async def _next_any(conn: Connection, kinds: tuple[str, ...]) -> dict[str, Any]:
    while True:
        message = await asyncio.wait_for(conn.receive(), 10)
        if message.get("type") in kinds:
            return message


class AbbotFirst:
    """A computer player that stands its abbot (or takes it back) whenever it may: the
    Abbot's moves through the network, which the computer levels do not make yet."""

    def __init__(self, seed: int) -> None:
        self.bot = get_bot("random", seed)

    def choose(self, game: Game):  # noqa: ANN201
        from carcassonne.engine import Placement

        tile = game.deck.peek()
        for p in sorted(game.legal_placements(tile)):
            for spot in extras(game, Placement(*p)) + actions(game, Placement(*p)):
                move = p.with_figure(step(spot))
                if game.why_not(move) is None:
                    return move
        return self.bot.choose(game)


def test_abbot_moves_through_the_server_are_the_local_games(server, tiles, monkeypatch):
    import netkit

    monkeypatch.setattr(netkit, "get_bot", lambda level, seed: AbbotFirst(seed))
    rules = Rules(abbot=True)

    async def scenario():
        a, b = await seated_pair(server.url, tiles, seed=12, rules=rules.to_record())
        await asyncio.gather(play_seat(a, 0, "abbot", 100), play_seat(b, 1, "abbot", 101))
        return a.table.game, b.table.game

    mine, theirs = run(scenario())
    local = Game(tiles, rules, players=2, seed=12, names=["Ann", "Bob"])
    bots = [AbbotFirst(100), AbbotFirst(101)]
    while local.draw() is not None:
        local.play(bots[local.current].choose(local))
    local.finish()
    figures = [text(t.figure) for t in local.history if getattr(t, "figure", None) and t.figure.kind == "abbot"]
    assert "abbot:back" in figures and {"abbot:garden", "abbot:cloister"} & set(figures)
    assert mine.history == theirs.history == local.history and mine.scores == local.scores


async def _bad_joins(url: str, forwarded: str | None, count: int) -> list[str]:
    """``count`` joins with a wrong code, as a client behind a proxy that forwards ``forwarded``
    (a fresh connection every 4: five bad messages in a row close one)."""
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    codes: list[str] = []
    while len(codes) < count:
        async with connect(url, additional_headers=headers) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}))
            await ws.recv()
            for _ in range(min(4, count - len(codes))):
                await ws.send(json.dumps({"type": "join", "code": "ZZZZZZ", "seat": 1, "name": "Eve"}))
                codes.append(json.loads(await ws.recv())["code"])
    return codes


def test_behind_a_trusted_proxy_the_limits_are_per_forwarded_address(tiles):
    """``--trusted-proxy 127.0.0.1``: players behind the proxy no longer share its limits."""
    with ServerThread(tiles, trusted_proxies=frozenset({"127.0.0.1"})) as server:
        async def scenario():
            eve = await _bad_joins(server.url, "198.51.100.4, 203.0.113.7", 11)
            other = await _bad_joins(server.url, "203.0.113.8", 1)
            garbage = await _bad_joins(server.url, "not an address", 1)  # counted as the proxy's own
            return eve, other, garbage

        eve, other, garbage = run(scenario())
    assert eve == ["bad-code"] * 10 + ["rate-limited"]
    assert other == ["bad-code"] and garbage == ["bad-code"]


def test_a_forwarded_address_from_an_untrusted_peer_is_ignored(server, tiles):
    async def scenario():
        await _bad_joins(server.url, "203.0.113.7", 10)
        return await _bad_joins(server.url, "203.0.113.8", 1)

    assert run(scenario()) == ["rate-limited"]


def test_the_server_refuses_a_trusted_proxy_that_is_no_address(capsys):
    from carcassonne.cli import main

    assert main(["server", "--trusted-proxy", "proxy.example", "--port", "0"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip().startswith("--trusted-proxy: ") and "proxy.example" in err
