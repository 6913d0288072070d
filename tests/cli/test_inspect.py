"""``vassal-tools inspect`` on every corpus file, checked against independent counts, and bad input."""

from __future__ import annotations

import json
import re
import zipfile

import pytest
from click.testing import CliRunner

from conftest import corpus_params
from vassal_tools.cli import main
from vassal_tools.formats.obfuscation import deobfuscate
from vassal_tools.formats.sequence import decode


def run(*args):
    result = CliRunner().invoke(main, list(map(str, args)))
    return result


@pytest.mark.parametrize("path", corpus_params("module"))
def test_module_counts_match_the_raw_buildfile(path):
    result = run("inspect", path, "--json")
    assert result.exit_code == 0, result.output
    info = json.loads(result.output)
    with zipfile.ZipFile(path) as zf:
        name = "buildFile.xml" if "buildFile.xml" in zf.namelist() else "buildFile"
        xml = zf.read(name).decode("utf-8", "replace")
        images = [n for n in zf.namelist() if n.startswith("images/") and not n.endswith("/")]
    assert info["piece_slots"] == len(re.findall(r"<VASSAL\.build\.widget\.(?:PieceSlot|CardSlot)[\s>/]", xml))
    assert info["prototypes"] == len(re.findall(r"<VASSAL\.build\.module\.PrototypeDefinition[\s>/]", xml))
    assert info["images"] == len(images)
    root = re.search(r"<VASSAL\.(?:build\.GameModule|launch\.BasicModule)\b[^>]*>", xml).group(0)
    assert info["name"] == re.search(r'\sname="([^"]*)"', root).group(1).strip()


@pytest.mark.parametrize("path", corpus_params("log"))
def test_log_steps_match_top_level_log_tokens(path):
    result = run("inspect", path, "--json")
    assert result.exit_code == 0, result.output
    info = json.loads(result.output)
    with zipfile.ZipFile(path) as zf:
        stream = deobfuscate(zf.read("savedGame")).decode("utf-8")
    tokens = decode(stream, "\x1b")
    after_end = tokens[tokens.index("end_save") + 1:] if "end_save" in tokens else []
    assert info["steps"] == sum(1 for t in after_end if t.startswith("LOG\t"))
    assert info["kind"] == "log"


@pytest.mark.parametrize("path", corpus_params("save"))
def test_save_text_report(path):
    result = run("inspect", path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{path}: save")


def test_utf8_names_survive(tmp_path):
    path = tmp_path / "j.vsav"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("savedGame", "begin_save\x1b\x1bend_save\x1bLOG\tCHAT<Jürgen> - Guten Tag".encode())
    info = json.loads(run("inspect", path, "--json").output)
    assert "Jürgen" in info["players"]


@pytest.mark.parametrize("content, fault", [
    (b"not a zip at all", "not a VASSAL file"),
    (b"PK\x03\x04truncated", "zip"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, content, fault):
    path = tmp_path / "bad.vmod"
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["inspect", str(path)])
    assert result.exit_code == 2
    assert fault in result.output and str(path) in result.output
    assert result.output.strip().count("\n") == 0
    assert "Traceback" not in result.output


def test_buildfile_with_entities_is_refused_in_one_line(tmp_path):
    path = tmp_path / "lol.vmod"
    xml = (b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
           b'<VASSAL.build.GameModule name="&b;"/>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", xml)
    result = CliRunner().invoke(main, ["inspect", str(path)])
    assert result.exit_code == 2 and "entity" in result.output.lower()


def test_extension_names_the_module_it_extends(tmp_path):
    path = tmp_path / "extra.vext"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", '<VASSAL.build.module.ModuleExtension module="Invasion: Norway" moduleVersion="0.1"'
                    ' version="1.2" anyModule="false" description="Extra units">'
                    '<VASSAL.build.module.ExtensionElement target=""/></VASSAL.build.module.ModuleExtension>')
        zf.writestr("extensiondata", '<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>1.2</version>'
                    "<VassalVersion>3.7.0</VassalVersion><universal>false</universal></data>")
    info = json.loads(run("inspect", path, "--json").output)
    assert info["kind"] == "extension" and info["version"] == "1.2"
    assert info["extends"] == {"module": "Invasion: Norway", "module_version": "0.1", "universal": False, "elements": 1}
