"""Settings: window size or fullscreen, the size of text and panels, animation speed, reduced motion,
the set of pieces, sound, placement hints, purist mode, the language. Saved at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import __version__, i18n
from ...engine.untrusted import shown_path
from ...i18n import LANGUAGES, N_, _
from ..files.errorlog import LOG_NAME
from ..files.storage import ANIMATION_SPEEDS, PIECE_SETS, UI_SCALES, WINDOW_SIZES
from ..ui.widgets import INK_DIM, Button, Choice, Toggle, automatic_percent, blit_text
from .base import Dialog

if TYPE_CHECKING:
    from ..app import App


#: The animation speeds as the Settings screen names them.
ANIMATION_NAMES = {"instant": N_("instant"), "fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow")}
#: The sets of pieces as the Settings screen names them.
PIECE_SET_NAMES = {"": N_("standard"), "colour-vision": N_("for colour vision")}


class ScaleChoice(Choice):
    """The size of text and panels: automatic (naming the percent the window gives) or a percent."""

    def __init__(self, app: App, on_change: Callable[[str], None]) -> None:
        super().__init__(N_("Text and panels"), [(str(p), "") for p in UI_SCALES], str(app.settings.ui_scale),
                         on_change)
        self.app = app

    def shown(self) -> str:
        if self.value == "0":
            return _("automatic ({percent} %)").format(percent=automatic_percent(self.app.size))
        return _("{percent} %").format(percent=self.value)


class SettingsScene(Dialog):
    title = N_("Settings")
    box_size = (920, 470)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        sizes = [(f"{w}x{h}", f"{w} × {h}") for w, h in WINDOW_SIZES]
        current = f"{s.window_size[0]}x{s.window_size[1]}"
        if current not in dict(sizes):
            sizes.insert(0, (current, f"{s.window_size[0]} × {s.window_size[1]}"))
        self.items = [
            Toggle(N_("Fullscreen (F11)"), s.fullscreen, self._fullscreen),
            Choice(N_("Window"), sizes, current, self._size),
            ScaleChoice(app, self._scale),
            Choice(N_("Animations"), [(k, ANIMATION_NAMES[k]) for k in ANIMATION_SPEEDS], s.animation, self._speed),
            Toggle(N_("Reduced motion"), s.reduced_motion, self._reduced_motion),
            Choice(N_("Pieces"), [(k, PIECE_SET_NAMES[k]) for k in PIECE_SETS], s.pieces, self._pieces),
            Toggle(N_("Sound"), s.sound, self._sound),
            Toggle(N_("Placement hints"), s.hints, self._hints),
            Toggle(N_("Purist mode (no aids)"), s.purist, self._purist),
            # each language named in itself, so a player finds their own whatever is spoken now
            Choice(N_("Language"), list(LANGUAGES.items()), i18n.language(), self._language),
        ]
        self.done = Button(N_("Done"), self.close, hint="Esc", primary=True)
        self.widgets = [*self.items, self.done]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        u = self.u
        bw, bh, gap = int(420 * u), int(44 * u), int(10 * u)
        rows = (len(self.items) + 1) // 2
        top = self.box.y + int(72 * u)
        for i, w in enumerate(self.items):  # two columns, down the left then the right
            column, row = divmod(i, rows)
            x = self.box.centerx - bw - gap // 2 if column == 0 else self.box.centerx + gap // 2 + gap % 2
            w.rect = pygame.Rect(x, top + row * (bh + gap), bw, bh)
        self.done.rect = pygame.Rect(0, 0, int(160 * u), bh)
        self.done.rect.midbottom = (self.box.centerx, self.box.bottom - int(18 * u))

    def _save(self) -> None:
        self.app.storage.save_settings(self.app.settings)

    def _fullscreen(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self._save()
        self.app.apply_window_settings()

    def _size(self, value: str) -> None:
        w, h = (int(v) for v in value.split("x"))
        self.app.settings.window_size = (w, h)
        self._save()
        if not self.app.settings.fullscreen:
            self.app.apply_window_settings()

    def _speed(self, value: str) -> None:
        self.app.settings.animation = value
        self._save()

    def _scale(self, value: str) -> None:
        """Text and panels at once in their new size: every screen lays out again."""
        self.app.settings.ui_scale = int(value)
        self._save()
        self.app.look_changed()

    def _reduced_motion(self, on: bool) -> None:
        self.app.settings.reduced_motion = on
        self._save()

    def _pieces(self, value: str) -> None:
        self.app.settings.pieces = value
        self._save()
        self.app.look_changed()

    def _sound(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.sounds.enabled = on
        self._save()

    def _hints(self, on: bool) -> None:
        self.app.settings.hints = on
        self._save()

    def _language(self, code: str) -> None:
        """Spoken at once: every text is translated when drawn, and the screens below lay out again."""
        self.app.settings.language = i18n.set_language(code)
        self.app.language_changed()
        self._save()

    def _purist(self, on: bool) -> None:
        """Tournament play: no hints, why-not, dead spots, projected scores or tiles that fit."""
        self.app.settings.purist = on
        self._save()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        font = self.app.assets.fonts.get(int(13 * self.u))
        blit_text(surface, font, _("Click to change, right-click to go back one option"),
                  (self.box.centerx, self.done.rect.top - int(8 * self.u)), INK_DIM, "midbottom")
        # Where a bug report's log is (written only when something went wrong); long paths shrink to fit.
        about = _("Carcassonne {version} · error log: {path}").format(
            version=__version__, path=shown_path(self.app.storage.log_root / LOG_NAME))
        size, room = int(13 * self.u), self.box.w - int(24 * self.u)
        while size > 8 and self.app.assets.fonts.get(size).size(about)[0] > room:
            size -= 1
        font = self.app.assets.fonts.get(size)
        while font.size(about)[0] > room and len(about) > 40:  # still too long: the path's middle goes
            about = about[:30] + "…" + about[32 + (len(about) - 40) // 4:]
        blit_text(surface, font, about,
                  (self.box.centerx, self.done.rect.top - int(30 * self.u)), INK_DIM, "midbottom")
