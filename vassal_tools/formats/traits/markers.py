"""Place Marker and Replace with Other: traits that carry a whole piece definition (vassal-formats.md 4.4.11).

``marker_spec`` is either an encoded AddPiece (``+/null/TYPE/STATE``, a
"standalone" marker), the component path of a palette PieceSlot, or ``null``.
The standalone piece is decoded on demand; the spec text is kept whole, so an
untouched trait re-encodes identically, and an edit to the decoded piece is
written back the next time the trait's type is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .base import Field, Trait
from .values import BOOL, INT, KEY, TEXT, KeyStroke

if TYPE_CHECKING:
    from ..pieces import Piece

NULL_SPEC = "null"


@dataclass(frozen=True)
class PieceGrammar:
    """How a whole piece definition is read and written (``formats.pieces``).

    The grammar is recursive: a piece is made of traits and these traits hold a piece.
    :mod:`vassal_tools.formats.pieces`, which builds on the traits, installs itself here
    with :func:`use_piece_grammar` when it loads, so that the traits need not import it.
    """

    parse: Callable[[str], tuple[str, Piece]]
    encode: Callable[..., str]


_GRAMMAR: list[PieceGrammar] = []


def use_piece_grammar(grammar: PieceGrammar) -> None:
    """Install the piece grammar the marker traits decode and encode their pieces with."""
    _GRAMMAR[:] = [grammar]


def piece_grammar() -> PieceGrammar:
    if not _GRAMMAR:
        raise RuntimeError("vassal_tools.formats.pieces is not loaded: it installs the piece grammar")
    return _GRAMMAR[0]


class PlaceMarker(Trait):
    """Place Marker (``placemark;``): places ``marker`` next to (or on) this piece."""

    prefix = "placemark;"
    java_class = "PlaceMarker"
    editor_name = "Place Marker"

    command_name = Field(TEXT, "Place Marker", missing="")
    key = Field(KEY, KeyStroke.ctrl("M"), missing=None)
    marker_spec = Field(TEXT, NULL_SPEC, doc="encoded AddPiece, slot path, or null")
    marker_text = Field(TEXT, NULL_SPEC)
    x_offset = Field(TEXT, "0")
    y_offset = Field(TEXT, "0")
    match_rotation = Field(BOOL, False)
    after_burner_key = Field(KEY, None)
    description = Field(TEXT, "")
    gpid = Field(TEXT, "")
    placement = Field(INT, 0)
    above = Field(BOOL, False)
    copy_dps_by_name = Field(BOOL, False)
    parameters = Field(TEXT, "")
    version = Field(INT, 1, missing=0)

    __slots__ = ("_marker",)

    def __init__(self, type: str, state: str | None = None):
        super().__init__(type, state)
        # (spec text it was decoded from, its AddPiece id, the decoded Piece)
        self._marker: tuple[str, str, Piece] | None = None

    @classmethod
    def new(cls, marker: Piece | None = None, **values: Any) -> PlaceMarker:
        trait = super().new(**values)
        if marker is not None:
            trait.marker = marker
        return trait

    def _current_type(self) -> str:
        cached = self._marker
        if cached is not None:
            spec, ident, piece = cached
            now = piece_grammar().encode(piece, ident)
            if now != spec:
                self._marker = (now, ident, piece)
                PlaceMarker.marker_spec.__set__(self, now)
        return self._type

    type = property(_current_type, Trait.type.fset)  # type: ignore[attr-defined]  # mypy sees a property with a setter as an overload

    @property
    def is_standalone(self) -> bool:
        """True when the marker is defined inline rather than as a palette slot."""
        return self.marker_spec.startswith("+/")

    @property
    def marker(self) -> Piece | None:
        """The standalone marker piece (None for a slot reference or none)."""
        spec = self.marker_spec
        if self._marker is not None and self._marker[0] == spec:
            return self._marker[2]
        if not spec.startswith("+/"):
            return None
        ident, piece = piece_grammar().parse(spec)
        self._marker = (spec, ident, piece)
        return piece

    @marker.setter
    def marker(self, piece: Piece | None) -> None:
        if piece is None:
            self._marker = None
            self.marker_spec = NULL_SPEC
            return
        spec = piece_grammar().encode(piece)
        self.marker_spec = spec
        self._marker = (spec, NULL_SPEC, piece)

    @property
    def slot_path(self) -> str | None:
        """The component path of the palette slot the marker comes from, if it is one."""
        spec = self.marker_spec
        return None if spec == NULL_SPEC or spec.startswith("+/") else spec

    def copy(self) -> PlaceMarker:
        return type(self)(self.type, self.state)

    def images(self) -> list[str]:
        marker = self.marker
        return marker.images if marker is not None else []


class Replace(PlaceMarker):
    """Replace with Other (``replace;``): the same fields as Place Marker."""

    prefix = "replace;"
    java_class = "Replace"
    editor_name = "Replace with Other"

    __slots__ = ()

    @classmethod
    def default_type(cls) -> str:
        trait = PlaceMarker(PlaceMarker.default_type())
        trait.command_name = "Replace"
        trait.key = KeyStroke.ctrl("R")
        return cls.prefix + trait.type[len(PlaceMarker.prefix):]
