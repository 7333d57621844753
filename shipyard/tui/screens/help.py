"""The keys screen: every binding of the designer and its fields, from their BINDINGS.

The app hands over its own and the designer's bindings (this screen imports
neither), and the form names the special fields as the game calls them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from shipyard.core.form import ArcPair, ArcSet, Form, HexSides, ListGroup, Split, Track
from shipyard.tui.keys import keys_named
from shipyard.tui.widgets.arcs import ArcPairPicker, ArcSetPicker
from shipyard.tui.widgets.armor import HexagonSides
from shipyard.tui.widgets.counts import CountField, SplitField
from shipyard.tui.widgets.editor import AddEntry, Editor
from shipyard.tui.widgets.fields import ChoiceField, Field, FlagField
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.radar import NumberedTrack

# (title, widget kinds, the form's spec kind that names the title after the game's fields)
GROUPS: tuple[tuple[str, tuple[type, ...], type | None], ...] = (
    ("Every field", (Field, Editor), None),
    ("Counts", (CountField,), None),
    ("Yes / no", (FlagField,), None),
    ("Choices", (ChoiceField,), None),
    ("Counts round a hexagon", (HexagonSides,), HexSides),
    ("Numbered track", (NumberedTrack,), Track),
    ("Arcs, any of them", (ArcSetPicker,), ArcSet),
    ("Arcs, a pair turned round", (ArcPairPicker,), ArcPair),
    ("Add lines", (AddEntry,), None),
    ("Forward / aft split", (SplitField,), Split),
)


def names_in(form: Form, kind: type) -> list[str]:
    """What the form calls its fields of one kind ("Armor by side", "Gun arcs")."""
    names: list[str] = []
    for section in form.sections:
        for item in section.items:
            if isinstance(item, ListGroup):
                specs = item.entry_fields(item.new)
                names += [f"{item.noun.capitalize()} {s.label.lower()}"
                          for s in specs if type(s) is kind]
            elif type(item) is kind:
                names.append(item.label)
    return list(dict.fromkeys(names))


def key_names(binding: Binding) -> str:
    return keys_named(binding.key)


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

    def __init__(self, designer: Sequence[Binding], form: Form | None = None,
                 title: str = "Designer") -> None:
        super().__init__(classes="dialog-screen")
        self.designer = list(designer)
        self.screen_title = title
        self.form = form

    def title_of(self, title: str, spec: type | None) -> str:
        names = names_in(self.form, spec) if self.form is not None and spec else []
        return ", ".join(names) or title

    def compose(self) -> ComposeResult:
        tables = [keys_table(self.screen_title, self.designer)]
        if self.form is not None:  # the fields' keys, for the designer's help
            tables += [keys_table(self.title_of(title, spec),
                                  [b for kind in kinds for b in own_bindings(kind)])
                       for title, kinds, spec in GROUPS]
        with VerticalScroll(classes="dialog wide tall"):
            yield Label("Keys", classes="dialog-title")
            yield Static(Text("Ctrl+P opens the command palette: every command by name. "
                              "Digits typed on a count set it (Enter, leaving the field or "
                              "any command keeps it; Esc drops it). Mouse: click a field, an "
                              "arc or a side of a hexagon.", style="italic"))
            for table in tables:
                yield Static(table)
            yield Static(Text("Esc closes this screen.", style="dim"))
        yield KeysFooter()
