"""The Monitor's stand-in for a sampler read in a worker: one read at a time, and closing it never closes the
files under a read that is under way, nor waits for it."""

from __future__ import annotations

import threading
import time

from rocmdesk.ui.monitor.workers import Prefetched


class SlowSampler:
    """A sampler whose read waits for the test; it notes overlapping reads and when it was closed."""

    def __init__(self) -> None:
        self.gpus = []
        self.source = "sysfs"
        self.go = threading.Event()
        self.reading = threading.Event()
        self.closed_during_read = False
        self.inside = 0
        self.most_inside = 0
        self.closed = False
        self.plans = "its own"

    def sample(self) -> list:
        self.inside += 1
        self.most_inside = max(self.most_inside, self.inside)
        self.reading.set()
        self.go.wait(10)
        if self.closed:
            self.closed_during_read = True
        self.inside -= 1
        return ["a sample"]

    def close(self) -> None:
        self.closed = True


def test_closing_during_a_read_waits_for_the_read_not_the_window():
    real = SlowSampler()
    stand_in = Prefetched(real)
    got: list = []
    worker = threading.Thread(target=lambda: got.append(stand_in.fetch()))
    worker.start()
    assert real.reading.wait(5)
    t0 = time.perf_counter()
    stand_in.close()  # the machine switched mid-sample
    assert time.perf_counter() - t0 < 0.5 and not real.closed  # no wait, and the files stay open for the read
    real.go.set()
    worker.join(5)
    assert got == [["a sample"]] and real.closed and not real.closed_during_read


def test_closing_while_idle_closes_at_once_and_reads_take_turns():
    real = SlowSampler()
    stand_in = Prefetched(real)
    assert stand_in.plans == "its own"  # the real sampler's face shows through
    real.go.set()
    threads = [threading.Thread(target=stand_in.fetch) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)
    assert real.most_inside == 1  # the worker's read and sample_now's never overlap
    stand_in.close()
    assert real.closed


def test_a_read_asked_for_after_the_close_reads_nothing():
    """A job still queued when the monitor closed must not open the sampler's files again."""
    real = SlowSampler()
    real.go.set()
    stand_in = Prefetched(real)
    stand_in.close()
    real.closed = False  # anything the sampler did now would show
    assert stand_in.fetch() == [] and real.most_inside == 0 and not real.closed
