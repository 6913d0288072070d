"""Time the Invasion: Norway audit on a long record with supply checks in every phase.

    python bench/audit.py [--entries 2000] [--write game.json]

Builds a legal game around Oslo and the Norwegian Leads that plays every phase of
every turn: naval detection with interception, stacks moving and unloading,
land moves, air missions paying ASPs, attacks and defences paying SPs, the
Norwegian Surrender Phase, mobilization. Prints how long loading and auditing
take, and the number of findings (0 for this game). The brief's target: a
2,000-entry record audits in 3 s or less.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

MONTHS = ("April", "May", "June", "July", "August", "September", "October")

# Pools of supply: one marker standing for many SPs or ASPs (13.3.9 tracks, 13.2.2 track).
UNITS = {
    "g-sp": {"class": "supply", "type": "SP", "side": "german", "nationality": "german", "points": 9999},
    "a-sp": {"class": "supply", "type": "SP", "side": "allied", "nationality": "british", "points": 9999},
    "g-asp": {"class": "supply", "type": "ASP", "side": "german", "nationality": "german", "points": 9999},
}
GERMAN_FLEET = ["ger-ca-hipper", "ger-cl-koln", "ger-cl-konigsberg"]
ALLIED_STACK = ["brit-cl-southampton", "brit-cl-glasgow", "brit-cl-sheffield", "brit-ca-berwick", "brit-ca-york",
                "brit-dd-1"]
INTERCEPTORS = ["brit-ca-devonshire", "brit-ca-suffolk"]
MOBILIZING = [("nor-ir9-1", "4332"), ("nor-ir9-2", "4332"), ("nor-ir10-1", "4328"), ("nor-ir10-2", "4328"),
              ("nor-ir11-1", "3328"), ("nor-ir11-2", "3328")]


def turn_names():
    for month in MONTHS:
        start = 5 if month == "April" else 1
        for n in range(start, 11):
            yield f"{month} #{n}"


def setup() -> list[dict]:
    """Where everything starts (before the first phase)."""
    out = [{"control": "4820", "side": "german"}]
    out += [{"place": u, "at": "4720"} for u in ("ger-159-ir-1", "ger-159-ir-2", "ger-169-ar-1", "ger-mot-1")]
    out += [{"place": u, "at": "4619"} for u in ("brit-1-sg", "brit-1-ig")]
    # SPs a hex away from the units they supply, so that every supply check searches for a line.
    out += [{"place": "g-sp", "at": "4820"}, {"place": "a-sp", "at": "4618"}]
    out += [{"place": u, "at": h} for u, h in (("nor-ir7-1", "5625"), ("nor-ir12-1", "3018"), ("nor-ir6-1", "4021"))]
    out += [{"place": "ger-he111-1", "at": "airbase:Fornebu"}, {"place": "g-asp", "at": "air-supply-fornebu"},
            {"place": "brit-blenheim-1", "at": "Scotland"}, {"place": "nor-ir8-1", "at": "5130"}]
    out += [{"place": u, "at": "Germany", "stack": "G"} for u in GERMAN_FLEET]
    out += [{"place": u, "at": "Shetlands", "stack": "H"} for u in ALLIED_STACK]
    out += [{"place": u, "at": "Norwegian Leads"} for u in INTERCEPTORS]
    out += [{"place": "brit-cl-manchester", "at": "Norwegian Leads"}, {"place": "all-sp-1", "at": "Scotland"}]
    return out


def play_turn(turn: str, i: int) -> list[dict]:
    """One turn of every phase; ``i`` counts turns, to alternate where things go."""
    out: list[dict] = []

    def phase(name, *entries):
        out.append({"turn": turn, "phase": name})
        out.extend(entries)
        out.append({"end": name})

    at_sea = i % 2 == 1  # the German fleet sails out on even turns and is at sea on odd ones
    phase("weather", {"weather": {"north": "cloudy", "central": "clear", "south": "cloudy" if i % 3 else "clear"}})
    phase("reinforcement")
    # 6.1.1: the Allies hold Bergen, NDV 5 + 4 = 9 in the Leads; a roll of 0 (+1 at most) detects with room
    # to spare, and two interceptors are always allowed (6.2).
    phase("allied-naval-detection", *([
        {"roll": {"side": "allied", "for": "naval-detection", "zone": "Norwegian Leads", "target": GERMAN_FLEET,
                  "result": 0}},
        {"intercept": {"side": "allied", "zone": "Norwegian Leads", "naval": INTERCEPTORS}},
    ] if at_sea else []))
    phase("german-naval-detection",
          {"roll": {"side": "german", "for": "naval-detection", "zone": "Shetlands" if i % 2 else "Norwegian Leads",
                    "target": ALLIED_STACK, "result": 9}})
    there = "Norwegian Leads" if i % 2 == 0 else "Shetlands"
    moves = [{"move": u, "to": there, "stack": "H"} for u in ALLIED_STACK]
    if i % 2 == 0:  # a cruiser lands one SP in Egersund (Unloading Capacity 2, 8.6.1)
        moves += [{"move": "brit-cl-manchester", "to": "5429"}, {"move": "all-sp-1", "to": "5429"}]
    else:
        moves += [{"move": "brit-cl-manchester", "to": "Norwegian Leads"}, {"move": "all-sp-1", "to": "Scotland"}]
    phase("allied-naval-movement", *moves)
    fleet = [{"move": u, "to": "Jutland", "stack": "G"} for u in GERMAN_FLEET]
    fleet += [{"move": u, "to": "Norwegian Leads" if i % 2 == 0 else "Germany", "stack": "G"} for u in GERMAN_FLEET]
    phase("german-naval-movement", *fleet)
    phase("german-land-movement", {"move": "ger-159-ir-2", "to": "4820"}, {"move": "ger-159-ir-2", "to": "4720"},
          {"move": "ger-mot-1", "to": "4720"})
    phase("german-air-missions",
          {"mission": {"side": "german", "kind": "air-support", "units": ["ger-he111-1"], "from": "airbase:Fornebu",
                       "target": "4619", "supply": ["g-asp"]}},
          {"roll": {"side": "allied", "for": "air-detection", "zone": "4619", "target": ["ger-he111-1"],
                    "result": 9}})
    phase("german-ops-allied-air-missions",
          {"mission": {"side": "allied", "kind": "installation-bombing", "units": ["brit-blenheim-1"],
                       "from": "Scotland", "target": "4820"}},
          {"roll": {"side": "german", "for": "air-detection", "zone": "4820", "target": ["brit-blenheim-1"],
                    "result": 9}})
    phase("german-land-combat",
          {"attack": {"hex": "4619", "attackers": ["ger-159-ir-1", "ger-169-ar-1", "ger-mot-1"],
                      "supply": ["g-sp", "g-sp", "g-sp"]}},
          {"defend": {"hex": "4619", "supply": ["a-sp"]}})
    phase("german-motorized-movement", {"move": "ger-mot-1", "to": "4820"})
    phase("norwegian-surrender")
    phase("allied-land-movement", {"move": "brit-1-ig", "to": "4618"}, {"move": "brit-1-ig", "to": "4619"})
    phase("allied-air-missions")
    phase("allied-ops-german-air-missions")
    phase("allied-land-combat",
          {"attack": {"hex": "4720", "attackers": ["brit-1-sg"], "supply": ["a-sp"]}},
          {"defend": {"hex": "4720", "supply": ["g-sp"]}})
    phase("allied-motorized-movement")
    mobilize = [{"place": MOBILIZING[i][0], "at": MOBILIZING[i][1]}] if i < len(MOBILIZING) else []
    phase("norwegian-mobilization", *mobilize)
    phase("repair", {"hits": "airbase:Fornebu", "to": 0})
    return out


def legal_game(entries: int) -> dict:
    """A legal record of at least ``entries`` entries (whole turns)."""
    out = setup()
    for i, turn in enumerate(turn_names()):
        if len(out) >= entries:
            break
        out += play_turn(turn, i)
    return {"format": "vassal-tools/record@1", "game": "invasion-norway", "units": UNITS, "entries": out}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--write", type=Path, help="also write the generated record here")
    args = parser.parse_args(argv)

    from vassal_tools.games import pack_for
    from vassal_tools.games.play import audit
    from vassal_tools.record import load_record

    record = legal_game(args.entries)
    if args.write:
        args.write.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    t0 = time.perf_counter()
    _ = pack_for("invasion-norway").terrain.zoc  # the game data, read once per process
    t1 = time.perf_counter()
    loaded = load_record(record, pack_for)
    t2 = time.perf_counter()
    findings = audit(loaded)
    t3 = time.perf_counter()
    print(f"entries: {len(loaded.entries)}")
    print(f"game data load: {t1 - t0:.3f} s")
    print(f"record load:    {t2 - t1:.3f} s")
    print(f"audit:          {t3 - t2:.3f} s")
    print(f"load + audit:   {t3 - t1:.3f} s (target: 3 s or less)")
    print(f"findings:       {len(findings)}")
    for finding in findings[:10]:
        print("  ", finding)
    return 0


if __name__ == "__main__":
    sys.exit(main())
