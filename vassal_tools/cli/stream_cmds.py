"""``vassal-tools decode`` and ``encode``: a save's command stream as editable text, and back.

``decode`` writes the stream exactly as stored (UTF-8, no newline added), so
``encode`` of an unedited decode gives a file VASSAL reads as the original.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..formats.archive import atomic_write
from ..formats.kinds import open_game
from ..formats.obfuscation import FORMS, Form
from ..formats.streamtext import read_stream_text, require_whole, require_whole_text
from . import main
from .choices import TableChoice


@main.command("decode")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the stream to this file instead of standard output.")
@click.option("--allow-damaged", is_flag=True,
              help="Print the stream of a file cut short too (to repair it); refused otherwise.")
def decode_cmd(file: Path, output: Path | None, allow_damaged: bool) -> None:
    """Print the command stream of a save or log (FILE) exactly as stored, as UTF-8 text."""
    game = open_game(file)
    if not allow_damaged:
        require_whole(game)
    data = game.stream.encode("utf-8", "surrogateescape")
    if output is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)  # bytes as stored: no newline translation, no re-encoding
        sys.stdout.buffer.flush()
    else:
        atomic_write(output, data, protect=file)


@main.command("encode")
@click.argument("text", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--like", "original", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The save or log whose other entries, obfuscation key and hex case to reuse.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The save or log to write.")
@click.option("--force", is_flag=True, help="Allow OUTPUT to be the ORIGINAL file itself.")
@click.option("--form", type=TableChoice(FORMS), default=None,
              help="Store the stream in this form instead of ORIGINAL's (inspect names each: vcsk opens in "
                   "every VASSAL, vobs only in 3.8 and later).")
@click.option("--raw", is_flag=True,
              help="Write TEXT even if it is not a whole VASSAL command stream (begin_save ... end_save, whole steps).")
def encode_cmd(text: Path, original: Path, output: Path, force: bool, form: Form | None, raw: bool) -> None:
    """Write the command stream in TEXT into a copy of ORIGINAL, obfuscated as ORIGINAL was."""
    stream = read_stream_text(text)
    if not raw:
        require_whole_text(text, stream)
    game = open_game(original)
    game.stream = stream
    if form is not None:
        game.convert(form)
    game.save(output, overwrite_input=force)

