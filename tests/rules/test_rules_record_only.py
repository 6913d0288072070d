"""Rule breaks a record can show but a log of the module cannot (a counter has only the sides it
prints), so they are not among tests/records (each of which is also replayed as a log)."""

from __future__ import annotations

import json

from vassal_tools.games.play import audit


def test_an_air_unit_given_more_points_than_its_counter_prints_breaks_4_2_3(tmp_path):
    # 4.2.3: "Air Replacements may only be used to rebuild eliminated air points; they cannot be used
    # to bring new air points into play." A full two-point Ju-88 raised to three: one new point.
    record = {"format": "vassal-tools/record@1", "game": "invasion-norway", "entries": [
        {"place": "ger-ju88a-1", "at": "Germany"},
        {"turn": "April #5", "phase": "reinforcement"},
        {"steps": "ger-ju88a-1", "to": 3},
        {"end": "reinforcement"}]}
    path = tmp_path / "new-point.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    found = [(f.rule, f.where, f.excess, tuple(f.units)) for f in audit(path)]
    assert found == [("invasion-norway.txt 4.2.3", "Germany", 1, ("ger-ju88a-1",))]
    # Flipped back to its printed two points, it is no finding.
    record["entries"][2] = {"steps": "ger-ju88a-1", "to": 2}
    path.write_text(json.dumps(record), encoding="utf-8")
    assert audit(path) == []
