"""Whether a compiled duel kernel still has to be compiled before its first call.

numba compiles a kernel on its first call and keeps the machine code in a
cache beside the module (`__pycache__/<module>.<kernel>-<line>.py311.nbi`), so
only the first duel after an install waits for the compiler (about a minute).
The faces say so before that wait instead of showing a progress bar stuck at 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def compiled(kernel: Any) -> bool:
    """True when `kernel` (a numba dispatcher) is compiled in this process or cached."""
    if kernel.signatures:
        return True
    function = kernel.py_func
    source = Path(function.__code__.co_filename)
    index = f"{source.stem}.{function.__qualname__}-*.nbi"
    return any((source.parent / "__pycache__").glob(index))
