"""The Tacship duel engine: two fighters fight it out under rules 4 (rules 4).

Pure rules code with no user interface and, on purpose, no imports here (the
ruleset package imports its engine lazily, so nothing may cycle back). Tables
from the catalog (`tables`), hex geometry (`hexes`), plain game state
(`state`), rule resolution (`movement`, `fire`, `ordnance`, `duel`), plain
words for the log (`words`) and decisions (`policy`).
"""
