"""Screenshots of the second-edition box's variants, taken in a real window (run under Xvfb),
into docs/screenshots/box/: the New game options, a garden, the abbot placed and taken
back, a hand of three tiles.

    xvfb-run -a -s '-screen 0 1920x1080x24' python build_scripts/box_screenshots.py [--size 1024x768]

Each screen is reached with synthetic mouse and keyboard events, like a player would.
"""

from __future__ import annotations

import pygame
from board_shots import ROOT, SEATS, Shots, close_app, computer_game, lay, open_app, place_point

from carcassonne.app.app import App
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.session import play
from carcassonne.engine import Game, Placement, Rules
from carcassonne.engine.events import FigureAt
from carcassonne.engine.figures import FigureStep

OUT = ROOT / "docs" / "screenshots" / "box"
RULES = Rules(abbot=True)
shot: Shots


def abbot_at(game: Game, player: int) -> FigureAt | None:
    """Where ``player``'s abbot stands on the board (None: at home)."""
    return next((f for f in game.figures_on_board() if f.player == player and f.kind == "abbot"), None)


def abbot_slot(scene: object, player: int) -> pygame.Rect:
    """Where ``player``'s abbot waits on their card."""
    return dict(scene.figure_slots(player))["abbot"]  # type: ignore[attr-defined]


def garden_move(game: Game, tile: str) -> Placement | None:
    fits = [p for p in game.legal_placements(tile) if FigureStep("abbot", "garden") in game.figure_steps(p)]
    return max(fits, key=lambda p: sum(game.tile_at(p.x + dx, p.y + dy) is not None
                                       for dx in (-1, 0, 1) for dy in (-1, 0, 1))) if fits else None


def new_game(app: App, d: Driver) -> None:
    app.push_scene("title")
    d.frames(2)
    d.key(pygame.K_n)
    form = app.top
    d.click(form.variants["abbot"].rect.center)
    if "hand" in form.variants:
        for _ in range(4):  # 3, hidden
            d.click(form.variants["hand"].rect.center)
    d.click(form.house_options["random_start"].rect.center)
    d.move(form.box.midbottom)
    shot(app, "01-new-game-options")
    d.key(pygame.K_ESCAPE)


def abbot(app: App, d: Driver) -> None:
    """The abbot carried to the garden of the laid tile; then, turns later, taken back."""
    game = computer_game(app, RULES, "normal", 11, 14, lambda g, t: garden_move(g, t) is not None)
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    p = garden_move(game, scene.turn.tile)
    assert p is not None
    lay(d, scene, p, 230)
    d.move(scene.rects["deck"].center)
    shot(app, "02-garden-tile-laid")
    d.drag(abbot_slot(scene, 0).center, place_point(scene, p, "garden"), steps=4, release=False)
    shot(app, "03-abbot-dragged-to-the-garden")
    d.release(place_point(scene, p, "garden"))
    d.move(scene.rects["deck"].center)
    shot(app, "03-abbot-in-the-garden")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")

    def ann_has_abbot_out(g: Game, tile: str) -> bool:
        out = abbot_at(g, 0)
        return out is not None and any(max(abs(p.x - out.x), abs(p.y - out.y)) == 1
                                       for p in g.legal_placements(tile))

    game = computer_game(app, RULES, "normal", 3, 16, ann_has_abbot_out)
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    out = abbot_at(game, 0)
    assert out is not None
    p = next(p for p in sorted(game.legal_placements(scene.turn.tile))
             if max(abs(p.x - out.x), abs(p.y - out.y)) == 1)
    lay(d, scene, p, 130)
    d.move(scene.buttons["action"].rect.center)
    shot(app, "04-abbot-take-back-button")
    d.key(pygame.K_b)
    d.move(scene.rects["deck"].center)
    shot(app, "05-abbot-taken-back-points")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def refused(app: App, d: Driver) -> None:
    """The abbot dropped on a road: the sentence why not."""
    def with_road(g: Game, t: str) -> bool:
        p = garden_move(g, t)
        return p is not None and any(s.startswith("road") for s in g.follower_spots(p))

    game = computer_game(app, RULES, "normal", 40, 10, with_road)
    play(app, game, SEATS)
    d.frames(2)
    d.key(pygame.K_RETURN)
    scene = app.top
    p = garden_move(game, scene.turn.tile)
    assert p is not None
    lay(d, scene, p, 150)
    road = next(s for s in scene.turn.spots() if s.startswith("road"))
    d.drag(abbot_slot(scene, 0).center, place_point(scene, p, road), steps=4)
    d.move(scene.rects["deck"].center)
    shot(app, "06-abbot-refused-on-a-road")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def hand(app: App, d: Driver) -> None:
    """A hidden hand of three in hot seat: backs until the hand-over, then the three tiles, one
    picked and dragged to the board; the others' hands as tile backs on their cards."""
    from carcassonne.ai import get_bot

    game = Game(app.tiles, Rules(hand=3, hand_open=False, abbot=True), players=3, seed=9,
                names=[x.name for x in SEATS])
    bots = [get_bot("normal", 70 + i) for i in range(3)]
    while game.turn_number < 12 or game.current != 0:
        if game.draw() is None:
            break
        game.play(bots[game.current].choose(game))
    play(app, game, SEATS)
    d.frames(2)
    d.move(app.top.rects["deck"].center)
    shot(app, "07-hand-hidden-until-the-hand-over")
    d.key(pygame.K_RETURN)
    scene = app.top
    d.move(scene.rects["deck"].center)
    shot(app, "08-hand-of-three")
    held = game.held(0)
    pick = max(held, key=lambda t: len(game.legal_placements(t)))
    p = min(game.legal_placements(pick))
    d.click(scene.hand_tile_rect(pick).center)
    while scene.turn.rotation != p.rotation:
        d.key(pygame.K_r)
    show_cell(d, scene, p.x, p.y, 110)
    d.drag(scene.hand_tile_rect(pick).center, scene.camera.cell_center(p.x, p.y), steps=4, release=False)
    shot(app, "09-hand-tile-dragged-to-the-board")
    d.key(pygame.K_ESCAPE)
    app.replace_scene("title")


def main() -> int:
    global shot
    app, d, shot = open_app(OUT, "fast", 0.05)
    new_game(app, d)
    abbot(app, d)
    refused(app, d)
    hand(app, d)
    return close_app(app)


if __name__ == "__main__":
    raise SystemExit(main())
