"""Traits that change how a piece looks: label, mask, invisibility, rotation, moved marker, shapes, overlays.

Field orders follow vassal-formats.md 4.4.4 and 4.4.7-4.4.11 and VASSAL's
``myGetType`` of each class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..formatted import compile_format, render
from ..java import java_trim
from ..sequence import java_double
from .base import Field, Trait
from .encoding import tokens
from .values import BOOL, CHAR, COLOR, DOUBLE, FLOAT, INT, KEY, TEXT, KeyStroke, java_int

NOBODY = "null"  # the state of an unhidden / unmasked piece


def format_text(fmt: str, supplied: Mapping[str, str], properties: Mapping[str, str]) -> str:
    """A FormattedString evaluated the way VASSAL does for piece names (unknown ``$x$`` gives ``x``)."""
    parts = compile_format(fmt, frozenset(supplied), localized=False, properties=properties)
    return render(parts, supplied)


class Labeler(Trait):
    """A Text Label (``label;``, 4.4.4). The state is the label text itself, unencoded."""

    prefix = "label;"
    java_class = "Labeler"
    editor_name = "Text Label"

    label_key = Field(KEY, None)
    menu_command = Field(TEXT, "Change label")
    font_size = Field(INT, 10)
    background = Field(COLOR, None)
    foreground = Field(COLOR, (0, 0, 0))
    vertical_position = Field(CHAR, "t", doc="t, c or b")
    vertical_offset = Field(INT, 0)
    horizontal_position = Field(CHAR, "c", doc="l, c or r")
    horizontal_offset = Field(INT, 0)
    vertical_justification = Field(CHAR, "b")
    horizontal_justification = Field(CHAR, "c")
    name_format = Field(TEXT, "$pieceName$ ($label$)")
    font_family = Field(TEXT, "Dialog")
    font_style = Field(INT, 0)
    rotate_degrees = Field(INT, 0)
    property_name = Field(TEXT, "TextLabel")
    description = Field(TEXT, "")
    always_use_format = Field(BOOL, False)

    __slots__ = ()

    @classmethod
    def new(cls, label: str = "", **values: Any) -> Labeler:
        return super().new(label=label, **values)

    @property
    def label(self) -> str:
        """The label as VASSAL shows it (the state, trimmed like ``String.trim``)."""
        return java_trim(self._state or "")

    @label.setter
    def label(self, text: str) -> None:
        self._state = text

    def shown_label(self, inner: str, properties: Mapping[str, str]) -> str:
        """The label as drawn: itself a format, evaluated against the piece (Labeler.getLabel).

        ``$pieceName$`` is the name of what the label wraps; a reference to the
        label's own property is removed first, as Labeler.setLabel does.
        """
        text = self.label.replace(f"${self.property_name}$", "")
        return format_text(text, {"pieceName": inner}, properties)

    def piece_name(self, inner: str, properties: Mapping[str, str]) -> str:
        """Labeler.getName: the name format applied, unless the label is empty."""
        if not self.label and not self.always_use_format:
            return inner
        label = self.shown_label(inner, properties)
        return format_text(self.name_format, {"pieceName": inner, "label": label}, properties)


class Hideable(Trait):
    """Invisible (``hide;``, 4.4.8). State: the id of who hid it, or ``null``."""

    prefix = "hide;"
    java_class = "Hideable"
    editor_name = "Invisible"
    default_state = NOBODY

    hide_key = Field(KEY, KeyStroke.ctrl("I"))
    command = Field(TEXT, "Invisible")
    background = Field(COLOR, None)
    access = Field(TEXT, "player:", doc="player:, side: or sides:A:B")
    transparency = Field(FLOAT, 0.3)
    description = Field(TEXT, "")
    disable_auto_report_move = Field(BOOL, False)

    __slots__ = ()

    @property
    def hidden_by(self) -> str | None:
        return None if self._state in (None, NOBODY) else self._state

    @hidden_by.setter
    def hidden_by(self, player: str | None) -> None:
        self._state = NOBODY if player is None else player


class Obscurable(Trait):
    """Mask (``obs;``, 4.4.9). State ``obscuredBy;options`` (``null;`` when unmasked).

    ``display`` keeps the style field whole: one of ``I B 2 P G``, with ``P``
    optionally followed by a peek key and ``G`` by the image others see.
    """

    prefix = "obs;"
    java_class = "Obscurable"
    editor_name = "Mask"
    default_state = "null;"

    mask_key = Field(KEY, KeyStroke.ctrl("M"), missing=None)
    image = Field(TEXT, "", doc="the mask image")
    hide_command = Field(TEXT, "Mask")
    display = Field(TEXT, "I")
    mask_name = Field(TEXT, "?")
    access = Field(TEXT, "player:")
    peek_command = Field(TEXT, "Peek")
    description = Field(TEXT, "")
    auto_peek = Field(BOOL, True, missing=False, doc="VASSAL reads false for an older mask")
    deal_key = Field(KEY, None)
    deal_expression = Field(TEXT, "")

    __slots__ = ()

    @property
    def display_style(self) -> str:
        return (self.display or "I")[0]

    @property
    def others_image(self) -> str:
        """The image shown to others with style ``G``, else ""."""
        display = self.display
        return display[1:] if display.startswith("G") else ""

    @property
    def obscured_by(self) -> str | None:
        parts = tokens(self._state, ";")
        return None if not parts or parts[0] == NOBODY else parts[0]

    def images(self) -> list[str]:
        return [name for name in (self.image, self.others_image) if name]


class FreeRotator(Trait):
    """Can Rotate (``rotate;``, 4.4.10). The fields after ``n_angles`` depend on it.

    With ``n_angles == 1`` (free rotation) two fields ``set_angle_key;set_angle_text``
    follow, else four (clockwise and counter-clockwise keys and texts). State:
    the facing index, or for free rotation the angle as a Java double.
    """

    prefix = "rotate;"
    java_class = "FreeRotator"
    editor_name = "Can Rotate"
    default_state = "0"

    n_angles = Field(INT, 6)
    rotate_cw_key = Field(KEY, KeyStroke.ctrl("]"), missing=None)
    rotate_ccw_key = Field(KEY, KeyStroke.ctrl("["), missing=None)
    rotate_cw_text = Field(TEXT, "Rotate CW", missing="")
    rotate_ccw_text = Field(TEXT, "Rotate CCW", missing="")
    set_angle_key = Field(KEY, None)
    set_angle_text = Field(TEXT, "")
    random_key = Field(KEY, None)
    random_text = Field(TEXT, "")
    name = Field(TEXT, "")
    description = Field(TEXT, "")
    direct_key = Field(KEY, None)
    direct_text = Field(TEXT, "")
    direct_expression = Field(TEXT, "")
    direct_type_facing = Field(BOOL, True)

    __slots__ = ()

    @classmethod
    def _layouts(cls) -> dict[bool, tuple[Field, ...]]:
        head, fixed, free, tail = cls.fields[:1], cls.fields[1:5], cls.fields[5:7], cls.fields[7:]
        return {False: head + fixed + tail, True: head + free + tail}

    def _free(self) -> bool:
        parts = self._type_segments()
        return java_int(parts[0], 0) == 1 if parts else False

    def layout(self) -> tuple[Field, ...]:
        return self._layouts()[self._free()]

    def _index(self, field: Field) -> int | None:
        layout = self.layout()
        return layout.index(field) if field in layout else None

    @classmethod
    def default_type(cls) -> str:
        fields = cls._layouts()[False]
        return cls.prefix + ";".join(f.codec.write(f.default) for f in fields)

    def _set_field_text(self, field: Field, text: str) -> None:
        if field is FreeRotator.n_angles and (java_int(text, 0) == 1) != self._free():
            # Switching between free and fixed rotation moves every later field.
            kept = {f.name: getattr(self, f.name) for f in self.layout()[1:]}
            new_layout = self._layouts()[java_int(text, 0) == 1]
            texts = [text] + [f.codec.write(kept.get(f.name, f.missing)) for f in new_layout[1:]]
            self.type = self.prefix + ";".join(self._segment(t) for t in texts)
            return
        super()._set_field_text(field, text)

    def initial_state(self) -> str:
        return "0.0" if self._free() else "0"

    @property
    def facing(self) -> int:
        """The facing index (fixed rotation)."""
        return java_int(self._state or "0", 0)

    @facing.setter
    def facing(self, index: int) -> None:
        self._state = str(int(index))

    @property
    def angle(self) -> float:
        """Degrees, counter-clockwise negative as VASSAL stores them."""
        if self._free():
            try:
                return float(self._state or "0")
            except ValueError:
                return 0.0
        n = self.n_angles or 1
        return -self.facing * (360.0 / n)

    @angle.setter
    def angle(self, degrees: float) -> None:
        if self._free():
            self._state = java_double(float(degrees))
        else:
            n = self.n_angles or 1
            self.facing = round(-degrees * n / 360.0) % n


class MovementMarkable(Trait):
    """Mark When Moved (``markmoved;``, 4.4.7). State ``true`` / ``false``."""

    prefix = "markmoved;"
    java_class = "MovementMarkable"
    editor_name = "Mark When Moved"
    default_state = "false"

    moved_icon = Field(TEXT, "moved.gif", missing="")
    x_offset = Field(INT, 0)
    y_offset = Field(INT, 0)
    command = Field(TEXT, "Toggle whether piece marked as moved")
    key = Field(KEY, KeyStroke.ctrl("M"))
    description = Field(TEXT, "")
    ignore_same_location = Field(BOOL, False)
    command_true = Field(TEXT, "Mark piece as moved")
    key_true = Field(KEY, None)
    command_false = Field(TEXT, "Mark piece as unmoved")
    key_false = Field(KEY, None)

    __slots__ = ()

    @property
    def moved(self) -> bool:
        return self._state == "true"

    @moved.setter
    def moved(self, value: bool) -> None:
        self._state = "true" if value else "false"

    def images(self) -> list[str]:
        return [self.moved_icon] if self.moved_icon else []


class NonRectangular(Trait):
    """Non-rectangular shape (``nonRect2;``): a scale and a path of shape commands."""

    prefix = "nonRect2;"
    java_class = "NonRectangular"
    editor_name = "Non-Rectangular"

    scale = Field(DOUBLE, 1.0)
    shape = Field(TEXT, "")

    __slots__ = ()


class LegacyNonRectangular(Trait):
    """The old shape format ``nonRect;`` + shape spec, unencoded, scale 1."""

    prefix = "nonRect;"
    java_class = "NonRectangular"
    editor_name = "Non-Rectangular (legacy)"

    __slots__ = ()

    @property
    def shape(self) -> str:
        return self._type[len(self.prefix):]

    @shape.setter
    def shape(self, spec: str) -> None:
        self.type = self.prefix + spec

    def normalized(self) -> Trait:
        """VASSAL re-saves this format as ``nonRect2;`` with scale 1."""
        return NonRectangular.new(scale=1.0, shape=self.shape)


class AreaOfEffect(Trait):
    """Area of Effect (``AreaOfEffect;``). State ``true`` when switched on."""

    prefix = "AreaOfEffect;"
    java_class = "AreaOfEffect"
    editor_name = "Area Of Effect"
    default_state = "false"

    color = Field(COLOR, (128, 128, 128))
    transparency = Field(INT, 30, doc="percent")
    radius = Field(INT, 1)
    always_active = Field(BOOL, True)
    activate_command = Field(TEXT, "Show area")
    activate_key = Field(KEY, None)
    map_shader_name = Field(TEXT, "")
    fixed_radius = Field(BOOL, True)
    radius_marker = Field(TEXT, "")
    description = Field(TEXT, "")
    name = Field(TEXT, "")
    on_menu_text = Field(TEXT, "")
    on_key = Field(KEY, None)
    off_menu_text = Field(TEXT, "")
    off_key = Field(KEY, None)
    globally_visible = Field(BOOL, True)

    __slots__ = ()


class BorderOutline(Trait):
    """Border Outline (``border;``, 3.7)."""

    prefix = "border;"
    java_class = "BorderOutline"
    editor_name = "Border Outline"

    property_name = Field(TEXT, "")
    description = Field(TEXT, "")
    thickness = Field(INT, 2)
    color = Field(COLOR, (255, 0, 0))
    property_name2 = Field(TEXT, "")
    compare_mode = Field(TEXT, "AND")

    __slots__ = ()


class Footprint(Trait):
    """Movement Trail (``footprint;``). State ``visible;startMap;n;x,y;...;everInitialized;lastSize``."""

    prefix = "footprint;"
    java_class = "Footprint"
    editor_name = "Movement Trail"
    default_state = "false;;0;false;0"

    trail_key = Field(KEY, None, missing=KeyStroke.ctrl("T"))
    menu_command = Field(TEXT, "Movement Trail")
    initially_visible = Field(BOOL, False)
    globally_visible = Field(BOOL, False)
    circle_radius = Field(INT, 10)
    fill_color = Field(COLOR, (255, 255, 255))
    line_color = Field(COLOR, (0, 0, 0))
    selected_transparency = Field(INT, 100)
    unselected_transparency = Field(INT, 50)
    edge_point_buffer = Field(INT, 20)
    edge_display_buffer = Field(INT, 30)
    line_width = Field(DOUBLE, 1.0)
    trail_key_on = Field(KEY, None)
    trail_key_off = Field(KEY, None)
    trail_key_clear = Field(KEY, None)
    description = Field(TEXT, "")
    ignore_same_location = Field(BOOL, False)

    __slots__ = ()

    @property
    def points(self) -> list[tuple[int, int]]:
        """The trail, oldest point first."""
        parts = tokens(self._state, ";")
        count = java_int(parts[2], 0) if len(parts) > 2 else 0
        out = []
        for text in parts[3:3 + count]:
            if text:
                xy = tokens(text, ",")
                out.append((java_int(xy[0], 0), java_int(xy[1], 0) if len(xy) > 1 else 0))
        return out
