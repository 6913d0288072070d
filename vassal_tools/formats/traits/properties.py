"""Traits that hold or set properties: Marker, Dynamic and Calculated Property, setters, sheets.

Field orders follow vassal-formats.md 4.4.3, 4.4.5 and 4.4.11.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .base import Field, Trait
from .encoding import escape, join, tokens
from .states import replace_tokens
from .values import BOOL, DEFAULT_TARGET, INT, KEY, TEXT, Codec, KeyStroke, java_int


class Constraints(NamedTuple):
    """A property's numeric constraints: ``numeric,min,max,wrap``."""

    numeric: bool = False
    minimum: int = 0
    maximum: int = 100
    wrap: bool = False


class ConstraintsCodec(Codec):
    def read(self, token: str, default: Any) -> Any:
        parts = tokens(token, ",")
        get = lambda i: parts[i] if i < len(parts) else ""  # noqa: E731
        return Constraints(
            get(0) == "true",
            java_int(get(1), 0),
            java_int(get(2), 100),
            get(3) == "true",
        )

    def write(self, value: Any) -> str:
        c = Constraints(*value)
        return join(["true" if c.numeric else "false", str(c.minimum), str(c.maximum),
                     "true" if c.wrap else "false"], ",")


CONSTRAINTS = ConstraintsCodec()


class Marker(Trait):
    """Static properties (``mark;``): type ``mark;`` + a ``,`` list of names; state the ``,`` list of values.

    When a name occurs twice the first wins, as in ``Marker.getProperty``.
    """

    prefix = "mark;"
    java_class = "Marker"
    editor_name = "Marker"
    delimiter = ","

    __slots__ = ()

    @classmethod
    def new(cls, properties: Mapping[str, str] | None = None) -> Marker:  # type: ignore[override]
        properties = dict(properties or {})
        return cls(cls.prefix + join(properties.keys(), ","), join(properties.values(), ","))

    @property
    def keys(self) -> list[str]:
        return self.tokens()

    @property
    def values_list(self) -> list[str]:
        """One value per key; a short state is padded with empty values, as VASSAL does."""
        n = len(self.keys)
        found = tokens(self._state, ",")[:n]
        return found + [""] * (n - len(found))

    @property
    def properties(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in zip(self.keys, self.values_list):
            out.setdefault(key, value)
        return out

    def initial_state(self) -> str:
        return join([""] * len(self.keys), ",")

    def _normalized_type(self) -> str:
        return self.prefix + join(self.keys, ",")

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.properties.get(key, default)

    def set(self, key: str, value: str) -> None:
        """Change the value of ``key``, adding the key when the marker lacks it."""
        keys = self.keys
        if key in keys:
            index = keys.index(key)
        elif keys == [""]:  # ``mark;`` holds one empty name: the first real one replaces it
            index = 0
            self.type = self.prefix + escape(key, ",")
        else:
            index = len(keys)
            self.type = self._type + "," + escape(key, ",")
        self._state = replace_tokens(self._state, index, [value], [""] * index, delim=",")


class DynamicProperty(Trait):
    """A property that changes in play (``PROP;``); its value is the state, raw (4.4.5).

    ``key_commands`` keeps the ``,`` list of ``menuText:key:changer`` entries as text.
    """

    prefix = "PROP;"
    java_class = "DynamicProperty"
    editor_name = "Dynamic Property"

    key = Field(TEXT, "", missing="name", doc="the property name")
    constraints = Field(CONSTRAINTS, Constraints())
    key_commands = Field(TEXT, "")
    description = Field(TEXT, "")

    __slots__ = ()

    @classmethod
    def new(cls, key: str = "", value: str = "", **values: Any) -> DynamicProperty:
        return super().new(key=key, value=value, **values)

    @property
    def value(self) -> str:
        return self._state or ""

    @value.setter
    def value(self, value: str) -> None:
        self._state = value


class CalculatedProperty(Trait):
    """A property computed from an expression (``calcProp;``); no state."""

    prefix = "calcProp;"
    java_class = "CalculatedProperty"
    editor_name = "Calculated Property"

    name = Field(TEXT, "")
    expression = Field(TEXT, "")
    description = Field(TEXT, "")

    __slots__ = ()


class SetGlobalProperty(Trait):
    """Commands that change a global property (``setprop;``)."""

    prefix = "setprop;"
    java_class = "SetGlobalProperty"
    editor_name = "Set Global Property"

    key = Field(TEXT, "", missing="name")
    constraints = Field(CONSTRAINTS, Constraints())
    key_commands = Field(TEXT, "")
    description = Field(TEXT, "")
    property_level = Field(TEXT, "Current Zone/Current Map/Module")
    search_name = Field(TEXT, "")

    __slots__ = ()


class SetPieceProperty(Trait):
    """Commands that set a property on other pieces (``setpieceprop;``, 3.7)."""

    prefix = "setpieceprop;"
    java_class = "SetPieceProperty"
    editor_name = "Set Piece Property"

    key = Field(TEXT, "", missing="name")
    constraints = Field(CONSTRAINTS, Constraints())
    key_commands = Field(TEXT, "")
    description = Field(TEXT, "")
    target = Field(TEXT, DEFAULT_TARGET, missing="")
    properties_filter = Field(TEXT, "")
    restrict_range = Field(BOOL, False)
    range = Field(INT, 1)
    fixed_range = Field(BOOL, True)
    range_property = Field(TEXT, "")
    select_from_deck = Field(TEXT, "-1")
    override_constraints = Field(BOOL, False)

    __slots__ = ()


class TranslatableMessage(Trait):
    """A message property that can be translated (``locmsg;``)."""

    prefix = "locmsg;"
    java_class = "TranslatableMessage"
    editor_name = "Translatable Message"

    key = Field(TEXT, "", missing="name")
    description = Field(TEXT, "")
    message = Field(TEXT, "")

    __slots__ = ()


class PropertySheet(Trait):
    """A window of editable properties (``propertysheet;``); the state is the sheet's values.

    ``launch_char`` is the legacy one-character key; the background colour is
    three separate fields ``red;green;blue``. VASSAL's ``myGetState`` is null for a
    new sheet, which a chain writes as an empty token.
    """

    prefix = "propertysheet;"
    java_class = "PropertySheet"
    editor_name = "Property Sheet"

    definition = Field(TEXT, "")
    menu_name = Field(TEXT, "Property Sheet", missing="")
    launch_char = Field(TEXT, "")
    commit_style = Field(INT, 0)
    red = Field(TEXT, "")
    green = Field(TEXT, "")
    blue = Field(TEXT, "")
    launch_key = Field(KEY, KeyStroke.ctrl("P"), missing=None)
    description = Field(TEXT, "")

    __slots__ = ()


class TableInfo(Trait):
    """A spreadsheet of values (``table;``); the state is the ``,`` list of cells, row by row."""

    prefix = "table;"
    java_class = "TableInfo"
    editor_name = "Spreadsheet"

    rows = Field(INT, 2)
    columns = Field(INT, 2)
    command = Field(TEXT, "Show Data")
    launch_key = Field(KEY, KeyStroke.ctrl("S"), missing=None)
    description = Field(TEXT, "")

    __slots__ = ()


class BasicName(Trait):
    """Overrides the piece's BasicName (``basicName;``, 3.7)."""

    prefix = "basicName;"
    java_class = "BasicName"
    editor_name = "Basic Name"

    name = Field(TEXT, "")

    __slots__ = ()


__all__ = [
    "BasicName", "CalculatedProperty", "Constraints", "DynamicProperty", "Marker", "PropertySheet",
    "SetGlobalProperty", "SetPieceProperty", "TableInfo", "TranslatableMessage",
]
