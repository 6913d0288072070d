"""``check --watch FOLDER``: each log that lands is checked once, whole, never read half-written."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import zipfile

from conftest import ROOT
from vassal_tools.desk.watch import FolderWatch


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def zip_bytes() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("savedGame", "x" * 5000)
    return out.getvalue()


def test_logs_already_there_are_not_new(tmp_path):
    (tmp_path / "old.vlog").write_bytes(zip_bytes())
    watch = FolderWatch(tmp_path, settle=1.0, clock=Clock())
    watch.clock.now = 10.0  # type: ignore[attr-defined]
    assert watch.ready() == [] and watch.ready() == []


def test_a_log_being_written_is_handed_on_only_once_whole_and_settled(tmp_path):
    clock = Clock()
    watch = FolderWatch(tmp_path, settle=2.0, clock=clock)
    data = zip_bytes()
    log = tmp_path / "anna-3.vlog"
    log.write_bytes(data[: len(data) // 2])  # the mail client's first go
    assert watch.ready() == []
    clock.now = 3.0  # settled, but no central directory yet: a slow writer may still finish
    assert watch.ready() == []
    log.write_bytes(data)
    os.utime(log, (5.0, 5.0))
    clock.now = 4.0
    assert watch.ready() == []  # changed: its settling starts again
    clock.now = 5.0
    assert watch.ready() == []
    clock.now = 6.5
    assert watch.ready() == [log]
    clock.now = 20.0
    assert watch.ready() == []  # once


def test_a_file_that_never_becomes_a_zip_is_handed_on_to_be_reported(tmp_path):
    clock = Clock()
    watch = FolderWatch(tmp_path, settle=1.0, clock=clock)
    (tmp_path / "broken.vlog").write_bytes(b"not a log")
    assert watch.ready() == []
    clock.now = 1.5
    assert watch.ready() == []  # settled, not whole: waited for a while longer
    clock.now = 3.5
    assert [p.name for p in watch.ready()] == ["broken.vlog"]


def test_the_command_checks_a_log_that_lands_and_ends_when_stopped(tmp_path):
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-u", "-c", "from vassal_tools.cli import main; main()", "check", "--watch", str(inbox), "--interval", "0.1",
         "--settle", "0.3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith(f"watching {inbox}")
        (inbox / "broken.vlog").write_bytes(b"not a log")
        assert process.stderr is not None
        ready, _, _ = select.select([process.stderr], [], [], 120)  # never wait for ever
        line = process.stderr.readline() if ready else ""
        assert line.startswith("broken.vlog: bad input:"), line
        assert process.poll() is None  # one bad log does not end the watch
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert process.returncode is not None
