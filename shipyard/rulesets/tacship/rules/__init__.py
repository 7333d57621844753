"""The rules of Tacship (rules 4 and the rulings T1-T5) written once, for both duel engines.

Each module holds rule functions (`core.rules.rule`): plain functions of numbers named
for the rule they state and citing it. The reference engine (`engine/`) calls them as
Python, the compiled engine (`fast/`) inside its kernels, so a rule lives in one place:
`figures` (every figure of the combat tables, read by name), `hexes` (the map),
`fire` (to hit, the damage track), `movement` (thrust, turns, a move's legality and
trace) and `ordnance` (warheads, decoys, missile homing). The scripted-dice tests test
these functions directly. What stays twice is the order of the dice and the loops over
a duel's state; each engine module doing that says so.
"""
