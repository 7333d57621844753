"""The compiled Tacship duel engine: the reference engine's duel on numba kernels (rules 4).

The readable engine in `shipyard.rulesets.tacship.engine` is the reference; this
package plays the same duel with the same three pilots on flat numpy arrays, one duel
per seed, without the GIL. Every rule is a rule function of `rules/` that both engines
call (the kernels compile it in); what is written here is the loop over the arrays and
the order of the dice, the same as the reference's. Python code (`packing`) turns the
catalog's figures (a numpy record of `rules.figures.Figures`), both fighters and both
pilots into arrays once per lineup, with columns named in `fields`; the kernels
(`damage`, `launch`, `pilot`, `steering`, `duel`) only read those. `lineup.FastLineup`
is the face the batch service sees; the pinned duels (`tests/data/duels/`) and the
equivalence tests hold both engines to the same duel, seed for seed.

The compiled machine code is kept by `core.compiled` in a folder named after the
content of every kernel source, rule functions included, so an edit here or in
`rules/` never loads stale code.
"""
