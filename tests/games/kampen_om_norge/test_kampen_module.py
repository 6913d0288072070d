"""The Kampen om Norge module, built from its data by ``vassal-tools build``: its board is drawn
from the areas' polygons and carries a ZonedGrid with one Zone per area, so VASSAL names every
point of an area after that area. The points are checked through the built module, read back
with our reader and named by :mod:`vassal_tools.geometry` (VASSAL's ZonedGrid naming)."""

from __future__ import annotations

import random
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from shapely.geometry import Point, Polygon, box

import vassal_tools
from kits.area_modules import build_cli
from vassal_tools.art.areamap import draw_area_map
from vassal_tools.cli import main
from vassal_tools.games.kampen_om_norge import KampenPack
from vassal_tools.games.kampen_om_norge.data import DATA, load_kampen
from vassal_tools.geometry.from_module import maps_from_module

BOARD = "Kampen om Norge"


def build(out: Path, cache: Path) -> Path:
    module = build_cli(DATA, out, cache)
    assert module.name == "kampen-om-norge.vmod"
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("kampen-build")
    return build(root / "a", root / "cache")


def test_the_module_builds_byte_identical_twice(built, tmp_path):
    again = build(tmp_path / "b", tmp_path / "cache")  # a cold cache: drawn again
    assert again.read_bytes() == built.read_bytes()


def test_the_module_opens_and_every_image_it_names_is_in_it(built):
    module = vassal_tools.open(built)
    assert module.name == "Kampen om Norge"
    with zipfile.ZipFile(built) as zf:
        names = set(zf.namelist())
        build_file = zf.read("buildFile.xml").decode("utf-8")
    images = {n[len("images/"):] for n in names if n.startswith("images/")}
    # Every image named, but the icons VASSAL's own jar holds (the Zoomer's zoom.png).
    referenced = set(re.findall(r"[\w.-]+\.png", build_file)) - {"zoom.png"}
    # A Mask shows its image to the others with display style "G" glued to the name (vassal-formats.md 4.4.9).
    referenced = {n[1:] if n.startswith("G") and n[1:] in images else n for n in referenced}
    assert referenced and referenced <= images, referenced - images  # every image the module names is in it
    assert referenced == images  # and nothing else is
    for needed in ("Åndalsnes", "Bjørnfjell", "Sea Zone VIII", "Skip på raid"):
        assert f'name="{needed}"' in build_file  # a Zone named as the text spells the area


def test_every_area_is_named_by_its_own_zone_in_the_module(built):
    game = load_kampen()
    the_map = maps_from_module(vassal_tools.open(built))[BOARD]
    rng = random.Random(12)
    for name, points in game.board.areas.items():
        polygon = Polygon(points)
        centroid = polygon.centroid
        spots = [(centroid.x, centroid.y)] if polygon.contains(centroid) else []
        x0, y0, x1, y1 = polygon.bounds
        while len(spots) < 6:
            x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
            if polygon.buffer(-1).contains(Point(x, y)):
                spots.append((x, y))
        for x, y in spots:
            assert the_map.location_name(round(x), round(y)) == name, (name, x, y)


def test_every_land_area_has_a_zone_and_outside_norway_is_none():
    game = load_kampen()
    assert len([a for a in game.areas.values() if a.kind == "land"]) == 44
    sweden = Polygon(game.board.impassable[0])
    # Vertices are whole pixels: a sliver of a few square pixels along the border is rounding.
    assert not any(Polygon(p).intersection(sweden).area > 50 for p in game.board.areas.values())


def test_labels_sit_inside_their_areas_without_collisions():
    area_map = KampenPack().area_map()
    _, labels = draw_area_map(area_map)
    assert {label.area for label in labels} == {s.name for s in area_map.shapes}
    boxes = {}
    for label in labels:
        assert label.inside, label
        rect = box(*label.box)
        assert Polygon(area_map.shape(label.area).points).contains(rect), label.area
        boxes[label.area] = rect
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not boxes[a].intersects(boxes[b]), (a, b)


def test_drawn_neighbours_are_the_datas_or_marked_impassable():
    # Every pair of land areas the data says border each other touch on the drawn board.
    game = load_kampen()
    polygons = {n: Polygon(p) for n, p in game.board.areas.items()}
    for border in game.borders:
        if game.areas[border.a].kind == game.areas[border.b].kind == "land":
            assert polygons[border.a].intersection(polygons[border.b]).length > 3, (border.a, border.b)


# -- the opening save and logs played on the module

from vassal_tools.builder.area_module import (  # noqa: E402
    area_archive,
    area_assembly,
    area_game,
    area_setup_stream,
    tracker_info,
    write_area_setup,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state  # noqa: E402
from vassal_tools.formats.archive import write_archive  # noqa: E402
from vassal_tools.formats.files import open_file  # noqa: E402
from vassal_tools.replay.logwriter import LogWriter  # noqa: E402

FILE = "kampen-om-norge.txt"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    root = tmp_path_factory.mktemp("kampen-play")
    assembly = area_assembly(DATA, root / "cache")
    module = write_archive(area_archive(assembly), root / "kampen-om-norge.vmod")
    opening = write_area_setup(DATA, root / "start.vsav", cache=root / "cache")
    return root, assembly, module, opening


def test_the_opening_save_places_the_basic_set_up_in_its_areas(played):
    root, assembly, module, opening = played
    the_map = maps_from_module(vassal_tools.open(module))[BOARD]
    placed = {}
    for stack in assembly.stacks:
        placed[stack.spot.name if hasattr(stack.spot, "name") else stack.units[0]] = stack
        assert the_map.location_name(stack.spot.x, stack.spot.y) in {a for a, _ in area_game(DATA).setup}
    counts = {}
    for area, units in area_game(DATA).setup:
        spot = assembly.locator.spot(area)
        assert the_map.location_name(spot.x, spot.y) == area
        counts[area] = len(units)
    # 3: Germany 2 Oslo, 1 Horten, 1 Kristiansand, 1 Egersund, 1 Stavanger, 2 Bergen, 2 Trondheim, 3 Narvik;
    # Norway 1 each in Kongsvinger, Gjøvik, Hønefoss, Voss, Steinkjer, Bardufoss, Gratangen, 2 in Finnmark.
    assert counts == {"Oslo": 2, "Horten": 1, "Kristiansand": 1, "Egersund": 1, "Stavanger": 1, "Bergen": 2,
                      "Trondheim": 2, "Narvik": 3, "Kongsvinger": 1, "Gjøvik": 1, "Hønefoss": 1, "Voss": 1,
                      "Steinkjer": 1, "Bardufoss": 1, "Gratangen": 1, "Finnmark": 2}
    # the 22 set-up pieces and the decks' 45 cards (one per row of cards.csv: test_opening_decks)
    assert f"{22 + 45} pieces" in CliRunner().invoke(main, ["inspect", str(opening)]).output
    assert area_setup_stream(assembly) == area_setup_stream(assembly)


def play(played, name: str, moves: list[tuple[str, str]], retreat: list[tuple[str, str]]) -> Path:
    root, assembly, module, opening = played
    info = tracker_info(area_game(DATA))

    place = assembly.locator.point

    writer = LogWriter(open_file(opening), place, "Gerd", "gerd-pw")
    writer.step(writer.seat("Germany"))
    for unit, to in moves:
        writer.step(writer.move(unit, to))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Round 1", "german-combat")))
    for unit, to in retreat:
        writer.step(writer.move(unit, to))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Round 1", "german-reinforcement")))
    return writer.save(root / f"{name}.vlog")


def audited(played, log: Path) -> list[tuple[str, str]]:
    result = CliRunner().invoke(main, ["audit", str(log), "--module", str(played[2]), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    import json

    return [(f["rule"], f["where"]) for f in json.loads(result.output)["findings"]]


def test_a_log_that_breaks_the_rules(played):
    # ger-1 and ger-2 start in Oslo, nor-3 in Hønefoss (3). ger-1 attacks Hønefoss (4.1: Oslo
    # borders Hønefoss); ger-2 jumps to Trondheim; nobody retreats from Hønefoss.
    log = play(played, "broken", [("ger-1", "Hønefoss"), ("ger-2", "Trondheim")], [])
    assert audited(played, log) == [(f"{FILE} 4.1", "Trondheim"), (f"{FILE} 4.2", "Hønefoss")]


def test_a_log_that_keeps_them(played):
    # The Norwegian battalion loses and retreats to Hallingdal (not Oslo, where the attack came from).
    log = play(played, "kept", [("ger-1", "Hønefoss")], [("nor-3", "Hallingdal")])
    assert audited(played, log) == []
    recorded = CliRunner().invoke(main, ["record", str(log), "--module", str(played[2]), "-o",
                                         str(played[0] / "kept.json")])
    assert recorded.exit_code == 0, recorded.output
    text = (played[0] / "kept.json").read_text(encoding="utf-8")
    assert '"to": "Hønefoss"' in text and '"Round 1"' in text and "german-combat" in text


# -- the cards: decks of the Appendix's cards and ship cards, face down

from vassal_tools.formats.pieces import parse_definition  # noqa: E402
from vassal_tools.formats.traits import Obscurable  # noqa: E402


def test_the_card_decks_hold_the_appendix_cards_face_down(built):
    # 2.4: each faction's action cards in a deck on the board, face down (their backs the faction's);
    # 6.2: the 9. April cards a deck of their own. One card of each the Appendix prints (cards.csv).
    game = load_kampen()
    module = vassal_tools.open(built)
    with zipfile.ZipFile(built) as zf:
        images = {n[len("images/"):] for n in zf.namelist() if n.startswith("images/")}
    piles = list(module.buildfile.components("map.DrawPile"))
    expected = {(d["name"], d["side"], d["deck"]) for d in game.toml["decks"]}
    assert len(piles) == 6 and {p.get("name") for p in piles} == {name for name, _, _ in expected}
    for name, side, deck in expected:
        (pile,) = [p for p in piles if p.get("name") == name]
        assert pile.get("faceDown") == "Always" and pile.get("owningBoard") == BOARD
        slots = [c for c in pile.children if c.tag.endswith("CardSlot")]
        assert sorted(s.get("entryName") for s in slots) == sorted(
            c.name for c in game.cards if c.side == side and c.deck == deck)
        backs = set()
        for slot in slots:
            _, piece = parse_definition(slot.text)
            masks = [t for t in piece.traits if isinstance(t, Obscurable)]
            assert len(masks) == 1 and masks[0].others_image in images
            backs.add(masks[0].others_image)
        assert len(backs) == 1  # one back for the deck
    the_map = maps_from_module(module)[BOARD]
    for deck in game.toml["decks"]:
        assert the_map.location_name(deck["x"], deck["y"]) == deck["name"]  # VASSAL names a deck's spot by it


def test_ship_cards_are_face_down_but_eidsvoll_and_norge(built):
    # 6.1: ship cards are placed face down; "Eidsvoll & Norge" is the only one always face up.
    module = vassal_tools.open(built)
    game = load_kampen()
    slots = {s.get("entryName"): s for s in module.buildfile.components("widget.PieceSlot")}
    for ship in game.ships.values():
        _, piece = parse_definition(slots[f"{ship.name} ({ship.id})"].text)
        masked = any(isinstance(t, Obscurable) for t in piece.traits)
        assert masked == (ship.name != "Eidsvoll & Norge"), ship.name


def combat_log(played, name: str, dice: str) -> Path:
    """Round 1: ger-1 and ger-2 attack Hønefoss from Oslo (3: 2 Germans in Oslo, 1 Norwegian in Hønefoss);
    Germany declares its land-combat roll there and rolls the dice; Norway retreats to Hallingdal."""
    root, assembly, module, opening = played
    info = tracker_info(area_game(DATA))
    writer = LogWriter(open_file(opening), assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("Germany"))
    writer.step(writer.move("ger-1", "Hønefoss"))
    writer.step(writer.move("ger-2", "Hønefoss"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Round 1", "german-combat")))
    writer.step(writer.chat("roll land-combat in Hønefoss"))
    writer.step([f"CHAT*** Land combat = {dice} *** &lt;Gerd&gt;"])
    writer.step(writer.move("nor-3", "Hallingdal"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Round 1", "german-reinforcement")))
    return writer.save(root / f"{name}.vlog")


def test_a_log_whose_dice_list_breaks_the_five_battalion_rule_and_one_that_keeps_it(played):
    # 4.2: every battalion one combat die: two attacking battalions roll two dice, not three.
    assert audited(played, combat_log(played, "two-dice", "6,3")) == []
    assert audited(played, combat_log(played, "three-dice", "6,3,2")) == [(f"{FILE} 4.2", "Hønefoss")]
    assert audited(played, combat_log(played, "a-seven", "7,3")) == [(f"{FILE} 2.1", "Hønefoss")]  # a d6 (2.1)


def test_a_roll_takes_the_side_of_the_seat_its_player_holds(played):
    """The module's roster names the sides as game.toml does (Germany, Norway, The Allies); a roll by the
    player seated as Germany is the german faction's in the record."""
    log = combat_log(played, "seated", "6,3")
    out = played[0] / "seated.json"
    result = CliRunner().invoke(main, ["record", str(log), "--module", str(played[2]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    import json

    rolls = [e["roll"] for e in json.loads(out.read_text(encoding="utf-8"))["entries"] if "roll" in e]
    assert [(r["for"], r["result"], r.get("side")) for r in rolls] == [("land-combat", [6, 3], "german")]
