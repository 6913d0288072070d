"""Europa Narvik: records written from the rulebook and records-four-games.md alone (tests/records/europa_narvik).

Each record carries ``expected``: the findings the rule text calls for, as ``[citation, where]``
(``where`` null when the text leaves the place open). The findings were written down before the
pack was run against them; a record whose ``expected`` is empty keeps every rule.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner

from conftest import RECORDS
from vassal_tools.cli import main
from vassal_tools.games.europa_narvik.checks import CHECKS
from vassal_tools.games.play import audit

RECORDS = RECORDS / "europa_narvik"
NAMES = sorted(path.stem for path in RECORDS.glob("*.json"))


def test_there_are_records_that_break_and_records_that_keep():
    assert len(NAMES) >= 12
    assert any("-keep-" in name for name in NAMES) and any("-break-" in name for name in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_record_gives_the_findings_the_rules_call_for(name: str):
    record = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    expected = [(rule, where) for rule, where in record["expected"]]
    findings = audit(record)
    got = [(f.rule, f.where) for f in findings]
    # a `where` left open in the expectation matches any place
    open_rules = Counter(rule for rule, where in expected if where is None)
    placed = Counter((rule, where) for rule, where in expected if where is not None)
    rest = Counter(got) - placed
    assert Counter(got) & placed == placed, got
    assert Counter(rule for rule, _ in rest.elements()) == open_rules, got


def test_the_cli_reads_the_record_files_and_exits_by_their_findings():
    runner = CliRunner()
    kept = runner.invoke(main, ["audit", str(RECORDS / "stacking-keep-free-units.json")])
    families = f" {len(CHECKS)} rules families"
    assert kept.exit_code == 0 and "clean:" in kept.output and families in kept.output, kept.output
    broken = runner.invoke(main, ["audit", str(RECORDS / "stacking-break-marines-outside-port.json")])
    assert broken.exit_code == 1 and "europa-narvik.txt 8B at Elvegaardsmoen" in broken.output, broken.output
