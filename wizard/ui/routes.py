"""Every screen by name: the one place that knows them all, so scenes never import each other.

A scene opens another with ``app.open(name, ...)`` (over it) or ``app.go(name, ...)`` (instead
of everything). The program's entry points build their ``App`` with ``make_app``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .app import App, Scene
from .scenes.card_legend import CardLegendScene
from .scenes.confirm import ConfirmScene
from .scenes.continue_list import ContinueListScene
from .scenes.game_end import GameEndScene
from .scenes.game_menu import GameMenuScene
from .scenes.history import HistoryScene
from .scenes.importing import ImportScene
from .scenes.learn import LearnScene, LessonMenuScene, OfferScene
from .scenes.menu import MenuScene
from .scenes.net_host import NetHostScene, resume_scene
from .scenes.net_join import JoinScene, ReconnectScene
from .scenes.net_servers import NetServersScene
from .scenes.net_table import HostTableScene, JoinerTableScene
from .scenes.progress import ProgressScene
from .scenes.replay import ReplayScene
from .scenes.review_game import ReviewGameScene
from .scenes.review_replay import ReviewReplayScene
from .scenes.review_round import ReviewRoundScene
from .scenes.round_end import RoundEndScene
from .scenes.rules import RulesScene
from .scenes.scorepad import ScorePadScene
from .scenes.settings import SettingsScene
from .scenes.setup import SetupScene
from .scenes.table import TableScene
from .scenes.tutorial import TutorialScene

ROUTES: dict[str, Callable[..., Scene]] = {
    "menu": MenuScene,
    "continue_list": ContinueListScene,
    "confirm": ConfirmScene,
    "setup": SetupScene,
    "table": TableScene,
    "round_end": RoundEndScene,
    "game_end": GameEndScene,
    "game_menu": GameMenuScene,
    "score_pad": ScorePadScene,
    "history": HistoryScene,
    "importing": ImportScene,
    "stats_progress": ProgressScene,
    "replay": ReplayScene,
    "review_game": ReviewGameScene,
    "review_round": ReviewRoundScene,
    "review_replay": ReviewReplayScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "card_legend": CardLegendScene,
    "learn": LearnScene,
    "lesson": TutorialScene,
    "lesson_menu": LessonMenuScene,
    "lesson_offer": OfferScene,
    "resume_game": resume_scene,              # a game in progress (a network game reopens its table)
    "net_host_waiting": NetHostScene,
    "net_table_host": HostTableScene,
    "net_join": JoinScene,
    "net_table_joiner": JoinerTableScene,
    "net_reconnect": ReconnectScene,
    "net_servers": NetServersScene,
}


def install(app: App) -> App:
    """Give ``app`` every screen by name."""
    app.routes.update(ROUTES)
    return app


def make_app(*args: Any, **kwargs: Any) -> App:
    """An ``App`` (same arguments) that knows every screen."""
    return install(App(*args, **kwargs))
