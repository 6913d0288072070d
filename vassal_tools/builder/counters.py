"""Piece definitions for the counters: one per row of units.csv (invasion-norway.txt 1.4).

A counter is, outermost trait first (vassal-formats.md 4.1)::

    emb2;  Layer "Face": the front image and, if printed, the back (reduced, damaged
           or one-point side); "Flip" turns it over
    mark;  the unit's data as properties (UNIT_PROPERTIES), so a log says which
           counter moved without guessing from names or images
    prototype;<Class>   what all counters of the class share (PROTOTYPES)
    piece; BasicPiece with no image (the Layer draws it) and the unit's name

Images are drawn at twice the size a counter shows at 100% zoom; the Layer's scale
shrinks them back, so counters stay sharp when zoomed in.
"""

from __future__ import annotations

from functools import lru_cache

from ..formats.pieces import Piece, encode_definition
from ..formats.traits import BasicPiece, Delete, Embellishment, Marker, Obscurable, Prototype
from ..formats.traits.values import KeyStroke
from .art import CounterImages

#: Marker properties every counter carries, and the Unit field each comes from.
UNIT_PROPERTIES = {
    "UnitId": "id",
    "Side": "side",
    "Nationality": "nationality",
    "Class": "unit_class",
    "Type": "type",
    "Size": "size",
    "Formation": "formation",
    "Steps": "steps",
}

#: One prototype per counter class (units.csv ``class``), named as the class reads.
PROTOTYPES = {"land": "Land", "naval": "Naval", "air": "Air", "supply": "Supply", "marker": "Marker"}

LAYER = "Face"  # VASSAL gives the piece Face_Level: 1 front, 2 back
FLIP = "Flip"
BACK_NAMES = {"": "reverse"}  # level name suffix when units.csv does not say what the back is


def unit_properties(unit) -> dict[str, str]:
    """The Marker values of a unit. Steps are the printed steps, or points for point units (1.5)."""
    values = {}
    for prop, attr in UNIT_PROPERTIES.items():
        value = getattr(unit, attr)
        if attr == "steps" and value is None:
            value = unit.points
        values[prop] = "" if value is None else str(value)
    return values


def prototype_name(unit) -> str:
    return PROTOTYPES[unit.unit_class]


def prototype_pieces() -> dict[str, Piece]:
    """The class prototypes: every counter can be deleted (Ctrl+D), as in VASSAL's default."""
    return {name: Piece([Delete.new(), BasicPiece.new()]) for name in PROTOTYPES.values()}


def module_rule(info, part: str) -> str:
    """The game's rule a part of its module cites in its description (game.toml ``[module]``
    ``<part>_rule``: ``counters_rule``, ``turns_rule``), or "" when its data names none."""
    return str((getattr(info, "raw", None) or {}).get("module", {}).get(f"{part}_rule", ""))


def unit_piece(unit, images: CounterImages, scale: float, masked: bool = False, rule: str = "") -> Piece:
    """The definition of one counter (its BasicPiece state gets the slot's gpid later); ``masked``:
    outermost, a Mask its side can set and lift (a game with fog of war, game.toml ``[module]``);
    ``rule``: the game's rule for its counters (:func:`module_rule`)."""
    traits = [
        face_layer(images, scale, unit.back, rule),
        Marker.new(unit_properties(unit)),
        Prototype.new(prototype_name(unit)),
        BasicPiece.new("", unit.name),
    ]
    return Piece([side_mask(), *traits] if masked else traits)


def side_mask() -> Obscurable:
    """VASSAL's Mask, settable and liftable by the players of the side that masked it ("side:")."""
    return Obscurable.new(access="side:", mask_name="?", description="hidden from the other side (fog of war)")


def slot_text(piece: Piece, gpid: str) -> str:
    """A PieceSlot's text: the AddPiece of the piece, its BasicPiece state ``null;0;0;<gpid>;0`` (2.6)."""
    basic = piece.basic
    if basic is None:
        raise ValueError("a palette piece ends in a BasicPiece")
    basic.gpid = gpid  # set in place: copying 900 definitions costs more than it protects
    return encode_definition(piece)


def face_layer(images: CounterImages, scale: float, back: str = "", rule: str = "") -> Embellishment:
    """The always-active Layer showing the counter; with a back image, "Flip" turns it over; its
    description cites ``rule``, the game's rule for its counters, if given."""
    layer = _blank_layer(scale, images.back is not None, rule).copy()
    layer.image_list = [p.name for p in (images.front, images.back) if p is not None]
    if images.back is not None:
        layer.level_name_list = ["", f"+ ({back or BACK_NAMES['']})"]
    return layer


@lru_cache(maxsize=8)
def _blank_layer(scale: float, two_sided: bool, rule: str) -> Embellishment:
    """The layer every counter shares but for its images (made once: setting fields re-encodes)."""
    flip = {"up_command": FLIP, "increase_keystroke": KeyStroke.named(FLIP)} if two_sided else {}
    what = "front and back of the counter" if two_sided else "the counter"
    return Embellishment.new(
        [], [], LAYER, activate_command="", activate_key="", activate_keystroke=None,
        scale=scale, description=f"{what} ({rule})" if rule else what, **flip,
    )
