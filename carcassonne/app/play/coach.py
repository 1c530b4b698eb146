"""The coach at the table: Expert's move for the tile in hand, asked for in the background.

The Play scene asks (key H, the Hint button); the search runs in a worker thread, so
the window keeps drawing while it thinks (about a second), and the scene polls for
the answer each frame. A hint belongs to one turn: it is dropped as soon as the player
lays a tile or the turn passes. Each hint asked for is counted for the player who
asked; the counts go with the game into its saves and onto the results.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from ...ai.hint import Hint, hint
from ...engine import Game
from ...i18n import N_, _
from ...words.hint_words import hint_sentence
from ..ui.widgets import GOOD, INK, INK_DIM
from .deciding import Say
from .turn import HUMAN, TurnController


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


#: What the hint says while Expert looks.
LOOKING = N_("Looking for a good move…")


class Hinting:
    """The hint on the Play screen (key H, the Hint button): asked for while a person may
    lay the tile in hand with aids on, shown (words, and the camera on its square) once
    found, dropped when the tile is laid or the turn passes."""

    def __init__(self, coach: Coach, turn: TurnController, aids_on: Callable[[], bool], say: Say,
                 message: Callable[[], str], follow: Callable[[int, int], None]) -> None:
        self.coach = coach
        self.turn = turn
        self.aids_on = aids_on
        self.say = say
        self.message = message
        self.follow = follow

    def can(self) -> bool:
        """A hint may be asked for: aids on, a person's turn, the tile still in hand."""
        t = self.turn
        return self.aids_on() and t.hints_allowed and t.can_act and t.pending is None and not t.is_ai_turn

    def ask(self) -> None:
        if self.can() and self.coach.ask(self.turn.game):
            if self.coach.shown is not None:  # found earlier this turn
                self._show(self.coach.shown)
            else:
                self.say(_(LOOKING), INK_DIM, 30)

    def _show(self, found: Hint) -> None:
        self.say(hint_sentence(found.why), GOOD, 20)
        self.follow(found.move.x, found.move.y)

    def update(self) -> None:
        """Show the hint when it is found; drop it when the tile is laid or the turn passes."""
        t = self.turn
        self.coach.keep_for((t.game.turn_number, t.player))
        if not self.aids_on() or t.phase != HUMAN or t.pending is not None:
            if self.coach.thinking or self.coach.shown is not None:
                self.coach.dismiss()
                if self.message() == _(LOOKING):
                    self.say("", INK, 0)
            return
        found = self.coach.poll()
        if found is not None:
            self._show(found)
