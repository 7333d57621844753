"""How every function of the compiled engine is compiled, in one place.

`kernel` compiles with numba: cached on disk (later processes load the machine code),
releasing the GIL (batches run on threads), and without numba's reference counting,
since the kernels only read and write arrays the caller owns. `inline_kernel` also
inlines the function where it is called, for the small helpers of hot loops. Both are
typed as returning the function unchanged, which is how the rest of the code sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit

Function = TypeVar("Function", bound=Callable[..., Any])


def kernel(function: Function) -> Function:
    compiled = njit(cache=True, nogil=True, _nrt=False)(function)  # type: ignore[call-overload]
    return cast(Function, compiled)


def inline_kernel(function: Function) -> Function:
    compiled = njit(cache=True, nogil=True, _nrt=False,  # type: ignore[call-overload]
                    inline="always")(function)
    return cast(Function, compiled)
