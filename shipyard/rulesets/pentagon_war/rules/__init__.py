"""The rules of The Pentagon War's duel (rules 2, 3 and the rulings) written once, for both
engines.

Each module holds rule functions (`core.rules.rule`): plain functions of numbers named
for the rule they state and citing it. The reference engine (`engine/`) calls them as
Python, the compiled engine (`fast/`) inside its kernels, so a rule lives in one place:
`figures` (every figure and table, read by name and index), `fire` (2.4: the URM, every
weapon table, a volley's odds), `pointdefense` (2.5), `damage` (2.7, R14, R16: screens,
armor, the allocation chart, explosions), `movement` (2.3, 2.8, R20, R24: rotation, thrust,
the range track), `power` (2.2, 2.9, R17, R19, R22: capacitors, electronics, lock-on,
screen reinforcement), `flight` (2.4-2.6: missiles, drones, bolts), `race` (the
captains' estimates of the damage race, docs/duel-model.md), and for the hex map
`vector` (2.3, R20, R26: hexes, facings, velocity components, thrust) and `impulses`
(R25: the impulse chart), docs/map-movement.md, and for several craft on it `explosions`
(2.7, R27), `electronics` (2.9, R28: a side's ECM and ECCM) and `screens` (R14, R29:
directional screens against colinear attackers), `homing` (2.6, R30: missiles homing)
and `launch` (2.6, R31: drones launched), docs/map-rules.md. The scripted-dice tests
test these functions directly.

What stays twice is what cannot be shared between plain objects and flat arrays: the
loops over a craft's weapons, drones and hits, and the order in which the dice are
rolled; each engine module doing that says so, and the pinned duels
(`tests/data/duels/`) and the equivalence tests hold the two to the same duel.
"""
