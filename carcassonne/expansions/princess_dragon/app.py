"""The Princess & the Dragon on screen: the dragon and the fairy (neutral figures, one picture
each), the dragon's path of the turn, whose step it is, the fairy moved, a follower sent
through a magic portal, a knight removed by a princess, its New game option with a volcano
and the dragon, and its Rules pages with their examples."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...app.art.expansion_ui import Cell, ExpansionUI, FigureLook, Neutral, RuleOption, RuleSection, WorldPoint
from ...app.art.spots import spot_anchor
from ...engine.figures import FigureStep
from ...i18n import N_, _
from ...words.explain import YOU
from .rules import (
    DRAGON,
    DRAGON_TILE,
    FAIRY,
    PRINCESS,
    STEP_KIND,
    STEPS,
    VOLCANO,
    dragon_square,
    fairy_follower,
    fairy_square,
    module_of,
    symbol,
)

if TYPE_CHECKING:
    import pygame

    from ...app.art.assets import Assets
    from ...engine import Decision, Game, Move
    from ...engine.tiles import TileSet

#: The tile the option shows: a volcano, the dragon on it.
PICTURE = "PD25"
#: Where the fairy stands beside her follower (in tiles, from the follower's place).
BESIDE = (0.2, -0.1)


def _picture(surface: pygame.Surface, where: pygame.Rect, assets: Assets, tiles: TileSet, colour: str) -> None:
    """A volcano with the dragon on it: what the option brings into the game."""
    surface.blit(assets.tiles.sized(PICTURE, 0, where.w), where)
    figure = assets.pieces.get("", int(where.w * 0.6), kind=DRAGON.name)
    surface.blit(figure, figure.get_rect(center=(where.centerx, where.y + where.h * 0.62)))


def _centre(cell: tuple[int, int]) -> WorldPoint:
    return (cell[0] + 0.5, cell[1] + 0.5)


def _moved_dragon(game: Game, moving: Move | None) -> tuple[int, int] | None:
    """Where the dragon stands once ``moving`` is made so far: on the volcano it lays, on the
    last square its steps entered, else where it stands."""
    if moving is not None and symbol(game, moving.tile) == VOLCANO:
        return (moving.x, moving.y)
    if moving is not None and moving.decisions and symbol(game, moving.tile) == DRAGON_TILE:
        return _square(moving.decisions[-1]) or dragon_square(game)
    return dragon_square(game)


def _square(found: object) -> tuple[int, int] | None:
    """A decision's square (x, y), or None if it is not one (a network peer's word)."""
    if isinstance(found, tuple) and len(found) == 2 and all(type(v) is int for v in found):
        return (found[0], found[1])
    return None


def _fairy_point(game: Game, moving: Move | None) -> WorldPoint | None:
    """Where the fairy is drawn: beside her follower (the one ``moving`` moves her to), else
    in the middle of her square."""
    step = moving.figure if moving is not None else None
    if step is not None and step.kind == FAIRY.name and step.at is not None:
        at, place = step.at, step.place
    else:
        found = fairy_follower(game)
        square = fairy_square(game)
        if square is None:
            return None
        if found is None:
            return _centre(square)
        figure = game.figure_at(*found)
        at, place = (figure.x, figure.y), figure.place
    o = game.tile_at(*at)
    if o is None:
        return _centre(at)
    ax, ay = spot_anchor(o, place)
    return (at[0] + min(0.85, max(0.15, ax + BESIDE[0])), at[1] + min(0.85, max(0.15, ay + BESIDE[1])))


def passed_over(game: Game) -> int:
    """How many dragon tiles the bag passes over to give the next tile (on top of its pile,
    kept back until a volcano lies on the board)."""
    module = module_of(game)
    if module is None:
        return 0
    count = 0
    for tile in reversed(game.deck.pile):
        if not module.keeps_back(game, tile):
            break
        count += 1
    return count


class PrincessDragonUI(ExpansionUI):
    order = 50
    looks = {DRAGON.name: FigureLook(image="dragon", lies=False, click=False, coloured=False),
             FAIRY.name: FigureLook(image="fairy", lies=False, click=False, coloured=False)}
    title_name = N_("The Princess & the Dragon")

    # ---------------------------------------------------------------- board
    def neutral_figures(self, game: Game, moving: Move | None) -> list[Neutral] | None:
        if module_of(game) is None:
            return None
        found = []
        fairy = _fairy_point(game, moving)
        if fairy is not None:
            found.append(Neutral(FAIRY.name, fairy))
        dragon = _moved_dragon(game, moving)
        if dragon is not None:
            found.append(Neutral(DRAGON.name, _centre(dragon)))
        return found

    def path(self, game: Game, moving: Move | None) -> list[Cell] | None:
        """The dragon's path: its steps so far in the turn being played, else those of the
        move just played (drawn until the next tile is laid)."""
        if module_of(game) is None:
            return None
        if moving is not None and moving.decisions and symbol(game, moving.tile) == DRAGON_TILE:
            start = dragon_square(game)
            steps = moving.decisions
        else:
            last = game.history[-1] if game.history else None
            dragon = last is not None and symbol(game, last.tile) == DRAGON_TILE
            steps = getattr(last, "decisions", ()) if dragon else ()
            start = self._start(game) if steps else None
        squares = [_square(step) for step in steps]
        if start is None or not steps or None in squares:
            return None
        return [start, *(sq for sq in squares if sq is not None)]

    _starts: tuple[int, int, tuple[int, int] | None] = (0, -1, None)

    def _start(self, game: Game) -> tuple[int, int] | None:
        """Where the dragon stood before the move just played (that move taken back on a copy,
        once per move shown)."""
        key = (id(game), len(game.history))
        if self._starts[:2] != key:
            trial = game.copy()
            try:
                trial.pop()
                found = dragon_square(trial)
            except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                found = None
            self._starts = (*key, found)
        return self._starts[2]

    # ----------------------------------------------------------------- turn
    def decision_words(self, game: Game, asked: Decision, name: str, colour: str) -> str | None:
        if asked.kind != STEP_KIND or module_of(game) is None:
            return None
        if game.names[asked.player] == YOU:  # (a lesson's learner is spoken to)
            return _("The dragon's step {number} of {steps}: you move it ({colour}). Drag the dragon onto a "
                     "lit square, or click one.").format(number=asked.number + 1, steps=STEPS, colour=colour)
        return _("The dragon's step {number} of {steps}: {name} ({colour}) moves it. Drag the dragon onto a "
                 "lit square, or click one.").format(number=asked.number + 1, steps=STEPS, name=name,
                                                      colour=colour)

    def placed_words(self, step: FigureStep) -> str | None:
        if step.at is None:
            return None
        if step.kind == FAIRY.name:
            return _("The fairy goes beside this follower: 1 point at the start of each of your turns, 3 more "
                     "when its feature is scored. Enter confirms the turn.")
        if step.kind == PRINCESS:
            return _("The princess sends this knight home. Enter confirms the turn.")
        return _("Through the magic portal: your figure goes onto this feature. Enter confirms the turn.")

    def laid_words(self, game: Game, steps: Sequence[FigureStep]) -> str | None:
        kinds = {s.kind for s in steps if s.at is not None}
        if PRINCESS in kinds:
            return _("Placed. The princess may send a knight of this city home: click a lit knight, or press "
                     "Space for none.")
        if FAIRY.name in kinds and fairy_square(game) is None:  # (not on the board yet: nowhere to drag her from)
            return _("Placed. You may move the fairy beside one of your followers: click a lit place, or press "
                     "Space for none.")
        if FAIRY.name in kinds:
            return _("Placed. You may move the fairy beside one of your followers: drag her or click a lit "
                     "place, or press Space for none.")
        return None

    def turn_words(self, game: Game, name: str) -> str | None:
        """A dragon tile passed over: the bag keeps it until a volcano lies on the board. Said
        on the turn that first passes it over (the rules set it aside once), not on every turn
        it stays there: more are passed over now than on the turn before."""
        if module_of(game) is None or passed_over(game) <= self._passed_before(game):
            return None
        return _("{name} draws another tile: the dragon tiles stay in the bag until a volcano has been "
                 "placed.").format(name=name)

    _before: tuple[int, int, int] = (0, -1, 0)

    def _passed_before(self, game: Game) -> int:
        """The dragon tiles passed over on the turn before this one (that turn taken back on a
        copy, once per turn shown); 0 on the first turn."""
        key = (id(game), len(game.history))
        if self._before[:2] != key:
            found = 0
            if game.history:
                trial = game.copy()
                try:
                    trial.pop()
                    found = passed_over(trial)
                except (IndexError, KeyError, ValueError, TypeError, AttributeError):
                    found = 0
            self._before = (*key, found)
        return self._before[2]

    # -------------------------------------------------------------- screens
    def options(self) -> list[RuleOption]:
        return [RuleOption(
            N_("The Princess & the Dragon"), lambda rules: bool(rules.get("princess_dragon")),
            lambda on: {"princess_dragon": bool(on)},
            line=N_("A dragon that eats figures, a fairy that guards one, magic portals and princesses."),
            picture=_picture)]

    def rules_sections(self) -> list[RuleSection]:
        rule = N_("The Princess & the Dragon rules (Wikicarpedia, C2/C3; Hans im Glück 2016)")
        return [
            RuleSection(N_("The Princess & the Dragon: the dragon"),
                        N_("A volcano brings the dragon onto it at once; no figure goes on a volcano. Dragon "
                           "tiles drawn before any volcano lies on the board go back: another tile is drawn. "
                           "After a dragon tile the dragon moves up to six steps, each onto a tile beside it not "
                           "entered in this move, never the fairy's. The player who laid the tile chooses the "
                           "first step, the next player the second, and so on round the table. Every figure on "
                           "a tile it enters goes home, scoring nothing."),
                        "pd-dragon-eats", rule,
                        N_("Red's dragon tile: Red's step to the start tile, Blue's step onto Red's thief, who "
                           "goes home; Red's third step finds no tile left.")),
            RuleSection(N_("The Princess & the Dragon: the fairy"),
                        N_("Instead of a figure, move the fairy beside one of your followers. At the start of "
                           "your turn she gives you 1 point; when that follower's feature is scored she gives "
                           "3 more. The dragon never enters her square. Decided here, where no rulebook says: "
                           "at the end her 3 points come right after her follower's feature is scored, once in "
                           "every farm scoring; if unfinished features score nothing, neither does she."),
                        "pd-fairy-point-and-bonus", rule,
                        N_("Red's fairy beside Red's thief: 1 point at Red's next turn, then the road (5) and "
                           "the fairy's 3 when Blue completes it.")),
            RuleSection(N_("The Princess & the Dragon: the fairy guards"),
                        N_("The dragon never enters the fairy's square: the figures there are safe."),
                        "pd-fairy-protects", rule,
                        N_("The same board, the fairy beside Red's thief: the dragon turns away and the thief "
                           "stays.")),
            RuleSection(N_("The Princess & the Dragon: the magic portal"),
                        N_("With a portal tile your follower may go onto any tile of the board instead: on a "
                           "road, city, cloister or farm with no follower on it and not complete, never on the "
                           "dragon's square."),
                        "pd-portal", rule,
                        N_("Blue's portal tile sends a knight to the start tile's city; Red completes it and "
                           "Blue scores 4.")),
            RuleSection(N_("The Princess & the Dragon: the princess"),
                        N_("A city tile with a princess: instead of a figure, send one knight of that city home "
                           "(any player's)."),
                        "pd-princess", rule,
                        N_("Blue's princess completes the city and sends Red's knight home: nobody scores it.")),
            RuleSection(N_("The Princess & the Dragon: a volcano start"),
                        N_("With a random start tile, a volcano drawn as the start tile brings the dragon onto "
                           "it from the first turn. Decided here: no rulebook settles it (each volcano placed "
                           "brings the dragon, and the start tile is one)."),
                        "pd-volcano-start-random", rule,
                        N_("The dragon on the start volcano; Blue's dragon tile at once, Blue's step eats Red's "
                           "thief.")),
        ]


UI = PrincessDragonUI()
