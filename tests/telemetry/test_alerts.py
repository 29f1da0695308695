"""The monitor's alert rules, on hand-made samples and a history."""

from __future__ import annotations

from rocmdesk.telemetry.alerts import check
from rocmdesk.telemetry.history import History
from rocmdesk.telemetry.metrics import GpuSample, Sample
from rocmdesk.telemetry.monitor import series_name

GiB = 2**30
T0 = 1_700_000_000.0


def _gpu(**kw) -> GpuSample:
    base = dict(index=0, name="x", gfx="gfx1100", temp_junction_c=70.0, temp_junction_crit_c=110.0, power_w=100.0,
                power_cap_w=300.0, vram_used_bytes=4 * GiB, vram_total_bytes=24 * GiB, busy_percent=50)
    base.update(kw)
    return GpuSample(**base)


def _kinds(*gpus, history=None) -> list[tuple[str, str]]:
    return [(a.kind, a.severity) for a in check(Sample(timestamp=T0, gpus=list(gpus)), history)]


def test_quiet_gpu_has_no_alerts() -> None:
    assert _kinds(_gpu()) == []


def test_junction_near_and_at_critical() -> None:
    assert _kinds(_gpu(temp_junction_c=106.0)) == [("junction-hot", "warning")]
    assert _kinds(_gpu(temp_junction_c=110.0)) == [("junction-hot", "critical")]
    assert _kinds(_gpu(temp_junction_c=109.0, temp_junction_crit_c=None)) == []  # no limit known: no guess


def test_vram_full() -> None:
    assert _kinds(_gpu(vram_used_bytes=int(23.5 * GiB))) == [("vram-full", "warning")]


def test_power_cap_instant_and_sustained() -> None:
    assert _kinds(_gpu(power_w=299.0)) == [("power-cap", "warning")]
    names = [series_name(0, k) for k in ("power_w", "vram_used_bytes", "busy_percent")]
    h = History(names)
    for k in range(40):
        h.append(T0 + k, [150.0 if k == 5 else 299.0, 4 * GiB, 90.0])
    assert _kinds(_gpu(power_w=299.0), history=h) == [("power-cap", "warning")]
    h2 = History(names)
    for k in range(40):
        h2.append(T0 + k, [299.0 if k > 35 else 150.0, 4 * GiB, 90.0])
    assert _kinds(_gpu(power_w=299.0), history=h2) == []  # a spike, not a sustained cap


def test_vram_leak_while_idle() -> None:
    names = [series_name(0, k) for k in ("power_w", "vram_used_bytes", "busy_percent")]
    leak, busy, flat = History(names), History(names), History(names)
    for k in range(700):
        leak.append(T0 + k, [20.0, 2 * GiB + k * 1_000_000, 1.0])
        busy.append(T0 + k, [20.0, 2 * GiB + k * 1_000_000, 80.0])
        flat.append(T0 + k, [20.0, 2 * GiB + (k % 7) * 1_000_000, 1.0])
    assert _kinds(_gpu(busy_percent=1), history=leak) == [("vram-leak", "warning")]
    assert _kinds(_gpu(busy_percent=80), history=busy) == []  # a job filling memory is not a leak
    assert _kinds(_gpu(busy_percent=1), history=flat) == []


def test_only_ok_gpus_are_judged() -> None:
    assert _kinds(_gpu(state="suspended", temp_junction_c=None)) == []
    alerts = check(Sample(timestamp=T0, gpus=[_gpu(temp_junction_c=111.0)]))
    assert alerts[0].to_json()["limit"] == 110.0 and "critical" in alerts[0].message



def test_one_sample_has_no_sustained_alerts_as_a_one_point_history_has_none() -> None:
    sample = Sample(timestamp=T0, gpus=[_gpu(power_w=300.0, power_cap_w=300.0, temp_junction_c=109.0)])
    assert [a.kind for a in check(sample)] == ["junction-hot", "power-cap"]
    # monitor --once: the instant rules still speak, the sustained one has nothing to judge
    assert [a.kind for a in check(sample, one_sample=True)] == ["junction-hot"]
