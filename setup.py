"""Maps the top-level ``resources/`` folder into the package as ``carcassonne/_resources``.

Everything else about the package is in ``pyproject.toml``. The repository keeps the
game's resources beside the code, where Tiled and the artwork scripts find them; an
installed game needs them inside the package, so the wheel carries them as package
data (:mod:`carcassonne.resources` finds either place).
"""

from setuptools import find_namespace_packages, setup

CODE = find_namespace_packages(include=["carcassonne", "carcassonne.*"],
                               exclude=["*.__pycache__", "carcassonne._resources*"])
# Every folder of resources/ is named, so setuptools ships it as data rather than
# wondering whether it is a forgotten package.
RESOURCES = ["carcassonne._resources", *("carcassonne._resources." + name
                                         for name in find_namespace_packages(where="resources"))]

setup(
    packages=[*CODE, *RESOURCES],
    package_dir={"carcassonne._resources": "resources"},
    package_data={"carcassonne": ["py.typed"], "carcassonne._resources": ["**/*"]},
)
