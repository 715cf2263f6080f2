"""Worker processes that end with their driver: the collection builder's pools and the web player's.

A worker of a ``ProcessPoolExecutor`` notices a driver that exited, but not
one that was killed (SIGKILL, the OOM killer): it waits on its queue for
ever, an idle orphan of PID 1.  So each worker watches its driver: on Linux
the kernel sends it SIGTERM when the driver dies (``PR_SET_PDEATHSIG``), and
on every platform a thread ends it once its parent is no longer the driver
(within :data:`WATCH_SECONDS`; the thread needs the GIL, which a long call
into the core may hold, and that is what the kernel's signal is for).

A pool's workers get :func:`end_with` as their initializer (or call it
first in their own), with the driver's process ID: :func:`local_pool` does,
for the collection builder (:mod:`pencilkit.store`), and the web player's
lanes do (:mod:`pencilkit.web.server`).

This module imports nothing of pencilkit, so a worker starts it cheaply, and
every layer may use it.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor

WATCH_SECONDS = 0.5
"""How often a worker looks whether its driver is still there."""
PR_SET_PDEATHSIG = 1
"""``prctl`` option (``<linux/prctl.h>``): the signal a process gets when its parent dies."""


def local_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes (spawned: the same on every platform) that end with this process."""
    import multiprocessing

    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=end_with, initargs=(os.getpid(),))


def end_with(driver: int) -> None:
    """Worker initializer: end this process when ``driver``, its parent, is gone."""
    _ask_the_kernel()
    threading.Thread(target=_watch, args=(driver,), name="pencilkit-driver-watch", daemon=True).start()


def _ask_the_kernel() -> None:
    """On Linux, have the kernel send SIGTERM to this process when its parent dies (elsewhere, nothing).

    The signal is sent when the parent *thread* that started this process ends, so a pool must be made on a
    thread that lives as long as it does (the driver's main thread, or its event loop's)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl to call: the watching thread still ends the worker
        pass


def _watch(driver: int) -> None:
    """End this process once its parent is no longer ``driver`` (it was adopted: the driver died)."""
    while os.getppid() == driver:
        time.sleep(WATCH_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)


__all__ = ["WATCH_SECONDS", "end_with", "local_pool"]
