"""The game's turns in words, for the move log: "Ann placed a city tile north of the start
and put a knight on its city." No pygame: read from the game's history and score events.

Directions are from the start tile, north up (y grows southwards, as on the board).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import FollowerAt, Game, Move, Orientation

#: What a follower is called on each kind of place (the rulebook's names).
ROLE = {"road": "thief", "city": "knight", "cloister": "monk", "farm": "farmer"}
WHAT = {"road": "road", "city": "city", "cloister": "cloister", "farm": "field"}
NUMBER = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True)
class LogEntry:
    """One turn: its number (from 1), who played it, what happened in words, and where."""

    turn: int
    player: int
    text: str
    cell: tuple[int, int] | None
    follower: FollowerAt | None = None


def tile_words(o: Orientation) -> str:
    """What a tile shows, as a player would name it: "city and road tile", "cloister tile"."""
    kinds = {s.kind for s in o.segments}
    if "river" in kinds:
        return "river tile"
    if "cloister" in kinds:
        return "cloister tile with a road" if "road" in kinds else "cloister tile"
    if "city" in kinds and "road" in kinds:
        return "city and road tile"
    for kind in ("city", "road"):
        if kind in kinds:
            return f"{kind} tile"
    return "field tile"


def _count(n: int) -> str:
    return NUMBER[n] if n < len(NUMBER) else str(n)


def where_words(x: int, y: int) -> str:
    """Where a square is from the start tile: "north of the start", "two south and one east of the start"."""
    if (x, y) == (0, 0):
        return "as the start"
    steps = [(abs(n), pos if n > 0 else neg) for n, pos, neg in ((y, "south", "north"), (x, "east", "west")) if n]
    if len(steps) == 1 and steps[0][0] == 1:
        return f"{steps[0][1]} of the start"
    parts = [f"{_count(n)} {word}" for n, word in steps]
    return " and ".join(parts) + " of the start"


def entries(game: Game) -> list[LogEntry]:
    """Every turn played so far, oldest first."""
    out = []
    events_by_turn: dict[int, list[str]] = {}
    for ev in game.events:
        if not ev.final and ev.players:
            who = " and ".join(game.names[p] for p in ev.players)
            what = "farm" if ev.feature == "farm" else ev.feature
            events_by_turn.setdefault(ev.turn, []).append(f"{who} scored {ev.points} for the {what}")
    on_board = {(f.x, f.y, f.spot): f for f in game.followers_on_board()}
    players = players_of_turns(game)
    for i, turn in enumerate(game.history, start=1):
        player = players[i - 1]
        name = game.names[player]
        if not isinstance(turn, Move):
            out.append(LogEntry(i, player, f"{name}'s tile fitted nowhere and went back to the box.", None))
            continue
        o = game.tiles[turn.tile].orientations[turn.rotation // 90]
        text = f"{name} placed a {tile_words(o)} {where_words(turn.x, turn.y)}"
        follower = None
        if turn.follower:
            prefix = turn.follower.partition(":")[0]
            text += f" and put a {ROLE.get(prefix, 'follower')} on its {WHAT.get(prefix, prefix)}"
            follower = on_board.get((turn.x, turn.y, turn.follower))
        text += "."
        if i in events_by_turn:
            text += " " + "; ".join(events_by_turn[i]) + "."
        out.append(LogEntry(i, player, text, (turn.x, turn.y), follower))
    return out


def players_of_turns(game: Game) -> list[int]:
    """Who played each turn so far. Not simply in rotation: a discard lets the same player
    draw again, and so does filling a hole under the ``hole_bonus`` house rule; the game's
    own undo tells (taking a turn back gives it back to its player)."""
    trial = game.copy()
    players = []
    while trial.history:
        trial.pop()
        players.append(trial.current)
    return players[::-1]


def last_move(game: Game) -> tuple[tuple[int, int] | None, FollowerAt | None]:
    """The square of the last tile placed and the follower it brought, if still on the board."""
    for turn in reversed(game.history):
        if isinstance(turn, Move):
            follower = None
            if turn.follower:
                follower = next((f for f in game.followers_on_board()
                                 if (f.x, f.y, f.spot) == (turn.x, turn.y, turn.follower)), None)
            return (turn.x, turn.y), follower
    return None, None
