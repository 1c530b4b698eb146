"""Post-game analysis: what each move cost, in points of expected final margin.

For every turn of a record (finished or not) the position before it is set up,
the tile in hand is the one the record names, and the move played is compared
with the best moves the search finds, all on the *same* imagined futures
(common random numbers, see :func:`~carcassonne.ai.search.compare_moves`) and
with a generator seeded from the turn's number: the same record always gives
the same analysis. A move's value is the mover's projected final margin over
the best other player (:meth:`~carcassonne.ai.heuristics.Evaluator.score`);
the *loss* of a turn is how much less the move played is worth than the best
move found (never negative: when the move played is the best, it is the best).

Like the computer players, the analysis sees only what the player saw: the
board, the scores and the counts of the tiles left, never the draw order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Move, TileSet, Turn
from ..engine.record import GameRecord
from .hint import Why, explain
from .search import SearchBot, compare_moves
from .simple import ranked_moves

#: Called after each turn with (turns done, turns in all): for a progress bar.
Progress = Callable[[int, int], None]
#: Asked between turns whether to stop (the player left the screen showing the analysis).
Cancelled = Callable[[], bool]


class AnalysisCancelled(Exception):
    """The analysis was stopped between two turns; nothing half-done is returned."""

#: The search the analysis uses: Hard's, with a little less work per turn so that a
#: whole 2-player game takes well under a minute.
ANALYSIS_BUDGET = 0.2


@dataclass(frozen=True)
class TurnAnalysis:
    """One analysed turn: the move played, the best move found, and the points lost."""

    #: The 1-based position of the turn in the record (as ``replay`` numbers turns).
    turn: int
    player: int
    name: str
    played: Move
    best: Move
    #: Expected final margin of the move played and of the best move found.
    played_value: float
    best_value: float
    #: What the best move would have done, as facts (:func:`~carcassonne.ai.hint.explain`);
    #: the screen and the command line word it in the player's language.
    better: Why | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "player": self.name, "played": self.played.to_record(),
                "best": self.best.to_record(), "loss": round(self.loss, 2)}


def same_move(game: Game, a: Move, b: Move) -> bool:
    """The same placement and the same figure step, a figure on the same segment (``road:S``
    may be ``road:W``)."""
    fa, fb = a.figure, b.figure
    if a.placement != b.placement or (fa is None) != (fb is None):
        return False
    if fa is None or fb is None or fa == fb:
        return True
    if (fa.kind, fa.action, fa.at) != (fb.kind, fb.action, fb.at):
        return False  # another figure, or an action: each only itself
    spots = game.tiles.kinds[a.tile].orientations[a.rotation // 90].spots
    return fa.place in spots and fb.place in spots and spots[fa.place] == spots[fb.place]


def analyse_turn(game: Game, played: Move, bot: SearchBot, rng: random.Random) -> tuple[Move, float, float]:
    """The best move found, its value and the value of ``played``, for the player to move.

    ``game`` is the position before the turn; it is not changed.
    """
    position = game.copy()
    if position.holds_tiles:  # the player chose among every tile they held
        tiles: tuple[str, ...] = tuple(dict.fromkeys(position.held()))
    else:
        # The tile in hand goes on top of the pile (a record without a seed may not have it
        # there); the search shuffles everything below it anyway.
        deck = position.deck
        deck.take(played.tile)
        deck.put_back(played.tile, len(deck.pile))
        tiles = (played.tile,)
    evaluator = bot.evaluator(position)
    ranked = ranked_moves(position, tiles, evaluator)
    candidates = [m for _, m in ranked[: bot.width_in(position)]]
    index = next((i for i, m in enumerate(candidates) if same_move(position, m, played)), None)
    if index is None:
        candidates.append(played)
        index = len(candidates) - 1
    if len(candidates) == 1:
        return played, 0.0, 0.0
    evaluator.freeze()
    found = compare_moves(position, candidates, rng, evaluator, bot.work_in(position), bot.depth,
                          keep=(index,))
    best = found.best
    if found.means[index] >= found.means[best]:
        best = index
    return candidates[best], found.means[best], found.means[index]


def analyse(record: GameRecord, tiles: TileSet, seed: int = 0, progress: Progress | None = None,
            budget: float | None = None, players: set[int] | None = None,
            cancelled: Cancelled | None = None, part: tuple[int, int] = (0, 1)) -> list[TurnAnalysis]:
    """Every placed tile of ``record``, analysed in turn order (discards are not choices).

    ``players`` limits the analysis to those seats' turns (the others are only replayed,
    which costs next to nothing). ``cancelled`` is asked before each turn; when it says
    yes, :class:`AnalysisCancelled` is raised. ``part`` = (k, n) analyses only the turns
    numbered k modulo n, so n processes can share one record: each turn's search is
    seeded by its number alone, so the parts together are the whole analysis. Raises
    :class:`~carcassonne.engine.RecordError` naming the turn, as ``replay`` does, for a bad
    record (the turns are replayed by :meth:`GameRecord.replay`).
    """
    budget = ANALYSIS_BUDGET if budget is None else budget
    out = []
    total = len(record.turns)

    def before_turn(game: Game, number: int, turn: Turn) -> None:
        if cancelled is not None and cancelled():
            raise AnalysisCancelled(f"stopped before turn {number}")
        mine = number % part[1] == part[0] and (players is None or game.current in players)
        if isinstance(turn, Move) and mine:  # a discarded (or returned) tile is no choice
            bot = SearchBot(seed, budget=budget)
            rng = random.Random(f"analysis/{seed}/{number}")
            best, best_value, played_value = analyse_turn(game, turn, bot, rng)
            better = explain(game, best) if best_value > played_value else None
            out.append(TurnAnalysis(number, game.current, game.names[game.current], turn, best,
                                    played_value, best_value, better))
        if progress is not None:
            progress(number - 1, total)

    record.replay(tiles, before_turn=before_turn)
    if progress is not None:
        progress(total, total)
    return out


def costliest(turns: list[TurnAnalysis], player: int, count: int = 3) -> list[TurnAnalysis]:
    """A player's ``count`` turns that lost the most points (only turns that lost any)."""
    mine = [t for t in turns if t.player == player and t.loss > 0.05]
    return sorted(mine, key=lambda t: (-t.loss, t.turn))[:count]
