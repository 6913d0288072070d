"""The game data and the art templates ship inside the package, so that a plain (not editable)
``pip install .`` runs ``demo``, ``build`` and ``audit`` from any folder.

What setuptools puts in the wheel is what ``[tool.setuptools.package-data]`` in pyproject.toml
matches inside the package; these tests check every file the code reads is matched.
(The install itself was checked by hand: ``pip install .`` into a fresh venv, then
``vassal-tools demo`` from another folder gives the same reports byte for byte.)
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import vassal_tools
from vassal_tools.art.templates import TEMPLATES_DIR
from vassal_tools.games import pack_for

PACKAGE = Path(vassal_tools.__file__).resolve().parent
ROOT = PACKAGE.parent
PATTERNS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]["*"]


def shipped(path: Path) -> bool:
    return any(fnmatch.fnmatch(path.name, pattern) for pattern in PATTERNS)


def test_the_game_data_is_inside_the_package_and_shipped():
    folder = pack_for("invasion-norway").data_folder.resolve()
    assert folder.is_relative_to(PACKAGE)
    read = [folder / "game.toml", *folder.glob("*.csv"), folder / "operational_grid.json",
            *(folder / "scenarios").glob("*.toml")]
    assert len(read) > 5 and all(path.is_file() and shipped(path) for path in read)


def test_the_templates_are_inside_the_package_and_shipped():
    assert TEMPLATES_DIR.resolve().is_relative_to(PACKAGE)
    templates = sorted(TEMPLATES_DIR.glob("*.toml"))
    assert {p.stem for p in templates} >= {"land", "naval", "air", "supply", "marker", "colours", "maps"}
    assert all(shipped(p) for p in templates)


def test_the_maintainer_paths_lead_to_the_shipped_folders():
    assert (ROOT / "module_src" / "invasion_norway").resolve() == pack_for("invasion-norway").data_folder.resolve()
    assert (ROOT / "templates").resolve() == TEMPLATES_DIR.resolve()
