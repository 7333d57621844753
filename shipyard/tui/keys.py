"""Key names as the player reads them, in one style everywhere (help, hint line, notices).

Textual names keys `plus`, `ctrl+s`, `f12`; a player reads `+`, `Ctrl+S`, `F12`.
"""

from __future__ import annotations

NAMES = {"plus": "+", "minus": "-", "equals_sign": "=", "space": "Space", "enter": "Enter",
         "escape": "Esc", "delete": "Del", "backspace": "Backspace", "insert": "Ins",
         "left": "←", "right": "→", "up": "↑", "down": "↓", "tab": "Tab",
         "home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn"}


def key_name(key: str) -> str:
    """One key as the player reads it: `plus` -> `+`, `ctrl+s` -> `Ctrl+S`, `f2` -> `F2`."""
    key = key.strip()
    for modifier in ("ctrl", "shift", "alt"):
        if key.startswith(f"{modifier}+"):
            rest = key_name(key[len(modifier) + 1:])
            return f"{modifier.capitalize()}+{rest.upper() if len(rest) == 1 else rest}"
    if key in NAMES:
        return NAMES[key]
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    return key


def keys_named(keys: str) -> str:
    """A binding's keys (`plus,equals_sign`) as the player reads them (`+ =`)."""
    return " ".join(key_name(key) for key in keys.split(","))
