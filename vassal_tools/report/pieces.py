"""A module's piece slots as rows: what ``vassal-tools pieces`` lists, as JSON, CSV or a table."""

from __future__ import annotations

import csv
import io
import os

from rich.table import Table

from ..errors import BadInput
from ..formats.kinds import open_module
from ..formats.pieces import expand_prototypes, parse_definition, prototype_pieces
from ..formats.traits import DynamicProperty, Marker

COLUMNS = ("palette_path", "entry_name", "gpid", "basic_name", "name", "images", "prototypes", "properties")


def module_rows(path: str | os.PathLike, expand: bool = False) -> list[dict]:
    """The slot rows of the module (or extension) at ``path``."""
    module = open_module(path)
    try:
        return slot_rows(module.buildfile, expand)
    except BadInput as err:
        raise err.located(path) from None


def slot_rows(buildfile, expand: bool = False) -> list[dict]:
    """One dict per PieceSlot/CardSlot (keys: :data:`COLUMNS`), in buildFile order."""
    prototypes = prototype_pieces(buildfile) if expand else {}
    rows = []
    for slot in buildfile.piece_slots:
        row = {"palette_path": slot.palette_path, "entry_name": slot.entry_name, "gpid": slot.gpid,
               "basic_name": "", "name": "", "images": [], "prototypes": [], "properties": {}}
        text = slot.text or ""
        if text.strip():
            where = f"{slot.class_name} {slot.entry_name or ''!r} in {' / '.join(slot.palette_path) or 'no palette'}"
            piece = parse_definition(text, where=where)[1]
            row["prototypes"] = piece.prototypes
            if expand:
                try:
                    piece = expand_prototypes(piece, prototypes)
                except BadInput as err:
                    raise err.located(where=where) from None
            basic = piece.basic
            row.update(
                gpid=slot.gpid or (basic.gpid if basic else ""),
                basic_name=piece.basic_name,
                name=piece.name,
                images=piece.images,
                properties=shown_properties(piece),
            )
        rows.append(row)
    return rows


def shown_properties(piece) -> dict[str, str]:
    """Marker and Dynamic Property values (not BasicPiece scratch properties such as UniqueID)."""
    out: dict[str, str] = {}
    for trait in piece.editor_order():
        if isinstance(trait, Marker):
            out.update(trait.properties)
        elif isinstance(trait, DynamicProperty):
            out[trait.key] = trait.value
    return out


def render_csv(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([
            " | ".join(row["palette_path"]), row["entry_name"] or "", row["gpid"], row["basic_name"], row["name"],
            " | ".join(row["images"]), " | ".join(row["prototypes"]),
            " | ".join(f"{k}={v}" for k, v in row["properties"].items()),
        ])
    return buffer.getvalue()


def pieces_table(rows: list[dict], expand: bool) -> Table:
    """The rows as a rich table, lists one item per line."""
    table = Table(title=f"{len(rows)} piece slots" + (" (prototypes expanded)" if expand else ""))
    for heading in ("Palette", "Entry", "GPID", "Name", "Images", "Prototypes", "Properties"):
        table.add_column(heading, overflow="fold")
    for row in rows:
        name = row["name"] if row["name"] == row["basic_name"] else f"{row['name']} ({row['basic_name']})"
        table.add_row(
            " / ".join(row["palette_path"]), row["entry_name"] or "", row["gpid"], name,
            "\n".join(row["images"]), "\n".join(row["prototypes"]),
            "\n".join(f"{k}={v}" for k, v in row["properties"].items()),
        )
    return table
