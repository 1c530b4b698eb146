"""Small UI widgets drawn with the game's fonts: buttons, toggles, choice cyclers, text fields.

Widgets take intents from their scene (never from pygame's queue) and report
clicks through callbacks, so a scene reads as a list of widgets plus its own logic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _
from ..art.picture_cache import PictureCache
from .intents import KEY, MOTION, PRESS, RELEASE, Intent
from .textcache import TextCache

if TYPE_CHECKING:
    from ..art.assets import Fonts

# A calm, parchment-and-wood palette.
PANEL = (44, 40, 34)
PANEL_EDGE = (120, 100, 70)
INK = (245, 236, 214)
INK_DIM = (185, 175, 150)
ACCENT = (222, 170, 74)
BUTTON = (92, 72, 48)
BUTTON_HOVER = (128, 98, 60)
BUTTON_OFF = (70, 64, 56)
GOOD = (90, 200, 110)
BAD = (220, 80, 70)


#: The factor a 1920 × 1080 screen gives (:func:`fitted_scale`): what 100 % of the player's size of
#: text and panels means on a screen that large or larger (a 3840 × 2160 screen at 200 % looks
#: as a 1920 × 1080 one does).
SCALE_AT_100 = 1.35
#: The size of text and panels the player chose (Settings), in percent; 0: from the screen's size.
_ui_percent = 0


def set_ui_percent(percent: int) -> None:
    """Use the player's size of text and panels (0: the one the screen's size gives)."""
    global _ui_percent
    _ui_percent = max(0, min(200, int(percent)))


def fitted_scale(size: tuple[int, int]) -> float:
    """The factor that lays the UI out as on a 1280 × 800 window, grown with the window."""
    w, h = size
    return max(0.75, min(3.0, min(w / 1280, h / 800)))


def automatic_percent(size: tuple[int, int]) -> int:
    """The size of text and panels the window's size gives, in percent (100 up to 1920 × 1080)."""
    fitted = fitted_scale(size)
    return round(100 * fitted / min(fitted, SCALE_AT_100))


def ui_scale(size: tuple[int, int]) -> float:
    """One factor for every length in the UI, so layouts adapt from 1024×720 to 4K: the window's
    (:func:`fitted_scale`), or the player's percent of :data:`SCALE_AT_100`, never larger than
    lets a layout made for 1280 × 720 fit the window."""
    fitted = fitted_scale(size)
    if not _ui_percent:
        return fitted
    w, h = size
    roomiest = max(fitted, min(w / 1280, h / 720))
    return max(0.75, min(roomiest, min(fitted, SCALE_AT_100) * _ui_percent / 100))


#: While a test records a draw (:func:`record_layout`): the boxes drawn and the text put in them.
_log: LayoutLog | None = None


class LayoutLog:
    """The boxes (panels, buttons) and the text rects of one draw, to check no text runs past its box."""

    def __init__(self) -> None:
        self.boxes: list[pygame.Rect] = []
        #: (text, its rect, the point it was placed at, how many boxes were drawn before it)
        self.texts: list[tuple[str, pygame.Rect, tuple[int, int], int]] = []

    def overflows(self, screen: pygame.Rect) -> list[str]:
        """Each text that runs past the box it was placed in (or past the screen)."""
        bad = []
        for text, r, at, n in self.texts:
            # the box it sits in is the last one drawn under that point (a card over its panel,
            # a dialog over the screen below it)
            box = next((b for b in reversed(self.boxes[:n]) if b.collidepoint(at)), screen)
            if not box.inflate(2, 2).contains(r):
                bad.append(f"{text!r} at {tuple(r)} runs past {tuple(box)}")
        return bad


def record_layout(log: LayoutLog | None) -> None:
    """Start (a log) or stop (None) recording what :func:`draw_panel`, buttons and :func:`blit_text` draw."""
    global _log
    _log = log


@contextmanager
def recording_layout() -> Iterator[LayoutLog]:
    """What is drawn inside the ``with`` block, recorded (for the text-fits checks)."""
    log = LayoutLog()
    record_layout(log)
    try:
        yield log
    finally:
        record_layout(None)


#: Translucent panels by size and colour (a dialog's, a card's...): one window's worth.
_panels: PictureCache[tuple[object, ...]] = PictureCache(windows=1)
_texts = TextCache()


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, u: float, colour: tuple[int, ...] = PANEL,
               alpha: int = 235) -> None:
    radius = max(4, int(10 * u))
    if _log is not None:
        _log.boxes.append(pygame.Rect(rect))
    if alpha < 255:
        key = (rect.size, tuple(colour), alpha, radius)
        tmp = _panels.get(key)
        if tmp is None:  # translucent panels are drawn once per size, then only blitted
            tmp = _panels.put(key, pygame.Surface(rect.size, pygame.SRCALPHA))
            pygame.draw.rect(tmp, (*colour, alpha), tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, PANEL_EDGE, rect, max(1, int(2 * u)), border_radius=radius)


def blit_text(surface: pygame.Surface, font: pygame.font.Font, text: str, pos: tuple[int, int],
              colour: tuple[int, ...] = INK, anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    img = rendered(font, text, colour)
    rect = img.get_rect(**{anchor: pos})
    if _log is not None and text.strip():
        clip = surface.get_clip()
        # a line a scrolled view cuts at its top or bottom is not checked; what shows of a line
        # a clip cuts at the sides is (a box that clips a long word at its own edge keeps it
        # inside); without a clip, the whole line (the window's edge cuts it: it ran past)
        if clip.top <= rect.top and rect.bottom <= clip.bottom:
            shown = rect if clip == surface.get_rect() else rect.clip(clip)
            _log.texts.append((text, shown, (int(pos[0]), int(pos[1])), len(_log.boxes)))
    if shadow:
        surface.blit(rendered(font, text, (0, 0, 0)), rect.move(2, 2))
    surface.blit(img, rect)
    return rect


def rendered(font: pygame.font.Font, text: str, colour: tuple[int, ...]) -> pygame.Surface:
    """Rendered text, cached: most labels are the same every frame and rendering is slow."""
    return _texts.render(font, text, colour)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def cut(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` shortened at a word, ending in "…", until it fits ``width`` (a single word
    longer than the width, a name or a server's line, is cut inside)."""
    if font.size(text)[0] <= width:
        return text
    while font.size(text + "…")[0] > width and " " in text:
        text = text.rsplit(" ", 1)[0]
    text = text.rstrip(" …")
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def wrap_at_most(font: pygame.font.Font, text: str, width: int, most: int) -> list[str]:
    """``text`` wrapped to at most ``most`` lines, each cut to ``width`` (the last at a word,
    with "…") if it still does not fit."""
    lines = wrap(font, text, width)
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1] + " …"
    return [cut(font, line, width) for line in lines]


class Widget:
    rect: pygame.Rect
    visible = True

    def handle(self, intent: Intent) -> bool:
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, u: float) -> None:
        pass


class Button(Widget):
    """A labelled button; fires ``on_click`` on release inside it."""

    def __init__(self, label: str, on_click: Callable[[], object], rect: pygame.Rect | None = None,
                 hint: str | Callable[[], str] = "", enabled: bool = True, primary: bool = False) -> None:
        self.label = label
        self.on_click = on_click
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        #: The key beside the label: a marked key name ("Esc"), or a function giving the key's label
        #: now (:func:`carcassonne.app.ui.keymap.key_hint`), so it follows a change of language.
        self.hint = hint
        self.enabled = enabled
        self.primary = primary
        #: Room (in UI units) kept clear at the left and right for a picture drawn on the button
        #: (a colour's meeple and dot): the label is centred between and shrinks to fit there.
        self.room: tuple[float, float] = (0.0, 0.0)
        self.hover = False
        self._armed = False

    def width_needed(self, fonts: Fonts, u: float, height: int) -> int:
        """How wide the button must be, ``height`` tall, to show its label at full size with
        its key beside it (as :meth:`draw` lays them out)."""
        size = int(min(height * 0.42, 22 * u))
        hint = self.hint_text()
        key = fonts.get(max(8, int(size * 0.75))).size(hint)[0] + int(8 * u) if hint else 0
        return fonts.get(size, "bold").size(self.text())[0] + key + int(28 * u)

    def handle(self, intent: Intent) -> bool:
        if not self.visible:
            return False
        inside = self.rect.collidepoint(intent.pos)
        if intent.kind == MOTION:
            self.hover = inside
            return False
        if intent.kind == PRESS and intent.button == 1 and inside:
            self._armed = self.enabled
            return True
        if intent.kind == RELEASE and intent.button == 1:
            armed, self._armed = self._armed, False
            if armed and inside and self.enabled:
                self.on_click()
                return True
        return False

    def text(self) -> str:
        """The label as shown: translated when drawn, so a language change shows at once."""
        return _(self.label) if self.label else ""

    def hint_text(self) -> str:
        """The key beside the label as shown, in the language now spoken."""
        if callable(self.hint):
            return self.hint()
        return _(self.hint) if self.hint else ""  # "Esc", "Enter": key names have their own words

    def draw(self, surface: pygame.Surface, fonts: Fonts, u: float) -> None:
        if not self.visible:
            return
        colour = BUTTON_OFF if not self.enabled else (BUTTON_HOVER if self.hover else BUTTON)
        if self.primary and self.enabled:
            colour = (164, 112, 40) if self.hover else (140, 96, 36)
        radius = max(3, int(8 * u))
        if _log is not None:
            _log.boxes.append(pygame.Rect(self.rect))
        pygame.draw.rect(surface, colour, self.rect, border_radius=radius)
        pygame.draw.rect(surface, ACCENT if self.primary and self.enabled else PANEL_EDGE, self.rect,
                         max(1, int(2 * u)), border_radius=radius)
        size = int(min(self.rect.h * 0.42, 22 * u))
        font = fonts.get(size, "bold")
        label = self.text()
        left, right = int(self.room[0] * u), int(self.room[1] * u)
        while size > 9 and font.size(label)[0] > self.rect.w - 12 * u - left - right:
            size -= 1
            font = fonts.get(size, "bold")
        ink = INK if self.enabled else INK_DIM
        hint = self.hint_text()
        if hint:
            # The key stays beside a longer label (German, Spanish): the label gives up to 30 % of
            # its size first, and the key goes only when even that does not fit.
            small = fonts.get(max(8, int(size * 0.75)))
            room = self.rect.w - small.size(hint)[0] - 24 * u
            beside, least = size, max(9, int(size * 0.7))
            while beside > least and fonts.get(beside, "bold").size(label)[0] > room:
                beside -= 1
            if fonts.get(beside, "bold").size(label)[0] <= room:
                blit_text(surface, small, hint, (self.rect.right - int(8 * u), self.rect.centery),
                          INK_DIM, "midright")
                blit_text(surface, fonts.get(beside, "bold"), label, (self.rect.x + int(10 * u), self.rect.centery),
                          ink, "midleft")
                return
            # Still too long (a narrow button, a long key name such as "Leertaste"): the key under the label.
            top_font, key_font = fonts.get(max(9, int(size * 0.8)), "bold"), fonts.get(max(8, int(size * 0.65)))
            high = top_font.get_linesize() + key_font.get_linesize()
            inner = self.rect.w - 12 * u
            if high <= self.rect.h - 2 * u and top_font.size(label)[0] <= inner and key_font.size(hint)[0] <= inner:
                y = self.rect.centery - high // 2
                blit_text(surface, top_font, label, (self.rect.centerx, y), ink, "midtop")
                blit_text(surface, key_font, hint, (self.rect.centerx, y + top_font.get_linesize()), INK_DIM, "midtop")
                return
        blit_text(surface, font, label, (self.rect.centerx + (left - right) // 2, self.rect.centery), ink, "center")


def share_row(buttons: Sequence[Button], area: pygame.Rect, gap: int, fonts: Fonts, u: float) -> None:
    """Lay ``buttons`` side by side across ``area``, each as wide as its label and key need and
    the room left over shared equally (short of room, each gets its share of what there is):
    a short label with a long key ("Start", Home) is not squeezed while "Next" has room to spare."""
    need = [b.width_needed(fonts, u, area.h) for b in buttons]
    free = area.w - gap * (len(buttons) - 1)
    spare = free - sum(need)
    widths = [n + spare // len(buttons) for n in need] if spare >= 0 else [free * n // sum(need) for n in need]
    x = area.x
    for b, w in zip(buttons, widths):
        b.rect = pygame.Rect(x, area.y, w, area.h)
        x += w + gap


class Choice(Button):
    """A button that cycles through options: ``label: value``."""

    def __init__(self, label: str, options: Sequence[tuple[str, str]], value: str,
                 on_change: Callable[[str], None], rect: pygame.Rect | None = None) -> None:
        super().__init__(label, self._next, rect)
        self.options = list(options)
        self.value = value
        self.on_change = on_change

    def _next(self) -> None:
        keys = [k for k, _ in self.options]
        i = keys.index(self.value) if self.value in keys else -1
        self.value = keys[(i + 1) % len(keys)]
        self.on_change(self.value)

    def handle(self, intent: Intent) -> bool:
        if intent.kind == PRESS and intent.button == 3 and self.rect.collidepoint(intent.pos):
            keys = [k for k, _ in self.options]  # right-click: previous option
            i = keys.index(self.value) if self.value in keys else 0
            self.value = keys[(i - 1) % len(keys)]
            self.on_change(self.value)
            return True
        return super().handle(intent)

    def shown(self) -> str:
        return _(dict(self.options).get(self.value, self.value))

    def text(self) -> str:
        label = super().text()
        return _("{label}: {value}").format(label=label, value=self.shown()) if label else self.shown()


class Toggle(Choice):
    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None],
                 rect: pygame.Rect | None = None) -> None:
        super().__init__(label, [("on", N_("on")), ("off", N_("off"))], "on" if value else "off",
                         lambda v: on_change(v == "on"), rect)


class TextField(Widget):
    """A one-line text box: click to focus, type, Enter or click elsewhere to finish."""

    def __init__(self, text: str, on_change: Callable[[str], None], rect: pygame.Rect | None = None,
                 max_len: int = 16, digits_only: bool = False, placeholder: str = "") -> None:
        self.text = text
        self.on_change = on_change
        self.rect = rect or pygame.Rect(0, 0, 10, 10)
        self.max_len = max_len
        self.digits_only = digits_only
        self.placeholder = placeholder
        self.focused = False

    def handle(self, intent: Intent) -> bool:
        if intent.kind == PRESS and intent.button == 1:
            self.focused = self.rect.collidepoint(intent.pos)
            return self.focused
        if intent.kind == KEY and self.focused:
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return intent.key != pygame.K_ESCAPE
            if intent.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            else:
                ch = intent.text
                if ch and ch.isprintable() and len(self.text) < self.max_len:
                    if not self.digits_only or ch.isdigit():
                        self.text += ch
            self.on_change(self.text)
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, u: float) -> None:
        radius = max(3, int(6 * u))
        if _log is not None:
            _log.boxes.append(pygame.Rect(self.rect))
        pygame.draw.rect(surface, (30, 28, 24), self.rect, border_radius=radius)
        pygame.draw.rect(surface, ACCENT if self.focused else PANEL_EDGE, self.rect, max(1, int(2 * u)),
                         border_radius=radius)
        font = fonts.get(int(min(self.rect.h * 0.5, 22 * u)))
        shown = self.text or _(self.placeholder)
        colour = INK if self.text else INK_DIM
        # a text longer than the box (a file's path) shows its end, where it is typed
        over = max(0, font.size(shown)[0] - (self.rect.w - int(16 * u)))
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-int(8 * u), 0).clip(clip))
        r = blit_text(surface, font, shown, (self.rect.x + int(8 * u) - over, self.rect.centery), colour, "midleft")
        surface.set_clip(clip)
        if self.focused and pygame.time.get_ticks() // 500 % 2 == 0:
            x = r.right + 2 if self.text else self.rect.x + int(8 * u)
            pygame.draw.line(surface, INK, (x, self.rect.y + 6 * u), (x, self.rect.bottom - 6 * u), max(1, int(2 * u)))
