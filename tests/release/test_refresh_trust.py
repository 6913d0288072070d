"""refresh never corrupts a game in progress (issue 20 point 1): the at-start pieces of a game
set up by ``vassal-tools setup`` (each piece carries its palette slot's gpid) or by VASSAL's
New Game (each carries its at-start slot's gpid) are recognised, so after a patch that touches
two counters refresh changes exactly those two and lists nothing missing, and ``--add-missing``
adds nothing twice."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import CORPUS, MINI_GAME, ROOT
from vassal_tools.builder.module import build_module, write_setup
from vassal_tools.cli import main
from vassal_tools.formats.commands import AddPiece, encode_commands, walk
from vassal_tools.formats.traits.encoding import join
from vassal_tools.release.patch import patch_module
from vassal_tools.release.refresh import is_piece, refresh_game
from vassal_tools.report.audit import audit_file

MINI = MINI_GAME
# One counter renamed, one property changed: an erratum applies to the palette slot and the
# at-start slot alike.
TWO_COUNTERS = """
[[entry]]
cite = "errata sheet"
piece = "Scharnhorst"
set = { name = "Scharnhorst (BC)" }

[[entry]]
cite = "errata sheet"
piece = "Furious"
set = { properties = { Type = "CVL" } }
"""


@pytest.fixture(scope="module")
def mini(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("mini")
    cache = tmp_path_factory.getbasetemp() / "build-art-cache"
    module = build_module(MINI, out, cache=cache)
    save = write_setup(MINI, "opening", out / "start.vsav", cache=cache)
    (out / "errata.toml").write_text(TWO_COUNTERS, encoding="utf-8")
    patched = out / "patched.vmod"
    patch_module(module, out / "errata.toml", patched)
    return {"module": module, "save": save, "patched": patched}


def _pieces(path: Path) -> list[AddPiece]:
    return [c for c in walk(vassal_tools.open(path).commands) if isinstance(c, AddPiece) and is_piece(c)]


def _as_new_game(save: Path, module: Path, out: Path) -> Path:
    """The save as VASSAL's New Game writes it: each piece carries the gpid of the at-start
    slot that placed it (PieceSlot.getPiece sets PieceId), not its palette slot's."""
    buildfile = vassal_tools.open(module).buildfile
    palette_name = {slot.gpid: slot.entry_name for slot in buildfile.piece_slots}
    at_start = {slot.entry_name: slot.gpid for map_view in buildfile.maps for stack in map_view.setup_stacks
                for slot in stack.piece_slots}
    game = vassal_tools.open(save)
    changed = 0
    for command in walk(game.commands):
        if isinstance(command, AddPiece) and is_piece(command):
            piece = command.piece()
            gpid = at_start.get(palette_name.get(piece.basic.gpid))
            if gpid is not None and gpid != piece.basic.gpid:
                piece.basic.gpid = gpid
                command.state = piece.state or ""
                command.raw = join(["+", command.id or "null", command.type, command.state], "/")
                changed += 1
    assert changed  # every piece of the set-up comes from an at-start stack
    game.stream = encode_commands(game.commands)
    game.save(out)
    return out


@pytest.mark.parametrize("placed_by", ["setup", "VASSAL New Game"])
def test_a_two_counter_patch_refreshes_two_pieces_and_misses_none(placed_by, mini, tmp_path):
    save = mini["save"] if placed_by == "setup" else _as_new_game(mini["save"], mini["module"], tmp_path / "ng.vsav")
    result = refresh_game(save, mini["patched"], tmp_path / "out.vsav")
    assert sorted((p.old_name, p.name) for p in result.changed) == [
        ("Furious", "Furious"), ("Scharnhorst", "Scharnhorst (BC)")]
    assert result.missing == [] and result.unmatched == []


@pytest.mark.parametrize("whole_only", [False, True])
def test_add_missing_adds_no_second_copy_of_a_set_up_piece(whole_only, mini, tmp_path):
    out = tmp_path / "out.vsav"
    result = refresh_game(mini["save"], mini["patched"], out, add_missing=True, whole_only=whole_only)
    assert result.added == 0
    before, after = _pieces(mini["save"]), _pieces(out)
    assert len(after) == len(before)
    spots = Counter((c.piece().basic.map, c.piece().basic.x, c.piece().basic.y, c.piece().basic_name) for c in after)
    assert spots == Counter((c.piece().basic.map, c.piece().basic.x, c.piece().basic.y,
                             c.piece().basic_name.replace("Scharnhorst", "Scharnhorst (BC)")) for c in before)


def test_a_piece_a_new_version_adds_to_an_at_start_stack_is_still_listed(mini, tmp_path):
    """The name pass recognises the pieces the game has, one each: a second slot of a name the
    game holds once, and a slot of a new name, are both missing."""
    module = vassal_tools.open(mini["module"])
    stack = next(s for m in module.buildfile.maps for s in m.setup_stacks
                 if any(slot.entry_name == "I/138" for slot in s.piece_slots))
    template = next(slot for slot in stack.piece_slots if slot.entry_name == "I/138")
    from copy import deepcopy

    for gpid, name in (("900", "I/138"), ("901", "II/138")):
        copy = deepcopy(template.element)
        copy.set("gpid", gpid)
        copy.set("entryName", name)
        copy.text = copy.text.replace(f";{template.gpid};", f";{gpid};").replace("I/138", name) \
            if name != "I/138" else copy.text.replace(f";{template.gpid};", f";{gpid};")
        stack.element.append(copy)
    module.buildfile.next_piece_slot_id = 1000
    crafted = tmp_path / "crafted.vmod"
    module.save(crafted)
    result = refresh_game(mini["save"], crafted, tmp_path / "out.vsav", add_missing=True)
    assert [(g.name, sorted(s.gpid for s in g.missing)) for g in result.missing] == [(stack.name, ["900", "901"])]
    assert result.added == 2 and len(_pieces(tmp_path / "out.vsav")) == len(_pieces(mini["save"])) + 2


def test_a_stack_of_a_board_the_game_does_not_use_is_not_missing(mini, tmp_path):
    """VASSAL places an at-start stack only when its owning board is in the game
    (SetupStack.isOwningBoardActive): a module with a second map board for another set-up
    (Paths of Glory's Deluxe map) lists none of that board's 44 stacks as missing."""
    from copy import deepcopy

    from vassal_tools.formats.mapviews import SetupStack

    module = vassal_tools.open(mini["module"])
    map_view = module.buildfile.maps[0]
    template = map_view.setup_stacks[0].piece_slots[0]
    for name, board in (("Elsewhere", "A board of another set-up"), ("Here", map_view.boards[0].name)):
        stack = SetupStack.new({"name": name, "owningBoard": board, "x": "10", "y": "10"})
        map_view.append(stack)
        copy = deepcopy(template.element)
        gpid = "900" if name == "Here" else "901"
        copy.set("gpid", gpid)
        copy.set("entryName", f"New {name}")
        copy.text = copy.text.replace(f";{template.gpid};", f";{gpid};")
        stack.append(copy)
    module.buildfile.next_piece_slot_id = 1000
    crafted = tmp_path / "crafted.vmod"
    module.save(crafted)
    result = refresh_game(mini["save"], crafted, tmp_path / "out.vsav")
    assert [g.name for g in result.missing] == ["Here"] and result.not_in_game == ["Elsewhere"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    done = CliRunner().invoke(main, ["demo", "-o", str(out)])
    assert done.exit_code == 0, done.output
    (out / "demo-said.txt").write_text(done.output, encoding="utf-8")
    return out


def test_the_demo_hints_only_at_options_of_the_verbs_it_names(demo):
    """The demo printed the audit's hint "--mapping", an option the demo lacks, with its note of
    pieces not identified as units; the module's own markers are no longer such pieces, so the
    note (and its hint) is gone, and any hint left names an option of the verb it names."""
    import re

    import click

    said = (demo / "demo-said.txt").read_text(encoding="utf-8")
    assert "not identified as units" not in said
    hinted = re.findall(r"(?:vassal-tools (\w+) )?(?<![\w-])(--[a-z][\w-]*)", said)
    for verb, option in hinted:
        command = main.get_command(click.Context(main), verb or "demo")
        assert option in {opt for param in command.params for opt in getattr(param, "opts", ())}, (verb, option)


def test_the_reported_case_demo_log_after_a_two_counter_patch(demo, tmp_path):
    """refresh demo-output/sample-game.vlog --module patched.vmod listed all 283 at-start pieces as
    missing, and --add-missing (even with --only-whole) put each in twice."""
    (tmp_path / "errata.toml").write_text("""
[[entry]]
cite = "errata sheet"
piece = "Hipper"
set = { name = "Admiral Hipper" }

[[entry]]
cite = "errata sheet"
piece = "Glasgow"
set = { properties = { Type = "CA" } }
""", encoding="utf-8")
    patched = tmp_path / "patched.vmod"
    patch_module(demo / "invasion-norway.vmod", tmp_path / "errata.toml", patched)
    log = demo / "sample-game.vlog"
    for options in ([], ["--add-missing"], ["--add-missing", "--only-whole"]):
        out = tmp_path / "r.vlog"
        out.unlink(missing_ok=True)
        done = CliRunner().invoke(main, ["refresh", str(log), "--module", str(patched), "-o", str(out), *options])
        assert done.exit_code == 0, done.output
        assert "Missing from the game" not in done.output
        assert len(_pieces(out)) == len(_pieces(log))
    result = refresh_game(log, patched, tmp_path / "again.vlog")
    assert sorted(p.name for p in result.changed) == ["Admiral Hipper", "Glasgow"] and result.missing == []
    # The refreshed game (added-missing run, the last one written) audits as the game did:
    # the doubled pieces gave it a false finding.
    findings = [(f.rule, f.step) for f in audit_file(log, demo / "invasion-norway.vmod").findings]
    assert [(f.rule, f.step) for f in audit_file(out, patched).findings] == findings


def _corpus_games():
    pairs = [("saves/kassala__Default_Setup.vsav", "kassala__Kassala.vmod"),
             ("saves/tld__tmp_campaign.vsav", "tld__TheLongestDay_tmp.vmod"),
             ("saves/tld__scenarios_scenario_1.vsav", "tld__TheLongestDay_tmp.vmod"),
             ("logs/zxvt__5x5_startup.vlog", "zxvt__CaptureOfTheTerritory.vmod")]
    return [pytest.param(CORPUS / game, CORPUS / "modules" / module, id=game) for game, module in pairs]


@pytest.mark.parametrize(("game", "module"), _corpus_games())
def test_a_corpus_game_refreshed_against_its_own_module_misses_nothing(game, module, tmp_path):
    if not game.exists():
        pytest.skip("../shared/corpus absent")
    assert refresh_game(game, module, tmp_path / f"out{game.suffix}").missing == []


# -- a module of another game -------------------------------------------------------------------



def _one_line_exit_2(*args) -> str:
    done = CliRunner().invoke(main, [str(a) for a in args], prog_name="vassal-tools")
    assert done.exit_code == 2, done.output
    line, = done.output.strip().splitlines()
    return line


def test_refresh_against_another_norway_game_is_refused_in_one_line(demo, tmp_path):
    """refresh LOG --module OTHER_GAME.vmod exited 0 and swapped 50 pieces (I/138 became Dietl)."""
    other = build_module(ROOT / "module_src" / "narvik_1940", tmp_path / "narvik",
                         cache=tmp_path.parent / "build-art-cache")
    out = tmp_path / "r.vlog"
    for verb in (["refresh", "-o", out], ["orphans"]):
        line = _one_line_exit_2(verb[0], demo / "sample-game.vlog", "--module", other, *verb[1:])
        assert "does not match module" in line and "'Invasion: Norway'" in line and "'Narvik 1940'" in line
        assert line.endswith("(pass --allow-mismatch to read it anyway)")
    assert not out.exists()
    done = CliRunner().invoke(main, ["refresh", str(demo / "sample-game.vlog"), "--module", str(other), "-o", str(out),
                                     "--allow-mismatch"])
    assert done.exit_code == 0 and done.output.startswith(
        "WARNING: read against a module it does not match (narvik-1940.vmod): "
        "it was saved with module 'Invasion: Norway', this is 'Narvik 1940'")


def _extension(path: Path, extends: str) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", f'<VASSAL.build.module.ModuleExtension module="{extends}" moduleVersion="0.1"'
                    ' version="1.0" anyModule="false" description="Extra units">'
                    '<VASSAL.build.module.ExtensionElement target=""/></VASSAL.build.module.ModuleExtension>')
        zf.writestr("extensiondata", '<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>1.0</version>'
                    "<VassalVersion>3.7.0</VassalVersion><universal>false</universal></data>")
    return path


def test_an_extension_given_as_the_module_is_refused_in_one_line(mini, tmp_path):
    name = vassal_tools.open(mini["module"]).name
    extension = _extension(tmp_path / "extra.vext", name)
    out = tmp_path / "out.vsav"
    for allow in ([], ["--allow-mismatch"]):
        line = _one_line_exit_2("refresh", mini["save"], "--module", extension, "-o", out, *allow)
        assert line == f"vassal-tools: {extension}: is an extension of module {name!r}, not a module: " \
                       "give the module it extends"
    assert not out.exists()


def test_a_new_version_that_drops_a_piece_is_no_mismatch(mini, tmp_path):
    """A new version may drop and rename pieces: refresh keeps and lists them, it does not refuse."""
    module = vassal_tools.open(mini["module"])
    for slot in [s for s in module.buildfile.piece_slots if s.entry_name == "Me-109"]:
        slot.element.getparent().remove(slot.element)
    dropped = tmp_path / "dropped.vmod"
    module.save(dropped)
    result = refresh_game(mini["save"], dropped, tmp_path / "out.vsav")
    assert [p.name for p in result.unmatched] == ["Me-109"] and result.warnings == []
