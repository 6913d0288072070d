"""The rules index shipped with Invasion: Norway: every rule a finding cites is in the
rulebook, its title is the rulebook's, and the sentence it quotes is the rulebook's own.

The index (games/invasion_norway/rules_index.json) is built by
scripts/build_rules_index.py from ../shared/rules/invasion-norway.txt; these tests
read the rulebook themselves.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from conftest import RECORDS, RULES
from vassal_tools.games.invasion_norway import rules_index
from vassal_tools.games.play import audit

GAME = Path(rules_index.__file__).parent


@pytest.fixture(scope="module")
def rulebook() -> str:
    path = RULES / "invasion-norway.txt"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path.read_text(encoding="utf-8")


def cited_rules() -> set[str]:
    """Every rule number pack.toml names for a check (``rule`` and ``*_rule`` keys)."""
    pack = tomllib.loads((GAME / "pack.toml").read_text(encoding="utf-8"))
    out: set[str] = set()

    def walk(table):
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value)
            elif isinstance(value, str) and (key == "rule" or key.endswith("_rule")):
                out.add(value)
    walk(pack)
    return out


def shipped() -> dict:
    return json.loads((GAME / rules_index.INDEX_FILE).read_text(encoding="utf-8"))


def flat(text: str) -> str:
    """The rulebook as read: emphasis marks dropped, whitespace collapsed."""
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


def test_every_cited_rule_is_indexed_with_a_quote_and_a_remedy():
    index = shipped()
    for number in sorted(cited_rules()):
        assert number in index["titles"], number
        if number != "11.1.2":  # 11.1.2 is quoted through 11.1.1's remedy
            assert index["cited"].get(number, {}).get("quote"), number
            assert index["cited"][number]["remedy"], number


def test_every_cited_rule_heads_the_rulebook_with_its_title(rulebook):
    # A rule starts a line: "**11.1.1 Stacking Limits.**", "## 1.6 Control", "### 8.1.1 Naval ...".
    index = shipped()
    for number in cited_rules():
        title = index["titles"][number]
        pattern = rf"^(\*\*|#+ ){re.escape(number)} {re.escape(title)}"
        assert re.search(pattern, rulebook, re.MULTILINE), (number, title)


def rule_blocks(rulebook: str, number: str) -> list[str]:
    """The text from each line that starts rule ``number`` to the next line that starts a rule."""
    lines = rulebook.splitlines()
    starts = re.compile(r"^(\*\*|#+ )\d+\.\d+")
    blocks = []
    for i, line in enumerate(lines):
        if re.match(rf"^(\*\*|#+ ){re.escape(number)} ", line):
            j = i + 1
            while j < len(lines) and not starts.match(lines[j]):
                j += 1
            blocks.append(flat("\n".join(lines[i:j])))
    return blocks


def test_every_quote_is_verbatim_from_its_rule(rulebook):
    for number, cited in shipped()["cited"].items():
        quote = cited["quote"]
        assert any(quote in block for block in rule_blocks(rulebook, number)), (number, quote)


def test_hand_read_titles_and_quotes():
    index = shipped()
    assert index["titles"]["11.1.1"] == "Stacking Limits"
    assert index["titles"]["13.3.2"] == "Line of Supply Length"
    assert index["titles"]["1.6"] == "Control"
    assert index["cited"]["7.5.2"]["quote"] == (
        "Wellington, Whitley, and Hampden air units may bomb airbases and ports (only) at night.")


def test_the_shipped_index_is_the_one_the_rulebook_builds(rulebook):
    pack = tomllib.loads((GAME / "pack.toml").read_text(encoding="utf-8"))
    said = rules_index.explanations(pack, (GAME / rules_index.EXPLAIN_FILE).read_text(encoding="utf-8"))
    assert rules_index.build_index(rulebook, said, pack["rulebook"]) == shipped()


def test_a_phrase_the_rule_does_not_hold_is_refused(rulebook):
    with pytest.raises(ValueError, match="11.1.1"):
        rules_index.build_index(rulebook, {"11.1.1": {"says": "six infantry battalions"}}, "invasion-norway.txt")


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*-break-*.json")), ids=lambda p: p.stem)
def test_every_finding_quotes_its_rule_and_says_what_to_do(path):
    for finding in audit(path):
        assert finding.title and finding.quote and finding.remedy, finding
        assert finding.phase_name or finding.phase is None, finding
        assert len(finding.unit_names) == len(finding.units)
