"""Known answers for the rules several craft bring to The Pentagon War's hex map
(`rules/explosions.py`, `rules/electronics.py`, `rules/screens.py`), worked out by hand
from docs/rules.md (2.4, 2.7, 2.9, R14, R17, R27-R29) and the original advanced rules
they condense, with scripted dice where a roll decides, and the properties the map must
keep: turning or mirroring a whole layout (`vector.rotated`, `vector.mirrored`) changes
no answer.

Hexes are axial `(a, c)` along the map's A and C directions (docs/map-movement.md).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.dice import ScriptedDice, roll
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.rules import damage, fire, power
from shipyard.rulesets.pentagon_war.rules.electronics import (
    jammed_rating,
    side_figure,
    side_radar_short,
)
from shipyard.rulesets.pentagon_war.rules.explosions import (
    BLAST_DESTROYED,
    BLAST_ROLL,
    BLAST_SURVIVED,
    blast_points,
    blast_reach,
    blast_struck,
    blast_survival,
    blast_survives,
)
from shipyard.rulesets.pentagon_war.rules.figures import PROTON
from shipyard.rulesets.pentagon_war.rules.screens import (
    UNAIMED,
    colinear,
    on_line,
    screen_aim,
    screen_covers,
)
from shipyard.rulesets.pentagon_war.rules.vector import hexes_apart, mirrored, rotated
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

COMBAT = load_combat()
F, CHARTS = COMBAT.figures, COMBAT.charts
RATES = catalog_charts(evaluate(read_design(resolve("sample:lancer"))).catalog)[1]
BLAST_DICE = 2  # R27, the original's missile rules: a size class 0 object rolls two dice to survive

hexes = st.integers(-9, 9)
layouts = st.lists(st.tuples(hexes, hexes), min_size=1, max_size=5)
turns = st.integers(0, 5)


def turned(hex_: tuple[int, int], sixths: int, mirror: bool) -> tuple[int, int]:
    """A hex turned clockwise by `sixths` x 60 degrees, then mirrored when asked."""
    a, c = rotated(hex_[0], hex_[1], sixths)
    return mirrored(a, c) if mirror else (a, c)


# -- explosions on the map (2.7, R27) --------------------------------------------------------
def test_an_explosion_strikes_every_craft_in_reach_8_less_a_hex() -> None:
    # 2.7: 3 engines x 2 + 2 full fuel tanks + 2 charged capacitors + 4 screens + a
    # suicide bomb 10 = 24, full strength in its own hex and 8 less for each hex away
    # until nothing is left: 24 in its hex, 16 one hex off, 8 two hexes off, none at 3.
    strength = damage.explosion_strength(RATES, 3, 2, 2, 0, 4, 0, 0, 1)
    assert strength == 24.0
    assert blast_reach(RATES, strength) == 2
    # It goes off in (2, 1). Around it: a friend in the same hex; a craft at (3, 1),
    # one step along A; one at (1, -1), displaced (-1, -2): both parts negative, 2
    # hexes; a drone at (2, 3), two steps along C; a missile at (0, 2), displaced
    # (-2, 1): signs differ, 2 + 1 = 3 hexes; a craft at (5, 4), (3, 3): 3 hexes.
    hex_a = [2, 3, 1, 2, 0, 5]
    hex_c = [1, 1, -1, 3, 2, 4]
    points = [99] * 6
    assert blast_struck(RATES, strength, 2, 1, hex_a, hex_c, 6, points) == 4
    assert points == [24, 16, 8, 8, 0, 0]


def test_a_weaker_blast_loses_its_fraction_and_a_stronger_reaches_farther() -> None:
    # 2.7: a secondary weapon box adds 1/2: 2 engines x 2 + 1 tank + 3 charged capacitors
    # + 1 beam + 2 screens + 3 gun boxes + 5 x 1/2 + 10 = 26.5. Three hexes off, 26.5 -
    # 24 = 2.5 strikes for 2 (whole points, as on the range track); four hexes off, none.
    strength = damage.explosion_strength(RATES, 2, 1, 3, 1, 2, 3, 5, 1)
    assert blast_reach(RATES, strength) == 3
    assert blast_points(RATES, strength, 0, 0, 3, 0) == 2
    assert blast_points(RATES, strength, 0, 0, 4, 0) == 0
    assert blast_points(RATES, strength, 0, 0, -1, 2) == 2  # 1 + 2: three hexes too
    # a wreck with nothing left strikes nothing, not even its own hex
    assert blast_reach(RATES, 0.0) == -1
    assert blast_points(RATES, 0.0, 0, 0, 0, 0) == 0


def test_a_drone_in_reach_rolls_more_than_the_points_to_survive() -> None:
    # R27 (the original's missile rules): a size class 0 object in reach survives when
    # two dice roll more than the strength that reaches its hex. The drone above, 2
    # hexes from a strength 24 blast, takes 8: 4 + 5 = 9 beats it; 3 + 5 = 8 does not.
    points = blast_points(RATES, 24.0, 2, 1, 2, 3)
    assert points == 8
    assert blast_survival(points, BLAST_DICE) == BLAST_ROLL
    dice = ScriptedDice([4, 5, 3, 5])
    assert blast_survives(points, roll(dice, BLAST_DICE))
    assert not blast_survives(points, roll(dice, BLAST_DICE))
    assert dice.used == 4


def test_no_dice_when_the_blast_cannot_or_must_destroy() -> None:
    # R27: two dice roll 2 to 12, so 1 point is always beaten and 12 never is: no roll.
    assert blast_survival(1, BLAST_DICE) == BLAST_SURVIVED
    assert blast_survival(0, BLAST_DICE) == BLAST_SURVIVED
    assert blast_survival(2, BLAST_DICE) == BLAST_ROLL
    assert blast_survival(11, BLAST_DICE) == BLAST_ROLL
    assert blast_survival(12, BLAST_DICE) == BLAST_DESTROYED
    assert blast_survival(24, BLAST_DICE) == BLAST_DESTROYED
    # a missile shot down explodes for half its warhead, 12 / 2 = 6 (2.6): a drone in its
    # hex needs 7 or more
    assert blast_points(RATES, 6.0, 0, 0, 0, 0) == 6
    assert blast_survives(6, 7) and not blast_survives(6, 6)


@given(st.tuples(hexes, hexes), layouts, st.floats(0.0, 60.0), turns, st.booleans())
def test_a_turned_or_mirrored_layout_takes_the_same_blast(
        centre: tuple[int, int], layout: list[tuple[int, int]], strength: float, sixths: int,
        mirror: bool) -> None:
    count = len(layout)
    before = [0] * count
    after = [0] * count
    blast_struck(RATES, strength, centre[0], centre[1], [h[0] for h in layout],
                 [h[1] for h in layout], count, before)
    moved = [turned(h, sixths, mirror) for h in layout]
    ea, ec = turned(centre, sixths, mirror)
    blast_struck(RATES, strength, ea, ec, [h[0] for h in moved], [h[1] for h in moved],
                 count, after)
    assert before == after
    reach = blast_reach(RATES, strength)  # struck exactly within the reach
    assert all((p > 0) == (hexes_apart(*centre, *h) <= reach)
               for p, h in zip(before, layout, strict=True))


# -- ECM and ECCM averaged over each side (2.9, R17, R28) -------------------------------------
def test_a_sides_electronics_are_the_average_rounded_down() -> None:
    # The original's advanced rules: each side's ECM and ECCM average over all its
    # spacecraft; R28: rounded down. ECM 4, 3 and 0: 7 / 3 = 2 1/3, so 2. ECCM 1 and 0: 1 / 2, so 0.
    assert side_figure([4, 3, 0], 3) == 2
    assert side_figure([1, 0], 2) == 0
    assert side_figure([5], 1) == 5
    assert side_figure([], 0) == 0  # a side with no spacecraft left jams nothing


def test_side_ecm_spoils_a_lock_on_and_a_failed_lock_on_lengthens_the_shot() -> None:
    # Blue powers ECM 4, 3, 0 (side figure 2); Red ECCM 1, 0 (side figure 0): Red's radar
    # counts 2 - 0 = 2 boxes lower (2.9). A Red craft with radar track 5, 4, 3, 0 rolls
    # against the box two down, 3 (R17); its die, 4, fails. (Alone against the craft with
    # ECM 4, its ECCM 1 would have been 3 short: the 0 box, never a lock.)
    short = side_radar_short(F, [4, 3, 0], 3, [1, 0], 2)
    assert short == 2
    radar = [5, 4, 3, 0]
    rating = jammed_rating(radar, 4, short)
    assert rating == 3
    assert jammed_rating(radar, 4, power.radar_short(F, 4, 1)) == 0
    assert jammed_rating(radar, 4, 9) == 0  # never below the 0 box
    assert power.lock_needs_roll(F, rating) == power.LOCK_ROLL
    dice = ScriptedDice([4, 3, 4])
    locked = power.locks(rating, dice.d6())
    assert not locked
    # 2.4: without a lock its firing range counts double. A proton cannon at a size class
    # II target 4 hexes off: 2d6 = 3 + 4 = 7, + 2 - 3 (URM at 4) = 6 would hit for 6; at
    # the doubled 8 hexes the URM is -4: 7 + 2 - 4 = 5 misses (it hits on 6+).
    hexes_ = fire.firing_range(F, 4, locked)
    assert hexes_ == 8
    raw = roll(dice, 2)
    assert raw == 7
    modified = fire.modified_roll(F, CHARTS.by_range, raw, hexes_, 2, 0)
    assert modified == 5
    assert fire.judge(F, CHARTS.steps, CHARTS.by_range, CHARTS.kinds, PROTON, hexes_, 2,
                      modified) == (False, 0, False)
    locked_roll = fire.modified_roll(F, CHARTS.by_range, raw, 4, 2, 0)
    assert fire.judge(F, CHARTS.steps, CHARTS.by_range, CHARTS.kinds, PROTON, 4, 2,
                      locked_roll) == (True, 6, True)


@given(st.lists(st.integers(0, 12), min_size=1, max_size=8).flatmap(
    lambda values: st.tuples(st.just(values), st.permutations(values))))
def test_a_side_figure_ignores_the_order_of_its_craft(
        sides: tuple[list[int], list[int]]) -> None:
    values, shuffled = sides
    figure = side_figure(values, len(values))
    assert figure == side_figure(shuffled, len(values))
    assert min(values) <= figure <= max(values)
    assert side_figure([figure] * len(values), len(values)) == figure


# -- directional screens against one craft or a colinear group (R14, R29) ---------------------
def test_a_line_along_a_hexside_passes_through_both_hexes() -> None:
    # R29: from (0, 0) to (2, 1) the line leaves the origin's hex at a corner and runs
    # along the side (1, 0) and (1, 1) share: both are on it; (0, 1) is not.
    assert on_line(0, 0, 2, 1, 1, 0) and on_line(0, 0, 2, 1, 1, 1)
    assert not on_line(0, 0, 2, 1, 0, 1) and not on_line(0, 0, 2, 1, 2, 0)
    # To (3, 1) it crosses (1, 0) and (2, 1) through their insides.
    assert on_line(0, 0, 3, 1, 1, 0) and on_line(0, 0, 3, 1, 2, 1)
    assert not on_line(0, 0, 3, 1, 1, 1) and not on_line(0, 0, 3, 1, 2, 0)


def test_a_line_that_only_touches_a_corner_does_not_pass_through() -> None:
    # R29: from (0, 0) to (5, 4) the line runs through (1, 1), (2, 2), (3, 2), (4, 3);
    # a third of the way it meets the corner where (1, 1), (2, 2) and (2, 1) meet, and
    # two thirds of the way the corner of (3, 2), (4, 3) and (3, 3): (2, 1) and (3, 3) are
    # only touched there.
    line = {(a, c) for a in range(-1, 7) for c in range(-1, 7) if on_line(0, 0, 5, 4, a, c)}
    assert line == {(0, 0), (1, 1), (2, 2), (3, 2), (4, 3), (5, 4)}
    # the line ends at the two centres: (-1, -1) lies on the straight line through
    # them but behind the defender, and (3, 0) beyond the far end of the line to (2, 0)
    assert not on_line(0, 0, 5, 4, -1, -1) and not on_line(0, 0, 2, 0, 3, 0)


def test_directional_screens_stop_each_weapon_of_a_colinear_group() -> None:
    # R14 and the original's advanced rules: a defender in (0, 0) with 8 directional
    # screens and no armor left on the struck sides. X at (1, 0) fires three electron
    # cannons at range 1 (5 each); Y at (2, 0) a proton cannon at range 2 (7); Z at
    # (0, -2) a proton cannon (7).
    # The line to Y, the farther, passes through X's hex: X and Y are colinear and the
    # screen aimed along Y's path counts against all four of their weapons; Z is off the
    # line, so its cannon meets no screen.
    assert screen_aim(0, 0, [1, 2], [0, 0], 2) == 1  # aimed along Y's path
    assert screen_aim(0, 0, [1, 2, 0], [0, 0, -2], 3) == UNAIMED  # no line holds all three
    fire_from = [((1, 0), 5), ((1, 0), 5), ((1, 0), 5), ((2, 0), 7), ((0, -2), 7)]
    inside = 0
    screens_left = 8
    for (ha, hc), points in fire_from:
        screened = screen_covers(0, 0, 2, 0, ha, hc)
        stopped, _, _, through = damage.strike(F, points, screened, screens_left, 0)
        screens_left -= damage.screens_spent(True, stopped)  # R14: nothing is used up
        inside += through
    assert screens_left == 8
    assert inside == 7  # only Z's proton cannon gets through


def test_a_group_on_one_line_can_be_faced_at_once() -> None:
    # The defender in (1, 1); attackers at (3, 2), (2, 1) and (2, 2): the line to (3, 2)
    # runs along the side (2, 1) and (2, 2) share (R29), so all three are colinear.
    assert screen_aim(1, 1, [2, 3, 2], [2, 2, 1], 3) == 1
    assert colinear(1, 1, 2, 1, 3, 2) and colinear(1, 1, 3, 2, 2, 2)
    # but (2, 1) and (2, 2), equally near, are not colinear with each other: neither
    # line passes through the other's hex
    assert not colinear(1, 1, 2, 1, 2, 2)
    assert screen_aim(1, 1, [2, 2], [1, 2], 2) == UNAIMED
    # one attacker is always faced; two in one hex are always one group; none, never
    assert screen_aim(1, 1, [7], [-3], 1) == 0
    assert screen_aim(1, 1, [4, 4], [0, 0], 2) == 0
    assert screen_aim(1, 1, [], [], 0) == UNAIMED


@given(st.tuples(hexes, hexes), layouts, turns, st.booleans())
def test_a_turned_or_mirrored_layout_gets_the_same_screen(
        defender: tuple[int, int], layout: list[tuple[int, int]], sixths: int,
        mirror: bool) -> None:
    count = len(layout)
    aim = screen_aim(defender[0], defender[1], [h[0] for h in layout], [h[1] for h in layout],
                     count)
    moved = [turned(h, sixths, mirror) for h in layout]
    ta, tc = turned(defender, sixths, mirror)
    assert aim == screen_aim(ta, tc, [h[0] for h in moved], [h[1] for h in moved], count)
    x, y = layout[0], layout[-1]
    mx, my = moved[0], moved[-1]
    assert colinear(*defender, *x, *y) == colinear(ta, tc, *mx, *my) == colinear(
        *defender, *y, *x)
    if aim != UNAIMED:  # the faced line covers every attacker
        far = layout[aim]
        assert all(screen_covers(*defender, *far, *h) for h in layout)


@given(st.tuples(hexes, hexes), st.tuples(hexes, hexes), st.tuples(hexes, hexes))
def test_a_line_is_the_same_line_either_way(t: tuple[int, int], f: tuple[int, int],
                                             h: tuple[int, int]) -> None:
    assert on_line(*t, *f, *h) == on_line(*f, *t, *h)
