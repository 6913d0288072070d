"""refresh and orphans on the corpus saves and logs (each with the module MANIFEST.json names for it)."""

from __future__ import annotations

import hashlib
import json

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from vassal_tools.cli import main
from vassal_tools.formats.commands import AddPiece, ChangePiece, SingleCommand, walk
from vassal_tools.formats.files import open_file
from vassal_tools.formats.pieces import decode_piece, encode_definition, parse_definition
from vassal_tools.formats.traits import BasicPiece, Marker
from vassal_tools.release.patch import patch_module
from vassal_tools.release.refresh import orphans, refresh_game
from vassal_tools.release.traitdiff import identity

MODULES = CORPUS / "modules"


def _games_with_modules():
    manifest = CORPUS / "MANIFEST.json"
    if not manifest.exists():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason="../shared/corpus absent"))]
    out = []
    for entry in json.loads(manifest.read_text(encoding="utf-8"))["files"]:
        if entry.get("set") != "shared" or entry["kind"] == "module" or not entry.get("module_local_path"):
            continue
        out.append(pytest.param(CORPUS / entry["local_path"], CORPUS / entry["module_local_path"],
                                id=entry["local_path"]))
    return out


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pieces(game) -> list[AddPiece]:
    return [c for c in walk(game.commands) if isinstance(c, AddPiece)]


def _is_piece(command: AddPiece) -> bool:
    return command.type != "stack" and not command.type.startswith("deck;")


@pytest.mark.parametrize("game_path, module_path", _games_with_modules())
def test_refresh_against_its_own_module_changes_no_piece_state(tmp_path, game_path, module_path):
    before = _digest(game_path)
    out = tmp_path / ("refreshed" + game_path.suffix)
    refresh_game(game_path, module_path, out)
    assert _digest(game_path) == before  # the input is untouched
    old, new = open_file(game_path), open_file(out)
    assert new.kind == old.kind
    assert new.raw[:5] == old.raw[:5] and new.key == old.key  # the obfuscation form and key are kept
    old_adds, new_adds = _pieces(old), _pieces(new)
    assert [c.id for c in old_adds] == [c.id for c in new_adds]  # no piece added or lost, order kept
    for before_cmd, after_cmd in zip(old_adds, new_adds):
        if not _is_piece(before_cmd):
            assert after_cmd.raw == before_cmd.raw  # stacks and decks: map, position, order unchanged
            continue
        _same_state(before_cmd.piece(), after_cmd.piece())
    others = lambda g: [c.raw for c in walk(g.commands) if isinstance(c, SingleCommand)  # noqa: E731
                        and not isinstance(c, (AddPiece, ChangePiece))]
    assert others(old) == others(new)


def _same_state(old, new) -> None:
    """Map, position and every kept trait state are as they were."""
    a, b = old.basic, new.basic
    assert (a.map, a.x, a.y, a.properties) == (b.map, b.x, b.y, b.properties)
    old_states = {}
    for trait in old.traits:
        old_states.setdefault(identity(trait), []).append(trait.state)
    for trait in new.traits:
        if isinstance(trait, (Marker, BasicPiece)):
            continue
        states = old_states.get(identity(trait))
        if states:
            assert trait.state == states.pop(0), identity(trait)


def test_refresh_against_the_same_module_version_leaves_the_stream_byte_identical(tmp_path):
    for save, module in (("saves/kassala__Default_Setup.vsav", "kassala__Kassala.vmod"),
                         ("saves/tld__tmp_campaign.vsav", "tld__TheLongestDay_tmp.vmod")):
        path = CORPUS / save
        if not path.exists():
            pytest.skip("../shared/corpus absent")
        out = tmp_path / "out.vsav"
        result = refresh_game(path, MODULES / module, out)
        assert not result.changed and not result.unmatched
        assert open_file(out).raw == open_file(path).raw


def _kassala_patched(tmp_path, errata: str):
    module = MODULES / "kassala__Kassala.vmod"
    if not module.exists():
        pytest.skip("../shared/corpus absent")
    (tmp_path / "errata.toml").write_text(errata, encoding="utf-8")
    patched = tmp_path / "patched.vmod"
    patch_module(module, tmp_path / "errata.toml", patched)
    return module, patched


def test_refresh_against_a_patched_module_changes_exactly_the_patched_pieces(tmp_path):
    _, patched = _kassala_patched(tmp_path, """
[[entry]]
cite = "test erratum"
piece = "Moslem_Cannon_1-0"
set = { name = "Moslem_Cannon_2-0" }
""")
    save = CORPUS / "saves" / "kassala__Default_Setup.vsav"
    # Independently of refresh: which pieces of the save were made from a patched slot.
    patched_gpids = {slot.gpid for slot in open_file(patched).buildfile.piece_slots
                     if (slot.text or "").strip() and parse_definition(slot.text)[1].basic.name == "Moslem_Cannon_2-0"}
    expected = {c.id for c in _pieces(open_file(save)) if _is_piece(c) and c.piece().basic.gpid in patched_gpids}
    assert expected  # the save holds some
    out = tmp_path / "out.vsav"
    result = refresh_game(save, patched, out)
    assert {p.id for p in result.changed} == expected
    for report in result.changed:
        assert report.changes == [{"what": "name", "old": "Moslem_Cannon_1-0", "new": "Moslem_Cannon_2-0"}]
    refreshed = {c.id: c.piece() for c in _pieces(open_file(out)) if _is_piece(c)}
    original = {c.id: c.piece() for c in _pieces(open_file(save)) if _is_piece(c)}
    assert len(refreshed) == len(original)
    for ident, piece in refreshed.items():
        _same_state(original[ident], piece)
        assert (piece.basic_name == "Moslem_Cannon_2-0") == (ident in expected)


def test_a_prototype_change_reaches_pieces_matched_by_gpid(tmp_path):
    """VASSAL bug #3745: prototype changes reached saves only when matching by name."""
    _, patched = _kassala_patched(tmp_path, """
[[entry]]
cite = "test erratum"
prototype = "Unit"
trait = { trait = "Delete", set = { command_name = "Remove" } }
""")
    save = CORPUS / "saves" / "kassala__Default_Setup.vsav"
    result = refresh_game(save, patched, tmp_path / "out.vsav")
    uses_unit = [c.id for c in _pieces(open_file(save)) if _is_piece(c)]  # every Kassala unit uses prototype Unit
    assert {p.id for p in result.changed} == set(uses_unit)
    assert all(p.matched_by == "gpid" for p in result.pieces)
    for report in result.changed:
        assert [(c["field"], c["new"]) for c in report.changes] == [("command_name", "Remove")]


def test_refreshing_a_log_translates_its_state_changes_to_the_new_trait_chain(tmp_path):
    """A trait added to a prototype: every D/ of an affected piece gets a state for it, the rest kept."""
    module_path, log_path = MODULES / "tld__TheLongestDay_tmp.vmod", CORPUS / "logs" / "tld__0606-1.vlog"
    if not log_path.exists():
        pytest.skip("../shared/corpus absent")
    module = open_file(module_path)
    for name in ("Unit (Allied)", "Unit (German)"):
        unit = module.buildfile.prototype(name)
        piece = parse_definition(unit.text)[1]
        piece.traits.insert(0, Marker.new({"Errata": "1"}))
        unit.text = encode_definition(piece)
    crafted = tmp_path / "crafted.vmod"
    module.save(crafted)

    out = tmp_path / "out.vlog"
    result = refresh_game(log_path, crafted, out)
    assert result.changes_translated > 0
    old, new = open_file(log_path), open_file(out)
    types = {c.id: c.type for c in _pieces(new) if _is_piece(c)}
    old_types = {c.id: c.type for c in _pieces(old) if _is_piece(c)}
    old_changes = [c for c in walk(old.commands) if isinstance(c, ChangePiece)]
    new_changes = [c for c in walk(new.commands) if isinstance(c, ChangePiece)]
    assert len(old_changes) == len(new_changes)
    translated = 0
    for before, after in zip(old_changes, new_changes):
        if "mark;Errata" not in types.get(after.id, ""):
            continue
        translated += 1
        old_piece, new_piece = decode_piece(old_types[before.id], before.new_state), decode_piece(types[after.id], after.new_state)
        errata = [t for t in new_piece.traits if isinstance(t, Marker) and t.keys == ["Errata"]]
        assert [t.state for t in errata] == ["1"]
        old_traits = {identity(t): t for t in old_piece.traits}
        for trait in new_piece.traits:
            before_trait = old_traits.get(identity(trait))
            if before_trait is None or isinstance(trait, Marker):
                continue
            if type(trait) is type(before_trait):
                assert trait.state == before_trait.state
            else:  # a legacy emb; layer's level, carried into the emb2; form
                assert trait.value == before_trait.value
    assert translated == result.changes_translated


def test_orphans_are_exactly_the_pieces_refresh_cannot_match(tmp_path):
    module = MODULES / "tld__TheLongestDay_tmp.vmod"
    save = CORPUS / "saves" / "tld__tmp_campaign.vsav"
    if not save.exists():
        pytest.skip("../shared/corpus absent")
    (tmp_path / "errata.toml").write_text('[[entry]]\ncite = "c"\npiece = "377/101"\nset = { name = "377/101 PIR" }\n',
                                          encoding="utf-8")
    patched = tmp_path / "patched.vmod"
    patch_module(module, tmp_path / "errata.toml", patched)
    named = [c.id for c in _pieces(open_file(save)) if _is_piece(c) and c.piece().basic.name == "377/101"]
    assert named
    found = orphans(save, patched)
    assert sorted(p.id for p in found) == sorted(named)
    result = refresh_game(save, patched, tmp_path / "out.vsav")
    assert sorted(p.id for p in result.unmatched) == sorted(named)
    kept = {c.id: c.raw for c in _pieces(open_file(tmp_path / "out.vsav"))}
    originals = {c.id: c.raw for c in _pieces(open_file(save))}
    assert all(kept[i] == originals[i] for i in named)  # kept as they were, byte for byte


def test_gpid_only_matching_orphans_every_piece_of_a_save_without_gpids():
    save = CORPUS / "saves" / "tld__scenarios_scenario_1.vsav"
    if not save.exists():
        pytest.skip("../shared/corpus absent")
    pieces = [c for c in _pieces(open_file(save)) if _is_piece(c)]
    assert all(not c.piece().basic.gpid for c in pieces)  # a VASSAL 2.9 save: no gpids at all
    assert len(orphans(save, MODULES / "tld__TheLongestDay_tmp.vmod", by_name=False)) == len(pieces)


def test_cli_refresh_orphans_and_bad_input(tmp_path):
    save = CORPUS / "saves" / "kassala__Default_Setup.vsav"
    module = MODULES / "kassala__Kassala.vmod"
    if not save.exists():
        pytest.skip("../shared/corpus absent")
    runner = CliRunner()
    done = runner.invoke(main, ["refresh", str(save), "--module", str(module), "-o", str(tmp_path / "o.vsav"), "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["summary"]["pieces"] == 23
    assert runner.invoke(main, ["orphans", str(save), "--module", str(module)]).exit_code == 0
    wrong = runner.invoke(main, ["refresh", str(save), "--module", str(save), "-o", str(tmp_path / "p.vsav")])
    assert wrong.exit_code == 2 and len(wrong.output.strip().splitlines()) == 1 and "not a module" in wrong.output
    same = runner.invoke(main, ["refresh", str(save), "--module", str(module), "-o", str(save)])
    assert same.exit_code == 2 and "refusing to overwrite" in same.output


def test_add_missing_creates_a_new_at_start_stack_at_its_position(tmp_path):
    """VASSAL #12927: a stack the new module adds reaches a game in progress, on request."""
    module_path, save = MODULES / "kassala__Kassala.vmod", CORPUS / "saves" / "kassala__Default_Setup.vsav"
    if not save.exists():
        pytest.skip("../shared/corpus absent")
    module = open_file(module_path)
    map_view = module.buildfile.maps[0]
    template = map_view.setup_stacks[0]
    board = map_view.boards[0].name
    from vassal_tools.formats.mapviews import SetupStack

    new_stack = SetupStack.new({"name": "Reinforcements", "owningBoard": board, "x": "300", "y": "200"})
    map_view.append(new_stack)
    slot = template.piece_slots[0]
    from copy import deepcopy

    copy = deepcopy(slot.element)
    copy.set("gpid", "999")
    copy.text = copy.text.replace(f";{slot.gpid};", ";999;")
    new_stack.append(copy)
    module.buildfile.next_piece_slot_id = 1000
    crafted = tmp_path / "crafted.vmod"
    module.save(crafted)

    plain = refresh_game(save, crafted, tmp_path / "plain.vsav")
    # Without --add-missing the piece is listed, not added: the piece count stays.
    assert [(g.name, [s.gpid for s in g.missing], g.added) for g in plain.missing] == [("Reinforcements", ["999"], [])]
    assert len([c for c in _pieces(open_file(tmp_path / "plain.vsav")) if _is_piece(c)]) == \
        len([c for c in _pieces(open_file(save)) if _is_piece(c)])
    result = refresh_game(save, crafted, tmp_path / "out.vsav", add_missing=True)
    assert [(g.name, g.into) for g in result.missing] == [("Reinforcements", "new stack")] and result.added == 1
    new = open_file(tmp_path / "out.vsav")
    old_count = len([c for c in _pieces(open_file(save)) if _is_piece(c)])
    added = [c for c in _pieces(new) if _is_piece(c) and c.piece().basic.gpid == "999"]
    assert len([c for c in _pieces(new) if _is_piece(c)]) == old_count + 1 and len(added) == 1
    basic = added[0].piece().basic
    # Kassala's map has no edge and one board at (0, 0): the stack's board position is its map position.
    assert (basic.map, basic.x, basic.y) == (map_view.identifier, 300, 200)
    stacks = [c for c in _pieces(new) if c.type == "stack" and added[0].id in c.state.split(";")]
    assert len(stacks) == 1
    # Run again on the refreshed game: the stack is there now, nothing more is added.
    again = refresh_game(tmp_path / "out.vsav", crafted, tmp_path / "again.vsav", add_missing=True)
    assert again.missing == [] and again.added == 0
