"""Screenshots of The Princess & the Dragon, taken in a real window (run under Xvfb), into
docs/screenshots/princess-dragon/: the New game option, the dragon's step lit with whose
step it is, the dragon dragged, its path after the move, the fairy's place lit and the fairy
moved, the magic portal's places lit across the board, the princess's knight lit and
leaving, the Rules pages, and lesson 11 played by hand (the dragon's steps included).

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/pd_screenshots.py [--size 1024x768]
    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/pd_screenshots.py --language de

With ``--language`` only the Rules pages and lesson 11, in that language.

Each screen is reached with synthetic mouse and keyboard events, like a player would.
"""

from __future__ import annotations

import json

import pygame
from board_shots import ROOT, Shots, close_app, lay, open_app

from carcassonne.app.app import App
from carcassonne.app.art.spots import spot_anchor
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.session import play
from carcassonne.engine import Game, Placement
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.expansions.hand.rules import arrange_draw
from carcassonne.i18n import _

OUT = ROOT / "docs" / "screenshots" / "princess-dragon"
RECORDS = ROOT / "tests" / "records" / "princess_dragon"
TWO = [Seat("Ann", "red"), Seat("Bob", "blue")]
shot: Shots


def record_game(app: App, name: str, turns: int, next_tile: str | None) -> Game:
    record = GameRecord.from_data(json.loads((RECORDS / f"{name}.carc.json").read_text()))
    record.turns = record.turns[:turns]
    game = record.replay(app.tiles)
    if next_tile is not None:
        arrange_draw(game, turns + 1, next_tile)
    return game


def point_on(scene, x: int, y: int, place: str) -> tuple[int, int]:  # noqa: ANN001
    o = scene.game.tile_at(x, y)
    ax, ay = spot_anchor(o, place)
    sx, sy = scene.camera.to_screen(x + ax, y + ay)
    return round(sx), round(sy)


def start(app: App, d: Driver, name: str, turns: int, tile: str):  # noqa: ANN201
    play(app, record_game(app, name, turns, tile), TWO)
    d.frames(2)
    d.key(pygame.K_RETURN)  # the hand-over card
    return app.top


def new_game(app: App, d: Driver) -> None:
    app.push_scene("title")
    d.frames(2)
    d.key(pygame.K_n)
    form = app.top
    d.click(form.variants["princess_dragon"].rect.center)
    d.move(form.box.midbottom)
    shot(app, "01-new-game-option")
    app.replace_scene("title")


def dragon(app: App, d: Driver) -> None:
    """Ann lays a dragon tile: her step lit and named; Bob drags the dragon onto Ann's thief;
    the path stays drawn."""
    scene = start(app, d, "dragon-eats", 2, "PD7")
    lay(d, scene, Placement("PD7", -1, 0, 180), 150)
    d.key(pygame.K_RETURN)
    d.move(scene.rects["deck"].center)
    shot(app, "02-dragon-step-lit-whose-step")
    d.click(scene.camera.cell_center(0, 0))
    d.key(pygame.K_RETURN)  # the mouse goes to Bob
    show_cell(d, scene, 1, 0, 150)
    d.drag(scene.board.neutrals["dragon"].rect.center, scene.camera.cell_center(1, 0), steps=4, release=False)
    shot(app, "03-dragon-dragged-by-the-second-player")
    d.release(scene.camera.cell_center(1, 0))
    Driver(app, dt=0.1).frames(20)
    d.move(scene.rects["deck"].center)
    shot(app, "04-dragon-path-thief-eaten")
    app.replace_scene("title")


def fairy(app: App, d: Driver) -> None:
    scene = start(app, d, "fairy-point-and-bonus", 2, "E")
    lay(d, scene, Placement("E", 1, -1, 0), 150)
    d.move(scene.rects["deck"].center)
    shot(app, "05-fairy-place-lit")
    d.click(point_on(scene, 1, 0, "road:E"))
    d.move(scene.rects["deck"].center)
    shot(app, "06-fairy-moved-beside-the-thief")
    app.replace_scene("title")


def portal(app: App, d: Driver) -> None:
    scene = start(app, d, "portal", 1, "PD20")
    lay(d, scene, Placement("PD20", 2, 0, 90), 150)
    supply = scene.pieces.follower_slots(1)[-1]
    d.press(supply.center)
    d.move(point_on(scene, 0, 0, "city:N"), buttons=(1, 0, 0))
    shot(app, "07-portal-places-lit-across-the-board")
    d.release(point_on(scene, 0, 0, "city:N"))
    app.replace_scene("title")


def princess(app: App, d: Driver) -> None:
    scene = start(app, d, "princess", 1, "PD1")
    lay(d, scene, Placement("PD1", 1, -1, 270), 150)
    d.move(scene.rects["deck"].center)
    shot(app, "08-princess-knight-lit")
    d.click(point_on(scene, 0, -1, "city:E"))
    d.move(scene.rects["deck"].center)
    shot(app, "09-princess-knight-leaving")
    app.replace_scene("title")


def rules(app: App, d: Driver) -> None:
    app.push_scene("rules")
    d.frames(2)
    page = app.top
    for i, title in enumerate(("The Princess & the Dragon: the dragon", "The Princess & the Dragon: the fairy",
                               "The Princess & the Dragon: a volcano start")):
        block = next(b for b in page.blocks if b.title == _(title))
        page.scroll_by(block.y - page.scroll)
        d.frames(2)
        shot(app, f"{10 + i}-rules-{title.split(': ')[1].replace(' ', '-')}")
    app.replace_scene("title")


def lesson(app: App, d: Driver) -> None:
    """Lesson 11 by hand: the princess's knight lit, the portal's places lit across the board
    while the follower is carried, the fairy's place lit."""
    from tutorial_screenshots import drag_tile, other_place, play_step

    run = Driver(app, dt=0.05)
    app.replace_scene("title")
    run.frames(2)
    run.key(pygame.K_t)
    listed = app.top
    index = next(i for i, lesson in enumerate(listed.lessons) if lesson.id == "princess_dragon")
    run.click(listed.list_buttons[index].rect.center)
    run.frames(4)
    scene = app.top
    play_step(run, scene)  # the volcano
    move = scene.runner.step.solution
    while scene.turn.rotation != move.rotation:
        run.key(pygame.K_r)
    drag_tile(run, scene, move.x, move.y)
    run.move(scene.rects["deck"].center)
    shot(app, "13-lesson11-princess-knight-lit")
    run.click(other_place(scene, (0, -1), "city:E"))
    run.key(pygame.K_RETURN)
    run.run_until(lambda: scene.turn.can_act, 400)
    move = scene.runner.step.solution
    drag_tile(run, scene, move.x, move.y)
    there = other_place(scene, (-1, 0), "road:E")
    run.drag(scene.pieces.follower_slots(0)[-1].center, there, steps=4, release=False)
    shot(app, "14-lesson11-portal-places-lit")
    run.release(there)
    run.key(pygame.K_RETURN)
    run.run_until(lambda: scene.turn.can_act, 400)
    move = scene.runner.step.solution
    drag_tile(run, scene, move.x, move.y)
    run.move(scene.rects["deck"].center)
    shot(app, "15-lesson11-fairy-place-lit")
    run.click(other_place(scene, (-1, 0), "road:E"))
    run.key(pygame.K_RETURN)
    run.run_until(lambda: scene.turn.can_act, 400)
    move = scene.runner.step.solution  # the dragon tile: the learner moves the dragon, Easy too
    while scene.turn.rotation != move.rotation:
        run.key(pygame.K_r)
    drag_tile(run, scene, move.x, move.y)
    run.key(pygame.K_RETURN)
    run.frames(2)
    shot(app, "16-lesson11-dragon-step-lit")
    dragon = scene.board.neutrals["dragon"].rect.center
    run.drag(dragon, scene.camera.cell_center(-1, 1), steps=4, release=False)
    shot(app, "17-lesson11-dragon-dragged")
    run.release(scene.camera.cell_center(-1, 1))
    for mine in ((0, 2), (1, 1)):
        run.run_until(lambda: scene.turn.decision() is not None and scene.turn.decision().player == 0
                      or scene.runner.in_free_game, 400)
        if scene.runner.in_free_game:
            break
        run.click(scene.camera.cell_center(*mine))
    run.run_until(lambda: scene.runner.in_free_game and scene.turn.phase != "animating", 400)
    run.frames(4)
    shot(app, "18-lesson11-dragon-path")
    run.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def main() -> int:
    global shot
    app, d, shot = open_app(OUT, "normal", 0.0)
    if app.settings.language:  # the words in another language: the Rules pages and lesson 11
        rules(app, d)
        lesson(app, d)
        return close_app(app)
    new_game(app, d)
    dragon(app, d)
    fairy(app, d)
    portal(app, d)
    princess(app, d)
    rules(app, d)
    lesson(app, d)
    return close_app(app)


if __name__ == "__main__":
    raise SystemExit(main())
