"""An archive's per-log audits on a Dask cluster (``vassal-tools audit ... --scheduler ADDRESS``).

``dask.distributed`` is an optional extra (``pip install 'vassal-tools[cluster]'``): the cluster's
workers run the same :func:`vassal_tools.report.archive.audit_one` as the local process pool, so
they need vassal_tools installed and the logs and the module at the same paths (a shared folder).
The client's executor is a :class:`concurrent.futures.Executor`: the archive audit collects its
futures as it does the pool's, into the same rows, report and database.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass

from ..errors import BadInput

EXTRA = "pip install 'vassal-tools[cluster]'"
CONNECT_SECONDS = 10

#: Dask settings for workers that audit: the audit is CPU-bound and holds the GIL, and what a worker
#: does on a timer takes the GIL from it. Give them to real workers as environment variables
#: (``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False`` ..., docs/archive-audit.md);
#: bench/league.py starts its LocalCluster with them.
LEAN_WORKERS = {
    "distributed.worker.profile.enabled": False,  # the running thread's stack sampled every 10 ms
    "distributed.admin.tick.interval": "1s",  # the event loop's own health check, every 20 ms
    "distributed.worker.memory.monitor-interval": "1s",  # memory checked every 100 ms (the limits kept)
    "distributed.admin.system-monitor.interval": "2s",  # CPU, memory and network figures every 500 ms
}


@dataclass
class Cluster:
    """An executor on a Dask cluster, and how many tasks its workers run at once (their threads)."""

    executor: Executor
    workers: int


@contextmanager
def cluster_executor(address: str) -> Iterator[Cluster]:
    """An executor on the Dask scheduler at ``address`` (``tcp://host:8786``), closed on leaving.
    The archive's logs go to it in batches (:func:`vassal_tools.report.archive.batches`), a few per
    worker; each worker reads the module once, keeps it, and writes the pages itself: only the small
    rows come back to the client."""
    try:
        from distributed import Client
    except ImportError:
        raise BadInput(None, f"--scheduler needs dask.distributed: {EXTRA}") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise BadInput(address, f"no Dask scheduler answers there: {err}") from None
    try:
        workers = sum(client.nthreads().values())
        with client.get_executor() as executor:
            yield Cluster(executor, max(workers, 1))
    finally:
        client.close()
