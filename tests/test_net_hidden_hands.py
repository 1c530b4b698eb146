"""Hidden hands and spectators over the network (issue "Clubs and leagues online", part A).

The acceptance test walks every frame the server sends to each player and to a spectator over
whole games with a hidden hand of tiles, the Abbot and Inns & Cathedrals (seeded, several
games, one process and two nodes on Redis): no frame names a tile before it is drawn, a hand
that is not its receiver's, or the bag's order. The truth is the server's own deal, replayed
from its seed: after each turn, who holds what and which tiles were drawn.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest

from carcassonne.ai import get_bot
from carcassonne.engine import COLORS, Game, Rules
from carcassonne.net import spectators
from carcassonne.net.client import Connection, NetError
from carcassonne.net.protocol import play_message

from netkit import play_seat, run

RULES = Rules(hand=3, hand_open=False, abbot=True, inns_cathedrals=True)


class Recording(Connection):
    """A connection that keeps every frame it receives, as sent."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[str] = []

    async def receive(self, within: float | None = None) -> dict[str, Any]:
        assert self.ws is not None
        recv = self.ws.recv

        async def kept(*a: Any, **k: Any) -> Any:
            frame = await recv(*a, **k)
            self.frames.append(frame)
            return frame
        self.ws.recv = kept  # type: ignore[method-assign]
        try:
            return await super().receive(within)
        finally:
            self.ws.recv = recv  # type: ignore[method-assign]


async def play_hand_seat(conn: Connection, seat: int, seed: int) -> None:
    """A computer on the client plays ``seat`` from the hand this client was told of."""
    bot = get_bot("normal", seed)
    table = conn.table
    asked = None
    while not table.finished:
        game = table.game
        if game is not None and table.current == seat and asked != game.turn_number:
            asked = game.turn_number
            move = bot.choose(game.copy())
            await conn.send(play_message(move, asked, held=True))
        await conn.receive(within=60)


async def hand_game(url: str, tiles: Any, seed: int, rules: Rules = RULES) -> tuple[list[Recording], Game]:
    """Two people (one connection each), a computer on the server and a spectator play a whole
    game; their connections (frames kept) and the server's game as its seed deals it."""
    a, b, w = (Recording(url, tiles) for _ in range(3))
    for conn in (a, b, w):
        await conn.open()
    plans = [{"kind": "human", "color": COLORS[0], "name": "Ann"}, {"kind": "open", "color": COLORS[1]},
             {"kind": "ai:normal", "color": COLORS[2], "name": "Cy"}]
    created = await a.create(plans, rules=rules.to_record(), seed=seed, watchers=True)
    await w.request({"type": "watch", "code": created["watch_code"], "name": "Wes"}, "watching")
    await b.join(a.code, 1, "Bob", COLORS[1])
    await asyncio.gather(play_hand_seat(a, 0, seed + 1), play_hand_seat(b, 1, seed + 2), _until_over(w))
    for conn in (a, b):
        while conn.table.game is None or not conn.table.finished:
            await conn.receive(within=60)
    truth = Game(tiles, rules, 3, seed, ["Ann", "Bob", "Cy"])
    assert a.table.game is not None
    for turn in a.table.game.history:
        truth.push(turn)
    truth.finish()
    for conn in (a, b, w):
        await conn.close()
    return [a, b, w], truth


async def _until_over(conn: Connection) -> None:
    while conn.table.game is None or not conn.table.finished:
        await conn.receive(within=120)


def hands_after(tiles: Any, rules: Rules, seed: int, history: list[Any]) -> list[tuple[tuple[str, ...], ...]]:
    """Each player's hand after each number of turns, as the seed deals and draws them."""
    game = Game(tiles, rules, 3, seed, ["Ann", "Bob", "Cy"])
    held = [tuple(game.held(p) for p in range(3))]
    for turn in history:
        game.push(turn)
        held.append(tuple(game.held(p) for p in range(3)))
    return held


def tiles_named(value: Any, kinds: set[str], found: Counter[str]) -> None:
    """Every tile a frame names anywhere (but in its rules), counted."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "rules":
                tiles_named(item, kinds, found)
    elif isinstance(value, list):
        for item in value:
            tiles_named(item, kinds, found)
    elif isinstance(value, str) and value in kinds:
        found[value] += 1


def leaks(frame: str, seats: tuple[int, ...], held: list[tuple[tuple[str, ...], ...]],
          history: list[Any], start: str, kinds: set[str], seed: int) -> list[str]:
    """What ``frame`` says that its receiver (holding ``seats``) may not know."""
    message = json.loads(frame)
    found: list[str] = []
    if '"seed"' in frame or str(seed) in frame:
        found.append("the seed")
    kind = message.get("type")
    if kind not in ("state", "turn"):
        named: Counter[str] = Counter()
        tiles_named(message, kinds, named)
        if named:
            found.append(f"a {kind} message names tiles {dict(named)}")
        return found
    played = len(message["turns"]) + (message["at"] if kind == "turn" else 0)
    hands = held[played]
    for player, told in enumerate(message.get("hands") or []):
        if player not in seats and "tiles" in told:
            found.append(f"player {player}'s hidden hand {told['tiles']}")
        if player in seats and told.get("tiles") != list(hands[player]):
            found.append(f"player {player}'s own hand told as {told.get('tiles')}, held {hands[player]}")
    allowed: Counter[str] = Counter([start])
    allowed.update(t.tile for t in history[played - len(message["turns"]):played])
    for player in seats:
        allowed.update(hands[player])
        if hands[player]:
            allowed[hands[player][0]] += 1  # the tile in hand, named again
    named = Counter()
    tiles_named(message, kinds, named)
    extra = named - allowed
    if extra:
        found.append(f"tiles not yet drawn or not the receiver's: {dict(extra)}")
    return found


@pytest.mark.parametrize("seed", [904_771_003, 518_220_011])
def test_no_frame_tells_a_hidden_hand_or_a_tile_before_its_draw(tiles, hosting, seed):
    with hosting(tiles) as server:
        conns, truth = run(hand_game(server.url, tiles, seed), timeout=900)
    assert truth.finished or truth.is_over
    history = list(truth.history)
    held = hands_after(tiles, RULES, seed, history)
    kinds = set(truth.tiles.kinds)
    assert any(t.tile.startswith("IC") for t in history), "Inns & Cathedrals tiles were played"
    for conn, seats in zip(conns, [(0,), (1,), ()], strict=True):
        frames = conn.frames
        assert len(frames) > 40
        states = [json.loads(f) for f in frames if '"type": "state"' in f]
        assert states and all(s.get("hands") is not None for s in states if s.get("started"))
        for frame in frames:
            assert not leaks(frame, seats, held, history, truth.start_tile, kinds, seed), frame[:300]
    # the players' copies and the spectator's are the server's game, scores and all
    for conn in conns:
        assert conn.table.game is not None
        assert conn.table.game.history == history
        assert conn.table.game.scores == truth.scores


def test_the_check_finds_a_leaked_hand(tiles, monkeypatch):
    """The acceptance check is no check that cannot fail: a server that tells every hand to
    everyone is caught."""
    from carcassonne.net import hands

    monkeypatch.setattr(hands, "may_see", lambda game, player, seats: True)
    from netkit import ServerThread

    with ServerThread(tiles) as server:
        conns, truth = run(hand_game(server.url, tiles, 733_100_005), timeout=900)
    history = list(truth.history)
    held = hands_after(tiles, RULES, 733_100_005, history)
    found = [leak for frame in conns[2].frames
             for leak in leaks(frame, (), held, history, truth.start_tile, set(truth.tiles.kinds), 733_100_005)]
    assert any("hidden hand" in leak for leak in found)
    assert any("not yet drawn" in leak for leak in found)


# ------------------------------------------------------------------ spectators
async def settled_sync(conn: Connection) -> dict[str, Any]:
    """The whole game as the server tells it now (what was already on its way taken in first)."""
    while True:
        try:
            await conn.receive(within=0.5)
        except NetError as exc:
            assert exc.code == "no-answer"
            break
    return await conn.request({"type": "sync"}, "state")


async def _watched(url: str, tiles: Any) -> tuple[Connection, Connection, Connection, dict[str, Any]]:
    a, b, w = (Connection(url, tiles) for _ in range(3))
    for conn in (a, b, w):
        await conn.open()
    plans = [{"kind": "human", "color": COLORS[0], "name": "Ann"}, {"kind": "open", "color": COLORS[1]}]
    created = await a.create(plans, seed=9, watchers=True)
    await b.join(a.code, 1, "Bob", COLORS[1])
    await w.watch(created["watch_code"], name="Wes")
    return a, b, w, created


def test_a_spectator_can_do_nothing_to_the_game(tiles, hosting):
    async def scenario() -> None:
        a, b, w, _created = await _watched(server.url, tiles)
        while w.table.game is None:
            await w.receive(within=30)
        before = w.table.game.turn_number
        tries = [{"type": "play", "x": 1, "y": 0, "rotation": 0}, {"type": "lay", "x": 1, "y": 0, "rotation": 0},
                 {"type": "figure", "figure": {"meeple": "road:E"}}, {"type": "no_follower"},
                 {"type": "decide", "choice": [0, 0]}, {"type": "undo"}, {"type": "confirm"},
                 {"type": "chat", "text": "hello players"}, {"type": "hand_over", "seat": 1, "level": "easy"}]
        for message in tries:
            with pytest.raises(NetError) as refused:
                await w.request(message, "turn", "pending", "chat", "seats")
            assert refused.value.code == "spectator"
            assert "\n" not in str(refused.value)
        state = await settled_sync(w)
        assert state["watching"] is True and state["watchers"] == 1
        assert len(state["turns"]) == before and state["chat"] == []
        # the spectators' chat reaches spectators only, and the players once the game has ended
        w2 = Connection(server.url, tiles)
        await w2.open()
        await w2.request({"type": "watch", "code": _created["watch_code"], "name": "Zoe"}, "watching")
        line = await w.request({"type": "watcher_chat", "text": "nice city"}, "watcher_chat")
        assert line["name"] == "Wes"
        heard = await w2.receive(within=10)
        while heard["type"] != "watcher_chat":
            heard = await w2.receive(within=10)
        assert heard["text"] == "nice city"
        state = await settled_sync(a)
        assert "watcher_chat" not in state and state["watchers"] == 2
        with pytest.raises(NetError) as refused:
            await a.request({"type": "watcher_chat", "text": "hi"}, "watcher_chat")
        assert refused.value.code == "not-watching"
        for conn in (a, b, w, w2):
            await conn.close()

    with hosting(tiles) as server:
        run(scenario())


def test_the_players_are_told_the_spectators_chat_with_the_turn_that_ends_the_game(tiles, hosting, tmp_path):
    """Nobody is coached: no frame a player is sent before the end holds a spectator's line;
    the turn that ends the game brings every line said, and a line said after it reaches the
    players as it is said. Both chats are kept with the game: a player coming back to it after
    it left memory finds them (one process with its data folder, and two nodes on Redis whose
    spectator sits on the other)."""
    from netkit import wait_for

    async def scenario() -> tuple[list[Recording], dict[str, Any]]:
        urls = getattr(server, "urls", None) or [server.url]
        a, b, w = (Recording(url, tiles) for url in (urls[0], urls[0], urls[-1]))
        for conn in (a, b, w):
            await conn.open()
        plans = [{"kind": "human", "color": COLORS[0], "name": "Ann"}, {"kind": "open", "color": COLORS[1]}]
        created = await a.create(plans, seed=21, watchers=True)
        await w.watch(created["watch_code"], name="Wes")
        await b.join(a.code, 1, "Bob", COLORS[1])
        await w.request({"type": "watcher_chat", "text": "nice city"}, "watcher_chat")
        await b.request({"type": "chat", "text": "good luck"}, "chat")
        await asyncio.gather(play_seat(a, 0, "random", 1), play_seat(b, 1, "random", 2), _until_over(w))
        await w.request({"type": "watcher_chat", "text": "well played"}, "watcher_chat")
        for conn in (a, b):
            while len(conn.table.watcher_chat) < 2:
                await conn.receive(within=10)
        kept = {"players": [[line["text"] for line in conn.table.watcher_chat] for conn in (a, b)],
                "game": a.game_id, "tokens": list(a.tokens)}
        for conn in (a, b, w):
            await conn.close()
        return [a, b], kept

    async def come_back(url: str, game: str, tokens: list[str]) -> tuple[list[str], list[str]]:
        conn = Connection(url, tiles)
        await conn.open()
        await conn.rejoin(game, tokens)
        said = [line["text"] for line in conn.table.chat], [line["text"] for line in conn.table.watcher_chat]
        await conn.close()
        return said

    with hosting(tiles, tmp_path / "data") as server:
        players, kept = run(scenario(), timeout=300)
        wait_for(lambda: kept["game"] not in hosting.rooms(server), 15, "the finished game left memory")
        assert run(come_back(server.url, kept["game"], kept["tokens"])) == (["good luck"],
                                                                             ["nice city", "well played"])
    assert kept["players"] == [["nice city", "well played"]] * 2
    for conn in players:
        messages = [json.loads(frame) for frame in conn.frames]
        last = max(i for i, m in enumerate(messages) if m["type"] == "turn")
        assert messages[last]["finished"] is True
        assert [line["text"] for line in messages[last]["watcher_chat"]] == ["nice city"]
        assert [line["name"] for line in messages[last]["watcher_chat"]] == ["Wes"]
        assert not any("nice city" in frame for frame in conn.frames[:last])


def test_a_chat_line_that_cannot_be_stored_is_refused_in_one_line_and_not_said(tiles, hosting, tmp_path):
    """A full store: a player's line and a spectator's are each refused with one line, nobody
    hears them and the game keeps neither; once the store can be written they go through."""
    async def scenario() -> None:
        a, b, w, _created = await _watched(server.url, tiles)
        hosting.storage_fails(True)
        for conn, kind in ((b, "chat"), (w, "watcher_chat")):
            with pytest.raises(NetError) as refused:
                await conn.request({"type": kind, "text": "lost?"}, kind)
            assert refused.value.code == "storage" and "\n" not in str(refused.value)
        hosting.storage_fails(False)
        assert (await settled_sync(a))["chat"] == [] and "watcher_chat" not in await settled_sync(w)
        await b.request({"type": "chat", "text": "here now"}, "chat")
        await w.request({"type": "watcher_chat", "text": "me too"}, "watcher_chat")
        assert [line["text"] for line in (await settled_sync(a))["chat"]] == ["here now"]
        assert [line["text"] for line in (await settled_sync(w))["watcher_chat"]] == ["me too"]
        for conn in (a, b, w):
            await conn.close()

    with hosting(tiles, tmp_path / "data") as server:
        run(scenario())
    assert hosting.failed >= 2


def test_both_chats_are_kept_in_the_data_folder(tiles, tmp_path):
    """A restarted server reads back the players' last 30 lines and the spectators' last 50,
    each list apart; a damaged line is left out; a game removed takes its chat away."""
    import time as clock

    from carcassonne.net.room import new_room
    from carcassonne.net.store import Store

    room, _host, _tokens = new_room(tiles, Rules(), [{"kind": "human", "color": "red", "name": "Ann"},
                                                     {"kind": "human", "color": "blue", "name": "Bob"}], 7)
    room.start(clock.time())
    store = Store(tmp_path)
    store.add(room)
    for i in range(40):
        store.save_chat(room, {"type": "chat", "seat": i % 2, "name": "Ann", "text": f"said {i}", "at": 1.0})
    for i in range(60):
        store.save_chat(room, {"type": "watcher_chat", "name": "Wes", "text": f"line {i}", "at": 2.0})
    store.db.execute("INSERT INTO chat (game, kind, line) VALUES (?, 'chat', '{not json')", (room.id,))
    store.db.commit()
    store.close()
    again = Store(tmp_path)
    try:
        read = again.room(tiles, room.id)
        assert [line["text"] for line in read.chat] == [f"said {i}" for i in range(10, 40)]
        assert [line["text"] for line in read.watcher_chat] == [f"line {i}" for i in range(10, 60)]
        again.remove(room)
        assert again.db.execute("SELECT COUNT(*) FROM chat").fetchone() == (0,)
    finally:
        again.close()


def test_the_spectators_chat_is_kept_with_the_game_on_a_cluster(tiles, redis_server):
    """A node taking a game over reads back both chats (each in its own list), and a game
    removed takes both away."""
    from carcassonne.net.shared_store import Shared

    from netkit import stored_pair

    async def scenario() -> tuple[Any, int]:
        shared = Shared(redis_server.url, node="here")
        try:
            room, store = await stored_pair(shared, tiles)
            await store.save_chat(room, {"type": "chat", "seat": 0, "name": "Ann", "text": "hello", "at": 1.0})
            for i in range(60):  # more than are kept
                await store.save_chat(room, {"type": "watcher_chat", "name": "Wes", "text": f"line {i}", "at": 2.0})
            read = await store.room(tiles, room.id)
            await store.remove(room)
            return read, int(redis_server.command("EXISTS", f"carcassonne:watcher_chat:{room.id}"))
        finally:
            await shared.close()

    read, left = run(scenario())
    assert [line["text"] for line in read.chat] == ["hello"]
    assert [line["text"] for line in read.watcher_chat] == [f"line {i}" for i in range(10, 60)]
    assert left == 0


def test_a_watch_code_or_the_lobby_lets_one_watch_and_nothing_else(tiles):
    from netkit import ServerThread

    async def scenario() -> None:
        a, b, w, created = await _watched(server.url, tiles)
        code = created["watch_code"]
        assert code != created["code"] and len(code) > 20
        c = Connection(server.url, tiles)
        await c.open()
        listed = await c.request({"type": "watchable"}, "watchable")
        assert [g["game"] for g in listed["games"]] == [created["game"]]
        await c.request({"type": "watch", "game": created["game"], "name": "Lee"}, "watching")
        d = Connection(server.url, tiles)
        await d.open()
        wrong = code[:3] + ("A" if code[3] != "A" else "B") + code[4:]
        for bad in (wrong, created["code"], "X" * 30, ""):
            with pytest.raises(NetError) as refused:
                await d.request({"type": "watch", "code": bad}, "watching")
            assert refused.value.code == "bad-code"
        # a game whose host does not let anyone watch: its watch code only
        e = Connection(server.url, tiles)
        await e.open()
        private = await e.create([{"kind": "human", "color": COLORS[0], "name": "Eve"},
                                  {"kind": "ai:easy", "color": COLORS[1]}], seed=4)
        assert all(g["game"] != private["game"] for g in (await c.request({"type": "watchable"}, "watchable"))["games"])
        with pytest.raises(NetError):
            await d.request({"type": "watch", "game": private["game"]}, "watching")
        f = Connection(server.url, tiles)
        await f.open()
        await f.request({"type": "watch", "code": private["watch_code"].lower()}, "watching")
        for conn in (a, b, w, c, d, e, f):
            await conn.close()

    with ServerThread(tiles) as server:
        run(scenario())


def test_watch_codes_are_unguessable_and_name_their_game(tiles):
    from carcassonne.net.room import new_room

    rooms = [new_room(tiles, Rules(), [{"kind": "human", "color": "red", "name": "A"},
                                       {"kind": "open", "color": "blue", "name": None}], None)[0]
             for _ in range(50)]
    codes = {spectators.watch_code(r) for r in rooms}
    assert len(codes) == 50
    for room in rooms:
        code = spectators.watch_code(room)
        assert spectators.game_of(code) == room.id and spectators.code_fits(room, code)
        assert not spectators.code_fits(room, code.replace(code[0], "Z" if code[0] != "Z" else "Y", 1))


# ------------------------------------------------------------------ stored and read back
def _hand_room(tiles: Any) -> Any:
    """A hand game of two people, a dozen turns played on the server's own room."""
    import time as clock

    from carcassonne.net.room import new_room

    room, _host, _tokens = new_room(tiles, RULES, [{"kind": "human", "color": "red", "name": "Ann"},
                                                   {"kind": "human", "color": "blue", "name": "Bob"}], 881_004)
    room.start(clock.time())
    bots = [get_bot("normal", 1), get_bot("normal", 2)]
    while room.game.turn_number < 12:
        room.play(bots[room.game.current].choose(room.game.copy()), clock.time())
    return room


def _same_game(read: Any, room: Any) -> None:
    assert read is not None and read.game is not None
    assert read.game.history == room.game.history
    assert [read.game.held(p) for p in range(2)] == [room.game.held(p) for p in range(2)]
    assert read.game.deck.pile == room.game.deck.pile  # the bag goes on as it was
    assert read.tile == room.tile


def test_a_hand_game_read_back_from_the_data_folder_holds_the_same_hands(tiles, tmp_path):
    from carcassonne.net.store import Store

    room = _hand_room(tiles)
    store = Store(tmp_path)
    try:
        store.add(room)
        store.save_turns(room)
        _same_game(store.room(tiles, room.id), room)
    finally:
        store.close()


def test_a_hand_game_taken_over_from_its_stored_moves_holds_the_same_hands(tiles, redis_server):
    from carcassonne.net.shared_store import Nodes, Shared, SharedStore

    room = _hand_room(tiles)

    async def scenario() -> Any:
        shared = Shared(redis_server.url, node="here")
        try:
            await Nodes(shared).renew()
            store = SharedStore(shared)
            await store.add(room)
            await store.save_turns(room, 0)
            return await store.room(tiles, room.id)
        finally:
            await shared.close()

    _same_game(run(scenario()), room)


# ------------------------------------------------------------------ the server's computers
def test_a_computer_on_the_server_sees_its_own_hand_and_nothing_hidden(tiles):
    import random

    from carcassonne.net.hands import seat_view

    game = Game(tiles, RULES, 3, 661_002, ["Ann", "Bob", "Cy"])
    tile = game.draw()
    views = [seat_view(game, 0, tile, random.Random(i)) for i in range(20)]
    for view in views:
        assert view.held(0) == game.held(0)
        assert view.tiles_to_come() == game.tiles_to_come()
        assert view.seed is None
    assert any(v.held(1) != game.held(1) or v.held(2) != game.held(2) for v in views)
    assert all(v.deck.pile != game.deck.pile for v in views)
    # open hands are seen by everyone; the bag's order never
    shown = Game(tiles, Rules(hand=3, hand_open=True), 2, 661_002, ["Ann", "Bob"])
    view = seat_view(shown, 0, shown.draw(), random.Random(1))
    assert view.held(1) == shown.held(1) and view.deck.pile != shown.deck.pile
    # without a hand: the tile drawn on top of a bag in a new order
    plain = Game(tiles, Rules(), 2, 661_002, ["Ann", "Bob"])
    drawn = plain.draw()
    view = seat_view(plain, 0, drawn, random.Random(1))
    assert view.draw() == drawn and view.deck.pile != plain.deck.pile
    assert view.deck.counts == plain.deck.counts


def test_the_server_computer_plays_a_tile_of_its_own_hand(tiles):
    from carcassonne.net.thinking import Job, think

    game = Game(tiles, RULES, 3, 661_003, ["Ann", "Bob", "Cy"])
    tile = game.draw()
    assert tile is not None
    job = Job("normal", 5, RULES.to_record(), ["Ann", "Bob", "Cy"], 661_003, [], tile)
    move = think(job)
    assert move.tile in game.held(0)
    assert game.why_not(move) is None


def test_a_spectator_whose_connection_drops_comes_back_as_a_spectator(tiles):
    from netkit import ServerThread

    async def scenario() -> None:
        a, b, w, _created = await _watched(server.url, tiles)
        await w.ws.close()  # the line drops
        await w.reconnect(within=10)
        state = await settled_sync(w)
        assert state["watching"] is True and state["watchers"] == 1 and w.seats == []
        with pytest.raises(NetError) as refused:
            await w.request({"type": "undo"}, "pending")
        assert refused.value.code == "spectator"
        for conn in (a, b, w):
            await conn.close()

    with ServerThread(tiles) as server:
        run(scenario())


def test_a_game_anyone_may_watch_is_listed_again_after_a_restart(tiles, tmp_path, hosting):
    """The host's choice is kept with the game: after the server (or the cluster) stops and
    starts again, the lobby lists the game anyone may watch, and still not the other."""
    from carcassonne.net.client import Connection

    data = tmp_path / "data"
    plans = [{"kind": "human", "color": COLORS[0], "name": "Ann"}, {"kind": "ai:easy", "color": COLORS[1]}]

    async def open_two(url: str) -> tuple[str, str]:
        a, b = Connection(url, tiles), Connection(url, tiles)
        await a.open()
        await b.open()
        shown = await a.create(plans, seed=5, watchers=True)
        private = await b.create(plans, seed=6)
        for conn in (a, b):
            await conn.close()
        return shown["game"], private["game"]

    async def listed(url: str) -> list[str]:
        c = Connection(url, tiles)
        await c.open()
        answer = await c.request({"type": "watchable"}, "watchable")
        await c.close()
        return [g["game"] for g in answer["games"]]

    with hosting(tiles, data) as server:
        shown, private = run(open_two(server.url))
        assert run(listed(server.url)) == [shown]
    with hosting(tiles, data) as server:
        assert run(listed(server.url)) == [shown], private
