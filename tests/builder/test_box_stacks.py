"""Every opening stack of Invasion: Norway that starts in a box or zone lies wholly inside it (issue 22:
the Germany zone of the Strategic Map held 127 opening counters, 79 land and naval units and 48 air
units in its holding box, in a box one layout row high, so its stacks ran over the boxes about it).

The stacks are the built module's (each at-start stack's point, each counter's image size at 100% from
the counter art's manifest, fanned by the module's own unexpanded-stack separation, :func:`stack_box`);
a zone's room is its polygon on its board less the zones VASSAL tests before it (sub-zones and holding
boxes first: a point there is theirs)."""

from __future__ import annotations

import json

import pytest
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from conftest import ROOT
from vassal_tools.art.hexmap import stack_box
from vassal_tools.builder.module import assemble

GAME = ROOT / "module_src" / "invasion_norway"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = tmp_path_factory.mktemp("invasion-norway")
    assembly = assemble(GAME, cache=cache)
    manifest = json.loads((cache / "counters" / "counters.json").read_text(encoding="utf-8"))
    scale = float(manifest["layer_scale"])
    sizes = {unit: (e["size"][0] * scale, e["size"][1] * scale) for unit, e in manifest["counters"].items()}
    return assembly, sizes


def rooms(assembly) -> dict[tuple[str, str], Polygon]:
    """(board, zone) -> the zone's polygon less the zones listed before it on its board."""
    out = {}
    for plan in assembly.plans:
        for board in plan.boards:
            earlier: list[Polygon] = []
            for zone in board.zones:
                shape = Polygon(zone.points)
                if not zone.holds_hexes:
                    out[(board.name, zone.name)] = shape.difference(unary_union(earlier)) if earlier else shape
                earlier.append(shape)
    return out


def test_every_box_holds_its_opening_stacks(built):
    assembly, sizes = built
    room = rooms(assembly)
    held, outside = {}, []
    for stack in assembly.stacks:
        key = (stack.spot.board, stack.spot.name)
        if key not in room:
            continue  # a hex
        width = max(sizes[u][0] for u in stack.units)
        height = max(sizes[u][1] for u in stack.units)
        covers = box(*stack_box(stack.spot.local, len(stack.units), (width, height)))
        held[stack.spot.name] = held.get(stack.spot.name, 0) + len(stack.units)
        if not room[key].buffer(0.5).contains(covers):
            outside.append((stack.spot.name, len(stack.units)))
    # the case seen: Germany's 79 units and its holding box's 48 air units
    assert held["Germany"] == 79 and held["zone-germany/ready"] == 48
    assert outside == []


def test_no_two_opening_stacks_in_a_box_overlap(built):
    assembly, sizes = built
    room = rooms(assembly)
    covers = []
    for stack in assembly.stacks:
        if (stack.spot.board, stack.spot.name) in room:
            width = max(sizes[u][0] for u in stack.units)
            height = max(sizes[u][1] for u in stack.units)
            covers.append((stack.spot.board, stack.spot.name, box(*stack_box(stack.spot.local, len(stack.units),
                                                                            (width, height)))))
    overlaps = [(a[1], b[1]) for i, a in enumerate(covers) for b in covers[i + 1:]
                if a[0] == b[0] and a[2].intersection(b[2]).area > 1]
    assert overlaps == []
