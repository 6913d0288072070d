"""Invasion: Norway as data, checked against the rulebook it comes from.

Expectations are read out of ``invasion-norway.txt`` by the tests themselves
(patterns such as "Bergen (hex 4332)"), not copied from the data files, so the data
cannot drift from the rulebook unnoticed. Where the rulebook contradicts itself the
data may choose, but errata_notes.md must record the conflict.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from conftest import ROOT, RULES
from vassal_tools.gamedata import GameData, citations, load_game

GAME = ROOT / "module_src" / "invasion_norway"
RULEBOOK = RULES / "invasion-norway.txt"


@pytest.fixture(scope="module")
def text() -> str:
    if not RULEBOOK.exists():
        pytest.skip(f"{RULEBOOK} is absent: place the shared material beside the checkout")
    return RULEBOOK.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game(GAME)


@pytest.fixture(scope="module")
def errata() -> str:
    return (GAME / "errata_notes.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------ sources


def rule_numbers_in(text: str) -> set[str]:
    """Rule numbers the rulebook prints as headings or bold run-in heads ("**5.1.3 Bardufoss")."""
    return set(re.findall(r"(?m)^(?:#+\s*|\*\*|-\s+\*\*)?(\d+\.\d+(?:\.\d+)*)\b", text))


def all_sources(data: GameData) -> list[tuple[str, str]]:
    """(where, source) of every record and every game.toml table."""
    out: list[tuple[str, str]] = []

    def walk(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "source":
                    out.append((f"game.toml {where}", value))
                else:
                    walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(data.info.raw, "")
    tables = {"units.csv": data.units.values(), "hexes.csv": data.hexes.values(), "hexsides.csv": data.hexsides,
              "places.csv": data.places, "zones.csv": data.zones.values(), "zone_adjacency.csv": data.zone_borders,
              "boxes.csv": data.boxes.values()}
    for name, records in tables.items():
        out += [(f"{name} {r!r:.60}", r.source) for r in records]
    for s in data.scenarios.values():
        out.append((f"scenario {s.id}", s.source))
        out += [(f"scenario {s.id} {p.unit}", p.source) for p in s.setup + s.reinforcements]
        out += [(f"scenario {s.id} {w.unit}", w.source) for w in s.withdrawals]
    return out


def test_every_source_cites_an_existing_rule_or_says_sample(data, text):
    known = rule_numbers_in(text)
    assert {"1.4.1", "5.1.3", "6.1.1", "11.2.3", "16.0"} <= known  # the pattern reads the headings
    sources = all_sources(data)
    assert len(sources) > 3000
    for where, source in sources:
        items = citations(source)
        assert items, where
        for item in items:
            # or a public data set (sources.DATA_SOURCES: GSHHG water, GeoNames positions)
            assert item.is_sample or item.data or item.rule in known, f"{where}: rule {item.rule} is not in the rulebook"


def test_rule_citations_are_not_all_sample(data):
    cited = [s for _, s in all_sources(data) if any(not c.is_sample for c in citations(s))]
    assert len(cited) > 300


# ------------------------------------------------------------------------------- places

# "Bergen (hex 4332)", "Vaernes Airbase (hex 3018)", "Trondheim port hex (3019)",
# "the Oscarborg coast artillery battery (4921)", "Oslo (4719)", "Gjovik (4320)".
PLACE_IN_HEX = re.compile(
    r"\b([A-Z][a-z]+)(?: (?:Airbase|Airfield|Battery|battery|coast artillery battery|port hex|hex))?"
    r" \((?:in )?(?:hex )?(\d{4})\)")


def rulebook_place_hexes(text: str) -> set[tuple[str, str]]:
    return {(name, hex_) for name, hex_ in PLACE_IN_HEX.findall(text)}


def test_the_pattern_finds_the_rulebooks_places(text):
    found = rulebook_place_hexes(text)
    names = {name for name, _ in found}
    assert {"Bardufoss", "Vaernes", "Bergen", "Trondheim", "Andalesnes", "Fornebu", "Oscarborg",
            "Horten", "Oslo", "Lysaker", "Eidsvoll", "Moss", "Hamar", "Gjovik", "Dombaas"} <= names
    assert len(found) == len(names) + 1  # every name once, Oslo twice (4719, 4720)


def test_every_named_place_sits_in_its_rulebook_hex(data, text, errata):
    for name, hex_ in sorted(rulebook_place_hexes(text)):
        places = [p for p in data.places if name == p.name or name in p.aliases]
        assert places, f"{name} (rulebook hex {hex_}) is not in places.csv"
        if any(p.hex == hex_ for p in places):
            continue
        # The rulebook gives this place another hex elsewhere: the choice must be recorded.
        conflict = [line for line in errata.splitlines() if name in line and hex_ in line]
        assert conflict, f"{name} is not in {hex_} and errata_notes.md does not say why"


def test_conflicting_places_use_one_of_the_rulebooks_hexes_or_say_sample(data, text):
    hexes_of: dict[str, set[str]] = {}
    for name, hex_ in rulebook_place_hexes(text):
        hexes_of.setdefault(name, set()).add(hex_)
    assert hexes_of["Oslo"] == {"4719", "4720"}  # the contradiction errata_notes.md resolves
    for name, hexes in hexes_of.items():
        for place in (p for p in data.places if name in (p.name, *p.aliases) and p.hex):
            # a hex of the rulebook's, or one it does not give: a sample, or its real position's (GeoNames)
            assert place.hex in hexes or "sample" in place.source or "GeoNames: its hex" in place.source, (name, place.hex)


def test_named_places_are_on_land_and_ports_on_the_water(data):
    for place in data.places:
        if place.hex:
            assert data.hexes[place.hex].is_land, place
        if place.kind == "port":
            assert data.hexes[place.hex].coast in ("sea", "fjord"), place


def test_every_port_is_reached_by_sea_through_partial_sea_or_fjord_hexes(data):
    """9.1.1: a naval unit traces partial-sea/partial-fjord hexes from an all-sea hex."""
    for port in (p for p in data.places if p.kind == "port"):
        seen, todo, reached = {port.hex}, [port.hex], False
        while todo and not reached:
            here = todo.pop()
            for n in data.grid.neighbours(here):
                h = data.hexes[n]
                if h.terrain == "sea":
                    reached = True
                elif n not in seen and h.is_land and h.coast != "none":
                    seen.add(n)
                    todo.append(n)
        assert reached, port.name


def test_stavanger_lies_in_hordaland(data, text):
    assert "Stavanger, for instance, is accessible only from the Norwegian Leads sea" in text
    assert "Hordaland zone (where it is located)" in text  # 8.1.3
    assert data.place("Stavanger", "port").zone == "Hordaland"
    assert "Norwegian Leads" in data.zone_neighbours("Hordaland")


def test_egersund_unloading_capacity(data, text):
    capacity = int(re.search(r"Egersund \(Unloading Capacity = (\d)\)", text).group(1))  # 8.6.1
    assert data.place("Egersund", "port").capacity == capacity


WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def test_bardufoss_airbase(data, text):
    m = re.search(r"Bardufoss Airbase \(in hex (\d{4})\).*?printed Airbase Capacity of (\w+)", text)  # 5.1.3
    bardufoss = data.place("Bardufoss", "airbase")
    assert bardufoss.hex == m.group(1)
    assert bardufoss.capacity == data.boxes["airbase-bardufoss"].capacity == WORDS[m.group(2)]


def test_map_edge_groups(data, text):
    scapa = data.place("Scapa Flow", "map_edge_group")
    m = re.search(r'"Scapa Flow = (\d+)" in hex (\d{4}) .* edge hexes (\d{4})-(\d{4})', text)  # 1.1
    assert scapa.extra["omp"] == int(m.group(1))
    assert {m.group(2), m.group(3), m.group(4), "4233", "4433"} <= set(scapa.hexes)  # 6.4.3 uses 4233, 4433
    germany = data.place("Germany", "map_edge_group")
    m = re.search(r"(\w+) hexes to the Germany Map Edge Hex (\d{4})", text)  # 7.2.5
    assert m.group(1) == "seventeen" and germany.extra["omp"] == 17 and m.group(2) in germany.hexes
    for group in (p for p in data.places if p.kind == "map_edge_group"):
        assert all(data.hexes[h].terrain == "sea" for h in group.hexes), group.name


def test_coast_artillery(data, text):
    for battery, port in re.findall(r"The (\w+) Battery's commanding port is (\w+)", text):  # 9.2.2
        assert data.place(battery, "coast_artillery").extra["commanding_port"] == port
    assert "The Oscarborg Battery (hex 4921) has a red" in text  # 9.0
    assert data.place("Oscarborg", "coast_artillery").extra["torpedo"]


# ---------------------------------------------------------------------- the hex map


def hexes_listed(sentence: str) -> list[str]:
    return re.findall(r"\b\d{4}\b", sentence)


def test_guarded_approach_to_oslo(data, text):
    """9.0.1: the partial-fjord hexes adjacent to the Oscarborg and Horten batteries."""
    m = re.search(r"Oscarborg coast artillery battery \((\d{4})\).*?adjacent to it: ([\d, or]+)\.", text)
    battery, fjord = m.group(1), hexes_listed(m.group(2))
    m = re.search(r"Horten battery \((\d{4})\).*?adjacent to it: ([\d, and]+)\.", text, re.S)
    battery2, fjord2 = m.group(1), hexes_listed(m.group(2))
    assert fjord == ["4820", "4920", "5020"] and fjord2 == ["5020", "5120"]
    for b, hexes in ((battery, fjord), (battery2, fjord2)):
        for h in hexes:
            assert data.grid.adjacent(b, h)
            assert data.hexes[h].coast == "fjord", h


def test_trondheim_fjord(data, text):
    m = re.search(r"cross-hatched portion of Trondheim Fjord \(that is, hexes ([\d, and]+)\)", text)  # 3.3.2
    hexes = hexes_listed(m.group(1))
    assert len(hexes) == 4
    assert set(data.place("Trondheim Fjord", "frozen_fjord").hexes) == set(hexes)
    for h in hexes:
        assert data.hexes[h].coast == "fjord"


def test_air_distances(data, text):
    m = re.search(r"places the Skua in hex (\d{4}) \(the closes all-sea hex to Trondheim\), and expends (\w+) OMPs",
                  text)  # 7.1.5
    assert m.group(2) == "four"
    assert data.hexes[m.group(1)].terrain == "sea"
    assert data.grid.distance(m.group(1), data.place("Trondheim", "port").hex) == 4
    m = re.search(r"twenty five Operational map hexes to Andalesnes", text)  # 7.2.5
    assert m and data.grid.distance("5825", data.place("Andalsnes", "port").hex) == 25
    for start in ("4334", "4233", "4433"):  # 6.4.3: 16 OMPs to the edge, 2 more to Bergen
        assert data.grid.distance(start, "4332") == 2


def test_vaernes_is_rough(data, text):
    m = re.search(r"Vaernes Airfield \(hex (\d{4})\)\. Although there are no Allied ground units in the hex, "
                  r"the Disruption Check die roll will be modified by -3 for the (\w+) terrain", text)  # 7.8.1
    assert data.hexes[m.group(1)].terrain == m.group(2).lower()


def test_sea_hexside_stops_zoc(data, text):
    a, b = re.search(r"a battalion in (\d{4}) does not project a ZOC into (\d{4})", text).groups()  # 11.1.3
    assert data.hexes[a].is_land and data.hexes[b].is_land
    assert any(s.feature == "sea" for s in data.hexsides_of(a, b))


def test_swedish_border(data, text):
    m = re.search(r"move from (\d{4}) to (\d{4}) because the border connects them, but could \*not\* move "
                  r"from (\d{4}) to (\d{4}) because the border does not link those hexes.*?detour into (\d{4})", text)
    linked, unlinked, detour = m.group(1, 2), m.group(3, 4), m.group(5)  # 11.2.3

    def border(a, b):
        return any(s.feature == "swedish_border" for s in data.hexsides_of(a, b))

    assert border(*linked)
    assert data.grid.adjacent(*unlinked) and not border(*unlinked)
    assert border(unlinked[0], detour) and border(detour, unlinked[1])
    for h in (*linked, *unlinked, detour):
        assert data.hexes[h].border
    lakes = re.search(r"the Lakes in ([\d, ]+), and so on", text).group(1)
    for h in hexes_listed(lakes) + ["5118", "5219"]:
        assert data.hexes[h].border, h
    assert all(h.zone == "Sweden" for h in data.hexes.values() if h.terrain == "sweden")
    for s in (s for s in data.hexsides if s.feature == "swedish_border"):
        assert data.hexes[s.a].border and data.hexes[s.b].border


def test_ferry_and_frozen_lakes(data, text):
    a, b = re.search(r"linked by ferries \(ex\. (\d{4}) and (\d{4})\)", text).groups()  # 11.2.2
    assert any(s.feature == "ferry" for s in data.hexsides_of(a, b))
    lakes = re.search(r"could be established in hexes (\d{4}), (\d{4}) and (\d{4})", text).groups()  # 5.1.4
    for h in lakes:
        assert data.hexes[h].lake and data.hexes[h].is_land


def test_finnmark_exits_are_norwegian_land(data, text):
    hexes = set(hexes_listed(re.search(r"11\.6\.1.*?Strategic Map\.(.*?)A unit that enters", text, re.S).group(1)))
    assert {"0202", "0302", "0402", "0502"} <= hexes
    for h in hexes:
        assert data.hexes[h].is_land


def test_hexsides_join_adjacent_hexes(data):
    for s in data.hexsides:
        assert s.feature == "ferry" or data.grid.adjacent(s.a, s.b), s
    features = Counter(s.feature for s in data.hexsides)
    assert set(features) == {"river", "lake", "fjord", "sea", "road", "highway", "railroad", "ferry", "swedish_border"}


def test_the_grid_matches_the_vassal_grid_file(data):
    """game.toml's numbering agrees with operational_grid.json on every hex and neighbour."""
    grid_file = GAME / "operational_grid.json"
    if not grid_file.exists():
        pytest.skip("operational_grid.json not written yet")
    from vassal_tools.geometry.hexgrid import HexGrid
    from vassal_tools.geometry.hexmath import HexMap

    spec = json.loads(grid_file.read_text(encoding="utf-8"))
    # Both shapes the grid file has had: {"grid", "numbering", "size"} and {"HexGrid", ...}.
    attributes = spec.get("grid") or spec["HexGrid"]
    numbering = spec.get("numbering") or spec["HexGridNumbering"]
    size = tuple(spec.get("size") or (spec["board"]["width"], spec["board"]["height"]))
    hexmap = HexMap(HexGrid.from_attributes(attributes, numbering, size))
    names = set(hexmap.hexes())
    assert names == set(data.grid.hexes()) == set(data.hexes)
    for name in names:
        on_map = sorted(n for n in hexmap.neighbours(name) if n in names)
        assert on_map == sorted(data.grid.neighbours(name)), name


# ------------------------------------------------------------------------------ zones


def test_variable_ndvs(data, text):
    section = text[text.index("**6.1.1 Variable NDVs"):text.index("**6.1.2")]
    bullets = [line for line in section.splitlines() if line.startswith("- If")]
    assert len(bullets) == 3
    for place, zones, bonus in (("Bardufoss", ["Northern Norwegian Sea"], 2),
                                ("Vaernes", ["Central Norwegian Sea", "Southern Norwegian Sea"], 4),
                                ("Bergen", ["Norwegian Leads"], 4)):
        line = next(b for b in bullets if place in b)
        assert f"(+{bonus})" in line
        for zone in zones:
            assert zone.split()[0] in line
            assert (data.zones[zone].extra["ndv_bonus"], data.zones[zone].extra["ndv_bonus_place"]) == (bonus, place)


def test_values_the_examples_give(data, text):
    assert "The Allied NDV in that sea zone is five" in text  # 6.2 example 1, Norwegian Leads
    assert data.zones["Norwegian Leads"].extra["allied_ndv"] == 5
    assert "the German ADV of three in the Southern Norwegian Sea zone" in text  # 6.4.5
    assert data.zones["Southern Norwegian Sea"].extra["german_adv"] == 3
    for zone in ("Germany", "England", "Scotland"):  # 6.3: no ADVs
        assert data.zones[zone].extra["german_adv"] is None and data.zones[zone].extra["allied_adv"] is None


def test_zone_borders_the_text_gives(data, text):
    assert "Scapa Flow is a land zone that borders on the Scotland land zone and the Shetlands sea zone" in text
    assert {"Scotland", "Shetlands"} <= set(data.zone_neighbours("Scapa Flow"))
    assert "Southern Norwegian Sea" in data.zone_neighbours("Trondelag")  # 6.4.5
    assert "North Cape" not in data.zone_neighbours("Troms")  # 7.1.3 note
    finnmark = [z for z in data.zones.values() if z.parent == "Finnmark"]
    assert len(finnmark) == 6  # 1.3: six spaces
    scotland = [z.name for z in data.zones.values() if z.parent == "Scotland"]
    seas = [set(n for n in data.zone_neighbours(z) if data.zones[n].kind == "sea") for z in scotland]
    assert len(scotland) == 3 and all(len(s) == 1 for s in seas) and len(set.union(*seas)) == 3  # 1.3


def test_every_hex_zone_and_weather(data):
    for h in data.hexes.values():
        zone = data.zones[h.zone]
        assert (zone.kind == "sea") == (h.terrain == "sea"), h
        assert h.weather in data.info.weather_sections
    on_map = {h.zone for h in data.hexes.values()}
    assert on_map == {z.name for z in data.zones.values() if z.operational_map}


# ------------------------------------------------------------------------------ units


def test_counter_count_and_classes(data, text):
    printed = int(re.search(r"contains (\d+) half-inch playing pieces", text).group(1))  # 1.4
    counters = [u for u in data.units.values() if not u.vassal_only]
    assert len(counters) == printed == data.info.counters
    by_class = Counter(u.unit_class for u in counters)
    assert set(by_class) == {"land", "naval", "air", "marker", "supply"}
    land = Counter(u.nationality for u in counters if u.unit_class == "land")
    assert set(land) == {"german", "norwegian", "british", "french", "polish"}


def test_every_plane_of_the_plane_table_has_counters(data, text):
    table = text[text.index("Plane\tType"):text.index("**1 Air Support**")]
    planes = [line.split("\t") for line in table.splitlines()[1:] if "\t" in line]
    assert len(planes) == 26
    role = {"Fighter": "fighter", "Bomber": "bomber", "Transport": "transport", "Night Bomber": "night_bomber",
            "Fighter/Bomber": "fighter_bomber"}
    # The table's names for the data's types (errata_notes.md: Glad is the Gladiator).
    renamed = {"Glad": "Gladiator", "Do-26 Seaplane": "Do-26", "He-59 Seaplane": "He-59"}
    counted = Counter(u.type for u in data.units.values() if u.unit_class == "air")
    for name, kind in planes:
        type_ = renamed.get(name, name)
        assert data.info.air_types[type_].role == role[kind], name
        assert counted[type_] > 0, name


def test_air_factors_the_rules_give(data, text):
    me109 = next(u for u in data.units.values() if u.type == "Me-109")
    assert (me109.air_combat, me109.sma, me109.oma) == (4, 1, 9)  # 1.4.3 figure; 6.4.5 "SMA of one"
    ju88 = next(u for u in data.units.values() if u.type == "Ju-88a")
    assert "normal OMA of a Ju-88 is thirty-five" in text and ju88.oma == 35  # 7.2.5
    assert "Ju-88s (with an SMA of three)" in text and ju88.sma == 3  # 6.4.5
    skua = next(u for u in data.units.values() if u.type == "Skua CV")
    assert "The Skuas have an OMA of eighteen" in text and skua.oma == 18 and skua.air_combat == 2  # 6.4.3, 7.3
    for type_ in ("Fw-200", "Ju-90", "Do-26", "Ju-52 Seaplane"):  # 1.5: one step only
        assert all(u.points == 1 for u in data.units.values() if u.type == type_)
    seaplanes = [u for u in data.units.values() if u.seaplane and u.side == "german"]
    assert len(seaplanes) == 4  # 5.1.1: four German seaplane air units


def test_counters_the_rules_count(data, text):
    units = list(data.units.values())

    def count(pred):
        return sum(1 for u in units if pred(u))

    assert "The five German tankers" in text and count(lambda u: u.type == "AO" and u.side == "german") == 5
    assert count(lambda u: u.type == "naval_infantry" and u.side == "german") == 4  # 15.4
    assert count(lambda u: "captured" in u.id and u.type == "artillery") == 3  # 15.2
    assert count(lambda u: u.type == "Leader") == 3  # 13.4.1
    assert count(lambda u: u.type == "Frozen Lake Airbase") == 6  # 5.1.4: three per player
    assert count(lambda u: u.type == "NDV") == 4  # 6.1.1
    assert count(lambda u: u.type == "mountain_infantry" and u.size == "company" and u.side == "german") == 4
    assert count(lambda u: u.id.startswith("ger-art-bty")) == 4 and count(lambda u: u.id.startswith("nor-art-bty")) == 6


def test_named_ships(data, text):
    names = {u.name for u in data.units.values() if u.unit_class == "naval"}
    for ship in re.search(r"German cruisers \*(\w+)\*, \*(\w+)\*, and \*(\w+)\*", text).groups():  # 8.6.1
        assert ship in names
    assert "*Glorious*" in text and "Glorious" in names  # 8.7.1


def test_unit_rules(data):
    for u in data.units.values():
        if u.unit_class == "land" and u.type != "truck":
            assert u.defense is not None, u.id
            assert u.steps == (2 if u.r_defense is not None and "battery" not in u.back else 1), u.id
        if u.unit_class in ("naval", "air") and u.type not in ("LC",):
            assert u.sma is not None, u.id
        if u.unit_class == "air":
            assert u.oma is not None and u.air_combat is not None, u.id
            assert u.points in (1, 2)
        if u.night_bomber:
            assert data.info.air_types[u.type].role == "night_bomber"
    assert data.units["ger-138-gj-1"].name == "I/138"


# ------------------------------------------------------------- sequence, turns, die


def test_sequence_of_play(data):
    assert data.info.phase_order() == (
        "weather", "reinforcement", "allied-naval-detection", "german-naval-detection", "allied-naval-movement",
        "german-naval-movement", "german-land-movement", "german-air-missions", "german-ops-allied-air-missions",
        "german-land-combat", "german-motorized-movement", "norwegian-surrender", "allied-land-movement",
        "allied-air-missions", "allied-ops-german-air-missions", "allied-land-combat", "allied-motorized-movement",
        "norwegian-mobilization", "repair")


def test_turns_and_weather(data, text):
    invasion = re.search(r"refers to the (April #\d) turn", text).group(1)  # 1.1
    assert data.info.extra["invasion_turn"] == invasion
    assert data.info.first_turn == "April #2" and data.info.turn_names[0] == "April #2"  # 3.1.1
    assert data.info.turn_names.index(invasion) == 2
    turns = {t.name: t for t in data.info.turns}
    m = re.search(r"On the April #2 turn, the weather is automatically (\w+) in the Southern and Central sections, "
                  r"and (\w+) in the Northern Section\. On the April #3 turn, the weather is automatically (\w+) in "
                  r"the Northern and Central sections, and (\w+) in the Southern section", text)
    a2, a2n, a3, a3s = (w.lower() for w in m.groups())
    assert turns["April #2"].weather == {"south": a2, "central": a2, "north": a2n}
    assert turns["April #3"].weather == {"north": a3, "central": a3, "south": a3s}
    assert data.info.weather_states == ("clear", "cloudy", "foul", "stormy")
    fjord, zone = re.search(r"Trondheim Fjord thaws on the (April #\d) turn and that the Trondelag zone around it "
                            r"does not thaw until (May #\d)", text).groups()  # 3.3.2
    thaw = {t["zone"]: t["turn"] for t in data.info.extra["thaw"]}
    assert (thaw["Trondheim Fjord"], thaw["Trondelag"]) == (fjord, zone)


def test_die_and_die_rolls(data, text):
    assert "sides numbered from 0 to 9" in text  # 1.4.6
    assert data.info.die_faces == tuple(range(10))
    rolls = data.info.die_rolls
    transfer = re.search(r"roll a die for each air point present\. If the result is (\d)–(\d)", text)  # 5.1.2
    assert rolls["emergency-air-transfer"].success == "-".join(transfer.groups())
    upgrade = re.search(r"If so, roll a die; if the result is (\d)–(\d), Bardufoss", text)  # 5.1.3
    assert rolls["bardufoss-upgrade"].success == "-".join(upgrade.groups())
    assert {"weather", "naval-detection", "air-detection", "land-combat", "coast-artillery", "disruption"} <= set(rolls)


# ------------------------------------------------------------------------- scenario


def test_campaign_scenario(data):
    campaign = data.scenarios["campaign"]
    assert campaign.first_turn == "April #2"
    placed = {p.unit for p in campaign.setup}
    arriving = {p.unit for p in campaign.reinforcements}
    assert not placed & arriving
    where = {"allied": {"land": "Scotland", "naval": "Scotland (west)"}, "german": {"land": "Germany", "naval": "Germany"}}
    for p in campaign.reinforcements:  # 4.1
        unit = data.units[p.unit]
        assert p.turn == unit.reinforcement
        if unit.unit_class in ("land", "naval"):
            assert p.at == where[unit.side][unit.unit_class], p
    # 14.0: Norwegian units not set up on the map start on the Mobilization Display.
    for unit in (u for u in data.units.values() if u.nationality == "norwegian" and u.unit_class == "land"):
        if unit.size == "battalion":
            setup = next(p for p in campaign.setup if p.unit == unit.id)
            assert setup.at in data.hexes or data.boxes[setup.at].kind == "mobilization", unit.id
    assert any(p.at == "mob-alta" for p in campaign.setup)  # 14.2.3


def test_every_marker_of_1_4_5_is_in_the_countermix(data, text):
    line = re.search(r"\*\*Game Markers\*\*\s+(.+)", text).group(1)
    printed = [m.strip() for m in line.split(",")]
    assert len(printed) == 19
    # Misprints and shorthand of the list (errata_notes.md): "Hir" is Hit, "Solo" is Sola.
    read_as = {"Hir Marker": "Hit", "Air Supply Solo": "Air Supply Sola", "Air Supply 6": "ASP",
               "SP Marker": "SP", "RR Weight 2.14": "RR Weight"}
    labels = {s.lower() for u in data.units.values() if u.unit_class in ("marker", "supply")
              for s in (u.name, u.type, u.back)}
    for name in printed:
        wanted = read_as.get(name, name).removesuffix(" Marker").removesuffix(" Chit").lower()
        assert any(label.startswith(wanted) for label in labels), name
