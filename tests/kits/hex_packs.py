"""What the hex packs' tests share (tests/games/narvik_1940/test_narvik_1940.py, tests/games/europa_narvik/test_europa_narvik.py): every rule a
pack cites, from its checks, its pack.toml and the sources of its data."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

from vassal_tools.gamedata import GameData, citations


def rules_cited(checks: Mapping[str, Iterable[str]], pack_file: Path, data: GameData) -> set[str]:
    """The rules the checks name, every pack.toml ``*rule`` value, and every non-sample citation in
    the data's sources (game.toml, units, places, zones, hexsides, scenario set-ups)."""
    cited = {rule for rules in checks.values() for rule in rules}
    config = tomllib.loads(pack_file.read_text(encoding="utf-8"))
    cited |= {v for table in config.values() if isinstance(table, dict)
              for k, v in table.items() if k.endswith("rule")}
    sources = [data.info.raw["source"], *(u.source for u in data.units.values()), *(p.source for p in data.places),
               *(z.source for z in data.zones.values()), *(s.source for s in data.hexsides),
               *(p.source for sc in data.scenarios.values() for p in sc.setup)]
    return cited | {c.rule for s in sources for c in citations(s) if c.rule is not None}
