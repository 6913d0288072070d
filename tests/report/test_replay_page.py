"""``vassal-tools replay``: the replay page of the demo's sample game, read as data and used in Chromium.

The sample game (vassal_tools/demo.py) is known by hand: seats at steps 1-2, the
German naval movement phase at step 3, Hipper and Koln sail at 4-5, the detection
roll at 7, the interception at 8, the land movement phase at 9, five mountain
battalions into Bergen (4332) at 10-14, the air missions phase at 16.

The browser tests drive headless Chromium (/usr/bin/chromium) through Playwright
and skip when either is missing.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from conftest import CORPUS
from vassal_tools.builder.area_module import (
    area_archive,
    area_assembly,
    area_game,
    tracker_info,
    write_area_setup,
)
from vassal_tools.builder.module import assemble, module_archive, module_file_name, write_opening
from vassal_tools.builder.turns import TRACKER_ID, tracker_state
from vassal_tools.cli import main
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.components import child_elements, simple_name
from vassal_tools.formats.files import open_file
from vassal_tools.formats.kinds import open_module
from vassal_tools.games.kampen_om_norge.data import DATA as KAMPEN_DATA
from vassal_tools.games.narvik_1940 import DATA_DIR
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.replay.replayer import Replayer
from vassal_tools.report.audit import audit_file
from vassal_tools.report.board import BoardPainter
from vassal_tools.report.render import geometry_of
from vassal_tools.report.replay_page import packed_svg, page_data, write_replay_page

CHROMIUM = "/usr/bin/chromium"
BERGEN_UNITS = ["ger-138-gj-1", "ger-138-gj-2", "ger-138-gj-3", "ger-139-gj-1", "ger-139-gj-2"]


@pytest.fixture(scope="module")
def page(demo, tmp_path_factory):
    out = tmp_path_factory.mktemp("replay-page") / "game.html"
    result = CliRunner().invoke(main, ["replay", str(demo / "sample-game.vlog"), "--module",
                                       str(demo / "invasion-norway.vmod"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def data(demo):
    return page_data(demo / "sample-game.vlog", demo / "invasion-norway.vmod")


# -- the page as data -------------------------------------------------------------------------


def test_page_is_one_offline_file_with_each_image_once(page):
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html)
    shown = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S).group(1))
    # SVG images are slices [start, end] of the page's one gzip of them all; the others data URIs.
    pack = gzip.decompress(base64.b64decode(shown["svg"])) if shown["svg"] else b""
    images = [pack[u[0]:u[1]] if isinstance(u, list) else u for u in shown["images"]]
    assert images and all(isinstance(i, bytes) and i.lstrip().startswith((b"<svg", b"<?xml")) or
                          isinstance(i, str) and i.startswith("data:image/") for i in images)
    assert len(set(images)) == len(images)
    assert sum(u[1] - u[0] for u in shown["images"] if isinstance(u, list)) == len(pack)  # nothing else packed


def test_demo_writes_the_replay_page(demo):
    html = (demo / "replay.html").read_text(encoding="utf-8")
    assert "Replay of sample-game.vlog" in html and "11.1.1" in html


def _drawn_after(data, last: int) -> dict[int, list[int]]:
    drawn: dict[int, list[int]] = {}
    for changes in data.changes[:last + 1]:
        for change in changes:
            if len(change) == 1:
                del drawn[change[0]]
            else:
                drawn[change[0]] = change
    return drawn


def _fan(module, map_name: str) -> tuple[int, int]:
    """The map's StackMetrics: how far right and up each stacked piece is drawn (VASSAL's defaults 2, 4)."""
    view = next(v for v in module.buildfile.maps if v.identifier == map_name)
    metrics = [c for c in child_elements(view.element) if simple_name(c.tag) == "StackMetrics"]
    return (int(metrics[0].get("unexSepX", 2)), int(metrics[0].get("unexSepY", 4))) if metrics else (2, 4)


def _fanned(module, state, map_name: str) -> list[tuple[str, int, int]]:
    """Pieces of a map bottom first where VASSAL draws them: a stack fanned by its StackMetrics."""
    dx, dy = _fan(module, map_name)
    out = []
    for top in state.maps.get(map_name, ()):
        if top.children is None:
            out.append((top.id, top.x, top.y))
        else:
            out += [(child.id, top.x + dx * i, top.y - dy * i) for i, child in enumerate(top.children)]
    return out


def test_changes_rebuild_every_step_in_vassal_drawing_order(demo, data):
    module = open_module(demo / "invasion-norway.vmod")
    replay = Replayer(demo / "sample-game.vlog")
    ids = [p["id"] for p in data.pieces]
    maps = [m["name"] for m in data.maps]
    assert len(data.changes) == len(replay.step_list) + 1
    for step in range(len(data.changes)):
        state = replay.state_at(step)
        drawn = _drawn_after(data, step)
        for number, name in enumerate(maps):
            on_page = sorted((c for c in drawn.values() if c[1] == number), key=lambda c: c[5])
            assert [(ids[c[0]], c[2], c[3]) for c in on_page] == _fanned(module, state, name), (step, name)


def test_turn_and_phase_per_step_come_from_the_tracker(data):
    assert data.turns[3][-1] == "German Naval Movement Phase"
    assert data.turns[9][-1] == "German Land Movement Phase"
    assert data.turns[16][-1] == "German Air Mission Phase"
    assert all("April #2" in values for values in data.turns[3:])


def test_words_include_chat_and_dice(data):
    assert any("Naval Detection" in w and "3" in w for w in data.words[7])
    assert any("Bergen is ours." in w for w in data.words[15])


def test_findings_have_their_place_and_units(data):
    by_rule = {f["rule"]: f for f in data.findings}
    stacking = by_rule["invasion-norway.txt 11.1.1"]
    assert stacking["step"] == 16 and stacking["where"] == "4332" and len(stacking["outline"]) == 6
    assert sorted(data.pieces[p]["unit"] for p in stacking["pieces"]) == sorted(BERGEN_UNITS)
    assert data.maps[stacking["map"]]["name"] == "Operational Map"


def test_refuses_to_write_over_the_log(demo):
    log = demo / "sample-game.vlog"
    before = log.read_bytes()
    result = CliRunner().invoke(main, ["replay", str(log), "--module", str(demo / "invasion-norway.vmod"),
                                       "-o", str(log)])
    assert result.exit_code == 2 and "overwrite" in result.output
    assert log.read_bytes() == before


def test_a_log_that_is_not_a_log_is_one_line(demo, tmp_path):
    bad = tmp_path / "bad.vlog"
    bad.write_bytes(b"not a zip at all")
    result = CliRunner().invoke(main, ["replay", str(bad), "--module", str(demo / "invasion-norway.vmod"),
                                       "-o", str(tmp_path / "out.html")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "out.html").exists()


# -- the page in Chromium ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        pytest.skip("no /usr/bin/chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def _open(browser, page_file: Path, fragment: str = ""):
    tab = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    tab.on("pageerror", lambda err: errors.append(str(err)))
    tab.goto(page_file.resolve().as_uri() + fragment)
    tab.wait_for_selector("html[data-ready=true]", timeout=30_000)
    return tab, errors


# The map's sheet on screen (what the viewport scrolls): its left and top, and screen pixels per map pixel.
SHEET = """(() => { const s = document.getElementById('sheet'), r = s.getBoundingClientRect();
  return [r.left, r.top, r.width / Number(s.dataset.w)]; })()"""


def _page_places(tab, locations, fan: tuple[int, int]) -> dict[str, str]:
    """unit -> LOC of every unit the page draws, named by the module's own grids.

    A stacked piece is drawn fanned out from the bottom piece (``fan`` right and up per
    piece): its LOC is the one of the bottom piece, found by walking down the fan.
    """
    pieces = tab.evaluate("replay.pieces()")
    points = {(p["map"], p["x"], p["y"]) for p in pieces}
    out = {}
    for piece in pieces:
        if piece["unit"]:
            map_name, x, y = piece["map"], piece["x"], piece["y"]
            while (map_name, x - fan[0], y + fan[1]) in points:
                x, y = x - fan[0], y + fan[1]
            loc = locations.loc(map_name, x, y)
            if loc is not None:
                out[piece["unit"]] = loc
    return out


def _position(demo, step: int) -> dict[str, str]:
    result = CliRunner().invoke(main, ["position", str(demo / "sample-game.vlog"), "--module",
                                       str(demo / "invasion-norway.vmod"), "--step", str(step)])
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)["entries"]
    return {e["place"]: e["at"] for e in entries if "place" in e}


def test_stepping_forward_and_back_shows_the_positions_of_position_step(browser, page, demo):
    locations = audit_file(demo / "sample-game.vlog", demo / "invasion-norway.vmod").recorded.locations
    fan = _fan(open_module(demo / "invasion-norway.vmod"), "Strategic Map")
    assert fan == _fan(open_module(demo / "invasion-norway.vmod"), "Operational Map")
    tab, errors = _open(browser, page)
    last = tab.evaluate("replay.last")
    expected = {step: _position(demo, step) for step in (0, 4, 5, 10, 12, 14, last)}
    assert expected[14]["ger-139-gj-1"] == "4332" and expected[0].get("ger-139-gj-1") != "4332"  # the demo's moves
    for step in range(1, last + 1):
        tab.click("#next")
        assert tab.evaluate("replay.step") == step
        if step in expected:
            assert _page_places(tab, locations, fan) == expected[step], step
    for step in range(last - 1, -1, -1):
        tab.click("#prev")
        assert tab.evaluate("replay.step") == step
        if step in expected:
            assert _page_places(tab, locations, fan) == expected[step], step
    tab.keyboard.press("End")
    assert tab.evaluate("replay.step") == last
    tab.keyboard.press("ArrowLeft")
    assert tab.evaluate("replay.step") == last - 1
    assert errors == []
    tab.close()


def test_pieces_are_on_screen_where_the_replay_puts_them(browser, page, demo):
    """Hovering at a piece's screen point (from the replay state) names that piece; its pixels match."""
    module = open_module(demo / "invasion-norway.vmod")
    state = Replayer(demo / "sample-game.vlog").state_at(14)
    bergen = _fanned(module, state, "Operational Map")
    top_id, x, y = next(p for p in reversed(bergen) if state[p[0]].piece.marker_properties.get("UnitId") == "ger-139-gj-2")
    tab, _ = _open(browser, page, "#step=14")
    tab.select_option("#zoom", "1")
    tab.evaluate("replay.showMap('Operational Map')")
    tab.evaluate(f"(() => {{ const v = document.getElementById('viewport'); v.scrollLeft = {x} - 300; "
                 f"v.scrollTop = {y} - 300; }})()")
    tab.evaluate("replay.whenDrawn()")  # the page draws what the view shows: after scrolling
    box = tab.evaluate(SHEET)
    assert box[2] == pytest.approx(1.0)
    tab.mouse.move(box[0] + x, box[1] + y)
    title = tab.evaluate("document.getElementById('board').title")
    assert title == state[top_id].name and "ger-139-gj-2" not in title  # the counter's name, not the unit's id
    shot = tab.screenshot(clip={"x": box[0] + x - 20, "y": box[1] + y - 20, "width": 40, "height": 40})
    painter = BoardPainter(module, geometry_of(module, state))
    expected = painter.draw(state, "Operational Map", crop=(x - 20, y - 20, x + 20, y + 20),
                            compact=False).convert("RGB")  # the page fans stacks out whole, as VASSAL
    seen = Image.open(io.BytesIO(shot)).convert("RGB").resize(expected.size)
    differing = sum(ImageChops.difference(seen, expected).convert("L").histogram()[41:])
    assert differing < 0.1 * expected.width * expected.height
    tab.close()


def test_fragment_opens_the_step(browser, page):
    tab, _ = _open(browser, page, "#step=9")
    assert tab.evaluate("replay.step") == 9
    assert tab.input_value("#slider") == "9"
    assert "Step 9" in tab.inner_text("#steptitle")
    assert "German Land Movement Phase" in tab.inner_text("#where")
    tab.click("#next")
    assert tab.evaluate("location.hash") == "#step=10"
    tab.close()


def test_turn_and_phase_jumps(browser, page):
    tab, _ = _open(browser, page)
    labels = tab.eval_on_selector_all("#jumps option", "os => os.map(o => [o.value, o.textContent])")
    steps = {int(v) for v, _ in labels if v}
    assert {3, 9, 16} <= steps
    tab.select_option("#jumps", "9")
    assert tab.evaluate("replay.step") == 9
    tab.keyboard.press("PageDown")
    assert tab.evaluate("replay.step") == 16
    tab.close()


def test_findings_list_jumps_to_each_finding(browser, page, data):
    tab, _ = _open(browser, page)
    items = tab.query_selector_all("#findings li")
    assert len(items) == len(data.findings)
    for item, finding in zip(items, data.findings):
        item.click()
        assert tab.evaluate("replay.step") == finding["step"]
        assert tab.evaluate("location.hash") == f"#step={finding['step']}"
        if "map" in finding:
            assert tab.evaluate("replay.map") == data.maps[finding["map"]]["name"]
    tab.close()


def test_a_module_no_rule_pack_knows_gets_a_page_without_findings():
    log, module = CORPUS / "logs" / "zxvt__5x5_startup.vlog", CORPUS / "modules" / "zxvt__CaptureOfTheTerritory.vmod"
    if not log.exists() or not module.exists():
        pytest.skip("../shared/corpus absent")
    data = page_data(log, module)
    assert data.findings == [] and any("no rule pack" in note for note in data.notes)
    replay = Replayer(log)
    assert len(data.changes) == len(replay.step_list) + 1
    state = replay.state_at(len(replay.step_list))
    opened = open_module(module)
    expected = {(m, pid, x, y) for m in (d["name"] for d in data.maps) for pid, x, y in _fanned(opened, state, m)}
    drawn = _drawn_after(data, len(data.changes) - 1)
    assert {(data.maps[c[1]]["name"], data.pieces[c[0]]["id"], c[2], c[3]) for c in drawn.values()} == expected
    assert expected  # the game has pieces on its map


# -- a finding's step opens where the finding is (issue 23 §4) --------------------------------

SEEN = """(outline) => {
  const c = document.getElementById('sheet'), v = document.getElementById('viewport');
  const r = c.getBoundingClientRect(), k = r.width / Number(c.dataset.w), vr = v.getBoundingClientRect();
  const xs = outline.map((p) => p[0]), ys = outline.map((p) => p[1]);
  const x = r.left + (Math.min(...xs) + Math.max(...xs)) / 2 * k, y = r.top + (Math.min(...ys) + Math.max(...ys)) / 2 * k;
  return x >= vr.left && x <= vr.right && y >= vr.top && y <= vr.bottom;
}"""
UNCOVERED = """(i) => {
  const li = document.querySelectorAll('#findings li')[i], panes = document.getElementById('panes');
  const r = li.getBoundingClientRect(), pr = panes.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + 12, r.top + 4);
  return r.top >= pr.top && r.bottom <= pr.bottom + 1 && li.contains(hit);
}"""


def _opens_at_its_finding(tab, data, index: int) -> None:
    finding = data.findings[index]
    assert tab.evaluate("replay.step") == finding["step"]
    assert tab.evaluate("replay.map") == data.maps[finding["map"]]["name"]
    assert tab.evaluate(SEEN, finding["outline"]), "the finding's place is scrolled into view"
    assert tab.evaluate(UNCOVERED, index), "the finding is whole in the side pane, nothing over it"
    for zoom in ("1", "0.25", "fit"):
        tab.select_option("#zoom", zoom)
        assert tab.evaluate(SEEN, finding["outline"]), f"the finding's place stays in view at zoom {zoom}"


def test_a_findings_step_opens_its_map_scrolled_to_it(browser, page, data):
    at = {f["where"]: i for i, f in enumerate(data.findings) if "map" in f}
    # The demo's interception (step 8) is judged in the North Sea, a sea zone of the Strategic Map; the
    # overstack (step 16) in Bergen, 4332, a hex of the Operational Map.
    assert data.maps[data.findings[at["North Sea"]]["map"]]["name"] == "Strategic Map"
    assert data.maps[data.findings[at["4332"]]["map"]]["name"] == "Operational Map"
    for index in at.values():
        tab, errors = _open(browser, page, f"#step={data.findings[index]['step']}")
        _opens_at_its_finding(tab, data, index)
        assert errors == []
        tab.close()


def test_fit_width_draws_a_hex_map_readable(browser, page, demo):
    module = open_module(demo / "invasion-norway.vmod")
    grid = next(placed.board.grid for placed in geometry_of(module, Replayer(demo / "sample-game.vlog").restore())
                .map("Operational Map").boards if type(placed.board.grid).__name__ == "HexGrid")
    tab, _ = _open(browser, page)
    tab.evaluate("replay.showMap('Operational Map')")
    assert tab.input_value("#zoom") == "fit"
    drawn = tab.evaluate(SHEET)[2]
    # A counter's values are printed about a fifth of its hex high: at 48 screen pixels a hex, 9-pixel digits.
    assert grid.dy * drawn >= 48
    tab.close()


@pytest.fixture(scope="module")
def narvik_page(tmp_path_factory):
    """A Narvik 1940 log: Mtn Art moves into Narvik (0919), a fourth German ground unit there (9.0)."""
    out = tmp_path_factory.mktemp("narvik-page")
    assembly = assemble(DATA_DIR, scenario="campaign", cache=out / "cache")
    module = write_archive(module_archive(assembly), out / module_file_name(assembly.game))
    writer = LogWriter(open_file(write_opening(assembly, out / "start.vsav")), assembly.locator.point, "Gerd", "pw")
    writer.step(writer.seat("German"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 1", "actions")))
    writer.step(writer.move("ger-mtn-art", "0919"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(assembly.game.info, "GT 1", "victory-check")))
    log = writer.save(out / "game.vlog")
    return write_replay_page(log, module, out / "replay.html"), page_data(log, module)


def test_another_games_finding_opens_where_it_is(browser, narvik_page):
    page_file, narvik = narvik_page
    [index] = [i for i, f in enumerate(narvik.findings) if f["where"] == "0919"]
    finding = narvik.findings[index]
    assert finding["units"] and "ger-mtn-art" not in finding["units"]  # units by their counters' names
    assert finding["phase"] == "Actions Phase"  # narvik-1940.txt 5.1
    tab, errors = _open(browser, page_file, f"#step={finding['step']}")
    _opens_at_its_finding(tab, narvik, index)
    assert errors == []
    tab.close()


@pytest.fixture(scope="module")
def kampen_page(tmp_path_factory):
    """A Kampen om Norge log: ger-2 jumps from Oslo to Trondheim (4.1), then the combat and reinforcement
    phases; its module's turn tracker shows the record's phase ids."""
    root = tmp_path_factory.mktemp("kampen-page")
    area_map = area_game(KAMPEN_DATA)
    assembly = area_assembly(KAMPEN_DATA, root / "cache")
    module = write_archive(area_archive(assembly), root / "kampen-om-norge.vmod")
    info = tracker_info(area_map)
    writer = LogWriter(open_file(write_area_setup(KAMPEN_DATA, root / "start.vsav", cache=root / "cache")),
                       assembly.locator.point, "Gerd", "pw")
    writer.step(writer.seat("Germany"))
    writer.step(writer.move("ger-2", "Trondheim"))
    writer.step(writer.turn(TRACKER_ID, tracker_state(info, "Round 1", "german-combat")))
    log = writer.save(root / "game.vlog")
    return write_replay_page(log, module, root / "replay.html"), page_data(log, module)


def test_an_area_games_phases_are_named_in_the_lists_and_selectors(browser, kampen_page):
    page_file, kampen = kampen_page
    # kampen-om-norge.txt 4.1-4.2: Germany's "Phase 1: Movement", "Phase 2: Combat".
    assert ["Round 1", "German Combat Phase"] in kampen.turns
    assert any("German Combat Phase" in word for words in kampen.words for word in words)
    [finding] = [f for f in kampen.findings if f["where"] == "Trondheim"]
    assert finding["phase"] == "German Movement Phase" and finding["units"] == ["German battalion 2"]  # units.csv
    tab, errors = _open(browser, page_file, f"#step={finding['step']}")
    shown = tab.inner_text("#jumps") + tab.inner_text("#where") + tab.inner_text("#log") + tab.inner_text("#findings")
    assert "German Combat Phase" in shown and "german-combat" not in shown and "german-movement" not in shown
    assert tab.evaluate("replay.map") == "Kampen om Norge"
    assert tab.evaluate(SEEN, finding["outline"]) and tab.evaluate(UNCOVERED, 0)
    assert errors == []
    tab.close()


# -- a module drawn in SVG (The Longest Day, corpus) --------------------------------------------


def test_packed_svg_gives_back_each_image():
    svg, other = b'<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>', "data:image/png;base64,iVBORw0KGgo="
    uris = ["data:image/svg+xml;base64," + base64.b64encode(s).decode() for s in (svg, b"<?xml?><svg/>")] + [other]
    images, pack = packed_svg(uris)
    text = gzip.decompress(base64.b64decode(pack))
    assert [text[i[0]:i[1]] if isinstance(i, list) else i for i in images] == [svg, b"<?xml?><svg/>", other]
    assert packed_svg([other]) == ([other], "")


def test_an_svg_modules_counters_are_drawn_on_their_map(browser, tmp_path):
    """The Longest Day's counters are SVG (50 x 50): at step 0 the page draws one over its map where the
    replay puts it (the map's own picture differs there), from the page's packed SVG."""
    log, module = CORPUS / "logs" / "tld__0606-1.vlog", CORPUS / "modules" / "tld__TheLongestDay_tmp.vmod"
    if not log.exists() or not module.exists():
        pytest.skip("../shared/corpus absent")
    page_file = write_replay_page(log, module, tmp_path / "tld.html")
    shown = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>',
                                 page_file.read_text(encoding="utf-8"), re.S).group(1))
    normandy = shown["maps"][0]
    [board] = normandy["boards"]
    picture = Image.open(io.BytesIO(base64.b64decode(shown["images"][board["image"]].split(",", 1)[1]))).convert("RGB")
    drawn = _drawn_after(type("Data", (), {"changes": shown["changes"]}), 0)
    counters = [c for c in drawn.values() if c[1] == 0 and shown["looks"][c[4]][0]
                and isinstance(shown["images"][shown["looks"][c[4]][0][0][0]], list)]
    x, y = max(counters, key=lambda c: c[5])[2:4]  # the topmost: nothing drawn over it
    tab, errors = _open(browser, page_file)
    tab.select_option("#zoom", "1")
    tab.evaluate(f"(() => {{ const v = document.getElementById('viewport'); v.scrollLeft = {x} - 300; "
                 f"v.scrollTop = {y} - 300; }})()")
    tab.evaluate("replay.whenDrawn()")
    left, top, scale = tab.evaluate(SHEET)
    assert scale == pytest.approx(1.0)
    seen = Image.open(io.BytesIO(tab.screenshot(clip={"x": left + x - 25, "y": top + y - 25, "width": 50, "height": 50})))
    under = picture.crop((x - board["x"] - 25, y - board["y"] - 25, x - board["x"] + 25, y - board["y"] + 25))
    differing = sum(ImageChops.difference(seen.convert("RGB").resize(under.size), under).convert("L").histogram()[41:])
    # Its printed values, at least (its body, a symbol of the module's symbols.svg, an image cannot fetch).
    assert differing > 0.01 * 50 * 50, "a counter is drawn over the map"
    assert errors == []
    tab.close()
