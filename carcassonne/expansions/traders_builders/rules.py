"""Traders & Builders as a rule module (the second expansion, its C2/C3 rules;
``docs/game-record.md``, "Traders & Builders"; sources: Wikicarpedia's "Traders and Builders"
pages, C2 and 1st edition, WC2 and WC1, and JCloisterZone's engine, JCZ).

- The box holds the 24 tiles TB1-TB24 besides the others.
- Each player has one **builder** and one **pig** besides the 7 followers. Neither is a
  follower (JCZ's ``Special`` figures): strength 0, never in a majority, never blocks a
  follower, never scores. The builder stands on a road or city of the tile just placed that
  already holds one of its player's followers and that the tile does not complete (WC2
  "Placing a Builder"; JCZ ``Builder.isDeploymentAllowed``); the pig on a field whose farm
  already holds one of its player's farmers (JCZ ``Pig``).
- **Double turn**: a tile that extends the road or city the player's builder stood on
  before it was placed earns the same player a second part, which never earns a third
  (WC2; JCZ ``BuilderCapability``). The builder goes home when its player has no follower
  left on its feature (JCZ ``undeployLonelySpecials``): when the feature is scored.
- **Goods**: whoever places the tile that completes a city takes one token per goods
  symbol in it, whoever holds the city (WC2 "Scoring a Feature with Goods Symbols"); at the
  end the most tokens of each kind score 10, all tied players alike (JCZ
  ``TradeGoodsCapability``).
- **Pig**: a player who wins a farm with their pig on it scores each city it supplies 1 more
  (4 instead of 3 in the third edition, WC2's example; ``city_bonus``).

The module's state in the game is a :class:`Trade`: the player whose second part is due (or
-1) and each player's goods tokens. Where the builders and pigs stand is the game's
(``game.placed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine.deck import put_in_box
from ...engine.errors import Reason
from ...engine.figures import FigureKind, FigureStep
from ...engine.modules.base import RuleModule
from ...engine.scoring import Award
from ...engine.tiles import CITY, FIELD, ROAD, Orientation, TileSet

if TYPE_CHECKING:
    from ...engine.game import Game, Journal
    from ...engine.moves import Move, Placement

EXPANSION = "traders_builders"
#: Neither is a follower: no strength, not among a feature's followers (WC2; JCZ ``Special``).
BUILDER = FigureKind("builder", strength=0, per_player=1, follower=False)
PIG = FigureKind("pig", strength=0, per_player=1, follower=False)
#: The three kinds of goods, as the tileset marks them in a city segment and records name them.
WINE, GRAIN, CLOTH = "wine", "grain", "cloth"
GOODS = (WINE, GRAIN, CLOTH)
#: What the most tokens of one kind score at the end (WC2).
MAJORITY_POINTS = 10


class Trade(NamedTuple):
    """The expansion's state in a game: whose second part is due, and the goods tokens held."""

    #: The player whose next entry is the second part of a double turn, or -1.
    pending: int
    #: Per player, the tokens of each kind of :data:`GOODS`, in that order.
    goods: tuple[tuple[int, ...], ...]


def trade(game: Game) -> Trade | None:
    """The expansion's state in ``game``, or None when it is not played."""
    for module in game.modules:
        if isinstance(module, TradersBuilders):
            state: Trade = module.get(game)
            return state
    return None


def figure_node(game: Game, kind: str, player: int) -> int:
    """The node ``player``'s builder or pig stands on, or -1 (at home, or not in play)."""
    nodes = game.placed.get(kind)
    return nodes[player][0] if nodes and nodes[player] else -1


def goods_in(game: Game, root: int) -> tuple[int, ...]:
    """The goods symbols of the city ``root``, per kind: one per segment showing it."""
    counts = [0, 0, 0]
    for seg in game.segments_of(root):
        if seg.marks:
            for i, good in enumerate(GOODS):
                if good in seg.marks:
                    counts[i] += 1
    return tuple(counts)


def second_part_due(game: Game) -> bool:
    """Whether the player to move now plays the second part of a double turn."""
    state = trade(game)
    return state is not None and state.pending == game.current


def _holds_own(followers: tuple[tuple[int, int], ...], player: int) -> bool:
    return any(p == player for p, _ in followers)


class TradersBuilders(RuleModule):
    """Traders & Builders: its tiles, the builder and the double turn, the pig, goods."""

    record_keys = ("traders_builders",)
    stateful = True
    figures = (BUILDER, PIG)
    #: The second part of a double turn is the same turn (one fairy point: princess-dragon.md).
    continues_turn = True

    # ------------------------------------------------------------- the box
    def box(self, tiles: TileSet, counts: dict[str, int], phase_of: dict[str, int]) -> None:
        for kind in tiles:
            if kind.expansion == EXPANSION and not kind.twin_of:
                put_in_box(tiles, counts, phase_of, kind)

    def start(self, game: Game, start: Orientation) -> None:
        self.put(game, Trade(-1, ((0,) * len(GOODS),) * game.players))

    # ---------------------------------------------------------- the figures
    def figure_steps(self, game: Game, placement: Placement) -> list[FigureStep]:
        player = game.current
        builder = figure_node(game, BUILDER.name, player) < 0
        pig = game.rules.farmers and figure_node(game, PIG.name, player) < 0
        if not builder and not pig:
            return []
        o = game.tiles[placement.tile].orientations[placement.rotation // 90]
        builders: list[FigureStep] = []
        pigs: list[FigureStep] = []
        for seg in o.segments:
            kind = seg.kind
            if builder and (kind == ROAD or kind == CITY):
                followers, completes = game.joining(placement, seg.spot)
                if not completes and _holds_own(followers, player):
                    builders.append(FigureStep(BUILDER.name, seg.spot))
            elif pig and kind == FIELD:
                followers, _ = game.joining(placement, seg.spot)
                if _holds_own(followers, player):
                    pigs.append(FigureStep(PIG.name, seg.spot))
        return builders + pigs

    def why_not_figure(self, game: Game, placement: Placement, step: FigureStep) -> Reason | None:
        player = game.current
        name = game.names[player]
        kind = step.kind
        wanted: tuple[str, ...]
        if kind == BUILDER.name:
            wanted, feature_kinds = (ROAD, CITY), "road or city"
        else:
            wanted, feature_kinds = (FIELD,), "field"
            if not game.rules.farmers:
                return Reason("the pig stands on a farm, and farmers are not in play in this game",
                              "pig-no-farmers")
        if figure_node(game, kind, player) >= 0:
            return Reason(f"{name}'s {kind} is already on the board", f"{kind}-out", name=name)
        o = game.tiles[placement.tile].orientations[placement.rotation // 90]
        index = o.spots.get(step.place) if not step.action and step.at is None else None
        if index is None or o.segments[index].kind not in wanted:
            return Reason(f"the {kind} stands only on a {feature_kinds} of tile {placement.tile}",
                          f"{kind}-place", place=step.place)
        feature = "farm" if o.segments[index].kind == FIELD else o.segments[index].kind
        followers, completes = game.joining(placement, step.place)
        if not _holds_own(followers, player):
            role = {ROAD: "thief", CITY: "knight", FIELD: "farmer"}[o.segments[index].kind]
            return Reason(f"{name} has no {role} on this {feature}", f"{kind}-alone",
                          name=name, feature=feature, role=role)
        if completes:
            return Reason(f"this tile completes the {feature}", "builder-completes", feature=feature)
        return None

    # ---------------------------------------------------------------- turn
    def completed(self, game: Game, root: int, journal: Journal) -> None:
        """Goods: the player who placed the tile takes the city's tokens, whoever holds it."""
        if game.kind_of(root) != CITY:
            return
        found = goods_in(game, root)
        if not any(found):
            return
        state: Trade = self.get(game)
        goods = list(state.goods)
        goods[game.current] = tuple(a + b for a, b in zip(goods[game.current], found))
        self.put(game, state._replace(goods=tuple(goods)))

    def after_place(self, game: Game, sq: int, o: Orientation, journal: Journal) -> None:
        """Whether the tile earns a second part (it extended the road or city the builder
        stood on before it; never in a second part), then builders left alone go home."""
        state: Trade = self.get(game)
        player = game.current
        pending = -1
        if state.pending != player and (not game.holds_tiles or game.held(player)):  # a hand the part emptied has none
            node = figure_node(game, BUILDER.name, player)
            base = game.node(sq, 0)
            if 0 <= node < base:
                root = game.find(node)
                if any(game.find(base + i) == root for i, seg in enumerate(o.segments)
                       if seg.kind == ROAD or seg.kind == CITY):
                    pending = player
        if pending != state.pending:
            self.put(game, state._replace(pending=pending))
        self._send_lonely_home(game, (BUILDER.name,), journal)

    def removed(self, game: Game, player: int, node: int, journal: Journal) -> None:
        """A follower eaten or removed by another rule: a builder or pig whose player has no
        follower left on its feature goes home too (princess-dragon.md, "Traders & Builders"; JCZ)."""
        self._send_lonely_home(game, (BUILDER.name, PIG.name), journal)

    @staticmethod
    def _send_lonely_home(game: Game, kinds: tuple[str, ...], journal: Journal) -> None:
        """Home, each figure of ``kinds`` whose player has no follower on its feature (JCZ
        ``undeployLonelySpecials``; WC1)."""
        for kind in kinds:
            for owner, nodes in enumerate(game.placed[kind]):
                for node in list(nodes):
                    if not _holds_own(game.followers_on(game.find(node)), owner):
                        game.take_home(owner, node, journal)

    def another_turn(self, game: Game, move: Move) -> bool:
        state: Trade = self.get(game)
        return state.pending == game.current

    def turn_goes_on(self, game: Game) -> bool:
        state: Trade = self.get(game)
        return state.pending == game.current

    # ------------------------------------------------------------- scoring
    def counters(self, game: Game, player: int) -> dict[str, int]:
        state: Trade = self.get(game)
        return dict(zip(GOODS, state.goods[player]))

    def final_extras(self, game: Game) -> list[Award]:
        """Each kind of goods: 10 to every player holding the most tokens of it (none when
        nobody holds any)."""
        state: Trade = self.get(game)
        awards = []
        for i, good in enumerate(GOODS):
            held = [tokens[i] for tokens in state.goods]
            most = max(held)
            if most:
                awards.append(Award(good, MAJORITY_POINTS, tuple(p for p, n in enumerate(held) if n == most),
                                    -1, most))
        return awards

    def city_bonus(self, game: Game, player: int, farm: int) -> int:
        """A pig on a farm its player wins: each city it supplies scores 1 more."""
        node = figure_node(game, PIG.name, player)
        return 1 if node >= 0 and game.find(node) == farm else 0
