"""An audit result as the report a user asked for: text, JSON or an HTML page."""

from __future__ import annotations

from .audit import AuditResult
from .text import json_report, text_report

FORMATS = ("text", "json", "html")


def audit_report(result: AuditResult, fmt: str = "text") -> str:
    """The report of ``result`` in ``fmt``; each starts with the result's notes."""
    if fmt == "json":
        return json_report(result.findings, source=result.source, game=result.record.game, warnings=result.warnings,
                           mismatch=result.mismatch, unidentified=result.unidentified)
    if fmt == "html":
        from .html import html_report  # Pillow: only for the page with pictures

        return html_report(result)
    if fmt == "text":
        return text_report(result.findings, result.notes, result.warnings)
    raise ValueError(f"unknown report format {fmt!r}; one of {', '.join(FORMATS)}")
