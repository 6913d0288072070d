"""Rules checks of game records: ``audit(record) -> list[Finding]``.

The engine (:mod:`.engine`) walks a record and keeps the :class:`~.position.Position`;
movement costs, ZOC, lines of supply, stacking allowances and detection arithmetic
(:mod:`.movement`, :mod:`.zoc`, :mod:`.supply`, :mod:`.stacking`, :mod:`.detection`) take
their parameters from the game. Each game's checks and numbers (``pack.toml``) live with the
game, in :mod:`vassal_tools.games`; a record names its game in ``"game"`` and the registry
finds it (:func:`vassal_tools.games.pack_for`, re-exported here).

May import: :mod:`vassal_tools.record`, :mod:`vassal_tools.games`, :mod:`vassal_tools.errors`
(never replay).
Imported by: report, and each game's package (its checks plug into the engine).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..errors import BadInput
from ..games import RulePack, pack_for, pack_ids, register
from ..record import Record, load_record
from .engine import Audit
from .findings import Finding

__all__ = ["Checked", "Finding", "Findings", "RulePack", "audit", "pack_for", "register", "pack_ids"]


def audit(record: Record | str | os.PathLike | dict) -> list[Finding]:
    """Check a game record against its rule pack; the findings in record order.

    ``record`` may be a loaded :class:`~vassal_tools.record.Record`, a path
    or a parsed dict (then it is loaded, and a bad record raises BadInput).
    """
    if not isinstance(record, Record):
        record = load_record(record, pack_for)
    pack = pack_for(record.game)
    if pack is None:
        raise BadInput(record.source, f"unknown game {record.game!r} (no rule pack of that id)", "field 'game'")
    rules = pack.rules()
    walk = Audit(record, rules)
    findings = walk.run()
    explain = getattr(pack, "explain", None)  # a pack may say more for the player (title, quote, remedy)
    if explain is not None:
        findings = [explain(finding, record) for finding in findings]
    steps = {e.step for e in record.entries if e.step is not None}
    families = getattr(rules, "families", None)
    if families is None:  # a pack that does not count its own: the checks it lists (vassal-tools games)
        families = len(getattr(pack, "checks", ()) or getattr(pack, "cited", {}))
    made = getattr(rules, "checks_made", None)
    if made is None:  # ... nor the checks it made: each entry and phase end its checks judged, once
        made = walk.judged if families else 0
    checked = Checked(len(record.entries), len(steps), families, made)
    return Findings(sorted(findings, key=_order), checked)


@dataclass(frozen=True)
class Checked:
    """What an audit looked at: record entries, the log steps they came from, families of
    rules (the pack's checks) and checks made (a check judging an entry or a phase's end; a pack
    that does not count its own counts each entry and phase end its checks judged once)."""

    entries: int
    steps: int
    families: int
    checks: int

    def __str__(self) -> str:
        walked = _count(self.steps, "step") if self.steps else _count(self.entries, "entry", "entries")
        return f"{walked}, {_count(self.families, 'rules family', 'rules families')}, {_count(self.checks, 'check')}"


class Findings(list):
    """The findings of one audit (a list), and what it checked (``checked``)."""

    def __init__(self, findings: list[Finding], checked: Checked):
        super().__init__(findings)
        self.checked = checked


def _order(finding: Finding) -> tuple:
    return (finding.entry if finding.entry is not None else 1 << 60,)


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 check``, ``1,204 checks``."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"

