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

from ..engine import FOLLOWER, Game, Move
from ..engine.events import FEATURE_NAMES
from .expert import ExpertBot
from .valuation import valuation_types

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
    mine = [e for e in events if me in e.players]
    returned = sum(1 for e in events for f in e.figures_returned if f.player == me)
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
    if mine:
        best = max(mine, key=lambda e: e.points)
        parts.append(Clause("close", _kind(best.feature), best.points, count=int(best.players != (me,))))
        others = sum(e.points for e in mine if e is not best)
        if others:
            parts.append(Clause("more", points=others))
        if placed_back:
            parts.append(Clause("keep"))
        elif returned:
            parts.append(Clause("home", count=returned))
        if spot and not placed_back:
            parts.append(Clause("place", _kind(after.feature_at(move.x, move.y, spot).kind)))
            parts.extend(later)
    elif spot and not placed_back:
        feature = after.feature_at(move.x, move.y, spot)
        kind = _kind(feature.kind)
        shared = [p for p in feature.owners if p != me]
        claim = next((c for v in hooks if (c := v.claim_clause(feature)) is not None), None)
        if shared:
            parts.append(Clause("share", kind, owner=game.names[shared[0]]))
        elif kind == "farm":
            completed = sum(1 for c in feature.cities if c.complete)
            parts.append(Clause("farm", kind, count=completed, other=len(feature.cities) - completed))
        elif kind == "cloister":
            parts.append(Clause("monk", kind, count=len(feature.tiles) - 1))
        elif claim is not None:  # an expansion's feature (worth its points only if completed, say)
            parts.append(claim)
        else:
            parts.append(Clause("claim", kind, feature.points, count=len(feature.tiles)))
        parts.extend(later)
    elif not parts:
        grows = _grows_own_feature(after, move, me)
        if grows:
            parts.append(Clause("extend", grows))
        elif after.supply[me]:
            parts.append(Clause("hold"))
        else:
            parts.append(Clause("least"))
    theirs = [e for e in events if me not in e.players]
    if theirs:
        parts.append(Clause("gives", points=sum(e.points for e in theirs)))
    return Why(tuple(parts))


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
