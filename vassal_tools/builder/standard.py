"""The components every VASSAL module and map carries, with the attributes VASSAL writes.

VASSAL creates a missing mandatory component itself (vassal-formats.md 2.2), but a
module built without them differs from what VASSAL's editor saves, and a map without
its helpers (StackMetrics, PieceMover, Zoomer, ...) cannot move or show pieces. The
attribute values below are those of modules saved by VASSAL 3.6-3.7 (the Kassala
module of the corpus, written by 3.6.6), so the built module opens in the editor
exactly like one made by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..art.hexmap import STACK_STEP
from ..formats.components import Component

MODULE = "VASSAL.build.module."
MAP = MODULE + "map."

# Chat reports of moves. The defaults VASSAL writes for a new map (2.3).
MOVE_FORMAT = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"
CREATE_FORMAT = "$pieceName$ created in $location$ *"


def component(tag: str, attributes: Mapping[str, object] | None = None, text: str | None = None) -> Component:
    """A detached element of class ``tag``, its attributes written alphabetically as VASSAL does."""
    return Component.new(attributes, text, tag=tag)


def module_components_before_maps(sides: Iterable[str]) -> list[Component]:
    """Command encoder, documentation, player roster (one entry per side) and global options."""
    roster = component(MODULE + "PlayerRoster", {
        "buttonIcon": "", "buttonKeyStroke": "", "buttonText": "Retire",
        "buttonToolTip": "Switch sides, become an observer, or allow another player to take your side in this game",
    })
    for side in sides:
        roster.append(component("entry", text=side))
    options = component(MODULE + "GlobalOptions", {
        "autoReport": "Always", "chatterHTMLSupport": "Never", "hotKeysOnClosedWindows": "Never",
        "inventoryForAll": "Always", "nonOwnerUnmaskable": "Never", "playerIdFormat": "$PlayerName$",
        "promptString": "Opponents can unmask my pieces", "sendToLocationMoveTrails": "Never",
    })
    return [
        component(MODULE + "BasicCommandEncoder"),
        component(MODULE + "Documentation"),
        roster,
        options,
    ]


def module_components_after_maps() -> list[Component]:
    """The singletons a 3.6+ module lists after its maps (their order as VASSAL saves them)."""
    return [
        component(MODULE + "Chatter"),
        component(MODULE + "KeyNamer"),
        component("VASSAL.i18n.Language"),
    ]


def global_properties(properties: Iterable[Component] = ()) -> Component:
    """A GlobalProperties container holding ``properties`` (module, map or zone level)."""
    container = component(MODULE + "properties.GlobalProperties")
    for prop in properties:
        container.append(prop)
    return container


def new_map(name: str, button: str, hotkey: str = "") -> Component:
    """A Map with VASSAL's default reports and look; boards and helpers are appended after."""
    return component(MODULE + "Map", {
        "allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": button,
        "changeFormat": "$message$", "color": "0,0,0", "createFormat": CREATE_FORMAT, "description": "",
        "edgeHeight": "0", "edgeWidth": "0", "hideKey": "", "hotkey": hotkey, "icon": "/images/map.gif",
        "launch": "false", "mapName": name, "markMoved": "Never", "markUnmovedHotkey": "",
        "markUnmovedIcon": "/images/unmoved.gif", "markUnmovedReport": "", "markUnmovedText": "",
        "markUnmovedTooltip": "Mark all pieces on this map as not moved", "moveKey": "",
        "moveToFormat": MOVE_FORMAT, "moveWithinFormat": MOVE_FORMAT, "showKey": "", "thickness": "3",
    })


def board_picker() -> Component:
    return component(MAP + "BoardPicker", {
        "addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board",
        "slotHeight": "125", "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards",
    })


#: px each piece of an unexpanded stack is drawn right and up from the one below (StackMetrics unexSepX,
#: unexSepY): the maps' art keeps its labels clear of stacks so fanned.
UNEXPANDED_SEPARATION = STACK_STEP


def map_helpers(zoom_levels: str = "0.25,0.333,0.4,0.5,0.625,0.75,1.0,1.25,1.6", zoom_start: int = 7) -> list[Component]:
    """The helpers a map needs to show, stack, move and zoom pieces, in VASSAL's order.

    ``zoom_start`` is 1-based, as VASSAL counts it (7 is the 1.0 of the default levels).
    """
    return [
        component(MAP + "StackMetrics", {
            "bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "30", "exSepY": "30",
            "top": "38,0", "unexSepX": str(UNEXPANDED_SEPARATION[0]),
            "unexSepY": str(UNEXPANDED_SEPARATION[1]), "up": "39,0",
        }),
        component(MAP + "ForwardToKeyBuffer"),
        component(MAP + "Scroller"),
        component(MAP + "ForwardToChatter"),
        component(MAP + "MenuDisplayer"),
        component(MAP + "MapCenterer"),
        component(MAP + "StackExpander"),
        component(MAP + "PieceMover"),
        component(MAP + "KeyBufferer"),
        component(MAP + "ImageSaver", {
            "buttonText": "", "canDisable": "false", "hotkey": "", "icon": "/images/camera.gif",
            "propertyGate": "", "tooltip": "Save map as PNG image",
        }),
        component(MAP + "CounterDetailViewer", {
            "borderWidth": "0", "centerAll": "false", "centerText": "false", "combineCounterSummary": "false",
            "counterReportFormat": "", "delay": "700", "description": "", "display": "from top-most layer only",
            "emptyHexReportForma": "$LocationName$", "enableHTML": "false", "extraTextPadding": "0",
            "fgColor": "0,0,0", "fontSize": "9", "graphicsZoom": "1.0", "hotkey": "32,130", "layerList": "",
            "minDisplayPieces": "2", "propertyFilter": "", "showDeck": "false", "showDeckDepth": "1",
            "showDeckMasked": "false", "showMoveSelectde": "false", "showNoStack": "false",
            "showNonMovable": "false", "showOverlap": "false", "showgraph": "true", "showgraphsingle": "false",
            "showtext": "true", "showtextsingle": "false", "stretchWidthSummary": "false",
            "summaryReportFormat": "$LocationName$", "unrotatePieces": "false", "version": "3",
            "verticalOffset": "0", "verticalTopText": "5", "zoomlevel": "1.0",
        }),
        global_properties(),
        component(MAP + "SelectionHighlighters"),
        component(MAP + "HighlightLastMoved", {"color": "255,0,0", "enabled": "true", "thickness": "2"}),
        component(MAP + "Zoomer", {
            "inButtonText": "", "inIconName": "/images/zoomIn.gif", "inTooltip": "Zoom in",
            "outButtonText": "", "outIconName": "/images/zoomOut.gif", "outTooltip": "Zoom out",
            "pickButtonText": "", "pickIconName": "/images/zoom.png", "pickTooltip": "Select Zoom",
            "zoomInKey": "", "zoomLevels": zoom_levels, "zoomOutKey": "", "zoomPickKey": "",
            "zoomStart": str(zoom_start),
        }),
    ]
