"""``vassal-tools <verb>``: one click group; each verb lives in its own module here.

Bad input is reported as one line on stderr with exit code 2 (see errors.BadInput),
click's own usage errors too; set VASSAL_TOOLS_DEBUG=1 to see the traceback of an
unexpected failure.

A verb's module is imported only when the verb runs (or its own ``--help`` is asked
for), so ``vassal-tools --help`` and a light verb do not pay for lxml, Pillow,
shapely or rich. :data:`VERBS` names each verb's module and the line ``--help`` lists.

Every verb's outputs (``-o``/``--output``) are checked against every file it reads
(its arguments and options that are paths) before it runs: no output replaces an input.

A thin layer on top: it may import any package and is imported by none (the
``vassal-tools`` entry point).
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from ..errors import BadInput
from ..formats.outputs import WRITE_ELSEWHERE, refuse_overwriting

# Each module registers its commands on ``main`` when imported. A module none of whose
# verbs is in VERBS below is imported at start-up, so its verbs are always listed.
COMMAND_MODULES = (
    "inspect_cmd",
    "stream_cmds",
    "pieces_cmd",
    "steps_cmd",
    "geometry_cmds",
    "build_cmds",
    "audit_cmds",
    "demo_cmd",
    "games_cmd",
    "release_cmds",
    "mapping_cmd",
    "dice_chain_cmds",
    "replay_cmd",
    "check_cmd",
)

# verb -> (its module, the line ``vassal-tools --help`` shows for it).
VERBS = {
    "audit": ("audit_cmds", "Check a log (with --module) or a game record against the rules."),
    "build": ("build_cmds", "Build the VASSAL module (.vmod) of the game in GAME_DIR."),
    "check": ("check_cmd", "Check a log received: chain, audit, dice, replay page (or --watch)."),
    "chain": ("dice_chain_cmds", "Check that each log of a PBEM game starts where the last ended."),
    "decode": ("stream_cmds", "Print the command stream of a save or log exactly as stored."),
    "dice": ("dice_chain_cmds", "Dice statistics per player and roll kind, over one or more logs."),
    "demo": ("demo_cmd", "Build a game's module, write and audit a sample game."),
    "diff": ("release_cmds", "Release notes: what changed from module OLD to module NEW."),
    "errata": ("release_cmds", "Apply an errata file's unit, hex and zone entries to a game's data."),
    "encode": ("stream_cmds", "Write a command stream (TEXT) into a copy of a save or log."),
    "games": ("games_cmd", "List the known games with their checks and the rules they cite."),
    "grid": ("geometry_cmds", "Draw a module's map with its grid, zones and location names."),
    "inspect": ("inspect_cmd", "Describe a module, save or log."),
    "lint": ("release_cmds", "Check a module: images, gpids, prototypes, grids, hotkeys."),
    "locate": ("geometry_cmds", "Name map points X,Y of a module's map as VASSAL does."),
    "mapping": ("mapping_cmd", "Draft a mapping of a module's pieces to a game's units (--mapping)."),
    "orphans": ("release_cmds", "List the pieces of a game that match no definition of a module."),
    "patch": ("release_cmds", "Apply an errata file to a module, writing a new module."),
    "pieces": ("pieces_cmd", "List every piece slot of a module and what it is made of."),
    "position": ("audit_cmds", "Print the position after a step of a log as a record."),
    "record": ("audit_cmds", "Write the game record (vassal-tools/record@1 JSON) of a log."),
    "refresh": ("release_cmds", "Refresh a save's or log's pieces from a new module."),
    "replay": ("replay_cmd", "Write a log as one offline HTML page with step controls."),
    "render": ("audit_cmds", "Draw a map of a log as it was after a step."),
    "setup": ("build_cmds", "Write the opening saved game (.vsav) of a scenario."),
    "steps": ("steps_cmd", "List the steps of a log, numbered, each in words (or as JSON)."),
}

OUTPUT_OPTIONS = ("-o", "--output")
# click 8.2 reports a group called without a verb as an error whose message is the help.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())

# Per command: input parameter -> the flag that allows replacing it (``encode --force``).
REPLACEABLE_WITH: dict[str, dict[str, str]] = {"encode": {"original": "force"}}


def _label(param: click.Parameter) -> str:
    """How the user gave a parameter: ``--module`` for an option, ``LOG`` for an argument."""
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return (param.metavar or param.name or "input").upper()


def refuse_outputs_over_inputs(ctx: click.Context) -> None:
    """Every file output of the command (``-o``) against every path it reads."""
    command = ctx.command
    allowed = REPLACEABLE_WITH.get(command.name or "", {})
    outputs, inputs = [], []
    for param in command.params:
        value = ctx.params.get(param.name or "")
        if not isinstance(param.type, click.Path) or value is None:
            continue
        if isinstance(param, click.Option) and set(param.opts) & set(OUTPUT_OPTIONS):
            if param.type.dir_okay is False:
                outputs.append(value)
            continue
        flag = allowed.get(param.name or "")
        if flag is not None and ctx.params.get(flag):
            continue  # the user asked to replace this one
        hint = WRITE_ELSEWHERE + (f" (-o), or pass --{flag} to replace it" if flag else " (-o)")
        for path in value if isinstance(value, tuple) else (value,):
            inputs.append((f"{_label(param)} {os.fspath(path)}", path, hint))
    for output in outputs:
        for label, path, hint in inputs:
            refuse_overwriting(output, {label: path}, hint)


class _Command(click.Command):
    def invoke(self, ctx: click.Context):
        refuse_outputs_over_inputs(ctx)
        return super().invoke(ctx)


def _one_line(err: click.ClickException) -> str:
    message = " ".join(err.format_message().split())
    ctx = getattr(err, "ctx", None)
    where = ctx.command_path if ctx is not None else "vassal-tools"
    hint = f" (see {where} --help)" if isinstance(err, click.UsageError) else ""
    return f"{where}: {message}{hint}"


class _Group(click.Group):
    command_class = _Command

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """click's main, with every usage error on one line and exit code 2."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except _NO_ARGS_IS_HELP as err:  # the bare command: its help, as click shows it
            err.show()
            sys.exit(2)
        except click.ClickException as err:
            click.echo(_one_line(err), err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(VERBS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in VERBS:
            importlib.import_module(f"{__name__}.{VERBS[cmd_name][0]}")
            command = self.commands.get(cmd_name)
            if command is not None and command.short_help is None:
                command.short_help = VERBS[cmd_name][1]
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The verb list from VERBS, without importing any verb's module."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows: list[tuple[str, str]] = []
        for name in names:
            # A stand-in command gives the listed verb click's own shortening of its line.
            command = click.Command(name, help=VERBS[name][1]) if name in VERBS else self.commands[name]
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BadInput as err:
            click.echo(f"vassal-tools: {' '.join(str(err).splitlines())}", err=True)  # one line, always
            sys.exit(2)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:
            sys.exit(0)
        except Exception as err:  # a bug of ours: still one line, unless debugging
            if os.environ.get("VASSAL_TOOLS_DEBUG"):
                raise
            click.echo(f"vassal-tools: internal error: {type(err).__name__}: {err}", err=True)
            sys.exit(3)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="vassal-tools")
def main():
    """Read, write, build and audit VASSAL modules, saves and logs."""


_LAZY_MODULES = {module for module, _ in VERBS.values()}
for _name in COMMAND_MODULES:
    if _name not in _LAZY_MODULES:
        importlib.import_module(f"{__name__}.{_name}")
