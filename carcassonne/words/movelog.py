"""The game's turns in words, for the move log: "Ann placed a city tile north of the start
and put a knight on its city." No pygame: read from the game's history and score events.

Squares are named as everywhere else (:func:`.turn_place.where`), so the log, the analysis and
the replay agree on where a tile went.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from ..engine import FOLLOWER, FigureAt, FigureStep, Game, Move, Orientation
from ..i18n import N_, _
from .expansion import first
from .turn_place import where

#: The follower a move put down, by the kind of place (the rulebook's names), as the log words it.
PUT = {"road": N_(" and put a thief on its road"), "city": N_(" and put a knight on its city"),
       "cloister": N_(" and put a monk on its cloister"), "farm": N_(" and put a farmer on its field")}
#: The same, as advice (a move to make, not one made).
ADVISE_PUT = {"road": N_(" and put a thief on the road"), "city": N_(" and put a knight on the city"),
              "cloister": N_(" and put a monk on the cloister"), "farm": N_(" and put a farmer on the field")}
#: An expansion's figure is worded by its package (:mod:`carcassonne.words.expansion`).
#: A scoring in the log, by feature.
SCORED = {"road": N_("{names} scored {points} for the road"), "city": N_("{names} scored {points} for the city"),
          "cloister": N_("{names} scored {points} for the cloister"),
          "farm": N_("{names} scored {points} for the farm")}
TILE_WORDS = {"cloister-road": N_("cloister tile with a road"),
              "cloister": N_("cloister tile"), "city-road": N_("city and road tile"), "city": N_("city tile"),
              "road": N_("road tile"), "field": N_("field tile")}


@dataclass(frozen=True)
class LogEntry:
    """One turn: its number (from 1), who played it, what happened in words, and where."""

    turn: int
    player: int
    text: str
    cell: tuple[int, int] | None
    follower: FigureAt | None = None


def tile_words(o: Orientation) -> str:
    """What a tile shows, as a player would name it: "city and road tile", "cloister tile"."""
    said = first("tile_words", o)
    if said is not None:
        return str(said)
    kinds = {s.kind for s in o.segments}
    if "cloister" in kinds:
        key = "cloister-road" if "road" in kinds else "cloister"
    elif "city" in kinds and "road" in kinds:
        key = "city-road"
    else:
        key = next((kind for kind in ("city", "road") if kind in kinds), "field")
    return _(TILE_WORDS[key])


def entries(game: Game, timed_out: Collection[int] = ()) -> list[LogEntry]:
    """Every turn played so far, oldest first; those in ``timed_out`` (numbered from 1) were
    played by a computer for a person whose turn timer ran out, and say so first."""
    out = []
    events_by_turn: dict[int, list[str]] = {}
    for ev in game.events:
        if not ev.final and ev.players:
            who = _(" and ").join(game.names[p] for p in ev.players)
            scored = SCORED.get(ev.feature) or first("scored_words", ev.feature) or SCORED["farm"]
            events_by_turn.setdefault(ev.turn, []).append(_(scored).format(names=who, points=ev.points))
    on_board = {(f.x, f.y, f.place): f for f in game.figures_on_board()}
    players = players_of_turns(game)
    removed = sent_home(game)
    for i, turn in enumerate(game.history, start=1):
        player = players[i - 1]
        name = game.names[player]
        if not isinstance(turn, Move):
            out.append(LogEntry(i, player, _("{name}'s tile fitted nowhere and went back to the box.").format(
                name=name), None))
            continue
        text = played_words(game, name, turn)
        if i in timed_out:
            text = _("Time ran out: the computer played for {name}.").format(name=name) + " " + text
        step = turn.figure
        follower = on_board.get((turn.x, turn.y, step.place)) if step is not None and not step.action else None
        if i in events_by_turn:
            text += " " + "; ".join(events_by_turn[i]) + "."
        said = first("removed_words", game, turn, removed[i]) if i in removed else None
        if said:
            text += " " + str(said)
        out.append(LogEntry(i, player, text, (turn.x, turn.y), follower))
    return out


def put_words(move: Move) -> str:
    """The figure a move put down, as the end of a sentence (" and put a knight on its city")."""
    step = move.figure
    if step is None:
        return ""
    feature = step.place.partition(":")[0]
    elsewhere = first("elsewhere_words", step, False) if step.at is not None else None
    if elsewhere is not None:  # (a step on another tile: the expansion whose rule it is words it)
        return str(elsewhere)
    if step.kind == FOLLOWER.name:
        return _(PUT.get(feature, N_(" and put a follower on it")))
    said = first("put_words", step, feature)
    return str(said) if said is not None else _(N_(" and put a follower on it"))


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
    step = move.figure
    if step is None:
        return text + _keep_words(instead_of.figure)
    feature = step.place.partition(":")[0]
    elsewhere = first("elsewhere_words", step, True) if step.at is not None else None
    if elsewhere is not None:
        return text + str(elsewhere)
    if step.kind == FOLLOWER.name:
        return text + _(ADVISE_PUT.get(feature, N_(" and put a follower on it")))
    said = first("advise_words", step, feature)
    return text + (str(said) if said is not None else _(N_(" and put a follower on it")))


def _keep_words(played: FigureStep | None) -> str:
    """Advice to put no figure down, said after the figure the move played put down (or took back)."""
    if played is None:
        return ""
    said = first("keep_words", played) if played.kind != FOLLOWER.name else None
    return str(said) if said is not None else _(" and keep the follower")


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


def sent_home(game: Game, last: int = 0) -> dict[int, list[FigureAt]]:
    """The figures a rule sent home without scoring them (eaten, removed), by the turn
    (numbered from 1) that did it: on the board before the turn, gone after it, and not
    returned by a scoring. Only the ``last`` turns when given (the game taken back on a copy)."""
    trial = game.copy()
    if trial.finished:
        trial.pop()
    found: dict[int, list[FigureAt]] = {}
    while trial.history and (not last or len(game.history) - len(trial.history) < last):
        number, after, events = len(trial.history), set(trial.figures_on_board()), list(trial.events)
        trial.pop()
        returned = {f for e in events[len(trial.events):] for f in e.figures_returned}
        gone = set(trial.figures_on_board()) - after - returned
        if gone:
            found[number] = sorted(gone, key=lambda f: (f.x, f.y, f.place, f.player))
    return found


def last_move(game: Game) -> tuple[tuple[int, int] | None, FigureAt | None]:
    """The square of the last tile placed and the figure it brought, if still on the board."""
    for turn in reversed(game.history):
        if isinstance(turn, Move):
            figure = None
            step = turn.figure
            if step is not None and not step.action:
                figure = next((f for f in game.figures_on_board()
                               if (f.x, f.y, f.place) == (turn.x, turn.y, step.place)), None)
            return (turn.x, turn.y), figure
    return None, None
