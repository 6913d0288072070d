"""A land unit's steps (invasion-norway.txt 12.2.1), judged on records written by hand.

"A land unit that has Attack and/or Defense Factors printed on both sides of its counter has two steps.
All other land units have only one step." Exception: a breakdown artillery battery "has only one step
even though there are Defense Factors printed on both sides of the counter".

These records are not among tests/records, whose games are also written as VASSAL logs: a log shows a
unit's steps by the side of its counter (two sides, two steps; a one-step unit flipped is eliminated),
so it cannot give a unit more steps than it has. A record written by hand from an e-mail game can.
"""

from __future__ import annotations

from collections import Counter

from vassal_tools.games.play import audit


def record(entries: list) -> dict:
    return {"format": "vassal-tools/record@1", "game": "invasion-norway", "entries": [
        {"place": "ger-159-ir-1", "at": "4619"}, {"place": "nor-ir1-l", "at": "4519"},
        {"place": "nor-art-bty-1", "at": "4520"},
        {"turn": "April #6", "phase": "allied-land-combat"}, *entries, {"end": "allied-land-combat"}]}


def test_more_steps_than_the_counter_has():
    # I/159 (factors on both sides: two steps) given three, L/1 (one side: one step) two, a battery two.
    findings = audit(record([{"steps": "ger-159-ir-1", "to": 3}, {"steps": "nor-ir1-l", "to": 2},
                             {"steps": "nor-art-bty-1", "to": 2}]))
    got = Counter((f.rule, f.where, f.units, f.excess, f.case) for f in findings)
    assert got == Counter({
        ("invasion-norway.txt 12.2.1", "4619", ("ger-159-ir-1",), 1, ""): 1,
        ("invasion-norway.txt 12.2.1", "4519", ("nor-ir1-l",), 1, "one"): 1,
        ("invasion-norway.txt 12.2.1", "4520", ("nor-art-bty-1",), 1, "battery"): 1,
    }), [str(f) for f in findings]


def test_steps_lost_one_at_a_time():
    # "If a step is eliminated from a two-step unit, flip it onto its reverse (reduced-strength) side; if a
    # step is removed from a two-step unit that is already on its reverse side, it is eliminated."
    findings = audit(record([{"steps": "ger-159-ir-1", "to": 1}, {"steps": "ger-159-ir-1", "to": 0},
                             {"steps": "nor-ir1-l", "to": 0}, {"steps": "nor-art-bty-1", "to": 0}]))
    assert not findings, [str(f) for f in findings]
