"""Two Tacship designs made ready for the compiled engine: many duels a call (rules 4).

`FastLineup` packs both record charts, both pilots and the catalog's combat
tables into arrays once, then fights duel `k` of a call with `seeds[k]`
alone, on as many threads as asked (the kernel runs without the GIL). Both engines
call the same rule functions and draw the same dice in the same order, so each seed
gives the reference engine's very duel.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core import compiled
from shipyard.core.compiled_dice import key_of
from shipyard.core.outcome import DuelScenario, Result, results_from
from shipyard.core.records import record_of
from shipyard.rulesets.tacship.design import TacshipDesign
from shipyard.rulesets.tacship.engine.duel import DuelStart
from shipyard.rulesets.tacship.engine.lineup import Lineup
from shipyard.rulesets.tacship.engine.state import Fighter
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat
from shipyard.rulesets.tacship.fast.battle import (
    FATE_FIELDS,
    RESULT_FIELDS,
    fight_batch,
)
from shipyard.rulesets.tacship.fast.packing import (
    PILOT_HEURISTICS,
    Ints,
    Words,
    blast_array,
    chance_array,
    charts_array,
    pilots_array,
    scenario_array,
)

ENGINE = "tacship"  # its readiness marker (core.compiled)
compiled.engine(ENGINE, fight_batch)  # its markers and locks: in that kernel\'s build


class FastLineup(Lineup):
    """A matchup ready to fight on the compiled engine.

    It is built as the reference `Lineup` is (same record charts, tables,
    policies and scenario) and packs those into arrays. `fight(seed, log=True)`
    hands the duel to the reference engine, since the plain-words log comes
    from the readable engine: the very duel this engine fights for the seed.
    """

    __slots__ = ("_arrays",)

    def __init__(self, a: TacshipDesign, b: TacshipDesign, names: tuple[str, str],
                 policies: tuple[str, str], scenario: DuelScenario,
                 catalog_folder: str | None = None) -> None:
        super().__init__(a, b, names, policies, scenario, catalog_folder)
        self._pack()

    @classmethod
    def of_fighters(cls, fighters: tuple[Fighter, Fighter],
                    policies: tuple[str, str] = ("default", "default"),
                    scenario: DuelStart | None = None,
                    combat: Combat | None = None) -> FastLineup:
        """Two record charts as they are (no design behind them), ready to fight: the
        duels `engine.duel.fight` fights for them, seed for seed."""
        ready = cls.__new__(cls)
        ready.combat = combat or load_combat()
        ready.fighters = fighters
        ready.policies = policies
        ready.scenario = scenario or DuelStart.defaults(ready.combat)
        ready._pack()
        return ready

    def _pack(self) -> None:
        combat, s = self.combat, self.scenario
        charts = charts_array(self.fighters)
        start = scenario_array(s.start_range, s.start_speed, s.turn_limit, s.speeds)
        cap = int(PILOT_HEURISTICS[f.CHANCE_CAP])
        self._arrays = (record_of(combat.figures), start, blast_array(combat),
                        charts.figures, charts.fixed, charts.turrets,
                        pilots_array(self.policies), chance_array(combat, cap),
                        np.array([0, 1], dtype=np.int64))

    def fight(self, seed: int, log: bool = False) -> Result:
        """One duel: same matchup and seed, same duel (with `log`, the reference's)."""
        if log:
            return super().fight(seed, log=True)
        return self.fight_many([seed])[0]

    def ready(self) -> bool:
        """True unless the first duel must still compile the kernel (once after an install)."""
        return compiled.compiled_here(fight_batch) or compiled.ready(ENGINE)

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[Result]:
        """Duel `k` fought with `seeds[k]` alone, in order, over `workers` threads."""
        rows, _ = fight_rows(self._arrays, seeds, 2, workers)
        return results_from(rows, f.CAUSES)


def fight_rows(arrays: tuple[Any, ...], seeds: Sequence[int], fighters: int,
               workers: int = 1) -> tuple[Ints, Ints]:
    """Battle `k` fought with `seeds[k]` alone, in order, over `workers` threads (the
    kernel runs without the GIL): the result rows and each battle's fates."""
    if not compiled.compiled_here(fight_batch):
        compiled.await_compiling(ENGINE)  # compiled elsewhere now: load it when done
    packed = np.array([key_of(s) for s in seeds], dtype=np.uint64)

    def run(part: Words) -> tuple[Ints, Ints]:
        out = np.zeros((part.shape[0], RESULT_FIELDS), dtype=np.int64)
        fates = np.zeros((part.shape[0], fighters, FATE_FIELDS), dtype=np.int64)
        batch: Any = fight_batch  # its arrays are the lineup's, in its order
        with compiled.words_wrap():
            batch(part, *arrays, out, fates)
        return out, fates

    parts = max(1, min(workers, len(packed)))
    if parts == 1:
        rows, fates = run(packed)
    else:
        slices = np.array_split(packed, parts)  # contiguous, in seed order
        with ThreadPoolExecutor(parts) as pool:
            done = list(pool.map(run, slices))
        rows = np.concatenate([o for o, _ in done])
        fates = np.concatenate([x for _, x in done])
    compiled.mark_ready(ENGINE)  # its machine code is in the cache now
    return rows, fates
