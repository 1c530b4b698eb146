"""The hint: the move Expert would make now, and one sentence why.

A pure function of the position (the UI shows the move as a ghost tile and
follower and prints the sentence): :func:`hint` asks the Expert search for the
move, :func:`why` says what that move does for the player in the table's words
("closes your city for 8 points and keeps a follower"). Like every computer
player it sees only what the player sees, so a hint never gives away the draw
order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game, Move
from ..engine.events import FEATURE_NAMES
from .expert import ExpertBot

#: What a follower on each kind of feature is called (rulebook: "Placing a follower").
ROLE = {"road": "thief", "city": "knight", "cloister": "monk", "field": "farmer"}


@dataclass(frozen=True)
class Hint:
    """The suggested move and the sentence that explains it."""

    move: Move
    reason: str


def hint(game: Game, seed: int = 0, budget: float | None = None) -> Hint:
    """Expert's move for the tile in hand (after ``game.draw()``); ``game`` is not changed.

    Blocks as long as an Expert move (about a second): call it off the UI thread.
    """
    bot = ExpertBot(seed) if budget is None else ExpertBot(seed, budget=budget)
    move = bot.choose(game)
    return Hint(move, why(game, move))


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def why(game: Game, move: Move) -> str:
    """One sentence saying what ``move`` does for the player to move (``game`` is not changed)."""
    me = game.current
    names = game.names
    after = game.copy()
    n = len(after.events)
    after.push(move)
    events = after.events[n:]
    mine = [e for e in events if me in e.players]
    returned = sum(1 for e in events for f in e.followers_returned if f.player == me)
    placed_back = bool(move.follower) and any(
        f.player == me and (f.x, f.y) == (move.x, move.y) for e in events for f in e.followers_returned)
    parts: list[str] = []
    if mine:
        best = max(mine, key=lambda e: e.points)
        whose = "your" if best.players == (me,) else "a shared"
        verb = "completes" if best.feature == "cloister" else "closes"
        parts.append(f"{verb} {whose} {FEATURE_NAMES.get(best.feature, best.feature)} for "
                     f"{_points(best.points)}")
        others = sum(e.points for e in mine if e is not best)
        if others:
            parts.append(f"scores {_points(others)} more")
        if placed_back:
            parts.append("keeps a follower")
        elif returned:
            parts.append(f"brings {'a follower' if returned == 1 else f'{returned} followers'} home")
        if move.follower and not placed_back:
            kind = after.feature_at(move.x, move.y, move.follower).kind
            parts.append(f"places a {ROLE.get(kind, 'follower')}")
    elif move.follower and not placed_back:
        feature = after.feature_at(move.x, move.y, move.follower)
        kind = feature.kind
        role = ROLE.get(kind, "follower")
        shared = [p for p in feature.owners if p != me]
        what = FEATURE_NAMES.get(kind, kind)
        if shared:
            parts.append(f"puts a {role} into {names[shared[0]]}'s {what} to share it")
        elif kind == "field":
            cities = sum(1 for c in feature.cities if c.complete)
            open_cities = len(feature.cities) - cities
            parts.append(f"puts a farmer on a farm beside {cities} completed and {open_cities} open "
                         f"cit{'y' if open_cities == 1 else 'ies'}")
        elif kind == "cloister":
            parts.append(f"puts a monk on a cloister with {len(feature.tiles) - 1} of 8 neighbours")
        else:
            parts.append(f"puts a {role} on a {what} of {len(feature.tiles)} tile"
                         f"{'s' if len(feature.tiles) != 1 else ''}, worth "
                         f"{_points(feature.points)} now and more as it grows")
    else:
        grows = _grows_own_feature(after, move, me)
        if grows:
            parts.append(f"adds to your {grows}")
        elif after.supply[me]:
            parts.append("keeps your followers in hand for later and helps the others least")
        else:
            parts.append("the place where this tile helps the others least")
    theirs = [e for e in events if me not in e.players]
    if theirs:
        parts.append(f"though it scores {_points(sum(e.points for e in theirs))} for the others")
    sentence = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return sentence[0].upper() + sentence[1:] + "."


def _grows_own_feature(after: Game, move: Move, me: int) -> str | None:
    """The kind of a feature of the player's that the placed tile joins, if any."""
    o = after.tiles.kinds[move.tile].orientations[move.rotation // 90]
    seen: set[int] = set()
    for spot, segment in o.spots.items():
        if segment in seen:
            continue
        seen.add(segment)
        feature = after.feature_at(move.x, move.y, spot)
        if feature.kind != "field" and me in feature.leaders and feature.owners:
            return FEATURE_NAMES.get(feature.kind, feature.kind)
    return None
