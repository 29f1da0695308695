"""The SMI parsers' shared records (formats/smi_common.py) against the monitor's: formats may not import telemetry,
so the metrics record is its own, and must stay readable wherever the monitor's sampler and `inspect` read it."""

from __future__ import annotations

from dataclasses import fields

from rocmdesk.formats.smi_common import SmiGpu, SmiMetrics
from rocmdesk.telemetry.metrics import EXTRA_KEYS, METRIC_KEYS, GpuSample


def test_every_field_is_one_of_the_monitor_s_with_its_name() -> None:
    ours = {f.name for f in fields(SmiMetrics)}
    theirs = {f.name for f in fields(GpuSample)}
    assert ours <= theirs, sorted(ours - theirs)
    assert set(METRIC_KEYS) <= ours  # the contract's keys are all written by `inspect`


def test_a_monitor_key_no_smi_tool_prints_reads_as_none() -> None:
    m = SmiGpu(index=0).sample()
    for key in METRIC_KEYS + EXTRA_KEYS:  # what the SMI sampler copies, new keys included
        assert getattr(m, key) is None
    assert m.get("no_such_key") is None
    try:
        m.__no_such_dunder__  # noqa: B018
    except AttributeError:
        pass
    else:
        raise AssertionError("dunder lookups must still fail (copy, pickle)")
