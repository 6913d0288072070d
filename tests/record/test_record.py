"""The record format: what loads, what is refused (one BadInput naming file, entry and field), round trips."""

from __future__ import annotations

import json

import pytest

from vassal_tools.errors import BadInput
from vassal_tools.games import pack_for
from vassal_tools.games.invasion_norway import PHASES, turn_order
from vassal_tools.record import FORMAT, Attack, Move, PhaseStart, Roll, load_record, write_record


@pytest.fixture(scope="module")
def game():
    try:
        return pack_for("invasion-norway").game
    except BadInput as err:
        pytest.skip(f"the Invasion: Norway game data is not readable: {err}")


def record(entries, units=None, **top):
    out = {"format": FORMAT, "game": "invasion-norway", "entries": entries, **top}
    if units is not None:
        out["units"] = units
    return out


GOOD = record(
    [
        {"place": "I/159", "at": "4331"},
        {"turn": "April #5", "phase": "german-land-movement", "step": 10},
        {"move": "I/159", "to": 4332, "step": 11, "why": "kept"},
        {"move": "ger-159-ir-2", "to": "norwegian leads", "stack": "A"},
        {"phase": "german-land-combat"},
        {"attack": {"hex": "4332", "attackers": ["I/159"], "supply": ["SP-A"], "odds": "3:1"}},
        {"roll": {"side": "german", "for": "Naval Detection", "zone": "zone-scotland", "target": ["I/159"],
                  "result": 4}},
        {"end": "german-land-combat"},
    ],
    units={"I/159": {"ref": "ger-159-ir-1", "note": "first"},
           "SP-A": {"class": "supply", "type": "SP", "nationality": "german", "points": 3}},
    title="a test game",
)


def test_loads_and_resolves(game):
    rec = load_record(GOOD, pack_for)
    unit = rec.units["I/159"]
    # from units.csv through the ref: a German infantry battalion with a Defense Factor
    assert (unit.side, unit.unit_class, unit.type, unit.size) == ("german", "land", "infantry", "battalion")
    assert unit.get("defense") is not None and unit.attrs["note"] == "first"
    assert rec.units["SP-A"].side == "german"  # from the nationality
    assert rec.units["ger-159-ir-2"].ref == "ger-159-ir-2"  # a data id used without a 'units' line
    kinds = [type(e).__name__ for e in rec.entries]
    assert kinds == ["Place", "PhaseStart", "Move", "Move", "PhaseStart", "Attack", "Roll", "End"]
    assert rec.entries[4].turn == "April #5"  # the turn carries over
    move = rec.entries[2]
    assert isinstance(move, Move) and move.to == "4332" and move.step == 11 and move.extra == {"why": "kept"}
    assert rec.entries[3].to == "Norwegian Leads"
    roll = rec.entries[6]
    assert isinstance(roll, Roll) and roll.purpose == "naval-detection" and roll.zone == "Scotland"
    assert isinstance(rec.entries[5], Attack) and rec.entries[5].inner == {"odds": "3:1"}
    assert rec.extra == {"title": "a test game"}


def test_locations(game):
    assert game.location("airbase:fornebu") == "airbase:Fornebu"
    assert game.location("airbase:0203") == "airbase:Bardufoss"
    assert game.location("airbase:3522") == "airbase:3522"
    assert game.location("carrier:brit-cv-ark-royal") == "carrier:Ark Royal"
    assert game.location("air-supply-fornebu") == "air-supply-fornebu"
    assert game.location("9999") is None and game.location("Atlantis") is None


def test_round_trip(game, tmp_path):
    rec = load_record(GOOD, pack_for)
    again = load_record(json.loads(rec.to_json()), pack_for)
    assert again.to_dict() == rec.to_dict()
    assert again.to_dict()["entries"][2]["why"] == "kept"
    path = write_record(rec, tmp_path / "game.json")
    assert load_record(path, pack_for).to_dict() == rec.to_dict()


def test_turn_order():
    assert turn_order("April #10") > turn_order("April #9") and turn_order("May #1") > turn_order("April #10")
    assert len(PHASES) == 19 and PHASES[0] == "weather" and PHASES[-1] == "repair"


def _entries(*extra):
    return [{"turn": "April #5", "phase": "german-land-movement"}, *extra]


BAD = [
    ("format", record([]) | {"format": "vassal-tools/record@2"}, "", "format"),
    ("game", record([]) | {"game": "chess"}, "", "unknown game"),
    ("phase", record([{"turn": "April #5", "phase": "lunch"}]), "entry 0", "unknown phase"),
    ("turn", record([{"turn": "Spring", "phase": "weather"}]), "entry 0", "turn"),
    ("first turn", record([{"phase": "weather"}]), "entry 0", "turn"),
    ("unit", record(_entries({"move": "nobody", "to": "4332"})), "entry 1", "unknown unit"),
    ("loc", record(_entries({"move": "ger-159-ir-1", "to": "9999", "step": 77})), "entry 1 (step 77)", "'to'"),
    ("loc zone", record(_entries({"place": "ger-159-ir-1", "at": "Atlantis"})), "entry 1", "'at'"),
    ("result", record(_entries({"roll": {"side": "german", "for": "naval-detection", "result": "six"}})),
     "entry 1", "result"),
    ("steps", record(_entries({"steps": "ger-159-ir-1", "to": -1})), "entry 1", "'to'"),
    ("weather", record(_entries({"weather": {"north": "sunny"}})), "entry 1", "weather.north"),
    ("end", record(_entries({"end": "repair"})), "entry 1", "current phase"),
    ("two kinds", record(_entries({"move": "ger-159-ir-1", "remove": "ger-159-ir-1", "to": "4332"})),
     "entry 1", "more than one"),
    ("no kind", record(_entries({"hello": 1})), "entry 1", "none of"),
    ("side", record(_entries({"control": "4332", "side": "swedish"})), "entry 1", "side"),
    ("attackers", record(_entries({"attack": {"hex": "4332", "attackers": []}})), "entry 1", "attackers"),
    ("inline class", record([], units={"x": {"side": "german", "type": "SP"}}), "units['x']", "class"),
    ("ref", record([], units={"x": {"ref": "ger-nobody"}}), "units['x']", "unknown unit"),
]


@pytest.mark.parametrize("name,data,where,what", BAD, ids=[b[0] for b in BAD])
def test_refused_with_one_located_message(game, tmp_path, name, data, where, what):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadInput) as caught:
        load_record(path, pack_for)
    message = str(caught.value)
    assert message.startswith(str(path)) and where in message and what in message


def test_not_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "vassal-tools/record@1",\n "game": }', encoding="utf-8")
    with pytest.raises(BadInput, match=r"broken\.json: line 2 column 10: not JSON"):
        load_record(path, pack_for)
    with pytest.raises(BadInput, match="no such file"):
        load_record(tmp_path / "absent.json", pack_for)


def test_phase_entry_is_a_phase_start(game):
    rec = load_record(record(_entries()), pack_for)
    assert isinstance(rec.entries[0], PhaseStart) and rec.entries[0].phase == "german-land-movement"
