"""The coach at the table: Expert's move for the tile in hand, asked for in the background.

The Play scene asks (key H, the Hint button); the search runs in a worker thread, so
the window keeps drawing while it thinks (about a second), and the scene polls for
the answer each frame. A hint belongs to one turn: it is dropped as soon as the player
lays a tile or the turn passes. Each hint asked for is counted for the player who
asked; the counts go with the game into its saves and onto the results.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from ...ai.hint import Hint, hint
from ...engine import Game


def hint_seed(game: Game) -> int:
    """The search's seed for a hint on this turn: the same position always gets the same hint."""
    return (game.seed or 0) * 1009 + game.turn_number


class Coach:
    """One worker thread for hints, the hint of the moment and the hints used per player."""

    def __init__(self, used: list[int], budget: float | None = None) -> None:
        #: Hints asked for, per player (in turn order): the turn controller's list, counted here.
        self.used = used
        #: The search's budget (None: Expert's own); tests make it small.
        self.budget = budget
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Hint] | None = None
        #: The turn the hint is for: (turn number, player).
        self._turn: tuple[int, int] | None = None
        #: The hint shown now, for ``_turn``.
        self.shown: Hint | None = None
        #: The last hint found and its turn: asked again in the same turn (after an undo), it
        #: shows at once and is not counted twice.
        self._found: tuple[tuple[int, int], Hint] | None = None

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def ask(self, game: Game) -> bool:
        """Start looking for a hint for the player to move (the tile in hand is drawn); False if
        one is already shown or being looked for this turn."""
        turn = (game.turn_number, game.current)
        if self._turn == turn and (self.shown is not None or self._future is not None):
            return False
        self.dismiss()
        self._turn = turn
        if self._found is not None and self._found[0] == turn:
            self.shown = self._found[1]
            return True
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.used[game.current] += 1
        self._future = self._pool.submit(hint, game.copy(), hint_seed(game), self.budget)
        return True

    def poll(self) -> Hint | None:
        """The hint, once found (then shown until dismissed); None while thinking or when none was asked."""
        if self._future is None or not self._future.done():
            return None
        future, self._future = self._future, None
        self.shown = future.result()
        if self._turn is not None:
            self._found = (self._turn, self.shown)
        return self.shown

    def keep_for(self, turn: tuple[int, int]) -> None:
        """Drop the hint if it was for another turn than ``turn`` (turn number, player)."""
        if self._turn is not None and self._turn != turn:
            self.dismiss()

    def dismiss(self) -> None:
        """No hint shown; an answer still being searched for is thrown away when it comes."""
        if self._future is not None:
            self._future.cancel()
        self._future, self.shown, self._turn = None, None, None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
