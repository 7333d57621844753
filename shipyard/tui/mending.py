"""Mending for the pinned Textual (8.2.8): faults of its own widgets that keys can reach.

Each mend is small, names the fault it closes, and is applied once when the
designer is loaded; `tests/test_tui_monkey.py` drives the keys that found it.

- An option list paged (PgUp / PgDn) before it has been laid out (the command
  palette's list just filled, the issues just replaced) looks up a line it has
  not counted yet: `KeyError`. Paging then does nothing; the next one works.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _move_page_when_laid_out(self: OptionList, direction: Any) -> None:
    if self.highlighted is not None and self.highlighted not in self._index_to_line:
        return
    _move_page(self, direction)


def mend() -> None:
    """Apply every mend (once; applying again changes nothing)."""
    OptionList._move_page = _move_page_when_laid_out  # type: ignore[method-assign]
