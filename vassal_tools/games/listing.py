"""What ``vassal-tools games`` shows: each known game's id, title, rulebook and checks with the
rules they cite, as far as its pack says, and what the pack says plainly about itself.

A pack gives its checks either as ``checks`` (check, rules cited, what it judges) or as
``cited`` (check -> rules cited) with ``described`` (check -> what it judges); a pack with
neither lists none.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import pack_for, pack_ids


@dataclass(frozen=True)
class GameListing:
    id: str
    title: str
    rulebook: str
    checks: tuple[tuple[str, tuple[str, ...], str], ...]  # (check, rules cited, what it judges or "")
    notes: tuple[str, ...] = ()  # what the pack says plainly about itself ("no supply rule")

    def lines(self) -> list[str]:
        head = f"{self.id}: {self.title}" + (f" ({self.rulebook})" if self.rulebook else "")
        checks = [f"  {name} [{', '.join(rules)}]" + (f": {what}" if what else "") for name, rules, what in self.checks]
        return [head, *checks, *(f"  note: {note}" for note in self.notes)]


def list_games() -> list[GameListing]:
    """Every game the registry knows, by id."""
    found = []
    for game in pack_ids():
        pack = pack_for(game)
        if pack is None:
            continue
        title = getattr(pack, "title", None) or getattr(pack.vocabulary, "game", game)
        checks = tuple(getattr(pack, "checks", ()))
        if not checks:
            cited = getattr(pack, "cited", {})
            described = getattr(pack, "described", {})
            checks = tuple((name, tuple(rules), str(described.get(name, ""))) for name, rules in cited.items())
        found.append(GameListing(game, str(title), str(getattr(pack, "rulebook", "")), checks,
                                 tuple(str(n) for n in getattr(pack, "notes", ()))))
    return found
