"""Unsaved work left behind by designers that did not close cleanly, offered back.

Each designer keeps its work in a recovery file of its own (`services/recovery.py`):
the next launch on the same file (or on an unsaved design) finds every one that
other sessions left, newest first, and offers them with their time and a line
on what each holds. Restoring one takes it as one edit (undo returns to the file);
Escape keeps them all for another time; none is ever removed unasked.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from shipyard.core.visible import visible
from shipyard.services.on_disk import differences
from shipyard.services.session import Recovery, Session
from shipyard.tui.host import Host
from shipyard.tui.screens.dialogs import ConfirmDialog, ListDialog


def when(saved_at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(saved_at))


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def recovery_line(session: Session, recovery: Recovery) -> str:
    """One line on a recovered design: its name, its total and what it changes."""
    design = recovery.design
    total = session.workbench.evaluate(design).sheet.total
    changed = differences(session.design.to_data(), design.to_data())
    what = ", ".join(path for path, _, _ in changed[:3])
    if len(changed) > 3:
        what += f" and {len(changed) - 3} more"
    name = visible(design.name) or "(unnamed)"
    return f"{name}, {total} points, {plural(len(changed), 'change')} ({what})"


async def offer(host: Host, session: Session) -> bool:
    """Offer back what other sessions left for this file; True if one was restored."""
    found = session.pending_recoveries()
    if not found:
        return False
    if len(found) == 1:
        return await _offer_one(host, session, found[0])
    return await _offer_many(host, session, found)


def _replacing(session: Session, recoveries: Sequence[Recovery]) -> str:
    titles = {recovery.title for recovery in recoveries}
    if titles == {session.title}:
        return ""
    return f" Restored here, they replace {visible(session.title)}."


async def _offer_one(host: Host, session: Session, recovery: Recovery) -> bool:
    answer = await host.ask(ConfirmDialog(
        "Recover unsaved work?",
        f"Shipyard closed at {when(recovery.saved_at)} without saving changes to "
        f"{visible(recovery.title)}: {recovery_line(session, recovery)}. Restore them?"
        f"{_replacing(session, [recovery])} (Undo goes back to what was opened; Escape keeps "
        "them for another time.)", "Restore", "Discard"))
    if answer == "yes":
        session.recover(recovery)
        return True
    if answer == "no":
        session.discard([recovery])
    return False


async def _offer_many(host: Host, session: Session, found: list[Recovery]) -> bool:
    lines = [f"{when(recovery.saved_at)}  {visible(recovery.title)}: "
             f"{recovery_line(session, recovery)}" for recovery in found]
    chosen = await host.ask(ListDialog(
        "Recover unsaved work?",
        [*lines, f"Discard all {len(found)}"],
        f"{len(found)} designers closed without saving their changes (newest first). Enter "
        "restores the one chosen (undo goes back to what was opened); Escape keeps them all "
        f"for another time.{_replacing(session, found)}"))
    if chosen is None:
        return False
    if chosen >= len(found):
        session.discard(found)
        return False
    session.recover(found[chosen])
    others = len(found) - 1
    host.notify(f"{plural(others, 'other unsaved version')} of {visible(session.title)} "
                f"{'is' if others == 1 else 'are'} kept: offered again the next time it is "
                "opened.", title="Recovered")
    return True
