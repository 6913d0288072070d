"""A small Invasion: Norway module and a log writer for the replay, record and audit tests.

The module is what vassal_tools builds, cut down to what a log needs: an
Operational Map with a hex grid numbered XXYY, a Strategic Map with some of the
game's zones, an Airbase Display with holding boxes, the weather properties, a
turn tracker listing the turns and the phases of the sequence of play, one dice
button per die roll of the game, and counters carrying the unit Marker properties
(``UnitId``, ``Side``…) with a "Face" layer whose back is the reduced side.

:class:`LogWriter` writes a log the way VASSAL does: the restore command (pieces,
boards, players, properties, tracker), then one step per action made of the real
command encodings (``M/``, ``D/``, ``+/``, ``-/``, ``CHAT`` dice reports,
``MutableProperty``, ``TURN``), written into a ``.vlog`` with the project's save
writer. It keeps its own notes of where pieces are, independent of the replay code.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from PIL import Image, ImageDraw

from vassal_tools.builder.savegame import write_save
from vassal_tools.formats.metadata import write_metadata
from vassal_tools.formats.pieces import Piece, encode_definition
from vassal_tools.formats.sequence import encode
from vassal_tools.formats.traits import BasicPiece, Embellishment, Marker
from vassal_tools.gamedata import load_game
from vassal_tools.geometry.hexgrid import HexGrid

ROOT = Path(__file__).resolve().parents[2]
GAME_DIR = ROOT / "module_src" / "invasion_norway"
ESC = "\x1b"
OP, STRAT, AIR = "Operational Map", "Strategic Map", "Airbase Display"
HEX = {"dx": "40.0", "dy": "46.0", "x0": "20", "y0": "23"}
OP_SIZE = (58 * 40 + 40, 35 * 46)
ZONE_SIZE = (150, 110)
PER_ROW = 8


def _grid(names) -> dict[str, tuple[int, int, int, int]]:
    w, h = ZONE_SIZE
    return {name: ((i % PER_ROW) * w, (i // PER_ROW) * h, w, h) for i, name in enumerate(names)}


def _box_labels(data) -> list[str]:
    """Display boxes named as the module builder names them: place or name, then the section."""
    names = []
    for box in data.boxes.values():
        label = box.place if box.kind == "airbase" else box.name
        names += [f"{label} {s.title()}" for s in box.sections] or [label]
    return names + ["Turn Track"]  # a box that is no place of the record


PLAYERS = {"pw-anna": ("Anna", "German"), "pw-bert": ("Bert", "Allied")}


_DATA = None


def game_data():
    global _DATA
    if _DATA is None:
        _DATA = load_game(GAME_DIR)
    return _DATA


def zones() -> dict[str, tuple[int, int, int, int]]:
    return _grid(game_data().zones)


def boxes() -> dict[str, tuple[int, int, int, int]]:
    return _grid(_box_labels(game_data()))


def _size(table) -> tuple[int, int]:
    return PER_ROW * ZONE_SIZE[0], ((len(table) + PER_ROW - 1) // PER_ROW) * ZONE_SIZE[1]


# ---------------------------------------------------------------------------------- module


def _hex_board(name: str, image: str) -> str:
    grid = " ".join(f'{k}="{v}"' for k, v in HEX.items())
    return (f'<VASSAL.build.module.map.boardPicker.Board image="{image}" name="{name}" reversible="false">'
            f'<VASSAL.build.module.map.boardPicker.board.HexGrid {grid} sideways="false" snapTo="true" '
            'edgesLegal="false" cornersLegal="false">'
            '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" hLeading="1" '
            'hOff="1" hType="N" vLeading="1" vOff="1" vType="N" stagger="true" sep=""/>'
            '</VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board>')


def _zone_board(name: str, image: str, zones: dict) -> str:
    body = "".join(
        f'<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="{z}" locationFormat="$name$" '
        f'path="{x},{y};{x + w},{y};{x + w},{y + h};{x},{y + h}" useParentGrid="false"/>'
        for z, (x, y, w, h) in zones.items())
    return (f'<VASSAL.build.module.map.boardPicker.Board image="{image}" name="{name}" reversible="false">'
            f'<VASSAL.build.module.map.boardPicker.board.ZonedGrid>{body}'
            '</VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board>')


def _map(name: str, board: str) -> str:
    return (f'<VASSAL.build.module.Map mapName="{name}" edgeWidth="0" edgeHeight="0">'
            f'<VASSAL.build.module.map.BoardPicker>{board}</VASSAL.build.module.map.BoardPicker>'
            '<VASSAL.build.module.map.StackMetrics disabled="false" exSepX="6" exSepY="18" unexSepX="2" '
            'unexSepY="4"/></VASSAL.build.module.Map>')


def _tracker(info) -> str:
    def level(name, prop, items, subs=""):
        return (f'<VASSAL.build.module.turn.ListTurnLevel name="{name}" property="{prop}" '
                f'list="{_xml(encode(items, ","))}" configFirst="false" configList="false">{subs}'
                '</VASSAL.build.module.turn.ListTurnLevel>')
    segments = "".join(level(s.name, "Phase", [info.phases[p].name for p in s.phases]) for s in info.segments)
    return ('<VASSAL.build.module.turn.TurnTracker name="Turn" turnFormat="$level1$ - $level2$">'
            + level("Turn", "Turn", list(info.turn_names), segments) + '</VASSAL.build.module.turn.TurnTracker>')


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def _image(size, colour, lines: bool = False) -> bytes:
    img = Image.new("RGB", size, colour)
    if lines:
        draw = ImageDraw.Draw(img)
        for x in range(0, size[0], 40):
            draw.line((x, 0, x, size[1]), fill=(200, 210, 190))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def build_mini_module(path: Path) -> Path:
    """Write the small module to ``path`` and return it."""
    info = game_data().info
    dice = "".join(
        f'<VASSAL.build.module.DiceButton name="{_xml(r.name)}" nDice="1" nSides="10" plus="-1" '
        'reportFormat="** $name$ = $result$ *** &amp;lt;$PlayerName$&amp;gt;" reportTotal="false"/>'
        for r in info.die_rolls.values())
    weather = "".join(f'<VASSAL.build.module.properties.GlobalProperty name="Weather{s.title()}" '
                      f'initialValue="clear"/>' for s in info.weather_sections)
    build = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
        '<VASSAL.build.GameModule name="Invasion: Norway" version="0.1" VassalVersion="3.7.0" nextPieceSlotId="1">'
        '<VASSAL.build.module.PlayerRoster><entry>German</entry><entry>Allied</entry>'
        '</VASSAL.build.module.PlayerRoster>'
        + _map(OP, _hex_board(OP, "op.png"))
        + _map(STRAT, _zone_board(STRAT, "strat.png", zones()))
        + _map(AIR, _zone_board(AIR, "air.png", boxes()))
        + f'<VASSAL.build.module.properties.GlobalProperties>{weather}</VASSAL.build.module.properties.GlobalProperties>'
        + _tracker(info) + dice + '</VASSAL.build.GameModule>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", build)
        zf.writestr("moduledata", write_metadata("module", version="0.1", vassal_version="3.7.0",
                                                 name="Invasion: Norway", description="test"))
        zf.writestr("images/op.png", _image(OP_SIZE, (222, 230, 205), lines=True))
        zf.writestr("images/strat.png", _image(_size(zones()), (205, 215, 235)))
        zf.writestr("images/air.png", _image(_size(boxes()), (235, 235, 228)))
        for side, colour in (("german", (140, 140, 122)), ("allied", (194, 168, 120))):
            for face in ("front", "back"):
                shade = colour if face == "front" else tuple(c // 2 for c in colour)
                zf.writestr(f"images/{side}-{face}.png", _image((30, 30), shade))
    return path


# ---------------------------------------------------------------------------------- places


def hex_point(name: str) -> tuple[int, int]:
    """Map point of a hex of the Operational Map (the board is at 0,0, no edge)."""
    grid = HexGrid.from_attributes(HEX, {}, OP_SIZE)
    point = grid.point_of_location(name)
    assert point is not None, name
    return grid.snap(*point)


def spot(loc: str) -> tuple[str, int, int]:
    """(map, x, y) of a LOC: a hex, a Strategic Map zone, an airbase, carrier or other box."""
    if loc.isdigit():
        return (OP, *hex_point(loc))
    data = game_data()
    name = loc
    kind, _, rest = loc.partition(":")
    if kind in ("airbase", "carrier") and rest:
        name = f"{rest} Ready"
    elif loc in data.boxes:
        box = data.boxes[loc]
        name = f"{box.name} {box.sections[0].title()}" if box.sections else box.name
    for map_name, table in ((STRAT, zones()), (AIR, boxes())):
        if name in table:
            x, y, w, h = table[name]
            return map_name, x + w // 2, y + h // 2
    raise KeyError(loc)


# ---------------------------------------------------------------------------------- log writer


class LogWriter:
    """Writes a log step by step; ``where`` notes each piece's (map, x, y) as the writer made it."""

    def __init__(self, turn: str = "April #5", phase: str = "german-land-movement"):
        data = game_data()
        self.info = data.info
        self.units = data.units
        self.next_id = 1_800_000_000_000
        self.pieces: dict[str, Piece] = {}  # piece id -> piece (current state)
        self.where: dict[str, tuple] = {}  # piece id -> (map, x, y)
        self.stack_of: dict[str, str] = {}  # piece id -> stack id
        self.stacks: dict[str, list[str]] = {}  # stack id -> members bottom up
        self.unit_piece: dict[str, str] = {}  # unit id -> piece id
        self.restore: list[str] = []
        self.steps: list[list[str]] = []
        self.tracker = (turn, phase)
        self.weather = {s: "clear" for s in self.info.weather_sections}
        self._opening: list[str] | None = None  # restore commands of the opening, once begun

    def _id(self) -> str:
        self.next_id += 1
        return str(self.next_id)

    # -- pieces

    def counter(self, unit_id: str) -> Piece:
        unit = self.units[unit_id]
        side = unit.side or "german"
        steps = unit.steps if unit.steps is not None else unit.points
        back = "reduced" if unit.unit_class == "land" else "one point"
        layer = Embellishment.new([f"{side}-front.png", f"{side}-back.png"], ["", f"+ ({back})"], "Face",
                                  activate_command="", activate_key="", activate_keystroke=None)
        marker = Marker.new({"UnitId": unit.id, "Side": unit.side, "Nationality": unit.nationality,
                             "Class": unit.unit_class, "Type": unit.type, "Size": unit.size,
                             "Formation": unit.formation, "Steps": "" if steps is None else str(steps)})
        return Piece([layer, marker, BasicPiece.new("", unit.name)])

    def setup(self, unit_id: str, loc: str) -> str:
        """A unit in the opening position at ``loc`` (in a stack of its own or with others there)."""
        piece_id = self._id()
        piece = self.counter(unit_id)
        map_, x, y = spot(loc)
        piece.basic.map, piece.basic.x, piece.basic.y = map_, x, y
        piece.basic.properties = {"UniqueID": piece_id}
        self.pieces[piece_id], self.unit_piece[unit_id], self.where[piece_id] = piece, piece_id, (map_, x, y)
        self.restore.append(encode_definition(piece, piece_id))
        stack = next((s for s, members in self.stacks.items() if members and self.where[members[0]] == (map_, x, y)),
                     None)
        if stack is None:
            stack = self._id()
            self.stacks[stack] = []
        self.stacks[stack].append(piece_id)
        self.stack_of[piece_id] = stack
        return piece_id

    def _stack_commands(self) -> list[str]:
        out = []
        for stack, members in self.stacks.items():
            map_, x, y = self.where[members[0]]
            out.append(encode(["+", stack, "stack", encode([map_, str(x), str(y), *members, "@@0"], ";")], "/"))
        return out

    # -- commands (strings as VASSAL encodes them)

    def move(self, unit_id: str, loc: str, under: str | None = None) -> str:
        """``M/`` of a unit's piece to ``loc``; ``under`` the unit it lands on, if any."""
        piece_id = self.unit_piece[unit_id]
        old = self.where[piece_id]
        old_stack = self.stack_of.get(piece_id)
        old_under = None
        if old_stack is not None:
            members = self.stacks[old_stack]
            i = members.index(piece_id)
            old_under = members[i - 1] if i > 0 else None
            members.remove(piece_id)
        new = spot(loc)
        under_piece = self.unit_piece[under] if under else None
        self.where[piece_id] = new
        fields = [piece_id, new[0], str(new[1]), str(new[2]), under_piece or "null",
                  old[0], str(old[1]), str(old[2]), old_under or "null", "pw-anna"]
        if under_piece is not None:
            stack = self.stack_of[under_piece]
            members = self.stacks[stack]
            members.insert(members.index(under_piece) + 1, piece_id)
            self.stack_of[piece_id] = stack
        else:
            self.stack_of.pop(piece_id, None)
        return "M/" + encode(fields, "/")

    def new_stack(self, unit_id: str) -> str:
        """The ``+/…/stack`` VASSAL adds when a lone piece lands on an empty spot."""
        piece_id = self.unit_piece[unit_id]
        stack = self._id()
        self.stacks[stack] = [piece_id]
        self.stack_of[piece_id] = stack
        map_, x, y = self.where[piece_id]
        return encode(["+", stack, "stack", encode([map_, str(x), str(y), piece_id, "@@0"], ";")], "/")

    def move_stack(self, unit_id: str, loc: str) -> str:
        """``M/`` of the whole stack a unit is in (its pieces join a stack already at ``loc``)."""
        stack = self.stack_of[self.unit_piece[unit_id]]
        members = self.stacks[stack]
        old = self.where[members[0]]
        new = spot(loc)
        there = next((s for s, m in self.stacks.items() if m and s != stack and self.where[m[0]] == new), None)
        for piece_id in members:
            self.where[piece_id] = new
        if there is not None:
            self.stacks[there] += members
            for piece_id in members:
                self.stack_of[piece_id] = there
            self.stacks[stack] = []
        fields = [stack, new[0], str(new[1]), str(new[2]), "null", old[0], str(old[1]), str(old[2]), "null", "pw-bert"]
        return "M/" + encode(fields, "/")

    def create(self, unit_id: str, loc: str) -> list[str]:
        """A unit that comes into play at ``loc``: its AddPiece (state on the map) and a stack."""
        piece_id = self._id()
        piece = self.counter(unit_id)
        map_, x, y = spot(loc)
        piece.basic.map, piece.basic.x, piece.basic.y = map_, x, y
        piece.basic.properties = {"UniqueID": piece_id}
        self.pieces[piece_id], self.unit_piece[unit_id], self.where[piece_id] = piece, piece_id, (map_, x, y)
        return [encode_definition(piece, piece_id), self.new_stack(unit_id)]

    def walk(self, unit_id: str, loc: str, onto: str | None = None) -> list[str]:
        """What dragging a unit writes: the move, and a new stack when it lands alone."""
        commands = [self.move(unit_id, loc, onto)]
        if onto is None:
            commands.append(self.new_stack(unit_id))
        commands.append(f"CHAT* {self.units[unit_id].name} moves to {loc} *")
        return commands

    def flip(self, unit_id: str, level: int = 2) -> str:
        """``D/`` turning the counter to its back (level 2) or front (level 1)."""
        piece_id = self.unit_piece[unit_id]
        piece = self.pieces[piece_id]
        old = piece.state
        piece = piece.copy()
        piece.first(Embellishment).value = level
        self.pieces[piece_id] = piece
        return "D/" + encode([piece_id, piece.state, old], "/")

    def delete(self, unit_id: str) -> str:
        piece_id = self.unit_piece[unit_id]
        stack = self.stack_of.pop(piece_id, None)
        if stack is not None:
            self.stacks[stack].remove(piece_id)
        return f"-/{piece_id}"

    def roll(self, roll_id: str, value: int, player: str = "Anna") -> list[str]:
        """A DiceButton roll: the chat report and the ``_result`` property change (5.8)."""
        name = self.info.die_rolls[roll_id].name
        return [f"CHAT*** {name} = {value} *** &lt;{player}&gt;",
                f"MutableProperty\t{name}_result\t\t{value}\tModule"]

    def phase(self, turn: str, phase: str) -> str:
        """``TURN`` setting the tracker to a turn and phase."""
        self.tracker = (turn, phase)
        return "TURNTurnTracker0\t" + self._tracker_state()

    def set_weather(self, section: str, state: str) -> str:
        old, self.weather[section] = self.weather[section], state
        return f"MutableProperty\tWeather{section.title()}\t{old}\t{state}\tModule"

    def chat(self, player: str, text: str) -> str:
        return f"CHAT&lt;{player}&gt; - {text}"

    def _tracker_state(self) -> str:
        turn, phase = self.tracker
        segments = self.info.segments
        seg_index = next(i for i, s in enumerate(segments) if phase in s.phases)
        subs = []
        for i, s in enumerate(segments):
            current = s.phases.index(phase) if i == seg_index else 0
            subs.append(encode([str(current), "0", "0", encode(["true"] * len(s.phases), ",")], ";"))
        top = encode([str(self.info.turn_names.index(turn)), str(seg_index), "0",
                      encode(["true"] * len(self.info.turn_names), ","), *subs], ";")
        return encode(["0", top], "|")

    # -- steps and the file

    def step(self, *commands: str | list[str]) -> int:
        """Add one step (commands, or lists of them) after :meth:`begin`."""
        assert self._opening is not None, "call begin() after the set-up, before making commands"
        flat: list[str] = []
        for c in commands:
            flat.extend(c if isinstance(c, list) else [c])
        self.steps.append(flat)
        return len(self.steps)

    def undo(self, number: int) -> int:
        """An undo of step ``number`` as VASSAL 3.x logs it (inverse commands in reverse order)."""
        inverse = []
        for command in reversed(self.steps[number - 1]):
            if command.startswith("M/"):
                f = command[2:].split("/")
                inverse.append("M/" + "/".join([f[0], f[5], f[6], f[7], f[8], f[1], f[2], f[3], f[4], f[9]]))
                self.where[f[0]] = (f[5], int(f[6]), int(f[7]))
            elif command.startswith("+/"):
                inverse.append("-/" + command[2:].split("/")[0])
            elif command.startswith("D/"):
                f = command[2:].split("/")
                inverse.append("D/" + "/".join([f[0], f[2], f[1]]))
            elif command.startswith("CHAT"):
                inverse.append("CHAT* UNDO: " + command[4:])
        return self.step(["UNDO\ttrue", *inverse, "UNDO\tfalse"])

    def begin(self) -> None:
        """The opening position is complete: freeze its restore commands (5.2)."""
        players = [encode(["PLAYER", pid, name, side], "\t") for pid, (name, side) in PLAYERS.items()]
        boards = [encode([m + "BoardPicker", m, "0", "0"], "\t") for m in (OP, STRAT, AIR)]
        weather = ["GlobalProperty\t;" + encode([f"Weather{s.title()}", v, "Module"], ";")
                   for s, v in self.weather.items()]
        self._opening = ["begin_save", "", encode(["", *self.restore, *self._stack_commands()], ESC), *boards,
                         "SETUP_STACK\t", *players, *weather, "TURNTurnTracker0\t" + self._tracker_state(),
                         "end_save"]

    def stream(self) -> str:
        if self._opening is None:
            self.begin()
        return encode(self._opening + [self._log(step) for step in self.steps], ESC)

    def _log(self, commands: list[str]) -> str:
        return encode(["LOG\t" + c for c in commands], ESC) if len(commands) > 1 else "LOG\t" + commands[0]

    def write(self, path: Path, module: Path) -> Path:
        moduledata = zipfile.ZipFile(module).read("moduledata")
        return write_save(path, self.stream(), moduledata=moduledata, module_version="0.1",
                          description="test log", vassal_version="3.7.0", date_saved=0)
