"""What ``vassal-tools games`` shows: each known game's id, title, rulebook and checks with the
rules they cite, as far as its pack says (a pack without a ``checks`` table lists none)."""

from __future__ import annotations

from dataclasses import dataclass

from . import pack_for, pack_ids


@dataclass(frozen=True)
class GameListing:
    id: str
    title: str
    rulebook: str
    checks: tuple[tuple[str, tuple[str, ...], str], ...]  # (check, rules cited, what it judges)

    def lines(self) -> list[str]:
        head = f"{self.id}: {self.title}" + (f" ({self.rulebook})" if self.rulebook else "")
        return [head] + [f"  {name} [{', '.join(rules)}]: {what}" for name, rules, what in self.checks]


def list_games() -> list[GameListing]:
    """Every game the registry knows, by id."""
    found = []
    for game in pack_ids():
        pack = pack_for(game)
        if pack is None:
            continue
        title = getattr(pack, "title", None) or getattr(pack.vocabulary, "game", game)
        found.append(GameListing(game, str(title), str(getattr(pack, "rulebook", "")),
                                 tuple(getattr(pack, "checks", ()))))
    return found
