"""The compare screen's left pane: the designs and the duels' options.

The designs picked with their buttons (Add, This, Remove); the duels' options (runs,
seed, and where they are fought when the game offers more than one geometry, as
`shipyard compare --duel --geometry` and `shipyard tournament --geometry` take it);
the run buttons, Stop and the progress bar; the problem line and the engine's line.
"""

from __future__ import annotations

from textual.containers import Grid, Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, ProgressBar, Static

from shipyard.tui.engine import EngineLine
from shipyard.tui.widgets.geometry import geometry_fields

RUNS, SEED = 100, 1  # a small run: a few seconds on one process
GEOMETRY = "compare-geometry"  # the id of the Geometry select, when there is one


def setup_pane(places: tuple[str, ...]) -> VerticalScroll:
    """The pane, with a Geometry select when `places` (the game's geometries) has two or
    more: on the first, the game's default."""
    options = Grid(Label("Runs"), Input(str(RUNS), type="integer", id="compare-runs"),
                   Label("Seed"), Input(str(SEED), type="integer", id="compare-seed"),
                   *geometry_fields(places, "", GEOMETRY, "shipyard compare --duel"),
                   id="compare-options", classes="-places" if len(places) > 1 else "")
    return VerticalScroll(
        Static("Designs", classes="section"),
        OptionList(id="compare-designs"),
        Horizontal(Button("Add", id="compare-add", action="screen.add", compact=True,
                          variant="primary"),
                   Button("This", id="compare-this", action="screen.add_current",
                          compact=True),
                   Button("Remove", id="compare-remove", action="screen.remove",
                          compact=True),
                   classes="compare-buttons"),
        Static("Duels", classes="section"),
        options,
        Horizontal(Button("Head to head", id="compare-h2h", compact=True,
                          action="screen.head_to_head"),
                   Button("Tournament", id="compare-field", compact=True,
                          action="screen.tournament"),
                   classes="compare-buttons"),
        Horizontal(Button("Stop", id="compare-stop", compact=True, disabled=True,
                          action="screen.stop"),
                   ProgressBar(RUNS, id="compare-progress", show_eta=False),
                   classes="compare-buttons"),
        Static(id="compare-problem", markup=False),
        EngineLine(id="engine-line"),
        id="compare-setup")
