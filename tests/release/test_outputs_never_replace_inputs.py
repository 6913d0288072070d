"""No output ever replaces an input (issue 8 point 2): every verb that writes, every input it
reads, given by the same name, through a symlink and through a hard link."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import CORPUS
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats.archive import atomic_write
from vassal_tools.formats.outputs import refuse_overwriting
from vassal_tools.release.patch import patch_module
from vassal_tools.release.refresh import refresh_game

MODULE = CORPUS / "modules" / "zxvt__CaptureOfTheTerritory.vmod"
LOG = CORPUS / "logs" / "zxvt__5x5_startup.vlog"

# verb -> (its arguments with {role} placeholders, the roles that are inputs)
VERBS = {
    "record": (["record", "{log}", "--module", "{module}", "--mapping", "{mapping}"], ("log", "module", "mapping")),
    "position": (["position", "{log}", "--module", "{module}", "--step", "0", "--mapping", "{mapping}"],
                 ("log", "module", "mapping")),
    "audit": (["audit", "{log}", "--module", "{module}", "--mapping", "{mapping}"], ("log", "module", "mapping")),
    "render": (["render", "{log}", "--module", "{module}", "--step", "0", "--mapping", "{mapping}"],
               ("log", "module", "mapping")),
    "grid": (["grid", "{module}", "--map", "Main Map", "--game", "{log}"], ("module", "log")),
    "decode": (["decode", "{log}"], ("log",)),
    "encode": (["encode", "{text}", "--like", "{log}"], ("text", "log")),
    "patch": (["patch", "{module}", "{errata}"], ("module", "errata")),
    "refresh": (["refresh", "{log}", "--module", "{module}", "--old-module", "{old}"], ("log", "module", "old")),
}
CASES = [(verb, role) for verb, (_, roles) in VERBS.items() for role in roles]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, Path]:
    if not MODULE.exists() or not LOG.exists():
        pytest.skip("../shared/corpus absent")
    files = {"module": tmp_path / "game.vmod", "old": tmp_path / "old.vmod", "log": tmp_path / "game.vlog",
             "mapping": tmp_path / "mapping.json", "text": tmp_path / "stream.txt", "errata": tmp_path / "errata.toml"}
    shutil.copyfile(MODULE, files["module"])
    shutil.copyfile(MODULE, files["old"])
    shutil.copyfile(LOG, files["log"])
    files["mapping"].write_text('{"game": "invasion-norway", "units": {}}\n', encoding="utf-8")
    files["text"].write_text("begin_save\x1bend_save", encoding="utf-8")
    files["errata"].write_text('[[entry]]\ncite = "c"\npiece = "Red"\nset = { name = "Crimson" }\n', encoding="utf-8")
    return files


def _args(verb: str, files: dict[str, Path]) -> list[str]:
    return [a.format(**{k: str(v) for k, v in files.items()}) for a in VERBS[verb][0]]


def _output_onto(kind: str, target: Path, tmp_path: Path) -> Path:
    if kind == "same name":
        return target
    link = tmp_path / "links" / f"out-{kind.replace(' ', '-')}"
    link.parent.mkdir(exist_ok=True)
    if kind == "symlink":
        link.symlink_to(target)
    else:
        os.link(target, link)
    return link


@pytest.mark.parametrize("kind", ["same name", "symlink", "hard link"])
@pytest.mark.parametrize(("verb", "role"), CASES)
def test_an_output_that_is_an_input_is_refused_in_one_line(verb, role, kind, inputs, tmp_path):
    before = {name: _digest(path) for name, path in inputs.items()}
    output = _output_onto(kind, inputs[role], tmp_path)
    result = CliRunner().invoke(main, [*_args(verb, inputs), "-o", str(output)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "refusing to overwrite" in lines[0], result.output
    assert {name: _digest(path) for name, path in inputs.items()} == before
    if kind == "symlink":
        assert output.is_symlink() and output.resolve() == inputs[role].resolve()


@pytest.mark.parametrize("verb", ["grid", "decode", "encode", "patch", "refresh"])
def test_the_same_verb_writes_a_new_output(verb, inputs, tmp_path):
    """The refusals above are about the output: the same arguments write elsewhere."""
    output = tmp_path / "new" / "out"
    output.parent.mkdir()
    before = {name: _digest(path) for name, path in inputs.items()}
    result = CliRunner().invoke(main, [*_args(verb, inputs), "-o", str(output)])
    assert result.exit_code == 0, result.output
    assert output.stat().st_size > 0
    assert {name: _digest(path) for name, path in inputs.items()} == before


def test_encode_replaces_its_like_file_only_when_forced(inputs):
    args = ["encode", str(inputs["text"]), "--like", str(inputs["log"]), "-o", str(inputs["log"])]
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2 and "--force" in refused.output
    assert CliRunner().invoke(main, [*args, "--force"]).exit_code == 0
    # --force is about the --like file only: TEXT stays protected.
    text_args = ["encode", str(inputs["text"]), "--like", str(inputs["log"]), "-o", str(inputs["text"]), "--force"]
    assert CliRunner().invoke(main, text_args).exit_code == 2


def test_diff_html_never_writes_over_a_module_inside_its_folder(inputs, tmp_path):
    folder = tmp_path / "notes"
    (folder / "images" / "old").mkdir(parents=True)
    old = folder / "index.html"
    shutil.copyfile(inputs["module"], old)
    result = CliRunner().invoke(main, ["diff", str(old), str(inputs["old"]), "--html", "-o", str(folder)])
    assert result.exit_code == 2 and "refusing to overwrite" in result.output
    assert _digest(old) == _digest(inputs["module"])
    hidden = folder / "images" / "old" / "0001.png"
    shutil.copyfile(inputs["module"], hidden)
    result = CliRunner().invoke(main, ["diff", str(hidden), str(inputs["old"]), "--html", "-o", str(folder)])
    assert result.exit_code == 2 and "refusing to write pictures" in result.output


def test_library_writers_refuse_their_inputs_too(inputs):
    """refresh SAVE --module M -o M once destroyed a corpus module: the library says no by itself."""
    module_digest = _digest(inputs["module"])
    with pytest.raises(BadInput, match="--module"):
        refresh_game(inputs["log"], inputs["module"], inputs["module"])
    with pytest.raises(BadInput, match="ERRATA"):
        patch_module(inputs["module"], inputs["errata"], inputs["errata"])
    with pytest.raises(BadInput):
        atomic_write(inputs["module"], b"x", protect=[inputs["log"], inputs["module"]])
    assert _digest(inputs["module"]) == module_digest


def test_a_new_output_or_a_missing_input_is_not_a_clash(tmp_path):
    existing = tmp_path / "in.txt"
    existing.write_text("x")
    refuse_overwriting(tmp_path / "not-yet.txt", {"LOG": existing})
    refuse_overwriting(tmp_path / "out.txt", {"--module": tmp_path / "missing.vmod", "--game": None})
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    refuse_overwriting(dangling, {"LOG": existing})
    with pytest.raises(BadInput, match="through a link"):
        link = tmp_path / "link"
        link.symlink_to(existing)
        refuse_overwriting(link, {"LOG": existing})
