"""Finding games hosted on the local network: a UDP question and the hosts' answers.

The Join screen asks once (a short datagram to the network's broadcast address on a
fixed port); every copy of the game that has opened a game to the network answers,
to the asker alone, with its game's name, the port of its server and the seats still
free. The join code is never in the answer: a friend is told it. Only the standard
library, no new dependency.

A peer is untrusted here too: a question is answered only if it is exactly the game's
question, and an answer is read only if it is small, well-formed JSON with the expected
fields; anything else is ignored. With ``CARCASSONNE_NET_LOCAL=1`` the question goes to
127.0.0.1 and the hosts listen there only (tests, trials on one machine).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.untrusted import clean_name
from .host import loopback_only

#: The port the hosts listen on for questions (the game server's port plus one).
PORT = 7626
PORT_ENV = "CARCASSONNE_DISCOVERY_PORT"
QUESTION = b"carcassonne? v1"
#: An answer is a few hundred bytes; anything longer is not one.
MAX_ANSWER = 2048
#: Games listed in one answer at most.
MAX_GAMES = 8


def discovery_port() -> int:
    value = os.environ.get(PORT_ENV, "")
    return int(value) if value.isdigit() and 0 < int(value) < 65536 else PORT


@dataclass(frozen=True)
class FoundGame:
    """A game waiting for players somewhere on the network."""

    address: str
    port: int
    name: str
    free: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def read_answer(data: bytes, sender: str) -> list[FoundGame]:
    """The games in one answer, or none if it is not a well-formed answer."""
    if len(data) > MAX_ANSWER:
        return []
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return []
    if not isinstance(message, dict) or message.get("carcassonne") != 1:
        return []
    port, games = message.get("port"), message.get("games")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536 or not isinstance(games, list):
        return []
    found = []
    for game in games[:MAX_GAMES]:
        if not isinstance(game, dict):
            continue
        name, free = game.get("name"), game.get("free")
        if not isinstance(name, str) or not isinstance(free, int) or isinstance(free, bool) or not 0 < free <= 6:
            continue
        found.append(FoundGame(sender, port, clean_name(name[:80], "Carcassonne", limit=40), free))
    return found


class Answerer:
    """Answers the game's question while this computer hosts games waiting for players."""

    def __init__(self, server_port: int, games: Callable[[], list[tuple[str, str, int]]],
                 port: int | None = None) -> None:
        self.server_port = server_port
        self.games = games
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1" if loopback_only() else "", discovery_port() if port is None else port))
        self.sock.settimeout(0.25)
        self.port = self.sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="carcassonne-discovery", daemon=True)
        self._thread.start()

    def answer(self) -> bytes:
        games = [{"name": name, "free": free} for name, _id, free in self.games()[:MAX_GAMES]]
        return json.dumps({"carcassonne": 1, "port": self.server_port, "games": games}).encode()[:MAX_ANSWER]

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                data, sender = self.sock.recvfrom(64)
            except TimeoutError:
                continue
            except OSError:
                return
            if data != QUESTION:
                continue
            answer = self.answer()
            if b'"games": []' in answer:
                continue  # nothing to offer: stay quiet
            try:
                self.sock.sendto(answer, sender)
            except OSError:
                pass

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


def ask(seconds: float = 0.6, port: int | None = None) -> list[FoundGame]:
    """Ask the network once and gather the answers for ``seconds`` (blocks: call it from a thread)."""
    target = "127.0.0.1" if loopback_only() else "255.255.255.255"
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    found: list[FoundGame] = []
    try:
        if target != "127.0.0.1":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.sendto(QUESTION, (target, discovery_port() if port is None else port))
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, sender = sock.recvfrom(MAX_ANSWER + 1)
            except TimeoutError:
                break
            for game in read_answer(data, sender[0]):
                if game not in found:
                    found.append(game)
    except OSError:
        pass  # no network: nothing found
    finally:
        sock.close()
    return found


class Finder:
    """Looks for games in a background thread; the Join screen reads :attr:`found` each frame."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port
        self.found: list[FoundGame] = []
        self.looking = False
        self._thread: threading.Thread | None = None

    def look(self) -> None:
        if self.looking:
            return
        self.looking = True

        def run() -> None:
            try:
                self.found = ask(port=self.port)
            finally:
                self.looking = False
        self._thread = threading.Thread(target=run, name="carcassonne-finder", daemon=True)
        self._thread.start()
