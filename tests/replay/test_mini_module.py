"""The mini module of tests/kits/mini_module.py names its places like the game."""

from __future__ import annotations

from kits.mini_module import AIR, OP, STRAT, hex_point, spot


def test_mini_module_names_its_places_like_the_game(mini_module):
    from vassal_tools import open as vt_open
    from vassal_tools.geometry.from_module import ModuleGeometry

    geometry = ModuleGeometry(vt_open(mini_module))
    assert geometry.location_name(OP, *hex_point("4332")) == "4332"
    assert geometry.location_name(STRAT, *spot("Troms")[1:]) == "Troms"
    assert geometry.location_name(AIR, *spot("Fornebu Ready")[1:]) == "Fornebu Ready"
