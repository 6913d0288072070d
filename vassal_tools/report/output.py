"""Every report a command prints, in each format it comes in: one registry, :data:`RENDERERS`.

A report (``audit``: one log's findings; ``archive``: an archive's summary table;
``position``: the state after a step) maps each of its formats to a
:class:`Renderer`. The command line builds its ``--format`` choices from this
registry (:func:`formats`), so a format added here is offered with no other edit.
Renderers import what they need when they run: the HTML page needs Pillow, the
archive table the process pool, and neither should slow a text report.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import BadInput


@dataclass(frozen=True)
class Renderer:
    """One format of one report."""

    render: Callable[..., str]
    # The report holds the reader's warnings in a field of its own, so they are not echoed on stderr.
    holds_warnings: bool = False
    # The report links pages written beside it (an archive's HTML index: each log's report and replay).
    links_pages: bool = False


def _audit_text(result) -> str:
    from .text import text_report

    return text_report(result.findings, result.notes, result.warnings)


def _audit_json(result) -> str:
    from .text import json_report

    return json_report(result.findings, source=result.source, game=result.record.game, warnings=result.warnings,
                       mismatch=result.mismatch, unidentified=result.unidentified)


def _audit_html(result) -> str:
    from .html import html_report  # Pillow: only for the page with pictures

    return html_report(result)


def _archive(name: str) -> Callable[..., str]:
    """The table NAME of report/archive.py, imported when it is drawn (every table takes rows, base)."""
    def render(rows, base: str | os.PathLike | None = None) -> str:
        from . import archive

        return getattr(archive, name)(rows, base)

    return render


def _position_json(recorded, place: str | None = None) -> str:
    return json.dumps(recorded.data, indent=1, ensure_ascii=False) + "\n"


def _position_text(recorded, place: str | None = None) -> str:
    from .position_text import position_text

    return position_text(recorded.record, place)


RENDERERS: dict[str, dict[str, Renderer]] = {
    "audit": {
        "text": Renderer(_audit_text),
        "json": Renderer(_audit_json, holds_warnings=True),
        "html": Renderer(_audit_html),
    },
    "archive": {
        "text": Renderer(_archive("table_text")),
        "csv": Renderer(_archive("table_csv")),
        "json": Renderer(_archive("table_json")),
        "html": Renderer(_archive("table_html"), links_pages=True),
    },
    "position": {
        "json": Renderer(_position_json),
        "text": Renderer(_position_text),
    },
}


def formats(*reports: str) -> list[str]:
    """The formats of REPORTS, each once, in the registry's order."""
    return list(dict.fromkeys(fmt for report in reports for fmt in RENDERERS[report]))


def renderer(report: str, fmt: str, source: str | os.PathLike | None = None) -> Renderer:
    """The renderer of REPORT in FMT; bad input naming the report's formats when it has no such one."""
    found = RENDERERS[report].get(fmt)
    if found is None:
        others = [name for name, table in RENDERERS.items() if fmt in table]
        also = f" (--format {fmt} is for: {', '.join(others)})" if others else ""
        raise BadInput(source, f"a {report} report comes as {', '.join(RENDERERS[report])}, not {fmt}{also}")
    return found


def render(report: str, fmt: str, *args: Any, **kwargs: Any) -> str:
    """REPORT in FMT, from the renderer's arguments."""
    return renderer(report, fmt).render(*args, **kwargs)


def audit_report(result, fmt: str = "text") -> str:
    """The audit report of ``result`` in ``fmt``; each starts with the result's notes."""
    return render("audit", fmt, result)
