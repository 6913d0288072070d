"""``vassal-tools demo --game GAME`` for the four games besides Invasion: Norway (tests/cli/test_demo.py):
each builds its module with a dice button per die roll of its game.toml, plays its sample PBEM game with
those buttons, and the audit finds exactly the rule breaks the sample game holds, at their steps.

The breaks are the ones each ``games/<game>/sample_game.py`` describes, judged from the rulebooks
(quoted there); the step each is found at is located in the game's own record (the chat line that
declares it, or the move that makes it), never copied from the audit.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import vassal_tools
from vassal_tools.cli import main
from vassal_tools.replay.logwriter import LogWriter

DATA = Path(vassal_tools.__file__).parent / "games"

# Each game's breaks: (rule as cited, where, the step it is found at). The step is named by what marks
# it in the record: ("said", text, n) the n-th chat declaration saying text, ("move", unit, to) the
# unit's move there, ("phase", phase, turn) the start of a phase (a limit judged when the previous
# phase ends), ("roll", for, zone, side) a side's roll there.
BREAKS = {
    "narvik-1940": [
        # 9.0 "Germans may stack up to three ground units": Mtn Art makes four in Narvik, judged at the end
        # of the move action, when the next action is declared.
        ("narvik-1940.txt 9.0", "0919", ("said", "action allied move with RM", 0)),
        # 14.2: 1 SG (range 1) fires at Haussels four hexes away.
        ("narvik-1940.txt 14.2", "1216", ("said", "attack 1216 with 1 SG", 0)),
        # 17.0 Regroup Table: a non-elite unit's 2 is no effect, yet 1 SG is deployed in Harstad.
        ("narvik-1940.txt 17.0", "Harstad", ("move", "brit-1-sg", "Harstad")),
    ],
    "europa-narvik": [
        # 8A, 8B: three battalions in Narvik, none disrupted, judged at the end of the movement phase.
        ("europa-narvik.txt 8B", "3609", ("phase", "german-air", "Turn 1")),
        # 12C3e: a find-ships roll of 2 (1-3 does not find), and the Ju-88 attacks the CLA at sea.
        ("europa-narvik.txt 12C3e", "3406", ("said", "attack 3406 with ger-ju88-1 target brit-cla-1", 0)),
        # 10F: after Turn 1 a Norwegian unit retreats before combat on 1-2 only; I/15 on a 4.
        ("europa-narvik.txt 10F", "3711", ("move", "nor-i-15", "3711")),
    ],
    "kampen-om-norge": [
        # 4.1 "All battalions may move one space each turn": Bergen to Hallingdal is two.
        ("kampen-om-norge.txt 4.1", "Hallingdal", ("move", "ger-8", "Hallingdal")),
        # 4.2 "Every battalion = one combat die": one German battalion rolls three dice, no card.
        ("kampen-om-norge.txt 4.2", "Steinkjer", ("roll", "land-combat", "Steinkjer", "german")),
        # 4.2: a beaten defender may not retreat to "an area from which the attacker attacks".
        ("kampen-om-norge.txt 4.2", "Voss", ("move", "ger-8", "Voss")),
    ],
    "norway-1940": [
        # Air-Naval Attack: "If DR is 5-6, the air unit cannot attack a Naval unit".
        ("norway-1940-scenario.txt Air-Naval Attack", "Sea Zone 40",
         ("said", "attack Sea Zone 40 with ger-ju-88-2 target bri-bc", 0)),
        # Actions: a dice difference of 3 gives three actions; Germany's fourth.
        ("norway-1940-scenario.txt Actions", None,
         ("said", "action german ground with ger-159th-infantry-regiment", 0)),
        # Actions: "Each unit may be activated only once per turn": the 138th twice in Turn 2 (its
        # third activation of the game: once in Turn 1).
        ("norway-1940-scenario.txt Actions", None,
         ("said", "action german ground with ger-138th-mountain-regiment", 2)),
    ],
}
FOLDERS = {"narvik-1940": "narvik_1940", "europa-narvik": "europa_narvik", "kampen-om-norge": "kampen_om_norge",
           "norway-1940": "norway_1940"}


@pytest.fixture(scope="module", params=sorted(BREAKS))
def demo(request, tmp_path_factory):
    game = request.param
    out = tmp_path_factory.mktemp(game)
    result = CliRunner().invoke(main, ["demo", "--game", game, "-o", str(out)])
    assert result.exit_code == 0, result.output
    (module,) = out.glob("*.vmod")
    recorded = CliRunner().invoke(main, ["record", str(out / "sample-game.vlog"), "--module", str(module),
                                         "-o", str(out / "record.json")])
    assert recorded.exit_code == 0, recorded.output
    record = json.loads((out / "record.json").read_text(encoding="utf-8"))
    return game, out, module, record, result.output


def step_of(record: dict, mark: tuple) -> int:
    entries = record["entries"]
    kind = mark[0]
    if kind == "said":
        return [e["step"] for e in entries if e.get("said") == mark[1]][mark[2]]
    if kind == "move":
        return next(e["step"] for e in entries if e.get("move") == mark[1] and e.get("to") == mark[2])
    if kind == "phase":
        return next(e["step"] for e in entries if e.get("phase") == mark[1] and e.get("turn") == mark[2])
    return next(e["step"] for e in entries if "roll" in e and e["roll"].get("for") == mark[1]
                and e["roll"].get("zone") == mark[2] and e["roll"].get("side") == mark[3])


def test_the_demo_finds_exactly_the_breaks_its_sample_game_holds(demo):
    game, out, _, record, output = demo
    findings = json.loads((out / "audit.json").read_text(encoding="utf-8"))["findings"]
    found = sorted((f["step"], f["rule"], f.get("where")) for f in findings)
    expected = sorted((step_of(record, mark), rule, where) for rule, where, mark in BREAKS[game])
    assert found == expected
    assert f"{len(expected)} findings in the sample game" in output


def test_the_sample_game_is_several_turns_of_play(demo):
    game, _, _, record, _ = demo
    turns = {e["turn"] for e in record["entries"] if "turn" in e}
    moves = [e for e in record["entries"] if "move" in e]
    assert len(turns) >= 2 and len(moves) >= 12


def test_the_module_has_a_dice_button_per_die_roll_of_game_toml(demo):
    game, _, module, _, _ = demo
    with (DATA / FOLDERS[game] / "data" / "game.toml").open("rb") as stream:
        toml = tomllib.load(stream)
    buttons = vassal_tools.open(module).buildfile.dice_buttons
    assert sorted(str(b.name) for b in buttons) == sorted(r["name"] for r in toml["die_rolls"])
    sides = {b.element.get("nSides") for b in buttons}
    assert sides == {str(toml["die"]["highest"] - toml["die"]["lowest"] + 1)}


def test_a_roll_written_as_the_button_reports_it_is_what_vassal_writes(demo):
    # vassal-formats.md 5.8: the reportFormat with $name$, $result$ and $PlayerName$ filled in, and one
    # more star in front when it starts with one; the log writer's roll is that chat line.
    _, out, module, _, _ = demo
    button = vassal_tools.open(module).buildfile.dice_buttons[0]
    text = button.element.get("reportFormat").replace("$name$", str(button.name)).replace("$result$", "4")
    text = text.replace("$PlayerName$", "Anna").replace("&lt;", "<").replace("&gt;", ">")
    text = "*" + text if text.startswith("*") else "* " + text
    writer = LogWriter(vassal_tools.open(out / next(p.name for p in out.glob("*.vsav"))), lambda at: ("", 0, 0))
    written = writer.roll(str(button.name), 4)[0]
    assert written.replace("&lt;", "<").replace("&gt;", ">") == "CHAT" + text


def test_the_dice_page_counts_every_roll_of_the_modules_buttons(demo):
    _, out, module, _, _ = demo
    names = {str(b.name) for b in vassal_tools.open(module).buildfile.dice_buttons}
    report = re.compile(r"^CHAT\*\*\* (.+?) = ([\d,]+) \*\*\* &lt;(\w+)&gt;$")
    rolled: dict[str, int] = {}
    for step in vassal_tools.open(out / "sample-game.vlog").steps:
        for command in step.commands:
            match = report.match(getattr(command, "raw", ""))
            if match and match.group(1) in names:
                rolled[match.group(3)] = rolled.get(match.group(3), 0) + 1
    page = (out / "dice" / "index.html").read_text(encoding="utf-8")
    assert rolled and all(n > 1 for n in rolled.values())
    for player, count in rolled.items():  # each kind of roll a group of the page ("all" sums them)
        groups = re.findall(rf"<h2>{player}: (.+?) \(d6\)</h2><p>(\d+) rolls,", page)
        assert sum(int(n) for kind, n in groups if kind != "all d6") == count, player
