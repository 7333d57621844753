"""Power, electronics and lock-on (rules 2.2, 2.8, 2.9, R17, R19, R22), as rule functions.

Capacitors recharge at the start of every turn and pay for what a craft does. At the
turn's start: radar invisibility (5 per size class), ECM and ECCM (1 a point, up to the
radar rating, twice it with special electronics; no ECM without control). Radar on, ECM
or ECCM void radar invisibility at once (its power lost, R22). In the lock-on phase a
craft with its radar on rolls one die and locks on at or under its effective rating (6
always, 0 never, R17), each point of ECCM short of the enemy's ECM counting its radar a
box lower (2.9); an invisible craft cannot be locked on to. Screen reinforcement costs
3 a point and lasts to the end of the turn, within double the undestroyed screens (R19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import rule

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures

LOCK_ROLL, LOCK_SURE, LOCK_NEVER = -1, 1, 0  # `lock_needs_roll`


@rule
def invisibility_powered(wanted: bool, able: bool, cost: int, power: int) -> bool:
    """2.2: radar invisibility at the turn's start, if the design has it and the
    capacitors hold its cost."""
    return wanted and able and 0 < cost <= power


@rule
def electronics_limit(f: Figures, radar_rating: int, special: bool) -> int:
    """2.2: ECM and ECCM up to the radar rating, twice it with special electronics."""
    return radar_rating * (f.special_factor if special else 1)


@rule
def electronics_points(wanted: int, limit: int, power: int, cost: int) -> int:
    """2.2: the ECM or ECCM points a craft gets: what it wants, within its limit and what
    its power pays."""
    return max(0, min(wanted, limit, power // cost))


@rule
def invisibility_void(radar_on: bool, ecm: int, eccm: int) -> bool:
    """R22: radar on, ECM or ECCM void radar invisibility."""
    return radar_on or ecm > 0 or eccm > 0


@rule
def radar_short(f: Figures, enemy_ecm: int, eccm: int) -> int:
    """2.9: radar boxes the craft's radar counts lower for the ECCM it lacks."""
    return max(0, enemy_ecm - eccm) * f.ecm_step


@rule
def lock_needs_roll(f: Figures, rating: int) -> int:
    """R17: LOCK_SURE for a rating that always locks on, LOCK_NEVER for one that never
    does, LOCK_ROLL when a die decides."""
    if rating >= f.lock_always:
        return LOCK_SURE
    if rating <= f.lock_never:
        return LOCK_NEVER
    return LOCK_ROLL


@rule
def locks(rating: int, roll: int) -> bool:
    """R17: one die at or under the effective rating."""
    return roll <= rating


@rule
def reinforcement_points(f: Figures, wanted: int, screens: int, reinforcement: int,
                         power: int) -> int:
    """R19: the screen points a craft buys: what it wants, within double its undestroyed
    screens (counting those bought this turn) and what its power pays, 3 a point."""
    limit = screens * f.reinforcement_limit - reinforcement
    return max(0, min(wanted, limit, power // f.reinforcement_cost))


@rule
def reinforcement_room(f: Figures, screens: int, reinforcement: int, power: int) -> int:
    """R19: the screen points a craft could still buy this turn (every use of power is
    announced, so the enemy can count it)."""
    room = max(0, screens * f.reinforcement_limit - reinforcement)
    return min(room, max(0, power) // f.reinforcement_cost)
