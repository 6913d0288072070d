"""A pack's rulebook files, read for the game it belongs to: how its rulebook numbers its rules
(``rulebook.toml``), what its findings quote (``explain.toml``), its rules index (``rules_index.json``,
built from both and the rulebook text by :func:`build_pack_index`) and its coverage table
(``coverage.toml``, :func:`pack_coverage`).

Each file lies in the game's package (:attr:`GamePack.package_folder`); the rulebook text lies in
../shared/rules, named by :attr:`GamePack.rulebook`. The parsing is game-neutral
(:mod:`vassal_tools.rules.rulebook`, :mod:`vassal_tools.rules.coverage`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ..errors import BadInput
from ..pack import GamePack
from ..rules.coverage import COVERAGE_FILE, Coverage, coverage_of, read_coverage
from ..rules.rulebook import EXPLAIN_FILE, NUMBERING_FILE, Numbering, build_index


def read_toml_file(path: Path) -> dict[str, Any]:
    """A TOML file of a pack; BadInput (one line naming the file) when it is not TOML."""
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except tomllib.TOMLDecodeError as err:
        raise BadInput(path, f"{err}") from err


def numbering_of(pack: GamePack) -> Numbering:
    """How the pack's rulebook numbers its rules (its ``rulebook.toml``)."""
    path = pack.package_folder / NUMBERING_FILE
    if not path.is_file():
        raise BadInput(path, f"missing: the pack {pack.id} does not say how its rulebook numbers its rules")
    return Numbering.from_table(read_toml_file(path), str(path))


def explain_of(pack: GamePack) -> dict[str, Any]:
    """The pack's ``explain.toml`` (rule id -> says, remedy, cases); {} when it has none."""
    path = pack.package_folder / EXPLAIN_FILE
    return read_toml_file(path) if path.is_file() else {}


def build_pack_index(pack: GamePack, rules_folder: Path) -> dict[str, Any]:
    """The pack's rules index, from its rulebook in ``rules_folder`` (BadInput when absent or when a
    rule or phrase of its explain.toml is not in the text: one line naming the file and the rule)."""
    path = rules_folder / pack.rulebook
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise BadInput(path, f"cannot read the rulebook of {pack.id} ({err.strerror})") from err
    try:
        return build_index(text, numbering_of(pack), explain_of(pack), pack.rulebook)
    except ValueError as err:
        raise BadInput(pack.package_folder / EXPLAIN_FILE, f"{err}") from err


def judged_by(pack: GamePack) -> dict[str, list[str]]:
    """Each rule the pack's listed checks cite -> the checks that cite it, in listing order."""
    judged: dict[str, list[str]] = {}
    for check in pack.checks:
        for number in check.rules:
            judged.setdefault(number, []).append(check.name)
    return judged


def pack_coverage(pack: GamePack) -> Coverage:
    """Every rule of the pack's rulebook (from its rules index) with its status (BadInput for a
    coverage.toml naming a rule the rulebook lacks or a status not in the table of statuses)."""
    index = pack.rules_index
    if index is None:
        raise BadInput(pack.package_folder, f"no rules index: build it with scripts/build_rules_index.py "
                       f"--game {pack.id}")
    path = pack.package_folder / COVERAGE_FILE
    table = read_coverage(read_toml_file(path), str(path)) if path.is_file() else {}
    return coverage_of(pack.id, index.titles, judged_by(pack), table, str(path))
