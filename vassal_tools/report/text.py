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


def text_report(findings: Iterable[Finding], notes: Iterable[str] = (), warnings: Iterable[str] = ()) -> str:
    """The notes first (a mismatched module, pieces left out), then all findings, one per line
    (with their explanation below), the recorder's warnings, and for a clean audit what it
    checked (``clean: 312 steps, 9 rules families, 1,204 checks``)."""
    findings = list(findings) if not isinstance(findings, list) else findings
    out = "".join(f"{note}\n" for note in notes)
    out += "".join(finding_line(f) + "\n" for f in findings)
    out += "".join(f"note: {w}\n" for w in warnings)
    checked = getattr(findings, "checked", None)
    if not findings and checked is not None:
        out += f"{summary(checked)}\n"
    return out


def summary(checked) -> str:
    """``clean: 312 steps, ...``; an audit that judged nothing is never called clean."""
    if checked.judged_nothing:
        return f"nothing judged: {checked} (no check of the game judged an entry, so the game is not called clean)"
    return f"clean: {checked}"


def json_report(findings: Iterable[Finding], *, source: str | None, game: str, warnings: Iterable[str] = (),
                mismatch: Iterable[str] = (), unidentified: dict[str, int] | None = None) -> str:
    """``{"mismatch"?, "source", "game", "clean", "checked"?, "findings": [...], "unidentified"?,
    "warnings": [...]}`` as JSON text; ``mismatch`` (first, when the module does not match) and
    ``unidentified`` (pieces not read as units, by name) only when there are any."""
    checked = getattr(findings, "checked", None)
    found = [f.to_dict() for f in findings]
    out: dict[str, Any] = {"mismatch": list(mismatch)} if mismatch else {}
    judged = checked is None or not checked.judged_nothing
    out |= {"source": source, "game": game, "clean": not found and judged, "findings": found}
    if checked is not None:
        out["checked"] = {"entries": checked.entries, "steps": checked.steps, "families": checked.families,
                          "checks": checked.checks, "unknown_words": checked.unknown_words, "summary": str(checked)}
    if unidentified:
        out["unidentified"] = {"pieces": sum(unidentified.values()), "by_name": dict(sorted(unidentified.items()))}
    out["warnings"] = list(warnings)
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"
