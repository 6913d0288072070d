"""A league's archive audited in one run: every log, in a process pool, one summary table.

:func:`audit_archive` finds the logs (folders are searched for ``.vlog`` files,
globs expanded), audits each against the module in a pool of worker processes
and returns one :class:`Row` per log, in the order found. A log that cannot be
read, is damaged, or was played with another module gets its row with the reason
and never stops the batch. With an output folder each audited log also gets its
HTML report and its replay page, which the HTML index links to.
"""

from __future__ import annotations

import csv
import glob
import io
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from html import escape
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import atomic_write
from ..formats.commands import PlayerAdd, walk
from ..formats.files import Module, SavedGame, open_file
from ..formats.kinds import open_module
from ..formats.logsteps import split_stream
from .audit import audit_file
from .html import html_report
from .replay_page import replay_page

LOG_SUFFIXES = (".vlog",)
OK, FINDINGS, DAMAGED, MISMATCHED = "clean", "findings", "damaged", "mismatched"


@dataclass
class Row:
    """One log of the archive: what it is, what the audit found, or why it could not be audited."""

    file: str
    status: str
    module: str = ""
    players: list[str] = field(default_factory=list)
    steps: int | None = None
    findings: dict[str, int] = field(default_factory=dict)
    reason: str = ""
    report: str = ""
    replay: str = ""


def find_logs(patterns: Iterable[str | os.PathLike]) -> list[Path]:
    """The logs named: a folder's ``.vlog`` files (recursively), a glob's matches, or a file itself."""
    found: list[Path] = []
    for pattern in patterns:
        path = Path(pattern)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix.lower() in LOG_SUFFIXES and p.is_file())
        elif glob.has_magic(str(pattern)):
            found += sorted(Path(p) for p in glob.glob(str(pattern), recursive=True) if Path(p).is_file())
        else:
            found.append(path)
    unique: dict[Path, Path] = {}
    for path in found:
        unique.setdefault(path.resolve(), path)  # a log named twice is audited once
    return list(unique.values())


_MODULES: dict[str, Module] = {}  # per worker process: the module is read once


def _module(path: str) -> Module:
    if path not in _MODULES:
        _MODULES[path] = open_module(path)
    return _MODULES[path]


def audit_one(log: str, module_path: str, outdir: str | None = None) -> Row:
    """Audit one log; any bad input becomes the row's reason."""
    try:
        module = _module(module_path)
    except BadInput as err:
        return Row(log, DAMAGED, reason=f"module: {err}")
    try:
        game = open_file(log)
        if not isinstance(game, SavedGame):
            return Row(log, DAMAGED, reason=f"is a {game.kind}, not a log")
        played = game.module_metadata
        played_name = played.name if played is not None and played.name else ""
        row = Row(log, FINDINGS, module=played_name, players=_players(game))
        if played_name and played_name != module.name:
            row.status, row.reason = MISMATCHED, f"played with module {played_name!r}, not {module.name!r}"
            return row
        result = audit_file(log, module)
        row.steps = len(split_stream(game.commands).steps)
        row.findings = dict(Counter(f.rule for f in result.findings))
        row.status = FINDINGS if result.findings else OK
        if outdir is not None:
            stem = Path(log).stem
            row.report = str(atomic_write(Path(outdir) / f"{stem}.audit.html", html_report(result).encode("utf-8"),
                                          protect=log))
            row.replay = str(atomic_write(Path(outdir) / f"{stem}.replay.html",
                                          replay_page(log, module, audit=result).encode("utf-8"), protect=log))
        return row
    except BadInput as err:
        return Row(log, DAMAGED, reason=str(err))
    except Exception as err:  # a damaged stream our readers choke on: reported, the batch goes on
        return Row(log, DAMAGED, reason=f"{type(err).__name__}: {err}")


def _players(game: SavedGame) -> list[str]:
    names = {f"{c.name} ({c.side})" for c in walk(game.commands) if isinstance(c, PlayerAdd) and c.name}
    return sorted(names)


def audit_archive(logs: list[Path], module: str | os.PathLike, jobs: int = 1, outdir: str | os.PathLike | None = None,
                  progress: Callable[[Row], None] = lambda row: None) -> list[Row]:
    """Audit every log, ``jobs`` at a time; rows in the order of ``logs``."""
    module_path = os.fspath(module)
    out = os.fspath(outdir) if outdir is not None else None
    if jobs <= 1:
        rows = []
        for log in logs:
            rows.append(audit_one(os.fspath(log), module_path, out))
            progress(rows[-1])
        return rows
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(audit_one, os.fspath(log), module_path, out) for log in logs]
        for future in futures:
            progress(future.result())
        return [future.result() for future in futures]


# -- the summary table ------------------------------------------------------------------


COLUMNS = ("file", "status", "module", "players", "steps", "findings", "reason")


def _cells(row: Row) -> list[str]:
    findings = ", ".join(f"{rule} x{n}" for rule, n in sorted(row.findings.items()))
    return [row.file, row.status, row.module, "; ".join(row.players), "" if row.steps is None else str(row.steps),
            findings, row.reason]


def table_text(rows: list[Row]) -> str:
    lines = ["\t".join(COLUMNS)] + ["\t".join(_cells(row)) for row in rows]
    counts = Counter(row.status for row in rows)
    lines.append(f"{len(rows)} logs: " + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    return "\n".join(lines) + "\n"


def table_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(_cells(row) for row in rows)
    return out.getvalue()


def table_json(rows: list[Row]) -> str:
    return json.dumps({"logs": [asdict(row) for row in rows]}, indent=1, ensure_ascii=False) + "\n"


def table_html(rows: list[Row], base: str | os.PathLike | None = None) -> str:
    """The index page: one row per log, linking its audit report and replay page (relative to ``base``)."""
    body = []
    for row in rows:
        cells = [escape(c) for c in _cells(row)]
        links = " ".join(f'<a href="{escape(_href(href, base))}">{label}</a>' for href, label in
                         ((row.report, "report"), (row.replay, "replay")) if href)
        body.append(f'<tr class="{escape(row.status)}">' + "".join(f"<td>{c}</td>" for c in cells)
                    + f"<td>{links}</td></tr>")
    head = "".join(f"<th>{c}</th>" for c in COLUMNS) + "<th>pages</th>"
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Archive audit</title><style>"
            "body{font:14px system-ui,sans-serif;margin:20px}table{border-collapse:collapse}"
            "td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}"
            "tr.damaged,tr.mismatched{background:#fde6e6}tr.findings{background:#fff6dd}</style></head><body>"
            f"<h1>Archive audit: {len(rows)} logs</h1><table><tr>{head}</tr>" + "".join(body)
            + "</table></body></html>\n")


def _href(path: str, base: str | os.PathLike | None) -> str:
    relative = os.path.relpath(path, base) if base is not None else path
    return Path(relative).as_posix()


FORMATS: dict[str, Callable[[list[Row]], str]] = {"text": table_text, "csv": table_csv, "json": table_json, "html": table_html}
