"""render_all: a folder of counter images plus manifest, rebuilt incrementally."""

from __future__ import annotations

import csv
import json

import pytest

from conftest import DATA
from vassal_tools.art import counter_set
from vassal_tools.art.counter_set import MANIFEST, file_stem, render_all
from vassal_tools.errors import BadInput

FIXTURE = DATA / "art" / "units.csv"


def _rows() -> list[dict]:
    with FIXTURE.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _render_calls(monkeypatch) -> list[str]:
    calls: list[str] = []
    real = counter_set.render_data

    def counting(data, side, *args):
        calls.append(f"{data.id}:{side}")
        return real(data, side, *args)

    monkeypatch.setattr(counter_set, "render_data", counting)
    return calls


def test_writes_images_and_manifest(tmp_path):
    rows = _rows()
    paths = render_all({"units": rows}, tmp_path, scale=1)
    manifest = json.loads((tmp_path / MANIFEST).read_text())
    assert set(manifest["counters"]) == {r["id"] for r in rows}
    assert manifest["layer_scale"] == 1.0
    for path in paths:
        assert path.exists() and path.suffix == ".png"
    entry = manifest["counters"]["ger-138-gj-1"]
    assert entry["back"] and entry["size"] == [64, 64]
    # Units without a printed reverse get no back image (1.5: Ju-52 seaplanes).
    assert manifest["counters"]["ger-ju52sea-1"]["back"] is None


def test_byte_identical_across_builds(tmp_path):
    a = render_all(FIXTURE, tmp_path / "a", scale=1)
    b = render_all(FIXTURE, tmp_path / "b", scale=1)
    assert [p.name for p in a] == [p.name for p in b]
    for pa, pb in zip(a, b):
        assert pa.read_bytes() == pb.read_bytes(), pa.name


def test_rebuild_redraws_only_changed_counters(tmp_path, monkeypatch):
    rows = _rows()
    render_all({"units": rows}, tmp_path, scale=1)
    calls = _render_calls(monkeypatch)
    render_all({"units": rows}, tmp_path, scale=1)
    assert calls == []
    changed = [dict(r, attack="9") if r["id"] == "nor-ir1-1" else r for r in rows]
    render_all({"units": changed}, tmp_path, scale=1)
    assert calls == ["nor-ir1-1:front", "nor-ir1-1:back"]


def test_deleted_image_is_redrawn(tmp_path, monkeypatch):
    render_all(FIXTURE, tmp_path, scale=1)
    (tmp_path / "brit-cv-ark-royal_back.png").unlink()
    calls = _render_calls(monkeypatch)
    render_all(FIXTURE, tmp_path, scale=1)
    assert calls == ["brit-cv-ark-royal:front", "brit-cv-ark-royal:back"]
    assert (tmp_path / "brit-cv-ark-royal_back.png").exists()


def test_only_selects_units(tmp_path):
    paths = render_all(FIXTURE, tmp_path, only=["ger-me109-1", "ger-sp-1"], scale=1)
    assert sorted(p.name for p in paths) == ["ger-me109-1.png", "ger-me109-1_back.png", "ger-sp-1.png"]
    with pytest.raises(BadInput, match="no such unit: nope"):
        render_all(FIXTURE, tmp_path, only=["nope"], scale=1)


def test_duplicate_ids_are_rejected(tmp_path):
    rows = _rows()
    with pytest.raises(BadInput, match="duplicate unit id"):
        render_all({"units": rows + rows[:1]}, tmp_path, scale=1)


def test_file_stems_are_safe_and_distinct():
    assert file_stem("ger-gj139-1") == "ger-gj139-1"
    odd = [file_stem("I/IR 5"), file_stem("I;IR 5"), file_stem("I,IR,5")]
    assert len(set(odd)) == 3
    for stem in odd:
        assert not set(stem) & set("/;, \\")
