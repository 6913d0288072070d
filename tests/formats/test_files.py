"""Opening every corpus file as its kind, saving without loss, and refusing bad archives."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

import vassal_tools
from conftest import CORPUS, corpus_params
from vassal_tools.errors import BadInput
from vassal_tools.formats.archive import read_archive
from vassal_tools.formats.files import Log, Module, SavedGame

KINDS = {"module": Module, "save": SavedGame, "log": Log}


def _manifest_kind(path: Path) -> str:
    files = json.loads((CORPUS / "MANIFEST.json").read_text())["files"]
    return next(f["kind"] for f in files if f["local_path"].endswith(path.name))


@pytest.mark.parametrize("path", corpus_params())
def test_corpus_file_opens_as_its_kind(path):
    opened = vassal_tools.open(path)
    kind = _manifest_kind(path)
    expected = KINDS.get(kind, SavedGame)
    assert type(opened) is expected, (kind, type(opened))


@pytest.mark.parametrize("path", corpus_params("save") + corpus_params("log") + corpus_params("module"))
def test_unchanged_file_keeps_every_entry_byte_identical(path, tmp_path):
    opened = vassal_tools.open(path)
    out = opened.save(tmp_path / path.name)
    with zipfile.ZipFile(path) as a, zipfile.ZipFile(out) as b:
        assert a.namelist() == b.namelist()
        for name in a.namelist():
            assert a.read(name) == b.read(name), name


def test_edited_stream_is_reobfuscated_with_the_same_key(tmp_path):
    source = next(iter(p for p in (CORPUS / "saves").glob("vasl__basic.vsav")), None)
    if source is None:
        pytest.skip("corpus absent")
    game = vassal_tools.open(source)
    game.stream = game.stream.replace("end_save", "end_save\x1bCHAT<Jürgen> - hallo", 1)
    out = game.save(tmp_path / "edited.vsav")
    again = vassal_tools.open(out)
    assert "CHAT<Jürgen> - hallo" in again.stream
    assert again.key == game.key and again.obfuscated


def test_plain_text_save_outside_a_zip(tmp_path):
    source = CORPUS / "edge" / "tld__scenarios_scenario_5.sav"
    if not source.exists():
        pytest.skip("corpus absent")
    game = vassal_tools.open(source)
    assert isinstance(game, SavedGame) and not game.obfuscated
    assert game.stream.startswith("begin_save")
    out = game.save(tmp_path / "copy.sav")
    assert out.read_bytes() == source.read_bytes()


def test_saving_over_the_input_is_refused_unless_asked(tmp_path):
    path = tmp_path / "g.vsav"
    _write_zip(path, {"savedGame": b"begin_save\x1bend_save"})
    game = vassal_tools.open(path)
    with pytest.raises(BadInput, match="overwrite the input"):
        game.save(path)
    game.stream = "begin_save\x1bCHAThi\x1bend_save"
    game.save(path, overwrite_input=True)
    assert "CHAThi" in vassal_tools.open(path).stream
    assert [p.name for p in tmp_path.iterdir()] == ["g.vsav"]  # no temporary file left behind


def _write_zip(path: Path, entries: dict[str, bytes], compress=zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", compress) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return path


def _bad(path: Path, fault: str) -> None:
    with pytest.raises(BadInput) as err:
        vassal_tools.open(path)
    message = str(err.value)
    assert str(path) in message and fault in message, message
    assert "\n" not in message


def test_not_a_zip(tmp_path):
    path = tmp_path / "x.vmod"
    path.write_bytes(b"hello, not a module")
    _bad(path, "not a VASSAL file")


def test_empty_file(tmp_path):
    path = tmp_path / "x.vsav"
    path.write_bytes(b"")
    _bad(path, "not a VASSAL file")


def test_truncated_zip(tmp_path):
    full = _write_zip(tmp_path / "full.vsav", {"savedGame": b"begin_save" * 5000, "savedata": b"<data/>"})
    cut = tmp_path / "cut.vsav"
    cut.write_bytes(full.read_bytes()[: len(full.read_bytes()) // 2])
    _bad(cut, "zip")


def test_corrupt_member(tmp_path):
    path = _write_zip(tmp_path / "c.vsav", {"savedGame": b"begin_save\x1bend_save" * 100})
    data = bytearray(path.read_bytes())
    data[40:60] = b"\xff" * 20  # inside the first member's compressed data
    path.write_bytes(bytes(data))
    _bad(path, "entry 'savedGame'")


@pytest.mark.parametrize("name, fault", [("../evil.png", "climbs out"), ("images/../../evil", "climbs out"), ("/etc/passwd", "absolute"), ("C:/x.png", "absolute")])
def test_hostile_entry_names(tmp_path, name, fault):
    path = _write_zip(tmp_path / "h.vmod", {"buildFile.xml": b"<VASSAL.build.GameModule/>", name: b"x"})
    _bad(path, fault)


def test_zip_bomb_is_refused_without_inflating_it(tmp_path):
    path = _write_zip(tmp_path / "bomb.vsav", {"savedGame": b"\0" * (64 << 20)})
    assert path.stat().st_size < 200_000
    _bad(path, "zip bomb")


def test_member_larger_than_declared_is_refused(tmp_path):
    path = _write_zip(tmp_path / "lie.vsav", {"savedGame": b"A" * 1000}, zipfile.ZIP_STORED)
    data = path.read_bytes()
    # Shrink the declared uncompressed size in the central directory to 10 bytes.
    cd = data.rfind(b"PK\x01\x02")
    patched = data[: cd + 24] + (10).to_bytes(4, "little") + data[cd + 28:]
    (tmp_path / "lie2.vsav").write_bytes(patched)
    with pytest.raises(BadInput):
        read_archive(tmp_path / "lie2.vsav")


@pytest.mark.parametrize("stream, fault", [(b"!VCSK5a3c3", "odd number"), (b"!VCSK5aqq", "non-hex")])
def test_bad_obfuscation(tmp_path, stream, fault):
    path = _write_zip(tmp_path / "o.vsav", {"savedGame": stream})
    _bad(path, fault)


def test_zip_without_vassal_entries(tmp_path):
    _bad(_write_zip(tmp_path / "z.vmod", {"readme.txt": b"hi"}), "neither a savedGame nor a buildFile")


def test_missing_file_and_directory(tmp_path):
    _bad(tmp_path / "nope.vlog", "no such file")
    _bad(tmp_path, "directory")


def test_written_files_are_readable_by_others(tmp_path):
    path = _write_zip(tmp_path / "p.vsav", {"savedGame": b"begin_save\x1bend_save"})
    out = vassal_tools.open(path).save(tmp_path / "q.vsav")
    assert os.stat(out).st_mode & 0o044


@pytest.mark.parametrize("path", corpus_params("module"))
def test_module_with_parsed_buildfile_saves_canonically_equal(path, tmp_path):
    from lxml import etree

    module = vassal_tools.open(path)
    assert module.buildfile.name  # parse the component tree, so save() re-serialises it
    out = module.save(tmp_path / path.name)
    entry = module.buildfile_entry
    with zipfile.ZipFile(path) as a, zipfile.ZipFile(out) as b:
        parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
        canon = [etree.tostring(etree.fromstring(z.read(entry), parser), method="c14n") for z in (a, b)]
        assert canon[0] == canon[1]
        for name in a.namelist():
            if name != entry:
                assert a.read(name) == b.read(name), name
