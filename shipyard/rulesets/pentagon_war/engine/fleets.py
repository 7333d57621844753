"""Two Pentagon War fleets made ready to fight many battles on the hex map, one seed each.

Builds every craft from its sheet once (`state.craft_from`); each battle refits cheap
copies, gives every craft a fresh captain of its fleet's style and its own seeded dice
(`map_battle.MapBattle`).
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import BattleResult, Replay
from shipyard.core.dice import CounterDice
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine.map_battle import MapBattle
from shipyard.rulesets.pentagon_war.engine.map_pictures import MapPictures
from shipyard.rulesets.pentagon_war.engine.policy import policy_named
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.state import Craft, craft_from, refit
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat

Fleet = Sequence[tuple[Evaluation, str]]


class MapFleets:
    """Two fleets ready to fight on the map: every craft as built, the tables, captains."""

    __slots__ = ("catalog", "combat", "places", "policies", "scenario", "sides", "templates")

    def __init__(self, a: Fleet, b: Fleet, policies: tuple[str, str],
                 scenario: DuelScenario) -> None:
        first = (a or b)[0][0]
        self.catalog: Catalog = first.catalog
        self.combat: Combat = load_combat(self.catalog.folder)
        catalog_charts(self.catalog)
        ships = [(0, k, e, name) for k, (e, name) in enumerate(a)]
        ships += [(1, k, e, name) for k, (e, name) in enumerate(b)]
        # Never fought: each battle refits its own copies of these.
        self.templates: tuple[Craft, ...] = tuple(craft_from(e, name) for _, _, e, name in ships)
        self.sides = tuple(side for side, *_ in ships)
        self.places = tuple(place for _, place, *_ in ships)
        self.policies = policies
        self.scenario = scenario

    def battle(self, seed: int, log: bool = False, layout: tuple[int, bool] = (0, False),
               pictures: MapPictures | None = None) -> MapBattle:
        """Battle `seed`, ready to fight; `layout` turns and mirrors its start (R33)."""
        crafts = [refit(template) for template in self.templates]
        captains = [policy_named(self.policies[side]) for side in self.sides]
        return MapBattle(crafts, self.sides, self.places, captains, self.scenario, self.combat,
                         self.catalog, CounterDice(seed), log, layout, pictures)

    def fight(self, seed: int, log: bool = False) -> BattleResult:
        """One battle: same fleets and seed, same battle."""
        return self.battle(seed, log).fight()

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[BattleResult]:
        """Battle `k` fought with `seeds[k]` alone, in order (the batch service spreads it
        over processes)."""
        return [self.fight(seed) for seed in seeds]

    def ready(self) -> bool:
        return True

    def replay(self, seed: int) -> Replay:
        """The battle of `seed` again, with a picture of the map after every impulse."""
        pictures = MapPictures(self.templates)
        result = self.battle(seed, True, pictures=pictures).fight()
        return pictures.replay(result.log[-1] if result.log else "")


class MapDuel:
    """Two designs on the hex map: a battle of one against one, told as a duel."""

    __slots__ = ("fleets",)

    def __init__(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
                 policies: tuple[str, str], scenario: DuelScenario,
                 engine: str | None = None) -> None:
        self.fleets = MapFleets([(a, names[0])], [(b, names[1])], policies, scenario)

    def fight(self, seed: int, log: bool = False) -> Result:
        return duel_result(self.fleets.fight(seed, log))


def duel_result(battle: BattleResult) -> Result:
    """A battle of one craft against one as the duel's result: the damage each dealt past
    the screens, what destroyed the loser."""
    first, second = battle.fates
    return Result(battle.winner, battle.turns, (second.taken, first.taken), battle.cause,
                  battle.log, battle.draws)
