"""Replay against the module vassal_tools builds for Invasion: Norway, and its opening save.

The opening save of the campaign is recorded: every unit of a side must be where
the scenario data puts it (the LOC the rule pack gives its ``at``). Then a log is
made of that save plus moves to places the builder's own locator finds, and its
audit must flag what the moves break, with a picture drawn from the module's art.
"""

from __future__ import annotations

import pytest

from kits.mini_module import GAME_DIR
from vassal_tools.builder.module import setup_stream
from vassal_tools.builder.savegame import write_save
from vassal_tools.formats.sequence import decode, encode
from vassal_tools.games import pack_for
from vassal_tools.games.play import audit, record_log
from vassal_tools.replay.replayer import Replayer
from vassal_tools.report.audit import audit_file
from vassal_tools.report.html import html_report

ESC = "\x1b"
INFANTRY = ["ger-159-ir-1", "ger-159-ir-2", "ger-159-ir-3", "ger-193-ir-1", "ger-193-ir-2"]


@pytest.fixture(scope="module")
def built(norway, tmp_path_factory):
    """The session's built module (campaign) and its opening save."""
    folder = tmp_path_factory.mktemp("built")
    assembly, module = norway.assembly, norway.module
    stream = setup_stream(assembly)
    save = write_save(folder / "start.vsav", stream, moduledata=assembly.moduledata, module_version="0.1",
                      description="start", vassal_version="3.7.0", date_saved=0)
    return assembly, module, save, stream


def test_the_opening_save_records_the_scenario(built):
    assembly, module, save, _ = built
    catalogue = pack_for("invasion-norway").catalogue
    recorded = record_log(save, module)
    placed = {e["place"]: e["at"] for e in recorded.data["entries"] if "place" in e}
    expected = {p.unit: catalogue.location(p.at) for p in assembly.scenario.setup
                if assembly.game.units[p.unit].side}
    assert placed == expected
    first = assembly.scenario.first_turn
    assert recorded.data["entries"][0] == {"turn": first, "phase": "weather", "step": 0}


def test_the_opening_save_keeps_every_rule(built):
    # The campaign's sample placements respect the Airbase Capacities (5.1: Scapa Flow holds six
    # air points) and the two night-bomber points Scotland may hold (5.1 Exception).
    _, module, save, _ = built
    recorded = record_log(save, module)
    assert audit(recorded.record) == []


def _log(built, tmp_path, steps: list[list[str]]):
    """The opening save's stream followed by LOG steps (5.3), written as a .vlog."""
    assembly, _, _, stream = built
    tokens = [encode(["LOG\t" + c for c in step], ESC) for step in steps]
    text = stream + "".join(ESC + encode([token], ESC) for token in tokens)
    return write_save(tmp_path / "game.vlog", text, moduledata=assembly.moduledata, module_version="0.1",
                      description="log", vassal_version="3.7.0", date_saved=0)


def test_a_log_of_the_built_module_is_audited_with_pictures(built, tmp_path):
    assembly, module, save, stream = built
    state = Replayer(save).restore()
    by_unit = {p.piece.marker_properties.get("UnitId"): p for p in state.units()}
    bergen = assembly.locator.spot("4332")
    steps = [["TURNTurnTracker0\t" + _tracker_at(state, "german-land-movement")]]
    under = None
    for unit in INFANTRY:
        piece = by_unit[unit]
        old = piece.spot
        steps.append([f"M/{piece.id}/{bergen.map}/{bergen.x}/{bergen.y}/{under or 'null'}/"
                      f"{old.map}/{old.x}/{old.y}/null/pw"])
        under = piece.id
    steps.append(["TURNTurnTracker0\t" + _tracker_at(state, "german-air-missions")])
    log = _log(built, tmp_path, steps)
    result = audit_file(log, module)
    stacking = [f for f in result.findings if f.rule == "invasion-norway.txt 11.1.1"]
    assert [(f.where, f.excess, sorted(f.units)) for f in stacking] == [("4332", 1, sorted(INFANTRY))]
    page = html_report(result)
    assert "4332 on the Operational Map after step" in page and "data:image/png;base64," in page


def _tracker_at(state, phase: str) -> str:
    """The tracker state of the opening turn at ``phase``, as the builder writes tracker states."""
    from vassal_tools.builder.turns import tracker_state
    from vassal_tools.gamedata import load_game

    info = load_game(GAME_DIR).info
    opening = info.turn_names[int(decode(decode(state.turns["TurnTracker0"], "|")[1], ";")[0])]
    return tracker_state(info, opening, phase)
