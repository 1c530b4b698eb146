"""The desktop application: a scene-based pygame-ce game on top of the rules engine.

``run_app()`` opens the window on the title screen (``--replay FILE`` on a recorded game);
``run_app(["--smoke"])`` loads every resource, plays a short AI-only game at full speed and exits (for packaged builds).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence


def run_app(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="carcassonne", add_help=True)
    parser.add_argument("--smoke", action="store_true",
                        help="open the window, load every resource, play a short AI game, exit")
    parser.add_argument("--size", help="window size, e.g. 1600x900")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--replay", metavar="FILE", help="open the replay viewer on a .carc.json game record")
    parser.add_argument("--quit-after-first-frame", action="store_true",
                        help="start, draw the title screen once and exit (measures start-up)")
    args = parser.parse_args(list(argv) if argv is not None else [])
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from .files.errorlog import install
    from .files.folders import log_dir

    install(log_dir())  # an uncaught error is logged and the player told where
    if args.smoke:
        from .smoke import smoke
        return smoke()
    from .app import App

    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            size = (w, h)
        except ValueError:
            from ..i18n import _, set_language, system_language

            set_language(system_language())
            print(_("--size must look like 1600x900, not {size}").format(size=repr(args.size)), file=sys.stderr)
            return 2
    app = App(size=size)
    if args.fullscreen and not app.settings.fullscreen:
        app.toggle_fullscreen()
    from .. import i18n
    from ..i18n import N_, _

    if args.replay:
        from pathlib import Path

        from .session import open_replay
        reason = open_replay(app, Path(args.replay))
        if reason:  # a bad file: one line on the title screen, and the game goes on
            app.push_scene("title", notice=_("Cannot open the replay: {reason}").format(reason=reason))
    else:
        app.push_scene("title")
    if i18n.problem():  # a damaged catalogue: the game speaks English, and says why once
        app.push_scene("message", title=N_("Notice"), text=i18n.problem())
    if args.quit_after_first_frame:
        app.frame()
        app.shutdown()
        return 0
    return app.run()


__all__ = ["run_app"]
