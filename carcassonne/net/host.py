"""The game server inside the game: a player hosts a game for friends from this computer.

The :class:`~.server.Server` runs in a thread with its own event loop (the frame never
waits on it), with its games kept in the app's data folder (``hosted``), so a host
restarted later resumes them. It listens on the local network only once the player
opens a game to it: on port 7625, or another free one if that is taken.

Where friends connect is found without sending anything anywhere: first the address of the
network interface that reaches the network (the one a UDP socket "connected" to an address
that is never routed gets: connecting a UDP socket sends no packet), then this computer's other
addresses (each interface's, and those its name resolves to, which on Debian and Ubuntu is a
loopback address, left out). With ``CARCASSONNE_NET_LOCAL=1`` (tests, trials on one machine)
everything stays on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..engine import TileSet
from .server import CLOSE_TIMEOUT, DEFAULT_PORT, Server
from .store import Store, StoreError

T = TypeVar("T")

#: Set to 1: the host and the discovery listen and look on loopback only.
LOCAL_ENV = "CARCASSONNE_NET_LOCAL"
START_WITHIN = 15.0


def loopback_only() -> bool:
    return os.environ.get(LOCAL_ENV, "") not in ("", "0")


class HostError(RuntimeError):
    """The server cannot start here: one line saying why."""


#: An address no network routes (TEST-NET-1, RFC 5737): "connecting" a UDP socket to it picks
#: the interface of the default route without sending anything.
UNROUTED = ("192.0.2.1", 9)
#: ``SIOCGIFADDR``: an interface's IPv4 address (Linux).
_SIOCGIFADDR = 0x8915


def routed_address(make_socket: Callable[[], socket.socket] | None = None) -> str | None:
    """The address of the interface that reaches the network (None: no route), found by
    connecting a UDP socket, which sends no packet."""
    try:
        with (make_socket or (lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM)))() as sock:
            sock.connect(UNROUTED)
            return str(sock.getsockname()[0])
    except OSError:
        return None


def interface_addresses() -> list[str]:
    """Each network interface's IPv4 address (Linux; elsewhere none), then those this
    computer's name resolves to."""
    found: list[str] = []
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _index, name in socket.if_nameindex():
                try:
                    raw = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
                except OSError:
                    continue  # an interface without an IPv4 address
                found.append(socket.inet_ntoa(raw[20:24]))
    except (ImportError, OSError, AttributeError):
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        infos = []
    return found + [str(sockaddr[0]) for *_, sockaddr in infos]


def lan_addresses(routed: Callable[[], str | None] | None = None,
                  others: Callable[[], list[str]] | None = None) -> list[str]:
    """This computer's IPv4 addresses on its networks, without traffic: the one that reaches the
    network first, then the others; none on loopback (Debian's and Ubuntu's own name resolves to
    127.0.1.1), none link-local or unspecified."""
    found: list[str] = []
    for ip in [(routed or routed_address)() or "", *(others or interface_addresses)()]:
        try:
            address = ipaddress.ip_address(ip)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified or address.version != 4:
            continue
        if ip not in found:
            found.append(ip)
    return found


class Host:
    """This computer's game server, running in the background until :meth:`stop`."""

    def __init__(self, tiles: TileSet, folder: Path, port: int = DEFAULT_PORT, bind: str | None = None) -> None:
        self.tiles = tiles
        self.folder = folder
        self.wanted_port = port
        self.bind = bind or ("127.0.0.1" if loopback_only() else "0.0.0.0")
        self.port = 0
        self.server: Server | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="carcassonne-host", daemon=True)
        self._ws_server: object | None = None
        self._store: Store | None = None

    @property
    def running(self) -> bool:
        return self.port != 0

    @property
    def local_url(self) -> str:
        """Where this computer's own screen connects."""
        return f"ws://127.0.0.1:{self.port}"

    def addresses(self) -> list[str]:
        """The addresses to tell friends (the loopback one when nothing else is reachable)."""
        if self.bind == "127.0.0.1":
            return [self.local_url]
        return [f"ws://{ip}:{self.port}" for ip in lan_addresses()] or [self.local_url]

    def start(self) -> None:
        """Start serving; HostError (one line) if the data folder or every port is unusable."""
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        try:
            future.result(START_WITHIN)
        except StoreError as exc:
            self.stop()
            raise HostError(str(exc)) from None
        except OSError as exc:
            self.stop()
            raise HostError(f"cannot listen on {self.bind}: {exc.strerror or exc}") from None
        except TimeoutError:
            self.stop()
            raise HostError("the game server did not start in time") from None

    async def _start(self) -> None:
        self._store = await asyncio.to_thread(Store, self.folder)
        server = Server(self.tiles, self._store)
        for port in (self.wanted_port, 0):  # the usual port, else any free one
            try:
                ws_server = await server.listen(self.bind, port)
            except OSError:
                if port == 0:
                    raise
                continue
            break
        self._ws_server = ws_server
        self.server = server
        self.port = next(iter(ws_server.sockets)).getsockname()[1]
        server.resume_all()

    def call(self, fn: Callable[[], T], timeout: float = 5.0) -> T:
        """Run ``fn()`` in the server's thread (rooms are the loop's alone) and return its result."""
        async def run() -> T:
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def free_seats(self) -> list[tuple[str, str, int]]:
        """Each game waiting for players: (its name, its id, free seats), for discovery's answers."""
        server = self.server
        if server is None or not self.running:
            return []

        def look() -> list[tuple[str, str, int]]:
            return [(r.name, r.id, sum(1 for s in r.seats if s.is_open)) for r in server.rooms.values()
                    if not r.finished and any(s.is_open for s in r.seats)]
        try:
            return list(self.call(look))
        except Exception:  # noqa: BLE001 - a server stopping answers nothing
            return []

    def stop(self) -> None:
        """Close every connection, the data folder and the thread."""
        if self._loop.is_closed():
            return

        async def finish() -> None:
            ws_server = self._ws_server
            if ws_server is not None:
                ws_server.close(close_connections=True)  # type: ignore[attr-defined]
                try:
                    await asyncio.wait_for(ws_server.wait_closed(), 2 * CLOSE_TIMEOUT)  # type: ignore[attr-defined]
                except TimeoutError:
                    pass
            if self.server is not None:
                await self.server.close()
            if self._store is not None:
                self._store.close()
        if self._thread.is_alive():
            try:
                asyncio.run_coroutine_threadsafe(finish(), self._loop).result(3 * CLOSE_TIMEOUT + 1)
            except Exception:  # noqa: BLE001 - quitting must not hang on a stuck close
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(3)
        if not self._thread.is_alive():
            self._loop.close()
        self.port = 0
