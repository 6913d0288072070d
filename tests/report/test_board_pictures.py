"""Pictures that show the offence (issue 13 point 3): the units a finding names are framed
and none is hidden under its stack; a big stack is drawn compactly with a count badge."""

from __future__ import annotations

from html import escape

import pytest

from kits.report_pages import pictures
from vassal_tools.replay.replayer import Replayer
from vassal_tools.report.board import BADGE, COMPACT_SHOWN, HIGHLIGHT, KEY_WORDS, BoardPainter

BERGEN_UNITS = ("nor-ir1-1", "nor-ir1-2", "nor-ir2-1", "nor-ir2-2", "nor-ir3-1")  # stacked in this order


@pytest.fixture(scope="module")
def bergen(two_findings):
    """The painter, the state after the five battalions stacked in 4332, and their piece ids."""
    result, _page = two_findings
    state = Replayer(result.log).state_at(6)
    painter = BoardPainter(result.module, result.recorded.locations.geometry)
    ids = {unit: result.recorded.unit_pieces[unit][0] for unit in BERGEN_UNITS}
    stack = next(top for pieces in state.maps.values() for top in pieces
                 if top.children and {c.id for c in top.children} == set(ids.values()))
    return painter, state, ids, stack


def test_a_stack_of_five_is_drawn_compactly_with_its_count(bergen):
    painter, state, ids, stack = bergen
    drawn = [d for d in painter.placed_pieces(state, stack.map) if d.piece.parent is stack]
    assert [d.piece.id for d in drawn] == [ids[u] for u in BERGEN_UNITS[-COMPACT_SHOWN:]]  # the top three
    assert [d.badge for d in drawn] == [0, 0, 5]  # the top piece carries the stack's count


def test_named_units_under_the_top_are_drawn_beside_the_stack(bergen):
    painter, state, ids, stack = bergen
    named = {ids["nor-ir1-1"], ids["nor-ir2-2"]}  # the bottom one, and one just under the top
    drawn = [d for d in painter.placed_pieces(state, stack.map, named) if d.piece.parent is stack]
    framed = [d for d in drawn if d.framed]
    assert sorted(d.piece.id for d in framed) == sorted(named)
    beside = [d for d in framed if d.x > stack.x + 10]
    assert {d.piece.id for d in beside} == named  # none left under the piece on top
    assert all(d.y == stack.y for d in beside)
    width = painter.piece_width(beside[0].piece)
    assert beside[1].x - beside[0].x >= width  # side by side, not overlapping
    assert beside[0].x - width // 2 > stack.x + width // 2  # clear of the stack


def test_a_framed_top_piece_stays_on_its_stack(bergen):
    painter, state, ids, stack = bergen
    top = ids[BERGEN_UNITS[-1]]
    drawn = [d for d in painter.placed_pieces(state, stack.map, {top}) if d.piece.id == top]
    assert len(drawn) == 1 and drawn[0].framed and drawn[0].x < stack.x + 10


def test_the_finding_picture_frames_its_units_and_shows_the_count(two_findings):
    _result, page = two_findings
    bergen_picture = pictures(page)[0].convert("RGB")
    colours = {colour for _n, colour in bergen_picture.getcolors(1 << 20)}
    assert HIGHLIGHT[:3] in colours
    assert BADGE[:3] in colours or any(max(abs(a - b) for a, b in zip(c, BADGE[:3])) < 12 for c in colours)


def test_the_picture_key_explains_each_mark_it_draws(bergen):
    painter, state, ids, stack = bergen
    outline_free = painter.picture(state, stack.map, (stack.x - 100, stack.y - 100, stack.x + 100, stack.y + 100))
    assert outline_free.key == [KEY_WORDS["badge"]]  # a compact stack, nothing framed, no outline
    framed = painter.picture(state, stack.map, (stack.x - 100, stack.y - 100, stack.x + 100, stack.y + 100),
                             highlight={ids["nor-ir1-1"]})
    assert framed.key == [KEY_WORDS["frame"], KEY_WORDS["badge"]]
    far = painter.picture(state, stack.map, (0, 0, 50, 50))
    assert KEY_WORDS["badge"] not in far.key  # the stack is outside the crop


def test_the_report_prints_the_key_under_each_picture(two_findings):
    _result, page = two_findings
    for words in (KEY_WORDS["outline"], KEY_WORDS["frame"], KEY_WORDS["badge"]):
        assert escape(words) in page

