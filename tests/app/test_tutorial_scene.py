"""The Tutorial on a real (dummy) window, played as the game is played: the lessons list opens a
lesson on the game's board screen; the tile is dragged from the hand slot (its ghost under the
pointer, the squares it fits lit), turned with the wheel while dragging, a follower dragged from
the card onto a place that lights its feature, the scoring animated; a wrong square answered
with the engine's why-not, a move that misses the step's goal refused with the tile kept as
turned; restart, skip, completion kept in the settings; the coach's lines match the board;
and the Rules screen's pictures fit the window."""

from __future__ import annotations

import re

import pygame
import pytest

from carcassonne.app.art.spots import spot_anchor
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.files.storage import Storage
from carcassonne.app.play.turn import AI_DECIDE, DECIDE
from carcassonne.app.scenes.tutorial import coach_words, note_words, progress_words, scoring_words
from carcassonne.engine.figures import FigureStep
from carcassonne.expansions.princess_dragon.rules import dragon_square

import board_play


def open_tutorial(make_app, size=(1024, 768), animation="instant"):
    app = make_app(size=size, animation=animation)
    app.push_scene("title")
    d = Driver(app)
    d.frames(2)
    d.key(pygame.K_t)
    scene = app.top
    assert type(scene).__name__ == "TutorialScene"
    return app, d, scene


def open_lesson(make_app, index, animation="instant"):
    app, d, listed = open_tutorial(make_app, animation=animation)
    d.click(listed.list_buttons[index].rect.center)
    scene = app.top
    assert type(scene).__name__ == "LessonScene" and scene.index == index
    d.frames()
    return app, d, scene


def drag_tile(d, scene, x, y, during=None):
    """The tile in hand dragged from the hand slot onto board square (x, y)."""
    d.drag(scene.pieces.hand_tile_rect().center, scene.camera.cell_center(x, y), steps=4, during=during)


def place_point(scene, spot):
    """Where on screen the place ``spot`` of the laid tile is."""
    p = scene.turn.pending
    return next(pos for pos in ((px, py) for px in range(0, scene.size[0], 3) for py in range(0, scene.size[1], 3)
                                if scene.camera.cell_at(px, py) == (p.x, p.y))
                if scene.board.spot_near(p, scene.turn.spots(), pos) == spot)


def play_step(d, scene):
    """The step's intended move, as a learner makes it in the game: R to turn, the tile dragged
    onto its square, a follower dragged from the card onto its place (F for an abbot's), Enter."""
    move = scene.runner.step.solution
    while scene.turn.rotation != move.rotation:
        d.key(pygame.K_r)
    drag_tile(d, scene, move.x, move.y)
    assert scene.turn.pending is not None and (scene.turn.pending.x, scene.turn.pending.y) == (move.x, move.y)
    figure = move.figure
    if figure is not None and figure.at is not None:  # (another tile's place, lit: dragged onto or clicked)
        o = scene.game.tile_at(*figure.at)
        ax, ay = spot_anchor(o, figure.place)
        there = tuple(round(v) for v in scene.camera.to_screen(figure.at[0] + ax, figure.at[1] + ay))
        if figure.kind == "follower":
            d.drag(scene.pieces.follower_slots(0)[-1].center, there, steps=3)
        else:
            d.click(there)
        assert scene.turn.figure == figure, scene.message
    if figure is not None and figure.kind == "follower" and figure.place in scene.turn.spots():
        d.drag(scene.pieces.follower_slots(0)[-1].center, place_point(scene, figure.place), steps=3)
    while figure is not None and scene.turn.figure != figure:
        d.key(pygame.K_b if figure.action == "back" else pygame.K_f)
    d.key(pygame.K_RETURN)
    take_decisions(d, scene)


def take_decisions(d, scene):
    """The decisions the move asks (the dragon's steps), as the learner makes them: a click on
    the first lit square whenever it is the learner's, the computer player's made by it."""
    while scene.turn.phase in (DECIDE, AI_DECIDE):
        if scene.turn.phase == AI_DECIDE:
            d.run_until(lambda: scene.turn.phase != AI_DECIDE, seconds=30)
            continue
        asked = scene.turn.decision()
        assert asked.player == 0 and set(scene.board.marks.scored) == set(asked.options)
        show_cell(d, scene, *asked.options[0], 96)
        made = len(scene.turn.steps.decisions)
        d.click(scene.camera.cell_center(*asked.options[0]))
        assert len(scene.turn.steps.decisions) > made or scene.turn.phase not in (DECIDE, AI_DECIDE), scene.message


def finish_steps(d, scene):
    while not scene.runner.in_free_game:
        if scene.runner.step.reading:
            d.key(pygame.K_n)
        else:
            play_step(d, scene)


def test_a_lesson_starts_from_its_button_on_the_games_board_screen(make_app):
    app, d, listed = open_tutorial(make_app)
    assert len(listed.list_buttons) == 11  # (lesson 11: The Princess & the Dragon)
    d.click(listed.list_buttons[0].rect.center)
    scene = app.top
    assert type(scene).__name__ == "LessonScene" and scene.runner.lesson.id == "placing"
    assert scene.turn.tile == "U" and scene.runner.pointed() == ((1, 0),)
    assert type(scene.turn).__name__ == "LessonTurn" and scene.board is not None


def test_a_lesson_is_played_by_dragging_the_tile_as_the_game_is(make_app):
    """The ghost follows the pointer and snaps green on a square where the tile fits; the release
    lays it; Enter plays it, and the computer's scripted reply follows."""
    app, d, scene = open_lesson(make_app, 0)
    seen = {}

    def during():
        seen["ghost"] = scene.panel.ghost
        seen["legal"] = scene.board_marks().legal

    drag_tile(d, scene, 1, 0, during)
    assert seen["ghost"] is not None and seen["ghost"].tile == "U" and seen["ghost"].fits
    assert (1, 0) in seen["legal"], "the squares the tile fits are lit while dragging"
    assert scene.turn.pending is not None and (scene.turn.pending.x, scene.turn.pending.y) == (1, 0)
    assert scene.panel.ghost is None
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 1 and scene.runner.note.template == ""
    assert scene.game.tile_at(0, 1) is not None, "the computer's scripted reply"
    assert scene.turn.tile == "E" and scene.turn.last_placed == (0, 1)


def test_the_wheel_turns_the_dragged_tile_instead_of_zooming(make_app):
    app, d, scene = open_lesson(make_app, 0)
    play_step(d, scene)  # step 2: the city tile, to turn
    before = (scene.turn.rotation, scene.camera.tile_px)
    target = scene.camera.cell_center(0, -1)
    d.drag(scene.pieces.hand_tile_rect().center, target, steps=3, release=False)
    d.wheel(1, target)
    d.wheel(1, target)
    assert scene.camera.tile_px == before[1]
    assert scene.turn.rotation == (before[0] + 180) % 360
    d.release(target)
    assert scene.turn.pending is not None and (scene.turn.pending.x, scene.turn.pending.y) == (0, -1)
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 2


def test_a_wrong_square_shows_the_engines_why_not_under_the_board_and_the_step_waits(make_app):
    app, d, scene = open_lesson(make_app, 0)
    drag_tile(d, scene, 0, -1)  # field against the start tile's city
    assert scene.flow.message.text.startswith("Doesn't fit") and "city edge" in scene.flow.message.text
    assert scene.turn.pending is None and scene.runner.index == 0


def test_a_move_that_misses_the_goal_is_refused_and_the_tile_keeps_its_turn(make_app):
    app, d, scene = open_lesson(make_app, 0)
    play_step(d, scene)  # step 2: the city tile E, turned to 180 to face the start tile's city
    wrong = next(c for c in sorted(scene.turn.legal_cells(180)) if c != (0, -1))
    while scene.turn.rotation != 180:
        d.key(pygame.K_r)
    drag_tile(d, scene, *wrong)  # issue 42: said as the tile is dropped, not only after Enter
    assert scene.runner.index == 1 and scene.game.tile_at(*wrong) is None
    assert scene.turn.tile == "E" and scene.turn.pending is None
    assert scene.turn.rotation == 180, "the tile comes back as the learner turned it"
    assert note_words(scene.runner.note).startswith("Not quite")
    assert scene.flow.message.text.startswith("Not quite"), "said under the board too"
    assert scene.turn.can_act
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 1 and scene.turn.pending is None


def test_a_drop_on_another_square_than_the_first_step_asks_is_answered_at_once(make_app):
    """Issue 42: lesson 1 accepted a drop on the wrong square and said "Not quite" only after Enter."""
    app, d, scene = open_lesson(make_app, 0)
    wrong = next(c for c in sorted(scene.turn.legal_cells(0)) if c != (1, 0))
    drag_tile(d, scene, *wrong)
    assert scene.turn.pending is None and scene.turn.tile == "U"
    assert scene.flow.message.text.startswith("Not quite: put this road tile on the square framed in yellow")
    d.key(pygame.K_TAB)  # Tab goes to the step's square only
    assert scene.turn.pending is not None and (scene.turn.pending.x, scene.turn.pending.y) == (1, 0)


def test_a_monk_where_the_abbot_should_go_is_told_apart(make_app):
    """Issue 42: in lesson 8 a monk dropped where the abbot should go got the step's plain hint."""
    app, d, scene = open_lesson(make_app, 7)
    play_step(d, scene)  # step 1: the abbot in the garden
    d.run_until(lambda: scene.runner.step.reading, 400)
    d.key(pygame.K_n)  # step 2: reading
    d.run_until(lambda: scene.turn.can_act, 400)
    play_step(d, scene)  # step 3: the abbot taken back
    d.run_until(lambda: scene.turn.can_act, 400)
    step = scene.runner.step
    assert step.goal == {"at": [1, 2], "follower": "abbot"}
    assert "so many tiles around" not in step.text  # (the square has fewer neighbours than the garden had)
    move = step.solution
    scene.turn.rotation = move.rotation
    drag_tile(d, scene, move.x, move.y)
    d.drag(scene.pieces.follower_slots(0)[-1].center, place_point(scene, "cloister"), steps=3)
    assert scene.turn.figure is not None and scene.turn.figure.kind == "follower"
    d.key(pygame.K_RETURN)
    assert scene.flow.message.text.startswith("Not quite: that is an ordinary follower, and this step asks for "
                                              "your abbot")


def test_a_follower_is_dragged_from_the_card_onto_a_place_that_lights_its_feature(make_app):
    app, d, scene = open_lesson(make_app, 1)
    drag_tile(d, scene, 1, 0)
    road = place_point(scene, "road:E")
    d.move(road)
    assert scene.board_marks().paints, "the road the follower would join is painted under the pointer"
    d.drag(scene.pieces.follower_slots(0)[-1].center, road, steps=3)
    assert scene.turn.figure == FigureStep("follower", "road:E")
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 1 and scene.game.supply[0] == 6


def test_a_scored_road_is_animated_as_in_the_game_not_outlined_tile_by_tile(make_app):
    app, d, scene = open_lesson(make_app, 1, animation="normal")
    for _ in range(2):
        play_step(d, scene)
        d.run_until(lambda: scene.turn.can_act, 400)
    play_step(d, scene)  # step 3 closes the road: 4 points
    assert [p.kind for p, _t in scene.overlay.flashes] == ["road"], "the scored road is lit"
    assert scene.flow.anims, "its points rise and the thief goes home"
    assert scene.board_marks().scored == ()
    assert d.run_until(lambda: scene.flow.scoring_shown(), 400)
    assert scene.panel.cards[0].score == 4


def test_on_a_reading_step_the_next_tile_waits_unseen_and_cannot_be_dragged(make_app):
    app, d, scene = open_lesson(make_app, 1)
    for _ in range(3):
        play_step(d, scene)
    assert scene.runner.step.reading and scene.turn.tile is not None
    assert scene.panel.hand.tile is None and not scene.turn.can_act
    cell = sorted(scene.turn.legal_cells())[0]
    d.drag(scene.pieces.hand_tile_rect().center, scene.camera.cell_center(*cell), steps=3)
    assert scene.turn.pending is None and scene.game.tile_at(*cell) is None
    d.click(scene.camera.cell_center(*cell))
    assert scene.turn.pending is None and scene.flow.message.text == "Read the coach's line, then press Next."
    d.key(pygame.K_RETURN)  # Enter reads on, as Next does
    assert scene.runner.in_free_game and scene.turn.can_act


def test_restart_and_skip(make_app):
    app, d, scene = open_lesson(make_app, 0)
    play_step(d, scene)
    assert scene.runner.index == 1
    d.key(pygame.K_r, pygame.KMOD_CTRL)
    scene = app.top
    assert scene.runner.index == 0 and scene.game.turn_number == 0
    d.key(pygame.K_n, pygame.KMOD_CTRL)
    scene = app.top
    assert scene.runner.lesson.id == "roads" and scene.runner.index == 0
    assert app.settings.lessons_done == [], "a skipped lesson is not ticked"
    d.key(pygame.K_ESCAPE)
    assert type(app.top).__name__ == "TutorialScene"
    d.key(pygame.K_ESCAPE)
    assert type(app.top).__name__ == "TitleScene"


def test_completion_is_remembered_in_the_settings_and_the_free_game_ends(make_app, data_dir):
    app, d, scene = open_lesson(make_app, 6)  # The River: three steps, then four tiles against the Easy player
    finish_steps(d, scene)
    assert app.settings.lessons_done == ["river"]
    assert Storage(data_dir).load_settings().lessons_done == ["river"]
    assert progress_words(scene.runner) == "Free game"

    def step():
        if scene.turn.can_act:
            d.key(pygame.K_TAB)
            d.key(pygame.K_RETURN)
        else:
            d.frames()
            pygame.time.wait(2)
        return scene.runner.finished

    assert d.run_until(step, 3000)
    assert "game is over" in coach_words(scene.runner)
    assert scene.final and scene.board_marks().paints, "the final scoring painted feature by feature"


def test_every_lesson_is_completed_by_dragging(make_app):
    app, d, scene = open_lesson(make_app, 0)
    for index in range(len(scene.lessons)):
        if index:
            d.key(pygame.K_n, pygame.KMOD_CTRL)
            scene = app.top
            d.frames()
        finish_steps(d, scene)
        assert scene.runner.in_free_game, scene.runner.lesson.id
    assert len(app.settings.lessons_done) == 11


# -- the coach's lines match the board
TURN_ASKED = re.compile(r"\b[Tt]urn (this|it)\b")


def steps_as_shown(make_app):
    """(lesson id, step number, step, the tile's rotation as it comes) for every step that asks for a move."""
    app, d, scene = open_lesson(make_app, 0)
    out = []
    for index in range(len(scene.lessons)):
        if index:
            d.key(pygame.K_n, pygame.KMOD_CTRL)
            scene = app.top
            d.frames()
        while not scene.runner.in_free_game:
            step = scene.runner.step
            if not step.reading:
                out.append((scene.runner.lesson.id, scene.runner.index + 1, step, scene.turn.rotation,
                            set(scene.turn.legal_cells())))
                play_step(d, scene)
            else:
                d.key(pygame.K_n)
    return out


def test_a_step_that_asks_to_turn_the_tile_gives_it_turned_otherwise(make_app):
    """The River's second step asked to turn a tile that came already turned to fit."""
    asked = [(lesson, n) for lesson, n, step, rotation, _legal in steps_as_shown(make_app)
             if TURN_ASKED.search(step.text) and rotation == step.solution.rotation]
    assert asked == []


def test_a_step_that_does_not_ask_to_turn_gives_a_tile_that_fits_as_it_comes(make_app):
    unasked = [(lesson, n) for lesson, n, step, rotation, legal in steps_as_shown(make_app)
               if not TURN_ASKED.search(step.text) and not legal]
    assert unasked == []


def test_the_river_step_asks_only_to_place_the_tile_that_already_fits(make_app):
    app, d, scene = open_lesson(make_app, 6)
    play_step(d, scene)
    step = scene.runner.step
    assert (2, 1) in scene.turn.legal_cells() and scene.turn.rotation == step.solution.rotation
    assert not TURN_ASKED.search(coach_words(scene.runner))


def test_no_coach_line_names_a_tile_by_its_letter(make_app):
    """Lesson 1 said "tile C": the learner never sees the tiles' letters."""
    app, d, scene = open_lesson(make_app, 0)
    texts = [(lesson.id, text) for lesson in scene.lessons for s in lesson.steps for text in (s.text, s.hint)]
    assert [(i, t) for i, t in texts if re.search(r"\btile [A-Z][A-Z0-9]*\b", t)] == []


def test_a_square_the_coach_points_at_is_named_as_it_is_drawn(make_app):
    """Lesson 3 said "the lit square" for a square framed in yellow (lit squares are the green
    ones, where the tile fits)."""
    app, d, scene = open_lesson(make_app, 0)
    texts = [(lesson.id, text) for lesson in scene.lessons for s in lesson.steps for text in (s.text, s.hint)]
    assert [(i, t) for i, t in texts if "lit square" in t] == []
    assert any("framed in yellow" in t for i, t in texts if i == "cities")


def test_the_final_scoring_walkthrough_shows_on_the_cards_what_the_coach_says(make_app):
    """Lesson 6 said "You score 4" with "You 0" beside it: the cards and the track count each
    feature as the walkthrough shows it."""
    app, d, scene = open_lesson(make_app, 5)
    play_step(d, scene)
    runner = scene.runner
    assert runner.walkthrough
    total = list(runner.game.scores)
    for i, event in enumerate(runner.walkthrough):
        assert runner.walk_index == i
        for player in event.players:
            total[player] += event.points
        d.frames()
        assert [c.score for c in scene.panel.cards] == total
        if 0 in event.players:
            assert f"You score {event.points}" in scoring_words(runner)
        d.key(pygame.K_n)
    assert runner.index == 2 and [c.score for c in scene.panel.cards] == runner.game.scores


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
    for _ in range(60):
        d.key(pygame.K_PAGEDOWN)
    assert rules.scroll == rules.max_scroll
    last = rules.blocks[-1]
    assert page.y + last.y + last.height - rules.scroll <= page.bottom, "the last rule can be read"


def test_the_inns_and_cathedrals_lesson_shows_the_big_follower_on_the_learners_card(make_app):
    """The lesson's card is the game's card: with Inns & Cathedrals the big follower stands
    after the seven followers, where it is dragged from."""
    app, d, listed = open_tutorial(make_app)
    index = next(i for i, lesson in enumerate(listed.lessons) if lesson.id == "inns_cathedrals")
    d.click(listed.list_buttons[index].rect.center)
    scene = app.top
    d.frames()
    learner = scene.panel.cards[0]
    big = dict(learner.figures).get("big")
    assert big is not None and big.w > learner.followers[0].w


def test_the_traders_and_builders_lesson_drags_the_builder_beside_the_thief(make_app):
    """Lesson 10, step 3: the builder dragged from the learner's card onto the road that holds
    the thief (not lit for a second thief); the pig dragged onto a farm without the learner's farmer
    is refused in words."""
    app, d, listed = open_tutorial(make_app)
    index = next(i for i, lesson in enumerate(listed.lessons) if lesson.id == "traders_builders")
    d.click(listed.list_buttons[index].rect.center)
    scene = app.top
    d.frames()
    assert dict(scene.pieces.figure_slots(0)).keys() >= {"builder", "pig"}
    play_step(d, scene)  # step 1: the wine city completed
    assert scene.runner.game.rules.traders_builders and scene.panel.cards[0].counters[0] == ("wine", 1)
    play_step(d, scene)  # step 2: the thief on the road
    step = scene.runner.step
    assert step.goal == {"at": [-1, 0], "follower": "builder"}
    move = step.solution
    drag_tile(d, scene, move.x, move.y)
    assert "road:E" not in scene.turn.spots(), "the thief's road is not lit for a second thief"
    d.drag(dict(scene.pieces.figure_slots(0))["pig"].center, place_point(scene, "farm:NW"), steps=3)
    assert scene.turn.figure is None
    said = scene.flow.message.text
    assert said == "No pig here: you have no farmer on this farm (Traders & Builders rules).", said
    road = board_play.place_point(scene, scene.turn.pending, "road:E")
    d.drag(dict(scene.pieces.figure_slots(0))["builder"].center, road, steps=3)
    assert scene.turn.figure is not None and scene.turn.figure.kind == "builder"
    d.key(pygame.K_RETURN)
    assert scene.runner.index == 3, note_words(scene.runner.note)
    assert any(f.kind == "builder" and f.player == 0 for f in scene.runner.game.figures_on_board())
    play_step(d, scene)  # step 4: the road extended: the builder's second tile, drawn at once
    assert scene.runner.game.current == 0 and scene.runner.step.goal.get("follower") == "farm"


def test_lesson_11_has_the_learner_step_the_dragon_and_easy_take_its_own_steps(make_app):
    """The dragon tile's step: the learner drags the dragon onto a lit square, then clicks;
    between the learner's steps the Easy computer player takes its own; the whole move counts."""
    app, d, scene = open_tutorial(make_app)
    index = next(i for i, lesson in enumerate(scene.lessons) if lesson.id == "princess_dragon")
    app, d, scene = open_lesson(make_app, index)
    while "decided" not in scene.runner.step.goal:
        if scene.runner.step.reading:
            d.key(pygame.K_n)
        else:
            play_step(d, scene)
    step = scene.runner.step
    while scene.turn.rotation != step.solution.rotation:
        d.key(pygame.K_r)
    drag_tile(d, scene, -1, 2)
    d.key(pygame.K_RETURN)  # no figure: the dragon moves, the learner first
    assert scene.turn.phase == DECIDE and scene.turn.decision().player == 0, scene.flow.message.text
    said = scene.flow.message.text  # (spoken to the learner)
    assert said.startswith("The dragon's step 1 of 6: you move it (red)."), said
    assert set(scene.board.marks.scored) == {(0, 0), (1, 1), (0, 2), (-1, 1)}
    show_cell(d, scene, -1, 1, 96)
    dragon = scene.board.neutrals["dragon"].rect.center
    d.drag(dragon, scene.camera.cell_center(-1, 1), steps=4)  # dragged onto a lit square
    assert scene.turn.steps.decisions[:1] == ((-1, 1),), scene.flow.message.text
    d.run_until(lambda: scene.turn.phase != AI_DECIDE, seconds=30)  # Easy's step: its own (only one is open)
    assert scene.turn.steps.decisions == ((-1, 1), (-1, 2)) and scene.turn.phase == DECIDE
    assert "step 3 of 6" in scene.flow.message.text, scene.flow.message.text
    for mine in ((0, 2), (1, 1)):
        show_cell(d, scene, *mine, 96)
        d.click(scene.camera.cell_center(*mine))
        d.run_until(lambda: scene.turn.phase != AI_DECIDE, seconds=30)
    assert scene.runner.in_free_game, note_words(scene.runner.note)
    dragon_move = next(m for m in scene.game.history if getattr(m, "tile", "") == step.solution.tile)
    assert dragon_move.decisions == ((-1, 1), (-1, 2), (0, 2), (1, 2), (1, 1))
    assert dragon_square(scene.game) == (1, 1)


def test_a_lessons_dragon_step_confirmed_elsewhere_than_asked_is_answered_before_any_step(make_app):
    """A dragon tile laid on another square comes back with the hint at once: no step is asked."""
    app, d, scene = open_tutorial(make_app)
    index = next(i for i, lesson in enumerate(scene.lessons) if lesson.id == "princess_dragon")
    app, d, scene = open_lesson(make_app, index)
    while "decided" not in scene.runner.step.goal:
        play_step(d, scene) if not scene.runner.step.reading else d.key(pygame.K_n)
    while scene.turn.rotation != 90:
        d.key(pygame.K_r)
    drag_tile(d, scene, 0, 3)
    assert scene.turn.pending is None and scene.turn.phase != DECIDE
    assert "south of the road curve" in note_words(scene.runner.note)
