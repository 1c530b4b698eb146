"""The turn controller: the game's turns, step by step and phase by phase, through the engine only.

It holds what the player has done so far and not yet confirmed (the drawn tile,
its rotation, a placement on the board, a follower) and checks every step with the
engine's ``why_not_*`` questions, so the reasons shown are the engine's own words.

It also knows where the table is in the turn (:attr:`TurnController.phase`):

- ``handover``: a person's turn after another person's, waiting for the mouse to
  change hands (hot-seat; the drawn tile stays hidden);
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
from ...engine import Game, IllegalMoveError, Move, Placement, ScoreEvent
from ...engine.errors import Reason
from ...engine.events import FollowerAt
from ...engine.modules.abbot import BACK, PLACE_OF, abbot_at
from ...engine.modules.inns_cathedrals import BIG, big_at, is_big
from ...engine.record import GameRecord, Seat
from .players import Thinker, make_bot

ROTATIONS = (0, 90, 180, 270)
HANDOVER, HUMAN, AI_THINK, AI_GLIDE, ANIMATING, OVER, AI_FAILED = (
    "handover", "human", "ai-think", "ai-glide", "animating", "over", "ai-failed")

log = logging.getLogger(__name__)


class AIError(RuntimeError):
    """A computer player raised or chose an illegal move: the game cannot go on with it."""


class TurnController:
    """Drives turns for human and AI seats, from the first draw to the last tile."""

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
        self.pending: Placement | None = None
        self.follower: str | None = None
        #: The player said "no follower" for the pending tile (the turn is not over yet).
        self.declined = False
        self.last_placed: tuple[int, int] | None = None
        self._legal_cache: dict[tuple[str, int], dict[int, set[tuple[int, int]]]] = {}
        self._preview_cache: dict[tuple[Placement, str], list[tuple[int, int]]] = {}
        self._spots_cache: dict[Placement, list[str]] = {}
        self._tab_index = -1
        self._previous_human: int | None = None
        self.bots: dict[int, Bot] = {}
        for i, seat in enumerate(seats):
            if seat.is_ai:
                seed = None if game.seed is None else game.seed * 7 + i
                self.bots[i] = make_bot(seat.ai_level or "normal", seed)
        self.thinker = Thinker()
        self.future: Future[Move] | None = None
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
    def pending_elsewhere(self) -> tuple[Placement, str | None] | None:
        """The tile (and follower) the player to move has laid on another screen and not yet
        confirmed, for this screen to show; None at one screen."""
        return None

    def poll_table(self) -> list[ScoreEvent] | None:
        """Called every frame: this screen's move once the table has played it (its score
        events), else None. A local game plays a confirmed move at once (:meth:`confirm`)."""
        return None

    @property
    def over(self) -> bool:
        return self.tile is None

    @property
    def can_act(self) -> bool:
        """A person may place, turn, undo and confirm now."""
        return self.phase == HUMAN and self.tile is not None

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def legal_cells(self, rotation: int | None = None) -> set[tuple[int, int]]:
        """Squares where the drawn tile fits in ``rotation`` (default: the hand's)."""
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

    def spots(self) -> list[str]:
        """Follower places open on the pending tile."""
        if self.pending is None:
            return []
        found = self._spots_cache.get(self.pending)
        if found is None:
            found = self.game.follower_spots(self.pending)
            self._spots_cache = {self.pending: found}
        return found

    # -- A hand of tiles (house rule; engine/modules/hand.py): the player picks the tile to play
    @property
    def hand(self) -> tuple[str, ...]:
        """The tiles the player to move may play: their hand, or the one tile drawn."""
        if self.tile is None:
            return ()
        return self.game.hand() if self.game.rules.hand > 1 else (self.tile,)

    def choose(self, tile: str) -> bool:
        """Take ``tile`` of the hand as the tile to play (the one laid, if any, goes back to
        the hand); False if it is not in the hand or already chosen."""
        if tile == self.tile or tile not in self.hand or not self.can_act:
            return False
        self.tile = tile
        self.pick_up()
        self.rotation = next((r for r in ROTATIONS if self.legal_cells(r)), 0)
        return True

    # -- Inns & Cathedrals: the big follower's places (engine/modules/inns_cathedrals.py)
    def big_places(self) -> list[str]:
        """Where the player's big follower may go on the pending tile, as the follower step
        names it (``big:city:N``): a follower's places, even with none of the 7 left; none
        while it is on the board, without Inns & Cathedrals, or before the tile is laid."""
        if self.pending is None:
            return []
        return [spot for spot in self.game.extra_places(self.pending) if is_big(spot)]

    def big_spots(self) -> list[str]:
        """The big follower's places on the pending tile as the tile names them (``city:N``)."""
        return [spot.removeprefix(BIG) for spot in self.big_places()]

    def big_out(self, player: int) -> FollowerAt | None:
        """Where ``player``'s big follower stands on the board (None: at home, or no Inns & Cathedrals)."""
        return big_at(self.game, player)

    # -- The Abbot: its places on the pending tile, and taking it back (engine/modules/abbot.py)
    def abbot_places(self) -> list[str]:
        """Where the player's abbot may go on the pending tile (``abbot:cloister``,
        ``abbot:garden``): none while it is on the board or before the tile is laid."""
        if self.pending is None:
            return []
        return [spot for spot in self.game.extra_places(self.pending) if spot in PLACE_OF]

    @property
    def can_take_back(self) -> bool:
        """The player's abbot is on the board and the tile is laid: it may come home this turn."""
        return self.pending is not None and BACK in self.game.extra_actions(self.pending)

    def abbot_out(self, player: int) -> FollowerAt | None:
        """Where ``player``'s abbot stands on the board (None: at home, or no Abbot in this game)."""
        return abbot_at(self.game, player)

    def take_back_points(self) -> int | None:
        """What the abbot would score if taken back with the pending tile as it lies (the tile
        may be one of its neighbours); None if it cannot be taken back now."""
        if not self.can_take_back or self.pending is None:
            return None
        trial = self.game.copy()
        n = len(trial.events)
        trial.push(self.pending.with_follower(BACK))
        return trial.events[n].points if len(trial.events) > n else 0

    def take_back(self) -> Reason | None:
        """Take the abbot back this turn (instead of placing a figure): the engine's reason if not."""
        return self.put_follower(BACK)

    def open_risk(self) -> tuple[str, bool, bool] | None:
        """The feature the standing follower (or big follower) joins, if it stays open after this
        turn: its kind, inn and cathedral (Inns & Cathedrals: left open, such a feature scores
        nothing at the end); None if no figure stands on the pending tile or it completes."""
        p, spot = self.pending, (self.follower or "").removeprefix(BIG)
        if p is None or not self.follower or not self.game.rules.inns_cathedrals:
            return None
        trial = self.game.copy()
        try:
            trial.push(p.with_follower(None))
            feature = trial.feature_at(p.x, p.y, spot)
        except (KeyError, IndexError, IllegalMoveError):
            return None
        return None if feature.complete else (feature.kind, feature.inn, feature.cathedral)

    def feature_preview(self, spot: str) -> list[tuple[int, int]]:
        """Tiles of the whole feature a follower on ``spot`` would join (for highlighting)."""
        if self.pending is None:
            return []
        key = (self.pending, spot)
        tiles = self._preview_cache.get(key)
        if tiles is None:
            trial = self.game.copy()
            try:
                trial.push(self.pending.with_follower(None))
                tiles = trial.feature_tiles(self.pending.x, self.pending.y, spot)
            except (KeyError, IndexError, IllegalMoveError):
                tiles = [(self.pending.x, self.pending.y)]
            if len(self._preview_cache) > 32:
                self._preview_cache.clear()
            self._preview_cache[key] = tiles
        return tiles

    # -------------------------------------------------------------- phases
    def begin_turn(self, first: bool = False) -> str:
        """Enter the next turn's first phase: ``over``, ``ai-think`` (the bot starts thinking),
        ``handover`` (another person's turn in a hot-seat game) or ``human``."""
        self._tab_index = -1
        if self.over:
            self.phase = OVER
        elif self.is_ai_turn:
            self.phase = AI_THINK
            self.start_ai()
        else:
            current = self.player
            changed = first or self._previous_human != current
            self.phase = HANDOVER if len(self.human_seats) >= 2 and changed else HUMAN
            self._previous_human = current
        return self.phase

    def accept_handover(self) -> bool:
        """The next person has the mouse: their turn starts (False if not handing over)."""
        if self.phase != HANDOVER:
            return False
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
        reason = self.game.why_not(move)
        if reason is not None:
            self.phase = AI_FAILED
            log.error("computer player %s chose an illegal move %r: %s", name, move, reason)
            raise AIError(f"{name} (computer) chose an illegal move: {reason}")
        self.phase = AI_GLIDE
        self.ai_move = move
        self.tile = move.tile  # (with a hand of tiles, the one it chose)
        return move

    def land_ai(self) -> list[ScoreEvent]:
        """Play the computer's decided move (its tile has reached the board)."""
        if self.phase != AI_GLIDE or self.ai_move is None:
            return []
        move, self.ai_move = self.ai_move, None
        return self._play(move)

    # -------------------------------------------------------------- steps
    def draw(self) -> str | None:
        """Draw the next tile (the engine discards unplaceable ones); None when the deck is empty."""
        self.tile = self.game.draw()  # (with a hand of tiles, its first that fits: :meth:`choose` another)
        self.rotation = 0
        self.pending = None
        self.follower = None
        self.declined = False
        if self.tile is not None and self.game.current not in self.bots:
            # start the hand in a rotation that fits somewhere, if rotation 0 does not
            for r in ROTATIONS:
                if self.legal_cells(r):
                    self.rotation = r
                    break
        return self.tile

    def rotate(self, step: int = 1) -> None:
        """Turn the tile: in the hand freely; on the board, to the next rotation that fits there."""
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
        self.pending = Placement(p.tile, p.x, p.y, new)
        self.rotation = new
        self.follower = None

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
        reason = self.why_not_at(x, y, rotation)
        if reason is None:
            self.pending = Placement(self.tile, x, y, rotation)
            self.rotation = rotation
            self.follower, self.declined = None, False
        return reason

    def place_next(self, step: int = 1) -> Placement | None:
        """Put the tile on the next (``step`` -1: previous) legal placement, in board order
        (keyboard play, Tab); None if it fits nowhere."""
        if self.tile is None:
            return None
        placements = sorted(self.game.legal_placements(self.tile))
        if not placements:
            return None
        self._tab_index = (self._tab_index + step) % len(placements)
        p = placements[self._tab_index]
        self.place(p.x, p.y, p.rotation)
        return p

    def pick_up(self) -> None:
        """Take the pending tile back into the hand (keeps its rotation)."""
        self.pending = None
        self.follower, self.declined = None, False

    def put_follower(self, spot: str | None) -> Reason | None:
        """Stand a follower on ``spot`` of the pending tile (None: back to the supply);
        returns the engine's reason if it may not go there."""
        if self.pending is None:
            return Reason("place the tile first", "no-tile-placed")
        if spot is None:
            self.follower = None
            return None
        reason = self.game.why_not_follower(self.pending, spot)
        if reason is None:
            self.follower, self.declined = spot, False
        return reason

    def next_follower(self) -> str | None:
        """Move the follower to the next open place of the pending tile, then back to the
        supply (keyboard play, F); returns where it stands now."""
        options: list[str | None] = [*self.spots(), *self.big_places(), *self.abbot_places(), None]
        i = options.index(self.follower) if self.follower in options else -1
        self.put_follower(options[(i + 1) % len(options)])
        return self.follower

    def decline_follower(self) -> None:
        """No follower on the pending tile: the one standing there goes back to the supply."""
        if self.pending is not None:
            self.follower, self.declined = None, True

    def undo(self) -> bool:
        """Take back the last step of this turn ("no follower" or the follower, then placement)."""
        if self.declined:
            self.declined = False
            return True
        if self.follower is not None:
            self.follower = None
            return True
        if self.pending is not None:
            self.pick_up()
            return True
        return False

    def confirm(self, skip_follower: bool = False) -> list[ScoreEvent] | None:
        """End the turn: play the pending move through the engine, autosave, draw the next tile
        (a network game sends it instead and returns None: :meth:`poll_table` plays it)."""
        if self.pending is None:
            raise IllegalMoveError("place the tile first")
        move = self.pending.with_follower(None if skip_follower else self.follower)
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
