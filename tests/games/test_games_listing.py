"""`vassal-tools games`: every game of the registry, each check with the rules it cites and what it judges."""

from __future__ import annotations

import re

from click.testing import CliRunner

from vassal_tools.cli import main
from vassal_tools.games import pack_ids
from vassal_tools.games.listing import list_games


def test_all_five_games_are_listed():
    out = CliRunner().invoke(main, ["games"]).output
    heads = re.findall(r"^(\S+): ", out, re.MULTILINE)
    assert sorted(heads) == ["europa-narvik", "invasion-norway", "kampen-om-norge", "narvik-1940", "norway-1940"]
    assert set(heads) == set(pack_ids())


def test_every_check_cites_rules_and_says_what_it_judges():
    for game in list_games():
        assert game.rulebook.endswith(".txt") and game.checks, game.id
        for name, rules, what in game.checks:
            assert rules, f"{game.id} {name} cites no rule"
            assert len(what.split()) >= 3, f"{game.id} {name} does not say what it judges"
