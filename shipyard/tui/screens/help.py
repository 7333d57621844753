"""The keys screen: every binding of the designer and its fields, from their BINDINGS."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from shipyard.tui.widgets.arcs import ArcPicker, GunArcPicker
from shipyard.tui.widgets.armor import ArmorHexagon
from shipyard.tui.widgets.editor import AddEntry, Editor
from shipyard.tui.widgets.fields import ChoiceField, CountField, Field, FlagField, HullSplitField
from shipyard.tui.widgets.radar import RadarTrack

GROUPS: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("Every field", (Field, Editor)),
    ("Counts", (CountField,)),
    ("Yes / no", (FlagField,)),
    ("Choices", (ChoiceField,)),
    ("Armor hexagon", (ArmorHexagon,)),
    ("Radar track", (RadarTrack,)),
    ("Secondary weapon arcs", (ArcPicker,)),
    ("Gun arcs", (GunArcPicker,)),
    ("Add lines", (AddEntry,)),
    ("Forward hull", (HullSplitField,)),
)


def key_names(binding: Binding) -> str:
    names = {"plus": "+", "minus": "-", "equals_sign": "=", "space": "Space",
             "enter": "Enter", "escape": "Esc", "delete": "Del", "backspace": "Backspace",
             "insert": "Ins", "left": "←", "right": "→", "up": "↑", "down": "↓"}
    keys = []
    for key in binding.key.split(","):
        key = key.strip()
        if key.startswith("ctrl+"):
            keys.append("Ctrl+" + key[5:].upper())
        else:
            keys.append(names.get(key, key.upper() if key.startswith("f") else key))
    return " ".join(keys)


def own_bindings(kind: type) -> list[Binding]:
    found = getattr(kind, "BINDINGS", [])
    return [b for b in found if isinstance(b, Binding) and b.description]


def keys_table(title: str, bindings: list[Binding]) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", show_header=False,
                  box=None, padding=(0, 2))
    table.add_column(style="bold", min_width=18)
    table.add_column()
    for binding in bindings:
        table.add_row(key_names(binding), binding.description)
    return table


class HelpScreen(ModalScreen[None]):
    """Every key, taken from the bindings themselves so it never goes stale."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        from shipyard.tui.app import ShipyardApp
        from shipyard.tui.screens.designer import DesignerScreen

        tables = [keys_table("Designer", own_bindings(ShipyardApp)
                             + own_bindings(DesignerScreen))]
        tables += [keys_table(title, [b for kind in kinds for b in own_bindings(kind)])
                   for title, kinds in GROUPS]
        with VerticalScroll(classes="dialog wide tall"):
            yield Label("Keys", classes="dialog-title")
            yield Static(Text("Ctrl+P opens the command palette: every command by name. "
                              "Digits typed on a count set it (Enter or leaving the field "
                              "keeps it). Mouse: click a field, an arc or an armor side.",
                              style="italic"))
            for table in tables:
                yield Static(table)
            yield Static(Text("Esc closes this screen.", style="dim"))
