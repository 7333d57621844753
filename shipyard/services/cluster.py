"""Duel batches and tournaments on a Dask distributed cluster (`--scheduler ADDRESS`).

When a run outgrows one machine, its chunks of duels go to the workers of a
Dask scheduler (the optional `cluster` extra). The work travels as plain
data: ruleset name, design data, policies, scenario, engine, and the catalog
as `None` for the bundled one (a worker uses its own installed copy) or as a
house catalog's folder (which must then exist at the same path on every
worker). Each worker rebuilds what it fights with once per shipment and keeps
it for the next chunks; the catalog digest and the Shipyard version travel
along, so a worker with other rules refuses the work instead of giving other
results. Every duel keeps the seed of its index and the chunks are put back
in order, so a run gives the same results as on one machine for the same
seed. `distributed` is imported only here, and only when a scheduler is named.
"""

from __future__ import annotations

import contextlib
import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from shipyard import __version__
from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation

CONNECT_TIMEOUT = 10.0  # seconds to reach the scheduler, and for a first worker to join
KEEP = 16  # rebuilt shipments a worker keeps, the most recently used ones
NO_EXTRA = "--scheduler needs the cluster extra: pip install 'shipyard[cluster]'"

P = TypeVar("P")  # the packed data of a shipment
B = TypeVar("B")  # what a worker builds from it
T = TypeVar("T")  # one task of the shipment
R = TypeVar("R")  # the result of one task


class ClusterError(ShipyardError):
    """No cluster extra, a scheduler out of reach, or a worker that cannot do the work."""


# -- the client side -------------------------------------------------------------
_CLIENTS: dict[str, Any] = {}  # address -> distributed.Client


def _distributed() -> Any:
    """The `distributed` package, typed loosely (much of its API has no annotations)."""
    try:
        import distributed
    except ImportError as exc:
        raise ClusterError(NO_EXTRA) from exc
    return distributed


def connect(address: str) -> Any:
    """A client of the scheduler at `address` with a worker or more, kept for the next run."""
    distributed = _distributed()
    client = _CLIENTS.get(address)
    if client is not None and client.status == "running":
        return client
    try:
        _check_address(distributed, address)
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as exc:  # malformed, unknown scheme, refused, timed out: all one answer
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                           f"{_one_line(exc)}") from exc
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except Exception as exc:
        client.close()
        raise ClusterError(f"no worker has joined the Dask scheduler at {address} "
                           f"within {CONNECT_TIMEOUT:g} s") from exc
    _CLIENTS[address] = client
    return client


def _check_address(distributed: Any, address: str) -> None:
    """A malformed address fails here, before a half-made client (which would complain
    again when the interpreter exits)."""
    scheme, location = distributed.comm.parse_address(address)
    backend = distributed.comm.registry.get_backend(scheme)  # an unknown scheme fails
    with contextlib.suppress(NotImplementedError):  # a scheme without host and port
        backend.get_address_host_port(location)  # a missing or bad port fails


def disconnect() -> None:
    """Close every client this process opened (tests, before their cluster stops)."""
    while _CLIENTS:
        _, client = _CLIENTS.popitem()
        client.close()


def threads(address: str) -> int:
    """How many tasks the cluster's workers run at once."""
    return max(1, int(sum(connect(address).nthreads().values())))


def catalog_root(evaluation: Evaluation) -> str | None:
    """Where a worker finds the catalog: None for the bundled one, else the house folder."""
    bundled = evaluation.ruleset.catalog(None)
    if Path(evaluation.catalog.folder).resolve() == Path(bundled.folder).resolve():
        return None
    return str(Path(evaluation.catalog.folder).resolve())


def check_catalog(evaluation: Evaluation, digest: str) -> None:
    """On a worker: the catalog read there must be the one the run was started with."""
    if evaluation.catalog.digest != digest:
        raise ClusterError(f"a worker read another {evaluation.ruleset.name} catalog "
                           f"({evaluation.catalog.folder}) than the one the run started with: "
                           "install the same Shipyard version on every machine, and give a "
                           "house catalog the same path everywhere")


def completed(address: str, build: Callable[[P], B], work: Callable[[B, T], R], packed: P,
              tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
    """(index, result) of every task, in the order they finish on the cluster.

    Each worker calls `build(packed)` once (the first time a task of this
    shipment reaches it) and then `work(built, task)` for each task. `build`
    and `work` must be module-level functions, which workers import by name.
    """
    distributed = _distributed()
    client = connect(address)
    key = hashlib.sha256(pickle.dumps((__version__, build, packed))).hexdigest()
    [data] = client.scatter([(__version__, build, work, packed)], hash=False)
    futures = client.map(_task, [key] * len(tasks), [data] * len(tasks), list(tasks),
                         pure=False)
    index = {future.key: i for i, future in enumerate(futures)}
    try:
        for future in distributed.as_completed(futures, loop=client.loop):
            yield index[future.key], future.result()
    except ShipyardError:
        raise
    except Exception as exc:  # a worker lost, the scheduler gone: one line, not a traceback
        raise ClusterError(f"the run on the Dask scheduler at {address} failed: "
                           f"{_one_line(exc)}") from exc
    finally:
        with contextlib.suppress(Exception):  # nothing left to free on a scheduler gone
            client.cancel([*futures, data])


def in_order(address: str, build: Callable[[P], B], work: Callable[[B, T], list[R]],
             packed: P, tasks: Sequence[T],
             progress: Callable[[int], None] | None = None) -> list[R]:
    """The tasks' result lists joined in task order; `progress` told each list's length."""
    parts: dict[int, list[R]] = {}
    for i, part in completed(address, build, work, packed, tasks):
        parts[i] = part
        if progress is not None:
            progress(len(part))
    return [result for i in range(len(tasks)) for result in parts[i]]


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


# -- the worker side -------------------------------------------------------------
_BUILT: OrderedDict[str, Any] = OrderedDict()
_LOCK = threading.Lock()


def _task(key: str, shipment: tuple[str, Callable[[Any], Any], Callable[[Any, Any], Any], Any],
          task: Any) -> Any:
    """One task on a worker: the shipment rebuilt (or found built), then the work done."""
    version, build, work, packed = shipment
    if version != __version__:
        raise ClusterError(f"a worker runs Shipyard {__version__}, the run was started with "
                           f"{version}: install the same version on every machine")
    with _LOCK:
        built = _BUILT.get(key)
        if built is not None:
            _BUILT.move_to_end(key)
    if built is None:
        try:
            built = build(packed)
        except ClusterError:
            raise
        except ShipyardError as exc:  # e.g. a house catalog missing on this machine
            raise ClusterError(f"a worker could not rebuild the designs: {exc}") from None
        with _LOCK:
            _BUILT[key] = built
            while len(_BUILT) > KEEP:
                _BUILT.popitem(last=False)
    return work(built, task)
