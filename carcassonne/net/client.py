"""A connection to a game server, for the command line's computer players and the play screen.

:class:`Connection` is the asyncio side: it says hello, creates, joins or rejoins a game
and keeps a :class:`~.table.TableState` up to date from what the server sends. A dropped
connection is not a lost game: :meth:`Connection.reconnect` comes back to the same seats
with the tokens it keeps, retrying for up to a minute, and asks for the whole game again.

The server is no more trusted than a client: every message is checked field by field
(:func:`~.protocol.read_server_message`) before anything reads it, every answer the
client waits for has a deadline (:data:`ANSWER_WITHIN`), a server whose game keeps
disagreeing with the rules is given up, and whatever goes wrong is one short line
(:class:`NetError`), never a traceback or a wait without end.
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
from ..engine.untrusted import clean_name
from .protocol import MAX_ERROR_TEXT, MAX_SERVER_MESSAGE, PROTOCOL_VERSION, ProtocolError, read_server_message
from .table import Desync, TableState

#: How long a client keeps trying to come back after its connection dropped.
RECONNECT_FOR = 60.0
OPEN_TIMEOUT = 10.0
#: Seconds the server has to answer a request (hello, create, join, rejoin, sync, list).
ANSWER_WITHIN = 20.0
#: Refusals of the sign-in at an opening after which the connection goes on unsigned (a
#: server without names, an older one, one that forgot the name): a game that is not rated
#: is played all the same, a rated one then says what is missing.
SIGN_IN_MISSED = frozenset({"no-ratings", "unknown-type", "bad-key"})
#: Whole games asked for again in a row (each time the server's turn did not follow the
#: rules here) before the server is given up as broken.
MAX_DESYNCS = 3


class NetError(Exception):
    """The server refused something or cannot be reached: one short line saying why."""

    def __init__(self, text: str, code: str = "") -> None:
        super().__init__(clean_name(text, code or "the server failed", limit=MAX_ERROR_TEXT))
        self.code = code


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc) or type(exc).__name__


class Connection:
    """One client connection, seated at (at most) one game."""

    def __init__(self, url: str, tiles: TileSet, *, ssl_context: ssl.SSLContext | None = None,
                 local_address: str | None = None, others: list[str] | None = None) -> None:
        self.url = url
        #: The nodes of one server, this connection's first: a dropped connection comes back
        #: through the next one in the list (:meth:`reconnect`).
        self.urls = [url, *(others or [])]
        self.ssl_context = ssl_context
        #: The address this end connects from (a load test on many loopback addresses), or any.
        self.local_address = local_address
        self._desyncs = 0
        self.table = TableState(tiles)
        self.ws: ClientConnection | None = None
        self.game_id = ""
        #: The tokens of the seats held, and the host's: what :meth:`reconnect` shows again.
        self.tokens: list[str] = []
        self.seats: list[int] = []
        self.code = ""
        #: The name and key this connection signs in with at every opening (rated games), or None.
        self.account: tuple[str, str] | None = None
        #: The ``watch`` message this connection watches its game with (a spectator), or None.
        self.watched: dict[str, Any] | None = None

    # ------------------------------------------------------------ opening
    async def open(self) -> None:
        """Connect and say hello; NetError if the server cannot be reached or refuses."""
        kwargs: dict[str, Any] = {"max_size": MAX_SERVER_MESSAGE, "open_timeout": OPEN_TIMEOUT,
                                  "ping_interval": 20, "ping_timeout": 20}
        if self.url.startswith("wss:"):
            kwargs["ssl"] = self.ssl_context or ssl.create_default_context()
        if self.local_address is not None:
            kwargs["local_addr"] = (self.local_address, 0)
        try:
            self.ws = await connect(self.url, **kwargs)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as exc:
            raise NetError(f"cannot reach {self.url}: {_reason(exc)}", "unreachable") from None
        self._desyncs = 0
        welcome = await self.request({"type": "hello", "protocol": PROTOCOL_VERSION,
                                      "client": f"carcassonne {__version__}"}, "welcome")
        if welcome["protocol"] != PROTOCOL_VERSION:
            await self.close()
            raise NetError(f"the server speaks protocol {welcome['protocol']}, this game protocol "
                           f"{PROTOCOL_VERSION}: update the older one", "protocol-version")
        if self.account is not None:
            try:
                await self.sign_in(*self.account)
            except NetError as exc:  # a server that keeps no names (any more): plays on unsigned
                if exc.code not in SIGN_IN_MISSED:
                    raise

    async def sign_in(self, name: str, key: str, register: bool = False) -> str:
        """Sign in with a name registered on this server (``register``: register it now, or sign
        in if it is already this key's); returns the name as the server spells it. Kept for
        every later opening (:meth:`reconnect`)."""
        message = {"type": "register" if register else "sign_in", "name": name, "key": key}
        signed = await self.request(message, "signed_in")
        self.account = (str(signed["name"]), key)
        return str(signed["name"])

    async def close(self) -> None:
        if self.ws is not None:
            try:
                await asyncio.wait_for(self.ws.close(), OPEN_TIMEOUT)
            except (TimeoutError, OSError):
                self.ws.transport.abort()

    async def send(self, message: dict[str, Any]) -> None:
        if self.ws is None:
            raise NetError("not connected", "closed")
        try:
            await self.ws.send(json.dumps(message))
        except ConnectionClosed as exc:
            raise NetError(f"the connection closed: {exc}", "closed") from None

    async def receive(self, within: float | None = None) -> dict[str, Any]:
        """The next message (checked, and already taken into :attr:`table`); a desync asks for
        the whole game. ``within``: seconds to wait at most (NetError ``no-answer`` after)."""
        if self.ws is None:
            raise NetError("not connected", "closed")
        try:
            frame = await asyncio.wait_for(self.ws.recv(), within)
        except ConnectionClosed as exc:
            raise NetError(f"the connection closed: {exc}", "closed") from None
        except TimeoutError:
            raise NetError(f"the server sent nothing for {within:.0f} s", "no-answer") from None
        try:
            message = read_server_message(frame)
        except ProtocolError as exc:
            raise NetError(f"the server sent a bad message: {exc}", "bad-server") from None
        try:
            self.table.apply(message)
        except Desync as exc:
            self._desyncs += 1
            if self._desyncs > MAX_DESYNCS:
                raise NetError(f"the server's game does not follow the rules here: {exc}", "bad-server") from None
            await self.send({"type": "sync"})
        else:
            if message["type"] in ("state", "turn"):
                self._desyncs = 0
        return message

    async def request(self, message: dict[str, Any], *answers: str) -> dict[str, Any]:
        """Send, then wait for one of ``answers`` (other messages are taken in on the way),
        for :data:`ANSWER_WITHIN` seconds at most."""
        await self.send(message)
        deadline = time.monotonic() + ANSWER_WITHIN
        while True:
            reply = await self.receive(within=self._left(deadline, message["type"]))
            if reply["type"] in answers:
                return reply
            if reply["type"] == "error":
                raise NetError(str(reply.get("message") or reply["code"]), reply["code"])

    @staticmethod
    def _left(deadline: float, asked: str) -> float:
        left = deadline - time.monotonic()
        if left <= 0:
            raise NetError(f"the server did not answer '{asked}' within {ANSWER_WITHIN:.0f} s", "no-answer")
        return left

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

    async def watch(self, code: str | None = None, game: str | None = None, name: str = "") -> None:
        """Watch a game by its watch code (or by its id, when its host lets anyone watch)."""
        message: dict[str, Any] = {"type": "watch"}
        if code is not None:
            message["code"] = code
        if game is not None:
            message["game"] = game
        if name:
            message["name"] = name
        before = self.table.states
        watching = await self.request(message, "watching")
        self.game_id, self.watched = watching["game"], message
        await self._until_states(before + 1)

    async def _until_states(self, count: int) -> None:
        """Wait until the server's whole-game states sent for the requests made have come."""
        deadline = time.monotonic() + ANSWER_WITHIN
        while self.table.states < count:
            message = await self.receive(within=self._left(deadline, "state"))
            if message["type"] == "error":
                raise NetError(str(message.get("message") or message["code"]), message["code"])

    async def reconnect(self, within: float | None = None, move_on: bool = True) -> None:
        """Come back to the same seats after the connection dropped, retrying for ``within``
        seconds (:data:`RECONNECT_FOR`). With several nodes (``others``) each try goes to the
        next one in the list (``move_on``: the first try too). A server that cannot reach
        its store for now (``storage``) is asked again after a pause; a dead node is passed at
        once (the pause comes after every node was tried once)."""
        deadline = time.monotonic() + (RECONNECT_FOR if within is None else within)
        delay = 0.2
        tries = 0
        while True:
            if move_on and len(self.urls) > 1:
                self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]
            move_on = True
            try:
                await self.close()
                await self.open()
                if self.watched is not None:  # a spectator comes back as one
                    await self.watch(self.watched.get("code"), self.watched.get("game"), self.watched.get("name", ""))
                else:
                    await self.rejoin(self.game_id, self.tokens)
                return
            except NetError as exc:
                if exc.code not in ("unreachable", "closed", "storage") or time.monotonic() + delay > deadline:
                    raise
                tries += 1
                # a node that answers but cannot reach its store is asked again after a pause (so
                # is every node, once each was tried): a Redis away is not hammered by the clients
                if exc.code == "storage" or tries % len(self.urls) == 0:
                    await asyncio.sleep(delay)
                    delay = min(2.0, delay * 2)
