"""Exports reach the player where the designer runs: in a terminal a file is written
(atomically) where the export dialog says; in a browser (`shipyard serve`) the browser
downloads it, under the name the dialog shows, and nothing is written on the server.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

from textual.app import App

from shipyard.core.files import write_atomic

MEDIA_TYPES = {".pdf": "application/pdf", ".svg": "image/svg+xml",
               ".json": "application/json", ".txt": "text/plain; charset=utf-8",
               ".md": "text/markdown; charset=utf-8"}


def download_name(path: Path) -> str:
    """The file name a browser is given: letters, digits, `.`, `-` and `_` of the
    dialog's name (a download's name travels in an HTTP header)."""
    name = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "-"
                   for c in path.name).strip(".-")
    return name or "export"


def hand_over(app: App[Any], path: Path, content: bytes) -> str:
    """Write the export (terminal) or start its download (browser); the notice to show."""
    if app.is_web:
        name = download_name(path)
        media = next((kind for suffix, kind in MEDIA_TYPES.items()
                      if name.lower().endswith(suffix)), "application/octet-stream")
        app.deliver_binary(BytesIO(content), save_filename=name, mime_type=media)
        return f"Downloading {name}"
    write_atomic(path, content)
    return f"Exported {path}"
