"""The fields that hold a number: typed digits, counts stepped by +/-, a forward / aft split.

Digits typed on such a field build a number shown in reverse; Enter, or
leaving the field, sets it. +/- (or the arrows) step it from the value it has
when the edit is applied, so quick presses each count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.core.form import Count, Spec, Split
from shipyard.services.editing import Change, assign, get_value, set_value
from shipyard.tui.host import host_of
from shipyard.tui.widgets.fields import Field, View, count_of, step_target, stepped, unset


class TypedNumber(Field):
    """Digits typed on a field build a number; Enter or leaving the field sets it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "commit", "Set typed number", show=False),
        Binding("escape", "cancel", "Cancel typing", show=False),
        Binding("backspace", "erase", "Erase a digit", show=False),
    ]

    typed = ""

    def commit_typed(self, value: int) -> None:
        raise NotImplementedError

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit():
            if len(self.typed) < 6:
                self.typed += event.character
            event.stop()
            self.refresh()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self.refresh()

    def forget_typing(self) -> None:
        self.typed = ""
        self.refresh()

    def action_cancel(self) -> None:
        self.typed = ""
        self.refresh()

    def action_commit(self) -> None:
        if self.typed:
            value = int(self.typed)
            self.typed = ""
            self.commit_typed(value)
            self.refresh()

    def on_blur(self) -> None:
        self.action_commit()


class CountField(TypedNumber):
    """A count: +/- or left/right step it, digits type a new value, Enter sets it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "step(1)", "+1"),
        Binding("minus,left", "step(-1)", "-1"),
    ]

    def __init__(self, spec: Count | Split, *, floor: int = 0, unit: str = "",
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(spec.path, spec.label, id=id, classes=classes)
        self.noun = spec.label.lower()
        self.step = 1
        self.floor = floor
        self.unit = unit
        self.most: int | None = None  # the form's largest count
        self.store: Callable[[int], object] | None = None
        self.configure(spec)

    def configure(self, spec: Spec) -> None:
        if isinstance(spec, Count):
            self.noun = spec.noun or spec.label.lower()
            self.step = spec.step
            self.store = spec.writer

    def write(self, value: int) -> Change:
        """The edit that sets the count to `value`."""
        return assign(self.path, value if self.store is None else self.store(value))

    def show(self, view: View) -> None:
        self.most = view.form.max_count
        super().show(view)

    @property
    def count(self) -> int:
        found = count_of(self.value)
        return found if found is not None else 0

    def action_step(self, direction: int) -> None:
        self.typed = ""
        self.edit(self.step_change(direction))

    def step_change(self, direction: int) -> Change:
        """One step up or down from the count as it is when the edit is applied."""
        return stepped(self.path, direction, step=self.step, floor=self.floor,
                       store=self.store)

    def hint_change(self) -> Change | None:
        return self.step_change(1)  # what + does, from the count as it is

    def hint_label(self) -> str:
        current = self.count
        target = step_target(current, 1, step=self.step, floor=self.floor)
        if target == current + self.step:
            return f"one more {self.noun}"
        return f"{self.label.lower()} {current} → {target}"  # a count off its pairs

    def commit_typed(self, value: int) -> None:
        if self.most is not None and value > self.most:
            self.notify(f"{self.label}: counts stop at {self.most:,}", severity="warning")
            value = self.most
        self.edit(self.write(max(self.floor, value)))
    def value_text(self) -> Text:
        if self.typed:
            return Text(f"  {self.typed}▏", style="bold reverse")
        found = count_of(self.value)
        shown = str(found if found is not None else (0 if self.value is None else self.value))
        text = Text("◂ ", style="dim")
        text.append(f"{shown:>3}", style="bold")
        text.append(" ▸", style="dim")
        if self.unit:
            text.append(f"  {self.unit}", style="dim")
        return text


class SplitField(CountField):
    """The forward part of a total; the rest goes aft (split as the owner likes).

    Without a split of the player's own, the sheet's split is shown as "auto";
    Delete returns to it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete", "auto", "Automatic split"),
    ]

    def __init__(self, spec: Split) -> None:
        self.spec = spec
        super().__init__(spec)

    def configure(self, spec: Spec) -> None:
        if isinstance(spec, Split):
            self.spec = spec

    @property
    def sheet(self) -> Any:
        """The sheet this field shows (the last `show`'s, else the design being edited's)."""
        if self.view is not None:
            return self.view.sheet
        return host_of(self).session.workbench.evaluation.sheet

    @property
    def auto(self) -> bool:
        """No split of the player's own: the sheet's."""
        return not isinstance(get_value(self.data, self.path), dict)

    @property
    def total(self) -> int:
        return int(self.spec.total(self.sheet))

    @property
    def value(self) -> object:
        if self.auto:
            return self.spec.automatic(self.sheet)
        return get_value(self.data, f"{self.path}.{self.spec.forward}")

    def write(self, value: int) -> Change:
        ahead = min(value, self.total)
        return assign(self.path, {self.spec.forward: ahead, self.spec.aft: self.total - ahead})

    def owns(self, path: str) -> bool:
        return path.startswith(self.path)

    def step_change(self, direction: int) -> Change:
        """The forward part stepped from the stored split (or the automatic one)."""
        automatic, total, spec, path = self.count, self.total, self.spec, self.path

        def change(data: dict[str, Any]) -> None:
            split = get_value(data, path)
            ahead = count_of(split.get(spec.forward)) if isinstance(split, dict) else None
            current = automatic if ahead is None else ahead
            target = max(0, min(total, current + direction))
            if target != ahead:
                set_value(data, path, {spec.forward: target, spec.aft: total - target})
        return change

    def action_auto(self) -> None:
        self.edit(unset(self.path))

    def hint_change(self) -> Change | None:
        return self.step_change(1) if self.count < self.total else None

    def hint_label(self) -> str:
        ahead, total = self.count, self.total
        if ahead >= total:
            return f"{self.label.lower()}: all {total} are forward already"
        return f"{self.label.lower()} {ahead} → {ahead + 1} (aft {total - ahead} → " \
            f"{total - ahead - 1})"

    def value_text(self) -> Text:
        text = super().value_text()
        if not self.typed:
            aft = self.total - self.count
            text.append(f"  aft {aft}" + ("  (auto)" if self.auto else "  (Del: auto)"),
                        style="dim")
        return text
