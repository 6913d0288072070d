"""Rules checks of game records: ``audit(record) -> list[Finding]``.

Each game is a *rule pack* registered under its id (``invasion-norway``); a
record names its pack in ``"game"``. A pack supplies a catalogue (how the record
reader resolves unit refs and LOCs) and its rules (hooks the game-independent
engine calls while it walks the record). Packs are imported on first use.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Protocol

from .findings import Finding

if TYPE_CHECKING:
    from ..replay.record import Catalogue, Record
    from .engine import GameRules

__all__ = ["Finding", "RulePack", "audit", "pack_for", "register", "pack_ids"]


class RulePack(Protocol):
    """What a game's rule pack provides."""

    id: str

    @property
    def catalogue(self) -> Catalogue: ...

    def rules(self) -> GameRules: ...


# id -> module that registers it when imported
_KNOWN = {"invasion-norway": "vassal_tools.rules.games.invasion_norway"}
_PACKS: dict[str, RulePack] = {}


def register(pack: RulePack) -> RulePack:
    """Make a pack available under its id (packs call this when imported)."""
    _PACKS[pack.id] = pack
    return pack


def pack_ids() -> list[str]:
    return sorted(set(_KNOWN) | set(_PACKS))


def pack_for(game: str) -> RulePack | None:
    """The rule pack of a game id, importing it if needed; None if there is none."""
    if game not in _PACKS and game in _KNOWN:
        importlib.import_module(_KNOWN[game])
    return _PACKS.get(game)


def audit(record: Record | str | os.PathLike | dict) -> list[Finding]:
    """Check a game record against its rule pack; the findings in record order.

    ``record`` may be a loaded :class:`~vassal_tools.replay.record.Record`, a path
    or a parsed dict (then it is loaded, and a bad record raises BadInput).
    """
    from ..errors import BadInput
    from ..replay.record import Record, load_record
    from .engine import Audit

    if not isinstance(record, Record):
        record = load_record(record)
    pack = pack_for(record.game)
    if pack is None:
        raise BadInput(record.source, f"unknown game {record.game!r} (no rule pack of that id)", "field 'game'")
    findings = Audit(record, pack.rules()).run()
    return sorted(findings, key=_order)


def _order(finding: Finding) -> tuple:
    return (finding.entry if finding.entry is not None else 1 << 60,)
