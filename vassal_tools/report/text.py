"""Findings as text (one line each) and as JSON for tools.

A line says, in this order: the log step, turn and phase (by its rulebook name),
the rule (rulebook file and number), where on the map, which units (by the names on
their counters), what is wrong, and by how much; below it, the rule's title and the
sentence it rests on, and what to do::

    step 9, April #5, German Land Movement Phase: invasion-norway.txt 11.1.1 at 4332 [I/159, …]: … (by 1)
        11.1.1 Stacking Limits: "The maximum number of ground units ..."
        what to do: 11.1.2: retreat enough units one hex ...

Notes (warnings of the recording) follow as ``note:`` lines; a clean audit ends
with what it checked.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..rules.findings import Finding


def finding_line(finding: Finding) -> str:
    """The finding's line, then (when the rule pack explains it) the rule's title and the
    sentence it rests on, and what the rules make the player do, indented below."""
    when = ", ".join(str(p) for p in (_step(finding), finding.turn, finding.phase_name or finding.phase)
                     if p not in (None, ""))
    where = f" at {finding.where}" if finding.where else ""
    shown = finding.unit_names or finding.units
    units = f" [{', '.join(shown)}]" if shown else ""
    excess = f" (by {finding.excess})" if finding.excess is not None else ""
    samples = f" [relies on sample values: {'; '.join(finding.samples)}]" if finding.samples else ""
    head = f"{when}: " if when else ""
    line = f"{head}{finding.rule}{where}{units}: {finding.message}{excess}{samples}"
    if finding.quote:
        line += f'\n    {finding.number} {finding.title}: "{finding.quote}"'
    if finding.remedy:
        line += f"\n    what to do: {finding.remedy}"
    return line


def _step(finding: Finding) -> str | None:
    if finding.step is not None:
        return f"step {finding.step}"
    if finding.entry is not None:
        return f"entry {finding.entry}"
    return None


def text_report(findings: Iterable[Finding], warnings: Iterable[str] = ()) -> str:
    """All findings, one per line (with their explanation below), the notes, and for a clean
    audit what it checked (``clean: 312 steps, 9 rules families, 1,204 checks``)."""
    findings = list(findings) if not isinstance(findings, list) else findings
    out = "".join(finding_line(f) + "\n" for f in findings)
    out += "".join(f"note: {w}\n" for w in warnings)
    checked = getattr(findings, "checked", None)
    if not findings and checked is not None:
        out += f"clean: {checked}\n"
    return out


def json_report(findings: Iterable[Finding], *, source: str | None, game: str, warnings: Iterable[str] = ()) -> str:
    """``{"source", "game", "clean", "checked", "findings": [...], "warnings": [...]}`` as JSON text."""
    checked = getattr(findings, "checked", None)
    found = [f.to_dict() for f in findings]
    out: dict[str, Any] = {"source": source, "game": game, "clean": not found, "findings": found,
                           "warnings": list(warnings)}
    if checked is not None:
        out["checked"] = {"entries": checked.entries, "steps": checked.steps, "families": checked.families,
                          "checks": checked.checks, "summary": str(checked)}
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"
