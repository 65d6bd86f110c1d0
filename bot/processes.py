"""Worker processes (images, computer players) that never outlive the bot.

A pool's workers are started through a forkserver, so they are not the bot's direct children: if
the bot is killed (SIGKILL, the OOM killer), nothing tells them to stop and they would sit there
holding memory. Each worker runs ``watch_parent`` when it starts: a daemon thread that ends the
worker within ``POLL`` seconds of the bot's process (or the forkserver between them) going away.
Workers also ignore Ctrl-C: the terminal sends it to the whole process group, and the bot's own
shutdown stops the pools (without this, every worker printed a KeyboardInterrupt traceback).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

POLL = 0.5  # seconds between a worker's checks that the bot is still there


def watch_parent(bot_pid: int) -> None:
    """Pool initializer: ignore Ctrl-C and exit when the bot's process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    thread = threading.Thread(target=_watch, args=(bot_pid, os.getppid()), name="bot-watch", daemon=True)
    thread.start()


def _watch(bot_pid: int, parent: int) -> None:
    while True:
        time.sleep(POLL)
        if os.getppid() != parent or not _alive(bot_pid):
            os._exit(0)  # the bot is gone: nobody will ever read our results


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _init(bot_pid: int, then: Callable[[], object] | None) -> None:
    watch_parent(bot_pid)
    if then is not None:
        then()


def worker_pool(workers: int, initializer: Callable[[], object] | None = None) -> ProcessPoolExecutor:
    """A process pool whose workers watch the bot (and run ``initializer`` once, at start)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("forkserver"),
        initializer=_init,
        initargs=(os.getpid(), initializer),
    )


def stop_children(timeout: float) -> None:
    """Last step of a shutdown: any worker process still running is terminated (then killed)."""
    children = multiprocessing.active_children()
    deadline = time.monotonic() + timeout
    for child in children:
        child.join(max(0.0, deadline - time.monotonic()))
    for child in multiprocessing.active_children():
        child.terminate()
        child.join(0.5)
        if child.is_alive():
            child.kill()
