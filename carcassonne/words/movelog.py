"""The game's turns in words, for the move log: "Ann placed a city tile north of the start
and put a knight on its city." No pygame: read from the game's history and score events.

Squares are named as everywhere else (:func:`.turn_place.where`), so the log, the analysis and
the replay agree on where a tile went.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import FollowerAt, Game, Move, Orientation
from ..engine.modules.abbot import BACK, ON_CLOISTER, ON_GARDEN
from ..engine.modules.inns_cathedrals import BIG, is_big
from ..i18n import N_, _
from .turn_place import where

#: The follower a move put down, by the kind of place (the rulebook's names), as the log words it.
PUT = {"road": N_(" and put a thief on its road"), "city": N_(" and put a knight on its city"),
       "cloister": N_(" and put a monk on its cloister"), "farm": N_(" and put a farmer on its field")}
#: The big follower put down (Inns & Cathedrals), by feature.
BIG_PUT = {"road": N_(" and put the big follower on its road"), "city": N_(" and put the big follower on its city"),
           "farm": N_(" and put the big follower on its field")}
#: The abbot put down or taken back (The Abbot).
ABBOT_PUT = {ON_CLOISTER: N_(" and put the abbot on its cloister"), ON_GARDEN: N_(" and put the abbot in its garden"),
             BACK: N_(" and took the abbot back")}
#: The same, as advice (a move to make, not one made).
ADVISE_PUT = {"road": N_(" and put a thief on the road"), "city": N_(" and put a knight on the city"),
              "cloister": N_(" and put a monk on the cloister"), "farm": N_(" and put a farmer on the field")}
#: The big follower and the abbot, as advice.
ADVISE_BIG = {"road": N_(" and put the big follower on the road"), "city": N_(" and put the big follower on the city"),
              "farm": N_(" and put the big follower on the field")}
ADVISE_ABBOT = {ON_CLOISTER: N_(" and put the abbot on the cloister"),
                ON_GARDEN: N_(" and put the abbot in the garden"), BACK: N_(" and take the abbot back")}
#: A scoring in the log, by feature.
SCORED = {"road": N_("{names} scored {points} for the road"), "city": N_("{names} scored {points} for the city"),
          "cloister": N_("{names} scored {points} for the cloister"),
          "garden": N_("{names} scored {points} for the garden"), "farm": N_("{names} scored {points} for the farm")}
TILE_WORDS = {"river": N_("river tile"), "cloister-road": N_("cloister tile with a road"),
              "cloister": N_("cloister tile"), "city-road": N_("city and road tile"), "city": N_("city tile"),
              "road": N_("road tile"), "field": N_("field tile")}


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
        key = "river"
    elif "cloister" in kinds:
        key = "cloister-road" if "road" in kinds else "cloister"
    elif "city" in kinds and "road" in kinds:
        key = "city-road"
    else:
        key = next((kind for kind in ("city", "road") if kind in kinds), "field")
    return _(TILE_WORDS[key])


def entries(game: Game) -> list[LogEntry]:
    """Every turn played so far, oldest first."""
    out = []
    events_by_turn: dict[int, list[str]] = {}
    for ev in game.events:
        if not ev.final and ev.players:
            who = _(" and ").join(game.names[p] for p in ev.players)
            scored = SCORED.get(ev.feature, SCORED["farm"])
            events_by_turn.setdefault(ev.turn, []).append(_(scored).format(names=who, points=ev.points))
    on_board = {(f.x, f.y, f.spot): f for f in game.followers_on_board()}
    players = players_of_turns(game)
    for i, turn in enumerate(game.history, start=1):
        player = players[i - 1]
        name = game.names[player]
        if not isinstance(turn, Move):
            out.append(LogEntry(i, player, _("{name}'s tile fitted nowhere and went back to the box.").format(
                name=name), None))
            continue
        text = played_words(game, name, turn)
        follower = on_board.get((turn.x, turn.y, turn.follower)) if turn.follower else None
        if i in events_by_turn:
            text += " " + "; ".join(events_by_turn[i]) + "."
        out.append(LogEntry(i, player, text, (turn.x, turn.y), follower))
    return out


def put_words(move: Move) -> str:
    """The follower a move put down, as the end of a sentence (" and put a knight on its city")."""
    figure = move.follower
    if not figure:
        return ""
    if figure in ABBOT_PUT:
        return _(ABBOT_PUT[figure])
    if is_big(figure):
        return _(BIG_PUT.get(figure[len(BIG):].partition(":")[0], N_(" and put the big follower on it")))
    return _(PUT.get(figure.partition(":")[0], N_(" and put a follower on it")))


def played_words(game: Game, name: str, move: Move) -> str:
    """A move as the log tells it: "Ann placed a city tile north of the start and put a knight on its city."."""
    o = game.tiles[move.tile].orientations[move.rotation // 90]
    text = _("{name} placed a {tile} {where}").format(name=name, tile=tile_words(o), where=where(move.x, move.y))
    return text + put_words(move) + "."


def advice_words(game: Game, move: Move, instead_of: Move) -> str:
    """A move as advice, in the log's words: "place a city tile north of the start and put a
    knight on its city"; said to be turned when it lies where ``instead_of`` lay."""
    o = game.tiles[move.tile].orientations[move.rotation // 90]
    text = _("place a {tile} {where}").format(tile=tile_words(o), where=where(move.x, move.y))
    if (move.x, move.y) == (instead_of.x, instead_of.y) and move.rotation != instead_of.rotation:
        text += _(", turned another way")
    figure = move.follower
    if not figure:
        return text + _keep_words(instead_of.follower)
    if figure in ADVISE_ABBOT:
        return text + _(ADVISE_ABBOT[figure])
    if is_big(figure):
        return text + _(ADVISE_BIG.get(figure[len(BIG):].partition(":")[0], N_(" and put the big follower on it")))
    return text + _(ADVISE_PUT.get(figure.partition(":")[0], N_(" and put a follower on it")))


def _keep_words(played: str | None) -> str:
    """Advice to put no figure down, said after the figure the move played put down (or took back)."""
    if not played:
        return ""
    if played == BACK:
        return _(" and leave the abbot where it stands")
    if played in ABBOT_PUT:
        return _(" and keep the abbot")
    if is_big(played):
        return _(" and keep the big follower")
    return _(" and keep the follower")


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
