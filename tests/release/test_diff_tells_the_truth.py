"""diff and refresh tell a maintainer the truth (issue 20 point 3): a named key command is
compared by its name, not by the key code VASSAL's editor gave it in one session; a removed
and an added piece with the same image are one piece renamed; a long changed text shows
where it changed."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import MINI_GAME
from vassal_tools.builder.module import build_module, write_setup
from vassal_tools.cli import main
from vassal_tools.formats.pieces import decode_piece
from vassal_tools.release.diff import diff_modules
from vassal_tools.release.refresh import refresh_game
from vassal_tools.release.text import change_line
from vassal_tools.release.traitdiff import piece_changes

MINI = MINI_GAME


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("mini")
    cache = tmp_path_factory.getbasetemp() / "build-art-cache"
    module = build_module(MINI, out, cache=cache)
    return {"module": module, "save": write_setup(MINI, "opening", out / "start.vsav", cache=cache)}


def _rewritten(module: Path, out: Path, edit) -> Path:
    """A copy of the module whose buildFile text went through ``edit``, every other entry as it was."""
    with zipfile.ZipFile(module) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename in ("buildFile.xml", "buildFile"):
                data = edit(data.decode("utf-8")).encode("utf-8")
            target.writestr(info, data)
    return out


def _other_session(text: str) -> str:
    """The buildFile as VASSAL's editor writes it in another session: the named command Flip
    got another key code (codes are allocated per session from 57344, vassal-formats.md 4.3)."""
    assert "57344,0,Flip" in text
    return text.replace("57344,0,Flip", "57391,0,Flip")


def test_a_module_saved_in_another_session_is_equal(mini, tmp_path):
    resaved = _rewritten(mini["module"], tmp_path / "resaved.vmod", _other_session)
    diff = diff_modules(mini["module"], resaved)
    assert diff.report["summary"]["pieces changed"] == 0 and diff.report["summary"]["prototypes changed"] == 0
    assert diff.equal
    done = CliRunner().invoke(main, ["diff", str(mini["module"]), str(resaved)])
    assert done.exit_code == 0 and "no differences" in done.output


def test_a_renamed_named_command_is_still_a_change(mini, tmp_path):
    renamed = _rewritten(mini["module"], tmp_path / "renamed.vmod",
                         lambda text: _other_session(text).replace("57391,0,Flip", "57391,0,Turn over"))
    changed = diff_modules(mini["module"], renamed).report["pieces"]["changed"]
    assert changed and all(any("Flip" in str(c.get("old")) and "Turn over" in str(c.get("new"))
                               for c in piece["changes"]) for piece in changed)


def test_refresh_against_the_module_saved_in_another_session_refreshes_nothing(mini, tmp_path):
    resaved = _rewritten(mini["module"], tmp_path / "resaved.vmod", _other_session)
    result = refresh_game(mini["save"], resaved, tmp_path / "out.vsav")
    assert result.changed == [] and result.missing == [] and result.unmatched == []


@pytest.mark.parametrize(("old", "new"), [
    # a Report Action's keys sit in a ,-list inside the ;-list: escaped once
    ("report;57903\\,0\\,ArmyNotLegal;Army not legal;;;ArmyNotLegal", "report;63743\\,0\\,ArmyNotLegal;Army not legal;;;ArmyNotLegal"),
    # a Trigger Action's watched and fired keys
    ("macro;Check;;57972,0,Check;57436\\,0\\,Switch,57975\\,0\\,SetAP;false;;;false;;;false;1;0",
     "macro;Check;;57973,0,Check;57436\\,0\\,Switch,57976\\,0\\,SetAP;false;;;false;;;false;1;0"),
])
def test_a_trait_whose_named_keys_were_renumbered_has_no_change(old, new):
    basic = "piece;;;x.png;X\t"
    assert piece_changes(decode_piece(f"{old}\t{basic}", None), decode_piece(f"{new}\t{basic}", None)) == []
    other = new.replace("ArmyNotLegal;", "ArmyIllegal;", 1).replace(",0,Check;", ",0,Verify;")
    assert piece_changes(decode_piece(f"{old}\t{basic}", None), decode_piece(f"{other}\t{basic}", None))


def test_a_piece_renamed_with_a_new_gpid_is_paired_by_its_image(mini, tmp_path):
    module = vassal_tools.open(mini["module"])
    slot = next(s for s in module.buildfile.piece_slots if s.entry_name == "Scharnhorst" and s.palette_path)
    old_gpid = slot.gpid
    slot.element.set("gpid", "999")
    slot.element.set("entryName", "Scharnhorst (BC)")
    slot.element.text = slot.element.text.replace(f";{old_gpid};", ";999;").replace(
        "\\;Scharnhorst", "\\;Scharnhorst (BC)").replace(";Scharnhorst", ";Scharnhorst (BC)")
    module.buildfile.next_piece_slot_id = 1000
    renamed = tmp_path / "renamed.vmod"
    module.save(renamed)
    pieces = diff_modules(mini["module"], renamed).report["pieces"]
    assert pieces["added"] == [] and pieces["removed"] == []
    entry, = pieces["changed"]
    assert entry["name"] == "Scharnhorst (BC)" and entry["matched_by"] == "image"
    assert {"what": "renamed", "old": "Scharnhorst", "new": "Scharnhorst (BC)"} in entry["changes"]
    assert {"what": "gpid", "old": old_gpid, "new": "999"} in entry["changes"]


def test_a_long_text_changed_near_its_end_is_shown_where_it_changed():
    head = "COUNTER|false|MAP|" + "x" * 150
    line = change_line({"what": "trait field", "trait": "Global Key Command", "field": "target",
                        "old": head + "|Action|Y", "new": head + "|Action|N"})
    old, new = line.split(" -> ")
    assert old != new and old.endswith("|Action|Y'") and new.endswith("|Action|N'")
