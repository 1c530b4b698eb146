"""The hint: the move Expert would make now, and what that move does.

A pure function of the position (the UI shows the move as a ghost tile and
follower and words the reason): :func:`hint` asks the Expert search for the
move, :func:`explain` says what that move does for the player as facts
(:class:`Why`: a few :class:`Clause` s such as "closes your city for 8 points",
"keeps a follower"), which :mod:`carcassonne.words.hint_words` words in the player's
language for the screen, the command line and the analysis alike. Like every
computer player it sees only what the player sees, so a hint never gives away
the draw order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import FOLLOWER, Feature, Game, Move, ScoreEvent
from ..engine.events import FEATURE_NAMES
from .expert import ExpertBot
from .valuation import Valuation, valuation_types

#: The kinds of :class:`Clause`, each with its facts (all whole numbers or feature names):
#:   ``close``   feature, points, shared (0/1): the move completes a feature of the player's
#:   ``more``    points: further points the move scores for the player
#:   ``keep``    the follower placed comes straight home with the points
#:   ``home``    followers: how many of the player's followers come home
#:   ``place``   feature: a follower is placed besides the scoring
#:   ``share``   feature, owner: a follower joins another player's feature
#:   ``farm``    completed, open: a farmer on a farm beside so many cities
#:   ``monk``    neighbours: a monk on a cloister with so many of its 8 neighbours
#:   ``claim``   feature, tiles, points: a follower on a new road or city
#:   ``extend``  feature: the tile adds to the player's own feature
#:   ``hold``    nothing scored or placed; followers kept in hand
#:   ``least``   nothing scored or placed, no follower in hand
#:   ``gives``   points: what the move scores for the others
#: An expansion adds its own kinds (its ``ai.py``'s hint hooks; its ``words.py`` words them).
KINDS = ("close", "more", "keep", "home", "place", "share", "farm", "monk", "claim", "extend", "hold",
         "least", "gives")


@dataclass(frozen=True)
class Clause:
    """One thing a move does, with its facts (see :data:`KINDS`)."""

    kind: str
    feature: str = ""
    points: int = 0
    count: int = 0
    other: int = 0
    #: The other player's name (``share``).
    owner: str = ""


@dataclass(frozen=True)
class Why:
    """What a move does for the player to move: its clauses, most important first."""

    clauses: tuple[Clause, ...]


@dataclass(frozen=True)
class Hint:
    """The suggested move and what it does."""

    move: Move
    why: Why


def hint(game: Game, seed: int = 0, budget: float | None = None) -> Hint:
    """Expert's move for the tile in hand (after ``game.draw()``); ``game`` is not changed.

    Blocks as long as an Expert move (about a second): call it off the UI thread.
    """
    bot = ExpertBot(seed) if budget is None else ExpertBot(seed, budget=budget)
    move = bot.choose(game)
    return Hint(move, explain(game, move))


def kind_word(feature: str) -> str:
    """A feature's name as players say it (a scored field is a farm)."""
    return FEATURE_NAMES.get(feature, feature)


_kind = kind_word


def explain(game: Game, move: Move) -> Why:
    """What ``move`` does for the player to move (``game`` is not changed)."""
    me = game.current
    after = game.copy()
    n = len(after.events)
    after.push(move)
    events = after.events[n:]
    parts: list[Clause] = []
    hooks = valuation_types(game)
    for value in hooks:  # what the move scores before the tile's own scoring (an expansion's)
        said = value.explain_first(after, move, list(events), parts)
        events = events[said:]
    step = move.figure
    spot = step.place if step is not None and not step.action and step.at is None else None
    placed_back = bool(spot) and any(
        f.player == me and (f.x, f.y) == (move.x, move.y) for e in events for f in e.figures_returned)
    later: list[Clause] = []
    if step is not None and step.kind != FOLLOWER.name:
        for value in hooks:  # an expansion's figure: what is said of it, and where it stands
            said_of = value.explain_figure(after, move, placed_back)
            if said_of is not None:
                spot, now, later = said_of
                parts.extend(now)
                break
    placed = spot if spot and not placed_back else None
    if any(me in e.players for e in events):
        parts += _scored(after, move, events, me, placed_back, placed, later)
    elif placed:
        parts += [_placed(game, after.feature_at(move.x, move.y, placed), me, hooks), *later]
    elif not parts:
        parts.append(_idle(after, move, me))
    theirs = [e for e in events if me not in e.players]
    if theirs:
        parts.append(Clause("gives", points=sum(e.points for e in theirs)))
    return Why(tuple(parts))


def _scored(after: Game, move: Move, events: list[ScoreEvent], me: int, placed_back: bool,
            placed: str | None, later: list[Clause]) -> list[Clause]:
    """What a move that scores for the player says: its best scoring first, then the rest,
    the followers home, and the figure placed besides."""
    mine = [e for e in events if me in e.players]
    best = max(mine, key=lambda e: e.points)
    parts = [Clause("close", _kind(best.feature), best.points, count=int(best.players != (me,)))]
    others = sum(e.points for e in mine if e is not best)
    if others:
        parts.append(Clause("more", points=others))
    returned = sum(1 for e in events for f in e.figures_returned if f.player == me)
    if placed_back:
        parts.append(Clause("keep"))
    elif returned:
        parts.append(Clause("home", count=returned))
    if placed:
        parts += [Clause("place", _kind(after.feature_at(move.x, move.y, placed).kind)), *later]
    return parts


def _placed(game: Game, feature: Feature, me: int, hooks: tuple[type[Valuation], ...]) -> Clause:
    """What a follower placed on ``feature`` (scoring nothing yet) is for."""
    kind = _kind(feature.kind)
    shared = [p for p in feature.owners if p != me]
    if shared:
        return Clause("share", kind, owner=game.names[shared[0]])
    if kind == "farm":
        completed = sum(1 for c in feature.cities if c.complete)
        return Clause("farm", kind, count=completed, other=len(feature.cities) - completed)
    if kind == "cloister":
        return Clause("monk", kind, count=len(feature.tiles) - 1)
    for value in hooks:  # an expansion's feature (worth its points only if completed, say)
        claim = value.claim_clause(feature)
        if claim is not None:
            return claim
    return Clause("claim", kind, feature.points, count=len(feature.tiles))


def _idle(after: Game, move: Move, me: int) -> Clause:
    """What a move that scores and places nothing is for."""
    grows = _grows_own_feature(after, move, me)
    if grows:
        return Clause("extend", grows)
    return Clause("hold") if after.supply[me] else Clause("least")


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
            return _kind(feature.kind)
    return None
