"""Where audits are kept: the last audit of each catalog, under the state folder.

`shipyard audit` saves its result (the `shipyard.audit/1` JSON) as
`<state folder>/audits/<ruleset>/<catalog digest>.json`, written atomically, so that the
designer's catalog screen can show each system's measured worth beside its price for
the catalog in use, and `--against catalog` can reuse the standard catalog's audit. The
state folder is the designer's own (`$SHIPYARD_STATE_DIR`, else the XDG state folder).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from shipyard.core.errors import ShipyardError
from shipyard.core.files import json_text, write_atomic
from shipyard.services.audit import SCHEMA
from shipyard.services.session import state_folder


def audit_path(ruleset: str, digest: str) -> Path:
    return state_folder() / "audits" / ruleset / f"{digest}.json"


def save(data: dict[str, Any]) -> Path:
    """Keep an audit as the last one of its catalog; the path it was written to."""
    path = audit_path(str(data["ruleset"]), str(data["catalog"]["digest"]))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ShipyardError(f"{path.parent}: cannot make the folder "
                            f"({exc.strerror or exc})") from None
    write_atomic(path, json_text(data).encode())
    return path


def load(ruleset: str, digest: str) -> dict[str, Any] | None:
    """The last audit saved for this catalog, or None (none, or not one Shipyard can read)."""
    path = audit_path(ruleset, digest)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if (not isinstance(data, dict) or data.get("schema") != SCHEMA
            or not isinstance(data.get("systems"), list)):
        return None
    return data
