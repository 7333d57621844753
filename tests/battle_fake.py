"""A stand-in battle engine for the tests of the battle service and command.

Each battle is a pure function of its seed (the counter dice of `core.dice`): every
craft, in fleet order, A's then B's, is destroyed with chance 7 in 10 on a turn of
1 to 5 by a laser or a missile, or survives. A fleet with no craft left loses; both
without: a draw on the last turn; both with craft: a draw at the turn limit. The same
fleets meet as equals: a fleet against its copy wins as often as it loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from shipyard.core.battle import BattleResult, Fate, Frame, Replay, Token
from shipyard.core.dice import draw
from shipyard.core.outcome import DuelScenario

CAUSES = ("laser", "missile")


class FakeSquadrons:
    """Fights with `fight_many` and `ready`, as a compiled engine does."""

    calls: ClassVar[list[int]] = []  # seeds per fight_many call, over all instances

    def __init__(self, a: Sequence[tuple[Any, str]], b: Sequence[tuple[Any, str]],
                 policies: tuple[str, str], scenario: DuelScenario) -> None:
        self.sides = (list(a), list(b))
        self.limit = scenario.turn_limit

    def fight(self, seed: int, log: bool = False) -> BattleResult:
        k = 0
        fates = []
        for side, ships in enumerate(self.sides):
            for index, _ in enumerate(ships):
                lost = draw(seed, k) < 0.7
                turn = 1 + int(draw(seed, k + 1) * 5) if lost else 0
                cause = CAUSES[int(draw(seed, k + 2) * 2)] if lost else ""
                fates.append(Fate(side, index, turn, cause, 3 if lost else 1))
                k += 3
        alive = [sum(1 for f in fates if f.side == s and f.survived) for s in (0, 1)]
        last = max((f.turn for f in fates), default=1)
        if alive[0] and alive[1]:
            winner, turns = None, self.limit
        elif not alive[0] and not alive[1]:
            winner, turns = None, last
        else:
            winner, turns = (0 if alive[0] else 1), last
        words = tuple(f"{self.sides[f.side][f.index][1]}: "
                      + ("survived" if f.survived else f"destroyed on turn {f.turn} by {f.cause}")
                      for f in fates) if log else ()
        return BattleResult(winner, turns, tuple(fates), k, words)

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[BattleResult]:
        FakeSquadrons.calls.append(len(seeds))
        return [self.fight(seed) for seed in seeds]

    def ready(self) -> bool:
        return True

    def replay(self, seed: int) -> Replay:
        result = self.fight(seed)
        tokens = tuple(Token("craft", f"{f.side}-{f.index}", f.side, f.index, f.side * 5,
                             label=self.sides[f.side][f.index][1]) for f in result.fates)
        return Replay("fake", ("A", "B"), (Frame(1, "turn 1", tokens),), "over")


def use_fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every battle lineup is the fake one, on both engines: `fast` (the default, fought as a
    compiled engine) and `reference` (fought a battle at a time)."""
    from shipyard.rulesets.tacship.battles import TacshipBattles

    def lineup(self: object, a: Sequence[tuple[Any, str]], b: Sequence[tuple[Any, str]],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> FakeSquadrons:
        if engine not in (None, "fast", "reference"):
            raise ValueError(engine)
        return FakeSquadrons(a, b, policies, scenario)

    monkeypatch.setattr(TacshipBattles, "lineup", lineup)
    monkeypatch.setattr(TacshipBattles, "engines", ("fast", "reference"))
