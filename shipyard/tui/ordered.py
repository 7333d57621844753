"""One ordered path for the player's input: each key is handled to the end before the next.

Textual hands a key to the widget focused when the key *arrives*, and the key
then climbs the widget tree through one message queue per widget; the
binding it names is looked up when it reaches the app, against the focus of
*that* moment. Keys sent in a burst (a held key, fast fingers, keys over a
slow link) therefore race one another: a `+` typed after two `Down`s lands in
the name field the `Down`s were leaving, a save runs before the edits of the
keys pressed just before it, a key goes to a dialog that is not there yet.

Here the app takes the keys one at a time, in the order they came:

1. it waits until the screen has settled: every widget has handled what the
   earlier keys set going that can change where the next key goes or what it
   acts on (a focus moved, digits committed on leaving a field, a list entry
   mounted, a dialog mounted and focused, a dialog worker parked on its
   dialog). Drawing is not waited for: a burst of keys is drawn once;
2. it delivers the key along the focus chain as it is now (the focused widget,
   then its parents, then the app), on the app's own task;
3. the binding the key names runs against that same focus.

Edits themselves are applied at once by the app's one edit function, so a
save, an export, a duel or quitting always acts on the design after every
earlier key. Mouse presses wait for the screen to settle too, so a click and
the keys around it keep their order. Waiting is bounded (`SETTLE_LIMIT`): a
widget that never settles slows the keyboard down but never freezes it, and
such waits are counted (`late_settles`) for the tests to check.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Iterator
from typing import Any, TypeVar

from textual import events, messages
from textual._callback import invoke
from textual.app import App, ScreenStackError
from textual.dom import DOMNode
from textual.errors import NoWidget
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.title import TitleBar

SETTLE_LIMIT = 5.0  # seconds the keyboard waits at most for the screen to settle (a busy
# machine can take a second or two to rebuild the editor for another game)
# The task workers keys wait for: a dialog on its way (the designer's, the fleet's, the
# compare screen's), a list entry being mounted (the editor's). Others (the command
# palette's search) run on their own.
HELD = ("dialog", "editor")
# Messages that only draw: the next key need not wait for them.
DRAWING: tuple[type[Any], ...] = (
    messages.Update, messages.Layout, messages.Prompt, messages.UpdateScroll,
    events.Resize, events.Show, events.Hide, events.Idle, events.Timer, events.Enter,
    events.Leave, events.MouseMove, events.DescendantFocus, events.DescendantBlur,
)
# Textual's own callbacks that only draw: a focused widget scrolled into view, the
# footer's keys brought up to date.
DRAWING_CALLBACKS = frozenset({"scroll_to_center", "refresh_bindings"})
DEFERRALS = 50  # times a key lets the app's own work go first (then it goes anyway)
# Widgets that take no keys: not waited for (the footer redraws its keys on every move).
KEYLESS = (KeysFooter, TitleBar)
T = TypeVar("T")


def _going(node: DOMNode) -> bool:
    """A widget on its way out: it will never take another key."""
    return node._closing or node._closed or node._pruning


def _draws_only(message: object) -> bool:
    if isinstance(message, DRAWING):
        return True
    if isinstance(message, events.Callback | messages.InvokeLater):
        function = getattr(message.callback, "func", message.callback)
        return getattr(function, "__name__", "") in DRAWING_CALLBACKS
    return False


def _focus_matters(node: DOMNode) -> bool:
    """Whether a widget acts on taking or losing the focus (text selected, typed digits set),
    so that the next key must wait for it."""
    return isinstance(node, Input) or bool(getattr(node, "typed", ""))


def _waiting(node: DOMNode) -> bool:
    """Whether a widget has a message queued that the next key must wait for."""
    queued: list[object] = list(node._message_queue.values)
    for message in queued:
        if _draws_only(message):
            continue
        if isinstance(message, events.Focus | events.Blur) and not _focus_matters(node):
            continue
        return True
    return False


def _key_takers(screen: Screen[Any]) -> Iterator[DOMNode]:
    """The screen and every widget in it that may take a key, or hold one that may."""
    stack: list[DOMNode] = [screen]
    while stack:
        node = stack.pop()
        if isinstance(node, KEYLESS) or _going(node):
            continue
        yield node
        stack.extend(node._nodes)


def unburst(event: events.Key) -> list[events.Key]:
    """Escape and the key after it, when a terminal read them as one Alt chord.

    A terminal sends Alt+D as Escape then D, so Escape followed at once by a
    key (a burst) arrives as `alt+d`. Shipyard binds no Alt chord: it is the
    two keys the player pressed.
    """
    if not event.key.startswith("alt+") or event.key == "alt+":
        return [event]
    rest = event.key.removeprefix("alt+")
    return [events.Key("escape", "\x1b"), events.Key(rest, event.character)]


class TakeKey(Message, bubble=False):
    """The app's turn to handle the first key waiting (posted behind what is queued)."""


class OrderedInput(App[None]):
    """An app that handles keys one at a time, each after the screen has settled."""

    def __init__(self) -> None:
        super().__init__()
        self.parked: set[Worker[Any]] = set()  # dialog workers waiting on their dialog
        self.late_settles = 0
        self.keys: deque[events.Key] = deque()  # keys come, not yet handled, in order

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            # Not now: behind what is already queued for the app (a focus asked for by
            # the last key's handlers, which Textual runs from the app's queue).
            for key in unburst(event):
                self.keys.append(key)
                self.post_message(TakeKey())
            return
        if isinstance(event, events.MouseDown | events.MouseUp) and not event.is_forwarded:
            await self.settle()
        await super().on_event(event)

    async def on_take_key(self, message: TakeKey) -> None:
        if not self.keys:
            return
        await self.settle()
        if self._app_work_waiting() and self.deferred < DEFERRALS:
            self.deferred += 1  # the app has work of its own queued since: that first
            self.post_message(TakeKey())
            return
        self.deferred = 0
        await self.take_key(self.keys.popleft())

    deferred = 0

    def _app_work_waiting(self) -> bool:
        """Whether the app's own queue holds work posted since the key came (a focus, a
        callback) that is not drawing and not another key."""
        queued: list[object] = list(self._message_queue.values)
        return any(not isinstance(message, TakeKey | events.Key) and not _draws_only(message)
                   for message in queued)

    @property
    def keys_waiting(self) -> int:
        """Keys come and not handled yet."""
        return len(self.keys)

    # Waiting for the screen ---------------------------------------------------------

    def _busy_workers(self) -> list[Worker[Any]]:
        """Task workers still at work: on their way to a dialog, or a list entry being
        mounted (thread workers run on their own)."""
        return [worker for worker in self.workers
                if not worker._thread_worker and worker not in self.parked
                and worker.group.endswith(HELD)
                and worker.state in (WorkerState.PENDING, WorkerState.RUNNING)]

    def top_screen(self) -> Screen[Any] | None:
        """The screen on top; None when there is none (the app starting, or closing while
        keys, a click or a test still wait on it)."""
        try:
            return self.screen
        except ScreenStackError:
            return None

    async def settle(self) -> None:
        """Wait until the screen has handled everything earlier input set going (at once
        when there is no screen: the app is closing, nothing will settle)."""
        start = time.monotonic()
        try:
            async with asyncio.timeout(SETTLE_LIMIT):
                while await self._settle_once():
                    pass
                return
        except TimeoutError:
            pass
        self.late_settles += 1
        self.log.warning(f"input waited {time.monotonic() - start:.2f} s for the screen")

    async def _settle_once(self) -> bool:
        """One look at the dialog workers and the screen's widgets; True if it had to wait.

        A widget with messages queued gets the loop (its handlers run to the end,
        or to a mount or a worker, which are waited for in turn); a widget not
        yet mounted is waited for.
        """
        busy = [worker._task for worker in self._busy_workers() if worker._task is not None]
        if busy:
            await asyncio.wait(busy, timeout=0.005)
        waited = bool(busy)
        screen = self.top_screen()
        if screen is None:
            return False
        for node in _key_takers(screen):
            if not node.is_running:
                waited = True
                await node._mounted_event.wait()
            elif _waiting(node):
                waited = True
        if waited:
            await asyncio.sleep(0)
        return waited

    # Delivering a key ----------------------------------------------------------------

    async def take_key(self, event: events.Key) -> None:
        """A key as Textual handles it, but all of it now, against the focus of now (none
        when there is no screen to take it: the app is closing)."""
        screen = self.top_screen()
        if screen is None:
            return
        if not self.app_focus:
            self.app_focus = True
        if not self._typing_key(event):
            self.commit_typing()
        if self.focused is not None:
            with contextlib.suppress(NoWidget):
                screen._clear_tooltip()
        if await self._check_bindings(event.key, priority=True):
            return
        event._set_forwarded()
        node: DOMNode | None = self.focused or screen
        while node is not None:
            await self.deliver(node, event)
            if event._stop_propagation or node is self or not node.is_attached:
                return
            event._no_default_action = False
            parent = node._parent
            node = parent if isinstance(parent, DOMNode) else None

    def _typing_key(self, event: events.Key) -> bool:
        """Whether the key goes on typing a number on the focused field (a digit, or a key
        the field binds itself: Enter sets it, Escape drops it, + steps...)."""
        focused = self.focused
        return focused is None or (event.character or "").isdigit() \
            or event.key in focused._bindings.key_to_bindings

    def commit_typing(self) -> None:
        """Digits typed on the focused field and not set yet are set now, before a key the
        field does not take itself (a save, a new design, another screen), so that the
        command acts on them too (the player typed them: they are never dropped)."""
        focused = self.focused
        commit = getattr(focused, "action_commit", None)
        if getattr(focused, "typed", "") and callable(commit):
            commit()

    @staticmethod
    async def deliver(node: DOMNode, event: events.Key) -> None:
        """The key handlers of one widget (`_on_key`, `on_key`, `key_x`), as its queue would
        run them; the app's own end the chain with the bindings of the current focus."""
        with node._context():
            for _kind, method in node._get_dispatch_methods(event.handler_name, event):
                await invoke(method, event)

    # Dialogs from workers ------------------------------------------------------------

    def asking_already(self, group: str) -> bool:
        """From a dialog worker: whether another of its group is still at work (a dialog
        open, or on its way). It is not cancelled for the new one, which would leave its
        dialog open with no one to answer: the new one says so and stops."""
        current = get_current_worker()
        if any(worker.group == group and worker is not current
               and worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
               for worker in self.workers):
            self.notify("Finish the dialog that is open first (Escape closes it).",
                        severity="warning")
            return True
        return False

    async def ask(self, screen: Screen[T]) -> T:
        """Push a dialog from a worker and wait for its answer; keys flow to it meanwhile."""
        worker = get_current_worker()
        future: Awaitable[T] = self.push_screen(screen, wait_for_dismiss=True)
        self.parked.add(worker)
        try:
            return await future
        finally:
            self.parked.discard(worker)
