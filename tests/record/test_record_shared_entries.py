"""The entries records-four-games.md adds for the other games: ``card``, ``vp``, ``mark``/``unmark``,
a roll's list of dice, ``roll.unit``/``roll.outcome`` and ``attack.target``.

Each reads into its own entry, writes back as it was written, and a wrong field is refused with
one line naming the entry and the field.
"""

from __future__ import annotations

import json

import pytest

from vassal_tools.errors import BadInput
from vassal_tools.games import pack_for
from vassal_tools.games.kampen_om_norge.entries import Card
from vassal_tools.games.play import audit
from vassal_tools.record import FORMAT, Attack, Mark, Roll, Unmark, VictoryPoints, load_record


def kampen(entries, units=None):
    return {"format": FORMAT, "game": "kampen-om-norge", "units": units or {}, "entries": entries}


def narvik(entries, units=None):
    return {"format": FORMAT, "game": "narvik-1940", "units": units or {}, "entries": entries}


CARD = {"card": {"side": "German", "name": "Rask  forflytning", "zone": "oslo", "use": "Move",
                 "units": ["ger-1", "ger-2"], "why": "kept"}}


def test_card_entry():
    rec = load_record(kampen([{"turn": "Round 1", "phase": "german-movement"}, CARD]), pack_for)
    card = rec.entries[1]
    assert isinstance(card, Card)
    # side and use are words, the name's spacing is tidied, the zone is the area as the game spells it
    assert (card.side, card.name, card.zone, card.use) == ("german", "Rask forflytning", "Oslo", "move")
    assert card.units == ("ger-1", "ger-2") and card.inner == {"why": "kept"}


def test_card_traded_symbols():
    rec = load_record(kampen([{"card": {"side": "norwegian", "name": "Forsterkninger", "use": "reinforcement",
                                        "symbols": 3}}]), pack_for)
    assert rec.entries[0].symbols == 3


@pytest.mark.parametrize("card, field, what", [
    ({"side": "german"}, "card.name", "needs its 'name'"),
    ({"side": "german", "name": "Panzer", "zone": "Atlantis"}, "card.zone", "'Atlantis' is no place of kampen-om-norge"),
    ({"side": "swedish", "name": "Panzer"}, "card.side", "side is 'swedish'"),
    ({"side": "german", "name": "Panzer", "symbols": -1}, "card.symbols", "number of symbols"),
    ({"side": "german", "name": "Panzer", "units": ["nobody"]}, "card.units", "unknown unit 'nobody'"),
])
def test_card_refused(card, field, what):
    with pytest.raises(BadInput) as err:
        load_record(kampen([{"card": card}]), pack_for)
    line = str(err.value)
    assert "entry 0" in line and field in line and what in line and "\n" not in line


def test_roll_of_several_dice():
    rec = load_record(kampen([{"roll": {"side": "german", "for": "land-combat", "zone": "Oslo",
                                        "result": [6, 1, 4]}}]), pack_for)
    roll = rec.entries[0]
    assert isinstance(roll, Roll)
    assert roll.dice == (6, 1, 4) and not roll.single and roll.result == 11
    assert rec.to_dict()["entries"][0]["roll"]["result"] == [6, 1, 4]  # written back as a list


def test_roll_of_one_die_in_a_list_stays_a_list():
    one = load_record(kampen([{"roll": {"for": "resistance", "result": [5]}}]), pack_for).entries[0]
    assert one.dice == (5,) and one.single and one.result == 5
    assert one.to_dict()["roll"]["result"] == [5]
    bare = load_record(kampen([{"roll": {"for": "resistance", "result": 5}}]), pack_for).entries[0]
    assert bare.to_dict()["roll"]["result"] == 5


@pytest.mark.parametrize("result", [[], [1, "2"], [True], "6", 2.5, None])
def test_roll_result_refused(result):
    with pytest.raises(BadInput) as err:
        load_record(kampen([{"roll": {"for": "land-combat", "result": result}}]), pack_for)
    assert "roll.result" in str(err.value) or "needs 'result'" in str(err.value)


def test_roll_unit_and_outcome():
    rec = load_record(narvik([{"roll": {"side": "allied", "for": "Refit", "unit": "ger-i-139", "outcome": "Damage",
                                        "target": ["ger-i-139"], "result": 2}}]), pack_for)
    roll = rec.entries[0]
    assert (roll.purpose, roll.unit, roll.outcome, roll.target) == ("refit", "ger-i-139", "damage", ("ger-i-139",))
    assert roll.inner == {}
    with pytest.raises(BadInput, match="roll.unit"):
        load_record(narvik([{"roll": {"for": "refit", "unit": "nobody", "result": 2}}]), pack_for)


def test_attack_target():
    rec = load_record(narvik([{"attack": {"hex": "0919", "attackers": ["ger-i-139"], "target": ["ger-dietl"],
                                          "odds": "2:1"}}]), pack_for)
    attack = rec.entries[0]
    assert isinstance(attack, Attack)
    assert attack.target == ("ger-dietl",) and attack.inner == {"odds": "2:1"}


def test_mark_and_unmark():
    rec = load_record(narvik([{"mark": "ger-i-139", "as": "Out of Supply"},
                              {"unmark": "ger-i-139", "as": "out-of-supply", "step": 4}]), pack_for)
    mark, unmark = rec.entries
    assert isinstance(mark, Mark) and isinstance(unmark, Unmark)
    assert (mark.unit, mark.status) == ("ger-i-139", "out-of-supply")
    assert (unmark.status, unmark.step) == ("out-of-supply", 4)
    with pytest.raises(BadInput, match="needs 'as'"):
        load_record(narvik([{"mark": "ger-i-139"}]), pack_for)
    with pytest.raises(BadInput, match="field 'mark'"):
        load_record(narvik([{"mark": "nobody", "as": "disrupted"}]), pack_for)


def test_victory_points():
    rec = load_record(narvik([
        {"vp": {"side": "allied", "add": 2, "for": ["ger-i-139"]}},
        {"vp": {"side": "German", "add": 3, "for": "narvik", "roll": 4}},
        {"vp": {"side": "german", "add": -1, "for": "Bismarck"}},
    ]), pack_for)
    units, area, key = rec.entries
    assert isinstance(units, VictoryPoints)
    assert (units.side, units.add, units.for_units, units.for_key) == ("allied", 2, ("ger-i-139",), None)
    assert (area.side, area.for_key, area.roll) == ("german", "0919", 4)  # a place is named as the game spells it
    assert (key.add, key.for_key) == (-1, "Bismarck")


@pytest.mark.parametrize("vp, field", [
    ({"side": "allied", "add": "2"}, "vp.add"),
    ({"side": "allied", "add": 2, "roll": "six"}, "vp.roll"),
    ({"side": "allied", "add": 2, "for": []}, "vp.for"),
    ({"side": "allied", "add": 2, "for": 7}, "vp.for"),
    ({"add": 2}, "vp.side"),
])
def test_victory_points_refused(vp, field):
    with pytest.raises(BadInput) as err:
        load_record(narvik([{"vp": vp}]), pack_for)
    assert field in str(err.value)


def test_every_new_entry_round_trips(tmp_path):
    data = kampen([{"turn": "Round 1", "phase": "german-movement"}, CARD,
                   {"roll": {"side": "german", "for": "land-combat", "result": [6, 1], "unit": "ger-1",
                             "outcome": "destroy"}},
                   {"attack": {"hex": "Oslo", "attackers": ["ger-1"], "target": ["ger-2"]}},
                   {"mark": "ger-1", "as": "disrupted"}, {"unmark": "ger-1", "as": "disrupted"},
                   {"vp": {"side": "german", "add": 1, "for": ["ger-2"], "roll": 3}}])
    first = load_record(data, pack_for)
    again = load_record(json.loads(first.to_json()), pack_for)
    assert again.to_dict() == first.to_dict()
    assert [type(e).__name__ for e in again.entries] == ["PhaseStart", "Card", "Roll", "Attack", "Mark", "Unmark",
                                                         "VictoryPoints"]



def test_invasion_norway_rolls_one_die():
    """invasion-norway.txt 1.4.6: the game's die is one d10; a detection roll given as two dice thrown at
    once is a finding, and detects nothing (no interception finding follows)."""
    data = {"format": FORMAT, "game": "invasion-norway", "entries": [
        {"turn": "April #4", "phase": "allied-naval-detection"},
        {"weather": {"south": "cloudy"}},
        {"place": "ger-ca-hipper", "at": "Norwegian Leads", "stack": "G1"},
        {"place": "ger-cl-koln", "at": "Norwegian Leads", "stack": "G1"},
        {"place": "brit-cl-southampton", "at": "Norwegian Leads"},
        {"place": "brit-cl-glasgow", "at": "Norwegian Leads"},
        {"place": "brit-cl-sheffield", "at": "Shetlands"},
        {"place": "brit-blenheim-1", "at": "Scotland"},
        {"roll": {"side": "allied", "for": "naval-detection", "zone": "Norwegian Leads", "target": ["ger-ca-hipper", "ger-cl-koln"], "result": [3, 4]}}]}
    findings = audit(data)
    assert [(f.rule, f.where) for f in findings] == [("invasion-norway.txt 1.4.6", "Norwegian Leads")]
    assert "2 dice [3, 4]" in findings[0].message


def test_a_marker_may_have_no_side():
    """records-four-games.md gives narvik-1940 markers no side (the game-turn marker is nobody's): the record
    reads, a set-up and a stacking audit pass over it, and any other unit still needs its side."""
    rec = narvik([{"place": "turn-marker", "at": "0919"}, {"place": "ger-i-139", "at": "0919"},
                  {"turn": "GT 1", "phase": "actions"}],
                 units={"turn-marker": {"class": "marker", "name": "Game Turn"}})
    assert load_record(rec, pack_for).units["turn-marker"].side is None
    assert audit(rec) == []
    with pytest.raises(BadInput, match=r"units\['x'\].side"):
        load_record(narvik([], units={"x": {"class": "land", "type": "infantry"}}), pack_for)
