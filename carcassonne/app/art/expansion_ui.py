"""What an expansion draws and offers in the app: the hooks its package's ``app.py`` overrides.

The app draws the base game; each expansion in the registry draws and offers what only it
knows through one :class:`ExpansionUI` (its ``app.py`` defines ``UI``): how its figures look
(:class:`FigureLook`, the picture from its package), the places on its tiles no follower
takes, its New game options (:class:`RuleOption`: label, picture, one line), its
Rules pages (:class:`RuleSection`), its columns in the results, what it leaves unscored on
the final board, its turn's sentences and actions (:class:`ActionUI`), and what a player may
see of another's tiles. Every hook has a default that changes nothing, so the core asks
them all (:func:`uis`) and never names an expansion. It lives in the lowest room that draws
(``art``) so every room above may ask it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.figures import FOLLOWER, FigureStep
from ...expansions import declared, part
from ...i18n import _

if TYPE_CHECKING:
    import pygame

    from ...engine import Decision, Game, Move, Rules, ScoreEvent
    from ...engine.tiles import TileSet
    from .assets import Assets

RGBA = tuple[int, int, int, int]
#: The pale rim round every figure, so a knight reads on red roofs and a farmer on grass.
HALO: RGBA = (250, 244, 226, 235)


@dataclass(frozen=True)
class FigureLook:
    """How a kind of figure is drawn: its artwork (``resources/pieces/<image>-<colour>.png``,
    a follower drawn if it is missing), how tall beside a follower, its rim, and the slot it
    stands in on its player's card while at home (a side, in follower icons)."""

    image: str = "meeple"
    #: Whether it lies down in a field (a farmer) or always stands.
    lies: bool = True
    scale: float = 1.0
    rim: RGBA = HALO
    #: The rim's width: the picture's size over this.
    rim_width: int = 28
    slot: float = 1.0
    #: Whether a click on a place of the laid tile where no follower may go puts it there
    #: (a place of its own); else it is only dragged.
    click: bool = True
    #: Drawn in its player's colour (``<image>-<colour>.png``); a neutral figure, nobody's,
    #: has one picture (``<image>.png``).
    coloured: bool = True


#: The follower's look (the base game's figure).
FOLLOWER_LOOK = FigureLook()


@dataclass(frozen=True)
class RuleSection:
    """One rule explained: its words, and the rulebook example that shows it (a record in
    ``resources/rulebook/``, drawn as a small board with the engine's score events under it)."""

    title: str
    text: str
    example: str = ""
    #: The rulebook and its section, a whole message (the section named as the translated rulebook names it).
    source: str = ""
    #: Said under the picture instead of the example's score events.
    caption: str = ""
    #: Rule options to replay the example with instead of its own (a variant on the same board).
    rules: dict[str, object] | None = None


#: Draws an option's picture: (surface, where, the assets, the tiles, the first seat's colour).
Picture = Callable[["pygame.Surface", "pygame.Rect", "Assets", "TileSet", str], None]


@dataclass(frozen=True)
class RuleOption:
    """One option of the New game form: a toggle (no ``choices``) or a choice of values.

    ``read`` gives the form's value from the rules (True/False, or one of the choices' values),
    ``write`` the rules keys a value asks for. ``line``: its one line of explanation under
    it (none: it stands in the plain rules column); ``picture``: drawn beside that line.
    The form keeps each option's value while another makes it impossible (it is shown
    disabled), so what the player chose comes back with it.
    """

    label: str
    read: Callable[[Rules], Any]
    write: Callable[[Any], dict[str, Any]]
    choices: tuple[tuple[str, str], ...] = ()
    line: str = ""
    picture: Picture | None = None
    #: Offered for a game open to the network (a server deals no hidden tiles).
    network: bool = True


@dataclass(frozen=True)
class ActionUI:
    """A figure step that is an action (a figure taken home), as the Play screen offers it:
    its button (naming the points it scores once the tile lies), its keymap action, and what
    the screen says when it is taken."""

    #: The keymap's action that takes it (its key: :meth:`ExpansionUI.bindings`).
    key_action: str
    label: str
    #: The button's label with the points it will score.
    label_points: Callable[[int], str]
    #: What the screen says when it is taken, with the points it will score.
    taken: Callable[[int], str]
    #: Said when it is asked for before the tile is laid.
    lay_first: str
    #: Whether its figure is dragged from the board onto the panel to take it (home).
    drag_home: bool = True


#: A point on the board, in tiles (the square (x, y) spans x..x+1, y..y+1).
WorldPoint = tuple[float, float]
#: A square of the board.
Cell = tuple[int, int]


class Neutral(NamedTuple):
    """A neutral figure (nobody's) on the board: its kind and where it stands."""

    kind: str
    at: WorldPoint


class KeyRow(NamedTuple):
    """A key binding an expansion adds (the keymap's ``Binding``: its action, keys as the
    keymap writes them, what Help says, how Help names the keys)."""

    action: str
    keys: str
    help: str = ""
    label: str = ""


class ExpansionUI:
    """One expansion's drawing and offering (see the module docstring). Every hook's default
    changes nothing."""

    #: Its package's name (set from the registry when it is looked up).
    name: str = ""
    #: Where its options and rules pages come among the expansions' (New game, Rules).
    order: int = 0
    #: The looks of its figure kinds, by kind name.
    looks: dict[str, FigureLook] = {}
    #: Its name as the title screen lists it ("" for none).
    title_name: str = ""
    #: Feature kinds of its own with a column in the results, with the column's heading.
    columns: dict[str, str] = {}
    #: The turn's actions it brings, by (figure kind, action).
    actions: dict[tuple[str, str], ActionUI] = {}

    # ---------------------------------------------------------------- board
    def held_shown(self, game: Game, player: int, viewer: int | None) -> bool | None:
        """Whether ``viewer`` sees the tiles ``player`` holds (None: not its question)."""
        return None

    def token_source(self, game: Game, kind: str, events: Sequence[ScoreEvent]) -> WorldPoint | None:
        """Where on the board the tokens of ``kind`` (one of its counters, drawn on the cards)
        that the move just played handed a player leave from, flying to their card; ``events``
        are the move's score events (None: not its counter)."""
        return None

    def neutral_figures(self, game: Game, moving: Move | None) -> list[Neutral] | None:
        """Its neutral figures on the board, as they stand once ``moving`` (the turn's move
        not yet played: its figure step and the decisions made so far) is made (None: none)."""
        return None

    def path(self, game: Game, moving: Move | None) -> list[Cell] | None:
        """The squares a neutral figure went through this turn, in order, drawn as a line
        (``moving`` as for :meth:`neutral_figures`; None: no path)."""
        return None

    # ----------------------------------------------------------------- turn
    def decision_words(self, game: Game, asked: Decision, name: str, colour: str) -> str | None:
        """What the Play screen says to ``name`` (playing ``colour``, its name in words) asked
        ``asked`` by its rules, at one screen (None: the usual words)."""
        return None

    def placed_words(self, step: FigureStep) -> str | None:
        """What the Play screen says when one of its figures is put on the laid tile."""
        return None

    def home_words(self, kind: str) -> str | None:
        """What it says when one of its figures goes back to the supply from the laid tile."""
        return None

    def laid_words(self, game: Game, steps: Sequence[FigureStep]) -> str | None:
        """What it says when the tile is laid and no follower may go on it, but its figure may
        (``game``: where its figures stand now, to say only what the pointer can do)."""
        return None

    def turn_words(self, game: Game, name: str) -> str | None:
        """What the Play screen says when a turn of ``name`` begins by its rule (another part
        of the same turn, say); None: the usual greeting."""
        return None

    # -------------------------------------------------------------- screens
    def options(self) -> list[RuleOption]:
        """Its options on the New game form."""
        return []

    def rules_sections(self) -> list[RuleSection]:
        """Its sections of the Rules page (among the rule options)."""
        return []

    def bindings(self, screen: str) -> list[KeyRow]:
        """Its keys on a board screen where a turn is played (``play``, ``tutorial``)."""
        return []


def uis() -> list[ExpansionUI]:
    """Every expansion's app part, in registry order (those without one are left out)."""
    found = []
    for expansion in declared():
        module = part(expansion.name, "app")
        if module is not None:
            module.UI.name = expansion.name
            found.append(module.UI)
    return found


def playing(rules: Rules) -> list[ExpansionUI]:
    """The app parts of the expansions a game with ``rules`` plays."""
    names = {expansion.name for expansion in rules.expansions()}
    return [ui for ui in uis() if ui.name in names]


def unshown(rules: Rules) -> list[str]:
    """The names, in the language spoken, of the expansions a game with ``rules`` plays that
    have no app part: nothing would draw their figures or ask their steps, so such a game
    (from a server, a file, a lesson) is refused rather than started half-drawn. Each is named
    as its own words name it (:meth:`ExpansionWords.rules_words
    <carcassonne.words.expansion.ExpansionWords.rules_words>`: its name first)."""
    names = []
    for expansion in rules.expansions():
        if part(expansion.name, "app") is None:
            words = part(expansion.name, "words")
            said = words.WORDS.rules_words(rules) if words is not None else []
            names.append(said[0] if said else expansion.name.replace("_", " "))
    return names


def unshown_words(rules: Rules) -> str | None:
    """Why a game with ``rules`` cannot be shown here, in one line (None when it can)."""
    names = unshown(rules)
    if not names:
        return None
    return _("This game plays {expansions}, which this version cannot show yet.").format(
        expansions=_(", ").join(names))


def in_order() -> list[ExpansionUI]:
    """Every app part in the order its options and pages are shown."""
    return sorted(uis(), key=lambda ui: ui.order)


def offline_options() -> list[RuleOption]:
    """The New game options a game open to the network does not offer (hidden tiles)."""
    return [option for ui in uis() for option in ui.options() if not option.network]


def token_source(game: Game, kind: str, events: Sequence[ScoreEvent]) -> WorldPoint:
    """Where tokens of ``kind`` the last move handed a player leave the board from: as the
    expansion that counts them says, else the centre of the tile just placed."""
    for ui in playing(game.rules):
        found = ui.token_source(game, kind, events)
        if found is not None:
            return found
    from ...engine.moves import Move

    last = game.history[-1] if game.history else None
    return (last.x + 0.5, last.y + 0.5) if isinstance(last, Move) else (0.5, 0.5)


def neutral_figures(game: Game, moving: Move | None = None) -> list[Neutral]:
    """Every neutral figure on the board of ``game`` (with ``moving`` made so far)."""
    return [figure for ui in playing(game.rules) for figure in ui.neutral_figures(game, moving) or ()]


def paths(game: Game, moving: Move | None = None) -> list[list[Cell]]:
    """The paths of neutral figures to draw this turn."""
    found = (ui.path(game, moving) for ui in playing(game.rules))
    return [path for path in found if path and len(path) > 1]


def decision_words(game: Game, asked: Decision, name: str, colour: str) -> str | None:
    """What the expansion that asks ``asked`` says of it (None: the usual words)."""
    for ui in playing(game.rules):
        said = ui.decision_words(game, asked, name, colour)
        if said is not None:
            return said
    return None


def look(kind: str) -> FigureLook:
    """How a figure of ``kind`` is drawn (a follower's look for any kind nobody draws)."""
    if kind != FOLLOWER.name:
        for ui in uis():
            found = ui.looks.get(kind)
            if found is not None:
                return found
    return FOLLOWER_LOOK


def action_ui(step: FigureStep) -> ActionUI | None:
    """How the action ``step`` is offered, if an expansion offers it."""
    for ui in uis():
        found = ui.actions.get((step.kind, step.action))
        if found is not None:
            return found
    return None


def held_shown(game: Game, player: int, viewer: int | None) -> bool:
    """Whether ``viewer`` sees the tiles ``player`` holds (yes unless an expansion hides them)."""
    for ui in uis():
        said = ui.held_shown(game, player, viewer)
        if said is not None:
            return said
    return True


def first(hook: str, *args: Any) -> Any:
    """The first answer of ``hook`` among the app parts that is not None."""
    for ui in uis():
        said = getattr(ui, hook)(*args)
        if said is not None:
            return said
    return None


def with_twins(sources: dict[str, Path], tiles: TileSet) -> dict[str, Path]:
    """Tile id -> artwork, with the pictures of the tiles a rule module makes as twins of
    others (:attr:`TileKind.twin_of`). No tileset names them: each
    lies beside its plain twin's, the same name with the twin's suffix (``E.png`` ->
    ``EG.png``), drawn by ``build_scripts/draw_tiles.py`` from the same layout."""
    out = dict(sources)
    for kind in every_tile(tiles):
        twin = kind.twin_of
        if twin and kind.id not in out and twin in sources and kind.id.startswith(twin):
            art = sources[twin]
            out[kind.id] = art.with_name(art.stem + kind.id[len(twin):] + art.suffix)
    return out


def every_tile(tiles: TileSet) -> TileSet:
    """``tiles`` with every kind an expansion can make of them (:meth:`Expansion.tiles
    <carcassonne.engine.expansion.Expansion.tiles>`: twins of other tiles)."""
    for expansion in declared():
        tiles = expansion.tiles(tiles)
    return tiles
