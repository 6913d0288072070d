"""What ``vassal-tools games`` lists: each game the registry knows, its checks and the rules they cite."""

from __future__ import annotations

from dataclasses import dataclass

from . import pack_for, pack_ids


@dataclass(frozen=True)
class PackSummary:
    id: str
    title: str
    rulebook: str
    checks: tuple[tuple[str, tuple[str, ...]], ...]  # (check, rules it cites), in the pack's order
    notes: tuple[str, ...]  # what the pack says plainly about itself ("no supply rule")


def pack_summaries() -> list[PackSummary]:
    out = []
    for game in pack_ids():
        pack = pack_for(game)
        if pack is None:
            continue
        cited = getattr(pack, "cited", {})
        out.append(PackSummary(game, str(getattr(pack, "title", game)), str(getattr(pack, "rulebook", "")),
                               tuple((name, tuple(rules)) for name, rules in cited.items()),
                               tuple(getattr(pack, "notes", ()))))
    return out
