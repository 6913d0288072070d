"""Invasion: Norway's coverage.toml: every numbered rule of the rulebook is judged by a listed
check or has a status saying why not (not-yet included: the file lists what is left), and a judged
rule says at most that it rests on sample values."""

from __future__ import annotations

import tomllib

from vassal_tools.games import pack_for

STATUSES = {"not-judgeable", "sample-values", "needs-values", "not-yet"}


def test_every_rule_is_judged_or_says_why_not():
    pack = pack_for("invasion-norway")
    assert pack.rules_index is not None
    rules = set(pack.rules_index.titles)
    judged = {rule for check in pack.checks for rule in check.rules}
    listed = tomllib.loads((pack.package_folder / "coverage.toml").read_text(encoding="utf-8"))["rules"]
    assert judged <= rules, judged - rules
    with_status = sorted(r for r in judged & set(listed) if listed[r].get("status", "sample-values") != "sample-values")
    assert not with_status, f"judged rules with a status: {with_status}"
    assert set(listed) <= rules, set(listed) - rules
    assert rules - judged - set(listed) == set(), "rules with no status"
    for number, entry in listed.items():
        if number in judged:
            continue
        assert entry["status"] in STATUSES and entry.get("why"), number
