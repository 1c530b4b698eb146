"""The aids a player at a table that is not rated may ask the server for (``aid``).

Each is worked out on the server's own game from what every player may know (the board,
the counts of tiles left, never their order), as the play screen works them out locally:

- ``fits``: the tiles still to come that could go on a square, with their rotations;
- ``projected``: each player's score if the game ended now;
- ``hint``: the move Expert would make with the tile in hand (the player to move only,
  in a game whose host allowed hints), thought by the computer players' workers;
- ``analysis``: the move Expert would have made at the asker's last turn, likewise.

A rated game refuses them all before anything here is asked (:mod:`.rated`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import Move
from ..engine.aids import projected_scores, tiles_that_fit
from ..engine.record import figure_record
from .protocol import ProtocolError
from .thinking import Job, ThinkingFailed, bot_seed

if TYPE_CHECKING:
    from .room import Room
    from .server import Peer, Server

#: The computer whose move a hint and an analysis show.
AID_LEVEL = "expert"
#: Computer moves waiting beyond which no hint or analysis is thought.
MAX_WAITING = 50


async def answer(server: Server, peer: Peer, room: Room, message: dict[str, Any]) -> dict[str, Any]:
    """The ``aid`` message answering ``message`` (ProtocolError with one line if refused)."""
    game = room.game
    kind = message["kind"]
    if game is None:
        raise ProtocolError("the game has not started yet", "not-started")
    if kind == "fits":
        if "x" not in message or "y" not in message:
            raise ProtocolError("'aid' for the tiles that fit needs the square's 'x' and 'y'")
        fits = tiles_that_fit(game, message["x"], message["y"])
        return {"type": "aid", "kind": kind, "x": message["x"], "y": message["y"],
                "tiles": {tile: list(rotations) for tile, rotations in fits.items()}}
    if kind == "projected":
        return {"type": "aid", "kind": kind, "scores": projected_scores(game)}
    if not room.hints:
        raise ProtocolError("the host of this game allowed no hints", "no-hints")
    if server.thinkers.waiting >= MAX_WAITING:
        raise ProtocolError("the server's computer players are all busy: try again later", "busy")
    if kind == "hint":
        seat = room.current
        if seat is None or seat not in peer.seats or room.tile is None:
            raise ProtocolError("a hint is for the player to move", "not-your-turn")
        turns = [t.to_record() for t in game.history]
        found = await _think(server, room, seat, turns, room.tile)
        return {"type": "aid", "kind": kind, "move": _move(found), "turn": len(turns)}
    players = [frame.current for frame in game._frames]  # who played each turn of the history
    mine = [i for i, turn in enumerate(game.history) if isinstance(turn, Move) and players[i] in peer.seats]
    if not mine:
        raise ProtocolError("you have played no turn to analyse yet", "nothing-played")
    at = mine[-1]
    turns = [t.to_record() for t in game.history[:at]]
    played = game.history[at]
    assert isinstance(played, Move)
    found = await _think(server, room, players[at], turns, played.tile)
    return {"type": "aid", "kind": kind, "move": _move(found), "turn": at}


async def _think(server: Server, room: Room, seat: int, turns: list[dict[str, Any]], tile: str) -> Move:
    job = Job(AID_LEVEL, bot_seed(room.seed, seat, len(turns)), room.rules.to_record(),
              [s.name for s in room.seats], room.seed, turns, tile, room.origin)
    try:
        found = await server.thinkers.move(job)
    except ThinkingFailed:
        raise ProtocolError("the server cannot work that out right now: try again", "busy") from None
    if not isinstance(found, Move):
        raise ProtocolError("the server cannot work that out right now: try again", "busy")
    return found


def _move(move: Move) -> dict[str, Any]:
    return {"x": move.x, "y": move.y, "rotation": move.rotation, "figure": figure_record(move.figure)}
