"""Whether the designer is drawn for a web browser rather than a terminal."""

from __future__ import annotations

import os


def in_browser() -> bool:
    """Textual was told to draw the designer for a browser (`shipyard serve` and
    textual-serve start it with the web driver in TEXTUAL_DRIVER): it runs there
    with no terminal."""
    driver = os.environ.get("TEXTUAL_DRIVER", "")
    return driver.partition(":")[0].rpartition(".")[2] == "web_driver"
