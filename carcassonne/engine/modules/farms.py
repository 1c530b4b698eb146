"""Farmers as a rule module: followers on fields, and the three editions' farm scoring.

Farms score only at the end, and only completed cities (AR "Final scoring", FAQ 25).
How they score is the ``farm_scoring`` rule key (see :class:`~carcassonne.engine.rules.Rules`):
``third-edition`` each farm 3 points per completed city it borders to its majority
(AR p. 10, FAQ 25-27); ``second-edition`` the same, but a player scores any one city
at most once however many of its farms they win (AR FAQ 28); ``first-edition`` each
completed city 4 points to the majority of farmers over all farms bordering it (RG,
"Farmers score points for supplying cities"). Without farmers (``farmers: false``)
this module is off: no follower may stand on a field and nothing scores farms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..rules import FIRST_EDITION, SECOND_EDITION, THIRD_EDITION
from ..scoring import Award
from ..tiles import FIELD
from .base import RuleModule

if TYPE_CHECKING:
    from ..game import Game

FARM = "farm"


def completed_cities(game: Game, farm: int) -> list[int]:
    """The completed cities (roots) a farm borders, each once."""
    find, open_ = game._find, game._open
    return sorted(r for r in {find(c) for c in game._cities[farm]} if open_[r] == 0)


def _by_points(points: dict[int, int]) -> list[tuple[int, tuple[int, ...]]]:
    """Players grouped by what they score, most first: one award each."""
    groups: dict[int, list[int]] = {}
    for player, value in points.items():
        groups.setdefault(value, []).append(player)
    return [(value, tuple(players)) for value, players in sorted(groups.items(), reverse=True)]


def third_edition(game: Game, farms: list[int]) -> list[Award]:
    """Each farm: 3 points per completed city it borders to its majority (AR p. 10, FAQ 25-27),
    each winner's city worth what rule modules add (a figure of its on the farm: 4). A farm bordering
    no completed city is scored too, 0 points (game-record.md: the move log names it)."""
    awards = []
    for farm in farms:
        cities = completed_cities(game, farm)
        winners = game.majority(game.followers_on(farm))
        points = {p: len(cities) * game.city_points(p, farm, 3) for p in winners}
        for value, players in _by_points(points):
            awards.append(Award(FARM, value, players, farm, len(cities)))
    return awards


def second_edition(game: Game, farms: list[int]) -> list[Award]:
    """Farm by farm, 3 points per completed city to its majority, but a player scores
    any one city at most once however many of its farms they win (AR FAQ 28). A city is
    worth more to a player when a rule module says so on one of the farms they win that
    border it (one more: 4). A winner left with no city to score gets a 0-point award."""
    won: list[list[int]] = [[] for _ in range(game.players)]
    for farm in farms:
        for p in game.majority(game.followers_on(farm)):
            won[p].append(farm)
    scored: list[set[int]] = [set() for _ in range(game.players)]
    awards = []
    for farm in farms:
        cities = completed_cities(game, farm)
        points: dict[int, int] = {}
        counted: dict[int, int] = {}
        for p in game.majority(game.followers_on(farm)):
            new = [c for c in cities if c not in scored[p]]
            scored[p].update(new)
            points[p] = sum(max(game.city_points(p, f, 3) for f in won[p] if c in completed_cities(game, f))
                            for c in new)
            counted[p] = len(new)
        for value, players in _by_points(points):
            awards.append(Award(FARM, value, players, farm, counted[players[0]]))
    return awards


def first_edition(game: Game, farms: list[int]) -> list[Award]:
    """Each completed city: 4 points to the majority of farmers on all farms bordering it (RG),
    more to a winner a rule module says so of on one of those farms (one more: 5); then each
    farm that supplies no city, 0 points."""
    supplying: dict[int, list[int]] = {}
    for farm in farms:
        for city in completed_cities(game, farm):
            supplying.setdefault(city, []).append(farm)
    awards = []
    for city in sorted(supplying):
        fs = tuple(f for farm in supplying[city] for f in game.followers_on(farm))
        points = {p: max(game.city_points(p, farm, 4) for farm in supplying[city]) for p in game.majority(fs)}
        for value, players in _by_points(points):
            awards.append(Award(FARM, value, players, city, 1))
    for farm in farms:  # a farm that supplies no city scores 0 to its majority
        if not completed_cities(game, farm):
            awards.append(Award(FARM, 0, game.majority(game.followers_on(farm)), farm, 0))
    return awards


EDITIONS: dict[str, Callable[[Game, list[int]], list[Award]]] = {
    THIRD_EDITION: third_edition, SECOND_EDITION: second_edition, FIRST_EDITION: first_edition}


class Farmers(RuleModule):
    """Followers may be farmers; occupied farms score at the end by ``edition``."""

    record_keys = ("farmers", "farm_scoring")
    claims = frozenset({FIELD})

    def __init__(self, edition: str) -> None:
        self.edition = edition
        self._score = EDITIONS[edition]

    def final_awards(self, game: Game, roots: list[int], awards: list[Award]) -> None:
        kinds = game._kind
        farms = [r for r in roots if kinds[r] == FIELD]
        if farms:
            awards.extend(self._score(game, farms))
