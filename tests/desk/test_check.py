"""``vassal-tools check LOG``: a log received by mail, checked whole in one run.

The game is written by the project's own log writer on the built Invasion: Norway module, as
PBEM players write it (tests/replay/test_chain.py does the same for ``chain``): Anna's and Bert's
logs in turn, each from the save of the position the last one reached; then the cheats a player
meets: a turn played again from the same start with other dice, and a save edited between logs.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from kits.mailbox import mail
from kits.norway_log import Game
from vassal_tools.cli import main
from vassal_tools.desk.check import MODULES_ENV, check_log, find_module
from vassal_tools.errors import BadInput
from vassal_tools.formats import files


@pytest.fixture(scope="module")
def replayed(norway, game, tmp_path_factory):
    """The mailbox with Bert's second turn played again from the same start, with other dice."""
    folder = tmp_path_factory.mktemp("replayed")
    for log in ("anna-1.vlog", "bert-2.vlog"):
        shutil.copy(game / log, folder / log)
    written = tmp_path_factory.mktemp("written-again")
    anna = Game(norway, written).writer(Game(norway, written).opening, "Anna")
    anna.step(anna.seat("German"))
    anna.step(anna.roll("Naval Detection", 3))
    anna.save_position(written / "anna-1-end.vsav")
    again = Game(norway, written).writer(written / "anna-1-end.vsav", "Bert")
    again.step(again.seat("Allied"))
    again.step(again.roll("Air Detection", 9))
    mail(again.save(written / "bert-2-again.vlog"), folder, 3)
    return folder


@pytest.fixture(scope="session")
def game(mailbox):
    """The mailbox of one game (tests/kits/mailbox.py)."""
    return mailbox


def run(*args: object, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def test_a_log_that_continues_the_game_is_said_to(game, norway, tmp_path):
    result = check_log(game / "anna-3.vlog", norway.module, outdir=tmp_path / "pages")
    assert result.verdict().startswith("continues bert-2.vlog; ")
    assert [p.name for p in result.game_logs] == ["anna-1.vlog", "bert-2.vlog", "anna-3.vlog"]
    # Anna rolled 3 and 5 in the game so far, Bert 2; this log holds Anna's 5 only.
    assert sorted((g.player, g.dice) for g in result.dice_game.groups) == [("Anna", 2), ("Bert", 1)]
    assert [(g.player, g.dice) for g in result.dice_log.groups] == [("Anna", 1)]
    assert "too few dice to judge yet" in result.verdict()


def test_a_doctored_log_is_compared_with_the_log_it_follows(game, norway, tmp_path):
    result = check_log(game / "bert-4.vlog", norway.module, outdir=tmp_path / "pages")
    assert result.continues is False and result.exit_code == 1
    (link,) = [lk for lk in result.chain.links if lk.later.path.name == "bert-4.vlog"]
    assert link.earlier.path.name == "anna-3.vlog"
    # The one piece moved in the save is named by its counter and the hex it was moved to.
    moved = [d for d in link.differences if d.subject == "II/138"]
    assert moved and "4332" in moved[0].words(link.earlier.label, link.later.label)
    assert result.verdict().startswith("does NOT start where anna-3.vlog ended")


def test_a_replayed_turn_is_named_with_the_log_it_replays(replayed, norway, tmp_path):
    result = check_log(replayed / "bert-2-again.vlog", norway.module, outdir=tmp_path / "pages")
    assert [r.path.name for r in result.replays] == ["bert-2.vlog"]
    assert result.verdict().startswith("REPLAYS the turn of bert-2.vlog")
    assert result.exit_code == 1


def test_a_log_received_twice_is_one_log_not_a_replayed_turn(game, norway, tmp_path):
    """A mail client that saves an attachment twice ("bert-2(1).vlog") gives two files with one log's
    bytes: the same turn, the same dice, no replay to accuse anyone of."""
    folder = tmp_path / "mail"
    folder.mkdir()
    for log in ("anna-1.vlog", "bert-2.vlog", "anna-3.vlog"):
        shutil.copy(game / log, folder / log)
    shutil.copy(game / "bert-2.vlog", folder / "bert-2(1).vlog")
    result = check_log(folder / "anna-3.vlog", norway.module, outdir=tmp_path / "pages")
    assert result.verdict().startswith("continues bert-2")
    assert [p.name for p in result.game_logs] == ["anna-1.vlog", "bert-2(1).vlog", "anna-3.vlog"] or \
        [p.name for p in result.game_logs] == ["anna-1.vlog", "bert-2.vlog", "anna-3.vlog"]
    assert not result.chain.replays and result.chain.whole
    # Bert's one roll counted once in the game's dice.
    assert sorted((g.player, g.dice) for g in result.dice_game.groups) == [("Anna", 2), ("Bert", 1)]
    again = check_log(folder / "bert-2.vlog", norway.module, outdir=tmp_path / "pages-2")
    assert not again.replays and again.exit_code == 0
    assert again.verdict().startswith("continues anna-1.vlog (also received as bert-2(1).vlog)")


def test_the_first_log_of_a_game_has_no_chain_to_judge(game, norway, tmp_path):
    result = check_log(game / "anna-1.vlog", norway.module, outdir=tmp_path / "pages")
    assert result.continues is None
    assert result.verdict().startswith("first log of its game found here")


def test_one_page_links_every_report_and_nothing_is_written_over_an_input(game, norway, tmp_path):
    before = {p.name: p.read_bytes() for p in game.iterdir() if p.is_file()}
    result = check_log(game / "anna-3.vlog", norway.module, outdir=tmp_path / "pages")
    index = result.pages["index"].read_text(encoding="utf-8")
    for key in ("audit", "chain", "dice", "dice-log", "replay"):
        assert result.pages[key].is_file()
        assert f'href="{result.pages[key].relative_to(tmp_path / "pages").as_posix()}"' in index
    assert result.verdict() in index
    assert {p.name: p.read_bytes() for p in game.iterdir() if p.is_file()} == before


def test_each_log_is_read_once_in_a_run(game, norway, tmp_path, monkeypatch):
    # The chain, the audit, the dice and the page share one reading of each log (it was four of the
    # received log, and two of each earlier one).
    reads: Counter[str] = Counter()
    read_archive = files.read_archive

    def counted(path):
        reads[Path(path).name] += 1
        return read_archive(path)

    monkeypatch.setattr(files, "read_archive", counted)
    check_log(game / "anna-3.vlog", norway.module, outdir=tmp_path / "pages")
    logs = sorted(p.name for p in game.glob("*.vlog"))
    assert logs == ["anna-1.vlog", "anna-3.vlog", "bert-2.vlog", "bert-4.vlog"]
    assert {name: reads[name] for name in logs} == dict.fromkeys(logs, 1)


def test_the_module_is_found_by_the_name_and_version_the_log_names(game, norway, tmp_path):
    modules = tmp_path / "modules"
    modules.mkdir()
    with pytest.raises(BadInput, match="it was played with module 'Invasion: Norway'"):
        find_module(game / "anna-3.vlog", [modules])
    shutil.copy(norway.module, modules / "in.vmod")
    assert find_module(game / "anna-3.vlog", [modules]) == modules / "in.vmod"


def test_the_command_prints_one_verdict_line_and_exits_by_it(game, norway, tmp_path):
    modules = tmp_path / "modules"
    modules.mkdir()
    shutil.copy(norway.module, modules / "in.vmod")
    result = run("check", game / "bert-4.vlog", "-o", tmp_path / "out", env={MODULES_ENV: str(modules)})
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[0].startswith("bert-4.vlog: does NOT start where anna-3.vlog ended")
    assert (tmp_path / "out" / "index.html").is_file()


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    broken = tmp_path / "broken.vlog"
    broken.write_bytes(b"not a log")
    result = run("check", broken)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "broken.vlog" in result.output
