"""The innermost piece of a chain: BasicPiece, and the Stack and Deck containers (vassal-formats.md 4.4.1, 4.5)."""

from __future__ import annotations

from collections.abc import Mapping

from .base import Field, Trait
from .encoding import join, tokens
from .states import replace_tokens
from .values import BOOL, CHAR, COLOR, INT, KEY, STRINGS, TEXT, java_int

NO_MAP = "null"


class _OnMap(Trait):
    """State helpers shared by the three innermost kinds, whose states start ``mapId;x;y``."""

    _pad: tuple[str, ...] = ("null", "0", "0")

    __slots__ = ()

    def _state_tokens(self) -> list[str]:
        return tokens(self._state, ";")

    def _replace(self, start: int, texts: list[str], truncate: bool = False) -> None:
        self._state = replace_tokens(self._state, start, texts, self._pad, truncate=truncate)

    @property
    def map(self) -> str | None:
        """The map id (a Map's ``mapName``), None for ``null`` (not on a map)."""
        parts = self._state_tokens()
        return None if not parts or parts[0] == NO_MAP else parts[0]

    @map.setter
    def map(self, value: str | None) -> None:
        self._replace(0, [NO_MAP if value is None else value])

    @property
    def x(self) -> int:
        parts = self._state_tokens()
        return java_int(parts[1], 0) if len(parts) > 1 else 0

    @x.setter
    def x(self, value: int) -> None:
        self._replace(1, [str(int(value))])

    @property
    def y(self) -> int:
        parts = self._state_tokens()
        return java_int(parts[2], 0) if len(parts) > 2 else 0

    @y.setter
    def y(self, value: int) -> None:
        self._replace(2, [str(int(value))])


class BasicPiece(_OnMap):
    """The innermost trait: image, name, and where the piece is (map, x, y).

    State (4.4.1): ``mapId;x;y;gpid;n;key1;value1;...``, or legacy ``mapId;x;y``.
    ``map`` is None for the literal ``null`` (not on a map).
    """

    prefix = "piece;"
    java_class = "BasicPiece"
    editor_name = "Basic Piece"
    innermost = True
    default_state = "null;0;0;;0"
    _pad = ("null", "0", "0", "", "0")

    clone_key = Field(CHAR, "", doc="legacy clone key character")
    delete_key = Field(CHAR, "", doc="legacy delete key character")
    image = Field(TEXT, "", doc="image file name in images/")
    name = Field(TEXT, "", doc="the BasicName")

    __slots__ = ()

    @classmethod
    def new(cls, image: str = "", name: str = "", **values) -> BasicPiece:
        """``piece;;;image;name`` with the default state ``null;0;0;;0``."""
        return super().new(image=image, name=name, **values)

    @property
    def gpid(self) -> str:
        """The id of the palette slot this piece was made from ("" when unset)."""
        parts = self._state_tokens()
        return parts[3] if len(parts) > 3 else ""

    @gpid.setter
    def gpid(self, value: str) -> None:
        self._replace(3, [value])

    @property
    def properties(self) -> dict[str, str]:
        """Persistent properties (``Set Piece Property`` values, ``UniqueID``), in stored order."""
        parts = self._state_tokens()
        count = java_int(parts[4], 0) if len(parts) > 4 else 0
        pairs = parts[5:]
        out: dict[str, str] = {}
        for i in range(count):
            key = pairs[2 * i] if 2 * i < len(pairs) else ""
            out[key] = pairs[2 * i + 1] if 2 * i + 1 < len(pairs) else ""
        return out

    @properties.setter
    def properties(self, value: Mapping[str, str]) -> None:
        texts = [str(len(value))]
        for key, val in value.items():
            texts += [key, val]
        self._replace(4, texts, truncate=True)

    def images(self) -> list[str]:
        return [self.image] if self.image else []


class Stack(_OnMap):
    """A stack container: type ``stack``; state ``mapId;x;y;child1;...;@@layer`` (4.5).

    Children are piece ids, bottom to top. x and y are always written, even for
    the ``null`` map.
    """

    prefix = "stack"
    java_class = "Stack"
    editor_name = "Stack"
    innermost = True
    default_state = "null;0;0;@@0"
    _pad = ("null", "0", "0")

    __slots__ = ()

    @property
    def children(self) -> list[str]:
        """Member piece ids, bottom to top."""
        return [t for t in self._state_tokens()[3:] if t and not t.startswith("@@")]

    @children.setter
    def children(self, ids: list[str]) -> None:
        layer = self.layer
        tail = list(ids) + ([] if layer is None else [f"@@{layer}"])
        self._replace(3, tail, truncate=True)

    @property
    def layer(self) -> int | None:
        """The draw layer (``@@n``, VASSAL 3.4.8+), None when not written."""
        for token in reversed(self._state_tokens()[3:]):
            if token.startswith("@@"):
                return java_int(token[2:], 0)
        return None


class Deck(_OnMap):
    """A deck container (``deck;`` + about 50 fields); state ``mapId;x;y;faceDown;id1,id2,...`` (4.5)."""

    prefix = "deck;"
    java_class = "Deck"
    editor_name = "Deck"
    innermost = True
    default_state = "null;0;0;false"
    _pad = ("null", "0", "0", "false")

    draw_outline = Field(BOOL, True)
    outline_color = Field(COLOR, (0, 0, 0))
    width = Field(INT, 40)
    height = Field(INT, 40)
    face_down_option = Field(TEXT, "Always")
    shuffle_option = Field(TEXT, "Always")
    allow_multiple_draw = Field(BOOL, True)
    allow_select_draw = Field(BOOL, True)
    reversible = Field(BOOL, True)
    reshuffle_command = Field(TEXT, "")
    reshuffle_target = Field(TEXT, "")
    reshuffle_report = Field(TEXT, "")
    deck_name = Field(TEXT, "deck")
    shuffle_report = Field(TEXT, "")
    reverse_report = Field(TEXT, "")
    face_down_report = Field(TEXT, "")
    draw_face_up = Field(BOOL, False)
    persistable = Field(BOOL, False)
    shuffle_key = Field(KEY, None)
    reshuffle_key = Field(KEY, None)
    max_stack = Field(INT, 10)
    count_expressions = Field(STRINGS, [])
    expression_counting = Field(BOOL, False)
    global_commands = Field(STRINGS, [])
    hotkey_on_empty = Field(BOOL, False)
    empty_key = Field(KEY, None)
    select_display_property = Field(TEXT, "$BasicName$")
    select_sort_property = Field(TEXT, "")
    restrict_option = Field(BOOL, False)
    restrict_expression = Field(TEXT, "")
    shuffle_command = Field(TEXT, "Shuffle")
    reverse_command = Field(TEXT, "Reverse")
    reverse_key = Field(KEY, None)
    draw_multiple_command = Field(TEXT, "Draw multiple cards")
    draw_specific_command = Field(TEXT, "Draw specific cards")
    face_up_command = Field(TEXT, "Face up")
    face_down_command = Field(TEXT, "Face down")
    face_up_key = Field(KEY, None)
    face_up_report = Field(TEXT, "")
    face_flip_key = Field(KEY, None)
    face_down_key = Field(KEY, None)
    save_command = Field(TEXT, "Save Deck")
    save_key = Field(KEY, None)
    save_report = Field(TEXT, "Deck Saved")
    load_command = Field(TEXT, "Load Deck")
    load_key = Field(KEY, None)
    load_report = Field(TEXT, "Deck Loaded")
    restrict_access = Field(BOOL, False)
    owners = Field(STRINGS, [])

    __slots__ = ()

    @property
    def face_down(self) -> bool:
        parts = self._state_tokens()
        return len(parts) > 3 and parts[3] == "true"

    @face_down.setter
    def face_down(self, value: bool) -> None:
        self._replace(3, ["true" if value else "false"])

    @property
    def children(self) -> list[str]:
        """Member piece ids, in deck order."""
        parts = self._state_tokens()
        return [t for t in tokens(parts[4], ",") if t] if len(parts) > 4 else []

    @children.setter
    def children(self, ids: list[str]) -> None:
        self._replace(4, [join(ids, ",")] if ids else [], truncate=True)
