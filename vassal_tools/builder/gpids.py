"""The gpid ledger: each piece slot's id kept for good in the game's data (``gpids.csv``).

VASSAL matches a saved piece to its definition by the gpid of the slot it came from
(vassal-formats.md 2.6; GpIdChecker), so a new release can refresh a game in progress
only if every slot keeps its gpid. Numbering slots as the builder meets them would
tie a gpid to a unit's row: one added row renumbers every later slot. The ledger ties
it to the slot's identity instead:

* ``unit:ID``: a unit's palette slot (units.csv ``id``);
* ``marker:ID``: a play marker's palette slot;
* ``setup:ID``: the unit's slot in the scenario's at-start stacks (``setup:ID#2`` for
  a second one).

A slot in the ledger gets its gpid back; a new slot gets one above every gpid ever
issued. Rows are never removed, so a removed unit's gpid is never issued again, and a
unit that comes back gets its old one. ``nextPieceSlotId`` is set above every gpid in
the ledger. Without a ledger (the first build) slots are numbered from 1 in the order
the builder meets them, which is how every build numbered them before, so existing
saves still match the module.

The file is two columns, ``slot,gpid``, one row per slot, sorted by gpid; ``build``
writes it (atomically) when it issued new gpids, and the maintainer commits it with
the data.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

from ..errors import BadInput
from ..formats.archive import atomic_write

LEDGER = "gpids.csv"
COLUMNS = ("slot", "gpid")
FIRST_GPID = 1


class GpidLedger:
    """Slot identities and their gpids, read from and written to a game folder's ``gpids.csv``."""

    def __init__(self, path: Path, issued: dict[str, int] | None = None):
        self.path = path
        self.issued: dict[str, int] = dict(issued or {})
        self.new: list[str] = []  # slots issued a gpid by this build, in order
        self._taken: dict[str, int] = {}  # how many setup slots each unit has had in this build

    @classmethod
    def read(cls, game_dir: str | os.PathLike) -> GpidLedger:
        """The ledger of a game folder; an empty one when the folder has none yet."""
        path = Path(game_dir) / LEDGER
        if not path.exists():
            return cls(path)
        issued: dict[str, int] = {}
        owner: dict[int, str] = {}
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            if tuple(reader.fieldnames or ()) != COLUMNS:
                raise BadInput(path, f"the columns must be {','.join(COLUMNS)}, not {','.join(reader.fieldnames or [])}")
            for row in reader:
                where = f"row {reader.line_num}"
                slot, text = (row.get("slot") or "").strip(), (row.get("gpid") or "").strip()
                if not slot:
                    raise BadInput(path, "the slot is empty", where)
                if not text.isdigit() or int(text) < FIRST_GPID:
                    raise BadInput(path, f"gpid {text!r} of {slot!r} is not a whole number >= {FIRST_GPID}", where)
                gpid = int(text)
                if slot in issued:
                    raise BadInput(path, f"slot {slot!r} is listed twice", where)
                if gpid in owner:
                    raise BadInput(path, f"gpid {gpid} is given to both {owner[gpid]!r} and {slot!r}", where)
                issued[slot], owner[gpid] = gpid, slot
        return cls(path, issued)

    @property
    def next_id(self) -> int:
        """Above every gpid ever issued: the module's ``nextPieceSlotId``."""
        return max(self.issued.values(), default=FIRST_GPID - 1) + 1

    def gpid(self, slot: str) -> str:
        """The slot's gpid: the ledger's, else a new one above every gpid issued."""
        found = self.issued.get(slot)
        if found is None:
            found = self.issued[slot] = self.next_id
            self.new.append(slot)
        return str(found)

    def setup_slot(self, unit: str) -> str:
        """The identity of the unit's next at-start slot in this build."""
        count = self._taken[unit] = self._taken.get(unit, 0) + 1
        return f"setup:{unit}" if count == 1 else f"setup:{unit}#{count}"

    def text(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for slot, gpid in sorted(self.issued.items(), key=lambda item: item[1]):
            writer.writerow((slot, gpid))
        return out.getvalue()

    def write(self) -> bool:
        """Write the ledger when this build issued new gpids; whether it did."""
        if not self.new:
            return False
        atomic_write(self.path, self.text().encode("utf-8"))
        return True


def unit_slot(unit: str) -> str:
    return f"unit:{unit}"


def marker_slot(marker: str) -> str:
    return f"marker:{marker}"
