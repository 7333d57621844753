"""The footer of every screen and dialog: its keys, in one line that is never cut mid-word.

Help and quit come first, then the screen's own keys (in the order of its
bindings), then those of the widget under the cursor; a key that does not fit
is left out whole (the keys close up to one space apart first), and the
command palette's key (every command by name) keeps its place at the right
end, the others giving way to it. So an 80-column terminal still shows how to get help, save,
move between screens and leave. One widget draws the line: moving the cursor
redraws it, nothing is mounted (the stock footer rebuilds a widget per key on
every move). A click on a key runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

FIRST = ("help", "quit")  # the app's actions that every footer keeps, first
GAPS = (2, 1)  # spaces between two keys: two, or one when that shows more keys


@dataclass(frozen=True)
class Key:
    """One key shown: what is pressed, what it does, and where its action runs."""

    shown: str
    description: str
    action: str
    namespace: DOMNode
    enabled: bool

    @property
    def width(self) -> int:
        return len(self.shown) + 1 + len(self.description)


def rank(key: Key, screen: Screen[Any]) -> int:
    """Help and quit first, then the screen's keys, then the focused widget's, then the app's."""
    action = key.action.removeprefix("app.")
    if action in FIRST:
        return FIRST.index(action)
    if key.namespace is screen:
        return len(FIRST)
    return len(FIRST) + (1 if key.namespace is not screen.app else 2)


def fitted(keys: list[Key], palette: Key | None, width: int) -> tuple[list[Key], int, bool]:
    """The keys that fit in `width` columns, in order; the gap between them; whether the
    palette's key fits too (at the right end). The palette's key (every command by name)
    keeps its place: the screen's and the field's keys give way to it, never it to them."""
    best: tuple[list[Key], int, bool] = ([], GAPS[0], False)
    for gap in GAPS:
        room = width - 1
        with_palette = palette is not None and palette.width + gap <= room
        if with_palette and palette is not None:
            room -= palette.width + gap
        kept: list[Key] = []
        for key in keys:
            needed = key.width + (gap if kept else 0)
            if needed > room:
                break  # the keys after it matter less: no hole in the order
            kept.append(key)
            room -= needed
        if len(kept) > len(best[0]) or gap == GAPS[0]:
            best = (kept, gap, with_palette)
        if len(kept) == len(keys):
            break
    return best


class KeysFooter(Widget):
    """The keys of the screen, help and quit first, drawn as one line."""

    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeysFooter > .keys-footer--description {
        color: $footer-description-foreground;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys-footer--key", "keys-footer--description"}

    def __init__(self) -> None:
        super().__init__()
        self.spans: list[tuple[int, int, Key]] = []  # columns of each key as last drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def _bindings_changed(self, screen: Screen[Any]) -> None:
        self.refresh()

    def keys(self) -> tuple[list[Key], Key | None]:
        """The keys to show, in the footer's order, and the command palette's key."""
        screen, app = self.screen, self.app
        found: dict[str, Key] = {}
        palette = None
        for key_name, (namespace, binding, enabled, _tip) in screen.active_bindings.items():
            if not isinstance(binding, Binding):
                continue
            key = Key(app.get_key_display(binding), binding.description, binding.action,
                      namespace, enabled)
            if key_name == app.COMMAND_PALETTE_BINDING:
                palette = key
            elif binding.show and binding.action not in found:
                found[binding.action] = key
        ordered = sorted(found.values(), key=lambda key: rank(key, screen))
        return ordered, palette if app.ENABLE_COMMAND_PALETTE else None

    def render(self) -> Text:
        keys, palette = self.keys()
        width = self.content_size.width or self.size.width
        key_style = self.get_component_rich_style("keys-footer--key", partial=True)
        words = self.get_component_rich_style("keys-footer--description", partial=True)
        line = Text(" ", no_wrap=True, overflow="crop")
        self.spans = []
        shown, gap, with_palette = fitted(keys, palette, width)
        for index, key in enumerate(shown):
            if index:
                line.append(" " * gap)
            start = line.cell_len
            line.append(key.shown, style=key_style if key.enabled else "dim")
            line.append(f" {key.description}", style=words if key.enabled else "dim")
            self.spans.append((start, line.cell_len, key))
        if palette is not None and with_palette:
            line.append(" " * max(gap, width - line.cell_len - palette.width - 1))
            start = line.cell_len
            line.append(palette.shown, style=key_style)
            line.append(f" {palette.description}", style=words)
            self.spans.append((start, line.cell_len, palette))
        return line

    async def on_click(self, event: events.Click) -> None:
        for start, end, key in self.spans:
            if start <= event.x < end and key.enabled:
                event.stop()
                commit_typing = getattr(self.app, "commit_typing", None)
                if callable(commit_typing):  # digits typed count, as before a key
                    commit_typing()
                await self.app.run_action(key.action, key.namespace)
                return
