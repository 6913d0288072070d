"""``vassal-tools steps LOG``: what happened in each step of a log, in words or as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..formats.commands import command_json, walk
from ..formats.logsteps import GameStream, split_stream
from ..report.stepwords import Locate, TurnWords, context_for, describe_command, describe_step
from . import main
from .stream_cmds import open_saved_game


@main.command("steps")
@click.argument("log", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--module", "module_path", type=click.Path(dir_okay=False, path_type=Path),
              help="The game's module: name every place by the map's own grid, and the turn and phase "
                   "by its turn tracker, as VASSAL shows them.")
@click.option("--json", "as_json", is_flag=True, help="A JSON list of steps with their commands as objects.")
def steps_cmd(log: Path, module_path: Path | None, as_json: bool) -> None:
    """List the steps of LOG, numbered, each in words (or as JSON)."""
    game = open_saved_game(log)
    stream = split_stream(game.commands)
    locate, turn_words = module_words(module_path, game.stream) if module_path else (None, None)
    if as_json:
        click.echo(json.dumps(steps_json(stream, locate, turn_words), ensure_ascii=False, indent=1))
        return
    if not stream.steps:
        click.echo(f"{log}: no logged steps (a saved game, not a log)", err=True)
    for line in steps_text(stream, locate, turn_words):
        click.echo(line)


def module_words(module_path: Path, stream: str) -> tuple[Locate, TurnWords]:
    """``locate(map, x, y)`` through the module's maps laid out as the game's BoardPicker says, and
    ``turn_words(tracker, state)`` through its turn trackers' level names."""
    import vassal_tools

    from ..errors import BadInput
    from ..formats.files import Module
    from ..geometry.from_module import ModuleGeometry, board_layouts
    from ..replay.turns import turn_words

    module = vassal_tools.open(module_path)
    if not isinstance(module, Module):
        raise BadInput(module_path, f"is a {module.kind}, not a module")
    return ModuleGeometry(module, board_layouts(stream)).name_at, turn_words(module)


def steps_text(stream: GameStream, locate: Locate | None = None, turn_words: TurnWords | None = None) -> list[str]:
    """Numbered lines: ``N. first thing`` with the step's further lines indented below."""
    context = context_for(stream, locate, turn_words)
    lines = []
    for loaded in stream.at_load:
        for command in walk((loaded.command,)):
            words = describe_command(command, context)
            if words:
                lines.append(f"at load: {words}")
    for step in stream.steps:
        step_words = describe_step(step, context) or ["(no visible change)"]
        prefix = f"{step.number}. "
        lines.append(prefix + step_words[0])
        lines.extend(" " * len(prefix) + w for w in step_words[1:])
    return lines


def steps_json(stream: GameStream, locate: Locate | None = None, turn_words: TurnWords | None = None) -> list[dict]:
    """One object per step: number, undo facts, the words and the commands."""
    context = context_for(stream, locate, turn_words)
    out = []
    for step in stream.steps:
        out.append({
            "number": step.number,
            "undo": step.is_undo,
            "undoes": step.undoes,
            "words": describe_step(step, context),
            "commands": [command_json(c) for c in step.commands],
        })
    return out
