"""The pace of the turns on the Play screen: the message of the moment, the scoring
animations, the score markers catching up, and when the next turn may begin.

The :class:`~carcassonne.app.play.turn.TurnController` decides the phases; this glue shows
them: a turn's scoring plays to its end (flashes, points rising, followers home, the
markers arrived) before the next turn, and its hand-over card, begins. Messages belong
to a turn: :meth:`TurnFlow.new_turn` clears them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from ...engine import Game, Move, ScoreEvent
from ...engine.record import Seat
from ...i18n import _
from ..art.assets import Assets
from ..art.expansion_ui import playing
from ..board.anim import Anim
from ..board.camera import Camera
from ..ui.widgets import INK, INK_DIM
from .hud import Message
from .scoring_anims import ai_tile_glide, scoring_anims, token_flights
from .turn import AI_THINK, HUMAN, TurnController

Colour = tuple[int, int, int]


class TurnFlow:
    """The message under the board and the animations between the controller's phases."""

    def __init__(self, game: Game, seats: Sequence[Seat]) -> None:
        self.game = game
        self.seats = seats
        self.message = Message()
        self.anims: list[Anim] = []
        self.shown_scores = [float(s) for s in game.scores]
        #: What each player had collected (tokens by kind) when the turn began: a move's
        #: gain flies from the board to their card.
        self.held = self.counted()
        #: The square of this turn's last refused drop (the tooltip may speak of it).
        self.failed_cell: tuple[int, int] | None = None
        #: The message's words when given as a function: worded again after a change of language.
        self.words: Callable[[], str] | None = None
        #: A notice from the table (:meth:`tell`), kept over the turn it speaks of ending.
        self.told: Message | None = None

    def say(self, text: str | Callable[[], str], colour: Colour = INK, seconds: float = 4.0) -> None:
        """Show ``text`` under the board; a function giving the words keeps the message in the
        language spoken while it shows (the greeting stays up while Settings change it)."""
        self.words = text if callable(text) else None
        self.message = Message(text() if callable(text) else text, colour, seconds)

    def tell(self, text: str, colour: Colour = INK, seconds: float = 4.0) -> None:
        """A notice from the table (the timer played a turn, a refusal, the connection lost): it
        speaks of a turn that ends at once, so it stays before the next turn's greeting while its
        time lasts (the greeting hid "Time ran out" the frame it was said)."""
        self.say(text, colour, seconds)
        self.told = self.message

    def _still_told(self) -> Message | None:
        """The notice told, if it still shows."""
        told, now = self.told, self.message
        return told if told is not None and now.text == told.text and now.seconds > 0 else None

    def reword(self) -> None:
        """The message in the language spoken now, if it was given as a function."""
        if self.words is not None:
            self.message = Message(self.words(), self.message.colour, self.message.seconds)

    def new_turn(self, turn: TurnController) -> None:
        """A turn begins: the last one's messages and refused square go (a notice told still
        showing stays, before the greeting), and the new one is greeted."""
        told, now = self._still_told(), self.message
        self.held = self.counted()
        self.message = Message()
        self.words = None
        self.failed_cell = None
        self.told = None
        name = turn.seat.name
        said = rule_words(turn.game, name)
        if said is not None and turn.phase in (AI_THINK, HUMAN):  # an expansion's turn (a second part)
            self.say(lambda: rule_words(turn.game, name) or said)
        elif turn.phase == AI_THINK:
            self.say(lambda: _("{name} is thinking…").format(name=name), INK_DIM)
        elif turn.phase == HUMAN and turn.bonus_turn:
            self.say(lambda: _("{name} filled a hole: play again (house rule).").format(name=name))
        elif turn.phase == HUMAN:
            self.say(lambda: _("Your turn, {name}: drag the tile onto the board, or press Tab.").format(name=name))
        if told is not None:
            greeting = self.words
            self.say(lambda: f"{told.text} {greeting()}" if greeting is not None else told.text, told.colour,
                     max(now.seconds, self.message.seconds))  # (once: the turn after keeps it no more)

    def scoring_shown(self) -> bool:
        """The last turn's scoring has played: no animation left and every marker arrived."""
        return not self.anims and all(round(s, 6) == g for s, g in zip(self.shown_scores, self.game.scores))

    def score(self, events: list[ScoreEvent], speed: float, camera: Camera, assets: Assets, u: float,
              card_edge: Callable[[int], tuple[float, float]]) -> None:
        """Start the animations of a turn's score events (none at instant speed: the markers jump)."""
        if self._still_told() is None:  # (a notice told stays)
            self.message = Message()
        gained, self.held = self.gained(), self.counted()
        if speed <= 0:  # (the counts on the cards just change)
            self.shown_scores = [float(s) for s in self.game.scores]
            return
        self.anims += scoring_anims(events, self.game, self.seats, speed, camera, assets, u, card_edge)
        self.anims += token_flights(gained, events, self.game, speed, camera, assets, u, card_edge)

    def counted(self) -> list[dict[str, int]]:
        """Each player's collected tokens by kind, now."""
        return [self.game.counters(i) for i in range(len(self.game.scores))]

    def gained(self) -> list[dict[str, int]]:
        """The tokens each player collected since the turn began, by kind (none lost are shown)."""
        held = self.held if len(self.held) == len(self.game.scores) else [{} for _ in self.game.scores]
        return [{kind: n - before.get(kind, 0) for kind, n in now.items() if n > before.get(kind, 0)}
                for now, before in zip(self.counted(), held)]

    def glide_in(self, move: Move, assets: Assets, camera: Camera, hand: pygame.Rect, speed: float,
                 on_landed: Callable[[], None]) -> None:
        """The computer's tile glides from the hand slot to its square, then ``on_landed``."""
        self.anims.append(ai_tile_glide(move, assets, camera, hand, 0.7 / speed, on_landed))

    def tick(self, dt: float, speed: float) -> None:
        """Advance the animations, the message's time and the score markers (20 points a second)."""
        text = self.words() if self.words is not None else self.message.text  # in the language spoken now
        self.message = Message(text, self.message.colour, max(0.0, self.message.seconds - dt))
        self.anims = [a for a in self.anims if a.update(dt)]
        rate = 20 * (speed or 1000) * dt
        for i, s in enumerate(self.game.scores):
            cur = self.shown_scores[i]
            self.shown_scores[i] = s if abs(s - cur) <= rate else cur + math.copysign(rate, s - cur)

    @property
    def animating(self) -> bool:
        """Something on screen moves by itself (the frame must be drawn again)."""
        return bool(self.anims) or not self.scoring_shown()


def rule_words(game: Game, name: str) -> str | None:
    """What an expansion's rule says as ``name``'s turn begins (a second part, a tile passed
    over), in the language spoken now; None: the usual greeting."""
    return next((w for ui in playing(game.rules) if (w := ui.turn_words(game, name))), None)
