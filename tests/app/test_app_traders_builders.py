"""Traders & Builders on the screen, played with the mouse and the keys as a person would.

Chosen on the New game form and remembered; the builder and the pig on the player's card
beside the 7, the builder dragged onto the road of the laid tile (only its places lit), a pig
refused with the sentence that says why, the double turn announced, the goods counted on
the cards, a Goods column in the results, and the Rules pages with their examples (rules:
``shared/docs/game-record.md``, "Traders & Builders")."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from carcassonne.app.driver import Driver
from carcassonne.engine import Game, Placement
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.expansions.hand.rules import arrange_draw

import board_play
from board_play import lay, new_game_form, place_point

SEATS = [Seat("Ann", "red"), Seat("Bob", "blue")]
RECORDS = Path(__file__).parents[1] / "records" / "traders_builders"


def record_game(tiles, name: str, turns: int, next_tile: str | None = None) -> Game:  # noqa: ANN001
    """The record's first ``turns`` entries played, the next entry drawing ``next_tile``."""
    record = GameRecord.from_data(json.loads((RECORDS / f"{name}.carc.json").read_text(encoding="utf-8")))
    record.turns = record.turns[:turns]
    game = record.replay(tiles)
    if next_tile is not None:
        arrange_draw(game, turns + 1, next_tile)
    return game


def slot(scene, kind: str):  # noqa: ANN001, ANN201
    return dict(scene.figure_slots(0))[kind]


def test_traders_builders_is_chosen_on_the_new_game_form_and_remembered(make_app):
    app, d, form = new_game_form(make_app)
    option = form.variants["traders_builders"]
    assert option.value == "off"
    d.click(option.rect.center)
    assert form.setup.rules.traders_builders
    d.key(pygame.K_RETURN)  # start
    scene = app.top
    assert scene.game.rules.traders_builders
    assert app.storage.load_setup().rules.traders_builders
    d.key(pygame.K_RETURN)  # (a hand-over card, if any)
    d.frames(2)
    card = scene.panel.cards[0]
    assert {kind for kind, _ in card.figures} == {"builder", "pig"} and len(card.followers) == 7
    assert card.counters == (("wine", 0), ("grain", 0), ("cloth", 0))


def test_the_builder_dragged_onto_the_road_stands_there_and_a_pig_is_refused_in_words(make_app):
    game = record_game(make_app().tiles, "builder-double-turn", 2, "U")
    app, d, scene = board_play.start(make_app, game, SEATS)
    turn = scene.turn
    p = Placement("U", 2, 0, 0)
    lay(d, scene, p)
    assert turn.places_of("builder") == ["road:E"] and turn.places_of("pig") == []
    d.drag(slot(scene, "pig").center, place_point(scene, p, "farm:NW"), steps=4)
    assert turn.figure is None
    assert scene.message == "No pig here: Red has no farmer on this farm (Traders & Builders rules).", scene.message
    home = slot(scene, "builder")
    d.press(home.center)
    d.move(place_point(scene, p, "road:E"), buttons=(1, 0, 0))
    assert scene.board_marks().spots == ("road:E",)  # only the builder's place lit
    d.release(place_point(scene, p, "road:E"))
    assert turn.figure is not None and turn.figure.kind == "builder", scene.message
    assert scene.message.startswith("Builder placed")
    assert "builder" not in dict(scene.panel.cards[0].figures)
    d.key(pygame.K_RETURN)  # confirm
    d.frames(3)
    assert any(f.kind == "builder" and f.player == 0 for f in game.figures_on_board())
    assert game.supply[0] == 6


def test_the_double_turn_is_announced(make_app):
    game = record_game(make_app().tiles, "builder-double-turn", 4, "U")
    app, d, scene = board_play.start(make_app, game, SEATS)
    lay(d, scene, Placement("U", 3, 0, 0))
    d.key(pygame.K_SPACE)  # no figure
    d.key(pygame.K_RETURN)
    Driver(app, dt=0.1).frames(30)
    assert game.current == 0 and len(game.history) == 5
    assert scene.turn.player == 0
    assert scene.message == "Builder: Ann plays another tile."  # the seat's name, said at once


def test_goods_are_counted_on_the_cards_and_scored_in_a_goods_column(make_app):
    from carcassonne.app.scenes.results import ResultsScene

    game = record_game(make_app().tiles, "goods-to-the-placer", 3)
    app, d, scene = board_play.start(make_app, game, SEATS)
    assert scene.panel.cards[0].counters == (("wine", 1), ("grain", 0), ("cloth", 0))
    assert scene.panel.cards[1].counters == (("wine", 0), ("grain", 0), ("cloth", 0))
    game.finish()
    results = ResultsScene(app, game, SEATS, [e for e in game.events if e.final])
    app.push(results)
    Driver(app).frames(2)
    results.reveal_all()
    assert "Goods" in results.columns().values()
    assert [row["wine"] for row in results.table()] == [10, 0]
    assert [row["city"] for row in results.table()] == [0, 8]


def test_the_rules_screen_shows_goods_the_builder_and_the_pig_each_with_its_example(make_app):
    from carcassonne.app.scenes.rules_help import RulesScene

    app = make_app()
    scene = RulesScene(app)
    app.push(scene)
    Driver(app).frames(2)
    blocks = {b.title: b for b in scene.blocks}
    for title in ("Traders & Builders: goods", "Traders & Builders: the builder", "Traders & Builders: the pig"):
        assert blocks[title].picture is not None, title
    scored = sorted(sorted((e.feature, e.points, e.players) for e in ex.game.events)
                    for ex in scene.examples.values() if ex is not None and ex.game.rules.traders_builders)
    assert scored == [[("city", 8, (1,)), ("wine", 10, (0,))], [("farm", 6, (1,)), ("farm", 8, (0,))],
                      [("road", 7, (0,))]]


def test_the_goods_majorities_are_scored_on_the_final_board(make_app):
    from carcassonne.app.scenes.final_board import FinalBoardScene

    app = make_app()
    data = json.loads((RECORDS / "goods-to-the-placer.carc.json").read_text(encoding="utf-8"))
    game = GameRecord.from_data(data).replay(app.tiles, final=True)
    final = [e for e in game.events if e.final]
    assert [e.feature for e in final] == ["wine"] and final[0].tiles == ()
    scene = FinalBoardScene(app, game, SEATS, final)
    app.push(scene)
    d = Driver(app, dt=0.0)
    d.frames(1)
    while scene.step < len(scene.final):  # an award of no feature floats over the board
        d.click(scene.rects["board"].center)
        d.frames(1)
    assert "wine" in " ".join(scene.caption)


def complete_the_wine_city(make_app, reduced_motion: bool = False):  # noqa: ANN001, ANN201
    """Ann completes Bob's wine city (goods-to-the-placer, turn 3) on the Play screen, with the
    animations played at normal speed (or reduced motion)."""
    def normal_app():  # noqa: ANN202
        app = make_app(animation="normal")
        app.settings.reduced_motion = reduced_motion
        return app

    game = record_game(make_app().tiles, "goods-to-the-placer", 2, "E")
    app, d, scene = board_play.start(normal_app, game, SEATS)
    Driver(app, dt=0.1).frames(30)  # (the greeting's animations over)
    lay(d, scene, Placement("E", 1, -2, 180))
    d.key(pygame.K_SPACE)  # no figure
    d.key(pygame.K_RETURN)
    return app, scene, game


def test_the_goods_fly_from_the_completed_city_to_the_card_of_who_completed_it(make_app):
    from carcassonne.app.board.anim import Glide

    app, scene, game = complete_the_wine_city(make_app)
    assert game.counters(0) == {"wine": 1, "grain": 0, "cloth": 0}
    wine = app.assets.icons.get("wine", max(12, int(26 * scene.u)))
    flying = [a for a in scene.flow.anims if isinstance(a, Glide) and a.image is wine]
    assert len(flying) == 1, scene.flow.anims  # one wine symbol in the city: one token
    token = flying[0]
    scored = game.events[-1]  # E completes the city of N, TB2 and the start tile: Bob's knight scores it
    city = scored.tiles
    assert scored.feature == "city" and scored.players == (1,) and sorted(city) == [(0, -1), (0, 0), (1, -2), (1, -1)]
    start = scene.camera.to_screen(sum(x + 0.5 for x, _ in city) / 4, sum(y + 0.5 for _, y in city) / 4)
    assert token.start() == start and token.end() == scene.card_rects[0].midright  # Ann's card, not Bob's
    d = Driver(app, dt=0.05)
    while token in scene.flow.anims:
        last = token.position()
        d.frames(1)
    assert abs(last[0] - scene.card_rects[0].midright[0]) < 25 and abs(last[1] - scene.card_rects[0].midright[1]) < 25
    assert scene.panel.cards[0].counters == (("wine", 1), ("grain", 0), ("cloth", 0))


def test_with_reduced_motion_no_token_flies_and_the_count_just_changes(make_app):
    from carcassonne.app.board.anim import Glide

    app, scene, game = complete_the_wine_city(make_app, reduced_motion=True)
    assert game.counters(0)["wine"] == 1
    assert not [a for a in scene.flow.anims if isinstance(a, Glide)]
    Driver(app).frames(2)
    assert scene.panel.cards[0].counters == (("wine", 1), ("grain", 0), ("cloth", 0))


def test_with_a_hand_of_three_chosen_beside_it_the_app_plays_a_whole_game(make_app):
    """Traders & Builders and a hand of 3 combine on the New game form; two computer players
    then play the game to its end headless, a double turn drawing back up to the hand at its
    end (``docs/game-record.md``, Traders & Builders, "With a hand")."""
    from carcassonne.app.session import play
    from carcassonne.engine import Rules
    from carcassonne.expansions.hand.rules import hands_state

    app, d, form = new_game_form(make_app)
    d.click(form.variants["traders_builders"].rect.center)
    hand = form.variants["hand"]
    while hand.value != "3-hidden":
        d.click(hand.rect.center)
    assert form.setup.rules.traders_builders and (form.setup.rules.hand, form.setup.rules.hand_open) == (3, False)
    assert form.variants["traders_builders"].enabled and hand.enabled
    d.key(pygame.K_RETURN)  # start
    assert app.top.game.rules.traders_builders and app.top.game.rules.hand == 3
    game = Game(app.tiles, Rules(traders_builders=True, hand=3, hand_open=False), players=2, seed=11,
                names=["Ann", "Bob"])
    play(app, game, [Seat("Ann", "red", "ai:easy"), Seat("Bob", "blue", "ai:easy")])
    assert d.run_until(lambda: type(app.top).__name__ in ("FinalBoardScene", "ResultsScene"), 6000, seconds=240)
    state = hands_state(game)
    assert state is not None and not any(game.held(p) for p in range(2)) and game.is_over
    assert any(isinstance(drawn, tuple) for drawn in state.drawn)  # a second part drew back up
    saved = GameRecord.from_data(json.loads(GameRecord.from_game(game, SEATS).to_json()))
    assert saved.replay(app.tiles, final=True).scores == game.scores
