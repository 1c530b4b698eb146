"""The keymap: every key of the game in one table, turned into named actions.

Each screen (``play``, ``replay``, ``title``, ...) has its own bindings, since a key
means different things on different screens (Space confirms without a follower in
play, steps a turn in a replay); ``global`` bindings work everywhere. The app looks
up each key press here and gives the scene an intent with its ``action`` set
(``rotate``, ``confirm``, ``undo``, ``no-follower``, ``zoom-in``, ``back``...), so
a key is rebound in this one place, and the Help screen lists the keys from the
same table.

Keys are written as pygame names (``pygame.key.name``), with ``ctrl+`` or
``shift+`` in front for a held modifier: ``"r"``, ``"shift+r"``, ``"ctrl+z"``,
``"return"``, ``"enter"`` (the keypad's), ``"page up"``, ``"[+]"`` (keypad plus).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

import pygame

from ...i18n import N_, _
from ..art.expansion_ui import uis

MODIFIERS = {"ctrl": pygame.KMOD_CTRL | pygame.KMOD_META, "shift": pygame.KMOD_SHIFT, "alt": pygame.KMOD_ALT}
#: How a key's name is shown to the player.
SHOWN = {"return": N_("Enter"), "enter": N_("Keypad Enter"), "escape": N_("Esc"), "space": N_("Space"),
         "tab": N_("Tab"), "backspace": N_("Backspace"), "home": N_("Home"), "end": N_("End"),
         "page up": N_("PageUp"), "page down": N_("PageDown"),
         "left": "←", "right": "→", "up": "↑", "down": "↓",
         "[+]": N_("Keypad +"), "[-]": N_("Keypad −"), "-": "−"}
#: The modifiers as the keys are labelled (German keyboards say Strg for Ctrl).
MODIFIER_NAMES = {"ctrl": N_("Ctrl"), "shift": N_("Shift"), "alt": N_("Alt")}


@dataclass(frozen=True)
class Binding:
    """An action, the keys that do it, and what Help says it does (empty: not listed) and,
    if not the keys themselves, how Help names them."""

    action: str
    keys: tuple[str, ...]
    help: str = ""
    label: str = ""


def _b(action: str, keys: str, help: str = "", label: str = "") -> Binding:
    return Binding(action, tuple(k.strip() for k in keys.split(",")), help, label)


#: Where the expansions' own keys go in a screen's table (:meth:`ExpansionUI.bindings
#: <carcassonne.app.art.expansion_ui.ExpansionUI.bindings>`: an action's key...).
EXPANSIONS = "*expansions*"

KEYMAP: dict[str, tuple[Binding, ...]] = {
    "global": (
        _b("fullscreen", "f11", "fullscreen on / off"),
    ),
    "play": (
        _b("rotate", "r", "rotate the tile clockwise"),
        _b("rotate-back", "shift+r", "rotate the tile back"),
        _b("place-next", "tab", "put the tile on the next legal square"),
        _b("place-previous", "shift+tab", "... or the previous one"),
        _b("next-follower", "f", "next place for a figure on the tile (keyboard)"),
        _b("confirm", "return, enter", "confirm the turn"),
        _b("no-follower", "space", "no follower (press again to end the turn)"),
        _b("undo", "ctrl+z, backspace, u", "undo within the turn"),
        Binding(EXPANSIONS, ()),
        _b("pan-left", "left, a", "pan the board (also drag it)", N_("Arrows / WASD")),
        _b("pan-right", "right, d"),
        _b("pan-up", "up, w"),
        _b("pan-down", "down, s"),
        _b("zoom-in", "+, =, [+]", "zoom in (also the wheel)"),
        _b("zoom-out", "-, [-]", "zoom out"),
        _b("recentre", "home", "show the whole board"),
        _b("farm-owners", "o", "farm owners: each farm in its leader's colour, with its worth"),
        _b("move-log", "l", "the move log (click a turn to see where)"),
        _b("save", "ctrl+s", "save the game"),
        _b("back", "escape", "menu (or drop what you drag)"),
        _b("hint", "h", "hint: the move the Expert would make (not in purist mode)"),
        _b("help", "f1", "rules and keys"),
    ),
    "replay": (
        _b("next", "right, space", "next turn"),
        _b("previous", "left, backspace", "previous turn"),
        _b("forward", "page down", "ten turns on"),
        _b("rewind", "page up", "ten turns back"),
        _b("first", "home", "the start"),
        _b("last", "end", "the end"),
        _b("zoom-in", "+, =, [+]", "zoom in"),
        _b("zoom-out", "-, [-]", "zoom out"),
        _b("recentre", "f", "show the whole board"),
        _b("analyse", "a", "what each move cost, and the better moves"),
        _b("back", "escape", "close the replay"),
    ),
    "analysis": (
        _b("costly-turn", "1, 2, 3, 4, 5, 6, 7, 8, 9, [1], [2], [3], [4], [5], [6], [7], [8], [9]",
           "show that costly turn in the replay"),
        _b("back", "escape"),
    ),
    "tutorial": (
        _b("rotate", "r", "turn the tile (also right-click)"),
        _b("rotate-back", "shift+r"),
        _b("place-next", "tab", "put the tile on the next legal square"),
        _b("next-follower", "f", "next place for a figure on the tile"),
        _b("confirm", "return, enter", "done: play the turn"),
        _b("no-follower", "space", "done, without a follower"),
        _b("undo", "ctrl+z, backspace, u", "take back within the turn"),
        Binding(EXPANSIONS, ()),
        _b("next", "n", "next (a coach's reading step)"),
        _b("restart", "ctrl+r", "restart the lesson"),
        _b("skip", "ctrl+n", "skip to the next lesson"),
        _b("zoom-in", "+, =, [+]", "zoom in (also the wheel)"),
        _b("zoom-out", "-, [-]", "zoom out"),
        _b("recentre", "home", "show the whole board"),
        _b("back", "escape", "back to the lessons"),
    ),
    "title": (
        _b("new-game", "n"),
        _b("tutorial", "t"),
        _b("continue", "c"),
        _b("load", "l"),
        _b("join", "j"),
        _b("replays", "r"),
        _b("help", "f1"),
        _b("settings", "s"),
        _b("quit", "q"),
    ),
    "final": (
        _b("next", "space, right", "next feature"),
        _b("confirm", "return, enter", "to the results"),
        _b("zoom-in", "+, =, [+]", "zoom in"),
        _b("zoom-out", "-, [-]", "zoom out"),
        _b("recentre", "home", "show the whole board"),
        _b("back", "escape", "to the results"),
    ),
    "results": (
        _b("board", "b", "the final board"),
        _b("analyse", "a", "what each move cost, and the better moves"),
        _b("chat", "c", "what the table and the spectators said (a network game)"),
        _b("reveal-next", "space"),
        _b("confirm", "return, enter"),
        _b("back", "escape"),
    ),
    "help": (
        _b("back", "escape, f1, h"),
        _b("scroll-down", "down, page down"),
        _b("scroll-up", "up, page up"),
    ),
    "dialog": (
        _b("confirm", "return, enter"),
        _b("back", "escape"),
    ),
    "message": (
        _b("confirm", "return, enter, space, escape"),
    ),
    "form": (
        _b("confirm", "return, enter"),
        _b("back", "escape"),
    ),
}


def bindings(screen: str) -> tuple[Binding, ...]:
    """``screen``'s bindings, the expansions' keys in their place."""
    out: list[Binding] = []
    for binding in KEYMAP.get(screen, ()):
        if binding.action == EXPANSIONS:
            out.extend(_b(*row) for ui in uis() for row in ui.bindings(screen))
        else:
            out.append(binding)
    return tuple(out)


def _split(combo: str) -> tuple[list[str], str]:
    """``"ctrl+z"`` -> (["ctrl"], "z"); ``"+"`` and ``"[+]"`` are keys, not separators."""
    parts = combo.split("+")
    mods = []
    while len(parts) > 1 and parts[0] in MODIFIERS:
        mods.append(parts.pop(0))
    return mods, "+".join(parts)


@cache
def parse_key(combo: str) -> tuple[int, tuple[int, ...]]:
    """``"ctrl+z"`` -> (the key's code, the modifier masks that must be held)."""
    mods, name = _split(combo)
    return pygame.key.key_code(name), tuple(MODIFIERS[m] for m in mods)


def action_for(screen: str, key: int, mod: int) -> str:
    """The action ``key`` (with modifiers ``mod`` held) does on ``screen``; "" if none.

    A binding that asks for a modifier wins over the plain key (Shift+R over R); a
    plain binding does not fire while Ctrl is held (Ctrl+S saves, S pans).
    """
    best, best_mods = "", -1
    for context in (screen, "global"):
        for binding in bindings(context):
            for combo in binding.keys:
                code, mods = parse_key(combo)
                if code != key or not all(mod & m for m in mods):
                    continue
                if mod & MODIFIERS["ctrl"] and MODIFIERS["ctrl"] not in mods:
                    continue
                if len(mods) > best_mods:
                    best, best_mods = binding.action, len(mods)
        if best:
            return best
    return best


def key_label(combo: str) -> str:
    """How a key combination is shown: ``"ctrl+z"`` -> ``"Ctrl+Z"``."""
    mods, name = _split(combo)
    shown = _(SHOWN[name]) if name in SHOWN else name.upper() if len(name) <= 3 else name.title()
    return "+".join([*(_(MODIFIER_NAMES.get(m, m.title())) for m in mods), shown])


def hint(screen: str, action: str) -> str:
    """The first key of ``action`` on ``screen``, as shown beside a button (``"Ctrl+Z"``)."""
    for binding in bindings(screen):
        if binding.action == action:
            return key_label(binding.keys[0])
    return ""


def key_hint(screen: str, action: str) -> Callable[[], str]:
    """:func:`hint`, asked again each time it is shown, so its words follow a change of language."""
    return partial(hint, screen, action)


def help_rows(screen: str) -> list[tuple[str, str]]:
    """(keys, what they do) for every listed binding of ``screen``, in table order."""
    return [(_(b.label) if b.label else " / ".join(key_label(k) for k in b.keys), _(b.help))
            for b in bindings(screen) if b.help]
