"""The turn controller: one player's turn, step by step, through the engine only.

It holds what the player has done so far and not yet confirmed (the drawn tile,
its rotation, a placement on the board, a follower) and checks every step with the
engine's ``why_not_*`` questions, so the reasons shown are the engine's own words.
It knows nothing of pygame: the Play scene shows it, tests can drive it directly.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Callable

from ..engine import Game, IllegalMoveError, Move, Placement, ScoreEvent
from ..engine.record import GameRecord, Seat
from .players import Bot, Thinker, make_bot

ROTATIONS = (0, 90, 180, 270)


class TurnController:
    """Drives turns for human and AI seats; ``on_turn_end`` gets each turn's score events."""

    def __init__(self, game: Game, seats: list[Seat],
                 autosave: Callable[[GameRecord], None] | None = None) -> None:
        self.game = game
        self.seats = seats
        self.autosave = autosave
        self.tile: str | None = None
        self.rotation = 0
        self.pending: Placement | None = None
        self.follower: str | None = None
        self.last_placed: tuple[int, int] | None = None
        self._legal_cache: dict[tuple[str, int], dict[int, set[tuple[int, int]]]] = {}
        self._preview_cache: dict[tuple[Placement, str], list[tuple[int, int]]] = {}
        self._spots_cache: dict[Placement, list[str]] = {}
        self.bots: dict[int, Bot] = {}
        for i, seat in enumerate(seats):
            if seat.is_ai:
                seed = None if game.seed is None else game.seed * 7 + i
                self.bots[i] = make_bot(seat.ai_level or "normal", seed)
        self.thinker = Thinker()
        self.future: "Future[Move] | None" = None
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
    def over(self) -> bool:
        return self.tile is None

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
        cells = by_rotation[rotation]
        return cells

    def legal_rotations_at(self, x: int, y: int) -> list[int]:
        assert self.tile is not None
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

    # -------------------------------------------------------------- steps
    def draw(self) -> str | None:
        """Draw the next tile (the engine discards unplaceable ones); None when the deck is empty."""
        self.tile = self.game.draw()
        self.rotation = 0
        self.pending = None
        self.follower = None
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

    def why_not_at(self, x: int, y: int, rotation: int | None = None) -> str | None:
        assert self.tile is not None
        rotation = self.rotation if rotation is None else rotation
        return self.game.why_not_placement(Placement(self.tile, x, y, rotation))

    def place(self, x: int, y: int, rotation: int | None = None) -> str | None:
        """Lay the tile at (x, y) for now; returns why not if it does not fit."""
        if self.tile is None:
            return "the game is over"
        rotation = self.rotation if rotation is None else rotation
        reason = self.why_not_at(x, y, rotation)
        if reason is None:
            self.pending = Placement(self.tile, x, y, rotation)
            self.rotation = rotation
            self.follower = None
        return reason

    def pick_up(self) -> None:
        """Take the pending tile back into the hand (keeps its rotation)."""
        self.pending = None
        self.follower = None

    def put_follower(self, spot: str | None) -> str | None:
        if self.pending is None:
            return "place the tile first"
        if spot is None:
            self.follower = None
            return None
        reason = self.game.why_not_follower(self.pending, spot)
        if reason is None:
            self.follower = spot
        return reason

    def undo(self) -> bool:
        """Take back the last step of this turn (follower, then placement)."""
        if self.follower is not None:
            self.follower = None
            return True
        if self.pending is not None:
            self.pick_up()
            return True
        return False

    def confirm(self, skip_follower: bool = False) -> list[ScoreEvent]:
        """End the turn: play the pending move through the engine, autosave, draw the next tile."""
        if self.pending is None:
            raise IllegalMoveError("place the tile first")
        move = self.pending.with_follower(None if skip_follower else self.follower)
        return self._play(move)

    def _play(self, move: Move) -> list[ScoreEvent]:
        events = self.game.play(move)
        self.last_placed = (move.x, move.y)
        self.save()
        self.draw()
        return events

    def save(self) -> None:
        if self.autosave is not None:
            self.autosave(self.record())

    def record(self) -> GameRecord:
        return GameRecord.from_game(self.game, self.seats)

    # ---------------------------------------------------------------- AI
    def start_ai(self) -> None:
        if self.future is None and self.is_ai_turn:
            self.future = self.thinker.ask(self.bots[self.game.current], self.game)

    def ai_move(self) -> Move | None:
        """The AI's move once it has decided (checked by the engine; a bad one becomes random)."""
        if self.future is None or not self.future.done():
            return None
        future, self.future = self.future, None
        try:
            move = future.result()
            if self.game.why_not(move) is not None:
                raise IllegalMoveError(str(self.game.why_not(move)))
        except Exception:  # noqa: BLE001 - a broken bot must not end the game
            from .players import RandomBot
            move = RandomBot(self.game.turn_number).choose(self.game.copy())
        return move

    def play_ai(self, move: Move) -> list[ScoreEvent]:
        return self._play(move)

    def close(self) -> None:
        self.thinker.close()

    # ------------------------------------------------------------ helpers
    def _find_last_placed(self) -> tuple[int, int] | None:
        for turn in reversed(self.game.history):
            if isinstance(turn, Move):
                return (turn.x, turn.y)
        return None
