"""Audit a log or a record: the findings, and what a report needs to show them.

:func:`audit_file` reads a record (``.json``) or replays a log (or save) into a
record with :mod:`vassal_tools.replay.recorder`, then runs the rule pack. For a
log it keeps what the HTML report draws from: the module, the record made and
the replay, so pictures of flagged steps can be made in one more pass.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BadInput
from ..formats.files import Module, SavedGame
from ..formats.kinds import open_module
from ..games import pack_for
from ..games.play import audit, record_log
from ..record import Record, load_record
from ..replay.recorder import RecordedLog, unmatched_warning
from ..replay.units import Mapping_
from ..rules import Findings


@dataclass
class AuditResult:
    """Findings of one audit; ``recorded`` and ``module`` are set when a log was replayed."""

    source: str
    record: Record
    findings: Findings
    warnings: list[str] = field(default_factory=list)
    recorded: RecordedLog | None = None
    module: Module | None = None
    log: str | None = None
    unidentified: dict[str, int] = field(default_factory=dict)  # piece name -> pieces not read as units
    mismatch: list[str] = field(default_factory=list)  # how the log differs from the module, when allowed

    @property
    def notes(self) -> list[str]:
        """What every report says first: a module that does not match, pieces left out."""
        out = list(self.mismatch)
        if self.unidentified:
            out.append(unidentified_note(self.unidentified))
        return out


def unidentified_note(pieces: dict[str, int], shown: int = 12) -> str:
    """``12 pieces not identified as units: A (3), B, ...``"""
    names = sorted(pieces, key=lambda name: (-pieces[name], name))
    listed = ", ".join(f"{name or '(unnamed)'}" + (f" ({pieces[name]})" if pieces[name] > 1 else "")
                       for name in names[:shown])
    more = f" and {len(names) - shown} more names" if len(names) > shown else ""
    total = sum(pieces.values())
    return (f"{total} piece{'s' if total != 1 else ''} not identified as units, so not checked: {listed}{more}"
            " (a mapping file, vassal-tools audit --mapping FILE, can name units among them)")


def is_record_file(path: str | os.PathLike) -> bool:
    """A record is JSON text: a ``.json`` name, or a file starting with ``{``."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return True
    try:
        with path.open("rb") as stream:
            head = stream.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError:
        return False
    return head.startswith(b"{")


def audit_file(path: SavedGame | str | os.PathLike, module: str | os.PathLike | Module | None = None,
               mapping: Mapping_ | None = None, game: str | None = None, *,
               allow_mismatch: bool = False) -> AuditResult:
    """Audit a record file, or a log/save replayed against ``module`` (which must be the log's
    module unless ``allow_mismatch``: then every report starts with the differences). ``path`` may
    be a log already read (a caller that reads it for more than the audit reads it once)."""
    if isinstance(path, SavedGame):
        return _audit_log(path, str(path.path), module, mapping, game, allow_mismatch)
    source = os.fspath(path)
    if not Path(path).exists():
        raise BadInput(path, "no such file")
    if is_record_file(path):
        record = load_record(path, pack_for)
        findings = audit(record)
        return AuditResult(source, record, findings, record.notes + findings.warnings)
    return _audit_log(path, source, module, mapping, game, allow_mismatch)


def _audit_log(path: SavedGame | str | os.PathLike, source: str, module: str | os.PathLike | Module | None,
               mapping: Mapping_ | None, game: str | None, allow_mismatch: bool) -> AuditResult:
    if module is None:
        raise BadInput(source, "a log or save is audited against its module: give --module MODULE.vmod")
    if not isinstance(module, Module):
        module = open_module(module)
    recorded = record_log(path, module, mapping, game, allow_mismatch=allow_mismatch)
    # The mismatch and the pieces not read as units head every report already (notes).
    said = set(recorded.mismatch) | ({unmatched_warning(recorded.unidentified)} if recorded.unidentified else set())
    warnings = [w for w in recorded.warnings if w not in said]
    findings = audit(recorded.record)
    return AuditResult(source, recorded.record, findings, warnings + findings.warnings, recorded,
                       module, source, dict(recorded.unidentified), list(recorded.mismatch))
