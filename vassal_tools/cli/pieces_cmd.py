"""``vassal-tools pieces MODULE``: every piece slot of a module with what its piece is made of."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click

from ..errors import BadInput
from . import main

COLUMNS = ("palette_path", "entry_name", "gpid", "basic_name", "name", "images", "prototypes", "properties")


@main.command("pieces")
@click.argument("module", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "fmt", flag_value="json", help="Print a JSON list of slots.")
@click.option("--csv", "fmt", flag_value="csv",
              help="Print CSV; lists are joined with ' | ', properties written key=value.")
@click.option("--expand", is_flag=True, help="Expand prototypes first, as VASSAL does when it places a piece.")
def pieces_cmd(module: Path, fmt: str | None, expand: bool) -> None:
    """List every piece slot of MODULE: palette path, entry name, gpid, names, images,
    prototypes used and Marker / Dynamic Property values."""
    from ..formats.files import Module, open_file

    opened = open_file(module)
    if not isinstance(opened, Module):
        raise BadInput(module, f"is a {opened.kind}, not a module or extension")
    try:
        rows = slot_rows(opened.buildfile, expand)
    except BadInput as err:
        raise err.located(module) from None
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    elif fmt == "csv":
        click.echo(render_csv(rows), nl=False)
    else:
        render_table(rows, expand)


def slot_rows(buildfile, expand: bool = False) -> list[dict]:
    """One dict per PieceSlot/CardSlot (keys: :data:`COLUMNS`), in buildFile order."""
    from ..formats.pieces import expand_prototypes, parse_definition

    prototypes = {}
    if expand:
        for proto in buildfile.prototypes:  # the last definition of a name wins, as in VASSAL
            prototypes[proto.name] = parse_definition(proto.text, where=f"PrototypeDefinition {proto.name!r}")[1]
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
                properties=_shown_properties(piece),
            )
        rows.append(row)
    return rows


def _shown_properties(piece) -> dict[str, str]:
    """Marker and Dynamic Property values (not BasicPiece scratch properties such as UniqueID)."""
    from ..formats.traits import DynamicProperty, Marker

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


def render_table(rows: list[dict], expand: bool) -> None:
    from rich.console import Console
    from rich.table import Table

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
    console = Console(highlight=False)
    if not console.is_terminal:  # piped: do not squeeze the table into 80 columns
        console = Console(highlight=False, width=200)
    console.print(table)
