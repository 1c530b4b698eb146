"""The Princess & the Dragon (the third expansion; the current rules, 2016 = 2021): 30 tiles
with volcanoes, dragons, magic portals and princesses, the dragon that every player moves and
the fairy.

Record (the specification ``docs/princess-dragon.md``, "The record"): the rules key
``"princess_dragon"``; a turn's ``portal`` (``[x, y]``, beside the key that places a follower of any kind),
``fairy`` and ``princess`` (``[x, y, place]``), and ``dragon`` (the squares the dragon
enters, required on every dragon tile's turn, possibly ``[]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import Reason, RecordError
from ...engine.expansion import Expansion, RuleKey
from ...engine.figures import FOLLOWER, FigureStep
from ...engine.moves import Discard, Move, Placement
from .rules import DRAGON, FAIRY, PRINCESS, REMOVE, PrincessDragon, dragon_tiles

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.modules.base import RuleModule
    from ...engine.moves import Turn
    from ...engine.rules import Rules

_KEYS = ("portal", "fairy", "princess", "dragon")


def _places_a_follower(step: FigureStep) -> bool:
    """Whether ``step`` places a follower of some kind (an ordinary one, or an expansion's kind
    that is a follower): what a portal carries (R-P1)."""
    from .. import declared  # the registry imports this package: asked late

    return step.kind == FOLLOWER.name or any(kind.name == step.kind and kind.follower and not kind.neutral
                                             for expansion in declared() for kind in expansion.figures)


def _square(where: str, key: str, value: Any) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise RecordError(f"{where}: '{key}' must be a square [x, y]")
    return value[0], value[1]


def _place(where: str, key: str, value: Any) -> tuple[tuple[int, int], str]:
    if not (isinstance(value, list) and len(value) == 3 and type(value[0]) is int and type(value[1]) is int
            and isinstance(value[2], str) and 0 < len(value[2]) <= 16):
        raise RecordError(f"{where}: '{key}' must be [x, y, place] such as [1, 0, \"road:E\"]")
    return (value[0], value[1]), value[2]


class ThePrincessDragon(Expansion):
    name = "princess_dragon"
    keys = (RuleKey("princess_dragon", False),)
    after = "start"
    turn_keys = _KEYS
    figures = (DRAGON, FAIRY)
    actions = ((PRINCESS, REMOVE),)

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        return (PrincessDragon(),)

    def not_in_play(self, step: FigureStep) -> Reason:
        return Reason(f"the {step.kind} is played only with The Princess & the Dragon", "no-princess-dragon")

    # ------------------------------------------------------------ records
    def read_figure(self, where: str, raw: Mapping[str, Any], step: FigureStep | None) -> FigureStep | None:
        portal, fairy, princess = raw.get("portal"), raw.get("fairy"), raw.get("princess")
        if portal is not None:
            at = _square(where, "portal", portal)
            if step is None or step.action or not _places_a_follower(step):
                raise RecordError(f"{where}: 'portal' goes only beside a follower placed ('meeple', or another "
                                  "follower's key)")
            step = step._replace(at=at)
        for key, value in (("fairy", fairy), ("princess", princess)):
            if value is None:
                continue
            at, place = _place(where, key, value)
            if step is not None:
                raise RecordError(f"{where}: a turn takes one figure step: '{key}' never goes with "
                                  "another figure or action")
            step = (FigureStep(FAIRY.name, place, at=at) if key == "fairy"
                    else FigureStep(PRINCESS, place, REMOVE, at))
        return step

    def refuse_on_discard(self, where: str, raw: Mapping[str, Any]) -> None:
        for key in _KEYS:
            if key in raw:
                raise RecordError(f"{where}: '{key}' never goes on a discarded or returned tile")

    def write_figure(self, step: FigureStep, turn: dict[str, Any]) -> bool:
        if step.at is None:
            return False
        if step.kind == FAIRY.name:
            turn["fairy"] = [*step.at, step.place]
        elif step.kind == PRINCESS:
            turn["princess"] = [*step.at, step.place]
        else:  # through the portal: the kind's own keys, then the tile
            if step.kind == FOLLOWER.name:
                turn["meeple"] = step.place
            turn["portal"] = list(step.at)
            return step.kind == FOLLOWER.name
        return True

    def read_decisions(self, where: str, raw: Mapping[str, Any]) -> tuple[Any, ...]:
        tile = raw.get("tile")
        found = raw.get("dragon")
        if found is None:
            if tile in dragon_tiles():
                raise RecordError(f"{where}: tile {tile} shows a dragon: 'dragon' must list its steps "
                                  "(possibly [])")
            return ()
        if tile not in dragon_tiles():
            raise RecordError(f"{where}: 'dragon' goes only on a turn that places a dragon tile")
        if not isinstance(found, list):
            raise RecordError(f"{where}: 'dragon' must list squares [x, y]")
        return tuple(_square(where, "dragon", p) for p in found)

    def write_decisions(self, move: Move, turn: dict[str, Any]) -> None:
        if move.tile in dragon_tiles():
            turn["dragon"] = [list(choice) for choice in move.decisions]

    def legal(self, game: Game, entry: dict[str, Any], moves: list[list[Any]], turn: Turn) -> None:
        """Each move's last item ``{"portal": [...], "princess": [...]}``; the entry's
        ``fairy``; the dragon's options step by step (the specification's ``--legal``)."""
        from .rules import module_of

        module = module_of(game)
        if module is None:
            return
        for move in moves:
            placement = Placement(turn.tile, move[0], move[1], move[2])
            move.append(module.legal_item(game, placement))
        entry["fairy"] = [] if isinstance(turn, Discard) else [list(p) for p in module.fairy_places(game)]
        if isinstance(turn, Move) and turn.tile in dragon_tiles():
            entry["dragon"] = module.legal_steps(game, turn)


EXPANSION = ThePrincessDragon()
