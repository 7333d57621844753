"""Two Pentagon War fleets made ready for the compiled engine: many map battles a call.

`FastMapFleets` is built as the reference `MapFleets` is (the same craft, captains and
start of the map), packs them into arrays once, then fights battle `k` of a call with
`seeds[k]` alone, on as many threads as asked (the kernel runs without the GIL; each
thread has its own working arrays). It is the duel's compiled engine with more rows
(`fast.map_battle`): each seed gives the reference engine's very battle, so a told
battle (`log=True`) and a replay come from the reference engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise

import numpy as np
from numpy.typing import NDArray

from shipyard.core import compiled
from shipyard.core.battle import BattleResult, Fate
from shipyard.core.compiled_dice import key_of
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.engine.fleets import Fleet, MapFleets, duel_result
from shipyard.rulesets.pentagon_war.engine.policy import policy_named
from shipyard.rulesets.pentagon_war.fast import tables as compiled_tables
from shipyard.rulesets.pentagon_war.fast.columns import (
    CAUSES,
    F_CAUSE,
    F_TAKEN,
    F_TURN,
    FATE_COLUMNS,
    R_DRAWS,
    R_TURNS,
    R_WINNER,
    RESULT_COLUMNS,
)
from shipyard.rulesets.pentagon_war.fast.fleet_state import beam_room, new_map, start_map
from shipyard.rulesets.pentagon_war.fast.map_battle import fight_batch
from shipyard.rulesets.pentagon_war.fast.state import duelists, new_state

ENGINE = "pentagon-war-map"  # its readiness marker (core.compiled)
GAME = "pentagon-war"  # the lock the game's warming compiles under (services.warming)
compiled.engine(ENGINE, fight_batch)


class FastMapFleets(MapFleets):
    """Two fleets ready to fight on the map on the compiled engine (a `MapFleets` that
    fights faster)."""

    __slots__ = ("beams", "fleet", "m", "start", "tables")

    def __init__(self, a: Fleet, b: Fleet, policies: tuple[str, str],
                 scenario: DuelScenario) -> None:
        super().__init__(a, b, policies, scenario)
        crafts, combat = self.templates, self.combat
        self.tables = compiled_tables.build(
            combat, self.catalog, max(c.size_class for c in crafts),
            max(c.boxes["engine"] for c in crafts))
        captains = [policy_named(self.policies[side]) for side in self.sides]
        self.fleet = duelists(crafts, captains, scenario, combat,
                              compiled_tables.arc_bits(self.catalog), fleets=self.sides)
        self.start, self.m = start_map(crafts, self.sides, self.places, scenario, combat,
                                       self.catalog)
        self.beams = (beam_room(crafts, combat),
                      (combat.magnetic_beam.engines, combat.magnetic_beam.engines_double))

    def fight(self, seed: int, log: bool = False) -> BattleResult:
        """One battle: same fleets and seed, same battle (with `log`, the reference's)."""
        if log:
            return super().fight(seed, log=True)
        return self.fight_many([seed])[0]

    def ready(self) -> bool:
        """True unless the first battle must still compile the kernel (once after an
        install)."""
        return compiled.compiled_here(fight_batch) or compiled.ready(ENGINE)

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[BattleResult]:
        """Battle `k` fought with `seeds[k]` alone, in order, over `workers` threads
        (contiguous slices: the results never depend on the worker count)."""
        if not compiled.compiled_here(fight_batch):
            compiled.await_compiling(ENGINE, GAME)  # compiled elsewhere: load it when done
        keys = np.array([key_of(s) for s in seeds], dtype=np.uint64)
        out = np.zeros((len(keys), RESULT_COLUMNS), dtype=np.int64)
        fates = np.zeros((len(keys), len(self.templates), FATE_COLUMNS), dtype=np.int64)
        workers = max(1, min(workers, len(keys)))
        if workers == 1:
            self._run(keys, out, fates)
        else:
            bounds = np.linspace(0, len(keys), workers + 1).astype(int)
            with ThreadPoolExecutor(max_workers=workers) as pool:
                jobs = [pool.submit(self._run, keys[lo:hi], out[lo:hi], fates[lo:hi])
                        for lo, hi in pairwise(bounds)]
                for job in jobs:
                    job.result()
        compiled.mark_ready(ENGINE)  # its machine code is in the cache now
        return self._results(out, fates)

    def _run(self, keys: NDArray[np.uint64], out: NDArray[np.int64],
             fates: NDArray[np.int64]) -> None:
        with compiled.words_wrap():
            fight_batch(new_state(self.fleet), self.tables,
                        new_map(self.start, self.m, *self.beams), self.fleet, keys, out, fates)

    def _results(self, out: NDArray[np.int64], fates: NDArray[np.int64]) -> list[BattleResult]:
        results = []
        for row, fate in zip(out.tolist(), fates.tolist(), strict=True):
            told = tuple(Fate(side, place, craft[F_TURN], CAUSES[craft[F_CAUSE]]
                              if craft[F_TURN] else "", craft[F_TAKEN])
                         for side, place, craft in zip(self.sides, self.places, fate,
                                                       strict=True))
            results.append(BattleResult(None if row[R_WINNER] < 0 else row[R_WINNER],
                                        row[R_TURNS], told, row[R_DRAWS]))
        return results


class FastMapDuel:
    """Two designs on the hex map on the compiled engine: a battle of one against one,
    told as a duel (the twin of the reference's `engine.fleets.MapDuel`, the same duel
    for every seed)."""

    __slots__ = ("fleets",)

    def __init__(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
                 policies: tuple[str, str], scenario: DuelScenario) -> None:
        self.fleets = FastMapFleets([(a, names[0])], [(b, names[1])], policies, scenario)

    def fight(self, seed: int, log: bool = False) -> Result:
        """One duel on the map (with `log`, the reference engine's telling of it)."""
        return duel_result(self.fleets.fight(seed, log))

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[Result]:
        """Duel `k` fought with `seeds[k]` alone, in order, over `workers` threads."""
        return [duel_result(battle) for battle in self.fleets.fight_many(seeds, workers)]

    def ready(self) -> bool:
        return self.fleets.ready()
