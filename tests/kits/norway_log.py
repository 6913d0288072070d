"""Logs of the BUILT Invasion: Norway module, written as PBEM players write them.

:func:`built_norway` builds the module from ``module_src/invasion_norway`` once per
test session (art drawn into a session temp folder). :class:`RecordAsLog` writes a
game record (``tests/records/*.json``) as the VASSAL log of the same game, with the
project's own writers (build.savegame, replay.logwriter), following the
conventions of ``docs/record-format.md`` "From a VASSAL log":

* the set-up (entries before the first phase) is the log's opening save; units
  that first appear by moving wait off the map, on the Turn Record Track;
* phases are the turn tracker, weather the weather properties;
* ``place`` is a counter dragged from the palette, ``move`` a drag (a whole
  VASSAL stack when the record moves a stack together), ``steps`` a flip,
  ``remove`` a delete;
* ``control`` is a Control marker, ``hits`` Hit markers, in the place;
* ``attack``, ``defend``, ``mission``, ``intercept``, ``action`` are chat declarations;
  a detection roll is ``detect ...`` followed by the roll of its dice button;
* units the game data does not have as the record says are mapping-file entries
  for a counter standing in for them (``gpid:N``).

The writer only uses the record's own words: nothing is taken from the audit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from vassal_tools.builder import turns, weather
from vassal_tools.builder.boards import layout_command
from vassal_tools.builder.module import (
    VASSAL_VERSION,
    Assembly,
    assemble,
    module_archive,
    setup_stream,
)
from vassal_tools.builder.savegame import SETUP_STACK, PlacedPiece, opening_stream, write_save
from vassal_tools.builder.scenario import StartStack
from vassal_tools.formats.archive import write_archive
from vassal_tools.formats.files import open_file
from vassal_tools.formats.pieces import Piece, expand_prototypes
from vassal_tools.formats.sequence import encode
from vassal_tools.formats.traits import Embellishment
from vassal_tools.games import pack_for
from vassal_tools.geometry.from_module import ModuleGeometry
from vassal_tools.replay.locations import Locations
from vassal_tools.replay.logwriter import LogWriter
from vassal_tools.replay.units import Mapping_

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "module_src" / "invasion_norway"
SEATS = {"german": ("Anna", "anna-pw", "German"), "allied": ("Bert", "bert-pw", "Allied")}
DETECT = {"naval-detection": "naval", "air-detection": "air"}
WAITING = ["turn-june-3", "turn-june-2", "turn-june-1", "turn-may-6", "turn-may-5", "turn-may-4", "turn-may-3"]


class NotExpressible(Exception):
    """A record entry a log of the built module cannot say, even with the conventions."""


@dataclass
class BuiltNorway:
    """The assembled module, its file, and how the recorder will read its places."""

    assembly: Assembly
    module: Path
    opened: object  # the module read once (a Module): recording many logs need not reread it
    locations: Locations
    catalogue: object

    @property
    def info(self):
        return self.assembly.game.info

    def piece(self, unit_id: str) -> Piece:
        """A unit's counter as the palette gives it: prototypes expanded, the slot's gpid."""
        piece = expand_prototypes(self.assembly.definitions[unit_id], self.assembly.prototypes, strict=True)
        piece.basic.gpid = self.assembly.gpids[unit_id]
        return piece

    def marker(self, marker_id: str) -> Piece:
        piece = expand_prototypes(self.assembly.markers[marker_id], self.assembly.prototypes, strict=True)
        piece.basic.gpid = self.assembly.marker_gpids[marker_id]
        return piece


_BUILT: dict[Path, BuiltNorway] = {}


def built_norway(root: Path) -> BuiltNorway:
    """The module, built once per session under ``root`` (a session temp folder)."""
    if root not in _BUILT:
        assembly = assemble(GAME_DIR, scenario="campaign", cache=root / "norway-art-cache")
        module = write_archive(module_archive(assembly), root / "invasion-norway.vmod")
        catalogue = pack_for("invasion-norway").catalogue
        opened = open_file(module)
        _BUILT[root] = BuiltNorway(assembly, module, opened, Locations(ModuleGeometry(opened), catalogue), catalogue)
    return _BUILT[root]


# ---------------------------------------------------------------------------------- places


class Places:
    """Map points of record LOCs on the built module; several stacks of one zone get distinct points."""

    def __init__(self, built: BuiltNorway, carriers: dict[str, str]):
        self.built = built
        self.carriers = carriers  # "carrier:NAME" of a record's own carrier -> the box of its stand-in
        self.slots: dict[str, list] = {}
        self.boxes = {}
        for box in built.assembly.game.boxes.values():
            self.boxes.setdefault(built.catalogue.location(box.id), box.id)

    def key(self, loc: str) -> str:
        """The data location (hex, zone or box id) the locator finds for a record LOC."""
        loc = self.built.catalogue.location(loc) or loc
        if loc in self.carriers:
            return self.carriers[loc]
        if loc in self.built.catalogue.hexes or loc in self.built.catalogue.zones:
            return loc
        if loc.startswith("airbase:") and loc[8:].isdigit():
            return loc[8:]  # a frozen lake: the air units stack with its marker in the hex
        if loc in self.boxes:
            return self.boxes[loc]
        raise NotExpressible(f"no place of the module is {loc!r}")

    def point(self, loc: str, stack: object = None) -> tuple[str, int, int]:
        """The point for ``loc``; a different one (same LOC) for each different ``stack`` key."""
        key = self.key(loc)
        spot = self.built.assembly.locator.spot(key)
        used = self.slots.setdefault(key, [])
        for known, point in used:
            if known == stack:
                return point
        point = (spot.map, spot.x, spot.y) if not used or key.isdigit() else self._another(spot, used)
        used.append((stack, point))
        return point

    def _another(self, spot, used) -> tuple[str, int, int]:
        want = self.built.locations.loc(spot.map, spot.x, spot.y)
        taken = {p for _, p in used}
        for r in range(14, 400, 14):
            for dx, dy in ((r, 0), (0, r), (-r, 0), (0, -r), (r, r), (-r, -r), (r, -r), (-r, r)):
                point = (spot.map, spot.x + dx, spot.y + dy)
                if point not in taken and self.built.locations.loc(*point) == want:
                    return point
        raise NotExpressible(f"no room for another stack in {spot.name}")

    def label(self, loc: str) -> str:
        spot = self.built.assembly.locator.spot(self.key(loc))
        return spot.label


# ---------------------------------------------------------------------------------- the writer


@dataclass
class WrittenLog:
    path: Path
    mapping: Mapping_ | None
    declarations: list[str] = field(default_factory=list)


class RecordAsLog:
    """One record written as a log of the built module (see the module docstring)."""

    def __init__(self, built: BuiltNorway, record: dict):
        self.built = built
        self.record = record
        self.entries = [e for e in record["entries"]]
        self.catalogue = built.catalogue
        self.stand_in: dict[str, str] = {}  # record unit id -> data unit whose counter stands for it
        self.mapping = Mapping_()
        self._read_units(record.get("units", {}))
        self.places = Places(built, self._carrier_boxes())
        for loc in self.places.carriers:  # the stand-in's holding box is the record's own carrier
            self.mapping.locations[self.places.label(loc)] = loc
        self.turn_phase: tuple[str, str] | None = None
        self.said: list[str] = []
        self.hit_pieces: dict[str, list[str]] = {}  # LOC -> piece ids of its Hit markers
        self.control_pieces: dict[str, str] = {}  # LOC -> piece id of its Control marker
        self._hits_left = sorted((u for u in built.assembly.game.units if u.startswith("mk-hit-")),
                                 key=lambda u: int(u.rsplit("-", 1)[1]))

    # -- units

    def _read_units(self, units: dict) -> None:
        named = self._named_units()
        for uid, line in units.items():
            if line == {"ref": uid}:
                continue
            if line.get("ref") == uid:
                self.mapping.units[f"gpid:{self.built.assembly.gpids[uid]}"] = dict(line)
                continue
            if "ref" in line:
                raise NotExpressible(f"unit {uid!r} renames {line['ref']!r}")
            stand = self._stand_in(line, named)
            self.stand_in[uid] = stand
            named.add(stand)
            self.mapping.units[f"gpid:{self.built.assembly.gpids[stand]}"] = {"id": uid, **line}

    def _named_units(self) -> set[str]:
        text = json.dumps(self.record["entries"])
        return {u for u in self.built.assembly.game.units if f'"{u}"' in text}

    def _stand_in(self, line: dict, taken: set[str]) -> str:
        for unit in self.built.assembly.game.units.values():
            if (unit.unit_class == line.get("class") and str(unit.type).lower() == str(line.get("type")).lower()
                    and unit.side == line.get("side") and unit.id not in taken):
                return unit.id
        raise NotExpressible(f"no counter of the game can stand in for {line}")

    def _carrier_boxes(self) -> dict[str, str]:
        out = {}
        for uid, stand in self.stand_in.items():
            line = self.record["units"][uid]
            if str(line.get("type")).upper() == "CV":
                box = next(b.id for b in self.built.assembly.game.boxes.values() if b.kind == "carrier" and b.place == stand)
                out[f"carrier:{line.get('name') or uid}"] = box
        return out

    def counter(self, uid: str) -> Piece:
        return self.built.piece(self.stand_in.get(uid, uid))

    def unit_side(self, uid: str) -> str:
        line = self.record.get("units", {}).get(uid) or {}
        known = self.catalogue.unit(line.get("ref", uid)) or {}
        return line.get("side") or known.get("side") or "german"

    def full(self, uid: str) -> int | None:
        line = self.record.get("units", {}).get(uid) or {}
        known = self.catalogue.unit(line.get("ref", uid)) or {}
        merged = {**known, **line}
        return merged.get("steps", merged.get("points"))

    def name(self, uid: str) -> str:
        """How a player names the unit: its printed name when no other counter in the game shows it."""
        if uid in self.stand_in or uid not in self.built.assembly.game.units:
            return uid
        printed = self.built.assembly.game.units[uid].name
        present = self._named_units() | set(self.stand_in.values())
        same = [u for u in present if self.built.assembly.game.units[u].name.lower() == printed.lower()]
        return printed if same == [uid] and "," not in printed else uid

    def names(self, uids) -> str:
        return ", ".join(self.name(u) for u in uids) or "none"

    # -- the opening

    def write(self, path: Path) -> WrittenLog:
        """The whole record as a log at ``path``."""
        self.play(path)
        return self.save(path)

    def play(self, path: Path) -> LogWriter:
        """Write the opening (beside ``path``) and a step for every entry; more steps may follow."""
        first = next((i for i, e in enumerate(self.entries) if "phase" in e), len(self.entries))
        setup, play = self.entries[:first], self.entries[first:]
        if not play:
            raise NotExpressible("a record without phases")
        self.turn_phase = (play[0]["turn"], play[0]["phase"])
        opening = self._opening(setup, play, path.with_suffix(".start.vsav"))
        self.writer = LogWriter(open_file(opening), lambda loc: self.places.point(loc))
        for i, entry in enumerate(play[1:], 1):
            self.entry(entry, play[i + 1] if i + 1 < len(play) else None)
        return self.writer

    def save(self, path: Path) -> WrittenLog:
        mapping = self.mapping if (self.mapping.units or self.mapping.locations) else None
        return WrittenLog(self.writer.save(path), mapping, self.said)

    def _opening(self, setup: list[dict], play: list[dict], path: Path) -> Path:
        info = self.built.info
        turn, phase = self.turn_phase
        values = weather.weather_on(info, turn)
        stacks: dict[tuple, StartStack] = {}
        pieces: dict[str, PlacedPiece] = {}
        self.placed: set[str] = set()

        def put(key: str, piece: Piece, loc: str, stack: object = None) -> None:
            point = self.places.point(loc, stack)
            spot = self.built.assembly.locator.spot(self.places.key(loc))
            start = stacks.setdefault(point, StartStack(type(spot)(spot.map, spot.board, spot.name, spot.label,
                                                                   point[1], point[2], spot.local)))
            start.units.append(key)
            pieces[key] = PlacedPiece(piece, piece.basic.gpid)

        for entry in setup:
            if "place" in entry:
                uid = entry["place"]
                put(uid, self.counter(uid), entry["at"], self._stack_key(uid, entry))
                self.placed.add(uid)
            elif "control" in entry:
                put(f"control@{entry['control']}", self.built.marker(f"control-{entry['side']}"), entry["control"])
            elif "weather" in entry:
                values.update(entry["weather"])
            elif "steps" in entry:
                self._flip_placed(pieces[entry["steps"]].piece, entry["steps"], entry["to"])
            elif "hits" in entry and entry["to"] == 0:
                continue
            else:
                raise NotExpressible(f"set-up entry {entry}")
        # Units that first appear by moving wait on the Turn Record Track, one box per stack.
        waiting: dict[object, str] = {}
        for entry in play:
            uid = entry.get("move")
            if uid and uid not in self.placed and uid not in pieces:
                key = self._stack_key(uid, entry)
                box = waiting.setdefault(key, WAITING[len(waiting) % len(WAITING)])
                put(uid, self.counter(uid), box, key)
            if "place" in entry:
                self.placed.add(entry["place"])
        seats = [encode(["PLAYER", pw, name, side], "\t") for name, pw, side in SEATS.values()]
        components = [layout_command(plan) for plan in self.built.assembly.plans] + [SETUP_STACK, *seats]
        components += ["GlobalProperty\t;" + encode([weather.property_name(s), v, weather.CONTAINER], ";")
                       for s, v in values.items()]
        components.append(turns.turn_command(turns.tracker_state(info, turn, phase)))
        stream = opening_stream([p.name for p in self.built.assembly.plans], list(stacks.values()), pieces, components)
        return write_save(path, stream, moduledata=self.built.assembly.moduledata, module_version="0.1",
                          description="opening", vassal_version="3.7.0", date_saved=0)

    def _stack_key(self, uid: str, entry: dict) -> object:
        """Units of one named stack share a point; others are kept apart by side and class."""
        if entry.get("stack"):
            return ("stack", entry["stack"])
        line = self.catalogue.unit(self.stand_in.get(uid, uid)) or {}
        return (self.unit_side(uid), line.get("class"))

    def _flip_placed(self, piece: Piece, uid: str, to: int) -> None:
        layer = piece.first(Embellishment)
        full = self.full(uid)
        if full is None or to not in (full, full - 1) or layer is None or len(layer.image_list) < 2:
            raise NotExpressible(f"{uid} cannot show {to} steps")
        layer.value = 1 if to == full else 2

    # -- the steps

    def as_side(self, side: str) -> None:
        name, pw, _ = SEATS[side]
        self.writer.player, self.writer.password = name, pw

    def step(self, *actions) -> None:
        self.writer.step(*actions)

    def declare(self, side: str, text: str) -> None:
        self.as_side(side)
        self.said.append(text)
        self.step(self.writer.chat(text))

    def entry(self, entry: dict, following: dict | None) -> None:
        """The step(s) of one record entry; ``following`` is the next entry (an ``end`` needs it)."""
        kind = next(k for k in entry if k in _KINDS)
        getattr(self, f"_{kind}")(entry, following)

    def _phase(self, entry, following):
        turn = entry.get("turn", self.turn_phase[0])
        if (turn, entry["phase"]) == self.turn_phase:
            raise NotExpressible("a phase that starts again")
        self.turn_phase = (turn, entry["phase"])
        self.step(self.writer.turn(turns.TRACKER_ID, turns.tracker_state(self.built.info, turn, entry["phase"])))

    def _end(self, entry, following):
        if following is None or "phase" in following:
            return  # the next phase (or the end of the log) closes it
        self.declare(self.unit_side_of_phase(entry["end"]), f"end {entry['end']}")

    def unit_side_of_phase(self, phase: str) -> str:
        return "allied" if phase.startswith("allied") else "german"

    def _weather(self, entry, following):
        actions = [self.writer.set_property(weather.property_name(s), v) for s, v in entry["weather"].items()]
        self.step(*actions)

    def _place(self, entry, following):
        uid = entry["place"]
        point = self.places.point(entry["at"], self._stack_key(uid, entry))
        if uid in self.writer._units:
            self.step(self.writer.move(uid, point))
        else:
            self.step(self.writer.create(self.counter(uid), point))

    def _move(self, entry, following):
        uid = entry["move"]
        point = self.places.point(entry["to"], self._stack_key(uid, entry))
        piece = self.writer.unit(uid)
        group = self._moving_together(entry)
        members = {p.piece.marker_properties.get("UnitId") for p in (piece.parent.children if piece.parent else [piece])}
        if group is not None and members <= group:
            if piece.spot != point:
                self.step(self.writer.move_stack(uid, point))
        elif piece.spot != point or piece.parent is None:
            self.step(self.writer.move(uid, point))

    def _moving_together(self, entry) -> set[str] | None:
        """Units of the same named stack moving to the same place in a row, this entry's run."""
        if not entry.get("stack"):
            return None
        i = next(i for i, e in enumerate(self.entries) if e is entry)
        j = i
        while j > 0 and self._same_run(self.entries[j - 1], entry):
            j -= 1
        run = set()
        while j < len(self.entries) and self._same_run(self.entries[j], entry):
            run.add(self._record_to_unit(self.entries[j]["move"]))
            j += 1
        return run

    def _same_run(self, other: dict, entry: dict) -> bool:
        return "move" in other and other.get("stack") == entry["stack"] and other["to"] == entry["to"]

    def _record_to_unit(self, uid: str) -> str:
        return self.stand_in.get(uid, uid)

    def _steps(self, entry, following):
        uid, to = entry["steps"], entry["to"]
        if to == 0:
            self.step(self.writer.delete(self._record_to_unit(uid)))
            return
        full = self.full(uid)
        if full is None or to not in (full, full - 1):
            raise NotExpressible(f"{uid} cannot show {to} steps")
        self.step(self.writer.flip(self._record_to_unit(uid), 1 if to == full else 2))

    def _remove(self, entry, following):
        self.step(self.writer.delete(self._record_to_unit(entry["remove"])))

    def _control(self, entry, following):
        loc, actions = entry["control"], []
        old = self.control_pieces.pop(loc, None)
        if old is not None:
            actions.append(self.writer.remove_piece(old))
        point = self.places.point(loc, ("control",))
        made = self.writer.create(self.built.marker(f"control-{entry['side']}"), point)
        self.control_pieces[loc] = made[0].split("/")[1]
        self.step(*actions, made)

    def _hits(self, entry, following):
        loc, want = entry["hits"], entry["to"]
        if loc.startswith("battery:"):  # a battery's hits have no place of their own on the map: said in chat
            self.declare(self.unit_side_of_phase(self.turn_phase[1]), f"hits {loc} {want}")
            return
        have = self.hit_pieces.setdefault(loc, [])
        actions = []
        while len(have) > want:
            actions.append(self.writer.remove_piece(have.pop()))
        while len(have) < want:
            made = self.writer.create(self.built.piece(self._hits_left.pop(0)), self.places.point(loc, ("hits",)))
            have.append(made[0].split("/")[1])
            actions.append(made)
        if actions:
            self.step(*actions)

    def _attack(self, entry, following):
        a = entry["attack"]
        text = f"attack {a['hex']} with {self.names(a['attackers'])} supply {self.names(a.get('supply', []))}"
        self.declare(self.unit_side(a["attackers"][0]), text + (" overrun" if a.get("overrun") else ""))

    def _defend(self, entry, following):
        d = entry["defend"]
        side = self.unit_side(d["supply"][0]) if d.get("supply") else "allied"
        self.declare(side, f"defend {d['hex']} supply {self.names(d.get('supply', []))}")

    def _mission(self, entry, following):
        m = entry["mission"]
        text = f"mission {m['side']} {m['kind']} {self.names(m['units'])}"
        if m.get("from"):
            text += f" from {m['from']}"
        if m.get("target"):
            text += f" to {m['target']}"
        if "supply" in m:
            text += f" supply {self.names(m['supply'])}"
        self.declare(m["side"], text)

    def _mark(self, entry, following):
        self.declare(self.unit_side(entry["mark"]), f"mark {self.names([entry['mark']])} as {entry['as']}")

    def _unmark(self, entry, following):
        self.declare(self.unit_side(entry["unmark"]), f"unmark {self.names([entry['unmark']])} as {entry['as']}")

    def _vp(self, entry, following):
        v = entry["vp"]
        reason = v.get("for")
        said = self.names(reason) if isinstance(reason, list) else f'"{reason}"'
        self.declare(v["side"], f"vp {v['side']} {v['add']} for {said}")

    def _intercept(self, entry, following):
        i = entry["intercept"]
        units = list(i.get("naval", [])) + list(i.get("air", []))
        self.declare(i["side"], f"intercept {i['side']} {i['zone']} with {self.names(units)}")

    def _action(self, entry, following):
        a = entry["action"]
        text = f"action {a['side']} {a['kind']} with {self.names(a.get('units', []))}"
        self.declare(a["side"], text + (f" in {a['hex']}" if a.get("hex") else ""))

    def _roll(self, entry, following):
        r = entry["roll"]
        side = r.get("side") or "german"
        purpose = r["for"]
        roll = self.built.info.die_rolls.get(purpose)
        if roll is None:
            raise NotExpressible(f"no dice button rolls for {purpose!r}")
        if purpose in DETECT:
            text = f"detect {DETECT[purpose]} {r['zone']}"
        elif r.get("zone") or r.get("target") or "detected" in r or r.get("unit") or r.get("outcome"):
            text = f"roll {purpose}" + (f" in {r['zone']}" if r.get("zone") else "")
        else:
            text = None
        if text is not None:
            if r.get("target"):
                text += f" target {self.names(r['target'])}"
            if r.get("unit"):
                text += f" unit {self.names([r['unit']])}"
            if r.get("outcome"):
                text += f" outcome {r['outcome']}"
            if "detected" in r:
                text += " detected" if r["detected"] else " not detected"
            self.declare(side, text)
        self.as_side(side)
        self.step(self.writer.roll(roll.name, r["result"]))


_KINDS = ("phase", "end", "weather", "place", "move", "steps", "remove", "control", "hits", "attack", "defend",
          "mission", "intercept", "roll", "mark", "unmark", "vp", "action")


class Game:
    """A PBEM game on the built module: logs written in turn by Anna and Bert."""

    def __init__(self, built, folder: Path):
        self.built = built
        self.folder = folder
        assembly = built.assembly
        self.opening = write_save(folder / "start.vsav", setup_stream(assembly), moduledata=assembly.moduledata,
                                  module_version=assembly.version, vassal_version=VASSAL_VERSION,
                                  description="start", date_saved=0)

    def place(self, loc: str) -> tuple[str, int, int]:
        return self.built.assembly.locator.point(loc)

    def writer(self, start: Path, who: str) -> LogWriter:
        return LogWriter(open_file(start), self.place, who, f"{who.lower()}-pw")


def dated(log: Path, saved_ms: int, out: Path) -> Path:
    """A copy of ``log`` whose metadata says it was saved at ``saved_ms`` (as VASSAL writes it on saving)."""
    from vassal_tools.formats.metadata import write_metadata

    game = open_file(log)
    game.archive.put("savedata", write_metadata("save", version="1", vassal_version=VASSAL_VERSION,
                                                date_saved=saved_ms, description="PBEM"))
    return game.save(out)
