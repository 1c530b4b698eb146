"""Features drawn as features: highlights from the segment masks, farm owners, final scoring
on the board, the last move and the move log (issue "The board shows features, not tiles")."""

from __future__ import annotations

import pygame
import pytest

from carcassonne.app.art import tile_masks
from carcassonne.app.art.assets import PLAYER_RGB
from carcassonne.app.board.board_view import BoardMarks, BoardView
from carcassonne.app.board.feature_paint import Paint, event_paint, farm_owner_paints
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.session import play
from carcassonne.engine import Game, Move
from carcassonne.engine.record import Seat
from carcassonne.words.movelog import entries, last_move
from carcassonne.words.turn_place import where

COLOURS = ["red", "blue", "green", "yellow"]


def _road_beside_a_field(game: Game):
    """A road over several tiles, and on one of its tiles a field (its tile-mate)."""
    for road in game.features("road"):
        if road.tile_count < 3:
            continue
        for x, y, _spot in road.segments:
            o = game.tile_at(x, y)
            field = next((s.spot for s in o.segments if s.kind == "field"), None)
            if field is not None:
                return road, (x, y, field)
    raise AssertionError("no road of three tiles beside a field in this game")


def _drawn(view: BoardView, marks: BoardMarks, version: int) -> pygame.Surface:
    surface = pygame.Surface(view.area.size)
    view.show(version, marks)
    view.draw(surface)
    return surface


def _changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> pygame.Mask:
    out = pygame.Mask(rect.size)
    for i in range(rect.w):
        for j in range(rect.h):
            if a.get_at((rect.x + i, rect.y + j)) != b.get_at((rect.x + i, rect.y + j)):
                out.set_at((i, j))
    return out


def _grown(m: pygame.Mask, by: int) -> pygame.Mask:
    out = pygame.Mask(m.get_size())
    for dx in range(-by, by + 1):
        for dy in range(-by, by + 1):
            out.draw(m, (dx, dy))
    return out


def test_a_highlight_covers_exactly_the_features_segments_and_not_the_roads_field(make_app):
    app = make_app()
    game = random_game(app.tiles, 30, seed=11)
    road, (fx, fy, field) = _road_beside_a_field(game)
    view = BoardView(app.assets, game, COLOURS[:2])
    view.set_area(pygame.Rect(0, 0, 1000, 1000))
    view.fit([(x, y) for x, y in road.tiles])
    plain = _drawn(view, BoardMarks(), 1)
    lit = _drawn(view, BoardMarks(paints=(Paint(road.segments, "road"),)), 1)
    px = view.camera.tile_px
    compared = 0
    for x, y in {(x, y) for x, y, _ in road.segments}:
        o = game.tile_at(x, y)
        rect = pygame.Rect(view.camera.tile_rect(x, y)).clip(view.area)
        if rect.size != (px, px):
            continue  # only whole tiles on screen are compared
        compared += 1
        changed = _changed(plain, lit, rect)
        mine = pygame.Mask((px, px))
        for sx, sy, spot in road.segments:
            if (sx, sy) == (x, y):
                mine.draw(tile_masks.segment_mask(o.kind.id, o.rotation, spot, px), (0, 0))
        # every pixel of the road's segments is tinted...
        assert mine.overlap_area(changed, (0, 0)) == mine.count()
        # ...and nothing beyond them but their outline's width
        outside = changed.copy()
        outside.erase(_grown(mine, max(2, px // 36)), (0, 0))
        assert outside.count() == 0
        if (x, y) == (fx, fy):  # the field beside the road stays as it was, away from the road's outline
            mate = tile_masks.segment_mask(o.kind.id, o.rotation, field, px).copy()
            mate.erase(_grown(mine, max(2, px // 36) + 1), (0, 0))
            assert mate.count() > 0 and mate.overlap_area(changed, (0, 0)) == 0
    assert compared == road.tile_count


def test_road_and_field_highlights_look_different(make_app):
    app = make_app()
    game = random_game(app.tiles, 30, seed=11)
    road, (fx, fy, field) = _road_beside_a_field(game)
    view = BoardView(app.assets, game, COLOURS[:2])
    view.set_area(pygame.Rect(0, 0, 800, 800))
    view.fit([(fx, fy)])
    o = game.tile_at(fx, fy)
    px = view.camera.tile_px
    road_spot = next(s for x, y, s in road.segments if (x, y) == (fx, fy))

    def colour_inside(kind: str, spot: str) -> tuple[int, int, int]:
        surface = _drawn(view, BoardMarks(paints=(Paint(((fx, fy, spot),), kind),)), 2)
        m = tile_masks.segment_mask(o.kind.id, o.rotation, spot, px)
        x, y = tile_masks.anchor_px(o.kind.id, o.rotation, spot, px)
        assert m.get_at((x, y))
        sx, sy, _, _ = view.camera.tile_rect(fx, fy)
        return tuple(surface.get_at((sx + x, sy + y)))[:3]

    assert colour_inside("road", road_spot) != colour_inside("field", field)


def test_farm_owner_colours_follow_the_leaders_and_a_shared_lead_is_striped(make_app):
    app = make_app()
    shared = None
    for seed in range(40):
        game = random_game(app.tiles, 60, seed=seed, names=("Ann", "Bob", "Cid"), follower_rate=0.8)
        paints = farm_owner_paints(game, COLOURS[:3])
        farms = game.features("field", occupied=True)
        assert len(paints) == len(farms)
        for paint, farm in zip(paints, farms):
            assert paint.segments == farm.segments
            assert paint.colours == tuple(PLAYER_RGB[COLOURS[p]] for p in farm.leaders)
            # issue 42: the leaders' names too, never the colour alone
            assert paint.label == ", ".join(game.names[p] for p in farm.leaders) + f" {farm.points}"
            if len(farm.leaders) > 1:
                shared = (game, paint)
        if shared:
            break
    assert shared is not None, "no shared farm in 40 games"
    game, paint = shared
    view = BoardView(app.assets, game, COLOURS[:3])
    view.set_area(pygame.Rect(0, 0, 900, 900))
    x, y, spot = paint.segments[0]
    view.fit([(x, y)])
    view.show(1, BoardMarks(paints=(paint,)))
    tint = next(s for s in view.sprites if getattr(s, "spot", None) == spot and (s.x, s.y) == (x, y)
                and type(s).__name__ == "SegmentTint")
    seen = {tuple(tint.image.get_at((i, j)))[:3] for i in range(0, tint.image.get_width(), 3)
            for j in range(0, tint.image.get_height(), 3) if tint.image.get_at((i, j)).a}
    for rgb in paint.colours:  # each leader's colour shows in the stripes
        assert rgb in seen


def test_farm_owners_are_a_toggle_hidden_in_purist_mode(make_app):
    app = make_app()
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    game = random_game(app.tiles, 40, seed=3, follower_rate=0.9)
    while game.current != 0:
        game.play(game.legal_placements(game.draw())[0].with_follower(None))
    assert game.features("field", occupied=True)
    play(app, game, seats)
    d = Driver(app)
    d.frames(2)
    d.key(pygame.K_RETURN)  # past the hand-over
    scene = app.top
    assert not scene.board.marks.paints
    d.key(pygame.K_o)
    assert len(scene.board.marks.paints) == len(game.features("field", occupied=True))
    assert scene.buttons["farms"].visible
    app.settings.purist = True
    d.frames(1)
    assert not scene.board.marks.paints and not scene.buttons["farms"].visible
    app.settings.purist = False
    d.key(pygame.K_o)
    assert not scene.board.marks.paints


def test_final_scoring_lights_each_scored_feature_in_turn_then_shows_the_results(make_app):
    app = make_app(animation="normal")
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    game = random_game(app.tiles, 200, seed=5, follower_rate=0.7)  # every tile placed
    assert game.is_over and not game.finished
    play(app, game, seats)
    d = Driver(app, dt=0.05)
    d.frames(1)
    scene = app.top
    assert type(scene).__name__ == "FinalBoardScene"
    final = [e for e in game.events if e.final]
    assert len(final) >= 3 and scene.final == final
    lit = []
    for _ in range(4000):
        if app.top is not scene:
            break
        if scene.lit is not None and (not lit or lit[-1][0] != scene.step):
            lit.append((scene.step, scene.board.marks.paints))
        d.frames(1)
    assert [step for step, _ in lit] == list(range(1, len(final) + 1))  # every final event, in order
    for (_step, paints), ev in zip(lit, final):
        assert paints == (event_paint(game, ev, ["red", "blue"]),)
        assert {(x, y) for x, y, _ in paints[0].segments} <= set(ev.tiles)
    assert type(app.top).__name__ == "ResultsScene" and app.top.revealed == len(final)
    assert [round(s) for s in scene.shown_scores] == game.scores
    d.key(pygame.K_b)  # the results can go back to the final board
    assert type(app.top).__name__ == "FinalBoardScene" and app.top.review and app.top.lit is None
    d.key(pygame.K_ESCAPE)
    assert type(app.top).__name__ == "ResultsScene"


def test_move_log_says_each_turn_in_words():
    from carcassonne.tileset import standard_tiles

    game = random_game(standard_tiles(), 12, seed=3, names=("Ann", "Bob"), follower_rate=0.5)
    log = entries(game)
    assert len(log) == game.turn_number
    assert [e.player for e in log] == [i % 2 for i in range(len(log))]
    first = game.history[0]
    assert isinstance(first, Move)
    assert log[0].text.startswith("Ann placed a ") and where(first.x, first.y) in log[0].text
    assert log[0].cell == (first.x, first.y)
    with_follower = next(e for e, t in zip(log, game.history) if t.figure)
    assert " and put a " in with_follower.text
    assert where(0, -1) == "north of the start"
    assert where(2, 1) == "1 tile south and 2 tiles east of the start"
    cell, follower = last_move(game)
    assert cell == (game.history[-1].x, game.history[-1].y)


def test_clicking_a_move_in_the_log_centres_the_board_there(make_app):
    app = make_app()
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    game = random_game(app.tiles, 24, seed=9)
    play(app, game, seats)
    d = Driver(app)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.key(pygame.K_l)
    d.frames(1)
    drawer = scene.overlay.log
    assert drawer.open and drawer.rows
    index, rect, _ = drawer.rows[5]
    entry = drawer.entries[index]
    d.click(rect.center)
    d.frames(30)
    cx, cy = scene.camera.cx, scene.camera.cy
    shift = drawer.rect.w / 2 / scene.camera.tile_px
    assert (cx, cy) == pytest.approx((entry.cell[0] + 0.5 - shift, entry.cell[1] + 0.5), abs=0.01)
    assert scene.board.marks.shown == entry.cell


def test_the_last_move_is_marked_tile_and_follower(make_app):
    app = make_app()
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    game = random_game(app.tiles, 20, seed=4, follower_rate=0.2)
    while last_move(game)[1] is None:  # a turn whose follower stays on the board
        legal = game.legal_placements(game.draw())
        p = next((p for p in legal if game.follower_spots(p)), legal[0])
        game.play(p.with_follower(next(iter(game.follower_spots(p)), None)))
    play(app, game, seats)
    d = Driver(app)
    d.frames(2)
    scene = app.top
    cell, follower = last_move(game)
    assert scene.board.marks.last_placed == cell
    assert follower is not None and scene.board.marks.last_follower == follower
    assert any(type(s).__name__ == "LastFollowerMark" for s in scene.board.sprites)


def test_the_replay_paints_each_steps_scored_features_and_marks_its_move(make_app):
    from carcassonne.app.files.replay import Replay
    from carcassonne.engine.record import GameRecord

    app = make_app()
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    game = random_game(app.tiles, 200, seed=9, follower_rate=0.5)
    scene = app.push_scene("replay", replay=Replay(GameRecord.from_game(game, seats), app.tiles))
    d = Driver(app)
    r = scene.replay
    painted = 0
    for _k in range(1, 40):
        d.key(pygame.K_RIGHT)
        marks = scene.board.marks
        assert marks.paints == tuple(event_paint(r.game, ev, ["red", "blue"]) for ev in r.events())
        assert marks.last_placed == last_move(r.game)[0]
        painted += len(marks.paints)
    assert painted


def test_followers_stand_on_the_drawn_anchors_of_every_tile_and_only_on_its_places():
    from carcassonne.app.art import tile_anchors
    from carcassonne.app.art.spots import CENTER, spot_anchor
    from carcassonne.tileset import standard_tiles

    tiles = standard_tiles()
    for kind in tiles.kinds.values():
        for o in kind.orientations:
            for spot in o.spots:
                if not spot.startswith("river"):  # the river is no feature: no follower stands on it
                    assert spot_anchor(o, spot) == tile_anchors.anchor(kind.id, o.rotation, spot)
            assert spot_anchor(o, "no-such-place") == CENTER


def test_the_move_log_names_who_played_even_when_a_filled_hole_plays_again():
    from carcassonne.engine import Rules
    from carcassonne.tileset import standard_tiles

    tiles = standard_tiles()
    for seed in range(60):
        game = random_game(tiles, 70, seed=seed, rules=Rules(hole_bonus=True))
        played_by = []
        check = Game(tiles, Rules(hole_bonus=True), players=2, seed=seed, names=list(game.names))
        for turn in game.history:  # the same turns again, noting whose each is
            check.draw()
            played_by.append(check.current)
            check.play(turn)
        if played_by != [i % 2 for i in range(len(played_by))]:
            break
    else:
        raise AssertionError("no bonus turn in 60 games")
    game.finish()
    assert [e.player for e in entries(game)] == played_by
