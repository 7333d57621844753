"""Shipyard: spacecraft designer and point-cost calculator for The Pentagon War."""

__version__ = "0.1.0"
