"""Shipyard: spacecraft designer and point-cost calculator for tabletop space-combat games."""

__version__ = "0.1.0"
