"""Findings as text (one line each) and as JSON for tools.

A line says, in this order: the log step, turn and phase, the rule (rulebook file
and number), where on the map, which units, what is wrong, and by how much::

    step 9, April #5, german-land-movement: invasion-norway.txt 11.1.1 at 4332 [ger-159-ir-1, …]: … (by 1)
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from ..rules.findings import Finding


def finding_line(finding: Finding) -> str:
    when = ", ".join(str(p) for p in (_step(finding), finding.turn, finding.phase) if p not in (None, ""))
    where = f" at {finding.where}" if finding.where else ""
    units = f" [{', '.join(finding.units)}]" if finding.units else ""
    excess = f" (by {finding.excess})" if finding.excess is not None else ""
    samples = f" [relies on sample values: {'; '.join(finding.samples)}]" if finding.samples else ""
    head = f"{when}: " if when else ""
    return f"{head}{finding.rule}{where}{units}: {finding.message}{excess}{samples}"


def _step(finding: Finding) -> str | None:
    if finding.step is not None:
        return f"step {finding.step}"
    if finding.entry is not None:
        return f"entry {finding.entry}"
    return None


def text_report(findings: Iterable[Finding], notes: Iterable[str] = ()) -> str:
    """The notes (a mismatched module, pieces left out), then all findings, one per line
    (empty when there are neither)."""
    return "".join(f"{note}\n" for note in notes) + "".join(finding_line(f) + "\n" for f in findings)


def json_report(findings: Iterable[Finding], *, source: str | None, game: str, warnings: Iterable[str] = (),
                mismatch: Iterable[str] = (), unidentified: dict[str, int] | None = None) -> str:
    """``{"mismatch"?, "source", "game", "clean", "findings": [...], "unidentified"?, "warnings": [...]}``
    as JSON text; ``mismatch`` (first, when the module does not match) and ``unidentified``
    (pieces not read as units, by name) only when there are any."""
    found = [f.to_dict() for f in findings]
    out: dict = {"mismatch": list(mismatch)} if mismatch else {}
    out |= {"source": source, "game": game, "clean": not found, "findings": found}
    if unidentified:
        out["unidentified"] = {"pieces": sum(unidentified.values()), "by_name": dict(sorted(unidentified.items()))}
    out["warnings"] = list(warnings)
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"
