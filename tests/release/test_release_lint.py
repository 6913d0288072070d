"""lint on the corpus modules and on modules crafted to hold one fault each."""

from __future__ import annotations

import json

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
