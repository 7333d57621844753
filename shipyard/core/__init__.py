"""Shared primitives every game uses: errors, issues, files, catalogs, dice, statistics.

Nothing here knows a game. Rulesets (`shipyard.rulesets.<name>`) build on it;
services and faces build on them. Importing this package imports nothing.
"""
