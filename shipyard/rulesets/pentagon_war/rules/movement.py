"""Movement on the range track (rules 2.3, 2.8, 3, R20, R24), as rule functions.

Turns of 12 impulses; each impulse a craft may rotate (a base only one hexside, at least
4 impulses after its last turn; one hexside at most without control, while evading and
the impulse after a crash acceleration), then thrust along its facing: toward the enemy
with it dead ahead (direction 1), away with it astern (direction 4). Engines need fuel
unless the craft scoops it; even a ramscoop needs fuel to start from rest and to brake
with its engines, and may brake nose-first without, down to a stop (R20). Standard
acceleration scales with engines per size class, crash acceleration doubles it with
proportionally more engines (the rates are `engine.quick_reference.acceleration`, in
exact fractions); speed stays within the top speed. The range shrinks each impulse by
the two velocities' sum over the impulses of a turn, never below 0. Evasion is done with
the engines: a craft that cannot start moving cannot evade (R24).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import rule

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures

AHEAD, ASTERN = 1, 4  # the directions along the line of sight
ANY_FACING = 3  # hexsides a craft may turn at once when nothing limits it


@rule
def turned(direction: int, want: int, limit: int) -> int:
    """The direction a craft holding `direction` reaches turning toward `want` by at most
    `limit` hexsides (half way round: clockwise)."""
    steps = (want - direction) % 6
    if min(steps, 6 - steps) <= limit:
        return want
    turn = limit if steps <= 3 else -limit
    return (direction - 1 + turn) % 6 + 1


@rule
def rotation_limit(f: Figures, is_base: bool, since_turn: int, control: bool, evasive: bool,
                   crashed_last: bool) -> int:
    """Hexsides a craft may turn this impulse: any facing (2.3); a base one hexside, at
    least 4 impulses after its last turn (2.3); one without control (2.8), while evading
    and in the impulse after a crash acceleration (2.3)."""
    limit = ANY_FACING
    if is_base:
        limit = f.base_rotation_steps if since_turn >= f.base_rotation else 0
    if not control or evasive or crashed_last:
        limit = min(limit, f.rotation_steps)
    return limit


@rule
def scoop_braking(direction: int, thrust: int) -> bool:
    """Whether `thrust` facing `direction` is a ramscoop braking nose-first (R20)."""
    return (thrust == -1 and direction == AHEAD) or (thrust == 1 and direction == ASTERN)


@rule
def engines_pushing(is_base: bool, engines: int, fuel_tanks: int, needs_fuel: bool,
                    velocity: float, direction: int, thrust: int) -> int:
    """The engines that push a craft by `thrust` (+1 toward the enemy, -1 away) facing
    `direction`; 0 if none may (2.3: a base never moves; engines need fuel unless the
    craft scoops it; R20: a ramscoop needs fuel to start from rest and to brake with its
    engines, and brakes facing into its velocity without)."""
    if is_base or thrust == 0 or engines <= 0:
        return 0
    fuelled = fuel_tanks > 0
    if (thrust == 1 and direction == AHEAD) or (thrust == -1 and direction == ASTERN):
        if needs_fuel or fuelled:
            return engines if fuelled else 0
        return engines if velocity * thrust > 0.0 else 0
    if not needs_fuel and velocity * thrust < 0.0:
        return engines
    return 0


@rule
def working_engines(engines: int, fuel_tanks: int, needs_fuel: bool, is_base: bool) -> int:
    """Engines that work: none without fuel unless the craft scoops it, none on a base
    (2.3)."""
    if is_base or (needs_fuel and fuel_tanks <= 0):
        return 0
    return engines


@rule
def rate_size(size: int) -> int:
    """The size class acceleration rates are scaled by: size class 0 counts as 1."""
    return size if size > 1 else 1


@rule
def may_crash(crash: bool, thrust: int, control: bool, ecm: int) -> bool:
    """2.3, 2.8: crash acceleration needs thrust and control, and no ECM powered."""
    return crash and thrust != 0 and control and ecm == 0


@rule
def thrust_velocity(f: Figures, before: float, thrust: int, rate: float,
                    braking: bool) -> float:
    """The velocity after `thrust` at `rate` (2.3), within the top speed either way;
    braking nose-first stops at rest (R20)."""
    velocity = before + thrust * rate
    if braking:
        velocity = velocity if velocity * before > 0.0 else 0.0
    velocity = velocity if velocity < f.top else f.top
    return velocity if velocity > -f.top else -f.top


@rule
def crash_mishap(f: Figures, roll: int) -> bool:
    """2.3: on an impulse of crash acceleration, 2d6 at or over this is a mishap (its
    interior hits are d6s, unmanned craft only)."""
    return roll >= f.crash_roll


@rule
def may_evade(is_base: bool, engines: int, fuel_tanks: int, needs_fuel: bool,
              velocity: float) -> bool:
    """R24: evasive maneuvering is done with the engines, so a craft that
    cannot start moving cannot evade: never a base, nor a craft with no engine or with
    engines that need fuel it lacks, nor a ramscoop at rest with no fuel (R20)."""
    if is_base or engines <= 0:
        return False
    if fuel_tanks > 0:
        return True
    return not needs_fuel and velocity != 0.0


@rule
def evading(f: Figures, evasive: bool, crashing: bool, working: int, size: int,
            thrusting: bool) -> bool:
    """2.3: an evader needs an engine beyond those thrusting; none while crashing."""
    return evasive and not crashing and working >= f.evasion_spare + (size if thrusting else 0)


@rule
def beam_velocity(f: Figures, velocity: float, push: float) -> float:
    """2.4: an attached beam's push or pull, within the top speed."""
    return max(-f.top, min(f.top, velocity + push))


@rule
def closed_range(f: Figures, range_: float, velocity_a: float, velocity_b: float) -> float:
    """3: the range after one impulse's movement: the craft meet in one hex, never pass."""
    gap = range_ - (velocity_a + velocity_b) / f.impulses
    return gap if gap > 0.0 else 0.0


@rule
def cosmic_rays(f: Figures, velocity: float) -> int:
    """2.3, optional: damage at the end of a turn for a speed above the limit."""
    if f.rays_on and abs(velocity) > f.rays_limit and f.rays_damage:
        return f.rays_damage
    return 0


@rule
def same_hex(range_: float) -> bool:
    """3: "the same hex" on the range track: a range below 1."""
    return range_ < 1
