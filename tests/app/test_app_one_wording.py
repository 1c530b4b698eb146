"""A turn and a square are worded one way everywhere: the header and the Load list count the
same turn; the replay, the move log, the analysis, Tab's placement and the command line name a
square with the same words."""

from __future__ import annotations

import pygame

from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.replay import Replay
from carcassonne.app.scenes.dialogs import LoadDialog
from carcassonne.app.session import play
from carcassonne.app.ui.widgets import recording_layout
from carcassonne.engine import Move
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.words.cli_words import move_words
from carcassonne.words.movelog import advice_words, entries, played_words
from carcassonne.words.turn_place import where

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]


def drawn_texts(app) -> list[str]:  # noqa: ANN001
    with recording_layout() as log:
        app.draw()
    return [t for t, *_ in log.texts]


def test_the_load_list_names_the_turn_the_header_shows(make_app):
    app = make_app()
    d = Driver(app)
    play(app, random_game(app.tiles, 3, seed=2, names=["Ann", "Bob"]), SEATS)
    d.key(pygame.K_RETURN)
    assert any(t.startswith("Turn 4: ") for t in drawn_texts(app))
    app.top.save_game()
    app.replace_scene("title")
    d.key(pygame.K_l)
    dialog = app.top
    assert isinstance(dialog, LoadDialog)
    d.run_until(lambda: not dialog.saves.reading, seconds=20)
    d.frames(2)
    details = [row.details for row in dialog.rows if "Ann" in row.label]
    assert details and all(" · turn 4 · " in line for line in details), details


def test_a_finished_game_in_the_load_list_says_how_many_turns_it_lasted(make_app):
    from carcassonne.app.files.saves import summarize
    from carcassonne.app.scenes.dialogs import SaveRow

    app = make_app()
    whole = random_game(app.tiles, 200, seed=9)
    whole.finish()
    path = app.storage.save_game(GameRecord.from_game(whole, SEATS))
    row = SaveRow(summarize(app.storage, path, app.tiles), lambda: None)
    assert f" · {whole.turn_number} turns · " in row.details


def test_the_replay_the_move_log_and_the_analysis_name_each_square_alike(tiles):
    game = random_game(tiles, 40, seed=5)
    log = entries(game)
    replay = Replay(GameRecord.from_game(game, SEATS), tiles)
    far = 0
    for step, turn in enumerate(replay.turns, start=1):
        if not isinstance(turn, Move):
            continue
        replay.go(step)
        place = where(turn.x, turn.y)
        far = max(far, abs(turn.x) + abs(turn.y))
        assert place in replay.describe() and place in log[step - 1].text
        assert place in played_words(game, "Ann", turn) and place in advice_words(game, turn, turn)
        assert place in move_words(turn)  # the command line's analysis
    assert far >= 4  # squares off both axes and more than a tile away were worded


def test_tab_places_the_tile_and_says_where_in_words(make_app):
    app = make_app()
    d = Driver(app)
    play(app, random_game(app.tiles, 6, seed=4, names=["Ann", "Bob"]), SEATS)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.key(pygame.K_TAB)
    p = scene.turn.pending
    assert p is not None
    assert scene.message.startswith(f"Tile placed {where(p.x, p.y)}. ")
    assert "(" not in scene.message
