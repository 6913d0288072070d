"""The game record: what happened in a game, as JSON a person can also write by hand.

A record (``"format": "vassal-tools/record@1"``) is the interchange between VASSAL
logs and the rules checks: the replay code writes records from logs, players may
write them from an e-mail game, and the rules read nothing else. The format is
documented for people in ``docs/record-format.md``.

:func:`load_record` reads one and checks it completely before anything uses it:
a record that is not well formed raises ONE :class:`~vassal_tools.errors.BadInput`
naming the file, the entry index (and log step) and the field at fault. Whether the
game it describes keeps the rules is not this module's business; that is the
audit's (``vassal_tools.rules``).

Units are resolved here: ``{"ref": ID}`` takes a unit's attributes from the game's
data (through the game's catalogue), inline attributes override them.
Unknown extra keys, on the record, a unit or an entry, are kept and written back.

The record format has no words of its own game: phases, sides, turns and weather are those
of the game its ``"game"`` names (:class:`vassal_tools.gamedata.vocabulary.Vocabulary`), and a
game may add entry kinds of its own (:class:`~.entries.GameEntry`). The caller hands the reader
a lookup of games by id (:data:`~.entries.GameLookup`: the registry's ``pack_for``, or a dict's
``get``); the record layer knows no game. :class:`~.builder.RecordBuilder` makes records in code
(the recorder builds through it).

May import: :mod:`vassal_tools.gamedata`, :mod:`vassal_tools.formats`, :mod:`vassal_tools.errors`
(never games, replay or rules).
Imported by: replay, rules, report, and each game's package.
"""


from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import BadInput
from .entries import (
    ENTRY_KINDS,
    Action,
    Attack,
    Catalogue,
    Control,
    Defend,
    End,
    Entry,
    EntryKind,
    Field,
    GameEntry,
    GameLookup,
    Hits,
    Intercept,
    Mark,
    Mission,
    Move,
    PhaseStart,
    Place,
    Record,
    RecordGame,
    RecordTerms,
    Remove,
    Roll,
    Steps,
    Unit,
    Unmark,
    VictoryPoints,
    Weather,
)
from .format_words import FORMAT
from .reader import RecordReader, entries_of

__all__ = [
    "FORMAT",
    "Catalogue",
    "Unit",
    "Entry",
    "PhaseStart",
    "Place",
    "Move",
    "Steps",
    "Remove",
    "Control",
    "Hits",
    "Weather",
    "Attack",
    "Defend",
    "Mission",
    "Roll",
    "Intercept",
    "Action",
    "VictoryPoints",
    "Mark",
    "Unmark",
    "End",
    "ENTRY_KINDS",
    "EntryKind",
    "Field",
    "GameEntry",
    "GameLookup",
    "RecordGame",
    "RecordTerms",
    "Record",
    "entries_of",
    "load_record",
    "write_record",
]


def load_record(source: str | os.PathLike | Mapping[str, Any], games: GameLookup) -> Record:
    """Read and check a record from a file path or an already parsed dict.

    ``games`` finds the game the record's ``"game"`` names: its words, its catalogue (which
    resolves unit refs and LOCs) and its own entry kinds. Raises BadInput on the first fault.
    """
    if isinstance(source, Mapping):
        name, data = "<record>", source
    else:
        name, data = os.fspath(source), _read_json(source)
    return RecordReader(name, games).read(data)


def write_record(record: Record, path: str | os.PathLike) -> Path:
    """Write a record as JSON, atomically (a crash leaves the old file whole)."""
    from ..formats.archive import atomic_write

    return atomic_write(path, record.to_json().encode("utf-8"))


def _read_json(path: str | os.PathLike) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(path, "no such file") from None
    except UnicodeDecodeError as err:
        raise BadInput(path, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise BadInput(path, f"cannot read: {err.strerror or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(path, f"not JSON: {err.msg}", f"line {err.lineno} column {err.colno}") from None




