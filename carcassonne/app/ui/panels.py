"""What the Play scene and the Replay viewer draw alike around the board: the top bar, the
side panel and one card per player (follower icon, name, score, projected score).

One drawing for both, so a game and its replay read the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...engine.record import Seat
from ...i18n import _
from ..art.assets import PLAYER_RGB, Assets
from ..art.expansion_ui import look
from .widgets import ACCENT, INK, INK_DIM, PANEL, blit_text, cut

BAR = (30, 27, 22)
EDGE = (120, 100, 70)
CARD, CARD_CURRENT, CARD_EDGE = (52, 47, 40), (70, 60, 46), (90, 80, 64)


def player_rgb(seat: Seat) -> tuple[int, int, int]:
    """The seat's colour for text: black text would vanish on the dark panels, so it is ink."""
    return PLAYER_RGB.get(seat.color, INK) if seat.color != "black" else INK


def draw_top_bar(surface: pygame.Surface, rect: pygame.Rect, title: str, assets: Assets, u: float) -> int:
    """The bar across the top with the scene's title at the left; returns where the title ends."""
    pygame.draw.rect(surface, BAR, rect)
    pygame.draw.line(surface, EDGE, rect.bottomleft, rect.bottomright, max(1, int(2 * u)))
    font = assets.fonts.get(int(24 * u), "title")
    return blit_text(surface, font, _(title), (int(14 * u), rect.centery), ACCENT, "midleft").right


def draw_side_panel(surface: pygame.Surface, rect: pygame.Rect, u: float) -> None:
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.line(surface, EDGE, rect.topleft, rect.bottomleft, max(1, int(2 * u)))


def draw_player_card(surface: pygame.Surface, card: pygame.Rect, seat: Seat, score: int, assets: Assets, u: float,
                     *, current: bool = False, projected: int | None = None, tag: str = "", note: str = "",
                     followers: Sequence[pygame.Rect] = (),
                     figures: Sequence[tuple[str, pygame.Rect]] = ()) -> None:
    """One player's card.

    ``current`` frames the card (whose turn it is, or who moved in a replay);
    ``projected`` is the score if the game ended now (→ at the bottom right); ``tag`` a
    word after the name (human, AI level); ``note`` a line at the bottom left;
    ``followers`` where to stand the follower icons of the player's supply; ``figures``
    the other kinds of figure at home (an expansion's), each filling its rect in its look.
    """
    radius = int(8 * u)
    pygame.draw.rect(surface, CARD_CURRENT if current else CARD, card, border_radius=radius)
    pygame.draw.rect(surface, ACCENT if current else CARD_EDGE, card, max(1, int((3 if current else 1) * u)),
                     border_radius=radius)
    fonts, pieces = assets.fonts, assets.pieces
    name_font = fonts.get(int(17 * u), "bold")
    small = fonts.get(int(13 * u))
    icon = pieces.get(seat.color, int(card.h * 0.62))
    surface.blit(icon, icon.get_rect(midleft=(card.x + int(8 * u), card.centery)))
    text_x = card.x + int(46 * u)
    blit_text(surface, name_font, seat.name, (text_x, card.y + int(4 * u)), INK)
    if tag:
        blit_text(surface, small, tag, (text_x + name_font.size(seat.name)[0] + int(8 * u), card.y + int(8 * u)),
                  INK_DIM)
    blit_text(surface, fonts.get(int(24 * u), "bold"), str(score), (card.right - int(10 * u), card.y + int(4 * u)),
              player_rgb(seat), "topright")
    bottom = card.bottom - int(6 * u)
    right = card.right - int(10 * u)
    if projected is not None:
        shown = blit_text(surface, small, f"→ {projected}", (right, bottom), INK_DIM, "bottomright")
        right = shown.left - int(8 * u)
    if note:  # (cut at a word before the projected score: in German it ran into it)
        blit_text(surface, small, cut(small, note, right - text_x), (text_x, bottom), INK_DIM, "bottomleft")
    for r in followers:
        img = pieces.get(seat.color, r.w)
        surface.blit(img, img.get_rect(midbottom=r.midbottom))
    for kind, r in figures:
        img = pieces.get(seat.color, round(r.h / look(kind).scale), kind=kind)
        surface.blit(img, img.get_rect(midbottom=r.midbottom))
