"""Norway 1940 against records written from the sheet and records-four-games.md alone (acceptance style).

Each record in tests/data/norway_1940_acceptance carries the findings the sheet calls for, worked out
by hand from norway-1940-scenario.txt before the pack was read: the rule it cites and the entry it
rests on. The audit must give exactly those, no more and no fewer.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import DATA
from vassal_tools.cli import main
from vassal_tools.games.play import audit

RECORDS = sorted((DATA / "norway_1940_acceptance").glob("*.json"))


def test_there_are_records_that_break_rules_and_records_that_keep_them():
    expects = [json.loads(p.read_text(encoding="utf-8"))["expect"] for p in RECORDS]
    assert len(RECORDS) >= 12
    assert any(not e for e in expects) and sum(bool(e) for e in expects) >= 10


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_audit_gives_the_findings_the_sheet_calls_for(path):
    expected = sorted((e["rule"], e["entry"]) for e in json.loads(path.read_text(encoding="utf-8"))["expect"])
    found = sorted((f.rule, f.entry) for f in audit(path))
    assert found == expected


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_command_line_reads_each_record(path):
    result = CliRunner().invoke(main, ["audit", str(path)])
    clean = not json.loads(path.read_text(encoding="utf-8"))["expect"]
    assert result.exit_code == (0 if clean else 1), result.output
