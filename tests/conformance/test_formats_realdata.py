"""Conformance: with every recognizer registered, each sample in ../shared/realdata is claimed by
the right one, and the lspci, collect_env and kernel-log samples read as their ``.source.md`` says.

Expected values are transcribed from each sample's ground truth; a new sample in the folders
below fails ``test_every_sample_has_expectations`` until it is added here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rocmdesk import formats
from rocmdesk.inspect import inspect_text
from tests.conftest import REALDATA

pytestmark = pytest.mark.conformance

# folder -> the format every sample in it must be sniffed as (None: no format, a clear FormatError)
FOLDER_FORMAT = {"rocminfo": "rocminfo", "rocminfo-errors": "rocminfo", "rocm-smi": "rocm-smi",
                 "amd-smi": "amd-smi", "lspci": "lspci", "torch-collect-env": "collect_env"}
MISC_FORMAT = {
    "misc/dmesg-kfd-did-missing-navi14.txt": "kernel-log",
    "misc/hip-deviceprops-rx6800xt-wsl2.txt": None,  # a user program's printout: no tool format
    "misc/ls-l-dev-kfd-pop-os.txt": None,
}

ROCMINFO_ERRORS = {
    "kfd-cannot-allocate-memory-navi14-rx5500-rocm3.10.txt": "kfd-nomem",
    "kfd-invalid-argument-egpu-reconnect-rx7900gre-rocm6.0.2.txt": "kfd-invalid",
    "kfd-operation-not-permitted.txt": "kfd-permission",
    "kfd-permission-denied-not-in-render-group-5600g-rocm5.x.txt": "kfd-permission",
    "numeric-error-4104-rocm2.1-2.5.txt": "out-of-resources",
    "out-of-resources-raven-apu-rocm3.0-username-placeholder.txt": "out-of-resources",
    "out-of-resources-rx580-rocm2.8-video-group-line.txt": "out-of-resources",
    "out-of-resources-rx7600xt-arch-rocm6.0.0.txt": "out-of-resources",
    "sudo-segfault-5600g-rocm5.x.txt": "crash",
}

VEGA20_SLOTS = ["0000:07:00.0", "0000:0a:00.0", "0000:2a:00.0", "0000:2d:00.0",
                "0000:45:00.0", "0000:48:00.0", "0000:65:00.0", "0000:68:00.0"]

# lspci: file -> [(slot, device_id, revision, driver, gfx from inspect, extra attribute checks)]
LSPCI: dict[str, list[dict[str, Any]]] = {
    "mi300x-pf-gim-sriov-lspci-nnk-fragment.txt": [
        {"slot": "0000:85:00.0", "device_id": "74a1", "class_id": "1200", "driver": "gim", "gfx": "gfx942"}],
    "navi14-rx5500-lspci-grep-vga.txt": [
        {"slot": "0000:2f:00.0", "device_id": None, "revision": "c5", "gfx": "gfx1012"}],
    "navi31-rx7900xtx-old-pciids-unnamed-device-lspci-nnk.txt": [
        {"slot": "0000:2f:00.0", "device_id": "744c", "revision": "c8", "device_name": "Device", "driver": "amdgpu",
         "subsystem_vendor_id": "1da2", "subsystem_device_id": "471e", "gfx": "gfx1100"}],
    "navi31-xfx-rx7900-lspci-nnv-first-lines.txt": [
        {"slot": "0000:0b:00.0", "device_id": "744c", "revision": "ce", "prog_if": "00",
         "subsystem_vendor_id": "1002", "subsystem_device_id": "0e3b", "gfx": "gfx1100"}],
    "phoenix1-780m-asus-laptop-lspci-nnk-block.txt": [
        {"slot": "0000:68:00.0", "device_id": "15bf", "revision": "c1", "driver": "amdgpu",
         "subsystem_vendor_id": "1043", "subsystem_device_id": "1523", "gfx": "gfx1103"}],
    "polaris-rx580-iommu-group-listing-lspci-nns.txt": [
        {"slot": "0000:2e:00.0", "device_id": "67df", "revision": "c7", "iommu_group": 16, "gfx": "gfx803"}],
    "vega20-8gpu-epyc-lspci-2019.txt": [
        {"slot": s, "device_id": None, "revision": "02", "device_name": "Vega 20", "gfx": "gfx906"} for s in VEGA20_SLOTS],
    "vega20-8gpu-epyc-lspci-k-2019.txt": [
        {"slot": s, "revision": "02", "driver": "amdgpu", "modules": ["amdgpu"], "gfx": "gfx906"} for s in VEGA20_SLOTS],
}

# collect_env / probes: file -> expected record attributes (and inspect-level checks under "_")
COLLECT_ENV: dict[str, dict[str, Any]] = {
    "mi250x-vllm-docker-torch2.1.1-rocm6.0-partial.txt": {
        "kind": "collect_env", "torch_version": "2.1.1+git011de5c", "wheel_kind": "rocm", "cuda_build": None,
        "rocm_build": "6.0.32830-d62f6a171", "rocm_build_version": "6.0", "hip_runtime": "6.0.32830",
        "miopen_runtime": "3.0.0", "cuda_available": True, "cuda_runtime": "10.1.243", "python_version": "3.9.18",
        "_gpus": [("AMD Instinct MI250X/MI250", None)], "_inspect_gpus": [("AMD Instinct MI250X/MI250", "gfx90a")]},
    "rx6800xt-wsl2-torch2.1.2-rocm6.1.3.txt": {
        "kind": "collect_env", "torch_version": "2.1.2+rocm6.1.3", "torch_local": "rocm6.1.3", "wheel_kind": "rocm",
        "rocm_build": "6.1.40093-bd86f1708", "rocm_build_version": "6.1", "hip_runtime": "6.1.40093",
        "miopen_runtime": "3.1.0", "cuda_available": True, "wsl": True, "_gpus": [("AMD Radeon RX 6800 XT", None)],
        "_inspect_gpus": [("AMD Radeon RX 6800 XT", "gfx1030")]},
    "torch-arch-list-and-device-properties-rx7900xtx-rocm6.0-nightly.txt": {
        "kind": "torch-probe", "arch_list": ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx1030", "gfx1100", "gfx942"],
        "gcn_arch_names": ["gfx1100"], "_gpus": [("Radeon RX 7900 XTX", "gfx1100")], "_memory_mb": 24560},
    "torch-arch-list-rocm6.2.4-nightly-2.7.0dev-repl.txt": {
        "kind": "torch-probe",
        "arch_list": ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1101", "gfx1102"]},
    "torch-arch-list-rocm6.4-nightly-on-gfx1151-wrapped.txt": {
        "kind": "torch-probe", "gcn_arch_names": ["gfx1151"],
        "arch_list": ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1101", "gfx1102",
                      "gfx1200", "gfx1201"],
        "_warning": "gfx1151 is not in this wheel's arch list"},
    "torch-arch-list-rx7900xtx-rocm5.x-script-output.txt": {
        "kind": "torch-probe", "cuda_available": True,
        "arch_list": ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx1030", "gfx1100"]},
    "w7900-epyc9274f-vllm-trimmed-torch2.6-rocm6.2.txt": {
        "kind": "collect_env", "torch_version": "2.6.0.dev20241113+rocm6.2", "wheel_kind": "rocm",
        "rocm_build_version": "6.2", "hip_runtime": "6.2.41133", "miopen_runtime": "3.2.0",
        "vllm_version": "0.6.4.post2.dev258+gf13cf9ad", "kernel_release": "6.12.1-2-cachyos",
        "_env": {"PYTORCH_ROCM_ARCH": "gfx908;gfx90a;gfx942;gfx1100"},
        "_pip": {"torch": "2.6.0.dev20241113+rocm6.2", "pytorch-triton-rocm": "3.1.0+cf34004b8a",
                 "torchvision": "0.20.0.dev20241113+rocm6.2"},
        "_gpus": [("AMD Radeon PRO W7900", "gfx1100")]},
}


def _samples() -> list[str]:
    if not REALDATA.is_dir():
        return []
    out = []
    for folder in (*FOLDER_FORMAT, "misc"):
        for p in sorted((REALDATA / folder).glob("*")):
            if p.is_file() and not p.name.endswith(".source.md"):
                out.append(f"{folder}/{p.name}")
    return out


def _text(realdata: Path, rel: str) -> str:
    return formats.decode_input((realdata / rel).read_bytes())


def test_every_sample_has_expectations(realdata: Path) -> None:
    listed = {f"lspci/{n}" for n in LSPCI} | {f"torch-collect-env/{n}" for n in COLLECT_ENV} | set(MISC_FORMAT) \
        | {f"rocminfo-errors/{n}" for n in ROCMINFO_ERRORS}
    new = [s for s in _samples() if s.split("/")[0] in ("lspci", "torch-collect-env", "misc", "rocminfo-errors")
           and s not in listed]
    assert not new, f"add expectations for {new}"


@pytest.mark.parametrize("rel", _samples() or ["-"])
def test_each_sample_is_claimed_by_the_right_format(realdata: Path, rel: str) -> None:
    folder = rel.split("/")[0]
    expected = MISC_FORMAT.get(rel) if folder == "misc" else FOLDER_FORMAT[folder]
    text = _text(realdata, rel)
    assert formats.sniff(text) == expected
    if expected is None:
        with pytest.raises(formats.FormatError, match="not a format rocmdesk knows"):
            formats.parse(text)
    else:
        formats.parse(text)  # reads without error


@pytest.mark.parametrize("name", sorted(ROCMINFO_ERRORS))
def test_rocminfo_errors_keep_their_kind(realdata: Path, name: str) -> None:
    result = inspect_text((realdata / "rocminfo-errors" / name).read_bytes(), name)
    assert result["format"] == "rocminfo" and result["error"]["kind"] == ROCMINFO_ERRORS[name]


@pytest.mark.parametrize("name", sorted(LSPCI))
def test_lspci(realdata: Path, name: str) -> None:
    rel = f"lspci/{name}"
    report = formats.parse(_text(realdata, rel), "lspci")
    result = inspect_text((realdata / rel).read_bytes(), rel)
    expected = LSPCI[name]
    assert [d.slot for d in report.amd_gpus] == [e["slot"] for e in expected]
    assert [g["pci_slot"] for g in result["gpus"]] == [e["slot"] for e in expected]
    for dev, gpu, exp in zip(report.amd_gpus, result["gpus"], expected):
        for key, value in exp.items():
            if key == "gfx":
                assert gpu["gfx"] == value, (dev.slot, gpu)
            else:
                assert getattr(dev, key) == value, (dev.slot, key)
        assert gpu["support"] is not None
    if name.startswith("vega20"):
        aspeed = [d for d in report.devices if d.slot == "0000:24:00.0"]
        assert aspeed and aspeed[0].is_display and not aspeed[0].is_amd_gpu


@pytest.mark.parametrize("name", sorted(COLLECT_ENV))
def test_collect_env(realdata: Path, name: str) -> None:
    rel = f"torch-collect-env/{name}"
    env = formats.parse(_text(realdata, rel), "collect_env")
    result = inspect_text((realdata / rel).read_bytes(), rel)
    assert result["format"] == "collect_env"
    for key, value in COLLECT_ENV[name].items():
        if key == "_gpus":
            assert [(g.name, g.gfx) for g in env.gpus] == value
            # the paste names the GPU only; the report takes its target from the knowledge data (issue 17)
            assert [(g["name"], g["gfx"]) for g in result["gpus"]] == COLLECT_ENV[name].get("_inspect_gpus", value)
        elif key == "_inspect_gpus":
            continue  # checked with "_gpus"
        elif key == "_memory_mb":
            assert env.gpus[0].total_memory_mb == value
        elif key == "_env":
            assert value.items() <= env.env.items()
        elif key == "_pip":
            assert value.items() <= env.pip_packages.items()
        elif key == "_warning":
            assert any(value in w for w in result["warnings"])
        else:
            assert getattr(env, key) == value, key


def test_dmesg_kfd_sample(realdata: Path) -> None:
    rel = "misc/dmesg-kfd-did-missing-navi14.txt"
    log = formats.parse(_text(realdata, rel), "kernel-log")
    assert [e.kind for e in log.events] == ["kfd-unsupported", "probe-failed"]
    assert log.events[0].details == {"device_id": "7340"} and log.events[0].timestamp == 2.244241
    assert log.events[1].message == "kfd kfd: kgd2kfd_probe failed"
    result = inspect_text((realdata / rel).read_bytes(), rel)
    assert result["error"]["kind"] == "kfd-unsupported" and len(result["events"]) == 2
