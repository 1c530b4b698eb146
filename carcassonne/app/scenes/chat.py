"""The chat of a network game: what the table said so far, and one short line typed and sent."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.untrusted import clean_name
from ...i18n import N_, _
from ...net.protocol import MAX_CHAT, clean_chat
from ..ui.intents import KEY, WHEEL, Intent
from ..ui.widgets import INK, INK_DIM, Button, TextField, blit_text, wrap
from .base import Dialog

if TYPE_CHECKING:
    from ..app import App


class ChatDialog(Dialog):
    """The table's chat, newest at the bottom, whole (the status box shows two lines of each);
    type a line: Enter sends it to everyone at the table, Esc closes. Without ``send`` (a game
    that has ended) it is read only. Up, PageUp and the wheel go back to older lines."""

    title = N_("Chat")
    box_size = (620, 460)

    def __init__(self, app: App, send: Callable[[str], object] | None = None,
                 history: Callable[[], Sequence[dict[str, Any]]] = lambda: ()) -> None:
        super().__init__(app)
        self.send = send
        self.history = history
        #: How many lines the view is scrolled back from the newest.
        self.back = 0
        self.line = TextField("", lambda _text: None, max_len=MAX_CHAT, placeholder=N_("Say something…"))
        self.line.focused = send is not None
        self.ok = Button(N_("Send"), self.send_line, hint="Enter", primary=True)
        self.cancel = Button(N_("Close"), self.close, hint="Esc")
        self.widgets = [self.line, self.ok, self.cancel] if send is not None else [self.cancel]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u, box = self.u, self.box
        bw, bh = int(160 * u), int(40 * u)
        self.ok.rect = pygame.Rect(box.right - int(24 * u) - bw, box.bottom - bh - int(18 * u), bw, bh)
        self.cancel.rect = pygame.Rect(box.x + int(24 * u), self.ok.rect.y, bw, bh)
        if self.send is None:
            self.cancel.rect.right = box.right - int(24 * u)
        self.line.rect = pygame.Rect(box.x + int(24 * u), self.ok.rect.y - int(52 * u), box.w - int(48 * u),
                                     int(40 * u))
        #: Where the lines said so far are shown: between the title and the line typed (or the
        #: Close button, read only).
        bottom = self.line.rect.y if self.send is not None else self.ok.rect.y
        self.said = pygame.Rect(box.x + int(24 * u), box.y + int(60 * u), box.w - int(48 * u),
                                bottom - int(10 * u) - box.y - int(60 * u))

    def animating(self) -> bool:
        return True  # (a friend's line appears as it comes)

    def lines(self, font: pygame.font.Font) -> list[str]:
        """Every line said, wrapped to the box, newest last."""
        out: list[str] = []
        for entry in self.history():
            who = clean_name(entry.get("name", ""), "?")
            for line in wrap(font, f"{who}: {clean_chat(str(entry.get('text', '')))}", self.said.w):
                while font.size(line)[0] > self.said.w and len(line) > 1:  # a word wider than the box: broken
                    cut = next(k for k in range(len(line), 0, -1) if font.size(line[:k])[0] <= self.said.w or k == 1)
                    out.append(line[:cut])
                    line = line[cut:]
                out.append(line)
        return out

    def send_line(self) -> None:
        text = clean_chat(self.line.text)
        if text and self.send is not None:
            self.send(text)
        self.close()

    def scroll(self, lines: int) -> None:
        """Back (positive) towards the oldest line, or forward to the newest."""
        font = self.app.assets.fonts.get(int(15 * self.u))
        room = max(1, self.said.h // font.get_linesize())
        self.back = max(0, min(self.back + lines, len(self.lines(font)) - room))

    def handle(self, intent: Intent) -> bool:
        if intent.kind == KEY and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send_line()
            return True
        steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10}
        if intent.kind == KEY and intent.key in steps:
            self.scroll(steps[intent.key])
            return True
        if intent.kind == WHEEL:
            self.scroll(3 * intent.dy)
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.app.assets.fonts.get(int(15 * self.u))
        lines = self.lines(font)
        if not lines:
            blit_text(surface, font, _("Nothing said yet."), self.said.topleft, INK_DIM)
            return
        room = max(1, self.said.h // font.get_linesize())
        end = len(lines) - min(self.back, max(0, len(lines) - room))
        shown = lines[max(0, end - room):end]  # the newest that fit, or older ones scrolled back to
        y = self.said.bottom - len(shown) * font.get_linesize()
        for line in shown:
            blit_text(surface, font, line, (self.said.x, y), INK)
            y += font.get_linesize()
