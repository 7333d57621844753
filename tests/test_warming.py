"""The first duels after an install: fought at once on the reference engine while the
compiled one is built in the background, then switched over; `shipyard warm`; the notice."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core import compiled
from shipyard.core.protocol import BatchLineup
from shipyard.services import batch, warming
from shipyard.services.batch import COMPILING, Matchup, run_batch
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import resolve


def sample(name: str):  # type: ignore[no-untyped-def]
    return evaluate(read_design(resolve(f"sample:{name}")))


# -- readiness -----------------------------------------------------------------------------
def test_readiness_is_a_marker_in_this_builds_cache_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(compiled, "build_folder", lambda root=None: tmp_path)
    assert not compiled.ready("some-game")
    compiled.mark_ready("some-game")
    assert compiled.ready("some-game")
    assert (tmp_path / "ready-some-game").is_file()


def test_a_game_whose_engine_has_fought_is_ready() -> None:
    evaluation = sample("lancer")
    # Fought on the compiled engine itself (a batch would take the reference engine while
    # the run's background compile is still going, on a fresh clone).
    fast = batch.lineup(Matchup(evaluation, evaluation, engine="fast"))
    assert isinstance(fast, BatchLineup)
    fast.fight_many([1, 2])
    assert not batch.compiling(evaluation)
    assert not batch.compiling(evaluation, "reference")  # the readable engine is never compiled
    assert warming.state(evaluation.ruleset) == "ready"


# -- the reference engine while the compiled one is built ---------------------------------
class Engines:
    """Counts which engine fought, with the compiled one ready after `after` calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, after: int) -> None:
        self.started: list[str] = []
        self.reference_chunks = 0
        self.fast_calls = 0
        monkeypatch.setattr(warming, "start", lambda ruleset: self.started.append(ruleset.name))
        real_duels = batch.duels

        def counting(ready, master, start, stop, workers=1):  # type: ignore[no-untyped-def]
            if isinstance(ready, BatchLineup):
                self.fast_calls += 1
            else:
                self.reference_chunks += 1
            return real_duels(ready, master, start, stop, workers)

        monkeypatch.setattr(batch, "duels", counting)
        for module in ("shipyard.rulesets.pentagon_war.fast.lineup",
                       "shipyard.rulesets.tacship.fast.lineup"):
            monkeypatch.setattr(f"{module}.FastLineup.ready",
                                lambda lineup: self.reference_chunks >= after)


@pytest.mark.parametrize(("a", "b"), [("sunspear", "mercurand"), ("valkyrie", "harpy")])
def test_a_cold_engine_fights_on_the_reference_then_switches(
        monkeypatch: pytest.MonkeyPatch, a: str, b: str) -> None:
    matchup = Matchup(sample(a), sample(b))
    warm = run_batch(matchup, 260, 5)
    engines = Engines(monkeypatch, after=3)
    cold = run_batch(matchup, 260, 5, workers=2)
    assert cold == warm  # the same duels, whichever engine fought them
    assert engines.started == [matchup.a.ruleset.name]
    assert engines.reference_chunks == 3  # 50 duels each, on one process: 2 cores - 1 warming
    assert engines.fast_calls == 1  # the other 110 in one call once it was ready


def test_duels_say_at_a_terminal_that_they_run_while_compiling(tmp_path: Path) -> None:
    # Another process "is compiling" (this test holds the warming lock of a fresh cache),
    # so the command fights on the reference engine and says so at a terminal.
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "COLUMNS": "200"}
    folder = tmp_path / f"kernels-{compiled.stamp()}"
    folder.mkdir()
    with open(folder / "warming-pentagon-war.lock", "ab") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for command in (["duel", "sample:lancer", "sample:shade", "--runs", "30"],
                        ["compare", "sample:lancer", "sample:shade", "--duel", "30"]):
            main, child = pty.openpty()
            done = subprocess.run([sys.executable, "-m", "shipyard", *command], env=env,
                                  stdout=subprocess.PIPE, stderr=child, timeout=120,
                                  check=False)
            os.close(child)
            told = os.read(main, 65536).decode()
            os.close(main)
            assert done.returncode == 0
            assert COMPILING in " ".join(told.split()), told
            assert COMPILING not in done.stdout.decode()
        assert not (folder / "ready-pentagon-war").exists()


def test_a_script_reading_the_duel_gets_only_what_it_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shipyard.commands.terminal.compiling",
                        lambda evaluation, engine=None: True)
    result = CliRunner().invoke(
        app, ["duel", "sample:lancer", "sample:shade", "--runs", "4", "--json"])
    assert result.exit_code == 0
    assert COMPILING not in result.stderr
    assert json.loads(result.stdout)["runs"] == 4


# -- shipyard warm -------------------------------------------------------------------------
def test_warm_says_what_it_did_for_each_game() -> None:
    result = CliRunner().invoke(app, ["warm", "--ruleset", "tacship"])
    assert result.exit_code == 0
    assert result.output.startswith("tacship: compiled engine ready")
    assert warming.state(get_ruleset("tacship")) == "ready"
    result = CliRunner().invoke(app, ["warm", "--ruleset", "chess"])
    assert result.exit_code == 2
    assert result.stderr == "shipyard: unknown ruleset 'chess' (known: pentagon-war, tacship)\n"


def test_an_engine_waits_for_a_compile_under_way_instead_of_compiling_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys
    import time

    from shipyard.core import compiled as compiled_module

    monkeypatch.setattr(compiled_module, "build_folder", lambda root=None: tmp_path)
    lock = tmp_path / "warming-house-game.lock"
    other = subprocess.Popen(  # another process compiling: it holds the lock for a second
        [sys.executable, "-c", "import fcntl, sys, time\n"
         f"handle = open({str(lock)!r}, 'ab'); fcntl.flock(handle, fcntl.LOCK_EX)\n"
         "print('held', flush=True); time.sleep(1.0)"], stdout=subprocess.PIPE, text=True)
    assert other.stdout is not None and other.stdout.readline() == "held\n"
    held_at = time.perf_counter()
    with compiled_module.compiling("house-game", wait=False) as free:
        assert not free  # the state reads "compiling"
    compiled_module.await_compiling("house-game")
    assert time.perf_counter() - held_at > 0.8  # it went on once the other one was done
    other.wait()
    # The process holding the lock (`shipyard warm`) compiles: it never waits on itself.
    with compiled_module.compiling("house-game", wait=True):
        began = time.perf_counter()
        compiled_module.await_compiling("house-game")
        assert time.perf_counter() - began < 0.5
