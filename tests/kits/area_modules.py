"""What the area games' module tests share (tests/games/kampen_om_norge/test_kampen_module.py, tests/games/norway_1940/test_norway_1940_module.py):
the module `vassal-tools build` writes from a data folder, and the images a module names and holds."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from click.testing import CliRunner

from vassal_tools.cli import main


def build_cli(data: Path, out: Path, cache: Path) -> Path:
    """Build the game of ``data`` into ``out`` with ``vassal-tools build``; the one module it wrote."""
    result = CliRunner().invoke(main, ["build", str(data), "-o", str(out), "--cache", str(cache)])
    assert result.exit_code == 0, result.output
    (module,) = out.glob("*.vmod")
    return module


def module_images(module: Path) -> tuple[set[str], set[str], str]:
    """The images the buildFile names (but VASSAL's own zoom.png), the images the archive holds, and
    the buildFile's text."""
    with zipfile.ZipFile(module) as zf:
        names = set(zf.namelist())
        build_file = zf.read("buildFile.xml").decode("utf-8")
    held = {n[len("images/"):] for n in names if n.startswith("images/")}
    named = set(re.findall(r"[\w.-]+\.png", build_file)) - {"zoom.png"}
    return named, held, build_file
