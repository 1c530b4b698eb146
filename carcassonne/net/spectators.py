"""Spectators: anyone with a game's watch code (or, when its host allows it, anyone in the
lobby) watches it live, and can do nothing to it.

A spectator is a connection with no seat (a :class:`~.server.Peer` kept here, not at the
table: a table of spectators only is still an empty table, whose turn timer waits). It is
sent what a player is sent (the board, the scores, the move log, the players' chat), shaped
for a receiver with no seat: no hidden hand, never the bag (:mod:`.hands`). Every step it
tries (a move, a figure, a decision, undo, a chat line to the players, handing a seat over)
is refused in one line and changes nothing. Spectators chat among themselves
(``watcher_chat``, kept with the game: :attr:`.Room.watcher_chat`); the players are sent
that chat with the turn that ends the game, and every line said after it.

A watch code is the game's id and a tag only the server can make: an HMAC of the game's
host token hash, itself kept from a token of :mod:`secrets`. So any node of a cluster, and a
server restarted, knows a game's watch code from what it stores already, and a code names
the game it watches (routed in a cluster as a ``rejoin`` is).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .hands import hands_seen, hidden, tile_seen
from .protocol import MAX_CHAT, ProtocolError, clean_chat
from .room import CODE_ALPHABET, Room

if TYPE_CHECKING:
    from .server import Peer

#: Letters of a watch code's tag (the join code's alphabet: nothing to misread).
TAG_LENGTH = 10
#: Spectators one game may have at once.
MAX_WATCHERS = 200
#: Messages a spectator may send that are a player's: each refused in one line.
PLAYERS_ONLY = frozenset({"play", "lay", "figure", "no_follower", "decide", "undo", "confirm", "chat",
                          "hand_over"})
#: What a spectator is told when it tries one.
NOT_A_PLAYER = ("you are watching this game: spectators cannot play, decide, undo, hand a seat over or "
                "chat to the players (watcher_chat talks to the other spectators)")


def watch_code(room: Room) -> str:
    """The code that lets anyone watch ``room``: a tag from a secret only the server holds,
    then the game's id (so every node finds the game)."""
    digest = hmac.new(room.host_hash.encode(), f"watch:{room.id}".encode(), hashlib.sha256).digest()
    tag = "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:TAG_LENGTH])
    return f"{tag}-{room.id.upper()}"


def game_of(code: str) -> str | None:
    """The game a watch code names (its last part), or None for a code of no shape."""
    cleaned = "".join(ch for ch in code.upper() if ch.isascii() and ch.isalnum())
    if len(cleaned) <= TAG_LENGTH:
        return None
    return cleaned[TAG_LENGTH:].lower()


def code_fits(room: Room, code: str) -> bool:
    """Whether ``code`` is ``room``'s watch code (compared in constant time)."""
    cleaned = "".join(ch for ch in code.upper() if ch.isascii() and ch.isalnum())
    wanted = watch_code(room).replace("-", "")
    return hmac.compare_digest(cleaned.encode(), wanted.encode())


@dataclass
class Watch:
    """One game's spectators and their names."""

    peers: dict[Peer, str] = field(default_factory=dict)


class Spectators:
    """The spectators of every game this server serves."""

    def __init__(self) -> None:
        self.games: dict[str, Watch] = {}
        #: Each spectator's game.
        self.watching: dict[Peer, str] = {}

    # ------------------------------------------------------------ who watches
    def of(self, room: Room) -> list[Peer]:
        watch = self.games.get(room.id)
        return [] if watch is None else list(watch.peers)

    def count(self, room: Room) -> int:
        watch = self.games.get(room.id)
        return 0 if watch is None else len(watch.peers)

    def is_watching(self, peer: Peer) -> bool:
        return peer in self.watching

    def watchable(self, rooms: Iterable[Room]) -> list[Room]:
        """The games under way whose host lets anyone watch, oldest first."""
        return sorted((r for r in rooms if r.started and not r.finished and r.watchable),
                      key=lambda r: r.created)

    def add(self, room: Room, peer: Peer, name: str) -> None:
        watch = self.games.setdefault(room.id, Watch())
        if peer not in watch.peers and len(watch.peers) >= MAX_WATCHERS:
            raise ProtocolError(f"{MAX_WATCHERS} people are watching this game already", "server-full")
        self.gone(peer)
        watch.peers[peer] = name
        self.watching[peer] = room.id

    def gone(self, peer: Peer) -> str | None:
        """A spectator left (or closed); the game it watched, if any."""
        game = self.watching.pop(peer, None)
        if game is not None and game in self.games:
            self.games[game].peers.pop(peer, None)
        return game

    def forget(self, room: Room) -> None:
        """The game left memory: its spectators go with it."""
        watch = self.games.pop(room.id, None)
        for peer in () if watch is None else watch.peers:
            self.watching.pop(peer, None)

    # ------------------------------------------------------------ what they do
    def refuse(self, peer: Peer, kind: str) -> None:
        """A spectator's step that is a player's: refused in one line (nothing changes)."""
        if kind in PLAYERS_ONLY and self.is_watching(peer):
            raise ProtocolError(NOT_A_PLAYER, "spectator")

    def chat(self, room: Room, peer: Peer, text: str, now: float) -> dict[str, Any]:
        """A spectator's line to the other spectators (kept with the game for its players' end)."""
        watch = self.games.get(room.id)
        if watch is None or peer not in watch.peers:
            raise ProtocolError("only spectators chat among spectators: the players see their chat when the "
                                "game has ended", "not-watching")
        line = clean_chat(text)
        if not line:
            raise ProtocolError("an empty chat line", "empty-chat")
        entry = {"type": "watcher_chat", "name": watch.peers[peer], "text": line[:MAX_CHAT], "at": round(now, 1)}
        room.watcher_chat.append(entry)
        return entry

    # ------------------------------------------------------------ what they are sent
    def shaped(self, room: Room, message: dict[str, Any], seats: list[int],
               watching: bool) -> dict[str, Any]:
        """``message`` as a receiver holding ``seats`` (a spectator: ``watching``, no seat)
        may see it: hands it may not see are counts, the tile in a hidden hand is left out."""
        kind = message["type"]
        if kind not in ("state", "turn"):
            return message
        game = room.game
        shown = dict(message)
        hands = hands_seen(game, seats)
        if hands is not None:
            shown["hands"] = hands
            shown["tile"] = tile_seen(game, message.get("tile"), seats)
        if kind == "state":
            shown["watchers"] = self.count(room)
            if watching:
                shown["watching"] = True
        if room.watcher_chat and (kind == "state" and (watching or room.finished) or _ends(message)):
            shown["watcher_chat"] = [{k: v for k, v in line.items() if k != "type"} for line in room.watcher_chat]
        return shown

    def receivers(self, room: Room, table: Iterable[Peer],
                  message: dict[str, Any]) -> Iterator[tuple[list[Peer], dict[str, Any]]]:
        """Everyone a message for a game's table goes to, grouped by what they may see of it:
        (the peers, the message as they see it). Spectators' chat goes to spectators only
        until the game has ended."""
        watchers = self.of(room)
        if message["type"] == "watcher_chat" and not room.finished:
            yield watchers, message
            return
        everyone = [*table, *watchers]
        if message["type"] not in ("state", "turn"):
            yield everyone, message
            return
        if message["type"] == "turn" and (room.game is None or not room.game.holds_tiles) and not _ends(message):
            yield everyone, message
            return
        groups: dict[tuple[bool, tuple[int, ...]], list[Peer]] = {}
        private = hidden(room.game)
        for peer in everyone:
            seen = tuple(peer.seats) if private else ()
            groups.setdefault((peer in self.watching, seen), []).append(peer)
        for (watching, seats), peers in groups.items():
            yield peers, self.shaped(room, message, list(seats), watching)


def _ends(message: dict[str, Any]) -> bool:
    """Whether ``message`` is the turn that ends the game (the players' first sight of the
    spectators' chat)."""
    return message["type"] == "turn" and message.get("finished") is True
