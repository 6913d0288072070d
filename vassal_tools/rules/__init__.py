"""Rules checks of game records: ``audit(record, game) -> list[Finding]``.

The engine (:mod:`.engine`) walks a record and keeps the :class:`~.position.Position`;
movement costs, ZOC, lines of supply, stacking allowances and detection arithmetic
(:mod:`.movement`, :mod:`.zoc`, :mod:`.supply`, :mod:`.stacking`, :mod:`.detection`) take
their parameters from the game. Each game's checks and numbers live with the game, in
:mod:`vassal_tools.games`, which hands this layer the game (:class:`AuditedGame`): the rules
to walk the record with and what a player reads of a finding. ``vassal_tools.games.audit``
finds the game a record names and calls :func:`audit`.

May import: :mod:`vassal_tools.record`, :mod:`vassal_tools.gamedata`, :mod:`vassal_tools.geometry`,
:mod:`vassal_tools.errors` (never replay, never games).
Imported by: games (each game's checks plug into the engine; ``games.play.audit``), report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..gamedata.vocabulary import Vocabulary
from ..record import Record
from .engine import Audit, Checks, word_warnings
from .findings import Finding

__all__ = ["AuditedGame", "Checked", "Finding", "Findings", "audit"]


class AuditedGame(Protocol):
    """What an audit needs of a game (a game's pack gives it)."""

    def rules(self) -> Checks:
        """Fresh rules for one audit."""
        ...

    def explain(self, finding: Finding, record: Record) -> Finding:
        """The finding as a player reads it (title, quote, remedy)."""
        ...

    def printed(self, finding: Finding, record: Record) -> Finding:
        """The finding with the record's ids by their printed names (units, phases, sides)."""
        ...

    @property
    def vocabulary(self) -> Vocabulary:
        """The game's words: a record's words it lacks were judged by nothing (warnings)."""
        ...


def audit(record: Record, game: AuditedGame) -> Findings:
    """Check a loaded game record against its game's rules; the findings in record order, and
    what was checked (:class:`Checked`)."""
    rules = game.rules()
    walk = Audit(record, rules)
    findings = [game.printed(game.explain(finding, record), record) for finding in walk.run()]
    steps = {e.step for e in record.entries if e.step is not None}
    unknown = word_warnings(record, game.vocabulary)
    checked = Checked(len(record.entries), len(steps), rules.families, rules.checks_made,
                      sum(1 for w in unknown if w.unknown))
    return Findings(sorted(findings, key=_order), checked, [str(w) for w in unknown] + walk.notes)


@dataclass(frozen=True)
class Checked:
    """What an audit looked at: record entries, the log steps they came from, families of
    rules (the pack's checks) and checks made (a check judging an entry or a phase's end; a pack
    that does not count its own counts each entry and phase end its checks judged once)."""

    entries: int
    steps: int
    families: int
    checks: int
    unknown_words: int = 0  # words of the record the game does not know: what they say was judged by nothing

    @property
    def judged_nothing(self) -> bool:
        """No entry, or no check judged anything: such an audit is never called clean."""
        return self.entries == 0 or self.checks == 0

    def __str__(self) -> str:
        walked = _count(self.steps, "step") if self.steps else _count(self.entries, "entry", "entries")
        said = f"{walked}, {_count(self.families, 'rules family', 'rules families')}, {_count(self.checks, 'check')}"
        if self.unknown_words:
            said += f"; {_count(self.unknown_words, 'word')} of the record no check knows (see the notes)"
        return said


class Findings(list):
    """The findings of one audit (a list), what it checked (``checked``), and what of the record
    it could not judge or read otherwise than written (``warnings``)."""

    def __init__(self, findings: list[Finding], checked: Checked, warnings: list[str] | None = None):
        super().__init__(findings)
        self.checked = checked
        self.warnings = list(warnings or [])


def _order(finding: Finding) -> tuple:
    return (finding.entry if finding.entry is not None else 1 << 60,)


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 check``, ``1,204 checks``."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"

