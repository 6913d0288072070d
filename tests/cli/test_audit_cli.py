"""``vassal-tools record/position/audit/render``, and the audit of a log against the audit of its record.

The rules engineer's example games (tests/records) are written as VASSAL logs of
the test module (test_replay_kit): the opening position as a save's restore, then
one step per entry made of the commands VASSAL writes (moves, new stacks, flips,
deletions, tracker and weather changes). Recording and auditing the log must find
what auditing the record finds: same rules, places, units and amounts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import RECORDS
from kits.mini_module import LogWriter
from vassal_tools.cli import main
from vassal_tools.games.play import audit, record_log

GAMES = ["stacking-break-companies", "stacking-break-combat-phase", "stacking-keep-full-hex",
         "stacking-keep-passing-through", "naval-stack-break", "naval-stack-keep", "carrier-break-types",
         "carrier-keep-types", "unloading-break", "airbase-break-enemy-base"]


SEA_ORIGINS = ("North Sea", "Shetlands", "Southern Norwegian Sea")


def origin(entry: dict, stacks: list[str]) -> str:
    """Where a unit a record moves without placing it first starts: the hex beside its
    destination, or a sea zone (one per stack it moves in, so stacks start apart)."""
    to = entry["to"]
    if to.isdigit():
        return f"{to[:2]}{int(to[2:]) - 1:02d}"
    stack = entry.get("stack")
    if stack is not None and stack not in stacks:
        stacks.append(stack)
    return SEA_ORIGINS[stacks.index(stack) % len(SEA_ORIGINS)] if stack is not None else SEA_ORIGINS[0]


def log_of_record(entries: list[dict]) -> tuple[LogWriter, list[dict]]:
    """A log that plays a record's entries, and the record entries it stands for.

    Units moved before being placed start at :func:`origin` (a place entry is added
    for them at the start, so the record and the log begin alike). Entries a log
    cannot hold (``end``) are left out of both.
    """
    phases = [e for e in entries if "phase" in e and "end" not in e]
    writer = LogWriter(phases[0]["turn"], phases[0]["phase"])
    placed: set[str] = set()
    opening: list[dict] = [dict(phases[0])]
    body: list[dict] = []
    stacks: list[str] = []
    for entry in entries:
        unit = entry.get("move")
        if unit and unit not in placed and not any(e.get("place") == unit for e in entries):
            start = origin(entry, stacks)
            opening.append({"place": unit, "at": start})
            placed.add(unit)
            writer.setup(unit, start)
    started = False
    for entry in entries:
        if entry is phases[0]:
            continue
        if "place" in entry and not started:
            writer.setup(entry["place"], entry["at"])
            placed.add(entry["place"])
            opening.append(entry)
            continue
        if "weather" in entry and not started:
            writer.weather.update(entry["weather"])
            opening.append(entry)
            continue
        if not started:
            writer.begin()
            started = True
        step = _step(writer, entry, placed, body)
        if step:
            writer.step(step)
            body.append(entry)
    if not started:
        writer.begin()
    return writer, opening + body


def _step(writer: LogWriter, entry: dict, placed: set[str], body: list[dict]):
    if "phase" in entry and "end" not in entry:
        return writer.phase(entry.get("turn", writer.tracker[0]), entry["phase"])
    if "weather" in entry:
        return [writer.set_weather(s, v) for s, v in entry["weather"].items()]
    if "place" in entry:
        placed.add(entry["place"])
        return writer.create(entry["place"], entry["at"])
    if "move" in entry:
        unit, stack = entry["move"], entry.get("stack")
        first_of_stack = stack is not None and not any(e.get("stack") == stack for e in body)
        if stack is not None:
            return writer.move_stack(unit, entry["to"]) if first_of_stack else None
        return writer.walk(unit, entry["to"])
    if "steps" in entry:
        unit = writer.units[entry["steps"]]
        full = unit.steps if unit.steps is not None else unit.points
        return writer.flip(entry["steps"], 1 + full - entry["to"])
    if "remove" in entry:
        return writer.delete(entry["remove"])
    return None


def _key(finding) -> tuple:
    return finding.rule, finding.where, tuple(sorted(finding.units)), finding.excess


@pytest.mark.parametrize("name", GAMES)
def test_a_log_audits_like_its_record(name, mini_module, tmp_path):
    record = json.loads((RECORDS / f"{name}.json").read_text())
    writer, entries = log_of_record(record["entries"])
    # stack moves stand for several record entries: keep them all in the record
    entries += [e for e in record["entries"] if e.get("stack") and e not in entries]
    log = writer.write(tmp_path / f"{name}.vlog", mini_module)
    direct = {"format": record["format"], "game": record["game"], "units": record.get("units", {}),
              "entries": entries}
    from_log = record_log(log, mini_module)
    assert sorted(map(_key, audit(from_log.record))) == sorted(map(_key, audit(direct)))
    expected = {(e["rule"], e.get("where")) for e in record.get("expect", [])}
    assert expected <= {(f.rule, f.where) for f in audit(from_log.record)}


# -------------------------------------------------------------------------------- the commands


@pytest.fixture(scope="module")
def overstacked(mini_module, tmp_path_factory) -> Path:
    """Five battalions end the German Land Movement Phase in Bergen (4332): one over (11.1.1)."""
    w = LogWriter("April #5", "german-land-movement")
    units = ["ger-159-ir-1", "ger-159-ir-2", "ger-159-ir-3", "ger-193-ir-1", "ger-193-ir-2"]
    for unit in units:
        w.setup(unit, "4331")
    w.begin()
    w.step(w.walk(units[0], "4332"))
    for below, unit in zip(units, units[1:]):
        w.step(w.walk(unit, "4332", onto=below))
    w.step(w.phase("April #5", "german-air-missions"))
    return w.write(tmp_path_factory.mktemp("logs") / "overstacked.vlog", mini_module)


@pytest.fixture(scope="module")
def clean(mini_module, tmp_path_factory) -> Path:
    w = LogWriter("April #5", "german-land-movement")
    w.setup("ger-159-ir-1", "4331")
    w.begin()
    w.step(w.walk("ger-159-ir-1", "4332"))
    w.step(w.phase("April #5", "german-air-missions"))
    return w.write(tmp_path_factory.mktemp("logs") / "clean.vlog", mini_module)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_audit_exit_codes_and_one_line_per_finding(overstacked, clean, mini_module):
    found = run("audit", overstacked, "--module", mini_module)
    assert found.exit_code == 1, found.output
    lines = found.stdout.splitlines()
    # one line per finding, the phase by its rulebook name and units by their counters (II/193 is
    # ger-193-ir-2, units.csv); then the rule's title and sentence, and the remedy of 11.1.2
    assert len(lines) == 3
    assert lines[0].startswith("step 6, April #5, German Land Movement Phase: invasion-norway.txt 11.1.1 at 4332")
    assert "II/193" in lines[0] and "(by 1)" in lines[0]
    assert lines[1].startswith('    11.1.1 Stacking Limits: "The maximum number of ground units that may stack')
    assert lines[2].startswith("    what to do: 11.1.2: retreat enough units one hex")
    ok = run("audit", clean, "--module", mini_module)
    assert ok.exit_code == 0
    assert ok.stdout.startswith("clean: ") and " rules families, " in ok.stdout


def test_audit_json_and_record_round_trip(overstacked, mini_module, tmp_path):
    out = tmp_path / "game.json"
    made = run("record", overstacked, "--module", mini_module, "-o", out)
    assert made.exit_code == 0, made.output
    data = json.loads(out.read_text())
    assert data["format"] == "vassal-tools/record@1" and data["game"] == "invasion-norway"
    assert all("step" in e for e in data["entries"])
    moves = [e for e in data["entries"] if "move" in e]
    assert [(e["move"], e["to"], e["step"]) for e in moves][:2] == [("ger-159-ir-1", "4332", 1),
                                                                      ("ger-159-ir-2", "4332", 2)]
    checked = run("audit", out, "--format", "json")
    assert checked.exit_code == 1
    report = json.loads(checked.stdout)
    assert report["clean"] is False
    [finding] = report["findings"]
    assert (finding["rule"], finding["where"], finding["excess"], finding["step"]) == \
        ("invasion-norway.txt 11.1.1", "4332", 1, 6)


def test_position_prints_the_places_at_a_step(overstacked, mini_module):
    result = run("position", overstacked, "--module", mini_module, "--step", 2)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    where = {e["place"]: e["at"] for e in data["entries"] if "place" in e}
    assert where == {"ger-159-ir-1": "4332", "ger-159-ir-2": "4332", "ger-159-ir-3": "4331",
                     "ger-193-ir-1": "4331", "ger-193-ir-2": "4331"}
    assert {"turn": "April #5", "phase": "german-land-movement", "step": 2} in data["entries"]


def test_position_as_text_lists_the_stacks_by_place(overstacked, mini_module):
    # The same step as above, as a player reads it: units by their counters (units.csv names).
    result = run("position", overstacked, "--module", mini_module, "--step", 2, "--format", "text")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("April #5, German Land Movement Phase")
    assert lines[1:] == ["4331 (3): III/159, I/193, II/193 (German)", "4332 (2): I/159, II/159 (German)"]
    only = run("position", overstacked, "--module", mini_module, "--step", 2, "--format", "text", "--place", "4332")
    assert only.stdout.splitlines()[1:] == ["4332 (2): I/159, II/159 (German)"]


def test_render_writes_a_png_of_the_map(overstacked, mini_module, tmp_path):
    from PIL import Image

    out = tmp_path / "board.png"
    result = run("render", overstacked, "--module", mini_module, "--step", 5, "-o", out, "--around", "4332")
    assert result.exit_code == 0, result.output
    with Image.open(out) as img:
        assert img.format == "PNG" and img.width > 100
        # the hex is outlined in red and the counters are drawn in it
        colours = {c for _, c in img.getcolors(1 << 20)}
        assert (220, 20, 60) in colours
        assert (140, 140, 122) in colours or (70, 70, 61) in colours


@pytest.mark.parametrize("args, words", [
    (["audit", "missing.vlog", "--module", "x.vmod"], "no such file"),
    (["audit", "{log}"], "give --module"),
    (["record", "{log}", "--module", "{log}"], "not a module"),
    (["position", "{log}", "--module", "{module}", "--step", "99"], "no step 99"),
    (["render", "{log}", "--module", "{module}", "--step", "1", "-o", "{tmp}/x.png", "--around", "9999"],
     "no map of the module shows '9999'"),
    (["audit", "{bad}"], "not JSON"),
])
def test_bad_input_is_one_line_and_exit_code_2(args, words, overstacked, mini_module, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    filled = [a.format(log=overstacked, module=mini_module, tmp=tmp_path, bad=bad) for a in args]
    result = run(*filled)
    assert result.exit_code == 2, result.output
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1
