"""One log received by mail, checked in one run: ``vassal-tools check LOG``.

:func:`check_log` finds what a player would otherwise hand to four commands:

* the module: the one given, else the ``.vmod`` whose name and version the log's metadata names,
  among the modules beside the log and in the folders the player configured
  (:data:`MODULES_ENV`, or ``--modules``);
* the game's earlier logs beside it: logs of the same module saved before it, linked back from
  this one by where each starts (a log that opens on the position another log ended on continues
  it), so that another game of the same module in the same folder is left out;
* then the chain (does this log start where the last one ended?), the audit, the dice of each
  player in this log and in the whole game so far, and the replay page, written into one folder
  with an ``index.html`` that links them.

The verdict is one line for the terminal, and an exit code: 0 clean, 1 something to look at.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import atomic_write
from ..formats.files import Module, SavedGame
from ..formats.kinds import open_game, open_module
from ..formats.match import require_match
from ..games.play import pack_of
from ..pack import GamePack
from ..replay.chain import (
    Chain,
    ChainLog,
    compare_positions,
    link_logs,
    read_log,
    same_bytes,
    words_for,
)
from ..replay.logged_rolls import rolls_of_logs
from ..replay.piecetypes import PieceTypes
from ..report.audit import AuditResult, audit_file
from ..report.chain import chain_html
from ..report.dice_report import write_dice_html
from ..report.dice_statistics import DiceReport, button_dice, dice_report
from ..report.html import html_report
from ..report.replay_page import replay_page

#: Folders (separated as in PATH) where ``check`` looks for modules besides the log's own folder.
MODULES_ENV = "VASSAL_TOOLS_MODULES"
LOG_SUFFIX = ".vlog"
MODULE_SUFFIX = ".vmod"
# Dice verdicts (report.dice_statistics.verdict) by how much a player should look, most first.
DICE_CONCERNS = (("very unlikely", "very unlikely from fair dice"), ("unusual", "unusual"))


@dataclass
class CheckResult:
    """What ``check`` found about one log, and the pages it wrote."""

    log: Path
    module: Path
    game_logs: list[Path]  # the game's logs found, oldest first, this log last
    chain: Chain
    audit: AuditResult | None  # None: no rule pack knows the module's game
    dice_log: DiceReport
    dice_game: DiceReport
    replays: list[ChainLog] = field(default_factory=list)  # earlier logs that start where this one starts
    copies: list[Path] = field(default_factory=list)  # other files beside it with this log's very bytes
    pages: dict[str, Path] = field(default_factory=dict)  # index, audit, chain, dice, replay
    read: SavedGame | None = field(default=None, repr=False)  # the log as read (the page replays it, not the file)

    @property
    def continues(self) -> bool | None:
        """Does the log start where the game's last log ended? None: no earlier log was found."""
        if not self.chain.links:
            return None
        return self.chain.links[-1].whole

    @property
    def dice_concern(self) -> str:
        """The worst the game's dice so far say, or "" when nothing stands out."""
        for word, said in DICE_CONCERNS:
            players = sorted({g.player for g in self.dice_game.groups if g.verdict.startswith(word)})
            if players:
                return f"dice {said} for {', '.join(players)}"
        return ""

    @property
    def needs_a_look(self) -> bool:
        judged = self.audit is not None and not self.audit.findings.checked.judged_nothing
        return self.continues is False or bool(self.replays) or not judged or bool(self.audit and self.audit.findings) \
            or bool(self.dice_concern)

    @property
    def exit_code(self) -> int:
        return 1 if self.needs_a_look else 0

    def verdict(self) -> str:
        """``continues anna-2.vlog; 2 findings; dice fair so far``"""
        chain = self._chain_words()
        if self.copies:  # the same attachment saved twice is one log, not a replayed turn
            chain += f" (also received as {', '.join(p.name for p in self.copies)})"
        return "; ".join((chain, self._findings_words(), self._dice_words()))

    def _chain_words(self) -> str:
        if self.replays:
            return (f"REPLAYS the turn of {', '.join(r.path.name for r in self.replays)} "
                    "(starts from the same position with other dice)")
        if not self.chain.links:
            return "first log of its game found here"
        link = self.chain.links[-1]
        name = link.earlier.path.name
        if link.verdict == "continues":
            return f"continues {name}"
        if link.verdict == "replayed":
            return f"REPLAYS the turn of {name} (both start from the same position)"
        return f"does NOT start where {name} ended ({len(link.differences)} differences)"

    def _findings_words(self) -> str:
        if self.audit is None:
            return "not audited (no rule pack knows its module)"
        count = len(self.audit.findings)
        if count:
            return f"{count} finding{'s' if count != 1 else ''}"
        return "nothing judged" if self.audit.findings.checked.judged_nothing else "no findings"

    def _dice_words(self) -> str:
        if self.dice_concern:
            return self.dice_concern
        if not any(g.dice for g in self.dice_game.groups):
            return "no dice rolled"
        if all(g.verdict.startswith(("too few", "no dice")) for g in self.dice_game.groups):
            return "too few dice to judge yet"
        return "dice fair so far"


def module_folders(extra: Iterable[str | os.PathLike] = ()) -> list[Path]:
    """The folders a player configured for modules: ``extra`` first, then :data:`MODULES_ENV`'s."""
    configured = [p for p in os.environ.get(MODULES_ENV, "").split(os.pathsep) if p]
    return [Path(p) for p in [*extra, *configured]]


def find_module(log: SavedGame | str | os.PathLike, folders: Sequence[str | os.PathLike] = ()) -> Path:
    """The module the log (a path, or the log already read) names (name and version of its metadata),
    beside it or in ``folders``; BadInput saying what was looked for and what was found."""
    game = open_game(log)
    meta = game.module_metadata
    where = Path(str(game.path)) if isinstance(log, SavedGame) else Path(log)
    if meta is None or not meta.name:
        raise BadInput(where, "the log names no module (no moduledata): give --module MODULE.vmod")
    places = [where.parent, *map(Path, folders)]
    seen: list[str] = []
    for folder in places:
        for path in sorted(folder.glob("*" + MODULE_SUFFIX)):
            name, version = _module_name(path)
            if name == meta.name and (not meta.version or version == meta.version):
                return path
            if name:
                seen.append(f"{path.name} ({name} {version})")
    found = f"found: {', '.join(seen)}" if seen else "found no module"
    raise BadInput(where, f"it was played with module {meta.name!r} {meta.version or ''}".rstrip()
                   + f"; looked in {', '.join(map(str, places))} and {found}: give --module MODULE.vmod")


def _module_name(path: Path) -> tuple[str, str]:
    """A module file's name and version from its moduledata ("", "" when it cannot be read)."""
    try:
        meta = open_module(path).metadata
    except BadInput:
        return "", ""
    return (meta.name or "", meta.version or "") if meta is not None else ("", "")


def game_logs(log: ChainLog, candidates: Sequence[ChainLog]) -> list[ChainLog]:
    """The earlier logs of ``log``'s game among ``candidates``, oldest first, ``log`` last.

    Each log is preceded by the candidate saved before it whose end it opens on; the log itself, when
    none continues into it, by the candidate (of the same module, saved before it) whose end is
    nearest its opening, so that a doctored or replayed log is still compared with the log it follows.
    """
    earlier = [c for c in candidates if c.path != log.path and _before(c, log) and c.module == log.module]
    out = [log]
    previous = _continued(log, earlier) or _nearest(log, [c for c in earlier if _known_before(c, log)])
    while previous is not None and previous not in out:
        out.insert(0, previous)
        previous = _continued(previous, [c for c in earlier if _before(c, previous)])
    return out


def _before(a: ChainLog, b: ChainLog) -> bool:
    """May ``a`` have been saved before ``b``? By their metadata's times; without two different
    times, yes (where each starts and ends decides then)."""
    if a.saved_at and b.saved_at and a.saved_at != b.saved_at:
        return a.saved_at < b.saved_at
    return True


def _known_before(a: ChainLog, b: ChainLog) -> bool:
    """Do both logs' metadata say ``a`` was saved first?"""
    return bool(a.saved_at and b.saved_at and a.saved_at < b.saved_at)


def _continued(log: ChainLog, earlier: Sequence[ChainLog]) -> ChainLog | None:
    """The latest of ``earlier`` whose end ``log`` opens on (and that is not a save of it)."""
    opening = log.opening.key()
    found = [c for c in earlier if c.final.key() == opening and c.steps]
    return max(found, key=_order, default=None)


def _nearest(log: ChainLog, earlier: Sequence[ChainLog]) -> ChainLog | None:
    """The one of ``earlier`` whose end differs least from ``log``'s opening, the latest among equals
    (only logs known to be earlier: without times, a game's first log would follow its last)."""
    if not earlier:
        return None
    return min(earlier, key=lambda c: (len(compare_positions(c.final, log.opening)), -(c.saved_at or 0)))


def _order(log: ChainLog) -> tuple[int, str]:
    return (log.saved_at or 0, log.path.name)


def check_log(log: str | os.PathLike, module: str | os.PathLike | None = None,
              folders: Sequence[str | os.PathLike] = (), outdir: str | os.PathLike | None = None, *,
              allow_mismatch: bool = False) -> CheckResult:
    """Chain, audit, dice and replay page of one log (see the module's docstring); pages written
    into ``outdir`` (default: ``LOG.check/`` beside the log). A module the log was not played with
    is bad input unless ``allow_mismatch`` (the audit then starts with the differences).

    Each log is read once: the received log's parse is handed to the chain, the audit, the dice and
    the page, and each earlier log's to the chain and the game's dice."""
    log = Path(log)
    received = open_game(log)
    module_path = Path(module) if module is not None else find_module(received, module_folders(folders))
    opened = open_module(module_path)
    if not allow_mismatch:
        require_match(received, opened)
    game = _pack(opened)
    chain, replays, copies = _chain(log, received, opened, game)
    paths = [c.path for c in chain.distinct]
    audit = audit_file(received, opened, allow_mismatch=allow_mismatch) if game is not None else None
    buttons = button_dice(opened)
    result = CheckResult(log, module_path, paths, chain, audit,
                         dice_report(rolls_of_logs([received]), [str(log)], None, buttons),
                         dice_report(rolls_of_logs([c.game or c.path for c in chain.distinct]), [str(p) for p in paths],
                                     None, buttons), replays, copies, read=received)
    result.pages = write_pages(result, Path(outdir) if outdir is not None else log.with_name(log.name + ".check"),
                               allow_mismatch=allow_mismatch)
    return result


def _chain(log: Path, received: SavedGame, module: Module,
           game: GamePack | None) -> tuple[Chain, list[ChainLog], list[Path]]:
    """The chain of ``log``'s game, from the logs beside it, the earlier logs it replays (that
    start where it starts), and the files beside it that are this very log (received twice)."""
    types = PieceTypes()
    this = read_log(received, types)
    this.path = log
    others, copies = [], []
    for path in sorted(log.parent.glob("*" + LOG_SUFFIX)):
        if path.resolve() != log.resolve() and same_bytes(path, log):
            copies.append(path)
        elif path.resolve() != log.resolve():
            try:
                others.append(read_log(path, types))
            except BadInput:
                continue  # a damaged or foreign file beside the log is no log of this game
    replays = [o for o in others if o.steps and _before(o, this) and o.opening.key() == this.opening.key()]
    return link_logs(game_logs(this, others), words_for(module, game)), replays, copies


def _pack(module: Module) -> GamePack | None:
    """The module's game, or None for a module no rule pack knows (its logs are not audited)."""
    try:
        return pack_of(module)
    except BadInput:
        return None


def write_pages(result: CheckResult, folder: Path, *, allow_mismatch: bool = False) -> dict[str, Path]:
    """The audit, chain, dice and replay pages, and the index linking them, into ``folder``."""
    inputs = [result.log, result.module, *result.game_logs]
    folder.mkdir(parents=True, exist_ok=True)
    module = result.audit.module if result.audit is not None and result.audit.module else result.module
    pages = {
        "chain": _write(folder / "chain.html", chain_html(result.chain), inputs),
        "replay": _write(folder / "replay.html", replay_page(result.read or result.log, module, audit=result.audit,
                                                             allow_mismatch=allow_mismatch), inputs),
        "dice": write_dice_html(result.dice_game, folder / "dice", inputs),
        "dice-log": write_dice_html(result.dice_log, folder / "dice-this-log", inputs),
    }
    if result.audit is not None:
        pages["audit"] = _write(folder / "audit.html", html_report(result.audit), inputs)
    pages["index"] = _write(folder / "index.html", index_html(result, pages, folder), inputs)
    return pages


def _write(path: Path, text: str, inputs: Sequence[Path]) -> Path:
    return atomic_write(path, text.encode("utf-8"), protect=inputs)


PAGE_TITLES = {
    "chain": "Chain: does it start where the last log ended?",
    "audit": "Audit: what breaks the rules",
    "dice": "Dice of the whole game so far",
    "dice-log": "Dice of this log",
    "replay": "Replay, step by step",
}


def index_html(result: CheckResult, pages: dict[str, Path], folder: Path) -> str:
    """One page: the verdict and a link to each report."""
    links = "".join(f'<li><a href="{escape(pages[key].relative_to(folder).as_posix())}">{escape(title)}</a></li>'
                    for key, title in PAGE_TITLES.items() if key in pages)
    logs = "".join(f"<li>{escape(p.name)}</li>" for p in result.game_logs)
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>Check of {escape(result.log.name)}</title></head><body>"
            f"<h1>{escape(result.log.name)}</h1><p><strong>{escape(result.verdict())}</strong></p>"
            f"<p>Module: {escape(result.module.name)}</p><ul>{links}</ul>"
            f"<h2>The game's logs found</h2><ol>{logs}</ol></body></html>\n")
