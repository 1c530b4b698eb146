"""How far apart the six players' colours are, as the pieces are drawn, for players with a
colour vision deficiency.

    .venv/bin/python build_scripts/colour_vision.py [--set colour-vision]

Each colour is the median of the fully opaque pixels of its follower
(``resources/pieces/[<set>/]meeple-<colour>.png``): the wood as it is drawn, shading included.
The colours are seen through a simulated deuteranopia, protanopia and tritanopia (colorspacious,
Machado et al. 2009 at severity 100) and the distance of each pair measured in CAM02-UCS (about
1 is the smallest difference a person notices side by side; :data:`GOAL` is the least every pair
must keep under each). Prints every pair, the nearest pair of each simulation, and whether the
set reaches the goal (exit status 1 if not). ``colorspacious`` is a test-time dependency
(``pip install -e ".[test]"``); the game never needs it.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
from colorspacious import cspace_convert, deltaE  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ("red", "blue", "green", "yellow", "black", "pink")
#: The simulations, as colorspacious names them, and as a player would.
DEFICIENCIES = {"deuteranomaly": "deuteranopia", "protanomaly": "protanopia", "tritanomaly": "tritanopia"}
SEVERITY = 100
#: The least distance (CAM02-UCS) every pair must keep under each simulation.
GOAL = 15.0

Pair = tuple[str, str]


def piece_colour(path: Path) -> tuple[float, float, float]:
    """The median colour of the fully opaque pixels of a piece's picture (sRGB, 0-255)."""
    image = pygame.image.load(str(path))
    pixels = pygame.surfarray.array3d(image).reshape(-1, 3).astype(np.float64)
    alpha = pygame.surfarray.array_alpha(image).reshape(-1)
    body = pixels[alpha >= 250]
    r, g, b = np.median(body, axis=0)
    return float(r), float(g), float(b)


def set_colours(piece_set: str = "") -> dict[str, tuple[float, float, float]]:
    """Each player's colour as the followers of ``piece_set`` ("" the default set) are drawn."""
    folder = ROOT / "resources" / "pieces" / piece_set if piece_set else ROOT / "resources" / "pieces"
    return {c: piece_colour(folder / f"meeple-{c}.png") for c in COLOURS}


def distances(colours: dict[str, tuple[float, float, float]]) -> dict[str, dict[Pair, float]]:
    """Per simulated deficiency (and ``normal`` vision), the CAM02-UCS distance of each pair."""
    out: dict[str, dict[Pair, float]] = {}
    for cvd, name in (("", "normal"), *DEFICIENCIES.items()):
        seen = {}
        for c, rgb in colours.items():
            srgb = np.array(rgb) / 255
            if cvd:
                space = {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": SEVERITY}
                srgb = np.clip(cspace_convert(srgb, space, "sRGB1"), 0, 1)
            seen[c] = srgb
        out[name] = {(a, b): float(deltaE(seen[a], seen[b], input_space="sRGB1", uniform_space="CAM02-UCS"))
                     for a, b in itertools.combinations(colours, 2)}
    return out


def nearest(measured: dict[str, dict[Pair, float]]) -> dict[str, tuple[Pair, float]]:
    """The nearest pair under each simulation (normal vision left out)."""
    return {name: min(pairs.items(), key=lambda kv: kv[1]) for name, pairs in measured.items() if name != "normal"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="", help='the set of pieces ("" the default, "colour-vision")')
    args = parser.parse_args(argv)
    measured = distances(set_colours(args.set))
    print(f"pieces: {args.set or 'default'} (CAM02-UCS distance, severity {SEVERITY}; goal >= {GOAL:g})")
    names = list(measured)
    print(f"{'pair':<16}" + "".join(f"{n:>14}" for n in names))
    for pair in measured["normal"]:
        print(f"{pair[0] + '/' + pair[1]:<16}" + "".join(f"{measured[n][pair]:>14.1f}" for n in names))
    worst = nearest(measured)
    for name, ((a, b), d) in worst.items():
        print(f"nearest under {name}: {a}/{b} {d:.1f}")
    ok = all(d >= GOAL for _pair, d in worst.values())
    print("goal reached" if ok else "goal NOT reached")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
