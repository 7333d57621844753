"""The impulse chart: on which of a turn's impulses each velocity component moves (rules
2.1, 2.3, R25), as rule functions.

A component counts as a whole number of hexes a turn, its column of the chart: its size
rounded down (the basic rule), or, under the optional rule for fractional velocities,
one more on some turns (`turn_column`). A column of v hexes moves on v of the 12
impulses, as evenly spread as they go with the last impulse served first: move k on
impulse ceil(12 k / v), so that by the end of impulse i it has made floor(v i / 12)
moves (R25). Each move is one hex along the component's axis (A
or D, C or F, as its sign says); both components moving on one impulse make one step
along B or E, or two hexes when their signs differ.

Acceleration that takes a component into another column mid-turn switches the column on
that very impulse, before movement (`column_after`), and the switch never loses or
doubles a move (`moves_now`): a component speeding up moves on the impulse of the switch
when either column moves then, one slowing down only when both do.
"""

from __future__ import annotations

from shipyard.core.rules import rule


@rule
def moves_made(column: int, impulse: int, impulses: int) -> int:
    """R25: moves a component of `column` hexes a turn has made by the end of `impulse`
    (0 before the first)."""
    return column * impulse // impulses


@rule
def chart_moves(column: int, impulse: int, impulses: int) -> bool:
    """R25: whether the chart's `column` has a move on `impulse` (1 to `impulses`)."""
    return moves_made(column, impulse, impulses) > moves_made(column, impulse - 1, impulses)


@rule
def move_impulse(column: int, move: int, impulses: int) -> int:
    """R25: the impulse of move number `move` (1 to `column`) in the chart's `column`:
    impulses x move / column, rounded up."""
    return -(-impulses * move // column)


@rule
def whole_column(component: int, unit: int) -> int:
    """2.3, the basic rule: a component counts as its size in whole hexes, rounded down."""
    return abs(component) // unit


@rule
def turn_column(component: int, unit: int, turn: int) -> int:
    """R25, the optional rule for fractional velocities: the column of a component in turn
    `turn` (1, 2, ...): its whole hexes, and one more on the turns its fraction earns,
    spread as evenly as they go over each run of turns the size of the fraction's
    denominator, the last turn of a run served first. That is the hexes it has moved by
    the end of a turn, rounded down, less those by the end of the turn before."""
    size = abs(component)
    part = size % unit
    return size // unit + part * turn // unit - part * (turn - 1) // unit


@rule
def column_at_start(component: int, unit: int, turn: int, fractional: bool) -> int:
    """The column a component counts in as a turn begins (the velocity determination
    phase, 2.1)."""
    return turn_column(component, unit, turn) if fractional else whole_column(component, unit)


@rule
def column_after(column: int, before: int, after: int, unit: int, turn: int,
                 fractional: bool) -> int:
    """R25: the column of a component that acceleration changed from `before` to `after`
    this impulse, counting `column` until now: the column of its new size, except that
    speeding up never lowers it and slowing down never raises it within a turn (under the
    fractional rule a new fraction may earn or lose this turn's extra move the other way
    round)."""
    fresh = column_at_start(after, unit, turn, fractional)
    if abs(after) > abs(before):
        return fresh if fresh > column else column
    if abs(after) < abs(before):
        return fresh if fresh < column else column
    return column


@rule
def moves_now(before: int, after: int, impulse: int, impulses: int) -> bool:
    """R25: whether a component whose column went from `before` to `after` on `impulse`
    (the same number when it did not change) moves on it: as its column says, except that
    a column speeding up moves when the old one had a move here too, and one slowing down
    does not move when the old one had none here."""
    old = chart_moves(before, impulse, impulses)
    new = chart_moves(after, impulse, impulses)
    if after > before:
        return old or new
    if after < before:
        return old and new
    return new


@rule
def component_step(before: int, after: int, component: int, impulse: int,
                   impulses: int) -> int:
    """The step along its axis a component of columns `before` and `after` (as
    `moves_now`) makes on `impulse`: 1 with a positive component, -1 with a negative one,
    0 when it does not move."""
    if component == 0 or not moves_now(before, after, impulse, impulses):
        return 0
    return 1 if component > 0 else -1


@rule
def impulse_steps(a_before: int, a_after: int, va: int, c_before: int, c_after: int, vc: int,
                  impulse: int, impulses: int) -> tuple[int, int]:
    """The displacement `(a, c)` of one impulse's movement segment for components `va`,
    `vc` after this impulse's acceleration, whose columns went from `a_before` to
    `a_after` and `c_before` to `c_after`."""
    return (component_step(a_before, a_after, va, impulse, impulses),
            component_step(c_before, c_after, vc, impulse, impulses))


@rule
def body_move(col_a: int, col_c: int, before_a: int, before_c: int, va: int, vc: int,
              unit: int, turn: int, impulse: int, impulses: int) -> tuple[int, int, int, int]:
    """R25: one impulse's movement segment of a body (a craft, a drone) whose components
    went from `(before_a, before_c)` to `(va, vc)` with this impulse's acceleration,
    counting in columns `(col_a, col_c)` until now: its new columns and its displacement
    `(a, c)`."""
    new_a, new_c = col_a, col_c
    if va != before_a or vc != before_c:
        new_a = column_after(col_a, before_a, va, unit, turn, True)
        new_c = column_after(col_c, before_c, vc, unit, turn, True)
    da, dc = impulse_steps(col_a, new_a, va, col_c, new_c, vc, impulse, impulses)
    return new_a, new_c, da, dc
