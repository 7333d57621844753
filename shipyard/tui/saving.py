"""What the designer and the fleet screen share when they save: where, and the budget.

"Save as" asks for a file, offers the suggested name inside a folder, adds the
format's suffix, and never replaces another file without asking. A budget typed
in a dialog is a whole number of points, or nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shipyard.tui.host import Host
from shipyard.tui.screens.dialogs import ConfirmDialog, TextDialog


async def ask_save_path(host: Host, title: str, prompt: str, suggestion: Path,
                        current: Path | None, named: Callable[[str], Path]) -> Path | None:
    """The file to save to (None: the player gave up). `named` turns a typed name into a
    file of the format (adding its suffix); a folder takes the suggested name."""
    answer = await host.ask(TextDialog(title, prompt, str(suggestion)))
    if not answer or not answer.strip():
        return None
    path = Path(answer.strip()).expanduser()
    path = path / suggestion.name if path.is_dir() else named(answer)
    same = current is not None and path.resolve() == current.resolve()
    if path.exists() and not same:
        confirm = await host.ask(ConfirmDialog(
            "Replace file?", f"{path} exists. Replace it?", "Replace", "Cancel",
            default="no"))
        if confirm != "yes":
            return None
    return path


def budget_answer(answer: str) -> int | None:
    """A budget typed in a dialog: whole points, or None for no budget (`ValueError`)."""
    text = answer.strip().replace(",", "").replace("_", "")
    if text and not (text.isdigit() and len(text) <= 9):
        raise ValueError(f"budget: {answer!r} is not a whole number of points")
    return int(text) if text else None
