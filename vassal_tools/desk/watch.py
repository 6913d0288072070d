"""A folder watched for logs as they land (``vassal-tools check --watch FOLDER``).

A mail client saves an attachment by writing it, often in several goes; a log read half-written is
a damaged zip, or worse a shorter game. So a new log is handed on only once it is *whole*: its
size and modification time have not changed for ``settle`` seconds and it opens as a complete
zip (its central directory, written last, is there). A log that stays unreadable once settled is
handed on too: the check reports it as bad input, once. Logs already in the folder when the watch
starts were received before it: they are not checked again.

Polling (the standard library only, every ``interval`` seconds) rather than inotify: it works the
same on every system and on network folders, and a mailbox folder is small.
"""

from __future__ import annotations

import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

LOG_SUFFIX = ".vlog"


@dataclass
class _Seen:
    size: int
    mtime: float
    since: float  # when this size and time were first seen


def _signature(path: Path) -> tuple[int, float] | None:
    try:
        stat = path.stat()
    except OSError:  # removed or renamed meanwhile
        return None
    return stat.st_size, stat.st_mtime


def is_whole_zip(path: Path) -> bool:
    """Does the file open as a zip whose every entry is listed (its central directory written)?"""
    try:
        with zipfile.ZipFile(path) as archive:
            archive.infolist()
        return True
    except (OSError, zipfile.BadZipFile):
        return False


class FolderWatch:
    """The logs of one folder, each handed on once when it is whole (see the module's docstring)."""

    def __init__(self, folder: str | Path, settle: float = 2.0, clock: Callable[[], float] = time.monotonic):
        self.folder = Path(folder)
        self.settle = settle
        self.clock = clock
        self.done: set[Path] = set(self._logs())  # received before the watch began
        self.pending: dict[Path, _Seen] = {}

    def _logs(self) -> list[Path]:
        return sorted(p for p in self.folder.glob("*" + LOG_SUFFIX) if p.is_file())

    def ready(self) -> list[Path]:
        """The new logs that are whole now (each returned once), oldest first."""
        now = self.clock()
        out = []
        for path in self._logs():
            if path in self.done:
                continue
            signature = _signature(path)
            if signature is None:
                continue
            seen = self.pending.get(path)
            if seen is None or (seen.size, seen.mtime) != signature:
                self.pending[path] = _Seen(*signature, since=now)
                continue
            if now - seen.since < self.settle:
                continue
            if not is_whole_zip(path) and now - seen.since < 3 * self.settle:
                continue  # settled but not whole yet: a slow writer may still finish it
            self.done.add(path)
            del self.pending[path]
            out.append(path)
        return out


def watch(folder: str | Path, handle: Callable[[Path], None], interval: float = 1.0, settle: float = 2.0,
          stop: Callable[[], bool] = lambda: False, started: Callable[[], None] = lambda: None) -> None:
    """Call ``handle`` on each log that lands in ``folder`` once it is whole, until ``stop()`` is true
    (or the process is interrupted). ``started`` is called once the logs already there are known:
    a log that lands after it is new."""
    watched = FolderWatch(folder, settle)
    started()
    while not stop():
        for path in watched.ready():
            handle(path)
        time.sleep(interval)
