"""Europa Narvik's rules judged from the sheet's water are judged on real water (issue 22: "Hexes know their
water from real geography"): the hexes here are picked from the geodata, the hex of a real position through
the grid geo.toml lays down, never read from hexes.csv.

18: "Naval units are placed during the movement phase of their turn of appearance in any full or partial sea
hex of the North Sea". The open North Sea west of Bergen (60.4 N 4.0 E) is a full sea hex, Bergen (GeoNames
60.393 N 5.324 E) a partial sea hex (17: a port), Dombås (GeoNames 62.075 N 9.124 E, the Rauma line's
junction in the Gudbrandsdal, 60 km from the nearest fjord) no sea hex at all.
"""

from __future__ import annotations

from vassal_tools.gamedata import load_game
from vassal_tools.gamedata.geography import fit_game
from vassal_tools.games.europa_narvik import DATA_DIR
from vassal_tools.games.play import audit
from vassal_tools.record.builder import RecordBuilder

GAME = load_game(DATA_DIR)
_, FIT = fit_game(DATA_DIR, GAME.grid, GAME.places)  # type: ignore[misc]


def placed(at: str) -> list[tuple[str, str | None]]:
    """A British CLA placed at ``at`` in the Allied movement phase of Turn 3."""
    builder = RecordBuilder("europa-narvik").phase("allied-movement", turn="Turn 3").place("brit-cla-1", at)
    return [(f.rule, f.where) for f in audit(builder.to_dict())]


def test_naval_units_are_placed_on_real_sea():
    open_sea, bergen, dombas = FIT.hex_at(60.4, 4.0), FIT.hex_at(60.39299, 5.32415), FIT.hex_at(62.07536, 9.12362)
    assert None not in (open_sea, bergen, dombas) and len({open_sea, bergen, dombas}) == 3
    assert placed(open_sea) == []   # full sea
    assert placed(bergen) == []     # partial sea: Bergen's harbour
    assert placed(dombas) == [("europa-narvik.txt 18", dombas)]  # inland


def test_a_finding_judged_from_the_water_does_not_call_it_a_sample():
    # The sheet's water is GSHHG's (approximate at 16 miles a hex), no longer a sample: the finding says so.
    [finding] = audit(RecordBuilder("europa-narvik").phase("allied-movement", turn="Turn 3")
                      .place("brit-cla-1", FIT.hex_at(62.07536, 9.12362)).to_dict())
    assert finding.samples and all(s.startswith("approximate") and "GSHHG" in s for s in finding.samples)
