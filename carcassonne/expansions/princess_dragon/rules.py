"""The Princess & the Dragon as a rule module (the current rules, Hans im Glück 2016 "C2" =
2021 "C3"; the specification ``docs/princess-dragon.md`` of the shared documents, whose rule
numbers R-D1... are cited below).

- The box holds PD1-PD29 (30 tiles). Dragon tiles stay in the bag until a volcano lies on
  the board (R-D1: passed over, no tile left for the end).
- A volcano brings the dragon onto it at once; nobody places a figure on it that turn (R-D2).
- After a dragon tile, the dragon moves up to 6 steps, step k chosen by player
  ``(current + k - 1) mod N``, each onto a tile beside it not entered this move nor the
  fairy's; it eats every figure on each square it enters (R-D4..R-D7). The steps are the
  engine's pending decision (``Decision(player, "dragon", squares)``).
- The fairy: moved beside one of your own followers instead of a figure step (R-F1); she bars
  the dragon (R-F2); 1 point at the start of that follower's owner's turn (R-F3); 3 points when
  that follower's feature is scored (R-F4); beside nobody once the follower leaves (R-F5).
- A magic portal: the turn's follower may go onto any other tile, on a feature unoccupied and
  not complete, never on the dragon's square (R-P1, R-P2).
- A princess: instead of a figure step, one knight of the princess's city goes home (R-Q1, R-Q2).

Figure steps: ``FigureStep("fairy", place, at=(x, y))`` (the follower she goes beside),
``FigureStep("princess", place, action="remove", at=(x, y))`` (the knight removed) and a
follower, big follower or abbot with ``at`` (through the portal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ...engine.deck import put_in_box
from ...engine.errors import Reason
from ...engine.events import ScoreEvent
from ...engine.expansion import Decision
from ...engine.features import Feature
from ...engine.figures import FOLLOWER, FigureKind, FigureStep
from ...engine.geometry import RING, STEP, coords, in_reach, square
from ...engine.modules.base import RuleModule
from ...engine.moves import Move, Placement
from ...engine.refusals import KEPT_BACK, why_not_stand
from ...engine.scoring import Award
from ...engine.tiles import CITY, CLOISTER, FIELD, ROAD, TileKind, TileSet

if TYPE_CHECKING:
    from ...engine.game import Game, Journal
    from ...engine.tiles import Orientation

EXPANSION = "princess_dragon"
#: The neutral figures: nobody's, never in a supply, never scoring.
DRAGON = FigureKind("dragon", strength=0, per_player=0, follower=False, neutral=True)
FAIRY = FigureKind("fairy", strength=0, per_player=0, follower=False, neutral=True)
#: The princess's figure step: an action that removes a knight.
PRINCESS, REMOVE = "princess", "remove"
#: The tiles' symbols (tiles.md).
VOLCANO, DRAGON_TILE, PORTAL = "volcano", "dragon", "portal"
#: The decision's kind: a dragon's step.
STEP_KIND = "dragon"
#: Steps in one move of the dragon (R-D4).
STEPS = 6
FAIRY_POINT, FAIRY_BONUS = 1, 3


class State(NamedTuple):
    """Where the neutral figures are (packed squares, -1 off the board)."""

    dragon: int = -1
    fairy: int = -1
    #: The follower she stands beside: its owner and node, or -1 (R-F5: beside nobody).
    fairy_player: int = -1
    fairy_node: int = -1
    #: Where the dragon's move of this turn started.
    start: int = -1


_NONE = State()


def dragon_tiles() -> frozenset[str]:
    """The tiles that show a dragon (tiles.md: PD7-PD17, and PD10's garden twin): a record
    names their steps on every turn that places one."""
    return _DRAGON_TILES


_DRAGON_TILES = frozenset({f"PD{n}" for n in range(7, 18)} | {"PD10G"})


def module_of(game: Game) -> PrincessDragon | None:
    """The expansion's rule module in ``game``, or None."""
    return next((m for m in game.modules if isinstance(m, PrincessDragon)), None)


def symbol(game: Game, tile: str) -> str:
    """The symbol tile ``tile`` shows (volcano, dragon, portal, princess), or ''."""
    kind = game.tiles.kinds.get(tile)
    return kind.symbol if kind is not None else ""


def state(game: Game) -> State:
    """The dragon's and the fairy's places in ``game`` (nowhere without the expansion)."""
    for module in game.modules:
        if isinstance(module, PrincessDragon):
            found = module.get(game)
            return found if found is not None else _NONE
    return _NONE


def dragon_square(game: Game) -> tuple[int, int] | None:
    """Where the dragon stands, or None (not yet on the board, not in play)."""
    sq = state(game).dragon
    return coords(sq) if sq >= 0 else None


def fairy_square(game: Game) -> tuple[int, int] | None:
    """Where the fairy stands, or None."""
    sq = state(game).fairy
    return coords(sq) if sq >= 0 else None


def fairy_follower(game: Game) -> tuple[int, int] | None:
    """The follower (player, node) the fairy stands beside, or None."""
    st = state(game)
    if st.fairy_node < 0:
        return None
    pair = (st.fairy_player, st.fairy_node)
    return pair if pair in game.followers_on(game.find(st.fairy_node)) else None


def follower_kinds(game: Game) -> tuple[str, ...]:
    """The kinds of figure that are followers (an ordinary one, a big one, an abbot)."""
    return (FOLLOWER.name, *(name for name, k in game.kinds.items() if k.follower and not k.neutral))


def place_node(game: Game, at: tuple[int, int], place: str) -> int:
    """The node of ``place`` on the tile at ``at``, or -1 (no tile, no such place)."""
    x, y = at
    o = game.tile_at(x, y)
    if o is None or place not in o.spots:
        return -1
    return game.node(square(x, y), o.spots[place])


def princess_index(o: Orientation) -> int:
    """The segment of ``o`` the princess stands in, or -1."""
    for i, seg in enumerate(o.segments):
        if PRINCESS in seg.marks:
            return i
    return -1


class PrincessDragon(RuleModule):
    """The Princess & the Dragon: its tiles, the dragon, the fairy, the portal, the princess."""

    record_keys = ("princess_dragon",)
    figures = (DRAGON, FAIRY)
    stateful = True

    # ------------------------------------------------------------- the box
    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int]) -> None:
        for kind in tiles:
            if kind.expansion == EXPANSION and not kind.twin_of:
                put_in_box(tiles, counts, phase_of, kind)

    def why_not_start(self, kind: TileKind) -> Reason | None:
        """With ``start: "random"`` the start tile is never a dragon tile."""
        if kind.symbol == DRAGON_TILE:
            return Reason("a dragon tile is never the start tile", "dragon-start")
        return None

    def start(self, game: Game, start: Orientation) -> None:
        """A volcano as the start tile brings the dragon onto (0, 0) (**DECIDED**)."""
        self.put(game, State(dragon=square(0, 0)) if start.kind.symbol == VOLCANO else _NONE)

    def _state(self, game: Game) -> State:
        found = self.get(game)
        return found if found is not None else _NONE

    # -------------------------------------------------- R-D1: tiles kept back
    def keeps_back(self, game: Game, tile: str) -> bool:
        if symbol(game, tile) != DRAGON_TILE or self._state(game).dragon >= 0:
            return False
        history = game.history  # the turn being played places a volcano: what it draws may be one
        last = history[-1] if history else None
        return not (isinstance(last, Move) and symbol(game, last.tile) == VOLCANO)

    def why_not_draw(self, game: Game, tile: str) -> Reason | None:
        if self.keeps_back(game, tile):
            return Reason(f"tile {tile} cannot be drawn yet: no volcano has been placed", KEPT_BACK, tile=tile)
        return None

    # ----------------------------------------------------- the figure step
    def why_not_on_tile(self, game: Game, placement: Placement) -> Reason | None:
        if symbol(game, placement.tile) == VOLCANO:
            return Reason(f"no figure may stand on tile {placement.tile}: the dragon lands on the volcano",
                          "volcano", tile=placement.tile)
        return None

    def figure_steps(self, game: Game, placement: Placement) -> list[FigureStep]:
        steps = self._portal_steps(game, placement) if symbol(game, placement.tile) == PORTAL else []
        return steps + self._fairy_steps(game)

    def actions(self, game: Game, placement: Placement) -> list[FigureStep]:
        if symbol(game, placement.tile) != PRINCESS:
            return []
        return [FigureStep(PRINCESS, place, REMOVE, at) for at, place in self.knights(game, placement)]

    def knights(self, game: Game, placement: Placement) -> list[tuple[tuple[int, int], str]]:
        """The knights the princess of ``placement`` may remove: (square, place), in order."""
        o = game.tiles[placement.tile].orientations[placement.rotation // 90]
        index = princess_index(o)
        if index < 0:
            return []
        found = []
        with game.laid(placement):
            root = game.find(game.node(square(placement.x, placement.y), index))
            for player, node in game.followers_on(root):
                at = game.figure_at(player, node)
                found.append(((at.x, at.y), at.place))
        return sorted(found)

    def _fairy_steps(self, game: Game) -> list[FigureStep]:
        player = game.current
        kinds = follower_kinds(game)
        now = fairy_follower(game)
        beside = game.figure_at(*now) if now is not None else None
        steps = [FigureStep(FAIRY.name, f.place, at=(f.x, f.y)) for f in game.figures_on_board()
                 if f.player == player and f.kind in kinds and f != beside]
        return sorted(steps, key=lambda s: (s.at, s.place))

    def fairy_places(self, game: Game) -> list[tuple[int, int, str]]:
        """Where the current player may move the fairy: beside which follower (x, y, place)."""
        return [(*s.at, s.place) for s in self._fairy_steps(game) if s.at is not None]

    def _portal_steps(self, game: Game, placement: Placement) -> list[FigureStep]:
        kinds = [k for k in follower_kinds(game) if game.home(game.current).get(k, 0) > 0]
        if not kinds:
            return []
        here = square(placement.x, placement.y)
        dragon = self._state(game).dragon
        steps = []
        with game.laid(placement):
            for sq in sorted(game.board, key=coords):
                if sq == here or sq == dragon:
                    continue
                x, y = coords(sq)
                o = game.board[sq]
                for place in o.spots:
                    if self._portal_free(game, sq, o, place) is not None:
                        continue
                    for kind in kinds:
                        if self._portal_kind(game, (x, y), place, kind) is None:
                            steps.append(FigureStep(kind, place, at=(x, y)))
        return steps

    def _portal_free(self, game: Game, sq: int, o: Orientation, place: str) -> Reason | None:
        """Why ``place`` on the tile at ``sq`` (the placed tile laid) takes no figure through a
        portal: occupied or complete (R-P1; a farm is never complete, R-P2)."""
        node = game.node(sq, o.spots[place])
        root = game.find(node)
        kind = game.kind_of(root)
        if game.followers_on(root):
            owner = game.names[game.followers_on(root)[0][0]]
            return Reason(f"the {'farm' if kind == FIELD else kind} at {coords(sq)} is occupied by {owner}",
                          "portal-occupied", owner=owner)
        if kind in (ROAD, CITY):
            done = game.complete(root)
        elif kind == FIELD:
            done = False
        else:  # a cloister, a garden: its 8 neighbours
            done = game.ring_filled(sq) == len(RING)
        if done:
            return Reason(f"the {kind} at {coords(sq)} is complete: the portal leads only to an "
                          "unfinished feature", "portal-complete")
        return None

    def _portal_kind(self, game: Game, at: tuple[int, int], place: str, kind: str) -> Reason | None:
        """Why the current player's figure of ``kind`` may not stand on ``place`` of the tile at
        ``at`` by that tile's own rules (the kind's module's: an abbot on a cloister or garden)."""
        o = game.tile_at(*at)
        assert o is not None
        there = Placement(o.kind.id, at[0], at[1], o.rotation)
        if kind == FOLLOWER.name:
            return why_not_stand(game, there, place, supply=True)
        for module in game.modules:
            if any(k.name == kind for k in module.figures):
                return module.why_not_figure(game, there, FigureStep(kind, place))
        return Reason(f"no figure {kind!r} in this game", "no-such-figure")

    def why_not_elsewhere(self, game: Game, placement: Placement, step: FigureStep) -> Reason | None:
        assert step.at is not None
        at = step.at
        name = game.names[game.current]
        tile = game.tile_at(*at) if in_reach(*at) else None
        if step.kind == FAIRY.name:
            return self._why_not_fairy(game, step, at, tile is not None)
        if step.kind == PRINCESS:
            if step.action != REMOVE or symbol(game, placement.tile) != PRINCESS:
                return Reason(f"tile {placement.tile} has no princess", "no-princess", tile=placement.tile)
            if (at, step.place) not in self.knights(game, placement):
                return Reason(f"the princess removes only a knight of her own city: there is none at {at} "
                              f"{step.place}", "princess-knight", at=at, place=step.place)
            return None
        if step.action or step.kind not in follower_kinds(game):
            return Reason(f"the {step.kind} cannot go onto another tile", "not-elsewhere")
        if symbol(game, placement.tile) != PORTAL:
            return Reason(f"tile {placement.tile} has no magic portal: a figure goes only onto the tile "
                          "just placed", "no-portal", tile=placement.tile)
        if at == (placement.x, placement.y):
            return Reason("'portal' names the placed tile's own square", "portal-here")
        if tile is None or step.place not in tile.spots:
            return Reason(f"there is no place {step.place} on a tile at {at}", "portal-place", at=at)
        if square(*at) == self._state(game).dragon:
            return Reason(f"no figure may be placed on the dragon's square {at}", "dragon-square", at=at)
        if game.home(game.current).get(step.kind, 0) <= 0:
            return Reason(f"{name} has no {step.kind} left", "no-follower-left")
        with game.laid(placement):
            reason = self._portal_free(game, square(*at), tile, step.place)
        if reason is not None:
            return reason
        reason = self._portal_kind(game, at, step.place, step.kind)
        if reason is not None and reason.rule != "occupied":
            return reason
        if reason is not None:  # the tile joins it to an occupied feature
            return reason
        return None

    def _why_not_fairy(self, game: Game, step: FigureStep, at: tuple[int, int], tiled: bool) -> Reason | None:
        name = game.names[game.current]
        if step.action:
            return Reason(f"the fairy cannot {step.action}", "fairy-place")
        node = place_node(game, at, step.place) if tiled else -1
        if node < 0:
            return Reason(f"there is no place {step.place} on a tile at {at}", "fairy-place", at=at)
        on = [(p, n) for p, n in game.followers_on(game.find(node)) if n == node]
        if not on:
            return Reason(f"the fairy goes only next to your own follower: there is none at {at} {step.place}",
                          "fairy-follower", at=at, place=step.place)
        owner = on[0][0]
        if owner != game.current:
            return Reason(f"the fairy goes only next to your own follower: {at} {step.place} is "
                          f"{game.names[owner]}'s", "fairy-follower", at=at, place=step.place,
                          owner=game.names[owner])
        if fairy_follower(game) == (owner, node):
            return Reason(f"the fairy already stands beside {name}'s follower at {at} {step.place}",
                          "fairy-same", at=at, place=step.place)
        return None

    def play_figure(self, game: Game, sq: int, o: Orientation, base: int, step: FigureStep,
                    journal: Journal) -> None:
        if step.at is None:
            return
        node = place_node(game, step.at, step.place)
        st = self._state(game)
        if step.kind == FAIRY.name:
            self.put(game, st._replace(fairy=square(*step.at), fairy_player=game.current, fairy_node=node))
        elif step.kind == PRINCESS:
            for player, n in game.followers_on(game.find(node)):
                if n == node:
                    game.remove_figure(player, node, journal)
                    self._left(game)
                    break
        elif step.kind in follower_kinds(game):  # through the portal
            game.stand(game.current, node, step.kind, journal)

    def _left(self, game: Game) -> None:
        """R-F5: the fairy's follower has left: she stands beside nobody."""
        st = self._state(game)
        if st.fairy_node >= 0 and fairy_follower(game) is None:
            self.put(game, st._replace(fairy_player=-1, fairy_node=-1))

    # ------------------------------------------------------------ --legal
    def legal_item(self, game: Game, placement: Placement) -> dict[str, list[list[Any]]]:
        """``replay --legal``'s item for one placement: the portal's squares with their places
        (the abbot's 4th with the Abbot) and the knights the princess may remove."""
        abbot = "abbot" in game.kinds
        portal: dict[tuple[int, int], tuple[list[str], list[str]]] = {}
        if symbol(game, placement.tile) == PORTAL:
            for step in self._portal_steps(game, placement):
                assert step.at is not None
                places, abbots = portal.setdefault(step.at, ([], []))
                into = abbots if step.kind == "abbot" else places
                if step.place not in into:
                    into.append(step.place)
        squares = [[x, y, places, abbots] if abbot else [x, y, places]
                   for (x, y), (places, abbots) in sorted(portal.items()) if places or abbots]
        princess = [[x, y, place] for (x, y), place in self.knights(game, placement)] \
            if symbol(game, placement.tile) == PRINCESS else []
        return {"portal": squares, "princess": princess}

    def legal_steps(self, game: Game, move: Move) -> list[dict[str, Any]]:
        """``replay --legal``'s dragon items of a turn: per recorded step its chooser and every
        legal step then; then, under 6 steps, the player due with no legal step."""
        items: list[dict[str, Any]] = []
        for number in range(len(move.decisions) + 1):
            if number >= STEPS:
                break
            asked = game.decision(move._replace(decisions=move.decisions[:number]))
            player = asked.player if asked is not None else (game.current + number) % game.players
            options = [list(o) for o in asked.options] if asked is not None else []
            items.append({"player": game.names[player], "options": options})
        return items

    # ------------------------------------------------------------ the dragon
    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        st = self._state(game)
        if o.kind.symbol == VOLCANO:  # R-D2: a jump, eating nothing
            self.put(game, st._replace(dragon=sq, start=-1))
        elif st.start >= 0:
            self.put(game, st._replace(start=-1))
        self._left(game)  # an abbot taken back

    def decision(self, game: Game, move: Move) -> Decision | None:
        if symbol(game, move.tile) != DRAGON_TILE:
            return None
        st = self._state(game)
        number = len(move.decisions)
        if st.dragon < 0 or number >= STEPS:
            return None
        options = self.steps(game, move)
        if not options:
            return None
        return Decision((game.current + number) % game.players, STEP_KIND, options, number)

    def steps(self, game: Game, move: Move) -> tuple[tuple[int, int], ...]:
        """The legal next steps of the dragon (R-D5), its earlier steps of ``move`` made."""
        st = self._state(game)
        start = st.start if move.decisions else st.dragon
        visited = {start, *(square(*d) for d in move.decisions)}
        board = game.board
        return tuple(coords(st.dragon + d) for d in STEP
                     if st.dragon + d in board and st.dragon + d not in visited and st.dragon + d != st.fairy)

    def decide(self, game: Game, move: Move, decision: Decision, choice: Any, journal: Journal) -> None:
        st = self._state(game)
        if not move.decisions:
            st = st._replace(start=st.dragon)
        sq = square(*choice)
        self.put(game, st._replace(dragon=sq))
        eat(game, sq, journal)
        self._left(game)

    def why_not_decisions(self, game: Game, move: Move, reason: Reason) -> Reason | None:
        if symbol(game, move.tile) != DRAGON_TILE:
            return None
        made = int(cast(int, reason.facts.get("made", 0)))
        if reason.rule == "decision-due":
            options = " or ".join(str(tuple(o)) for o in cast(tuple[Any, ...], reason.facts.get("options", ())))
            return Reason(f"the dragon must go on: 'dragon' stops after {made} step{'s' if made != 1 else ''} "
                          f"but {reason.facts.get('player')} can move it to {options}", "dragon-go-on", made=made)
        if reason.rule == "bad-decision":
            choice = tuple(cast(tuple[int, int], reason.facts.get("choice", ())))
            return Reason(f"the dragon cannot go to {choice} on step {made + 1}: it goes to a tile beside it, "
                          "not entered this move, not the fairy's", "dragon-step", made=made, choice=choice)
        if reason.rule == "no-decision":
            return Reason(f"the dragon stops after {made} step{'s' if made != 1 else ''}: 'dragon' lists "
                          f"{len(move.decisions)}", "dragon-stops", made=made)
        return None

    # --------------------------------------------------------- the fairy
    def turn_begins(self, game: Game, journal: Journal) -> None:
        found = fairy_follower(game)
        if found is None or found[0] != game.current:
            return
        game.scores[game.current] += FAIRY_POINT
        game.event(ScoreEvent(turn=len(game.history), feature=FAIRY.name, points=FAIRY_POINT,
                              players=(game.current,), tiles=(coords(self._state(game).fairy),),
                              complete=False))

    def scored(self, game: Game, root: int, followers: tuple[tuple[int, int], ...], journal: Journal) -> None:
        st = self._state(game)
        if st.fairy_node < 0 or (st.fairy_player, st.fairy_node) not in followers:
            return
        game.scores[st.fairy_player] += FAIRY_BONUS
        game.event(ScoreEvent(turn=len(game.history), feature=FAIRY.name, points=FAIRY_BONUS,
                              players=(st.fairy_player,), tiles=(coords(st.fairy),), complete=True))
        self.put(game, st._replace(fairy_player=-1, fairy_node=-1))

    def final_scored(self, game: Game, awards: list[Award]) -> None:
        found = fairy_follower(game)
        if found is None:
            return
        player, node = found
        root = game.find(node)
        mine = {root}
        if game.kind_of(root) == FIELD:  # a farm: its award, or its cities' (scored city by city)
            mine |= {city.key for city in Feature(game, root).cities}
        at = max((i for i, a in enumerate(awards) if a.tiles_of in mine
                  and (a.feature == "farm") == (game.kind_of(root) == FIELD)), default=-1)
        if at >= 0:  # R-F4: right after her follower's feature's award (none: not scored)
            awards.insert(at + 1, Award(FAIRY.name, FAIRY_BONUS, (player,), -1, 0,
                                        (coords(self._state(game).fairy),)))


def eat(game: Game, sq: int, journal: Journal) -> None:
    """R-D7: every figure on the tile at ``sq`` goes home, scoring nothing (followers of every
    kind, builders and pigs)."""
    o = game.board[sq]
    nodes = {game.node(sq, i) for i in range(len(o.segments))}
    for node in sorted(nodes):
        for player, n in game.followers_on(game.find(node)):
            if n == node:
                game.remove_figure(player, node, journal)
    for kind, held in list(game.placed.items()):
        if not game.kinds[kind].follower:
            for player, placed in enumerate(held):
                for node in placed:
                    if node in nodes:
                        game.remove_figure(player, node, journal)


__all__ = ["CLOISTER", "DRAGON", "FAIRY", "PrincessDragon", "State", "dragon_square", "fairy_square"]
