"""The checks of the Invasion: Norway pack, in the order they see each entry, each with what
``vassal-tools games`` lists of it: its name, the rules of invasion-norway.txt its findings cite and
what it judges.

Control first, so that every other check sees who holds a hex after a unit
entered it.
"""

from ...pack import ListedCheck
from .air import AirMissions, AirSupply
from .air_landing import AirCombat, AirLanding
from .air_operations import AirCargo, AirOperations, AirRanges, Consolidation, MissionKinds
from .basing import Basing
from .breakdown import Breakdown
from .capture import Captures
from .control import ControlChanges
from .garrisons import Garrisons, NavalInfantry
from .hits import HitEffects
from .interception import Interception
from .land_combat import CombatDeclarations, CombatMoves, StepLosses
from .land_movement import Finnmark, MovementAllowance, Overruns, SwedishBorder, ZocMoves
from .land_stacking import LandStacking
from .land_supply import LandSupply
from .mobilization import CenterCaptures, Mobilization
from .naval import FrozenFjord, NavalPhases, NavalStacks, Unloading
from .naval_cargo import CommandeeredTransports, LandingCraft, NavalCargo
from .naval_missions import AmphibiousAssaults, NavalMissions
from .naval_rolls import CoastArtilleryRolls, NavalRolls
from .reinforcements import Reinforcements
from .repair import Repairs
from .replacements import AirReplacements
from .rolls import EmergencyTransfer, Submarines
from .rules import Check
from .strategic_map import ScotlandSubZones
from .supply_sources import SupplyArrivals
from .surrender import Surrender
from .weather import FixedWeather

LISTED: dict[type[Check], ListedCheck] = {
    ControlChanges: ListedCheck("control", ("1.6",), "a hex passes to the side whose land unit with a Defense "
                                "Factor above 0 enters it free of enemy units, for the lines of supply that need it"),
    LandStacking: ListedCheck("stacking", ("11.1.1", "11.1.2"), "land units per hex by size and nationality "
                              "(11.1.1), counted at the end of each movement, combat and motorized phase"),
    Basing: ListedCheck("basing", ("5.1", "5.1.1", "5.1.3", "5.1.4", "5.2.1", "5.2.3", "8.7.1"), "air units per airbase "
                        "and its capacity, seaplanes at friendly ports (5.1.1), Bardufoss's upgrade, frozen lake "
                        "airbases, carriers; ships based in a friendly "
                        "port up to its limit of six, British capital ships only where 5.2.3 lets them"),
    NavalStacks: ListedCheck("naval", ("8.1.1", "8.1.2"), "no more than six naval units move in one stack, no "
                             "unit picked up where a moving stack entered (8.1.1); stacks that have moved not "
                             "combined (8.1.2)"),
    Unloading: ListedCheck("port", ("5.2.2", "8.5"), "the ships and points that unload in a port in one naval movement "
                           "phase, within its capacity"),
    AirMissions: ListedCheck("air", ("7.2.2", "5.1", "7.5.2", "8.7.1"), "no more than eight air points on a mission "
                             "(7.2.2), none from Denmark before April #5; night bombing only by the bombers 7.5.2 "
                             "names, at airbases and ports; carrier aircraft on their carriers"),
    AirSupply: ListedCheck("air-supply", ("13.2.1",), "air supply points spent for every mission flown by air units "
                           "not in automatic supply"),
    LandSupply: ListedCheck("supply", ("13.1", "13.3.1", "13.3.2", "13.3.3", "13.3.5", "13.3.6", "13.3.7", "11.3",
                                       "1.6"),
                            "supply lines traced to a source through friendly control, supply points spent for "
                            "attacks and defence, unsupplied effects; Out of Supply markers off only when an SP "
                            "supplies the unit in a combat (13.3.5)"),
    Surrender: ListedCheck("surrender", ("13.4", "13.4.1"), "Norwegian surrender (13.4): when it happens and what "
                           "it removes"),
    Interception: ListedCheck("detection", ("6.1.1", "6.1.2", "6.1.3", "6.3.1", "6.3.2", "6.2", "6.2.1", "6.2.2", "6.2.3", "6.2.4", "6.3",
                                            "6.4.1", "6.4.2", "1.4.6", "7.2.2", "7.5.2"),
                              "naval and air detection rolls against the zone's value and modifiers, naval ones in "
                              "the Naval Segment against stacks at sea or in the zones they entered (6.1.2), and the "
                              "interceptions only a detection allows"),
    FixedWeather: ListedCheck("weather", ("3.0", "3.1.1"), "weather changed in the Weather Segment only (3.0); the "
                              "pre-determined weather of April #2 and #3 (3.1.1)"),
    AirOperations: ListedCheck("air-operations", ("7.0", "7.1.6"), "no air operations in Storm weather at a "
                               "mission's base or target (7.0); one mission per air unit per turn (7.1.6)"),
    AirCargo: ListedCheck("air-cargo", ("7.7", "7.7.1", "7.7.3", "7.8", "7.8.3", "7.8.4", "7.9"), "what air "
                          "transports carry (7.7) and where they land (7.7.1, transfers 7.9), supply drops to friendly "
                          "units (7.7.3), airborne infantry only in parachute assaults, on ports, airfields or friendly "
                          "units (7.8), two Mountain Troop Parachute Assaults from May #1 (7.8.3), non-motorized "
                          "infantry in air transport assaults on enemy airbases (7.8.4)"),
    AirRanges: ListedCheck("air-range", ("7.1.2", "7.1.3", "7.1.4"), "air missions within range: the SMA in "
                           "Strategic Map zones entered (7.1.3), twice the OMA in hexes and edge-group OMPs on the "
                           "Operational Map (7.1.4; double range, 7.2.4)"),
    AirLanding: ListedCheck("air-landing", ("7.1", "7.2.4", "6.4.3", "6.4.5"), "air units land after a mission "
                            "at an airbase within range of its target (7.1), in the target's hex after a Double-Range "
                            "Mission (7.2.4); interceptors within their SMA or OMA (6.4.3), landing within range, and "
                            "flying no more that turn (6.4.5)"),
    AirCombat: ListedCheck("air-combat", ("7.3",), "Air Combat rolls only where an air mission was intercepted"),
    Consolidation: ListedCheck("consolidation", ("1.5",), "air points of one type and nationality consolidated "
                               "into the fewest counters before combat"),
    MissionKinds: ListedCheck("missions", ("2.0", "7.2.1", "7.4.2", "7.5", "7.6.1"), "air missions in a friendly Air "
                              "Mission Phase or the Naval Segment (2.0); air transport and assaults German only "
                              "(7.2.1); no naval bombing in the Scotland, England and Germany zones (7.4.2); "
                              "installation bombing of enemy installations and supply (7.5); air support in an Air "
                              "Mission or Naval Movement Phase (7.6.1)"),
    NavalPhases: ListedCheck("naval-phases", ("8.1",), "naval units move only in the Naval Segment, each side in "
                             "its own Naval Movement Phase, but to intercept or retreat"),
    ScotlandSubZones: ListedCheck("scotland", ("1.3",), "a naval unit leaves a Scotland sub-zone by the sea zone "
                                  "its sub-zone borders"),
    NavalMissions: ListedCheck("naval-missions", ("8.1.3", "8.1.4", "8.1.5", "8.3", "8.6", "8.7.2"), "naval units "
                               "enter the Operational Map from a sea zone into a land zone it borders (8.1.3) for a "
                               "mission: a friendly port, or a declared naval combat in a port against enemy ships "
                               "in an enemy port (8.3), amphibious assault on a defended enemy port (8.6) or "
                               "bombardment of an enemy airbase or port in a partial-sea hex (8.7.2); no CVs (8.1.4); "
                               "they retreat unless they remain in a friendly port (8.1.5)"),
    AmphibiousAssaults: ListedCheck("amphibious", ("8.6.1",), "only Leg and Mountain infantry (tanks with "
                                    "Landing Craft) attack in an amphibious assault"),
    NavalCargo: ListedCheck("naval-cargo", ("8.5.1", "8.5.3"), "cargo loaded in ports and unloaded in friendly "
                            "ports or enemy ones holding only SPs and trucks (8.5.1); tankers carry only ASPs, six "
                            "each (8.5.3)"),
    LandingCraft: ListedCheck("landing-craft", ("8.6.3",), "Landing Craft move only with an AP"),
    CommandeeredTransports: ListedCheck("commandeered", ("8.7.5",), "commandeered APs in friendly ports at the "
                                        "start of the side's Naval Movement Phase, one a turn, three a game"),
    NavalRolls: ListedCheck("naval-rolls", ("8.4.1", "8.4.2", "8.7.2"), "Naval Gunfire Support from the port "
                            "attacked or a Gunfire Support box bordering the combat's land zone (8.4.1); gunfire and "
                            "bombardment rolls score at or under the Support Factor (8.4.2, 8.7.2)"),
    CoastArtilleryRolls: ListedCheck("coast-artillery", ("9.2", "9.0.3"), "the Coast Artillery Surrender roll "
                                     "(0-7 surrenders; none with an enemy unit in the battery's hex) (9.2); bombers "
                                     "against batteries hit at or under their Installation Bombing Factor (9.0.3)"),
    FrozenFjord: ListedCheck("frozen-fjord", ("3.3.2",), "no naval unit in the frozen part of Trondheim Fjord "
                             "before it thaws (April #8)"),
    SwedishBorder: ListedCheck("sweden", ("11.2.3",), "no land, naval or air unit enters a hex of Sweden"),
    Overruns: ListedCheck("overrun", ("11.7",), "overruns only by German motorized units in German movement "
                          "phases"),
    ZocMoves: ListedCheck("zoc", ("11.1.3", "11.1.4", "11.2.1"), "land units stop on entering an enemy ZOC and leave one "
                          "only into a hex free of enemy ZOCs (11.1.4); none enters a hex an enemy unit with a "
                          "Defense Factor holds (11.2.1)"),
    MovementAllowance: ListedCheck("movement", ("11.2", "11.2.1", "11.2.2", "3.3.1"), "land moves within the "
                                   "Movement Allowance at the terrain's costs (11.2; ferries 11.2.2; the Thaw's road "
                                   "costs and lake hexsides 3.3.1; the Terrain Effects Chart's other costs sample)"),
    Finnmark: ListedCheck("finnmark", ("11.6.1", "11.6.2", "11.6.3"), "Allied land units only into Finnmark, "
                          "through 0202 (Mountain units also 0302, 0402, 0502, 0601), not back the same turn; one "
                          "adjacent space a phase there"),
    CombatDeclarations: ListedCheck("combat", ("12.0",), "attacks on adjacent hexes; no unit attacks, and no hex is "
                                    "attacked, more than once a Land Combat Phase"),
    Reinforcements: ListedCheck("reinforcements", ("4.0", "4.1"), "reinforcements and replacements received "
                                "before withdrawals (4.0); reinforcements placed in their side's Strategic Map zones "
                                "(Denmark from April #5) (4.1)"),
    Mobilization: ListedCheck("mobilization", ("14.1.2", "14.2.1", "14.2.2", "14.2.3"), "one battalion of each "
                              "Norwegian regiment a Mobilization Phase, at its center, in order (14.2.1); none once a "
                              "German unit has entered its center (14.1.2); dragoon and mountain artillery battalions "
                              "at their centers on the Invasion Turn (14.2.2); Alta on the Strategic Map, Haugesund's "
                              "within four Leg MPs of Haugesund, on the Invasion Turn (14.2.3)"),
    CenterCaptures: ListedCheck("captured-centers", ("15.1.1", "15.2"), "two German SPs at an infantry regiment's "
                                "center captured on the Invasion Turn (15.1.1); one captured artillery battalion at "
                                "a captured artillery center with battalions left, not moving in the phase it "
                                "enters (15.2)"),
    Submarines: ListedCheck("submarines", ("8.7.3", "8.7.4"), "Allied submarine rolls on April #4-#6 only, a hit "
                            "on 0-1 (2 against an unescorted ship), the -1 only for ships their stack cannot "
                            "escort"),
    EmergencyTransfer: ListedCheck("emergency-transfer", ("5.1.2",), "an air point that fails its emergency "
                                   "transfer roll (4-9) is eliminated"),
    CombatMoves: ListedCheck("retreat", ("12.2.3",), "no truck, SP or ASP retreats; a unit that fought and does not "
                             "advance into a hex its enemies held (12.3) retreats neither into an enemy hex nor into "
                             "an enemy ZOC no friendly unit with a Defense Factor holds"),
    AirReplacements: ListedCheck("air-replacements", ("4.2.1", "4.2.2", "4.2.3"), "eliminated air units back only "
                                 "by an air replacement: one a side on each replacement turn, in its segment, not "
                                 "Ju-90, Fw-200, He-59 or Do-26, on the one-point side where air reinforcements are "
                                 "placed; no air unit above its printed points (4.2.3)"),
    Repairs: ListedCheck("repair", ("10.2.1", "10.2.3"), "one hit removed from each installation a Repair Segment "
                         "(10.2.1); damaged ships repaired in the Repair Segment on a roll of zero at a friendly "
                         "naval base (10.2.3)"),
    HitEffects: ListedCheck("hits", ("10.1.1", "10.1.2", "10.1.3", "10.1.5"), "a ship damaged while moving stops in "
                            "that zone (10.1.1); ports and airbases take no more hits than their capacity, and each "
                            "hit eliminates one SP in the port (10.1.2) or one air point based at the airbase "
                            "(10.1.3); a coast artillery battery no more than its Naval Attack Factor plus one (10.1.5)"),
    Captures: ListedCheck("capture", ("15.1", "13.3.10", "13.2.2"), "enemy SPs, ASPs and trucks alone in a hex a "
                          "land unit enters are captured: taken from their owner, not moved that turn (a truck "
                          "that phase), not expended by the side that lost them (13.3.10, 13.2.2 e)"),
    SupplyArrivals: ListedCheck("supply-sources", ("13.3.8", "13.2.2", "15.6"), "SPs and ASPs come into play in their "
                                "side's Strategic Map zones, or by naval (SPs not by tankers alone) or air transport, "
                                "tracks or captures (13.2.2, 13.3.8); two German SPs from Sweden, once, from April #9, "
                                "in the German Land Movement Phase, in one hex (15.6)"),
    Breakdown: ListedCheck("breakdown", ("15.3.1", "15.3.2", "15.3.3"), "artillery batteries and mountain infantry "
                           "companies come into play only from a battalion flipped or removed in their hex, as many "
                           "as it gives, artillery at the beginning of a friendly Land Movement Phase (15.3.1, "
                           "15.3.3); a battalion back at full strength absorbs as many, artillery at the beginning "
                           "of a friendly Movement Phase (15.3.2, 15.3.3)"),
    NavalInfantry: ListedCheck("naval-infantry", ("15.4",), "a German Naval Infantry battalion comes into play only "
                               "in a German-controlled port where a German ship or DD point was sunk"),
    Garrisons: ListedCheck("garrisons", ("15.7",), "the Allies' VPs for German-controlled airbases and ports "
                           "(Unloading Capacity over two) without a German infantry battalion at the end of a "
                           "German Operations Segment, six for Oslo, in a record that keeps the score"),
    StepLosses: ListedCheck("steps", ("12.2.1",), "a land unit has two steps where both sides of its counter print "
                            "factors, else one: no steps entry gives it more"),
}
CHECKS = tuple(LISTED)
