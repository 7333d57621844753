"""Backends that draw a laid-out record sheet: SVG, PDF, text and Markdown.

They draw the game-neutral primitives of `shipyard.core.drawing` and know no game.
"""
