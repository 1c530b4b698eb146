"""Every scene of the application, by name.

The app opens scenes through this table (``app.push_scene("rules")``,
``app.replace_scene("play", turn=...)``), so no scene imports another: a scene
names where to go and the app builds it. Overlays (dialogs) are scenes too.
"""

from __future__ import annotations

from typing import Callable

from .base import Dialog, Scene
from .dialogs import ConfirmDialog, LoadDialog, MessageDialog, PauseMenu
from .final_board import FinalBoardScene
from .new_game import NewGameScene
from .play import PlayScene
from .replay import ReplayScene, ReplaysDialog
from .results import ResultsScene
from .rules_help import RulesScene
from .settings import SettingsScene
from .title import TitleScene
from .tutorial import TutorialScene

#: Scene name -> what builds it (called with the app and the options the caller passes).
SCENES: dict[str, Callable[..., Scene]] = {
    "title": TitleScene,
    "new_game": NewGameScene,
    "play": PlayScene,
    "final": FinalBoardScene,
    "results": ResultsScene,
    "replay": ReplayScene,
    "replays": ReplaysDialog,
    "load": LoadDialog,
    "pause": PauseMenu,
    "rules": RulesScene,
    "settings": SettingsScene,
    "message": MessageDialog,
    "confirm": ConfirmDialog,
    "tutorial": TutorialScene,
}

__all__ = ["SCENES", "Dialog", "Scene"]
