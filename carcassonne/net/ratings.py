"""Ratings of rated games with OpenSkill's Plackett-Luce model, made for free-for-all games
of several players: each finished rated game updates every player at its table at once.

``openskill`` is the server's alone (``carcassonne[server]``): it is imported here, lazily,
when a rated game ends, so the game and its binary never need it. A server without it
keeps no accounts and opens no rated games (:func:`available`).

Places come from the final scores; players with equal scores share their place (the rules
of the game share the victory), and OpenSkill rates a shared place as it does.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

#: A player's rating before a game (mu, sigma), or None for a player's first rated game.
Before = tuple[float, float] | None


@dataclass(frozen=True)
class Standing:
    """A player's line of a leaderboard: the name as registered, games rated, the rating."""

    name: str
    games: int
    mu: float
    sigma: float
    ordinal: float

    def to_json(self) -> dict[str, str | int | float]:
        return {"name": self.name, "games": self.games, "mu": self.mu, "sigma": self.sigma,
                "ordinal": self.ordinal}


def available() -> bool:
    """Whether this server can rate games (``openskill`` is installed)."""
    return importlib.util.find_spec("openskill") is not None


def places(scores: list[int]) -> list[int]:
    """Each seat's place from the final scores: 1 for the best, equal scores the same place."""
    return [1 + sum(other > score for other in scores) for score in scores]


def rate(before: list[Before], scores: list[int]) -> list[tuple[float, float, float]]:
    """Every player's (mu, sigma, ordinal) after a game with these final scores."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    teams = [[model.rating() if b is None else model.rating(mu=b[0], sigma=b[1])] for b in before]
    after = model.rate(teams, ranks=[float(p) for p in places(scores)])
    return [(team[0].mu, team[0].sigma, team[0].ordinal()) for team in after]


def first_rating() -> tuple[float, float, float]:
    """The (mu, sigma, ordinal) of a player before their first rated game."""
    from openskill.models import PlackettLuce

    rating = PlackettLuce().rating()
    return rating.mu, rating.sigma, rating.ordinal()
