"""A hostile game server for the clients' tests: it speaks just enough of the protocol to
lead a client on, then misbehaves in one of many ways (missing fields, wrong types, a
number too large for any float, silence, endless chatter, a game that breaks the rules, a
welcome for another protocol, an error a megabyte long...).

It listens on 127.0.0.1 with port 0 in a thread of its own; every case ends by itself.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from carcassonne.net.protocol import PROTOCOL_VERSION

GAME, CODE, HOST = "5f0c9a3e21b47d68", "ABCDEFGHJK", "h" * 32
SEATS = [{"name": n, "color": c, "kind": "human", "open": False, "connected": True, "away": None, "robot": None}
         for n, c in (("Ann", "red"), ("Bob", "blue"))]
STATE = {"type": "state", "game": GAME, "name": "Friday", "rules": {}, "seats": SEATS, "started": True,
         "start_tile": "D", "turns": [], "tile": "V", "current": 0, "finished": False, "scores": [0, 0],
         "pending": None, "chat": [], "turn_seconds": 0, "turn_left": None, "hints": True}
CREATED = {"type": "created", "game": GAME, "code": CODE, "host_token": HOST,
           "seats": [{"seat": 0, "token": "t" * 32}, {"seat": 1, "token": "u" * 32}]}
JOINED = {"type": "joined", "game": GAME, "seats": [1], "token": "u" * 32}
WELCOME = {"type": "welcome", "protocol": PROTOCOL_VERSION, "server": "hostile"}


def _frame(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _state(**changes: Any) -> str:
    return json.dumps({**STATE, **changes})


#: Each case: what the server answers to each kind of request. An answer is a list of
#: frames (objects or raw text), or one of "silence", "close", "chatter", "huge".
CASES: dict[str, dict[str, Any]] = {
    "no welcome": {"hello": "silence"},
    "closed after hello": {"hello": "close"},
    "silence after welcome": {"hello": [WELCOME], "*": "silence"},
    "welcome for another protocol": {"hello": [{**WELCOME, "protocol": 99}]},
    "welcome without protocol": {"hello": [{"type": "welcome"}]},
    "endless chatter": {"*": "chatter"},
    "error a megabyte long": {"hello": [{"type": "error", "code": "x", "message": "\x1b[31mA\n" * 250_000}]},
    "not json": {"hello": ["{not json"]},
    "deep nesting": {"hello": ["[" * 5000 + "]" * 5000]},
    "binary frame": {"hello": [b"\x00\x01"]},
    "unknown type": {"hello": [{"type": "surprise"}]},
    "created missing fields": {"create": [{"type": "created"}], "join": [{"type": "joined"}]},
    "created wrong types": {"create": [{"type": "created", "game": 5, "code": [], "host_token": {}, "seats": "x"}],
                            "join": [{"type": "joined", "game": 5, "seats": "x", "token": None}]},
    "seats out of range": {"create": [{**CREATED, "seats": [{"seat": 9, "token": "t"}]}],
                           "join": [{**JOINED, "seats": [99]}]},
    "silence after created": {"create": [CREATED], "join": [JOINED], "rejoin": "silence", "sync": "silence"},
    "turn seconds 1e400": {"create": [CREATED, _state(turn_seconds=0).replace('"turn_seconds": 0',
                                                                            '"turn_seconds": 1e400')],
                           "join": [JOINED, _state().replace('"turn_left": null', '"turn_left": 1e400')],
                           "rejoin": [_state().replace('"turn_seconds": 0', '"turn_seconds": 1e400')]},
    "bad state then silence": {"create": [CREATED, _state(turns=[{"tile": "V", "x": 40, "y": 40, "rotation": 0}])],
                               "join": [JOINED, _state(turns=[{"tile": "V", "x": 40, "y": 40, "rotation": 0}])],
                               "rejoin": [_state(turns=[{"tile": "V", "x": 40, "y": 40, "rotation": 0}])],
                               "sync": "silence"},
    "bad states forever": {"create": [CREATED, _state(tile="ZZ")], "join": [JOINED, _state(tile="ZZ")],
                           "rejoin": [_state(tile="ZZ")], "sync": [_state(tile="ZZ")]},
    "state with wrong types": {"create": [CREATED, _state(seats="everyone", scores={"a": 1})],
                               "join": [JOINED, _state(seats=[{"name": 5}])], "rejoin": [_state(started="yes")]},
    "turn before any state": {"create": [CREATED, {"type": "turn", "at": 0, "turns": [], "tile": "V",
                                                   "finished": False}],
                              "join": [JOINED, {"type": "turn", "at": -1, "turns": "x", "tile": 5}],
                              "rejoin": [{"type": "turn", "at": 0, "turns": [], "tile": None, "finished": True}]},
    "frame over the limit": {"hello": "huge"},
    "error with odd code": {"*": [{"type": "error", "code": {"not": "text"}, "message": 7}]},
    "valid then silent": {"create": [CREATED, _state()], "join": [JOINED, _state()], "rejoin": [_state()],
                          "*": "silence"},
    "silent once under way": {"hello": [WELCOME], "create": [CREATED, _state()], "join": [JOINED, _state()],
                              "rejoin": [_state()], "*": "silence"},
    "valid then garbage": {"create": [CREATED, _state(), "garbage"], "join": [JOINED, _state(), "garbage"],
                           "rejoin": [_state(), "garbage"], "*": "silence"},
    "closes after created": {"create": [CREATED, _state(), "close"], "join": [JOINED, _state(), "close"],
                             "rejoin": "close"},
    "refuses everything": {"*": [{"type": "error", "code": "nope", "message": "no\r\nway\u202e"}]},
}


class HostileServer:
    """Serve one case of :data:`CASES` on 127.0.0.1 (port 0) from a thread of its own."""

    def __init__(self, case: str) -> None:
        self.case = CASES[case]
        #: How many of each kind of request it was sent.
        self.asked: Counter[str] = Counter()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.port = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def __enter__(self) -> HostileServer:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(10)
        return self

    def __exit__(self, *exc: object) -> None:
        async def stop() -> None:
            self.server.close()
            await asyncio.wait_for(self.server.wait_closed(), 5)
        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    async def _start(self) -> None:
        self.server = await serve(self._handle, "127.0.0.1", 0, max_size=None, close_timeout=0.2)
        self.port = next(iter(self.server.sockets)).getsockname()[1]

    async def _handle(self, ws: ServerConnection) -> None:
        defaults = {"hello": [WELCOME], "create": [CREATED, _state()], "join": [JOINED, _state()],
                    "rejoin": [{"type": "joined", "game": GAME, "seats": [0], "host": False}, _state()],
                    "sync": [_state()], "list": [{"type": "games", "games": []}]}
        try:
            async for frame in ws:
                try:
                    kind = json.loads(frame).get("type")
                except (ValueError, AttributeError):
                    continue
                self.asked[str(kind)] += 1
                answer = self.case.get(kind, self.case.get("*", defaults.get(kind, "silence")))
                if kind == "rejoin" and isinstance(answer, list) and answer and "joined" not in str(answer[0]):
                    answer = [{"type": "joined", "game": GAME, "seats": [0], "host": False}, *answer]
                if answer == "silence":
                    continue
                if answer == "close":
                    ws.transport.abort()
                    return
                if answer == "chatter":
                    for i in range(100_000):
                        await ws.send(json.dumps({"type": "chat", "seat": 0, "name": "Eve", "text": f"hi {i}"}))
                        await asyncio.sleep(0.005)
                    return
                if answer == "huge":
                    await ws.send("x" * (2 * 1024 * 1024))
                    continue
                for item in answer:
                    if item == "close":
                        ws.transport.abort()
                        return
                    await ws.send(item if isinstance(item, bytes) else _frame(item))
        except ConnectionClosed:
            pass
