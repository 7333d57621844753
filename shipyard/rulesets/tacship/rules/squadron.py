"""Several fighters on one map (rules 4: initiative and the slot), as rule functions.

Initiative: every fighter rolls the initiative die, side A's fighters in fleet order,
then side B's, and duplicated numbers are rolled again so that the order is clear. With no
more fighters than the die has faces, every fighter whose number another shares rolls
again (a new number), all of them in that order, until no two share one (ruling TB1).
With more fighters than faces no sequence of distinct numbers exists: the numbers
stand, and fighters sharing one roll the die again for a tie-break, read as further
digits after the first, until no two share both (ruling TB1). Higher moves first.

The slot: a fighter directly behind an enemy, in line with it, 12 hexes or less, moves
after it whatever the initiative. With several fighters the order is the initiative
order with every such tail held back until each enemy it tails has moved; a chain
(A behind B behind C) moves C, B, A; a tail of two leads waits for both (ruling TB2).
A slot needs the same heading strictly astern, so no two fighters tail each other.

`follows` is a square table flattened: `follows[i * count + j]` is 1 when fighter i
sits in the slot behind enemy j.
"""

from __future__ import annotations

from shipyard.core.rules import Cells, rule


@rule
def tied(count: int, initiative: Cells, tiebreak: Cells, k: int) -> bool:
    """Does fighter `k` share its initiative (and tie-break) with another fighter?"""
    for j in range(count):
        if j != k and initiative[j] == initiative[k] and tiebreak[j] == tiebreak[k]:
            return True
    return False


@rule
def any_tied(count: int, initiative: Cells, tiebreak: Cells) -> bool:
    for k in range(count):  # noqa: SIM110 - a loop the kernel compiles
        if tied(count, initiative, tiebreak, k):
            return True
    return False


@rule
def rerolled(count: int, faces: int, initiative: int, tiebreak: int,
             roll: int) -> tuple[int, int]:
    """A tied fighter's (initiative, tie-break) after rolling again (ruling TB1): a new
    number while the die has a face for every fighter, else one more tie-break digit."""
    if count <= faces:
        return roll, tiebreak
    return initiative, tiebreak * faces + roll


@rule
def moves_before(initiative: Cells, tiebreak: Cells, i: int, j: int) -> bool:
    """Does fighter `i` move before fighter `j` by initiative alone (higher first)?
    Equal numbers (only when ties are not rolled again) go in fleet order."""
    if initiative[i] != initiative[j]:
        return bool(initiative[i] > initiative[j])
    if tiebreak[i] != tiebreak[j]:
        return bool(tiebreak[i] > tiebreak[j])
    return i < j


@rule
def placed(order: Cells, n: int, k: int) -> bool:
    for m in range(n):  # noqa: SIM110 - a loop the kernel compiles
        if order[m] == k:
            return True
    return False


@rule
def move_order(count: int, alive: Cells, initiative: Cells, tiebreak: Cells,
               follows: Cells, order: Cells) -> int:
    """The turn's order of movement into `order` (ruling TB2); how many move.

    Each next mover is the fighter first by initiative among those not still waiting
    for an enemy they tail to move."""
    n = 0
    while True:
        best = -1
        for i in range(count):
            if alive[i] == 0 or placed(order, n, i):
                continue
            waits = False
            for j in range(count):
                if follows[i * count + j] != 0 and alive[j] != 0 and not placed(order, n, j):
                    waits = True
                    break
            if not waits and (best < 0 or moves_before(initiative, tiebreak, i, best)):
                best = i
        if best < 0:
            return n
        order[n] = best
        n += 1


@rule
def abreast(k: int, q: int, r: int, turn: int) -> tuple[int, int]:
    """The start hex of a side's fighter `k` (ruling TB3): line abreast through (q, r),
    square to heading 0, two hexes between neighbours, the first in the middle and the
    next ones to either side in turn; `turn` -1 gives side B's line, side A's turned
    half round."""
    out = (k + 1) // 2 * (1 if k % 2 == 1 else -1) * turn
    return q - out, r + 2 * out
