"""Small modal dialogs: a question, a choice of buttons, a line of text.

Their words often hold the player's own (a file name, a design's name): they are
shown as written, never read as markup.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from shipyard.tui.widgets.footer import KeysFooter


class ChoiceDialog(ModalScreen[str | None]):
    """A question with a few answers as buttons; Escape answers None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel"),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]

    def __init__(self, title: str, question: str, answers: list[tuple[str, str]],
                 default: str | None = None) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.question = question
        self.answers = answers
        # The answer Enter gives at once: the first, unless a safer one is named (Cancel
        # on a question that would replace a file).
        self.default = default if default is not None else answers[0][0]

    def compose(self) -> ComposeResult:
        # Four answers or more need a wider dialog for their buttons.
        with Vertical(classes="dialog wide" if len(self.answers) > 3 else "dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.question, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                for key, label in self.answers:
                    yield Button(label, id=f"answer-{key}",
                                 variant="primary" if key == self.default else "default")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(f"#answer-{self.default}", Button).focus()

    @on(Button.Pressed)
    def _answer(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("answer-"))


class ConfirmDialog(ChoiceDialog):
    """Yes or no."""

    def __init__(self, title: str, question: str, yes: str = "Yes", no: str = "No",
                 default: str = "yes") -> None:
        super().__init__(title, question, [("yes", yes), ("no", no)], default)


class TextDialog(ModalScreen[str | None]):
    """One line of text (a file path, a budget); Enter accepts, Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, prompt: str, value: str = "",
                 placeholder: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.prompt = prompt
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.prompt, classes="dialog-text", markup=False)
            yield Input(self.value, placeholder=self.placeholder, id="text")
            yield Static("", id="problem", classes="dialog-problem")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")
        yield KeysFooter()

    def show_problem(self, problem: str) -> None:
        self.query_one("#problem", Static).update(problem)

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _accept(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.query_one("#text", Input).value)

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


class ListDialog(ModalScreen[int | None]):
    """One of a list of lines (Enter on it); Escape answers None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, lines: list[str], text: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.lines = lines
        self.text = text  # what the choice is about, above the list

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.text:
                yield Static(self.text, classes="dialog-text", markup=False)
            yield OptionList(*[Option(Text(line)) for line in self.lines], id="choices")
        yield KeysFooter()

    def on_mount(self) -> None:
        choices = self.query_one("#choices", OptionList)
        choices.highlighted = 0
        choices.focus()

    @on(OptionList.OptionSelected, "#choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)
