"""Rule functions: each formula of a game's rules written once, for both of its duel engines.

A rule function is a plain function of numbers (ints, floats, the figures of the combat
tables, tuples or array rows of a table), named for the rule it states and citing its
id. A game's reference engine calls it as ordinary Python; its compiled engine calls the
very same function inside its kernels, where numba compiles it in
(`numba.extending.register_jitable`). A rule changed in its function is changed in both
engines at once; what cannot be shared (a loop over a craft's weapons, the order of the
dice) stays in each engine, and the module doing it says so.

`rule` only marks a function: numba is imported where kernels are made
(`core.compiled`), which registers every marked function then, so a command that fights
no compiled duel never imports numba. A rule function must therefore stay within what
numba compiles: numbers, tuples, arrays, attribute reads of the figures; no dicts,
strings, objects or exceptions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

Function = TypeVar("Function", bound=Callable[..., Any])
# A row (or table) of numbers a rule function reads or writes: a Python list in the
# reference engine, a numpy array row in a kernel. Indexed by int only.
Cells = Any
Table = Any

_MARKED: list[Callable[..., Any]] = []  # marked before numba was imported
_REGISTER: list[Callable[[Callable[..., Any]], Any]] = []  # set once numba is imported
_LOCK = threading.Lock()


def rule(function: Function) -> Function:
    """Mark `function` as a rule function; it is returned unchanged (plain Python)."""
    with _LOCK:
        if _REGISTER:
            _REGISTER[0](function)
        else:
            _MARKED.append(function)
    function.__shipyard_rule__ = True  # type: ignore[attr-defined]
    return function


def is_rule(function: object) -> bool:
    """Whether `function` was marked with `rule`."""
    return bool(getattr(function, "__shipyard_rule__", False))


def register_all(register: Callable[[Callable[..., Any]], Any]) -> None:
    """Hand every rule function, marked so far and from now on, to `register` (once)."""
    with _LOCK:
        if _REGISTER:
            return
        _REGISTER.append(register)
        for function in _MARKED:
            register(function)
        _MARKED.clear()
