"""Maps the top-level ``resources/`` folder into the package as ``carcassonne/_resources``.

Everything else about the package is in ``pyproject.toml``. The repository keeps the
game's resources beside the code, where Tiled and the artwork scripts find them; an
installed game needs them inside the package, so the wheel carries them as package
data (:mod:`carcassonne.resources` finds either place).
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

CODE = find_namespace_packages(include=["carcassonne", "carcassonne.*"],
                               exclude=["*.__pycache__", "carcassonne._resources*"])
# Every folder of resources/ is named, so setuptools ships it as data rather than
# wondering whether it is a forgotten package.
RESOURCES = ["carcassonne._resources", *("carcassonne._resources." + name
                                         for name in find_namespace_packages(where="resources"))]



class BuildWithCatalogues(build_py):
    """Compiles each translation (``resources/locale/*/LC_MESSAGES/*.po``) to the ``.mo`` the game reads,
    so the wheel carries catalogues made from the sources it was built from."""

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        super().run()
        target = Path(self.build_lib) / "carcassonne" / "_resources" / "locale"
        for po in Path("resources", "locale").glob("*/LC_MESSAGES/*.po"):
            with open(po, "rb") as f:
                catalogue = read_po(f, locale=po.parts[-3])
            mo = target.joinpath(*po.parts[-3:]).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with open(mo, "wb") as f:
                write_mo(f, catalogue)


setup(
    cmdclass={"build_py": BuildWithCatalogues},
    packages=[*CODE, *RESOURCES],
    package_dir={"carcassonne._resources": "resources"},
    package_data={"carcassonne": ["py.typed"], "carcassonne._resources": ["**/*"]},
)
