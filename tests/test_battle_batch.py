"""Batches of battles: the same battles for any worker count, chunk size, start, engine
or cluster; fleets travel to worker processes as plain data; a cold compiled engine
fights on the reference engine until it is ready."""

from __future__ import annotations

import logging
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shipyard.core.battle import BattleResult
from shipyard.core.dice import duel_seed
from shipyard.core.outcome import DuelScenario
from shipyard.services import batch, cluster, warming
from shipyard.services.battle import (
    Engagement,
    engage,
    run_battles,
    told_battle,
)
from shipyard.services.battle_batch import OneAtATime, pack, unpack
from shipyard.services.fleet import Fleet, parse_fleet
from tests.battle_fake import FakeSquadrons, use_fake_engine

BLUE, WATCH = "sample-fleet:blue-flight", "sample-fleet:night-watch"
SHORT = DuelScenario(8, 8, 3)  # a close start and three turns: cheap reference battles


def fleet(name: str, *ships: dict[str, Any]) -> Fleet:
    return parse_fleet({"schema": "shipyard.fleet/1", "name": name, "ruleset": "tacship",
                        "budget": 60, "ships": list(ships)}, f"{name}.fleet.json", Path("."))


def pair(engine: str | None = "reference") -> Engagement:
    return engage(fleet("Pair", {"design": "sample:valkyrie"}, {"design": "sample:hawk"}),
                  fleet("Duo", {"design": "sample:kestrel"}, {"design": "sample:harpy"}),
                  scenario=SHORT, engine=engine)


def test_the_same_battles_for_any_worker_count_start_and_cut() -> None:
    engagement = pair()
    one = run_battles(engagement, 16, 5)
    assert len(one) == 16 and all(isinstance(r, BattleResult) for r in one)
    assert run_battles(engagement, 16, 5, workers=2) == one  # worker processes
    assert run_battles(engagement, 6, 5) + run_battles(engagement, 10, 5, start=6) == one
    lineup = engagement.fleets.lineup()
    assert [lineup.fight(duel_seed(5, k)) for k in (0, 1)] == one[:2]
    assert run_battles(engagement, 2, 6) != one[:2]  # another master seed, other battles


def test_a_told_battle_is_the_batchs_own_with_its_log() -> None:
    engagement = pair()
    batch_of = run_battles(engagement, 6, 11)
    told = told_battle(engagement, 11, 4)
    assert told.log and (told.winner, told.turns, told.fates, told.draws) == (
        batch_of[3].winner, batch_of[3].turns, batch_of[3].fates, batch_of[3].draws)


def test_fleets_travel_as_plain_data_and_come_back_the_same() -> None:
    fleets = pair().fleets
    packed = pack(fleets, None)
    assert pickle.loads(pickle.dumps(packed)) == packed  # nothing live: designs as data
    rebuilt = unpack(pickle.loads(pickle.dumps(packed)))
    assert [name for _, name in rebuilt.a] == ["Valkyrie", "Hawk"]
    assert [e.design.to_data() for e, _ in rebuilt.b] == [e.design.to_data() for e, _ in fleets.b]
    assert rebuilt.lineup().fight(3) == fleets.lineup().fight(3)
    rebuild, data = fleets.on_reference().parcel()
    assert pickle.loads(pickle.dumps((rebuild, data)))[0] is rebuild  # found by name
    assert isinstance(rebuild(data), OneAtATime)  # the reference engine: a battle at a time


def test_a_compiled_lineup_fights_in_chunks_of_any_size(monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_engine(monkeypatch)
    engagement = engage(BLUE, WATCH)  # the default engine: compiled
    FakeSquadrons.calls.clear()
    whole = run_battles(engagement, 50, 2)
    assert FakeSquadrons.calls == [50]
    FakeSquadrons.calls.clear()
    told: list[int] = []
    assert run_battles(engagement, 50, 2, workers=2, fast_chunk=7, progress=told.append) == whole
    assert FakeSquadrons.calls == [7] * 7 + [1] and told == FakeSquadrons.calls
    stop_after = iter([False, False, True])
    kept = run_battles(engagement, 50, 2, fast_chunk=7, stop=lambda: next(stop_after, True))
    assert kept == whole[: len(kept)] and 0 < len(kept) < 50  # a first part of the batch


def test_until_ci_stops_once_the_interval_is_narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_engine(monkeypatch)
    engagement = engage(BLUE, WATCH)
    wide = run_battles(engagement, 2000, 1, until_ci=0.2)
    assert len(wide) == 200  # after one block of 200 the interval is about 0.13 wide
    assert wide == run_battles(engagement, 200, 1)


class Warming:
    """A compiled engine that is ready after `after` chunks of its reference engine (both
    the stand-in engine); counts which engine fought."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, after: int) -> None:
        use_fake_engine(monkeypatch)
        self.started: list[str] = []
        self.reference_chunks = 0
        monkeypatch.setattr(warming, "start", lambda ruleset: self.started.append(ruleset.name))
        monkeypatch.setattr(FakeSquadrons, "ready", lambda _: self.reference_chunks >= after)
        real_duels = batch.duels

        def counting(ready: Any, master: int, start: int, stop: int,
                     workers: int = 1) -> list[Any]:
            if isinstance(ready, OneAtATime):
                self.reference_chunks += 1
            return real_duels(ready, master, start, stop, workers)  # type: ignore[arg-type]

        monkeypatch.setattr(batch, "duels", counting)


def test_a_cold_engine_fights_on_the_reference_then_switches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_engine(monkeypatch)
    warm = run_battles(engage(BLUE, WATCH), 130, 4)
    engines = Warming(monkeypatch, after=2)
    FakeSquadrons.calls.clear()
    cold = run_battles(engage(BLUE, WATCH), 130, 4, workers=2)
    assert cold == warm  # the same battles, whichever engine fought them
    assert engines.started == ["tacship"]  # the compile was started, once
    assert engines.reference_chunks == 2  # 50 battles each, on one process: 2 cores - 1
    assert FakeSquadrons.calls == [30]  # the other 30 in one call once it was ready


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, processes=True, threads_per_worker=2,
                                  dashboard_address=None,
                                  silence_logs=logging.ERROR) as local:
        try:
            yield local.scheduler_address
        finally:
            cluster.disconnect()


def test_a_batch_on_a_cluster_is_the_batch_of_one_process(scheduler: str) -> None:
    engagement = pair()
    told: list[int] = []
    on_cluster = run_battles(engagement, 12, 8, start=5, progress=told.append,
                             scheduler=scheduler)
    assert on_cluster == run_battles(engagement, 12, 8, start=5)
    assert sum(told) == 12 and len(told) > 1  # several chunks, each one reported
