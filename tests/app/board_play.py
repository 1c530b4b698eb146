"""What the rule modules' screen tests share: the New game form opened from the title, a
game started at a person's turn, a tile laid by dragging, a figure's place on screen."""

from __future__ import annotations

from typing import Any

import pygame

from carcassonne.app.app import App
from carcassonne.app.art.spots import spot_anchor
from carcassonne.app.driver import Driver, show_cell
from carcassonne.app.session import play
from carcassonne.engine import Game, Placement
from carcassonne.engine.record import Seat


def new_game_form(make_app: Any) -> tuple[App, Driver, Any]:
    """The app on the New game form, reached from the title with N."""
    app = make_app()
    d = Driver(app)
    app.push_scene("title")
    d.frames(2)
    d.key(pygame.K_n)
    return app, d, app.top


def start(make_app: Any, game: Game, seats: list[Seat]) -> tuple[App, Driver, Any]:
    """``game`` on the Play screen, past the first hand-over card."""
    app = make_app()
    d = Driver(app)
    play(app, game, seats)
    d.frames(2)
    d.key(pygame.K_RETURN)  # the hand-over card
    return app, d, app.top


def lay(d: Driver, scene: Any, p: Placement) -> None:
    """Turn the tile in hand to ``p``'s rotation and drag it onto its square."""
    turn = scene.turn
    while turn.rotation != p.rotation:
        d.key(pygame.K_r)
    show_cell(d, scene, p.x, p.y, 128)
    d.drag(scene.hand_tile_rect().center, scene.camera.cell_center(p.x, p.y), steps=3)
    assert turn.pending == p, scene.message


def place_point(scene: Any, p: Placement, place: str) -> tuple[int, int]:
    """Where on screen a figure stands on ``place`` of the laid tile."""
    o = scene.game.tiles[p.tile].orientations[p.rotation // 90]
    ax, ay = spot_anchor(o, place)
    x, y = scene.camera.to_screen(p.x + ax, p.y + ay)
    return round(x), round(y)
