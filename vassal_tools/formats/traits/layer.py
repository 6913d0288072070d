"""Layers (Embellishment): ``emb2;`` and the legacy ``emb;`` (vassal-formats.md 4.4.2).

A layer shows one of several images ("levels"). Its state is one signed integer:
``|value| - 1`` is the current level and a negative value means inactive.
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import Field, Trait
from .encoding import segments, token, tokens
from .values import BOOL, DOUBLE, INT, KEY, STRINGS, TEXT, KeyStroke, java_int


class Layer(Trait):
    """What both layer formats share: levels, the signed state, and the name they give the piece."""

    __slots__ = ()

    # Subclasses supply these from their own type format.
    @property
    def level_images(self) -> list[str]:
        raise NotImplementedError

    @property
    def level_names(self) -> list[str]:
        raise NotImplementedError

    @property
    def can_be_activated(self) -> bool:
        raise NotImplementedError

    @property
    def layer_name(self) -> str:
        raise NotImplementedError

    def initial_state(self) -> str:
        return "-1" if self.can_be_activated else "1"

    @property
    def value(self) -> int:
        """The signed state value, clamped to ±(number of levels) as VASSAL reads it."""
        n = len(self.level_images)
        if self._state is None:
            return -1 if self.can_be_activated else 1
        raw = java_int(tokens(self._state, ";")[0], -1)
        return max(-n, min(n, raw))

    @value.setter
    def value(self, value: int) -> None:
        self._state = str(int(value))

    @property
    def level(self) -> int:
        """The current level, 0-based."""
        return max(abs(self.value) - 1, 0)

    @level.setter
    def level(self, index: int) -> None:
        if not 0 <= index < len(self.level_images):
            raise ValueError(f"level {index} out of range for {len(self.level_images)} levels")
        self.value = (index + 1) if self.active else -(index + 1)

    @property
    def active(self) -> bool:
        return self.value > 0

    @active.setter
    def active(self, on: bool) -> None:
        self.value = (self.level + 1) * (1 if on else -1)

    def images(self) -> list[str]:
        return [name for name in dict.fromkeys(self.level_images) if name]

    def current_value(self, properties: Mapping[str, str] | None = None) -> int:
        """The signed value in force; layers that follow a property override it in Embellishment."""
        return self.value

    def piece_name(self, inner: str, properties: Mapping[str, str] | None = None) -> str:
        """The name the piece shows through this layer, given the name of what it wraps.

        A level name ``+X`` appends to the inner name, ``X+`` prepends; a plain
        name replaces it; an inactive layer or an empty level name leaves it
        (Embellishment.getName).
        """
        value = self.current_value(properties)
        names = self.level_names
        if not 0 < value <= len(names) or not names[value - 1]:
            return inner
        parts = tokens(names[value - 1], "+")
        if len(parts) == 1:
            return parts[0]
        return inner + parts[1] if parts[0] == "" else parts[0] + inner


class Embellishment(Layer):
    """A Layer (``emb2;``), with all 33 fields in VASSAL's order.

    ``version`` 0 means the legacy single-character activate/up/down keys are in
    force; 1 means the NamedKeyStroke fields are. (VASSAL loads an unconvertible
    version-0 layer as ``Embellishment0``; it has the same format.)
    """

    prefix = "emb2;"
    java_class = "Embellishment"
    editor_name = "Layer"
    default_state = "1"

    activate_command = Field(TEXT, "Activate", missing="")
    activate_modifiers = Field(INT, 128)
    activate_key = Field(TEXT, "A")
    up_command = Field(TEXT, "")
    up_modifiers = Field(INT, 128)
    up_key = Field(TEXT, "")
    down_command = Field(TEXT, "")
    down_modifiers = Field(INT, 128)
    down_key = Field(TEXT, "")
    reset_command = Field(TEXT, "")
    reset_key = Field(KEY, None)
    reset_level = Field(TEXT, "1")
    draw_underneath_when_selected = Field(BOOL, False)
    x_offset = Field(INT, 0)
    y_offset = Field(INT, 0)
    image_list = Field(STRINGS, [], doc="one image per level")
    level_name_list = Field(STRINGS, [], doc="one name per level; +X appends, X+ prepends")
    loop_levels = Field(BOOL, True)
    name = Field(TEXT, "", doc="the layer name")
    random_key = Field(KEY, None)
    random_text = Field(TEXT, "")
    follow_property = Field(BOOL, False)
    property_name = Field(TEXT, "")
    first_level_value = Field(INT, 1)
    version = Field(INT, 1, missing=0)
    always_active = Field(BOOL, True)
    activate_keystroke = Field(KEY, KeyStroke(65, 130), missing=None)
    increase_keystroke = Field(KEY, None)
    decrease_keystroke = Field(KEY, None)
    description = Field(TEXT, "")
    scale = Field(DOUBLE, 1.0)
    only_property_name = Field(TEXT, "")
    only_property_state = Field(TEXT, "true")

    __slots__ = ()

    @classmethod
    def new(cls, images: list[str] | None = None, level_names: list[str] | None = None,
            name: str = "", **values) -> Embellishment:
        """A version-1 layer (named keystrokes) with the given levels; ``always_active`` by default."""
        images = list(images or [])
        names = list(level_names or [""] * len(images))
        return super().new(image_list=images, level_name_list=names, name=name, **values)

    @property
    def level_images(self) -> list[str]:
        images = self.image_list
        return images or [""]  # VASSAL keeps at least one level

    @property
    def level_names(self) -> list[str]:
        names = self.level_name_list
        n = len(self.level_images)
        return names + [""] * (n - len(names)) if len(names) < n else names

    @property
    def can_be_activated(self) -> bool:
        if self.version == 0:
            return bool(self.activate_key)
        return not self.always_active

    @property
    def layer_name(self) -> str:
        return self.name

    def current_value(self, properties: Mapping[str, str] | None = None) -> int:
        """The value, or for a layer following a property the level that property selects.

        Mirrors Embellishment.checkPropertyLevel: ``level = value - firstLevelValue + 1``
        clamped to the levels, keeping the active sign; an unknown property
        counts as ``firstLevelValue``, a non-number leaves the stored level.
        """
        value = self.value
        if properties is None or not self.follow_property or not self.property_name:
            return value
        first = self.first_level_value
        raw = properties.get(self.property_name) or str(first)
        number = java_int(raw.strip(), None)
        if number is None:
            return value
        level = min(max(number - first + 1, 1), len(self.level_images))
        return level if value > 0 else -level


class LegacyEmbellishment(Layer):
    """The pre-3.0 layer format ``emb;`` (Embellishment.originalSetType).

    After the prefix: ``activateKey;resetCommand;resetKey;resetLevel`` as one
    nested field, the activate command (a leading ``_`` means "draw underneath
    when selected"), up key, up command, down key, down command, x and y offset,
    then one ``image,name`` field per level. VASSAL rewrites it as ``emb2;`` when
    the module is saved; this class keeps it as it is.
    """

    prefix = "emb;"
    java_class = "Embellishment"
    editor_name = "Layer (legacy)"
    default_state = "1"

    activation = Field(TEXT, "", doc="nested ;-list activateKey;resetCommand;resetKey;resetLevel")
    activate_command = Field(TEXT, "")
    up_key = Field(TEXT, "")
    up_command = Field(TEXT, "")
    down_key = Field(TEXT, "")
    down_command = Field(TEXT, "")
    x_offset = Field(INT, 0)
    y_offset = Field(INT, 0)

    __slots__ = ()

    def _level_specs(self) -> list[list[str]]:
        rest = segments(self._type[len(self.prefix):], ";")[len(self.fields):]
        return [tokens(token(s, ";"), ",") for s in rest]

    def _normalized_type(self) -> str:
        # VASSAL converts this format to emb2; that conversion is not reproduced here.
        return self.type

    @property
    def level_images(self) -> list[str]:
        return [spec[0] for spec in self._level_specs()]

    @property
    def level_names(self) -> list[str]:
        return [spec[1] if len(spec) > 1 else "" for spec in self._level_specs()]

    @property
    def activate_key(self) -> str:
        parts = tokens(self.activation, ";")
        return parts[0].upper() if parts else ""

    @property
    def draw_underneath_when_selected(self) -> bool:
        return self.activate_command.startswith("_")

    @property
    def can_be_activated(self) -> bool:
        return bool(self.activate_key)

    @property
    def layer_name(self) -> str:
        return ""

    # The legacy format has neither a layer name nor a scale.
    name = layer_name

    @property
    def scale(self) -> float:
        return 1.0


