"""Fleet battles in batches: two fleets as a contest of the batch service (`services.batch`).

Battles go through the very path duels take: a compiled engine fights big chunks on
threads; the reference engine fights a battle at a time, on worker processes when
there are several workers, and meanwhile while a fresh install compiles; a Dask
cluster fights chunks on its workers. Battle `k` (from 0) of a batch seeded by
`master` is fought on `duel_seed(master, k)`, so the results never depend on any of
that. What travels to a worker process or machine is plain data: the game's name,
the catalog folder, each ship's design data and name, the policies, the scenario and
the engine; the worker rebuilds the fleets from it once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from shipyard.core.battle import BattleLineup, BattleResult, Replay
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import battles_of
from shipyard.services import cluster
from shipyard.services.batch import REFERENCE, Fights, Parcel
from shipyard.services.registry import evaluate, get_ruleset

Crew = tuple[tuple[Evaluation, str], ...]  # a fleet's ships: (design, ship name), fleet order
# (game, catalog folder or None for the bundled one, side A's ships as (design data, name),
# side B's, policies, scenario, engine)
Packed = tuple[str, str | None, tuple[tuple[dict[str, Any], str], ...],
               tuple[tuple[dict[str, Any], str], ...], tuple[str, str], DuelScenario,
               str | None]


class OneAtATime:
    """A lineup fought one battle at a time: the batch service spreads it over worker
    processes (a reference engine runs in plain Python, which threads would not speed up)."""

    def __init__(self, lineup: BattleLineup) -> None:
        self.lineup = lineup

    def fight(self, seed: int, log: bool = False) -> BattleResult:
        return self.lineup.fight(seed, log)

    def replay(self, seed: int) -> Replay:
        return self.lineup.replay(seed)


@dataclass(frozen=True, slots=True)
class Fleets:
    """Two fleets made ready to fight battles: a `batch.Contest` of battles."""

    a: Crew
    b: Crew
    policies: tuple[str, str]
    scenario: DuelScenario
    engine: str | None = None  # None: the game's default battle engine

    @property
    def ruleset(self) -> Ruleset:
        return self.a[0][0].ruleset

    def lineup(self) -> BattleLineup:
        """The game's own lineup on the contest's engine."""
        return battles_of(self.ruleset).lineup(list(self.a), list(self.b), self.policies,
                                               self.scenario, self.engine)

    def made(self) -> Fights[BattleResult]:
        ready = self.lineup()
        engine = self.engine or battles_of(self.ruleset).engines[0]
        return OneAtATime(ready) if engine == REFERENCE else ready

    def on_reference(self) -> Fleets:
        return replace(self, engine=REFERENCE)

    def parcel(self) -> Parcel:
        return _rebuilt, pack(self, self.a[0][0].catalog.folder)

    def shipment(self) -> Parcel:
        first = self.a[0][0]
        return _shipped, (first.catalog.digest, pack(self, cluster.catalog_root(first)))


def pack(fleets: Fleets, folder: str | None) -> Packed:
    """The fleets as plain data (a worker rebuilds them with `unpack`)."""
    def ships(crew: Crew) -> tuple[tuple[dict[str, Any], str], ...]:
        return tuple((evaluation.design.to_data(), name) for evaluation, name in crew)

    return (fleets.ruleset.name, folder, ships(fleets.a), ships(fleets.b), fleets.policies,
            fleets.scenario, fleets.engine)


def unpack(packed: Packed) -> Fleets:
    name, folder, a, b, policies, scenario, engine = packed
    ruleset = get_ruleset(name)
    seen: dict[str, Evaluation] = {}  # one evaluation for every ship of one design

    def crew(ships: Sequence[tuple[dict[str, Any], str]]) -> Crew:
        found = []
        for data, ship in ships:
            key = json.dumps(data, sort_keys=True)
            if key not in seen:
                seen[key] = evaluate(ruleset.parse(data, "<design>"), catalog_root=folder)
            found.append((seen[key], ship))
        return tuple(found)

    return Fleets(crew(a), crew(b), policies, scenario, engine)


def _rebuilt(packed: Packed) -> Fights[BattleResult]:
    """In a worker process: the fleets' lineup."""
    return unpack(packed).made()


def _shipped(shipment: tuple[str, Packed]) -> Fights[BattleResult]:
    """On a cluster's worker: the fleets' lineup, once its catalog is the run's."""
    digest, packed = shipment
    fleets = unpack(packed)
    cluster.check_catalog(fleets.a[0][0], digest)
    return fleets.made()
