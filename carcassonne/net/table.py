"""What a client knows of the game it sits at, kept up to date from the server's messages.

It holds the client's copy of the game (:mod:`.mirror`), the seats with who is
connected, the step in progress of the player to move, the chat and the turn timer.
It does no I/O: the command line's clients and the play screen's connection thread
feed it the messages they receive, and it says what changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import CarcassonneError, Game, Rules, TileSet, Turn
from .mirror import apply_turns, public_game
from .protocol import ProtocolError, turn_from_wire


class Desync(Exception):
    """The server's message does not follow from what this client knows: ask for the whole game."""


@dataclass
class TableState:
    tiles: TileSet
    game_id: str = ""
    name: str = ""
    game: Game | None = None
    rules: Rules | None = None
    tile: str | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    chat: list[dict[str, Any]] = field(default_factory=list)
    started: bool = False
    hints: bool = True
    #: A rated game: the server refuses every aid, and the play screen shows none.
    rated: bool = False
    turn_seconds: int = 0
    turn_left: float | None = None
    #: With a hand of tiles: each player's hand as this client may know it (count, tiles seen).
    hands: list[dict[str, Any]] | None = None
    #: The seat to move as the server said (a hand game's tile in hand may be hidden from us).
    mover: int | None = None
    #: Whole-game states received so far (a request waits for the one it causes).
    states: int = 0
    #: How many are watching; whether this client is one of them; the spectators' chat (to a
    #: spectator as it goes, to the players with the turn that ends the game and after it).
    watchers: int = 0
    watching: bool = False
    watcher_chat: list[dict[str, Any]] = field(default_factory=list)

    @property
    def current(self) -> int | None:
        """The seat to move, or None before the start and after the end."""
        if self.game is None or self.game.finished:
            return None
        if self.game.holds_tiles:
            return self.mover
        return None if self.tile is None else self.game.current

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.finished

    def apply(self, message: dict[str, Any]) -> list[Turn]:
        """Take in one server message; returns the turns it played (for animation).

        Raises :class:`Desync` if it does not fit this client's copy of the game.
        """
        kind = message.get("type")
        try:
            if kind == "state":
                return self._state(message)
            if kind == "turn":
                return self._turn(message)
        except (CarcassonneError, ProtocolError, KeyError, TypeError, ValueError, ArithmeticError,
                RecursionError) as exc:
            raise Desync(f"{kind}: {exc}") from exc
        if kind == "seats" and isinstance(message.get("seats"), list):
            self.seats = message["seats"]
        elif kind == "pending":
            self.pending = message.get("pending")
        elif kind == "chat":
            self.chat.append(message)
            del self.chat[:-50]
        elif kind == "watchers":
            self.watchers = int(message.get("count", 0))
        elif kind == "watching":
            self.watching = True
        elif kind == "watcher_chat":
            self.watcher_chat.append(message)
            del self.watcher_chat[:-50]
        return []

    def _state(self, message: dict[str, Any]) -> list[Turn]:
        self.states += 1
        self.game_id, self.name = str(message["game"]), str(message.get("name", ""))
        self.rules = Rules.from_record(message["rules"])
        self.seats = list(message["seats"])
        self.started = bool(message["started"])
        self.hints, self.turn_seconds = bool(message.get("hints", True)), int(message.get("turn_seconds", 0))
        self.turn_left = message.get("turn_left")
        self.rated = bool(message.get("rated", False))
        self.pending = message.get("pending")
        self.chat = list(message.get("chat", []))
        self.watchers = int(message.get("watchers", 0))
        self.watching = bool(message.get("watching", self.watching))
        self.watcher_chat = list(message.get("watcher_chat", []))
        self.tile = message["tile"]
        self.hands, self.mover = message.get("hands"), message.get("current")
        if not self.started:
            self.game = None
            return []
        turns = [turn_from_wire(t) for t in message["turns"]]
        start = message.get("start_tile")
        self.game = public_game(self.tiles, self.rules, [str(s["name"]) for s in self.seats], turns,
                                self.tile, finished=bool(message["finished"]),
                                start=start if isinstance(start, str) else None, hands=self.hands)
        self._check(message)
        return []

    def _turn(self, message: dict[str, Any]) -> list[Turn]:
        game = self.game
        if game is None:
            raise Desync("a turn before the game started")
        if message["at"] != game.turn_number:
            raise Desync(f"turn {message['at'] + 1} announced, this copy is at turn {game.turn_number + 1}")
        turns = [turn_from_wire(t) for t in message["turns"]]
        self.hands, self.mover = message.get("hands"), message.get("current")
        apply_turns(game, turns, message["tile"], finished=bool(message["finished"]), hands=self.hands)
        self.tile = message["tile"]
        self.pending = None
        self.turn_left = message.get("turn_left")
        if "watcher_chat" in message:  # (the turn that ends the game: what the spectators said)
            self.watcher_chat = list(message["watcher_chat"])
        self._check(message)
        return turns

    def _check(self, message: dict[str, Any]) -> None:
        game = self.game
        assert game is not None
        if game.holds_tiles and message.get("current") is not None and message["current"] != game.current:
            raise Desync(f"the server says seat {message['current']} moves, this copy says {game.current}")
        if message.get("current") is not None and message["current"] != self.current:
            raise Desync(f"the server says seat {message['current']} moves, this copy says {self.current}")
        if message.get("scores") is not None and list(message["scores"]) != game.scores:
            raise Desync(f"the server's scores {message['scores']} differ from this copy's {game.scores}")
