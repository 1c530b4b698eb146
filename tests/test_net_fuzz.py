"""Hostile peers against a real server, fuzzed with hypothesis, while a game goes on beside
them: garbage, wrong types, huge sizes, deep nesting, moves out of turn, wrong tokens and
another game's token are refused (an error, or the connection closed), and the concurrent
game finishes as the local game would (issue: play across screens, "Security").
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_net_server import local_game
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from carcassonne.net.client import Connection
from carcassonne.net.protocol import CLIENT_MESSAGES, MAX_CLIENT_MESSAGE, PROTOCOL_VERSION

from netkit import play_seat, run, seated_pair

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)
field_names = st.sampled_from(sorted({f for fields in CLIENT_MESSAGES.values() for f in fields} | {"type", "seat"}))
typed_messages = st.builds(
    lambda kind, fields: json.dumps({**fields, "type": kind}),
    st.sampled_from(sorted(CLIENT_MESSAGES) + ["state", "turn", "welcome", "", "x" * 40]),
    st.dictionaries(field_names, json_values, max_size=5))
frames = st.one_of(
    st.text(max_size=200),
    st.deferred(lambda: account_frames),
    st.binary(max_size=64),
    typed_messages,
    json_values.map(json.dumps),
    st.integers(1, 4000).map(lambda depth: "[" * depth + "]" * depth),
    st.just("1" * 5000),
    st.integers(MAX_CLIENT_MESSAGE + 1, 4 * MAX_CLIENT_MESSAGE).map(
        lambda n: '{"type": "chat", "text": "' + "a" * n + '"}'),
)
#: Names, keys, aids and the leaderboard (rated games), nearly right and wrong.
name_texts = st.one_of(st.text(max_size=30), st.sampled_from(["Ann", "ANN", "ann", "Bob", "Al", "Zoë", "x" * 21]))
key_texts = st.one_of(st.text(max_size=70), st.sampled_from(["k" * 31, "k" * 32, "k" * 64, "k" * 65]))
account_frames = st.one_of(
    st.builds(lambda kind, name, key: json.dumps({"type": kind, "name": name, "key": key}),
              st.sampled_from(["register", "sign_in"]), name_texts, key_texts),
    st.builds(lambda name: json.dumps({"type": "history", "name": name}), name_texts),
    st.builds(lambda page: json.dumps({"type": "leaderboard", "page": page}), st.integers(-2, 10**5)),
    st.builds(lambda kind, x, y: json.dumps({"type": "aid", "kind": kind, "x": x, "y": y}),
              st.sampled_from(["hint", "analysis", "fits", "projected", "cheat"]), st.integers(-3, 3),
              st.integers(-3, 3)),
    st.builds(lambda kind: json.dumps({"type": "aid", "kind": kind}), st.sampled_from(["fits", "projected"])),
    st.builds(lambda seats: json.dumps({"type": "create", "rated": True, "seats": seats}),
              st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["human", "open", "ai:easy"]),
                                              "color": st.sampled_from(["red", "blue", "green"])}), max_size=3)),
)
#: What a seated hostile peer sends in its own game: moves out of turn and nonsense steps.
seated_frames = st.one_of(
    frames,
    account_frames,
    st.builds(lambda x, y, r: json.dumps({"type": "play", "x": x, "y": y, "rotation": r}),
              st.integers(-3, 3), st.integers(-3, 3), st.sampled_from([0, 90, 180, 270, 45])),
    st.sampled_from([json.dumps({"type": t}) for t in ("confirm", "undo", "no_follower", "sync", "leave")]),
    st.builds(lambda x, tile: json.dumps({"type": "play", "x": x, "y": 0, "rotation": 0, "tile": tile}),
              st.integers(-2, 2), st.sampled_from(["A", "D", "IC1", "zz", ""])),
    st.builds(lambda text: json.dumps({"type": "watcher_chat", "text": text}), st.text(max_size=40)),
    st.sampled_from([json.dumps({"type": "decide", "choice": [0, 0]}),
                     json.dumps({"type": "hand_over", "seat": 0, "level": "easy"}),
                     json.dumps({"type": "watchable"})]),
)


def test_hostile_peers_are_refused_while_another_game_finishes_unharmed(tiles, hosting):
    """(Against one process, and against two nodes sharing Redis: the hostile connections and
    the honest players spread over both.)"""
    with hosting(tiles) as server:
        outcome: dict[str, Any] = {}
        seated = threading.Event()

        def honest_game() -> None:
            async def scenario():
                a, b = await seated_pair(server.url, tiles, seed=17)
                seated.set()
                await asyncio.gather(play_seat(a, 0, "normal", 100), play_seat(b, 1, "random", 101))
                return a.table.game
            outcome["game"] = run(scenario(), timeout=600)

        honest = threading.Thread(target=honest_game)
        honest.start()
        assert seated.wait(30)
        victim = run(_victim_game(server.url, tiles))

        @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.lists(frames, min_size=1, max_size=6), st.lists(seated_frames, min_size=1, max_size=6),
               st.sampled_from(["", "token-of-another-game", "random", "spectator"]))
        def hostile(loose: list[str | bytes], seated: list[str | bytes], token_kind: str) -> None:
            run(_hostile_peer(server.url, tiles, loose, seated, victim, token_kind), timeout=60)

        hostile()
        honest.join(600)
        assert not honest.is_alive()
        alive = run(_still_serving(server.url, tiles))
    local = local_game(tiles, 17, ["normal", "random"])
    assert outcome["game"].history == local.history and outcome["game"].scores == local.scores
    assert alive


async def _victim_game(url: str, tiles: Any) -> dict[str, Any]:
    """A game whose seat 1 the hostile peers hold (seat 0 never moves), and another game's token."""
    a, b = await seated_pair(url, tiles, seed=3)
    c, d = await seated_pair(url, tiles, seed=4)
    e, f = Connection(url, tiles), Connection(url, tiles)  # a game watched by the hostile spectators
    await e.open()
    await f.open()
    watched = await e.create([{"kind": "human", "color": "red", "name": "Eve"}, {"kind": "open", "color": "blue"}],
                             seed=6, watchers=True)
    await f.join(e.code, 1, "Fay", "blue")
    return {"game": a.game_id, "bob": b.tokens[-1], "other": d.tokens[-1], "watch": watched["watch_code"],
            "keep": (a, b, c, d, e, f)}


async def _hostile_peer(url: str, tiles: Any, loose: list[str | bytes], seated: list[str | bytes],
                        victim: dict[str, Any], token_kind: str) -> None:
    """One hostile connection; the server closing it (after too many bad messages) is a refusal."""
    try:
        await _hostile_frames(url, loose, seated, victim, token_kind)
    except ConnectionClosed:
        pass


async def _hostile_frames(url: str, loose: list[str | bytes], seated: list[str | bytes],
                          victim: dict[str, Any], token_kind: str) -> None:
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}))
        assert json.loads(await ws.recv())["type"] == "welcome"
        if not await _send_all(ws, loose):
            return
        if token_kind == "spectator":  # watching: every step of a player's refused, nothing moves
            await ws.send(json.dumps({"type": "watch", "code": victim["watch"]}))
            reply = await _reply(ws)
            if reply is None or reply["type"] == "error":
                assert reply is None or reply["code"] in ("rate-limited", "in-game"), reply
                return
            assert reply["type"] == "watching"
            await _send_all(ws, seated)
            return
        token = {"": victim["bob"], "token-of-another-game": victim["other"]}.get(token_kind, "x" * 20)
        await ws.send(json.dumps({"type": "rejoin", "game": victim["game"], "token": token}))
        reply = await _reply(ws)
        if reply is None:
            return
        if token_kind:
            assert reply["type"] == "error" and reply["code"] in ("bad-token", "rate-limited", "in-game")
            return
        await _send_all(ws, seated)


async def _send_all(ws: Any, frames: list[str | bytes]) -> bool:
    """Send each frame and read the answer; False once the server closed the connection."""
    for frame in frames:
        try:
            await ws.send(frame)
        except ConnectionClosed:
            return False
        reply = await _reply(ws)
        if reply is None:
            return False
        if reply["type"] in ("turn", "pending"):
            raise AssertionError(f"a hostile frame moved: {frame!r} -> {reply}")
    return True


async def _reply(ws: Any) -> dict[str, Any] | None:
    """The next answer to this peer (skipping what the table is told), or None if closed."""
    try:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] not in ("seats", "chat", "watchers"):
                return message
    except ConnectionClosed:
        return None


async def _still_serving(url: str, tiles: Any) -> bool:
    conn = Connection(url, tiles)
    await conn.open()
    games = await conn.request({"type": "list"}, "games")
    await conn.close()
    return isinstance(games["games"], list)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(st.text(max_size=60), max_size=3), trusted=st.booleans())
def test_any_forwarded_header_gives_an_address_and_never_an_error(tiles, values, trusted):
    """Whatever ``X-Forwarded-For`` headers a peer sends: the connection's address, or (from a
    trusted proxy) a well-formed IP address the proxy appended."""
    import ipaddress
    from types import SimpleNamespace

    from websockets.datastructures import Headers

    from carcassonne.net.server import Server

    headers = Headers()
    for value in values:
        try:
            headers["X-Forwarded-For"] = value
        except Exception:  # (a header value the HTTP layer itself could not carry)
            continue
    ws = SimpleNamespace(remote_address=("127.0.0.1", 40000), request=SimpleNamespace(headers=headers))
    server = Server(tiles, trusted_proxies=frozenset({"127.0.0.1"} if trusted else ()))
    address = server._address(ws)  # type: ignore[arg-type]
    if not trusted:
        assert address == "127.0.0.1"
    else:
        assert address == str(ipaddress.ip_address(address))


def test_names_keys_and_aids_from_anyone_get_an_answer_or_one_line(tiles):
    """``register``, ``sign_in``, ``history``, ``leaderboard`` and ``aid`` with any text: a name is
    registered only if it is a name (letters and digits, single signs between) with a key of 32 to
    64 printable characters; anything else is one line, and the server goes on serving."""
    from carcassonne.net.accounts import key_problem, name_problem

    from netkit import ServerThread

    with ServerThread(tiles) as server:
        @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.lists(account_frames, min_size=1, max_size=5))
        def anyone(sent: list[str]) -> None:
            async def scenario() -> None:
                async with connect(server.url, max_size=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}))
                    assert json.loads(await ws.recv())["type"] == "welcome"
                    for frame in sent:
                        try:
                            await ws.send(frame)
                            reply = await _reply(ws)
                        except ConnectionClosed:
                            return
                        if reply is None:
                            return
                        asked = json.loads(frame)
                        if reply["type"] == "error":
                            assert "\n" not in reply["message"] and len(reply["message"]) <= 200
                        elif reply["type"] == "signed_in":
                            assert name_problem(asked["name"]) is None and key_problem(asked["key"]) is None
                        else:
                            assert reply["type"] in ("leaderboard", "history", "state", "created"), reply
            run(scenario(), timeout=60)

        anyone()
        assert run(_still_serving(server.url, tiles))


def test_my_turns_with_any_games_and_tokens_names_only_games_the_tokens_hold(tiles):
    """``my_turns`` with anything in it: one line, or an answer that names only a game a
    seat token given for it holds and whose table waits on that seat (issue "Clubs and
    leagues online": the title screen's list of games waiting on the player)."""
    from carcassonne.net.limits import Allowance, Limits, Policy

    from netkit import ServerThread

    many = Allowance(10**9, 60.0)
    with ServerThread(tiles, limits=Limits(policy=Policy(turn_asks=many, turn_asks_network=many))) as server:
        a, b = run(seated_pair(server.url, tiles, seed=9, turn_seconds=86400))
        game, waiting_token = a.game_id, a.tokens[1]  # (seat 0 moves first)
        words = st.one_of(st.sampled_from([game, *a.tokens, *b.tokens, "", "x" * 65, "é"]), st.text(max_size=70))
        items = st.one_of(st.fixed_dictionaries({"game": words, "token": words}), json_values,
                          st.dictionaries(st.sampled_from(["game", "token", "other"]), words, max_size=3))
        asked = st.one_of(st.lists(items, max_size=24), json_values)

        @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
        @given(asked)
        def anyone(games: Any) -> None:
            async def scenario() -> None:
                async with connect(server.url, max_size=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION}))
                    assert json.loads(await ws.recv())["type"] == "welcome"
                    await ws.send(json.dumps({"type": "my_turns", "games": games}))
                    reply = await _reply(ws)
                    assert reply is not None
                    if reply["type"] == "error":
                        assert "\n" not in reply["message"] and len(reply["message"]) <= 200
                        return
                    assert reply["type"] == "my_turns", reply
                    named = {g["game"] for g in reply["games"]}
                    held = {(repr(i.get("game")), repr(i.get("token"))) for i in games if isinstance(i, dict)}
                    assert named <= ({game} if (repr(game), repr(waiting_token)) in held else set())
            run(scenario(), timeout=60)

        anyone()
        assert run(_still_serving(server.url, tiles))
