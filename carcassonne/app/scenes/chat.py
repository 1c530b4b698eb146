"""The chat line of a network game: one short line typed and sent to the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_
from ...net.protocol import MAX_CHAT, clean_chat
from ..ui.intents import KEY, Intent
from ..ui.widgets import Button, TextField
from .base import Dialog

if TYPE_CHECKING:
    from ..app import App


class ChatDialog(Dialog):
    """Type a line; Enter sends it to everyone at the table, Esc closes."""

    title = N_("Chat")
    box_size = (560, 200)

    def __init__(self, app: App, send: Callable[[str], object]) -> None:
        super().__init__(app)
        self.send = send
        self.line = TextField("", lambda _text: None, max_len=MAX_CHAT, placeholder=N_("Say something…"))
        self.line.focused = True
        self.ok = Button(N_("Send"), self.send_line, hint="Enter", primary=True)
        self.cancel = Button(N_("Close"), self.close, hint="Esc")
        self.widgets = [self.line, self.ok, self.cancel]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u, box = self.u, self.box
        self.line.rect = pygame.Rect(box.x + int(24 * u), box.y + int(64 * u), box.w - int(48 * u), int(40 * u))
        bw, bh = int(160 * u), int(40 * u)
        self.ok.rect = pygame.Rect(box.right - int(24 * u) - bw, box.bottom - bh - int(18 * u), bw, bh)
        self.cancel.rect = pygame.Rect(box.x + int(24 * u), self.ok.rect.y, bw, bh)

    def send_line(self) -> None:
        text = clean_chat(self.line.text)
        if text:
            self.send(text)
        self.close()

    def handle(self, intent: Intent) -> bool:
        if intent.kind == KEY and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send_line()
            return True
        return super().handle(intent)
