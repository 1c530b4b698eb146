"""A clean screen (issue 14): text stays inside its box on every screen, the board's
overlays stay inside the board, tooltips only near the tiles, messages go with their turn."""

from __future__ import annotations

import pygame
import pytest

from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.replay import Replay
from carcassonne.app.scenes.play import HUMAN, PlayScene
from carcassonne.app.session import play
from carcassonne.app.ui.widgets import blit_text, draw_panel, recording_layout
from carcassonne.engine.record import GameRecord, Seat

SEATS = [Seat("Annabelle", "red"), Seat("Bartholomew", "blue", "ai:normal")]


def overflows(app) -> list[str]:  # noqa: ANN001
    with recording_layout() as log:
        app.draw()
    return log.overflows(app.screen.get_rect())


def test_the_text_check_finds_a_real_overflow():
    pygame.init()
    surface = pygame.Surface((400, 200))
    with recording_layout() as log:
        box = pygame.Rect(10, 10, 80, 40)
        draw_panel(surface, box, 1.0)
        blit_text(surface, pygame.font.Font(None, 24), "a sentence far too long for its box", box.center,
                  anchor="midleft")
    assert len(log.overflows(surface.get_rect())) == 1


@pytest.mark.parametrize(("size", "percent"), [((1024, 768), 0), ((1920, 1080), 0),
                                               # issue 42: the smallest window at 100 %, 4K at 200 %
                                               ((1280, 720), 100), ((3840, 2160), 200), ((1920, 1080), 200)])
def test_no_text_runs_past_its_box_on_any_screen(make_app, size, percent, monkeypatch):
    from carcassonne.app.ui.widgets import set_ui_percent

    app = make_app(size=size)
    set_ui_percent(percent)  # (back to automatic after the test: conftest)
    d = Driver(app)
    d.resize(size)  # the dummy display may open smaller than asked
    assert app.size == size
    found: dict[str, list[str]] = {}
    for name in ("title", "new_game", "rules", "settings", "load", "replays"):
        app.replace_scene("title")
        if name == "title":
            app.replace_scene("title")
        elif name == "new_game":
            app.replace_scene("new_game")
        else:
            app.push_scene(name)
        d.frames(2)
        found[name] = overflows(app)
    game = random_game(app.tiles, 60, seed=2, names=[s.name for s in SEATS], follower_rate=0.5)
    play(app, game, SEATS)
    d.key(pygame.K_RETURN)
    d.frames(2)
    scene = app.top
    assert isinstance(scene, PlayScene)
    scene.say("Doesn't fit: its south edge is field but the tile below needs a city edge there — every edge "
              "must match (rules: placing a tile). It fits here if you turn it: press R three times.")
    d.frames(1)
    found["play"] = overflows(app)
    app.push_scene("pause", save=lambda: "", before_quit=lambda: None)
    d.frames(1)
    found["pause"] = overflows(app)
    whole = random_game(app.tiles, 200, seed=9, names=[s.name for s in SEATS], follower_rate=0.6)
    final = whole.finish()
    app.replace_scene("final", game=whole, seats=SEATS, final=final)
    d.frames(3)
    found["final"] = overflows(app)
    app.replace_scene("results", game=whole, seats=SEATS, final=final)
    d.frames(200)
    found["results"] = overflows(app)
    replay = Replay(GameRecord.from_game(whole, SEATS), app.tiles)
    app.replace_scene("replay", replay=replay)
    d.key(pygame.K_END)
    d.frames(2)
    found["replay"] = overflows(app)
    found.update(analysis_screens(app, d, GameRecord.from_game(whole, SEATS), monkeypatch))
    assert {k: v for k, v in found.items() if v} == {}


def analysis_screens(app, d: Driver, record: GameRecord, monkeypatch) -> dict[str, list[str]]:  # noqa: ANN001
    """The analysis' list (the longest words: a far better move, turned, with a follower) and
    a listed turn in the replay."""
    from carcassonne.ai import analysis
    from carcassonne.ai.analysis import TurnAnalysis
    from carcassonne.app.files import analysis_job
    from carcassonne.engine import Move
    from carcassonne.engine.figures import follower

    analysis_job.forget_finished()
    monkeypatch.setattr(analysis_job, "IN_PROCESS", True)
    turns = [TurnAnalysis(k, p, record.players[p].name, t, Move(t.tile, t.x - 9, t.y + 8, (t.rotation + 90) % 360,
                                                               follower("farm:NW")), 0.0, 10.0 + k)
             for k, (t, p) in enumerate(zip(record.turns, [0, 1] * 200), start=1) if isinstance(t, Move)]
    monkeypatch.setattr(analysis, "analyse", lambda *a, **k: turns)
    scene = app.push_scene("analysis", record=record)
    assert d.run_until(lambda: not scene.job.running)
    d.frames(2)
    found = {"analysis": overflows(app)}
    d.key(pygame.K_1)
    d.frames(2)
    found["replay-analysed"] = overflows(app)
    analysis_job.forget_finished()
    return found


def test_the_board_draws_nothing_outside_its_view(make_app):
    app = make_app(size=(1024, 768))
    d = Driver(app)
    play(app, random_game(app.tiles, 10, seed=4, names=["Ann", "Bob"]), [Seat("Ann", "red"), Seat("Bob", "blue")])
    d.key(pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.phase == HUMAN
    view = scene.view_area()
    bare = pygame.Surface(app.size)
    scene.shown_tip = None
    scene.draw(bare)
    # hover the square just left of the track's top edge, where a tooltip box would hang down
    x, y = view.x + 40, view.bottom - 5
    cell = scene.camera.cell_at(x, y)
    scene.aids.open_cells().add(cell)
    d.move((x, y))
    assert scene.shown_tip is not None and scene.shown_tip.area == view
    drawn = pygame.Surface(app.size)
    scene.draw(drawn)
    outside = [r for r in (scene.rects["panel"], scene.rects["track"], scene.rects["top"])]
    for r in outside:
        assert pygame.image.tobytes(bare.subsurface(r), "RGB") == pygame.image.tobytes(drawn.subsurface(r), "RGB")


def test_no_tooltip_on_empty_board_far_from_the_tiles(make_app):
    app = make_app(size=(1024, 768))
    d = Driver(app)
    play(app, random_game(app.tiles, 4, seed=4, names=["Ann", "Bob"]), [Seat("Ann", "red"), Seat("Bob", "blue")])
    d.key(pygame.K_RETURN)
    scene = app.top
    scene.camera.pan_pixels(-2000, 0)  # the tiles far to the left, off the view
    v = scene.view_area()
    d.move(v.center)
    assert scene.camera.cell_at(*v.center) not in scene.aids.open_cells()
    assert scene.tip is None


def test_messages_are_cleared_when_the_turn_passes(make_app):
    app = make_app(size=(1024, 768))
    d = Driver(app)
    play(app, random_game(app.tiles, 4, seed=4, names=["Ann", "Bob"]), [Seat("Ann", "red"), Seat("Bob", "blue")])
    d.key(pygame.K_RETURN)
    scene = app.top
    d.key(pygame.K_TAB)
    d.key(pygame.K_SPACE)
    assert scene.turn.declined and scene.game.turn_number == 4  # Space alone does not end the turn
    d.key(pygame.K_SPACE)
    assert scene.game.turn_number == 5 and scene.message == ""


def two_humans_turn(tiles, turns: int = 6, seed: int = 4):  # noqa: ANN001, ANN201
    from carcassonne.app.play.turn import TurnController
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    turn = TurnController(random_game(tiles, turns, seed=seed), seats)
    turn.begin_turn(first=True)
    turn.accept_handover()
    return turn


def test_the_next_players_tile_is_not_shown_while_the_last_turn_scores(tiles):
    from carcassonne.app.board.camera import Camera
    from carcassonne.app.play.playview import panel_view
    from carcassonne.app.play.turn import ANIMATING
    turn = two_humans_turn(tiles)
    turn.place_next()
    turn.confirm()
    assert turn.phase == ANIMATING and turn.tile is not None  # the next tile is drawn already...
    view = panel_view(turn, None, turn.seats, [0.0, 0.0], None, lambda i: [], Camera((0, 0, 800, 600)),
                      lambda pos: False, True)
    assert view.hand.tile is None  # ...but not shown before the hand-over


def test_the_hand_over_waits_until_the_score_markers_arrive(tiles):
    from carcassonne.app.play.turn_flow import TurnFlow
    game = random_game(tiles, 6, seed=4)
    flow = TurnFlow(game, [Seat("Ann", "red"), Seat("Bob", "blue")])
    game.scores[0] += 12  # a feature just scored 12 points
    assert not flow.scoring_shown()
    flow.tick(0.3, 1.0)  # 20 points a second
    assert not flow.scoring_shown()
    flow.tick(0.4, 1.0)
    assert flow.scoring_shown()


def test_the_projected_score_counts_the_tile_and_follower_laid_this_turn(tiles):
    from carcassonne.app.play.aidview import Aids
    from carcassonne.engine.aids import projected_scores
    turn = two_humans_turn(tiles, turns=5, seed=11)
    game, aids = turn.game, Aids(turn.game)
    for p in game.legal_placements(turn.tile):
        spots = game.follower_spots(p)
        if spots:
            move = p.with_follower(spots[0])
            break
    game.push(move)
    expected = projected_scores(game)
    game.pop()
    assert aids.projected(move) == expected != aids.projected()


def test_esc_on_the_title_does_not_quit_and_leaving_a_game_asks_first(make_app):
    app = make_app()
    d = Driver(app)
    app.replace_scene("title")
    d.key(pygame.K_ESCAPE)
    assert app.running
    play(app, random_game(app.tiles, 4, seed=4), [Seat("Ann", "red"), Seat("Bob", "blue")])
    game_scene = app.top
    app.push_scene("pause", save=lambda: "", before_quit=lambda: None)
    pause = app.top
    d.click(next(b for b in pause.buttons if b.label == "Quit to title").rect.center)
    assert app.top.title == "Leave this game?" and game_scene in app.scenes
    d.key(pygame.K_ESCAPE)  # stay
    assert app.top is pause
    d.click(next(b for b in pause.buttons if b.label == "Quit to title").rect.center)
    d.key(pygame.K_RETURN)  # leave
    assert app.top.__class__.__name__ == "TitleScene"


def test_a_new_game_does_not_reuse_the_last_seed(make_app):
    app = make_app()
    setup = app.storage.load_setup()
    setup.seed = "1234"
    app.storage.save_setup(setup)
    scene = app.replace_scene("new_game")
    assert scene.setup.seed == "" and scene.seed.text == ""


def test_the_replay_speaks_like_the_game(tiles):
    from carcassonne.app.files.replay import tile_words
    from carcassonne.words.turn_place import where
    assert where(0, -1) == "north of the start"
    assert where(3, 0) == "3 tiles east of the start"
    assert where(3, 1) == "1 tile south and 3 tiles east of the start"
    assert where(-2, 2) == "2 tiles south and 2 tiles west of the start"
    assert tile_words(tiles["B"]) == "a cloister tile"
    game = random_game(tiles, 8, seed=3)
    replay = Replay(GameRecord.from_game(game, [Seat("Ann", "red"), Seat("Bob", "blue")]), tiles)
    for step in range(1, 9):
        replay.go(step)
        text = replay.describe()
        assert text.startswith(("Ann placed a ", "Bob placed a ", "Ann drew a ", "Bob drew a ")), text
        assert "(" not in text and "°" not in text


def test_the_why_not_sentence_says_how_many_times_to_press_r(tiles):
    from carcassonne.engine import Game, Placement, Rules
    from carcassonne.words import explain
    game = Game(tiles, Rules(), players=2, seed=0)
    text = explain.why_not_tile(game, Placement("E", 0, -1, 0))
    assert text is not None and "press R twice" in text and "°" not in text


def test_computer_turns_keep_the_whole_board_in_view_zooming_out_only():
    from carcassonne.app.board.camera import Camera
    cam = Camera((0, 0, 800, 600))
    cam.fit(0, 0, 0, 0)
    levels = [cam.level]
    cells = [(0, 0)]
    for x in range(1, 12):
        cells.append((x, 0))
        cam.keep_in_view(cells, (x, 0), (0, 0, 800, 600), 0.0)
        levels.append(cam.level)
        left, _ = cam.to_screen(0, 0)
        right, _ = cam.to_screen(x + 1, 0)
        assert left >= 0 and right <= 800, (x, left, right)
    assert levels == sorted(levels, reverse=True) and levels[-1] < levels[0]
