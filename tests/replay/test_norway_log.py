"""The kit of tests/kits/norway_log.py: a record written as a log of the built module reads back."""

from __future__ import annotations

from kits.norway_log import RecordAsLog


def test_a_record_becomes_a_log_of_the_built_module(norway, tmp_path):
    """The kit itself: a move, a Control marker and a declaration come back as the record said."""
    from vassal_tools.games.play import record_log

    record = {"format": "vassal-tools/record@1", "game": "invasion-norway", "entries": [
        {"turn": "April #5", "phase": "german-land-movement"},
        {"place": "ger-159-ir-1", "at": "4720"},
        {"move": "ger-159-ir-1", "to": "4820"},
        {"control": "4332", "side": "german"},
        {"end": "german-land-movement"},
        {"turn": "April #5", "phase": "german-land-combat"},
        {"attack": {"hex": "4619", "attackers": ["ger-159-ir-1"], "supply": []}},
    ]}
    written = RecordAsLog(norway, record).write(tmp_path / "kit.vlog")
    got = record_log(written.path, norway.opened, written.mapping)
    bodies = [{k: v for k, v in e.items() if k not in ("step", "said")} for e in got.data["entries"]]
    assert bodies[2:] == [
        {"place": "ger-159-ir-1", "at": "4720"}, {"move": "ger-159-ir-1", "to": "4820"},
        {"control": "4332", "side": "german"}, {"turn": "April #5", "phase": "german-land-combat"},
        {"attack": {"hex": "4619", "attackers": ["ger-159-ir-1"], "supply": []}},
    ]
    assert written.declarations == ["attack 4619 with I/159 supply none"]
    assert got.warnings == []
