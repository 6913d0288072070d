"""lint on the corpus modules and on modules crafted to hold one fault each."""

from __future__ import annotations

import json
import zipfile

import pytest
from click.testing import CliRunner

from conftest import CORPUS, corpus_params
from vassal_tools.cli import main
from vassal_tools.formats.files import open_file
from vassal_tools.formats.pieces import encode_definition, parse_definition
from vassal_tools.formats.traits import Delete, KeyStroke, Labeler
from vassal_tools.release.lint import lint_module

KASSALA = CORPUS / "modules" / "kassala__Kassala.vmod"


@pytest.mark.parametrize("module", corpus_params("module"))
def test_lint_runs_on_every_corpus_module_with_severities(module):
    findings = lint_module(module)
    assert all(f.severity in ("error", "warning", "info") for f in findings)
    result = CliRunner().invoke(main, ["lint", str(module), "--json"])
    assert result.exit_code in (0, 1)
    assert len(json.loads(result.output)) == len(findings)


def _kassala():
    if not KASSALA.exists():
        pytest.skip("../shared/corpus absent")
    return open_file(KASSALA)


def _checks(path) -> list[tuple[str, str, str]]:
    return [(f.severity, f.check, f.message) for f in lint_module(path)]


def test_kassala_as_shipped_is_clean():
    """The Kassala module (VASSAL 3.6.6) holds every image it names and uses every image it holds."""
    assert _checks(_kassala().path) == []


def _slot(module, name):
    return next(s for s in module.buildfile.piece_slots if s.entry_name == name)


def test_a_missing_image_a_duplicate_gpid_and_a_missing_prototype_are_errors(tmp_path):
    module = _kassala()
    slot = _slot(module, "Christian_Cannon_1-0")
    piece = parse_definition(slot.text)[1]
    piece.basic.image = "no-such-art.png"
    piece.traits[0].type = "prototype;No such prototype"
    slot.text = encode_definition(piece)
    _slot(module, "Moslem_Cannon_1-0").gpid = slot.gpid
    out = tmp_path / "faulty.vmod"
    module.save(out)
    found = _checks(out)
    assert ("error", "image", "image 'no-such-art.png' is referenced but missing") in found
    assert ("error", "prototype", "uses prototype 'No such prototype', which the module does not define") in found
    assert any(s == "error" and c == "gpid" and m.startswith(f"duplicate gpid {slot.gpid}") for s, c, m in found)
    # The art the changed slot no longer names is still used by the at-start stack copies: not unused.
    assert not any(c == "image" and "Christian_Cannon_1-0.png" in m for _, c, m in found)


def test_engine_images_are_neither_missing_nor_unused_and_an_extra_image_is_unused(tmp_path):
    module = _kassala()
    dice = module.buildfile.dice_buttons[0]
    dice.set("icon", "/images/die.gif")
    module.buildfile.maps[0].set("icon", "/images/no-such-engine-icon.gif")
    slot = _slot(module, "Christian_Cannon_1-0")
    piece = parse_definition(slot.text)[1]
    piece.traits.insert(0, parse_definition("+/null/markmoved;moved.gif;0;0;Mark;77,130;;false;;;;\tpiece;;;;/")[1].traits[0])
    slot.text = encode_definition(piece)
    module.archive.put("images/leftover.png", b"\x89PNG")
    out = tmp_path / "engine.vmod"
    module.save(out)
    found = _checks(out)
    assert not any("die.gif" in m or "moved.gif" in m for _, _, m in found)
    assert ("warning", "image", "engine resource '/images/no-such-engine-icon.gif' is referenced but missing") in found
    assert ("info", "image", "image 'leftover.png' is never used") in found


def test_hotkey_clash_empty_name_and_validation(tmp_path):
    module = _kassala()
    slot = _slot(module, "Christian_Cannon_1-0")
    piece = parse_definition(slot.text)[1]
    piece.traits.insert(0, Delete.new(command_name="Remove", key=KeyStroke(68, 130)))
    piece.traits.insert(0, Labeler.new(menu_command="Rename", label_key=KeyStroke(68, 130)))
    piece.basic.name = ""
    slot.text = encode_definition(piece)
    slot.entry_name = None
    map_view = module.buildfile.maps[0]
    metrics = next(c for c in map_view.children if c.class_name == "StackMetrics")
    metrics.remove()
    out = tmp_path / "clash.vmod"
    module.save(out)
    found = _checks(out)
    assert any(c == "hotkey" and "'Remove'" in m and "'Rename'" in m for _, c, m in found)
    assert ("warning", "name", "piece has an empty name") in found
    assert ("warning", "validation", "map has no Stack Metrics") in found


def test_an_at_start_stack_off_its_board(tmp_path):
    module = _kassala()
    stack = module.buildfile.maps[0].setup_stacks[0]
    stack.set("owningBoard", module.buildfile.maps[0].boards[0].name)
    stack.set("useGridLocation", "false")
    stack.set("x", "-500")
    out = tmp_path / "offboard.vmod"
    module.save(out)
    found = _checks(out)
    assert any(s == "warning" and c == "at-start stack" and "off its board" in m for s, c, m in found)


def test_lint_of_a_save_is_one_line_exit_2():
    save = CORPUS / "saves" / "kassala__Default_Setup.vsav"
    if not save.exists():
        pytest.skip("../shared/corpus absent")
    result = CliRunner().invoke(main, ["lint", str(save)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1


ZONED = "VASSAL.build.module.map.boardPicker.board.ZonedGrid"
ZONE = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
REGIONS = "VASSAL.build.module.map.boardPicker.board.RegionGrid"
REGION = "VASSAL.build.module.map.boardPicker.board.Region"


def _zoned_board(module):
    """Kassala's board (2048x2593) with zones instead of its hex grid: a 4-pixel box, and a port
    whose region grid names a quay (the port reports only its own name)."""
    from lxml import etree

    board = module.buildfile.maps[0].boards[0].element
    for grid in list(board):
        board.remove(grid)
    zoned = etree.SubElement(board, ZONED)
    etree.SubElement(zoned, ZONE, {"name": "Tiny box", "path": "1001,1001;1005,1001;1005,1005;1001,1005"})
    port = etree.SubElement(zoned, ZONE, {"name": "Port", "path": "0,0;400,0;400,400;0,400"})
    regions = etree.SubElement(port, REGIONS, {"snapto": "true"})
    etree.SubElement(regions, REGION, {"name": "Quay", "originx": "120", "originy": "80"})
    return module.buildfile.maps[0].boards[0].name


def _only_stacks(module, count: int):
    """The first ``count`` at-start stacks of the map; the others are removed."""
    stacks = module.buildfile.maps[0].setup_stacks
    for extra in stacks[count:]:
        extra.remove()
    return stacks[:count]


def test_at_start_stacks_by_grid_location_are_found_where_vassal_puts_them(tmp_path):
    module = _kassala()
    board = _zoned_board(module)
    for stack, location in zip(_only_stacks(module, 4), ("Tiny box", "Quay", "Port", "Nowhere")):
        stack.set("owningBoard", board)
        stack.set("useGridLocation", "true")
        stack.set("location", location)
    out = tmp_path / "zoned.vmod"
    module.save(out)
    found = [m for s, c, m in _checks(out) if c == "at-start stack"]
    # A zone too small for a raster to hit, and a region a zone's grid names, are both places
    # VASSAL's SetupStack finds (ZonedGrid.getLocation, then getRegionLocation).
    assert found == ["grid location 'Nowhere' is at no grid location of its board"]


def test_gpids_are_read_as_vassals_gpidchecker_reads_them(tmp_path):
    """GpIdChecker.testGpId keeps the part after the first ':' (``e65:0`` is 0), in a module too,
    and compares those numbers for duplicates."""
    module = _kassala()
    slots = [s for s in module.buildfile.piece_slots if s.gpid][:4]
    slots[0].gpid, slots[1].gpid, slots[2].gpid, slots[3].gpid = "e65:900", "e66:900", "e65:abc", "e65:"
    module.buildfile.next_piece_slot_id = 901
    out = tmp_path / "gpids.vmod"
    module.save(out)
    found = [(s, m) for s, c, m in _checks(out) if c == "gpid"]
    assert not any("'e65:900'" in m for _, m in found)
    assert ("error", f"gpid e66:900 is a duplicate of e65:900 (VASSAL compares the number after the prefix) "
                     f"(also {slots[0].class_name} {slots[0].entry_name!r} (gpid e65:900))") in found
    assert ("error", "gpid 'e65:abc' is not a number after its prefix") in found
    assert ("error", "gpid 'e65:' has no number after its ':': VASSAL's GpIdChecker stops on it") in found
    assert len(found) == 3


def test_a_hotkey_clash_is_reported_once_where_it_is_defined(tmp_path):
    """A clash inside a prototype is the prototype's: one finding, not one per piece using it. A
    clash a piece's own trait makes with its prototype is one finding for all pieces that make it."""
    module = _kassala()
    prototype = module.buildfile.prototype("Unit")
    piece = parse_definition(prototype.text)[1]
    piece.traits.insert(0, Labeler.new(menu_command="Rename", label_key=KeyStroke(68, 130)))
    prototype.text = encode_definition(piece)  # Unit's Delete is Ctrl+D too
    users = [s for s in module.buildfile.piece_slots if "Unit" in parse_definition(s.text)[1].prototypes]
    assert len(users) > 10
    for slot in users[:2]:
        own = parse_definition(slot.text)[1]
        own.traits.insert(0, Delete.new(command_name="Scrap", key=KeyStroke(83, 130)))
        own.traits.insert(0, Labeler.new(menu_command="Note", label_key=KeyStroke(83, 130)))
        slot.text = encode_definition(own)
    out = tmp_path / "clash.vmod"
    module.save(out)
    found = [f for f in lint_module(out) if f.check == "hotkey"]
    assert [f.where for f in found] == ["PrototypeDefinition 'Unit'", f"{users[0].class_name} "
                                        f"{users[0].entry_name!r} (gpid {users[0].gpid}); {users[1].class_name} "
                                        f"{users[1].entry_name!r} (gpid {users[1].gpid})"]
    assert "'Rename'" in found[0].message and f"(in {len(users)} pieces)" in found[0].message
    assert "'Scrap'" in found[1].message and "'Note'" in found[1].message


def _extension(tmp_path):
    """An extension of Kassala: three of its pieces (prototype 'Unit', Kassala's images) in a new
    palette, one piece using a prototype and an image neither file has, and an image of its own."""
    from xml.sax.saxutils import escape

    module = _kassala()
    slots = [s for s in module.buildfile.piece_slots if s.entry_name][:3]
    bad = parse_definition(slots[0].text)[1]
    bad.basic.image = "nowhere.png"
    bad.traits[0].type = "prototype;Nowhere"
    own = parse_definition(slots[1].text)[1]
    own.basic.image = "extension-art.png"
    texts = [s.text for s in slots] + [encode_definition(bad), encode_definition(own)]
    body = "".join(f'<VASSAL.build.widget.PieceSlot entryName="piece {i}" gpid="ex1:{i}" height="0" width="0">'
                   f"{escape(text)}</VASSAL.build.widget.PieceSlot>" for i, text in enumerate(texts))
    build = ('<?xml version="1.0" encoding="UTF-8"?>'
             '<VASSAL.build.module.ModuleExtension anyModule="false" extensionId="ex1" module="Kassala" '
             'moduleVersion="1.0" nextPieceSlotId="10" version="1" vassalVersion="3.6.6">'
             '<VASSAL.build.module.ExtensionElement target="">'
             '<VASSAL.build.module.PieceWindow name="More pieces"><VASSAL.build.widget.ListWidget entryName="More">'
             f"{body}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>"
             "</VASSAL.build.module.ExtensionElement></VASSAL.build.module.ModuleExtension>")
    out = tmp_path / "more.vmdx"
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("buildFile.xml", build)
        zf.writestr("extensiondata", '<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>1</version>'
                                     "<VassalVersion>3.6.6</VassalVersion></data>")
        zf.writestr("images/extension-art.png", b"\x89PNG")
    return out


def test_an_extension_is_linted_against_its_module_or_says_what_it_left_unchecked(tmp_path):
    extension = _extension(tmp_path)
    alone = [(f.severity, f.check, f.message) for f in lint_module(extension)]
    # Alone, Kassala's prototype and images are not called missing; the finding says what was not checked.
    assert not [f for f in alone if f[0] == "error"]
    assert ("info", "skipped", "linted without its module (give --module BASE): prototypes and images the "
                               "extension does not hold were not checked (5 prototype reference(s), "
                               "4 image reference(s))") in alone
    against = [(f.severity, f.check, f.message) for f in lint_module(extension, KASSALA)]
    assert [f for f in against if f[0] == "error"] == [
        ("error", "prototype", "uses prototype 'Nowhere', which neither the extension nor its module defines"),
        ("error", "image", "image 'nowhere.png' is referenced but missing")]
    assert not any(c == "skipped" for _, c, _ in against)
    result = CliRunner().invoke(main, ["lint", str(extension), "--module", str(KASSALA)])
    assert result.exit_code == 1 and "'Nowhere'" in result.output


def test_module_option_is_for_an_extension_only():
    result = CliRunner().invoke(main, ["lint", str(_kassala().path), "--module", str(KASSALA)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "--module BASE is for linting an extension" in result.output


def test_a_board_partly_outside_its_zones_is_noted_and_a_stack_placed_there_warned(tmp_path):
    """VASSAL allows zones that leave part of a board unnamed (ZonedGrid.locationName is null
    there, and the map calls the point 'offboard'); a piece set up there is reported 'offboard'."""
    module = _kassala()
    board = _zoned_board(module)
    inside, outside = _only_stacks(module, 2)
    for stack, (x, y) in ((inside, (200, 200)), (outside, (1500, 1500))):
        stack.set("owningBoard", board)
        stack.set("useGridLocation", "false")
        stack.set("x", str(x))
        stack.set("y", str(y))
    out = tmp_path / "zones.vmod"
    module.save(out)
    found = [f for f in lint_module(out) if f.check in ("grid", "at-start stack")]
    assert [(f.severity, f.check, f.where) for f in found] == [
        ("warning", "at-start stack", f"at-start stack {outside.name!r} on map {module.buildfile.maps[0].identifier!r}"),
        ("info", "grid", f"board {board!r} on map {module.buildfile.maps[0].identifier!r}")]
    assert "lies in no zone" in found[0].message and "'offboard'" in found[0].message
    assert "VASSAL names a piece there 'offboard'" in found[1].message
