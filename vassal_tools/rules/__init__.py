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
    return sorted(findings, key=_order)


def _order(finding: Finding) -> tuple:
    return (finding.entry if finding.entry is not None else 1 << 60,)
