"""A connection to a game server, for the command line's computer players and the play screen.

:class:`Connection` is the asyncio side: it says hello, creates, joins or rejoins a game
and keeps a :class:`~.table.TableState` up to date from what the server sends. A dropped
connection is not a lost game: :meth:`Connection.reconnect` comes back to the same seats
with the tokens it keeps, retrying for up to a minute, and asks for the whole game again.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .. import __version__
from ..engine import TileSet
from .protocol import MAX_SERVER_MESSAGE, PROTOCOL_VERSION
from .table import Desync, TableState

#: How long a client keeps trying to come back after its connection dropped.
RECONNECT_FOR = 60.0
OPEN_TIMEOUT = 10.0


class NetError(Exception):
    """The server refused something or cannot be reached: one line saying why."""

    def __init__(self, text: str, code: str = "") -> None:
        super().__init__(text)
        self.code = code


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc) or type(exc).__name__


class Connection:
    """One client connection, seated at (at most) one game."""

    def __init__(self, url: str, tiles: TileSet, *, ssl_context: ssl.SSLContext | None = None) -> None:
        self.url = url
        self.ssl_context = ssl_context
        self.table = TableState(tiles)
        self.ws: ClientConnection | None = None
        self.game_id = ""
        #: The tokens of the seats held, and the host's: what :meth:`reconnect` shows again.
        self.tokens: list[str] = []
        self.seats: list[int] = []
        self.code = ""

    # ------------------------------------------------------------ opening
    async def open(self) -> None:
        """Connect and say hello; NetError if the server cannot be reached or refuses."""
        kwargs: dict[str, Any] = {"max_size": MAX_SERVER_MESSAGE, "open_timeout": OPEN_TIMEOUT,
                                  "ping_interval": 20, "ping_timeout": 20}
        if self.url.startswith("wss:"):
            kwargs["ssl"] = self.ssl_context or ssl.create_default_context()
        try:
            self.ws = await connect(self.url, **kwargs)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise NetError(f"cannot reach {self.url}: {_reason(exc)}", "unreachable") from None
        await self.request({"type": "hello", "protocol": PROTOCOL_VERSION, "client": f"carcassonne {__version__}"},
                           "welcome")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise NetError("not connected", "closed")
        try:
            await self.ws.send(json.dumps(message))
        except ConnectionClosed as exc:
            raise NetError(f"the connection closed: {exc}", "closed") from None

    async def receive(self) -> dict[str, Any]:
        """The next message (already taken into :attr:`table`); a desync asks for the whole game."""
        if self.ws is None:
            raise NetError("not connected", "closed")
        try:
            frame = await self.ws.recv()
        except ConnectionClosed as exc:
            raise NetError(f"the connection closed: {exc}", "closed") from None
        try:
            message = json.loads(frame)
        except (ValueError, RecursionError):
            raise NetError("the server sent something that is not a message", "bad-server") from None
        if not isinstance(message, dict):
            raise NetError("the server sent something that is not a message", "bad-server")
        try:
            self.table.apply(message)
        except Desync:
            await self.send({"type": "sync"})
        return message

    async def request(self, message: dict[str, Any], *answers: str) -> dict[str, Any]:
        """Send, then wait for one of ``answers`` (other messages are taken in on the way)."""
        await self.send(message)
        while True:
            reply = await self.receive()
            if reply.get("type") in answers:
                return reply
            if reply.get("type") == "error":
                raise NetError(str(reply.get("message", "")), str(reply.get("code", "")))

    # ------------------------------------------------------------ seats
    async def create(self, seats: list[dict[str, Any]], rules: dict[str, Any] | None = None,
                     **options: Any) -> dict[str, Any]:
        """Create a game; the creator holds its ``human`` seats and is the host."""
        message: dict[str, Any] = {"type": "create", "seats": seats, **options}
        if rules is not None:
            message["rules"] = rules
        before = self.table.states
        created = await self.request(message, "created")
        self.game_id, self.code = created["game"], created["code"]
        self.tokens = [created["host_token"], *(s["token"] for s in created["seats"])]
        self.seats = [s["seat"] for s in created["seats"]]
        await self._until_states(before + 1)
        return created

    async def join(self, code: str, seat: int, name: str, color: str | None = None) -> None:
        message: dict[str, Any] = {"type": "join", "code": code, "seat": seat, "name": name}
        if color is not None:
            message["color"] = color
        before = self.table.states
        joined = await self.request(message, "joined")
        self.game_id, self.code = joined["game"], code
        self.tokens.append(joined["token"])
        self.seats = sorted(set(self.seats) | set(joined["seats"]))
        await self._until_states(before + 1)

    async def rejoin(self, game: str, tokens: list[str]) -> None:
        """Take back every seat these tokens hold (the host's token gives the host's rights)."""
        before = self.table.states
        for token in tokens:
            joined = await self.request({"type": "rejoin", "game": game, "token": token}, "joined")
            self.seats = sorted(set(self.seats) | set(joined["seats"]))
        self.game_id, self.tokens = game, list(tokens)
        await self._until_states(before + len(tokens))

    async def _until_states(self, count: int) -> None:
        """Wait until the server's whole-game states sent for the requests made have come."""
        while self.table.states < count:
            await self.receive()

    async def reconnect(self, within: float = RECONNECT_FOR) -> None:
        """Come back to the same seats after the connection dropped, retrying for ``within`` s."""
        deadline = time.monotonic() + within
        delay = 0.2
        while True:
            try:
                await self.open()
                await self.rejoin(self.game_id, self.tokens)
                return
            except NetError as exc:
                if exc.code not in ("unreachable", "closed") or time.monotonic() + delay > deadline:
                    raise
            await asyncio.sleep(delay)
            delay = min(2.0, delay * 2)
