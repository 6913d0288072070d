"""Traits that add commands or restrict what a player may do with a piece.

Field orders follow vassal-formats.md 4.4.6 and 4.4.11 and VASSAL's ``myGetType``
of each class; defaults are those of VASSAL's constructors (``trait_defaults``).
"""

from __future__ import annotations

from .base import Field, Trait
from .encoding import tokens
from .values import BOOL, DEFAULT_TARGET, DOUBLE, INT, KEY, KEYS, STRINGS, TEXT, KeyStroke, java_int


class Immobilized(Trait):
    """Does Not Stack (``immob;``, 4.4.6). Its type is concatenated, not SequenceEncoded.

    ``selection``: at most one of ``n i t c``, optional ``g``, at most one of
    ``Z A B``; ``movement``: ``V I N``; ``stacking``: ``L`` or ``R`` (the default).
    """

    prefix = "immob;"
    java_class = "Immobilized"
    editor_name = "Does Not Stack"
    escaped_fields = False

    selection = Field(TEXT, "")
    movement = Field(TEXT, "N", missing="")
    stacking = Field(TEXT, "R")
    description = Field(TEXT, "")

    __slots__ = ()

    @property
    def never_select(self) -> bool:
        return "n" in self.selection

    @property
    def ignore_grid(self) -> bool:
        return "g" in self.selection

    @property
    def never_move(self) -> bool:
        movement = self.movement
        return movement[:1] == "V" if movement else self.never_select

    @property
    def can_stack(self) -> bool:
        return self.stacking[:1] == "L"

    def _normalized_type(self) -> str:
        # Immobilized.myGetType writes the flags back in a fixed order, one of each group.
        sel = self.selection
        out = next((c for c in "nitc" if c in sel), "")
        out += "g" if "g" in sel else ""
        out += next((c for c in "ZAB" if c in sel), "")
        movement = self.movement
        select_moves = any(c in sel for c in "itc")
        if movement:
            move = {"V": "V", "I": "I"}.get(movement[0], "N")
        else:
            move = "V" if "n" in sel else ("I" if select_moves else "N")
        return f"{self.prefix}{out};{move};{'L' if self.can_stack else 'R'};{self.description}"


class ReportState(Trait):
    """Report Action (``report;``). State: the cycle index, ``-1`` initially."""

    prefix = "report;"
    java_class = "ReportState"
    editor_name = "Report Action"
    default_state = "-1"

    keys = Field(KEYS, [])
    report_format = Field(TEXT, "$location$: $newPieceName$ *")
    cycle_down_keys = Field(KEYS, [])
    cycle_report_formats = Field(STRINGS, [])
    description = Field(TEXT, "")
    no_suppress = Field(BOOL, False)

    __slots__ = ()

    @property
    def cycle_index(self) -> int:
        return java_int(self._state, -1) if self._state else -1


class Delete(Trait):
    prefix = "delete;"
    java_class = "Delete"
    editor_name = "Delete"

    command_name = Field(TEXT, "Delete", missing="")
    key = Field(KEY, KeyStroke.ctrl("D"))
    description = Field(TEXT, "")

    __slots__ = ()


class Clone(Trait):
    prefix = "clone;"
    java_class = "Clone"
    editor_name = "Clone"

    command_name = Field(TEXT, "Clone", missing="")
    key = Field(KEY, KeyStroke.ctrl("C"))
    description = Field(TEXT, "")

    __slots__ = ()


class SendToLocation(Trait):
    """Send to Location (``sendto;``). State ``backMap;backX;backY`` (empty when unused).

    ``x``, ``y`` and the index/offset fields are format strings, kept as text.
    ``destination``: ``L`` location, ``Z`` zone, ``R`` region, ``G`` grid
    location, ``A`` counter, ``C`` counter cycle, ``N`` nearest counter.
    """

    prefix = "sendto;"
    java_class = "SendToLocation"
    editor_name = "Send to Location"
    default_state = ";;"

    command_name = Field(TEXT, "")
    key = Field(KEY, None)
    map_id = Field(TEXT, "")
    board_name = Field(TEXT, "")
    x = Field(TEXT, "0")
    y = Field(TEXT, "0")
    back_command_name = Field(TEXT, "")
    back_key = Field(KEY, None)
    x_index = Field(TEXT, "0")
    y_index = Field(TEXT, "0")
    x_offset = Field(TEXT, "1")
    y_offset = Field(TEXT, "1")
    description = Field(TEXT, "")
    destination = Field(TEXT, "L")
    zone = Field(TEXT, "")
    region = Field(TEXT, "")
    property_filter = Field(TEXT, "")
    grid_location = Field(TEXT, "")

    __slots__ = ()

    @property
    def back(self) -> tuple[str, int, int] | None:
        """Where "send back" returns to: (map, x, y), or None."""
        parts = tokens(self._state, ";") + ["", "", ""]
        if not parts[0] or not parts[1] or not parts[2]:
            return None
        return parts[0], java_int(parts[1], 0), java_int(parts[2], 0)


class ReturnToDeck(Trait):
    prefix = "return;"
    java_class = "ReturnToDeck"
    editor_name = "Return to Deck"

    return_command = Field(TEXT, "Return to Deck", missing="")
    return_key = Field(KEY, KeyStroke.ctrl("R"), missing=None)
    deck_id = Field(TEXT, "")
    select_deck_prompt = Field(TEXT, "Select destination")
    description = Field(TEXT, "")
    version = Field(INT, 2, missing=0)
    deck_select = Field(BOOL, True)
    deck_expression = Field(TEXT, "")

    __slots__ = ()


class TriggerAction(Trait):
    prefix = "macro;"
    java_class = "TriggerAction"
    editor_name = "Trigger Action"

    name = Field(TEXT, "")
    command = Field(TEXT, "Trigger")
    key = Field(KEY, KeyStroke.ctrl("T"))
    property_match = Field(TEXT, "")
    watch_keys = Field(KEYS, [])
    action_keys = Field(KEYS, [])
    loop = Field(BOOL, False)
    pre_loop_key = Field(KEY, None)
    post_loop_key = Field(KEY, None)
    loop_type = Field(TEXT, "counted")
    while_expression = Field(TEXT, "")
    until_expression = Field(TEXT, "")
    loop_count = Field(TEXT, "")
    index = Field(BOOL, False)
    index_property = Field(TEXT, "")
    index_start = Field(TEXT, "1")
    index_step = Field(TEXT, "1")

    __slots__ = ()


class CounterGlobalKeyCommand(Trait):
    """Global Key Command (``globalkey;``); ``target`` is a ``|``-encoded GlobalCommandTarget."""

    prefix = "globalkey;"
    java_class = "CounterGlobalKeyCommand"
    editor_name = "Global Key Command"

    command_name = Field(TEXT, "", missing="Global Command")
    key = Field(KEY, KeyStroke.ctrl("G"))
    global_key = Field(KEY, KeyStroke.ctrl("K"))
    properties_filter = Field(TEXT, "")
    restrict_range = Field(BOOL, False)
    range = Field(INT, 1)
    report_single = Field(BOOL, True)
    fixed_range = Field(BOOL, True)
    range_property = Field(TEXT, "")
    description = Field(TEXT, "")
    select_from_deck = Field(TEXT, "-1")
    target = Field(TEXT, DEFAULT_TARGET, missing="")
    suppress_sounds = Field(BOOL, False)
    parameters = Field(TEXT, "")

    __slots__ = ()


class GlobalHotKey(Trait):
    prefix = "globalhotkey;"
    java_class = "GlobalHotKey"
    editor_name = "Global Hotkey"

    command_name = Field(TEXT, "")
    command_key = Field(KEY, KeyStroke.ctrl("H"))
    global_hot_key = Field(KEY, None)
    description = Field(TEXT, "")

    __slots__ = ()


class RestrictCommands(Trait):
    """Restrict Commands (``hideCmd;``): hide or disable ``watch_keys`` when ``property_match`` holds."""

    prefix = "hideCmd;"
    java_class = "RestrictCommands"
    editor_name = "Restrict Commands"

    name = Field(TEXT, "")
    action = Field(TEXT, "Hide", doc="Hide or Disable")
    property_match = Field(TEXT, "")
    watch_keys = Field(KEYS, [])

    __slots__ = ()


class Restricted(Trait):
    """Restricted Access (``restrict;``). State: the owning player's id."""

    prefix = "restrict;"
    java_class = "Restricted"
    editor_name = "Restricted Access"

    sides = Field(STRINGS, [])
    restrict_by_player = Field(BOOL, False)
    restrict_movement = Field(BOOL, True)
    description = Field(TEXT, "")

    __slots__ = ()


class Translate(Trait):
    """Move Fixed Distance (``translate;``); distances and offsets are format strings."""

    prefix = "translate;"
    java_class = "Translate"
    editor_name = "Move Fixed Distance"

    command_name = Field(TEXT, "Move Forward")
    key = Field(KEY, KeyStroke.ctrl("M"))
    x_distance = Field(TEXT, "0")
    y_distance = Field(TEXT, "60")
    move_stack = Field(BOOL, False)
    x_index = Field(TEXT, "0")
    y_index = Field(TEXT, "0")
    x_offset = Field(TEXT, "0")
    y_offset = Field(TEXT, "0")
    description = Field(TEXT, "")

    __slots__ = ()


class Pivot(Trait):
    prefix = "pivot;"
    java_class = "Pivot"
    editor_name = "Can Pivot"

    command = Field(TEXT, "", missing="Pivot")
    key = Field(KEY, None)
    pivot_x = Field(INT, 0)
    pivot_y = Field(INT, 0)
    fixed_angle = Field(BOOL, True)
    angle = Field(DOUBLE, 90.0)
    description = Field(TEXT, "")
    command2 = Field(TEXT, "")
    key2 = Field(KEY, None)
    angle2 = Field(DOUBLE, 270.0)

    __slots__ = ()


class PlaySound(Trait):
    prefix = "playSound;"
    java_class = "PlaySound"
    editor_name = "Play Sound"

    sound = Field(TEXT, "", doc="clip name format")
    menu_text = Field(TEXT, "Play Sound")
    key = Field(KEY, KeyStroke.ctrl("P"))
    send_to_others = Field(BOOL, False)
    description = Field(TEXT, "")
    no_suppress = Field(BOOL, False)

    __slots__ = ()


class ActionButton(Trait):
    """Action Button (``button;``); version 1 adds a polygon: a count then x;y pairs."""

    prefix = "button;"
    java_class = "ActionButton"
    editor_name = "Action Button"

    key = Field(KEY, None, missing=KeyStroke.ctrl("A"))
    x = Field(INT, 0)
    y = Field(INT, 0)
    width = Field(INT, 0)
    height = Field(INT, 0)
    description = Field(TEXT, "")
    launch_popup_menu = Field(BOOL, False)
    use_whole_shape = Field(BOOL, True, missing=False)
    version = Field(INT, 1, missing=0)
    n_points = Field(INT, 0)

    __slots__ = ()

    @property
    def polygon(self) -> list[tuple[int, int]]:
        if self.version < 1:
            return []
        rest = self.tokens()[len(self.fields):]
        n = min(self.n_points, len(rest) // 2)
        return [(java_int(rest[2 * i], 0), java_int(rest[2 * i + 1], 0)) for i in range(n)]

    def _normalized_type(self) -> str:
        if self.version < 1:
            return super()._normalized_type()
        points = self.polygon
        texts = [f.codec.write(getattr(self, f.name)) for f in self.fields[:-1]]
        texts += [str(len(points))] + [str(v) for point in points for v in point]
        return self.prefix + ";".join(self._segment(t) for t in texts)


class Deselect(Trait):
    prefix = "deselect;"
    java_class = "Deselect"
    editor_name = "Deselect"

    command_name = Field(TEXT, "Deselect", missing="")
    key = Field(KEY, KeyStroke(75, 0), missing=KeyStroke.ctrl("K"))
    description = Field(TEXT, "")
    unstack = Field(BOOL, False)
    deselect_type = Field(TEXT, "D")

    __slots__ = ()


class SubMenu(Trait):
    prefix = "submenu;"
    java_class = "SubMenu"
    editor_name = "Sub-Menu"

    menu_name = Field(TEXT, "Sub-Menu", missing="")
    commands = Field(STRINGS, [])
    description = Field(TEXT, "")

    __slots__ = ()


class MenuSeparator(Trait):
    prefix = "menuSeparator;"
    java_class = "MenuSeparator"
    editor_name = "Menu Separator"

    description = Field(TEXT, "")
    key = Field(KEY, None)

    __slots__ = ()


class MultiLocationCommand(Trait):
    prefix = "locCommand;"
    java_class = "MultiLocationCommand"
    editor_name = "Multi-Location Command"

    description = Field(TEXT, "")
    location_type = Field(TEXT, "", missing="locRegions")
    properties_filter = Field(TEXT, "")
    menu_text = Field(TEXT, "Do Something At $LocationOfCommand$")
    key = Field(KEY, None)
    current_map_only = Field(BOOL, True)
    menu_sort = Field(TEXT, "")
    ascending = Field(BOOL, True)
    numeric = Field(BOOL, False)

    __slots__ = ()
