"""When each card of Kampen om Norge may be played (kampen-om-norge.txt 2.4, 4.1-4.3, 6.2, 7.4, 8.2, Appendix).

2.4: "The number indicates in which phase (see chapter 4) the action card can be played to achieve that
particular effect"; a green symbol: "must be played in your own turn", a red one: "must be played in your
opponent's turn". The symbols did not survive in the text; the phase lists of 4.1-4.3 and 8.2 and the
Appendix's wording give each card's use its phase and whose turn (``WHEN``, by card and use). A card the
record gives a use no list names is not judged. 6.2: 9. April cards "may only be used during the 9. April
turn"; 7.4: the action cards are drawn at its end, so none is played in it.
"""

from __future__ import annotations

from ...record import Entry
from ...rules.engine import Audit
from .board import APRIL, rule
from .data import card_key
from .entries import Card as CardEntry
from .rules import KampenCheck
from .table import DECK_USES

OWN, OPPONENT, ANY = "own", "opponent", "any"
When = tuple[tuple[str, str], ...]  # (whose turn, phase) a card's use may be played in
# card_key -> use -> ((whose turn, phase), ...). 4.1 lists the movement cards, 4.1 c) Norway's sabotage "when
# Germany has completed all movement", 4.2 the combat cards of attacker (own turn) and defender (the
# opponent's), 4.2 step 6 Kystevakuering, 4.3 the reinforcement cards, 8.2 the naval combat cards.
COMBAT_OWN, COMBAT_OPP, COMBAT_ANY = (OWN, "combat"), (OPPONENT, "combat"), (ANY, "combat")
MOVE_OWN, MOVE_OPP = (OWN, "movement"), (OPPONENT, "movement")
FIGHT: dict[str, When] = {"attack": (COMBAT_OWN,), "defense": (COMBAT_OPP,)}
SUBMARINE: dict[str, When] = {"sink": (COMBAT_ANY, (OPPONENT, "reinforcement"), MOVE_OPP)}  # Appendix Ubåt: after a reinforcement
WHEN: dict[str, dict[str, When]] = {
    "artilleri": FIGHT, "gebirgsjäger": FIGHT, "panzer": FIGHT, "bakhold": FIGHT, "franskalpejeger": FIGHT,
    "polskbergjeger": FIGHT, "fremmedlegionær": FIGHT, "stridsvogn": FIGHT,
    "bombefly": {"attack": (COMBAT_OWN,), "sink": (COMBAT_OWN,)},
    "jagerbomber": {"attack": (COMBAT_OWN,), "cancel": (COMBAT_OWN,)},
    "speidertropp": {"attack": (COMBAT_OWN,), "cancel": (COMBAT_OWN,)},
    "kystbombardement": {"attack": (COMBAT_OWN,)},
    "ingeniørkompani": {"cancel": (MOVE_OWN,), "defense": (COMBAT_OPP,)},
    "panservernkanon": {"defense": (COMBAT_OPP,), "cancel": (COMBAT_ANY,)},
    "jagerfly": {"cancel": (COMBAT_OPP,), "move": (MOVE_OPP,)},
    "fallskjermtropp": {"place": (MOVE_OWN,), "attack": (MOVE_OWN,)},
    "raskforflytning": {"move": (MOVE_OWN, MOVE_OPP)},  # Norway's escapes in the German movement phase (4.1 c)
    "transportfly": {"move": (MOVE_OWN,), "place": ((OWN, "reinforcement"),)},
    "invasjon": {"place": (MOVE_OWN,)},
    "kystevakuering": {"move": (MOVE_OWN, COMBAT_ANY)},
    "veisperring": {"cancel": (MOVE_OPP,), "move": (MOVE_OPP,)},
    "sprengtbro": {"cancel": (MOVE_OPP,), "move": (MOVE_OPP,)},
    "ubåt": SUBMARINE,
}
# 4.3: cards traded for reinforcements in the faction's own Reinforcement Phase; the Allies' with Invasjon in
# their movement phase (Appendix Invasjon, Example 2), Germany's to call raiders back in its movement phase (7.2).
TRADED: When = ((OWN, "reinforcement"), MOVE_OWN)


class CardTiming(KampenCheck):
    """2.4, 4.1-4.3, 8.2: each card's use in its phase and in its owner's or the opponent's turn; 6.2, 7.4:
    9. April cards only in the 9. April turn, action cards not in it."""

    def before(self, audit: Audit, entry: Entry) -> None:
        if not isinstance(entry, CardEntry) or entry.use in DECK_USES:
            return
        card = self.data.card(entry.side, entry.name)
        if card is None:
            return
        april = audit.position.turn == APRIL
        decks = {c.deck for c in self.data.cards if c.side == entry.side and card_key(entry.name) in c.keys()}
        if april and "april" not in decks:
            audit.report(rule("7.4"), f"{entry.side} plays {card.shown()} in the 9. April turn: the action cards are "
                         "drawn at its end (7.4); that turn is played with 9. April cards", where=entry.zone)
        elif not april and decks == {"april"}:
            audit.report(rule("6.2"), f"{entry.side} plays the 9. April card {card.shown()} in {audit.position.turn}: "
                         "9. April cards may only be used during the 9. April turn", where=entry.zone)
        elif not april:
            self.timing(audit, entry, card_key(card.name), card.shown())

    def timing(self, audit: Audit, entry: CardEntry, key: str, shown: str) -> None:
        faction, kind = self.board.faction(audit), self.board.kind(audit)
        if faction is None or kind is None:
            return
        allowed: When | None
        if entry.use == "reinforcement":
            allowed = TRADED if entry.side in ("allied", "german") else TRADED[:1]
        else:
            uses = WHEN.get(key, {})
            if entry.use is not None and entry.use not in uses:
                return  # a use no list gives this card: not judged
            allowed = uses.get(entry.use) if entry.use is not None else tuple(t for u in uses.values() for t in u)
        if not allowed:
            return
        whose = OWN if faction == entry.side else "friend" if faction in self.friends[entry.side] else OPPONENT
        if any(phase == kind and who in (ANY, whose) for who, phase in allowed):
            return
        turns = {OWN: "its own", OPPONENT: "the opponent's", ANY: "any"}
        when = " or ".join(f"the {phase} phase of {turns[who]} turn" for who, phase in allowed)
        audit.report(rule("2.4"), f"{entry.side} plays {shown}" + (f" ({entry.use})" if entry.use else "")
                     + f" in the {audit.position.phase} phase: it is played in {when}", where=entry.zone)
