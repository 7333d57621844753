"""The Pentagon War duel engine: two legal designs fight it out under rules 2 and 3.

Tables from the catalog (`tables`) and their quick reference (`quick_reference`),
plain game state (`state`), rule resolution (`damage`, `fire`, `gunnery`,
`pointdefense`, `flight`, `duel`), decisions (`policy`) and matchups
(`lineup`). `figures` and `battle` hold typing protocols only, so that the
tables and the duel loop can be named without import cycles.
"""
