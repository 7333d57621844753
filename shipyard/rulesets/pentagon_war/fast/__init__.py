"""The compiled duel engine of The Pentagon War: the reference engine's duel on numba kernels
over flat numpy arrays (`fast.lineup.FastLineup` is the way in).

The readable engine (`pentagon_war.engine`) stays the reference and the plain-words duel
log comes from it. Every rule is a rule function of `rules/` that both engines call (the
kernels compile it in); what is written here is the loop over the arrays and the order
of the dice, the same as the reference's, module for module: `duel`, `damage`, `fire`,
`flight`, `gunnery`, `judgement`, `policy`, `aiming`, beside `state` (the arrays),
`columns` (their columns) and `tables` (the figures as a record and arrays). The pinned
duels (`tests/data/duels/`) and the equivalence tests hold both engines to the same duel,
seed for seed: the same winner, turns, damage each way, cause and dice drawn.
"""
