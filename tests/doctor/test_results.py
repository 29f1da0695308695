"""Findings from rocmdesk's own results: verify verdicts and sanity runs (the real classes)."""

from __future__ import annotations

import json

from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.result_checks import VERDICT_IDS, from_sanity, from_verify
from rocmdesk.doctor.catalogue import catalogue
from rocmdesk.sanity.result import PhaseResult, SanityResult
from rocmdesk.torchenv.verify import VERDICTS


def test_every_verdict_maps_to_a_catalogue_id():
    assert set(VERDICT_IDS) == set(VERDICTS)
    assert {v for v in VERDICT_IDS.values() if v} <= set(catalogue())


def test_masked_devices_verdict():
    data = {"verdict": "device-not-visible", "title": VERDICTS["device-not-visible"],
            "detail": "torch sees no GPU: ROCR_VISIBLE_DEVICES='1', HIP_VISIBLE_DEVICES='1' hide every GPU.",
            "fix": {"text": "Set only ROCR_VISIBLE_DEVICES.", "command": "unset HIP_VISIBLE_DEVICES"}}
    (f,) = from_verify(data)
    assert f.id == "visible-devices-masked" and f.fix.steps[0].command == "unset HIP_VISIBLE_DEVICES"
    assert from_verify({"verdict": "ok"}) == []


def _sanity(**kw):
    base = dict(passed=False, device="cuda:0", phases=[PhaseResult("device", True)])
    base.update(kw)
    return SanityResult(**base)


def test_passed_or_cancelled_sanity_gives_nothing():
    assert from_sanity(_sanity(passed=True)) == []
    assert from_sanity(_sanity(cancelled=True, error="stopped")) == []


def test_sanity_oom_and_multi_gpu():
    oom = _sanity(phases=[PhaseResult("fp32", False, error="torch.OutOfMemoryError: HIP out of memory. "
                                                          "Tried to allocate 8.00 GiB")])
    assert [f.id for f in from_sanity(oom)] == ["vram-oom-fragmentation"]
    hang = _sanity(phases=[PhaseResult("multi_gpu", False, hung=True)], hung_phase="multi_gpu")
    assert [f.id for f in from_sanity(hang)] == ["multi-gpu-hang"]
    arch = _sanity(error="RuntimeError: HIP error: invalid device function")
    assert [f.id for f in diagnose(sanity=[arch]).findings] == ["wheel-missing-arch"]


def test_sanity_json_pasted_with_from():
    text = json.dumps(_sanity(phases=[PhaseResult("multi_gpu", False, error="RCCL error: unhandled system error")])
                      .to_json())
    d = diagnose(texts=[("sanity.json", text)])
    assert d.inputs[0].format == "sanity-json" and d.ids() == ["multi-gpu-hang"]
