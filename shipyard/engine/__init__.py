"""The duel engine: two legal designs fight it out under RULES.md 2 and the duel model of 3.

Pure rules code with no user interface: tables from the catalog (`tables`) and
their plain-number quick reference (`reference`), seeded dice (`dice`), plain
game state (`state`), rule resolution (`damage`, `fire`, `gunnery`,
`pointdefense`, `flight`, `duel`), decisions (`policy`), and many duels at
once with their statistics (`batch`, `stats`).
"""
