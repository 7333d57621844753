"""The designer's compare screen, driven with Pilot: the table, a head-to-head, a tournament.

Every figure shown is checked against the services run directly (the sheets,
`summarize(run_batch(...))`, `run_tournament`) with the same seed: the screen
is a face on them and adds nothing of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static, TabbedContent

from shipyard.core.protocol import Evaluation
from shipyard.core.stats import summarize
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.compare import compare
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from shipyard.services.session import open_session
from shipyard.services.tournament import Entrant, run_tournament
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.compare import CompareScreen
from shipyard.tui.screens.dialogs import ListDialog
from shipyard.tui.screens.fleet_add import AddDesignDialog
from shipyard.tui.widgets.duel_chart import outcome_rows
from shipyard.tui.widgets.tournament_chart import ranking_rows

SIZE = (120, 40)


def sample(name: str) -> Evaluation:
    path = resolve(f"sample:{name}")
    return evaluate(read_design(path), file=str(path))


def drive(app: ShipyardApp, steps: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await steps(pilot)

    asyncio.run(run())


def designer(tmp_path: Path, file: str = "sample:lancer") -> ShipyardApp:
    return ShipyardApp(open_session(Path(file), recovery_dir=tmp_path))


async def open_compare(pilot: Pilot[Any], *others: str) -> CompareScreen:
    """F9 on the designer (lancer), then A adds each other sample."""
    await pilot.press("f9")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CompareScreen)
    for name in others:
        await pilot.press("a")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, AddDesignDialog)
        path = dialog.query_one("#picker-path", Input)
        path.value = f"sample:{name}"
        path.focus()
        await pilot.press("enter")
        await pilot.pause()
    return screen


async def finish(pilot: Pilot[Any], screen: CompareScreen) -> None:
    async with asyncio.timeout(60):
        while screen.running:
            await asyncio.sleep(0.01)
    await pilot.pause()


def row_text(table: DataTable[Any], key: str) -> list[str]:
    return [str(c) for c in table.get_row(key)]


def test_two_samples_side_by_side_show_their_sheet_totals(tmp_path: Path) -> None:
    lancer, starter = sample("lancer"), sample("starter")

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_compare(pilot, "starter")
        table = screen.query_one("#compare-table", DataTable)
        assert [str(c.label) for c in table.columns.values()][1:] == ["Lancer", "Starter"]
        assert row_text(table, "figures:total")[1:] == [str(lancer.sheet.total),
                                                         str(starter.sheet.total)]
        assert row_text(table, "figures:total")[1:] == ["215", "127"]
        assert row_text(table, "figures:total")[0] == "* total"  # they differ
        # The figure column is as wide as its longest name, so no name is cut short.
        figure = next(iter(table.columns.values()))
        longest = max(len(row.key) + 2 for row in compare([lancer, starter]))
        assert figure.width >= longest
        # Every row of the service, in order, with its cells as `shipyard compare` prints them.
        rows = compare([lancer, starter])
        for row in rows:
            assert row_text(table, f"{row.section}:{row.key}")[1:] == row.shown()
        # Removing one leaves a single design: nothing to compare.
        await pilot.press("delete")
        await pilot.pause()
        assert len(screen.picked) == 1

    drive(designer(tmp_path), steps)


def test_a_head_to_head_shows_the_rates_of_run_batch(tmp_path: Path) -> None:
    lancer, starter = sample("lancer"), sample("starter")
    policy = lancer.ruleset.duels.policies[0]
    scenario = lancer.ruleset.duels.duel_defaults(lancer.catalog)
    matchup = Matchup(lancer, starter, policy, policy, scenario)
    expected = summarize(run_batch(matchup, 20, 1))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_compare(pilot, "starter")
        screen.query_one("#compare-runs", Input).value = "20"
        screen.query_one("#compare-seed", Input).value = "1"
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        assert screen.query_one(TabbedContent).active == "compare-duels"
        table = screen.query_one("#duel-outcomes", DataTable)
        shown = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert shown == outcome_rows(("Lancer", "Starter"), expected)
        assert expected.runs == 20
        heading = str(screen.query_one("#duel-heading", Static).render())
        assert "20 duels, seed 1" in heading

    drive(designer(tmp_path), steps)


def test_a_small_tournament_ranks_as_run_tournament(tmp_path: Path) -> None:
    field = [sample("lancer"), sample("starter"), sample("stinger")]
    entrants = [Entrant(e.design.name, e) for e in field]
    policy = field[0].ruleset.duels.policies[0]
    expected = run_tournament(entrants, 10, 3, 1, policy, field[0].ruleset.duels.duel_defaults(
        field[0].catalog))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_compare(pilot, "starter", "stinger")
        screen.query_one("#compare-runs", Input).value = "10"
        screen.query_one("#compare-seed", Input).value = "3"
        await pilot.press("ctrl+r")  # three designs: a head-to-head asks for the pair first
        await pilot.pause()
        assert isinstance(pilot.app.screen, ListDialog)
        await pilot.press("escape")  # none: nothing runs
        await pilot.pause()
        assert pilot.app.screen is screen and not screen.running
        await pilot.press("ctrl+g")
        await finish(pilot, screen)
        table = screen.query_one("#tournament-ranking", DataTable)
        shown = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        assert shown == ranking_rows(expected)

    drive(designer(tmp_path), steps)


def test_with_three_designs_ctrl_r_asks_which_pair_meets(tmp_path: Path) -> None:
    # Pairs in order: Lancer-Starter, Lancer-Stinger, Starter-Stinger (named Barnard
    # Stinger). The third is
    # picked: its figures are those of run_batch on that matchup, seed 3, 10 duels.
    starter, stinger = sample("starter"), sample("stinger")
    policy = starter.ruleset.duels.policies[0]
    scenario = starter.ruleset.duels.duel_defaults(starter.catalog)
    matchup = Matchup(starter, stinger, policy, policy, scenario)
    expected = summarize(run_batch(matchup, 10, 3))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_compare(pilot, "starter", "stinger")
        screen.query_one("#compare-runs", Input).value = "10"
        screen.query_one("#compare-seed", Input).value = "3"
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ListDialog)
        assert dialog.lines == ["Lancer  against  Starter", "Lancer  against  Barnard Stinger",
                                "Starter  against  Barnard Stinger"]
        await pilot.press("down", "down", "enter")
        await finish(pilot, screen)
        table = screen.query_one("#duel-outcomes", DataTable)
        shown = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
        names = (starter.design.name, stinger.design.name)
        assert shown == outcome_rows(names, expected)
        # Removing Stinger (the third, highlighted with Del) takes its results away too.
        designs = screen.query_one("#compare-designs", OptionList)
        designs.focus()
        designs.highlighted = 2
        await pilot.press("delete")
        await pilot.pause()
        assert not screen.query_one("#duel-results").display
        assert screen.query_one("#compare-hint").display

    drive(designer(tmp_path), steps)


def test_an_illegal_design_cannot_duel(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        pilot.app.designer.go_to("armor.4")
        await pilot.press("plus")
        await pilot.pause()
        screen = await open_compare(pilot, "starter")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert not screen.running
        assert "not legal" in str(screen.query_one("#compare-problem", Static).render())

    drive(designer(tmp_path), steps)
