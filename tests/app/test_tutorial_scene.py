"""The Tutorial scene on a real (dummy) window: lessons started from the title screen, a wrong
move answered with the engine's why-not, steps completed by clicks and keys, restart and skip,
completion kept in the settings; and the Rules screen's pictures fit the window."""

from __future__ import annotations

import pygame
import pytest

from carcassonne.app.driver import Driver
from carcassonne.app.files.storage import Storage


def open_tutorial(make_app, size=(1024, 768)):
    app = make_app(size=size)
    app.push_scene("title")
    d = Driver(app)
    d.frames(2)
    d.key(pygame.K_t)
    scene = app.top
    assert type(scene).__name__ == "TutorialScene"
    return app, d, scene


def click_cell(d, scene, x, y):
    d.click(scene.board.camera.cell_center(x, y))


def play_step(d, scene):
    """The step's intended move, as a learner makes it: R to turn, a click, F for the follower, Enter."""
    move = scene.runner.step.solution
    while scene.turn.rotation != move.rotation:
        d.key(pygame.K_r)
    click_cell(d, scene, move.x, move.y)
    while move.follower and scene.turn.follower != move.follower:
        d.key(pygame.K_f)
    d.key(pygame.K_RETURN)


def finish_steps(d, scene):
    while not scene.runner.in_free_game:
        if scene.runner.step.reading:
            d.key(pygame.K_n)
        else:
            play_step(d, scene)


def test_a_lesson_starts_from_its_button_in_the_list(make_app):
    app, d, scene = open_tutorial(make_app)
    assert scene.runner is None and len(scene.list_buttons) == 8
    d.click(scene.list_buttons[0].rect.center)
    assert scene.runner is not None and scene.runner.lesson.id == "placing"
    assert scene.turn.tile == "U" and scene.runner.pointed() == ((1, 0),)


def test_a_wrong_square_shows_the_engines_why_not_and_the_step_waits(make_app):
    app, d, scene = open_tutorial(make_app)
    scene.start(0)
    d.frames()
    click_cell(d, scene, 0, -1)  # field against the start tile's city
    assert scene.runner.message.startswith("Tile U cannot go at (0, -1)")
    assert "the neighbour's north edge is city" in scene.runner.message
    assert scene.turn.pending is None and scene.runner.index == 0


def test_a_legal_move_that_misses_the_goal_is_taken_back_with_a_hint(make_app):
    app, d, scene = open_tutorial(make_app)
    scene.start(0)
    d.frames()
    click_cell(d, scene, -1, 0)
    d.key(pygame.K_RETURN)
    assert scene.runner.message.startswith("Not quite")
    assert scene.runner.game.tile_at(-1, 0) is None and scene.turn.tile == "U"


def test_a_step_completes_and_the_computer_replies(make_app):
    app, d, scene = open_tutorial(make_app)
    scene.start(0)
    d.frames()
    click_cell(d, scene, 1, 0)
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 1 and scene.runner.message == ""
    assert scene.runner.game.tile_at(0, 1) is not None, "the computer's scripted reply"
    assert scene.turn.tile == "E" and scene.turn.last_placed == (0, 1)


def test_a_follower_is_placed_by_clicking_its_place_on_the_laid_tile(make_app):
    app, d, scene = open_tutorial(make_app)
    scene.start(1)
    d.frames()
    click_cell(d, scene, 1, 0)
    cx, cy = scene.board.camera.cell_center(1, 0)
    d.click((cx, cy))  # the road runs through the middle of tile U
    assert scene.turn.follower == "road:E"
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 1 and scene.runner.game.supply[0] == 6


def test_restart_and_skip(make_app):
    app, d, scene = open_tutorial(make_app)
    scene.start(0)
    play_step(d, scene)
    assert scene.runner.index == 1
    d.key(pygame.K_r, pygame.KMOD_CTRL)
    assert scene.runner.index == 0 and scene.runner.game.turn_number == 0
    d.key(pygame.K_n, pygame.KMOD_CTRL)
    assert scene.runner.lesson.id == "roads" and scene.runner.index == 0
    assert app.settings.lessons_done == [], "a skipped lesson is not ticked"
    d.key(pygame.K_ESCAPE)
    assert scene.runner is None and app.top is scene
    d.key(pygame.K_ESCAPE)
    assert type(app.top).__name__ == "TitleScene"


def test_completion_is_remembered_in_the_settings_and_the_free_game_ends(make_app, data_dir):
    app, d, scene = open_tutorial(make_app)
    scene.start(6)  # The River: three steps, then four tiles against the Easy player
    finish_steps(d, scene)
    assert app.settings.lessons_done == ["river"]
    assert Storage(data_dir).load_settings().lessons_done == ["river"]

    def step():
        if scene.turn.can_act:
            d.key(pygame.K_TAB)
            d.key(pygame.K_RETURN)
        else:
            d.frames()
            pygame.time.wait(2)
        return scene.runner.finished

    assert d.run_until(step, 3000)
    assert "game is over" in scene.runner.coach()


def test_bad_settings_keep_only_lesson_ids_that_are_text(data_dir):
    from carcassonne.app.files.storage import Settings

    assert Settings.from_data({"lessons_done": ["roads", 3, None]}).lessons_done == ["roads"]
    assert Settings.from_data({"lessons_done": "roads"}).lessons_done == []


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_rules_screen_pictures_and_text_fit_without_overflow(make_app, size):
    app = make_app(size=size)
    app.push_scene("title")
    d = Driver(app)
    d.frames()
    d.key(pygame.K_F1)
    rules = app.top
    page = rules.rects["page"]
    _, font, _ = rules.fonts()
    from carcassonne.app.scenes.rules_help import RULES, VARIANTS

    illustrated = rules.blocks[:len(RULES) + len(VARIANTS)]
    assert all(b.picture is not None for b in illustrated), "every rule and rule option has its picture"
    text_w = page.w - rules.pic_w
    for b in rules.blocks:
        if b.picture is not None:
            assert b.picture.get_width() <= rules.pic_w and b.picture.get_height() <= rules.pic_w
        assert all(font.size(line)[0] <= text_w for line in b.lines)
    assert rules.max_scroll > 0
    for _ in range(40):
        d.key(pygame.K_PAGEDOWN)
    assert rules.scroll == rules.max_scroll
    last = rules.blocks[-1]
    assert page.y + last.y + last.height - rules.scroll <= page.bottom, "the last rule can be read"
