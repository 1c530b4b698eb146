"""Where the Play screen's side panel puts the hand slot, its two rows of buttons and the deck."""

from __future__ import annotations

import pygame

Rects = dict[str, pygame.Rect]


def panel_places(rects: Rects, top_of_rest: int, u: float, action: bool = False) -> tuple[Rects, Rects]:
    """Below the players' cards (from ``top_of_rest``): the hand slot, Rotate/Undo and
    No follower/Confirm (with an action in the game, a row for its button), then the deck; in the top
    bar, Menu, Help, Save, Moves and Farms from the right.
    Returns the new named areas and each button's rect."""
    pad = int(10 * u)
    inner, panel, tb = rects["inner"], rects["panel"], rects["top"]
    hand = pygame.Rect(inner.x, top_of_rest, inner.w, int(150 * u))
    y = hand.bottom + int(6 * u)
    bh = int(36 * u)
    half = (inner.w - int(6 * u)) // 2
    r1 = pygame.Rect(inner.x, y, inner.w, bh)
    r2 = pygame.Rect(inner.x, y + bh + int(6 * u), inner.w, bh)
    y += 2 * bh + int(12 * u) + pad
    r3 = pygame.Rect(inner.x, r2.bottom + int(6 * u), inner.w, bh if action else 0)
    if action:
        y += bh + int(6 * u)
    areas = {"track": rects["bar"], "hand": hand, "row1": r1, "row2": r2, "row3": r3,
             "deck": pygame.Rect(inner.x, y, inner.w, max(0, panel.bottom - y - pad))}
    tw, th = int(92 * u), tb.h - int(12 * u)
    buttons = {"rotate": pygame.Rect(r1.x, r1.y, half, bh), "undo": pygame.Rect(r1.right - half, r1.y, half, bh),
               "skip": pygame.Rect(r2.x, r2.y, half, bh), "confirm": pygame.Rect(r2.right - half, r2.y, half, bh),
               "action": r3}
    for i, name in enumerate(("menu", "help", "save", "log", "farms", "hint")):
        buttons[name] = pygame.Rect(tb.right - pad - tw - i * (tw + int(6 * u)), tb.y + int(6 * u), tw, th)
    return areas, buttons
