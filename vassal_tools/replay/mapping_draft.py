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
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput
from ..formats.kinds import open_module
from ..formats.pieces import expand_prototypes, parse_definition, prototype_pieces
from ..games import pack_for, pack_ids
from ..record.entries import Catalogue

MARKER_ID_KEYS = ("unitid", "id")
ROMAN = {"i": "1", "ii": "2", "iii": "3", "iv": "4", "v": "5", "vi": "6", "vii": "7", "viii": "8", "ix": "9",
         "x": "10"}
#: Below this a match is not written into the mapping's units (it is listed as unmatched).
ACCEPT = 0.6
#: The words a palette or prototype name may use for each nationality of the data (the game's
#: pack declares them: ``nationality_words``); short forms count as whole words only
#: ("nor-dd-1.png", "Ger / Navy").
NationalityWords = Mapping[str, Iterable[str]]


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
                  nationality_words: NationalityWords | None = None) -> dict[str, Any]:
    """The draft mapping of the module whose buildFile is given, against the game's catalogue
    (``nationality_words``: see :class:`UnitMatcher`)."""
    units = {uid: dict(catalogue.unit(uid) or {}) for uid in catalogue.unit_ids()}
    matcher = UnitMatcher(units, nationality_words)
    matches = matcher.match_all(list(module_slots(buildfile)))
    accepted = [m for m in matches if m.ref is not None and m.confidence >= ACCEPT]
    rejected = [m for m in matches if m not in accepted]
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
                    "units_not_found": sorted(set(units) - {m.ref for m in accepted if m.ref})},
    }


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
    images or properties; by default each nationality of the units is named by its id alone.
    """

    def __init__(self, units: Mapping[str, Mapping[str, Any]], nationality_words: NationalityWords | None = None):
        self.units = units
        if nationality_words is None:
            nationality_words = {n: (n,) for n in {str(a.get("nationality") or "").lower() for a in units.values()} if n}
        self.nationality_words = {nat: tuple(words) for nat, words in nationality_words.items()}
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
        if slot.unit_id is not None:
            if slot.unit_id in self.units:
                return self._take(slot, slot.unit_id, 1.0, f"Marker UnitId {slot.unit_id!r} is the unit's id")
            return Match(slot, None, 0.0, f"Marker UnitId {slot.unit_id!r} is no unit of the game")
        by_image = [u for u in self._image_ids(slot) if u not in self.taken]
        if len(by_image) == 1:
            return self._take(slot, by_image[0], 0.95, f"its image is named after the unit's id {by_image[0]!r}")
        same_name = [u for u in self.by_key.get(name_key(slot.name), []) if u not in self.taken]
        if same_name:
            return self._by_name(slot, same_name)
        numerals = [u for u in self.by_loose_key.get(loose_key(slot.name), []) if u not in self.taken]
        if len(numerals) == 1:
            return self._take(slot, numerals[0], 0.7, f"its name {slot.name!r} is {self.names[numerals[0]]!r} with "
                                                        "Roman and Arabic numerals exchanged: check it")
        if numerals:
            return Match(slot, None, 0.0, f"its name {slot.name!r} fits {len(numerals)} units once Roman and "
                                          "Arabic numerals are exchanged", sorted(numerals)[:8])
        return self._by_similar_name(slot)

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

    def _by_similar_name(self, slot: Slot) -> Match:
        wanted = " ".join(name_key(slot.name))
        free = {uid: " ".join(name_key(n)) for uid, n in self.names.items() if uid not in self.taken}
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


def draft_for_module(path, game: str) -> dict[str, Any]:
    """:func:`draft_mapping` of the module file at PATH against the game GAME (a registered id)."""
    pack = pack_for(game)
    if pack is None:
        raise BadInput(None, f"no game {game!r}: the games are {', '.join(pack_ids())}", "--game")
    if not callable(getattr(pack.catalogue, "unit_ids", None)):  # a pack that cannot list its units
        raise BadInput(None, f"the {game} pack does not list its units (its catalogue has no unit_ids), "
                       "so no mapping can be drafted against it", "--game")
    module = open_module(path)
    try:
        return draft_mapping(module.buildfile, pack.catalogue, pack.id, getattr(pack, "nationality_words", None))
    except BadInput as err:
        raise err.located(path) from None


def summary_lines(draft: Mapping[str, Any]) -> list[str]:
    """What a maintainer reads first: how much matched, how surely, and what is left to do."""
    summary = draft["summary"]
    by_confidence: dict[float, int] = {}
    for entry in draft["draft"].values():
        by_confidence[entry["confidence"]] = by_confidence.get(entry["confidence"], 0) + 1
    lines = [f"{summary['matched']} of {summary['slots']} piece slots matched to units of {draft['game']}"
             f" ({summary['units_of_the_game']} units in its data)"]
    lines += [f"  {count} at confidence {level:.1f}" for level, count in sorted(by_confidence.items(), reverse=True)]
    if summary["unmatched"]:
        lines.append(f"{summary['unmatched']} slots not matched (see 'unmatched' in the file): "
                     + ", ".join(repr(m["piece"]) for m in draft["unmatched"][:10])
                     + (" ..." if summary["unmatched"] > 10 else ""))
    if summary["units_not_found"]:
        lines.append(f"{len(summary['units_not_found'])} units of the game have no slot")
    return lines
