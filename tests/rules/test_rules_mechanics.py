"""The game-independent mechanisms (movement, stacking, detection) and how the Invasion: Norway
pack builds its map from the game data (ZOCs 11.1.3, the Swedish border 11.2.3, the Thaw 3.3.1)."""

from __future__ import annotations

from vassal_tools.games import pack_for
from vassal_tools.rules.detection import Detection, Modifier, interceptors_allowed
from vassal_tools.rules.movement import INF, CostGraph, build_graph, path_cost, reach
from vassal_tools.rules.stacking import Allowance, Piece, excess
from vassal_tools.rules.supply import SupplyLines

# A line of hexes a-b-c-d-e; entering c costs 3, the rest 1.
LINE = "abcde"


def line_graph() -> CostGraph:
    def neighbours(h):
        i = LINE.index(h)
        return [LINE[j] for j in (i - 1, i + 1) if 0 <= j < len(LINE)]

    return build_graph("leg", LINE, neighbours, lambda a, b: 3 if b == "c" else 1)


def test_reach_counts_hexes_entered_not_the_start():
    g = line_graph()
    assert reach(g, "a", 4) == {"a": 0, "b": 1, "c": 4}
    assert path_cost(g, "a", "e") == 6 and path_cost(g, "e", "a") == 6
    assert path_cost(g, "a", "d", cap=4) == INF
    assert path_cost(g, "a", "e", blocked={"c"}) == INF
    assert path_cost(g, "c", "c", blocked={"c"}) == 0


def test_supply_lines_cache_per_situation():
    lines = SupplyLines({"leg": line_graph()})
    assert lines.line("a", ["c"], "leg", 4, frozenset(), situation=1).cost == 4
    # A new situation (something moved) is searched again, with its own blocked hexes.
    assert not lines.line("a", ["c"], "leg", 4, {"b"}, situation=2)
    assert lines.line("e", ["e"], "leg", 0, frozenset(), situation=2).found


def test_stacking_excess_uses_spare_places_where_they_help():
    # 11.1.1: four infantry and two artillery battalions, one company or battery; further companies
    # and batteries are half a battalion each in free slots.
    allowance = Allowance({"infantry": 4, "artillery": 2}, spare=1, small_any_group=True)
    bn = [Piece(f"i{k}", "infantry", 1) for k in range(4)]
    coy = [Piece(f"c{k}", "infantry", 0.5, small=True) for k in range(5)]
    art = [Piece(f"a{k}", "artillery", 1) for k in range(3)]
    assert not excess(bn + art[:2] + coy[:1], allowance)     # full: the company takes the spare place
    assert excess(bn + art[:2] + coy[:2], allowance).total == 0.5  # the second company finds no free slot
    assert excess(bn[:3] + coy[:3], allowance).total == 0   # 3 + 2 x 0.5 = 4, one company spare
    assert excess(bn + art[:1] + coy[:3], allowance).total == 0   # two companies in the free artillery slot
    over = excess(bn + art, allowance)
    assert dict(over.over) == {"artillery": 1}                # a battalion never takes another arm's slot
    assert not excess(bn * 2, allowance.scaled(2))            # Oslo: doubled
    assert excess([Piece("t", "infantry", 0)] * 50, allowance).total == 0  # weightless pieces (trucks)
    own_arm = Allowance({"infantry": 4, "artillery": 2}, spare=1)
    assert excess(bn + art[:1] + coy[:3], own_arm).total == 1  # read strictly: only infantry slots


def test_detection_arithmetic():
    # 6.2 Example #1: NDV 5, Cloudy +1, roll 2 -> 3: detected, margin 2, four interceptors.
    d = Detection(2, 5, (Modifier(1, "cloudy weather"),))
    assert (d.modified, d.detected, d.margin) == (3, True, 2)
    rule = pack_for("invasion-norway").config["detection"]  # the pack's 6.2 numbers: per point, at zero
    per_point, at_zero = rule["per_point"], rule["at_zero"]
    assert interceptors_allowed(d.margin, per_point, at_zero) == 4
    assert interceptors_allowed(0, per_point, at_zero) == 2                   # 6.2 Exception
    assert interceptors_allowed(3, per_point, at_zero) == 6                   # 6.2 Example #2: modified roll 2
    assert interceptors_allowed(-1, per_point, at_zero) == 0
    assert interceptors_allowed(5, per_point, at_zero, cap=8) == 8            # 6.4.1: never more than eight fighters
    assert Detection(5, 5).detected and not Detection(6, 5).detected
    assert Detection(0, 3, (Modifier(2, "foul", sample=True),)).samples() == ("foul +2",)


def test_zoc_projection(norway_pack):
    zoc = norway_pack.terrain.zoc.into
    assert "4820" in zoc["4920"]          # into an adjacent Clear hex
    assert "4519" in zoc["4619"]          # along a highway and railroad into Forest
    assert "4620" not in zoc["4619"]      # not into Forest without a road
    assert "4921" not in zoc["4820"]      # not across a Fjord hexside (Exception #1), though 4921 is Clear


def test_swedish_border(norway_pack):
    t = norway_pack.terrain
    none = frozenset()
    assert t.step_cost("leg", "0504", "0604", none) < INF   # 11.2.3: the border connects them
    assert t.step_cost("leg", "0704", "0804", none) == INF  # 11.2.3: it does not
    assert t.step_cost("leg", "0704", "0703", none) == INF  # no unit enters Sweden


def test_thaw_changes_only_what_it_should(norway_pack):
    t, game = norway_pack.terrain, norway_pack.game
    thawed = game.thawed_zones("June #3")
    assert thawed, "the game data names thaw turns"
    for move_class in ("leg", "mountain", "motorized"):
        patched = t.graph(move_class, thawed)
        full = build_graph(move_class, t.land, lambda h: set(t.neighbours[h]) | t.ferries.get(h, set()),
                           lambda a, b, move_class=move_class: t.step_cost(move_class, a, b, thawed))
        assert {h: sorted(e) for h, e in patched.edges.items()} == {h: sorted(e) for h, e in full.edges.items()}
    # 3.3.1: motorized units pay 2 MPs along a road before the Thaw and 3 (4 in Nordland, Troms) after.
    road = next((a, b) for key, f in t.sides.items() if "road" in f and "highway" not in f
                and "railroad" not in f for a, b in [sorted(key)]
                if game.hexes[b].zone not in ("Nordland", "Troms") and game.hexes[b].is_land
                and game.hexes[a].is_land)
    a, b = road
    assert t.step_cost("motorized", a, b, frozenset()) == 2
    assert t.step_cost("motorized", a, b, frozenset({game.hexes[b].zone})) == 3
