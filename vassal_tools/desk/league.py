"""A league's archive kept in SQLite (``vassal-tools audit ... --module M --db league.sqlite``).

Each log's result is kept under the SHA-256 of the log's bytes, of the module's bytes and the
toolkit's version: a second run over an unchanged archive audits nothing; a changed or new log, a
new module or a new toolkit version is audited again. Every result is committed in its own
transaction as it lands, so a run that is interrupted keeps everything recorded before. The
standard library's ``sqlite3``: one file, no server.

The schema (version :data:`SCHEMA_VERSION`, kept in SQLite's ``user_version``), documented in
docs/archive-audit.md:

``audits``: one row per (log_sha256, module_sha256, toolkit): the log's path when audited, the
archive row (status, module name, players, steps, findings per rule as JSON, reason, pages) and
when it was audited.

``rolls``: the dice each audited log reports (player, kind, button, values as JSON, undone), keyed
by the log's hash and the toolkit version, for dice across the league.

``ends`` (version 2): where each audited log opens and ends (digests of the positions), when it was
saved and its module, keyed as ``rolls``: what chains a game's logs without reading them again.

``chains`` (version 2): each log of the last run's games (a game: the logs of one folder) with its
place in the game's chain and how it follows the log before it (``ChainPlace``).

A database of version 1 is migrated on opening, in one transaction: the two tables are added, and
the logs it holds are audited once more on the next run (their ends were not kept); nothing is
dropped.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .. import __version__
from ..errors import BadInput
from ..replay.chain import LogEnds, link_verdict, module_name
from ..replay.logged_rolls import LoggedRoll
from ..report.archive import ChainPlace, Row, archive_root, audit_archive, page_names
from .cluster import cluster_executor

SCHEMA_VERSION = 2
SCHEMA_V1 = """
CREATE TABLE audits (
    log_sha256 TEXT NOT NULL,
    module_sha256 TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    path TEXT NOT NULL,
    status TEXT NOT NULL,
    module TEXT NOT NULL,
    players TEXT NOT NULL,
    steps INTEGER,
    findings TEXT NOT NULL,
    reason TEXT NOT NULL,
    report TEXT NOT NULL,
    replay TEXT NOT NULL,
    audited_at REAL NOT NULL,
    PRIMARY KEY (log_sha256, module_sha256, toolkit)
);
CREATE TABLE rolls (
    log_sha256 TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    seq INTEGER NOT NULL,
    path TEXT NOT NULL,
    step INTEGER NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    button TEXT NOT NULL,
    dice TEXT NOT NULL,
    undone INTEGER NOT NULL,
    PRIMARY KEY (log_sha256, toolkit, seq)
);
"""
SCHEMA_V2 = """
CREATE TABLE ends (
    log_sha256 TEXT NOT NULL,
    toolkit TEXT NOT NULL,
    module TEXT,
    saved_at INTEGER,
    opening TEXT,
    final TEXT,
    steps INTEGER,
    PRIMARY KEY (log_sha256, toolkit)
);
CREATE TABLE chains (
    path TEXT NOT NULL PRIMARY KEY,
    game TEXT NOT NULL,
    seq INTEGER NOT NULL,
    log_sha256 TEXT NOT NULL,
    verdict TEXT NOT NULL,
    earlier TEXT NOT NULL,
    starts_after TEXT NOT NULL
);
"""


def file_sha256(path: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class League:
    """An archive's results in one SQLite file (made with the schema if it does not exist)."""

    def __init__(self, path: str | os.PathLike, toolkit: str = __version__):
        self.path = Path(path)
        self.toolkit = toolkit
        try:
            self.db = sqlite3.connect(self.path)
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            tables = self.db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
        except sqlite3.DatabaseError as err:
            raise BadInput(self.path, f"not a league database: {err}") from None
        if version == 0 and tables == 0:
            self._script(SCHEMA_V1 + SCHEMA_V2)
        elif version == 1:
            self._script(SCHEMA_V2)
        elif version != SCHEMA_VERSION:
            raise BadInput(self.path, f"a league database of schema version {version}; this toolkit reads "
                           f"version {SCHEMA_VERSION}")

    def _script(self, schema: str) -> None:
        """Tables made and the version set in one transaction: all of it, or none if interrupted."""
        self.db.executescript(f"BEGIN; {schema} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> League:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def known(self, log_sha: str, module_sha: str) -> Row | None:
        """The row kept for this log, module and toolkit (with its ends), or None (also for a row
        kept before ends were: version 1)."""
        found = self.db.execute(
            "SELECT a.path, a.status, a.module, a.players, a.steps, a.findings, a.reason, a.report, a.replay, "
            "e.module, e.saved_at, e.opening, e.final, e.steps FROM audits a JOIN ends e "
            "ON e.log_sha256 = a.log_sha256 AND e.toolkit = a.toolkit "
            "WHERE a.log_sha256 = ? AND a.module_sha256 = ? AND a.toolkit = ?", (log_sha, module_sha, self.toolkit)
        ).fetchone()
        if found is None:
            return None
        path, status, module, players, steps, findings, reason, report, replay = found[:9]
        row = Row(path, status, module, json.loads(players), steps, json.loads(findings), reason, report, replay)
        played, saved_at, opening, final, log_steps = found[9:]
        if opening is not None:
            row.ends = LogEnds(played, saved_at, opening, final, log_steps)
        return row

    def keep(self, log_sha: str, module_sha: str, row: Row, rolls: Sequence[LoggedRoll]) -> None:
        """Record one log's result and dice in one transaction."""
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO audits VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (log_sha, module_sha, self.toolkit, row.file, row.status, row.module, json.dumps(row.players),
                 row.steps, json.dumps(row.findings, sort_keys=True), row.reason, row.report, row.replay, time.time()))
            ends = row.ends
            self.db.execute("INSERT OR REPLACE INTO ends VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (log_sha, self.toolkit, *((ends.module, ends.saved_at, ends.opening, ends.final, ends.steps)
                                                      if ends is not None else (None,) * 5)))
            self.db.execute("DELETE FROM rolls WHERE log_sha256 = ? AND toolkit = ?", (log_sha, self.toolkit))
            self.db.executemany(
                "INSERT INTO rolls VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(log_sha, self.toolkit, n, r.log, r.step, r.player, r.kind, r.button, json.dumps(r.values),
                  int(r.undone)) for n, r in enumerate(rolls)])

    def keep_chains(self, places: Sequence[tuple[str, str, ChainPlace]]) -> None:
        """Record the chains of the run's games (path, log hash, place), replacing what was kept for them."""
        with self.db:
            self.db.executemany("DELETE FROM chains WHERE game = ?", [(g,) for g in {p.game for _, _, p in places}])
            self.db.executemany("INSERT OR REPLACE INTO chains VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(path, place.game, place.order, sha, place.verdict, place.earlier, place.starts_after)
                                 for path, sha, place in places])

    def chains(self) -> list[tuple[str, str, ChainPlace]]:
        """Every kept chain place (path, log hash, place), game by game in chain order."""
        found = self.db.execute("SELECT path, log_sha256, game, seq, verdict, earlier, starts_after FROM chains "
                                "ORDER BY game, seq")
        return [(path, sha, ChainPlace(game, seq, verdict, earlier, after))
                for path, sha, game, seq, verdict, earlier, after in found]

    def rolls(self) -> list[LoggedRoll]:
        """Every kept roll of this toolkit version, log after log in the order they were audited."""
        found = self.db.execute(
            "SELECT r.path, r.step, r.player, r.kind, r.dice, r.undone, r.button FROM rolls r "
            "JOIN (SELECT log_sha256, min(audited_at) AS first FROM audits WHERE toolkit = ? GROUP BY log_sha256) a "
            "ON a.log_sha256 = r.log_sha256 WHERE r.toolkit = ? ORDER BY a.first, r.path, r.seq",
            (self.toolkit, self.toolkit))
        return [LoggedRoll(path, step, player, kind, tuple(json.loads(dice)), bool(undone), button)
                for path, step, player, kind, dice, undone, button in found]


@dataclass
class LeagueRun:
    """The rows of one run over an archive (in the order of its logs), and how many were audited now."""

    rows: list[Row]
    audited: int
    kept: int  # found in the database, not audited again


def audit_league(logs: Sequence[Path], module: str | os.PathLike, league: League, jobs: int = 1,
                 outdir: str | os.PathLike | None = None, progress: Callable[[Row], None] = lambda row: None,
                 root: str | os.PathLike | None = None, executor=None) -> LeagueRun:
    """Audit the logs the database does not hold for this module and toolkit, keep each result as it
    lands, and return every log's row (a kept row names the log's path of this run)."""
    module_sha = file_sha256(module)
    hashes = [file_sha256(log) for log in logs]
    if root is None:
        root = archive_root([Path(log).parent for log in logs])
    pages = page_names(logs, root)
    rows: dict[int, Row] = {}
    for i, (log, sha) in enumerate(zip(logs, hashes, strict=True)):
        row = league.known(sha, module_sha)
        if row is not None and _pages_there(row, outdir, pages[i]):
            row.file = os.fspath(log)
            rows[i] = row
            progress(row)
    todo = [i for i in range(len(logs)) if i not in rows]
    by_file = {os.fspath(logs[i]): i for i in todo}

    def landed(row: Row) -> None:
        i = by_file[row.file]
        league.keep(hashes[i], module_sha, row, row.rolls)
        progress(row)

    fresh = audit_archive([logs[i] for i in todo], module, jobs, outdir, landed, root, executor, league=True) \
        if todo else []
    for i, row in zip(todo, fresh, strict=True):
        rows[i] = row
    ordered = [rows[i] for i in range(len(logs))]
    places = chain_places(ordered, pages)
    league.keep_chains([(os.fspath(logs[i]), hashes[i], place) for i, place in places.items()])
    for i, place in places.items():
        ordered[i].chain = place
    return LeagueRun(ordered, len(todo), len(logs) - len(todo))


def chain_places(rows: Sequence[Row], pages: Sequence[str]) -> dict[int, ChainPlace]:
    """Each game's chain, as ``chain`` gives it for a folder: a game is the logs of one folder (by
    their page names, below the archive's root), in the order they were saved, each linked to the one
    before by where it opens (:func:`vassal_tools.replay.chain.link_verdict`). A log that could not
    be replayed has no place; one of another module than most of its folder's is ``other game``."""
    games: dict[str, list[tuple[int, LogEnds]]] = {}
    for i, (row, page) in enumerate(zip(rows, pages, strict=True)):
        if row.ends is not None:
            games.setdefault(PurePosixPath(page).parent.as_posix(), []).append((i, row.ends))
    places: dict[int, ChainPlace] = {}
    for game, members in games.items():
        members.sort(key=lambda m: (m[1].saved_at is None, m[1].saved_at or 0, Path(rows[m[0]].file).name))
        names = [module_name(ends.module) for _, ends in members]
        common = max(set(names), key=names.count)
        chained = [(n, i, ends) for n, ((i, ends), name) in enumerate(zip(members, names), start=1) if name == common]
        places |= {i: ChainPlace(game, n, "other game") for n, ((i, _), name) in enumerate(zip(members, names), start=1)
                   if name != common}
        ended = {ends.final: i for _, i, ends in chained}
        for k, (n, i, ends) in enumerate(chained):
            places[i] = ChainPlace(game, n, "first")
            if k:
                _, j, before = chained[k - 1]
                place = places[i]
                place.verdict = link_verdict(before.opening, before.final, ends.opening)
                place.earlier = Path(rows[j].file).name
                after = ended.get(ends.opening)
                if place.verdict == "differs" and after is not None and after != i:
                    place.starts_after = Path(rows[after].file).name
    return places


def _pages_there(row: Row, outdir: str | os.PathLike | None, page: str) -> bool:
    """Without pages asked, yes; else are this log's pages (named for its path, as a fresh audit
    names them) written already? The row then links them."""
    if outdir is None:
        row.report = row.replay = ""
        return True
    if not row.report:  # a log that could not be audited has no pages
        return True
    base = Path(outdir) / page
    report, replay = base.with_name(base.name + ".audit.html"), base.with_name(base.name + ".replay.html")
    if not (report.is_file() and replay.is_file()):
        return False
    row.report, row.replay = str(report), str(replay)
    return True


def audit_some(logs: Sequence[Path], module: str | os.PathLike, jobs: int = 1, outdir: str | os.PathLike | None = None,
               progress: Callable[[Row], None] = lambda row: None, root: str | os.PathLike | None = None,
               db: str | os.PathLike | None = None, scheduler: str | None = None) -> list[Row]:
    """An archive audited as asked: through the league database ``db`` (only what it does not hold),
    on the Dask ``scheduler`` or the local pool of ``jobs`` processes; rows in the order of ``logs``."""
    with ExitStack() as stack:
        executor = None
        if scheduler is not None:
            cluster = stack.enter_context(cluster_executor(scheduler))
            executor, jobs = cluster.executor, cluster.workers
        if db is None:
            return audit_archive(list(logs), module, jobs, outdir, progress, root, executor)
        league = stack.enter_context(League(db))
        return audit_league(logs, module, league, jobs, outdir, progress, root, executor).rows


def league_rolls(db: str | os.PathLike) -> list[LoggedRoll]:
    """The dice of every log a league database holds (for this toolkit version)."""
    with League(db) as league:
        return league.rolls()
