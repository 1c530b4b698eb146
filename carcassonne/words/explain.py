"""The engine's "why not" answers turned into one friendly sentence that cites the rule.

The engine says *what* is wrong in exact terms ("tile E cannot go at (0, -1) rotation 0:
its south edge is field, the neighbour's north edge is city"); a player hovering the
board wants *why* in the table's words and where the rule is written. No pygame here,
so the sentences are tested on their own.
"""

from __future__ import annotations

from ..engine import FigureStep, Game, Placement
from ..engine.errors import Reason
from ..i18n import N_, _, format_number
from .expansion import first, speakers

RULE_TILE = N_("rules: placing a tile")
RULE_FOLLOWER = N_("rules: placing a follower")
RULE_HOUSE = N_("house rule: table")

#: The edge's own name, and where the neighbour lies seen from the square being tried.
_EDGE = {"north": N_("north"), "east": N_("east"), "south": N_("south"), "west": N_("west")}
_NEIGHBOUR = {"north": N_("above"), "east": N_("to the right"), "south": N_("below"), "west": N_("to the left")}
#: An edge's kind on its own ("its south edge is field") and with its article ("needs a city edge");
#: an expansion's kind of edge is worded by its package (its ``edge_words``).
_KIND = {"city": N_("city"), "road": N_("road"), "field": N_("field")}
_ARTICLE = {"city": N_("a city"), "road": N_("a road"), "field": N_("a field")}
#: The features and the followers' roles as the reasons name them (the glossary's words).
_FEATURE = {"road": N_("the road"), "city": N_("the city"), "cloister": N_("the cloister"), "farm": N_("the farm")}
_ROLE = {"thief": N_("thief"), "knight": N_("knight"), "monk": N_("monk"), "farmer": N_("farmer")}
#: The engine's reasons that never vary, marked here so they are translated (the engine speaks English only).
FIXED_REASONS = (N_("farmers are not in play in this game"), N_("the game is over"),
                 N_("rotation must be 0, 90, 180 or 270"))
_TIMES = {1: N_("once"), 2: N_("twice"), 3: N_("three times")}


def _word(table: dict[str, str], key: object) -> str:
    """A word of one of the tables above in the language now spoken (unknown keys as they are)."""
    return _(table[str(key)]) if str(key) in table else str(key)


def _edge_word(table: dict[str, str], kind: object, article: bool) -> str:
    """An edge's kind in words: the base game's, or an expansion's own kind of edge."""
    if str(kind) in table:
        return _(table[str(kind)])
    said = first("edge_words", str(kind), article)
    return str(said) if said is not None else str(kind)


def placement_sentence(reason: Reason, presses: list[int] | None = None) -> str:
    """One sentence for a ``why_not_placement`` answer, worded from the rule and its facts.

    ``presses``: how many presses of R (a quarter turn clockwise each) would make the same
    tile fit on that square, so the sentence says what to do, not an angle to work out.
    """
    facts = reason.facts
    detail = facts.get("detail", reason)
    if reason.rule == "edge-mismatch":
        text = _("Doesn't fit: its {edge} edge is {own} but the tile {where} needs {theirs} edge there — "
                 "every edge must match ({rule})").format(
            edge=_word(_EDGE, facts["edge"]), own=_edge_word(_KIND, facts["own"], False),
            where=_(_NEIGHBOUR.get(str(facts["edge"]), N_("next to it"))),
            theirs=_edge_word(_ARTICLE, facts["theirs"], True), rule=_(RULE_TILE))
    elif reason.rule == "not-touching":
        text = _("Not here: a new tile must touch a placed tile along an edge ({rule})").format(rule=_(RULE_TILE))
    elif reason.rule == "square-taken":
        text = _("Not here: that square already has a tile")
    elif reason.rule == "off-table":
        text = _("Not here: that square is off the table ({width} × {height} squares; {rule})").format(
            width=facts["width"], height=facts["height"], rule=_(RULE_HOUSE))
    elif (said := first("placement_detail", reason)) is not None:  # an expansion's rule
        text = said
    else:
        text = _("Not here: {detail}").format(detail=_(str(detail)))
    if presses:
        times = _(" or ").join(_(_TIMES[n]) for n in sorted(presses))
        text += _(". It fits here if you turn it: press R {times}").format(times=times)
    return text + "."


def follower_sentence(reason: Reason) -> str:
    """One sentence for a ``why_not_figure`` answer (a follower's, or an expansion's figure's)."""
    said = first("figure_sentence", reason)
    if said is not None:
        return str(said)
    if reason.rule == "occupied":
        return _("No follower here: {reason} — you may not join a feature that already has a "
                 "follower ({rule}).").format(reason=reason_words(reason), rule=_(RULE_FOLLOWER))
    if reason.rule == "no-follower-left":
        return _("No follower here: {reason}; followers come back when their feature is "
                 "scored ({rule}).").format(reason=reason_words(reason), rule=_(RULE_FOLLOWER))
    if reason.rule == "no-farmers":
        return _("No follower here: {reason} (the game was set up without farmers).").format(
            reason=reason_words(reason))
    return _("No follower here: {reason}.").format(reason=reason_words(reason))


def open_risk(kind: str, marks: frozenset[str]) -> str | None:
    """What a follower on a feature with these marks risks if it is left open (an expansion's
    feature that scores nothing then): said when it is placed, and on its final scoring."""
    said = first("open_risk", kind, marks)
    return None if said is None else str(said)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


#: The tutorial's player is called "You" (``tutorial/lesson.py``): a sentence about them
#: is spoken to them, not about a third person ("you have", never "You has").
YOU = "You"


def reason_words(reason: Reason) -> str:
    """The engine's reason in the language now spoken, from its rule and facts where they vary."""
    facts = reason.facts
    if reason.rule == "occupied":
        words = dict(feature=_(_FEATURE.get(str(facts["feature"]), "the " + str(facts["feature"]))),
                     owner=facts["owner"], role=_(_ROLE.get(str(facts["role"]), str(facts["role"]))))
        if facts["owner"] == YOU:
            if facts.get("joined"):
                return _("this tile joins {feature} to one already occupied by your {role}").format(**words)
            return _("{feature} is already occupied by your {role}").format(**words)
        if facts.get("joined"):
            return _("this tile joins {feature} to one already occupied by {owner}'s {role}").format(**words)
        return _("{feature} is already occupied by {owner}'s {role}").format(**words)
    if reason.rule == "no-follower-left":
        name = str(reason).removesuffix(" has no follower left")
        return _("you have no follower left") if name == YOU else _("{name} has no follower left").format(name=name)
    said = first("reason_words", reason)
    return str(said) if said is not None else _(str(reason))


def why_not_tile(game: Game, placement: Placement) -> str | None:
    """The sentence for a tile tried on a square, or None if it fits."""
    reason = game.why_not_placement(placement)
    if reason is None:
        return None
    presses = [n for n in (1, 2, 3) if game.why_not_placement(
        placement._replace(rotation=(placement.rotation + 90 * n) % 360)) is None]
    return placement_sentence(reason, presses)


def why_not_figure(game: Game, placement: Placement, step: FigureStep) -> str | None:
    """The sentence for a figure tried on a place of the pending tile, or None if allowed."""
    reason = game.why_not_figure(placement, step)
    return None if reason is None else follower_sentence(reason)


def tile_refused(game: Game, placement: Placement, reason: Reason, aids_on: bool) -> str:
    """What a refused tile drop says: the full sentence with the aids, a plain one without."""
    if not aids_on:
        return _("It does not fit there.")
    return why_not_tile(game, placement) or _("It does not fit there: {reason}.").format(reason=_(str(reason)))


def follower_refused(reason: Reason, aids_on: bool) -> str:
    """What a refused follower drop says: the sentence citing the rule with the aids, the bare reason without."""
    if aids_on:
        return follower_sentence(reason)
    text = reason_words(reason)
    return text[0].upper() + text[1:] + "."


#: The rules a follower breaks; the others are about the tile (its square, or a discard).
FOLLOWER_RULES = frozenset({"occupied", "no-follower-left", "no-farmers", "no-such-place"})


def is_figure_rule(rule: str) -> bool:
    """Whether a refusal is about the turn's figure step (else about its tile)."""
    return rule in FOLLOWER_RULES or any(rule in words.figure_rules for words in speakers())


def draw_sentence(reason: Reason) -> str | None:
    """A tile that cannot be drawn or discarded, in the language now spoken (None for other rules)."""
    facts = reason.facts
    tile = facts.get("tile", "?")
    if reason.rule == "not-in-box":
        return _("Tile {tile} is not in this game's box.").format(tile=tile)
    if reason.rule == "none-left":
        return _("No tile {tile} is left in the box.").format(tile=tile)
    if reason.rule == "draw-order":
        return _("Tile {tile} cannot be drawn yet.").format(tile=tile)
    said = first("draw_sentence", reason)
    if said is not None:
        return str(said)
    if reason.rule == "fits":
        if facts.get("returned"):
            return _("Tile {tile} cannot go back into the bag: it fits on the board.").format(tile=tile)
        return _("Tile {tile} cannot be discarded: it fits on the board.").format(tile=tile)
    if reason.rule == "no-bag":
        return _("Tile {tile} cannot go back into the bag: unplayable tiles leave the game "
                 "(the house rule of the bag is off).").format(tile=tile)
    if reason.rule == "nothing-fits":
        return _("Tile {tile} cannot go back into the bag: no tile left fits anywhere, "
                 "so it is discarded.").format(tile=tile)
    if reason.rule == "bag":
        return _("Tile {tile} cannot be discarded: another tile left fits, so it goes back "
                 "into the bag (house rule).").format(tile=tile)
    if reason.rule == "game-over":
        return _("The game is over.")
    if reason.rule == "no-tile-placed":
        return _("Place the tile first.")
    return None


def reason_sentence(reason: Reason) -> str:
    """Any of the engine's reasons as one sentence in the language now spoken."""
    if is_figure_rule(reason.rule):
        return follower_sentence(reason)
    return draw_sentence(reason) or placement_sentence(reason)


def _count(facts: dict[str, object], key: str) -> str:
    """A whole number among a reason's facts, in the language's format."""
    value = facts.get(key)
    return format_number(value if isinstance(value, int) else 0)


def file_sentence(reason: Reason) -> str | None:
    """A file that is no record the game can read, in the language now spoken (None for
    other rules). Words after the lead-in, as in "game.carc.json: the file is not text"."""
    facts = reason.facts
    rule = reason.rule
    if rule == "file-missing":
        return _("there is no such file")
    if rule == "file-not-regular":
        return _("this is not a regular file (a folder, a device or a pipe)")
    if rule == "file-too-large":
        limit = facts.get("limit")
        kb = format_number(limit // 1024 if isinstance(limit, int) else 0)
        return _("the file is too large for a game (at most {limit} KB)").format(limit=kb)
    if rule == "file-unreadable":
        if facts.get("denied"):
            return _("the file cannot be read: permission denied")
        return _("the file cannot be read ({detail})").format(detail=facts.get("detail", ""))
    if rule == "file-not-text":
        return _("the file is not text: it is not a game record")
    if rule == "file-bad-json":
        if facts.get("line") is None:
            return _("the file is not a game record: its JSON is broken")
        if facts.get("truncated"):
            return _("the file is cut short (its JSON breaks off at line {line})").format(
                line=_count(facts, "line"))
        return _("the file is not a game record: its JSON is broken at line {line}, column {column}").format(
            line=_count(facts, "line"), column=_count(facts, "column"))
    if rule == "file-too-deep":
        return _("the file is not a game record: its JSON is nested too deeply")
    if rule == "file-long-number":
        return _("the file is not a game record: it holds a number of {digits} digits").format(
            digits=_count(facts, "digits"))
    if rule == "file-not-record":
        return _("the file is not a game record")
    if rule == "file-version":
        return _("the record was written by another version of the game (record version {version}, "
                 "this game reads {reads})").format(version=facts.get("version", "?"),
                                                    reads=facts.get("reads", "?"))
    return None


def error_words(exc: Exception) -> str:
    """An engine error as shown to a player: a broken rule worded from its reason (replaying a
    record, with the turn's number); a file that is no record the game can read says so, with
    the engine's detail (in English: the file's structure, for whoever looks into it)."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, Reason):
        said = file_sentence(reason)
        if said is not None:
            return said
    else:  # the record's structure is bad: its detail as the engine says it, for whoever looks into it
        return _("not a game record the game can read ({detail})").format(detail=str(exc))
    turn = getattr(exc, "turn", None)
    text = reason_sentence(reason)
    return text if turn is None else _("Turn {number}: {reason}").format(number=turn, reason=text)
