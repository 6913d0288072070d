"""``vassal-tools dice``: statistics checked against values computed by hand, and against VASL's own.

Small logs are written with the project's log writer on the built Invasion: Norway
module; their dice reports are the chat lines VASSAL's DiceButton writes. VASL logs of
the corpus print their own running averages after each roll (``[a / b avg X (Y)]``:
X the player's mean for this kind of roll, Y for all their rolls of as many dice, b
the number of those), which the report's running means must reproduce.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import SHARED
from kits.norway_log import Game
from vassal_tools.cli import main
from vassal_tools.formats.commands import Chat
from vassal_tools.formats.files import open_file
from vassal_tools.formats.logsteps import split_stream
from vassal_tools.replay.logged_rolls import LoggedRoll, rolls_of_log, rolls_of_logs
from vassal_tools.report.dice_statistics import Die, dice_report, group_stats

CORPUS_LOGS = SHARED / "corpus" / "logs"
ANNA_MORALE = [1, 6, 6, 6, 2, 6]


def dice_line(button: str, result: str, player: str) -> list[str]:
    return [f"CHAT*** {button} = {result} *** &lt;{player}&gt;"]


@pytest.fixture(scope="module")
def logs(norway, tmp_path_factory):
    folder = tmp_path_factory.mktemp("dice")
    g = Game(norway, folder)
    anna = g.writer(g.opening, "Anna")
    for value in ANNA_MORALE:
        anna.step(dice_line("Morale", str(value), "Anna"))
    # A roll taken back: VASSAL's undo step repeats its chat line after "* UNDO: ".
    anna.step(anna.roll("Morale", 1))
    anna.step(["UNDO\ttrue", "CHAT* UNDO: *** Morale = 1 *** &lt;Anna&gt;",
               "MutableProperty\tMorale_result\t1\t\tModule", "UNDO\tfalse"])
    # A button named only by its dice takes the declaration typed before it.
    anna.player = "Bert"
    anna.step(anna.chat("detect naval North Sea target Hipper"))
    anna.step(dice_line("2d6", "3,5", "Bert"))
    anna.step(anna.chat("no luck, 1/508 stays"))  # chat, but no declaration
    anna.step(dice_line("2d6", "2,2", "Bert"))
    first = anna.save(folder / "1.vlog")
    second = g.writer(g.opening, "Anna")
    second.step(dice_line("Morale", "4", "Anna"))
    second.step(second.roll("Naval Detection", 7))
    second.save(folder / "2.vlog")
    return first, folder / "2.vlog"


def chi_square_sf_5(x: float) -> float:
    """P(chi-square with 5 degrees of freedom >= x), by the closed form for odd degrees of freedom."""
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def test_one_log_against_hand_computed_values(logs):
    first, _ = logs
    report = dice_report(rolls_of_log(first), [str(first)])
    morale = next(g for g in report.groups if (g.player, g.kind) == ("Anna", "Morale"))
    assert (morale.rolls, morale.dice, morale.undone) == (6, 6, 1)
    assert morale.die == Die(1, 6)
    assert morale.faces == {1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 4}
    assert morale.die_mean == pytest.approx(27 / 6)
    assert morale.expected_roll_mean == 3.5
    # (0 + 0 + 1 + 1 + 1 + 9) / 1 with one expected per face.
    assert morale.chi_square == pytest.approx(12.0)
    assert morale.p_value == pytest.approx(chi_square_sf_5(12.0), rel=1e-9)
    assert morale.p_value == pytest.approx(0.0348, abs=5e-4)
    assert morale.verdict.startswith("too few dice to judge: 6 dice of 6 faces")
    streaks = {(s.what, s.length, s.start) for s in morale.streaks}
    assert streaks == {("6", 3, 1), ("above 3.5", 3, 1), ("below 3.5", 1, 0)}
    assert morale.running_mean == pytest.approx([1, 3.5, 13 / 3, 4.75, 4.2, 4.5])

    # The declaration goes with the roll that follows it; the next roll, undeclared, keeps its button's name.
    bert = {g.kind: g for g in report.groups if g.player == "Bert"}
    assert list(bert) == ["all 2d6", "naval-detection", "2d6"]
    assert (bert["naval-detection"].rolls, bert["naval-detection"].roll_mean) == (1, 8.0)
    both = bert["all 2d6"]
    assert (both.rolls, both.dice, both.roll_mean, both.expected_roll_mean) == (2, 4, 6.0, 7.0)
    assert [(r.player, r.kind, r.values) for r in report.undone_rolls] == [("Anna", "Morale", (1,))]


def test_several_logs_add_up_and_folders_are_read(logs):
    first, second = logs
    result = CliRunner().invoke(main, ["dice", str(first.parent), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [p for p in data["logs"] if p.endswith(".vlog")] == [str(first), str(second)]
    morale = next(g for g in data["groups"] if (g["player"], g["kind"]) == ("Anna", "Morale"))
    assert morale["rolls"] == 7 and morale["faces"]["4"] == 1 and morale["undone"] == 1
    assert len(data["undone"]) == 1


def test_big_uneven_sample_is_called_unlikely():
    rolls = [LoggedRoll("x", n, "Anna", "d6", (6,), False) for n in range(60)]
    stats = group_stats("Anna", "d6", rolls, die=Die(1, 6))
    # (60 - 10)^2 / 10 + 5 * (0 - 10)^2 / 10
    assert stats.chi_square == pytest.approx(300.0)
    assert stats.verdict.startswith("very unlikely from fair dice") and "ran high" in stats.verdict
    fair = [LoggedRoll("x", n, "Bert", "d6", (1 + n % 6,), False) for n in range(60)]
    even = group_stats("Bert", "d6", fair, die=Die(1, 6))
    assert even.chi_square == 0 and even.p_value == pytest.approx(1.0)
    assert even.verdict.startswith("consistent with fair dice")


def test_csv_and_html_outputs(logs, tmp_path):
    first, _ = logs
    runner = CliRunner()
    result = runner.invoke(main, ["dice", str(first), "--csv"])
    assert result.exit_code == 0
    header, *rows = result.output.splitlines()
    assert header.startswith("player,kind,die,rolls")
    assert any(row.startswith("Anna,Morale,d6,6,6,1:1 2:1 3:0 4:0 5:0 6:4") for row in rows)
    out = tmp_path / "report"
    result = runner.invoke(main, ["dice", str(first), "--html", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert page.count("<svg") >= 2 * 2 and "fair: 1.0 each" in page and "expected 3.5" in page


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["dice", str(tmp_path / "none.vlog")])
    assert result.exit_code == 2 and "none.vlog" in result.output
    result = runner.invoke(main, ["dice", str(tmp_path / "*.vlog")])
    assert result.exit_code == 2 and "no file matches" in result.output
    result = runner.invoke(main, ["dice", str(tmp_path), "--faces", "6-1"])
    assert result.exit_code == 2


@pytest.mark.parametrize("faces", ["1-99999999999999", "0-1000"])
def test_faces_beyond_any_die_are_bad_input_in_one_line(logs, faces):
    first, _ = logs
    result = CliRunner().invoke(main, ["dice", str(first), "--faces", faces])
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "at most 1000 faces" in result.output
    assert CliRunner().invoke(main, ["dice", str(first), "--faces", "0-999"]).exit_code == 0


def test_a_roll_beyond_any_die_is_outside_the_inferred_die():
    rolls = [LoggedRoll("x", 0, "Anna", "d", (99999999999999,), False),
             LoggedRoll("x", 1, "Anna", "d", (3,), False)]
    stats = group_stats("Anna", "d", rolls)
    assert len(stats.faces) == 1000 and stats.outside == 1


_VASL_TAIL = re.compile(r"\[(\d+) / (\d+)\s+avg\s+([\d.]+) \(([\d.]+)\)\]")


def _vasl_tails(path: Path) -> list[tuple[int, float, float]]:
    """(b, X, Y) of each VASL dice report, read from the chat text (not through the library)."""
    out = []
    for step in split_stream(open_file(path).commands).steps:
        for command in step.commands:
            if isinstance(command, Chat):
                match = _VASL_TAIL.search(command.text)
                if match:
                    out.append((int(match[2]), float(match[3]), float(match[4])))
    return out


@pytest.mark.parametrize("name", ["vasl__full.vlog", "vasl__hotness-report-1.vlog", "vasl__multiple-1.vlog",
                                  "vasl__multiple-1a.vlog", "vasl__banner-updates.vlog", "vasl__4players.vlog",
                                  "vasl__download-test.vlog", "vasl__multiple-2.vlog"])
def test_running_means_match_vasl_avg_lines(name):
    path = CORPUS_LOGS / name
    if not path.exists():
        pytest.skip("corpus absent")
    rolls = rolls_of_log(path)
    tails = _vasl_tails(path)
    assert len(rolls) == len(tails)
    report = dice_report(rolls, [str(path)])
    groups = {(g.player, g.kind): g for g in report.groups}
    seen_kind: dict[tuple, int] = {}
    seen_dice: dict[tuple, int] = {}
    started: dict[tuple, bool] = {}
    checked = 0
    for roll, (count, kind_mean, all_mean) in zip(rolls, tails):
        dice_key = (roll.player, len(roll.values))
        # VASL keeps its statistics from earlier games: check only a player whose count starts here.
        started.setdefault(dice_key, count == 1)
        i = seen_kind[(roll.player, roll.kind)] = seen_kind.get((roll.player, roll.kind), -1) + 1
        j = seen_dice[dice_key] = seen_dice.get(dice_key, -1) + 1
        if not started[dice_key]:
            continue
        assert count == j + 1
        assert abs(groups[(roll.player, roll.kind)].running_mean[i] - kind_mean) <= 0.0051
        kinds = {r.kind for r in rolls if (r.player, len(r.values)) == dice_key}
        whole = groups[(roll.player, f"all {'' if len(roll.values) == 1 else len(roll.values)}d6")] \
            if len(kinds) > 1 else groups[(roll.player, roll.kind)]
        assert abs(whole.running_mean[j] - all_mean) <= 0.0051
        checked += 1
    if name in ("vasl__full.vlog", "vasl__hotness-report-1.vlog", "vasl__multiple-1.vlog"):
        assert checked == len(tails)


def test_rolls_of_logs_keeps_log_order(logs):
    first, second = logs
    rolls = rolls_of_logs([second, first])
    assert rolls[0].log == str(second) and rolls[-1].log == str(first)


def test_a_module_gives_each_buttons_die(logs, norway):
    _, second = logs
    runner = CliRunner()
    # The built module's Naval Detection button is nSides 10, plus -1: faces 0 to 9 (1.4.6: a 0 is zero).
    data = json.loads(runner.invoke(main, ["dice", str(second), "--module", str(norway.module), "--json"]).output)
    naval = next(g for g in data["groups"] if g["kind"] == "Naval Detection")
    assert naval["die"] == "d10 (0-9)" and list(naval["faces"]) == [str(n) for n in range(10)]
    assert naval["expected_roll"] == 4.5
    # Without the module a 7 on a button that never showed 0 reads as a d10 of 1 to 10.
    data = json.loads(runner.invoke(main, ["dice", str(second), "--json"]).output)
    naval = next(g for g in data["groups"] if g["kind"] == "Naval Detection")
    assert naval["die"] == "d10" and naval["expected_roll"] == 5.5
