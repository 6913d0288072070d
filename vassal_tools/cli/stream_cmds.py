"""``vassal-tools decode`` and ``encode``: a save's command stream as editable text, and back.

``decode`` writes the stream exactly as stored (UTF-8, no newline added), so
``encode`` of an unedited decode gives a file VASSAL reads as the original.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..errors import BadInput
from ..formats.archive import atomic_write, same_file
from ..formats.files import SavedGame, open_file
from ..formats.integrity import stream_damage
from ..formats.obfuscation import FORMS, Form
from . import main

_BOM = b"\xef\xbb\xbf"


def open_saved_game(path: str | os.PathLike) -> SavedGame:
    """Open a save or log (anything else is bad input for these commands)."""
    game = open_file(path)
    if not isinstance(game, SavedGame):
        raise BadInput(path, f"is a {game.kind}, not a saved game or log")
    return game


@main.command("decode")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the stream to this file instead of standard output.")
@click.option("--allow-damaged", is_flag=True,
              help="Print the stream of a file cut short too (to repair it); refused otherwise.")
def decode_cmd(file: Path, output: Path | None, allow_damaged: bool) -> None:
    """Print the command stream of a save or log (FILE) exactly as stored, as UTF-8 text."""
    game = open_saved_game(file)
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
@click.option("--form", type=click.Choice(FORMS), default=None,
              help="Store the stream in this form instead of ORIGINAL's: vcsk (VASSAL before 3.8 "
                   "and later), vobs (VASSAL 3.8 and later only) or plain.")
@click.option("--raw", is_flag=True,
              help="Write TEXT even if it is not a whole VASSAL command stream (begin_save ... end_save, whole steps).")
def encode_cmd(text: Path, original: Path, output: Path, force: bool, form: Form | None, raw: bool) -> None:
    """Write the command stream in TEXT into a copy of ORIGINAL, obfuscated as ORIGINAL was."""
    stream = read_stream_text(text)
    if not raw:
        require_whole_text(text, stream)
    game = open_saved_game(original)
    if same_file(output, original) and not force:
        raise BadInput(output, "is the --like file itself; pass --force to replace it")
    game.stream = stream
    if form is not None:
        game.convert(form)
    game.save(output, overwrite_input=force)


def require_whole(game: SavedGame) -> None:
    """Refuse a save or log whose stream was cut short (reading its commands checks it)."""
    try:
        game.commands  # noqa: B018 - decoding is the check
    except BadInput as err:
        raise BadInput(err.source, f"{err.what}; pass --allow-damaged to print it anyway", err.where) from None


def require_whole_text(path: Path, stream: str) -> None:
    """Refuse text that is not a whole VASSAL command stream."""
    damage = stream_damage(stream)
    if damage is not None:
        raise BadInput(path, f"is not a whole VASSAL command stream, {damage}; pass --raw to write it anyway")


def read_stream_text(path: Path) -> str:
    """A stream written by ``decode`` (possibly edited): strict UTF-8, no byte-order mark."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    if data.startswith(_BOM):
        raise BadInput(path, "starts with a UTF-8 byte-order mark, which VASSAL would read as part of "
                             "the first command; save the text without it")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise BadInput(path, f"is not UTF-8 text (byte 0x{data[err.start]:02x})", f"byte {err.start}") from None
