"""Random input in every scene (the replay viewer too): thousands of clicks, drags, keys, wheel turns and resizes.

No exception may escape, and whenever a game is on screen its state must be valid:
followers add up, the pending placement is legal, and the record replays to the same scores.
"""

from __future__ import annotations

import random

import pygame
import pytest

from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.storage import SeatSetup, Setup
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.session import game_from_setup, play
from carcassonne.engine import FOLLOWERS
from carcassonne.engine.record import GameRecord, Seat

KEYS = [pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_r, pygame.K_TAB, pygame.K_f, pygame.K_z,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_w, pygame.K_a, pygame.K_s,
        pygame.K_d, pygame.K_PLUS, pygame.K_MINUS, pygame.K_HOME, pygame.K_BACKSPACE, pygame.K_F1,
        pygame.K_h, pygame.K_n, pygame.K_l, pygame.K_c, pygame.K_q, pygame.K_u, pygame.K_1, pygame.K_PAGEDOWN]
SIZES = [(1024, 768), (1280, 800), (1920, 1080), (900, 600), (1600, 900)]


def check_state(app) -> None:  # noqa: ANN001
    for scene in app.scenes:
        if isinstance(scene, PlayScene):
            game, turn = scene.game, scene.turn
            on_board = [0] * game.players
            for f in game.figures_on_board():
                on_board[f.player] += 1
            for p in range(game.players):
                assert game.supply[p] + on_board[p] == FOLLOWERS
                assert 0 <= game.supply[p] <= FOLLOWERS
                assert game.scores[p] >= 0
            if turn.pending is not None:
                assert game.why_not_placement(turn.pending) is None
                if turn.figure is not None:
                    assert game.why_not_figure(turn.pending, turn.figure) is None
            replayed = turn.record().replay(app.tiles)
            assert replayed.scores == game.scores


def random_input(d: Driver, rng: random.Random, n: int) -> None:
    app = d.app
    for i in range(n):
        if not app.running:
            app.running = True
        if not app.scenes:
            from carcassonne.app.scenes.title import TitleScene
            app.push(TitleScene(app))
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.35:
            d.click(pos, rng.choice((1, 1, 1, 3, 2)))
        elif r < 0.55:
            end = (rng.randrange(w), rng.randrange(h))
            d.drag(pos, end, steps=rng.randint(1, 3), button=rng.choice((1, 1, 3)))
        elif r < 0.85:
            mod = pygame.KMOD_CTRL if rng.random() < 0.15 else (pygame.KMOD_SHIFT if rng.random() < 0.1 else 0)
            key = rng.choice(KEYS)
            d.key(key, mod, chr(key) if 32 <= key < 127 else "")
        elif r < 0.97:
            d.wheel(rng.choice((-2, -1, 1, 1, 2)), pos)
        else:
            d.resize(rng.choice(SIZES))
        if i % 25 == 0:
            d.frames(rng.randint(1, 4))
            check_state(app)


@pytest.mark.slow
def test_random_input_in_every_scene_raises_nothing_and_keeps_the_game_valid(make_app, data_dir):
    app = make_app(animation="fast")
    d = Driver(app, dt=0.1)
    rng = random.Random(1234)
    from carcassonne.app.scenes.dialogs import LoadDialog
    from carcassonne.app.scenes.new_game import NewGameScene
    from carcassonne.app.scenes.results import ResultsScene
    from carcassonne.app.scenes.rules_help import RulesScene
    from carcassonne.app.scenes.settings import SettingsScene
    from carcassonne.app.scenes.title import TitleScene
    from carcassonne.app.session import open_replay

    def new_play(seed: int) -> None:
        setup = Setup(seats=[SeatSetup("Ann", "red"), SeatSetup("Bob", "blue"),
                             SeatSetup("Cid", "green", "ai:easy")], seed=str(seed))
        game, seats = game_from_setup(app, setup)
        play(app, game, seats)

    names = ["Ann", "Bob", "Cid", "Dora", "Eve"]
    replay_path = data_dir / "soak.carc.json"
    GameRecord.from_game(random_game(app.tiles, 200, seed=5, names=names, follower_rate=0.8),
                         [Seat(n, c) for n, c in zip(names, ("red", "blue", "green", "yellow", "black"))]
                         ).save(replay_path)

    starts = [
        lambda: app.replace(TitleScene(app)),
        lambda: app.replace(NewGameScene(app)),
        lambda: new_play(1),
        lambda: new_play(2),
        lambda: new_play(3),
        lambda: (new_play(4), app.top.open_menu()),
        lambda: app.push(RulesScene(app)),
        lambda: app.push(SettingsScene(app)),
        lambda: app.push(LoadDialog(app)),
        lambda: open_replay(app, replay_path),
        lambda: (open_replay(app, replay_path), d.key(pygame.K_END)),  # the final scoring: a long event list
    ]
    for start in starts:
        start()
        d.frames(2)
        random_input(d, rng, 320)
        check_state(app)
    # results of a finished game
    new_play(9)
    scene = app.top
    game = scene.turn.game
    while True:
        tile = game.draw()
        if tile is None:
            break
        game.play(rng.choice(game.legal_placements(tile)).with_follower(None))
    final = game.finish()
    app.replace(ResultsScene(app, game, scene.seats, final))
    random_input(d, rng, 300)
