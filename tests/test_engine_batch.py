"""What a batch shares between duels changes nothing: same craft, same tables, same results."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shipyard.core.dice import duel_seed
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.state import craft_from, refit
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat
from shipyard.services.batch import (
    LAST_CHUNK,
    Job,
    Matchup,
    fight,
    lineup,
    run_batch,
    run_one,
    shrinking_chunks,
)
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve


def sample(name: str) -> Evaluation:
    return evaluate(read_design(resolve(f"sample:{name}")))


@pytest.fixture(scope="module")
def combat() -> Combat:
    return load_combat()


# -- what a lineup shares ------------------------------------------------------
@pytest.mark.parametrize("name", ["hive", "hammer", "sunspear", "ceres-station", "mercurand"])
def test_a_refitted_craft_equals_a_fresh_one_and_shares_nothing_it_loses(name: str) -> None:
    evaluation = sample(name)
    template = craft_from(evaluation, "X")
    copy = refit(template)
    assert copy == craft_from(evaluation, "X")
    for mutable in ("boxes", "armor", "radar", "weapons", "guns", "drone_bays", "drones",
                    "missiles", "bolts", "lingering", "taken"):
        assert getattr(copy, mutable) is not getattr(template, mutable), mutable
    for mine, theirs in zip([*copy.weapons, *copy.guns], [*template.weapons, *template.guns],
                            strict=True):
        assert mine is not theirs


def test_a_lineup_fights_each_duel_as_a_single_run_does() -> None:
    matchup = Matchup(sample("hammer"), sample("lancer"), "sniper", "default",
                      DuelScenario(start_range=16, turn_limit=8))
    ready = lineup(matchup)
    for index in range(6):
        seed = duel_seed(4, index)
        assert ready.fight(seed, log=True) == run_one(matchup, seed, log=True)
    assert ready.templates[0].taken.total == 0  # the templates never fight


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_a_batch_does_not_depend_on_how_it_is_cut_up(engine: str) -> None:
    # The reference engine's workers are processes, the compiled one's threads.
    matchup = Matchup(sample("lancer"), sample("sunspear"), scenario=DuelScenario(turn_limit=5),
                      engine=engine)
    whole = run_batch(matchup, 130, 11, workers=1)
    assert whole == run_batch(matchup, 130, 11, workers=3)
    assert whole[:70] + run_batch(matchup, 60, 11, workers=2, start=70) == whole


@pytest.mark.parametrize(("start", "stop", "workers"), [
    (0, 2000, 2), (0, 120, 2), (70, 931, 3), (5, 16, 8), (0, 1, 2),
])
def test_shrinking_chunks_cover_the_batch_once_in_order(start: int, stop: int,
                                                        workers: int) -> None:
    parts = list(shrinking_chunks(start, stop, workers))
    assert [first for first, _ in parts] == [start, *(last for _, last in parts[:-1])]
    assert parts[-1][1] == stop
    sizes = [last - first for first, last in parts]
    assert all(size >= LAST_CHUNK for size in sizes[:-1])
    assert sizes == sorted(sizes, reverse=True)


# -- the quick reference agrees with the tables --------------------------------
def test_quick_reference_copies_the_tables(combat: Combat) -> None:
    quick = combat.quick
    assert quick is combat.quick  # worked out once
    movement = combat.movement
    assert quick.impulses == combat.turn.impulses
    assert quick.step == float(movement.standard_acceleration) / combat.turn.impulses
    assert quick.half_step == quick.step / 2
    assert quick.costs == {"laser": combat.power.laser,
                           "electron_cannon": combat.power.electron_cannon,
                           "proton_cannon": combat.power.proton_cannon}
    for row in range(1, 7):
        for column in range(1, 7):
            system, forward = quick.chart[row][column]
            assert system == combat.damage.chart[row - 1][column - 1]
            assert forward == (column <= combat.damage.forward_columns)


@pytest.mark.parametrize(("manned", "engines", "size"), [
    (False, 4, 2), (False, 1, 2), (False, 0, 1), (True, 4, 2), (True, 9, 3), (False, 6, 1),
])
def test_acceleration_rates_follow_2_3(combat: Combat, manned: bool, engines: int,
                                       size: int) -> None:
    movement = combat.movement
    impulses = combat.turn.impulses
    share = min(Fraction(1), Fraction(engines, size))
    crash_share = min(Fraction(1), Fraction(engines, size * movement.crash_factor))
    if manned:
        expected = (movement.manned_acceleration / impulses * share,
                    movement.manned_crash_per_impulse * crash_share)
    else:
        expected = (movement.standard_acceleration / impulses * share,
                    movement.standard_acceleration * movement.crash_factor / impulses
                    * crash_share)
    assert combat.quick.acceleration(manned, engines, size) == tuple(map(float, expected))


@pytest.mark.parametrize("kind", fire.DIRECT_FIRE)
def test_remembered_best_cases_match_the_tables(combat: Combat, kind: str) -> None:
    for hexes in (0, 1, 2, 5, 12, 40):
        for size in (0, 1, 3):
            for extra in (0, -3):
                first = fire.best_case(kind, hexes, size, extra, combat)
                assert first == fire.best_case(kind, hexes, size, extra, combat)
                top = 6 * combat.fire_dice.dice + size + combat.range_modifier(hexes) + extra
                shot = fire.judge(kind, 1, hexes, size, 6 * combat.fire_dice.dice, top, combat)
                if kind == "magnetic_beam":
                    assert first == int(shot.hit)
                elif size == 0:
                    assert first == int(shot.kill)
                else:
                    assert first == (shot.damage if shot.hit else 0)


# -- one path for every batch --------------------------------------------------
def test_many_jobs_in_one_call_are_each_jobs_own_batch() -> None:
    lancer, shade, stinger = sample("lancer"), sample("shade"), sample("stinger")
    jobs = [Job(Matchup(lancer, shade, engine="reference"), 4, 10, 130),
            Job(Matchup(stinger, lancer), 9, 0, 70),
            Job(Matchup(shade, stinger, "sniper", "brawler", engine="reference"), 2, 5, 25)]
    alone = [run_batch(job.matchup, job.runs, job.master, start=job.start) for job in jobs]
    assert fight(jobs, workers=1) == alone
    assert fight(jobs, workers=3) == alone  # reference chunks over a pool, compiled on threads


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_a_stopped_batch_keeps_every_duel_before_the_stop(engine: str) -> None:
    matchup = Matchup(sample("lancer"), sample("zelta-dee"), engine=engine)
    whole = run_batch(matchup, 400, 6)
    heard: list[int] = []
    for workers in (1, 2):
        heard.clear()
        kept = run_batch(matchup, 400, 6, workers, progress=heard.append,
                         stopped=lambda: len(heard) >= 2, fast_chunk=100)
        assert len(kept) < 400
        assert kept == whole[:len(kept)]
        # On one worker the chunks come back in order, so the stop keeps the first ones;
        # on two, the second chunk may be back before the first, and a stop then keeps
        # no duel rather than one out of order.
        assert len(kept) > 0 or workers > 1


POOL_UNDER_A_SCREEN = """
import io, sys, threading
from shipyard.core.dice import duel_seed
from shipyard.services.batch import Matchup, REFERENCE, run_batch, run_one
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

class Screen(io.StringIO):  # what a full-screen app puts in place of standard error
    def fileno(self):
        return -1

def sample(name):
    path = resolve(f"sample:{name}")
    return evaluate(read_design(path), file=str(path))

matchup = Matchup(sample("lancer"), sample("shade"), engine=REFERENCE)
sys.stderr = Screen()
found = []
thread = threading.Thread(target=lambda: found.extend(run_batch(matchup, 6, 3, workers=2)))
thread.start()  # a second thread: the pool starts a fork server, as in the designer
thread.join()
one = run_one(matchup, duel_seed(3, 0))
print(len(found), found[0].winner == one.winner and found[0].turns == one.turns)
"""


def test_a_reference_pool_starts_where_standard_error_has_no_file() -> None:
    # A fresh process, so that no fork server or resource tracker runs yet.
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", POOL_UNDER_A_SCREEN], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["6", "True"]


A_WORKER_FAILS = """
from shipyard.services import batch
from shipyard.services.batch import REFERENCE, BatchError, Matchup, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

class Awkward(Exception):  # an exception that cannot be rebuilt from its pickle
    def __init__(self, where, why):
        super().__init__(f"{where}: {why}")

def broken(packed):
    raise Awkward("rebuild", "no such catalog here")

def sample(name):
    path = resolve(f"sample:{name}")
    return evaluate(read_design(path), file=str(path))

batch._unpack = broken  # the worker processes are forked from here: they inherit it
try:
    run_batch(Matchup(sample("lancer"), sample("shade"), engine=REFERENCE), 40, 1, workers=2)
except BatchError as exc:
    print(exc)
"""


def test_a_worker_process_that_fails_stops_the_batch_with_one_line() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", A_WORKER_FAILS], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == ("a worker process stopped on an error: "
                           "Awkward: rebuild: no such catalog here\n")
