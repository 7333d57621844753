"""The compiled Tacship duel engine: a numba port of `tacship.engine` (rules 4).

The readable engine in `shipyard.rulesets.tacship.engine` is the reference;
this package plays the same rules and the same three pilots on flat numpy
arrays, one duel per seed, without the GIL. Python code (`packing`) turns
the catalog tables, both fighters and both pilots into arrays once per
lineup, with columns named in `fields`; the kernels (`dice`, `hexes`,
`moves`, `damage`, `launch`, `pilot`, `steering`, `duel`) only read those arrays, so
every figure of the rules comes from `catalog/tacship/combat.toml`.
`lineup.FastLineup` is the face the batch service sees. The tests replay
reference duels on the reference's own dice and expect the same result.

numba's on-disk cache (`cache=True`) keys each kernel on its own file only:
after editing one module here, delete this package's `__pycache__/*.nb[ic]`
files, or kernels in other modules keep the old code compiled in.
"""
