"""Where a run is fought: the "Geometry" choice of the duel and optimize screens.

A game that fights in one place only (Tacship's hex map) has nothing to choose, and
the screens show no choice for it; a game with more (The Pentagon War: the range
track, the default, and the hex map) gets a select in the options grid, read back
as the command's `--geometry` reads it: None for the game's default.
"""

from __future__ import annotations

from collections.abc import Iterator

from textual.widget import Widget
from textual.widgets import Label, Select


def geometry_fields(places: tuple[str, ...], value: str, field_id: str,
                    command: str) -> Iterator[Widget]:
    """The label and the select of an options grid, on `value` (the first place when it is
    not one of them); nothing when there is one place or none. `command` is what the
    tooltip calls the screen's command ("shipyard duel")."""
    if len(places) < 2:
        return
    yield Label("Geometry")
    yield Select([(name, name) for name in places],
                 value=value if value in places else places[0], allow_blank=False,
                 id=field_id,
                 tooltip=f"Where the duels are fought, as {command} --geometry takes it "
                         f"({', '.join(places)}; the first is the default)")


def chosen_geometry(places: tuple[str, ...], value: object) -> str | None:
    """The select's `value` as `--geometry` reads it: None for the game's default (or a
    game with one place to fight)."""
    if len(places) < 2 or not isinstance(value, str) or value not in places[1:]:
        return None
    return value
