"""The command line itself: every bad input is one line with exit code 2, every hint names an
option the verb has, and ``--help`` knows the verbs without importing them (issues 8 and 9)."""

from __future__ import annotations

import importlib
import inspect
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from conftest import CORPUS, ROOT
from vassal_tools.cli import COMMAND_MODULES, VERBS, main

LOG = CORPUS / "logs" / "zxvt__5x5_startup.vlog"
MODULE = CORPUS / "modules" / "zxvt__CaptureOfTheTerritory.vmod"
HEAVY = ("lxml", "PIL", "shapely", "rich", "numpy")


def _one_line_exit_2(args: list[str]) -> str:
    result = CliRunner().invoke(main, args, prog_name="vassal-tools")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize(("args", "says"), [
    (["inspect", "{dir}"], "is a directory"),
    (["audit", "{dir}"], "no logs found"),  # a folder is an archive to audit; this one is empty
    (["decode", "{dir}"], "is a directory"),
    (["setup", "{dir}"], "Missing option '-o'"),  # --scenario may be left out (one set-up)
    (["audit", "{log}", "--format", "pdf"], "'pdf' is not one of"),
    (["position", "{log}", "--module", "{module}", "--step", "-1"], "-1 is not in the range"),
    (["render", "{log}", "--step", "x", "-o", "{dir}/x.png"], "'x' is not a valid integer"),
    (["inspect"], "Missing argument"),
    (["inspect", "{log}", "--jsn"], "No such option"),
    (["nosuchverb"], "No such command"),
])
def test_a_usage_error_is_one_line_naming_the_verb(args, says, tmp_path):
    values = {"dir": str(tmp_path), "log": str(LOG), "module": str(MODULE)}
    line = _one_line_exit_2([a.format(**values) for a in args])
    assert says in line and line.startswith("vassal-tools")


@pytest.mark.parametrize("verb", ["record", "audit", "decode", "render", "grid", "encode", "refresh", "patch"])
def test_every_refusal_hint_names_an_option_the_verb_has(verb, tmp_path):
    if not LOG.exists():
        pytest.skip("../shared/corpus absent")
    log, module = tmp_path / "g.vlog", tmp_path / "m.vmod"
    shutil.copyfile(LOG, log)
    shutil.copyfile(MODULE, module)
    first = {"grid": [str(module), "--map", "Main Map"], "encode": [str(log), "--like", str(log)],
             "patch": [str(module), str(log)], "decode": [str(log)],
             "render": [str(log), "--module", str(module), "--step", "0"], "refresh": [str(log), "--module", str(module)]}
    args = [verb, *first.get(verb, [str(log), "--module", str(module)]), "-o", str(log if verb != "grid" else module)]
    line = _one_line_exit_2(args)
    assert "refusing to overwrite" in line
    hint = line.split(";", 1)[1]
    named = set(re.findall(r"(?<![\w-])(-{1,2}[a-z][\w-]*)", hint))
    command = main.get_command(click.Context(main), verb)
    options = {opt for param in command.params for opt in getattr(param, "opts", ())}
    assert named and named <= options, (line, options)


def test_the_verb_table_names_each_verbs_module():
    """VERBS lists every verb by the module that defines it, and every module is in COMMAND_MODULES."""
    ctx = click.Context(main)
    for name, (module, line) in VERBS.items():
        command = main.get_command(ctx, name)
        assert command is not None and command.callback.__module__ == f"vassal_tools.cli.{module}"
        assert module in COMMAND_MODULES and line.endswith(".") and len(line) <= 72
    assert set(main.list_commands(ctx)) == set(main.commands)


def _run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return done.stdout


def test_help_lists_every_verb_without_importing_any_verb_or_heavy_library():
    out = _run_python(
        "import contextlib, io, json, sys\n"
        "from vassal_tools.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as text:\n"
        "    main(['--help'], standalone_mode=False)\n"
        f"heavy = sorted(m for m in {HEAVY!r} if m in sys.modules)\n"
        "verbs = sorted(m for m in sys.modules if m.startswith('vassal_tools.cli.'))\n"
        "print(json.dumps({'help': text.getvalue(), 'heavy': heavy, 'verbs': verbs}))\n")
    result = json.loads(out)
    assert result["heavy"] == [] and result["verbs"] == []
    listed = re.findall(r"^  (\w+)  ", result["help"], re.M)
    assert listed == sorted(VERBS)


def test_inspecting_a_save_loads_no_image_geometry_or_table_library():
    if not (CORPUS / "saves" / "kassala__Default_Setup.vsav").exists():
        pytest.skip("../shared/corpus absent")
    out = _run_python(
        "import contextlib, io, sys\n"
        "from vassal_tools.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['inspect', '--json', {str(CORPUS / 'saves' / 'kassala__Default_Setup.vsav')!r}],"
        " standalone_mode=False)\n"
        "print(sorted(m for m in ('PIL', 'shapely', 'rich', 'numpy') if m in sys.modules))\n")
    assert out.strip() == "[]"  # lxml reads the save's metadata entry: that one it needs


def test_readme_commands_start_with_a_virtual_environment_one_line_each():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [block.strip() for block in re.findall(r"```sh\n(.*?)```", quick, re.S)]
    assert len(commands) == 2
    for command in commands:
        assert "\n" not in command and command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip ")
    assert Path(ROOT / "pyproject.toml").exists()


def test_the_bare_command_shows_its_help():
    result = CliRunner().invoke(main, [], prog_name="vassal-tools")
    assert result.exit_code == 2 and result.output.startswith("Usage: vassal-tools")
    assert all(f"  {verb} " in result.output for verb in VERBS)


def test_bad_input_naming_a_file_with_a_newline_is_still_one_line(tmp_path):
    strange = tmp_path / "two\nlines.vsav"
    strange.write_bytes(b"not a zip and not a stream")
    line = _one_line_exit_2(["inspect", str(strange)])
    assert "two lines.vsav" in line


@pytest.mark.parametrize("module_name", COMMAND_MODULES)
def test_verb_modules_define_commands_and_no_library_functions(module_name):
    """The CLI holds no logic: what a verb module defines in public is its click commands."""
    module = importlib.import_module(f"vassal_tools.cli.{module_name}")
    public = {name: value for name, value in vars(module).items()
              if not name.startswith("_") and inspect.isfunction(value) and value.__module__ == module.__name__}
    assert public == {}, f"library functions in the CLI: {sorted(public)}"
    assert any(isinstance(value, click.Command) for value in vars(module).values())


def _options(verb: str) -> set[str]:
    command = main.get_command(click.Context(main), verb)
    return {opt for param in command.params for opt in getattr(param, "opts", ())}


def _hinted(text: str, verb: str) -> list[tuple[str, str]]:
    """Every option a text names, with the verb it belongs to: the running verb's, or the one
    named right before it (``vassal-tools audit --mapping FILE``)."""
    return [(named or verb, option)
            for named, option in re.findall(r"(?:vassal-tools (\w+) )?(?<![\w-])(--[a-z][\w-]*)", text)]


def _module_readers() -> list[str]:
    """Every verb that reads a game with a --module (walked from the click commands)."""
    ctx = click.Context(main)
    return [verb for verb in sorted(VERBS) if "--module" in _options(verb)
            and isinstance(main.get_command(ctx, verb).params[0], click.Argument)]


def _filled(verb: str, tmp_path: Path) -> list[str]:
    """The verb's required options other than --module, each with a usable value."""
    out = []
    for param in main.get_command(click.Context(main), verb).params:
        if not isinstance(param, click.Option) or not param.required or "--module" in param.opts:
            continue
        if isinstance(param.type, (click.IntRange, click.types.IntParamType)):
            out += [param.opts[0], "0"]
        elif isinstance(param.type, click.Path):
            out += [param.opts[0], str(tmp_path / f"{verb}-out")]
        else:
            raise AssertionError(f"{verb} {param.opts[0]}: no value to fill in for this test")
    return out


@pytest.mark.parametrize("verb", _module_readers())
def test_a_verb_reading_a_game_with_another_module_hints_only_at_options_it_has(verb, tmp_path):
    """replay said --allow-mismatch, which it lacked, and drew an empty board (issue 20)."""
    other = CORPUS / "modules" / "kassala__Kassala.vmod"
    if not LOG.exists():
        pytest.skip("../shared/corpus absent")
    runner = CliRunner()
    args = [verb, str(LOG), "--module", str(other), *_filled(verb, tmp_path)]
    refused = runner.invoke(main, args, prog_name="vassal-tools")
    allowed = runner.invoke(main, [*args, "--allow-mismatch"], prog_name="vassal-tools") \
        if "--allow-mismatch" in _options(verb) else None
    if verb in REFUSE_ANOTHER_MODULE:
        assert refused.exit_code == 2 and "does not match module" in refused.output, refused.output
        assert allowed is not None and "does not match module" not in allowed.output, allowed.output
    for result in (refused, allowed):
        if result is None:
            continue
        for owner, option in _hinted(result.output, verb):
            assert option in _options(owner), (verb, option, result.output)


# The verbs that read a game's pieces through --module: each refuses another game's module
# unless --allow-mismatch. The others use the module for words only.
REFUSE_ANOTHER_MODULE = {"audit", "check", "orphans", "position", "record", "refresh", "render", "replay", "steps"}
MODULE_FOR_WORDS = {"chain": "place names in its report", "dice": "each button's die"}
# lint's --module is the module an extension extends (BASE): it reads no game.
MODULE_AS_BASE = {"lint": "the module an extension extends"}


def test_every_verb_with_a_module_is_walked():
    assert set(_module_readers()) == REFUSE_ANOTHER_MODULE | set(MODULE_FOR_WORDS) | set(MODULE_AS_BASE)
