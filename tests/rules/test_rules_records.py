"""Every record in tests/records breaks or keeps a rule, and says which findings it expects.

Each fixture carries ``about`` (the rule and the arithmetic, written from the
rulebook) and ``expect``: the findings, by rule, where, and by how much
(``excess``), and optionally which units. The audit must report exactly those:
no false alarm on a legal game, no missed violation.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from conftest import RECORDS
from vassal_tools.errors import BadInput
from vassal_tools.games import pack_for
from vassal_tools.games.play import audit

FIXTURES = sorted(RECORDS.glob("*.json"))


@pytest.fixture(scope="module")
def game_data():
    try:
        return pack_for("invasion-norway").game
    except BadInput as err:
        pytest.skip(f"the Invasion: Norway game data is not readable: {err}")


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_record_findings(path: Path, game_data):
    expected = json.loads(path.read_text(encoding="utf-8"))["expect"]
    findings = audit(path)
    found = [f.to_dict() for f in findings]
    shown = "\n".join(map(str, findings)) or "no findings"
    key = lambda f: (f["rule"], f.get("where"), f.get("excess"))  # noqa: E731
    assert Counter(map(key, found)) == Counter(map(key, expected)), shown
    for want in expected:
        if "units" in want:
            assert any(key(f) == key(want) and sorted(f.get("units", ())) == sorted(want["units"])
                       for f in found), f"{want} not found among:\n{shown}"


def test_every_family_breaks_and_keeps():
    """Each family of fixtures (the name before the first '-') has a breaking and a keeping record."""
    kinds = Counter((p.stem.split("-")[0], "-break" in p.stem) for p in FIXTURES)
    for family in {f for f, _ in kinds} - {"game"}:
        assert kinds[family, True] and kinds[family, False], family
