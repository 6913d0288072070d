"""moduledata / extensiondata / savedata: reading the corpus, writing VASSAL's layout."""

from __future__ import annotations

import json
import zipfile

import pytest

from conftest import CORPUS, corpus_params
from vassal_tools.errors import BadInput
from vassal_tools.formats.metadata import parse_metadata, write_metadata


def metadata_entries(path):
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in ("moduledata", "savedata", "extensiondata") if n in archive.namelist()}


def fields(meta) -> dict:
    return dict(
        version=meta.version,
        extra1=meta.extra1,
        extra2=meta.extra2,
        vassal_version=meta.vassal_version,
        date_saved=meta.date_saved,
        description=meta.description,
        descriptions=meta.descriptions,
        name=meta.name,
        names=meta.names,
        universal=meta.universal,
    )


ALL_ARCHIVES = corpus_params("module") + corpus_params("save") + corpus_params("log")


@pytest.mark.parametrize("path", ALL_ARCHIVES)
def test_corpus_metadata_reads(path):
    entries = metadata_entries(path)
    if not entries:
        pytest.skip("no metadata entries in this file")
    for entry, data in entries.items():
        meta = parse_metadata(data, f"{path}:{entry}")
        assert meta.kind == {"moduledata": "module", "savedata": "save", "extensiondata": "extension"}[entry]
        assert meta.data_version == "1"
        assert meta.vassal_version and meta.vassal_version[0].isdigit()
        assert meta.saved_at_ms is not None and meta.saved_at_ms > 10**12  # milliseconds, after 2001
        assert meta.other == []


@pytest.mark.parametrize("path", corpus_params("module"))
def test_module_metadata_names_the_module(path):
    facts = next(
        f for f in json.loads((CORPUS / "MANIFEST.json").read_text(encoding="utf-8"))["files"]
        if CORPUS / f["local_path"] == path
    )
    entries = metadata_entries(path)
    if "moduledata" not in entries:
        pytest.skip("module without moduledata")
    meta = parse_metadata(entries["moduledata"], f"{path}:moduledata")
    expected = facts["metadata"]["moduledata"]
    assert (meta.name, meta.version, meta.vassal_version, meta.date_saved) == (
        expected["name"], expected["version"], expected["VassalVersion"], expected["dateSaved"]
    )


def test_writer_reproduces_every_modern_corpus_entry_byte_for_byte():
    """Entries written by VASSAL 3.6+ (the current writer) come out identical."""
    checked = 0
    for param in ALL_ARCHIVES:
        path = param.values[0]
        if path is None:
            pytest.skip("corpus absent")
        for entry, data in metadata_entries(path).items():
            if b'standalone="no"' not in data.split(b"\n", 1)[0]:
                continue  # VASSAL <= 3.5 wrote another declaration and <x></x>
            meta = parse_metadata(data, f"{path}:{entry}")
            newline = "\r\n" if b"\r\n" in data else "\n"
            assert write_metadata(meta.kind, newline=newline, **fields(meta)) == data, f"{path}:{entry}"
            checked += 1
    assert checked >= 4


def test_translations_written_before_3_6_11_are_swapped_back():
    path = CORPUS / "modules/zxvt__CaptureOfTheTerritory.vmod"
    if not path.exists():
        pytest.skip("corpus absent")
    meta = parse_metadata(metadata_entries(path)["moduledata"], "zxvt:moduledata")
    assert meta.vassal_version == "3.2.17"
    assert meta.name == "Capture of the territory"
    assert meta.names == {"ru": "Захват территории"}  # the file says lang="Захват территории">ru<


def test_translations_of_current_files_are_kept_as_written():
    data = write_metadata(
        "module", vassal_version="3.7.12", date_saved=1, name="Norway", names={"de": "Norwegen"},
        description="1940", descriptions={"fr": "mil neuf cent quarante"},
    )
    assert b'<name lang="de">Norwegen</name>' in data
    meta = parse_metadata(data, "moduledata")
    assert (meta.names, meta.descriptions) == ({"de": "Norwegen"}, {"fr": "mil neuf cent quarante"})


def test_write_layout_for_each_kind():
    module = write_metadata("module", version="1.0", vassal_version="3.7.0", date_saved=1700000000000,
                            description="Norway 1940", name="Invasion: Norway")
    assert module.decode() == (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<data version="1">\n'
        "  <version>1.0</version>\n"
        "  <extra1/>\n"
        "  <extra2/>\n"
        "  <VassalVersion>3.7.0</VassalVersion>\n"
        "  <dateSaved>1700000000000</dateSaved>\n"
        "  <description>Norway 1940</description>\n"
        "  <name>Invasion: Norway</name>\n"
        "</data>\n"
    )
    extension = parse_metadata(write_metadata("extension", universal=True, date_saved=5), "x")
    assert (extension.kind, extension.universal, extension.name) == ("extension", True, None)
    save = write_metadata("save", version=None, extra1=None, extra2=None, date_saved=5, description="a <b> & c")
    assert b"<version" not in save and b"<description>a &lt;b&gt; &amp; c</description>" in save
    assert parse_metadata(save, "savedata").description == "a <b> & c"
    assert parse_metadata(write_metadata("save"), "savedata").saved_at_ms > 1.7e12


def test_unknown_elements_are_kept():
    data = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n'
        b"  <VassalVersion>3.9.0</VassalVersion>\n  <dateSaved>1</dateSaved>\n"
        b'  <checksum algo="x">abc</checksum>\n  <name>M</name>\n</data>\n'
    )
    meta = parse_metadata(data, "moduledata")
    assert [(e.tag, e.get("algo"), e.text) for e in meta.other] == [("checksum", "x", "abc")]
    assert b'<checksum algo="x">abc</checksum>' in meta.to_bytes()


@pytest.mark.parametrize(
    "data, fault",
    [
        (b"<data><version>1</data>", "malformed XML"),
        (b"", "malformed XML"),
        (b"<VASSAL.build.GameModule/>", "not VASSAL metadata"),
        (b'<!DOCTYPE data [<!ENTITY e "x">]><data><name>&e;</name></data>', "DOCTYPE/entity"),
    ],
)
def test_bad_metadata_is_bad_input(data, fault):
    with pytest.raises(BadInput, match=fault) as err:
        parse_metadata(data, "game.vsav:savedata")
    assert err.value.source == "game.vsav:savedata"
