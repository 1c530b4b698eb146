"""One game hosted on the server: its seats, the real game with its bag, and each step
of the turn in progress.

Everything here is decided by the rules engine on the server's own ``Game``: a client
says what its player does (lay the tile, stand a follower, confirm...) and the room
checks it with the same ``why_not_*`` questions the play screen asks locally. The room
knows nothing of sockets: it takes checked messages and returns the messages everyone
at the table is sent, so it is tested without a network, and the server does the I/O.

What leaves the room is what a player at the table sees: the seats, the turns played,
the tile in hand, the step in progress and the chat; never the seed or the bag.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..ai import Bot, get_bot
from ..engine import FigureStep, Game, IllegalMoveError, Move, Placement, Rules, TileSet, Turn
from ..engine.record import GameRecord, Seat, figure_record
from ..engine.steps import TurnSteps
from .protocol import CORRESPONDENCE_SECONDS, MAX_CHAT, ProtocolError, clean_chat, move_of

#: The letters of a join code: no 0/O, 1/I/L to misread when a friend reads it out.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: 31^10 (about 8 x 10^14) codes: guessing at the rate a whole server can answer
#: (thousands a second, from as many networks as one likes) finds a waiting game's code
#: in years, and a game waits a day at most.
CODE_LENGTH = 10
#: Bits of a server's deal (the seed of its bag): never guessed from the tiles drawn.
DEAL_BITS = 128
#: Chat lines a newcomer is shown.
CHAT_KEPT = 30
#: Spectators' chat lines kept per game (the players are shown them when the game ends).
WATCHER_CHAT_KEPT = 50
#: The lines a game keeps of each of its chats, by the lines' ``type``: its players' and its
#: spectators' (the stores keep them apart too).
CHATS_KEPT = {"chat": CHAT_KEPT, "watcher_chat": WATCHER_CHAT_KEPT}
#: The computer that plays for a person whose turn timer ran out.
TIMEOUT_LEVEL = "normal"


def new_token() -> str:
    """A seat token: 192 random bits, as the ``secrets`` module advises for tokens."""
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def token_hash(token: str) -> str:
    """What the server keeps of a token: a stolen database does not give the seats away."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class SeatInfo:
    """A seat at the table: who sits there, and whether they are here right now."""

    name: str
    color: str
    #: ``human`` (a person, here or across the network) or ``ai:<level>`` (the server plays).
    kind: str
    #: The hash of the seat's token; None while an open seat waits for a player.
    token_hash: str | None = None
    connected: bool = False
    #: When the person's connection dropped (server clock), while they are away.
    away_since: float | None = None
    #: The level of the computer the host handed this away person's seat to.
    robot: str | None = None

    @property
    def is_open(self) -> bool:
        return self.kind == "human" and self.token_hash is None

    @property
    def is_ai(self) -> bool:
        return self.kind.startswith("ai:")

    def public(self, now: float) -> dict[str, Any]:
        # (Never below 0: a game read back stamps its seats away after the message's ``now``.)
        away = None if self.away_since is None else round(max(0.0, now - self.away_since), 1)
        return {"name": self.name, "color": self.color, "kind": self.kind, "open": self.is_open,
                "connected": self.connected or self.is_ai, "away": away, "robot": self.robot}


@dataclass(frozen=True)
class Checkpoint:
    """A room as it was before a step (see :meth:`Room.checkpoint`)."""

    turns: int | None
    #: The turn in progress: its tile, the tile laid, the figure step, "no figure", the decisions.
    steps: tuple[str | None, Placement | None, FigureStep | None, bool, tuple[Any, ...], bool] | None
    turn_started: float
    seats: list[tuple[str, str, str, str | None, str | None]]


def chat_of(line: dict[str, Any]) -> str:
    """Which of a game's chats (:data:`CHATS_KEPT`) a line was said in."""
    return "watcher_chat" if line.get("type") == "watcher_chat" else "chat"


@dataclass
class Room:
    """A game on the server, from its creation to its last turn (and after: it is kept)."""

    id: str
    code: str
    tiles: TileSet
    rules: Rules
    seats: list[SeatInfo]
    seed: int
    name: str = ""
    host_hash: str = ""
    turn_seconds: int = 0
    hints: bool = True
    #: A rated game (:mod:`.rated`: registered players only, no aids, the turn timer on).
    rated: bool = False
    #: The host lets anyone watch: the lobby lists the game among those to watch (kept with
    #: the game, so a restart or a takeover lists it again).
    watchable: bool = False
    created: float = field(default_factory=time.time)
    #: The address that opened the game (its creator's limits count it), where a store keeps it.
    origin: str = ""
    game: Game | None = None
    #: The turn in progress, step by step (the same steps as at one screen).
    steps: TurnSteps | None = None
    #: When the turn in progress began (the server's wall clock, ``time.time()``), for the turn
    #: timer; stored with the game, so a correspondence game's clock survives a restart.
    turn_started: float = 0.0
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    #: What the spectators said among themselves (:mod:`.spectators`), kept with the game as
    #: its players' chat is, for the players once the game has ended.
    watcher_chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=WATCHER_CHAT_KEPT))
    bots: dict[int, Bot] = field(default_factory=dict)

    # ------------------------------------------------------------------ facts
    def said_in(self, line: dict[str, Any]) -> deque[dict[str, Any]]:
        """The chat a line belongs to: the spectators' (``watcher_chat``) or the players'."""
        return self.watcher_chat if chat_of(line) == "watcher_chat" else self.chat

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def finished(self) -> bool:
        return self.game is not None and self.game.finished

    @property
    def tile(self) -> str | None:
        """The tile the player to move plays (None before the start and after the end)."""
        return None if self.steps is None else self.steps.tile

    @property
    def current(self) -> int | None:
        return None if self.game is None or self.tile is None else self.game.current

    def record(self) -> GameRecord:
        """The game as the server keeps it (with the seed: this never leaves the server)."""
        seats = [Seat(s.name, s.color, s.kind) for s in self.seats]
        if self.game is not None and self.game.holds_tiles:  # with the hands dealt and each turn's draw
            return GameRecord.from_game(self.game, seats)
        return GameRecord(seats, self.rules, self.seed, list(self.game.history) if self.game else [])

    def listing(self, now: float) -> dict[str, Any]:
        """The line of the lobby's list of open games."""
        return {"game": self.id, "name": self.name, "started": self.started, "finished": self.finished,
                "seats": [s.public(now) for s in self.seats], "rules": self.rules.to_record(), "rated": self.rated}

    def state(self, now: float) -> dict[str, Any]:
        """The whole position as every player may know it: a client rebuilds its game from this."""
        game = self.game
        return {"type": "state", "game": self.id, "name": self.name, "rules": self.rules.to_record(),
                "seats": [s.public(now) for s in self.seats], "started": self.started,
                "start_tile": game.start_tile if game else None,
                "turns": [t.to_record() for t in game.history] if game else [],
                "tile": self.tile, "current": self.current,
                "finished": self.finished, "scores": list(game.scores) if game else [],
                "pending": self._pending(), "chat": list(self.chat),
                "turn_seconds": self.turn_seconds, "turn_left": self.turn_left(now), "hints": self.hints,
                "rated": self.rated}

    @property
    def correspondence(self) -> bool:
        """A game played over hours or days: its turn clock runs whether or not anyone is
        connected, and is not started again when a player comes back to the table."""
        return self.turn_seconds >= CORRESPONDENCE_SECONDS

    def waits_on(self, seats: list[int]) -> bool:
        """Whether the table waits for one of these seats (to move, or to decide)."""
        return self.actor is not None and self.actor in seats

    def resume_clock(self, started: float | None, now: float) -> None:
        """A game read back: its turn began when the store says (never in the future), else now."""
        self.turn_started = min(started, now) if started is not None and started > 0 else now

    def turn_left(self, now: float) -> float | None:
        """Seconds left of the turn timer for the turn in progress (None without a timer)."""
        if not self.turn_seconds or self.current is None:
            return None
        return round(max(0.0, self.turn_started + self.turn_seconds - now), 1)

    def seats_message(self, now: float) -> dict[str, Any]:
        return {"type": "seats", "seats": [s.public(now) for s in self.seats]}

    def _pending(self) -> dict[str, Any] | None:
        steps = self.steps
        p = None if steps is None else steps.pending
        if steps is None or p is None:
            return None
        pending: dict[str, Any] = {"x": p.x, "y": p.y, "rotation": p.rotation,
                                   "figure": figure_record(steps.figure), "declined": steps.declined}
        if self.game is not None and self.game.holds_tiles:  # which of the hand is laid
            pending["tile"] = p.tile
        if steps.decisions:
            pending["decisions"] = [list(choice) for choice in steps.decisions]
        asked = steps.asked()
        if asked is not None:  # who decides now, and among what (every client shows it)
            pending["decision"] = {"player": asked.player, "kind": asked.kind,
                                   "options": [list(o) for o in asked.options]}
        return pending

    # ------------------------------------------------------------------ seats
    def free_seat(self, seat: int) -> SeatInfo:
        if not 0 <= seat < len(self.seats):
            raise ProtocolError(f"this game has seats 0 to {len(self.seats) - 1}", "no-such-seat")
        info = self.seats[seat]
        if not info.is_open:
            raise ProtocolError(f"seat {seat} is taken", "seat-taken")
        return info

    def take_seat(self, seat: int, name: str, color: str | None, now: float) -> str:
        """A joining player sits down; returns the seat's token (theirs alone to keep)."""
        info = self.free_seat(seat)
        color = color or info.color
        if any(s.color == color for i, s in enumerate(self.seats) if i != seat and not s.is_open):
            raise ProtocolError(f"another player has {color}", "color-taken")
        if any(s.color == color for i, s in enumerate(self.seats) if i != seat and s.is_open):
            # the open seat that had the colour takes this seat's colour instead
            other = next(s for i, s in enumerate(self.seats) if i != seat and s.color == color)
            other.color = info.color
        token = new_token()
        info.name, info.color, info.token_hash = name, color, token_hash(token)
        info.connected, info.away_since = True, None
        if not any(s.is_open for s in self.seats):
            self.start(now)
        return token

    def seats_of(self, token: str) -> list[int]:
        digest = token_hash(token)
        return [i for i, s in enumerate(self.seats) if s.token_hash is not None
                and secrets.compare_digest(s.token_hash, digest)]

    def is_host_token(self, token: str) -> bool:
        return bool(self.host_hash) and secrets.compare_digest(self.host_hash, token_hash(token))

    def arrive(self, seats: list[int]) -> None:
        """A person's connection holds these seats again: a computer playing for them stops."""
        for i in seats:
            info = self.seats[i]
            info.connected, info.away_since, info.robot = True, None, None

    def leave(self, seats: list[int], now: float) -> None:
        for i in seats:
            info = self.seats[i]
            if info.connected:
                info.connected, info.away_since = False, now

    def hand_over(self, seat: int, level: str | None, now: float, after: float) -> None:
        """The host gives an away person's seat to a computer (``level``) or takes it back (None)."""
        from ..ai import LEVELS

        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "human":
            raise ProtocolError("only a person's seat can be handed to a computer", "not-a-person")
        info = self.seats[seat]
        if level is None:
            info.robot = None
            return
        if level not in LEVELS:
            raise ProtocolError(f"no computer level {level!r}", "bad-level")
        if info.connected or info.away_since is None:
            raise ProtocolError(f"{info.name} is here: only an away player's seat can be handed over",
                                "player-here")
        if now - info.away_since < after:
            raise ProtocolError(f"{info.name} has been away {now - info.away_since:.0f} s: wait "
                                f"{after:.0f} s before handing the seat over", "too-soon")
        info.robot = level

    # ------------------------------------------------------------------ play
    def start(self, now: float) -> None:
        """Every seat is taken: deal (the bag is shuffled with the room's seed) and draw."""
        self.game = Game(self.tiles, self.rules, len(self.seats), self.seed, [s.name for s in self.seats])
        self._begin_turn(now)

    def resume(self, game: Game, now: float) -> None:
        """Go on with a game read back from its record (a restarted server)."""
        self.game = game
        self._begin_turn(now)

    def _begin_turn(self, now: float) -> None:
        assert self.game is not None
        tile = None if self.game.finished else self.game.draw()
        if tile is None and not self.game.finished:
            self.game.finish()
        if self.steps is None or self.steps.game is not self.game:
            self.steps = TurnSteps(self.game)
        self.steps.reset(tile)
        self.turn_started = now

    def restart_clock(self, now: float) -> None:
        """The turn in progress gets its whole time again (the timer waited for the players)."""
        self.turn_started = now

    @property
    def actor(self) -> int | None:
        """The seat the table waits for: whoever must answer the move's pending decision
        (perhaps not the player to move), else the player to move; None when nobody acts."""
        if self.current is None or self.steps is None:
            return None
        asked = self.steps.asked()
        return self.current if asked is None else asked.player

    def computer_to_move(self) -> tuple[int, Bot] | None:
        """The seat a computer plays now (an AI seat, or a person's handed over), and its bot."""
        seat = self.actor
        if seat is None:
            return None
        info = self.seats[seat]
        level = info.kind[3:] if info.is_ai else info.robot
        if level is None:
            return None
        bot = self.bots.get(seat)
        if bot is None or bot.level != level:
            bot = self.bots[seat] = get_bot(level, self.seed * 7 + seat)
        return seat, bot

    def timed_out(self, now: float) -> bool:
        left = self.turn_left(now)
        return left is not None and left <= 0 and self.computer_to_move() is None

    def act(self, holder: list[int], message: dict[str, Any], now: float) -> list[dict[str, Any]]:
        """A checked message from a connection holding the seats ``holder``: the messages
        for the whole table, or ProtocolError (nothing changed)."""
        kind = message["type"]
        if kind == "chat":
            return self._chat(holder, message["text"], now)
        game, seat = self.game, self.current
        if game is None:
            raise ProtocolError("the game starts when every seat is taken", "not-started")
        if seat is None:
            raise ProtocolError("the game is over", "game-over")
        if kind == "decide":  # asked of any player, not only the one to move
            return self.decide(holder, message["choice"], now)
        if seat not in holder:
            raise ProtocolError(f"it is {self.seats[seat].name}'s turn", "not-your-turn")
        asked = None if self.steps is None else self.steps.asked()
        if asked is not None and kind != "undo":
            raise ProtocolError(f"{self.seats[asked.player].name} has to decide first", "decision-due")
        if self.seats[seat].robot is not None:
            self.seats[seat].robot = None  # the person is back at their seat
        steps = self.steps
        assert steps is not None and steps.tile is not None
        if kind == "play":
            expected = message.get("turn")
            if expected is not None and expected != game.turn_number:
                raise ProtocolError(f"that move was for turn {expected + 1}; this is turn "
                                    f"{game.turn_number + 1}", "stale-turn")
            return self.play(move_of(message, self._held_tile(message, steps.tile)), now)
        if kind == "lay":
            tile = self._held_tile(message, steps.tile)
            self._refuse(steps.lay(Placement(tile, message["x"], message["y"], message["rotation"])))
        elif kind == "figure":
            self._refuse(steps.put(message["figure"]))
        elif kind == "no_follower":
            self._refuse(steps.decline())
        elif kind == "undo":
            if not steps.undo():
                raise ProtocolError("nothing to take back this turn", "nothing-to-undo")
        elif kind == "confirm":
            move = steps.move
            if move is None:
                raise ProtocolError("lay the tile first", "no-tile-placed")
            return self.play(move, now)
        else:
            raise ProtocolError(f"'{kind}' is not a move", "unknown-type")
        return [{"type": "pending", "pending": self._pending()}]

    def _held_tile(self, message: dict[str, Any], tile: str) -> str:
        """The tile a move plays: any of the hand it names when the players hold several (the
        engine checks it is held), else the one tile drawn."""
        named = message.get("tile")
        if named is None or (self.game is not None and self.game.holds_tiles):
            return str(named or tile)
        if named != tile:
            raise ProtocolError(f"the tile in hand is {tile}, not {named}", "not-in-hand")
        return tile

    def decide(self, holder: list[int], choice: Any, now: float) -> list[dict[str, Any]]:
        """A player's answer to the move's pending decision: the move is played once nothing
        more is asked, else everyone sees what is asked next."""
        steps = self.steps
        asked = None if steps is None else steps.asked()
        if steps is None or asked is None:
            raise ProtocolError("nothing is to be decided now", "no-decision")
        if asked.player not in holder:
            raise ProtocolError(f"it is {self.seats[asked.player].name}'s decision", "not-your-decision")
        self._refuse(steps.decide(choice, asked.player))
        move = steps.move
        assert move is not None
        if steps.asked() is None:
            return self.play(move, now)
        return [{"type": "pending", "pending": self._pending()}]

    def play(self, move: Move, now: float) -> list[dict[str, Any]]:
        """Play a whole move for the player to move (checked); the turns it made happen. A move
        that still waits for decisions (of other players, perhaps) is laid and waits."""
        game = self.game
        assert game is not None
        if game.decision(move) is not None:  # the rules ask more of the players first
            steps = self.steps
            assert steps is not None
            self._refuse(steps.lay(move.placement))
            self._refuse(steps.put(move.figure))
            self._refuse(steps.confirm())  # (the figure step is over: the decisions are asked)
            for choice in move.decisions:
                self._refuse(steps.decide(choice))
            return [{"type": "pending", "pending": self._pending()}]
        self._refuse(game.why_not(move))
        before = game.turn_number
        game.play(move)
        self._begin_turn(now)
        return [self.turn_message(before, now)]

    def turn_message(self, since: int, now: float) -> dict[str, Any]:
        """The turns played since turn ``since`` (the move, and any discards after it)."""
        game = self.game
        assert game is not None
        turns: list[Turn] = game.history[since:]
        return {"type": "turn", "at": since, "turns": [t.to_record() for t in turns],
                "tile": self.tile, "current": self.current, "scores": list(game.scores),
                "finished": game.finished, "turn_left": self.turn_left(now)}

    def _chat(self, holder: list[int], text: str, now: float) -> list[dict[str, Any]]:
        if not holder:
            raise ProtocolError("take a seat to chat", "no-seat")
        line = clean_chat(text)
        if not line:
            raise ProtocolError("an empty chat line", "empty-chat")
        seat = holder[0] if self.current not in holder else self.current
        entry = {"type": "chat", "seat": seat, "name": self.seats[seat].name, "text": line[:MAX_CHAT],
                 "at": round(now, 1)}
        self.chat.append(entry)
        return [entry]

    # ------------------------------------------------------------------ storing
    def checkpoint(self) -> Checkpoint:
        """What a step may change, so that a step the server could not store is taken back."""
        steps = self.steps
        kept = None if steps is None else (steps.tile, steps.pending, steps.figure, steps.declined, steps.decisions,
                                           steps.confirmed)
        return Checkpoint(None if self.game is None else self.game.turn_number, kept, self.turn_started,
                          [(s.name, s.color, s.kind, s.token_hash, s.robot) for s in self.seats])

    def rollback(self, point: Checkpoint) -> None:
        """Back to ``point``: the step since did not happen (its turns are taken back exactly)."""
        if point.turns is None:
            self.game = None
        elif self.game is not None:
            while self.game.finished or self.game.turn_number > point.turns:
                self.game.pop()
        if point.steps is None or self.game is None:
            self.steps = None
        else:
            if self.steps is None or self.steps.game is not self.game:
                self.steps = TurnSteps(self.game)
            steps = self.steps
            steps.tile, steps.pending, steps.figure, steps.declined, steps.decisions, steps.confirmed = point.steps
        self.turn_started = point.turn_started
        for info, (name, color, kind, token, robot) in zip(self.seats, point.seats, strict=True):
            if info.token_hash != token:  # the seat taken by the step is free again
                info.connected, info.away_since = False, None
            info.name, info.color, info.kind, info.token_hash, info.robot = name, color, kind, token, robot

    @staticmethod
    def _refuse(reason: str | None) -> None:
        if reason is not None:
            raise ProtocolError(str(reason), getattr(reason, "rule", "illegal"))


def new_room(tiles: TileSet, rules: Rules, plans: list[dict[str, Any]], seed: int | None,
             name: str = "", turn_seconds: int = 0, hints: bool = True,
             taken_codes: set[str] | frozenset[str] = frozenset()) -> tuple[Room, str, dict[int, str]]:
    """A new room from a ``create`` message's seats: the room, the host's token and the
    tokens of the seats the creator holds (``human`` seats; ``open`` ones wait for friends)."""
    code = new_code()
    while code in taken_codes:
        code = new_code()
    host = new_token()
    seats, tokens = [], {}
    for i, plan in enumerate(plans):
        kind = plan["kind"]
        default = f"Player {i + 1}" if not kind.startswith("ai:") else kind[3:].capitalize()
        info = SeatInfo(plan["name"] or default, plan["color"], "human" if kind == "open" else kind)
        if kind == "human":
            tokens[i] = new_token()
            info.token_hash = token_hash(tokens[i])
        seats.append(info)
    room = Room(secrets.token_hex(8), code, tiles, rules, seats,
                seed if seed is not None else (1 << DEAL_BITS) | secrets.randbits(DEAL_BITS),
                name=name, host_hash=token_hash(host), turn_seconds=turn_seconds, hints=hints)
    return room, host, tokens


__all__ = ["IllegalMoveError", "Room", "SeatInfo", "new_room", "new_token", "token_hash"]
