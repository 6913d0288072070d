"""The toolkit's own modules pass its own lint: each of the five games, built from its data."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from vassal_tools.cli import main

GAMES = ROOT / "module_src"


@pytest.mark.parametrize("game", ["invasion_norway", "narvik_1940", "europa_narvik", "kampen_om_norge",
                                  "norway_1940"])
def test_a_built_module_passes_lint(game, tmp_path):
    built = CliRunner().invoke(main, ["build", str(GAMES / game), "-o", str(tmp_path / "dist"),
                                      "--cache", str(tmp_path / "cache")])
    assert built.exit_code == 0, built.output
    (module,) = (tmp_path / "dist").glob("*.vmod")
    result = CliRunner().invoke(main, ["lint", str(module), "--json"])
    findings = json.loads(result.output)
    assert [f for f in findings if f["severity"] != "info"] == [] and result.exit_code == 0
