"""Draft a mapping file (docs/mapping-format.md) for a module vassal_tools did not build.

Each piece slot of the module is matched against the units of the game's data, from what
the module holds: a Marker ``UnitId``, the piece's name, and hints in its palette path,
prototypes, images and properties (a nationality word). Every match carries a confidence
and the reason for it; a slot that matches no unit, or several equally, is listed as
unmatched with its best candidates. Slots alike in name and images (a palette slot and an at-start stack's) are one counter and
get one unit; otherwise each unit is given to one slot at most. Nothing is guessed silently: the user reads the draft,
edits it, and passes it to ``audit --mapping``.

Confidence, highest first:
- 1.0: a Marker property ``UnitId`` (or ``id``) is the unit's id;
- 0.95: an image of the piece is named after the unit's id (``ger-138-gj-1.png``);
- 0.9: the piece's name is the unit's counter name, and no other unit has it;
- 0.8: the name is shared, and a nationality word in the slot's palette path, prototypes,
  images or properties leaves one unit, or identical units (same attributes) are assigned
  in palette order;
- 0.7: the name is one unit's with Roman and Arabic numerals exchanged ('2/138' for 'II/138');
- 0.6: the name is close to one unit's name (similar spelling, same numbers) and to no other.

A slot is never matched across sides: when its palette path, prototypes, images or properties
name a side or a nationality of the game (``German``, ``Allied``), only units of those sides and
nationalities (or of none, such as markers) are its candidates; a slot that names only nationalities the game
has no units of (``American`` in an Invasion: Norway draft) is matched to none. When almost
nothing matches surely (:data:`ANOTHER_GAME`), the draft says the module looks like another game.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput
from ..formats.pieces import expand_prototypes, parse_definition, prototype_pieces
from ..record.entries import Catalogue

MARKER_ID_KEYS = ("unitid", "id")
ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7", "viii": "8", "ix": "9",
         "x": "10"}
#: Below this a match is not written into the mapping's units (it is listed as unmatched).
ACCEPT = 0.6
#: The words a palette or prototype name may use for each nationality of the data (the game's
#: pack declares them: ``nationality_words``; by default each nationality by its id); short forms
#: count as whole words only ("nor-dd-1.png", "Ger / Navy").
NationalityWords = Mapping[str, Iterable[str]]
#: Nationalities of other wargames' modules, none of them in a game of the toolkit: a slot naming
#: only one of these (and none of the game's) is no unit of the game.
OTHER_NATIONALITY_WORDS: NationalityWords = {
    "american": ("american", "us", "usa", "u.s.", "united states"), "canadian": ("canadian", "canada"),
    "soviet": ("soviet", "russian", "ussr", "red army"), "italian": ("italian", "italy"),
    "japanese": ("japanese", "japan")}
#: A draft whose sure matches (:data:`SURE` or more) are at most this share of the module's slots
#: and of the game's units says the module looks like another game (a module of the game matches
#: most of its counters by id or name; near-spellings match in any module).
ANOTHER_GAME = 0.1
SURE = 0.8


@dataclass(frozen=True)
class Slot:
    """A piece slot of the module, with what can identify its unit."""

    key: str  # the mapping key: "gpid:N", or the piece name when the slot has no gpid
    name: str
    palette: str
    hints: str  # palette path, prototypes, images and property values, lower case
    unit_id: str | None  # a Marker UnitId, if the module gives one
    images: tuple[str, ...] = ()

    @property
    def same_piece(self) -> tuple:
        """Slots alike in name, images and unit id show one counter (a palette slot and an
        at-start stack's, say): they are one unit."""
        return (self.name, self.images, self.unit_id)


@dataclass
class Match:
    slot: Slot
    ref: str | None
    confidence: float
    reason: str
    candidates: list[str] = field(default_factory=list)


def draft_mapping(buildfile, catalogue: Catalogue, game: str,
                  side_names: Mapping[str, str] | None = None,
                  nationality_words: NationalityWords | None = None) -> dict[str, Any]:
    """The draft mapping of the module whose buildFile is given, against the game's catalogue.

    ``side_names``: the game's side ids and the names its roster gives them (``allied``: ``The
    Allies``), words a slot may name its side by besides the side ids; ``nationality_words``: see
    :class:`UnitMatcher`.
    """
    units = {uid: dict(catalogue.unit(uid) or {}) for uid in catalogue.unit_ids()}
    matcher = UnitMatcher(units, side_names, nationality_words)
    matches = matcher.match_all(list(module_slots(buildfile)))
    accepted = [m for m in matches if m.ref is not None and m.confidence >= ACCEPT]
    rejected = [m for m in matches if m not in accepted]
    found = {m.ref for m in accepted if m.ref}
    sure = [m for m in accepted if m.confidence >= SURE]
    another = another_game(buildfile.name, game, len(matches), len(sure), len({m.ref for m in sure}), len(units))
    return {
        "game": game,
        "units": {m.slot.key: {"ref": m.ref} for m in accepted},
        "locations": {},
        "players": {},
        "draft": {m.slot.key: {"piece": m.slot.name, "palette": m.slot.palette, "ref": m.ref,
                               "confidence": m.confidence, "reason": m.reason} for m in accepted},
        "unmatched": [{"key": m.slot.key, "piece": m.slot.name, "palette": m.slot.palette, "why": m.reason,
                       "candidates": m.candidates} for m in rejected],
        "summary": {"slots": len(matches), "matched": len(accepted), "unmatched": len(rejected),
                    "units_of_the_game": len(units),
                    "units_not_found": sorted(set(units) - found),
                    **({"another_game": another} if another else {})},
    }


def another_game(module: str, game: str, slots: int, sure: int, found: int, units: int) -> str | None:
    """Why the module looks like another game than ``game``, or None: almost none of its slots
    match a unit surely, and almost none of the game's units are found surely."""
    if not slots or not units or sure > ANOTHER_GAME * slots or found > ANOTHER_GAME * units:
        return None
    return (f"the module {module!r} looks like another game than {game}: only {sure} of its {slots} piece slots "
            f"match a unit of {game} by id or name ({found} of the game's {units} units); check --game")


def module_slots(buildfile) -> Iterable[Slot]:
    """Every piece slot with a definition, its prototypes expanded (Marker data often sits there)."""
    # A prototype that cannot be read is lint's to report; the slot's own traits still count.
    prototypes = prototype_pieces(buildfile, skip_bad=True)
    for slot in buildfile.piece_slots:
        if not (slot.text or "").strip():
            continue
        where = f"{slot.class_name} {slot.entry_name or ''!r}"
        piece = parse_definition(slot.text, where=where)[1]
        own_prototypes = list(piece.prototypes)
        try:
            piece = expand_prototypes(piece, prototypes)
        except BadInput:
            pass
        properties = dict(piece.marker_properties)
        unit_id = next((v.strip() for k, v in properties.items() if k.lower() in MARKER_ID_KEYS and v.strip()), None)
        gpid = slot.gpid or (piece.basic.gpid if piece.basic is not None else "")
        name = piece.name or slot.entry_name or ""
        palette = " / ".join(slot.palette_path)
        hints = " ".join([palette, *own_prototypes, *piece.images, *properties.values(), slot.entry_name or ""])
        yield Slot(f"gpid:{gpid}" if gpid else name, name, palette, hints.lower(), unit_id, tuple(piece.images))


class UnitMatcher:
    """Matches slots to units; each unit is given to one slot at most.

    ``nationality_words``: the words that name each nationality in a slot's palette, prototypes,
    images or properties (the game's pack declares them); by default each nationality of the units
    is named by its id alone. Nationalities no game of the toolkit has (:data:`OTHER_NATIONALITY_WORDS`)
    are known too, as no unit of the game.
    """

    def __init__(self, units: Mapping[str, Mapping[str, Any]], side_names: Mapping[str, str] | None = None,
                 nationality_words: NationalityWords | None = None):
        self.units = units
        self.side_of_nationality: dict[str, str] = {}
        for attrs in units.values():
            if attrs.get("nationality") and attrs.get("side"):
                self.side_of_nationality.setdefault(str(attrs["nationality"]), str(attrs["side"]))
        if nationality_words is None:
            nationality_words = {n: (n,) for n in {str(a.get("nationality") or "").lower() for a in units.values()} if n}
        self.nationality_words = {nat: tuple(words) for nat, words in OTHER_NATIONALITY_WORDS.items()
                                  if nat not in self.side_of_nationality}
        self.nationality_words.update({nat: tuple(words) for nat, words in nationality_words.items()})
        # Words naming a side: its id, the roster's name for it (without "The"), and its nationalities'.
        self.side_words: dict[str, str] = {}
        for side in {str(a["side"]) for a in units.values() if a.get("side")}:
            self.side_words[side.lower()] = side
            name = (side_names or {}).get(side, "").lower()
            for word in {name, name.removeprefix("the ")} - {""}:
                self.side_words[word] = side
        self.by_key: dict[tuple[str, ...], list[str]] = {}
        self.by_loose_key: dict[tuple[str, ...], list[str]] = {}
        for uid, attrs in units.items():
            name = str(attrs.get("name") or uid)
            self.by_key.setdefault(name_key(name), []).append(uid)
            self.by_loose_key.setdefault(loose_key(name), []).append(uid)
        self.names = {uid: str(attrs.get("name") or uid) for uid, attrs in units.items()}
        self.taken: dict[str, Slot] = {}

    def match_all(self, slots: list[Slot]) -> list[Match]:
        # Certain matches first, so a unit named by its id is not given away by a name match.
        order = sorted(range(len(slots)), key=lambda i: (slots[i].unit_id is None, not slots[i].palette))
        first: dict[tuple, Match] = {}
        out: dict[int, Match] = {}
        for i in order:
            slot = slots[i]
            alike = first.get(slot.same_piece)
            if alike is None:
                out[i] = first[slot.same_piece] = self.match(slot)
            elif alike.ref is None:
                out[i] = Match(slot, None, 0.0, alike.reason, alike.candidates)
            else:
                out[i] = Match(slot, alike.ref, alike.confidence, f"the same counter as {alike.slot.key} "
                                                                   f"(name and images): {alike.reason}")
        return [out[i] for i in range(len(slots))]

    def match(self, slot: Slot) -> Match:
        sides, nationalities, foreign = self._sides_named(slot)
        if foreign and not sides:
            return Match(slot, None, 0.0, f"its palette, prototypes or images name {' and '.join(sorted(foreign))} "
                                          "units, and the game has none")

        def free(uid: str) -> bool:
            # Never across sides, nor to another nationality than the slot names; a unit of no
            # side or nationality (a marker) may still be the slot's.
            attrs = self.units[uid]
            return uid not in self.taken and (not sides or attrs.get("side") in sides | {None}) and \
                (not nationalities or attrs.get("nationality") in nationalities | {None})

        if slot.unit_id is not None:
            if slot.unit_id not in self.units:
                return Match(slot, None, 0.0, f"Marker UnitId {slot.unit_id!r} is no unit of the game")
            if not free(slot.unit_id) and slot.unit_id not in self.taken:
                return self._across(slot, sides, [slot.unit_id])
            return self._take(slot, slot.unit_id, 1.0, f"Marker UnitId {slot.unit_id!r} is the unit's id")
        images = self._image_ids(slot)
        by_image = [u for u in images if free(u)]
        if len(by_image) == 1:
            return self._take(slot, by_image[0], 0.95, f"its image is named after the unit's id {by_image[0]!r}")
        named = self.by_key.get(name_key(slot.name), [])
        same_name = [u for u in named if free(u)]
        if same_name:
            return self._by_name(slot, same_name)
        numerals = [u for u in self.by_loose_key.get(loose_key(slot.name), []) if free(u)]
        across = [u for u in [*images, *named, *self.by_loose_key.get(loose_key(slot.name), [])]
                  if u not in self.taken and not free(u)]
        if across and not numerals:
            return self._across(slot, sides, across)
        if len(numerals) == 1:
            return self._take(slot, numerals[0], 0.7, f"its name {slot.name!r} is {self.names[numerals[0]]!r} with "
                                                        "Roman and Arabic numerals exchanged: check it")
        if numerals:
            return Match(slot, None, 0.0, f"its name {slot.name!r} fits {len(numerals)} units once Roman and "
                                          "Arabic numerals are exchanged", sorted(numerals)[:8])
        return self._by_similar_name(slot, free)

    def _sides_named(self, slot: Slot) -> tuple[set[str], set[str], set[str]]:
        """What a slot's hints name: sides (by a side word or a nationality of the game), the
        game's nationalities, and nationalities the game has no units of."""
        sides = {side for word, side in self.side_words.items() if _word_in(word, slot.hints)}
        nationalities, foreign = set(), set()
        for nationality, words in self.nationality_words.items():
            if any(_word_in(w, slot.hints) for w in words):
                if nationality in self.side_of_nationality:
                    sides.add(self.side_of_nationality[nationality])
                    nationalities.add(nationality)
                else:
                    foreign.add(nationality)
        return sides, nationalities, foreign

    def _across(self, slot: Slot, sides: set[str], candidates: list[str]) -> Match:
        units = ", ".join(f"{u} ({self.units[u].get('side')})" for u in sorted(set(candidates))[:4])
        return Match(slot, None, 0.0, f"it would match {units}, but its palette, prototypes or images name the "
                                      f"{' and '.join(sorted(sides))} side or other nationalities: never matched "
                                      "across sides", sorted(set(candidates))[:8])

    def _by_name(self, slot: Slot, candidates: list[str]) -> Match:
        if len(candidates) == 1:
            return self._take(slot, candidates[0], 0.9, f"its name {slot.name!r} is this unit's counter name")
        narrowed = self._nationality_filter(slot, candidates)
        if len(narrowed) == 1:
            return self._take(slot, narrowed[0], 0.8, f"its name {slot.name!r} and the nationality named in "
                                                       f"its palette, prototypes or images")
        if narrowed and self._identical(narrowed):
            return self._take(slot, narrowed[0], 0.8, f"one of {len(narrowed)} identical units named "
                                                       f"{slot.name!r} (same attributes), given in palette order")
        return Match(slot, None, 0.0, f"{len(narrowed or candidates)} units are named {slot.name!r} and nothing in "
                                      "the slot tells them apart", sorted(narrowed or candidates)[:8])

    def _by_similar_name(self, slot: Slot, allowed) -> Match:
        wanted = " ".join(name_key(slot.name))
        free = {uid: " ".join(name_key(n)) for uid, n in self.names.items() if allowed(uid)}
        scored = sorted(((difflib.SequenceMatcher(None, wanted, key).ratio(), uid) for uid, key in free.items()),
                        reverse=True)[:5]
        candidates = [uid for score, uid in scored if score >= 0.5]
        if not scored or scored[0][0] < 0.8:
            return Match(slot, None, 0.0, f"no unit of the game is named like {slot.name!r}", candidates)
        best, best_uid = scored[0]
        rivals = [uid for score, uid in scored[1:] if score >= best - 0.05 and self.names[uid] != self.names[best_uid]]
        if rivals or _numbers(wanted) != _numbers(free[best_uid]):
            return Match(slot, None, 0.0, f"its name {slot.name!r} is close to several units", candidates)
        return self._take(slot, best_uid, 0.6, f"its name {slot.name!r} is close to {self.names[best_uid]!r} "
                                                f"(similarity {best:.2f}, same numbers): check it")

    def _image_ids(self, slot: Slot) -> list[str]:
        stems = {re.sub(r"(_back|_front|-back|-front)?\.[a-z]+$", "", image.lower()) for image in slot.images}
        return [uid for uid in self.units if uid.lower() in stems]

    def _nationality_filter(self, slot: Slot, candidates: list[str]) -> list[str]:
        named = {nat for nat, words in self.nationality_words.items() if any(_word_in(w, slot.hints) for w in words)}
        return [u for u in candidates if str(self.units[u].get("nationality") or "").lower() in named]

    def _identical(self, candidates: list[str]) -> bool:
        first = {k: v for k, v in self.units[candidates[0]].items() if k != "name"}
        return all({k: v for k, v in self.units[u].items() if k != "name"} == first for u in candidates[1:])

    def _take(self, slot: Slot, ref: str, confidence: float, reason: str) -> Match:
        self.taken[ref] = slot
        return Match(slot, ref, confidence, reason)


def name_key(name: str) -> tuple[str, ...]:
    """A name's words and numbers, lower case, punctuation dropped: 'II/138' ~ 'ii-138'.

    Roman and Arabic numerals stay apart: in Invasion: Norway 'II/FJR 1' is a battalion and
    '2/FJR 1' a company.
    """
    return tuple(re.findall(r"[a-z]+|\d+", name.lower()))


def loose_key(name: str) -> tuple[str, ...]:
    """:func:`name_key` with Roman numerals read as digits: 'II/138' ~ '2/138' (a weaker match)."""
    return tuple(ROMAN.get(t, t) for t in name_key(name))


def _numbers(key: str) -> list[str]:
    return re.findall(r"\d+", key)


def _word_in(word: str, text: str) -> bool:
    return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text) is not None


def summary_lines(draft: Mapping[str, Any]) -> list[str]:
    """What a maintainer reads first: how much matched, how surely, and what is left to do."""
    summary = draft["summary"]
    by_confidence: dict[float, int] = {}
    for entry in draft["draft"].values():
        by_confidence[entry["confidence"]] = by_confidence.get(entry["confidence"], 0) + 1
    lines = [f"warning: {summary['another_game']}"] if summary.get("another_game") else []
    lines += [f"{summary['matched']} of {summary['slots']} piece slots matched to units of {draft['game']}"
              f" ({summary['units_of_the_game']} units in its data)"]
    lines += [f"  {count} at confidence {level:.1f}" for level, count in sorted(by_confidence.items(), reverse=True)]
    if summary["unmatched"]:
        lines.append(f"{summary['unmatched']} slots not matched (see 'unmatched' in the file): "
                     + ", ".join(repr(m["piece"]) for m in draft["unmatched"][:10])
                     + (" ..." if summary["unmatched"] > 10 else ""))
    if summary["units_not_found"]:
        lines.append(f"{len(summary['units_not_found'])} units of the game have no slot")
    return lines
