"""Game records (``.carc.json``): read, write and replay them through the rules.

One format serves saves, autosaves, replays, rule-example fixtures and AI
tournaments (``shared/docs/game-record.md``). A record is never trusted: every
turn is checked by the engine, and any problem becomes one :class:`RecordError`
line naming the turn and the reason.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RecordError
from .expansion import Expansion
from .figures import FOLLOWER, FigureStep
from .game import Game
from .geometry import REACH, in_reach
from .moves import Discard, Move, Turn
from .rules import COLORS, MAX_PLAYERS, MIN_PLAYERS, RANDOM, Rules
from .tiles import TileSet
from .untrusted import clean_name, file_error, parse_json, read_text, shown

FORMAT = "carcassonne-record"
VERSION = 1
ROTATIONS = (0, 90, 180, 270)
#: More turns than any box allows (every tile of every set, plus discards and returns):
#: a longer record is refused before its turns are read.
MAX_TURNS = 1000


def _expansions() -> tuple[Expansion, ...]:
    from ..expansions import declared  # the registry imports the expansions' packages: late

    return declared()


@dataclass(frozen=True)
class Seat:
    """A player of the record: name, colour and who plays (``human`` or ``ai:<level>``)."""

    name: str
    color: str
    kind: str = "human"

    def to_record(self) -> dict[str, str]:
        return {"name": self.name, "color": self.color, "kind": self.kind}

    @property
    def is_ai(self) -> bool:
        return self.kind.startswith("ai:")

    @property
    def ai_level(self) -> str | None:
        return self.kind[3:] if self.is_ai else None


@dataclass
class GameRecord:
    players: list[Seat]
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None
    turns: list[Turn] = field(default_factory=list)
    #: Hints each player asked for (in turn order); empty in records that kept none.
    hints: list[int] = field(default_factory=list)
    #: With ``start: "random"``, the tile at (0, 0) (the record's top-level ``start_tile``).
    start_tile: str | None = None
    #: What each expansion keeps in the record besides the rules and the turns, by its
    #: name (the tiles dealt, each turn's draw...); read and written by it.
    extra: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------- reading
    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        return cls.from_data(parse_json(text))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Read a record file: only a regular file, and only up to a record's size."""
        return cls.from_json(read_text(path))

    @classmethod
    def from_data(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise file_error("a game record must be a JSON object", "file-not-record")
        if data.get("format") != FORMAT:
            raise file_error(f"not a game record: 'format' must be {FORMAT!r}", "file-not-record")
        version = data.get("version")
        if type(version) is not int or version != VERSION:  # exact: JSON's true is no version 1
            raise file_error(f"unsupported record version {shown(data.get('version'))} (this game reads {VERSION})",
                             "file-version", version=shown(data.get("version")), reads=VERSION)
        rules = Rules.from_record(data.get("rules"))
        players = _read_players(data.get("players"))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("'seed' must be a whole number")
        raw_turns = data.get("turns", [])
        if not isinstance(raw_turns, list):
            raise RecordError("'turns' must be a list")
        if len(raw_turns) > MAX_TURNS:
            raise RecordError(f"{len(raw_turns)} turns: more than any box of tiles holds (at most {MAX_TURNS})")
        start = _read_start_tile(data, rules, seed)
        turns = [read_turn(i + 1, t) for i, t in enumerate(raw_turns)]
        extra = {}
        for expansion in _expansions():
            found = expansion.read_record(data, rules, seed, len(players))
            if found is not None:
                extra[expansion.name] = found
        return cls(players, rules, seed, turns, _read_hints(data.get("hints", []), len(players)), start, extra)

    # ------------------------------------------------------------- writing
    @classmethod
    def from_game(cls, game: Game, players: list[Seat]) -> GameRecord:
        start = game.start_tile if game.rules.start == RANDOM else None
        extra = {}
        for expansion in game.rules.expansions():
            found = expansion.record_data(game)
            if found is not None:
                extra[expansion.name] = found
        return cls(list(players), game.rules, game.seed, list(game.history), start_tile=start, extra=extra)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION,
                                "rules": self.rules.to_record(),
                                "players": [p.to_record() for p in self.players]}
        if self.start_tile is not None and self.rules.start == RANDOM:
            data["start_tile"] = self.start_tile
        if self.seed is not None:
            data["seed"] = self.seed
        data["turns"] = [t.to_record() for t in self.turns]
        for expansion in self.rules.expansions():
            if expansion.name in self.extra:
                expansion.write_record(self.extra[expansion.name], data)
        if any(self.hints):
            data["hints"] = list(self.hints)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_data(), indent=2) + "\n"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: a crash mid-write leaves the old file whole."""
        write_atomically(Path(path), self.to_json())

    # ------------------------------------------------------------ replaying
    def new_game(self, tiles: TileSet) -> Game:
        """The position before the first turn; with ``start: "random"`` and a seed, the
        record's ``start_tile`` must be the tile the seed draws first."""
        game = Game(tiles, self.rules, len(self.players), self.seed, [p.name for p in self.players],
                    start=self.start_tile)
        if self.start_tile is not None and game.start_tile != self.start_tile:
            raise RecordError(f"start_tile {shown(self.start_tile)} is not the tile seed {self.seed} draws first "
                              f"({game.start_tile})")
        for expansion in self.rules.expansions():
            if expansion.name in self.extra:
                expansion.start_record(game, self.extra[expansion.name])
        return game

    def replay(self, tiles: TileSet, final: bool = False,
               before_turn: Callable[[Game, int, Turn], None] | None = None) -> Game:
        """Play every turn through the rules; final scoring if asked or if the deck ran out.

        ``before_turn(game, number, turn)`` sees each position before its turn (checked) is played.
        """
        game = self.new_game(tiles)
        arrangers = [(e, self.extra[e.name]) for e in self.rules.expansions() if e.name in self.extra]
        for number, turn in enumerate(self.turns, start=1):
            if turn.tile not in game.tiles:  # the tiles in play: a rule module may add some
                raise RecordError(f"turn {number}: unknown tile {shown(turn.tile)}")
            reason = game.why_not(turn)
            if reason:
                raise RecordError(f"turn {number}: {reason}", reason=reason, turn=number)
            if before_turn is not None:
                before_turn(game, number, turn)
            for expansion, data in arrangers:  # the turn draws the tile the record names, say
                expansion.before_turn(game, number, turn, data)
            game.push(turn)
        if final or game.is_over:
            game.finish()
        return game


def _read_start_tile(data: dict[str, Any], rules: Rules, seed: int | None) -> str | None:
    """The record's ``start_tile``: a tile's name with ``start: "random"`` (needed without a
    seed, which would draw it), and absent otherwise."""
    raw = data.get("start_tile")
    if rules.start != RANDOM:
        if raw is not None:
            raise RecordError('\'start_tile\' needs rules.start "random"')
        return None
    if raw is None:
        if seed is None:
            raise RecordError('\'start_tile\' must name the start tile of a game with rules.start "random" '
                              'and no seed')
        return None
    if not isinstance(raw, str) or not 0 < len(raw) <= 16:
        raise RecordError("'start_tile' must name a tile")
    return raw


def _read_hints(raw: Any, players: int) -> list[int]:
    """The hints used per player: a whole number for each player, or none at all."""
    if raw == []:
        return []
    if (not isinstance(raw, list) or len(raw) != players
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_TURNS for n in raw)):
        raise RecordError(f"'hints' must list a whole number from 0 to {MAX_TURNS} for each player")
    return list(raw)


def _read_players(raw: Any) -> list[Seat]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise RecordError(f"'players' must list {MIN_PLAYERS} to {MAX_PLAYERS} players")
    seats = []
    for i, p in enumerate(raw, start=1):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise RecordError(f"player {i} needs a name")
        color = p.get("color")
        if color not in COLORS:
            raise RecordError(f"player {i}: colour must be one of {', '.join(COLORS)}, not {shown(color)}")
        kind = p.get("kind", "human")
        if not isinstance(kind, str) or not (kind == "human" or kind.startswith("ai:")):
            raise RecordError(f"player {i}: kind must be 'human' or 'ai:<level>', not {shown(kind)}")
        if kind != "human":  # the level is shown beside the name: clean it the same way
            kind = "ai:" + clean_name(kind[3:], "normal")
        seats.append(Seat(clean_name(p["name"], f"Player {i}"), color, kind))
    if len({s.color for s in seats}) != len(seats):
        raise RecordError("two players have the same colour")
    return seats


def read_turn(number: int, raw: Any) -> Turn:
    """Turn ``number`` of a record, checked for its form (the rules check it when it is
    played): the same reader for files and for the turns a game server sends."""
    where = f"turn {number}"
    if not isinstance(raw, dict):
        raise RecordError(f"{where}: must be an object")
    tile = raw.get("tile")
    if not isinstance(tile, str):
        raise RecordError(f"{where}: 'tile' must name a tile")
    for flag in ("discarded", "returned"):
        if flag in raw and not isinstance(raw[flag], bool):
            raise RecordError(f"{where}: '{flag}' must be true or false")
    if raw.get("discarded") is True or raw.get("returned") is True:
        for expansion in _expansions():
            expansion.refuse_on_discard(where, raw)
    if raw.get("discarded") is True:
        return Discard(tile)
    if raw.get("returned") is True:
        return Discard(tile, returned=True)
    values = []
    for key in ("x", "y", "rotation"):
        value = raw.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"{where}: '{key}' must be a whole number")
        values.append(value)
    if not in_reach(values[0], values[1]):
        raise RecordError(f"{where}: ({values[0]}, {values[1]}) is beyond any board "
                          f"(x and y from -{REACH} to {REACH})")
    if values[2] not in ROTATIONS:
        raise RecordError(f"{where}: rotation {values[2]} is not one of 0, 90, 180, 270")
    step = read_figure(where, raw)
    decisions: tuple[Any, ...] = ()
    for expansion in _expansions():  # each expansion's decisions
        decisions += expansion.read_decisions(where, raw)
    return Move(tile, values[0], values[1], values[2], step, decisions)


def read_figure(where: str, raw: dict[str, Any]) -> FigureStep | None:
    """A record turn's figure step: its ``meeple``, or an expansion's own keys (the same
    reader for files and for what a network peer sends)."""
    meeple = raw.get("meeple")
    if meeple is not None and not (isinstance(meeple, str) and len(meeple) <= 16):
        raise RecordError(f"{where}: 'meeple' must be a place such as \"road:E\"")
    step = None if meeple is None else FigureStep(FOLLOWER.name, meeple)
    for expansion in _expansions():  # each expansion's own figure keys
        step = expansion.read_figure(where, raw, step)
    return step


def figure_record(step: FigureStep | None) -> dict[str, Any] | None:
    """A figure step as a record's turn writes it (its keys only), or None."""
    if step is None:
        return None
    turn = Move("", 0, 0, 0, step).to_record()
    return {k: v for k, v in turn.items() if k not in ("tile", "x", "y", "rotation")}


def write_atomically(path: Path, text: str, durable: bool = True) -> None:
    """Write ``text`` to ``path`` through a temporary file and an atomic rename.

    ``durable``: flush the file to the disk before the rename, so a power cut leaves the
    old file or the new one; without it a killed process still leaves one of them whole
    (the operating system keeps what was written), at a fraction of the cost.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
