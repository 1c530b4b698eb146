"""A hand of tiles (Wikicarpedia, base game, "House Rules": "Play with a three-tile hand"):
each player holds 2 or 3 tiles, plays any of them and draws back up.

Record (``docs/game-record.md``, "A hand of tiles"): the rules keys ``"hand"`` (2 or 3;
1 is the book's game) and ``"hand_open"`` (false: each hand is hidden from the other
players), after the house rules; the top-level ``"hands"`` (the tiles dealt, player by
player) and each turn's ``"draw"`` (the tile drawn after it; the list of tiles drawn back up
to the hand at the end of a turn of several parts, nothing after its earlier parts). Not with ``"discard": "bag"``
(nor with an expansion whose tiles must come in order: its package refuses it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine.errors import RecordError
from ...engine.expansion import Expansion, RuleKey
from ...engine.rules import BAG
from ...engine.untrusted import shown

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.modules.base import RuleModule
    from ...engine.moves import Turn
    from ...engine.rules import Rules

#: The tiles a player holds: 1 is the book's game, 2 or 3 a hand of tiles.
SIZES = (1, 2, 3)


class HandRecord(Expansion):
    name = "hand"
    keys = (RuleKey("hand", 1), RuleKey("hand_open", True))
    after = "discard"
    holds_tiles = True

    def enabled(self, rules: Rules) -> bool:
        return bool(rules.get("hand", 1) > 1)

    def read_key(self, key: str, value: Any) -> Any:
        return value  # checked whole by check()

    def check(self, rules: Rules) -> None:
        """A hand of tiles is 2 or 3 tiles, not with ``discard: "bag"``."""
        hand, hand_open = rules.get("hand"), rules.get("hand_open")
        if not isinstance(hand, int) or isinstance(hand, bool) or hand not in SIZES:
            raise RecordError(f"rules.hand must be 1, 2 or 3, not {shown(hand)}")
        if not isinstance(hand_open, bool):
            raise RecordError("rules.hand_open must be true or false")
        if hand == 1:
            if not hand_open:
                raise RecordError("rules.hand_open needs a hand (rules.hand 2 or 3)")
            return
        if rules.discard == BAG:
            raise RecordError('rules.hand is not played with rules.discard "bag"')

    def modules(self, rules: Rules) -> tuple[RuleModule, ...]:
        from .rules import Hand

        return (Hand(rules.get("hand"), rules.get("hand_open")),)

    # ------------------------------------------------------------ records
    def read_record(self, data: Mapping[str, Any], rules: Rules, seed: int | None, players: int) -> Any:
        """The record's ``hands`` (per player the tiles dealt; needed without a seed, which
        would deal them) and each turn's ``draw``: (hands or None, draws)."""
        size = rules.get("hand")
        raw = data.get("hands")
        turns = data.get("turns", [])
        hands: list[tuple[str, ...]] | None = None
        if size == 1:
            if raw is not None:
                raise RecordError("'hands' needs rules.hand 2 or 3")
        elif raw is None:
            if seed is None:
                raise RecordError("'hands' must list the tiles each player is dealt in a game with "
                                  "rules.hand and no seed")
        elif (not isinstance(raw, list) or len(raw) != players
                or not all(isinstance(h, list) and len(h) == size
                           and all(isinstance(t, str) and 0 < len(t) <= 16 for t in h) for h in raw)):
            raise RecordError(f"'hands' must list {size} tiles for each of the {players} players")
        else:
            hands = [tuple(h) for h in raw]
        draws = [_read_draw(i + 1, t, size) for i, t in enumerate(turns)]
        return None if size == 1 else (hands, draws)

    def record_data(self, game: Game) -> Any:
        from .rules import hands_state

        state = hands_state(game)
        return None if state is None else (list(state.dealt), list(state.drawn))

    def write_record(self, data: Any, record: dict[str, Any]) -> None:
        hands, draws = data
        if hands is not None:  # a top-level key after "players"
            items = list(record.items())
            record.clear()
            for key, value in items:
                record[key] = value
                if key == "players":
                    record["hands"] = [list(h) for h in hands]
        for turn, drawn in zip(record["turns"], draws):
            if drawn is not None:
                turn["draw"] = drawn if isinstance(drawn, str) else list(drawn)

    def start_record(self, game: Game, data: Any) -> None:
        from .rules import deal, hands_state

        hands = data[0]
        if hands is None:
            return
        if game.seed is None:
            deal(game, hands)
            return
        state = hands_state(game)
        dealt = state.dealt if state is not None else ()
        if [list(h) for h in dealt] != [list(h) for h in hands]:
            shown_deal = "; ".join(", ".join(h) for h in dealt)
            raise RecordError(f"'hands' are not the tiles seed {game.seed} deals ({shown_deal})")

    def before_turn(self, game: Game, number: int, turn: Turn, data: Any) -> None:
        from .rules import arrange_draw

        draws = data[1]
        if number <= len(draws):  # the turn draws the tile the record names
            arrange_draw(game, number, draws[number - 1], turn)


def _read_draw(number: int, raw: Any, size: Any) -> str | tuple[str, ...] | None:
    """Turn ``number``'s ``draw``: the tile drawn after it in a hand game, or the list of
    tiles drawn back up to the hand at the end of a turn of several parts (the rules check it)."""
    drawn = raw.get("draw") if isinstance(raw, dict) else None
    if drawn is not None and size == 1:
        raise RecordError(f"turn {number}: 'draw' needs rules.hand 2 or 3")
    if isinstance(drawn, list):
        if not (0 < len(drawn) <= 3 and all(isinstance(t, str) and 0 < len(t) <= 16 for t in drawn)):
            raise RecordError(f"turn {number}: 'draw' must list 1 to 3 tiles")
        return tuple(drawn)
    if drawn is not None and not (isinstance(drawn, str) and 0 < len(drawn) <= 16):
        raise RecordError(f"turn {number}: 'draw' must name a tile")
    return drawn


EXPANSION = HandRecord()
