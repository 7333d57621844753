"""Two Pentagon War designs made ready to fight many duels on the compiled engine.

`FastLineup` works out the tables and both craft as arrays once, then plays batches of
duels in the numba kernel (`fast.duel.fight_batch`), on several threads if asked: the
kernel releases the GIL and each thread has its own working arrays. Duel `k` depends on
its seed alone, so results never depend on the worker count or the way a batch is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise

import numpy as np
from numpy.typing import NDArray

from shipyard.core import compiled
from shipyard.core.compiled_dice import key_of
from shipyard.core.outcome import DuelScenario, Result, results_from
from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.engine.lineup import Lineup
from shipyard.rulesets.pentagon_war.engine.policy import policy_named
from shipyard.rulesets.pentagon_war.fast import tables as compiled_tables
from shipyard.rulesets.pentagon_war.fast.columns import (
    CAUSES,
    RESULT_COLUMNS,
)
from shipyard.rulesets.pentagon_war.fast.duel import fight_batch
from shipyard.rulesets.pentagon_war.fast.state import duelists, new_state

ENGINE = "pentagon-war"  # its readiness marker (core.compiled)
compiled.engine(ENGINE, fight_batch)  # its markers and locks: in that kernel\'s build


class FastLineup(Lineup):
    """A matchup ready to fight on the compiled engine (a `Lineup` that fights faster).

    `fight(seed, log=True)` delegates to the readable reference engine (the `Lineup` this
    class extends): the plain-words log comes from it. Both engines draw the same dice in
    the same order, so that is the very duel this engine fights for the seed.
    """

    __slots__ = ("duelists", "tables")

    def __init__(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
                 policies: tuple[str, str], scenario: DuelScenario) -> None:
        super().__init__(a, b, names, policies, scenario)
        crafts = self.templates
        combat = self.combat
        self.tables = compiled_tables.build(
            combat, a.catalog, max(c.size_class for c in crafts),
            max(c.boxes["engine"] for c in crafts))
        captains = (policy_named(policies[0]), policy_named(policies[1]))
        self.duelists = duelists(crafts, captains, scenario, combat,
                           compiled_tables.arc_bits(a.catalog))

    def fight(self, seed: int, log: bool = False) -> Result:
        """One duel from fresh craft; with `log`, told by the reference engine."""
        if log:
            return super().fight(seed, log)
        return self.fight_many([seed])[0]

    def ready(self) -> bool:
        """True unless the first duel must still compile the kernel (once after an install)."""
        return compiled.compiled_here(fight_batch) or compiled.ready(ENGINE)

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[Result]:
        """One duel per seed, in seed order, on `workers` threads (contiguous slices)."""
        if not compiled.compiled_here(fight_batch):
            compiled.await_compiling(ENGINE)  # compiled elsewhere now: load it when done
        keys = np.array([key_of(s) for s in seeds], dtype=np.uint64)
        out = np.zeros((len(keys), RESULT_COLUMNS), dtype=np.int64)
        workers = max(1, min(workers, len(keys)))
        if workers == 1:
            self._run(keys, out)
        else:
            bounds = np.linspace(0, len(keys), workers + 1).astype(int)
            with ThreadPoolExecutor(max_workers=workers) as pool:
                jobs = [pool.submit(self._run, keys[lo:hi], out[lo:hi])
                        for lo, hi in pairwise(bounds)]
                for job in jobs:
                    job.result()
        compiled.mark_ready(ENGINE)  # its machine code is in the cache now
        return results_from(out, CAUSES)

    def _run(self, keys: NDArray[np.uint64], out: NDArray[np.int64]) -> None:
        with compiled.words_wrap():
            fight_batch(new_state(self.duelists), self.tables, self.duelists, keys, out)
