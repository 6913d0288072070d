"""The buildFile model on the real corpus modules, and on hostile or broken input."""

from __future__ import annotations

import collections
import json
import re
import zipfile

import pytest
from lxml import etree

from conftest import CORPUS, corpus_params
from vassal_tools.errors import BadInput
from vassal_tools.formats.buildfile import BuildFile
from vassal_tools.formats.xmlsafe import c14n


def read_buildfile(path) -> tuple[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        entry = "buildFile.xml" if "buildFile.xml" in names else "buildFile"
        return entry, archive.read(entry)


def manifest_entry(path) -> dict:
    files = json.loads((CORPUS / "MANIFEST.json").read_text(encoding="utf-8"))["files"]
    return next(f for f in files if (CORPUS / f["local_path"]) == path)


def canonical(data: bytes) -> bytes:
    return etree.tostring(etree.fromstring(data, etree.XMLParser(resolve_entities=False)).getroottree(), method="c14n")


# --- corpus -------------------------------------------------------------------------


@pytest.mark.parametrize("path", corpus_params("module"))
def test_unedited_buildfile_round_trips_exactly(path):
    entry, data = read_buildfile(path)
    out = BuildFile.from_bytes(data, str(path), entry=entry).to_bytes()
    assert canonical(out) == canonical(data)
    assert out == data


@pytest.mark.parametrize("path", corpus_params("module"))
def test_edited_buildfile_keeps_everything_else(path):
    entry, data = read_buildfile(path)
    bf = BuildFile.from_bytes(data, str(path), entry=entry)
    first_map = bf.maps[0]
    old_name = first_map.name
    first_map.name = old_name + " (edited)"
    out = bf.to_bytes()
    assert out != data
    assert out.startswith(data.split(b"?>", 1)[0])  # the declaration as written
    assert (b"\r\n" in out) == (b"\r\n" in data)  # line ends kept
    again = BuildFile.from_bytes(out, "edited")
    assert again.maps[0].name == old_name + " (edited)"
    again.maps[0].name = old_name
    assert canonical(again.to_bytes()) == canonical(data)


@pytest.mark.parametrize("path", corpus_params("module"))
def test_counts_agree_with_the_raw_xml(path):
    entry, data = read_buildfile(path)
    text = data.decode("utf-8")
    bf = BuildFile.from_bytes(data, str(path), entry=entry)
    slots = re.findall(r"<VASSAL\.build\.widget\.(?:PieceSlot|CardSlot)[\s/>]", text)
    prototypes = re.findall(r"<VASSAL\.build\.module\.PrototypeDefinition[\s/>]", text)
    maps = re.findall(r"<VASSAL\.build\.(?:module\.Map|module\.PrivateMap|module\.PlayerHand|widget\.WidgetMap)[\s/>]", text)
    setup_stacks = re.findall(r"<VASSAL\.build\.module\.map\.SetupStack[\s/>]", text)
    decks = re.findall(r"<VASSAL\.build\.module\.map\.DrawPile[\s/>]", text)
    dice = re.findall(r"<VASSAL\.build\.module\.(?:Special|Internet)?DiceButton[\s/>]", text)
    trackers = re.findall(r"<VASSAL\.build\.module\.turn\.TurnTracker[\s/>]", text)
    assert len(bf.piece_slots) == len(slots) > 0
    assert len(bf.prototypes) == len(prototypes)
    assert len(bf.maps) == len(maps) > 0
    assert sum(len(m.setup_stacks) for m in bf.maps) == len(setup_stacks)
    assert sum(len(m.decks) for m in bf.maps) == len(decks)
    assert len(bf.dice_buttons) == len(dice) > 0
    assert len(bf.turn_trackers) == len(trackers)
    gpids = re.findall(r'<VASSAL\.build\.widget\.(?:PieceSlot|CardSlot)[^>]*\bgpid="([^"]*)"', text)
    assert sorted(s.gpid for s in bf.piece_slots if s.element.get("gpid") is not None) == sorted(gpids)


@pytest.mark.parametrize("path", corpus_params("module"))
def test_grids_reachable_from_boards_match_the_manifest(path):
    """Every grid the corpus builder counted hangs under a board, a zone or a ZonedGrid."""
    entry, data = read_buildfile(path)
    bf = BuildFile.from_bytes(data, str(path), entry=entry)
    counts = collections.Counter()

    def count(grid):
        if grid is None:
            return
        counts[grid.kind] += 1
        if grid.kind == "ZonedGrid":
            for zone in grid.zones:
                count(zone.grid)
            count(grid.background_grid)

    for game_map in bf.maps:
        for board in game_map.boards:
            count(board.grid)
    assert dict(counts) == manifest_entry(path)["grid_types"]


@pytest.mark.parametrize("path", corpus_params("module"))
def test_root_attributes_and_ids(path):
    entry, data = read_buildfile(path)
    bf = BuildFile.from_bytes(data, str(path), entry=entry)
    facts = manifest_entry(path)
    assert bf.kind == "module"
    assert bf.name == facts["module_name_in_buildFile"]
    assert bf.vassal_version == facts["buildFile_VassalVersion"]
    assert [m.map_id for m in bf.maps] == [f"Map{i}" for i in range(len(bf.maps))]
    for tracker_number, tracker in enumerate(bf.turn_trackers):
        assert tracker.tracker_id == f"TurnTracker{tracker_number}"
    for custom in facts.get("custom_classes", []):
        found = list(bf.components(custom))
        assert found and found[0].tag == custom


def test_kassala_details():
    path = CORPUS / "modules/kassala__Kassala.vmod"
    if not path.exists():
        pytest.skip("corpus absent")
    bf = BuildFile.from_bytes(read_buildfile(path)[1], str(path))
    (main,) = bf.maps
    assert main.name == "Main Map" and main.edge == (0, 0)
    (board,) = main.boards
    assert (board.name, board.image, board.reversible) == ("Kassala", "Mapboard.png", False)
    assert board.grid.kind == "HexGrid"
    assert board.grid.attributes["dx"] == "227.90000000000052"
    # at-start stacks sit in MapSubFolders: the folders are looked through
    stack = next(s for s in main.setup_stacks if s.name == "Mos-Can_x3")
    assert (stack.owning_board, stack.use_grid_location, stack.x, stack.y) == ("Kassala", False, 734, 718)
    assert [s.gpid for s in stack.piece_slots] == ["53", "54", "55"]
    assert stack.piece_slots[0].palette_path == []
    assert stack.piece_slots[0].parent == stack
    assert stack.parent == main
    assert stack.piece_slots[0].text.startswith("+/null/prototype;Unit\tpiece;;;Moslem_Cannon_1-0.png")
    assert bf.player_sides == ["Moslem", "Christian"]
    (tracker,) = bf.turn_trackers
    (level,) = tracker.levels
    assert (level.class_name, level.start, level.incr, level.loop, level.loop_limit) == ("CounterTurnLevel", 1, 1, False, 10)


def test_chart_window_maps_follow_the_module_map():
    path = CORPUS / "modules/tld__TheLongestDay_tmp.vmod"
    if not path.exists():
        pytest.skip("corpus absent")
    bf = BuildFile.from_bytes(read_buildfile(path)[1], str(path), entry="buildFile")
    names = [(m.map_id, m.class_name, m.name) for m in bf.maps]
    assert names[0] == ("Map0", "Map", "Normandy")
    assert names[1] == ("Map1", "WidgetMap", "Allied Airborne Display")
    assert bf.map("Weather").map_id == "Map12"
    slot = bf.piece_slots[0]
    assert slot.palette_path == ["Pieces", "American", "101 Abn Div"]  # the unnamed TabWidget is skipped


# --- map ids, edges and folders on small files ---------------------------------------

HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'


def small(body: str, root: str = "VASSAL.build.GameModule", attrs: str = 'name="T" version="1"') -> bytes:
    return (HEAD + f"<{root} {attrs}>\n{body}\n</{root}>\n").encode("utf-8")


def a_map(name: str, cls: str = "VASSAL.build.module.Map", extra: str = "") -> str:
    return f'<{cls} mapName="{name}" {extra}><VASSAL.build.module.map.BoardPicker/></{cls}>'


def test_maps_in_later_tabs_are_numbered_last():
    widget_map = lambda n: (  # noqa: E731
        f'<VASSAL.build.widget.MapWidget entryName="{n}">'
        + a_map(n, "VASSAL.build.widget.WidgetMap")
        + "</VASSAL.build.widget.MapWidget>"
    )
    body = (
        '<VASSAL.build.module.ChartWindow name="Charts"><VASSAL.build.widget.TabWidget>'
        f'<VASSAL.build.widget.PanelWidget entryName="one">{widget_map("A")}</VASSAL.build.widget.PanelWidget>'
        f'<VASSAL.build.widget.PanelWidget entryName="two">{widget_map("B")}</VASSAL.build.widget.PanelWidget>'
        f"{widget_map('C')}"
        "</VASSAL.build.widget.TabWidget></VASSAL.build.module.ChartWindow>"
        f'<VASSAL.build.module.folder.ModuleSubFolder name="f">{a_map("D", "VASSAL.build.module.PlayerHand")}'
        "</VASSAL.build.module.folder.ModuleSubFolder>"
        + a_map("")
    )
    bf = BuildFile.from_bytes(small(body))
    ids = {m.name or m.identifier: m.map_id for m in bf.maps}
    # The TabWidget builds its children first (C's MapWidget builds its map at once),
    # then shows its first tab (panel "one": A); B waits in the second tab's panel
    # until the user opens it.
    assert ids == {"C": "Map0", "A": "Map1", "D": "Map2", "Map3": "Map3", "B": "Map4"}
    assert [m.name for m in bf.maps] == ["A", "B", "C", "D", ""]


def test_edge_legacy_attribute_is_overridden_alphabetically():
    bf = BuildFile.from_bytes(small(a_map("M", extra='edge="10,20" edgeWidth="5"')))
    (game_map,) = bf.maps
    assert game_map.edge == (5, 20)
    game_map.edge_height = 7
    assert game_map.edge == (5, 7)
    assert BuildFile.from_bytes(small(a_map("M", extra='edge="10"'))).maps[0].edge == (0, 0)


def test_bad_integer_attribute_names_the_element():
    bf = BuildFile.from_bytes(small(a_map("M", extra='edgeWidth="wide"')), "m.vmod")
    with pytest.raises(BadInput, match=r"m\.vmod: .*edgeWidth='wide' is not an integer"):
        _ = bf.maps[0].edge


def test_global_property_containers():
    zone = (
        '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Box">'
        "<VASSAL.build.module.properties.GlobalProperties>"
        '<VASSAL.build.module.properties.GlobalProperty name="zp" initialValue="1" isNumeric="TRUE"/>'
        "</VASSAL.build.module.properties.GlobalProperties>"
        "</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>"
    )
    body = (
        '<VASSAL.build.module.properties.GlobalProperties><VASSAL.build.module.folder.GlobalPropertyFolder name="f">'
        '<VASSAL.build.module.properties.GlobalProperty name="mp" initialValue="3" isNumeric="true" min="0" max="9"/>'
        "</VASSAL.build.module.folder.GlobalPropertyFolder></VASSAL.build.module.properties.GlobalProperties>"
        '<VASSAL.build.module.Map mapName="North"><VASSAL.build.module.map.BoardPicker>'
        '<VASSAL.build.module.map.boardPicker.Board name="b"><VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
        f"{zone}</VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board>"
        "</VASSAL.build.module.map.BoardPicker><VASSAL.build.module.properties.GlobalProperties>"
        '<VASSAL.build.module.properties.GlobalProperty name="np"/>'
        "</VASSAL.build.module.properties.GlobalProperties></VASSAL.build.module.Map>"
    )
    bf = BuildFile.from_bytes(small(body))
    found = {p.name: (p.container_id, p.numeric) for p in bf.global_properties}
    # GlobalProperty compares isNumeric with "true" exactly: "TRUE" is not numeric
    assert found == {"mp": ("Module", True), "zp": ("North:Box", False), "np": ("North", False)}
    (north,) = bf.maps
    assert [p.name for p in north.global_properties] == ["np"]
    zone_view = north.boards[0].grid.zones[0]
    assert [p.name for p in zone_view.global_properties] == ["zp"]
    module_prop = bf.global_properties[0]
    assert (module_prop.min, module_prop.max, module_prop.initial_value) == ("0", "9", "3")


def test_text_content_is_read_like_vassal():
    body = (
        '<VASSAL.build.module.PrototypesContainer><VASSAL.build.module.folder.PrototypeFolder name="f">'
        '<VASSAL.build.module.PrototypeDefinition name="Unit" description="d">\n   +/null/piece;;;;/null;0;0\n'
        "</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.folder.PrototypeFolder>"
        "</VASSAL.build.module.PrototypesContainer>"
    )
    bf = BuildFile.from_bytes(small(body))
    (proto,) = bf.prototypes
    assert (proto.name, proto.description, proto.text) == ("Unit", "d", "+/null/piece;;;;/null;0;0")
    assert bf.prototype("Unit") == proto and bf.prototype("None") is None


def test_extension_root():
    body = (
        '<VASSAL.build.module.ExtensionElement target="VASSAL.build.module.Map:Main">'
        + a_map("Extra")
        + "</VASSAL.build.module.ExtensionElement>"
    )
    attrs = 'anyModule="true" extensionId="ab12" module="Base" nextPieceSlotId="7" vassalVersion="3.7.1" version="2"'
    bf = BuildFile.from_bytes(small(body, "VASSAL.build.module.ModuleExtension", attrs))
    assert bf.kind == "extension" and bf.vassal_version == "3.7.1"
    ext = bf.extension
    assert (ext.module, ext.universal, ext.extension_id, ext.version) == ("Base", True, "ab12", "2")
    assert [e.target for e in ext.elements] == ["VASSAL.build.module.Map:Main"]
    assert [(m.name, m.map_id) for m in bf.maps] == [("Extra", None)]
    assert bf.allocate_gpid() == "ab12:7" and bf.next_piece_slot_id == 8


# --- hostile and broken input --------------------------------------------------------


def test_billion_laughs_is_refused():
    lol = (
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
        + b"".join(
            f'<!ENTITY lol{i} "{("&lol%s;" % (i - 1 if i > 1 else "")) * 10}">\n'.encode() for i in range(1, 10)
        )
        + b']>\n<VASSAL.build.GameModule name="&lol9;"/>'
    )
    with pytest.raises(BadInput) as err:
        BuildFile.from_bytes(lol, "bomb.vmod")
    assert str(err.value) == "bomb.vmod: buildFile.xml: DOCTYPE/entity declarations are not allowed"


def test_external_entity_is_not_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    for reference in ("&x;", '"/><x a="&x;'):
        data = (
            f'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
            f'<VASSAL.build.GameModule name="n">{reference}</VASSAL.build.GameModule>'
        ).encode()
        with pytest.raises(BadInput) as err:
            BuildFile.from_bytes(data, "x.vmod")
        assert "TOP-SECRET" not in str(err.value)
    passwd = b'<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><VASSAL.build.GameModule name="&x;"/>'
    with pytest.raises(BadInput, match="DOCTYPE/entity declarations are not allowed"):
        BuildFile.from_bytes(passwd, "x.vmod")


def test_external_dtd_is_kept_but_never_loaded(tmp_path):
    dtd = tmp_path / "module.dtd"
    dtd.write_text('<!ATTLIST VASSAL.build.GameModule version CDATA "from-dtd">')
    data = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE VASSAL.build.GameModule SYSTEM "{dtd.as_uri()}">\n'
        '<VASSAL.build.GameModule name="n"/>\n'
    ).encode()
    bf = BuildFile.from_bytes(data, "d.vmod")
    assert bf.element.get("version") is None  # the DTD's default attribute was not applied
    assert bf.to_bytes() == data
    bf.description = "changed"
    assert f'<!DOCTYPE VASSAL.build.GameModule SYSTEM "{dtd.as_uri()}">'.encode() in bf.to_bytes()


def test_malformed_xml_reports_line_and_column():
    data = b'<?xml version="1.0"?>\n<VASSAL.build.GameModule name="n">\n  <a></b>\n</VASSAL.build.GameModule>'
    with pytest.raises(BadInput) as err:
        BuildFile.from_bytes(data, "broken.vmod", entry="buildFile")
    assert err.value.source == "broken.vmod"
    assert err.value.where.startswith("buildFile line 3, column ")
    assert "malformed XML" in err.value.what


@pytest.mark.parametrize(
    "data, fault",
    [
        (b"", "malformed XML"),
        (b"PK\x03\x04 not xml", "malformed XML"),
        (b"<html><body/></html>", "not a VASSAL module or extension"),
        (b'<?xml version="1.0" encoding="NO-SUCH-CHARSET"?><VASSAL.build.GameModule/>', "XML"),
    ],
)
def test_other_bad_input_is_bad_input(data, fault):
    with pytest.raises(BadInput, match=fault):
        BuildFile.from_bytes(data, "bad.vmod")


def test_declared_latin1_encoding_is_honoured():
    data = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<VASSAL.build.GameModule name=" Caf\xe9 " version="1"/>\n'
    raw = data.encode("latin-1")
    bf = BuildFile.from_bytes(raw)
    assert bf.name == "Caf\xe9"  # stripped, as VASSAL strips the module name
    assert bf.to_bytes() == raw
    bf.description = "\xfcber"
    out = bf.to_bytes()
    assert out.startswith(b'<?xml version="1.0" encoding="ISO-8859-1"?>') and b'description="\xfcber"' in out


def test_c14n_helper_refuses_entities_too():
    with pytest.raises(BadInput):
        c14n(b'<!DOCTYPE r [<!ENTITY a "b">]><r>&a;</r>')
