"""Every VASSAL trait (decorator) class, one Python class per type prefix (vassal-formats.md 4.2).

Each class keeps the trait's own type and state strings verbatim and offers
typed fields decoded from them; see :mod:`.base`. :func:`make_trait` picks the
class for a prefix the way VASSAL's BasicCommandEncoder does; a prefix it does
not know (a module's custom trait) gives an :class:`UnknownTrait` that keeps its
strings unchanged.
"""

from __future__ import annotations

from .appearance import (
    AreaOfEffect,
    BorderOutline,
    Footprint,
    FreeRotator,
    Hideable,
    Labeler,
    LegacyNonRectangular,
    MovementMarkable,
    NonRectangular,
    Obscurable,
)
from .base import (
    DECORATORS,
    INNERMOST,
    Field,
    Trait,
    UnknownTrait,
    make_trait,
    prefix_of,
    trait_classes,
)
from .basic import BasicPiece, Deck, Stack
from .commands import (
    ActionButton,
    Clone,
    CounterGlobalKeyCommand,
    Delete,
    Deselect,
    GlobalHotKey,
    Immobilized,
    MenuSeparator,
    MultiLocationCommand,
    Pivot,
    PlaySound,
    ReportState,
    RestrictCommands,
    Restricted,
    ReturnToDeck,
    SendToLocation,
    SubMenu,
    Translate,
    TriggerAction,
)
from .layer import Embellishment, Layer, LegacyEmbellishment
from .markers import PlaceMarker, Replace
from .mats import Attachment, Mat, MatCargo
from .properties import (
    BasicName,
    CalculatedProperty,
    Constraints,
    DynamicProperty,
    Marker,
    PropertySheet,
    SetGlobalProperty,
    SetPieceProperty,
    TableInfo,
    TranslatableMessage,
)
from .prototype import Comment, Prototype
from .values import KeyStroke

#: The Java name, for readers who know VASSAL's classes.
UsePrototype = Prototype

__all__ = [
    "ActionButton", "AreaOfEffect", "Attachment", "BasicName", "BasicPiece", "BorderOutline",
    "CalculatedProperty", "Clone", "Comment", "Constraints", "CounterGlobalKeyCommand", "DECORATORS",
    "Deck", "Delete", "Deselect", "DynamicProperty", "Embellishment", "Field", "Footprint",
    "FreeRotator", "GlobalHotKey", "Hideable", "INNERMOST", "Immobilized", "KeyStroke", "Labeler",
    "Layer", "LegacyEmbellishment", "LegacyNonRectangular", "Marker", "Mat", "MatCargo", "MenuSeparator",
    "MovementMarkable", "MultiLocationCommand", "NonRectangular", "Obscurable", "Pivot", "PlaceMarker",
    "PlaySound", "PropertySheet", "Prototype", "Replace", "ReportState", "RestrictCommands",
    "Restricted", "ReturnToDeck", "SendToLocation", "SetGlobalProperty", "SetPieceProperty", "Stack",
    "SubMenu", "TableInfo", "Trait", "Translate", "TranslatableMessage", "TriggerAction",
    "UnknownTrait", "UsePrototype", "make_trait", "prefix_of", "trait_classes",
]
