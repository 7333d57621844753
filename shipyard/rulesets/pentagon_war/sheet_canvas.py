"""The Pentagon War's record sheets by name, and the canvases they are drawn on.

Shared by the SSD layout (`layout.py`, `ssd_parts.py`) and the turn-by-turn
forms (`turn_forms.py`), so neither imports the other.
"""

from __future__ import annotations

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import Canvas, PackCanvas

# Seed 001: a craft keeps an SSD, a power form and an acceleration record; a
# drone keeps only an acceleration record, printed after its carrier's sheets.
SHEETS = ("ssd", "power", "accel", "drones")
SHEET_TITLES = {
    "ssd": "Spacecraft Systems Display",
    "power": "Capacitor Power Management Form",
    "accel": "Acceleration Record",
    "drones": "Drone Acceleration Records",
}
SHEET_LABELS = {"ssd": "Systems display", "power": "Power form", "accel": "Acceleration",
                "drones": "Drones"}
RECORDS_TITLE = "Turn records"  # the pages the turn-by-turn forms are packed on
BOX = 4.2  # the smallest box a pen can mark; never shrunk, pages are added instead
DRONE_MARKS = {"laser": "L", "electron_cannon": "E", "proton_cannon": "P",
               "point_defense": "PD"}


class SheetCanvas(Canvas):
    """A canvas that knows the SSD document it draws."""

    def __init__(self, doc: SsdDocument, sheet: str, paper: tuple[float, float]) -> None:
        super().__init__(doc.name, doc.draft, sheet, SHEET_TITLES[sheet], paper,
                         own_title_block=sheet == "ssd")
        self.doc = doc


def records_canvas(names: str, draft: bool, paper: tuple[float, float]) -> PackCanvas:
    """The pages the turn-by-turn forms of one or more designs are packed on."""
    return PackCanvas(names, draft, "", RECORDS_TITLE, paper)
