"""The turn controller: the game's turns, step by step and phase by phase, through the engine only.

It holds what the player has done so far and not yet confirmed (the drawn tile,
its rotation, a placement on the board, a follower) and checks every step with the
engine's ``why_not_*`` questions, so the reasons shown are the engine's own words.

It also knows where the table is in the turn (:attr:`TurnController.phase`):

- ``handover``: a person's turn after another person's, waiting for the mouse to
  go to the next person (hot-seat; the drawn tile stays hidden);
- ``human``: a person places the tile, then maybe a follower, then confirms;
- ``ai-think``: a computer player thinks in its worker thread;
- ``ai-glide``: it has decided, and its tile is on its way to the board;
- ``animating``: the turn is played and its scoring is shown;
- ``over``: no tile is left; ``ai-failed``: a computer player broke (the error is
  logged and shown, never replaced by another move).

It knows nothing of pygame: the Play scene shows it and animates between the
phases, and tests drive it directly. A game played through a server is driven through
the same interface (:class:`~carcassonne.app.network.net_turn.NetworkTurnController`), so the
Play scene does not know whether its game is local or remote.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ...ai import Bot
from ...engine import Decision, Game, IllegalMoveError, Move, Placement, ScoreEvent
from ...engine.errors import Reason
from ...engine.events import FigureAt
from ...engine.figures import FOLLOWER, FigureStep
from ...engine.record import GameRecord, Seat
from ...engine.steps import TurnSteps
from .players import Thinker, make_bot

ROTATIONS = (0, 90, 180, 270)
HANDOVER, HUMAN, AI_THINK, AI_GLIDE, ANIMATING, OVER, AI_FAILED = (
    "handover", "human", "ai-think", "ai-glide", "animating", "over", "ai-failed")
#: A decision the rules ask of a person (perhaps not the player to move), and of a computer.
DECIDE, AI_DECIDE = "decide", "ai-decide"

log = logging.getLogger(__name__)


class AIError(RuntimeError):
    """A computer player raised or chose an illegal move: the game cannot go on with it."""


class TurnController:
    """Drives turns for human and AI seats, from the first draw to the last tile.

    The turn in progress is a :class:`~carcassonne.engine.steps.TurnSteps` (the server's
    rooms keep theirs in one too): lay, figure, decline, decide, undo and confirm are written
    once, checked by the engine.
    """

    def __init__(self, game: Game, seats: list[Seat],
                 autosave: Callable[[GameRecord], None] | None = None, hints: list[int] | None = None) -> None:
        self.game = game
        self.seats = seats
        self.autosave = autosave
        #: Hints each player asked for so far (kept in the saves, shown on the results).
        self.hints_used = list(hints) if hints and len(hints) == len(seats) else [0] * len(seats)
        self.phase = HUMAN
        self.tile: str | None = None
        self.rotation = 0
        #: The turn's steps so far: the tile laid, the figure step, the decisions.
        self.steps = TurnSteps(game)
        self.last_placed: tuple[int, int] | None = None
        self._legal_cache: dict[tuple[str, int], dict[int, set[tuple[int, int]]]] = {}
        self._preview_cache: dict[tuple[Placement, str], list[tuple[int, int]]] = {}
        self._steps_cache: dict[Placement, list[FigureStep]] = {}
        self._tab_index = -1
        self._previous_human: int | None = None
        #: Whom the hand-over card waits for (the player to move, or a person asked a decision).
        self.handing_to: int | None = None
        #: The turns (numbered from 1) a computer played for a person whose turn timer ran out
        #: (a network game's; the move log says so).
        self.timed_out: set[int] = set()
        self.bots: dict[int, Bot] = {}
        for i, seat in enumerate(seats):
            if seat.is_ai:
                seed = None if game.seed is None else game.seed * 7 + i
                self.bots[i] = make_bot(seat.ai_level or "normal", seed)
        self.thinker = Thinker()
        self.future: Future[Move] | None = None
        #: A computer's answer to a decision, on its way (phase ``ai-decide``).
        self.decision_future: Future[Any] | None = None
        #: The computer's decided move while it glides to the board (phase ``ai-glide``).
        self.ai_move: Move | None = None
        self.last_placed = self._find_last_placed()
        self.draw()

    # ------------------------------------------------------------- queries
    @property
    def player(self) -> int:
        return self.game.current

    @property
    def seat(self) -> Seat:
        return self.seats[self.game.current]

    @property
    def pending(self) -> Placement | None:
        """Where the tile lies for now, not yet confirmed."""
        return self.steps.pending

    @property
    def figure(self) -> FigureStep | None:
        """The figure step chosen for the pending tile (a follower, another kind, an action)."""
        return self.steps.figure

    @property
    def moving(self) -> Move | None:
        """The turn's move not yet played: its tile laid, its figure step and the decisions
        made so far (what the board draws the neutral figures by); None before the tile lies."""
        return self.steps.move

    @property
    def declined(self) -> bool:
        """The player said "no follower" for the pending tile (the turn is not over yet)."""
        return self.steps.declined

    @property
    def is_ai_turn(self) -> bool:
        return self.game.current in self.bots and self.tile is not None

    @property
    def bonus_turn(self) -> bool:
        """The player to move filled a hole with their last tile and plays again (house rule)."""
        game = self.game
        last = game.history[-1] if game.history else None
        return game.rules.hole_bonus and isinstance(last, Move) and game.fills_hole(last.x, last.y)

    @property
    def network(self) -> Any:
        """The link to the game's server (None: the whole game is at this screen)."""
        return None

    @property
    def hints_allowed(self) -> bool:
        """Whether hints may be asked for in this game (a network game's host decides)."""
        return True

    @property
    def aids_allowed(self) -> bool:
        """Whether this game shows any aid at all (a rated network game shows none)."""
        return True

    @property
    def pending_elsewhere(self) -> tuple[Placement, FigureStep | None] | None:
        """The tile (and figure) the player to move has laid on another screen and not yet
        confirmed, for this screen to show; None at one screen."""
        return None

    def poll_table(self) -> list[ScoreEvent] | None:
        """Called every frame: this screen's move once the table has played it (its score
        events), else None. A local game plays a confirmed move at once (:meth:`confirm`),
        or once the decisions it asks are made (a computer's answer is taken here)."""
        self.poll_decision()
        return self.take_played()

    @property
    def over(self) -> bool:
        return self.tile is None

    @property
    def watching(self) -> bool:
        """This screen only watches (a network game's spectator): it holds no seat."""
        return False

    @property
    def can_act(self) -> bool:
        """A person may place, turn, undo and confirm now."""
        return self.phase == HUMAN and self.tile is not None

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    @property
    def own_seats(self) -> frozenset[int]:
        """The seats whose hidden tiles this screen always shows (a network game's own seats;
        at one screen none: the mouse goes from player to player)."""
        return frozenset()

    def legal_cells(self, rotation: int | None = None) -> set[tuple[int, int]]:
        """Squares where the drawn tile fits in ``rotation`` (default: the one it is turned to)."""
        if self.tile is None:
            return set()
        rotation = self.rotation if rotation is None else rotation
        key = (self.tile, self.game.turn_number)
        by_rotation = self._legal_cache.get(key)
        if by_rotation is None:
            by_rotation = {r: set() for r in ROTATIONS}
            for p in self.game.legal_placements(self.tile):
                by_rotation[p.rotation].add((p.x, p.y))
            self._legal_cache = {key: by_rotation}
        return by_rotation[rotation]

    def legal_rotations_at(self, x: int, y: int) -> list[int]:
        if self.tile is None:
            return []
        return [r for r in ROTATIONS
                if self.game.why_not_placement(Placement(self.tile, x, y, r)) is None]

    def figure_steps(self) -> list[FigureStep]:
        """Every figure step open on the pending tile: followers, the expansions' figures, actions."""
        if self.pending is None:
            return []
        found = self._steps_cache.get(self.pending)
        if found is None:
            found = self.game.figure_steps(self.pending)
            self._steps_cache = {self.pending: found}
        return found

    def places_of(self, kind: str) -> list[str]:
        """The places of the pending tile a figure of ``kind`` may go on now."""
        return [s.place for s in self.figure_steps() if s.kind == kind and not s.action]

    def spots(self) -> list[str]:
        """Follower places open on the pending tile."""
        return self.places_of(FOLLOWER.name)

    def actions(self) -> list[FigureStep]:
        """What may be done instead of placing a figure on the pending tile (an action step)."""
        return [s for s in self.figure_steps() if s.action]

    def figure_out(self, player: int, kind: str) -> FigureAt | None:
        """Where ``player``'s figure of ``kind`` (one a player has a single of) stands on the
        board; None while it is at home, or when no such kind is in play."""
        if kind not in self.game.placed:
            return None
        return next((f for f in self.game.figures_on_board() if f.player == player and f.kind == kind), None)

    # -- The tiles a player holds: the one drawn, or any of several (an expansion's)
    @property
    def hand(self) -> tuple[str, ...]:
        """The tiles the player to move may play: those they hold, or the one tile drawn."""
        if self.tile is None:
            return ()
        return self.game.held() if self.game.holds_tiles else (self.tile,)

    def choose(self, tile: str) -> bool:
        """Take ``tile`` of those held as the tile to play (the one laid, if any, goes back
        among them); False if it is not held or already chosen."""
        if tile == self.tile or tile not in self.hand or not self.can_act:
            return False
        self.tile = tile
        self.steps.reset(tile)
        self.rotation = next((r for r in ROTATIONS if self.legal_cells(r)), 0)
        return True

    def action_points(self, step: FigureStep | None = None) -> int | None:
        """What the action ``step`` (default: the one taken) scores with the pending tile as it
        lies; None if it cannot be taken."""
        step = step or self.figure
        if step is None or not step.action or self.pending is None or step not in self.figure_steps():
            return None
        trial = self.game.copy()
        n = len(trial.events)
        trial.push(self.pending.with_figure(step))
        return trial.events[n].points if len(trial.events) > n else 0

    def open_risk(self) -> tuple[str, frozenset[str]] | None:
        """The feature the standing figure joins, if it stays open after this turn: its kind
        and marks (an expansion says what such a feature risks left open); None if no figure
        stands on the pending tile or the feature completes."""
        p, step = self.pending, self.figure
        if p is None or step is None or step.action:
            return None
        trial = self.game.copy()
        try:
            trial.push(p.with_figure(None))
            feature = trial.feature_at(p.x, p.y, step.place)
        except (KeyError, IndexError, IllegalMoveError):
            return None
        return None if feature.complete else (feature.kind, feature.marks)

    def feature_preview(self, spot: str) -> list[tuple[int, int]]:
        """Tiles of the whole feature a follower on ``spot`` would join (for highlighting)."""
        if self.pending is None:
            return []
        key = (self.pending, spot)
        tiles = self._preview_cache.get(key)
        if tiles is None:
            trial = self.game.copy()
            try:
                trial.push(self.pending.with_figure(None))
                tiles = trial.feature_tiles(self.pending.x, self.pending.y, spot)
            except (KeyError, IndexError, IllegalMoveError):
                tiles = [(self.pending.x, self.pending.y)]
            if len(self._preview_cache) > 32:
                self._preview_cache.clear()
            self._preview_cache[key] = tiles
        return tiles

    # ------------------------------------------------------------ decisions
    def decision(self) -> Decision | None:
        """The decision the turn waits for (who decides, among what), or None."""
        return self.steps.decision()

    @property
    def decider(self) -> int | None:
        """Who is asked to decide now (phases ``decide`` and ``ai-decide``, or a hand-over to them)."""
        asked = self.decision() if self.phase in (DECIDE, AI_DECIDE, HANDOVER) else None
        return None if asked is None else asked.player

    def decide(self, choice: Any) -> Reason | None:
        """The person asked answers with ``choice`` (a square or a place among the options);
        the engine's reason if it is not one. Once nothing more is asked the move is played
        (:meth:`poll_table` returns its events)."""
        if self.phase != DECIDE:
            return Reason("nothing is to be decided now", "no-decision")
        asked = self.decision()
        reason = self.steps.decide(choice, None if asked is None else asked.player)
        if reason is None:
            self._ask_next()
        return reason

    def _ask_next(self) -> None:
        """Go on after a step of the decisions: the next one asked (of a computer, or a person,
        perhaps after a hand-over), or the move played once none is left."""
        asked = self.decision()
        move = self.steps.move
        assert move is not None
        if asked is None:
            self._played = self._play(move)
            return
        if asked.player in self.bots:
            self.phase = AI_DECIDE
            self.decision_future = self.thinker.decide(self.bots[asked.player], self.game, move, asked)
        elif len(self.human_seats) >= 2 and self._previous_human != asked.player:
            self.phase, self.handing_to = HANDOVER, asked.player
        else:
            self.phase = DECIDE
            self._previous_human = asked.player

    def poll_decision(self) -> None:
        """Called every frame: a computer's answer to a decision, once it has one (a bad
        answer stops the game in ``ai-failed``, as a bad move does)."""
        if self.phase != AI_DECIDE or self.decision_future is None or not self.decision_future.done():
            return
        future, self.decision_future = self.decision_future, None
        asked = self.decision()
        name = self.seats[asked.player].name if asked is not None else self.seat.name
        try:
            choice = future.result()
        except Exception as exc:  # noqa: BLE001 - any bug in a bot is reported, not swallowed
            self.phase = AI_FAILED
            log.exception("computer player %s failed to decide on turn %d", name, self.game.turn_number + 1)
            raise AIError(f"{name} (computer) failed: {type(exc).__name__}: {exc}") from exc
        reason = self.steps.decide(choice, None if asked is None else asked.player)
        if reason is not None:
            self.phase = AI_FAILED
            log.error("computer player %s chose an illegal decision %r: %s", name, choice, reason)
            raise AIError(f"{name} (computer) chose an illegal decision: {reason}")
        self._ask_next()

    def take_played(self) -> list[ScoreEvent] | None:
        """The events of the move the decisions just completed (once), else None."""
        events, self._played = self._played, None
        return events

    _played: list[ScoreEvent] | None = None

    # -------------------------------------------------------------- phases
    def begin_turn(self, first: bool = False) -> str:
        """Enter the next turn's first phase: ``over``, ``ai-think`` (the bot starts thinking),
        ``handover`` (another person's turn in a hot-seat game) or ``human``."""
        self._tab_index = -1
        self.handing_to = None
        if self.over:
            self.phase = OVER
        elif self.is_ai_turn:
            self.phase = AI_THINK
            self.start_ai()
        else:
            current = self.player
            changed = first or self._previous_human != current
            self.phase = HANDOVER if len(self.human_seats) >= 2 and changed else HUMAN
            self.handing_to = current if self.phase == HANDOVER else None
            self._previous_human = current
        return self.phase

    def accept_handover(self) -> bool:
        """The next person has the mouse: their turn (or their decision) starts (False if not handing over)."""
        if self.phase != HANDOVER:
            return False
        to, self.handing_to = self.handing_to, None
        if self.decision() is not None:
            self.phase = DECIDE
            self._previous_human = to
        else:
            self.phase = HUMAN
        return True

    def poll_ai(self) -> Move | None:
        """The computer's move once it has decided, checked by the engine; the phase becomes
        ``ai-glide`` until :meth:`land_ai`. Raises :class:`AIError` (and logs it) if the bot
        failed: the game stops in ``ai-failed`` rather than playing a move nobody chose."""
        if self.phase != AI_THINK or self.future is None or not self.future.done():
            return None
        future, self.future = self.future, None
        name = self.seat.name
        try:
            move = future.result()
        except Exception as exc:  # noqa: BLE001 - any bug in a bot is reported, not swallowed
            self.phase = AI_FAILED
            log.exception("computer player %s failed on turn %d", name, self.game.turn_number + 1)
            raise AIError(f"{name} (computer) failed: {type(exc).__name__}: {exc}") from exc
        reason = self.game.why_not(move) if self.game.decision(move) is None else (
            self.game.why_not_placement(move.placement) or (
                self.game.why_not_figure(move.placement, move.figure) if move.figure is not None else None))
        if reason is not None:
            self.phase = AI_FAILED
            log.error("computer player %s chose an illegal move %r: %s", name, move, reason)
            raise AIError(f"{name} (computer) chose an illegal move: {reason}")
        self.phase = AI_GLIDE
        self.ai_move = move
        self.tile = move.tile  # (with several tiles held, the one it chose)
        return move

    def land_ai(self) -> list[ScoreEvent]:
        """Play the computer's decided move (its tile has reached the board); a move the
        rules ask decisions of lies there while they are made (:meth:`take_played`)."""
        if self.phase != AI_GLIDE or self.ai_move is None:
            return []
        move, self.ai_move = self.ai_move, None
        if self.game.decision(move) is not None:
            self.steps.reset(move.tile)
            self.steps.lay(move.placement)
            self.steps.put(move.figure)
            self._ask_next()
            return self.take_played() or []
        return self._play(move)

    # -------------------------------------------------------------- steps
    def draw(self) -> str | None:
        """Draw the next tile (the engine discards unplaceable ones); None when the deck is empty."""
        self.tile = self.game.draw()  # (with several tiles held, the first that fits: :meth:`choose` another)
        self.rotation = 0
        self.steps.reset(self.tile)
        if self.tile is not None and self.game.current not in self.bots:
            # start the tile in a rotation that fits somewhere, if rotation 0 does not
            for r in ROTATIONS:
                if self.legal_cells(r):
                    self.rotation = r
                    break
        return self.tile

    def rotate(self, step: int = 1) -> None:
        """Turn the tile: in the hand slot freely; on the board, to the next rotation that fits there."""
        if self.tile is None:
            return
        if self.pending is None:
            self.rotation = (self.rotation + 90 * step) % 360
            return
        p = self.pending
        fits = self.legal_rotations_at(p.x, p.y)
        if len(fits) <= 1:
            return
        order = sorted(fits, key=lambda r: ((r - p.rotation) * step) % 360)
        new = order[1]
        self.steps.lay(Placement(p.tile, p.x, p.y, new))
        self.rotation = new

    def why_not_at(self, x: int, y: int, rotation: int | None = None) -> Reason | None:
        if self.tile is None:
            return Reason("the game is over", "game-over")
        rotation = self.rotation if rotation is None else rotation
        return self.game.why_not_placement(Placement(self.tile, x, y, rotation))

    def place(self, x: int, y: int, rotation: int | None = None) -> Reason | None:
        """Lay the tile at (x, y) for now; returns why not if it does not fit."""
        if self.tile is None:
            return Reason("the game is over", "game-over")
        rotation = self.rotation if rotation is None else rotation
        reason = self.steps.lay(Placement(self.tile, x, y, rotation))
        if reason is None:
            self.rotation = rotation
        return reason

    def place_next(self, step: int = 1) -> Placement | None:
        """Put the tile on the next (``step`` -1: previous) legal placement, in board order
        (keyboard play, Tab); None if it fits nowhere."""
        if self.tile is None:
            return None
        placements = self.tab_placements()
        if not placements:
            return None
        self._tab_index = (self._tab_index + step) % len(placements)
        p = placements[self._tab_index]
        self.place(p.x, p.y, p.rotation)
        return p

    def tab_placements(self) -> list[Placement]:
        """The placements Tab walks through, in board order: every legal one."""
        assert self.tile is not None
        return sorted(self.game.legal_placements(self.tile))

    def pick_up(self) -> None:
        """Take the pending tile back into the hand slot (keeps its rotation)."""
        self.steps.pick_up()

    def put(self, step: FigureStep | None) -> Reason | None:
        """Take the figure step ``step`` on the pending tile (None: the figure back to the
        supply); returns the engine's reason if it may not be taken."""
        return self.steps.put(step)

    def put_follower(self, spot: str | None) -> Reason | None:
        """Stand an ordinary follower on ``spot`` of the pending tile (None: back to the supply)."""
        return self.put(None if spot is None else FigureStep(FOLLOWER.name, spot))

    def next_figure(self) -> FigureStep | None:
        """Move the figure to the next open place of the pending tile (a follower's first, then
        the other kinds'), then back to the supply (keyboard play, F); returns what stands now."""
        options: list[FigureStep | None] = [*(s for s in self.figure_steps() if not s.action), None]
        i = options.index(self.figure) if self.figure in options else -1
        self.put(options[(i + 1) % len(options)])
        return self.figure

    def decline_follower(self) -> None:
        """No figure on the pending tile: the one standing there goes back to the supply."""
        self.steps.decline()

    def undo(self) -> bool:
        """Take back the last step of this turn ("no follower" or the figure, then placement)."""
        return self.steps.undo()

    def confirm(self, skip_follower: bool = False) -> list[ScoreEvent] | None:
        """End the turn: play the pending move through the engine, autosave, draw the next tile
        (a network game sends it instead and returns None: :meth:`poll_table` plays it). A move
        the rules ask decisions of waits for them (None; :meth:`take_played` gives its events)."""
        if self.pending is None:
            raise IllegalMoveError("place the tile first")
        if skip_follower:
            self.steps.decline()
        if self.decision() is not None:
            self._ask_next()
            return self.take_played()
        move = self.steps.move
        assert move is not None
        return self._play(move)

    def _play(self, move: Move) -> list[ScoreEvent]:
        events = self.game.play(move)
        self.last_placed = (move.x, move.y)
        self.phase = ANIMATING
        self.save()
        self.draw()
        return events

    def save(self) -> None:
        if self.autosave is not None:
            self.autosave(self.record())

    def record(self) -> GameRecord:
        record = GameRecord.from_game(self.game, self.seats)
        record.hints = list(self.hints_used)
        return record

    # ---------------------------------------------------------------- AI
    def start_ai(self) -> None:
        if self.future is None and self.is_ai_turn:
            self.future = self.thinker.ask(self.bots[self.game.current], self.game)

    def close(self) -> None:
        self.thinker.close()

    # ------------------------------------------------------------ helpers
    def _find_last_placed(self) -> tuple[int, int] | None:
        for turn in reversed(self.game.history):
            if isinstance(turn, Move):
                return (turn.x, turn.y)
        return None
