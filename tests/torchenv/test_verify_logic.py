"""The verdict logic, fed probe JSON shaped like what ROCm, CUDA and CPU wheels really produce."""

from __future__ import annotations

import shlex

from rocmdesk.machine.model import AccessInfo, DeviceNode
from rocmdesk.torchenv.verify import VERDICTS, ProbeRun, judge
from tests.torchenv.torch_fixtures import sim_report  # noqa: F401 (fixture)

ARCH_64 = ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1101", "gfx1102",
           "gfx1200", "gfx1201"]  # torch 2.9 / rocm6.4
ARCH_72 = ARCH_64[:5] + ["gfx950"] + ARCH_64[5:] + ["gfx1150", "gfx1151"]
PY = "/home/u/my venv 'q' $(x)/bin/python"


def probe(*devices: tuple[str, str], torch="2.13.0+rocm7.2", hip="7.2.53211-e7d8b1f", cuda=None, arch=ARCH_72,
          env=None, available=None, compute=None, libs=None, errors=None) -> dict:
    """A probe report: ``devices`` are (name, gcnArchName) pairs."""
    devs = [{"index": i, "name": n, "gcnArchName": a, "total_memory": 16 << 30} for i, (n, a) in enumerate(devices)]
    return {
        "probe_version": 1, "python": "3.11.7", "executable": PY, "prefix": "/home/u/my venv 'q' $(x)",
        "base_prefix": "/usr", "in_venv": True, "env": env or {}, "torch": torch,
        "torch_file": "/home/u/my venv 'q' $(x)/lib/python3.11/site-packages/torch/__init__.py",
        "hip": hip, "cuda": cuda, "is_available": bool(devs) if available is None else available,
        "device_count": len(devs), "arch_list": arch, "devices": devs,
        "compute": compute if compute is not None else [{"index": i, "ok": True, "max_abs_err": 1e-6} for i in range(len(devs))],
        "libs": libs or {}, "errors": errors or {}, "torch_missing": False,
    }


def test_the_catalogue_is_closed_and_stable():
    assert set(VERDICTS) == {"ok", "cpu-only-wheel", "cuda-wheel-on-amd", "rocm-wheel-mismatch", "no-kernels-for-gfx",
                             "override-needed", "override-unneeded", "device-not-visible", "torch-missing",
                             "broken-venv"}


def test_ok_on_a_7900xtx(sim_report):
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100")), sim_report("rx7900xtx-ubuntu2404"))
    assert res.verdict == "ok" and res.fix is None and res.ok
    assert res.devices[0]["gfx"] == "gfx1100" and res.devices[0]["gfx_reported"] == "gfx1100"
    data = res.to_json()
    assert {"verdict", "torch", "hip", "devices", "arch_list", "fix"} <= set(data)
    assert data["hip"] == "7.2.53211-e7d8b1f" and data["arch_list"] == ARCH_72


def test_cpu_and_cuda_wheels(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    res = judge(probe(torch="2.13.0+cpu", hip=None, arch=[]), r)
    assert res.verdict == "cpu-only-wheel"
    argv = shlex.split(res.fix.command)
    assert argv[0] == PY and argv[1:4] == ["-m", "pip", "install"] and "--index-url" in argv
    assert any(a.startswith("torch==") and "+rocm" in a for a in argv)
    res = judge(probe(torch="2.13.0", hip=None, cuda="12.8", arch=["sm_80", "sm_90"]), r)
    assert res.verdict == "cuda-wheel-on-amd" and "plain `pip install torch`" in res.detail
    assert "+rocm" in res.fix.command


def test_override_needed_on_an_rx6600xt_and_fine_with_it(sim_report):
    r = sim_report("rx6600xt-ubuntu2204")
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1032")), r)
    assert res.verdict == "override-needed"
    assert res.fix.command == "export HSA_OVERRIDE_GFX_VERSION=10.3.0"
    # with the override the runtime reports gfx1030, and the wheel has it
    res = judge(probe(("AMD Radeon RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}), r)
    assert res.verdict == "ok" and res.env == {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}
    assert res.devices[0]["gfx"] == "gfx1032" and res.devices[0]["gfx_reported"] == "gfx1030"
    assert any("6.2.4" in n for n in res.notes)  # system ROCm differs from the wheel's


def test_an_override_to_a_target_the_wheel_lacks(sim_report):
    arch = [a for a in ARCH_72 if a != "gfx1030"]
    res = judge(probe(("RX 6600 XT", "gfx1030"), env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}, arch=arch),
                sim_report("rx6600xt-ubuntu2204"))
    assert res.verdict == "no-kernels-for-gfx" and "gfx1030" in res.detail


def test_override_unneeded_and_the_per_node_form(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}), r)
    assert res.verdict == "override-unneeded" and res.fix.command == "unset HSA_OVERRIDE_GFX_VERSION"
    node = r.gpus[0].kfd_node
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), env={f"HSA_OVERRIDE_GFX_VERSION_{node}": "11.0.0"}), r)
    assert res.verdict == "override-unneeded" and res.fix.command == f"unset HSA_OVERRIDE_GFX_VERSION_{node}"
    # an override for another node leaves this GPU alone
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), env={f"HSA_OVERRIDE_GFX_VERSION_{node + 5}": "11.0.0"}), r)
    assert res.verdict == "ok"


def test_no_kernels_for_gfx1151_on_rocm64_wheels(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    r.gpus[0].gfx, r.gpus[0].name = "gfx1151", "AMD Radeon 8060S"
    res = judge(probe(("AMD Radeon 8060S", "gfx1151"), torch="2.9.1+rocm6.4", hip="6.4.43482-0f2d60242",
                      arch=ARCH_64), r)
    assert res.verdict == "no-kernels-for-gfx" and "gfx1151" in res.detail
    assert "+rocm7" in res.fix.command  # the newest wheels carry it


def test_invalid_device_function_at_compute_time(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    err = {"type": "RuntimeError", "message": "HIP error: invalid device function\nHIP kernel errors might be..."}
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), compute=[{"index": 0, "ok": False, "error": err}]), r)
    assert res.verdict == "no-kernels-for-gfx" and "invalid device function" in res.detail


def test_wrong_numbers_are_a_broken_environment(sim_report):
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), compute=[{"index": 0, "ok": False, "max_abs_err": 3.5}]),
                sim_report("rx7900xtx-ubuntu2404"))
    assert res.verdict == "broken-venv" and "3.5" in res.detail


def test_visibility_variables_that_hide_every_gpu(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    for env in ({"HIP_VISIBLE_DEVICES": "1"}, {"CUDA_VISIBLE_DEVICES": "-1"}, {"ROCR_VISIBLE_DEVICES": ""}):
        res = judge(probe(available=False, env=env), r)
        var = next(iter(env))
        assert res.verdict == "device-not-visible" and var in res.detail and res.fix.command == f"unset {var}"
    # both set: HIP numbers what ROCR left, so HIP=1 after ROCR=1 finds nothing
    res = judge(probe(available=False, env={"ROCR_VISIBLE_DEVICES": "1", "HIP_VISIBLE_DEVICES": "1"}),
                sim_report("rx7900xtx-debian12"))
    assert res.verdict == "device-not-visible" and "set only ROCR_VISIBLE_DEVICES" in res.fix.text and res.fix.command == "unset HIP_VISIBLE_DEVICES"


def test_rocr_visible_devices_maps_probe_devices_to_the_right_gpu(sim_report):
    r = sim_report("rx7900xtx-debian12")  # iGPU gfx1036 (HIP 0) and RX 7900 XTX (HIP 1)
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), env={"ROCR_VISIBLE_DEVICES": "1"}), r)
    assert res.verdict == "ok" and res.devices[0]["report_index"] == 1


def test_an_igpu_without_kernels_beside_a_working_dgpu(sim_report):
    r = sim_report("rx7900xtx-debian12")
    res = judge(probe(("AMD Radeon Graphics", "gfx1036"), ("Radeon RX 7900 XTX", "gfx1100")), r)
    # gfx1036 runs as gfx1030; the 7900 XTX is native, so only the iGPU's node may get the override
    assert res.verdict == "override-needed"
    assert res.fix.command == f"export HSA_OVERRIDE_GFX_VERSION_{r.gpus[0].kfd_node}=10.3.0"


def test_permissions_and_a_missing_kfd(sim_report):
    r = sim_report("rx6600xt-ubuntu2204")  # added to render/video, not logged in again
    res = judge(probe(available=False), r)
    assert res.verdict == "device-not-visible" and res.fix.command == "newgrp render"
    r.access.needs_relogin = False
    r.access.missing_groups = ["render"]
    res = judge(probe(available=False), r)
    assert res.fix.command == f"sudo usermod -a -G render,video {r.access.user}"
    r.access = AccessInfo(user="u", kfd=DeviceNode(path="/dev/kfd", present=False))
    res = judge(probe(available=False), r)
    assert res.verdict == "device-not-visible" and "/dev/kfd does not exist" in res.detail
    assert res.fix.command == "rocmdesk plan"


def test_a_rocm_wheel_on_a_machine_without_an_amd_gpu(sim_report):
    res = judge(probe(available=False), sim_report("no-amd-gpu"))
    assert res.verdict == "device-not-visible" and "no AMD GPU" in res.detail


def test_rocm7_user_space_on_a_rocm6_dkms_driver(sim_report):
    r = sim_report("mi300x-8gpu-server")  # amdgpu-dkms from ROCm 6.4.1
    r.access.kfd.opens_rw = True
    res = judge(probe(available=False), r)
    assert res.verdict == "rocm-wheel-mismatch" and "6.4.1" in res.detail
    ok = judge(probe(*[("AMD Instinct MI300X", "gfx942:sramecc+:xnack-")] * 8), r)
    assert ok.verdict == "ok" and any("amdgpu-dkms" in n for n in ok.notes)


def test_a_system_hip_runtime_loaded_instead_of_the_wheels(sim_report):
    libs = {"libamdhip64.so": "/opt/rocm-6.0.0/lib/libamdhip64.so.6.0.60000"}
    res = judge(probe(("Radeon RX 7900 XTX", "gfx1100"), libs=libs), sim_report("rx7900xtx-ubuntu2404"))
    assert res.verdict == "rocm-wheel-mismatch" and "/opt/rocm-6.0.0" in res.detail
    assert res.fix.command == "unset LD_LIBRARY_PATH"
    own = {"libamdhip64.so": "/home/u/my venv 'q' $(x)/lib/python3.11/site-packages/torch/lib/libamdhip64.so"}
    assert judge(probe(("Radeon RX 7900 XTX", "gfx1100"), libs=own), sim_report("rx7900xtx-ubuntu2404")).ok


def test_torch_missing_and_a_broken_import(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    res = judge({"probe_version": 1, "executable": PY, "torch": None, "torch_missing": True,
                 "errors": {"import": {"type": "ModuleNotFoundError", "message": "No module named 'torch'"}}}, r)
    assert res.verdict == "torch-missing" and shlex.split(res.fix.command)[0] == PY
    res = judge({"probe_version": 1, "executable": PY, "torch": None, "torch_missing": False,
                 "errors": {"import": {"type": "ImportError",
                                       "message": "librocm_smi64.so.1: cannot open shared object file"}}}, r)
    assert res.verdict == "broken-venv" and "librocm_smi64" in res.detail


def _failed(stderr: str, **kw) -> ProbeRun:
    return ProbeRun(python="/usr/bin/true", data=None, stderr=stderr, **kw)


WHEEL_LINE = 'rocmdesk-probe: wheel {"torch": "2.13.0+rocm7.2", "hip": "7.2.53211-e7d8b1f", "cuda": null}'


def test_a_probe_that_aborts_without_code_objects(sim_report):
    stderr = "\n".join(["rocmdesk-probe: stage import", WHEEL_LINE, "rocmdesk-probe: stage init",
                        '"hipErrorNoBinaryForGpu: Unable to find code object for all current devices!"'])
    res = judge(_failed(stderr, returncode=-6, error="python died of SIGABRT"), sim_report("rx6600xt-ubuntu2204"))
    assert res.verdict == "no-kernels-for-gfx" and res.torch == "2.13.0+rocm7.2"


def test_a_probe_that_hangs_in_gpu_init(sim_report):
    stderr = "\n".join(["rocmdesk-probe: stage import", WHEEL_LINE, "rocmdesk-probe: stage init"])
    hang = _failed(stderr, returncode=-15, timed_out=True, error="stopped", duration_s=120)
    assert judge(hang, sim_report("mi300x-8gpu-server")).verdict == "rocm-wheel-mismatch"
    res = judge(hang, sim_report("rx7900xtx-ubuntu2404"))
    assert res.verdict == "device-not-visible" and "hung" in res.detail


def test_a_probe_that_fails_elsewhere_is_a_broken_venv(sim_report):
    r = sim_report("rx7900xtx-ubuntu2404")
    res = judge(_failed("Fatal Python error: init_fs_encoding", returncode=1, error="exited with status 1"), r)
    assert res.verdict == "broken-venv" and "init_fs_encoding" in res.detail
    res = judge(ProbeRun(python="/nowhere/bin/python", data=None, missing=True, returncode=None,
                         error="no such program"), r)
    assert res.verdict == "broken-venv"


def test_torch_missing_without_an_amd_gpu_offers_the_cpu_build(sim_report):
    # one truth (issue 18): verify, the Doctor's report and the PyTorch page all say the same on such a machine
    from rocmdesk.doctor.result_checks import from_verify
    from rocmdesk.torchenv.builds import CPU_INDEX

    data = probe()
    data.update(torch=None, hip=None, torch_missing=True)
    res = judge(data, sim_report("no-amd-gpu"))
    assert res.verdict == "torch-missing" and "no AMD GPU" in res.fix.text
    assert "+cpu" in res.fix.command and CPU_INDEX in res.fix.command and "rocm" not in res.fix.command
    [finding] = from_verify(res)
    assert [s.command for s in finding.fix.steps] == [res.fix.command]  # no "install the ROCm wheels" after it
    with_gpu = judge(data, sim_report("rx7900xtx-ubuntu2404"))
    assert "+rocm" in with_gpu.fix.command
