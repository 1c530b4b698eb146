"""The screens in every language: nothing drawn escapes translation, nothing runs past its box."""

from __future__ import annotations

import re

import pygame
import pytest

from carcassonne import i18n
from carcassonne.app.driver import Driver, random_game
from carcassonne.app.files.replay import Replay
from carcassonne.app.files.storage import DEFAULT_NAMES
from carcassonne.app.play.turn import AI_DECIDE, DECIDE
from carcassonne.app.scenes.play import PlayScene
from carcassonne.app.session import play
from carcassonne.app.ui.widgets import Button, recording_layout
from carcassonne.engine import Placement, Rules
from carcassonne.engine.record import GameRecord, Seat
from carcassonne.words.explain import why_not_tile

SEATS = [Seat("Annabelle", "red"), Seat("Bartholomew", "blue", "ai:normal")]
#: The screens whose every word is in the catalogues.
#: Drawn as they are in every language: key names beside buttons, the game's name, the version.
AS_IS = re.compile(r"^(Esc|Enter|Ctrl\+\w|[A-Z0-9]{1,3}( / [A-Z0-9]{1,3})*|Carcassonne|[\d\s.,:+×x/%←→-]*)$")


def screens(app):  # noqa: ANN001, ANN201
    """Each translated screen drawn once (title, settings, new game, rules, load, play, pause,
    final board, results, replay, replays): (name, the texts drawn, what ran past its box)."""
    d = Driver(app)
    out = []

    def capture(name: str) -> None:
        spoken = i18n.language()
        i18n.set_language("en")  # the keys the buttons show in English, to be kept in every language
        with recording_layout() as english:
            app.draw()
        i18n.set_language(spoken)
        with recording_layout() as log:
            app.draw()
        out.append((name, [t for t, *_ in log.texts],
                    log.overflows(app.screen.get_rect()) + dropped_keys(app, log, english)))

    app.replace_scene("title")
    d.frames(2)
    capture("title")
    app.push_scene("settings")
    d.frames(2)
    capture("settings")
    app.replace_scene("new_game")
    d.frames(2)
    capture("new_game")
    app.replace_scene("title")
    app.push_scene("rules")
    d.frames(2)
    capture("rules")
    for _ in range(40):  # the whole page, scrolled
        d.key(pygame.K_PAGEDOWN)
        capture("rules")
    app.replace_scene("title")
    app.push_scene("load")
    d.frames(2)
    capture("load")
    game = random_game(app.tiles, 30, seed=2, names=[s.name for s in SEATS], follower_rate=0.5)
    play(app, game, SEATS)
    d.key(pygame.K_RETURN)
    d.frames(2)
    scene = app.top
    assert isinstance(scene, PlayScene)
    tile = scene.turn.tile
    assert tile is not None
    # the longest why-not sentence: an edge that does not match, beside a tile already placed
    g = scene.turn.game
    tried = [Placement(tile, x, y, r) for x in range(-3, 4) for y in range(-3, 4) for r in (0, 90, 180, 270)]
    mismatch = next(p for p in tried if (reason := g.why_not_placement(p)) and reason.rule == "edge-mismatch")
    sentence = why_not_tile(g, mismatch)
    assert sentence
    scene.say(sentence)
    d.frames(1)
    capture("play")
    d.move(scene.camera.cell_center(mismatch.x, mismatch.y))  # the tooltip's why-not
    d.frames(2)
    capture("play-tooltip")
    d.move(scene.card_rects[0].center)  # the player card's tooltip
    d.frames(2)
    capture("play-card-tooltip")
    d.key(pygame.K_l)  # the move log
    d.frames(2)
    capture("move-log")
    d.key(pygame.K_l)
    d.frames(1)
    # the language changed in Settings during a game: the Play screen below speaks it at once
    spoken = i18n.language()
    i18n.set_language("en")
    d.frames(2)
    app.push_scene("settings")
    d.frames(1)
    app.top._language(spoken)  # what the Language choice does
    capture("play-under-settings")
    app.pop(app.top)
    d.frames(1)
    app.push_scene("pause", save=lambda: "", before_quit=lambda: None)
    d.frames(1)
    capture("pause")
    whole = random_game(app.tiles, 200, seed=9, names=[s.name for s in SEATS], follower_rate=0.6)
    final = whole.finish()
    app.replace_scene("final", game=whole, seats=SEATS, final=final)
    d.frames(3)
    capture("final")
    app.replace_scene("results", game=whole, seats=SEATS, final=final)
    d.frames(200)
    capture("results")
    boxed = random_game(app.tiles, 200, seed=9, names=[s.name for s in SEATS], follower_rate=0.6,
                        rules=Rules(abbot=True, inns_cathedrals=True))  # (gardens, inns, cathedrals)
    boxed_final = boxed.finish()
    app.replace_scene("final", game=boxed, seats=SEATS, final=boxed_final)
    while app.top.step < len(app.top.final):
        d.click(app.top.rects["board"].center)
        capture("final-box")
    app.replace_scene("results", game=boxed, seats=SEATS, final=boxed_final)
    d.key(pygame.K_RETURN)
    d.frames(2)
    capture("results-box")
    replay = Replay(GameRecord.from_game(whole, SEATS), app.tiles)
    app.replace_scene("replay", replay=replay)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_END):
        d.key(key)
        d.frames(2)
        capture("replay")
    app.replace_scene("title")
    app.push_scene("replays")
    d.frames(2)
    capture("replays")
    return out


def tutorial_screens(app):  # noqa: ANN001, ANN201
    """The Tutorial drawn at every step of every lesson: the list, each step's coach text, a tile refused
    with the engine's why-not, a legal move that misses the goal (the step's hint), the final scoring's
    walkthrough and the free game: (name, the texts drawn, what ran past its box or the coach's box)."""
    d = Driver(app)
    out = []

    def capture(name: str) -> None:
        with recording_layout() as log:
            app.draw()
        bad = log.overflows(app.screen.get_rect())
        coach = app.top.rects.get("coach") if hasattr(app.top, "runner") else None
        if coach is not None:  # the coach's words stay in the coach's box, below the buttons
            bad += [f"{t!r} at {tuple(r)} runs past the coach's box {tuple(coach)}"
                    for t, r, at, _n in log.texts if coach.collidepoint(at) and not coach.inflate(2, 2).contains(r)]
        out.append((name, [t for t, *_ in log.texts], bad))

    app.replace_scene("title")
    app.push_scene("tutorial")
    listed = app.top
    d.frames(2)
    capture("tutorial-list")
    with recording_layout() as log:  # every lesson's summary beside its button in one size of letters
        app.draw()
    summaries = [(text, rect.w) for text, rect, at, _n in log.texts
                 if any(at[0] > b.rect.right and b.rect.top <= at[1] <= b.rect.bottom for b in listed.list_buttons)]
    sizes = [{px for px in range(8, 40) if app.assets.fonts.get(px).size(text)[0] == w} for text, w in summaries]
    if summaries and not set.intersection(*sizes):
        out[-1][2].append("the lessons' summaries are drawn in different sizes of letters")
    for index, lesson in enumerate(listed.lessons):
        scene = app.push_scene("lesson", lesson=index)
        d.frames(1)
        while not scene.runner.in_free_game:
            step = scene.runner.step
            name = f"tutorial-{lesson.id}-{scene.runner.index + 1}"
            capture(name)
            if step.reading:
                d.key(pygame.K_n)
                d.frames(1)
                continue
            move = step.solution
            legal = set(scene.turn.legal_cells(move.rotation))
            scene.turn.rotation = move.rotation
            wrong = next(((x, y) for x in range(-4, 5) for y in range(-4, 5) if (x, y) not in legal
                          and scene.game.why_not_placement(move.placement._replace(x=x, y=y)) is not None
                          and (x, y) in {(c[0] + dx, c[1] + dy) for c in scene.game.placed_tiles()
                                         for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}), None)
            if wrong is not None:  # a refused drop: the engine's why-not under the board
                scene.moves.drop_tile(*wrong)
                d.frames(1)
                capture(name + "-why-not")
            other = next((c for c in sorted(legal) if c != (move.x, move.y)), None)
            if other is not None and not step.goal.get("any"):  # legal but not the step's goal: refused, with the hint
                scene.turn.place(*other, move.rotation)
                scene.moves.confirm()
                d.frames(1)
                capture(name + "-hint")
            scene.turn.place(move.x, move.y, move.rotation)
            if move.figure is not None:
                scene.turn.put(move.figure)
            scene.moves.confirm()
            d.frames(1)
            decided = 0
            while scene.turn.phase in (DECIDE, AI_DECIDE):  # the decisions the move asks (the dragon's steps)
                if scene.turn.phase == DECIDE:
                    if not decided:
                        capture(name + "-decide")  # whose step, the squares lit
                    scene.turn.decide(scene.turn.decision().options[0])
                    decided += 1
                d.frames(1)
            assert scene.runner.step is not step or scene.runner.in_free_game, name
        capture(f"tutorial-{lesson.id}-free-game")
        app.pop(scene)
    return out


def dropped_keys(app, log, english) -> list[str]:  # noqa: ANN001
    """The buttons of the top screen whose key shows beside the label in English but not in
    this language (a longer label in German or Spanish pushed it out)."""
    def keys_shown(layout) -> set[int]:  # noqa: ANN001
        """(A key named as its button is, "Début" for Home on "Début", is drawn twice.)"""
        return {id(b) for b in buttons if sum(text == b.hint_text() and b.rect.contains(rect)
                                             for text, rect, *_ in layout.texts) > (b.hint_text() == b.text())}

    buttons = [b for b in getattr(app.top, "widgets", []) if type(b) is Button and b.visible and b.hint]
    i18n_now = i18n.language()
    i18n.set_language("en")
    in_english = keys_shown(english)
    i18n.set_language(i18n_now)
    return [f"key {b.hint_text()!r} of {b.text()!r} not drawn" for b in buttons
            if id(b) in in_english and id(b) not in keys_shown(log)]


def _template_patterns() -> tuple[set[str], list[tuple[str, re.Pattern[str]]]]:
    """The template's messages: those without placeholders, and each other one as a pattern
    (its literal start, and a regex whose groups are its placeholders)."""
    from babel.messages.pofile import read_po

    with open(i18n.locale_dir() / "carcassonne.pot", "rb") as f:
        ids = [i for m in read_po(f) if m.id for i in ([m.id] if isinstance(m.id, str) else m.id)]
    plain, patterns = set(), []
    for msgid in ids:
        flat = " ".join(msgid.split())
        parts = re.split(r"\{\w*\}", flat)
        if len(parts) == 1:
            plain.add(flat)
            continue
        regex = "(.*?)".join(r"\s*".join(re.escape(w) for w in part.split(" ")) for part in parts)
        patterns.append((parts[0].strip(), re.compile(regex, re.S)))
    return plain, patterns


_TEMPLATE: list[tuple[set[str], list[tuple[str, re.Pattern[str]]]]] = []


def words_left_in_english(texts: list[str], allowed: set[str]) -> list[str]:
    """The words put into a marked message that are neither marked themselves nor a name or a
    number: a rule example's "Red", a rulebook citation kept in English. Each whole message (its
    wrapped lines joined) is matched against the template; what fills its placeholders, less the
    messages nested in it, must be made of ``allowed`` words."""
    if not _TEMPLATE:
        _TEMPLATE.append(_template_patterns())
    plain, patterns = _TEMPLATE[0]
    messages, current, depth = [], [], 0
    for text in texts:
        if depth > 0 or i18n.OPEN in text:
            current.append(text)
        depth = max(0, depth + text.count(i18n.OPEN) - text.count(i18n.CLOSE))
        if depth == 0 and current:
            messages.append(" ".join(current))
            current = []
    bad = []
    for message in messages:
        for inner in _top_level_spans(message):
            flat = " ".join(_without_nested(inner).split())
            if flat in plain:
                continue
            fills = [m.groups() for start, pattern in patterns if flat.startswith(start)
                     and (m := pattern.fullmatch(flat))]
            if fills and not any(all("/" in v or set(re.findall(r"[^\W\d_]+", v)) <= allowed for v in values)
                                 for values in fills):  # (a path is shown as it is)
                bad.append(message)
    return bad


def _inside_a_message(line: str) -> bool:
    """``line`` is a piece of one of the template's messages without placeholders."""
    flat = " ".join(line.split())
    return len(flat) > 20 and any(flat in msgid for msgid in _TEMPLATE[0][0])


def _top_level_spans(text: str) -> list[str]:
    """The insides of the outermost ⟪…⟫ of ``text``."""
    spans, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == i18n.OPEN:
            depth += 1
            if depth == 1:
                start = i + 1
        elif ch == i18n.CLOSE and depth:
            depth -= 1
            if depth == 0:
                spans.append(text[start:i])
    return spans


def _without_nested(text: str) -> str:
    """``text`` with every marked message inside it taken out (they are checked on their own)."""
    while True:
        shorter = re.sub(f"{i18n.OPEN}[^{i18n.OPEN}{i18n.CLOSE}]*{i18n.CLOSE}", " ", text)
        if shorter == text:
            return text
        text = shorter


def untranslated(texts: list[str], names: set[str]) -> list[str]:
    """The texts drawn outside any marked message (a wrapped message's lines count as marked, and
    so does a line of a message whose first line a scrolled page clipped)."""
    if not _TEMPLATE:
        _TEMPLATE.append(_template_patterns())
    bad, depth = [], 0
    for text in texts:
        if depth == 0 and i18n.OPEN not in text and i18n.CLOSE not in text \
                and text not in names and not AS_IS.match(text) and not _inside_a_message(text):
            bad.append(text)
        depth = max(0, depth + text.count(i18n.OPEN) - text.count(i18n.CLOSE))
    return bad


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_every_text_on_the_translated_screens_comes_from_the_catalogue(make_app):
    app = make_app()
    i18n.set_language(i18n.PSEUDO)
    # ★: the winner; the languages are named in themselves
    names = ({s.name for s in SEATS} | {s.name + "  ★" for s in SEATS} | set(DEFAULT_NAMES)
             | set(i18n.LANGUAGES.values()))
    folders = {str(app.storage.replays_dir)}  # the replays folder, shown as it is
    # what may fill a message's placeholder untranslated: names, the game's name, a path's words
    allowed = {w for n in names | folders | {"Carcassonne", i18n.PSEUDO} for w in re.findall(r"[^\W\d_]+", n)}
    escaped = {name: untranslated(texts, names | folders) + words_left_in_english(texts, allowed)
               for name, texts, _ in screens(app)}
    assert {k: v for k, v in escaped.items() if v} == {}


def test_every_text_of_the_tutorial_comes_from_the_catalogue(make_app):
    app = make_app()
    i18n.set_language(i18n.PSEUDO)
    escaped = {name: untranslated(texts, set()) for name, texts, _ in tutorial_screens(app)}
    assert {k: v for k, v in escaped.items() if v} == {}


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_no_text_runs_past_its_box_in_any_language(make_app, code):
    app = make_app(size=(1024, 768))
    i18n.set_language(code)
    found = {name: bad for name, _, bad in screens(app)}
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_no_text_of_the_tutorial_runs_past_its_box_in_any_language(make_app, code):
    app = make_app(size=(1024, 768))
    i18n.set_language(code)
    found = {name: bad for name, _, bad in tutorial_screens(app)}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_language_chosen_in_settings_is_spoken_at_once_and_kept(make_app, data_dir):
    from carcassonne.app.app import App
    from carcassonne.app.files.storage import Storage
    from carcassonne.app.ui.widgets import Choice

    app = make_app()
    d = Driver(app)
    app.replace_scene("title")
    app.push_scene("settings")
    d.frames(1)
    language = next(w for w in app.top.widgets if isinstance(w, Choice) and w.label == "Language")
    while language.value != "de":
        d.click(language.rect.center)
    assert i18n.language() == "de"
    assert language.text() == "Sprache: Deutsch"
    assert Storage(data_dir).load_settings().language == "de"
    i18n.set_language("en")
    again = App(Storage(data_dir))  # the next start speaks it too, whatever the system's language
    try:
        assert i18n.language() == "de"
    finally:
        again.shutdown()


def test_an_unknown_stored_language_is_ignored():
    from carcassonne.app.files.storage import Settings

    assert Settings.from_data({"language": "tlh"}).language == ""


def test_a_broken_rule_in_a_loaded_game_is_worded_in_the_chosen_language(make_app):
    from pathlib import Path

    from carcassonne.app.session import load_game, open_replay

    bad = Path(__file__).resolve().parents[1] / "records" / "bad"
    app = make_app()
    i18n.set_language("de")
    assert load_game(app, bad / "edge-mismatch.carc.json") == (
        "edge-mismatch.carc.json: Zug 1: Passt nicht: seine Südkante zeigt Wiese, aber das Plättchen darunter "
        "braucht dort eine Stadtkante — jede Kante muss passen (Regeln: Plättchen anlegen).")
    i18n.set_language("es")
    said = open_replay(app, bad / "false-discard.carc.json")
    assert said == "false-discard.carc.json: Turno 1: La loseta U no se puede descartar: encaja en el tablero."
    from carcassonne.app.files.saves import summarize
    from carcassonne.words.explain import error_words

    summary = summarize(app.storage, bad / "river-order.carc.json", app.tiles)  # the Load screen's line
    i18n.set_language("fr")
    assert error_words(summary.error) == ("Tour 1 : La tuile B ne peut pas encore être piochée : les tuiles de "
                                          "rivière viennent d’abord.")
    assert open_replay(app, bad / "truncated.carc.json") == (
        "truncated.carc.json : le fichier est tronqué (son JSON s’interrompt à la ligne 27)")


def test_the_keys_beside_the_buttons_follow_a_change_of_language_at_once(make_app):
    app = make_app()
    game = random_game(app.tiles, 4, seed=2, names=[s.name for s in SEATS])
    play(app, game, SEATS)
    scene = app.top
    assert isinstance(scene, PlayScene)
    undo = scene.buttons["undo"]
    assert undo.hint_text() == "Ctrl+Z"
    i18n.set_language("de")
    assert undo.hint_text() == "Strg+Z"
    i18n.set_language("fr")
    assert undo.text() == "Annuler"



def test_a_language_changed_mid_lesson_renames_the_lessons_players(make_app):
    """The lesson's "You" and "Easy" are words of the game: Settings opened over a lesson
    changes them on the player cards at once, as it does every other word."""
    app = make_app()
    d = Driver(app)
    app.replace_scene("title")
    app.push_scene("tutorial")
    scene = app.push_scene("lesson", lesson=0)
    d.frames(2)
    assert [s.name for s in scene.seats] == ["You", "Easy"]
    app.push_scene("settings")
    d.frames(1)
    app.top._language("de")  # what the Language choice does
    app.pop(app.top)
    d.frames(1)
    with recording_layout() as log:
        app.draw()
    drawn = [t for t, *_ in log.texts]
    assert [s.name for s in scene.seats] == ["Du", "Leicht"]
    assert scene.turn.seats[0].name == "Du" and "Du" in drawn and "You" not in drawn
