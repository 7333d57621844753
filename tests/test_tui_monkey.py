"""The monkey at the keyboard (`tests/monkey.py`): every screen of both games, random keys.

CI runs two seeds per game, one on a 140 x 45 terminal and one on 80 x 24,
`KEYS_PER_SCREEN` (15) random keys on each of the 15 screens: 900 random keys,
about 1,100 with those that open the screens, leave them and save,
most of them in bursts. A longer run, for a night or before a release:

    SHIPYARD_MONKEY_SEEDS=20 SHIPYARD_MONKEY_KEYS=80 .venv/bin/python -m pytest \\
        tests/test_tui_monkey.py

runs seeds 1 to 20 of both games at both sizes, 80 keys a screen. A seed that
fails is replayed by its game, seed, size and key count; what it found is
then pinned below as a short test of its own, named after the seed.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandPalette

from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.compare import CompareScreen
from shipyard.tui.screens.designer import DesignerScreen
from tests.monkey import OPENERS, SIZES, cheap_engines, handled, run_monkey, run_switches

KEYS_PER_SCREEN = int(os.environ.get("SHIPYARD_MONKEY_KEYS", "15"))
SEEDS = int(os.environ.get("SHIPYARD_MONKEY_SEEDS", "0"))
CI_RUNS = [("pentagon-war", 1, SIZES[0]), ("pentagon-war", 2, SIZES[1]),
           ("tacship", 1, SIZES[1]), ("tacship", 2, SIZES[0])]
RUNS = CI_RUNS if not SEEDS else [(game, seed, size) for game in ("pentagon-war", "tacship")
                                  for seed in range(1, SEEDS + 1) for size in SIZES]


@pytest.mark.parametrize(("game", "seed", "size"), RUNS,
                         ids=[f"{g}-{s}-{w}x{h}" for g, s, (w, h) in RUNS])
def test_the_monkey_finds_no_fault(tmp_path: Path, game: str, seed: int,
                                   size: tuple[int, int]) -> None:
    run = run_monkey(tmp_path, game, seed, KEYS_PER_SCREEN, size)
    # Every screen was visited, the keys were sent, and after each screen the file
    # saved was checked against the design and every panel of the designer.
    assert run.checks == len(OPENERS)
    assert run.keys == KEYS_PER_SCREEN * len(OPENERS)


def test_a_switch_of_game_from_every_field_keeps_one_design(tmp_path: Path) -> None:
    # From each field of a new design of both games (a list entry's, a hexagon's side, an
    # arc, a radar box...), Ctrl+N or Ctrl+O to a design of the other game: the designer
    # goes on with every panel showing the new design, and no key waits for the screen.
    switches = run_switches(tmp_path, "pentagon-war", 1, SIZES[1])
    assert switches >= 2 * 28  # every field of the Pentagon War starter, and back


# What the monkey found, each pinned as the few keys that show it ---------------------------


def replay(tmp_path: Path, keys: list[str], check: Callable[[ShipyardApp], None],
           sample: str = "sample:lancer") -> None:
    """The keys posted all at once on the designer, then `check` on the app still running."""
    app = ShipyardApp(open_session(Path(sample), recovery_dir=tmp_path))

    async def main() -> None:
        async with app.run_test(size=SIZES[1]) as pilot:
            await pilot.pause()
            for key in keys:
                app.post_message(events.Key(key, None))
            await handled(app)
            await pilot.pause()
            assert app.is_running
            check(app)
    with cheap_engines():
        asyncio.run(main())


def test_seed_4_of_tacship_pages_the_palette_before_its_list_is_drawn(tmp_path: Path) -> None:
    # PgDn in the command palette just opened: its list is filled but not laid out yet.
    def back_on_the_designer(app: ShipyardApp) -> None:
        assert isinstance(app.screen, DesignerScreen)
    replay(tmp_path, ["ctrl+p", "pagedown", "pageup", "pagedown", "escape"],
           back_on_the_designer, "sample:valkyrie")


def test_seed_1_of_the_pentagon_war_adds_this_design_twice(tmp_path: Path) -> None:
    # `d` on the compare screen, which already lists the design being edited.
    def listed_once(app: ShipyardApp) -> None:
        assert isinstance(app.screen, CompareScreen)
        assert [source for source, _ in app.screen.picked] == ["this design"]
    replay(tmp_path, ["f9", "d", "d"], listed_once)


def test_seed_1_of_the_pentagon_war_opens_the_palette_twice(tmp_path: Path) -> None:
    # Ctrl+P, Escape, Ctrl+P at once: the second palette came before the first was gone,
    # and Textual gives every palette the same id.
    def one_palette(app: ShipyardApp) -> None:
        palettes = [s for s in app.screen_stack if isinstance(s, CommandPalette)]
        assert len(palettes) == 1 and app.screen is palettes[0]
    replay(tmp_path, ["ctrl+p", "escape", "ctrl+p", "escape", "ctrl+p"], one_palette)


def test_seed_4_of_the_pentagon_war_quits_over_an_open_dialog(tmp_path: Path) -> None:
    # An edit, F12 (save as), then Ctrl+Q while its dialog is open: the quit used to cancel
    # the save-as flow and leave its dialog open with no one to answer; Escape on it then
    # stopped the designer. Now the quit waits for the dialog to be closed.
    def still_editing(app: ShipyardApp) -> None:
        assert isinstance(app.screen, DesignerScreen)
        assert app.session.workbench.changed
    replay(tmp_path, ["space", "f12", "ctrl+q", "escape", "escape"], still_editing)
