"""Narvik 1940 records written as an outsider would: from records-four-games.md and narvik-1940.txt
only, with inline units (no data ids), every name form the doc allows and every entry kind of the game.

One game keeps every rule; each variant breaks one and must give exactly the findings the rule text
implies (rule and hex worked out by hand: the XXYY grid has odd columns half a hex up, so 0517 touches
0516, 0518, 0416, 0417, 0616, 0617; Bjornfjell 2020 is 15 hexes from 0517 and 16 from 0420).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from vassal_tools.games import pack_for
from vassal_tools.games.play import audit
from vassal_tools.record import load_record

Entry = dict[str, Any]


def land(side: str, nationality: str, type_: str, size: str, subcommand: str, fire: int, movement: int,
         **more: Any) -> dict[str, Any]:
    return {"class": "land", "side": side, "nationality": nationality, "type": type_, "size": size,
            "subcommand": subcommand, "fire": fire, "movement": movement, **more}


def units() -> dict[str, Any]:
    return {
        "Dietl": {"class": "land", "side": "german", "nationality": "german", "type": "leader", "subcommand": "KGD",
                  "elite": True, "assault": True, "fire": 2, "movement": 6, "name": "Dietl"},
        "I/139": land("german", "german", "mountain_infantry", "battalion", "KGD", 5, 5, elite=True, assault=True),
        "II/139": land("german", "german", "mountain_infantry", "battalion", "KGW", 5, 5, elite=True, assault=True),
        "Pio": land("german", "german", "engineer", "company", "KGD", 2, 5, assault=True),
        "Gebirgs-Art": land("german", "german", "mountain_artillery", "battery", "KGD", 4, 4, range=4),
        "Sig": land("german", "german", "signal", "platoon", "KGD", 1, 5),
        "FJ": land("german", "german", "airborne", "company", "KGD", 3, 5, elite=True, assault=True, code="R"),
        "Flak": land("german", "german", "antiaircraft", "platoon", "KGD", 2, 3, range=3, anti_armor=True,
                     code="OPT"),
        "Ju87": {"class": "strike", "type": "air", "side": "german", "nationality": "german", "fire": 4},
        "Ju88": {"class": "strike", "type": "air", "side": "german", "nationality": "german", "fire": 3},
        "1SG": land("allied", "british", "infantry", "battalion", "BR", 4, 4, assault=True, name="1 Scots Guards"),
        "1IG": land("allied", "british", "infantry", "battalion", "BR", 4, 4, assault=True),
        "RM": land("allied", "british", "marine", "company", "BR", 2, 4, elite=True, assault=True),
        "KOH": land("allied", "british", "tank", "company", "BR", 3, 6, anti_armor=True, code="R"),
        "Gurkha": land("allied", "british", "infantry", "wing", "BR", 5, 6, elite=True, assault=True, code="OPT"),
        "6BCA": land("allied", "french", "ski", "battalion", "FR", 4, 5, elite=True, assault=True, code="S",
                     formation="27 DBCA"),
        "I/13": land("allied", "french", "infantry", "battalion", "FR", 5, 4, elite=True, assault=True, code="S",
                     formation="13 DBLE"),
        "1PHB": land("allied", "polish", "infantry", "battalion", "PL", 4, 4, assault=True, code="S",
                     formation="Polish Highland Brigade"),
        "Alta": land("allied", "norwegian", "infantry", "battalion", "NW", 3, 4, assault=True),
        "II/15": land("allied", "norwegian", "ski", "battalion", "NW", 3, 6, elite=True, assault=True),
        "I/14": land("allied", "norwegian", "infantry", "battalion", "NW", 3, 4, assault=True, code="S",
                     formation="Norwegian 7 Brigade"),
        "Auchinleck": {"class": "land", "side": "allied", "nationality": "british", "type": "leader",
                       "subcommand": "BR"},
        "Skua": {"class": "strike", "type": "air", "side": "allied", "nationality": "british", "fire": 3},
        "Warspite": {"class": "strike", "type": "naval", "side": "allied", "nationality": "british", "fire": 6},
        "AP": {"class": "marker", "type": "action-points", "side": "german"},
    }


def set_up() -> list[Entry]:
    """3.1, 3.2 with every name form records-four-games.md allows (capitalisation, suffixes, the errata)."""
    return [
        {"place": "Dietl", "at": "Narvik"}, {"place": "I/139", "at": "0919"}, {"place": "Pio", "at": "0517"},
        {"place": "II/139", "at": "BJORNFJELL"}, {"place": "Gebirgs-Art", "at": "0618"},
        {"place": "Sig", "at": "0517"}, {"place": "Flak", "at": "2019"},
        {"place": "FJ", "at": "German Random Reinforcements Display"},
        {"place": "Ju87", "at": "german random reinforcements"}, {"place": "Ju88", "at": "German Random Reinforcements"},
        {"place": "1SG", "at": "bogen"}, {"place": "1IG", "at": "Harstad Staging Area"}, {"place": "RM", "at": "0217"},
        {"place": "Gurkha", "at": "Harstad"},  # 22.1: one Allied optional unit for the German Flak (OPT)
        {"place": "KOH", "at": "Allied Random Reinforcements"},          # the errata's upper half
        {"place": "Skua", "at": "Allied Random Reinforcements Display"},
        {"place": "Warspite", "at": "Allied Scheduled Reinforcements"},  # 3.2 as printed: strikes there
        {"place": "6BCA", "at": "Allied Scheduled Reinforcements Display"},
        {"place": "I/13", "at": "ALLIED SCHEDULED REINFORCEMENTS"}, {"place": "1PHB", "at": "Allied Scheduled Reinforcements"},
        {"place": "I/14", "at": "Allied Scheduled Reinforcements"},
        {"place": "Auchinleck", "at": "Allied Scheduled Reinforcements"},
        {"place": "Alta", "at": "Salangen"}, {"place": "II/15", "at": "Bardufoss Display"},
        {"place": "AP", "at": "0101"},  # 6.2: a marker; markers never count (9.0)
    ]


def play() -> list[Entry]:
    """GT 1: the preparation segments, then actions of every kind the doc lists."""
    return [
        {"turn": "GT 1", "phase": "action-point-determination"},
        {"roll": {"side": "allied", "for": "action-points", "result": 4}},
        {"roll": {"side": "german", "for": "action-points", "result": 3}},
        {"turn": "GT 1", "phase": "random-events"},
        # Operation R4 (Allied Events Table 1): two scheduled formations may arrive this GT (8.2.2).
        {"roll": {"side": "allied", "for": "events", "result": 1}},
        {"roll": {"side": "german", "for": "events", "result": 1}},
        {"roll": {"side": "german", "for": "reinforcements", "result": [2, 5]}},
        {"move": "Ju87", "to": "German Air Strikes Available Display"},
        {"move": "Skua", "to": "Allied Air & Naval Strikes Available"},
        {"move": "Warspite", "to": "Allied Air and Naval Strikes Available Display"},
        {"turn": "GT 1", "phase": "initiative-determination"},
        {"turn": "GT 1", "phase": "reinforcement"},
        {"move": "6BCA", "to": "Harstad"}, {"move": "I/14", "to": "Bardufoss Staging Area"},
        {"turn": "GT 1", "phase": "actions"},
        # 21.0: recon on 0416 reveals the units in and next to it (Pio and Sig in 0517).
        {"action": {"side": "allied", "kind": "recon", "subcommand": "BR", "hex": "0416", "ap": 1}},
        {"reveal": {"units": ["Pio", "Sig"], "to": "allied"}},
        {"action": {"side": "german", "kind": "pass"}},
        # 12.0: 1SG moves two hexes and stops next to the Germans.
        {"action": {"side": "allied", "kind": "Move", "subcommand": "BR", "units": ["1SG"], "ap": 1}},
        {"move": "1SG", "to": "0316"}, {"move": "1SG", "to": "0416"},
        {"action": {"side": "german", "kind": "pass"}},
        # 14.4, 14.4.1: close assault on 0517, the defenders revealed; Pio counterattacks the firing hex.
        {"action": {"side": "allied", "kind": "close assault", "subcommand": "BR", "ap": 2}},
        {"attack": {"hex": "0517", "attackers": ["1SG"]}},
        {"reveal": {"units": ["Pio", "Sig"], "to": "allied"}},
        {"reveal": {"units": ["1SG"], "to": "german"}},
        {"roll": {"side": "allied", "for": "close-assault", "unit": "Pio", "result": 2}},
        {"roll": {"side": "allied", "for": "close-assault", "unit": "Sig", "result": 6}},
        {"move": "Sig", "to": "German Available for Regroup Display"},
        {"attack": {"hex": "0416", "attackers": ["Pio"]}},
        {"roll": {"side": "german", "for": "counterattack", "unit": "1SG", "result": 1}},
        # 14.2: ranged fire, 0618 to 0416 is three hexes, range four.
        {"action": {"side": "german", "kind": "fire", "subcommand": "KGD", "ap": 1}},
        {"attack": {"hex": "0416", "attackers": ["Gebirgs-Art"]}},
        {"reveal": {"units": ["1SG"], "to": "german"}},
        {"roll": {"side": "german", "for": "fire", "unit": "1SG", "result": 3}},
        # 16.0: strikes are moved into the target hex first, then attack; then back to the random display.
        # A naval strike goes to a coastal hex: Narvik (0919) on the Ofotfjord (0517 lies inland).
        {"action": {"side": "allied", "kind": "naval-support", "ap": 1}},
        {"move": "Warspite", "to": "0919"},
        {"attack": {"hex": "0919", "attackers": ["Warspite"], "target": ["I/139"]}},
        {"roll": {"side": "allied", "for": "naval-strike", "unit": "I/139", "result": 4}},
        {"move": "Warspite", "to": "Allied Random Reinforcements"},
        {"action": {"side": "german", "kind": "air-support", "ap": 1}},
        {"move": "Ju87", "to": "0416"},
        {"attack": {"hex": "0416", "attackers": ["Ju87"]}},
        {"roll": {"side": "german", "for": "air-strike", "unit": "1SG", "result": 5}},
        {"move": "1SG", "to": "Allied Available for Regroup"},
        {"move": "Ju87", "to": "German Random Reinforcements"},
        # 17.0: 1SG regroups to Harstad; Sig (non-elite, 4-6) to a German-occupied objective hex out of any
        # EZOC. 5.1: the players alternate until both pass in sequence.
        {"action": {"side": "allied", "kind": "regroup", "subcommand": "BR", "ap": 1}},
        {"roll": {"side": "allied", "for": "regroup", "unit": "1SG", "result": 6}},
        {"move": "1SG", "to": "Harstad Staging Area"},
        {"action": {"side": "german", "kind": "regroup", "subcommand": "KGD", "ap": 1}},
        {"roll": {"side": "german", "for": "regroup", "unit": "Sig", "result": 4}},
        {"move": "Sig", "to": "Narvik"},
        {"action": {"side": "allied", "kind": "pass"}},
        {"action": {"side": "german", "kind": "pass"}},
        {"turn": "GT 1", "phase": "victory-check"},
        {"turn": "GT 1", "phase": "turn-advance"},
        {"move": "AP", "to": "0919"},
    ]


def record(entries: list[Entry]) -> dict[str, Any]:
    return {"format": "vassal-tools/record@1", "game": "narvik-1940", "units": units(), "entries": entries}


def found(entries: list[Entry]) -> list[tuple[str, str | None]]:
    return [(f.rule, f.where) for f in audit(record(entries))]


def test_the_outsiders_game_reads_and_keeps_every_rule():
    assert found(set_up() + play()) == []


def test_every_name_form_reads_as_the_place():
    loaded = load_record(record(set_up() + play() + [
        {"move": "II/139", "to": "Ankenes"}, {"move": "KOH", "to": "Allied Troop Transfer Units Display"},
        {"move": "Flak", "to": "german permanently eliminated"}, {"move": "Alta", "to": "Allied Permanently Eliminated Display"},
    ]), pack_for)
    at = {(e.unit, getattr(e, "at", None) or getattr(e, "to", None)) for e in loaded.entries if hasattr(e, "unit")}
    assert {("II/139", "2020"), ("1SG", "0216"), ("1IG", "Harstad"), ("II/15", "Bardufoss"), ("Dietl", "0919"),
            ("FJ", "German Random Reinforcements"), ("Warspite", "Allied Air & Naval Strikes Available"),
            ("Sig", "German Available for Regroup"), ("KOH", "Allied Troop Transfer"),
            ("Flak", "German Permanently Eliminated"), ("Alta", "Allied Permanently Eliminated")} <= at
    assert ("II/139", "0820") in at  # Ankenes names its hex (places.csv: its real position through the fit)


def test_a_snapshot_from_a_later_turn_is_not_judged_as_a_set_up():
    entries = [{"place": "II/139", "at": "0101"}, {"place": "Alta", "at": "Harstad"},
               {"turn": "GT 4", "phase": "actions"}]
    assert found(entries) == []


def replaced(entries: list[Entry], old: Entry, *new: Entry) -> list[Entry]:
    out = copy.deepcopy(entries)
    index = out.index(old)
    return out[:index] + list(new) + out[index + 1:]


def inserted(entries: list[Entry], after: Entry, *new: Entry) -> list[Entry]:
    index = entries.index(after) + 1
    return entries[:index] + list(new) + entries[index:]


GAME = set_up() + play()
PASS_G = {"action": {"side": "german", "kind": "pass"}}

VARIANTS: dict[str, tuple[Callable[[], list[Entry]], list[tuple[str, str | None]]]] = {
    # 3.1: within 15 hexes of Bjornfjell, not counting it: 0420 is 16 away.
    "german at-start too far": (lambda: replaced(GAME, {"place": "II/139", "at": "BJORNFJELL"},
                                                 {"place": "II/139", "at": "0420"}), [("3.1", "0420")]),
    # 3.1: an R unit starts in the German Random Reinforcements display.
    "R unit on the map": (lambda: replaced(GAME, {"place": "FJ", "at": "German Random Reinforcements Display"},
                                           {"place": "FJ", "at": "1919"}), [("3.1", "1919")]),
    # 3.2: Norwegian at-start units in Bardufoss or in/adjacent to Salangen, not Harstad.
    "norwegian in harstad": (lambda: replaced(GAME, {"place": "Alta", "at": "Salangen"},
                                              {"place": "Alta", "at": "Harstad Staging Area"}), [("3.2", "Harstad")]),
    # 3.2: all French units are scheduled reinforcements.
    "french at start": (lambda: replaced(GAME, {"place": "I/13", "at": "ALLIED SCHEDULED REINFORCEMENTS"},
                                         {"place": "I/13", "at": "0216"}),
                        [("3.2", "0216"), ("9.0", "0216")]),  # and French with British in Bogen (9.0)
    # 18.2: Auchinleck starts in the Allied Scheduled Reinforcement Display.
    "auchinleck in harstad": (lambda: replaced(GAME, {"place": "Auchinleck", "at": "Allied Scheduled Reinforcements"},
                                               {"place": "Auchinleck", "at": "Harstad"}), [("18.2", "Harstad")]),
    # 22.1: an Allied optional unit in the start force only for a German OPT(A) unit deployed.
    "optional without german": (lambda: [e for e in GAME if e != {"place": "Flak", "at": "2019"}], [("22.1", None)]),
    # 9.0: different Allied nationalities never stack (checked at the end of the segment).
    "norwegian with british": (lambda: inserted(GAME, {"move": "6BCA", "to": "Harstad"}, {"move": "Alta", "to": "0217"}),
                               [("9.0", "0217")]),
    # 9.0: three German ground units; Dietl does not count, a fourth ground unit does (FJ lands by 8.1.1).
    "four germans": (lambda: inserted(GAME, {"move": "I/14", "to": "Bardufoss Staging Area"},
                                      {"move": "Flak", "to": "0919"}, {"move": "II/139", "to": "0919"},
                                      {"move": "FJ", "to": "0919"}), [("9.0", "0919")]),
    # 11.0: the declared sub-command executes the action (1SG is British, not French).
    "wrong sub-command": (lambda: replaced(GAME, {"action": {"side": "allied", "kind": "Move", "subcommand": "BR",
                                                             "units": ["1SG"], "ap": 1}},
                                           {"action": {"side": "allied", "kind": "move", "subcommand": "FR"}}),
                          [("11.0", "0316")]),
    # 20.0: only Allied units enter the Allied staging areas.
    "german in bardufoss": (lambda: inserted(GAME, {"move": "I/14", "to": "Bardufoss Staging Area"},
                                             {"move": "Flak", "to": "Bardufoss"}), [("20.0", "Bardufoss")]),
    # 9.0: opposing combat units never share a hex.
    "opposing units": (lambda: inserted(GAME, {"move": "1SG", "to": "0416"}, {"move": "RM", "to": "0517"}),
                       [("9.0", "0517")]),
    # 21.0: a recon reveals units in or next to its hex only (0517 is not next to 0216).
    "recon too far": (lambda: replaced(GAME, {"action": {"side": "allied", "kind": "recon", "subcommand": "BR",
                                                          "hex": "0416", "ap": 1}},
                                       {"action": {"side": "allied", "kind": "recon", "hex": "0216"}}),
                      [("21.0", "0517"), ("21.0", "0517")]),  # Pio and Sig
    # 21.0: never in the off-map displays.
    "reveal in a display": (lambda: inserted(GAME, {"reveal": {"units": ["Pio", "Sig"], "to": "allied"}},
                                             {"reveal": {"units": ["FJ"], "to": "allied"}}),
                            [("21.0", "German Random Reinforcements")]),
    # 14.4.1: a counterattack answers a close assault only, not fire.
    "counterattack after fire": (lambda: replaced(GAME, {"action": {"side": "allied", "kind": "close assault",
                                                                    "subcommand": "BR", "ap": 2}},
                                                  {"action": {"side": "allied", "kind": "fire", "subcommand": "BR"}}),
                                 [("14.4.1", "0416")]),
    # 14.4: close assault by capable units only (the Flak has no rectangle round its fire factor).
    # (The Flak is put next to Bogen by a place, as a snapshot would: 2019 is too far for one move, 12.0; and the
    # German player acts instead of passing, the players alternating, 5.1.)
    "flak close-assaults": (lambda: replaced(GAME, PASS_G, {"place": "Flak", "at": "0116"},
                                             {"action": {"side": "german", "kind": "close-assault", "subcommand": "KGD"}},
                                             {"attack": {"hex": "0216", "attackers": ["Flak"]}},
                                             {"reveal": {"units": ["1SG"], "to": "german"}}), [("14.4", "0216")]),
    # 14.2: range four; RM set up in 0117 (next to Bogen) is five hexes from 0618.
    "out of range": (lambda: replaced(replaced(GAME, {"place": "RM", "at": "0217"}, {"place": "RM", "at": "0117"}),
                                      {"attack": {"hex": "0416", "attackers": ["Gebirgs-Art"]}},
                                      {"attack": {"hex": "0117", "attackers": ["Gebirgs-Art"]}}),
                     [("14.2", "0117"), ("21.0", "0416")]),  # and 1SG, not in the target hex, is revealed
    # 16.0: an air strike goes in an air support action, not a naval one.
    "skua in naval support": (lambda: inserted(GAME, {"move": "Warspite", "to": "0919"}, {"move": "Skua", "to": "0919"}),
                              [("16.0", "0919")]),
    # 16.0: German strikes only into enemy-occupied hexes.
    "strike on an empty hex": (lambda: replaced(GAME, {"move": "Ju87", "to": "0416"}, {"move": "Ju87", "to": "0516"}),
                               [("16.0", "0516"), ("16.0", "0416")]),
    # 17.0: German units regroup to a German-occupied objective hex (1912 is a peak, not an objective).
    "regroup to a peak": (lambda: replaced(GAME, {"move": "Sig", "to": "Narvik"}, {"move": "Sig", "to": "1912"}),
                          [("17.0", "1912")]),
    # 17.0, the Regroup Table: a non-elite unit's 3 is "No effect": it stays in the display.
    "regroup on a three": (lambda: replaced(GAME, {"roll": {"side": "german", "for": "regroup", "unit": "Sig", "result": 4}},
                                            {"roll": {"side": "german", "for": "regroup", "unit": "Sig", "result": 3}}),
                           [("17.0", "0919")]),
    # 17.0: British units regroup to Harstad.
    "british regroup to bardufoss": (lambda: replaced(GAME, {"move": "1SG", "to": "Harstad Staging Area"},
                                                      {"move": "1SG", "to": "Bardufoss"}), [("17.0", "Bardufoss")]),
    # records-four-games.md: a result outside 1-6 is a finding, each die of a list judged.
    "a seven": (lambda: replaced(GAME, {"roll": {"side": "german", "for": "reinforcements", "result": [2, 5]}},
                                 {"roll": {"side": "german", "for": "reinforcements", "result": [7, 5]}}),
                [("2.0", None)]),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_broken_rule_gives_exactly_its_findings(name):
    make, expected = VARIANTS[name]
    assert found(make()) == [(f"narvik-1940.txt {rule}", where) for rule, where in expected]
