"""Pentagon War fleets on the hex map (`engine/map_battle.py`): known answers for the rules
several craft bring, worked by hand from docs/rules.md (2.7, R27, R32, R33), the fleet
captains' target allotment, and the properties a battle keeps."""

from __future__ import annotations

import json

import pytest

from shipyard.core.battle import SURVIVED
from shipyard.core.dice import CounterDice, Dice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine.damage import Hit, explosion_strength
from shipyard.rulesets.pentagon_war.engine.fleet_orders import assign, ranked, threat
from shipyard.rulesets.pentagon_war.engine.map_battle import MapBattle
from shipyard.rulesets.pentagon_war.engine.policy import Policy
from shipyard.rulesets.pentagon_war.engine.state import craft_from, total_boxes
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.rules.figures import EX_FALLOFF
from shipyard.rulesets.pentagon_war.rules.vector import A, D
from shipyard.services.battle import engage
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve
from tests.entry import shipyard

COMBAT = load_combat()


def battle(names: list[str], sides: list[int], dice: Dice | None = None,
           log: bool = False) -> MapBattle:
    """A battle of sample designs, each fleet in the order given."""
    evaluations = [evaluate(read_design(resolve(f"sample:{name}"))) for name in names]
    places = [sides[:k].count(side) for k, side in enumerate(sides)]
    crafts = [craft_from(e, f"{name} {k + 1}") for k, (e, name)
              in enumerate(zip(evaluations, names, strict=True))]
    return MapBattle(crafts, sides, places, [Policy() for _ in crafts], DuelScenario(),
                     COMBAT, evaluations[0].catalog, dice or CounterDice(1), log)


# -- 2.7, R27: a blast strikes every craft in reach, less 8 a hex, on the side facing it ----
def test_a_blast_strikes_every_craft_in_reach_on_the_side_facing_it() -> None:
    fight = battle(["lancer", "lancer", "lancer", "lancer"], [0, 0, 1, 1], log=True)
    fight.turn = fight.impulse = 1
    hexmap = fight.hexmap
    # The lancer blowing up at (0, 0); a friend one hex ahead of it facing A (the blast
    # astern of it: side 4), an enemy one hex along C facing D (the blast along F,
    # relative direction F - D + 1 = 3), another enemy two hexes away, out of reach.
    for i, (a, c, facing) in enumerate([(0, 0, A), (1, 0, A), (0, 1, D), (-2, 0, D)]):
        hexmap.a[i], hexmap.c[i], hexmap.facing[i] = a, c, facing
    blown = fight.crafts[0]
    strength = explosion_strength(blown, fight.rates)
    assert fight.rates[EX_FALLOFF] == 8  # R27: 8 points less a hex
    assert 8 < strength <= 16  # so a craft a hex away is in reach, one two hexes away not
    for craft in fight.crafts[1:]:
        craft.boxes["screen"] = 0  # nothing stops the blast: the log names the side struck
        craft.armor[3] = craft.armor[4] = 5
    blown.destroyed = True
    fight.explode(0, blown)
    lines = fight.lines or []
    assert any(f"lancer 2 takes {int(strength - 8)} (explosion)" in line
               and "armor side 4 takes 2" in line for line in lines), lines
    assert any(f"lancer 3 takes {int(strength - 8)} (explosion)" in line
               and "armor side 3 takes 2" in line for line in lines), lines
    assert not any("lancer 4 takes" in line for line in lines)
    assert fight.crafts[3].taken.total == 0
    assert fight.fell[0] == 1


# -- captains for a fleet ----------------------------------------------------------------------
def test_targets_are_allotted_so_none_is_overkilled_while_another_is_left_alone() -> None:
    need = {5: 10, 7: 30}
    load = {5: 0, 7: 0}
    # The first attacker takes the best target (5), and so does the second while the
    # threat on it (6) is short of its 10 boxes; the third goes to 7; once every target
    # has enough, the best again.
    assert [assign([5, 7], need, load, 6) for _ in range(3)] == [5, 5, 7]
    load = {5: 10, 7: 30}
    assert assign([5, 7], need, load, 6) == 5


def test_the_focus_is_the_most_threat_for_each_box_left() -> None:
    fight = battle(["stinger", "sunspear", "lancer"], [0, 1, 1])
    crafts = fight.crafts[1:]
    worth = [(threat(c) + 1) / total_boxes(c) for c in crafts]
    best = 1 if worth[0] >= worth[1] else 2
    assert ranked(crafts, [1, 2])[0] == best
    assert fight.target[0] == best  # the lone stinger fights the side's best target
    assert fight.target[1] == fight.target[2] == 0


# -- a whole battle ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fleets():  # type: ignore[no-untyped-def]
    fought = engage("sample-fleet:home-guard", "sample-fleet:picket-line")
    return fought.ruleset.battles.lineup(fought.a.ships, fought.b.ships, fought.policies,
                                         fought.scenario)


def test_a_seed_is_one_battle_told_the_same(fleets) -> None:  # type: ignore[no-untyped-def]
    first = fleets.fight(3, log=True)
    again = fleets.fight(3, log=True)
    assert first == again
    assert first.winner in (0, 1, None)
    assert len(first.fates) == 8  # 4 ships a side
    assert all((f.turn == SURVIVED) != bool(f.cause) for f in first.fates)
    assert first.log[0].startswith("turn 1: Queen's Hive at (0, 0) facing A, speed 3.00")


@pytest.mark.parametrize("seed", range(4))
def test_a_half_turned_layout_fights_the_same_battle(fleets, seed: int) -> None:  # type: ignore[no-untyped-def]
    base = fleets.battle(seed).fight()
    turned = fleets.battle(seed, layout=(3, False)).fight()
    assert (turned.winner, turned.turns, turned.fates, turned.draws) == (
        base.winner, base.turns, base.fates, base.draws)


# -- a duel on the map ------------------------------------------------------------------------
def test_a_map_duel_is_the_battle_of_one_against_one() -> None:
    fought = engage("sample-fleet:home-guard", "sample-fleet:picket-line")
    (sunspear, _), (lancer, _) = fought.a.ships[1], fought.b.ships[0]
    duels = fought.ruleset.duels
    duel = duels.lineup(sunspear, lancer, ("S", "L"), ("default", "default"), DuelScenario(),
                        None, "map")
    battle = fought.ruleset.battles.lineup([(sunspear, "S")], [(lancer, "L")],
                                           ("default", "default"), DuelScenario())
    for seed in range(3):
        told, fought_out = duel.fight(seed, log=True), battle.fight(seed, log=True)
        assert (told.winner, told.turns, told.cause, told.log, told.draws) == (
            fought_out.winner, fought_out.turns, fought_out.cause, fought_out.log,
            fought_out.draws)
        assert told.damage == (fought_out.fates[1].taken, fought_out.fates[0].taken)


def test_the_duel_command_takes_the_geometry() -> None:
    ran = shipyard("duel", "sample:sunspear", "sample:lancer", "--geometry", "map", "--runs",
                   "4", "--json")
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data["geometry"] == "map" and data["runs"] == 4
    plain = json.loads(shipyard("duel", "sample:sunspear", "sample:lancer", "--runs", "4",
                                "--json").stdout)
    assert "geometry" not in plain  # the track's output is as it was
    text = shipyard("duel", "sample:sunspear", "sample:lancer", "--geometry", "map", "--runs",
                    "4").stdout
    assert "4 duels on the map, seed 1" in text
    wrong = shipyard("duel", "sample:sunspear", "sample:lancer", "--geometry", "hex")
    assert (wrong.returncode, wrong.stdout) == (2, "")
    assert wrong.stderr == "shipyard: unknown geometry 'hex' (known: track, map)\n"
    fighters = shipyard("duel", "sample:harpy", "sample:valkyrie", "--geometry", "track")
    assert fighters.returncode == 2
    assert fighters.stderr == "shipyard: unknown geometry 'track' (known: map)\n"


# -- R33: a side losing four to one disengages by acceleration ---------------------------------
def test_a_side_losing_four_to_one_disengages_at_the_end_of_the_turn() -> None:
    fight = battle(["lancer", "lancer"], [0, 1])
    fight.turn = 1
    boxes = total_boxes(fight.crafts[0])
    fight.start_boxes = [4 * boxes, boxes]  # side 0 kept a quarter, side 1 all: 4 to 1
    fight.judge_running()
    assert fight.running == [True, False]
    fight.start_boxes = [4 * boxes - 1, boxes]  # a little less than a quarter lost: stays
    fight.running = [False, False]
    fight.judge_running()
    assert fight.running == [False, False]
    fight.running = [True, False]
    tanks = fight.crafts[0].boxes["fuel_tank"]
    assert tanks >= 1 and fight.crafts[0].needs_fuel
    fight.end_turn()
    assert fight.gone == [True, False]
    assert fight.crafts[0].boxes["fuel_tank"] == tanks - 1  # disengaging empties a tank
    assert fight.alive() == [1] and fight.over()


def test_a_running_craft_without_screens_stays_and_fights() -> None:
    fight = battle(["lancer", "lancer"], [0, 1])
    fight.turn = 1
    fight.running = [True, False]
    fight.crafts[0].boxes["screen"] = 0
    fight.end_turn()
    assert fight.gone == [False, False]


# -- the replay (issue 34 point 6) -------------------------------------------------------------
def test_the_replay_draws_every_impulse_with_vectors_arcs_and_blasts(fleets) -> None:  # type: ignore[no-untyped-def]
    from shipyard.core.battle import EXPLOSION
    from shipyard.render.replay_svg import replay_svg

    result = fleets.fight(1, log=True)
    replay = fleets.replay(1)
    assert len(replay.frames) >= 12 * (result.turns - 1)  # one frame an impulse
    assert replay.frames[0].caption == "Turn 1, impulse 1"
    crafts = [t for t in replay.frames[0].tokens if t.kind == "craft"]
    assert len(crafts) == 8 and all(t.vector is not None for t in crafts)
    shots = [shot for frame in replay.frames for shot in frame.shots]
    assert any(shot.arcs for shot in shots if shot.kind != EXPLOSION)
    blasts = [shot for shot in shots if shot.kind == EXPLOSION]
    destroyed = sum(1 for fate in result.fates if fate.cause)
    assert len({shot.words for shot in blasts}) == destroyed > 0  # one blast a wreck
    picture = replay_svg(replay)
    assert picture.count('class="frame"') == len(replay.frames)
    assert 'class="vector"' in picture and 'class="arcs"' in picture


# -- R14, R29: directional screens face one craft, or a colinear group -------------------------
def test_directional_screens_meet_only_fire_along_their_line() -> None:
    fight = battle(["zelta-dee", "lancer", "lancer", "lancer"], [0, 1, 1, 1])
    hexmap = fight.hexmap
    # The zelta-dee at (0, 0) aims its screens at lancer 2 at (5, 0); lancer 3 at (9, 0)
    # fires along the same line; lancer 4 at (0, 5) from off it.
    for i, (a, c) in enumerate([(0, 0), (5, 0), (9, 0), (0, 5)]):
        hexmap.a[i], hexmap.c[i] = a, c
    assert fight.crafts[0].directional_screens
    fight.aim[0] = 1
    for shooter, screened in ((1, True), (2, True), (3, False)):
        fight.partner[shooter] = 0
        fight.pending[fight.other(shooter)].append(Hit(3, "laser"))
        assert fight.pending[0][-1].screened is screened, shooter
    # Its aim once fire is announced: the line through every attacker when there is one.
    assert hexmap.screen_aim(0, [1, 2], [1, 1], 3) == 2  # the farther of two colinear
    assert hexmap.screen_aim(0, [1, 3], [1, 2], 1) == 3  # no line: the most fire
    assert hexmap.screen_aim(0, [], [], 3) == 3  # none announced: its target


def test_screens_all_round_meet_fire_from_anywhere() -> None:
    fight = battle(["lancer", "lancer", "lancer"], [0, 1, 1])
    hexmap = fight.hexmap
    for i, (a, c) in enumerate([(0, 0), (5, 0), (0, 5)]):
        hexmap.a[i], hexmap.c[i] = a, c
    fight.aim[0] = 1
    fight.partner[2] = 0
    fight.pending[fight.other(2)].append(Hit(3, "laser"))
    assert fight.pending[0][-1].screened


# -- 2.4: a magnetic beam on the map -------------------------------------------------------------
def test_a_beam_pushes_its_target_away_and_its_beamer_back_by_size_class() -> None:
    from shipyard.rulesets.pentagon_war.engine.helm import beam

    fight = battle(["hammer", "lancer"], [0, 1])  # size class II against size class I
    hexmap, m = fight.hexmap, fight.hexmap.m
    hexmap.a[:], hexmap.c[:] = [0, 2], [0, 0]  # the lancer two hexes along A
    hexmap.va[:], hexmap.vc[:] = [0, 0], [0, 0]
    rule = COMBAT.magnetic_beam
    assert (rule.engines, rule.engines_double) == (1, 2)
    # Repelling at single strength: one engine's worth, standard acceleration (a quarter
    # hex a turn an impulse, 2.3) for the size class I lancer along A, half that for the
    # size class II hammer along D.
    beam(hexmap, rule, 0, 1, False, False, fight.crafts, [False, False])
    assert (hexmap.va, hexmap.vc) == ([-m.unit // 8, m.unit // 4], [0, 0])
    # Pulling at double strength: two engines, standard for both, toward each other.
    hexmap.va[:] = [0, 0]
    beam(hexmap, rule, 0, 1, True, True, fight.crafts, [False, False])
    assert hexmap.va == [m.unit // 4, -m.unit // 4]
