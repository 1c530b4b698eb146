"""The Play scene's heads-up display: small painters, each a function of (surface, rect, what to show).

Each painter reads only its arguments (a few values or a small view-model the
scene builds in ``update``), so it can be drawn, tested and moved on its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from ...engine.record import Seat
from ...i18n import N_, _, ngettext
from ..art.assets import Assets
from ..art.expansion_ui import look
from ..board.anim import Anim, Glide
from ..board.camera import Camera
from ..board.sprites import tinted
from ..ui.panels import draw_player_card, draw_side_panel, player_rgb
from ..ui.textcache import render_text
from ..ui.widgets import ACCENT, BAD, GOOD, INK, INK_DIM, blit_text, cut, draw_panel, wrap
from .drag import Drag

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Message:
    """A line under the board (what just happened, why a drop failed)."""

    text: str = ""
    colour: Colour = INK
    seconds: float = 0.0


@dataclass(frozen=True)
class HandSlot:
    """The hand slot: the drawn tile (None: no tile), its rotation, the line above it, and
    whether the tile is out of the hand (laid down or dragged) or hidden (hand-over, or a
    hidden tiles not their holder's). With several tiles held, ``tiles`` are all of them, side by
    side (``tile`` the one chosen to play)."""

    tile: str | None
    rotation: int
    label: str
    out: bool = False
    hidden: bool = False
    tiles: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    """A player's card: their score, whether it is their turn, the projected score (None:
    hidden), a word after the name, and where the followers of their supply stand."""

    seat: Seat
    score: int
    current: bool
    projected: int | None
    tag: str
    followers: tuple[pygame.Rect, ...]
    #: Where the player's other figures stand on the card while they are at home (an
    #: expansion's kinds, each with its slot).
    figures: tuple[tuple[str, pygame.Rect], ...] = ()
    #: When the players hold several tiles, those the player holds as the others see them: a
    #: tile, or None for a tile's back (hidden); empty for the player whose tiles are in the slot.
    held: tuple[str | None, ...] = ()
    #: What the player has collected that rule modules count (an expansion's tokens, by
    #: kind, each drawn as its icon in ``resources/ui/icons/`` with the count).
    counters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Ghost:
    """The tile being dragged: under the pointer at ``pos``, or snapped to the square
    ``snap`` and washed green or red as it ``fits`` there (with the aids on)."""

    tile: str
    rotation: int
    size: int
    pos: tuple[int, int]
    snap: pygame.Rect | None = None
    fits: bool = False


def hand_tile_rect(slot: pygame.Rect, u: float, count: int = 1, index: int = 0) -> pygame.Rect:
    """Where the drawn tile sits in the hand slot (and where a drag of it starts); with a
    hand of ``count`` tiles, where its ``index``-th tile sits, the tiles side by side."""
    if count <= 1:
        s = int(min(slot.h - 34 * u, slot.w * 0.6))
        return pygame.Rect(slot.centerx - s // 2, slot.y + int(26 * u), s, s)
    gap = int(10 * u)
    s = int(min(slot.h - 34 * u, (slot.w - int(16 * u) - gap * (count - 1)) / count))
    x0 = slot.centerx - (count * s + (count - 1) * gap) // 2
    return pygame.Rect(x0 + index * (s + gap), slot.y + int(26 * u), s, s)


def follower_slots(card: pygame.Rect, supply: int, u: float, others: bool = False) -> list[pygame.Rect]:
    """Where each follower of a player's supply stands on their card (closer together when
    other kinds of figure stand after the seventh: :func:`figure_slots`)."""
    s = int(card.h * 0.42)
    x0 = card.x + int(46 * u)
    y = card.bottom - s - int(5 * u)
    step = _follower_step(card, s, u, others)
    return [pygame.Rect(x0 + i * step, y, s, s) for i in range(supply)]


def _follower_step(card: pygame.Rect, s: int, u: float, others: bool) -> int:
    step = min(s + 2, (card.w - int(56 * u)) // 7)
    return min(step, int(s * 0.8)) if others else step


def figure_slots(card: pygame.Rect, u: float, kinds: Sequence[str]) -> list[tuple[str, pygame.Rect]]:
    """Where a player's figures of ``kinds`` (the kinds an expansion brings)
    stand on their card while at home: after the seventh follower, one after the other, each
    as tall as its look's slot."""
    s = int(card.h * 0.42)
    x = card.x + int(46 * u) + 7 * _follower_step(card, s, u, True) + int(8 * u)
    out = []
    for kind in kinds:
        b = int(s * look(kind).slot)
        out.append((kind, pygame.Rect(x, card.bottom - b - int(5 * u), b, b)))
        x += b + int(6 * u)
    return out


def draw_message(surface: pygame.Surface, board: pygame.Rect, bottom: int, message: Message,
                 assets: Assets, u: float) -> None:
    """The message, wrapped to fit ``board`` and centred in it just above ``bottom``, while its time lasts."""
    if not message.text or message.seconds <= 0:
        return
    font = assets.fonts.get(int(19 * u))
    pad_x, pad_y = int(12 * u), int(6 * u)
    lines = wrap(font, message.text, max(40, min(int(900 * u), board.w - 2 * pad_x - int(24 * u))))
    lh = font.get_linesize()
    width = max(font.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, width + 2 * pad_x, lh * len(lines) + 2 * pad_y)
    box.midbottom = (board.centerx, bottom - int(10 * u))
    box.top = max(box.top, board.top)
    draw_panel(surface, box, u, alpha=220)
    for i, line in enumerate(lines):
        blit_text(surface, font, line, (box.centerx, box.y + pad_y + i * lh), message.colour, "midtop")


#: The computer players' levels as the turn line names them.
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "expert": N_("expert")}


def draw_turn_line(surface: pygame.Surface, top: pygame.Rect, x: int, seat: Seat | None, turn_number: int,
                   tiles_left: int, right: int, assets: Assets, u: float) -> None:
    """In the top bar, from ``x``: whose turn it is, in smaller letters (then cut) rather than
    into the tiles left, which end at ``right``."""
    fonts = assets.fonts
    left = blit_text(surface, fonts.get(int(17 * u)), _("Tiles left: {count}").format(count=tiles_left),
                     (right, top.centery), INK, "midright").left
    if seat is not None:
        level = _(LEVEL_NAMES.get(seat.ai_level or "", ""))
        who = (_("Turn {number}: {name}'s turn (computer, {level})").format(number=turn_number, name=seat.name,
                                                                          level=level)
               if seat.is_ai else _("Turn {number}: {name}'s turn").format(number=turn_number, name=seat.name))
        start = x + int(24 * u)
        room = max(1, left - int(16 * u) - start)
        font = fonts.fitting(who, room, tuple(int(px * u) for px in (18, 17, 16, 15, 14, 13)), "bold")
        blit_text(surface, font, cut(font, who, room), (start, top.centery), player_rgb(seat), "midleft")


def draw_hand(surface: pygame.Surface, slot: pygame.Rect, hand: HandSlot, assets: Assets, u: float) -> None:
    """The hand slot with the drawn tile (or a "?" while the mouse goes to the next person);
    with several tiles held all of them side by side, the one chosen framed."""
    draw_panel(surface, slot, u, (38, 34, 29), 255)
    if hand.tile is None:
        return
    size = 14  # a longer label (German) in smaller letters rather than past the slot's edge
    while size > 10 and assets.fonts.get(int(size * u)).size(hand.label)[0] > slot.w - int(8 * u):
        size -= 1
    blit_text(surface, assets.fonts.get(int(size * u)), hand.label, (slot.centerx, slot.y + int(6 * u)),
              INK_DIM, "midtop")
    tiles = hand.tiles or (hand.tile,)
    chosen = tiles.index(hand.tile) if hand.tile in tiles else 0
    for i, tile in enumerate(tiles):
        r = hand_tile_rect(slot, u, len(tiles), i)
        pygame.draw.rect(surface, (60, 55, 46), r.inflate(6, 6), border_radius=4)
        if len(tiles) > 1 and i == chosen and not hand.hidden:  # the tile to play, framed
            pygame.draw.rect(surface, ACCENT, r.inflate(10, 10), max(2, int(3 * u)), border_radius=5)
        if hand.hidden:
            draw_tile_back(surface, r, assets, u)
        elif i == chosen:
            if not hand.out:
                surface.blit(assets.tiles.sized(tile, hand.rotation, r.w), r)
        else:
            surface.blit(assets.tiles.sized(tile, 0, r.w), r)


def draw_tile_back(surface: pygame.Surface, r: pygame.Rect, assets: Assets, u: float) -> None:
    """A tile face down: what another player sees of tiles held hidden."""
    pygame.draw.rect(surface, (80, 70, 56), r, border_radius=max(2, r.w // 12))
    pygame.draw.rect(surface, (112, 98, 76), r.inflate(-max(2, r.w // 6), -max(2, r.w // 6)), max(1, r.w // 24),
                     border_radius=max(2, r.w // 14))
    if r.w >= 28 * u:
        blit_text(surface, assets.fonts.get(max(9, int(r.w * 0.45)), "title"), "?", r.center, INK_DIM, "center")


def held_rects(card: pygame.Rect, count: int, score_w: int, u: float) -> list[pygame.Rect]:
    """Where the tiles a player holds stand on their card: small, in the top row, before the score."""
    s = int(card.h * 0.34)
    right = card.right - int(10 * u) - score_w - int(8 * u)
    return [pygame.Rect(right - (count - i) * (s + int(3 * u)), card.y + int(6 * u), s, s) for i in range(count)]


def draw_cards(surface: pygame.Surface, panel: pygame.Rect, cards: Sequence[tuple[pygame.Rect, Card]],
               assets: Assets, u: float) -> None:
    """The side panel and one card per player."""
    draw_side_panel(surface, panel, u)
    for rect, c in cards:
        draw_player_card(surface, rect, c.seat, c.score, assets, u, current=c.current, projected=c.projected,
                         tag=c.tag, followers=c.followers, figures=c.figures)
        if c.counters:
            score_w = assets.fonts.get(int(24 * u), "bold").size(str(c.score))[0]
            draw_counters(surface, rect, c.counters, score_w, assets, u)
        if c.held:
            score_w = assets.fonts.get(int(24 * u), "bold").size(str(c.score))[0]
            for tile, r in zip(c.held, held_rects(rect, len(c.held), score_w, u)):
                if tile is None:
                    draw_tile_back(surface, r, assets, u)
                else:
                    surface.blit(assets.tiles.sized(tile, 0, r.w), r)


def draw_counters(surface: pygame.Surface, card: pygame.Rect, counters: Sequence[tuple[str, int]],
                  score_w: int, assets: Assets, u: float) -> None:
    """A player's counted tokens on their card, in its top row before the score: each kind's
    icon and how many (so the race for each kind reads at a glance)."""
    font = assets.fonts.get(int(14 * u), "bold")
    s = int(card.h * 0.28)
    x = card.right - int(10 * u) - score_w - int(8 * u)
    y = card.y + int(8 * u)
    for name, count in reversed(counters):
        shown = blit_text(surface, font, str(count), (x, y + s // 2), INK, "midright")
        x = shown.left - int(2 * u)
        icon = assets.icons.get(name, s)
        if icon is not None:
            surface.blit(icon, icon.get_rect(midright=(x, y + s // 2)))
            x -= s
        x -= int(6 * u)


def draw_ghost(surface: pygame.Surface, ghost: Ghost, assets: Assets) -> None:
    """The dragged tile, snapped and washed where it would land, else translucent under the pointer."""
    img = assets.tiles.sized(ghost.tile, ghost.rotation, ghost.size)
    if ghost.snap is not None:
        surface.blit(tinted(img, GOOD if ghost.fits else BAD, 60 if ghost.fits else 90), ghost.snap.topleft)
        return
    img = img.copy()
    img.set_alpha(200)
    surface.blit(img, img.get_rect(center=ghost.pos))


def draw_over_board(surface: pygame.Surface, view: pygame.Rect, anims: Sequence[Anim], ghost: Ghost | None,
                    camera: Camera, assets: Assets) -> None:
    """Over the board and clipped to its view (never over the panels): the animations that live
    on the board (points rising, a computer's tile gliding in) and the dragged tile's ghost."""
    surface.set_clip(view)
    for a in anims:
        if not isinstance(a, Glide) or a.size is not None:
            a.draw(surface, camera)
    if ghost is not None:
        draw_ghost(surface, ghost, assets)
    surface.set_clip(None)


def draw_over_all(surface: pygame.Surface, anims: Sequence[Anim], drag: Drag | None, colour: str, camera: Camera,
                  assets: Assets) -> None:
    """Over everything: what glides from the board to the panel (followers home to their card),
    and the figure the pointer carries (a follower, or another kind)."""
    for a in anims:
        if isinstance(a, Glide) and a.size is None:
            a.draw(surface, camera)
    if drag is not None and drag.kind is not None:
        img = assets.pieces.get(colour, max(16, round(camera.tile_px * 0.38)), kind=drag.kind)
        surface.blit(img, img.get_rect(center=drag.pos))


def draw_deck(surface: pygame.Surface, area: pygame.Rect, counts: Mapping[str, int], assets: Assets,
              u: float) -> None:
    """The tiles still to come: each kind with how many are left (public knowledge)."""
    if area.h < 40 * u:
        return
    left = sum(counts.values())
    still = ngettext("Still to come: {count} tile", "Still to come: {count} tiles", left).format(count=left)
    blit_text(surface, assets.fonts.get(int(14 * u), "bold"), still, area.topleft, INK_DIM)
    kinds = [k for k in sorted(counts, key=lambda t: (len(t), t)) if counts[k] > 0]
    if not kinds:
        return
    top = area.y + int(20 * u)
    cell, cols = deck_grid(area.w, area.bottom - top, len(kinds))
    size = int(cell * 0.84)
    small = assets.fonts.get(max(9, int(cell * 0.3)), "bold")
    for i, k in enumerate(kinds):
        cx = area.x + (i % cols) * cell
        cy = top + (i // cols) * cell
        if cy + size > area.bottom:
            break
        surface.blit(assets.tiles.sized(k, 0, size), (cx, cy))
        tag = render_text(small, str(counts[k]), INK)
        bg = tag.get_rect(bottomright=(cx + size, cy + size)).inflate(4, 0)
        pygame.draw.rect(surface, (20, 20, 20), bg, border_radius=3)
        surface.blit(tag, tag.get_rect(center=bg.center))


def deck_grid(width: int, height: int, kinds: int, most: int = 6) -> tuple[int, int]:
    """The largest square cell (and the columns) in which ``kinds`` tiles fit ``width`` ×
    ``height``, at least ``most`` a row when there is room: with six players' cards above it, the
    grid fills what is left rather than a few rows of tiny tiles over empty space."""
    best = (max(12, min(width // max(1, most), height)), max(1, most))
    for cell in range(min(width // max(1, min(most, kinds)), height), 11, -1):
        cols = max(1, width // cell)
        if math.ceil(kinds / cols) * cell <= height:
            return cell, cols
    return best


def track_inner(track: pygame.Rect, u: float) -> pygame.Rect:
    """The part of the score track the squares 0..49 span."""
    return track.inflate(-int(40 * u), -int(10 * u))


def track_xs(scores: Sequence[float], inner: pygame.Rect, size: int) -> list[float]:
    """Each marker's x on the track; markers on the same square stand side by side
    (a group at either end of the track moves inwards so no marker is cut off)."""
    spaces = [round(s) % 50 for s in scores]
    xs = []
    for i, space in enumerate(spaces):
        same = [p for p, v in enumerate(spaces) if v == space]
        k = same.index(i)
        half = (len(same) - 1) / 2 * size * 0.62
        centre = max(inner.x + half, min(inner.right - half, inner.x + inner.w * space / 49))
        xs.append(centre + (k - (len(same) - 1) / 2) * size * 0.62)
    return xs


def draw_track(surface: pygame.Surface, track: pygame.Rect, seats: Sequence[Seat], scores: Sequence[float],
               assets: Assets, u: float) -> None:
    """The score track: 0..49 around, one marker per player (laps shown as +50)."""
    draw_panel(surface, track, u, (40, 36, 30), 215)
    inner = track_inner(track, u)
    font = assets.fonts.get(int(11 * u))
    for v in range(0, 50, 5):
        x = round(inner.x + inner.w * v / 49)
        pygame.draw.line(surface, (110, 96, 70), (x, inner.y), (x, inner.bottom), 1)
        if v % 10 == 0:
            blit_text(surface, font, str(v), (x + 2, inner.y - 2), INK_DIM)
    size = int(inner.h * 0.9)
    initial = assets.fonts.get(max(9, int(size * 0.5)), "bold")
    markers: list[tuple[Seat, float, pygame.Rect]] = []
    for seat, score, mx in zip(seats, scores, track_xs(scores, inner, size)):
        img = assets.pieces.get(seat.color, size)
        rect = img.get_rect(midbottom=(round(mx), inner.bottom + int(3 * u)))
        surface.blit(img, rect)
        markers.append((seat, score, rect))
    # the initials over every marker, outlined all round (a neighbour on the same square may touch one)
    for seat, score, rect in markers:
        laps = int(score // 50)
        # the player's initial on the marker: told apart by name as well as by colour and mark
        letter = render_text(initial, seat.name[:1].upper(), (255, 255, 255))
        shade = render_text(initial, seat.name[:1].upper(), (0, 0, 0))
        at = letter.get_rect(center=(rect.centerx, rect.y + int(rect.h * 0.58)))
        for dx in (-1, 0, 1):  # outlined all round: white on any colour
            for dy in (-1, 0, 1):
                surface.blit(shade, at.move(dx, dy))
        surface.blit(letter, at)
        if laps:
            blit_text(surface, font, f"+{laps * 50}", rect.midtop, INK, "midbottom")


def draw_handover(surface: pygame.Surface, board: pygame.Rect, seat: Seat, assets: Assets, u: float,
                  deciding: bool = False) -> None:
    """The board shaded, and a card asking to pass the mouse to the next person (``deciding``:
    for a decision the rules ask of them, during another's turn)."""
    shade = pygame.Surface(board.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    surface.blit(shade, board.topleft)
    card = pygame.Rect(0, 0, int(520 * u), int(200 * u))
    card.center = board.center
    draw_panel(surface, card, u, alpha=245)
    fonts = assets.fonts
    icon = assets.pieces.get(seat.color, int(90 * u))
    surface.blit(icon, icon.get_rect(midleft=(card.x + int(24 * u), card.centery)))
    x = card.centerx + int(40 * u)
    title = _("{name} decides") if deciding else _("{name}'s turn")
    blit_text(surface, fonts.get(int(46 * u), "title"), title.format(name=seat.name),
              (x, card.y + int(30 * u)),
              player_rgb(seat), "midtop", shadow=True)
    blit_text(surface, fonts.get(int(18 * u)), _("Pass the mouse to {name}.").format(name=seat.name),
              (x, card.y + int(108 * u)),
              INK, "midtop")
    blit_text(surface, fonts.get(int(16 * u)), _("Click or press Enter to start"), (x, card.y + int(142 * u)),
              INK_DIM, "midtop")
