"""Traits that tie pieces together: Mat, Mat Cargo and Attachment (3.6-3.7 additions)."""

from __future__ import annotations

from .base import Field, Trait
from .encoding import tokens
from .values import BOOL, DEFAULT_TARGET, INT, KEY, TEXT, java_int


def _counted_ids(state: str | None) -> list[str]:
    """``n;id1;...;idn`` as Mat and Attachment write their contents."""
    parts = tokens(state, ";")
    count = java_int(parts[0], 0) if parts else 0
    return parts[1:1 + count]


class Mat(Trait):
    """A mat that carries cargo (``mat;``). State ``n;id1;...`` (the cargo)."""

    prefix = "mat;"
    java_class = "Mat"
    editor_name = "Mat"
    default_state = "0"

    mat_name = Field(TEXT, "Mat", missing="")
    description = Field(TEXT, "")

    __slots__ = ()

    @property
    def cargo(self) -> list[str]:
        return _counted_ids(self._state)


class MatCargo(Trait):
    """A piece that rides on a mat (``matPiece;``). State: the mat's id, or ``noMat``."""

    prefix = "matPiece;"
    java_class = "MatCargo"
    editor_name = "Mat Cargo"
    default_state = "noMat"

    description = Field(TEXT, "")
    maintain_relative_facing = Field(BOOL, True)
    detection_x = Field(INT, 0)
    detection_y = Field(INT, 0)
    find_key = Field(KEY, None)
    detach_key = Field(KEY, None)

    __slots__ = ()


class Attachment(Trait):
    """Attachment (``attach;``, 3.7). State ``n;id1;...`` (the attached pieces)."""

    prefix = "attach;"
    java_class = "Attachment"
    editor_name = "Attachment"
    default_state = "0"

    attach_name = Field(TEXT, "")
    description = Field(TEXT, "")
    attach_command = Field(TEXT, "Attach to pieces")
    attach_key = Field(KEY, None)
    clear_all_command = Field(TEXT, "Clear all attachments")
    clear_all_key = Field(KEY, None)
    properties_filter = Field(TEXT, "")
    restrict_range = Field(BOOL, False)
    range = Field(INT, 1)
    fixed_range = Field(BOOL, True)
    range_property = Field(TEXT, "")
    select_from_deck = Field(TEXT, "-1")
    target = Field(TEXT, DEFAULT_TARGET, missing="")
    clear_matching_command = Field(TEXT, "Clear matching attachments")
    clear_matching_key = Field(KEY, None)
    clear_matching_filter = Field(TEXT, "")
    on_attach = Field(TEXT, "nothing")
    on_detach = Field(TEXT, "nothing")
    before_attach = Field(TEXT, "clear")
    allow_self_attach = Field(BOOL, False)
    auto_attach = Field(BOOL, True)

    __slots__ = ()

    @property
    def attached(self) -> list[str]:
        return _counted_ids(self._state)
