"""Geometry from real modules: ``vassal-tools locate`` on modules built from the vectors'
grid definitions, and positions VASSAL wrote in the corpus saves and logs.

The small module is written with zipfile: a buildFile.xml whose maps carry the
vector grids (as buildFile attribute strings) and PNG board images whose size
must win over the boards' width/height attributes.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from functools import cache

import numpy as np
import pytest
from click.testing import CliRunner
from lxml import etree
from PIL import Image

from conftest import CORPUS, VECTORS, load_vectors
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats.commands import walk
from vassal_tools.formats.componentcommands import Chat
from vassal_tools.formats.files import open_file
from vassal_tools.formats.piececommands import AddPiece, MovePiece
from vassal_tools.formats.sequence import decode
from vassal_tools.geometry.from_module import ModuleGeometry, board_layouts
from vassal_tools.geometry.hexgrid import HexGrid
from vassal_tools.geometry.maps import OFFBOARD
from vassal_tools.geometry.zonedgrid import Zone

PKG = "VASSAL.build.module.map.boardPicker"
EDGE = (40, 25)


@cache
def vectors(name: str):
    return load_vectors(name)


# --- building a module ------------------------------------------------------------------


def _el(parent, tag: str, attrs: dict | None = None, text: str | None = None):
    element = etree.SubElement(parent, tag, {k: str(v) for k, v in (attrs or {}).items()})
    element.text = text
    return element


def _map(root, name: str, edge=EDGE):
    game_map = _el(root, "VASSAL.build.module.Map", {"mapName": name, "edgeWidth": edge[0], "edgeHeight": edge[1]})
    return _el(game_map, "VASSAL.build.module.map.BoardPicker")


def _board(picker, name: str, size, image: str | None = None):
    attrs = {"name": name, "reversible": "false"}
    if image:
        attrs.update(image=image, width=10, height=10)  # wrong on purpose: the image size wins
    else:
        attrs.update(width=size[0], height=size[1])
    return _el(picker, f"{PKG}.Board", attrs)


def _grid(parent, kind: str, attrs: dict, numbering: dict | None, numbering_class: str | None = None):
    grid = _el(parent, f"{PKG}.board.{kind}", attrs)
    if numbering is not None:
        default = "HexGridNumbering" if kind == "HexGrid" else "SquareGridNumbering"
        _el(grid, f"{PKG}.board.mapgrid.{numbering_class or default}", numbering)
    return grid


def _png(size) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 200, 200)).save(out, "PNG")
    return out.getvalue()


def build_module(path) -> None:
    """Maps ``hex<i>`` and ``square<i>`` (one per vector config), ``zoned``, ``regions``, ``four``."""
    root = etree.Element("VASSAL.build.GameModule", {"name": "Vector grids", "version": "1", "VassalVersion": "3.7.0"})
    images = {}
    for i, config in enumerate(vectors("hexgrid.json")["configs"]):
        numbering = dict(config["numbering"])
        numbering_class = numbering.pop("class")
        board = _board(_map(root, f"hex{i}"), "board", config["board_size"])
        _grid(board, "HexGrid", config["grid"], numbering, numbering_class)
    for i, config in enumerate(vectors("squaregrid.json")["configs"]):
        board = _board(_map(root, f"square{i}"), "board", config["board_size"])
        _grid(board, "SquareGrid", config["grid"], config["numbering"])

    zoned = vectors("zonedgrid.json")
    board = _board(_map(root, "zoned"), "board", zoned["board_size"])
    zoned_grid = _el(board, f"{PKG}.board.ZonedGrid")
    bg = zoned["background_grid"]
    _grid(zoned_grid, "HexGrid", {k: bg[k] for k in ("dx", "dy", "x0", "y0")}, {})
    for spec in zoned["zones_in_order"]:
        zone = _el(zoned_grid, f"{PKG}.board.mapgrid.Zone", {k: spec[k] for k in ("name", "path", "locationFormat", "useParentGrid")})
        if spec["grid"] in ("square", "hex"):
            attrs = dict(spec["grid_attrs"])
            numbering = {k: v for k, v in attrs.pop("numbering").items() if k != "others"}
            _grid(zone, "SquareGrid" if spec["grid"] == "square" else "HexGrid", attrs, numbering)

    regions = vectors("regiongrid.json")
    board = _board(_map(root, "regions"), "board", (1200, 1200))
    region_grid = _el(board, f"{PKG}.board.RegionGrid", {"snapto": str(regions["snapto"]).lower()})
    for r in regions["regions"]:
        _el(region_grid, f"{PKG}.board.Region", {"name": r["name"], "originx": r["originx"], "originy": r["originy"]})

    four = vectors("map_boards.json")
    picker = _map(root, four["map"]["mapName"], (four["map"]["edgeWidth"], four["map"]["edgeHeight"]))
    layout = [f"{four['map']['mapName']}BoardPicker"]
    for spec in four["boards"]:
        image = f"{spec['name']}.png"
        images[image] = _png(spec["bounds"][2:])
        board = _board(picker, spec["name"], None, image)
        kind = {"NW": "HexGrid", "NE": "HexGrid", "SW": "SquareGrid", "SE": "HexGrid"}[spec["name"]]
        grid_spec = four["grids"]["hex" if kind == "HexGrid" else "square"]
        _grid(board, kind, {k: v for k, v in grid_spec.items() if k != "numbering"}, {})
        layout += [spec["name"] + ("/rev" if spec["reversed"] else ""), str(spec["relpos"][0]), str(spec["relpos"][1])]
    setup = etree.Element("setup")
    setup.text = "\t".join(layout)
    picker.insert(0, setup)

    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
        for name, data in images.items():
            archive.writestr(f"images/{name}", data)


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    if not VECTORS.exists():
        pytest.skip(f"{VECTORS} absent")
    path = tmp_path_factory.mktemp("vmod") / "vectors.vmod"
    build_module(path)
    return path


def run_locate(module_path, map_name: str, points, tmp_path) -> list[dict]:
    points_file = tmp_path / f"{map_name}.txt"
    points_file.write_text("\n".join(f"{x},{y}" for x, y in points) + "\n")
    result = CliRunner().invoke(main, ["locate", str(module_path), "--map", map_name, "--points", str(points_file), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def expected_map_snap(snap, size):
    """Map.snapTo of a one-board map: a grid snap landing 1 px off the board is pulled back (7)."""
    x, y = snap
    width, height = size
    if not (0 <= x < width and 0 <= y < height):
        x = width - 1 if x == width else 0 if x == -1 else x
        y = height - 1 if y == height else 0 if y == -1 else y
    return x, y


def check_one_board(module_path, map_name, size, rows, tmp_path):
    """Vector rows (x, y, snap, name) in board coordinates through ``locate`` on a map with edges."""
    out = run_locate(module_path, map_name, [(x + EDGE[0], y + EDGE[1]) for x, y, _, _ in rows], tmp_path)
    mismatches = []
    for (x, y, snap, name), got in zip(rows, out):
        on_board = 0 <= x < size[0] and 0 <= y < size[1]
        if on_board:
            sx, sy = expected_map_snap(snap, size)
            expected = ("board", name, sx + EDGE[0], sy + EDGE[1])
        else:
            expected = (None, OFFBOARD, x + EDGE[0], y + EDGE[1])
        actual = (got["board"], got["location"], got["snap_x"], got["snap_y"])
        if actual != expected:
            mismatches.append(((x, y), expected, actual))
    assert len(out) == len(rows)
    assert not mismatches, f"{len(mismatches)} of {len(rows)} differ: {mismatches[:5]}"
    return sum(1 for x, y, _, _ in rows if 0 <= x < size[0] and 0 <= y < size[1])


def test_locate_hex_vectors(module_path, tmp_path):
    on_board = 0
    for i, config in enumerate(vectors("hexgrid.json")["configs"]):
        rows = [(r[0], r[1], (r[2], r[3]), r[10]) for r in config["points"]]
        assert config["columns"][10] == "locationName(point)"
        on_board += check_one_board(module_path, f"hex{i}", config["board_size"], rows, tmp_path)
    assert on_board > 20_000


def test_locate_square_vectors(module_path, tmp_path):
    for i, config in enumerate(vectors("squaregrid.json")["configs"]):
        rows = [(r[0], r[1], (r[2], r[3]), r[8]) for r in config["points"]]
        check_one_board(module_path, f"square{i}", config["board_size"], rows, tmp_path)


def test_locate_zoned_and_region_vectors(module_path, tmp_path):
    zoned = vectors("zonedgrid.json")
    rows = [(r[0], r[1], (r[3], r[4]), r[5]) for r in zoned["points"]]
    check_one_board(module_path, "zoned", zoned["board_size"], rows, tmp_path)
    regions = vectors("regiongrid.json")
    rows = [(r[0], r[1], (r[2], r[3]), r[4]) for r in regions["points"]]
    check_one_board(module_path, "regions", (1200, 1200), rows, tmp_path)


def test_locate_four_board_map_from_setup_and_images(module_path, tmp_path):
    data = vectors("map_boards.json")
    out = run_locate(module_path, data["map"]["mapName"], [(r[0], r[1]) for r in data["points"]], tmp_path)
    expected = [(r[2], r[5], r[3], r[4]) for r in data["points"]]
    got = [(o["board"], o["location"], o["snap_x"], o["snap_y"]) for o in out]
    assert got == expected
    layout = ModuleGeometry(open_file(module_path)).map(data["map"]["mapName"])
    assert [list(b.bounds) for b in layout.boards] == [b["bounds"] for b in data["boards"]]


def test_locate_text_output_and_arguments(module_path):
    result = CliRunner().invoke(main, ["locate", str(module_path), "--map", "hex0", "70,57", "-500,-500"])
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()
    assert first.split("\t")[:2] == ["70,57", "board"]
    assert second == "-500,-500\t-\toffboard\t-500,-500"


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize("dx", ["0", "-5.0", "0.0", "NaN", "abc"])
def test_bad_hex_spacing_is_bad_input(dx):
    with pytest.raises(BadInput) as err:
        HexGrid.from_attributes({"dx": dx, "dy": "64.0"}, {})
    assert "dx" in str(err.value)


@pytest.mark.parametrize("path,problem", [
    ("10,10;50,50", "at least 3"),
    ("", "at least 3"),
    ("0,0;100,100;100,0;0,100", "crosses itself"),
    ("0,0;10,zz;5,5", "integers"),
])
def test_bad_zone_polygon_is_bad_input(path, problem):
    with pytest.raises(BadInput) as err:
        Zone.from_attributes({"name": "Box", "path": path})
    assert problem in str(err.value)


def test_module_with_a_crossing_zone_still_opens_with_a_warning(tmp_path):
    root = etree.Element("VASSAL.build.GameModule", {"name": "z", "version": "1"})
    board = _board(_map(root, "m", (0, 0)), "b", (300, 300))
    zoned = _el(board, f"{PKG}.board.ZonedGrid")
    _el(zoned, f"{PKG}.board.mapgrid.Zone", {"name": "Bow", "path": "0,0;100,100;100,0;0,100"})
    path = tmp_path / "z.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", etree.tostring(root))
    geometry = ModuleGeometry(open_file(path))
    assert geometry.location_name("m", 20, 50) == "Bow"  # VASSAL's even-odd rule still applies
    assert geometry.location_name("m", 50, 20) == OFFBOARD
    assert any("crosses itself" in w for w in geometry.warnings)


@pytest.mark.parametrize("args,message", [
    (["--map", "nope", "1,1"], "no map 'nope'"),
    (["--map", "hex0", "1;1"], "not a point"),
    (["--map", "hex0", "99999999999,1"], "Java int"),
    (["--map", "hex0"], "give points"),
])
def test_locate_bad_arguments_are_one_line(module_path, args, message):
    result = CliRunner().invoke(main, ["locate", str(module_path), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_locate_points_file_errors_name_the_line(module_path, tmp_path):
    points = tmp_path / "p.txt"
    points.write_text("10,10\n# a comment\n\n12,x\n")
    result = CliRunner().invoke(main, ["locate", str(module_path), "--map", "hex0", "--points", str(points)])
    assert result.exit_code == 2
    assert "line 4" in result.output and "'12,x'" in result.output


def test_far_off_points_are_offboard_without_hanging(module_path):
    far = [f"{v},{v}" for v in (2**31 - 1, -(2**31), 10**9)]
    result = CliRunner().invoke(main, ["locate", str(module_path), "--map", "hex3", *far])
    assert result.exit_code == 0, result.output
    assert all(line.split("\t")[2] == OFFBOARD for line in result.output.splitlines())


def test_multi_board_map_without_layout_asks_for_one(tmp_path):
    root = etree.Element("VASSAL.build.GameModule", {"name": "two", "version": "1"})
    picker = _map(root, "m", (0, 0))
    _board(picker, "a", (100, 100))
    _board(picker, "b", (100, 100))
    path = tmp_path / "two.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", etree.tostring(root))
    result = CliRunner().invoke(main, ["locate", str(path), "--map", "m", "1,1"])
    assert result.exit_code == 2 and "no default layout" in result.output


# --- the corpus: what VASSAL itself wrote -----------------------------------------------

GAMES_WITH_MODULES = [
    ("saves/kassala__Default_Setup.vsav", "modules/kassala__Kassala.vmod"),
    ("saves/tld__scenarios_campaign.vsav", "modules/tld__TheLongestDay_tmp.vmod"),
    ("saves/tld__scenarios_scenario_1.vsav", "modules/tld__TheLongestDay_tmp.vmod"),
    ("saves/tld__tmp_campaign.vsav", "modules/tld__TheLongestDay_tmp.vmod"),
    ("logs/tld__0606-1.vlog", "modules/tld__TheLongestDay_tmp.vmod"),
    ("logs/tld__0607-3.vlog", "modules/tld__TheLongestDay_tmp.vmod"),
    ("logs/tld__0608-2.vlog", "modules/tld__TheLongestDay_tmp.vmod"),
    ("logs/tld__0610-2.vlog", "modules/tld__TheLongestDay_tmp.vmod"),
    ("logs/tld__0610-7.vlog", "modules/tld__TheLongestDay_tmp.vmod"),
    ("logs/zxvt__5x5_startup.vlog", "modules/zxvt__CaptureOfTheTerritory.vmod"),
]


@cache
def corpus_module(path: str):
    return open_file(CORPUS / path)


def basic_piece_position(state: str) -> tuple[str, int, int] | None:
    """map, x, y of a piece or stack state: the innermost TAB level is ``map;x;y;...``."""
    while True:
        parts = decode(state, "\t")
        if len(parts) < 2:
            break
        state = parts[-1]
    fields = state.split(";")
    if len(fields) < 3 or fields[0] in ("", "null"):
        return None
    try:
        return fields[0], int(fields[1]), int(fields[2])
    except ValueError:
        return None


def positions_written(game) -> list[tuple[str, int, int]]:
    """On-map positions in the file: stacks and loose pieces added, and move destinations.

    A piece inside a stack is where its stack is; its own stored x/y can be stale
    (VASSAL 3.0 saves keep old coordinates there), so stacked pieces are skipped.
    """
    commands = list(walk(game.commands))
    stacked = set()
    for command in commands:
        if isinstance(command, AddPiece) and command.type.startswith("stack"):
            stacked.update(command.state.split(";")[3:])
    found = []
    for command in commands:
        if isinstance(command, AddPiece) and command.id not in stacked:
            position = basic_piece_position(command.state)
            if position is not None:
                found.append(position)
        elif isinstance(command, MovePiece) and command.new_map:
            found.append((command.new_map, command.new_x, command.new_y))
    return found


@pytest.mark.parametrize("game_path,module_rel", [pytest.param(g, m, id=g.split("/")[-1]) for g, m in GAMES_WITH_MODULES])
def test_every_position_vassal_wrote_is_a_snap_point(game_path, module_rel):
    """VASSAL snaps dropped pieces, so each stored position must be its own snap (7, 6.x)."""
    if not (CORPUS / game_path).exists():
        pytest.skip("corpus absent")
    game = open_file(CORPUS / game_path)
    geometry = ModuleGeometry(corpus_module(module_rel), board_layouts(game.stream))
    positions = positions_written(game)
    assert positions
    moved = [(m, x, y, geometry.map(m).snap(x, y)) for m, x, y in positions if geometry.map(m).snap(x, y) != (x, y)]
    assert not moved, f"{len(moved)} of {len(positions)} positions are not snap points: {moved[:5]}"


def _format_regex(fmt: str) -> re.Pattern:
    """A report format (``$pieceName$ moves $previousLocation$ -> $location$ *``) as a regex."""
    parts = decode(fmt, "$")
    pattern = []
    for i, part in enumerate(parts):
        if i % 2 == 1 and i + 1 < len(parts):
            pattern.append(f"(?P<{part}>.*?)" if part in ("location", "previousLocation") else ".*?")
        else:
            pattern.append(re.escape(part))
    return re.compile(r"\* " + "".join(pattern) + r"\s*")


def reports_checked(log_rel: str, module_rel: str) -> tuple[int, list]:
    """(matched, mismatches) of the auto-report names against the names computed from x, y."""
    game = open_file(CORPUS / log_rel)
    module = corpus_module(module_rel)
    geometry = ModuleGeometry(module, board_layouts(game.stream))
    views = {m.identifier: m for m in module.buildfile.maps}
    matched, mismatches = 0, []
    for step in game.steps:
        commands = list(walk(step.commands))
        for i, command in enumerate(commands):
            if not (isinstance(command, Chat) and command.text.startswith("* ")):
                continue
            before = next((c for c in reversed(commands[:i]) if isinstance(c, (MovePiece, AddPiece))), None)
            if isinstance(before, MovePiece) and before.new_map in views:
                spot, formats = (before.new_map, before.new_x, before.new_y), ("move_within_format", "move_to_format")
            elif isinstance(before, AddPiece) and basic_piece_position(before.state):
                spot, formats = basic_piece_position(before.state), ("create_format",)
            else:
                continue
            for attr in formats:
                fmt = getattr(views[spot[0]], attr)
                match = fmt and "$location$" in fmt and _format_regex(fmt).fullmatch(command.text)
                if match:
                    name = geometry.location_name(*spot)
                    (mismatches.append((spot, match["location"], name)) if name != match["location"] else None)
                    matched += name == match["location"]
                    break
    return matched, mismatches


def test_auto_report_names_match_vassal():
    """Where a log carries VASSAL's own auto-report after a move or create, its location name
    is the independent truth. The Longest Day logs have none (its GlobalOptions autoReport is
    "Never"); the zxvt log's six "created in" reports are checked here."""
    if not CORPUS.exists():
        pytest.skip("corpus absent")
    total = 0
    for log_rel, module_rel in GAMES_WITH_MODULES:
        if not log_rel.startswith("logs/"):
            continue
        matched, mismatches = reports_checked(log_rel, module_rel)
        assert not mismatches, f"{log_rel}: {mismatches[:5]}"
        total += matched
    assert total >= 6


# --- the overlay ------------------------------------------------------------------------


def _reddish(image: Image.Image, box) -> int:
    """How many pixels in ``box`` are grid-line red."""
    rgb = np.asarray(image.crop(box), dtype=int)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return int(((r > g + 60) & (r > b + 60)).sum())


def test_grid_overlay_of_map_and_of_one_board(module_path, tmp_path):
    data = vectors("map_boards.json")
    name = data["map"]["mapName"]
    out = tmp_path / "map.png"
    result = CliRunner().invoke(main, ["grid", str(module_path), "--map", name, "-o", str(out)])
    assert result.exit_code == 0, result.output
    image = Image.open(out).convert("RGB")
    assert list(image.size) == data["map"]["mapSize"]
    for spec in data["boards"]:  # grid lines on every board, none in the edge margin
        x, y, w, h = spec["bounds"]
        assert _reddish(image, (x, y, x + w, y + h)) > 1000, spec["name"]
    assert _reddish(image, (0, 0, data["map"]["edgeWidth"], data["map"]["edgeHeight"])) == 0

    out = tmp_path / "sw.png"
    result = CliRunner().invoke(main, ["grid", str(module_path), "--map", name, "--board", "SW", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert Image.open(out).size == (700, 300)

    result = CliRunner().invoke(main, ["grid", str(module_path), "--map", name, "--board", "XX", "-o", str(out)])
    assert result.exit_code == 2 and "no board 'XX'" in result.output


def test_locate_warns_of_zones_vassal_accepts_but_cannot_use(tmp_path):
    import zipfile

    from click.testing import CliRunner

    from vassal_tools.cli import main

    zones = ('<VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
             '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Two" path="0,0;10,10"/>'
             '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Bow" path="0,0;100,100;100,0;0,100"/>'
             '</VASSAL.build.module.map.boardPicker.board.ZonedGrid>')
    path = tmp_path / "zones.vmod"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", '<VASSAL.build.GameModule name="T"><VASSAL.build.module.Map mapName="Main">'
                    '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="b" '
                    f'width="500" height="500">{zones}</VASSAL.build.module.map.boardPicker.Board>'
                    '</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    result = CliRunner().invoke(main, ["locate", str(path), "--map", "Main", "300,300"])
    assert result.exit_code == 0
    assert result.stdout.strip().split("\t")[2] == "offboard"  # in no zone, and no background grid
    assert "'Two': zone polygon has 2 point(s)" in result.stderr and "'Bow': zone polygon crosses itself" in result.stderr
