"""A PBEM mailbox: one Invasion: Norway game's logs as players mail them, written by the project's
own log writer on the built module (tests/desk: ``check`` and the league's chains of games)."""

from __future__ import annotations

from pathlib import Path

from kits.norway_log import BuiltNorway, Game, dated

HOUR_MS = 3_600_000


def mail(log: Path, folder: Path, hours: int) -> Path:
    """The log as received: saved (its metadata's time) ``hours`` after the first."""
    return dated(log, 1_700_000_000_000 + hours * HOUR_MS, folder / log.name)


def write_mailbox(norway: BuiltNorway, folder: Path, written: Path) -> Path:
    """Three logs that chain (anna-1, bert-2, anna-3), and bert-4, played from a save of anna-3's end
    in which a piece was moved (never logged): it does not start where anna-3 ended."""
    g = Game(norway, written)
    anna = g.writer(g.opening, "Anna")
    anna.step(anna.seat("German"))
    anna.step(anna.roll("Naval Detection", 3))
    mail(anna.save(written / "anna-1.vlog"), folder, 0)
    anna.save_position(written / "anna-1-end.vsav")

    bert = g.writer(written / "anna-1-end.vsav", "Bert")
    bert.step(bert.seat("Allied"))
    bert.step(bert.roll("Air Detection", 2))
    mail(bert.save(written / "bert-2.vlog"), folder, 2)
    bert.save_position(written / "bert-2-end.vsav")

    anna3 = g.writer(written / "bert-2-end.vsav", "Anna")
    anna3.step(anna3.roll("Naval Detection", 5))
    mail(anna3.save(written / "anna-3.vlog"), folder, 4)
    anna3.move("ger-138-gj-2", "4332")  # moved in the save, never logged
    anna3.save_position(written / "anna-3-edited.vsav")

    bert4 = g.writer(written / "anna-3-edited.vsav", "Bert")
    bert4.step(bert4.roll("Air Detection", 4))
    mail(bert4.save(written / "bert-4.vlog"), folder, 6)
    return folder
