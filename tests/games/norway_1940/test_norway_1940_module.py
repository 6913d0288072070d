"""The Norway 1940 module, built from its data by ``vassal-tools build``: a board drawn from the sample
polygons with a ZonedGrid of one Zone per place, a counter per unit of the lists, the opening save of
the set-up from ``vassal-tools setup``, and logs written with the project's log writer against it."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from shapely.geometry import Point, Polygon, box

import vassal_tools
from kits.area_modules import build_cli, module_images
from vassal_tools.art.areamap import draw_area_map
from vassal_tools.builder.area_module import (
    area_archive,
    area_assembly,
    area_game,
    tracker_info,
)
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.games.norway_1940 import NorwayPack
from vassal_tools.games.norway_1940.data import DATA, FILE
from vassal_tools.geometry.from_module import maps_from_module
from vassal_tools.replay.logwriter import LogWriter

BOARD = "Norway 1940"


def build(out: Path, cache: Path) -> Path:
    module = build_cli(DATA, out, cache)
    assert module.name == "norway-1940.vmod"
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("norway-build")
    return build(root / "a", root / "cache")


def test_the_module_builds_byte_identical_twice(built, tmp_path):
    again = build(tmp_path / "b", tmp_path / "cache")  # a cold cache: drawn again
    assert again.read_bytes() == built.read_bytes()


def test_the_module_opens_and_every_image_it_names_is_in_it(built):
    module = vassal_tools.open(built)
    assert module.name == "Norway 1940"
    referenced, images, build_file = module_images(built)
    assert referenced and referenced == images
    for zone in ("Hegra", "Sea Zone 45", "British Off Map base", "carrier:Furious", "German Reinforcement Pool"):
        assert f'name="{zone}"' in build_file


def test_every_place_is_named_by_its_own_zone_in_the_module(built):
    the_map = maps_from_module(vassal_tools.open(built))[BOARD]
    polygons = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    rng = random.Random(40)
    count = 0
    for group in ("areas", "sea_zones", "boxes"):
        for name, points in polygons[group].items():
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
            count += 1
    assert count == 10 + 5 + 11  # land areas, sea zones 35 36 41 40 45, boxes and off-map bases


def test_labels_sit_inside_their_places_without_collisions():
    area_map = NorwayPack().area_map()
    _, labels = draw_area_map(area_map)
    rects = {}
    for label in labels:
        assert label.inside, label
        assert Polygon(area_map.shape(label.area).points).contains(box(*label.box)), label.area
        rects[label.area] = box(*label.box)
    names = sorted(rects)
    assert not [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if rects[a].intersects(rects[b])]


# -- the opening save and logs played on the module

@pytest.fixture(scope="module")
def played(tmp_path_factory):
    root = tmp_path_factory.mktemp("norway-play")
    assembly = area_assembly(DATA, root / "cache")
    module = write_archive(area_archive(assembly), root / "norway-1940.vmod")
    result = CliRunner().invoke(main, ["setup", str(DATA), "-o", str(root / "start.vsav"), "--cache",
                                       str(root / "cache")])
    assert result.exit_code == 0, result.output
    return root, assembly, module, root / "start.vsav"


def starts() -> dict[str, str]:
    """Where units.csv says each unit starts, read straight from the file."""
    with (DATA / "units.csv").open(encoding="utf-8", newline="") as stream:
        return {row["id"]: row["start"] for row in csv.DictReader(stream)}


def record_of(played, log: Path) -> dict:
    out = log.with_suffix(".json")
    result = CliRunner().invoke(main, ["record", str(log), "--module", str(played[2]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text(encoding="utf-8"))


def writer_from(played, opening: Path) -> LogWriter:
    root, assembly, _, _ = played
    writer = LogWriter(open_file(opening), assembly.locator.point, "Gerd", "gerd-pw")
    writer.step(writer.seat("Germany"))
    return writer


def test_the_opening_save_places_every_unit_where_the_data_says(played):
    root, assembly, module, opening = played
    the_map = maps_from_module(vassal_tools.open(module))[BOARD]
    for stack in assembly.stacks:  # each stack's point lies in its place's own zone
        assert the_map.location_name(stack.spot.x, stack.spot.y) in {s.name for s in area_game(DATA).shapes}
    writer = writer_from(played, opening)
    record = record_of(played, writer.save(root / "opening.vlog"))
    placed = {e["place"]: e["at"] for e in record["entries"] if "place" in e}
    assert placed == starts()
    assert placed["nor-6th-infantry-brigade"] == "Narvik"  # Allied Set-up: Narvik: 6th infantry brigade
    assert "172 pieces" in CliRunner().invoke(main, ["inspect", str(opening)]).output


def audited(played, log: Path) -> list[tuple[str, str | None]]:
    result = CliRunner().invoke(main, ["audit", str(log), "--module", str(played[2]), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return [(f["rule"], f.get("where")) for f in json.loads(result.output)["findings"]]


def play_search(played, name: str, die: int, opening: Path | None = None) -> Path:
    root, assembly, _, start = played
    info = tracker_info(area_game(DATA))
    writer = writer_from(played, opening or start)
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Pre-turn", "pre-turn-activation")))
    writer.step(writer.move("ger-ju-88-1", "Bergen"))
    writer.step(writer.chat("roll air-naval-search in Sea Zone 40"))
    writer.step(writer.roll("air-naval-search", die))
    writer.step(writer.chat("attack Sea Zone 40 with ger-ju-88-1"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Turn 1", "action-roll")))
    return writer.save(root / f"{name}.vlog")


def test_a_log_that_keeps_the_set_up_and_the_search_roll(played):
    assert audited(played, play_search(played, "kept", 4)) == []  # Air-Naval Attack: DR 1-4, attack


def test_a_log_that_breaks_them(played):
    root = played[0]
    # A set-up with the British battlecruiser in Sea Zone 40 (the list gives the base, 35, 36 or 41).
    writer = writer_from(played, played[3])
    writer.step(writer.move("bri-bc", "Sea Zone 40"))
    misplaced = writer.save_position(root / "misplaced.vsav")
    found = audited(played, play_search(played, "broken", 6, misplaced))
    assert found == [(f"{FILE} Allied Set-up", "Sea Zone 40"), (f"{FILE} Air-Naval Attack", "Sea Zone 40")]


def play_turns(played, name: str, pre_turn: list, turn_1: list) -> Path:
    """A log from the opening save: chat lines and ("roll", button, die) / ("delete", unit) steps in the
    German pre-turn and in Turn 1's actions."""
    root = played[0]
    info = tracker_info(area_game(DATA))
    writer = writer_from(played, played[3])
    for turn, phase, steps in (("Pre-turn", "pre-turn-activation", pre_turn), ("Turn 1", "actions", turn_1)):
        writer.step(writer.turn(TRACKER_ID, tracker_state(info, turn, phase)))
        for step in steps:
            if isinstance(step, str):
                writer.step(writer.chat(step))
            elif step[0] == "roll":
                writer.step(writer.roll(step[1], step[2]))
            else:
                writer.step(writer.delete(step[1]))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Turn 2", "action-roll")))
    return writer.save(root / f"{name}.vlog")


def test_a_log_that_keeps_activation_supply_submarine_victory_points_and_refit(played):
    log = play_turns(played, "kept-all", [
        "action german air with ger-ju-88-1, ger-ju-88-2",
        "roll air-naval-search in Sea Zone 41 unit ger-ju-88-1", ("roll", "air-naval-search", 2),
        "attack Sea Zone 41 with ger-ju-88-1 target nor-ss",  # one attacker on the submarine
        "action german naval with ger-ca",
    ], [
        "action allied naval with bri-dd-1, bri-bb-1", "mark ger-138th-mountain-regiment as out-of-supply",
        ("delete", "ger-tr-1"), "vp allied 4 for ger-tr-1 roll 4",  # Variable Allied VP: TR 1D6
        "vp german 15 for Oslo", 'vp allied 10 for "Bismarck"',
        "roll refit target bri-bb-1 outcome refit", ("roll", "refit", 2),  # Allied Refit Table: BB 1-2
    ])
    record = record_of(played, log)
    kinds = {next(iter(k for k in e if k not in ("step", "said"))) for e in record["entries"]}
    assert {"action", "mark", "vp", "roll", "attack", "remove"} <= kinds
    assert audited(played, log) == []


def test_a_log_that_breaks_them_all(played):
    log = play_turns(played, "broken-all", [
        "action german air with ger-ju-88-1", "action german air with ger-ju-88-1",  # 1a: activated twice
    ], [
        "mark bri-dd-1 as out-of-supply",  # Supply: a ship
        "attack Sea Zone 45 with bri-dd-1, bri-bb-1, bri-ca-1 target ger-ss",  # three on a submarine
        ("delete", "ger-tr-1"), "vp allied 9 for ger-tr-1 roll 4",  # a TR is 1D6: 4
        "roll refit target bri-bb-1 outcome refit", ("roll", "refit", 5),  # 5-6: destroy
    ])
    assert audited(played, log) == [(f"{FILE} German Special Rules 1a", None), (f"{FILE} Supply", "British Off Map base"),
                                    (f"{FILE} Submarine", "Sea Zone 45"), (f"{FILE} Variable Allied VP", None),
                                    (f"{FILE} Allied Refit Table", None)]


def test_the_sample_geometry_is_what_its_tool_draws():
    import subprocess
    import sys

    tool = DATA / "tools" / "make_norway_areas.py"
    done = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    borders = (DATA / "adjacency.csv").read_text(encoding="utf-8")
    assert "Oslo,Sea Zone 45" in borders and "Narvik,Sea Zone 36" in borders  # drawn on the coast they face


def test_counters_are_laid_out_by_the_area_template(tmp_path):
    import io

    from PIL import Image

    from vassal_tools.art.areamap import draw_piece
    from vassal_tools.art.templates import TEMPLATES_DIR, load_template
    from vassal_tools.errors import BadInput

    template = load_template(TEMPLATES_DIR / "area.toml")
    pieces = {p.id: p for p in NorwayPack().area_map().pieces}
    brigade = pieces["nor-6th-infantry-brigade"]
    assert brigade.short == "6th" and brigade.detail == "inf bde"  # Allied Set-up: 6th infantry brigade
    image = Image.open(io.BytesIO(draw_piece(brigade)))
    assert image.size == template.size
    assert image.getpixel((0, 0)) == (0, 0, 0)  # the frame's border
    broken = tmp_path / "area.toml"
    broken.write_text((TEMPLATES_DIR / "area.toml").read_text(encoding="utf-8").replace("min_size = 9\n", "", 1),
                      encoding="utf-8")
    with pytest.raises(BadInput, match="name.min_size"):
        load_template(broken)


def test_setup_needs_no_scenario_and_ignores_one_given(played):
    """An area game has one set-up: `--scenario` may be left out (the fixture does) or given, same save."""
    root = played[0]
    result = CliRunner().invoke(main, ["setup", str(DATA), "--scenario", "Norway 1940", "-o", str(root / "named.vsav"),
                                       "--cache", str(root / "cache"), "-q"])
    assert result.exit_code == 0, result.output
    assert (root / "named.vsav").read_bytes() == played[3].read_bytes()
