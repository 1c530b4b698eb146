"""Properties over thousands of random games, with every rule option and house rule.

Every move the generator offers is legal by the rule-by-rule check; followers are
conserved; scores never drop; no feature is scored twice; undo restores the game
exactly; a written record replays to the same scores; and the house rules hold:
tiles stay on the table, a hole earns the same player another turn, unfinished
features score nothing when they should not, a returned tile really fit nowhere.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne.engine import FOLLOWERS, Discard, Game
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.engine.rules import COLORS
from carcassonne.tileset import standard_tiles

import strategies
from figures import step

TILES = standard_tiles()

rules_strategy = strategies.rules()


def snapshot(game: Game) -> tuple:
    return (tuple(game.scores), tuple(game.supply), game.current, len(game.history),
            tuple(sorted((x, y, o.kind.id, o.rotation) for x, y, o in game.placed_tiles())),
            tuple(sorted((f.player, f.x, f.y, f.place) for f in game.figures_on_board())),
            tuple(sorted(game.open.items())), tuple(sorted(game.deck.counts.items())),
            len(game.events), tuple(game._states), tuple(sorted(game.placed.items())), tuple(game.deck.pile))


def random_turn(game: Game, rng: random.Random):
    tile = game.draw()
    if tile is None:
        return None
    placement = rng.choice(game.legal_placements(tile))
    spots = game.follower_spots(placement)
    return placement.with_figure(step(rng.choice(spots) if spots and rng.random() < 0.6 else None))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), rules=rules_strategy)
def test_random_games_keep_every_rule(seed, players, rules):
    game = Game(TILES, rules, players, seed=seed)
    rng = random.Random(seed)
    scored: set = set()
    while (turn := random_turn(game, rng)) is not None:
        assert game.why_not(turn) is None, turn
        assert game.inside(turn.x, turn.y)
        bonus = rules.hole_bonus and game.fills_hole(turn.x, turn.y)
        player = game.current
        before = game.scores[:]
        if rng.random() < 0.1:  # undo restores everything exactly
            state = snapshot(game)
            game.push(turn)
            game.pop()
            assert snapshot(game) == state
        events = game.play(turn)
        assert game.current == (player if bonus else (player + 1) % players)
        assert all(a >= b for a, b in zip(game.scores, before))
        for e in events:
            key = (e.feature, frozenset(e.tiles), frozenset(e.figures_returned))
            assert key not in scored
            scored.add(key)
            assert e.points > 0 and e.players
        on_board = game.figures_on_board()
        for p in range(players):
            assert game.supply[p] + sum(f.player == p for f in on_board) == FOLLOWERS
            assert game.supply[p] >= 0
        if not rules.farmers:
            assert not any(f.place.startswith("farm") for f in on_board)
    if rules.discard != "bag":
        assert not any(isinstance(t, Discard) and t.returned for t in game.history)
    before = game.scores[:]
    gains = game.final_points()  # the computer players' shortcut agrees with the events
    final = game.finish()
    assert [a - b for a, b in zip(game.scores, before)] == gains
    assert all(a >= b for a, b in zip(game.scores, before))
    if not rules.incomplete_score:
        assert all(e.feature == "farm" for e in final)
    seats = [Seat(f"P{i}", COLORS[i]) for i in range(players)]
    again = GameRecord.from_json(GameRecord.from_game(game, seats).to_json()).replay(TILES)
    assert again.scores == game.scores and again.finished


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=rules_strategy)
def test_a_copy_is_independent_and_plays_the_same(seed, rules):
    game = Game(TILES, rules, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(20):  # (a small table may end the game sooner)
        if (turn := random_turn(game, rng)) is None:
            break
        game.push(turn)
    copy = game.copy()
    state = snapshot(game)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while (turn := random_turn(copy, rng_a)) is not None:
        copy.push(turn)
    copy.finish()
    assert snapshot(game) == state
    while (turn := random_turn(game, rng_b)) is not None:
        game.push(turn)
    game.finish()
    assert game.scores == copy.scores


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=rules_strategy)
def test_undoing_a_whole_game_returns_to_the_start(seed, rules):
    game = Game(TILES, rules, 3, seed=seed)
    start = snapshot(game)
    rng = random.Random(seed)
    while (turn := random_turn(game, rng)) is not None:
        game.push(turn)
    game.finish()
    while game.history:
        game.pop()
    assert snapshot(game) == start


def test_two_thousand_quick_games_conserve_followers_and_end_full():
    """The bulk run: many more games with cheap checks only, every combination of options."""
    combinations = strategies.every_combination()
    for seed in range(2000):
        rules = combinations[seed % len(combinations)]
        game = Game(TILES, rules, 2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while (turn := random_turn(game, rng)) is not None:
            game.push(turn)
        game.finish()
        on_board = game.figures_on_board()
        for p in range(game.players):
            assert game.supply[p] + sum(f.player == p for f in on_board) == FOLLOWERS
        assert not game.deck.pile
        dealt = [t for t in game.history if not (isinstance(t, Discard) and t.returned)]
        assert len(dealt) == (83 if rules.river else 71)
