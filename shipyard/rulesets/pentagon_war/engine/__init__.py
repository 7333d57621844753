"""The Pentagon War duel engine: two legal designs fight it out under rules 2 and 3.

Tables from the catalog (`tables`) and their quick reference (`reference`),
plain game state (`state`), rule resolution (`damage`, `fire`, `gunnery`,
`pointdefense`, `flight`, `duel`), decisions (`policy`) and matchups
(`lineup`).
"""
