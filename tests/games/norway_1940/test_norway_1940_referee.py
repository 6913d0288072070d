"""Norway 1940 refereed rule by rule (issue 25): for each rule a record that breaks it and one that keeps it,
written from norway-1940-scenario.txt (the sentence that decides is quoted beside each), never from the code.
"""

from __future__ import annotations

from typing import Any

from vassal_tools.games.norway_1940 import ID
from vassal_tools.games.norway_1940.data import FILE
from vassal_tools.games.play import audit


def findings(entries: list[dict[str, Any]], units: dict[str, Any] | None = None) -> list[tuple[str, object]]:
    record = {"format": "vassal-tools/record@1", "game": ID, "units": units or {}, "entries": entries}
    return [(f.rule.removeprefix(FILE + " "), f.where) for f in audit(record)]


def roll(purpose: str, result: Any, **more: Any) -> dict[str, Any]:
    return {"roll": {"for": purpose, "result": result, **more}}


def test_an_action_roll_of_0_cites_the_actions():
    # Actions: "Number of Actions is determined by the difference of each player's die roll"; the die is a d6.
    for word in ("action-roll", "action", "Action roll", "initiative"):
        entries = [{"turn": "Turn 1", "phase": "action-roll"}, roll(word, 0, side="german"),
                   roll(word, 3, side="allied")]
        assert findings(entries) == [("Actions", None)], word
    assert findings([{"turn": "Turn 1", "phase": "action-roll"}, roll("action", 2, side="german"),
                     roll("action", 3, side="allied")]) == []


def act(side: str, kind: str, *units: str) -> dict[str, Any]:
    return {"action": {"side": side, "kind": kind, "units": list(units)}}


def test_doubles_make_a_mid_turn_with_event_checks():
    # Actions: "Doubles do not count for a turn, rather as a mid-turn"; "Each player starting with the German
    # roll to check if Random Event occur. The German player picks an event chit on a die roll of 1-4. The
    # Allied player picks an event chit on a die roll of 1-3."
    rolled = [{"turn": "Turn 2", "phase": "action-roll"}, roll("action-roll", 3, side="german"),
              roll("action-roll", 3, side="allied")]
    events = [{"phase": "mid-turn"}, roll("random-event", 4, side="german", outcome="event"),
              roll("random-event", 4, side="allied", outcome="none")]
    assert findings(rolled + events) == []
    assert findings(rolled + [{"phase": "actions"}]) == [("Actions", None)]  # doubles are no turn
    assert findings(rolled[:2] + [roll("action-roll", 5, side="allied"), events[0]]) == [("Actions", None)]
    assert findings(rolled + [events[0], roll("random-event", 4, side="allied", outcome="event")]) == [
        ("Actions", None)]  # the German rolls first, and 4 picks no Allied chit
    assert findings(rolled + [events[0], roll("random-event", 5, side="german", outcome="event")]) == [
        ("Actions", None)]


UNITS = {"g1": {"class": "land", "nationality": "german", "type": "infantry", "size": "regiment"},
         "g2": {"class": "land", "nationality": "german", "type": "armor", "size": "battalion"},
         "g3": {"class": "land", "nationality": "german", "type": "armor", "size": "company"},
         "fr": {"class": "land", "nationality": "french", "type": "mountain", "size": "demi-brigade"},
         "para": {"class": "land", "nationality": "german", "type": "airborne", "size": "company"},
         "nor": {"class": "land", "nationality": "norwegian", "type": "infantry", "size": "brigade"},
         "furious": {"class": "naval", "nationality": "british", "type": "CV", "name": "Furious"},
         "gca": {"class": "naval", "nationality": "german", "type": "CA"},
         "gdd": {"class": "naval", "nationality": "german", "type": "DD"},
         "ju88": {"class": "air", "nationality": "german", "type": "Ju-88", "role": "B"},
         "me109": {"class": "air", "nationality": "german", "type": "Me-109", "role": "F"},
         "blenheim": {"class": "air", "nationality": "british", "type": "Blenheim", "role": "B"},
         "br": {"class": "land", "nationality": "german", "type": "commando", "size": "company"},
         "ni1": {"class": "land", "nationality": "german", "type": "naval_infantry", "size": "company"},
         "ni2": {"class": "land", "nationality": "german", "type": "naval_infantry", "size": "company"},
         "ni3": {"class": "land", "nationality": "german", "type": "naval_infantry", "size": "company"}}


def test_fall_gelb():
    # Fall Gelb: "The German player rolls one die and must withdraw that number of German Heavy units from the
    # map. For the rest of the game, the Allied player may not take the Call for Reinforcements (Allied)
    # action, and French units may not Refit."
    start = [{"place": "g2", "at": "Oslo"}, {"place": "g3", "at": "Oslo"}, {"place": "fr", "at": "Narvik"},
             {"turn": "Turn 4", "phase": "actions"}, roll("fall-gelb", 1, side="german"), {"remove": "g2"}]
    assert findings(start, UNITS) == []
    assert findings(start + [{"remove": "g3"}], UNITS) == [("Fall Gelb", None)]  # two for a die of one
    assert findings(start + [act("allied", "call-for-reinforcements")], UNITS) == [("Fall Gelb", None)]
    refit = {"roll": {"for": "refit", "target": ["fr"], "result": 2, "outcome": "refit"}}
    assert findings(start + [act("allied", "refit", "fr"), refit], UNITS) == [("Fall Gelb", None)]
    assert findings(start[:4] + [act("allied", "refit", "fr"), refit], UNITS) == []  # before Fall Gelb


def test_a_shock_roll_follows_every_trigger_a_record_shows():
    # Shock Effect Procedure: "When an action triggering shock has occurred, the player initiating that Action
    # must roll one 6-sided die"; "Sinking a Capital Ship. Each time either player eliminates an enemy BB, BC or
    # CV unit (regardless of the die roll)"; "Airborne Landing. Each time the German player lands an airborne
    # unit in an area containing an Allied ground unit."
    sink = [{"place": "furious", "at": "Sea Zone 35"}, {"place": "ju88", "at": "Third Reich"},
            {"turn": "Turn 1", "phase": "actions"}, act("german", "air", "ju88"),
            roll("air-naval-search", 2, side="german", unit="ju88", zone="Sea Zone 35"),
            {"attack": {"hex": "Sea Zone 35", "attackers": ["ju88"], "target": ["furious"]}}, {"remove": "furious"}]
    assert findings(sink + [roll("shock", 3, side="german")], UNITS) == []
    assert findings(sink + [act("allied", "naval")], UNITS) == [("Shock Effect Procedure", None)]
    drop = [{"place": "nor", "at": "Narvik"}, {"place": "para", "at": "Third Reich"},
            {"turn": "Turn 1", "phase": "actions"}, act("german", "air", "para"), {"move": "para", "to": "Narvik"}]
    assert findings(drop + [roll("shock", 2, side="german")], UNITS) == []
    assert findings(drop, UNITS) == [("Shock Effect Procedure", None)]


def test_brandenburgers_and_naval_infantry():
    # German Special Rules 2a: "The Br unit is placed on the map using a Launch Commando Operation action."
    commando = [{"turn": "Turn 2", "phase": "actions"}, act("german", "commando", "br"), {"place": "br", "at": "Bergen"}]
    assert findings(commando, UNITS) == []
    commando[1] = act("german", "air", "br")
    assert findings(commando, UNITS) == [("German Special Rules 2a", "Bergen")]
    # 2b: "The instant that a German BC, CA, CL or DD unit is eliminated ... roll one die. On an odd result, the
    # German player places one naval infantry unit ... There are only two of these units".
    sunk = [{"place": "gca", "at": "Sea Zone 41"}, {"place": "gdd", "at": "Sea Zone 41"},
            {"turn": "Turn 2", "phase": "actions"}, {"remove": "gca"}, roll("naval-infantry", 3, side="german"),
            {"place": "ni1", "at": "Bergen"}]
    assert findings(sunk, UNITS) == []
    even = sunk[:4] + [roll("naval-infantry", 4, side="german"), {"place": "ni1", "at": "Bergen"}]
    assert findings(even, UNITS) == [("German Special Rules 2b", "Bergen")]
    third = sunk + [{"remove": "gdd"}, roll("naval-infantry", 5, side="german"), {"place": "ni2", "at": "Bergen"},
                    roll("naval-infantry", 1, side="german"), {"place": "ni3", "at": "Bergen"}]
    assert findings(third, UNITS) == [("German Special Rules 2b", None), ("German Special Rules 2b", "Bergen")]


def test_only_fighters_start_air_to_air_combat():
    # Air-Air Combat: "Only fighter aircraft (F) can initiate an attack on other air units"; others "can return
    # fire defensively only if attacked by an enemy fighter, and then only fire at the fighter that attacked them".
    start = [{"place": "me109", "at": "Oslo"}, {"place": "blenheim", "at": "Oslo"},
             {"turn": "Turn 3", "phase": "actions"}, act("german", "air", "me109")]
    fired_back = [{"attack": {"hex": "Oslo", "attackers": ["me109"], "target": ["blenheim"]}},
                  {"attack": {"hex": "Oslo", "attackers": ["blenheim"], "target": ["me109"]}}]
    assert findings(start + fired_back, UNITS) == []
    started = [act("allied", "air", "blenheim"), {"attack": {"hex": "Oslo", "attackers": ["blenheim"],
                                                             "target": ["me109"]}}]
    assert findings(start[:3] + started, UNITS) == [("Air-Air Combat", "Oslo")]


def test_coverage_marks_only_rules_no_check_judges():
    import tomllib

    from test_norway_1940 import exists

    from conftest import ROOT
    from vassal_tools.games import pack_for

    coverage = tomllib.loads((ROOT / "vassal_tools" / "games" / "norway_1940" / "coverage.toml").read_text(
        encoding="utf-8"))["rules"]
    judged = {rule for check in pack_for(ID).checks for rule in check.rules}
    for rule, said in coverage.items():
        assert exists(rule), rule
        if "status" in said:
            assert said["status"] in ("not-judgeable", "sample-values", "needs-values", "not-yet"), rule
            assert rule not in judged and said.get("why"), rule
        else:
            assert rule in judged and said.get("note"), rule


def test_event_checks_only_after_doubles():
    # Actions: the event checks come with doubles; a record may leave the mid-turn phase out (records-four-games.md:
    # "Phases may be left out") and write them after the doubles.
    doubles = [{"turn": "Turn 2", "phase": "action-roll"}, roll("action-roll", 2, side="german"),
               roll("action-roll", 2, side="allied")]
    assert findings(doubles + [roll("random-event", 6, side="german")]) == []
    no_doubles = doubles[:2] + [roll("action-roll", 4, side="allied"), roll("random-event", 6, side="german")]
    assert findings(no_doubles) == [("Actions", None)]


def test_norwegian_zones_and_the_islands_begin_allied():
    # 27.2 1) Control: "All Norwegian land zones. The Faroe and Shetland Island begin as Allied controlled."
    for place in ("Oslo", "Narvik", "Faroe Islands", "Shetland Islands"):
        set_up = [{"control": place, "side": "german"}, {"turn": "Pre-turn", "phase": "pre-turn-activation"}]
        assert findings(set_up) == [("27.2 1", place)], place
    # Allied at the start keeps it; German control taken in play is the game's, not the set-up's.
    kept = [{"control": "Oslo", "side": "allied"}, {"turn": "Pre-turn", "phase": "pre-turn-activation"},
            {"control": "Oslo", "side": "german"}]
    assert findings(kept) == []
