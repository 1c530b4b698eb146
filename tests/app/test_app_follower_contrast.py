"""Followers read on their own colour (a red knight on red roofs, a green farmer on grass).

Every meeple gets a pale rim round its silhouette, so its outline stands out on any tile.
"""

from __future__ import annotations

import pygame
import pytest

from carcassonne.app.art.assets import Pieces
from carcassonne.engine import COLORS


def rim(drawn: pygame.Surface, art: pygame.Surface) -> list[pygame.Color]:
    """Pixels the drawn follower covers where its artwork alone is transparent."""
    w, h = art.get_size()
    return [drawn.get_at((x, y)) for x in range(w) for y in range(h)
            if art.get_at((x, y)).a < 20 and drawn.get_at((x, y)).a > 128]


@pytest.mark.parametrize("color", COLORS)
@pytest.mark.parametrize("px", [24, 48, 80])
def test_every_follower_has_a_pale_rim_round_its_silhouette(make_app, color, px):
    make_app()
    pieces = Pieces()
    drawn = pieces.get(color, px)
    art = pygame.transform.smoothscale(pieces.base(color), drawn.get_size())
    ring = rim(drawn, art)
    outline = len(pygame.mask.from_surface(art, 96).outline())
    assert len(ring) >= 0.6 * outline, "the follower's outline is not ringed"
    assert all(min(c.r, c.g, c.b) > 200 for c in ring), "the rim is not pale"


def test_the_rim_stands_out_on_the_followers_own_colour(make_app):
    """On a background of the meeple's own body colour, its rim differs clearly."""
    make_app()
    pieces = Pieces()
    for color in COLORS:
        drawn = pieces.get(color, 64)
        w, h = drawn.get_size()
        body = pieces.base(color).get_at((pieces.base(color).get_width() // 2,
                                          pieces.base(color).get_height() // 3))
        art = pygame.transform.smoothscale(pieces.base(color), (w, h))
        for c in rim(drawn, art)[:20]:
            assert abs(c.r - body.r) + abs(c.g - body.g) + abs(c.b - body.b) > 120, color
