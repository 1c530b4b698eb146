"""Player aids: dead spots, tiles that fit, projected score."""

from __future__ import annotations

from carcassonne.bench import board_of
from carcassonne.engine import Placement
from carcassonne.engine.aids import dead_spots, projected_scores, tiles_that_fit

from builder import new_game, play


def brute_force_fits(game, x, y):
    out = {}
    for tile, left in game.deck.counts.items():
        rots = tuple(r for r in (0, 90, 180, 270)
                     if left and game.why_not_placement(Placement(tile, x, y, r)) is None)
        if rots:
            out[tile] = rots
    return out


def test_tiles_that_fit_agree_with_the_rules_on_real_boards():
    found_dead = 0
    for seed in range(12):
        game = board_of(new_game().tiles, 20 + 4 * seed, seed)
        for x, y in game.open_positions():
            fits = tiles_that_fit(game, x, y)
            assert fits == brute_force_fits(game, x, y)
            assert (not fits) == ((x, y) in dead_spots(game))
        found_dead += len(dead_spots(game))
    assert found_dead > 0


def test_a_spot_is_dead_once_the_only_tile_that_could_fill_it_is_gone():
    game = new_game()
    # Around (1, -1): city from the west (N's east city) and the south (L's north city).
    play(game, "N 0 -1 180 city:S", "L 1 0 0")
    fits = tiles_that_fit(game, 1, -1)
    assert "N" in fits and "R" in fits
    assert (1, -1) not in dead_spots(game)


def test_at_the_start_only_matching_tiles_fit_north_of_the_start_tile():
    game = new_game()
    fits = tiles_that_fit(game, 0, -1)
    assert "B" not in fits and "U" not in fits and fits["E"] == (180,)


def test_river_spots_follow_the_river_rules():
    game = new_game(river=True)
    assert set(tiles_that_fit(game, 1, 0)) >= {"R3", "R7", "R10"}
    below_the_spring = tiles_that_fit(game, 0, 1)  # land tiles come after the river
    assert "E" in below_the_spring and not any(t.startswith("R") and t[1:] for t in below_the_spring)
    assert (0, 1) not in dead_spots(game)


def test_projected_score_adds_final_scoring_without_changing_the_game():
    game = new_game()
    play(game, "W 1 0 0 road:W", "M 0 -1 180 city:S")
    assert projected_scores(game) == [2, 3]
    assert game.scores == [0, 0] and not game.finished
    game.finish()
    assert projected_scores(game) == game.scores == [2, 3]


def test_a_spot_is_dead_once_every_tile_that_could_fill_it_has_been_drawn():
    game = new_game()
    # (1, -1) sits between N's east city and L's north city: only a few tile kinds fit there.
    play(game, "N 0 -1 180 city:S", "L 1 0 0")
    fits = tiles_that_fit(game, 1, -1)
    assert fits and (1, -1) not in dead_spots(game)
    for tile in fits:  # those tiles are used up elsewhere (taken out of the box)
        while game.deck.counts[tile]:
            game.deck.take(tile)
    assert tiles_that_fit(game, 1, -1) == {}
    assert (1, -1) in dead_spots(game)
    # a dead spot's neighbours are not dead just because of it
    assert all(tiles_that_fit(game, x, y) for x, y in game.open_positions() if (x, y) not in dead_spots(game))


def test_dead_spots_on_a_board_are_exactly_the_open_squares_nothing_fits():
    game = board_of(new_game().tiles, 40, 3)
    dead = dead_spots(game)
    assert dead == sorted((x, y) for x, y in game.open_positions() if not brute_force_fits(game, x, y))
