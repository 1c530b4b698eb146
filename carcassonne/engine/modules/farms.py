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


def third_edition(game: Game, farms: list[int]) -> list[Award]:
    """Each farm: 3 points per completed city it borders to its majority (AR p. 10, FAQ 25-27)."""
    awards = []
    for farm in farms:
        cities = completed_cities(game, farm)
        if cities:
            awards.append(Award(FARM, 3 * len(cities), game._majority(game._followers[farm]), farm, len(cities)))
    return awards


def second_edition(game: Game, farms: list[int]) -> list[Award]:
    """Farm by farm, 3 points per completed city to its majority, but a player scores
    any one city at most once however many of its farms they win (AR FAQ 28)."""
    scored: list[set[int]] = [set() for _ in range(game.players)]
    awards = []
    for farm in farms:
        cities = completed_cities(game, farm)
        if not cities:
            continue
        by_count: dict[int, list[int]] = {}
        for p in game._majority(game._followers[farm]):
            new = [c for c in cities if c not in scored[p]]
            scored[p].update(new)
            if new:
                by_count.setdefault(len(new), []).append(p)
        for n, players in sorted(by_count.items(), reverse=True):
            awards.append(Award(FARM, 3 * n, tuple(players), farm, n))
    return awards


def first_edition(game: Game, farms: list[int]) -> list[Award]:
    """Each completed city: 4 points to the majority of farmers on all farms bordering it (RG)."""
    supplying: dict[int, list[int]] = {}
    for farm in farms:
        for city in completed_cities(game, farm):
            supplying.setdefault(city, []).append(farm)
    awards = []
    followers = game._followers
    for city in sorted(supplying):
        fs = tuple(f for farm in supplying[city] for f in followers[farm])
        awards.append(Award(FARM, 4, game._majority(fs), city, 1))
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
