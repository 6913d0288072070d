"""What a game's data says about drawing its counters beyond units.csv (game.toml ``[art]``).

A game may name its own counter template per unit class (``templates = {land = "fire"}``: the
file ``templates/fire.toml``) and a table of printed details joined to units.csv by ``id``
(``details = "counters.csv"``: fire, range, marks...), and may colour counters by a column of
that table (``colour_by = "subcommand"`` with one ``[[subcommands]]`` entry per value giving
``background``, ``foreground`` and ``symbol``). A game without ``[art]`` is drawn as before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..errors import BadInput
from ..gamedata import GameData
from ..gamedata.tables import read_csv
from .templates import template_for
from .units import counter_data


def art_table(game: Any) -> Mapping[str, Any]:
    """game.toml's ``[art]`` of a loaded game (empty for anything else)."""
    if not isinstance(game, GameData):
        return {}
    table = game.info.raw.get("art") or {}
    if not isinstance(table, Mapping):
        raise BadInput(game.root / "game.toml", "[art] must be a table")
    return table


def template_names(game: Any) -> dict[str, str]:
    """Unit class -> the template file stem the game draws it with (its own or the class's)."""
    names = art_table(game).get("templates") or {}
    return {str(k): str(v) for k, v in names.items()}


def counter_rows(game: GameData, units: list[Any]) -> list[Any]:
    """The units, each joined with its row of the game's details table and its colours."""
    art = art_table(game)
    if not art.get("details"):
        return units
    path = game.root / str(art["details"])
    details = {row["id"]: row for row in read_csv(path)}
    column = str(art.get("colour_by") or "")
    schemes = {str(e.get("id")): e for e in game.info.raw.get(f"{column}s", []) if isinstance(e, Mapping)}
    rows = []
    for unit in units:
        row = {f.name: getattr(unit, f.name) for f in dataclasses.fields(unit)}
        extra = {k: v for k, v in details.get(row["id"], {}).items() if k not in ("id", "source") and v != ""}
        scheme = schemes.get(extra.get(column, ""), {})
        for key in ("background", "foreground", "symbol"):
            if key in scheme:
                extra[f"{key}_colour"] = str(scheme[key])
        rows.append({**row, **extra})
    return rows


def counter_sizes(game: GameData) -> dict[str, tuple[int, int]]:
    """Each unit's counter size in pixels at VASSAL's 100%: its template's (the images are drawn at
    a scale times it and shown through a Layer of the inverse scale)."""
    own = template_names(game)
    rows = [counter_data(u) for u in counter_rows(game, list(game.units.values()))]
    return {row.id: template_for(own.get(row.kind, row.kind)).size for row in rows}
