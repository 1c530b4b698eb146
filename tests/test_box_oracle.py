"""The Abbot and gardens (and a random start tile) against the naive second engine.

A reverse check: random games played by the engine, with the Abbot and every other
option, each turn checked from the outside by ``tests/oracle.py`` (features rebuilt by
flood fill after the placement) and by a record of the abbots kept here from the moves
alone, never from the engine's state. What is checked is the 2021 rules' text
(``shared/rules/zman-new-edition-2021.txt``, "The Abbot"; the record format's "The Abbot"):

- where a tile may go and where a follower may stand (never on a garden);
- the abbot's places: the placed tile's cloister or garden, only while the abbot is home;
- taking it back: offered only while it is out; it scores 1 + the tiles around it at once
  (the tile just placed included);
- a completed garden or cloister scores 9 and sends its abbot home;
- a player's followers: 7, less those on the board; the abbot is not one of them;
- at the end, an abbot still out scores as a monk on an incomplete cloister (nothing
  with ``incomplete_score: false``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.engine import Game, Placement, Rules, ScoreEvent
from carcassonne.engine.rules import DISCARDS, FARM_SCORINGS, RANDOM, START_BOOK
from carcassonne.tileset import standard_tiles

import strategies
from figures import BACK, ON_CLOISTER, ON_GARDEN, actions, extras, step
from oracle import Position, segment_of, turned

TILES = standard_tiles()
FIGURE_OF = {ON_CLOISTER: "cloister", ON_GARDEN: "garden"}


class Abbots:
    """Where each player's abbot stands, kept from the moves and the score events only."""

    def __init__(self) -> None:
        self.at: dict[int, tuple[int, int, str]] = {}

    def played(self, player: int, placement: Placement, figure: str | None) -> None:
        if figure in FIGURE_OF:
            self.at[player] = (placement.x, placement.y, FIGURE_OF[figure])
        elif figure == BACK:
            del self.at[player]

    def scored(self, events: list[ScoreEvent]) -> None:
        for event in events:
            for f in event.figures_returned:
                if self.at.get(f.player) == (f.x, f.y, f.place):
                    del self.at[f.player]


def one_tile_features(game: Game, placement: Placement) -> set[str]:
    """The cloister and garden of the placed tile, read from its segments as turned."""
    _, segs = turned(game.tiles[placement.tile], placement.rotation)
    return {kind for kind, _, _ in segs if kind in ("cloister", "garden")}


def check_placements(game: Game, tile: str, oracle: Position) -> None:
    engine = game.legal_placements(tile)
    assert {(p.x, p.y, p.rotation) for p in engine} == oracle.legal_placements(tile), tile
    for p in engine:
        segs = turned(game.tiles[tile], p.rotation)[1]
        spots = game.follower_spots(p)
        assert all(not s.startswith("garden") for s in spots), (p, spots)
        assert {segment_of(segs, s) for s in spots} == oracle.follower_places(tile, p.x, p.y, p.rotation), p


def check_figures(game: Game, placement: Placement, abbots: Abbots) -> None:
    """The abbot's places and taking it back, as the rules allow them now."""
    me = game.current
    expected = set()
    if me not in abbots.at:
        expected = {f for f, kind in FIGURE_OF.items() if kind in one_tile_features(game, placement)}
    assert set(extras(game, placement)) == expected, placement
    assert set(actions(game, placement)) == ({BACK} if me in abbots.at else set())


def check_take_back(after: Position, player: int, abbots: Abbots, events: list[ScoreEvent]) -> None:
    """The abbot taken back after the tile is placed scores at once what its cloister or
    garden is worth now, before the turn's other scoring: 1 + the tiles around it, the
    placed tile included (with ``table_closes``, squares beyond the edge count)."""
    x, y, kind = abbots.at[player]
    back = events[0]
    assert back.feature == kind and back.players == (player,) and not back.complete
    assert [(f.x, f.y, f.place) for f in back.figures_returned] == [(x, y, kind)]
    assert back.points == 1 + after.cloister_neighbours(x, y), back


def check_completions(game: Game, events: list[ScoreEvent]) -> None:
    after = Position(game)
    for event in events:
        if event.feature in ("cloister", "garden"):
            f = event.figures_returned[0]
            assert after.cloister_neighbours(f.x, f.y) == 8 and event.points == 9, event


def check_board(game: Game, abbots: Abbots) -> None:
    """Every abbot stands where the moves put it; each player's followers add up to 7."""
    on_board = game.figures_on_board()
    for player, (x, y, kind) in abbots.at.items():
        assert any((f.player, f.x, f.y, f.place) == (player, x, y, kind) for f in on_board), (player, x, y)
    for player in range(game.players):
        followers = sum(1 for f in on_board if f.player == player) - (player in abbots.at)
        assert followers + game.supply[player] == 7, player


def check_final(game: Game, abbots: Abbots, events: list[ScoreEvent]) -> None:
    """An abbot still out scores as a monk on an incomplete cloister (AR "Final scoring")."""
    oracle = Position(game)
    for player, (x, y, kind) in abbots.at.items():
        mine = [e for e in events if any((f.player, f.x, f.y, f.place) == (player, x, y, kind)
                                         for f in e.figures_returned)]
        if game.rules.incomplete_score:
            assert len(mine) == 1 and mine[0].points == 1 + oracle.cloister_neighbours(x, y), mine
        else:
            assert sum(e.points for e in mine) == 0, mine


def play_checked(game: Game, rng: random.Random, check_every: bool = True) -> int:
    """One random game with the abbot played often; every turn checked. Returns the abbot moves seen."""
    abbots = Abbots()
    seen = 0
    while (tile := game.draw()) is not None:
        oracle = Position(game)
        if check_every:
            check_placements(game, tile, oracle)
        placement = rng.choice(game.legal_placements(tile))
        check_figures(game, placement, abbots)
        choices = game.follower_spots(placement)
        extra = extras(game, placement) + actions(game, placement)
        figure = None
        if extra and rng.random() < 0.6:
            figure = rng.choice(extra)
        elif choices and rng.random() < 0.7:
            figure = rng.choice(choices)
        player, n = game.current, len(game.events)
        game.push(placement.with_figure(step(figure)))
        events = game.events[n:]
        if figure == BACK:
            check_take_back(Position(game), player, abbots, events)
        seen += figure is not None and figure.startswith("abbot")
        abbots.played(player, placement, figure)
        check_completions(game, events[1:] if figure == BACK else events)
        abbots.scored(events)
        check_board(game, abbots)
    n = len(game.events)
    game.finish()
    check_final(game, abbots, game.events[n:])
    return seen


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=strategies.rules())
def test_random_games_with_the_abbot_agree_with_the_oracle(seed, players, rules):
    """Every placement, follower place, abbot place and abbot score of random games with
    the Abbot and any other option (the table, house rules, a random start tile)."""
    game = Game(TILES, rules.replace(abbot=True), players, seed=seed)
    play_checked(game, random.Random(seed))


@pytest.mark.slow
def test_a_few_hundred_games_with_the_abbot_and_a_random_start_tile():
    """The reverse check at size: 300 games (2 to 6 players, a random start tile in half of
    them, the other options drawn), every abbot move and score checked; placements listed
    every turn in the first 100 (they are the slow part; the property test above has more)."""
    rng = random.Random(2026)
    abbot_moves = 0
    for index in range(300):
        game = Game(TILES, random_rules(rng), rng.randint(2, 6), seed=index)
        abbot_moves += play_checked(game, rng, check_every=index < 100)
    assert abbot_moves > 300 * 3  # the abbot really was played, taken back and scored


def random_rules(rng: random.Random) -> Rules:
    river = rng.random() < 0.3
    table = rng.choice(strategies.TABLES)
    return Rules(farmers=rng.random() < 0.7, farm_scoring=rng.choice(FARM_SCORINGS),
                 small_city=rng.random() < 0.3, river=river, incomplete_score=rng.random() < 0.7,
                 hole_bonus=rng.random() < 0.3, table=table,
                 table_closes=table is not None and rng.random() < 0.5, discard=rng.choice(DISCARDS),
                 start=START_BOOK if river or rng.random() < 0.5 else RANDOM, abbot=True)
