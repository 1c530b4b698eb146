"""Watching a recorded game turn by turn: the engine's push/pop move stack, a step at a time.

Step 0 is the start tile alone, step k the board after the record's k-th turn, and
one more step, when the record reaches the end of the tiles, is the final scoring.
Every turn is checked by the rules once when the record is opened (a bad record is
one :class:`RecordError` line); stepping is then exact ``Game.push``/``Game.pop``.
No pygame here: the Replay scene shows it, tests drive it directly.
"""

from __future__ import annotations

from pathlib import Path

from ...engine import Game, Move, ScoreEvent
from ...engine.record import GameRecord, Seat
from ...engine.tiles import TileKind, TileSet
from ...engine.untrusted import shown_path
from ...i18n import N_, _
from ...words.expansion import first
from ...words.movelog import put_words
from ...words.turn_place import where


class Replay:
    def __init__(self, record: GameRecord, tiles: TileSet, name: str = "") -> None:
        self.record = record
        self.name = name
        self.seats: list[Seat] = list(record.players)
        self.turns = list(record.turns)
        #: Who played each turn (turn k is ``self.turns[k - 1]``, played by ``self.player_of[k - 1]``).
        self.player_of: list[int] = []
        # every turn checked by the engine's own replay (a rule module's tiles, a hand's draws),
        # then taken back to the start tile
        self.game: Game = record.replay(tiles, before_turn=lambda game, _n, _t: self.player_of.append(game.current))
        self.has_final = self.game.finished
        if self.has_final:
            self.game.pop()
        self.bounds = self._bounds()
        while self.game.history:
            self.game.pop()
        self.step = 0

    @classmethod
    def load(cls, path: Path, tiles: TileSet) -> Replay:
        """Open a ``.carc.json`` (saved, autosaved or from ``simulate``); RecordError if unusable."""
        return cls(GameRecord.load(path), tiles, shown_path(Path(path).name).replace(".carc.json", ""))

    # ------------------------------------------------------------ stepping
    @property
    def last(self) -> int:
        """The last step: every turn played, and the final scoring if the game reached its end."""
        return len(self.turns) + (1 if self.has_final else 0)

    @property
    def is_final(self) -> bool:
        return self.step == len(self.turns) + 1

    def go(self, step: int) -> None:
        """Show the board after ``step`` turns (clamped), by exact push/pop."""
        step = max(0, min(self.last, step))
        while self.step > step:
            self.game.pop()
            self.step -= 1
        while self.step < step:
            if self.step < len(self.turns):
                self.game.push(self.turns[self.step])
            else:
                self.game.finish()
            self.step += 1

    # ------------------------------------------------------------- reading
    @property
    def scores(self) -> list[int]:
        return self.game.scores[:]

    def events(self) -> list[ScoreEvent]:
        """The score events of the current step (the final scoring on the last step)."""
        if self.is_final:
            return [e for e in self.game.events if e.final]
        return [e for e in self.game.events if e.turn == self.step and not e.final]

    def last_move(self) -> Move | None:
        if 1 <= self.step <= len(self.turns):
            turn = self.turns[self.step - 1]
            return turn if isinstance(turn, Move) else None
        return None

    def describe(self) -> str:
        """What happened on the current step, in words."""
        if self.step == 0:
            return _("The start tile. Step forwards with → or Next.")
        if self.is_final:
            if not self.game.rules.incomplete_score:
                return _("Final scoring: only farms score (house rule: unfinished features score nothing).")
            return _("Final scoring: every feature that still holds a follower scores.")
        turn = self.turns[self.step - 1]
        who = self.game.names[self.player_of[self.step - 1]]
        if not isinstance(turn, Move):
            drew = (_("{name} drew {tile}, which fits nowhere, and put it back in the bag (house rule).")
                    if turn.returned else _("{name} drew {tile}, which fits nowhere, and put it back in the box."))
            return drew.format(name=who, tile=tile_words(self.game.tiles[turn.tile]))
        text = _("{name} placed {tile} {where}").format(name=who, tile=tile_words(self.game.tiles[turn.tile]),
                                                        where=where(turn.x, turn.y))
        text += put_words(turn)  # (as the move log says it, an expansion's figures too)
        if self.game.rules.hole_bonus and self.game.fills_hole(turn.x, turn.y):
            text += _("; it filled a hole, so they play again (house rule)")
        return text + "."

    def _bounds(self) -> tuple[int, int, int, int]:
        xs = [x for x, _, _ in self.game.placed_tiles()]
        ys = [y for _, y, _ in self.game.placed_tiles()]
        return min(xs), min(ys), max(xs), max(ys)


def tile_words(kind: TileKind) -> str:
    """A tile as players name it, by what stands out on it: "a cloister tile", "a city
    tile with a pennant", "a road tile", or as an expansion names its own tiles."""
    said = first("tile_name", kind)
    if said is not None:
        return str(said)
    kinds = {seg.kind for seg in kind.segments}
    for word in ("cloister", "city", "road"):
        if word in kinds:
            if word == "city" and any(seg.pennant for seg in kind.segments):
                return _("a city tile with a pennant")
            return _(_TILE_WORDS[word])
    return _("a field tile")


_TILE_WORDS = {"cloister": N_("a cloister tile"), "city": N_("a city tile"), "road": N_("a road tile")}
