"""What ``vassal-tools games`` shows: each known game's id, title, rulebook and the checks it lists
with the rules they cite and what they judge, and what the pack says plainly about itself
(:class:`~.pack.GamePack`'s ``title``, ``rulebook``, ``checks`` and ``notes``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..pack import ListedCheck
from . import pack_for, pack_ids


@dataclass(frozen=True)
class GameListing:
    id: str
    title: str
    rulebook: str
    checks: tuple[ListedCheck, ...]  # (check, rules cited, what it judges or "")
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
        if pack is not None:
            found.append(GameListing(game, pack.listed_name(), pack.rulebook, pack.checks, pack.notes))
    return found
