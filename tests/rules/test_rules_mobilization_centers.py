"""Norwegian mobilization and German captures at mobilization centers (invasion-norway.txt 14.2.2,
14.2.3, 15.1.1, 15.2), judged on records written from the rules.

The mobilization centers' hexes are sample values of the game data (places.csv) and may move as the
data improves: these records look them up there, and the hex next to a center that a German unit
steps in from, instead of writing them down.
"""

from __future__ import annotations

from collections import Counter

from vassal_tools.games.play import audit

INVASION = "April #4"  # invasion-norway.txt 1.1: the Invasion Turn


def center(norway_pack, code: str) -> str:
    """The hex (or Strategic Map space) of the mobilization center coded ``code`` (14.1.1)."""
    found = [p.hex or p.zone for p in norway_pack.game.data.places
             if p.kind == "mobilization_center" and p.extra.get("code") == code]
    assert len(found) == 1, code
    return found[0]


def beside(norway_pack, hex_: str, avoid: tuple[str, ...] = ()) -> str:
    """A land hex next to ``hex_`` that a Leg unit enters for at most 3 MPs (either way), and that is no center."""
    t = norway_pack.terrain
    centers = norway_pack.game.mobilization_centers
    for other in sorted(t.neighbours[hex_]):
        if (other in t.land and other not in centers and other not in avoid
                and t.step_cost("leg", other, hex_, frozenset()) <= 3 and t.step_cost("leg", hex_, other, frozenset()) <= 3):
            return other
    raise AssertionError(f"no land hex beside {hex_}")


def record(entries: list, units: dict | None = None) -> dict:
    return {"format": "vassal-tools/record@1", "game": "invasion-norway", "units": units or {},
            "entries": [{"turn": "April #2", "phase": "weather"}, {"end": "weather"}, *entries]}


def found(rec: dict) -> Counter:
    return Counter((f.rule.split()[-1], f.where, f.excess) for f in audit(rec))


def capture(norway_pack, unit: str, code: str, turn: str) -> list:
    """A German land unit steps into the center coded ``code`` in the German Land Movement Phase of ``turn``."""
    hex_ = center(norway_pack, code)
    return [{"turn": turn, "phase": "german-land-movement"}, {"place": unit, "at": beside(norway_pack, hex_)},
            {"move": unit, "to": hex_}]


# -- 14.2.2: "All Norwegian dragoon (bicycle) and mountain artillery battalions that are not on the map at
# the start of play mobilize during the Norwegian Mobilization Phase of the Invasion Turn (assuming, of
# course, that their mobilization centers have not been captured)."

def test_dragoons_and_mountain_artillery_break(norway_pack):
    d1, d2, m1 = center(norway_pack, "D1"), center(norway_pack, "D2"), center(norway_pack, "M1")
    elsewhere = beside(norway_pack, m1)
    rec = record([
        *capture(norway_pack, "ger-159-ir-1", "D1", INVASION),
        {"end": "german-land-movement"},
        {"turn": INVASION, "phase": "norwegian-mobilization"},
        {"place": "nor-d1", "at": d1},        # its center was captured
        {"place": "nor-m1", "at": elsewhere},  # not at its center
        {"end": "norwegian-mobilization"},
        {"turn": "April #5", "phase": "norwegian-mobilization"},
        {"place": "nor-d2", "at": d2},        # not on the Invasion Turn
        {"end": "norwegian-mobilization"},
    ])
    got = found(rec)
    assert got[("14.2.2", d1, None)] == 1
    assert got[("14.2.2", elsewhere, None)] == 1
    assert got[("14.2.2", d2, None)] == 1
    assert sum(n for (rule, _, _), n in got.items() if rule == "14.2.2") == 3


def test_dragoons_and_mountain_artillery_keep(norway_pack):
    rec = record([
        {"turn": INVASION, "phase": "norwegian-mobilization"},
        {"place": "nor-d1", "at": center(norway_pack, "D1")},
        {"place": "nor-d2", "at": center(norway_pack, "D2")},
        {"place": "nor-m1", "at": center(norway_pack, "M1")},
        {"end": "norwegian-mobilization"},
    ])
    assert not audit(rec), [str(f) for f in audit(rec)]


# -- 14.2.3: "the Alta enters play on the Strategic Map, and the other is placed in any hex within four Leg
# Movement Points of Haugesund. Both of these units mobilize on the Invasion Turn."

def test_alta_and_haugesund_break(norway_pack):
    alta, haugesund = center(norway_pack, "Alta"), center(norway_pack, "Haugesund")
    far = "4720"  # Oslo: across Norway from Haugesund, on the south-west coast
    assert norway_pack.game.hexes[haugesund].zone != norway_pack.game.hexes[far].zone
    rec = record([
        {"turn": INVASION, "phase": "norwegian-mobilization"},
        {"place": "nor-haugesund", "at": far},
        {"end": "norwegian-mobilization"},
        {"turn": "April #5", "phase": "norwegian-mobilization"},
        {"place": "nor-alta", "at": alta},
        {"end": "norwegian-mobilization"},
    ])
    got = found(rec)
    assert got[("14.2.3", far, None)] == 1
    assert got[("14.2.3", alta, None)] == 1
    assert sum(n for (rule, _, _), n in got.items() if rule == "14.2.3") == 2


def test_alta_and_haugesund_keep(norway_pack):
    haugesund = center(norway_pack, "Haugesund")
    rec = record([
        {"turn": INVASION, "phase": "norwegian-mobilization"},
        {"place": "nor-alta", "at": center(norway_pack, "Alta")},
        {"place": "nor-haugesund", "at": beside(norway_pack, haugesund)},
        {"end": "norwegian-mobilization"},
    ])
    assert not audit(rec), [str(f) for f in audit(rec)]


# -- 15.1.1: "If the German player captures the mobilization center of a Norwegian infantry regiment on
# the Invasion Turn (only), he immediately places two Supply Points in the hex."

SP3 = {"class": "supply", "type": "SP", "side": "german", "points": 3}
SP2 = {"class": "supply", "type": "SP", "side": "german", "points": 2}


def test_supply_at_captured_centers_break(norway_pack):
    c3, c4 = center(norway_pack, "3"), center(norway_pack, "4")
    rec = record([
        *capture(norway_pack, "ger-159-ir-1", "3", INVASION),
        {"place": "SP-A", "at": c3},  # three SPs: one more than the rule places
        {"end": "german-land-movement"},
        *capture(norway_pack, "ger-159-ir-2", "4", "April #5"),
        {"place": "SP-B", "at": c4},  # not the Invasion Turn
        {"end": "german-land-movement"},
    ], units={"SP-A": SP3, "SP-B": SP2})
    got = found(rec)
    assert got[("15.1.1", c3, 1)] == 1
    assert got[("15.1.1", c4, 2)] == 1
    assert sum(n for (rule, _, _), n in got.items() if rule == "15.1.1") == 2


def test_supply_at_captured_centers_keep(norway_pack):
    c3 = center(norway_pack, "3")
    rec = record([
        *capture(norway_pack, "ger-159-ir-1", "3", INVASION),
        {"place": "SP-A", "at": c3},
        {"end": "german-land-movement"},
    ], units={"SP-A": SP2})
    assert not [f for f in audit(rec) if f.rule.endswith("15.1.1")], [str(f) for f in audit(rec)]
    assert not audit(rec), [str(f) for f in audit(rec)]


# -- 15.2: "If any of a Norwegian artillery regiment's three artillery battalions remain on the Norwegian
# Mobilization Display when the Germans capture its mobilization center, immediately place a German
# "captured" artillery battalion in the hex. These units cannot move in the same Movement Phase that they
# enter on the Operational Map". Note: "Only one captured artillery battalion may be placed per captured
# artillery regiment mobilization center."

def test_captured_artillery_break(norway_pack):
    a1, a3 = center(norway_pack, "A1"), center(norway_pack, "A3")
    dombaas = "3622"
    rec = record([
        {"place": "nor-ar3-1", "at": dombaas}, {"place": "nor-ar3-2", "at": dombaas},
        {"place": "nor-ar3-3", "at": dombaas},  # all three battalions of the 3rd Artillery Regiment are in play
        *capture(norway_pack, "ger-159-ir-1", "A1", "April #5"),
        {"place": "ger-captured-art-1", "at": a1},
        {"place": "ger-captured-art-2", "at": a1},  # a second at one center
        {"move": "ger-captured-art-1", "to": beside(norway_pack, a1, avoid=(beside(norway_pack, a1),))},  # moves as it enters
        {"end": "german-land-movement"},
        *capture(norway_pack, "ger-159-ir-2", "A3", "April #6"),
        {"place": "ger-captured-art-3", "at": a3},  # no battalion of the regiment left on the display
        {"end": "german-land-movement"},
    ])
    got = found(rec)
    assert got[("15.2", a1, 1)] == 1
    assert got[("15.2", a3, None)] == 1
    moved = [k for k in got if k[0] == "15.2" and k[1] not in (a1, a3)]
    assert len(moved) == 1
    assert sum(n for (rule, _, _), n in got.items() if rule == "15.2") == 3


def test_captured_artillery_keep(norway_pack):
    a1 = center(norway_pack, "A1")
    rec = record([
        {"place": "nor-ar1-1", "at": "3622"},  # one battalion mobilized, two left on the display
        *capture(norway_pack, "ger-159-ir-1", "A1", "April #5"),
        {"place": "ger-captured-art-1", "at": a1},
        {"end": "german-land-movement"},
        {"turn": "April #5", "phase": "german-land-combat"},
        {"end": "german-land-combat"},
        {"turn": "April #6", "phase": "german-land-movement"},
        {"move": "ger-captured-art-1", "to": beside(norway_pack, a1)},
        {"end": "german-land-movement"},
    ])
    assert not audit(rec), [str(f) for f in audit(rec)]
