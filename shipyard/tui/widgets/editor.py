"""The editor: every part of a design, grouped the way the rules group them.

Sections follow the price list (1.2): craft options, defenses, power and
drive, sensors and control, secondary weapons, guns, ordnance, structure.
Weapons, guns and drones are lists; their entries are rebuilt when one is
added, removed or changes kind, and every field is shown the new design
after each edit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import DRONE_WEAPONS, GUN_TYPES, SCOOPS, WEAPON_TYPES
from shipyard.services.editing import Change, append, assign, get_value, remove
from shipyard.tui.widgets.arcs import ArcPicker, GunArcPicker
from shipyard.tui.widgets.armor import ArmorHexagon
from shipyard.tui.widgets.fields import (
    ChoiceField,
    CountField,
    Field,
    FlagField,
    HullSplitField,
    View,
    suicide_bomb_writer,
    walk,
)
from shipyard.tui.widgets.radar import RadarTrack

NEW_ENTRY: dict[str, dict[str, Any]] = {
    "weapons": {"type": "laser", "arcs": ["LF", "RF"], "count": 1},
    "guns": {"type": "radiation_gun", "boxes": 1, "arcs": ["LF", "RF"]},
    "drones": {"weapon": "laser", "count": 1},
}
NOUNS = {"weapons": "secondary weapon", "guns": "gun", "drones": "drone bay"}
GROUPS = ("weapons", "guns", "drones")
Shape = tuple[int, ...]
SHORT = {"weapons": "weapon", "guns": "gun", "drones": "drone bay"}
FIRST_FIELD = {"weapons": "type", "guns": "type", "drones": "weapon"}


class NameInput(Input):
    """The design's name; up/down leave it like any other field."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "walk(-1)", "Previous field", show=False),
        Binding("down", "walk(1)", "Next field", show=False),
    ]

    def action_walk(self, step: int) -> None:
        walk(self, step)


class AddEntry(Field):
    """A line that adds a weapon, gun or drone bay when Enter is pressed on it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,plus,insert", "add", "Add"),
    ]

    def __init__(self, group: str) -> None:
        super().__init__(group, f"+ add {SHORT[group]}", classes="add-entry")
        self.group = group

    def action_add(self) -> None:
        self.edit(append(self.group, NEW_ENTRY[self.group]))

    def hint_change(self) -> Change | None:
        return append(self.group, NEW_ENTRY[self.group])

    def hint_label(self) -> str:
        return f"adding a {NOUNS[self.group]} ({self._describe()})"

    def _describe(self) -> str:
        entry = NEW_ENTRY[self.group]
        kind = str(entry.get("type") or entry.get("weapon")).replace("_", " ")
        return f"{kind}, {'/'.join(entry['arcs'])}" if "arcs" in entry else kind

    def owns(self, path: str) -> bool:
        return path == self.group

    def value_text(self) -> Text:
        return Text("(Enter)", style="dim")


class GunBoxes(CountField):
    """A gun's boxes; liquid metal guns step in pairs (1.2)."""

    def __init__(self, path: str) -> None:
        super().__init__(path, "Boxes", noun="gun box")

    def show(self, view: View) -> None:
        gun = get_value(view.data, self.path.rsplit(".", 1)[0])
        pairs = isinstance(gun, dict) and gun.get("type") == "liquid_metal_gun"
        self.step = 2 if pairs else 1
        self.noun = "pair of gun boxes" if pairs else "gun box"
        super().show(view)


class Editor(VerticalScroll):
    """All fields of the design, in sections; Delete removes the entry under focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete", "remove_entry", "Remove the weapon, gun or drone bay", show=False),
        Binding("home", "walk_to(0)", "First field", show=False),
        Binding("end", "walk_to(-1)", "Last field", show=False),
        Binding("pageup", "walk(-10)", "Ten fields up", show=False),
        Binding("pagedown", "walk(10)", "Ten fields down", show=False),
    ]

    class Remove(Message):
        def __init__(self, change: Change) -> None:
            super().__init__()
            self.change = change

    def __init__(self, catalog: Catalog, id: str | None = None) -> None:
        super().__init__(id=id)
        self.catalog = catalog
        self.shape: Shape | None = None

    def _label(self, key: str, drone: bool = False) -> str:
        model = self.catalog.drone_weapons if drone else self.catalog.prices
        entry = getattr(model, key, None)
        return str(getattr(entry, "label", "") or key.replace("_", " ").capitalize())

    def compose(self) -> ComposeResult:
        yield Static("Craft", classes="section")
        with Horizontal(id="name-row"):
            yield Label("   Name", id="name-label")
            yield NameInput(placeholder="name of the design", id="name")
        yield FlagField("manned", "Manned")
        yield FlagField("options.movable_base", "Movable base")
        yield CountField("options.suicide_bomb", "Suicide bomb", noun="suicide bomb",
                         writer=suicide_bomb_writer)
        yield Static("Defenses", classes="section")
        yield CountField("systems.screen", "Screens", noun="screen")
        yield FlagField("options.directional_screens", "Directional screens")
        yield CountField("systems.point_defense", "Point defense", noun="point-defense box")
        yield ArmorHexagon()
        yield Static("Power and drive", classes="section")
        yield CountField("systems.capacitor", "Capacitors", noun="capacitor")
        yield CountField("systems.engine", "Engines", noun="engine")
        yield CountField("systems.fuel_tank", "Fuel tanks", noun="fuel tank")
        yield ChoiceField("scoop", "Scoop", [(s, s) for s in SCOOPS])
        yield Static("Sensors and control", classes="section")
        yield RadarTrack()
        yield CountField("systems.aux_control", "Aux control", noun="aux control box")
        yield FlagField("options.special_electronics", "Special electronics")
        yield FlagField("options.radar_invisibility", "Radar invisibility")
        yield Static("Secondary weapons", classes="section")
        yield Vertical(id="weapons", classes="entries")
        yield AddEntry("weapons")
        yield Static("Guns", classes="section")
        yield Vertical(id="guns", classes="entries")
        yield AddEntry("guns")
        yield Static("Ordnance", classes="section")
        yield CountField("systems.missile", "Missiles", noun="missile")
        yield CountField("systems.cargo", "Cargo", noun="cargo box")
        yield CountField("systems.hyper_bomb", "Hyper bombs", noun="hyper bomb")
        yield Vertical(id="drones", classes="entries")
        yield AddEntry("drones")
        yield Static("Structure", classes="section")
        yield CountField("systems.extra_hull", "Extra hull", noun="hull box")
        yield HullSplitField()
        yield CountField("systems.extra_final_damage", "Extra final damage",
                         noun="final-damage box")
        yield CountField("systems.ramming_weight", "Ramming weight", noun="ramming-weight box")
        yield CountField("systems.repair", "Repair", noun="repair box")

    def _entries(self, group: str, data: dict[str, Any]) -> Iterator[Widget]:
        items = data.get(group)
        for i in range(len(items) if isinstance(items, list) else 0):
            where = f"{group}[{i}]"
            yield Static(f"{NOUNS[group].capitalize()} {i + 1}   (Del removes it)",
                         classes="entry-title")
            if group == "weapons":
                yield ChoiceField(f"{where}.type", "Type",
                                  [(t, self._label(t)) for t in WEAPON_TYPES])
                yield CountField(f"{where}.count", "Boxes", noun="weapon box")
                yield ArcPicker(f"{where}.arcs", self.catalog)
            elif group == "guns":
                yield ChoiceField(f"{where}.type", "Type",
                                  [(t, self._label(t)) for t in GUN_TYPES])
                yield GunBoxes(f"{where}.boxes")
                yield GunArcPicker(f"{where}.arcs", self.catalog)
            else:
                yield ChoiceField(f"{where}.weapon", "Drone weapon",
                                  [(t, self._label(t, drone=True)) for t in DRONE_WEAPONS])
                yield CountField(f"{where}.count", "Drone bays", noun="drone bay")

    @staticmethod
    def shape_of(data: dict[str, Any]) -> Shape:
        """What the list entries' widgets depend on: how many there are."""
        def items(group: str) -> list[Any]:
            found = data.get(group)
            return found if isinstance(found, list) else []
        return tuple(len(items(group)) for group in GROUPS)

    def show(self, view: View) -> None:
        """Show the design; rebuild list entries when their number changed."""
        shape = self.shape_of(view.data)
        if shape != self.shape:
            grown = self._grown(self.shape, shape) if self.shape is not None else None
            self.shape = shape
            focused = self.screen.focused
            path = focused.path if isinstance(focused, Field) else None
            moving = grown is not None and isinstance(focused, AddEntry)
            if moving:
                path = grown  # a new entry: go to its first field
            for group in GROUPS:
                holder = self.query_one(f"#{group}", Vertical)
                holder.remove_children()
                holder.mount_all(list(self._entries(group, view.data)))
            if path is not None:
                self.call_after_refresh(self.refocus, path, moving)
        name = self.query_one("#name", NameInput)
        if not name.has_focus and name.value != str(view.data.get("name", "")):
            name.value = str(view.data.get("name", ""))
        for field in self.fields():
            field.show(view)

    @staticmethod
    def _grown(before: Shape, after: Shape) -> str | None:
        """The first field of an entry just added, if a list grew by one."""
        for group, old, new in zip(GROUPS, before, after, strict=True):
            if new == old + 1:
                return f"{group}[{old}].{FIRST_FIELD[group]}"
        return None

    def refocus(self, path: str, moving: bool = False) -> None:
        """After entries were rebuilt, keep the focus on its field (or the new entry's)."""
        focused = self.screen.focused
        if not moving and isinstance(focused, Field) and focused.is_attached:
            return
        fields = list(self.fields())
        group = path.split("[")[0]
        for field in [*(f for f in fields if f.path == path),
                      *(f for f in fields if f.path == group)]:  # else its add line
            field.focus()
            return

    def stops(self) -> list[Widget]:
        """The editor's fields in focus order, the name first."""
        return [w for w in self.screen.focus_chain
                if isinstance(w, Field | NameInput) and self in w.ancestors]

    def action_walk(self, step: int) -> None:
        focused = self.screen.focused
        walk(focused if focused in self.stops() else self.stops()[0], step)

    def action_walk_to(self, index: int) -> None:
        stops = self.stops()
        if stops:
            self.screen.set_focus(stops[index])

    def fields(self) -> Iterable[Field]:
        return self.query(Field)

    def field_for(self, path: str) -> Field | None:
        """The field an issue at `path` belongs to (the closest owner)."""
        candidates = [f for f in self.fields() if f.owns(path)]
        if not candidates and "[" in path:  # a list entry: its first field
            head = path.split("]")[0] + "]"
            candidates = [f for f in self.fields() if f.path.startswith(head)]
        return candidates[0] if candidates else None

    @on(Input.Submitted, "#name")
    @on(Input.Blurred, "#name")
    def _rename(self, event: Input.Submitted | Input.Blurred) -> None:
        event.stop()
        self.post_message(Field.Edit(assign("name", event.value), "name"))

    def action_remove_entry(self) -> None:
        focused = self.screen.focused
        if not isinstance(focused, Field):
            return
        for group in GROUPS:
            if focused.path.startswith(f"{group}["):
                index = int(focused.path[len(group) + 1:].split("]")[0])
                self.post_message(self.Remove(remove(group, index)))
                return
