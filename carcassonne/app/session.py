"""Starting and resuming games (from the New game form, an autosave, a saved file) and
opening a recorded game in the replay viewer."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import CarcassonneError, Game
from ..engine.record import GameRecord, Seat
from ..engine.untrusted import clean_name, shown_path
from ..i18n import _
from ..words.explain import error_words
from .art.expansion_ui import unshown_words
from .art.picture_cache import forget_all as forget_pictures
from .files.replay import Replay
from .files.storage import Setup
from .play.turn import TurnController

if TYPE_CHECKING:
    from .app import App


def game_from_setup(app: App, setup: Setup, random_first: bool = False) -> tuple[Game, list[Seat]]:
    """The game the form asks for, with its rules (:attr:`Setup.rules`).

    With ``random_first`` a random seat starts and the others follow in the form's
    order (the record lists players in turn order, so the draw is not part of it).
    """
    seats = [Seat(clean_name(s.name, f"Player {i + 1}"), s.color, s.kind) for i, s in enumerate(setup.seats)]
    if random_first:
        first = random.randrange(len(seats))
        seats = seats[first:] + seats[:first]
    seed = int(setup.seed) if setup.seed.isascii() and setup.seed.isdigit() else random.randrange(1, 10**9)
    game = Game(app.tiles, setup.rules, players=len(seats), seed=seed, names=[s.name for s in seats])
    return game, seats


def play(app: App, game: Game, seats: list[Seat], autosave: Path | None = None,
         hints: list[int] | None = None) -> None:
    """Show a game in the Play scene (or its results if it is already over).

    The game autosaves after every turn to ``autosave`` (the file it was continued
    from), or to a fresh file of its own: starting or loading a game never overwrites
    another game in progress.
    """
    if game.finished:
        app.replace_scene("results", game=game, seats=seats, final=[e for e in game.events if e.final],
                          hints=hints or [])
        return
    if autosave is None or not app.storage.continue_autosave(autosave):
        app.storage.start_autosave()  # (another copy took the game meanwhile: this one is saved apart)
    forget_pictures()  # the last game's board pictures are not this one's (picture_cache.py)
    turn = TurnController(game, seats, autosave=app.storage.write_autosave, hints=hints)
    app.replace_scene("play", turn=turn)


def start_new(app: App, setup: Setup) -> None:
    """Start the game the New game form asks for (its set-up is remembered for next time)."""
    app.storage.save_setup(setup)
    game, seats = game_from_setup(app, setup, setup.random_first)
    play(app, game, seats)
    # the first autosave: even a kill before the first turn keeps the setup
    app.storage.write_autosave(GameRecord.from_game(game, seats))


def load_game(app: App, path: Path) -> str | None:
    """Resume a saved game; returns a one-line reason if the file cannot be used."""
    if app.storage.is_autosave(path) and app.storage.open_elsewhere(path):
        return open_elsewhere_words()
    try:
        record = app.storage.load(path)
        refused = unshown_words(record.rules)
        if refused:
            return _("{file}: {problem}").format(file=shown_path(path.name), problem=refused)
        game = record.replay(app.tiles)
    except CarcassonneError as exc:
        return _("{file}: {problem}").format(file=shown_path(path.name), problem=error_words(exc))
    except OSError as exc:
        return f"{shown_path(path.name)}: {exc.strerror or exc}"
    play(app, game, record.players, autosave=path if app.storage.is_autosave(path) else None, hints=record.hints)
    return None


def open_elsewhere_words() -> str:
    """Why a game in progress is not continued here."""
    return _("This game is open in another Carcassonne window: go on playing it there.")


def open_replay(app: App, path: Path) -> str | None:
    """Show the replay of ``path``; returns a one-line reason if the file cannot be used."""
    try:
        replay = Replay.load(Path(path), app.tiles)
    except CarcassonneError as exc:
        return _("{file}: {problem}").format(file=shown_path(Path(path).name), problem=error_words(exc))
    except OSError as exc:
        return f"{shown_path(Path(path).name)}: {exc.strerror or exc}"
    refused = unshown_words(replay.game.rules)
    if refused:
        return _("{file}: {problem}").format(file=shown_path(Path(path).name), problem=refused)
    app.replace_scene("replay", replay=replay)
    return None
