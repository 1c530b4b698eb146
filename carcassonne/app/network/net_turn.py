"""A network game's turns, through the same interface as a game at one screen.

:class:`NetworkTurnController` is a :class:`~carcassonne.app.play.turn.TurnController` whose
table is a game server: the Play screen drives it exactly as a local game and does not
know the difference. Its ``game`` is the client's copy (:class:`~carcassonne.net.table.TableState`),
the engine itself with only what a player at the table may know, so every check and
every aid on this screen is the engine's, from what this player may see.

- The seats this connection holds are played here (several: a hot-seat at the host).
- Every other seat (friends elsewhere, computers the server runs, a turn whose timer ran
  out) plays "like a computer": its turn arrives from the server and glides in.
- This screen's player lays the tile and stands a figure locally (the engine checks
  each step at once) and the steps go to the server, so the others see them; Confirm
  sends the whole move with its turn number, and the turn is played here only when the
  server's answer comes back (:meth:`poll_table`).
- A decision the rules ask (the server's pending step names it, and whose it is) is
  answered here for the seats this screen holds (``decide``); another's shows as waiting.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any

from ...engine import COLORS, Decision, Move, Placement, RecordError, ScoreEvent
from ...engine.figures import FigureStep
from ...engine.record import Seat, read_figure
from ...engine.untrusted import clean_name
from ...i18n import _
from ...net.link import FAILED, Link
from ...net.mirror import apply_turns
from ...net.protocol import ProtocolError, figure_message, play_message, turn_from_wire
from ...net.table import Desync, TableState
from ..play.turn import AI_DECIDE, AI_GLIDE, AI_THINK, ANIMATING, DECIDE, HANDOVER, HUMAN, TurnController
from .netplay import refusal_words

#: This screen's move was sent; the server's answer is awaited.
SENT = "sent"

log = logging.getLogger(__name__)

#: The server's side of the turn in progress: (placement, figure step, said "no follower").
Step = tuple[Placement | None, FigureStep | None, bool]


def tidy_table(table: TableState) -> None:
    """Keep only well-formed seats and chat lines of what the server sent (a server is a
    peer too: a malformed entry is dropped, never drawn or trusted)."""
    seats = table.seats if isinstance(table.seats, list) else []
    table.seats = [s for s in seats if isinstance(s, dict)]
    table.chat = [c for c in table.chat if isinstance(c, dict)] if isinstance(table.chat, list) else []
    if not isinstance(table.turn_left, (int, float)) or isinstance(table.turn_left, bool):
        table.turn_left = None


def table_seats(table: TableState) -> list[Seat]:
    """The seats as the game record names them (a person anywhere is ``human``)."""
    return [Seat(clean_name(s.get("name"), f"Player {i + 1}"),
                 str(s.get("color")) if s.get("color") in COLORS else COLORS[i % len(COLORS)],
                 str(s.get("kind")) if isinstance(s.get("kind"), str) and len(s["kind"]) <= 16 else "human")
            for i, s in enumerate(table.seats)]


class NetworkTurnController(TurnController):
    """The turn controller of a game played through a server (see the module's docstring)."""

    def __init__(self, link: Link, table: TableState, held: list[int], host: bool = False) -> None:
        assert table.game is not None, "a network game is shown once it has started"
        self.link = link
        #: This screen's connection is the game's host (it may let a computer play for one who left).
        self.is_host = host
        self.table = table
        self.held = set(held)
        #: Turns the server announced, not yet shown (each glides in, in order).
        self.arrived: deque[dict[str, Any]] = deque()
        self.sent: Move | None = None
        #: What the server was last told of this turn in progress.
        self.told: Step = (None, None, False)
        #: One-line notices for the screen to say (refusals, time-outs, a lost connection).
        self.notices: list[str] = []
        self.resynced = False
        #: Messages taken in at the last frame (the screen is drawn again when some came).
        self.heard = 0
        super().__init__(table.game, table_seats(table))
        self.bots = {}  # the server runs the computers

    # ------------------------------------------------------------- the table
    @property
    def network(self) -> Link | None:
        return self.link

    @property
    def hints_allowed(self) -> bool:
        return self.table.hints and not self.table.rated and bool(self.held)  # (a spectator asks for no aid)

    @property
    def aids_allowed(self) -> bool:
        """A rated game: no hint, why-not, dead spot, projected score or tile that fits."""
        return not self.table.rated

    @property
    def is_ai_turn(self) -> bool:
        """Another screen (or the server's computer) plays the seat to move."""
        return self.tile is not None and self.game.current not in self.held

    @property
    def human_seats(self) -> list[int]:
        return sorted(self.held)

    @property
    def own_seats(self) -> frozenset[int]:
        return frozenset(self.held)

    @property
    def watching(self) -> bool:
        """This screen watches the game: it holds no seat and can do nothing to it."""
        return not self.held

    @property
    def pending_elsewhere(self) -> tuple[Placement, FigureStep | None] | None:
        """The other screen's tile laid and not yet confirmed (the server's word, checked here
        by the engine before it is drawn)."""
        p = self.table.pending
        if self.phase not in (AI_THINK, AI_DECIDE, DECIDE) or self.tile is None or not isinstance(p, dict):
            return None
        if self.phase != AI_THINK and self.steps.pending is not None:
            return None  # (this screen's own move, shown as its steps)
        x, y, rotation = p.get("x"), p.get("y"), p.get("rotation")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y, rotation)):
            return None
        assert isinstance(x, int) and isinstance(y, int) and isinstance(rotation, int)
        shown = p.get("tile") if self.game.holds_tiles else None  # (a hand's tile, laid: seen by all)
        placement = Placement(shown if isinstance(shown, str) and shown in self.game.tiles.kinds else self.tile,
                              x, y, rotation)
        refused = self.game.why_not_placement(placement) if rotation in (0, 90, 180, 270) else True
        if refused is not None and not (shown and getattr(refused, "rule", "") in ("not-in-hand", "discard-first")):
            return None  # (a hidden hand's tile: this copy holds others in its place)
        step = None
        raw = p.get("figure")
        if isinstance(raw, dict):
            try:
                step = read_figure("pending", raw)
            except RecordError:
                step = None
        if step is not None and self.game.why_not_figure(placement, step) is not None:
            step = None
        return placement, step

    @property
    def moving(self) -> Move | None:
        """The move in progress, this screen's or another's, with the decisions the server
        says are made (only squares or places of whole numbers are taken from it)."""
        move = self.steps.move
        if move is None:
            elsewhere = self.pending_elsewhere
            if elsewhere is None:
                return None
            p, step = elsewhere
            move = Move(p.tile, p.x, p.y, p.rotation, step)
        pending = self.table.pending
        made = pending.get("decisions") if isinstance(pending, dict) else None
        if isinstance(made, (list, tuple)):
            move = move._replace(decisions=tuple(tuple(d) for d in made if isinstance(d, (list, tuple))
                                                 and 2 <= len(d) <= 3 and all(type(v) is int for v in d[:2])))
        return move

    def decision(self) -> Decision | None:
        """The decision the server's pending step waits for (whoever's it is), or None."""
        p = self.table.pending
        asked = p.get("decision") if isinstance(p, dict) else None
        if not isinstance(asked, dict):
            return None
        player, kind, options = asked.get("player"), asked.get("kind"), asked.get("options")
        if not (isinstance(player, int) and 0 <= player < len(self.seats) and isinstance(kind, str)
                and isinstance(options, (list, tuple))):
            return None  # (the protocol gives its squares and places as tuples; lists are taken too)
        shaped = tuple(tuple(o) for o in options if isinstance(o, (list, tuple)) and 2 <= len(o) <= 3)
        made = p.get("decisions") if isinstance(p, dict) else None
        return Decision(player, kind, shaped, len(made) if isinstance(made, (list, tuple)) else 0)

    def decide(self, choice: Any) -> Any:
        """Answer the decision asked of a seat this screen holds: the server checks it."""
        asked = self.decision()
        if self.phase != DECIDE or asked is None or asked.player not in self.held:
            return super().decide(choice)
        if choice not in asked.options:
            return super().decide(choice)  # (the engine's words for a choice that is none)
        self.link.send({"type": "decide", "choice": list(choice)})
        self.phase = AI_DECIDE  # (waits for the server's word)
        return None

    def _follow_decision(self) -> None:
        """The phase that the server's pending decision asks for: this screen decides for a seat
        it holds, else it waits; back to waiting once none is asked."""
        asked = self.decision()
        if asked is not None and self.phase in (SENT, AI_THINK, AI_DECIDE, DECIDE, HUMAN):
            self.phase = DECIDE if asked.player in self.held else AI_DECIDE
        elif asked is None and self.phase in (DECIDE, AI_DECIDE):
            self.phase = AI_THINK if self.is_ai_turn else SENT

    def start_ai(self) -> None:
        """Nothing to start: the other seat's turn comes from the server."""

    def save(self) -> None:
        """The server keeps the game's record after every turn."""

    def close(self) -> None:
        super().close()
        self.link.stop()

    # ------------------------------------------------------- turns from afar
    def poll_ai(self) -> Move | None:
        """The next turn the server announced, once it is another seat's: its tile glides in."""
        if self.phase != AI_THINK or not self.arrived:
            return None
        moves = [t for t in self._turns(self.arrived[0]) if isinstance(t, Move)]
        if not moves:  # only discards: nothing to glide
            self.phase = AI_GLIDE
            return None
        self.phase, self.ai_move = AI_GLIDE, moves[0]
        return moves[0]

    def land_ai(self) -> list[ScoreEvent]:
        if self.phase != AI_GLIDE or not self.arrived:
            return []
        self.ai_move = None
        return self._land(self.arrived.popleft())

    def _land(self, message: dict[str, Any]) -> list[ScoreEvent]:
        """Play an announced turn on this copy (the engine checks it); its score events."""
        game = self.game
        n = len(game.events)
        try:
            self.table.apply(message)
        except Desync as exc:
            log.warning("the server's turn does not fit this copy (%s): asking for the whole game", exc)
            self.link.send({"type": "sync"})
        finally:
            tidy_table(self.table)
        for turn in reversed(game.history):
            if isinstance(turn, Move):
                self.last_placed = (turn.x, turn.y)
                break
        self.phase = ANIMATING
        self.told, self.sent = (None, None, False), None
        self.draw()
        return game.events[n:]

    @staticmethod
    def _turns(message: dict[str, Any]) -> list[Any]:
        try:
            return [turn_from_wire(t) for t in message.get("turns", [])]
        except ProtocolError:
            return []

    def poll_table(self) -> list[ScoreEvent] | None:
        """Take in what the server sent since the last frame; this screen's move once the
        server has played it (its score events), else None."""
        messages = self.link.poll()
        self.heard = len(messages)
        for message in messages:
            try:
                self._take(message)
            except Exception:  # noqa: BLE001 - a malformed message from the server is dropped, never fatal
                log.exception("a message from the server could not be taken in: %.200r", message)
                self.link.send({"type": "sync"})
        if self.resynced:
            self.resynced = False
            self.phase = ANIMATING
            self.draw()
            return []
        if not self.arrived or self.arrived[0].get("at") != self.game.turn_number:
            while self.arrived and self.arrived[0].get("at", 0) < self.game.turn_number:
                self.arrived.popleft()  # already in a whole-game state taken since
            return None
        if self.phase in (SENT, DECIDE, AI_DECIDE) and self.sent is not None:
            played = next((t for t in self._turns(self.arrived[0]) if isinstance(t, Move)), None)
            if played is not None and played._replace(decisions=()) == self.sent._replace(decisions=()):
                return self._land(self.arrived.popleft())  # (with the decisions made meanwhile)
        if self.phase in (SENT, HUMAN, HANDOVER, DECIDE, AI_DECIDE):
            # the turn was played for this seat: its timer ran out (or the host handed it over)
            self.steps.pick_up()
            self.sent = None
            self.phase = AI_THINK
        return None

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "turn":
            if isinstance(message.get("at"), int) and isinstance(message.get("turns"), list):
                self.arrived.append(message)
            return
        if kind == "error":
            self.notices.append(refusal_words(message))
            if self.phase == SENT:
                self.phase, self.sent = HUMAN, None
            return
        if kind == "link" and message.get("status") == FAILED:
            self.notices.append(_("The connection to the game is lost: {reason}").format(
                reason=refusal_words(message)))
            return
        seat = message.get("seat")
        if kind == "timeout" and isinstance(seat, int) and 0 <= seat < len(self.seats) and self.table.game:
            # (told before its turn: the turn it plays is the one after those the table has)
            self.timed_out.add(self.table.game.turn_number + 1)
            self.notices.append(_("Time ran out: the computer played for {name}.").format(name=self.seats[seat].name))
        try:
            self.table.apply(message)
        except Desync:
            self.link.send({"type": "sync"})
            return
        finally:
            tidy_table(self.table)
        if kind == "state":
            self._merge_state()
        elif kind == "seats":
            self.seats[:] = table_seats(self.table) or self.seats
        elif kind == "pending":
            self._follow_decision()

    def _merge_state(self) -> None:
        """A whole-game state (after a reconnection): bring the copy the screen shows up to it."""
        new, shown = self.table.game, self.game
        if new is None or new is shown:
            return
        before = shown.turn_number
        if new.history[:before] != shown.history:
            log.error("the server's game differs from the one shown; showing what was known")
            self.notices.append(_("This game's server tells another story: leave the game and open it again."))
            self.table.game = shown
            return
        try:
            apply_turns(shown, new.history[before:], self.table.tile, finished=new.finished)
        except Exception as exc:  # noqa: BLE001 - an untrusted server's state: say it, never crash
            log.error("the server's state could not be taken in: %s", exc)
            self.notices.append(_("This game's server tells another story: leave the game and open it again."))
        self.table.game = shown
        self.seats[:] = table_seats(self.table) or self.seats
        if shown.turn_number != before or self.phase == SENT:
            self.told, self.sent = (None, None, False), None
            self.resynced = True

    # ------------------------------------------------------- this screen's steps
    def place(self, x: int, y: int, rotation: int | None = None) -> Any:
        reason = super().place(x, y, rotation)
        self._tell()
        return reason

    def rotate(self, step: int = 1) -> None:
        super().rotate(step)
        self._tell()

    def pick_up(self) -> None:
        super().pick_up()
        self._tell()

    def put(self, step: FigureStep | None) -> Any:
        reason = super().put(step)
        self._tell()
        return reason

    def decline_follower(self) -> None:
        super().decline_follower()
        self._tell()

    def undo(self) -> bool:
        done = super().undo()
        self._tell()
        return done

    def _tell(self) -> None:
        """Bring the server's copy of the turn in progress to this screen's (the others see it)."""
        if self.phase != HUMAN:
            return
        pending, figure, declined = self.told
        want = (self.pending, self.figure, self.declined)
        if want == self.told:
            return
        if want[0] is None:
            for _step in range(int(declined) + int(figure is not None) + int(pending is not None)):
                self.link.send({"type": "undo"})
        else:
            p = want[0]
            if pending != p:
                lay: dict[str, Any] = {"type": "lay", "x": p.x, "y": p.y, "rotation": p.rotation}
                if self.game.holds_tiles:  # which tile of the hand
                    lay["tile"] = p.tile
                self.link.send(lay)
                figure, declined = None, False
            if figure != want[1] or (declined and not want[2]):
                self.link.send(figure_message(want[1]))
            if want[2] and not declined:
                self.link.send({"type": "no_follower"})
        self.told = want

    def confirm(self, skip_follower: bool = False) -> list[ScoreEvent] | None:
        """Send the whole move (checked here first); it is played when the server answers."""
        if self.pending is None:
            return super().confirm(skip_follower)  # (raises: place the tile first)
        move = self.pending.with_figure(None if skip_follower else self.figure)
        asks = self.game.decision(move) is not None  # (the server lays it and asks the decisions)
        reason = self.game.why_not(move) if not asks else None
        if reason is not None:
            self.notices.append(str(reason))
            return None
        if not self.link.send(play_message(move, self.game.turn_number, held=self.game.holds_tiles)):
            self.notices.append(_("Not connected right now: confirm again once the connection is back."))
            return None
        self.sent, self.phase = move, SENT
        return None
