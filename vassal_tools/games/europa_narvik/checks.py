"""The checks of the Europa Narvik pack, in the order they see each entry."""

from .air import AirAttacks, AirBasing, SixSidedDie
from .rolls import UnitRolls
from .stacking import Disruption, Headquarters, Stacking
from .supply import Supply

CHECKS = (Headquarters, Stacking, Disruption, Supply, AirAttacks, AirBasing, UnitRolls, SixSidedDie)

# What `vassal-tools games` lists: each check, the rules it cites (europa-narvik.txt) and what it judges.
CHECKED = (
    ("Stacking", ("8A", "8B"), "two ground units plus one artillery battalion or two batteries; trucks, tanks, "
     "companies, marines in ports free; overstacked units marked disrupted"),
    ("Disruption", ("10D3",), "units all disrupted in an enemy-occupied hex at the end of a combat phase are "
     "eliminated"),
    ("Headquarters", ("8C", "8C1", "8C2"), "which units an HQ absorbs, when and where"),
    ("Supply", ("11A", "11A1", "11A3a", "11A3b", "11A3c", "11B1a", "11B1b", "11B3", "11C", "19B"),
     "German 6 MPs to a supply counter, Allied 10 MPs to a base, lines blocked by enemy-only hexes, "
     "attack supply spent, out-of-supply marks and unsupplied turns"),
    ("AirAttacks", ("12C3e", "12C1", "12D3"), "waves of five or fewer on naval units, one find-ships die per air "
     "unit (4-6 finds), interception by the non-phasing player's fighters only, night bombing by NF only"),
    ("AirBasing", ("13", "13A", "13B", "13C", "13D", "13E"), "airfields six, lake airfields three German or one "
     "Allied, Danish six, at the end of every air phase"),
    ("UnitRolls", ("10F", "13A", "19D"), "retreat before combat on 1-2 (disrupted or HQ 1, the Guards always), "
     "no escape after 4-6, air landings on Turn 1 only"),
    ("SixSidedDie", ("4E",), "every die 1-6"),
)
CITED = {name: rules for name, rules, _ in CHECKED}
