"""Screenshots of Inns & Cathedrals, taken in a real window (run under Xvfb), into
docs/screenshots/inns-cathedrals/: the New game option, the new tiles on a board, a big
follower on a cathedral city, an inn road completed and scoring, one left open scoring
nothing, and the Rules page.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/inns_screenshots.py [--size 1024x768]

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

OUT = ROOT / "docs" / "screenshots" / "inns-cathedrals"
RECORDS = ROOT / "tests" / "records" / "inns_cathedrals"
RULES = Rules(inns_cathedrals=True)
shot: Shots


def cathedral_move(game: Game, tile: str) -> Placement | None:
    """The cathedral tile laid where the big follower may stand in its city."""
    if tile != "IC1":
        return None
    fits = [p for p in game.legal_placements(tile)
            if any(s.kind == "big" and s.place.startswith("city") for s in game.figure_steps(p))]
    return fits[0] if fits else None


def new_game(app: App, d: Driver) -> None:
    app.push_scene("title")
    d.frames(2)
    d.key(pygame.K_n)
    form = app.top
    d.click(form.variants["inns_cathedrals"].rect.center)
    d.move(form.box.midbottom)
    shot(app, "01-new-game-option")
    d.key(pygame.K_ESCAPE)


def board(app: App, d: Driver) -> None:
    """A game well in: the new tiles among the others; then the cathedral tile laid and the big
    follower carried from the card to its city, and standing there."""
    game = computer_game(app, RULES, "easy", 5, 30, lambda g, t: cathedral_move(g, t) is not None)
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    d.move(scene.rects["deck"].center)
    shot(app, "02-new-tiles-on-a-board")
    p = cathedral_move(game, scene.turn.tile)
    assert p is not None
    lay(d, scene, p, 150)
    city = next(s for s in scene.turn.places_of("big") if s.startswith("city"))
    d.drag(dict(scene.figure_slots(0))["big"].center, place_point(scene, p, city), steps=4, release=False)
    shot(app, "03-big-follower-dragged-to-the-cathedral-city")
    d.release(place_point(scene, p, city))
    d.move(scene.rects["deck"].center)
    shot(app, "04-big-follower-on-the-cathedral-city")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def inn_completed(app: App, d: Driver) -> None:
    """In play: Bob lays the cloister that closes Ann's inn road, which scores 2 a tile (8),
    its points rising over the road (tests/records/inns_cathedrals/inn-completed)."""
    record = GameRecord.from_data(json.loads((RECORDS / "inn-completed.carc.json").read_text()))
    last = record.turns[-1]
    record.turns = record.turns[:-1]
    game = record.replay(app.tiles)
    arrange_draw(game, len(record.turns) + 1, last.tile)
    play(app, game, [Seat("Ann", "red"), Seat("Bob", "blue")])
    d.frames(2)
    d.key(pygame.K_RETURN)  # (Bob takes the seat)
    scene = app.top
    lay(d, scene, Placement(last.tile, last.x, last.y, last.rotation), 150)
    d.key(pygame.K_SPACE)  # no follower
    d.key(pygame.K_RETURN)
    Driver(app, dt=0.05).frames(10)  # (the points rise over the road)
    shot(app, "05-inn-road-completed-scores-2-a-tile")
    app.replace_scene("title")


def inn_road(app: App, d: Driver) -> None:
    """Final scoring: an inn road left open scores nothing, said on the board."""
    data = json.loads((RECORDS / "inn-open.carc.json").read_text())
    game = GameRecord.from_data(data).replay(app.tiles, final=True)
    seats = [Seat("Ann", "red"), Seat("Bob", "blue")]
    app.replace_scene("final", game=game, seats=seats, final=[e for e in game.events if e.final])
    scene = app.top
    d.frames(1)
    while scene.step < len(scene.final):
        d.click(scene.rects["board"].center)
    Driver(app, dt=0.05).frames(12)  # (the scores on the cards catch up; the results wait 1.2 s)
    shot(app, "06-inn-road-left-open-scores-nothing")
    app.replace_scene("title")
    app.push_scene("rules")
    d.frames(2)
    rules = app.top
    block = next(b for b in rules.blocks if b.title == "Inns & Cathedrals: the inn")
    rules.scroll_by(block.y - rules.scroll)
    d.frames(2)
    shot(app, "07-rules-inn-and-cathedral")
    block = next(b for b in rules.blocks if b.title == "Inns & Cathedrals: the big follower")
    rules.scroll_by(block.y - rules.scroll)
    d.frames(2)
    shot(app, "08-rules-big-follower")
    app.replace_scene("title")


def main() -> int:
    global shot
    app, d, shot = open_app(OUT, "normal", 0.0)
    new_game(app, d)
    board(app, d)
    inn_completed(app, d)
    inn_road(app, d)
    return close_app(app)


if __name__ == "__main__":
    raise SystemExit(main())
