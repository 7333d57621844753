"""Why Tacship missiles seldom fly: sure launches are rare, and a target slips out of
the reach of any other.

A missile homes once, right after its target's next move (rules 4, T4), and the
target moves first with the missile in sight. The engine's pilots therefore
launch only where every move the target can make next ends within the
missile's reach (engine/launch.py).

Part 1, chances: over every pair of samples (default pilots, both sides), the
turns a fighter with a missile aboard moved second (after its target: the only
moves after which a launch can be sure) and how many of those offered a sure
launch among its candidate moves.

Part 2, looser launches: each missile-carrying sample, as side A, launches once
a share X of the target's next moves end within reach (X = 100% is the engine's
rule) against every other sample as side B under each pilot; A's launches and
what became of them, and A's wins and missile kills.

Part 3, launching first: a missile released before its target moves flies the
target's move straight on (T4) and homes after the target's next one. For a
target at the origin on heading 0 at speed v with thrust T, the launch spots
(within 30 hexes, any heading, launcher speed 0-24) from which the missile
reaches every end of two of the target's candidate moves.

Part 4, the missile boat: the Harpy (five missiles, one Laser-1) as side A
launching at 100% and at 75% against every other sample under each target
pilot; its launches, what became of them, its wins and its missile kills.

Run: .venv/bin/python benchmarks/tacship_dodge_bench.py [--runs 40] [--seed 1]
     [--part N ...]  (only these parts)
(reference engine only: it fights with pilots of its own)
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations

from shipyard.core.dice import duel_seed
from shipyard.rulesets.tacship.engine.duel import fight
from shipyard.rulesets.tacship.engine.hexes import Hex, distance, step, within
from shipyard.rulesets.tacship.engine.launch import move_ends, reaches_all
from shipyard.rulesets.tacship.engine.lineup import fighter_of
from shipyard.rulesets.tacship.engine.movement import Plan, end_of, straight_after
from shipyard.rulesets.tacship.engine.ordnance import in_reach
from shipyard.rulesets.tacship.engine.policy import POLICIES, FireOrder, Pilot, View
from shipyard.rulesets.tacship.engine.state import Craft, Fighter, Missile
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat
from shipyard.services.equivalence import samples

SHARES = (1.0, 0.9, 0.75, 0.5)


@dataclass(frozen=True)
class Watcher(Pilot):
    """The default pilot, deciding as it does, counting its sure-launch chances."""

    seen: Counter[str] = field(default_factory=Counter, compare=False, hash=False)

    def move(self, view: View) -> tuple[Plan, FireOrder]:
        me, enemy, combat = view.me, view.enemy, view.combat
        if not view.enemy_moves_later and me.stores["missile"] + me.armed.count("missile"):
            self.seen["second, missile aboard"] += 1
            ends = move_ends(enemy, self.candidates(enemy, combat))
            if any(reaches_all(*end_of(me.pos, me.heading, plan), plan.speed, ends, combat)
                   for plan in self.candidates(me, combat)):
                self.seen["a sure launch in reach"] += 1
        return super().move(view)


@dataclass(frozen=True)
class Loose(Pilot):
    """The default pilot launching once `share` of the target's moves end in reach."""

    share: float = 1.0

    def launch_spot(self, pos: Hex, heading: int, speed: int, ends: tuple[Hex, ...],
                    combat: Combat) -> bool:
        rules = combat.missile
        trial = Missile("a", "b", step(pos, heading, rules.launch_distance), heading,
                        speed + rules.speed_bonus, 0)
        reached = sum(1 for end in ends if in_reach(trial, end, combat))
        return reached >= self.share * len(ends)


def fighters() -> dict[str, Fighter]:
    return {name: fighter_of(e.design, name) for name, e in samples("tacship").items()}


def chances(crafts: dict[str, Fighter], runs: int, master: int) -> None:
    print(f"Part 1: sure-launch chances, default pilots, {runs} duels a pair (master "
          f"{master})")
    total: Counter[str] = Counter()
    for a, b in combinations(sorted(crafts), 2):
        watch = Watcher()
        for index in range(runs):
            fight(crafts[a], crafts[b], seed=duel_seed(master, index), policy_a=watch,
                  policy_b=watch)
        total.update(watch.seen)
        print(f"  {a + ' vs ' + b:22} moved second with a missile aboard "
              f"{watch.seen['second, missile aboard']:5}, a sure launch in reach "
              f"{watch.seen['a sure launch in reach']:4}", flush=True)
    print(f"  all pairs: {total['second, missile aboard']} such moves, "
          f"{total['a sure launch in reach']} with a sure launch in reach\n")


def tally(lines: tuple[str, ...], name: str, row: Counter[str]) -> None:
    for line in lines:
        if line.startswith("Turn ") and line.split(": ", 1)[1].startswith(f"{name} ("):
            row["launched"] += line.count("launches a missile")
        row["detonated"] += f"{name}'s missile closes on" in line
        row["fooled"] += f"{name}'s missile homes on the decoy" in line
        row["missed"] += f"{name}'s missile fails to reach" in line


def looser(crafts: dict[str, Fighter], runs: int, master: int) -> None:
    carriers = sorted(name for name, craft in crafts.items() if craft.missiles)
    print(f"Part 2: looser launches by {', '.join(carriers)} (side A, default weights) "
          f"against every other sample; {runs} duels a pair")
    print(f"  {'launch at':>10} {'target pilot':>12} {'launched':>9} {'detonated':>10} "
          f"{'fooled':>7} {'missed':>7} {'A wins':>7} {'by missile':>10}")
    for share in SHARES:
        for target in POLICIES:
            row: Counter[str] = Counter()
            launcher = Loose(share=share)
            for a in carriers:
                for b in sorted(crafts):
                    if a == b:
                        continue
                    fighter_a = replace(crafts[a], name=a.title())
                    for index in range(runs):
                        result = fight(fighter_a, crafts[b], seed=duel_seed(master, index),
                                       policy_a=launcher, policy_b=target, log=True)
                        tally(result.log, fighter_a.name, row)
                        row["wins"] += result.winner == "a"
                        row["missile kills"] += result.winner == "a" and \
                            result.cause == "missile"
            rate = f"{row['detonated'] / row['launched']:.0%}" if row["launched"] else "-"
            print(f"  {share:>10.0%} {target:>12} {row['launched']:>9} "
                  f"{row['detonated']:>5} {rate:>4} {row['fooled']:>7} {row['missed']:>7} "
                  f"{row['wins']:>7} {row['missile kills']:>10}", flush=True)


def launching_first(combat: Combat) -> None:
    print("\nPart 3: launch spots before the target moves (two target moves to reach)")
    pilot = POLICIES["default"]
    for thrust in (4, 6, 8):
        for speed in (0, 4, 8):
            target = Craft.enter(Fighter("t", 10, 0, thrust), "b", (0, 0), 0, speed)
            ends: set[Hex] = set()
            for first in pilot.candidates(target, combat):
                pos, heading = end_of(target.pos, target.heading, first)
                moved = Craft.enter(target.fighter, "b", pos, heading, first.speed)
                moved.straight = straight_after(target, first)
                ends |= {end_of(pos, heading, second)[0]
                         for second in pilot.candidates(moved, combat)}
            far_first = sorted(ends, key=lambda end: -distance((0, 0), end))
            spots = 0
            for pos in within((0, 0), 30):
                for heading in range(6):
                    for launcher in range(0, 25, 2):
                        missile_speed = launcher + combat.missile.speed_bonus
                        start = step(pos, heading,
                                     combat.missile.launch_distance + missile_speed)
                        missile = Missile("a", "b", start, heading, missile_speed, 0)
                        spots += all(in_reach(missile, end, combat) for end in far_first)
            print(f"  thrust {thrust}, speed {speed}: {len(ends):5} ends after two moves, "
                  f"{spots:4} launch spots", flush=True)


def missile_boat(crafts: dict[str, Fighter], runs: int, master: int) -> None:
    boat = replace(crafts["harpy"], name="Harpy")
    print(f"\nPart 4: the Harpy's launches against each sample, {runs} duels each")
    print(f"  {'launch at':>10} {'target pilot':>12} {'against':>9} {'launched':>9} "
          f"{'detonated':>10} {'fooled':>7} {'missed':>7} {'wins':>5} {'by missile':>10}")
    for share in (1.0, 0.75):
        for target in POLICIES:
            for b in sorted(set(crafts) - {"harpy"}):
                row: Counter[str] = Counter()
                for index in range(runs):
                    result = fight(boat, crafts[b], seed=duel_seed(master, index),
                                   policy_a=Loose(share=share), policy_b=target, log=True)
                    tally(result.log, boat.name, row)
                    row["wins"] += result.winner == "a"
                    row["missile kills"] += result.winner == "a" and result.cause == "missile"
                rate = f"{row['detonated'] / row['launched']:.0%}" if row["launched"] else "-"
                print(f"  {share:>10.0%} {target:>12} {b:>9} {row['launched']:>9} "
                      f"{row['detonated']:>5} {rate:>4} {row['fooled']:>7} {row['missed']:>7} "
                      f"{row['wins']:>5} {row['missile kills']:>10}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1, help="master seed of the duels")
    parser.add_argument("--part", type=int, action="append", choices=(1, 2, 3, 4),
                        help="run only this part (may be repeated)")
    args = parser.parse_args()
    began = time.perf_counter()
    crafts = fighters()
    parts = set(args.part or (1, 2, 3, 4))
    if 1 in parts:
        chances(crafts, args.runs, args.seed)
    if 2 in parts:
        looser(crafts, args.runs, args.seed)
    if 3 in parts:
        launching_first(load_combat())
    if 4 in parts:
        missile_boat(crafts, args.runs, args.seed)
    print(f"({time.perf_counter() - began:.0f} s on the reference engine)")


if __name__ == "__main__":
    main()
