"""Kampen om Norge refereed rule by rule (issue 25): for each rule a record that breaks it and one that keeps
it, written from kampen-om-norge.txt (the sentence that decides is quoted beside each), never from the code.
"""

from __future__ import annotations

import copy
from typing import Any

from vassal_tools.games.play import audit

FILE = "kampen-om-norge.txt"


def cite(number: str) -> str:
    return f"{FILE} {number}"


def bn(side: str, **more: Any) -> dict[str, Any]:
    nationality = {"german": "german", "norwegian": "norwegian", "allied": "british"}[side]
    return {"class": "land", "side": side, "nationality": nationality, "size": "battalion", **more}


def ship(side: str, type: str, name: str) -> dict[str, Any]:
    return {"class": "naval", "side": side, "type": type, "name": name}


def card(side: str, name: str, **more: Any) -> dict[str, Any]:
    return {"card": {"side": side, "name": name, **more}}


def roll(purpose: str, result: Any, **more: Any) -> dict[str, Any]:
    return {"roll": {"for": purpose, "result": result, **more}}


def found(entries: list[dict[str, Any]], units: dict[str, Any], **top: Any) -> list[tuple[str, str | None]]:
    rec = {"format": "vassal-tools/record@1", "game": "kampen-om-norge", **top, "units": units,
           "entries": copy.deepcopy(entries)}
    return [(f.rule, f.where) for f in audit(rec)]


def messages(entries: list[dict[str, Any]], units: dict[str, Any], **top: Any) -> list[str]:
    rec = {"format": "vassal-tools/record@1", "game": "kampen-om-norge", **top, "units": units,
           "entries": copy.deepcopy(entries)}
    return [f.message for f in audit(rec)]


# -- 4.2: who won, from the dice ("The side rolling the highest combined total on the combat dice wins the
# combat. The defender wins if the dice are tied."); the loser retreats, the winner stays.

def bardufoss(german: list[int], norwegian: list[int], after: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    # Example 3, Bardufoss: one German battalion attacks from Bjørnfjell, one Norwegian battalion defends.
    units = {"g1": bn("german"), "n1": bn("norwegian")}
    entries = [{"place": "g1", "at": "Bjørnfjell"}, {"place": "n1", "at": "Bardufoss"},
               {"turn": "Round 5", "phase": "german-movement"}, {"move": "g1", "to": "Bardufoss"},
               {"phase": "german-combat"}, roll("land-combat", german, side="german", zone="Bardufoss"),
               roll("land-combat", norwegian, side="norwegian", zone="Bardufoss"), *after,
               {"phase": "german-reinforcement"}]
    return found(entries, units, variant="basic")


def test_the_highest_total_wins_and_the_loser_retreats():
    # Example 3: "Germany's 5 beat Norway's 4. Norway must retreat" (to Tromsø).
    assert bardufoss([5], [4], [{"move": "n1", "to": "Tromsø"}]) == []
    # The beaten Norwegian stays and the winning attacker goes back: both against 4.2.
    assert bardufoss([5], [4], [{"move": "g1", "to": "Bjørnfjell"}]) == [(cite("4.2"), "Bardufoss")] * 2


def test_a_tie_is_the_defenders():
    # 4.2: "The defender wins if the dice are tied" (Example 1: the tie sends Germany back to Gjøvik).
    assert bardufoss([4], [4], [{"move": "g1", "to": "Bjørnfjell"}]) == []
    assert bardufoss([4], [4], [{"move": "n1", "to": "Tromsø"}]) == [(cite("4.2"), "Bardufoss")] * 2


def test_each_six_defeats_one_enemy_battalion():
    # 4.2 Combat Dice: a 6 "defeats an enemy battalion"; step 6: "Both sides remove their defeated battalions".
    # Example 2: Germany's one 6 costs the Allies one battalion; the Germans, beaten with nowhere to retreat,
    # are all defeated.
    units = {"g1": bn("german"), "g2": bn("german"), "n1": bn("norwegian"),
             "a1": bn("allied"), "a2": bn("allied"), "a3": bn("allied")}
    start = [{"place": "g1", "at": "Åndalsnes"}, {"place": "g2", "at": "Åndalsnes"}, {"place": "n1", "at": "Dombås"},
             {"turn": "Round 2", "phase": "allied-movement"},
             card("allied", "Invasjon", zone="Åndalsnes", use="place"),
             card("allied", "Forsterkninger", use="reinforcement", symbols=9),
             {"place": "a1", "at": "Åndalsnes"}, {"place": "a2", "at": "Åndalsnes"}, {"place": "a3", "at": "Åndalsnes"},
             {"phase": "allied-combat"}, roll("land-combat", [4, 4, 4], side="allied", zone="Åndalsnes"),
             roll("land-combat", [6, 1], side="german", zone="Åndalsnes")]
    end = [{"remove": "g1"}, {"remove": "g2"}, {"phase": "allied-reinforcement"}]
    assert found(start + [{"remove": "a1"}] + end, units) == []
    assert found(start + end, units) == [(cite("4.2"), "Åndalsnes")]  # the six's battalion not removed
    assert found(start + [{"remove": "a1"}, {"remove": "a2"}] + end, units) == [(cite("4.2"), "Åndalsnes")]
    # A loser that keeps battalions loses only what the sixes defeat: the Allies (attacking) lose 4 to 7 to
    # one six, and retreat (from sea "to an available land area, just like defending battalions").
    lost = start[:10] + [roll("land-combat", [1, 2, 1], side="allied", zone="Åndalsnes"),
                         roll("land-combat", [6, 1], side="german", zone="Åndalsnes"), {"remove": "a1"}]
    away = [{"move": "a3", "to": "Dombås"}, {"phase": "allied-reinforcement"}]
    assert found(lost + [{"move": "a2", "to": "Dombås"}] + away, units) == []
    assert found(lost + [{"remove": "a2"}] + away, units) == [(cite("4.2"), "Åndalsnes")]


def test_a_cancelled_card_adds_no_dice():
    # Appendix: Panservernkanon "Cancels a Panzer card", Speidertropp "Cancels a Bakhold card"; Jagerbomber
    # "Cancels a Jagerfly card", so the Bombefly Jagerfly cancelled counts again.
    units = {"g1": bn("german"), "n1": bn("norwegian")}

    def fight(cards: list[dict[str, Any]], german: list[int]) -> list[tuple[str, str | None]]:
        entries = [{"place": "g1", "at": "Kongsvinger"}, {"place": "n1", "at": "Hamar"},
                   {"turn": "Round 3", "phase": "german-movement"}, {"move": "g1", "to": "Hamar"},
                   {"phase": "german-combat"}, *cards, roll("land-combat", german, side="german", zone="Hamar"),
                   roll("land-combat", [1], side="norwegian", zone="Hamar"), {"move": "n1", "to": "Gjøvik"}]
        return found(entries, units)
    panzer = card("german", "Panzer", zone="Hamar", use="attack")
    antitank = card("norwegian", "Panservernkanon", zone="Hamar", use="cancel")
    assert fight([panzer], [2, 2, 2]) == []  # one battalion and Panzer's two
    assert fight([panzer, antitank], [2, 2, 2]) == [(cite("4.2"), "Hamar")]
    assert fight([panzer, antitank], [2]) == []
    allied = {"g1": bn("german"), "a1": bn("allied")}  # Stavanger: in air range from Germany, by Sea Zone III
    bombers = [card("german", "Bombefly", zone="Stavanger", use="attack"),
               card("allied", "Jagerfly", zone="Stavanger", use="cancel")]
    entries = [{"place": "g1", "at": "Egersund"}, {"place": "a1", "at": "Stavanger"},
               {"turn": "Round 3", "phase": "german-movement"}, {"move": "g1", "to": "Stavanger"},
               {"phase": "german-combat"}, *bombers, roll("land-combat", [3, 3, 3], side="german", zone="Stavanger"),
               roll("land-combat", [1], side="allied", zone="Stavanger"), {"remove": "a1"}]  # no way out: defeated
    assert found(entries, allied) == [(cite("4.2"), "Stavanger")]  # Bombefly cancelled: one die, not three
    unsaid = [*entries[:6], card("allied", "Jagerfly", zone="Stavanger"), *entries[7:]]  # its only use in combat
    assert found(unsaid, allied) == [(cite("4.2"), "Stavanger")]
    fighter_bombers = card("german", "Jagerbomber", zone="Stavanger", use="cancel")
    assert found(entries[:7] + [fighter_bombers] + entries[7:], allied) == []


def test_findings_name_a_card_in_norwegian_and_english():
    # Issue 25 §3: the Appendix's "Translation of Cards" gives each card an English name; a record may use it.
    units = {"g1": bn("german"), "n1": bn("norwegian")}
    entries = [{"place": "g1", "at": "Oslo"}, {"place": "n1", "at": "Tynset"},
               {"turn": "Round 3", "phase": "german-movement"}, {"move": "g1", "to": "Hønefoss"},
               card("norwegian", "Roadblock", zone="Hønefoss", use="cancel", units=["g1"]), {"move": "g1", "to": "Oslo"}]
    said = messages(entries, units)
    assert any("Veisperring (Roadblock)" in message for message in said), said


# -- the advanced game (5-8): a record that shows ships on the board or the 9. April turn is judged by its rules

def test_a_record_with_ships_is_the_advanced_game_after_9_april_too():
    # 8.3: Germany may reinforce "land areas adjacent to a sea zone that does not contain any Allied ships, if
    # also every sea zone south of this sea zone does not contain any Allied ships"; 4.3 (basic): only by
    # Sea Zones I and II. Bergen is by Sea Zone IV; the Allied ship is in VI, north of it.
    units = {"g1": bn("german"), "w1": ship("allied", "slagskip", "Warspite")}
    entries = [{"place": "w1", "at": "Sea Zone VI"}, {"turn": "Round 3", "phase": "german-reinforcement"},
               {"place": "g1", "at": "Bergen"}]
    assert found(entries, units) == []
    assert found(entries, units, variant="basic") == [(cite("4.3"), "Bergen")]  # the record says basic
    april = [{"turn": "9. April", "phase": "new-cards"}] + entries[1:]  # the 9. April turn, no ship placed
    assert found(april, {"g1": bn("german")}) == []
    assert found(entries[1:], {"g1": bn("german")}) == [(cite("4.3"), "Bergen")]  # nothing advanced shown


def test_jagerfly_needs_a_carrier_once_ships_are_on_the_board():
    # Appendix Jagerfly: "Advanced Rules: Requires the presence of a Aircraft carrier in the adjacent sea zone".
    units = {"g1": bn("german"), "a1": bn("allied"), "c1": ship("allied", "hangarskip", "Ark Royal")}
    fight = [{"place": "g1", "at": "Egersund"}, {"place": "a1", "at": "Stavanger"},
             {"turn": "Round 3", "phase": "german-movement"}, {"move": "g1", "to": "Stavanger"},
             {"phase": "german-combat"}, card("german", "Bombefly", zone="Stavanger", use="attack"),
             card("allied", "Jagerfly", zone="Stavanger", use="cancel"),
             roll("land-combat", [3], side="german", zone="Stavanger"),
             roll("land-combat", [1], side="allied", zone="Stavanger"), {"remove": "a1"}]  # nowhere to go
    assert found([{"place": "c1", "at": "Sea Zone III"}] + fight, units) == []
    assert found([{"place": "c1", "at": "Sea Zone IV"}] + fight, units) == [(cite("Appendix Jagerfly"), "Stavanger")]


# -- 6.1 one stack a faction a sea zone; 8.1 interception written as rolls

def test_ships_placed_without_a_stack_are_the_zones_one_stack():
    # 6.1: "All ships of the same faction in the same sea zone are placed in a single stack."
    units = {"h": ship("german", "tung-krysser", "Admiral Hipper"), "k": ship("german", "mindre-skip", "Karlsruhe")}
    plain = [{"turn": "9. April", "phase": "initial"}, {"place": "h", "at": "Sea Zone III"},
             {"place": "k", "at": "Sea Zone III"}, {"phase": "movement"}]
    assert found(plain, units) == []
    apart = [plain[0], {"place": "h", "at": "Sea Zone III", "stack": "A"},
             {"place": "k", "at": "Sea Zone III", "stack": "B"}, plain[-1]]
    assert found(apart, units) == [(cite("6.1"), "Sea Zone III")]


def test_naval_interception_written_as_rolls_is_an_attempt():
    # records-four-games.md: "roll for: naval-interception; zone the area or sea zone"; 8.1: "Roll a die for
    # every enemy ship in the sea zone where the interception attempt is made" (Example 4: two dice, 6 and 4,
    # for Admiral Hipper and Karlsruhe).
    units = {"h": ship("german", "tung-krysser", "Admiral Hipper"), "k": ship("german", "mindre-skip", "Karlsruhe"),
             "w": ship("allied", "slagskip", "Warspite"), "l": ship("allied", "mindre-skip", "Lett krysser med jagere")}
    start = [{"turn": "9. April", "phase": "initial"}, {"place": "h", "at": "Sea Zone III"},
             {"place": "k", "at": "Sea Zone III"}, {"place": "w", "at": "Sea Zone III"},
             {"place": "l", "at": "Sea Zone III"}, {"phase": "movement"}]
    assert found(start + [roll("naval-interception", [6, 4], side="allied", zone="Sea Zone III")], units) == []
    assert found(start + [roll("naval-interception", 6, side="allied", zone="Sea Zone III"),
                          roll("naval-interception", 4, side="allied", zone="Sea Zone III")], units) == []
    assert found(start + [roll("naval-interception", [6], side="allied", zone="Sea Zone III"),
                          {"phase": "combat"}], units) == [(cite("8.1"), "Sea Zone III")]  # a die short
    # 8.1: "The attacker gets only one interception attempt in each sea zone each turn" (Germany on 9 April).
    both = [roll("naval-interception", [1, 2], side="german", zone="Sea Zone III"),
            roll("naval-interception", [6, 4], side="allied", zone="Sea Zone III")]
    assert found(start + both, units) == []
    again = both + [roll("naval-interception", [1, 2], side="german", zone="Sea Zone III")]
    assert found(start + again, units) == [(cite("8.1"), "Sea Zone III")]


# -- 2.4, 4.1: when each card may be played

def test_blown_bridge_in_the_german_movement_phase_only():
    # 2.4 caption: "The Norwegian card Sprengt bro (Blown bridge) can only be played phase 1 (movement) of your
    # opponent's turn"; Appendix: "Play when Germany have completed movement".
    units = {"g1": bn("german"), "g2": bn("german"), "n1": bn("norwegian")}
    start = [{"place": "g1", "at": "Kongsvinger"}, {"place": "g2", "at": "Kongsvinger"}, {"place": "n1", "at": "Hamar"}]
    german = [{"turn": "Round 2", "phase": "german-movement"}, {"move": "g1", "to": "Hamar", "stack": "s"},
              {"move": "g2", "to": "Hamar", "stack": "s"},
              card("norwegian", "Sprengt bro", zone="Hamar", use="cancel", units=["g1", "g2"]),
              {"move": "g1", "to": "Kongsvinger"}, {"move": "g2", "to": "Kongsvinger"}]
    assert found(start + german, units) == []
    own = [{"turn": "Round 2", "phase": "norwegian-movement"},
           card("norwegian", "Blown bridge", zone="Hamar", use="cancel")]
    assert found(start + own, units) == [(cite("2.4"), "Hamar")]


def test_panzer_in_combat_only():
    # 4.2 lists Panzer among the cards the attacker plays in the combat (step 1) and the defender (step 2);
    # the Appendix: "+2 combat dice in attack or +1 combat die in defense".
    units = {"g1": bn("german"), "n1": bn("norwegian")}
    start = [{"place": "g1", "at": "Kongsvinger"}, {"place": "n1", "at": "Hamar"},
             {"turn": "Round 2", "phase": "german-movement"}, {"move": "g1", "to": "Hamar"}]
    fight = [{"phase": "german-combat"}, card("german", "Panzer", zone="Hamar", use="attack"),
             roll("land-combat", [3, 3, 3], side="german", zone="Hamar"),
             roll("land-combat", [2], side="norwegian", zone="Hamar"), {"move": "n1", "to": "Gjøvik"}]
    assert found(start + fight, units) == []
    early = start + [card("german", "Armor", zone="Hamar", use="attack")] + fight[:1] + fight[2:]
    assert (cite("2.4"), "Hamar") in found(early, units)
    # 4.2 step 2: the defender plays its cards in the opponent's turn; Panzer in defense in Germany's own attack.
    assert (cite("2.4"), "Hamar") in found(start + [fight[0], card("german", "Panzer", zone="Hamar", use="defense")],
                                           units)


def test_9_april_cards_in_their_turn_only():
    # 6.2: 9. April cards "may only be used during the 9. April turn"; 7.4: action cards are drawn at its end.
    units = {"w": ship("allied", "slagskip", "Warspite")}
    later = [{"place": "w", "at": "Sea Zone IV"}, {"turn": "Round 2", "phase": "german-movement"},
             card("german", "Villedende manøver", zone="Sea Zone IV")]
    assert found(later, units) == [(cite("6.2"), "Sea Zone IV")]
    april = [{"turn": "9. April", "phase": "initial"}, {"place": "w", "at": "Sea Zone IV"},
             card("german", "Villedende manøver", zone="Sea Zone IV"), roll("Villedende manøver", 3, zone="Sea Zone IV")]
    assert found(april, units) == []
    panzer = [{"turn": "9. April", "phase": "combat"}, card("german", "Panzer", zone="Stavanger", use="attack")]
    assert (cite("7.4"), "Stavanger") in found(panzer, {})


# -- 8.2 Eidsvoll & Norge first; 6.1 dummies gone after 9 April; 8.1 task forces

def test_eidsvoll_and_norge_is_sunk_first():
    # 8.2 step 6: "If the Germans succeed in sinking an Allied ship, and "Eidsvoll & Norge" has taken part in the
    # combat, this ship is always sunk before any other Allied ship."
    units = {"h": ship("german", "tung-krysser", "Admiral Hipper"), "w": ship("allied", "slagskip", "Warspite"),
             "e": ship("norwegian", "panserskip", "Eidsvoll & Norge")}
    base = [{"place": "h", "at": "Sea Zone IV"}, {"place": "w", "at": "Sea Zone IV"},
            {"place": "e", "at": "Sea Zone IV"}, {"turn": "Round 2", "phase": "german-combat"},
            roll("naval-combat", [6], side="german", zone="Sea Zone IV"),
            roll("naval-combat", [3, 2], side="allied", zone="Sea Zone IV")]
    assert found(base + [{"remove": "e"}], units, variant="advanced") == []
    assert found(base + [{"remove": "w"}], units, variant="advanced") == [(cite("8.2"), "Sea Zone IV")]


def test_dummy_ships_leave_at_the_end_of_9_april():
    # 6.1: "All remaining dummy ships are removed at the end of the 9. April turn."
    units = {"d": ship("german", "dummy", "Dummy"), "h": ship("german", "tung-krysser", "Admiral Hipper")}
    april = [{"turn": "9. April", "phase": "initial"}, {"place": "d", "at": "Sea Zone V"},
             {"place": "h", "at": "Sea Zone V"}, {"phase": "new-cards"}]
    assert found(april + [{"remove": "d"}, {"turn": "Round 1", "phase": "german-movement"}], units) == []
    assert found(april + [{"turn": "Round 1", "phase": "german-movement"}], units) == [(cite("6.1"), "Sea Zone V")]


def test_ships_of_one_route_move_as_one_task_force():
    # 8.1: "All ships starting in the same sea zone and moving along the same route must move together as one
    # task force."
    units = {"w": ship("allied", "slagskip", "Warspite"), "r": ship("allied", "slagskip", "Renown"),
             "c": ship("allied", "mindre-skip", "Lett krysser med jagere")}
    start = [{"place": "w", "at": "Sea Zone V"}, {"place": "r", "at": "Sea Zone V"}, {"place": "c", "at": "Sea Zone VI"},
             {"turn": "Round 2", "phase": "allied-movement"}]

    def moves(*pairs: tuple[str, str, str | None]) -> list[dict[str, Any]]:
        return [{"move": u, "to": z, **({"stack": s} if s else {})} for u, z, s in pairs]
    together = moves(("w", "Sea Zone VIII", "tf"), ("r", "Sea Zone VIII", "tf"), ("w", "Sea Zone IV", "tf"),
                     ("r", "Sea Zone IV", "tf"), ("c", "Sea Zone VIII", None))
    assert found(start + together, units, variant="advanced") == []
    named_apart = moves(("w", "Sea Zone VIII", "a"), ("w", "Sea Zone IV", "a"), ("r", "Sea Zone VIII", "b"),
                        ("r", "Sea Zone IV", "b"))
    # ... and two stacks end in one sea zone (6.1: one stack a faction a sea zone).
    assert sorted(found(start + named_apart, units, variant="advanced")) == [(cite("6.1"), "Sea Zone IV"),
                                                                             (cite("8.1"), "Sea Zone IV")]
    split = moves(("w", "Sea Zone VIII", None), ("w", "Sea Zone IV", None), ("c", "Sea Zone VIII", None),
                  ("r", "Sea Zone VIII", None), ("r", "Sea Zone IV", None))
    assert found(start + split, units, variant="advanced") == [(cite("8.1"), "Sea Zone IV")]


# -- the decks a record shows: voided cards (5.1, 6.1, 7.2, 8.2) and discards (4.4)

def void(side: str, name: str) -> dict[str, Any]:
    return card(side, name, use="void")


def test_cards_voided_for_ships_sunk():
    # 8.2 step 6: "For every slagskip (battleship) or hangarskip (aircraft carrier) that has been sunk, the owner
    # must void 2 action cards from his card deck. For every tung krysser (heavy cruiser) or minder skip (light
    # warships) sunk he must void one action card"; 6.1: the Allies "may choose whether German action cards
    # should be voided or not".
    units = {"h": ship("german", "tung-krysser", "Admiral Hipper"), "w": ship("allied", "slagskip", "Warspite")}
    fight = [{"place": "h", "at": "Sea Zone IV"}, {"place": "w", "at": "Sea Zone IV"},
             {"turn": "Round 2", "phase": "german-combat"},
             roll("naval-combat", [6], side="german", zone="Sea Zone IV"),
             roll("naval-combat", [6], side="allied", zone="Sea Zone IV"), {"remove": "w"}, {"remove": "h"}]
    end = [{"phase": "allied-new-cards"}]
    two = [void("allied", "Stridsvogn"), void("allied", "Invasjon")]
    assert found(fight + two + end, units, variant="advanced") == []  # German cards spared
    assert found(fight + two + [void("german", "Panzer")] + end, units, variant="advanced") == []
    assert found(fight + two[:1] + end, units, variant="advanced") == [(cite("8.2"), None)]  # one short
    extra = two + [void("german", "Panzer"), void("german", "Artilleri")]
    assert found(fight + extra + end, units, variant="advanced") == [(cite("8.2"), None)]  # two for a cruiser


def test_raiders_and_the_egersund_cable_void_allied_cards():
    # 7.2: "Every German slagskip (battleship) raiding, voids two Allied action cards"; 5.1: "If the Germans
    # occupy Egersund in the 9. april turn, the Allies lose one card from their card deck".
    units = {"s": ship("german", "slagskip", "Scharnhorst"), "k": ship("german", "mindre-skip", "Karlsruhe"),
             "g": bn("german")}
    april = [{"turn": "9. April", "phase": "initial"}, {"place": "s", "at": "Sea Zone VI"},
             {"place": "k", "at": "Sea Zone III"}, {"phase": "combat"}, {"move": "s", "to": "Skip på raid"},
             {"place": "g", "at": "Egersund", "from": "k"}]
    voids = [void("allied", "Stridsvogn"), void("allied", "Invasjon"), void("allied", "Fremmedlegionær")]
    assert found(april + voids + [{"phase": "new-cards"}], units) == []
    assert found(april + voids[:2] + [{"phase": "new-cards"}], units) == [(cite("8.2"), None)]


def test_a_discard_only_when_no_card_was_used():
    # 4.4: "If the German or Allied player has used no action cards this round, they must discard one card from
    # their hand in their New Cards Phase".
    units = {"g": bn("german")}
    start = [{"place": "g", "at": "Oslo"}, {"turn": "Round 1", "phase": "german-movement"}]
    idle = [{"phase": "german-new-cards"}, card("german", "Artilleri", use="discard")]
    assert found(start + idle + [{"phase": "norwegian-movement"}], units) == []
    used = [{"phase": "german-reinforcement"}, card("german", "Forsterkninger", use="reinforcement", symbols=3)]
    assert found(start + used + idle + [{"phase": "norwegian-movement"}], units) == [(cite("4.4"), None)]
    # A record that writes discards and shows none where no card was used.
    later = [{"turn": "Round 2", "phase": "german-movement"}, {"phase": "german-new-cards"},
             {"phase": "norwegian-movement"}]
    assert found(start + idle + later, units) == [(cite("4.4"), None)]


# -- 1.3 the end of the game

def test_the_game_ends_when_a_side_has_no_battalion_left():
    # 1.3: "The game also ends the moment one of the sides manage to defeat all enemy battalions on the board."
    # The basic set-up (3) in full: Germany 13 battalions, Norway 9 (one piece over chips for each area).
    setup = [("german", "Oslo", 2), ("german", "Horten", 1), ("german", "Kristiansand", 1), ("german", "Egersund", 1),
             ("german", "Stavanger", 1), ("german", "Bergen", 2), ("german", "Trondheim", 2), ("german", "Narvik", 3),
             ("norwegian", "Kongsvinger", 1), ("norwegian", "Gjøvik", 1), ("norwegian", "Hønefoss", 1),
             ("norwegian", "Voss", 1), ("norwegian", "Steinkjer", 1), ("norwegian", "Bardufoss", 1),
             ("norwegian", "Gratangen", 1), ("norwegian", "Finnmark", 2)]
    units = {f"{side[0]}-{area}": bn(side, points=n) for side, area, n in setup}
    placed = [{"place": f"{side[0]}-{area}", "at": area} for side, area, _ in setup]
    survivors = [u for u in units if u.startswith("n-")]
    germany_wins = [{"turn": "Round 1", "phase": "german-combat"}] + [{"remove": u} for u in survivors]
    assert found(placed + germany_wins, units) == []
    assert found(placed + germany_wins + [{"phase": "german-reinforcement"}], units) == [(cite("1.3"), None)]
    # A record that leaves set-up units out may not show every battalion: not judged.
    partial = [p for p in placed if p["place"] != "g-Oslo"]
    assert found(partial + germany_wins + [{"phase": "german-reinforcement"}], units) == []


# -- Appendix Ingeniørkompani and Evakuerte matroser

def test_engineers_cancel_a_road_block():
    # Appendix Ingeniørkompani: "Cancels a Veisperring (Roadblock) or Sprengt bro (Blown bridge) card"; 4.1 c):
    # "Germany may counter the first two cards using Ingeniørkompani". The battalion stays: moving it back is
    # its own second move (4.1).
    units = {"g1": bn("german"), "n1": bn("norwegian")}
    start = [{"place": "g1", "at": "Kongsvinger"}, {"place": "n1", "at": "Hamar"},
             {"turn": "Round 2", "phase": "german-movement"}, {"move": "g1", "to": "Hamar"},
             card("norwegian", "Veisperring", zone="Hamar", use="cancel", units=["g1"])]
    back = [{"move": "g1", "to": "Kongsvinger"}]
    engineers = [card("german", "Ingeniørkompani", zone="Hamar", use="cancel")]
    assert found(start + back, units) == []
    assert found(start + engineers, units) == []
    assert found(start + engineers + back, units) == [(cite("4.1"), "Kongsvinger")]


def test_a_sunk_ship_lands_only_with_evacuated_sailors():
    # Appendix Evakuerte matroser: "One sunken German ship may land a battalion as normal, before the ship is
    # removed from the game."
    units = {"k": ship("german", "mindre-skip", "Karlsruhe"), "w": ship("allied", "slagskip", "Warspite"),
             "g": bn("german")}
    april = [{"turn": "9. April", "phase": "initial"}, {"place": "k", "at": "Sea Zone III"},
             {"place": "w", "at": "Sea Zone III"}, {"phase": "combat"},
             roll("naval-combat", [2], side="german", zone="Sea Zone III"),
             roll("naval-combat", [6], side="allied", zone="Sea Zone III"), {"remove": "k"}]
    landing = [{"place": "g", "at": "Haugesund", "from": "Karlsruhe"}]
    sailors = [card("german", "Evakuerte matroser", zone="Sea Zone III")]
    assert found(april + sailors + landing, units) == []
    assert found(april + landing, units) == [(cite("Appendix Evakuerte matroser"), "Haugesund")]


# -- coverage.toml (issue 24/25): every rule a status, none judged and marked

def test_coverage_marks_only_rules_no_check_judges():
    import re
    import tomllib

    from conftest import ROOT, SHARED
    from vassal_tools.games import pack_for

    text = (SHARED / "rules" / FILE).read_text(encoding="utf-8")
    printed = set(re.findall(r"^(\d+(?:\.\d+)?) ", text, re.MULTILINE)) | {"3", "4"}
    coverage = tomllib.loads((ROOT / "vassal_tools" / "games" / "kampen_om_norge" / "coverage.toml").read_text(
        encoding="utf-8"))["rules"]
    judged = {rule for check in pack_for("kampen-om-norge").checks for rule in check.rules}
    for rule, said in coverage.items():
        assert rule in printed or (rule.startswith("Appendix ") and f"**{rule.split(' ', 1)[1]}**" in text), rule
        if "status" in said:
            assert said["status"] in ("not-judgeable", "sample-values", "needs-values", "not-yet"), rule
            assert rule not in judged and said.get("why"), rule
        else:
            assert rule in judged and said.get("note"), rule


def test_a_piece_over_chips_loses_battalions_by_its_points():
    # 2.2: a piece over chips is that many battalions; 4.2: each 6 defeats one of them. Written down with
    # `steps` (its points left) or removed whole.
    units = {"G": bn("german", points=3), "N": bn("norwegian", points=2)}
    start = [{"place": "G", "at": "Oppdal"}, {"place": "N", "at": "Tynset"},
             {"turn": "Round 3", "phase": "german-movement"}, {"move": "G", "to": "Tynset"},
             {"phase": "german-combat"}, roll("land-combat", [6, 4, 4], side="german", zone="Tynset"),
             roll("land-combat", [6, 1], side="norwegian", zone="Tynset")]
    kept = [{"steps": "G", "to": 2}, {"steps": "N", "to": 1}, {"move": "N", "to": "Dombås"}]
    assert found(start + kept, units) == []
    assert found(start + kept[1:], units) == [(cite("4.2"), "Tynset")]  # Norway's six defeated no German
    assert found(start + [kept[0], {"remove": "N"}], units) == []  # beaten, and all gone (nowhere to go)


def test_coastal_defences_turn_a_landing_away():
    # Appendix Kystfort: "Play when Germany lands battalions in a land area with a victory city"; either result:
    # the ship "may not land its battalion. The remaining ships must land their battalions in other land areas",
    # or "No German battalions may land in the land area with the victory city".
    units = {"k": ship("german", "mindre-skip", "Karlsruhe"), "h": ship("german", "tung-krysser", "Admiral Hipper"),
             "g1": bn("german"), "g2": bn("german")}
    april = [{"turn": "9. April", "phase": "initial"}, {"place": "k", "at": "Sea Zone III"},
             {"place": "h", "at": "Sea Zone III"}, {"phase": "combat"},
             card("norwegian", "Kystfort", zone="Stavanger"), roll("Kystfort", 3, side="norwegian", zone="Stavanger")]
    elsewhere = [{"place": "g1", "at": "Egersund", "from": "k"}, {"place": "g2", "at": "Haugesund", "from": "h"}]
    assert found(april + elsewhere, units) == []
    there = [{"place": "g1", "at": "Stavanger", "from": "k"}]
    assert found(april + there, units) == [(cite("Appendix Kystfort"), "Stavanger")]
    inland = april[:4] + [card("norwegian", "Coastal defenses", zone="Egersund")]
    assert found(inland, units) == [(cite("Appendix Kystfort"), "Egersund")]


def test_the_symbols_that_call_raiders_back_bring_no_battalion():
    # 7.2: raiders return when "the German player exchanges 6 reinforcement symbols"; 4.3: 3 symbols a battalion.
    units = {"s": ship("german", "slagskip", "Scharnhorst"), "g1": bn("german"), "g2": bn("german")}
    turn = [{"place": "s", "at": "Skip på raid"}, {"turn": "Round 4", "phase": "german-movement"},
            card("german", "Forsterkninger", use="reinforcement", symbols=6), {"move": "s", "to": "Sea Zone VI"},
            {"phase": "german-reinforcement"}, {"place": "g1", "at": "Oslo"}]  # the free battalion
    assert found(turn + [{"phase": "german-new-cards"}], units, variant="advanced") == []
    assert found(turn + [{"place": "g2", "at": "Oslo"}, {"phase": "german-new-cards"}], units,
                 variant="advanced") == [(cite("4.3"), "Oslo")]


def test_no_more_cards_than_the_hand_holds_between_draws():
    # 2.4: "The player controlling Norway may have up to 3 action cards on his hand, and at the end of his turn
    # draws cards from his deck until he has a full hand of 3 cards"; Example 3: Germany "has played all 5 cards
    # from their hand".
    units = {"n1": bn("norwegian")}
    three = [{"place": "n1", "at": "Hamar"}, {"turn": "Round 2", "phase": "norwegian-reinforcement"},
             card("norwegian", "Forsterkninger", use="reinforcement", symbols=2),
             card("norwegian", "Bakhold", use="reinforcement", symbols=1),
             card("norwegian", "Veisperring", use="reinforcement", symbols=1)]
    assert found(three, units) == []
    fourth = card("norwegian", "Sprengt bro", use="reinforcement", symbols=1)
    assert found(three + [fourth], units) == [(cite("2.4"), None)]
    drawn = [{"phase": "norwegian-new-cards"}, {"turn": "Round 3", "phase": "norwegian-reinforcement"}, fourth]
    assert found(three + drawn, units) == []


# -- 4, 8: the sequence of play

def test_turns_and_phases_in_order_ships_before_battalions():
    # 4: "Germany performs the first turn. When Germany has finished their turn play passes on to Norway, and then
    # The Allies"; 8: "Naval movement occurs just before land movement".
    assert found([{"turn": "Round 2", "phase": "german-movement"}, {"phase": "german-combat"},
                  {"phase": "norwegian-movement"}, {"phase": "allied-movement"}], {}) == []
    assert found([{"turn": "Round 2", "phase": "norwegian-movement"}, {"phase": "german-movement"}], {}) == [
        (cite("4"), None)]
    units = {"g1": bn("german"), "s1": ship("german", "tung-krysser", "Admiral Hipper")}
    start = [{"place": "g1", "at": "Oslo"}, {"place": "s1", "at": "Sea Zone I"},
             {"turn": "Round 2", "phase": "german-movement"}]
    ship_first = [{"move": "s1", "to": "Sea Zone II"}, {"move": "g1", "to": "Hønefoss"}]
    assert found(start + ship_first, units, variant="advanced") == []
    assert found(start + ship_first[::-1], units, variant="advanced") == [(cite("8"), "Sea Zone II")]
