"""Kampen om Norge records written as an outsider writes them: from kampen-om-norge.txt and
records-four-games.md only (JSON as typed, UTF-8 names in any capitalisation, `variant`, the
`9. April` turn, pieces over chips with `points`, task forces sharing a `stack`, retreats, chases and
evacuations as moves in a combat phase, `card` entries, dice as lists). Each is audited; the findings
expected are read off the rule text named beside them, not off the code.

The four worked examples of the rulebook (Examples 1-4) are played as records: the game they show
keeps the rules, so each gives no finding; then one thing is changed against a rule and exactly that
rule's finding is expected.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from vassal_tools.games import pack_for
from vassal_tools.games.play import audit
from vassal_tools.record.reader import RecordReader

FILE = "kampen-om-norge.txt"


def record(entries: list[dict[str, Any]], units: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"format": "vassal-tools/record@1", "game": "kampen-om-norge", **top, "units": units, "entries": entries}


def bn(side: str, nationality: str | None = None, **more: Any) -> dict[str, Any]:
    unit = {"class": "land", "side": side, "size": "battalion", **more}
    if nationality:
        unit["nationality"] = nationality
    return unit


def ship(side: str, type: str, name: str) -> dict[str, Any]:
    return {"class": "naval", "side": side, "type": type, "name": name}


def found(rec: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(copy.deepcopy(rec))]


def cite(number: str) -> str:
    return f"{FILE} {number}"


def card(side: str, name: str, **more: Any) -> dict[str, Any]:
    return {"card": {"side": side, "name": name, **more}}


def roll(purpose: str, result: Any, **more: Any) -> dict[str, Any]:
    return {"roll": {"for": purpose, "result": result, **more}}


# -- Example 1: German turn (4.1-4.4): Mjøsa, Veisperring, Panzer, Bakhold, Speidertropp, reinforcements

def example_1(german_dice: list[int] | None = None) -> dict[str, Any]:
    units = {f"G{i}": bn("German") for i in range(1, 9)}
    units["N1"] = bn("Norwegian", "norwegian")
    entries = [
        {"place": "G1", "at": "oslo"}, {"place": "G2", "at": "Oslo"},
        {"place": "G3", "at": "GJØVIK"}, {"place": "G4", "at": "Gjøvik"}, {"place": "G5", "at": "Gjøvik"},
        {"place": "G6", "at": "Kongsvinger"}, {"place": "N1", "at": "Hamar"},
        {"turn": "Round 3", "phase": "German-Movement"},
        {"move": "G1", "to": "Hønefoss", "stack": "A"}, {"move": "G2", "to": "Hønefoss", "stack": "A"},
        {"move": "G6", "to": "Hamar"},
        {"move": "G3", "to": "Hamar", "stack": "B"}, {"move": "G4", "to": "Hamar", "stack": "B"},
        {"move": "G5", "to": "Hamar", "stack": "B"},
        card("norwegian", "Veisperring", zone="Hamar", use="cancel", units=["G6"]),
        {"move": "G6", "to": "Kongsvinger"},
        {"phase": "german-combat"},
        card("german", "Panzer", zone="Hamar", use="attack"),
        card("norwegian", "Bakhold", zone="Hamar", use="defense"),
        card("german", "Speidertropp", zone="Hamar", use="cancel"),
        roll("land-combat", german_dice or [2, 2, 2], side="german", zone="Hamar"),
        roll("land-combat", [6], side="norwegian", zone="Hamar"),
        {"remove": "G3"},
        {"move": "G4", "to": "Gjøvik"}, {"move": "G5", "to": "Gjøvik"},  # the attacker goes back
        {"phase": "german-reinforcement"},
        card("german", "Forsterknninger", use="reinforcement", symbols=5),
        {"place": "G7", "at": "Oslo"}, {"place": "G8", "at": "Oslo"},
        {"phase": "german-new-cards"},
    ]
    return record(entries, units, variant="basic")


def test_example_1_keeps_the_rules():
    assert found(example_1()) == []


def test_example_1_three_battalions_across_mjosa_give_one_die():
    # 4.2 Fjords: 3 across the lake give 1 die; Panzer adds 2: three dice, not four (a total of 6 still, so
    # the tie is the defender's as the example has it).
    assert found(example_1([2, 2, 1, 1])) == [(cite("4.2"), "Hamar")]


def test_example_1_without_the_road_block_the_way_back_is_a_second_move():
    rec = example_1()
    rec["entries"] = [e for e in rec["entries"] if "card" not in e or e["card"]["name"] != "Veisperring"]
    assert found(rec) == [(cite("4.1"), "Kongsvinger")]


def test_example_1_a_road_block_where_norway_has_no_battalion():
    rec = example_1()
    rec["entries"][6] = {"place": "N1", "at": "Elverum"}  # Norway is not in Hamar: no combat there either
    assert (cite("Appendix Veisperring"), "Hamar") in found(rec)


def test_example_1_reinforcements_for_five_symbols():
    # 4.3 and example 1: 5 symbols make one battalion, with the free one two; a third is too many.
    rec = example_1()
    rec["units"]["G9"] = bn("german")
    rec["entries"].insert(-1, {"place": "G9", "at": "Horten"})
    assert found(rec) == [(cite("4.3"), "Horten")]


def test_example_1_two_panzer_cards_in_one_combat():
    rec = example_1()
    at = next(i for i, e in enumerate(rec["entries"]) if "card" in e and e["card"]["name"] == "Panzer")
    rec["entries"].insert(at + 1, card("german", "panzer", zone="Hamar", use="attack"))
    assert found(rec) == [(cite("4.2"), "Hamar")]  # one card of each type in any one combat


# -- Example 2: Allied turn: Invasjon, reinforcements in phase 1, no retreat across the fjords

def example_2(invade: str = "Åndalsnes") -> dict[str, Any]:
    units = {"g1": bn("german"), "g2": bn("german"), "n1": bn("norwegian"),
             "a1": bn("allied", "british"), "a2": bn("allied", "french"), "a3": bn("allied", "polish")}
    entries = [
        {"place": "g1", "at": "Åndalsnes"}, {"place": "g2", "at": "Åndalsnes"}, {"place": "n1", "at": "Dombås"},
        {"turn": "round 2", "phase": "allied-movement"},
        card("allied", "Invasjon", zone=invade, use="place"),
        card("allied", "Forsterkniger", use="reinforcement", symbols=7),
        card("allied", "Kystevakuering", use="reinforcement", symbols=2),
        {"place": "a1", "at": invade}, {"place": "a2", "at": invade}, {"place": "a3", "at": invade},
        {"turn": "round 2", "phase": "allied-combat"},
        roll("land-combat", [4, 4, 4], side="allied", zone=invade),
        roll("land-combat", [6, 1], side="german", zone=invade),
        {"remove": "a1"}, {"remove": "g1"}, {"remove": "g2"},  # nowhere to retreat: defeated
        {"phase": "allied-reinforcement"}, {"phase": "allied-new-cards"},
    ]
    return record(entries, units)


def test_example_2_keeps_the_rules():
    assert found(example_2()) == []


def test_example_2_nine_symbols_bring_three_battalions():
    rec = example_2()
    rec["entries"][5]["card"]["symbols"] = 6  # 6 + 2 = 8 symbols: two battalions, not three (4.3)
    assert found(rec) == [(cite("4.3"), "Åndalsnes")]


def test_example_2_invading_by_sea_zone_i_is_barred():
    # Appendix Invasjon: only in land areas by Sea Zones III-VII (2.3: not by I and II); the battalions
    # placed are reinforcements by the wrong coast (4.3).
    rec = example_2("Horten")
    rec["entries"] = rec["entries"][:10]  # no combat: Horten holds no Germans
    assert found(rec) == [(cite("Appendix Invasjon"), "Horten")] + [(cite("4.3"), "Horten")] * 3


def test_example_2_retreating_across_the_fjord():
    rec = example_2()
    rec["entries"][-4:-2] = [{"move": "g1", "to": "Ålesund"}, {"move": "g2", "to": "ålesund"}]
    assert found(rec) == [(cite("4.2"), "Ålesund"), (cite("4.2"), "Ålesund")]  # German defenders, a fjord


# -- Example 3: German turn: Rask forflytning, Fallskjermtropp, Bombefly, Kystevakuering, Transportfly

def example_3(**change: Any) -> dict[str, Any]:
    units = {"t1": bn("german", points=2), "g1": bn("german"), "g2": bn("german"), "g3": bn("german"),
             "g4": bn("german"), "n1": bn("norwegian"), "a1": bn("allied", "british"), "a2": bn("allied", "british")}
    para = change.get("para", "Narvik")
    entries = [
        {"place": "t1", "at": "Trondheim"}, {"place": "g1", "at": "Tysfjord"}, {"place": "g2", "at": "Tysfjord"},
        {"place": "n1", "at": "Bardufoss"}, {"place": "a1", "at": "Narvik"}, {"place": "a2", "at": "Narvik"},
        {"turn": "Round 5", "phase": "german-movement"},
        card("german", "Rask forflytning", use="move", units=["g1"]),
        {"move": "g1", "to": "Bjørnfjell"}, {"move": "g1", "to": "Bardufoss"},
        *change.get("further", []),
        {"move": "g2", "to": "Narvik"},
        card("german", "Fallskjermtropp", zone=para, use="place", units=["g3"]),
        {"place": "g3", "at": para},
        {"phase": "german-combat"},
        card("german", "Bombefly", zone="Narvik", use="attack"),
        card("german", "Panzer", zone="Narvik", use="attack"),
        card("allied", "Jagerfly", zone="Narvik", use="cancel"),
        # Example 3: a total of 17, and sixes enough that "The Allies have to remove both of their's".
        roll("land-combat", change.get("dice", [6, 6, 3, 2]), side="german", zone="Narvik"),
        roll("land-combat", [5, 6], side="allied", zone="Narvik"),
        {"remove": "g2"}, {"remove": "a2"},
        card("allied", "Kystevakuering", zone="Narvik", use="move", units=["a1"]),
        {"move": "a1", "to": change.get("evacuate", "Tromsø")},
        roll("land-combat", [5], side="german", zone="Bardufoss"),
        roll("land-combat", [4], side="norwegian", zone="Bardufoss"),
        {"move": "n1", "to": change.get("retreat", "Tromsø")},
        {"phase": "german-reinforcement"},
        card("german", "Transportfly", zone=change.get("fly", "Bardufoss"), use="place"),
        {"place": "g4", "at": change.get("fly", "Bardufoss")},
        {"phase": "german-new-cards"},
    ]
    return record(entries, units, variant="basic")


def test_example_3_keeps_the_rules():
    assert found(example_3()) == []


def test_example_3_paratroopers_out_of_air_range():
    # Example 3: from Trondheim, Gratangen, Bardufoss and Tromsø are out of reach (2.3).
    rec = example_3(para="Gratangen")
    assert (cite("2.3"), "Gratangen") in found(rec)
    for entry in rec["entries"]:  # the card's 'use' written as the attack it makes (Appendix: may attack)
        if "card" in entry and entry["card"]["name"] == "Fallskjermtropp":
            entry["card"]["use"] = "attack"
    assert (cite("2.3"), "Gratangen") in found(rec)


def test_example_3_rapid_movement_covers_two_areas_not_three():
    rec = example_3(further=[{"move": "g1", "to": "Tromsø"}])
    assert (cite("Appendix Rask forflytning"), "Tromsø") in found(rec)


def test_example_3_too_many_combat_dice():
    # Example 3: "Germany now has 2 combat dice plus 2 combat dice from the Panzer card - in total 4 combat
    # dice": the Bombefly Jagerfly cancelled adds none (Appendix Jagerfly: "Cancels a Bombefly card").
    assert found(example_3(dice=[6, 6, 3, 2])) == []
    assert found(example_3(dice=[6, 6, 3, 1, 1])) == [(cite("4.2"), "Narvik")]


def test_example_3_evacuation_inland_and_retreat_to_the_attackers_origin():
    assert found(example_3(evacuate="Bjørnfjell")) == [(cite("Appendix Kystevakuering"), "Bjørnfjell")]
    # Example 3: Norway cannot retreat to Bjørnfjell, where Germany attacked from.
    assert found(example_3(retreat="Bjørnfjell")) == [(cite("4.2"), "Bjørnfjell")]


def test_example_3_air_transport_onto_an_air_field_germany_does_not_hold():
    assert found(example_3(fly="Oslo")) == [(cite("Appendix Transportfly"), "Oslo")]


# -- Example 4: the 9. April turn (advanced)

def example_4(**change: Any) -> dict[str, Any]:
    units = {
        "hipper": ship("german", "tung-krysser", "Admiral Hipper"), "karlsruhe": ship("german", "mindre-skip",
                                                                                      "Karlsruhe"),
        "warspite": ship("allied", "slagskip", "Warspite"), "lett": ship("allied", "mindre-skip",
                                                                        "Lett krysser med jagere"),
        "p1": bn("german"), "g2": bn("german"), "n1": bn("norwegian"), "n2": bn("norwegian"),
    }
    recon = change.get("recon", "Sea Zone III")
    entries = [
        {"turn": "9. April", "phase": "initial"},
        {"place": "hipper", "at": "Sea Zone III", "stack": "TF"}, {"place": "karlsruhe", "at": "sea zone iii",
                                                                   "stack": "TF"},
        card("allied", "Regognoseringsfly", zone=recon, use="recon"),
        roll("Rekognoseringsfly", change.get("recon_dice", [6, 4]), side="allied", zone=recon),
        {"place": "warspite", "at": "Sea Zone III", "stack": "H"}, {"place": "lett", "at": "Sea Zone III",
                                                                    "stack": "H"},
        {"phase": "movement"},
        {"intercept": {"side": "allied", "zone": "Sea Zone III", "naval": ["warspite", "lett"]}},
        roll("naval-interception", change.get("intercept_dice", [6, 4]), side="allied", zone="Sea Zone III"),
        card("german", "Fallskjermtropp", zone="Stavanger", use="place", units=["p1"]),
        {"place": "p1", "at": "Stavanger"},
        card("norwegian", "Jagerfly", zone="Stavanger", use="move", units=["p1"]),
        {"move": "p1", "to": "Haugesund"},
        {"phase": "combat"},
        card("allied", "Stupbombefly", zone=change.get("dive", "Sea Zone III"), use="sink"),
        roll("Stupbombefly", 6, side="allied", zone=change.get("dive", "Sea Zone III")),
        roll("naval-combat", 4, side="german", zone="Sea Zone III", unit="hipper"),
        roll("naval-combat", 6, side="allied", zone="Sea Zone III", unit="warspite"),
        {"remove": "hipper"},
        {"place": "g2", "at": change.get("land", "Stavanger"), "from": "Karlsruhe"},
        *change.get("more_landings", []),
        roll("resistance", 6, side="norwegian", zone="Stavanger"),
        {"place": "n1", "at": "Stavanger"},
        card("german", "Bløff/trusler", zone="Stavanger", use="attack"),
        roll("Bløff/trusler", change.get("bluff_dice", 6), side="german", zone="Stavanger"),
        {"move": "n1", "to": "Egersund"},
        {"phase": "reinforcement"},
        {"place": "n2", "at": change.get("mobilize", "Hamar"), "by": "mobilization"},
        {"phase": "new-cards"},
    ]
    return record(entries, units, variant="advanced")


def test_example_4_keeps_the_rules():
    assert found(example_4()) == []


def test_example_4_the_recon_card_in_a_barred_zone_and_with_a_die_short():
    rec = example_4(recon="Sea Zone VI")
    # Appendix Rekognoseringsfly: not in Sea Zones I, VI or VII; the roll in that zone is the same play;
    # a die for each German ship present: none in Sea Zone VI, two dice rolled.
    assert found(rec) == [(cite("Appendix Rekognoseringsfly"), "Sea Zone VI")] * 2
    assert found(example_4(recon_dice=[6])) == [(cite("Appendix Rekognoseringsfly"), "Sea Zone III")]


def test_example_4_interception_rolls_one_die_per_enemy_ship():
    assert found(example_4(intercept_dice=[6])) == [(cite("8.1"), "Sea Zone III")]
    assert found(example_4(intercept_dice=[6, 4, 2])) == [(cite("8.1"), "Sea Zone III")]


def test_example_4_landings():
    # 7.2: a battalion lands in a land area bordering the ship's sea zone, one from every ship.
    # Landed in Bergen, the battalion is not in Stavanger: Norway resists an invasion that did not come there
    # (7.2), and Germany plays Bløff/trusler with no battalion of its own in the combat (4.2).
    assert found(example_4(land="Bergen")) == [(cite("7.2"), "Bergen"), (cite("7.2"), "Stavanger"),
                                               (cite("4.2"), "Stavanger")]
    again = {"place": "n2", "at": "Haugesund", "from": "karlsruhe"}
    rec = example_4(more_landings=[again])
    rec["units"]["n2"] = bn("german")
    rec["entries"] = [e for e in rec["entries"] if e.get("by") != "mobilization"]
    assert found(rec) == [(cite("7.2"), "Haugesund")]


def test_example_4_dive_bombers_and_intimidation():
    assert found(example_4(dive="Sea Zone VI")) == [(cite("Appendix Stupbombefly"), "Sea Zone VI")]
    # Bløff/trusler: a die for each Norwegian battalion in the area (one there).
    assert found(example_4(bluff_dice=[6, 2])) == [(cite("Appendix Bløff/trusler"), "Stavanger")]


def test_example_4_mobilization():
    assert found(example_4(mobilize="Oslo")) == []  # 7.3: a victory city not held by Germany
    # Stavanger mobilized when Norway resisted the landing (7.2), and Germany holds it.
    assert found(example_4(mobilize="Stavanger")) == [(cite("7.3"), "Stavanger")]
    assert found(example_4(mobilize="Tynset")) == [(cite("7.3"), "Tynset")]


# -- the d6, pieces over chips, task forces

def test_dice_outside_one_to_six():
    rec = record([{"turn": "Round 1", "phase": "german-combat"}, roll("naval-combat", [3, 0], zone="Sea Zone I"),
                  roll("choice-of-faction", 7)], {})  # 3: dice decide who chooses a faction first
    assert found(rec) == [(cite("2.1"), "Sea Zone I"), (cite("2.1"), None)]


def test_a_piece_over_chips_rolls_five_dice_at_most():
    # 4.2's picture: 7 German battalions attacking give 5 dice; 4 Allied defending give 4.
    def fight(german: list[int], allied: list[int]) -> dict[str, Any]:
        units = {"G": bn("german", points=7), "A": bn("allied", "british", points=4)}
        return record([{"place": "G", "at": "Åndalsnes"}, {"place": "A", "at": "Dombås"},
                       {"turn": "Round 4", "phase": "allied-movement"}, {"move": "A", "to": "Åndalsnes"},
                       {"phase": "allied-combat"},
                       roll("land-combat", allied, side="allied", zone="Åndalsnes"),
                       roll("land-combat", german, side="german", zone="Åndalsnes"),
                       {"move": "A", "to": "Dombås"}], units)  # the defender's 5 beat 4: the attacker goes back
    assert found(fight([1] * 5, [1] * 4)) == []
    assert found(fight([1] * 6, [1] * 4)) == [(cite("4.2"), "Åndalsnes")]
    assert found(fight([1] * 5, [1] * 5)) == [(cite("4.2"), "Åndalsnes")]


def test_a_task_force_moves_two_zones_and_intercepts_with_a_die_per_ship():
    units = {"W": ship("allied", "slagskip", "Warspite"), "R": ship("allied", "slagskip", "Renown"),
             "S": ship("german", "slagskip", "Scharnhorst"), "D": ship("german", "dummy", "Dummy")}
    base = [{"place": "W", "at": "Sea Zone V", "stack": "tf"}, {"place": "R", "at": "Sea Zone V", "stack": "tf"},
            {"place": "S", "at": "Sea Zone IV", "stack": "k"}, {"place": "D", "at": "Sea Zone IV", "stack": "k"},
            {"turn": "Round 2", "phase": "allied-movement"},
            {"move": "W", "to": "Sea Zone VIII", "stack": "tf"}, {"move": "R", "to": "Sea Zone VIII", "stack": "tf"},
            {"move": "W", "to": "Sea Zone IV", "stack": "tf"}, {"move": "R", "to": "Sea Zone IV", "stack": "tf"},
            {"intercept": {"side": "allied", "zone": "Sea Zone IV", "naval": ["W", "R"]}},
            roll("naval-interception", [5, 6], side="allied", zone="Sea Zone IV"),
            {"phase": "allied-combat"},
            roll("naval-combat", [6, 2], side="allied", zone="Sea Zone IV"), {"remove": "D"},
            {"move": "S", "to": "Sea Zone III"}]  # chased to a bordering zone
    assert found(record(base, units, variant="advanced")) == []
    third = base[:9] + [{"move": "W", "to": "Sea Zone III", "stack": "tf"}, {"move": "R", "to": "Sea Zone III",
                                                                            "stack": "tf"}]
    assert found(record(third, units, variant="advanced")) == [(cite("8.1"), "Sea Zone III")] * 2


# -- cards that move, place and fight

def simple(entries: list[dict[str, Any]], units: dict[str, Any], **top: Any) -> list[tuple[str, str | None]]:
    return found(record(entries, units, **top))


def test_norwegian_rapid_movement_not_into_combat_and_together():
    units = {"n1": bn("norwegian"), "n2": bn("norwegian"), "g": bn("german")}
    start = [{"place": "n1", "at": "Hamar"}, {"place": "n2", "at": "Hamar"}, {"place": "g", "at": "Oppdal"},
             {"turn": "Round 2", "phase": "norwegian-movement"},
             card("norwegian", "Rask forflytning", use="move")]
    together = [{"move": "n1", "to": "Elverum"}, {"move": "n1", "to": "Tynset"},
                {"move": "n2", "to": "Elverum"}, {"move": "n2", "to": "Tynset"}]
    assert simple(start + together, units) == []
    into = [{"move": "n1", "to": "Elverum"}, {"move": "n1", "to": "Tynset"}, {"move": "n1", "to": "Oppdal"}]
    assert simple(start + into, units) == [(cite("Appendix Rask forflytning"), "Oppdal")] * 2  # a third area, combat
    apart = [{"move": "n1", "to": "Elverum"}, {"move": "n1", "to": "Tynset"}, {"move": "n2", "to": "Kongsvinger"}]
    assert simple(start + apart, units) == [(cite("Appendix Rask forflytning"), "Kongsvinger")]


def test_air_transport():
    units = {"g1": bn("german"), "g2": bn("german"), "g3": bn("german")}
    start = [{"place": "g1", "at": "Trondheim"}, {"place": "g2", "at": "Bardufoss"}, {"place": "g3", "at": "Oslo"},
             {"turn": "Round 6", "phase": "german-movement"}]
    fly = [card("german", "Transportfly", use="move", units=["g1"]), {"move": "g1", "to": "Bardufoss"}]
    assert simple(start + fly, units) == []
    assert simple(start + [card("german", "Transportfly", use="move"), {"move": "g1", "to": "Tromsø"}], units) == [
        (cite("2.3"), "Tromsø")]  # not an air field Germany holds
    walked = [{"move": "g1", "to": "Steinkjer"}, card("german", "Transportfly", use="move"),
              {"move": "g1", "to": "Bardufoss"}]
    assert simple(start + walked, units) == [(cite("2.3"), "Bardufoss"), (cite("Appendix Transportfly"), "Bardufoss")]


def test_bombers_need_air_range_on_land_and_at_sea():
    units = {"g": bn("german"), "g2": bn("german"), "n": bn("norwegian"), "w": ship("allied", "slagskip", "Rodney"),
             "s": ship("german", "slagskip", "Gneisenau")}
    def bomb(zone: str, held: str) -> list[tuple[str, str | None]]:
        return simple([{"place": "g", "at": held}, {"place": "n", "at": "Tromsø"}, {"place": "g2", "at": "Lyngen"},
                       {"place": "w", "at": "Sea Zone VII"}, {"place": "s", "at": "Sea Zone VII"},
                       {"turn": "Round 7", "phase": "german-movement"}, {"move": "g2", "to": "Tromsø"},
                       {"phase": "german-combat"},
                       card("german", "Bombefly", zone=zone, use="sink" if "Sea" in zone else "attack"),
                       {"remove": "n"}], units, variant="advanced")
    assert bomb("Tromsø", "Bardufoss") == []
    assert bomb("Tromsø", "Trondheim") == [(cite("2.3"), "Tromsø")]  # example 3
    assert bomb("Sea Zone VII", "Bardufoss") == []  # 5.1
    assert bomb("Sea Zone VII", "Trondheim") == [(cite("5.1"), "Sea Zone VII")]


def test_one_card_of_each_type_and_the_mountain_troops():
    units = {"g": bn("german"), "a": bn("allied", "french"), "t": bn("german")}
    def fight(attacker: str, *cards: dict[str, Any]) -> list[tuple[str, str | None]]:
        mover, defender = ("a", "g") if attacker == "allied" else ("g", "a")
        places = {"a": "Harstad" if attacker == "allied" else "Narvik", "g": "Narvik" if attacker == "allied"
                  else "Harstad"}
        entries = [{"place": u, "at": at} for u, at in places.items()] + [{"place": "t", "at": "Trondheim"}]
        entries += [{"turn": "Round 3", "phase": f"{attacker}-movement"}, {"move": mover, "to": "Narvik"},
                    {"phase": f"{attacker}-combat"}, *cards, {"remove": defender}]
        return simple(entries, units)
    assert fight("allied", card("allied", "Fransk alpegjeger", zone="Narvik", use="attack"),
                 card("allied", "Polsk bergjeger", zone="Narvik", use="attack")) == [
        (cite("Appendix Polsk bergjeger"), "Narvik")]
    assert fight("german", card("german", "Bombefly", zone="Narvik", use="attack"),
                 card("german", "Jagerbomber", zone="Narvik", use="cancel")) == []  # its cancel is another type
    assert fight("german", card("german", "Bombefly", zone="Narvik", use="attack"),
                 card("german", "Jagerbomber", zone="Narvik", use="attack")) == [(cite("4.2"), "Narvik")]
    assert fight("allied", card("german", "Gebirgsjäger", zone="Narvik", use="defense"),
                 card("german", "GEBIRGSJÄGER", zone="Narvik", use="defense")) == [(cite("4.2"), "Narvik")]


def test_allied_coastal_cards_in_the_advanced_game():
    units = {"g": bn("german"), "a": bn("allied", "british"), "w": ship("allied", "slagskip", "Valiant"),
             "c": ship("allied", "hangarskip", "Ark Royal")}
    def bombard(with_ship: str | None, name: str = "Kystbombardement") -> list[tuple[str, str | None]]:
        entries = [{"place": "g", "at": "Bergen"}, {"place": "a", "at": "Sogn"}]
        if with_ship:
            entries.append({"place": with_ship, "at": "Sea Zone IV"})
        entries += [{"turn": "Round 3", "phase": "allied-movement"}, {"move": "a", "to": "Bergen"},
                    {"phase": "allied-combat"}, card("allied", name, zone="Bergen", use="attack"), {"remove": "g"}]
        return simple(entries, units, variant="advanced")
    assert bombard("w") == []
    assert bombard(None) == [(cite("Appendix Kystbombardement"), "Bergen")]  # a battleship by the area
    assert bombard("w", "Jagerfly") == [(cite("Appendix Jagerfly"), "Bergen")]  # an aircraft carrier
    assert bombard("c", "Jagerfly") == []


def test_a_submarine_cannot_sink_an_air_transported_reinforcement():
    units = {"g1": bn("german"), "g2": bn("german")}
    entries = [{"place": "g1", "at": "Trondheim"}, {"turn": "Round 2", "phase": "german-reinforcement"},
               card("german", "Transportfly", use="place"), {"place": "g2", "at": "Trondheim"},
               card("allied", "Ubåt", use="sink", units=["g2"])]
    assert simple(entries, units) == [(cite("Appendix Ubåt"), None)]


def test_the_reader_takes_every_form_the_doc_allows():
    rec = example_4()
    read = RecordReader("example-4.json", pack_for).read(copy.deepcopy(rec))
    kinds = [type(e).__name__ for e in read.entries]
    assert {"Card", "Roll", "Intercept", "Place", "Move", "Remove", "PhaseStart"} <= set(kinds)
    places = [e for e in read.entries if type(e).__name__ == "Place"]
    assert any(p.extra.get("from") == "Karlsruhe" for p in places)  # kept as written
    assert any(p.at == "Sea Zone III" for p in places if p.unit == "karlsruhe")  # "sea zone iii"


@pytest.mark.parametrize("name", ["Sweden", "Denmark", "Mjøsa"])
def test_places_that_are_not_locs(name):
    rec = record([{"place": "g", "at": name}], {"g": bn("german")})
    with pytest.raises(Exception, match="is no place of kampen-om-norge"):
        audit(rec)


# -- the set-up (3; 7.0)

def test_the_basic_set_up():
    # 3: Germany 2 Oslo, 1 Horten, ...; Norway 1 Kongsvinger, ..., 2 Finnmark; the Allies none.
    units = {"G": bn("german", points=2), "N": bn("norwegian", points=2), "n": bn("norwegian"),
             "A": bn("allied", "british")}
    def start(*places: tuple[str, str]) -> list[tuple[str, str | None]]:
        entries: list[dict[str, Any]] = [{"place": u, "at": a} for u, a in places]
        return simple(entries + [{"turn": "Round 1", "phase": "german-movement"}], units)
    assert start(("G", "Oslo"), ("N", "Finnmark"), ("n", "Gjøvik")) == []
    assert start(("G", "Horten")) == [(cite("3"), "Horten")]  # two where one is listed
    assert start(("n", "Hamar")) == [(cite("3"), "Hamar")]
    assert start(("A", "Åndalsnes")) == [(cite("3"), "Åndalsnes")]
    later = [{"place": "A", "at": "Åndalsnes"}, {"turn": "Round 4", "phase": "german-movement"}]
    assert simple(later, units) == []  # a snapshot, not the set-up


def test_the_9_april_initial_placement():
    units = {f"n{i}": bn("norwegian") for i in range(5)}
    units["E"] = ship("norwegian", "panserskip", "Eidsvoll & Norge")
    def initial(*places: tuple[str, str]) -> list[tuple[str, str | None]]:
        entries = [{"turn": "9. April", "phase": "initial"}] + [{"place": u, "at": a} for u, a in places]
        return simple(entries, units, variant="advanced")
    ok = [("n0", "Finnmark"), ("n1", "Hønefoss"), ("n2", "Hamar"), ("n3", "Tromsø"), ("E", "Sea Zone I")]
    assert initial(*ok) == []  # 7.0: Hønefoss borders Oslo (4.1)
    assert initial(*ok, ("n4", "Voss")) == [(cite("7.0"), "Voss")]  # a third mobilization point
    assert initial(("n0", "Tynset")) == [(cite("7.0"), "Tynset")]
    assert initial(("E", "Sea Zone VIII")) == [(cite("7.0"), "Sea Zone VIII")]


def test_words_in_any_capitalisation():
    # records-four-games.md: names take any capitalisation; the variant, ship types, 'by' are words too.
    rec = example_4(mobilize="Tynset")
    rec["variant"] = "Advanced"
    rec["units"]["hipper"]["type"] = "Tung Krysser"
    rec["units"]["karlsruhe"]["type"] = "MINDRE-SKIP"
    for entry in rec["entries"]:
        if entry.get("by"):
            entry["by"] = "Mobilization"
        if "card" in entry:
            entry["card"]["name"] = entry["card"]["name"].upper()
            entry["card"]["use"] = entry["card"]["use"].capitalize()
    assert found(rec) == [(cite("7.3"), "Tynset")]
    units = {"E": ship("norwegian", "Panserskip", "Eidsvoll & Norge")}
    slow = [{"place": "E", "at": "Sea Zone I"}, {"turn": "Round 3", "phase": "norwegian-movement"},
            {"move": "E", "to": "Sea Zone II"}, {"move": "E", "to": "Sea Zone III"}]
    assert simple(slow, units, variant="ADVANCED") == [(cite("6.1"), "Sea Zone III")]  # one sea zone a turn


def test_the_defender_rolls_for_battalions_already_removed():
    # 4.2 step 5: the defender "may also roll combat dice for his defeated battalions"; a record that
    # removes them before his roll still lets him roll for them.
    units = {"g1": bn("german"), "g2": bn("german"), "n1": bn("norwegian"), "n2": bn("norwegian")}
    entries = [{"place": "g1", "at": "Oppdal"}, {"place": "g2", "at": "Oppdal"}, {"place": "n1", "at": "Tynset"},
               {"place": "n2", "at": "Tynset"}, {"turn": "Round 2", "phase": "german-movement"},
               {"move": "g1", "to": "Tynset"}, {"move": "g2", "to": "Tynset"}, {"phase": "german-combat"},
               roll("land-combat", [6, 2], zone="Tynset"), {"remove": "n1"},
               roll("land-combat", [3, 3], zone="Tynset"), {"remove": "n2"}]
    assert simple(entries, units) == []
    entries[-2] = roll("land-combat", [3, 3, 1], zone="Tynset")  # three dice for two battalions (7 still loses)
    assert simple(entries, units) == [(cite("4.2"), "Tynset")]


def test_interception_dice_with_dummies_and_eidsvoll():
    units = {"s": ship("german", "slagskip", "Gneisenau"), "d": ship("german", "dummy", "Dummy"),
             "e": ship("norwegian", "panserskip", "Eidsvoll & Norge"), "w": ship("allied", "slagskip", "Rodney")}
    def attempt(side: str, zone_ships: list[str], dice: list[int], mover: str) -> list[tuple[str, str | None]]:
        entries: list[dict[str, Any]] = [{"place": u, "at": "Sea Zone IV", "stack": units[u]["side"]}
                                         for u in zone_ships]
        start = {"w": "Sea Zone V", "s": "Sea Zone III"}[mover]
        entries += [{"place": mover, "at": start}, {"turn": "Round 3", "phase": f"{side}-movement"},
                    {"move": mover, "to": "Sea Zone IV"},
                    {"intercept": {"side": side, "zone": "Sea Zone IV", "naval": [mover]}}]
        if dice:
            entries.append(roll("naval-interception", dice, side=side, zone="Sea Zone IV"))
        return simple(entries, units, variant="advanced")
    assert attempt("allied", ["s", "d"], [6, 1], "w") == []  # a die for each card, dummy or not (8.1)
    assert attempt("allied", ["s", "d"], [6], "w") == []  # or the dummy the record knows left out
    assert attempt("allied", ["s", "d"], [6, 1, 2], "w") == [(cite("8.1"), "Sea Zone IV")]
    assert attempt("german", ["e"], [], "s") == []  # Germany always intercepts Eidsvoll & Norge
    assert attempt("german", ["e", "w"], [5], "s") == []


def test_a_landing_written_in_the_initial_phase_is_a_landing():
    units = {"k": ship("german", "mindre-skip", "Karlsruhe"), "g": bn("german")}
    entries = [{"turn": "9. April", "phase": "initial"}, {"place": "k", "at": "Sea Zone III"},
               {"place": "g", "at": "Stavanger", "from": "Karlsruhe"}]
    assert simple(entries, units, variant="advanced") == []
    entries[-1]["at"] = "Bergen"
    assert simple(entries, units, variant="advanced") == [(cite("7.2"), "Bergen")]


def test_raiding_ships():
    # 7.2: German slagskip and tung krysser in Sea Zones VI, VII or VIII may go on raid in the 9. April combat
    # phase; they return only when Germany calls them back in its movement phase.
    units = {"s": ship("german", "slagskip", "Scharnhorst"), "m": ship("german", "mindre-skip", "Emden")}
    def raid(unit: str, zone: str, turn: str = "9. April", phase: str = "combat") -> list[tuple[str, str | None]]:
        entries = [{"turn": "9. April", "phase": "initial"}, {"place": unit, "at": zone},
                   {"turn": turn, "phase": phase}, {"move": unit, "to": "Skip på raid"}]
        return simple(entries, units, variant="advanced")
    assert raid("s", "Sea Zone VII") == []
    assert raid("m", "Sea Zone VII") == [(cite("7.2"), "Skip på raid")]
    assert raid("s", "Sea Zone VIII", "Round 3", "german-movement") == [(cite("7.2"), "Skip på raid")]
    # "unless the German player exchanges 6 reinforcement symbols. He may then call his ships back".
    back = [{"place": "s", "at": "Skip på raid"}, {"turn": "Round 4", "phase": "german-movement"},
            card("german", "Forsterkninger", use="reinforcement", symbols=6), {"move": "s", "to": "Sea Zone VI"}]
    assert simple(back, units, variant="advanced") == []
    assert simple(back[:2] + back[3:], units, variant="advanced") == [(cite("7.2"), "Sea Zone VI")]  # no symbols
    back[1] = {"turn": "Round 4", "phase": "german-combat"}
    assert (cite("7.2"), "Sea Zone VI") in simple(back, units, variant="advanced")


def test_no_retreat_into_any_area_the_attacker_attacks_from():
    # 4.2 step 8: the retreat area "cannot be an area from which the attacker attacks from this turn".
    units = {"g1": bn("german"), "g2": bn("german"), "n1": bn("norwegian"), "n2": bn("norwegian")}
    entries = [{"place": "g1", "at": "Oslo"}, {"place": "g2", "at": "Kongsvinger"}, {"place": "n1", "at": "Hønefoss"},
               {"place": "n2", "at": "Hamar"}, {"turn": "Round 2", "phase": "german-movement"},
               {"move": "g1", "to": "Hønefoss"}, {"move": "g2", "to": "Hamar"}, {"phase": "german-combat"},
               {"move": "n1", "to": "Hallingdal"}, {"move": "n2", "to": "Elverum"}]
    assert simple(entries, units) == []
    entries[-1] = {"move": "n2", "to": "Oslo"}  # Oslo: the attack on Hønefoss came from there
    assert simple(entries, units) == [(cite("4.2"), "Oslo")]


def test_a_card_that_names_no_area_still_adds_its_dice():
    # 4.2: cards add combat dice beyond the five; a record may leave the card's zone out.
    units = {"g": bn("german", points=5), "n": bn("norwegian")}
    entries = [{"place": "g", "at": "Oppdal"}, {"place": "n", "at": "Tynset"},
               {"turn": "Round 2", "phase": "german-movement"}, {"move": "g", "to": "Tynset"},
               {"phase": "german-combat"}, card("german", "Panzer", use="attack"),
               roll("land-combat", [1] * 7, side="german", zone="Tynset"), {"remove": "n"}]
    assert simple(entries, units) == []
    entries[-2] = roll("land-combat", [1] * 8, side="german", zone="Tynset")
    assert simple(entries, units) == [(cite("4.2"), "Tynset")]


def test_a_card_needs_its_factions_battalions_in_the_combat():
    units = {"g": bn("german"), "p": bn("german"), "n": bn("norwegian"), "t": bn("german")}
    start = [{"place": "n", "at": "Hamar"}, {"place": "g", "at": "Kongsvinger"}, {"place": "t", "at": "Oslo"},
             {"turn": "Round 3", "phase": "german-movement"}]
    walk = [{"move": "g", "to": "Hamar"}]
    para = [card("german", "Fallskjermtropp", zone="Hamar", use="attack", units=["p"]), {"place": "p", "at": "Hamar"}]
    fight = [{"phase": "german-combat"}, card("german", "Panzer", zone="Hamar", use="attack"),
             card("norwegian", "Panservernkanon", zone="Hamar", use="cancel"), {"remove": "n"}]
    assert simple(start + walk + fight, units) == []
    # Appendix Panzer: not used when only Fallskjermtropp battalions attack; with g beside them it may be.
    assert simple(start + para + fight, units) == [(cite("Appendix Panzer"), "Hamar")]
    assert simple(start + walk + para + fight, units) == []
    # 4.2: to use a card in a combat a player needs battalions of the card's faction there (Jagerfly aside).
    allied = fight[:2] + [card("allied", "Panservernkanon", zone="Hamar", use="cancel"),
                          card("allied", "Jagerfly", zone="Hamar", use="cancel")] + fight[3:]
    # Jagerfly needs no Allied battalion there (4.2), only a land area by Sea Zones III-VII (Appendix).
    assert simple(start + walk + allied, units) == [(cite("4.2"), "Hamar"), (cite("Appendix Jagerfly"), "Hamar")]


def test_no_normal_movement_on_9_april():
    # 7.1: no normal movement during the 9. April turn; only Fallskjermtropp and Jagerfly cards move.
    rec = example_4()
    at = next(i for i, e in enumerate(rec["entries"]) if e.get("move") == "p1")
    del rec["entries"][at - 1]  # the Jagerfly card: the paratrooper moves by itself
    assert found(rec) == [(cite("7.1"), "Haugesund")]
    # 7.0: Omdisponering moves one Norwegian battalion to an adjacent area after the German ships are placed.
    units = {"n": bn("norwegian")}
    initial = [{"turn": "9. April", "phase": "initial"}, {"place": "n", "at": "Hamar"},
               card("norwegian", "Omdisponering", use="move"), {"move": "n", "to": "Elverum"}]
    assert simple(initial, units, variant="advanced") == []
    assert simple(initial + [{"move": "n", "to": "Tynset"}], units, variant="advanced") == [
        (cite("Appendix Omdisponering"), "Tynset")]


def test_resistance_rolls():
    # 7.2: one die in every victory city German battalions invaded; areas without one do not resist.
    rec = example_4()
    at = next(i for i, e in enumerate(rec["entries"]) if "roll" in e and e["roll"]["for"] == "resistance")
    rec["entries"].insert(at + 1, roll("resistance", 4, side="norwegian", zone="Stavanger"))
    assert found(rec) == [(cite("7.2"), "Stavanger")]
    rec["entries"][at + 1] = roll("resistance", 6, side="norwegian", zone="Haugesund")
    assert found(rec) == [(cite("7.2"), "Haugesund")]


def test_naval_combat_dice_and_eidsvoll_cannot_be_chased():
    # 8.2: a die for every ship in the combat (a sunk ship shoots back before it goes); Eidsvoll & Norge,
    # on the Allied side, is sunk if chased, never moved.
    units = {"h": ship("german", "tung-krysser", "Admiral Hipper"), "w": ship("allied", "slagskip", "Warspite"),
             "e": ship("norwegian", "panserskip", "Eidsvoll & Norge")}
    base = [{"place": "h", "at": "Sea Zone IV"}, {"place": "w", "at": "Sea Zone IV"},
            {"place": "e", "at": "Sea Zone IV"}, {"turn": "Round 2", "phase": "german-combat"},
            roll("naval-combat", [6], side="german", zone="Sea Zone IV", unit="h"), {"remove": "e"},
            roll("naval-combat", [3, 5], side="allied", zone="Sea Zone IV")]
    assert simple(base, units, variant="advanced") == []  # Warspite and the sunk Eidsvoll & Norge both shoot
    assert simple(base[:-1] + [roll("naval-combat", [3, 5, 6], side="allied", zone="Sea Zone IV")], units,
                  variant="advanced") == [(cite("8.2"), "Sea Zone IV")]
    chased = base[:5] + [{"move": "e", "to": "Sea Zone V"}]
    assert simple(chased, units, variant="advanced") == [(cite("8.2"), "Sea Zone V")]


def test_9_april_reinforcements_go_germany_norway_allies():
    # 7.3: "Germany reinforces first, then Norway, and The Allies goes last"; Germany's free one by Sea Zone I.
    units = {"g": bn("german"), "n": bn("norwegian"), "m": bn("norwegian")}
    entries = [{"turn": "9. April", "phase": "reinforcement"}, {"place": "m", "at": "Hamar", "by": "mobilization"},
               {"place": "g", "at": "Oslo"}, {"place": "n", "at": "Kongsvinger"}]
    assert simple(entries, units, variant="advanced") == []
    entries[2:] = entries[3:] + entries[2:3]
    assert simple(entries, units, variant="advanced") == [(cite("7.3"), "Oslo")]


# -- the sentence each finding quotes (explain.toml's cases of 4.2): example 1 broken two ways

def test_example_1_findings_quote_the_sentence_of_their_case():
    # Other dice change who won, so the combat's outcome is found too (the "winner" case): the dice one is first.
    dice = [f for f in audit(example_1([2, 2, 2, 2])) if f.number == "4.2" and f.case == "dice"]
    assert len(dice) == 1
    assert dice[0].quote.startswith("Each side receives combat dice from a maximum of 5 battalions in each combat")
    assert dice[0].title == "Phase 2: Combat" and dice[0].remedy
    rec = example_1()
    rec["entries"][-7:-5] = [{"move": "G4", "to": "Oslo"}, {"move": "G5", "to": "Oslo"}]  # not where they attacked from
    back = [f for f in audit(rec) if f.number == "4.2"]
    assert back and {f.case for f in back} == {"attacker-retreat"}
    assert {f.quote for f in back} == {"Retreating attacker: If the attacker loses the combat his remaining battalions "
                                       "have to retreat back to the land area(s) from which they attacked."}
