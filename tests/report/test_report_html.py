"""The HTML audit report: findings, a picture of the map at each flagged step, the log around it.

The page is also opened in headless Chromium when one is installed (CI installs
none unless asked: the test then skips) and its screenshot checked for the parts
a player looks at.
"""

from __future__ import annotations

import importlib.util
import re

import pytest
from PIL import Image

from conftest import ROOT
from kits.mini_module import LogWriter
from kits.report_pages import pictures
from vassal_tools.report.audit import audit_file
from vassal_tools.report.board import HIGHLIGHT, OUTLINE
from vassal_tools.report.html import html_report

HEADER = (47, 59, 47)  # the page header's colour (report/html.py)


def _screenshot_module():
    spec = importlib.util.spec_from_file_location("screenshot_html", ROOT / "scripts" / "screenshot_html.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_finding_is_on_the_page_with_its_rule_and_place(two_findings):
    result, page = two_findings
    assert {f.rule for f in result.findings} == {"invasion-norway.txt 11.1.1", "invasion-norway.txt 8.7.1"}
    for f in result.findings:
        assert f.rule in page and (f.where or "") in page
    assert page.count('<section class="finding"') == len(result.findings)
    # Units by the names on their counters (units.csv: nor-ir1-1 is I/1, nor-ir2-2 II/2), never by their ids.
    units_line = re.search(r'<p class="meta">Units: ([^<·]*)', page).group(1)
    assert {"I/1", "II/1", "I/2", "II/2", "I/3"} <= {name.strip() for name in units_line.split(",")}
    assert "nor-ir1-1" not in units_line


def test_each_flagged_place_is_drawn_and_outlined(two_findings):
    result, page = two_findings
    shots = pictures(page)
    assert len(shots) == len({(f.step, f.where) for f in result.findings})
    for shot in shots:
        colours = {c for _, c in shot.convert("RGB").getcolors(1 << 20)}
        assert OUTLINE[:3] in colours
    assert "4332 on the Operational Map after step 7" in page
    assert "carrier:Ark Royal on the Airbase Display after step 9" in page


def test_the_log_around_a_finding_is_told_in_words(two_findings):
    _, page = two_findings
    steps = re.search(r'<ol class="log" title="log steps">(.*?)</ol>', page).group(1)
    assert '<li value="7" class="here">turn tracker: May #2 / Allied Air Mission Phase</li>' in steps
    assert "moved II/2 from 4331 to 4332 on Operational Map" in steps
    assert "&lt;Bert&gt; all in Bergen" in steps


def test_the_page_needs_nothing_from_outside(two_findings):
    _, page = two_findings
    assert not re.search(r"(src|href)=\"(https?:|//)", page) and "<script" not in page


def test_a_record_is_reported_with_its_entries(tmp_path):
    record = ROOT / "tests" / "records" / "stacking-break-five-battalions.json"
    result = audit_file(record)
    page = html_report(result)
    assert "invasion-norway.txt 11.1.1" in page and 'title="record entries"' in page
    assert not pictures(page)
    assert "<p>Invasion: Norway · " in page  # the game by its title, not its id


def test_a_clean_game_says_so(mini_module, tmp_path):
    w = LogWriter()
    w.setup("ger-159-ir-1", "4331")
    w.begin()
    w.step(w.walk("ger-159-ir-1", "4332"))
    page = html_report(audit_file(w.write(tmp_path / "clean.vlog", mini_module), mini_module))
    assert "No rule was broken" in page


def test_a_browser_shows_the_report(two_findings, tmp_path):
    shooter = _screenshot_module()
    if shooter.find_chromium() is None:
        pytest.skip("no Chromium installed")
    html = tmp_path / "report.html"
    html.write_text(two_findings[1], encoding="utf-8")
    shot = shooter.screenshot(html, tmp_path / "report.png", (1200, 1400))
    with Image.open(shot) as img:
        colours = {c for _, c in img.convert("RGB").getcolors(1 << 24)}
    assert HEADER in colours  # the header was laid out
    assert OUTLINE[:3] in colours  # a picture with its outlined place was drawn
    # the flagged units framed (the browser may scale the picture: its colour, near enough)
    assert any(max(abs(a - b) for a, b in zip(c, HIGHLIGHT[:3])) <= 8 for c in colours)
