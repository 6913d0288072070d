"""No opening piece hides a place's name or symbols on the hex maps (issue 22 point 3: Europa
Narvik's counters sat on the Narvik, Kristiansand and Horten labels, Invasion: Norway's on Oslo,
Bergen, Stavanger, Trondheim and on the port and airbase symbols).

The stacks are the built module's (the at-start stacks' points, each counter's image size at 100%
from the counter art's manifest, fanned by the module's own unexpanded-stack separation); the
labels are where the map's drawing puts them (:func:`place_labels`)."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from vassal_tools.art.map_data import map_data
from vassal_tools.art.map_style import load_map_style
from vassal_tools.art.operational import place_labels
from vassal_tools.builder import standard
from vassal_tools.builder.module import assemble

HEX_GAMES = {"invasion-norway": ROOT / "module_src" / "invasion_norway",
             "narvik-1940": ROOT / "module_src" / "narvik_1940",
             "europa-narvik": ROOT / "module_src" / "europa_narvik"}
# Where the issue saw a counter on a name: each of these hexes holds an opening stack and a name.
SEEN_COVERED = {"invasion-norway": {"Oslo", "Bergen", "Trondheim"}, "narvik-1940": {"Narvik"},
                "europa-narvik": {"Narvik", "Kristiansand", "Horten"}}


def overlap(a, b) -> float:
    """The area two boxes (left, top, right, bottom) share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


@pytest.fixture(scope="module", params=sorted(HEX_GAMES))
def opening(request, tmp_path_factory):
    game = request.param
    cache = tmp_path_factory.mktemp(game)
    assembly = assemble(HEX_GAMES[game], cache=cache)
    manifest = json.loads((cache / "counters" / "counters.json").read_text(encoding="utf-8"))
    scale = float(manifest["layer_scale"])
    sizes = {unit: (e["size"][0] * scale, e["size"][1] * scale) for unit, e in manifest["counters"].items()}
    data = map_data(HEX_GAMES[game])
    hexes = {row["hex"] for row in data.hexes}
    right, up = standard.UNEXPANDED_SEPARATION
    stacks = {}
    for stack in assembly.stacks:
        if stack.spot.name not in hexes:
            continue
        x, y = stack.spot.local
        width = max(sizes[u][0] for u in stack.units)
        height = max(sizes[u][1] for u in stack.units)
        n = len(stack.units) - 1
        stacks[stack.spot.name] = (x - width / 2, y - height / 2 - up * n, x + width / 2 + right * n, y + height / 2)
    return game, data, stacks


def test_no_place_name_lies_under_an_opening_stack(opening):
    game, data, stacks = opening
    labels = place_labels(data.layout, data, load_map_style())
    covered = [(label.names, at, overlap(box, stack)) for label in labels.values() for box in label.boxes
               for at, stack in stacks.items() if overlap(box, stack) > 0]
    assert covered == []
    named_under_stacks = {name for at in stacks if at in labels for name in labels[at].names}
    assert SEEN_COVERED[game] <= named_under_stacks  # the cases the issue saw are measured


def test_no_place_symbol_lies_under_an_opening_stack(opening):
    """A hex's port, airbase, battery, mobilization and settlement symbols lie within 0.42 hex
    heights across and 0.3 up and 0.22 down of its centre; where a stack would cover them they are
    drawn in the tag beside it."""
    _, data, stacks = opening
    layout = data.layout
    h = layout.hex_height
    labels = place_labels(layout, data, load_map_style())
    covered = []
    for at, label in labels.items():
        x, y = layout.centre(at)
        symbols = label.boxes[0] if label.tag else (x - 0.42 * h, y - 0.3 * h, x + 0.42 * h, y + 0.22 * h)
        covered += [(at, other) for other, stack in stacks.items() if overlap(symbols, stack) > 0]
    assert covered == []
    assert all(labels[at].tag for at in stacks if at in labels)  # a hex with a stack shows its places beside it
