"""The records: built from the check's end events, the UI's positional contract, JSON round trips."""

from __future__ import annotations

import json

from rocmdesk.sanity.result import PhaseResult, SanityResult, multi_gpu_hints


def test_positional_order_is_the_pages_contract():
    p = PhaseResult("fp32", True, 1.5, 1000.0, None, None)
    assert (p.name, p.ok, p.seconds, p.samples_per_s, p.skipped, p.error) == ("fp32", True, 1.5, 1000.0, None, None)
    r = SanityResult(True, "cuda:0", [p], 2.3, 0.4, 1.8, 1, 2, 2.5, None, None, False, "2.13.0+rocm7.2", "RX")
    assert (r.loss_first, r.loss_last, r.amp_speedup, r.peak_mem_bytes, r.peak_reserved_bytes, r.first_step_s,
            r.error, r.hung_phase, r.cancelled, r.torch, r.device_name) == (2.3, 0.4, 1.8, 1, 2, 2.5, None, None,
                                                                             False, "2.13.0+rocm7.2", "RX")


def test_from_an_end_event_the_rest_goes_to_detail():
    ev = {"event": "phase", "name": "amp", "status": "end", "ok": True, "seconds": 0.5, "samples_per_s": 900.0,
          "skipped": None, "error": None, "loss_first": 2.3, "loss_last": 0.3, "amp_dtype": "float16",
          "grad_scale": 65536.0, "timeout_s": 300}
    p = PhaseResult.from_event(ev)
    assert p.name == "amp" and p.ok and p.loss_last == 0.3 and p.detail == {"amp_dtype": "float16",
                                                                            "grad_scale": 65536.0}


def test_json_round_trip():
    r = SanityResult(False, "cpu", [PhaseResult("device", True, detail={"facts": {"threads": 2}}),
                                    PhaseResult("numeric", False, 0.1, error="matmul differs")],
                     error="matmul differs", warnings=["w"], env_hints=multi_gpu_hints({"NCCL_DEBUG": "INFO"}))
    data = json.loads(json.dumps(r.to_json()))
    back = SanityResult.from_json(data)
    assert back == r
    assert back.env_hints["env"]["NCCL_DEBUG"] == "INFO" and back.env_hints["env"]["HIP_VISIBLE_DEVICES"] is None
    assert any("NCCL_DEBUG=INFO" in h for h in back.env_hints["hints"])
