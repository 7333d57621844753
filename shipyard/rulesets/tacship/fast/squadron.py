"""Two Tacship fleets made ready for the compiled engine: many battles a call (rules 4).

`FastSquadrons` is built as the reference `Squadrons` is (the same record charts,
tables, pilots and start), packs them into arrays once, then fights battle `k` of a
call with `seeds[k]` alone, on as many threads as asked (the kernel runs without
the GIL). It is the engine that fights duels (`fast.battle`), with more rows: each
seed gives the reference engine's very battle. A told battle (`log=True`) and a
replay come from the reference engine, which fights the same battle for the seed.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core import compiled
from shipyard.core.battle import BattleResult, Fate
from shipyard.core.outcome import DuelScenario
from shipyard.core.records import record_of
from shipyard.rulesets.tacship.engine.squadron import Fleet, Squadrons
from shipyard.rulesets.tacship.fast.battle import (
    DRAWS,
    FATE_CAUSE,
    FATE_TAKEN,
    FATE_TURN,
    TURNS,
    WINNER,
    fight_batch,
)
from shipyard.rulesets.tacship.fast.lineup import ENGINE, fight_rows
from shipyard.rulesets.tacship.fast.packing import (
    PILOT_HEURISTICS,
    Ints,
    blast_array,
    chance_array,
    charts_array,
    pilots_array,
    scenario_array,
)


class FastSquadrons(Squadrons):
    """Two fleets ready to fight on the compiled engine."""

    __slots__ = ("_arrays", "_sides")

    def __init__(self, a: Fleet, b: Fleet, policies: tuple[str, str],
                 scenario: DuelScenario) -> None:
        super().__init__(a, b, policies, scenario)
        combat, s = self.combat, self.scenario
        charts = charts_array((*self.fleets[0], *self.fleets[1]))
        start = scenario_array(s.start_range, s.start_speed, s.turn_limit, s.speeds)
        cap = int(PILOT_HEURISTICS[f.CHANCE_CAP])
        self._sides = (len(self.fleets[0]), len(self.fleets[1]))
        sides = np.array([0] * self._sides[0] + [1] * self._sides[1], dtype=np.int64)
        self._arrays = (record_of(combat.figures), start, blast_array(combat),
                        charts.figures, charts.fixed, charts.turrets,
                        pilots_array(self.policies), chance_array(combat, cap), sides)

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
        """Battle `k` fought with `seeds[k]` alone, in order, over `workers` threads."""
        out, fates = fight_rows(self._arrays, seeds, sum(self._sides), workers)
        return results_of(out, fates, self._sides[0])

def results_of(out: Ints, fates: Ints, first: int) -> list[BattleResult]:
    """Battle results from the kernel's rows: one per battle, fates in battle order."""
    results = []
    for row, fate in zip(out.tolist(), fates.tolist(), strict=True):
        told = tuple(Fate(0 if k < first else 1, k if k < first else k - first,
                          craft[FATE_TURN], f.CAUSES[craft[FATE_CAUSE]] if craft[FATE_TURN]
                          else "", craft[FATE_TAKEN]) for k, craft in enumerate(fate))
        results.append(BattleResult(None if row[WINNER] < 0 else row[WINNER], row[TURNS],
                                    told, row[DRAWS]))
    return results
