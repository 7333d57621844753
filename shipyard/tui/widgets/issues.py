"""The issues panel: every error and warning with its rule; Enter goes to the field.

Which issues Delete may remove (entries no field shows, e.g. a system a file
brought in that the game does not know) is the form's word (`Form.removable`),
so the panel never names a game's issue codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from shipyard.core.issues import Issue


def issue_text(issue: Issue, removable: Sequence[str] = ()) -> Text:
    error = issue.severity == "error"
    text = Text("✖ " if error else "! ", style="bold red" if error else "bold yellow")
    text.append(f"{issue.rule:<4} ", style="bold")
    text.append(issue.message.removesuffix(f" ({issue.rule})"))
    if issue.code in removable:
        text.append("  (Del removes it)", style="italic")
    if issue.path:
        text.append(f"  [{issue.path}]", style="dim")
    return text


def issues_title(errors: int, warnings: int, width: int = 0) -> str:
    """The panel's title, the longest that its border has room for (none cut short)."""
    def many(count: int, noun: str) -> str:
        return f"{count} {noun}{'' if count == 1 else 's'}"
    counts = [many(errors, "error")] if errors else []
    counts += [many(warnings, "warning")] if warnings else []
    words = ", ".join(counts) or "none"
    room = width - 6 if width else 1_000  # the border's corners and the title's spaces
    titles = [f"Issues: {words}", words, f"Issues: {errors} ✖ {warnings} !"]
    return next((title for title in titles if len(title) <= room), titles[-1])


class IssuesPanel(OptionList):
    """Errors first, then warnings; selecting one asks the screen to focus its field."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete", "remove_unknown", "Remove an unknown entry"),
    ]

    class Chosen(Message):
        def __init__(self, issue: Issue) -> None:
            super().__init__()
            self.issue = issue

    class RemoveUnknown(Message):
        """Remove an entry the editor has no field for (an unknown system or side)."""

        def __init__(self, issue: Issue) -> None:
            super().__init__()
            self.issue = issue

    def action_remove_unknown(self) -> None:
        index = self.highlighted
        if self.issues and index is not None and index < len(self.issues):
            issue = self.issues[index]
            if issue.code in self.removable and "." in issue.path:
                self.post_message(self.RemoveUnknown(issue))
                return
        self.notify("Del removes unknown systems and armor sides; fix other issues "
                    "in their field (Enter goes there).")

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.issues: tuple[Issue, ...] | None = None
        self.removable: tuple[str, ...] = ()
        self.counts = (0, 0)  # errors and warnings shown

    def show(self, issues: Sequence[Issue], removable: Sequence[str] = ()) -> None:
        ordered = tuple(sorted(issues, key=lambda i: i.severity != "error"))
        if ordered == self.issues and tuple(removable) == self.removable:
            return
        self.issues = ordered
        self.removable = tuple(removable)
        highlighted = self.highlighted
        self.clear_options()
        if not ordered:
            self.add_option(Option(Text("No issues: the design is legal.", style="green"),
                                   disabled=True))
        else:
            self.add_options([Option(self.text_of(i)) for i in ordered])
            if highlighted is not None:
                self.highlighted = min(highlighted, len(ordered) - 1)
            elif self.has_focus:
                self.highlighted = 0
        self.counts = (sum(1 for i in ordered if i.severity == "error"),
                       sum(1 for i in ordered if i.severity != "error"))
        self.border_title = issues_title(*self.counts, self.size.width)

    def on_resize(self) -> None:
        self.border_title = issues_title(*self.counts, self.size.width)

    def text_of(self, issue: Issue) -> Text:
        """One issue as the panel lists it."""
        return issue_text(issue, self.removable)

    def on_focus(self) -> None:
        """Arriving (F6) on the first issue, so that Enter goes there at once."""
        if self.highlighted is None and self.issues:
            self.highlighted = 0

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.issues and 0 <= event.option_index < len(self.issues):
            self.post_message(self.Chosen(self.issues[event.option_index]))
