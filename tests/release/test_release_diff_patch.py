"""diff and patch on the corpus modules: a module equals itself, and a patched module differs from
its original by exactly the errata's changes, everything else byte-identical."""

from __future__ import annotations

import difflib
import hashlib
import io
import json

import pytest
from click.testing import CliRunner
from PIL import Image

from conftest import CORPUS, corpus_params
from vassal_tools.cli import main
from vassal_tools.formats.archive import read_archive
from vassal_tools.formats.files import open_file
from vassal_tools.formats.pieces import parse_definition
from vassal_tools.release.diff import diff_modules
from vassal_tools.release.patch import patch_module

MODULES = CORPUS / "modules"
KASSALA = MODULES / "kassala__Kassala.vmod"
JZ = MODULES / "jzedwards__jzhex-n-counters-template-v12-379.vmod"
TLD = MODULES / "tld__TheLongestDay_tmp.vmod"
ZXVT = MODULES / "zxvt__CaptureOfTheTerritory.vmod"


def _need(path):
    if not path.exists():
        pytest.skip(f"{path} is absent: place the shared material beside the checkout")
    return path


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("module", corpus_params("module"))
def test_a_module_diffed_with_itself_reports_nothing(module):
    diff = diff_modules(module, module)
    assert diff.equal
    assert not any(diff.report["summary"].values())


@pytest.mark.parametrize("module", corpus_params("module"))
def test_cli_diff_with_itself_exits_0_and_json_says_equal(module):
    result = CliRunner().invoke(main, ["diff", str(module), str(module), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["equal"] is True


def _slots_named(module_path, name):
    """Independently of the release code: every slot whose entry name or BasicName is ``name``."""
    bf = open_file(module_path).buildfile
    out = []
    for slot in bf.piece_slots:
        if not (slot.text or "").strip():
            continue
        piece = parse_definition(slot.text)[1]
        if name in (slot.entry_name, piece.basic.name if piece.basic else None):
            out.append(slot.gpid)
    return out


def _changed_pixels_copy(data: bytes, box: tuple[int, int, int, int]) -> tuple[bytes, int]:
    """A PNG of ``data`` with every pixel in ``box`` set to a colour it did not have; and their number."""
    image = Image.open(io.BytesIO(data)).convert("RGBA")
    x0, y0, x1, y1 = box
    for y in range(y0, y1):
        for x in range(x0, x1):
            r, g, b, a = image.getpixel((x, y))
            image.putpixel((x, y), ((r + 128) % 256, g, b, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue(), (x1 - x0) * (y1 - y0)


def test_diff_after_patch_reports_exactly_the_patched_changes_kassala(tmp_path):
    module = _need(KASSALA)
    original = open_file(module).archive.read("images/Christian_Cannon_1-0.png")
    art, changed_pixels = _changed_pixels_copy(original, (10, 20, 17, 26))
    (tmp_path / "cannon.png").write_bytes(art)
    (tmp_path / "errata.toml").write_text("""
[errata]
module_version = "0.2.1"

[[entry]]
cite = "test erratum 1"
piece = { name = "Christian_Cannon_1-0", palette = "Units / Christian Units" }
set = { name = "Christian_Cannon_2-0" }

[[entry]]
cite = "test erratum 2"
image = "Christian_Cannon_1-0.png"
set = { file = "cannon.png" }
""", encoding="utf-8")
    before = _digest(module)
    out = tmp_path / "new.vmod"
    patch_module(module, tmp_path / "errata.toml", out)
    assert _digest(module) == before  # the input is untouched

    report = diff_modules(module, out).report
    pieces = report["pieces"]
    assert not pieces["added"] and not pieces["removed"]
    palette_slots = [g for g in _slots_named(module, "Christian_Cannon_1-0") if g == "27"]
    assert [p["gpid"] for p in pieces["changed"]] == palette_slots
    assert pieces["changed"][0]["changes"] == [{"what": "name", "old": "Christian_Cannon_1-0",
                                                "new": "Christian_Cannon_2-0"}]
    assert report["images"]["changed"] == [{
        "name": "Christian_Cannon_1-0.png", "old_bytes": len(original), "new_bytes": len(art),
        "old_size": [217, 224], "new_size": [217, 224], "differing_pixels": changed_pixels}]
    assert report["metadata"] == [{"entry": "moduledata", "field": "version", "old": "0.2.0", "new": "0.2.1"}]
    assert report["components"]["changed"] == [{"path": "GameModule", "kind": "module", "attributes": [
        {"name": "version", "old": "0.2.0", "new": "0.2.1"}]}]
    assert not report["prototypes"]["changed"] and not report["entries"]["changed"]
    _only_patched_entries_differ(module, out, {"buildFile.xml", "moduledata", "images/Christian_Cannon_1-0.png"})
    _buildfile_changes_only_edited_lines(module, out, 2)  # the root's version, the one slot


def test_diff_after_patch_reports_exactly_the_patched_changes_jz_properties(tmp_path):
    module = _need(JZ)
    (tmp_path / "errata.toml").write_text("""
[[entry]]
cite = "test erratum: factors"
piece = "INF-XX-2-3-5_123_456"
set = { properties = { id = "124", stats = "3-3-5" } }

[[entry]]
cite = "test erratum: side"
prototype = "Unit-Side1"
trait = { trait = "Text Label", where = { description = "id" }, set = { font_size = 11 } }
""", encoding="utf-8")
    out = tmp_path / "new.vmod"
    result = patch_module(module, tmp_path / "errata.toml", out)
    report = diff_modules(module, out).report
    expected_slots = _slots_named(module, "INF-XX-2-3-5_123_456")
    assert sorted(p["gpid"] for p in report["pieces"]["changed"]) == sorted(expected_slots)
    for piece in report["pieces"]["changed"]:
        props = {c["property"]: (c["old"], c["new"]) for c in piece["changes"] if c["what"] == "property"}
        assert props["id"][1] == "124" and props["stats"][1] == "3-3-5"
        assert len(piece["changes"]) == 2
    protos = report["prototypes"]["changed"]
    assert [p["name"] for p in protos] == ["Unit-Side1"]
    assert [(c["field"], c["old"], c["new"]) for c in protos[0]["changes"]] == [("font_size", 10, 11)]
    assert result.buildfile == "edited in place"
    counts = {k: v for k, v in report["summary"].items() if v}
    assert counts == {"pieces changed": len(expected_slots), "prototypes changed": 1}
    _only_patched_entries_differ(module, out, {"buildFile.xml"})


def test_diff_after_patch_of_a_legacy_buildfile_module(tmp_path):
    module = _need(TLD)
    (tmp_path / "errata.toml").write_text("""
[[entry]]
cite = "test erratum: layer offset"
piece = { name = "377/101", palette = "Pieces / American / 101 Abn Div" }
trait = { trait = "emb2;", set = { x_offset = 3 } }
""", encoding="utf-8")
    out = tmp_path / "new.vmod"
    patch_module(module, tmp_path / "errata.toml", out)
    report = diff_modules(module, out).report
    changed = report["pieces"]["changed"]
    assert len(changed) == 1 and changed[0]["name"] == "377/101"
    assert changed[0]["changes"] == [{"what": "trait field", "trait": "Layer", "field": "x_offset", "old": 0, "new": 3}]
    assert {k: v for k, v in report["summary"].items() if v} == {"pieces changed": 1}
    _only_patched_entries_differ(module, out, {"buildFile"})
    _buildfile_changes_only_edited_lines(module, out, 1)


def _only_patched_entries_differ(old, new, touched: set[str]) -> None:
    a, b = read_archive(old), read_archive(new)
    assert a.names() == b.names()  # same entries, same order
    for entry in a:
        if entry.name not in touched:
            assert b.read(entry.name) == entry.data, entry.name
        else:
            assert b.read(entry.name) != entry.data, entry.name


def _buildfile_changes_only_edited_lines(old, new, edited: int) -> None:
    a, b = open_file(old), open_file(new)
    name = a.buildfile_entry
    before = a.archive.read(name).decode("utf-8").splitlines()
    after = b.archive.read(name).decode("utf-8").splitlines()
    assert len(before) == len(after)
    changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
    assert len(changed) == edited, list(difflib.unified_diff(before, after, lineterm=""))[:20]


def test_patch_cli_refuses_a_data_entry_with_one_line_and_exit_2(tmp_path):
    module = _need(KASSALA)
    errata = tmp_path / "errata.toml"
    errata.write_text('[[entry]]\ncite = "invasion-norway.txt 5.1.4 ADD"\nhex = "3522"\nset = { lake = "yes" }\n',
                      encoding="utf-8")
    result = CliRunner().invoke(main, ["patch", str(module), str(errata), "-o", str(tmp_path / "x.vmod")])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "entry 1 (hex '3522')" in lines[0]
    assert not (tmp_path / "x.vmod").exists()


def test_patch_of_an_unknown_piece_is_bad_input(tmp_path):
    module = _need(ZXVT)
    errata = tmp_path / "errata.toml"
    errata.write_text('[[entry]]\ncite = "c"\npiece = "No such piece"\nset = { name = "B" }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["patch", str(module), str(errata), "-o", str(tmp_path / "x.vmod")])
    assert result.exit_code == 2 and "no piece slot" in result.output


def test_patch_refuses_to_overwrite_its_input(tmp_path):
    module = tmp_path / "m.vmod"
    module.write_bytes(_need(ZXVT).read_bytes())
    before = _digest(module)
    errata = tmp_path / "errata.toml"
    errata.write_text('[[entry]]\ncite = "c"\npiece = "Red"\nset = { name = "Crimson" }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["patch", str(module), str(errata), "-o", str(module)])
    assert result.exit_code == 2 and "refusing to overwrite" in result.output
    assert _digest(module) == before


def test_diff_cli_exit_1_and_html_side_by_side(tmp_path):
    module = _need(ZXVT)
    errata = tmp_path / "errata.toml"
    errata.write_text('[[entry]]\ncite = "c"\npiece = "Red"\nset = { name = "Crimson" }\n', encoding="utf-8")
    out = tmp_path / "new.vmod"
    patch_module(module, errata, out)
    text = CliRunner().invoke(main, ["diff", str(module), str(out)])
    assert text.exit_code == 1 and "name: 'Red' -> 'Crimson'" in text.output
    page = CliRunner().invoke(main, ["diff", str(module), str(out), "--html", "-o", str(tmp_path / "notes")])
    assert page.exit_code == 1
    html = (tmp_path / "notes" / "index.html").read_text(encoding="utf-8")
    assert "Crimson" in html
    missing = CliRunner().invoke(main, ["diff", str(module), str(out), "--html"])
    assert missing.exit_code == 2


def test_changed_image_html_shows_both_versions(tmp_path):
    module = _need(KASSALA)
    data = open_file(module).archive.read("images/Moslem_Cannon_1-0.png")
    art, _ = _changed_pixels_copy(data, (0, 0, 5, 5))
    (tmp_path / "art.png").write_bytes(art)
    errata = tmp_path / "errata.toml"
    errata.write_text('[[entry]]\ncite = "c"\nimage = "Moslem_Cannon_1-0.png"\nset = { file = "art.png" }\n',
                      encoding="utf-8")
    out = tmp_path / "new.vmod"
    patch_module(module, errata, out)
    result = CliRunner().invoke(main, ["diff", str(module), str(out), "--html", "-o", str(tmp_path / "notes")])
    assert result.exit_code == 1
    html = (tmp_path / "notes" / "index.html").read_text(encoding="utf-8")
    assert 'src="images/old/0001.png"' in html and 'src="images/new/0001.png"' in html
    assert (tmp_path / "notes" / "images" / "old" / "0001.png").read_bytes() == data
    assert (tmp_path / "notes" / "images" / "new" / "0001.png").read_bytes() == art
    assert ">25<" in html or "25<br>" in html


def test_patch_splices_edits_into_a_buildfile_lxml_would_write_differently(tmp_path):
    """A character reference and an empty element pair, which lxml rewrites, survive outside the edit."""
    from vassal_tools.formats.archive import write_archive

    source = read_archive(_need(KASSALA))
    text = source.read("buildFile.xml")
    assert b'name="Kassala"' in text
    odd = text.replace(b'name="Kassala"', b'name="&#75;assala"', 1)
    odd = odd.replace(b"<VASSAL.build.module.map.StackMetrics ", b"<VASSAL.build.module.map.StackMetrics  ", 1)
    source.put("buildFile.xml", odd)
    crafted = tmp_path / "odd.vmod"
    write_archive(source, crafted)
    errata = tmp_path / "errata.toml"
    errata.write_text('[[entry]]\ncite = "c"\npiece = { gpid = "27" }\nset = { name = "Cannon" }\n', encoding="utf-8")
    out = tmp_path / "new.vmod"
    result = patch_module(crafted, errata, out)
    assert result.buildfile == "edited in place"
    before = odd.decode("utf-8").splitlines()
    after = read_archive(out).read("buildFile.xml").decode("utf-8").splitlines()
    changed = [i for i, (x, y) in enumerate(zip(before, after)) if x != y]
    assert len(before) == len(after) and len(changed) == 1
    assert "&#75;assala" in after[[i for i, line in enumerate(before) if "&#75;assala" in line][0]]
    assert "Cannon" in after[changed[0]]


def _svg(fill: str, extra: str = "", size: str = 'width="20" height="10"') -> bytes:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {size}>{extra}'
            f'<rect x="2" y="3" width="4" height="3" fill="{fill}"/></svg>').encode()


def _with_images(source, path, images: dict[str, bytes]):
    module = open_file(source)
    for name, data in images.items():
        module.archive.put("images/" + name, data)
    module.save(path)
    return path


def test_changed_svgs_are_drawn_and_their_pixels_counted(tmp_path):
    """A 4x3 rectangle changing colour is 12 pixels; a comment and reordered attributes are none; an
    SVG whose own text barely changed but whose referenced symbol (in the module) did, differs where
    the symbol is drawn."""
    module = _need(CORPUS / "modules" / "kassala__Kassala.vmod")
    use = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" '
           'height="10">{}<use xlink:href="lib.svg#dot"/></svg>')
    lib = ('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><defs><rect id="dot" x="10" y="1" '
           'width="5" height="2" fill="{}"/></defs></svg>')
    old = _with_images(module, tmp_path / "old.vmod", {
        "flag.svg": _svg("red"), "same.svg": _svg("green"), "use.svg": use.format("").encode(),
        "lib.svg": lib.format("black").encode()})
    new = _with_images(module, tmp_path / "new.vmod", {
        "flag.svg": _svg("blue"), "same.svg": _svg("#008000", "<!-- tidied -->").replace(b'x="2" y="3"', b'y="3"  x="2"'),
        "use.svg": use.format("<!-- v2 -->").encode(), "lib.svg": lib.format("white").encode()})
    changed = {i["name"]: i for i in diff_modules(old, new).report["images"]["changed"]}
    assert changed["flag.svg"]["differing_pixels"] == 4 * 3 and changed["flag.svg"]["new_size"] == [20, 10]
    assert changed["same.svg"]["differing_pixels"] == 0 and "drawing is the same" in changed["same.svg"]["note"]
    assert changed["use.svg"]["differing_pixels"] == 5 * 2
    assert changed["lib.svg"]["differing_pixels"] == 0  # its own drawing shows nothing: the symbol is in <defs>
    text = _diff_text(old, new)
    assert "changed same.svg: 0 pixels differ (SVG text changed, the drawing is the same)" in text
    assert "changed flag.svg: 12 pixels differ" in text
    # The page shows each SVG as drawn from its own module (a browser could not follow lib.svg#dot).
    done = CliRunner().invoke(main, ["diff", str(old), str(new), "--html", "-o", str(tmp_path / "notes")])
    assert done.exit_code == 1, done.output
    number = list(changed).index("use.svg") + 1
    for side, grey in (("old", 0), ("new", 255)):
        drawn = Image.open(tmp_path / "notes" / "images" / side / f"{number:04d}.png").convert("RGBA")
        assert drawn.size == (20, 10) and drawn.getpixel((11, 2)) == (grey, grey, grey, 255)


def _diff_text(old, new) -> str:
    done = CliRunner().invoke(main, ["diff", str(old), str(new)])
    assert done.exit_code == 1, done.output
    return done.output
