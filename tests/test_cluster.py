"""`--scheduler`: duel batches and tournaments on a Dask cluster give one machine's results.

One local cluster of two worker processes serves the module; the designs
travel to it as plain data and come back as the same seeded duels.
"""

from __future__ import annotations

import json
import logging
import shutil
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard import __version__
from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root as bundled_root
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation
from shipyard.services import batch, cluster, tournament
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from shipyard.services.tournament import Entrant, run_tournament

distributed = pytest.importorskip("distributed")
runner = CliRunner()
FIELD = ("lancer", "shade", "zelta-dee")


def sample(name: str, catalog: str | None = None) -> Evaluation:
    return evaluate(read_design(resolve(f"sample:{name}")), catalog_root=catalog)


def entrants(catalog: str | None = None) -> list[Entrant]:
    return [Entrant(name, sample(name, catalog)) for name in FIELD]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None,
                                  silence_logs=logging.ERROR) as local:
        try:
            yield local.scheduler_address
        finally:
            cluster.disconnect()


def test_a_duel_batch_on_the_cluster_is_the_batch_of_one_process(scheduler: str) -> None:
    # The reference engine: chunks sized to the workers (a compiled one gets big chunks).
    matchup = Matchup(sample("lancer"), sample("shade"), scenario=DuelScenario(10, 2, 6),
                      engine="reference")
    told: list[int] = []
    on_cluster = run_batch(matchup, 120, 7, start=30, progress=told.append,
                           scheduler=scheduler)
    assert on_cluster == run_batch(matchup, 120, 7, start=30)
    assert sum(told) == 120 and len(told) > 2  # several chunks, each one reported


def test_a_worker_builds_a_shipment_once_for_all_its_chunks() -> None:
    builds: list[str] = []

    def build(packed: str) -> str:
        builds.append(packed)
        return packed.upper()

    def work(built: str, task: int) -> str:
        return f"{built}{task}"

    shipment = (__version__, build, work, "arena")
    assert [cluster._task("key", shipment, task) for task in (1, 2, 3)] == [
        "ARENA1", "ARENA2", "ARENA3"]
    assert builds == ["arena"]
    with pytest.raises(cluster.ClusterError, match="same version"):
        cluster._task("key", ("0.0.0", build, work, "arena"), 1)


def test_a_house_catalog_travels_as_its_folder(scheduler: str, tmp_path: Path) -> None:
    house = tmp_path / "house"
    shutil.copytree(bundled_root() / sample("lancer").ruleset.name, house)
    matchup = Matchup(sample("lancer", str(house)), sample("zelta-dee", str(house)))
    assert cluster.catalog_root(matchup.a) == str(house.resolve())
    assert cluster.catalog_root(sample("lancer")) is None  # the worker's own bundled copy
    assert run_batch(matchup, 40, 3, scheduler=scheduler) == run_batch(matchup, 40, 3)
    # A house catalog that the workers cannot find at its path stops the run, in one line.
    gone = tmp_path / "elsewhere"
    shutil.copytree(house, gone)
    matchup = Matchup(sample("lancer", str(gone)), sample("zelta-dee", str(gone)))
    shipment = batch._shipment(matchup)
    shutil.rmtree(gone)
    with pytest.raises(cluster.ClusterError, match=r"^a worker could not rebuild the designs: "):
        cluster.in_order(scheduler, batch._rebuild, batch._fight_range, shipment, [(3, 0, 10)])


def test_a_worker_with_another_catalog_refuses_the_work(scheduler: str) -> None:
    digest, packed = batch._shipment(Matchup(sample("lancer"), sample("shade")))
    batch._rebuild((digest, packed))  # the right catalog rebuilds
    with pytest.raises(cluster.ClusterError, match="same Shipyard version"):
        batch._rebuild(("0" * 64, packed))
    # On a worker, the refusal comes back as the same one-line error.
    with pytest.raises(cluster.ClusterError, match=r"^a worker read another .* catalog"):
        cluster.in_order(scheduler, batch._rebuild, batch._fight_range, ("1" * 64, packed),
                         [(1, 0, 2)])


def test_a_worker_whose_combat_tables_differ_refuses_the_work(scheduler: str,
                                                              tmp_path: Path) -> None:
    house = tmp_path / "house"
    shutil.copytree(bundled_root() / "pentagon-war", house)
    matchup = Matchup(sample("lancer", str(house)), sample("shade", str(house)))
    assert run_batch(matchup, 20, 3, scheduler=scheduler) == run_batch(matchup, 20, 3)
    # The workers now read other combat tables than the run was started with.
    combat = house / "combat.toml"
    combat.write_text(combat.read_text().replace("impulses = 12", "impulses = 6"))
    with pytest.raises(cluster.ClusterError, match=r"^a worker read another .* catalog"):
        run_batch(matchup, 20, 3, scheduler=scheduler)


def test_a_tournament_on_the_cluster_is_the_tournament_of_one_machine(scheduler: str) -> None:
    field = entrants()
    told: list[int] = []
    on_cluster = run_tournament(field, 24, 5, progress=told.append, scheduler=scheduler)
    assert on_cluster.to_data() == run_tournament(field, 24, 5).to_data()
    assert sum(told) == 3 * 24


def test_until_ci_blocks_on_the_cluster_stop_where_one_machine_stops(
        scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament, "BLOCK", 20)
    field = entrants()
    here = run_tournament(field, 80, 2, until_ci=0.3)
    there = run_tournament(field, 80, 2, until_ci=0.3, scheduler=scheduler)
    assert there.to_data() == here.to_data()
    played = sorted(pair.runs for pair in here.pairs)
    assert played[0] < 80 and played[0] % 20 == 0  # a pair did stop early


def test_the_commands_print_the_same_with_and_without_a_scheduler(scheduler: str) -> None:
    args = ["tournament", "--runs", "10", "--seed", "4", *(f"sample:{n}" for n in FIELD)]
    here = runner.invoke(app, args)
    there = runner.invoke(app, [*args, "--scheduler", scheduler])
    assert here.exit_code == there.exit_code == 0, there.output
    assert there.stdout == here.stdout and "Ranking" in here.stdout
    duel = ["duel", "--json", "--runs", "60", "--seed", "9", "sample:lancer", "sample:shade"]
    alone = runner.invoke(app, duel)
    spread = runner.invoke(app, [*duel, "--scheduler", scheduler])
    assert alone.exit_code == spread.exit_code == 0, spread.output
    assert spread.stdout == alone.stdout and json.loads(alone.stdout)["runs"] == 60


@pytest.mark.parametrize("address", ["nowhere", "http://example.org:8786",
                                     "tcp://127.0.0.1:1"])
@pytest.mark.parametrize("command", [["tournament", "--runs", "2", "sample:lancer",
                                      "sample:shade"],
                                     ["duel", "--runs", "2", "sample:lancer", "sample:shade"]])
def test_a_scheduler_out_of_reach_is_one_line_and_exit_2(
        address: str, command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    result = runner.invoke(app, [*command, "--scheduler", address])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"shipyard: cannot reach the Dask scheduler at {address}")
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


def test_without_the_extra_the_option_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    result = runner.invoke(app, ["duel", "--runs", "2", "sample:lancer", "sample:shade",
                                 "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2
    assert result.stderr == ("shipyard: --scheduler needs the cluster extra: "
                             "pip install 'shipyard[cluster]'\n")


def test_an_audit_on_the_cluster_is_the_audit_of_one_machine(scheduler: str) -> None:
    from shipyard.services.audit import Settings
    from shipyard.services.audit_run import run_audit
    from shipyard.services.registry import get_ruleset

    tiny = Settings(runs=10, budgets=(), policies=("default",), samples=("sample:hawk",),
                    opponents=("sample:hawk", "sample:kestrel"), systems=("fixed_laser.1",),
                    kinds=("duels",))
    here = run_audit(get_ruleset("tacship"), None, tiny).to_data()
    there = run_audit(get_ruleset("tacship"), None, replace(tiny, scheduler=scheduler)).to_data()
    assert there["systems"] == here["systems"] and there["duels"] == here["duels"] == 60
