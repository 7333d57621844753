"""The impulse chart (R25, `rules/impulses.py`): the original's worked examples of
fractional velocities and of a column switched mid-turn, pinned as known answers worked by
hand, and the properties of the chart.

R25: move k of a column of v hexes a turn falls on impulse ceil(12 k / v); under the
optional rule for fractional velocities a component of w + n/d hexes a turn moves w + 1
times on n of every d turns, the last one first (floor(x t) - floor(x (t - 1))); a column
switched by acceleration moves on that impulse if either column does when speeding up,
only if both do when slowing down.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.map_movement import map_figures
from shipyard.rulesets.pentagon_war.rules.impulses import (
    chart_moves,
    column_after,
    column_at_start,
    component_step,
    impulse_steps,
    move_impulse,
    moves_made,
    moves_now,
    turn_column,
    whole_column,
)
from shipyard.rulesets.pentagon_war.rules.vector import (
    hex_distance,
    mirrored,
    mirrored_facing,
    pushed,
    rotated,
    speed,
)

COMBAT = load_combat()
M = map_figures(COMBAT.turn, COMBAT.movement)
U, N = M.unit, M.impulses
Thrust = tuple[int, int] | None  # (facing, rate) on one impulse, or none
QUARTER = M.standard  # a quarter hex a turn: one impulse of standard thrust


def hexes(value: Fraction | int) -> int:
    units = Fraction(value) * U
    assert units.denominator == 1
    return units.numerator


def moves_of(column: int) -> list[int]:
    return [i for i in range(1, N + 1) if chart_moves(column, i, N)]


def fly(a: int, c: int, va: int, vc: int, thrusts: Sequence[Thrust], turns: int = 1,
        first_turn: int = 1, fractional: bool = False) -> list[tuple[int, int]]:
    """The hex after every impulse of `turns` turns: rotation aside, acceleration then
    movement (2.1), `thrusts[k]` on the k-th impulse flown (0-based; none past its end)."""
    path = []
    k = 0
    for turn in range(first_turn, first_turn + turns):
        col_a = column_at_start(va, U, turn, fractional)
        col_c = column_at_start(vc, U, turn, fractional)
        for impulse in range(1, N + 1):
            thrust = thrusts[k] if k < len(thrusts) else None
            k += 1
            na, nc = pushed(M, va, vc, *thrust) if thrust else (va, vc)
            new_a = column_after(col_a, va, na, U, turn, fractional)
            new_c = column_after(col_c, vc, nc, U, turn, fractional)
            da, dc = impulse_steps(col_a, new_a, na, col_c, new_c, nc, impulse, N)
            a, c, va, vc, col_a, col_c = a + da, c + dc, na, nc, new_a, new_c
            path.append((a, c))
    return path


def moves_along_a(path: list[tuple[int, int]], start: int = 0) -> list[int]:
    """The impulses (1..12 of each turn, in a flat list) on which `a` changed."""
    before = [start] + [a for a, _ in path[:-1]]
    return [k % N + 1 for k, ((a, _), b) in enumerate(zip(path, before, strict=True)) if a != b]


# -- the chart ------------------------------------------------------------------------------
def test_the_chart() -> None:
    assert moves_of(0) == []
    assert moves_of(1) == [12]  # the last impulse served first
    assert moves_of(2) == [6, 12]
    assert moves_of(3) == [4, 8, 12]
    assert moves_of(4) == [3, 6, 9, 12]
    assert moves_of(5) == [3, 5, 8, 10, 12]  # ceil(12/5 = 2.4) = 3, ceil(4.8) = 5, ...
    assert moves_of(6) == [2, 4, 6, 8, 10, 12]
    assert moves_of(9) == [2, 3, 4, 6, 7, 8, 10, 11, 12]
    assert moves_of(10) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    assert moves_of(12) == list(range(1, 13))
    assert [move_impulse(5, k, N) for k in range(1, 6)] == moves_of(5)


def test_the_chart_printed_in_the_docs_is_the_chart() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "map-movement.md").read_text(
        encoding="utf-8")
    rows = [line.strip("|").split("|") for line in text.splitlines()
            if line.startswith("| ") and line.split("|")[1].strip().isdigit()]
    printed = {int(row[0]): [cell.strip() for cell in row[1:]] for row in rows}
    assert printed == {column: [str(moves_made(column, i, N)) if chart_moves(column, i, N)
                                else "" for i in range(1, N + 1)]
                       for column in range(1, 13)}


@pytest.mark.parametrize("column", range(13))
def test_each_column_moves_its_speed_once_an_impulse_at_most(column: int) -> None:
    assert len(moves_of(column)) == column == moves_made(column, N, N)
    assert [move_impulse(column, k, N) for k in range(1, column + 1)] == moves_of(column)
    assert (column == 0) or chart_moves(column, N, N)  # every column moves on impulse 12


# -- the column switches of the original's examples -------------------------------------------
def test_a_component_counting_4_that_reaches_5_on_impulse_6_makes_move_3_on_impulse_8() -> None:
    # A = 4 3/4 and a quarter more on impulse 6: column 4 (3, 6, ...) then column 5, whose
    # move 3 is on impulse 8 (ceil(36/5) = 8); on 6 itself column 4 moves and 5 does not,
    # so the craft moves (speeding up). Moves: 3, 6 | 8, 10, 12: five, at its new speed.
    thrusts: list[Thrust] = [None] * 5 + [(0, QUARTER)]  # facing A
    path = fly(0, 0, hexes(Fraction(19, 4)), 0, thrusts)
    assert moves_along_a(path) == [3, 6, 8, 10, 12]
    assert move_impulse(5, 3, N) == 8


def test_speeding_up_on_an_impulse_only_the_old_column_moves_on_still_moves() -> None:
    # Special case 1: A from -5 3/4 to -6 on impulse 3. Column 5 has its move 1 on 3,
    # column 6 has none on 3 (its move 1 was on 2): the craft moves along D on 3 anyway.
    assert chart_moves(5, 3, N) and not chart_moves(6, 3, N)
    assert moves_now(5, 6, 3, N)
    assert component_step(5, 6, -hexes(6), 3, N) == -1
    # A whole turn, a quarter along D (standard thrust) on impulse 3 only: moves on 3 (the
    # old column's), then column 6's 4, 6, 8, 10, 12: six hexes along D, its new speed.
    path = fly(0, 0, -hexes(Fraction(23, 4)), 0, [None, None, (3, QUARTER)])
    assert moves_along_a(path) == [3, 4, 6, 8, 10, 12]
    assert path[-1] == (-6, 0)


def test_speeding_up_where_both_columns_move_is_one_move() -> None:
    # C from 9 to 10 on impulse 11: both columns move on 11 (column 9's move 8, column
    # 10's move 9), so it moves once, never twice for the "missed" move 8 of column 10.
    assert chart_moves(9, 11, N) and chart_moves(10, 11, N)
    assert component_step(9, 10, hexes(10), 11, N) == 1
    # column 9 moves 2, 3, 4, 6, 7, 8, 10 (seven by impulse 10), then 11 and 12: nine.
    thrusts: list[Thrust] = [None] * 10 + [(2, QUARTER)]  # facing C
    path = fly(0, 0, 0, hexes(Fraction(39, 4)), thrusts)
    assert [k + 1 for k in range(N) if path[k][1] != (path[k - 1][1] if k else 0)] == \
        [2, 3, 4, 6, 7, 8, 10, 11, 12]
    assert path[-1] == (0, 9)


def test_slowing_down_on_an_impulse_only_the_new_column_moves_on_does_not_move() -> None:
    # Special case 2, the mirror of case 1: A from 6 to 5 3/4 on impulse 3. Column 6 has
    # no move on 3, column 5 has its move 1 there: the craft does not move.
    assert not moves_now(6, 5, 3, N)
    assert component_step(6, 5, hexes(Fraction(23, 4)), 3, N) == 0
    # moves: 2 (column 6's move 1), none on 3, then column 5's 5, 8, 10, 12: five, its new
    # speed (a quarter along D on impulse 3 only).
    path = fly(0, 0, hexes(6), 0, [None, None, (3, QUARTER)])
    assert moves_along_a(path) == [2, 5, 8, 10, 12]
    assert path[-1] == (5, 0)
    # slowing where both columns move is one move: 10 to 9 on impulse 11
    assert moves_now(10, 9, 11, N)


# -- fractional velocities (the optional rule) ------------------------------------------------
def test_a_component_of_minus_3_and_a_half_moves_4_on_even_turns() -> None:
    x = -hexes(Fraction(7, 2))
    assert [turn_column(x, U, t) for t in range(1, 9)] == [3, 4, 3, 4, 3, 4, 3, 4]
    path = fly(0, 0, x, 0, [], turns=4, fractional=True)
    assert [path[N * t - 1][0] for t in range(1, 5)] == [-3, -7, -10, -14]  # along D


def test_a_component_of_5_and_three_quarters_misses_its_extra_move_on_turns_1_5_9() -> None:
    x = hexes(Fraction(23, 4))
    extra = [t for t in range(1, 13) if turn_column(x, U, t) == 6]
    assert extra == [2, 3, 4, 6, 7, 8, 10, 11, 12]
    assert all(turn_column(x, U, t) == 5 for t in (1, 5, 9))


def test_a_component_of_minus_a_quarter_moves_on_every_fourth_turn() -> None:
    x = -hexes(Fraction(1, 4))
    assert [t for t in range(1, 17) if turn_column(x, U, t)] == [4, 8, 12, 16]
    path = fly(0, 0, x, 0, [], turns=8, fractional=True)
    assert moves_along_a(path) == [12, 12]  # on impulse 12 of turns 4 and 8
    assert path[-1] == (-2, 0)
    assert fly(0, 0, x, 0, [], turns=8)[-1] == (0, 0)  # round down: it never moves


def test_a_fraction_of_5_27ths_spreads_its_turns_the_last_first() -> None:
    # 1 and 5/27 in 27ths of a hex (velocities in play are whole units of 1/100,800,
    # which 27ths are not: the rule reads any unit alike)
    x = 32
    extra = [t for t in range(1, 28) if turn_column(x, 27, t) == 2]
    assert extra == [6, 11, 17, 22, 27]  # 5 of 27, gaps 6 5 6 5 5, turn 27 among them
    assert [t for t in range(28, 55) if turn_column(x, 27, t) == 2] == \
        [t + 27 for t in extra]
    assert all(turn_column(-x, 27, t) == turn_column(x, 27, t) for t in range(1, 55))


def test_an_acceleration_never_costs_this_turns_extra_move() -> None:
    # 5 2/3 earns its extra move on turn 5 (floor(5 x 2/3) - floor(4 x 2/3) = 1), 5 3/4
    # does not (turns 1, 5, 9 are its slow ones). Speeding up from one to the other on
    # turn 5 keeps column 6; slowing down the other way keeps column 5.
    slow, fast = hexes(Fraction(17, 3)), hexes(Fraction(23, 4))
    assert turn_column(slow, U, 5) == 6 and turn_column(fast, U, 5) == 5
    assert column_after(6, slow, fast, U, 5, True) == 6
    assert column_after(5, fast, slow, U, 5, True) == 5
    # without the fractional rule both count 5
    assert column_at_start(slow, U, 5, False) == column_at_start(fast, U, 5, False) == 5


# -- properties ---------------------------------------------------------------------------------
components = st.integers(-12 * U, 12 * U)
thrust_lists = st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 5), st.integers(0, U // 2))),
                        max_size=24)


@given(st.integers(-12, 12), st.integers(-12, 12), st.integers(1, 40))
def test_a_whole_turn_moves_the_components_and_the_speed(col_a: int, col_c: int,
                                                          turn: int) -> None:
    va, vc = hexes(col_a), hexes(col_c)
    assume(speed(va, vc) <= M.top)
    path = fly(3, -2, va, vc, [], first_turn=turn)
    assert path[-1] == (3 + col_a, -2 + col_c)
    assert hex_distance(col_a, col_c) * U == speed(va, vc)  # hexes made good = speed
    # six 60-degree turns: only the turn's end is the same (R25, docs/map-movement.md)
    for sixths in range(6):
        ra, rc = rotated(va, vc, sixths)
        end = fly(0, 0, ra, rc, [], first_turn=turn)[-1]
        assert end == rotated(col_a, col_c, sixths)


@given(st.integers(0, 12 * U), st.lists(st.integers(0, U // 2), min_size=12, max_size=12),
       st.integers(1, 30), st.booleans(), st.booleans(), st.booleans())
def test_a_component_speeding_up_or_slowing_down_moves_within_its_columns(
        start: int, changes: list[int], turn: int, fractional: bool, slowing: bool,
        negative: bool) -> None:
    # Any acceleration one way through a turn, up to the crash limit each impulse: the
    # moves of the turn are no fewer than the smallest column the component counted in
    # and no more than the largest, one an impulse at most.
    x = -start if negative else start
    column = column_at_start(x, U, turn, fractional)
    held, moves = [column], 0
    for impulse, change in enumerate(changes, start=1):
        size = max(0, min(M.top, abs(x) + (-change if slowing else change)))
        after = -size if negative else size
        new = column_after(column, x, after, U, turn, fractional)
        step = component_step(column, new, after, impulse, N)
        assert step in (-1, 0, 1) and step * after >= 0
        moves += abs(step)
        x, column = after, new
        held.append(column)
    assert held == sorted(held, reverse=slowing)
    assert min(held) <= moves <= max(held)


def test_switching_back_and_forth_follows_each_switch() -> None:
    # The special cases are read impulse by impulse, as written: a component at 10 that
    # slows to 9 on impulse 6 (both columns move there: it moves) and speeds up to 10
    # again on impulse 7 (only column 9 moves there: it moves) makes 11 moves that turn.
    x, moves = hexes(10), []
    for impulse, change in enumerate([0] * 5 + [-1, 1] + [0] * 5, start=1):
        column = whole_column(x, U)
        x += change
        if component_step(column, whole_column(x, U), x, impulse, N):
            moves.append(impulse)
    assert moves == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]


@given(components, components, thrust_lists, st.integers(1, 30), st.booleans())
def test_one_step_an_impulse_along_each_axis(va: int, vc: int, thrusts: list[Thrust],
                                             turn: int, fractional: bool) -> None:
    path = fly(0, 0, va, vc, thrusts, turns=2, first_turn=turn, fractional=fractional)
    before = [(0, 0), *path[:-1]]
    assert all(abs(a - pa) <= 1 and abs(c - pc) <= 1
               for (a, c), (pa, pc) in zip(path, before, strict=True))


@given(components, components, thrust_lists, st.integers(1, 30), st.booleans(),
       st.integers(-20, 20), st.integers(-20, 20))
def test_turning_the_map_half_round_or_mirroring_it_moves_every_impulse_alike(
        va: int, vc: int, thrusts: list[Thrust], turn: int, fractional: bool,
        a: int, c: int) -> None:
    # The components' own symmetries: a half turn (A <-> D, C <-> F) and the mirror in
    # the B-E line (A <-> C) map each component's axis onto one, so every impulse's
    # step maps too. Speeds above 12 are cut alike.
    path = fly(a, c, va, vc, thrusts, turns=2, first_turn=turn, fractional=fractional)
    half = [None if t is None else ((t[0] + 3) % 6, t[1]) for t in thrusts]
    assert fly(-a, -c, -va, -vc, half, 2, turn, fractional) == [(-x, -y) for x, y in path]
    mirror = [None if t is None else (mirrored_facing(t[0]), t[1]) for t in thrusts]
    assert fly(*mirrored(a, c), *mirrored(va, vc), mirror, 2, turn, fractional) == \
        [mirrored(x, y) for x, y in path]


def test_a_sixth_turn_of_the_map_changes_the_path_within_a_turn() -> None:
    # Components 3 and 2 (speed 3): A on 4, 8, 12 and C on 6, 12, a zigzag through
    # (1, 0), (1, 1), (2, 1), (3, 2). Turned 60 degrees clockwise the velocity is (1, 3):
    # C on 4, 8 and both on 12, through (0, 1), (0, 2), (1, 3). Both end at (1, 3) after
    # the turn, but not on the same hexes between: the chart is the components', not the
    # map's, so only the half turn and the mirror keep every impulse (see above).
    path = fly(0, 0, hexes(3), hexes(2), [])
    turned = fly(0, 0, *rotated(hexes(3), hexes(2), 1), [])
    assert [path[i - 1] for i in (4, 6, 8, 12)] == [(1, 0), (1, 1), (2, 1), (3, 2)]
    assert [turned[i - 1] for i in (4, 8, 12)] == [(0, 1), (0, 2), (1, 3)]
    assert rotated(*path[-1], 1) == turned[-1] == (1, 3)
    assert rotated(*path[3], 1) == (1, 1) != turned[3] == (0, 1)  # impulse 4
