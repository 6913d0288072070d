"""Every record fixture, written as a log of the built module, gives the findings the record gives.

Each fixture of tests/records (a game that breaks or keeps a rule) is written as
the VASSAL log PBEM players of the built Invasion: Norway module would write
(test_replay_norway_kit: counters moved, markers placed, declarations typed in
chat, dice rolled). The log is recorded and audited; the findings must be the
record's own: same rule, place, units and amount. The fixture's ``expect`` is
checked against the record by test_rules_records; here the log must agree.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from conftest import RECORDS
from kits.norway_log import RecordAsLog
from vassal_tools.games.play import audit, record_log

FIXTURES = sorted(RECORDS.glob("*.json"))

#: Fixtures a log cannot express even with the conventions, and why. (None.)
NOT_IN_A_LOG: dict[str, str] = {}


def findings(found) -> Counter:
    return Counter((f.rule, f.where, tuple(sorted(f.units)), f.excess) for f in found)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_the_log_of_a_record_gives_its_findings(path: Path, norway, tmp_path):
    if path.stem in NOT_IN_A_LOG:
        pytest.skip(NOT_IN_A_LOG[path.stem])
    data = json.loads(path.read_text(encoding="utf-8"))
    written = RecordAsLog(norway, data).write(tmp_path / f"{path.stem}.vlog")
    recorded = record_log(written.path, norway.opened, written.mapping)
    assert recorded.warnings == []
    from_log = audit(recorded.record)
    from_record = audit(path)
    shown = "\n".join(map(str, from_log)) or "no findings"
    assert findings(from_log) == findings(from_record), shown


def test_no_fixture_is_left_out():
    # Every family of checks is expressed as a log: nothing is skipped.
    assert not NOT_IN_A_LOG
