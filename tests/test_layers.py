"""Who may import whom (docs/ARCHITECTURE.md).

The rules engine stands alone; the computer players stand on the engine only,
so they can never look at the screen; the application may use everything.
Checked on the source, import by import, so a new module cannot slip past.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "carcassonne"

#: For each layer (a sub-package), the layers of ours it may import besides itself.
ALLOWED = {
    "engine": set(),
    "ai": {"engine"},
    "tutorial": {"engine"},
    # network play: the engine, the computer players, and the pygame-free helpers beside them
    "net": {"engine", "ai", "i18n", "tileset", "", "__version__"},
    # the game in words: what the screen and the command line both say
    "words": {"engine", "ai", "i18n", "tileset", ""},
}


def imported_modules(source: Path, root: Path = PACKAGE.parent) -> list[tuple[int, str]]:
    """Absolute names of everything a module below ``root`` imports (relative imports resolved)."""
    module = ".".join(source.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
    package = module if source.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append((node.lineno, name))
            out.extend((node.lineno, f"{name}.{alias.name}") for alias in node.names
                       if name == "carcassonne")
    return out


#: Each part of an expansion's package (``carcassonne/expansions/<name>/``) and the layer it
#: belongs to: its declaration and its rule modules are the engine's, its valuation the
#: computer players', its sentences the words', its drawing the app's. The registry
#: (``carcassonne/expansions/__init__.py``) is the engine's too.
EXPANSION_PARTS = {"__init__": "engine", "rules": "engine", "ai": "ai", "words": "words", "app": "app"}


def layer_of(name: str) -> str | None:
    parts = name.split(".")
    if parts[0] != "carcassonne":
        return None
    if len(parts) > 1 and parts[1] == "expansions":
        return "engine" if len(parts) <= 3 else EXPANSION_PARTS.get(parts[3], "?")
    return parts[1] if len(parts) > 1 else ""


def expansion_sources(layer: str) -> list[Path]:
    """The files of every expansion's package that belong to ``layer``."""
    root = PACKAGE / "expansions"
    found = [root / "__init__.py"] if layer == "engine" else []
    for source in sorted(root.rglob("*.py")):
        rel = source.relative_to(root).parts
        if len(rel) >= 2 and EXPANSION_PARTS.get(Path(rel[1]).stem) == layer:
            found.append(source)
    return found


def sources_of(layer: str) -> list[Path]:
    """Every file of a layer: its folder's, and the expansions' parts that belong to it."""
    return sorted((PACKAGE / layer).rglob("*.py")) + expansion_sources(layer)


def test_every_file_of_an_expansion_is_one_of_its_parts():
    """An expansion's package holds its declaration and one part per layer, each checked below
    by that layer's rules (docs/ARCHITECTURE.md, "Adding an expansion")."""
    root = PACKAGE / "expansions"
    strays = [str(source.relative_to(PACKAGE.parent)) for source in sorted(root.rglob("*.py"))
              if source != root / "__init__.py" and Path(source.relative_to(root).parts[1]).stem not in EXPANSION_PARTS]
    assert strays == []
    assert {p.name for p in root.iterdir() if p.is_dir() and p.name != "__pycache__"} >= {
        "river", "abbot", "hand", "inns_cathedrals"}


def test_each_layer_imports_only_the_layers_below_it():
    bad = []
    for layer, allowed in ALLOWED.items():
        for source in sources_of(layer):
            for line, name in imported_modules(source):
                other = layer_of(name)
                if other is not None and other != layer and other not in allowed:
                    bad.append(f"{source.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert bad == []


#: Libraries besides the standard library each layer may use.
LIBRARIES = {"engine": set(), "ai": set(), "tutorial": set(), "words": set(),
             "net": {"websockets", "platformdirs", "redis", "prometheus_client", "openskill"}}


def test_each_layer_uses_only_the_standard_library_and_its_chosen_libraries():
    """The engine, the computer players and network play never import pygame or pytmx."""
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    bad = []
    for layer, libraries in LIBRARIES.items():
        for source in sources_of(layer):
            for line, name in imported_modules(source):
                top = name.split(".")[0]
                if top != "carcassonne" and top not in stdlib and top not in libraries:
                    bad.append(f"{source.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert bad == []


#: The command line's modules (``carcassonne/*.py``): everything but the app, which only
#: ``cli.py`` opens, inside the function that starts the game window.
COMMAND_LINE = [p for p in sorted(PACKAGE.glob("*.py"))]


def test_the_command_line_never_imports_the_app_at_module_level():
    """``carcassonne replay``, ``simulate``, ``analyse``, ``server`` work without pygame: the
    command line's words live in ``carcassonne/words/``, and the app is imported only to
    open the window."""
    bad = []
    for source in COMMAND_LINE:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        top_level = {id(node) for node in tree.body}
        for line, name in imported_modules(source):
            if layer_of(name) == "app":
                node = next(n for n in ast.walk(tree) if getattr(n, "lineno", None) == line
                            and isinstance(n, (ast.Import, ast.ImportFrom)))
                if id(node) in top_level or source.name != "cli.py":
                    bad.append(f"{source.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert bad == []


#: The app's rooms, bottom to top: each may import the rooms before it (and ``files``,
#: which stands on nothing of the app); ``scenes`` and the top-level modules (the window,
#: the main loop, the scene table) use them all.
APP_ROOMS = ["files", "art", "ui", "board", "play", "network"]


def app_room_of(name: str) -> str | None:
    parts = name.split(".")
    if parts[:2] != ["carcassonne", "app"] or len(parts) < 3 or not (PACKAGE / "app" / parts[2]).is_dir():
        return None
    return parts[2]


def test_each_room_of_the_app_imports_only_the_rooms_below_it():
    bad = []
    for i, room in enumerate(APP_ROOMS):
        below = set(APP_ROOMS[:i]) | {"files"}
        for source in sorted((PACKAGE / "app" / room).rglob("*.py")):
            tree = ast.parse(source.read_text(encoding="utf-8"))
            typing_only = {inner.lineno for block in ast.walk(tree)
                           if isinstance(block, ast.If) and getattr(block.test, "id", "") == "TYPE_CHECKING"
                           for inner in ast.walk(block) if isinstance(inner, ast.ImportFrom)}
            for line, name in imported_modules(source):
                other = app_room_of(name)
                top_level_app = name.startswith("carcassonne.app.") and other is None
                if (other is not None and other != room and other not in below) or (
                        top_level_app and line not in typing_only):
                    bad.append(f"{source.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert bad == []


def test_every_module_of_the_app_lives_in_a_room():
    """No module drifts back to the flat folder: besides the rooms and the scenes, only the
    window, the main loop, the scene stack and table, starting a game, the smoke check, the test
    driver and the memory helper stand at the top of ``app/``."""
    top = {p.stem for p in (PACKAGE / "app").glob("*.py")}
    assert top == {"__init__", "app", "window", "scene_stack", "scene_table", "session", "smoke", "driver", "heap"}
    rooms = {p.name for p in (PACKAGE / "app").iterdir() if (p / "__init__.py").is_file()}
    assert rooms == set(APP_ROOMS) | {"scenes"}


def test_the_checker_sees_a_forbidden_import(tmp_path):
    """The rules above are not vacuous: an ai module importing the app and pygame is seen."""
    source = tmp_path / "carcassonne" / "ai" / "peek.py"
    source.parent.mkdir(parents=True)
    source.write_text("from ..app import assets\nimport pygame\n")
    found = [name for _, name in imported_modules(source, root=tmp_path)]
    assert "carcassonne.app" in found
    assert "pygame" in found


SCENES = PACKAGE / "app" / "scenes"


def test_no_scene_imports_another_scene():
    """Scenes reach each other by name through the app (``app.push_scene``), never by import;
    only the registry (``app/scene_table.py``) knows them all, and ``scenes/base.py`` is
    what every scene stands on."""
    bad = []
    for source in sorted(SCENES.glob("*.py")):
        if source.name == "__init__.py":
            continue
        for line, name in imported_modules(source):
            if name.startswith("carcassonne.app.scenes") and name != "carcassonne.app.scenes.base":
                bad.append(f"{source.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert bad == []


def test_every_registered_scene_is_a_scene_of_the_scenes_folder():
    from carcassonne.app.scene_table import SCENES as REGISTERED
    from carcassonne.app.scenes.base import Scene

    expected = {"title", "new_game", "play", "results", "replay", "rules", "settings", "pause", "message"}
    assert expected <= set(REGISTERED)
    for name, factory in REGISTERED.items():
        assert isinstance(factory, type) and issubclass(factory, Scene), name
        assert factory.__module__.startswith("carcassonne.app.scenes."), name


ARCHITECTURE = PACKAGE.parent / "docs" / "ARCHITECTURE.md"


def test_the_architecture_page_names_every_module():
    """``docs/ARCHITECTURE.md`` describes every package and module that exists: a module
    added without a line there fails here."""
    page = ARCHITECTURE.read_text(encoding="utf-8")
    missing = [str(source.relative_to(PACKAGE.parent)) for source in sorted(PACKAGE.rglob("*.py"))
               if source.name != "__init__.py" and f"{source.name}`" not in page
               and f"{source.stem}.py" not in page]
    packages = [str(d.relative_to(PACKAGE)) for d in sorted(PACKAGE.rglob("*")) if (d / "__init__.py").is_file()
                and f"{d.name}/" not in page]
    assert missing == [] and packages == []


#: The server's extra (``carcassonne[server]``): only ``carcassonne server`` uses it.
SERVER_ONLY = ("redis", "prometheus_client")


def test_the_game_and_its_hosted_server_never_import_the_servers_extra():
    """The desktop game (and its one-file binary, which leaves them out) never imports
    redis-py or prometheus-client: not the app, not the server it hosts, not the command line."""
    import subprocess

    code = ("import sys\n"
            "import carcassonne.app.app, carcassonne.cli, carcassonne.simulate, carcassonne.net.host\n"
            "import carcassonne.net.server, carcassonne.net.client, carcassonne.net.link, carcassonne.net.remote_play\n"
            "from carcassonne.net.server import Server\n"
            "from carcassonne.tileset import standard_tiles\n"
            "Server(standard_tiles())\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {SERVER_ONLY!r}))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                          cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    build = (PACKAGE.parent / "build_scripts" / "build.py").read_text(encoding="utf-8")
    assert all(f'"--exclude-module", "{name}"' in build for name in SERVER_ONLY)
