"""The rules of Carcassonne in pure Python (no pygame, no pytmx).

The UI and the computer players both act on a :class:`Game` through the same
moves; tile definitions come in as a :class:`TileSet` (loaded from the Tiled
tilesets by :mod:`carcassonne.tileset`).
"""

from .errors import CarcassonneError, IllegalMoveError, RecordError, TileDefinitionError
from .events import FigureAt, ScoreEvent
from .expansion import Decision
from .features import Feature
from .figures import FOLLOWER, FigureKind, FigureStep
from .game import Game
from .moves import Discard, Move, Placement, Turn
from .rules import COLORS, FARM_SCORINGS, FIRST_EDITION, FOLLOWERS, THIRD_EDITION, Rules
from .tiles import Orientation, Segment, TileKind, TileSet

__all__ = [
    "COLORS", "FARM_SCORINGS", "FIRST_EDITION", "FOLLOWER", "FOLLOWERS", "THIRD_EDITION",
    "CarcassonneError", "Decision", "Discard", "Feature", "FigureAt", "FigureKind", "FigureStep", "Game",
    "IllegalMoveError", "Move", "Orientation", "Placement", "RecordError", "Rules", "ScoreEvent", "Segment",
    "TileDefinitionError", "TileKind", "TileSet", "Turn",
]
