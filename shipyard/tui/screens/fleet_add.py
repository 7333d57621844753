"""The dialog that adds a design to a fleet or a comparison: a bundled sample, or a file."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList
from textual.widgets.option_list import Option

from shipyard.services.samples import PREFIX, sample_name, sample_paths
from shipyard.tui.widgets.footer import KeysFooter


class AddDesignDialog(ModalScreen[str | None]):
    """A bundled sample (Enter on it) or a design file (typed, then Enter)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, ruleset: str | None, title: str = "Add a design") -> None:
        super().__init__(classes="dialog-screen")
        self.ruleset = ruleset
        self.title_text = title

    def compose(self) -> ComposeResult:
        samples = [sample_name(p) for p in sample_paths(self.ruleset)]
        with Vertical(classes="dialog"):
            yield Label(f"{self.title_text}: Enter on a sample, or type a file and Enter",
                        classes="dialog-title")
            yield OptionList(*[Option(name, id=name) for name in samples], id="picker-samples")
            yield Input(placeholder="or a file: path/to/design.ship.json", id="picker-path")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Add", id="picker-add", variant="primary")
                yield Button("Cancel", id="picker-cancel")
        yield KeysFooter()

    def on_mount(self) -> None:
        samples = self.query_one("#picker-samples", OptionList)
        samples.highlighted = 0 if samples.option_count else None
        samples.focus()

    @on(OptionList.OptionSelected, "#picker-samples")
    def _sample(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(f"{PREFIX}{event.option.id}")

    @on(Input.Submitted, "#picker-path")
    @on(Button.Pressed, "#picker-add")
    def _add(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        typed = self.query_one("#picker-path", Input).value.strip()
        if typed:
            self.dismiss(typed)
            return
        samples = self.query_one("#picker-samples", OptionList)
        if samples.highlighted is not None:
            option = samples.get_option_at_index(samples.highlighted)
            self.dismiss(f"{PREFIX}{option.id}")

    @on(Button.Pressed, "#picker-cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
