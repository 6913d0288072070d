"""Rules checks of game records: ``audit(record) -> list[Finding]``.

Each game is a *rule pack* registered under its id (``invasion-norway``); a
record names its pack in ``"game"``. A pack supplies a catalogue (how the record
reader resolves unit refs and LOCs) and its rules (hooks the game-independent
engine calls while it walks the record). Packs are imported on first use.
"""

from __future__ import annotations

import os

from ..errors import BadInput
from ..games import RulePack, pack_for, pack_ids, register
from ..record import Record, load_record
from .engine import Audit
from .findings import Finding

__all__ = ["Finding", "RulePack", "audit", "pack_for", "register", "pack_ids"]


def audit(record: Record | str | os.PathLike | dict) -> list[Finding]:
    """Check a game record against its rule pack; the findings in record order.

    ``record`` may be a loaded :class:`~vassal_tools.record.Record`, a path
    or a parsed dict (then it is loaded, and a bad record raises BadInput).
    """
    if not isinstance(record, Record):
        record = load_record(record)
    pack = pack_for(record.game)
    if pack is None:
        raise BadInput(record.source, f"unknown game {record.game!r} (no rule pack of that id)", "field 'game'")
    findings = Audit(record, pack.rules()).run()
    explain = getattr(pack, "explain", None)  # a pack may say more for the player (title, quote, remedy)
    if explain is not None:
        findings = [explain(finding, record) for finding in findings]
    return sorted(findings, key=_order)


def _order(finding: Finding) -> tuple:
    return (finding.entry if finding.entry is not None else 1 << 60,)
