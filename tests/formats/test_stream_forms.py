"""Every form VASSAL and its tools write into ``savedGame``, read, named and kept (formats/obfuscation.py).

The files are made here from real corpus saves and logs by each form's definition
(vassal-formats.md 5.1, 5.1.1 and the pull requests it cites), with zlib, lzma and a
plain XOR written out in the test, not by the writer under test:

- ``vobs``       ``VOBS`` + key byte + payload XOR key (#15060);
- ``vobs-bang``  the same with ``!VOBS`` (reported for a later 3.8 beta);
- ``vcsz``       ``!VCSZ`` + key as 2 hex digits + hex of (zlib-deflated payload XOR key) (#15033/#15044);
- ``voxz``       ``!VOXZ`` + key byte + (XZ-compressed payload XOR key) (#15121).

The payload itself is read from the corpus file by the ``!VCSK`` definition (5.1).
"""

from __future__ import annotations

import json
import lzma
import zipfile
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from conftest import CORPUS, MINI_GAME
from vassal_tools.cli import main
from vassal_tools.errors import BadInput
from vassal_tools.formats import obfuscation
from vassal_tools.formats.obfuscation import FORMS, deobfuscate, form_of

MINI = MINI_GAME
# Real files of each kind: a save, a plain-stream-era save, a long log (VASSAL 2.9, 3.x).
SOURCES = ["saves/tld__scenarios_scenario_1.vsav", "saves/vasl__hip-concealed.vsav", "saves/kassala__Default_Setup.vsav",
           "logs/tld__0606-1.vlog", "logs/vasl__full.vlog", "logs/zxvt__5x5_startup.vlog"]
NEW_FORMS = ["vobs", "vobs-bang", "vcsz", "voxz"]
KEY = 0xA7


def xor(data: bytes, key: int) -> bytes:
    return bytes(b ^ key for b in data)


def payload_by_vcsk_definition(raw: bytes) -> bytes:
    """5.1: !VCSK, 2 hex digits of key, then pairs of hex digits, each XOR the key."""
    assert raw[:5] == b"!VCSK"
    return xor(bytes.fromhex(raw[7:].decode("ascii")), int(raw[5:7], 16))


def entry_by_definition(form: str, payload: bytes, key: int = KEY, raw_deflate: bool = False) -> bytes:
    if form == "vobs":
        return b"VOBS" + bytes([key]) + xor(payload, key)
    if form == "vobs-bang":
        return b"!VOBS" + bytes([key]) + xor(payload, key)
    if form == "vcsz":
        if raw_deflate:
            packer = zlib.compressobj(9, zlib.DEFLATED, -15)
            deflated = packer.compress(payload) + packer.flush()
        else:
            deflated = zlib.compress(payload, 9)
        return b"!VCSZ" + b"%02x" % key + xor(deflated, key).hex().encode("ascii")
    if form == "voxz":
        return b"!VOXZ" + bytes([key]) + xor(lzma.compress(payload, lzma.FORMAT_XZ), key)
    raise AssertionError(form)


def source_path(name: str) -> Path:
    path = CORPUS / name
    if not path.exists():
        pytest.skip("../shared/corpus is absent")
    return path


def with_entry(source: Path, entry: bytes, out: Path) -> Path:
    """SOURCE with its savedGame replaced by ENTRY, every other entry copied."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info.filename, entry if info.filename == "savedGame" else zin.read(info))
    return out


def read_entry(path: Path) -> bytes:
    return zipfile.ZipFile(path).read("savedGame")


def payload_of(source: Path) -> bytes:
    return payload_by_vcsk_definition(read_entry(source))


@pytest.mark.parametrize("form", NEW_FORMS)
@pytest.mark.parametrize("name", SOURCES)
def test_a_file_in_each_form_reads_as_its_source(name, form, tmp_path):
    source = source_path(name)
    payload = payload_of(source)
    made = with_entry(source, entry_by_definition(form, payload), tmp_path / f"{form}{source.suffix}")
    opened, original = vassal_tools.open(made), vassal_tools.open(source)
    assert opened.form == form and opened.key == KEY
    assert opened.kind == original.kind
    assert opened.stream == payload.decode("utf-8") == original.stream
    assert len(opened.commands) == len(original.commands)


@pytest.mark.parametrize("form", NEW_FORMS)
def test_inspect_says_which_form_it_saw(form, tmp_path):
    source = source_path(SOURCES[0])
    made = with_entry(source, entry_by_definition(form, payload_of(source)), tmp_path / "made.vsav")
    runner = CliRunner()
    as_json = runner.invoke(main, ["inspect", "--json", str(made)])
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.output)["form"] == form
    text = runner.invoke(main, ["inspect", str(made)])
    assert f"stream stored as {form} (" in text.output


@pytest.mark.parametrize("form", NEW_FORMS)
def test_an_unchanged_file_is_written_back_byte_identical(form, tmp_path):
    source = source_path(SOURCES[3])
    made = with_entry(source, entry_by_definition(form, payload_of(source)), tmp_path / "made.vlog")
    out = vassal_tools.open(made).save(tmp_path / "out.vlog")
    assert read_entry(out) == read_entry(made)


@pytest.mark.parametrize("form", NEW_FORMS)
def test_an_edited_file_keeps_its_form_and_key(form, tmp_path):
    source = source_path(SOURCES[0])
    made = with_entry(source, entry_by_definition(form, payload_of(source)), tmp_path / "made.vsav")
    game = vassal_tools.open(made)
    game.stream = game.stream.replace("end_save", "end_save\x1bCHAT<Jürgen> - hallo", 1)
    written = read_entry(game.save(tmp_path / "edited.vsav"))
    assert form_of(written) == form and vassal_tools.open(tmp_path / "edited.vsav").key == KEY
    assert deobfuscate(written).decode("utf-8") == game.stream
    # Read back by the definition, not by the reader under test.
    if form in ("vobs", "vobs-bang"):
        assert written == entry_by_definition(form, game.stream.encode("utf-8"))
    if form == "vcsz":
        assert written[:7] == b"!VCSZ%02x" % KEY
        assert zlib.decompress(xor(bytes.fromhex(written[7:].decode()), KEY)) == game.stream.encode("utf-8")
    if form == "voxz":
        assert written[:6] == b"!VOXZ" + bytes([KEY])
        assert lzma.decompress(xor(written[6:], KEY)) == game.stream.encode("utf-8")


def test_raw_deflate_vcsz_is_read_and_kept_raw(tmp_path):
    source = source_path(SOURCES[0])
    payload = payload_of(source)
    made = with_entry(source, entry_by_definition("vcsz", payload, raw_deflate=True), tmp_path / "raw.vsav")
    game = vassal_tools.open(made)
    assert game.form == "vcsz" and game.stream.encode("utf-8") == payload
    game.stream += "\x1bCHAT<a> - b"
    written = read_entry(game.save(tmp_path / "edited.vsav"))
    inflater = zlib.decompressobj(-15)  # still raw deflate: a zlib header would fail here
    assert inflater.decompress(xor(bytes.fromhex(written[7:].decode()), KEY)) == game.stream.encode("utf-8")


@pytest.mark.parametrize("form", NEW_FORMS)
def test_encode_form_writes_each_form(form, tmp_path):
    source = source_path(SOURCES[0])
    runner = CliRunner()
    text = tmp_path / "stream.txt"
    assert runner.invoke(main, ["decode", str(source), "-o", str(text)]).exit_code == 0
    out = tmp_path / "out.vsav"
    result = runner.invoke(main, ["encode", str(text), "--like", str(source), "-o", str(out), "--form", form])
    assert result.exit_code == 0, result.output
    entry = read_entry(out)
    assert entry.startswith(FORMS[form].header)
    assert deobfuscate(entry) == text.read_bytes()


@pytest.fixture(scope="module")
def art_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("forms-art-cache")


@pytest.mark.parametrize("form", NEW_FORMS)
def test_setup_form_writes_each_form(form, tmp_path, art_cache):
    out = tmp_path / "start.vsav"
    result = CliRunner().invoke(main, ["setup", str(MINI), "--scenario", "opening", "-o", str(out),
                                       "--cache", str(art_cache), "-q", "--form", form])
    assert result.exit_code == 0, result.output
    game = vassal_tools.open(out)
    assert game.form == form and read_entry(out).startswith(FORMS[form].header)
    assert game.stream.startswith("begin_save")


@pytest.mark.parametrize("header", [b"!VCSX", b"!VOBZ", b"!VZZZ", b"!Vcsk", b"!V1.0"])
def test_an_unknown_bang_v_header_is_bad_input_naming_it(header, tmp_path):
    source = source_path(SOURCES[0])
    made = with_entry(source, header + b"5a" + b"00" * 20, tmp_path / "odd.vsav")
    with pytest.raises(BadInput, match=header.decode()):
        vassal_tools.open(made)
    loose = tmp_path / "odd.sav"
    loose.write_bytes(header + b"5a0000")
    result = CliRunner().invoke(main, ["inspect", str(loose)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and header.decode() in lines[0] and "unknown stream header" in lines[0]


def test_each_form_read_as_a_loose_stream(tmp_path):
    # A command stream outside a zip (as VASSAL 2.x .sav files are) is recognised by any form's header.
    source = source_path(SOURCES[0])
    payload = payload_of(source)
    for form in NEW_FORMS:
        loose = tmp_path / f"{form}.sav"
        loose.write_bytes(entry_by_definition(form, payload))
        assert vassal_tools.open(loose).form == form


def test_a_git_lfs_pointer_given_as_a_module_is_named(tmp_path):
    pointer = tmp_path / "game.vmod"
    pointer.write_text("version https://git-lfs.github.com/spec/v1\n"
                       "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
                       "size 7716316\n", encoding="ascii")
    for args in (["inspect", str(pointer)], ["pieces", str(pointer)], ["lint", str(pointer)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, (args, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert "game.vmod" in lines[0] and "Git LFS pointer" in lines[0] and "7716316 bytes" in lines[0]


# -- one table: a form added to it reaches every reader, writer and choice -------------------------

def test_the_choices_are_the_tables_keys():
    from vassal_tools.cli import build_cmds, stream_cmds  # noqa: F401  (registers the verbs)

    def choices(verb: str) -> list[str]:
        command = main.commands[verb]
        option = next(p for p in command.params if p.name == "form")
        return list(option.type.choices)

    assert choices("encode") == choices("setup") == list(FORMS)


def _reversed_form():
    """A made-up form: header !VREV, then the payload reversed; no key."""
    return obfuscation.StreamForm("rev", b"!VREV", "rev (test form: reversed bytes)",
                      lambda data, source: data[5:][::-1], lambda payload, key, like: b"!VREV" + payload[::-1],
                      lambda data: None)


def test_a_form_added_to_the_table_reaches_inspect_encode_and_setup(tmp_path, monkeypatch, art_cache):
    monkeypatch.setitem(obfuscation.FORMS, "rev", _reversed_form())
    runner = CliRunner()
    source = source_path(SOURCES[0])
    text = tmp_path / "stream.txt"
    assert runner.invoke(main, ["decode", str(source), "-o", str(text)]).exit_code == 0
    encoded = tmp_path / "rev.vsav"
    result = runner.invoke(main, ["encode", str(text), "--like", str(source), "-o", str(encoded), "--form", "rev"])
    assert result.exit_code == 0, result.output
    assert read_entry(encoded) == b"!VREV" + text.read_bytes()[::-1]
    inspected = runner.invoke(main, ["inspect", str(encoded)])
    assert "stream stored as rev (test form: reversed bytes)" in inspected.output, inspected.output
    out = tmp_path / "start.vsav"
    result = runner.invoke(main, ["setup", str(MINI), "--scenario", "opening", "-o", str(out),
                                  "--cache", str(art_cache), "-q", "--form", "rev"])
    assert result.exit_code == 0, result.output
    assert read_entry(out).startswith(b"!VREV") and vassal_tools.open(out).form == "rev"


def test_a_legacy_lzma_container_in_voxz_is_read_and_kept(tmp_path):
    source = source_path(SOURCES[0])
    payload = payload_of(source)
    entry = b"!VOXZ" + bytes([KEY]) + xor(lzma.compress(payload, lzma.FORMAT_ALONE), KEY)
    game = vassal_tools.open(with_entry(source, entry, tmp_path / "alone.vsav"))
    assert game.form == "voxz" and game.stream.encode("utf-8") == payload
    game.stream += "\x1bCHAT<a> - b"
    written = read_entry(game.save(tmp_path / "edited.vsav"))
    unpacked = lzma.LZMADecompressor(lzma.FORMAT_ALONE).decompress(xor(written[6:], KEY))
    assert unpacked == game.stream.encode("utf-8")


@pytest.mark.parametrize("form", ["vcsz", "voxz"])
def test_a_compressed_entry_cut_short_is_bad_input(form, tmp_path):
    source = source_path(SOURCES[3])
    entry = entry_by_definition(form, payload_of(source))
    cut = entry[: len(entry) // 2 | 1]  # odd length: whole hex pairs for vcsz
    made = with_entry(source, cut, tmp_path / "cut.vlog")
    result = CliRunner().invoke(main, ["inspect", str(made)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "cut short" in lines[0] and "savedGame" in lines[0], result.stderr


@pytest.mark.parametrize("form", NEW_FORMS)
def test_refresh_keeps_the_form_and_key_it_read(form, tmp_path):
    from vassal_tools.release.refresh import refresh_game

    source = source_path("logs/zxvt__5x5_startup.vlog")
    module = source_path("modules/zxvt__CaptureOfTheTerritory.vmod")
    made = with_entry(source, entry_by_definition(form, payload_of(source)), tmp_path / "made.vlog")
    out = tmp_path / "refreshed.vlog"
    refresh_game(made, module, out)
    written = read_entry(out)
    assert form_of(written) == form and written.startswith(FORMS[form].header)
    assert vassal_tools.open(out).key == KEY


@pytest.mark.parametrize("form", ["vcsz", "voxz"])
def test_bytes_after_the_compressed_data_are_reported_not_dropped(form, tmp_path):
    source = source_path(SOURCES[0])
    payload = payload_of(source)
    entry = entry_by_definition(form, payload) + (b"%02x" % (0x41 ^ KEY) if form == "vcsz" else bytes([0x41 ^ KEY]))
    with pytest.raises(BadInput, match="1 bytes after the end"):
        vassal_tools.open(with_entry(source, entry, tmp_path / "tail.vsav"))
