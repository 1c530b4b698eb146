"""Every scene of the application, by name (the one module that knows them all).

The app opens scenes through this table (``app.push_scene("rules")``,
``app.replace_scene("play", turn=...)``), so no scene imports another: a scene
names where to go and the app builds it. Overlays (dialogs) are scenes too.
"""

from __future__ import annotations

from collections.abc import Callable

from .scenes.analysis import AnalysisScene
from .scenes.base import Scene
from .scenes.chat import ChatDialog
from .scenes.dialogs import ConfirmDialog, LoadDialog, MessageDialog, PauseMenu
from .scenes.final_board import FinalBoardScene
from .scenes.join import JoinScene
from .scenes.leaderboard import LeaderboardScene
from .scenes.lobby import LobbyScene
from .scenes.new_game import NewGameScene
from .scenes.play import PlayScene
from .scenes.rated import RatedScene
from .scenes.replay import ReplayScene, ReplaysDialog
from .scenes.results import ResultsScene
from .scenes.rules_help import RulesScene
from .scenes.settings import SettingsScene
from .scenes.title import TitleScene
from .scenes.tutorial import LessonScene, TutorialScene
from .scenes.watch import WatchScene

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
    "lesson": LessonScene,
    "analysis": AnalysisScene,
    "join": JoinScene,
    "lobby": LobbyScene,
    "watch": WatchScene,
    "chat": ChatDialog,
    "rated": RatedScene,
    "leaderboard": LeaderboardScene,
}

__all__ = ["SCENES"]
