"""The replay page draws again only what a step touched (issue 26 §4: a 1,091-step log of The
Longest Day), and what it writes is exactly what drawing every piece at every step writes.

The reference is the page built with every piece drawn again at every step (``touched_pieces``
answering "any may have changed"); the logs are real ones of the corpus, with stacks built, split,
merged and moved, pieces flipped and deleted, and the demo's log of the module vassal_tools builds.
"""

from __future__ import annotations

import pytest

from conftest import CORPUS
from vassal_tools.report import replay_page

TLD = CORPUS / "modules" / "tld__TheLongestDay_tmp.vmod"
LOGS = [(CORPUS / "logs" / name, TLD) for name in
        ("tld__0610-2.vlog", "tld__0610-7.vlog")]
LOGS.append((CORPUS / "logs" / "zxvt__5x5_startup.vlog", CORPUS / "modules" / "zxvt__CaptureOfTheTerritory.vmod"))


def both_ways(log, module, monkeypatch):
    fast = replay_page.page_data(log, module, allow_mismatch=True)
    with monkeypatch.context() as patched:
        patched.setattr(replay_page, "touched_pieces", lambda commands: None)
        every = replay_page.page_data(log, module, allow_mismatch=True)
    return fast, every


@pytest.mark.parametrize(("log", "module"), LOGS, ids=[log.stem for log, _ in LOGS])
def test_drawing_only_what_a_step_touched_writes_the_same_page(log, module, monkeypatch):
    if not log.exists():
        pytest.skip(f"{log} is not here (the shared corpus)")
    fast, every = both_ways(log, module, monkeypatch)
    assert len(fast.changes) == len(every.changes) > 1
    assert fast.changes == every.changes
    assert (fast.pieces, fast.looks) == (every.pieces, every.looks)


def test_the_demo_log_too(demo, monkeypatch):
    fast, every = both_ways(demo / "sample-game.vlog", demo / "invasion-norway.vmod", monkeypatch)
    assert fast.changes == every.changes and any(fast.changes[1:])
