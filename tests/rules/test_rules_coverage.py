"""Invasion: Norway's coverage.toml: every numbered rule of the rulebook is judged by a listed
check or has a status saying why not, and a judged rule has no status of its own (a `note` at most)."""

from __future__ import annotations

import tomllib

from vassal_tools.games import pack_for
from vassal_tools.games.invasion_norway import rules_index

STATUSES = {"not-judgeable", "sample-values", "needs-values", "not-yet"}
COVERAGE = rules_index.resources.files("vassal_tools.games.invasion_norway").joinpath("coverage.toml")


def test_every_rule_is_judged_or_says_why_not():
    rules = set(rules_index.load_index()["titles"])
    judged = {rule for check in pack_for("invasion-norway").checks for rule in check.rules}
    listed = tomllib.loads(COVERAGE.read_text(encoding="utf-8"))["rules"]
    assert judged <= rules, judged - rules
    with_status = sorted(r for r in judged & set(listed) if set(listed[r]) != {"note"})
    assert not with_status, f"judged rules with a status: {with_status}"
    assert set(listed) <= rules, set(listed) - rules
    assert rules - judged - set(listed) == set(), "rules with no status"
    for number, entry in listed.items():
        if number in judged:
            continue
        assert entry["status"] in STATUSES and entry.get("why"), number
