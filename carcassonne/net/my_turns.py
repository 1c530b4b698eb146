"""Which of the games a player holds seats in wait on their move (``my_turns``): the title
screen's list of correspondence games, asked every few minutes.

Each game is named with a seat token the player keeps, checked as a rejoin checks it; a game
that is not found, or whose seats the token does not hold, is simply left out of the answer,
so the answer says nothing about games the asker holds no seat in. A game that has left the
server's memory is read back from the store to be looked at, not taken into memory (asking
costs no seat, no timer, no room) — unless its turn's time has run out: then the server takes
it back so that its timer plays that turn (the asker's turn may come next, listed at the next
ask), as it would have had the game stayed in memory."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from ..engine import TileSet
from .room import Room
from .store import GameStore, StoreUnavailable

log = logging.getLogger(__name__)


async def waiting_games(asked: list[dict[str, Any]], rooms: Mapping[str, Room], games: GameStore | None,
                        tiles: TileSet, now: float) -> tuple[dict[str, Any], list[Room]]:
    """The ``my_turns`` answer: of the games ``asked`` (``game`` and ``token`` each), those
    whose table waits for a seat the token holds, with how long they have waited; and the
    games read back (one of their seats asked) whose turn's time has run out."""
    tokens: dict[str, list[str]] = {}  # (a player may hold several seats of one game, and its host's token)
    for item in asked:
        tokens.setdefault(item["game"], []).append(item["token"])
    found: list[dict[str, Any]] = []
    overdue: list[Room] = []
    for game_id, held in tokens.items():
        kept = rooms.get(game_id)
        room = kept or await _read_back(games, tiles, game_id)
        if room is None:
            continue
        seats = sorted({seat for token in held for seat in room.seats_of(token)})
        if seats and kept is None and room.turn_left(now) == 0.0:
            overdue.append(room)
        if not seats or not room.waits_on(seats):
            continue
        found.append({"game": room.id, "name": room.name, "players": [s.name for s in room.seats],
                      "waited": round(max(0.0, now - room.turn_started), 1)})
    return {"type": "my_turns", "games": found}, overdue


async def _read_back(games: GameStore | None, tiles: TileSet, game_id: str) -> Room | None:
    """A game kept in the store only (it left memory, or another node serves it), or None."""
    if games is None:
        return None
    try:
        return await games.room(tiles, game_id)
    except StoreUnavailable as exc:  # asked again in a few minutes
        log.warning("game %s could not be read back to answer my_turns: %s", game_id, exc)
        return None
