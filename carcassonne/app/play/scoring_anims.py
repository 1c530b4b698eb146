"""The animations of a turn on the Play screen: each scored feature's points rising,
followers gliding home to their owner's card, tokens a rule hands a player flying to it,
and a computer's tile gliding in."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...engine import Game, Move, ScoreEvent
from ...engine.record import Seat
from ...words.movelog import sent_home
from ..art.assets import PLAYER_RGB, Assets
from ..art.expansion_ui import token_source
from ..art.spots import spot_anchor
from ..board.anim import Anim, FloatText, Glide
from ..board.camera import Camera
from ..ui.widgets import INK

Point = tuple[float, float]


def scoring_anims(events: Sequence[ScoreEvent], game: Game, seats: Sequence[Seat], speed: float, camera: Camera,
                  assets: Assets, u: float, card_edge: Callable[[int], Point]) -> list[Anim]:
    """One rising "+points" per score event, staggered, and each follower the event returns
    gliding from its place to the right edge of its owner's card, as the figure it is (in
    its kind's look); the board overlay lights the scored features themselves."""
    font = assets.fonts.get(int(34 * u), "bold")
    anims: list[Anim] = []
    for i, ev in enumerate(events):
        n = len(ev.tiles)
        centre = (sum(x + 0.5 for x, _ in ev.tiles) / n, sum(y + 0.5 for _, y in ev.tiles) / n)
        delay = i * 0.35 / speed
        colour = PLAYER_RGB.get(seats[ev.players[0]].color, INK) if ev.players else INK
        if ev.players:
            label = f"+{ev.points}" + (f" ×{len(ev.players)}" if len(ev.players) > 1 else "")
            anims.append(FloatText(label, centre, colour, font, 1.3 / speed, delay))
        for f in ev.figures_returned:
            o = game.tile_at(f.x, f.y)
            if o is None:
                continue
            ax, ay = spot_anchor(o, f.place)
            img = assets.pieces.get(seats[f.player].color, max(12, int(28 * u)), kind=f.kind)
            anims.append(Glide(img, _at(camera, (f.x + ax, f.y + ay)), _edge(card_edge, f.player),
                               0.9 / speed, delay + 0.3 / speed))
    anims += removed_anims(game, seats, speed, camera, assets, u, card_edge)
    return anims


def removed_anims(game: Game, seats: Sequence[Seat], speed: float, camera: Camera, assets: Assets, u: float,
                  card_edge: Callable[[int], Point]) -> list[Anim]:
    """Each figure a rule sent home without scoring in the turn just played (eaten, removed)
    gliding from where it stood to its owner's card (the turn taken back on a copy to see it)."""
    if not game.history:
        return []
    anims: list[Anim] = []
    for f in sent_home(game, last=1).get(len(game.history), []):
        o = game.tile_at(f.x, f.y)
        if o is None:
            continue
        ax, ay = spot_anchor(o, f.place)
        img = assets.pieces.get(seats[f.player].color, max(12, int(28 * u)), kind=f.kind)
        anims.append(Glide(img, _at(camera, (f.x + ax, f.y + ay)), _edge(card_edge, f.player), 0.9 / speed,
                           0.2 / speed))
    return anims


def token_flights(gained: Sequence[dict[str, int]], events: Sequence[ScoreEvent], game: Game, speed: float,
                  camera: Camera, assets: Assets, u: float, card_edge: Callable[[int], Point]) -> list[Glide]:
    """Each token a move handed a player (``gained``: by player, by kind) as its small icon
    (``resources/ui/icons/<kind>.png``), flying from where the rule that counts it says (a
    completed city) to the player's card, one after another, after the points have risen."""
    size = max(12, int(26 * u))
    flights: list[Glide] = []
    for player, kinds in enumerate(gained):
        for kind, count in kinds.items():
            icon = assets.icons.get(kind, size)
            if icon is None:
                continue
            start = _at(camera, token_source(game, kind, events))
            for _n in range(count):
                delay = (0.5 + 0.25 * len(flights)) / speed
                flights.append(Glide(icon, start, _edge(card_edge, player), 1.0 / speed, delay))
    return flights


def ai_tile_glide(move: Move, assets: Assets, camera: Camera, hand: pygame.Rect, duration: float,
                  on_done: Callable[[], None]) -> Glide:
    """The computer's tile, from the hand slot to its square (which the camera may be moving)."""
    img = assets.tiles.rotated(move.tile, move.rotation)
    return Glide(img, lambda: hand.center, lambda: camera.cell_center(move.x, move.y), duration,
                 on_done=on_done, size=lambda: camera.tile_px)


def _at(camera: Camera, world: Point) -> Callable[[], Point]:
    return lambda: camera.to_screen(*world)


def _edge(card_edge: Callable[[int], Point], player: int) -> Callable[[], Point]:
    return lambda: card_edge(player)
