"""A whole hot-seat game played through synthetic mouse and keyboard events only.

Two people and one computer player; every human step is a posted pygame event
(drag, rotate by R / right-click / wheel, drop on a bad square, undo, follower drag,
Skip, Confirm by key or button). The game must reach the Results scene with exactly
the scores the engine gives for the same moves.
"""

from __future__ import annotations

import random

import pygame

from carcassonne.app.art.spots import spot_anchor
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.scenes.results import ResultsScene
from carcassonne.engine import Game, Move
from carcassonne.engine.record import GameRecord


def start_game_from_title(d: Driver, seed: str) -> None:
    from carcassonne.app.scenes.new_game import NewGameScene
    from carcassonne.app.scenes.title import TitleScene

    app = d.app
    app.push(TitleScene(app))
    d.frames(2)
    d.click(app.top.buttons["new"].rect.center)
    scene = app.top
    assert isinstance(scene, NewGameScene)
    # seat 1: Ann, human; seat 2: Bob, human (click the type until Human); seat 3: added, AI easy
    name = scene.rows[0][0]
    d.click(name.rect.center)
    for _ in range(5):
        d.key(pygame.K_BACKSPACE)
    d.type_text("Ann")
    d.key(pygame.K_RETURN)  # leaves the text field
    while scene.setup.seats[1].kind != "human":
        d.click(scene.rows[1][2].rect.center)
    d.click(scene.add.rect.center)
    while scene.setup.seats[2].kind != "ai:easy":
        d.click(scene.rows[2][2].rect.center)
    d.click(scene.seed.rect.center)
    d.type_text(seed)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)  # Start game
    assert isinstance(app.top, PlayScene)


def human_turn(d: Driver, scene: PlayScene, rng: random.Random, n: int) -> Move:
    game, turn = scene.game, scene.turn
    placement = rng.choice(game.legal_placements(turn.tile))
    spots = game.follower_spots(placement)
    follower = rng.choice(spots) if spots and rng.random() < 0.5 else None
    move = placement.with_follower(follower)
    style = n % 4
    show_cell(d, scene, move.x, move.y)
    hand = scene.hand_tile_rect().center
    target = scene.camera.cell_center(move.x, move.y)
    if n % 5 == 1:
        # a bad drop first: on the start tile's square; the tile comes back with a reason
        show_cell(d, scene, 0, 0)
        d.drag(hand, scene.camera.cell_center(0, 0), steps=2)
        assert turn.pending is None and scene.message.startswith(("Not here", "Doesn't fit"))
        show_cell(d, scene, move.x, move.y)
        target = scene.camera.cell_center(move.x, move.y)
    if style == 2:
        # rotate with the wheel while dragging
        d.press(hand)
        d.move(target, (1, 0, 0))
        for _ in range(4):
            if turn.rotation == move.rotation:
                break
            d.wheel(1, target)
        d.release(target)
    else:
        for _ in range(4):
            if turn.rotation == move.rotation:
                break
            if style == 1:
                d.click(hand, button=3)
            else:
                d.key(pygame.K_r)
        d.drag(hand, target, steps=3)
    assert turn.pending == placement, (turn.pending, placement, scene.message)
    if n % 7 == 3:
        # undo the placement, then place again
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert turn.pending is None
        d.drag(hand, target, steps=2)
        assert turn.pending == placement
    if follower:
        o = game.tiles[move.tile].orientations[move.rotation // 90]
        ax, ay = spot_anchor(o, follower)
        spot_pos = scene.camera.to_screen(move.x + ax, move.y + ay)
        d.drag(scene.follower_slots(turn.player)[-1].center, (round(spot_pos[0]), round(spot_pos[1])), steps=3)
        assert turn.figure is not None, scene.message
        if turn.figure.place != follower:  # two places of one segment can share a name: same feature
            o_spots = o.spots
            assert o_spots[turn.figure.place] == o_spots[follower]
            move = move._replace(figure=turn.figure)
        if style == 1:
            d.click(scene.buttons["confirm"].rect.center)
        else:
            d.key(pygame.K_RETURN)
    else:
        if style == 1:
            d.click(scene.buttons["skip"].rect.center)  # no follower
            d.click(scene.buttons["skip"].rect.center)  # the turn ends
        elif style == 3:
            d.key(pygame.K_RETURN)
        else:
            d.key(pygame.K_SPACE)  # no follower
            d.key(pygame.K_SPACE)  # the turn ends
    return move


def test_full_hot_seat_game_through_events_reaches_results_with_engine_scores(make_app, data_dir):
    app = make_app()
    d = Driver(app, dt=0.05)
    start_game_from_title(d, "4242")
    rng = random.Random(5)
    played: list[Move] = []
    handovers = 0
    n = 0
    for _ in range(6000):
        scene = app.top
        if isinstance(scene, ResultsScene):
            break
        assert isinstance(scene, PlayScene)
        if scene.phase == "handover":
            handovers += 1
            d.key(pygame.K_RETURN) if handovers % 2 else d.click(scene.rects["board"].center)
            continue
        if scene.phase == "human":
            before = scene.game.turn_number
            move = human_turn(d, scene, rng, n)
            n += 1
            assert scene.game.turn_number > before
            assert move in scene.game.history
            played.append(move)
            if not isinstance(app.top, ResultsScene):
                assert app.storage.autosave_path.is_file()
            continue
        if scene.phase == "ai-think" and scene.turn.future is not None:
            scene.turn.future.result(timeout=60)  # the bot thinks in its thread; frames go on without it
        d.frames()
    results = app.top
    assert isinstance(results, ResultsScene), (results.phase, results.turn.tile, results.message,
                                               results.game.turn_number, results.turn.future)
    assert n >= 40 and handovers >= 2
    game = results.game
    assert game.finished
    # the engine, given the same seed and moves, scores exactly the same
    record = GameRecord.from_game(game, results.seats)
    again = record.replay(app.tiles, final=True)
    assert again.scores == game.scores
    fresh = Game(app.tiles, game.rules, players=3, seed=4242, names=game.names)
    for t in game.history:
        fresh.play(t)
    fresh.finish()
    assert fresh.scores == game.scores
    # the Results scene shows those scores once every step is revealed
    d.key(pygame.K_RETURN)
    assert results.shown_scores() == game.scores
    assert [sum(row.values()) for row in results.table()] == game.scores
    assert [line[-1] for line in results.series()] == game.scores
    assert not app.storage.has_autosave()
