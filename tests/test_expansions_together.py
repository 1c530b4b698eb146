"""Traders & Builders with The Princess & the Dragon (shared/docs/princess-dragon.md,
"Traders & Builders"): builders and pigs are eaten; one whose owner has no follower left in its
feature (eaten, removed by the princess) goes home too; the two parts of a double turn are one
turn, with one fairy point. Random games with every expansion, checked after every entry."""

from __future__ import annotations

import random

from carcassonne.engine import Game, Move, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.expansions.princess_dragon.rules import fairy_follower
from carcassonne.expansions.traders_builders.rules import BUILDER, PIG, second_part_due
from carcassonne.tileset import standard_tiles

TILES = standard_tiles()


def _decided(game: Game, move: Move, rng: random.Random) -> Move:
    while (asked := game.decision(move)) is not None:
        move = move.deciding(rng.choice(asked.options))
    return move


def _lonely(game: Game) -> list[tuple[str, int, int]]:
    """Builders and pigs on the board whose owner has no follower on their feature."""
    found = []
    for kind in (BUILDER.name, PIG.name):
        for owner, nodes in enumerate(game.placed.get(kind, ())):
            for node in nodes:
                if not any(p == owner for p, _ in game.followers_on(game.find(node))):
                    found.append((kind, owner, node))
    return found


def _fairy_points(game: Game, start: int) -> int:
    return sum(1 for e in game.events[start:] if e.feature == "fairy" and not e.complete)


SEEN = {"second parts with the fairy beside their player's follower": 0}


def fairy_owner(game: Game) -> int:
    found = fairy_follower(game)
    return -1 if found is None else found[0]


def _play(rules: Rules, seed: int, players: int) -> Game:
    game = Game(TILES, rules, players, seed=seed)
    rng = random.Random(seed)
    while (tile := game.draw()) is not None:
        placement = rng.choice(game.legal_placements(tile))
        listed = [None, *game.figure_steps(placement)]
        # figures rather than none, builders and the fairy first, so that they meet the dragon
        # and double turns meet the fairy
        wanted = [f for f in listed[1:] if f is not None and f.kind in (BUILDER.name, "fairy")]
        if wanted and rng.random() < 0.6:
            figure = rng.choice(wanted)
        else:
            figure = rng.choice(listed[1:]) if len(listed) > 1 and rng.random() < 0.8 else None
        move = _decided(game, placement.with_figure(figure), rng)
        second, mover, fairy_out = second_part_due(game), game.current, fairy_owner(game)
        n = len(game.events)
        game.play(move)
        assert _lonely(game) == [], (len(game.history), move)
        if second:  # the second part of a double turn: no fairy point of its own
            assert _fairy_points(game, n) == 0, (len(game.history), move)
            SEEN["second parts with the fairy beside their player's follower"] += fairy_out == mover
    game.finish()
    colours = ["red", "green", "blue", "yellow", "black", "pink"][:players]
    seats = [Seat(name=f"P{i}", color=c) for i, c in enumerate(colours)]
    again = GameRecord.from_json(GameRecord.from_game(game, seats).to_json()).replay(TILES, final=True)
    assert again.scores == game.scores
    return game


def test_builders_and_pigs_left_alone_by_the_dragon_or_the_princess_go_home() -> None:
    seen = SEEN["second parts with the fairy beside their player's follower"]
    for seed in range(12):
        rules = Rules(traders_builders=True, princess_dragon=True, abbot=seed % 2 == 0,
                      inns_cathedrals=seed % 3 == 0,
                      farm_scoring=("first-edition", "second-edition", "third-edition")[seed % 3])
        assert _play(rules, seed, 2 + seed % 4).finished
    # the fairy's check is not empty: double turns met the fairy beside their player's follower
    assert SEEN["second parts with the fairy beside their player's follower"] > seen
