"""A league's archive audited in one run: every log, in a process pool, one summary table.

:func:`audit_archive` finds the logs (folders are searched for ``.vlog`` files,
globs expanded), audits each against the module in a pool of worker processes
and returns one :class:`Row` per log, in the order found. A log that cannot be
read, is damaged, or was played with another module gets its row with the reason
and never stops the batch. With an output folder each audited log also gets its
HTML report and its replay page, which the HTML index links to, named by
:func:`page_names` from the log's path below the archive's root, so that two
``game.vlog`` of different folders never write the same page.

The pool never has more workers than logs or cores, and every worker ends with
its parent: Ctrl-C and SIGTERM end them at once, and a worker whose parent was
killed outright notices it and exits (:func:`_end_with_parent`).
"""

from __future__ import annotations

import csv
import glob
import io
import json
import multiprocessing
import os
import signal
import threading
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, fields
from html import escape
from pathlib import Path
from typing import TypeVar

from ..errors import BadInput
from ..formats.archive import atomic_write
from ..formats.commands import PlayerAdd, walk
from ..formats.files import Module, SavedGame, open_file
from ..formats.kinds import open_module
from ..formats.logsteps import split_stream
from ..formats.match import ModuleMismatch
from ..replay.chain import LogEnds, ends_of, ends_of_replay, read_log
from ..replay.logged_rolls import LoggedRoll, rolls_of_log
from .audit import audit_file
from .html import html_report
from .replay_page import replay_page

T = TypeVar("T")
LOG_SUFFIXES = (".vlog",)
OK, FINDINGS, DAMAGED, OTHER_MODULE = "clean", "findings", "damaged", "other module"
NOTHING_JUDGED = "nothing judged"  # no finding, but no check judged anything either: never called clean


@dataclass
class ChainPlace:
    """Where a log stands in its game's chain (a league database keeps what that takes): the game
    (its logs' folder below the archive's root), its place in the chain, and how it follows the
    log before it: ``first``, ``continues``, ``replayed`` (both open on one position), ``differs``
    (it does not open where that one ended; ``starts_after``: a log of the game whose end it opens
    on), or ``other game`` (another module's log in the game's folder)."""

    game: str
    order: int
    verdict: str
    earlier: str = ""  # the file name of the log before it
    starts_after: str = ""

    def words(self) -> str:
        said = {"first": "opens the chain", "continues": f"continues {self.earlier}",
                "replayed": f"REPLAYS the turn of {self.earlier} (both start from the same position)",
                "differs": f"does NOT start where {self.earlier} ended"
                           + (f" (it starts where {self.starts_after} ended)" if self.starts_after else ""),
                "other game": "a log of another game"}
        return said[self.verdict]


@dataclass
class Row:
    """One log of the archive: what it is, what the audit found, or why it could not be audited."""

    file: str
    status: str
    module: str = ""
    players: list[str] = field(default_factory=list)
    steps: int | None = None
    findings: dict[str, int] = field(default_factory=dict)
    reason: str = ""
    report: str = ""
    replay: str = ""
    chain: ChainPlace | None = None  # from a league database (audit --db): where it stands in its game's chain
    # What a league database keeps besides the row (audit_one(..., league=True)); never shown in the table.
    rolls: list[LoggedRoll] = field(default_factory=list, compare=False, repr=False)
    ends: LogEnds | None = field(default=None, compare=False, repr=False)


def shown(row: Row) -> dict:
    """The row's columns as the JSON table gives them (what a league keeps apart is left out)."""
    out = {f.name: getattr(row, f.name) for f in fields(Row) if f.compare}
    out["chain"] = asdict(row.chain) if row.chain is not None else None
    return out


def find_logs(patterns: Iterable[str | os.PathLike]) -> list[Path]:
    """The logs named: a folder's ``.vlog`` files (recursively), a glob's matches, or a file itself."""
    found: list[Path] = []
    for pattern in patterns:
        path = Path(pattern)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix.lower() in LOG_SUFFIXES and p.is_file())
        elif glob.has_magic(str(pattern)):
            found += sorted(Path(p) for p in glob.glob(str(pattern), recursive=True) if Path(p).is_file())
        else:
            found.append(path)
    unique: dict[Path, Path] = {}
    for path in found:
        unique.setdefault(path.resolve(), path)  # a log named twice is audited once
    return list(unique.values())


def archive_root(patterns: Iterable[str | os.PathLike]) -> Path:
    """The folder every named log lies below: a folder named, a glob's fixed part, a file's folder;
    for several, the folder they share."""
    roots = []
    for pattern in patterns:
        path = Path(os.path.abspath(pattern))
        if glob.has_magic(str(pattern)):
            fixed = list(_until_magic(path.parts))
            roots.append(Path(*fixed) if fixed else Path(path.anchor))
        else:
            roots.append(path if path.is_dir() else path.parent)
    try:
        return Path(os.path.commonpath(roots)) if roots else Path(".")
    except ValueError:  # paths on different drives share no folder
        return Path(roots[0].anchor)


def _until_magic(parts: tuple[str, ...]) -> Iterable[str]:
    for part in parts:
        if glob.has_magic(part):
            return
        yield part


def page_names(logs: Iterable[str | os.PathLike], root: str | os.PathLike) -> list[str]:
    """Each log's page name: its path below ``root`` without the suffix (``a/game``), in
    ``/``-separated folders. No two names are the same even on a file system that folds
    case or Unicode forms (``Game`` and ``game``, ``ø`` composed or not): a later one gets
    ``~2``, ``~3``... before its suffix."""
    names = [_below(Path(os.path.abspath(log)), Path(os.path.abspath(root))) for log in logs]
    taken = {_folded(name) for name in names}
    used: set[str] = set()
    out = []
    for name in names:
        candidate, n = name, 1
        while _folded(candidate) in used or (n > 1 and _folded(candidate) in taken):
            n += 1
            candidate = f"{name}~{n}"
        used.add(_folded(candidate))
        out.append(candidate)
    return out


def _below(log: Path, root: Path) -> str:
    try:
        relative = log.relative_to(root)
    except ValueError:  # a log outside the root: its own name
        relative = Path(log.name)
    return relative.with_suffix("").as_posix()


def _folded(name: str) -> str:
    """How a case-insensitive, normalising file system (NTFS, APFS) sees a name."""
    return unicodedata.normalize("NFKC", name).casefold()


# Per worker process: the module is read once, and again only when its file changes (a cluster's
# workers outlive one run), so the key is its path, size and time of change.
_MODULES: dict[tuple[str, int, int], Module] = {}


def _module(path: str) -> Module:
    try:
        stat = os.stat(path)
    except OSError:
        return open_module(path)  # says what is wrong with it
    key = (path, stat.st_size, stat.st_mtime_ns)
    if key not in _MODULES:
        for stale in [k for k in _MODULES if k[0] == path]:
            del _MODULES[stale]
        _MODULES[key] = open_module(path)
    return _MODULES[key]


def audit_one(log: str, module_path: str, outdir: str | None = None, page: str | None = None,
              league: bool = False) -> Row:
    """Audit one log; any bad input becomes the row's reason. Its pages are written into
    ``outdir`` as ``PAGE.audit.html`` and ``PAGE.replay.html`` (``page``: from :func:`page_names`;
    by default the log's file name, which two logs of one archive may share). With ``league`` the
    row also carries the log's dice, for a league database. The log is read once for all of it."""
    try:
        module = _module(module_path)
    except BadInput as err:
        return Row(log, DAMAGED, reason=f"module: {err}")
    try:
        game = open_file(log)
        if not isinstance(game, SavedGame):
            return Row(log, DAMAGED, reason=f"is a {game.kind}, not a log")
        played = game.module_metadata
        played_name = played.name if played is not None and played.name else ""
        row = Row(log, FINDINGS, module=played_name, players=_players(game))
        if league:
            row.rolls = _rolls(game)
        try:
            result = audit_file(game, module)  # compares the log with the module first, once
        except ModuleMismatch as mismatch:
            row.status, row.reason = OTHER_MODULE, f"not played with {module.name!r}: {'; '.join(mismatch.problems)}"
            if league:
                row.ends = _ends(game)
            return row
        row.steps = len(split_stream(game.commands).steps)
        recorded = result.recorded
        if league and recorded is not None and recorded.opening is not None and recorded.final is not None:
            row.ends = ends_of_replay(game, recorded.opening, recorded.final, row.steps)  # the audit's replay
        row.findings = dict(Counter(f.rule for f in result.findings))
        checked = result.findings.checked
        row.status = FINDINGS if result.findings else NOTHING_JUDGED if checked.judged_nothing else OK
        if checked.unknown_words:  # what those words say was judged by nothing: the report names them
            row.reason = f"{checked.unknown_words} word(s) of its record no check knows (see its report)"
        if outdir is not None:
            base = Path(outdir) / (page or Path(log).stem)
            base.parent.mkdir(parents=True, exist_ok=True)
            row.report = str(atomic_write(base.with_name(base.name + ".audit.html"),
                                          html_report(result).encode("utf-8"), protect=log))
            row.replay = str(atomic_write(base.with_name(base.name + ".replay.html"),
                                          replay_page(game, module, audit=result).encode("utf-8"), protect=log))
        return row
    except BadInput as err:
        return Row(log, DAMAGED, reason=str(err))
    except Exception as err:  # a damaged stream our readers choke on: reported, the batch goes on
        return Row(log, DAMAGED, reason=f"{type(err).__name__}: {err}")


def _rolls(game: SavedGame) -> list[LoggedRoll]:
    """The log's dice; none when its chat cannot be read (the audit then says what is wrong)."""
    try:
        return rolls_of_log(game)
    except BadInput:
        return []


def _ends(game: SavedGame) -> LogEnds | None:
    """Where a log the audit did not replay opens and ends, to chain it; None when it cannot be
    replayed to its end."""
    try:
        return ends_of(read_log(game))
    except BadInput:
        return None


def _players(game: SavedGame) -> list[str]:
    names = {f"{c.name} ({c.side})" for c in walk(game.commands) if isinstance(c, PlayerAdd) and c.name}
    return sorted(names)


def audit_batch(work: list[tuple[str, str, str | None, str | None, bool]]) -> list[Row]:
    """The rows of several logs: one task of a cluster (a task per log costs the scheduler a round
    trip per log)."""
    return [audit_one(*item) for item in work]


# A cluster's batches: each is this share of the logs left per worker, so the first are large (few
# round trips) and the last single logs (no worker waits long for another's last batch).
BATCH_SHARE = 4


def batches(count: int, slots: int) -> list[range]:
    """``range(count)`` cut for ``slots`` workers into batches that shrink as the work runs out."""
    out, start = [], 0
    while start < count:
        size = max(1, (count - start) // (BATCH_SHARE * max(slots, 1)))
        out.append(range(start, start + size))
        start += size
    return out


def usable_workers(jobs: int, logs: int) -> int:
    """Never more workers than logs, nor than the cores this process may run on."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(jobs, logs, cores))


def audit_archive(logs: list[Path], module: str | os.PathLike, jobs: int = 1, outdir: str | os.PathLike | None = None,
                  progress: Callable[[Row], None] = lambda row: None,
                  root: str | os.PathLike | None = None, executor: Executor | None = None,
                  league: bool = False) -> list[Row]:
    """Audit every log, ``jobs`` at a time (at most one per log and per core); rows in the
    order of ``logs``. Pages are named below ``root`` (default: the folder the logs share).
    ``league``: the rows carry what a league database keeps (:func:`audit_one`).

    ``executor``: audit on it instead (a Dask cluster's, :mod:`vassal_tools.desk.cluster`, whose
    workers ``jobs`` then counts), in :func:`batches`; it is the caller's to start and end."""
    module_path = os.fspath(module)
    out = os.fspath(outdir) if outdir is not None else None
    if root is None:
        root = archive_root([Path(log).parent for log in logs])
    pages = page_names(logs, root)
    work = [(os.fspath(log), module_path, out, page, league) for log, page in zip(logs, pages, strict=True)]
    if executor is not None:
        cut = batches(len(work), jobs)
        futures = [executor.submit(audit_batch, [work[i] for i in batch]) for batch in cut]
        return _collected_batches(futures, progress)
    workers = usable_workers(jobs, len(logs))
    if workers <= 1:
        rows = []
        for item in work:
            rows.append(audit_one(*item))
            progress(rows[-1])
        return rows
    return _pooled(work, workers, progress)


def _pooled(work: list[tuple[str, str, str | None, str, bool]], workers: int,
            progress: Callable[[Row], None]) -> list[Row]:
    """The rows of ``work`` from a pool whose workers all end when this call ends, however it ends."""
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_end_with_parent, initargs=(os.getpid(),))
    restore = _terminate_raises()
    try:
        rows = _collected([pool.submit(audit_one, *item) for item in work], progress)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in set(multiprocessing.active_children()) - before:
            worker.terminate()
        raise
    finally:
        restore()
    pool.shutdown()
    return rows


def _collected(futures: list[Future[Row]], progress: Callable[[Row], None]) -> list[Row]:
    """The futures' rows in order, each handed to ``progress`` as it is collected."""
    rows = []
    for future in futures:
        rows.append(_result(future))
        progress(rows[-1])
    return rows


def _collected_batches(futures: list[Future[list[Row]]], progress: Callable[[Row], None]) -> list[Row]:
    """The batches' rows in order, each handed to ``progress`` as its batch is collected."""
    rows = []
    for future in futures:
        for row in _result(future):
            rows.append(row)
            progress(row)
    return rows


def _result(future: Future[T]) -> T:
    """The row, waiting in short spells: a signal the kernel hands to one of the pool's threads
    is only acted on when the main thread wakes, so a wait without end would hold Ctrl-C off."""
    while True:
        try:
            return future.result(timeout=0.2)
        except TimeoutError:
            continue


class Terminated(SystemExit):
    """SIGTERM while a pool runs: leave as Ctrl-C does, workers ended first (exit code 143)."""

    def __init__(self) -> None:
        super().__init__(128 + signal.SIGTERM)


def _terminate_raises() -> Callable[[], None]:
    """Make SIGTERM raise :class:`Terminated` (only the main thread may set handlers); returns the undo."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def raise_terminated(signum, frame) -> None:
        raise Terminated()

    previous = signal.signal(signal.SIGTERM, raise_terminated)

    def restore() -> None:
        signal.signal(signal.SIGTERM, previous)

    return restore


def _end_with_parent(parent: int) -> None:
    """A worker's start: Ctrl-C is the parent's to handle, SIGTERM ends it (a forked worker would
    inherit the parent's handler, and the pool would catch its exception as a task's), and a
    worker whose parent is gone (killed with no chance to end it) exits instead of waiting
    for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


# -- the summary table ------------------------------------------------------------------


COLUMNS = ("file", "status", "module", "players", "steps", "findings", "reason")


def _cells(row: Row) -> list[str]:
    findings = ", ".join(f"{rule} x{n}" for rule, n in sorted(row.findings.items()))
    return [row.file, row.status, row.module, "; ".join(row.players), "" if row.steps is None else str(row.steps),
            findings, row.reason]


def table_text(rows: list[Row], base: str | os.PathLike | None = None) -> str:
    lines = ["\t".join(COLUMNS)] + ["\t".join(_cells(row)) for row in rows]
    counts = Counter(row.status for row in rows)
    lines.append(f"{len(rows)} logs: " + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    return "\n".join(lines) + "\n"


def table_csv(rows: list[Row], base: str | os.PathLike | None = None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(_cells(row) for row in rows)
    return out.getvalue()


def table_json(rows: list[Row], base: str | os.PathLike | None = None) -> str:
    return json.dumps({"logs": [shown(row) for row in rows]}, indent=1, ensure_ascii=False) + "\n"


def table_html(rows: list[Row], base: str | os.PathLike | None = None) -> str:
    """The index page: one row per log, linking its audit report and replay page (relative to ``base``)."""
    body = []
    for row in rows:
        cells = [escape(c) for c in _cells(row)]
        links = " ".join(f'<a href="{escape(_href(href, base))}">{label}</a>' for href, label in
                         ((row.report, "report"), (row.replay, "replay")) if href)
        body.append(f'<tr class="{escape(row.status.split()[0])}">' + "".join(f"<td>{c}</td>" for c in cells)
                    + f"<td>{links}</td></tr>")
    head = "".join(f"<th>{c}</th>" for c in COLUMNS) + "<th>pages</th>"
    players = "".join(f"<tr><td>{escape(name)}</td><td>{logs}</td><td>{findings}</td></tr>"
                      for name, (logs, findings) in sorted(players_of(rows).items()))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Archive audit</title><style>"
            "body{font:14px system-ui,sans-serif;margin:20px}table{border-collapse:collapse}"
            "td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}"
            "tr.damaged,tr.other{background:#fde6e6}tr.findings{background:#fff6dd}tr.nothing{background:#eef0f6}</style></head><body>"
            f"<h1>Archive audit: {len(rows)} logs</h1><table><tr>{head}</tr>" + "".join(body)
            + "</table><h2>Players</h2><table><tr><th>player</th><th>logs</th><th>findings in those logs</th></tr>"
            + players + "</table>" + games_html(rows) + "</body></html>\n")


def games_html(rows: Iterable[Row]) -> str:
    """Each game's chain (rows from a league database know it): its logs in order, how each follows
    the one before, and whether the chain is whole; "" when no row knows its chain."""
    games: dict[str, list[Row]] = {}
    for row in rows:
        if row.chain is not None:
            games.setdefault(row.chain.game, []).append(row)
    out = []
    for game, logs in sorted(games.items()):
        logs.sort(key=lambda row: row.chain.order if row.chain is not None else 0)
        breaks = [Path(r.file).name for r in logs if r.chain is not None and r.chain.verdict not in WHOLE]
        state = f"broken at {', '.join(breaks)}" if breaks else "whole"
        items = "".join(f'<li class="{escape(r.chain.verdict.split()[0])}">{escape(Path(r.file).name)}: '
                        f"{escape(r.chain.words())}</li>" for r in logs if r.chain is not None)
        out.append(f'<h3>{escape(game or ".")}: {escape(state)}</h3><ol class="chain">{items}</ol>')
    return "<h2>Games: each one's chain of logs</h2>" + "".join(out) if out else ""


WHOLE = ("first", "continues")  # a chain of only these is whole


def players_of(rows: Iterable[Row]) -> dict[str, tuple[int, int]]:
    """Per player: the logs they played in and the findings of those logs."""
    out: dict[str, tuple[int, int]] = {}
    for row in rows:
        for player in row.players:
            logs, findings = out.get(player, (0, 0))
            out[player] = (logs + 1, findings + sum(row.findings.values()))
    return out


def _href(path: str, base: str | os.PathLike | None) -> str:
    relative = os.path.relpath(path, base) if base is not None else path
    return Path(relative).as_posix()
