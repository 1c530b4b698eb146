"""Player aids on screen, checked against the engine: why-not tooltips, dead spots, projected
scores, tiles that fit, purist mode, the replay viewer, and two Results/score-track fixes.

Every step is a posted pygame event through the Driver, as in the other app tests.
"""

from __future__ import annotations

import random

import pygame

from carcassonne.app.art.spots import spot_anchor
from carcassonne.app.board.board_view import LAYERS
from carcassonne.app.driver import Driver, random_game, show_cell
from carcassonne.app.play.hud import track_xs
from carcassonne.app.scenes.dialogs import MessageDialog
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.replay import ReplayScene, ReplaysDialog
from carcassonne.app.scenes.results import ResultsScene
from carcassonne.app.scenes.settings import SettingsScene
from carcassonne.app.scenes.title import TitleScene
from carcassonne.app.session import open_replay, play
from carcassonne.bench import board_of
from carcassonne.engine import Game, Placement, Rules
from carcassonne.engine.aids import dead_spots, projected_scores, tiles_that_fit
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.words import explain

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def start(app, game: Game) -> tuple[Driver, PlayScene]:  # noqa: ANN001
    d = Driver(app)
    play(app, game, SEATS)
    scene = app.top
    assert isinstance(scene, PlayScene)
    d.key(pygame.K_RETURN)  # the hot-seat hand-over
    return d, scene


def hover(d: Driver, scene: PlayScene, x: int, y: int) -> None:
    show_cell(d, scene, x, y)
    d.move(scene.camera.cell_center(x, y))


def test_hovering_a_square_where_the_tile_does_not_fit_says_why_and_which_tiles_fit(make_app):
    app = make_app()
    d, scene = start(app, random_game(app.tiles, 14, seed=5))
    turn = scene.turn
    legal = turn.legal_cells()
    bad = next(c for c in scene.game.open_positions() if c not in legal)
    hover(d, scene, *bad)
    tip = scene.tip
    assert tip is not None
    expected = explain.why_not_tile(scene.game, Placement(turn.tile, *bad, turn.rotation))
    assert tip.lines == [expected]
    assert expected.startswith(("Doesn't fit", "Not here")) and "(rules: placing a tile)" in expected
    assert {t for t, _, _ in tip.tiles} == set(tiles_that_fit(scene.game, *bad))
    good = next(iter(legal))
    hover(d, scene, *good)
    assert scene.tip.lines == ["Your tile fits here as it is turned now."]


def test_the_edge_sentence_names_both_edges_and_the_rule(tiles):
    game = Game(tiles, Rules(), players=2, seed=0)
    text = explain.placement_sentence(game.why_not_placement(Placement("E", 0, -1, 0)), [2])
    assert text == ("Doesn't fit: its south edge is field but the tile below needs a city edge there — every "
                    "edge must match (rules: placing a tile). It fits here if you turn it: press R twice.")


def occupied_position(tiles):  # noqa: ANN001, ANN201
    """A game, a legal placement of the drawn tile and a place on it joined to someone's follower."""
    for seed in range(40):
        game = Game(tiles, Rules(), players=2, seed=seed, names=["Ann", "Bob"])
        rng = random.Random(seed)
        for _ in range(30):
            tile = game.draw()
            for p in game.legal_placements(tile):
                o = game.tiles[p.tile].orientations[p.rotation // 90]
                for spot in o.spots:
                    reason = game.why_not_follower(p, spot)
                    if reason and "occupied" in reason and not spot.startswith("farm"):
                        return game, p, spot, reason
            p = rng.choice(game.legal_placements(tile))
            spots = game.follower_spots(p)
            game.play(p.with_follower(rng.choice(spots) if spots and rng.random() < 0.8 else None))
    raise AssertionError("no position found")


def test_hovering_an_occupied_feature_with_a_follower_says_whose_follower_is_there(make_app):
    app = make_app()
    game, p, spot, reason = occupied_position(app.tiles)
    d, scene = start(app, game)
    turn = scene.turn
    assert turn.tile == p.tile
    for _ in range(4):
        if turn.rotation == p.rotation:
            break
        d.key(pygame.K_r)
    show_cell(d, scene, p.x, p.y, 110)
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(p.x, p.y), steps=3)
    assert turn.pending == p
    o = game.tiles[p.tile].orientations[p.rotation // 90]
    ax, ay = spot_anchor(o, spot)
    target = scene.camera.to_screen(p.x + ax, p.y + ay)
    d.move((round(target[0]), round(target[1])))
    assert scene.tip is not None, reason
    owner = reason.split(" by ")[1].split("'s")[0]
    assert f"already occupied by {owner}'s" in scene.tip.text
    assert "(rules: placing a follower)" in scene.tip.text
    # dropping a follower there says the same
    d.drag(scene.follower_slots(turn.player)[-1].center, (round(target[0]), round(target[1])), steps=2)
    assert turn.figure is None and "already occupied" in scene.message


def test_dead_spots_are_marked_exactly_where_the_engine_finds_them(make_app):
    app = make_app()
    game = next(g for g in (board_of(app.tiles, 36, s) for s in range(12)) if dead_spots(g))
    game.names = ["Ann", "Bob"]
    d, scene = start(app, game)
    d.frames(1)
    assert sorted(scene.dead_spots) == dead_spots(game) != []
    x, y = dead_spots(game)[0]
    hover(d, scene, x, y)
    assert scene.tip is not None and scene.tip.tiles == [] and "Dead spot" in scene.tip.text


def test_projected_scores_shown_equal_the_engines(make_app):
    app = make_app()
    game = random_game(app.tiles, 30, seed=3, follower_rate=0.8)
    d, scene = start(app, game)
    shown = scene.projected_scores()
    assert shown == projected_scores(game) and shown != game.scores
    d.move(scene.card_rects[1].center)
    assert f"{game.scores[1]} points now, {shown[1]} if the game ended now" in scene.tip.text


def test_purist_mode_hides_every_aid_and_is_remembered(make_app, data_dir):
    app = make_app()
    d = Driver(app)
    app.push(TitleScene(app))
    d.key(pygame.K_s)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    purist = next(w for w in settings.items if w.label.startswith("Purist"))
    d.click(purist.rect.center)
    assert app.settings.purist and app.storage.load_settings().purist
    d.key(pygame.K_ESCAPE)

    game = next(g for g in (board_of(app.tiles, 36, s) for s in range(12)) if dead_spots(g))
    game.names = ["Ann", "Bob"]
    d, scene = start(app, game)
    d.frames(1)
    assert scene.dead_spots == [] and scene.projected_scores() is None
    assert not scene.board.sprites.get_sprites_from_layer(LAYERS["highlights"])  # no legal squares lit
    bad = next(c for c in game.open_positions() if c not in scene.turn.legal_cells())
    hover(d, scene, *bad)
    assert scene.tip is None
    d.move(scene.card_rects[0].center)
    assert scene.tip is None
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(*bad), steps=2)
    assert scene.message == "It does not fit there."


def test_the_replay_viewer_steps_through_a_game_with_the_engines_scores(make_app, data_dir):
    app = make_app()
    game = random_game(app.tiles, 200, seed=9, follower_rate=0.5)  # a whole game
    record = GameRecord.from_game(game, SEATS)
    (data_dir / "replays").mkdir(parents=True)
    record.save(data_dir / "replays" / "whole.carc.json")
    d = Driver(app)
    app.push(TitleScene(app))
    d.key(pygame.K_r)
    dialog = app.top
    assert isinstance(dialog, ReplaysDialog)
    d.click(next(b for b in dialog.rows if b.on_click.args[0].name == "whole.carc.json").rect.center)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    r = scene.replay
    assert r.step == 0 and r.has_final and r.last == len(record.turns) + 1

    def fresh(k: int) -> list[int]:
        g = record.new_game(app.tiles)
        for turn in record.turns[:k]:
            g.play(turn)
        if k > len(record.turns):
            g.finish()
        return g.scores

    checked = 0
    for k in range(1, 25):
        d.key(pygame.K_RIGHT)
        assert r.step == k and r.scores == fresh(k)
        assert sum(e.points * len(e.players) for e in r.events()) == sum(fresh(k)) - sum(fresh(k - 1))
        checked += bool(r.events())
    assert checked  # some turns scored
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)
    assert r.step == 22 and r.scores == fresh(22) and len(scene.game.history) == 22
    d.key(pygame.K_END)
    final = record.replay(app.tiles, final=True)
    assert r.is_final and r.scores == final.scores and all(e.final for e in r.events())
    d.click(scene.buttons["back"].rect.center)
    assert r.step == len(record.turns) and r.scores == fresh(len(record.turns))
    d.key(pygame.K_HOME)
    assert r.step == 0 and r.scores == [0, 0] and len(list(scene.game.placed_tiles())) == 1
    slider = scene.rects["slider"]
    d.click((slider.centerx, slider.centery))
    assert abs(r.step - r.last // 2) <= 2 and r.scores == fresh(r.step)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_the_replays_score_events_scroll_with_the_wheel_when_too_many_to_fit(make_app, data_dir):
    app = make_app()
    seats = [Seat(name, colour) for name, colour in zip(("Ann", "Bob", "Cid", "Dora", "Eve"),
                                                         ("red", "blue", "green", "yellow", "black"))]
    game = random_game(app.tiles, 200, seed=9, names=[s.name for s in seats], follower_rate=0.8)
    path = data_dir / "whole.carc.json"
    GameRecord.from_game(game, seats).save(path)
    assert open_replay(app, path) is None
    scene = app.top
    d = Driver(app)
    d.key(pygame.K_END)  # the final scoring: one event per feature with a follower
    r = scene.replay
    events = r.events()
    first, shown = scene.shown_events()
    assert r.is_final and first == 0 and shown < len(events)
    text = scene.rects["text"]
    seen = set(range(first, first + shown))
    for _ in range(len(events)):
        d.wheel(-1, text.center)
        first, shown = scene.shown_events()
        seen |= set(range(first, first + shown))
    assert r.is_final  # the wheel over the list scrolls it, it does not step the replay
    assert seen == set(range(len(events))) and first + shown == len(events)
    d.wheel(1, text.center)
    assert scene.shown_events()[0] == first - 1
    d.key(pygame.K_LEFT)  # another step starts at its first event
    assert scene.shown_events()[0] == 0
    d.wheel(1, scene.card_rects[0].center)  # elsewhere in the panel the wheel still steps
    assert r.step == r.last - 2


def test_a_corrupt_replay_gives_a_one_line_message_and_the_game_goes_on(make_app, data_dir):
    app = make_app()
    (data_dir / "replays").mkdir(parents=True)
    bad = data_dir / "replays" / "broken.carc.json"
    bad.write_text('{"format": "carcassonne-record", "version": 1, "players": [')
    d = Driver(app)
    app.push(TitleScene(app))
    d.key(pygame.K_r)
    d.click(next(b for b in app.top.rows if "broken" in b.label).rect.center)
    message = app.top
    assert isinstance(message, MessageDialog) and "broken" in message.text and "\n" not in message.text
    d.key(pygame.K_RETURN)
    assert isinstance(app.top, ReplaysDialog)
    assert "no such file" in open_replay(app, data_dir / "missing.carc.json")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_n)
    d.key(pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)


def test_the_results_chart_follows_the_reveal(make_app):
    app = make_app(animation="normal")
    game = random_game(app.tiles, 200, seed=4, follower_rate=0.6)
    final = game.finish()
    assert len(final) >= 2
    app.push(ResultsScene(app, game, SEATS, final))
    scene = app.top
    scene.revealed = 1
    assert [line[-1] for line in scene.series()] == scene.shown_scores() != game.scores
    scene.reveal_all()
    assert [line[-1] for line in scene.series()] == scene.shown_scores() == game.scores


def test_score_track_markers_on_the_same_square_stand_side_by_side(make_app):
    app = make_app()
    _, scene = start(app, random_game(app.tiles, 4, seed=1))
    inner = scene.rects["track"]
    a, b = track_xs([12.0, 12.0], inner, 20)
    assert abs(a - b) >= 12
    a2, _ = track_xs([12.0, 30.0], inner, 20)
    assert a2 == inner.x + inner.w * 12 / 49
