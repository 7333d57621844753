"""The designer on Pentagon War's hex map, driven with Pilot: the duel, optimize and compare
screens offer the geometry and fight where they are told, and the fleet's battle screen
fights Pentagon War fleets as it fights Tacship ones.

Each figure is checked against the batch service run directly with the same matchup
and seeds. Map duels and battles are fought by the readable engine, a few a second:
these tests fight two or three, on one worker (no worker process started).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Select, Static

from shipyard.core.catalog_files import catalog_root
from shipyard.core.dice import duel_seed
from shipyard.core.stats import summarize
from shipyard.services import duel_setup
from shipyard.services.batch import Matchup, on_compiled, run_batch, run_one
from shipyard.services.battle import engage, run_battles, summarize_battles, told_battle
from shipyard.services.fleet_session import FLEET_STATE, open_fleet_session
from shipyard.services.optimize import Settings, field_of, optimize
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from shipyard.services.session import open_session
from shipyard.services.tournament import Entrant, run_tournament
from shipyard.tui.app import ShipyardApp
from shipyard.tui.notices import compiling_notice
from shipyard.tui.screens import compare as compare_screen
from shipyard.tui.screens import fleet_battle
from shipyard.tui.screens import optimize as optimize_screen
from shipyard.tui.screens.compare import CompareScreen
from shipyard.tui.screens.duel import DuelLogScreen, DuelScreen
from shipyard.tui.screens.fleet import FleetScreen
from shipyard.tui.screens.fleet_battle import FleetBattleScreen
from shipyard.tui.screens.fleet_battle_one import BattleLogScreen
from shipyard.tui.screens.optimize import OptimizeScreen, report
from shipyard.tui.widgets.duel_chart import outcome_rows
from shipyard.tui.widgets.tournament_chart import ranking_rows

SIZE, SMALL = (140, 45), (80, 24)
RUNS, SEED = 2, 4


@pytest.fixture(autouse=True)
def _one_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """One worker: the very duels and battles of any worker count, fought in this process."""
    monkeypatch.setattr(duel_setup, "WORKERS", 1)
    monkeypatch.setattr(fleet_battle, "WORKERS", 1)
    monkeypatch.setattr(optimize_screen, "WORKERS", 1)
    monkeypatch.setattr(compare_screen, "WORKERS", 1)


def drive(app: ShipyardApp, steps: Callable[[Pilot[Any]], Awaitable[None]],
          size: tuple[int, int] = SIZE) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await steps(pilot)

    asyncio.run(run())


async def until(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Wait for a condition (a worker thread's message), never for a time."""
    async with asyncio.timeout(60):
        while not done():
            await asyncio.sleep(0.01)
    await pilot.pause()


def sample(name: str) -> Any:
    path = resolve(f"sample:{name}")
    return evaluate(read_design(path), file=str(path))


def designer(tmp_path: Path, design: str = "sample:starter") -> ShipyardApp:
    return ShipyardApp(open_session(resolve(design), recovery_dir=tmp_path))


def test_the_duel_screen_fights_on_the_map_when_told_and_keeps_the_choice(
        tmp_path: Path) -> None:
    """Geometry "map": the duels of `shipyard duel --geometry map`, its heading's words, the
    log of duel 1 on the map; the choice is there again on the next visit."""
    scenario = DuelScreen(sample("starter")).defaults
    matchup = Matchup(sample("starter"), sample("zelta-dee"), scenario=scenario,
                      geometry="map")
    expected = summarize(run_batch(matchup, RUNS, SEED), scenario.turn_limit)
    on_track = summarize(run_batch(Matchup(matchup.a, matchup.b, scenario=scenario), RUNS,
                                   SEED), scenario.turn_limit)

    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press("f4")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, DuelScreen)
        where = screen.query_one("#duel-geometry", Select)
        assert where.value == "track"  # the game's default, as `shipyard duel`'s
        where.value = "map"
        for key, value in (("opponent", "sample:zelta-dee"), ("runs", str(RUNS)),
                           ("seed", str(SEED))):
            screen.query_one(f"#duel-{key}", Input).value = value
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not screen.running and screen.outcome is not None)
        assert screen.outcome is not None
        assert screen.outcome.setup.matchup.geometry == "map"
        assert screen.outcome.summary == expected
        # The run's heading says when the reference engine fights every duel of it.
        assert ("no compiled one yet" in screen.run_heading(RUNS)) == (
            not on_compiled(matchup))
        heading = str(screen.query_one("#duel-heading", Static).content)
        assert heading.startswith(f"Starter (default) against Zelta Dee (default): {RUNS} "
                                  f"duels on the map, seed {SEED}, start range 30")
        await pilot.press("ctrl+l")
        await pilot.pause()
        log = pilot.app.screen
        assert isinstance(log, DuelLogScreen)
        assert log.lines == run_one(matchup, duel_seed(SEED, 0), log=True).log
        await pilot.press("escape", "escape")  # the log, then the duel screen
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        again = pilot.app.screen
        assert isinstance(again, DuelScreen) and again is not screen
        assert again.query_one("#duel-geometry", Select).value == "map"
        again.query_one("#duel-geometry", Select).value = "track"
        await pilot.pause()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not again.running and again.outcome is not None
                    and again.outcome is not screen.outcome)
        assert again.outcome is not None and again.outcome.setup.matchup.geometry is None
        assert again.outcome.summary == on_track
        assert "duels on the" not in str(again.query_one("#duel-heading", Static).content)

    drive(designer(tmp_path), steps)


def test_a_game_with_one_geometry_has_nothing_to_choose(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press("f4")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, DuelScreen)
        assert not screen.query("#duel-geometry") and screen.geometry() is None

    drive(designer(tmp_path, "sample:valkyrie"), steps)


def test_the_battle_screen_fights_pentagon_war_fleets(tmp_path: Path) -> None:
    """Home Guard against the Picket Line, as `shipyard battle` fights them: the figures of
    the battle service, its heading, and battle 1 told in words."""
    fleet = tmp_path / "home.fleet.json"
    data = json.loads((catalog_root() / "pentagon-war" / "fleets" /
                       "home-guard.fleet.json").read_text())
    data["ships"] = [{"design": "sample:stinger", "count": 2, "names": ["Wasp", "Hornet"]}]
    fleet.write_text(json.dumps(data))
    opponent = "sample-fleet:picket-line"
    engagement = engage(fleet, opponent)
    expected = summarize_battles(engagement, run_battles(engagement, RUNS, SEED))
    app = designer(tmp_path)
    setattr(app, FLEET_STATE, open_fleet_session(fleet, tmp_path))

    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press("f8")
        assert isinstance(pilot.app.screen, FleetScreen)
        await pilot.press("b")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, FleetBattleScreen)
        own = str(screen.query_one("#battle-own", Static).content)
        assert own == "Your fleet: Home Guard, 2 ships, 376 points (budget 2000)"
        assert not screen.query("#battle-geometry")  # fleets fight on the map alone
        screen.query_one("#battle-sample", Select).value = opponent
        for key, value in (("runs", str(RUNS)), ("seed", str(SEED))):
            screen.query_one(f"#battle-{key}", Input).value = value
        await pilot.pause()
        status = str(screen.query_one("#battle-opponent-status", Static).content)
        assert status == "Picket Line: 4 ships, 792 points (budget 1000)"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not screen.running and screen.outcome is not None)
        assert screen.outcome is not None and screen.outcome.summary == expected
        heading = str(screen.query_one("#battle-heading", Static).content)
        assert heading.startswith(f"Home Guard (2 ships, 376 points, default) against "
                                  f"Picket Line (4 ships, 792 points, default): {RUNS} "
                                  f"battles, seed {SEED}")
        assert str(screen.query_one("#battle-problem", Static).content) == ""
        await pilot.press("ctrl+l")
        await until(pilot, lambda: isinstance(pilot.app.screen, BattleLogScreen))
        told = pilot.app.screen
        assert isinstance(told, BattleLogScreen) and told.lines
        assert told.lines == told_battle(engagement, SEED, 1).log
        assert any("Picket Line" in line or "Lancer" in line for line in told.lines)

    drive(app, steps)


# The optimize screen: a search of one generation, one duel a pair, within 140 points (the
# field: Starter and Zelta Dee), a few dozen duels.
SEARCH = {"budget": "140", "generations": "1", "runs": "1", "seed": "2"}


def test_the_optimize_screen_searches_on_the_map_when_told(tmp_path: Path) -> None:
    """At 80 x 24, by keys alone: Tab from the seed reaches the Geometry select (track, the
    default, then map), Enter opens it, Down and Enter pick the map, Ctrl+R searches; the
    search is `shipyard optimize --geometry map`'s, the same design and duels, and the
    screen says where they were fought."""
    ruleset = sample("starter").ruleset
    settings = Settings(140, 1, 1, 2, geometry="map")
    expected = optimize(ruleset, field_of(ruleset, 140), settings)

    async def steps(pilot: Pilot[Any]) -> None:
        pilot.app.action_optimize()
        await until(pilot, lambda: isinstance(pilot.app.screen, OptimizeScreen))
        screen = pilot.app.screen
        assert isinstance(screen, OptimizeScreen)
        where = screen.query_one("#optimize-geometry", Select)
        assert where.value == "track" and screen.geometry() is None
        for key, value in SEARCH.items():
            screen.query_one(f"#optimize-{key}", Input).value = value
        screen.query_one("#optimize-seed", Input).focus()
        await pilot.press("tab")
        await pilot.pause()
        assert where.has_focus
        assert screen.region.contains_region(where.region)  # scrolled into sight
        await pilot.press("enter", "down", "enter")
        await until(pilot, lambda: where.value == "map")
        assert screen.geometry() == "map"
        await pilot.press("tab")
        assert pilot.app.focused is screen.query_one("#optimize-run", Button)
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not screen.running and screen.result is not None)
        found = screen.result
        assert found is not None and found.settings.geometry == "map"
        assert found.best.evaluation.design == expected.best.evaluation.design
        assert found.duels == expected.duels
        assert [(r.wins, r.draws, r.losses) for r in found.best.records] == [
            (r.wins, r.draws, r.losses) for r in expected.best.records]
        shown = str(screen.query_one("#optimize-result", Static).content)
        assert shown == report(expected)
        assert shown.splitlines()[1] == f"{expected.duels} duels on the map, seed 2"
        assert screen.run_heading(settings).startswith(
            "Searching for the best design within 140 points: duels on the map, seed 2")

    drive(designer(tmp_path), steps, SMALL)


def test_the_optimize_screen_of_a_game_with_one_geometry_has_nothing_to_choose(
        tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        pilot.app.action_optimize()
        await until(pilot, lambda: isinstance(pilot.app.screen, OptimizeScreen))
        screen = pilot.app.screen
        assert isinstance(screen, OptimizeScreen)
        assert not screen.query("#optimize-geometry") and screen.geometry() is None
        screen.query_one("#optimize-seed", Input).focus()
        await pilot.press("tab")  # from the seed straight to the Run button
        assert pilot.app.focused is screen.query_one("#optimize-run", Button)

    drive(designer(tmp_path, "sample:valkyrie"), steps)


def test_the_compiling_notice_says_where_the_duels_are_fought() -> None:
    starter = sample("starter")
    track, on_map = compiling_notice(starter), compiling_notice(starter, "map")
    assert track.startswith("Compiling the fast duel engine in the background")
    assert on_map.startswith("Duels on the map: compiling the fast duel engine")
    assert compiling_notice(starter, "track") == track  # the default named is the default
    assert compiling_notice(sample("valkyrie"), "map") == compiling_notice(sample("valkyrie"))


# The compare screen (F9): Starter against Zelta Dee, two duels, then a tournament of the
# two (one pair, two duels): the services are watched as the screen calls them.


def rows(table: DataTable[Any]) -> list[tuple[str, ...]]:
    return [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


def test_the_compare_screen_fights_on_the_map_when_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Geometry "map": the head-to-head is `shipyard compare --duel --geometry map`'s (the
    matchup the duels service receives, its figures, its heading's words), the tournament
    `shipyard tournament --geometry map`'s (the geometry run_tournament receives, its
    ranking, its heading)."""
    starter, zelta = sample("starter"), sample("zelta-dee")
    policy = starter.ruleset.duels.policies[0]
    scenario = starter.ruleset.duels.duel_defaults(starter.catalog)
    matchup = Matchup(starter, zelta, policy, policy, scenario, geometry="map")
    expected = summarize(run_batch(matchup, RUNS, SEED), scenario.turn_limit)
    field = [Entrant("Starter", starter), Entrant("Zelta Dee", zelta)]
    ranked = run_tournament(field, RUNS, SEED, 1, policy, scenario, geometry="map")
    asked: list[str | None] = []
    fight, play = compare_screen.run_in_blocks, compare_screen.run_tournament

    def watched_fight(setup: Any, *rest: Any) -> Any:
        asked.append(setup.matchup.geometry)
        return fight(setup, *rest)

    def watched_play(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs.get("geometry"))
        return play(*args, **kwargs)

    monkeypatch.setattr(compare_screen, "run_in_blocks", watched_fight)
    monkeypatch.setattr(compare_screen, "run_tournament", watched_play)

    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press("f9")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, CompareScreen)
        screen.pick("sample:zelta-dee", zelta)
        where = screen.query_one("#compare-geometry", Select)
        assert where.value == "track" and screen.geometry() is None  # the game's default
        where.value = "map"
        screen.query_one("#compare-runs", Input).value = str(RUNS)
        screen.query_one("#compare-seed", Input).value = str(SEED)
        await pilot.pause()
        assert screen.geometry() == "map"
        await pilot.press("ctrl+r")
        await until(pilot, lambda: not screen.running and bool(asked))
        assert asked == ["map"]
        assert rows(screen.query_one("#duel-outcomes", DataTable)) == outcome_rows(
            ("Starter", "Zelta Dee"), expected)
        heading = str(screen.query_one("#duel-heading", Static).render())
        assert heading.startswith(f"Starter (default) against Zelta Dee (default): {RUNS} "
                                  f"duels on the map, seed {SEED}, start range 30")
        await pilot.press("ctrl+g")
        await until(pilot, lambda: not screen.running and len(asked) == 2)
        assert asked == ["map", "map"]
        assert rows(screen.query_one("#tournament-ranking", DataTable)) == ranking_rows(ranked)
        heading = str(screen.query_one("#tournament-heading", Static).render())
        assert heading.startswith(f"Tournament: 2 designs, 1 pair, {RUNS} duels a pair on "
                                  f"the map, seed {SEED}.")
        where.value = "track"  # the default again: asked for as no geometry at all
        await pilot.pause()
        assert screen.geometry() is None

    drive(designer(tmp_path), steps)


def test_the_compare_screen_of_a_game_with_one_geometry_has_nothing_to_choose(
        tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press("f9")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, CompareScreen)
        assert not screen.query("#compare-geometry") and screen.geometry() is None
        assert screen.query_one("#compare-runs", Input).value == "100"

    drive(designer(tmp_path, "sample:valkyrie"), steps)
