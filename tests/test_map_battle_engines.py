"""Pentagon War fleet battles on the hex map: both engines fight the same battle.

The compiled engine (`fast.fleets.FastMapFleets`, the default) must fight the readable
reference's very battle (`engine.map_battle.MapBattle`) for every seed: the same winner,
turns, every craft's fate (the turn it blew up, what destroyed it, the damage past its
screens) and the dice drawn. Held here on the bundled fleets (one superhulk against
eight gunships, the home guard against the picket line both ways) and on map battles
of one sample against another under several captains; a map rule changed in the
reference alone must fail the comparison.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest

from shipyard.core.battle import BattleLineup, BattleResult
from shipyard.core.dice import duel_seed
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import BatchLineup, Lineup, battles_of, duels_of
from shipyard.rulesets.pentagon_war.rules.vector import MapFigures, pushed
from shipyard.services import warming
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.pinned import samples
from shipyard.services.registry import get_ruleset
from shipyard.services.samples import resolve_fleet

RULESET = get_ruleset("pentagon-war")
SEEDS = [duel_seed(34, k) for k in range(30)]
DEFAULT = ("default", "default")

Side = Sequence[tuple[Evaluation, str]]


@cache
def fleet(name: str) -> Side:
    report = judge(read_fleet(resolve_fleet(f"sample-fleet:{name}")))
    return tuple((ship.evaluation, ship.name) for ship in report.ships)


def alone(name: str) -> Side:
    """A fleet of one: the bundled sample design `name`."""
    return ((samples("pentagon-war")[name], name),)


def start() -> DuelScenario:
    return duels_of(RULESET).duel_defaults(RULESET.catalog())


def lineup(a: Side, b: Side, captains: tuple[str, str], engine: str | None) -> BattleLineup:
    return battles_of(RULESET).lineup(a, b, captains, start(), engine)


def differences(a: Side, b: Side, captains: tuple[str, str],
                seeds: Sequence[int]) -> list[tuple[int, BattleResult, BattleResult]]:
    """Every seed whose battle the engines fight differently (the fast one on 2 threads)."""
    reference = lineup(a, b, captains, "reference").fight_many(seeds)
    fast = lineup(a, b, captains, "fast").fight_many(seeds, workers=2)
    return [(seed, r, f) for seed, r, f in zip(seeds, reference, fast, strict=True) if r != f]


# -- the bundled fleets ----------------------------------------------------------------------
FLEETS = (("superhulk", "gunships"), ("home-guard", "picket-line"),
          ("picket-line", "home-guard"))


@pytest.mark.parametrize(("a", "b"), FLEETS, ids=[" v ".join(p) for p in FLEETS])
def test_the_fast_engine_fights_the_reference_battle_seed_for_seed(a: str, b: str) -> None:
    found = differences(fleet(a), fleet(b), DEFAULT, SEEDS)
    assert found == [], f"{len(found)} of {len(SEEDS)} battles differ; first {found[0]}"


# -- several samples: magnetic beams and directional screens among many ---------------------
def several(*names: str) -> Side:
    """A fleet of the bundled sample designs `names`, one ship each."""
    return tuple((samples("pentagon-war")[name], f"{name} {k + 1}")
                 for k, name in enumerate(names))


FIVE = ("hammer", "hammer", "mercurand", "sunspear", "lancer")  # 1974 points, two beamers


def test_beams_pushing_on_the_map_fight_the_same_battle_on_both_engines() -> None:
    """2.4: the Hammers' magnetic beams push and pull the superhulk and themselves."""
    found = differences(fleet("superhulk"), several(*FIVE), DEFAULT, SEEDS)
    assert found == [], f"{len(found)} of {len(SEEDS)} battles differ; first {found[0]}"


@pytest.mark.parametrize("captains", [DEFAULT, ("sniper", "sniper")], ids="/".join)
def test_directional_screens_against_many_fight_the_same_battle_on_both_engines(
        captains: tuple[str, str]) -> None:
    """R29: the Zelta Dee's directional screens, aimed once fire is announced, meet only
    fire along their line; attacked from several sides some hits pass unscreened."""
    found = differences(several("zelta-dee"), several("lancer", "sunspear", "mercurand",
                                                      "hammer", "stinger"), captains, SEEDS)
    assert found == [], f"{len(found)} of {len(SEEDS)} battles differ; first {found[0]}"


# -- one sample against another on the map ---------------------------------------------------
# A size class II pair, the invisible Shade, the carrier Hive against the base Ceres
# Station, and crash-accelerating brawlers, under every captain between them.
DUELS = (("sunspear", "mercurand", "default", "default"),
         ("lancer", "shade", "brawler", "sniper"),
         ("hive", "ceres-station", "carrier", "default"),
         ("hammer", "stinger", "sniper", "brawler"))


@pytest.mark.parametrize(("a", "b", "captain_a", "captain_b"), DUELS,
                         ids=[f"{a} v {b} {ca}/{cb}" for a, b, ca, cb in DUELS])
def test_one_sample_against_another_on_the_map_is_the_same_battle_on_both_engines(
        a: str, b: str, captain_a: str, captain_b: str) -> None:
    found = differences(alone(a), alone(b), (captain_a, captain_b), SEEDS)
    assert found == [], f"{len(found)} of {len(SEEDS)} battles differ; first {found[0]}"


def test_a_duel_on_the_map_is_the_same_duel_on_both_engines_and_fast_by_default() -> None:
    """`shipyard duel A B --geometry map`: the compiled engine unless asked otherwise."""
    duels = duels_of(RULESET)
    pair = (samples("pentagon-war")["sunspear"], samples("pentagon-war")["mercurand"])
    names = ("Sunspear", "Mercurand")

    def map_duel(engine: str | None) -> Lineup:
        return duels.lineup(pair[0], pair[1], names, DEFAULT, start(), engine, "map")

    fast, reference = map_duel(None), map_duel("reference")
    assert isinstance(fast, BatchLineup) and not isinstance(reference, BatchLineup)
    fought = fast.fight_many(SEEDS, 2)
    assert fought == [reference.fight(seed) for seed in SEEDS]
    assert {r.winner for r in fought} - {None} and all(r.draws > 0 for r in fought)


# -- the compiled engine as the default ------------------------------------------------------
def test_battles_fight_on_the_compiled_engine_by_default_and_tell_the_reference_battle() -> None:
    assert battles_of(RULESET).engines == ("fast", "reference")
    fast = lineup(fleet("home-guard"), fleet("picket-line"), DEFAULT, None)
    assert isinstance(fast, BatchLineup)
    reference = lineup(fleet("home-guard"), fleet("picket-line"), DEFAULT, "reference")
    told = fast.fight(SEEDS[0], log=True)  # told by the reference engine, the same battle
    assert told.log and told.log == reference.fight(SEEDS[0], log=True).log
    quiet = fast.fight(SEEDS[0])
    assert (quiet.winner, quiet.turns, quiet.fates, quiet.draws) == (
        told.winner, told.turns, told.fates, told.draws)


def test_the_worker_count_never_changes_a_battle() -> None:
    fast = lineup(fleet("home-guard"), fleet("picket-line"), DEFAULT, "fast")
    seeds = [duel_seed(8, k) for k in range(41)]
    assert fast.fight_many(seeds, workers=1) == fast.fight_many(seeds, workers=2)
    assert fast.fight_many(seeds[17:18]) == fast.fight_many(seeds, workers=2)[17:18]


def test_every_battle_ends_in_fates_a_player_can_check() -> None:
    results = lineup(fleet("home-guard"), fleet("picket-line"), DEFAULT, "fast").fight_many(
        [duel_seed(5, k) for k in range(200)], workers=2)
    sizes = (len(fleet("home-guard")), len(fleet("picket-line")))
    for result in results:
        assert [(f.side, f.index) for f in result.fates] == (
            [(0, k) for k in range(sizes[0])] + [(1, k) for k in range(sizes[1])])
        for fate in result.fates:
            assert (fate.cause == "") is fate.survived
            assert 0 <= fate.turn <= result.turns and fate.taken >= 0
        if result.winner is not None:  # the side left in the battle (R33: the other's
            # survivors, if any, disengaged)
            assert any(f.survived for f in result.side(result.winner))
        assert result.draws > 0
    assert 0 in {r.winner for r in results}  # battles are decided, not all drawn


def test_warming_builds_the_map_engine_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Probed afresh: a test's stand-in battles (tests/monkey.py) may have been probed.
    monkeypatch.setattr(warming, "_BATTLE_PROBES", {})
    probe = warming.battle_probe(RULESET)
    assert probe is not None and probe in warming.compiled_engines(RULESET)
    assert type(probe).__name__ == "FastMapFleets"
    warming.warm(RULESET)  # waits for a compile under way, or compiles
    assert probe.ready() and warming.state(RULESET) == "ready"


# -- a change to one engine only is caught ---------------------------------------------------
def reversed_ranking(crafts: Sequence[object], indices: Sequence[int]) -> list[int]:
    return list(reversed(indices))


def twice_the_thrust(m: MapFigures, va: int, vc: int, facing: int,
                     rate: int) -> tuple[int, int]:
    return pushed(m, va, vc, facing, 2 * rate)


@pytest.mark.parametrize(("name", "changed"), [("map_battle.ranked", reversed_ranking),
                                               ("helm.pushed", twice_the_thrust)],
                         ids=["targets ranked backwards", "thrust pushing twice as hard"])
def test_a_map_rule_changed_in_the_reference_alone_fails_the_equivalence(
        monkeypatch: pytest.MonkeyPatch, name: str, changed: object) -> None:
    seeds = SEEDS[:6]
    a, b = fleet("home-guard"), fleet("picket-line")
    assert differences(a, b, DEFAULT, seeds) == []
    monkeypatch.setattr(f"shipyard.rulesets.pentagon_war.engine.{name}", changed)
    assert differences(a, b, DEFAULT, seeds) != []
