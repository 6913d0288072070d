"""Pin a hex game's map to real geography (maintainer tool): report and write the fit.

    python scripts/fit_map.py module_src/narvik_1940           # the report
    python scripts/fit_map.py module_src/narvik_1940 --write   # and the data

The places the rules number (places.csv rows whose source quotes their hex, e.g.
``3.2: Bogen (hex 0216)``) fix the grid's scale, rotation and origin by least squares
(:mod:`vassal_tools.gamedata.geography`); the report gives each one's residual in hexes and the
hex that holds its real position. ``--write`` then records what real geography says and the rules
do not: each hex's water in hexes.csv (all-sea terrain, coast ``sea`` or ``fjord``, lakes, border
hexes; land terrain stays as it was) and the hex of each place whose hex was a sample, both with
their source, and ``geo/fit.json`` for the module's builder.

A game whose text numbers no hex (Europa Narvik) lays its grid down in ``geo.toml [grid]``: the
report then gives every place's residual (its hex's centre to its real position) and the hex that
holds its real position; ``--write`` writes ``geo/fit.json`` and the railroad hexsides only (the game's
own sheet tool writes its hexes from the same grid).

Both: where ``geo/rails.csv`` holds rail lines, ``--write`` lays the railroad hexsides of hexsides.csv
along each (``--rail-rule`` names the rule they cite: Narvik 1940's 12.4, Europa Narvik's 9A).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vassal_tools.formats.archive import atomic_write  # noqa: E402
from vassal_tools.gamedata import load_game  # noqa: E402
from vassal_tools.gamedata.geography import (  # noqa: E402
    COAST_HEX,
    LAKE_HEX,
    SEA_HEX,
    GridFit,
    coast_class,
    load_geography,
    numbered_places,
    rail_path,
    water_of_hexes,
)
from vassal_tools.gamedata.tables import csv_text  # noqa: E402

WATER_SOURCE = (f"GSHHG: water through the fit of scripts/fit_map.py (all sea from {SEA_HEX:.0%} of the hex, "
                f"coast from {COAST_HEX:.0%}, lake from {LAKE_HEX:.0%}), approximate")


def rule_scale_km(text: str) -> float | None:
    """The km a hex the game's scale says: "2.4 km per hex", "16 nautical miles per ... hex",
    "16 miles per hex" (statute miles, 1.609344 km)."""
    found = re.search(r"([\d.]+) ?km\)? per hex|or ([\d.]+) ?km", text)
    if found:
        return float(next(g for g in found.groups() if g))
    miles = re.search(r"([\d.]+) nautical miles per", text)
    if miles:
        return float(miles.group(1)) * 1.852
    statute = re.search(r"([\d.]+) miles per", text)
    return round(float(statute.group(1)) * 1.609344, 2) if statute else None


def report(fit: GridFit, game, geography, scale_km: float | None) -> list[str]:
    lines = [f"fit: {fit.km_per_hex:.2f} km a hex"
             + (f" (the rules: {scale_km} km, {fit.km_per_hex / scale_km - 1:+.0%})" if scale_km else "")
             + f", rotated {fit.rotation_degrees:.1f} degrees, {len(fit.pins)} places"]
    for pin in fit.pins:
        steps = game.grid.distance(pin.hex, pin.real_hex) if pin.real_hex else None
        where = f"real position in {pin.real_hex}, {steps} hex(es) away" if pin.real_hex else "real position off the map"
        lines.append(f"  {pin.name} {pin.hex}: residual {pin.residual:.2f} hexes; {where} ({pin.town.source})")
    numbered = {pin.name for pin in fit.pins}
    said = set()
    for place in game.places:
        town = geography.town(place.name)
        if place.name in numbered or not place.hex or place.name in said:
            continue
        said.add(place.name)
        if town is None:
            several = len(geography.towns_named(place.name))
            if several > 1:
                lines.append(f"  {place.name} {place.hex}: {several} real places go by that name; "
                             "geo.toml [rule_places] must say which")
            continue
        real = fit.hex_at(town.lat, town.lon)
        (u, v), (cu, cv) = fit.plane(town.lat, town.lon), game.grid.centre(place.hex)
        said_by = "its real position's hex" if real == place.hex else "sample hex"
        lines.append(f"  {place.name} {place.hex} ({said_by}): residual {math.hypot(u - cu, v - cv):.2f} hexes; "
                     f"real position in {real or 'no hex of the map'} ({town.source})")
    return lines


def csv_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """A CSV file's header and rows, to be written back with :func:`csv_text`."""
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames or []), list(reader)


def write_hexes(folder: Path, fit: GridFit, geography, land_hexes: set[str]) -> int:
    """Each hex's water from real geography; a hex where the rules put a place stays land
    (the rulebook's word over the geodata's), with the coast its water gives it."""
    water = water_of_hexes(fit, geography)
    path = folder / "hexes.csv"
    header, rows = csv_rows(path)
    changed = 0
    for row in rows:
        w = water.get(row["hex"])
        if w is None:
            continue
        neighbours = [water[n] for n in fit.grid.neighbours(row["hex"]) if n in water]
        sea = w.all_sea and row["hex"] not in land_hexes
        coast = coast_class(replace(w, sea=min(w.sea, 0.49)) if w.all_sea and not sea else w, neighbours)
        new = dict(row, terrain="sea" if sea else (row["terrain"] if row["terrain"] != "sea" else "clear"),
                   coast=coast, lake="yes" if w.lake >= LAKE_HEX else "no", border="yes" if w.border else "no")
        base = row["source"].split("; GSHHG")[0].split("; approximate")[0]
        new["source"] = f"{base}; {WATER_SOURCE}"
        changed += new != row
        row.update(new)
    atomic_write(path, csv_text(header, rows).encode("utf-8"))
    return changed


#: How a place's source says its hex is a sample: "sample", "sample: hex", "sample: its hex",
#: "sample: hex and capacity".
SAMPLE_HEX = re.compile(r"\bsample(?=;|$)|\bsample: (?:its )?hex\b")


def sample_hexed(source: str) -> bool:
    return bool(SAMPLE_HEX.search(source))


def place_moves(game, fit: GridFit, geography, numbered: set[str]) -> dict[str, str]:
    """Old hex -> the hex of its real position, for each place with a real position whose hex is
    a sample (the rules number the others): what moves, and what else names those hexes follows."""
    targets: dict[str, set[str]] = {}
    for place in game.places:
        town = geography.town(place.name)
        if place.name in numbered or town is None or not place.hex or not sample_hexed(place.source):
            continue
        real = fit.hex_at(town.lat, town.lon)
        targets.setdefault(place.hex, set()).add(real or place.hex)
    split = {h: sorted(t) for h, t in targets.items() if len(t) > 1}
    if split:
        sys.exit(f"fit_map: hexes holding places whose real positions lie in different hexes: {split}")
    return {h: t for h, (t,) in targets.items() if t != h}


def write_place_hexes(folder: Path, fit: GridFit, geography, numbered: set[str], moves: dict[str, str]) -> int:
    """Each place with a real position and a sample hex to the hex of its real position, its source
    saying so; a place without one (a mobilization centre, a fort) in a moved hex goes with it."""
    path = folder / "places.csv"
    header, rows = csv_rows(path)
    changed = 0
    for row in rows:
        if row["name"] in numbered or not row["hex"]:
            continue
        if row["hex"] in moves:
            row["hex"] = moves[row["hex"]]
            changed += 1
        town = geography.town(row["name"])
        if town is not None and sample_hexed(row["source"]) and fit.hex_at(town.lat, town.lon) == row["hex"]:
            kind = "GeoNames" if town.source == "GeoNames" else "approximate"
            said = f"{kind}: its hex, from its real position through the fit"
            row["source"] = re.sub(r"^sample$", said, row["source"])
            row["source"] = re.sub(r"sample: (?:its )?hex and ", f"{said}; sample: ", row["source"])
            row["source"] = re.sub(r"sample: (?:its )?hex\b", said, row["source"])
            row["source"] = re.sub(r"; sample$", f"; {said}", row["source"])
    atomic_write(path, csv_text(header, rows).encode("utf-8"))
    return changed


def geography_map_tool(folder: Path) -> str:
    """geo.toml ``[map] hexes_by``: the game's own tool that writes hexes.csv (and hexsides.csv) from
    the fit, the geodata and the rules' facts, instead of this script's water columns."""
    import tomllib
    return str(tomllib.loads((folder / "geo.toml").read_text(encoding="utf-8")).get("map", {}).get("hexes_by", ""))


def write_rails(folder: Path, fit: GridFit, geography, numbered: list[tuple[str, str]], rule: str,
                sea: frozenset[str] = frozenset()) -> int:
    """The railroad hexsides of hexsides.csv along each rail line of ``geo/rails.csv``: a station
    the rules number sits in its numbered hex, the others where they really are (one in an all-sea
    hex of ``sea`` in the land hex nearest it); a line follows land, round open water. The other
    hexsides are kept as they were."""
    path = folder / "hexsides.csv"
    header, rows = csv_rows(path)
    fixed = {town.name: hexname for name, hexname in numbered if (town := geography.town(name)) is not None}
    kept = [row for row in rows if row["feature"] != "railroad"]
    added = []
    for line in geography.rails:
        hexes = rail_path(fit, line, fixed, sea)
        ends = " and ".join(f"{t.name} {fixed[t.name]}" for t in line.stations if t.name in fixed)
        source = (f"{rule}: the railroad" + (f" joins {ends}" if ends else "") + f"; approximate: its path, the "
                  f"{line.name} through its stations (geo/rails.csv) through the fit")
        seen = {frozenset((row["hex_a"], row["hex_b"])) for row in added}
        added += [{"hex_a": a, "hex_b": b, "feature": "railroad", "source": source, "note": line.name}
                  for a, b in zip(hexes, hexes[1:], strict=False) if frozenset((a, b)) not in seen]
    atomic_write(path, csv_text(header, added + kept).encode("utf-8"))
    return len(added)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_folder", type=Path)
    parser.add_argument("--write", action="store_true", help="write hexes.csv, places.csv and geo/fit.json")
    parser.add_argument("--rail-rule", default="12.4",
                        help="the rule a railroad hexside cites (Narvik 1940's 12.4 Rail Transport)")
    args = parser.parse_args()
    game, geography = load_game(args.game_folder), load_geography(args.game_folder)
    if geography is None:
        sys.exit(f"fit_map: {args.game_folder}: no geo.toml")
    design = geography.design
    numbered = numbered_places(game.places) if design is None else []
    fit = geography.fit(game.grid, numbered) if design is None else \
        geography.laid(game.grid, design, {p.name: p.hex for p in game.places if p.hex}.items())
    print("\n".join(report(fit, game, geography, rule_scale_km(game.info.raw.get("scale", "")))))
    if args.write and design is None:
        names = {n for n, _ in numbered}
        moves = place_moves(game, fit, geography, names)
        print(f"places.csv: {write_place_hexes(args.game_folder, fit, geography, names, moves)} places moved to "
              f"their real hex: {json.dumps(moves)}")
        generator = geography_map_tool(args.game_folder)
        if generator:  # the game's own tool writes its hexes from the geodata and the rules' facts
            print(f"hexes.csv: run {generator} (it reads the same fit)")
        else:
            land = {moves.get(place.hex, place.hex) for place in game.places if place.hex}
            print(f"hexes.csv: {write_hexes(args.game_folder, fit, geography, land)} hexes changed")
    if args.write and geography.rails:
        sea = frozenset(name for name, row in game.hexes.items() if row.terrain == "sea")  # all-sea hexes
        print(f"hexsides.csv: {write_rails(args.game_folder, fit, geography, numbered, args.rail_rule, sea)} "
              "railroad hexsides")
    if args.write:
        fit_json = {"projection": vars(fit.projection), "scale": fit.similarity.scale,
                    "rotation": fit.similarity.rotation, "offset": list(fit.similarity.offset),
                    "km_per_hex": round(fit.km_per_hex, 4),
                    "pins": [{"place": p.name, "hex": p.hex, "residual_hexes": round(p.residual, 3),
                              "real_hex": p.real_hex, "source": p.town.source} for p in fit.pins],
                    "source": "least squares over the numbered places (scripts/fit_map.py)"
                    if design is None else f"geo.toml [grid]: {design.source}"}
        atomic_write(args.game_folder / "geo" / "fit.json", (json.dumps(fit_json, indent=1, ensure_ascii=False) + "\n").encode())


if __name__ == "__main__":
    main()
