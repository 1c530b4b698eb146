"""The command line's human-readable output in the system's language.

``replay``, ``analyse``, ``bench`` and ``simulate`` print their reports in the language the
system asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when the game speaks it,
with numbers written that language's way; ``--json`` output stays as it is, English keys and
plain numbers, for programs to read. The sentences come from the same catalogues as the
game's screens (score events, the engine's why-not worded from its rule and facts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import FOLLOWER, CarcassonneError, FigureStep, Game, Move
from ..engine.moves import Discard, Turn
from ..engine.untrusted import shown_path
from ..i18n import N_, _, format_number, format_percent, language, ngettext, set_language, system_language
from .expansion import first
from .explain import error_words
from .hint_words import hint_sentence
from .score_words import describe
from .turn_place import turn_words, where

#: argparse's own words (usage, errors), looked up through its module's ``_`` at call
#: time; listed here so that they are extracted and translated with the rest.
ARGPARSE_WORDS = (N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
                  N_("show program's version number and exit"), N_("%(prog)s: error: %(message)s\n"),
                  N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
                  N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("invalid %(type)s value: %(value)r"),
                  N_("expected one argument"))


def speak_system_language() -> str:
    """Speak the system's language from now on (English when the game does not speak it)."""
    return set_language(system_language())


def argparse_speaks_the_games_language() -> None:
    """argparse's help and errors in the language now spoken (see :data:`ARGPARSE_WORDS`)."""
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def record_problem(file: str, exc: CarcassonneError) -> str:
    """The one line for a record that cannot be used: the file, then what is wrong with it.

    In English it is the engine's own exact sentence (what scripts and the records' tests
    read); in another language the broken rule is worded from its reason and facts.
    """
    if language() == "en":
        return f"{shown_path(file)}: {exc}"
    return _("{file}: {problem}").format(file=shown_path(file), problem=error_words(exc))


def replay_lines(game: Game) -> list[str]:
    """A replayed game: each score event by turn, the state, the scores."""
    names = game.names
    lines = []
    for event in game.events:
        tag = _("final") if event.final else turn_words(event.turn)
        lines.append(_("{tag}: {event}").format(tag=tag.rjust(8), event=describe(event, names)))
    if game.is_over:
        state = ngettext("after {count} turn (finished):", "after {count} turns (finished):", game.turn_number)
    elif game.finished:
        state = ngettext("after {count} turn (final scoring applied):",
                         "after {count} turns (final scoring applied):", game.turn_number)
    else:
        state = ngettext("after {count} turn (in progress):", "after {count} turns (in progress):",
                         game.turn_number)
    lines.append(state.format(count=game.turn_number))
    lines.extend(_("  {name}: {score}").format(name=n, score=s) for n, s in zip(names, game.scores))
    return lines


def move_words(turn: Turn) -> str:
    """A move in words, its square named as the screens name it: "U east of the start (1, 0), rotation 90
    with a follower on road:E"."""
    if isinstance(turn, Discard):
        return (_("{tile} returned to the bag") if turn.returned else _("{tile} discarded")).format(tile=turn.tile)
    assert isinstance(turn, Move)
    text = _("{tile} {where} ({x}, {y}), rotation {rotation}").format(
        tile=turn.tile, where=where(turn.x, turn.y), x=turn.x, y=turn.y, rotation=turn.rotation)
    return figure_words(text, turn.figure)


def figure_words(move: str, step: FigureStep | None) -> str:
    """The turn's figure after its tile: a follower's place as the record writes it, or an
    expansion's figure as its package words it."""
    if step is None:
        return move
    if step.kind != FOLLOWER.name:
        said = first("move_words", move, step)
        if said is not None:
            return str(said)
    return _("{move} with a follower on {place}").format(move=move, place=step.place)


def analysis_report(turns: Sequence[Any], names: Sequence[str], count: int = 3) -> str:
    """Each player's costliest turns: the points lost and what would have been better.

    ``turns`` are :class:`carcassonne.ai.analysis.TurnAnalysis`; ``better`` (the best move's effect)
    is worded as the in-game hint words it.
    """
    from ..ai.analysis import costliest

    lines = []
    for player, name in enumerate(names):
        mine = [t for t in turns if t.player == player]
        lost = sum(t.loss for t in mine)
        lines.append(ngettext("{name}: {count} turn analysed, {points} points lost in all",
                              "{name}: {count} turns analysed, {points} points lost in all", len(mine)).format(
            name=name, count=len(mine), points=format_number(lost, 1)))
        worst = costliest(list(turns), player, count)
        if not worst:
            lines.append(_("  no costly turn: every move was as good as the best found"))
        for t in worst:
            sentence = hint_sentence(t.better) if t.better is not None else ""
            because = f" ({sentence[0].lower()}{sentence[1:].rstrip('.')})" if sentence else ""
            lines.append(_("  turn {number}: lost {points} points: played {played}; better: {best}{because}").format(
                number=t.turn, points=format_number(t.loss, 1), played=move_words(t.played),
                best=move_words(t.best), because=because))
    return "\n".join(lines)


def bench_lines(result: dict[str, Any]) -> list[str]:
    """The engine's speed, measured by ``carcassonne bench``."""
    return [
        ngettext("random 2-player game, 72 tiles, final scoring: {ms} ms median over {count} game",
                 "random 2-player game, 72 tiles, final scoring: {ms} ms median over {count} games",
                 result["games"]).format(ms=format_number(result["ms_per_game_median"], 3),
                                         count=format_number(result["games"])),
        _("legal placements of a tile on a 60-tile board: {ms} ms median").format(
            ms=format_number(result["legal_placements_ms_median"], 4)),
    ]


def simulate_lines(summary: dict[str, Any], seed: int) -> list[str]:
    """Headless games between computer players: each one's wins, scores and speed."""
    games = summary["games"]
    lines = [ngettext("{count} game, seats rotating, seed {seed}:", "{count} games, seats rotating, seed {seed}:",
                      games).format(count=format_number(games), seed=seed)]
    for t in summary["bots"]:
        wins = ngettext("{count} win ({share})", "{count} wins ({share})", t["wins"]).format(
            count=format_number(t["wins"]), share=format_percent(t["win_rate"], 1))
        lines.append(_("  {bot}: {wins}, mean score {mean} ± {ci}, {ms} ms per move (slowest {slowest} ms, "
                       "processor {cpu} ms)").format(
            bot=t["bot"].rjust(8), wins=wins, mean=format_number(t["mean_score"], 2),
            ci=format_number(t["score_ci95"], 2), ms=format_number(t["ms_per_move"], 2),
            slowest=format_number(t["max_ms_per_move"], 1), cpu=format_number(t["cpu_ms_per_move"], 2)))
    return lines


def progress_line(done: int, games: int) -> str:
    """Simulate's progress on the error stream."""
    return _("  {done}/{games} games").format(done=done, games=games)
