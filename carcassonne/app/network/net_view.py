"""What the Play screen shows of a network game: who is connected, who is awaited, the
turn timer, the chat, and the host's "let the computer play" for a player who left.

:func:`table_view` gives the Play scene a view for its game: for a game at one screen a
view that shows nothing, so the scene wires both the same way and never asks which it is.
Names and chat lines are cleaned by the server and again here before they are drawn.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...engine import ScoreEvent
from ...engine.untrusted import clean_name
from ...i18n import N_, _, ngettext
from ...net.link import FAILED, RECONNECTING
from ...net.protocol import clean_chat
from ..art.assets import Assets
from ..play.turn import TurnController
from ..ui.intents import MOTION, PRESS, RELEASE, Intent
from ..ui.widgets import ACCENT, BAD, GOOD, INK, INK_DIM, Button, blit_text, draw_panel, wrap, wrap_at_most
from .net_turn import NetworkTurnController

if TYPE_CHECKING:
    from ..app import App

Say = Callable[[str, tuple[int, int, int], float], None]
Played = Callable[[list[ScoreEvent]], None]
#: Chat lines shown on the board at once, and for how long after the last one came: then
#: the box shrinks back to one line, so it hides as little of the board as it can (the
#: Chat button keeps the whole conversation).
CHAT_SHOWN = 4
CHAT_VISIBLE = 15.0
#: Seconds a person must be away before the host may let a computer play for them (the server's rule).
HAND_OVER_AFTER = 30.0
AWAY = (150, 150, 140)


def watchers_words(count: int, watching: bool) -> str:
    """How many watch the game, as the status box says it (to a spectator: that it watches)."""
    if watching:
        return ngettext("Watching · {count} watching", "Watching · {count} watching", count).format(count=count)
    return ngettext("{count} watching", "{count} watching", count).format(count=count)


def clock(seconds: float) -> str:
    """0:35, 12:04; a correspondence game's hours too: 71:59:30."""
    s = max(0, int(seconds))
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


class TableView:
    """A game at one screen: nothing to show."""

    def layout(self, rects: dict[str, pygame.Rect], cards: list[pygame.Rect], u: float) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def handle(self, intent: Intent) -> bool:
        return False

    def animating(self) -> bool:
        return False

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on this view (the board under it takes no hover there)."""
        return False

    def chat_history(self) -> list[dict[str, Any]]:
        """What the table said (nothing at one screen)."""
        return []

    def draw(self, surface: pygame.Surface, assets: Assets, u: float) -> None:
        pass


class NetView(TableView):
    """The network game's status box over the board's top-right corner, and a dot on each card."""

    def __init__(self, app: App, turn: NetworkTurnController, say: Say, played: Played) -> None:
        self.app = app
        self.turn = turn
        self.say, self.played = say, played
        self.table = turn.table
        self.box = pygame.Rect(0, 0, 0, 0)
        self.cards: list[pygame.Rect] = []
        self.chat = Button(N_("Chat"), self.open_chat)
        self.hand_over = Button("", self.toggle_robot)
        #: When the seats and the timer were last told (this computer's clock): they count on from there.
        self._seats_at = time.monotonic()
        self._seats_seen: object = None
        self._timer: tuple[int, float | None, float] = (-1, None, 0.0)
        self._second = -1
        self.u = 1.0
        self.lines: list[tuple[str, tuple[int, int, int], bool]] = []
        #: How many chat lines had come, and when the last one came (this computer's clock).
        self._chat_count = len(self.table.chat)
        self._chat_at = -CHAT_VISIBLE

    # ------------------------------------------------------------ facts
    def away_for(self, seat: int) -> float | None:
        """Seconds the person at ``seat`` has been away (None: connected)."""
        seats = self.table.seats
        if not 0 <= seat < len(seats) or seats[seat].get("away") is None:
            return None
        away = seats[seat]["away"]
        return (float(away) if isinstance(away, (int, float)) else 0.0) + time.monotonic() - self._seats_at

    def time_left(self) -> float | None:
        number, left, at = self._timer
        return None if left is None else max(0.0, left - (time.monotonic() - at))

    def name(self, seat: int) -> str:
        return clean_name(self.table.seats[seat].get("name", ""), f"Player {seat + 1}")

    def handed_seat(self) -> int | None:
        """The seat the host may give to a computer now (or take back): an away person's."""
        if not self.turn.is_host:
            return None
        for i, s in enumerate(self.table.seats):
            if s.get("robot"):
                return i
            away = self.away_for(i)
            if s.get("kind") == "human" and away is not None and away >= HAND_OVER_AFTER:
                return i
        return None

    def status(self) -> tuple[str, tuple[int, int, int]] | None:
        link = self.turn.link
        if link.status == RECONNECTING:
            return _("Connection lost: reconnecting…"), BAD
        if link.status == FAILED:
            return _("Not connected: {reason}").format(reason=link.problem[:120]), BAD
        current = self.turn.game.current if self.turn.tile is not None else None
        if current is not None and current not in self.turn.held:
            away = self.away_for(current)
            if away is not None and not self.table.seats[current].get("robot"):
                return _("Waiting for {name} (disconnected {time})").format(name=self.name(current),
                                                                           time=clock(away)), BAD
        return None

    # ------------------------------------------------------------ actions
    def open_chat(self) -> None:
        """The table's chat; a spectator's goes to the other spectators, and the players read it
        once the game has ended."""
        if self.turn.watching:
            self.app.push_scene("chat", send=lambda text: self.turn.link.send({"type": "watcher_chat", "text": text}),
                                history=lambda: self.table.watcher_chat)
            return
        self.app.push_scene("chat", send=lambda text: self.turn.link.send({"type": "chat", "text": text}),
                            history=self.chat_history)

    def chat_history(self) -> list[dict[str, Any]]:
        """The players' chat, then (the game over) what the spectators said, each line marked."""
        lines = list(self.table.chat)
        if self.table.finished:
            lines += [{**line, "name": _("{name} (watching)").format(name=clean_name(line.get("name", ""), "?"))}
                      for line in self.table.watcher_chat]
        return lines

    def toggle_robot(self) -> None:
        seat = self.handed_seat()
        if seat is not None:
            level = None if self.table.seats[seat].get("robot") else "normal"
            self.turn.link.send({"type": "hand_over", "seat": seat, "level": level})

    # ------------------------------------------------------------ frame
    def layout(self, rects: dict[str, pygame.Rect], cards: list[pygame.Rect], u: float) -> None:
        board = rects["board"]
        pad = int(10 * u)
        self.u = u
        width = min(int(380 * u), board.w // 2)  # the top-right corner: the move log takes the left
        self.box = pygame.Rect(board.right - pad - width, board.y + pad, width, int(60 * u))
        self.cards = cards
        self._place(1)

    def _place(self, lines: int) -> None:
        """Size the box to its lines of text, the buttons under them; one line of text and
        nothing to hand over: one slim row, the Chat button at its end."""
        u, pad = self.u, int(10 * self.u)
        bh = int(30 * u)
        line_h = self.app.assets.fonts.get(int(15 * u), "bold").get_linesize()
        if lines <= 1 and not self.hand_over.visible:
            self.box.h = max(line_h, bh) + 2 * int(6 * u)
            self.chat.rect = pygame.Rect(self.box.right - pad - int(90 * u), self.box.y + int(6 * u), int(90 * u), bh)
            self.hand_over.rect = pygame.Rect(self.chat.rect.x, self.chat.rect.y, 0, bh)
            return
        self.box.h = int(6 * u) + lines * line_h + int(6 * u) + bh + pad
        self.chat.rect = pygame.Rect(self.box.x + pad, self.box.bottom - bh - pad, int(90 * u), bh)
        self.hand_over.rect = pygame.Rect(self.chat.rect.right + pad, self.chat.rect.y,
                                          self.box.right - self.chat.rect.right - 2 * pad, bh)

    def _lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the box says now: the link or the wait, the timer, the last chat lines (each
        cut to the box's width)."""
        u, fonts = self.u, self.app.assets.fonts
        width = self.box.w - int(20 * u)
        bold, small = fonts.get(int(15 * u), "bold"), fonts.get(int(14 * u))
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        status = self.status()
        beside_chat = width - int(100 * u)  # a line may share its row with the Chat button
        if status is not None:
            lines += [(part, status[1], True) for part in wrap(bold, status[0], beside_chat)[:2]]
        left = self.time_left()
        if left is not None and self.turn.tile is not None:
            lines.append((_("Time left this turn: {time}").format(time=clock(left)), INK, True))
        if self.turn.watching:
            lines.insert(0, (watchers_words(self.table.watchers, True), ACCENT, True))
        elif not lines:
            connected = _("Network game · {count} connected").format(
                count=sum(1 for s in self.table.seats if s.get("connected")))
            lines.append((connected, INK_DIM, True))
            watching = watchers_words(self.table.watchers, False) if self.table.watchers else ""
            if watching and bold.size(f"{connected} · {watching}")[0] <= beside_chat:
                lines[-1] = (f"{connected} · {watching}", INK_DIM, True)
            elif watching:  # (a line of its own rather than cut at the Chat button)
                lines.append((watching, INK_DIM, True))
        chat: list[tuple[str, tuple[int, int, int], bool]] = []
        if len(self.table.chat) != self._chat_count:
            self._chat_count, self._chat_at = len(self.table.chat), time.monotonic()
        recent = time.monotonic() - self._chat_at < CHAT_VISIBLE
        for entry in self.table.chat[-CHAT_SHOWN:] if recent else []:
            who = clean_name(entry.get("name", ""), "?")
            chat += [(part, INK, False) for part in  # (a longer line ends in "…": the Chat has it whole)
                     wrap_at_most(small, f"{who}: {clean_chat(str(entry.get('text', '')))}", width, 2)]
        return lines + chat[-CHAT_SHOWN:]

    def update(self, dt: float) -> None:
        turn = self.turn
        events = turn.poll_table()
        if events is not None:  # this screen's move, played by the server
            self.played(events)
        for notice in turn.notices:
            self.say(notice, BAD, 8)
        turn.notices.clear()
        if self.table.seats is not self._seats_seen:
            self._seats_seen, self._seats_at = self.table.seats, time.monotonic()
        number = turn.game.turn_number
        if (number, self.table.turn_left) != self._timer[:2]:
            self._timer = (number, self.table.turn_left, time.monotonic())
        self.lines = self._lines()
        seat = self.handed_seat()
        self.hand_over.visible = seat is not None
        self._place(len(self.lines))
        if seat is not None:
            self.hand_over.label = (_("Give {name}'s seat back").format(name=self.name(seat))
                                    if self.table.seats[seat].get("robot") else
                                    _("Computer plays for {name}").format(name=self.name(seat)))

    def handle(self, intent: Intent) -> bool:
        if intent.kind not in (PRESS, RELEASE, MOTION):
            return False
        used = False
        for button in (self.chat, self.hand_over):
            used = button.handle(intent) or used
        if intent.kind == MOTION:
            return False
        return used or self.box.collidepoint(intent.pos)  # (a click on the box is not a click on the board)

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.box.collidepoint(pos)

    def animating(self) -> bool:
        """Redraw when a second ticks (the clocks) or the link is not steady."""
        second = int(time.monotonic())
        if second != self._second:
            self._second = second
            return True
        return self.turn.link.status != "open" or self.turn.heard > 0

    def draw(self, surface: pygame.Surface, assets: Assets, u: float) -> None:
        fonts = assets.fonts
        for i, card in enumerate(self.cards[:len(self.table.seats)]):
            s = self.table.seats[i]
            colour = GOOD if s.get("connected") else AWAY
            centre = (card.right - int(9 * u), card.y + int(9 * u))
            pygame.draw.circle(surface, colour, centre, max(3, int(5 * u)))
            pygame.draw.circle(surface, (30, 28, 24), centre, max(3, int(5 * u)), max(1, int(u)))
        draw_panel(surface, self.box, u, alpha=215)
        x, y = self.box.x + int(10 * u), self.box.y + int(6 * u)
        clip = surface.get_clip()
        surface.set_clip(self.box.inflate(-int(8 * u), 0).clip(clip))  # a word longer than the box stops at its edge
        if len(self.lines) == 1 and not self.hand_over.visible:  # one row: the text stops at the button
            surface.set_clip(pygame.Rect(x, self.box.y, self.chat.rect.x - x - int(6 * u), self.box.h).clip(clip))
            y = self.box.centery - fonts.get(int(15 * u), "bold").get_linesize() // 2
        for text, colour, bold in self.lines:
            font = fonts.get(int(15 * u), "bold") if bold else fonts.get(int(14 * u))
            blit_text(surface, font, text, (x, y), colour)
            y += fonts.get(int(15 * u), "bold").get_linesize()
        surface.set_clip(clip)
        self.chat.draw(surface, fonts, u)
        self.hand_over.draw(surface, fonts, u)


def table_view(app: App, turn: TurnController, say: Say, played: Played) -> TableView:
    """The view of the game's table: a network game's status box, or nothing. ``played`` is
    called with the score events of this screen's move once the server has played it."""
    return NetView(app, turn, say, played) if isinstance(turn, NetworkTurnController) else TableView()
