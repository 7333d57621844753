"""Fire orders checked against the rules and resolved (rules 2.2, 2.4, 2.8).

A policy names weapon groups or guns and their targets; this module refuses
what the rules forbid (arcs, shots per turn, power, control loss, crash
acceleration), pays the power, rolls each weapon and hands what it did to the
flight rules and the damage assessment. Kept apart from the duel loop so each
stays a readable size.
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.battle import Battle
from shipyard.rulesets.pentagon_war.engine.orders import FireOrder
from shipyard.rulesets.pentagon_war.engine.state import Craft
from shipyard.rulesets.pentagon_war.engine.tables import beam_push
from shipyard.rulesets.pentagon_war.engine.words import describe_salvo, describe_volley
from shipyard.rulesets.pentagon_war.rules.flight import bolt_strikes_for, secondary_shots_left


def resolve_order(duel: Battle, side: int, craft: Craft, order: FireOrder) -> None:
    """Check one fire order of `craft` (on `side`) against the rules and resolve it."""
    enemy = duel.enemy(side)
    control = craft.has_control
    # 2.8: without control, all direct fire in one impulse, at one target per turn.
    if not control and craft.fired_impulse not in (-1, duel.impulse):
        return
    key = (order.target, order.target_index)
    # 2.8, 2.3: one target per turn without control, and while evading.
    if (not control or craft.evasive) and duel.turn_targets[side] not in (None, key):
        return
    # 2.3: no more than one target in an impulse of crash acceleration.
    if craft.crashing and duel.impulse_targets[side] not in (None, key):
        return
    arcs = duel.covering[craft.direction]  # R13: the two arcs either side of the enemy
    if order.gun:
        if not 0 <= order.index < len(craft.guns):
            return
        gun = craft.guns[order.index]
        if not gun.arcs & arcs or order.target != "craft":
            return
        if duel.flight.fire_gun(side, craft, gun):
            duel.turn_targets[side] = duel.impulse_targets[side] = key
            craft.fired_impulse = duel.impulse
            duel.revealed(craft)
        return
    if not 0 <= order.index < len(craft.weapons):
        return
    group = craft.weapons[order.index]
    unfired = secondary_shots_left(duel.figures, group.boxes, group.fired)  # 2.2: once a turn
    if unfired <= 0 or not group.arcs & arcs:
        return
    kind = group.type
    power = duel.combat.power
    if kind == "magnetic_beam" and order.target == "bolt":
        # 2.4: a beam may shoot at a bolt as a proton cannon, even without control.
        if craft.crashing:
            return
        kind, cost, boxes = "proton_cannon", power.magnetic_beam_at_bolt, 1
    elif kind == "magnetic_beam":
        if order.target != "craft" or craft.crashing or not control:
            return
        cost = power.magnetic_beam_double if order.double else 0
        boxes = 1
    else:
        if order.target == "bolt" and kind != "proton_cannon":
            return
        cost = duel.quick.costs[kind]  # 2.2: power per box fired
        wanted = min(order.boxes, unfired) if order.boxes > 0 else unfired
        boxes = min(wanted, craft.power // cost) if cost else wanted
    if boxes <= 0 or cost * boxes > craft.power:
        return
    target = duel.flight.target_of(side, order)
    if target is None:
        return
    hexes, size, label = target
    combat = duel.combat
    extra = fire.modifier(craft.evading, enemy.evading and order.target == "craft", combat)
    effective = fire.firing_range(hexes, craft.locked, combat)
    craft.spend(cost * boxes)
    group.fired += boxes
    duel.turn_targets[side] = duel.impulse_targets[side] = key
    craft.fired_impulse = duel.impulse
    duel.revealed(craft)
    if kind == "magnetic_beam":  # one beam per order: its own roll
        shot = fire.volley(kind, boxes, effective, size, extra, duel.dice, combat)
        if duel.lines is not None:
            duel.say(describe_volley(duel.impulse, craft.name, shot, label, hexes))
        if shot.hit:
            attach_beam(duel, craft, enemy, order)
        return
    # 2.4: every weapon box fires on its own roll; the log keeps the group on one line.
    salvo = fire.salvo(kind, boxes, effective, size, extra, duel.dice, combat)
    before = bolt_strike(duel, enemy, order)
    duel.flight.apply_salvo(side, order, salvo)
    if duel.lines is not None:
        # 17: a drone or missile has no damage track: it is destroyed or missed; a bolt
        # loses strike (2.4), and the log says what it has left.
        outcome = None if order.target == "craft" else "destroyed"
        if before is not None:
            after = bolt_strike(duel, enemy, order) or 0
            outcome = (f"{salvo.total} points take {before - after} off the bolt's strike, "
                       f"{after} left")
        duel.say(describe_salvo(duel.impulse, craft.name, salvo, label, hexes,
                                outcome=outcome))


def bolt_strike(duel: Battle, enemy: Craft, order: FireOrder) -> int | None:
    """What the bolt an order aims at would strike for now (2.4); None for anything else."""
    if order.target != "bolt" or duel.lines is None:
        return None
    bolt = enemy.bolts[order.target_index]
    return bolt_strikes_for(duel.figures, duel.combat.charts.steps, bolt.flown, bolt.erosion)


def attach_beam(duel: Battle, craft: Craft, enemy: Craft, order: FireOrder) -> None:
    """2.4: an attached beam pushes or pulls like one engine (two with power)."""
    sign = 1.0 if order.pull else -1.0
    for body in (enemy, craft):  # the beamer feels the same force
        body.beam_push += sign * beam_push(duel.combat, order.double, body.size_class)
