"""Screenshots of Traders & Builders, taken in a real window (run under Xvfb), into
docs/screenshots/traders-builders/: the New game option, the new tiles on a board with the
builder and pig on the cards and the goods counted, the builder dragged from the card (its
places lit) and standing on its road, a pig refused in words, the double turn announced,
the goods majorities scored on the final board, the Goods column of the results, the
Rules pages, lesson 10 step by step, and the goods tokens flying to the card of who
completed the city.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/tb_screenshots.py [--size 1024x768]

Each screen is reached with synthetic mouse and keyboard events, like a player would.
"""

from __future__ import annotations

import json

import pygame
from board_shots import ROOT, SEATS, Shots, close_app, computer_game, lay, open_app, place_point

from carcassonne.app.app import App
from carcassonne.app.driver import Driver
from carcassonne.app.session import play
from carcassonne.engine import Game, Placement, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.expansions.hand.rules import arrange_draw

OUT = ROOT / "docs" / "screenshots" / "traders-builders"
RECORDS = ROOT / "tests" / "records" / "traders_builders"
RULES = Rules(traders_builders=True)
TWO = [Seat("Ann", "red"), Seat("Bob", "blue")]
shot: Shots


def builder_move(game: Game, tile: str) -> Placement | None:
    """A placement of ``tile`` where the player to move may stand the builder."""
    fits = [p for p in game.legal_placements(tile) if any(s.kind == "builder" for s in game.figure_steps(p))]
    return fits[0] if fits else None


def record_game(app: App, name: str, turns: int, next_tile: str | None) -> Game:
    record = GameRecord.from_data(json.loads((RECORDS / f"{name}.carc.json").read_text()))
    record.turns = record.turns[:turns]
    game = record.replay(app.tiles)
    if next_tile is not None:
        arrange_draw(game, turns + 1, next_tile)
    return game


def new_game(app: App, d: Driver) -> None:
    app.push_scene("title")
    d.frames(2)
    d.key(pygame.K_n)
    form = app.top
    d.click(form.variants["traders_builders"].rect.center)
    d.move(form.box.midbottom)
    shot(app, "01-new-game-option")
    d.click(form.net_options[0].rect.center)  # a game open to the network: the form stays inside
    d.move(app.top.box.midbottom)
    shot(app, "02-new-game-network")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def board(app: App, d: Driver) -> None:
    """A game well in: the new tiles among the others, builder, pig and goods on the cards;
    the builder carried from the card to its road, and standing there."""
    game = computer_game(app, RULES, "normal", 5, 36, lambda g, t: builder_move(g, t) is not None)
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.move(scene.rects["deck"].center)
    shot(app, "03-new-tiles-builder-pig-goods-on-the-cards")
    p = builder_move(game, scene.turn.tile)
    assert p is not None
    lay(d, scene, p, 150)
    place = scene.turn.places_of("builder")[0]
    d.drag(dict(scene.figure_slots(0))["builder"].center, place_point(scene, p, place), steps=4, release=False)
    shot(app, "04-builder-dragged-its-places-lit")
    d.release(place_point(scene, p, place))
    d.move(scene.rects["deck"].center)
    shot(app, "05-builder-on-its-road")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def refusal_and_double_turn(app: App, d: Driver) -> None:
    """A pig dropped where Ann has no farmer: refused in words; then the tile that extends
    the builder's road, and the second part announced."""
    game = record_game(app, "builder-double-turn", 2, "U")
    play(app, game, TWO)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    p = Placement("U", 2, 0, 0)
    lay(d, scene, p, 150)
    d.drag(dict(scene.figure_slots(0))["pig"].center, place_point(scene, p, "farm:NW"), steps=4)
    shot(app, "06-pig-refused-in-words")
    app.replace_scene("title")
    game = record_game(app, "builder-double-turn", 4, "U")
    play(app, game, TWO)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    lay(d, scene, Placement("U", 3, 0, 0), 150)
    d.key(pygame.K_SPACE)
    d.key(pygame.K_RETURN)
    Driver(app, dt=0.1).frames(30)
    d.move(scene.rects["deck"].center)
    shot(app, "07-double-turn-announced")
    app.replace_scene("title")


def final(app: App, d: Driver) -> None:
    """Final scoring on the board: the wine majority; then the results with the Goods column."""
    data = json.loads((RECORDS / "goods-to-the-placer.carc.json").read_text())
    game = GameRecord.from_data(data).replay(app.tiles, final=True)
    app.replace_scene("final", game=game, seats=TWO, final=[e for e in game.events if e.final])
    scene = app.top
    d.frames(1)
    while scene.step < len(scene.final):
        d.click(scene.rects["board"].center)
    Driver(app, dt=0.05).frames(12)
    shot(app, "08-goods-majority-on-the-final-board")
    app.replace_scene("results", game=game, seats=TWO, final=[e for e in game.events if e.final],
                      scored_on_board=True)
    d.frames(3)
    shot(app, "09-results-goods-column")
    app.replace_scene("title")
    app.push_scene("rules")
    d.frames(2)
    rules = app.top
    for i, title in enumerate(("Traders & Builders: goods", "Traders & Builders: the builder",
                               "Traders & Builders: the pig")):
        block = next(b for b in rules.blocks if b.title == title)
        rules.scroll_by(block.y - rules.scroll)
        d.frames(2)
        shot(app, f"{10 + i}-rules-{title.split(': ')[1].replace(' ', '-')}")
    app.replace_scene("title")


def lesson(app: App, d: Driver) -> None:
    """Lesson 10 by dragging: the wine city completed (its token in flight to the learner's
    card), the builder carried onto the road beside the thief, the second tile, the pig
    carried onto the farm, the majorities walked through at the end."""
    from tutorial_screenshots import drag_tile, play_step

    app.replace_scene("title")
    run = Driver(app, dt=0.05)
    run.frames(2)
    run.key(pygame.K_t)
    listed = app.top
    index = next(i for i, lesson in enumerate(listed.lessons) if lesson.id == "traders_builders")
    run.click(listed.list_buttons[index].rect.center)
    run.frames(4)
    scene = app.top
    shot(app, "13-lesson10-goods-step")
    move = scene.runner.step.solution
    while scene.turn.rotation != move.rotation:
        run.key(pygame.K_r)
    drag_tile(run, scene, move.x, move.y)
    run.key(pygame.K_RETURN)
    run.frames(19)  # the points risen, the wine token half way to the card
    shot(app, "14-lesson10-wine-token-flying")
    run.run_until(lambda: scene.turn.can_act, 400)
    play_step(run, scene)  # the thief on the road
    move = scene.runner.step.solution
    drag_tile(run, scene, move.x, move.y)
    road = place_point(scene, scene.turn.pending, "road:E")
    run.drag(dict(scene.pieces.figure_slots(0))["builder"].center, road, steps=4, release=False)
    shot(app, "15-lesson10-builder-dragged-beside-the-thief")
    run.release(road)
    run.key(pygame.K_RETURN)
    run.run_until(lambda: scene.turn.can_act, 400)
    play_step(run, scene)  # the road extended: the builder's second tile
    shot(app, "16-lesson10-second-tile")
    play_step(run, scene)  # the farmer
    move = scene.runner.step.solution
    drag_tile(run, scene, move.x, move.y)
    farm = place_point(scene, scene.turn.pending, "farm:EN")
    run.drag(dict(scene.pieces.figure_slots(0))["pig"].center, farm, steps=4, release=False)
    shot(app, "17-lesson10-pig-dragged-beside-the-farmer")
    run.release(farm)
    run.key(pygame.K_RETURN)
    run.run_until(lambda: scene.runner.step is not None and scene.runner.step.reading, 400)
    run.frames(20)
    run.key(pygame.K_n)
    run.key(pygame.K_n)
    run.frames(4)
    shot(app, "18-lesson10-majorities-at-the-end")
    run.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def tokens_flying(app: App, d: Driver) -> None:
    """On the Play screen: Ann completes Bob's wine city; the token flies to Ann's card."""
    run = Driver(app, dt=0.05)
    game = record_game(app, "goods-to-the-placer", 2, "E")
    play(app, game, TWO)
    run.frames(2)
    run.key(pygame.K_RETURN)
    scene = app.top
    run.frames(30)
    lay(run, scene, Placement("E", 1, -2, 180), 150)
    run.key(pygame.K_SPACE)
    run.key(pygame.K_RETURN)
    run.frames(16)  # the wine token on its way from the city to Ann's card
    shot(app, "19-goods-token-flying-to-the-card")
    run.frames(40)
    shot(app, "20-goods-counted-on-the-card")
    app.replace_scene("title")


def main() -> int:
    global shot
    app, d, shot = open_app(OUT, "normal", 0.0)
    new_game(app, d)
    board(app, d)
    refusal_and_double_turn(app, d)
    final(app, d)
    lesson(app, d)
    tokens_flying(app, d)
    return close_app(app)


if __name__ == "__main__":
    raise SystemExit(main())
