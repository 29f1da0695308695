"""PyTorch collect_env output and torch probes (rocmdesk.formats.collect_env)."""

from __future__ import annotations

import json
import time

import pytest

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats.collect_env import CollectEnv, parse_collect_env, sniff_score

ROCM = """\
Collecting environment information...
PyTorch version: 2.9.1+rocm6.4
Is debug build: False
CUDA used to build PyTorch: N/A
ROCM used to build PyTorch: 6.4.43482-0f2d60242

OS: Ubuntu 24.04.3 LTS (x86_64)
GCC version: (Ubuntu 13.3.0-6ubuntu2~24.04) 13.3.0
Clang version: Could not collect
CMake version: version 3.28.3
Libc version: glibc-2.39

Python version: 3.12.3 (main, Aug 14 2025, 17:47:21) [GCC 13.3.0] (64-bit runtime)
Python platform: Linux-6.14.0-33-generic-x86_64-with-glibc2.39
Is CUDA available: True
CUDA runtime version: Could not collect
CUDA_MODULE_LOADING set to: LAZY
GPU models and configuration: AMD Radeon RX 7900 XTX (gfx1100)
Nvidia driver version: Could not collect
cuDNN version: Could not collect
HIP runtime version: 6.4.43482
MIOpen runtime version: 3.4.0
Is XNNPACK available: True

CPU:
Architecture:                         x86_64
Model name:                           AMD Ryzen 9 7950X 16-Core Processor

Versions of relevant libraries:
[pip3] numpy==2.1.2
[pip3] pytorch-triton-rocm==3.5.1
[pip3] torch==2.9.1+rocm6.4
[pip3] torchvision==0.24.1+rocm6.4
[conda] Could not collect
"""

CPU = """\
PyTorch version: 2.13.0+cpu
Is debug build: False
CUDA used to build PyTorch: None
ROCM used to build PyTorch: N/A

OS: Debian GNU/Linux 13 (trixie) (x86_64)
Python version: 3.13.5 (main, Jun 25 2025, 18:55:22) [GCC 14.2.0] (64-bit runtime)
Python platform: Linux-6.12.48+deb13-amd64-x86_64-with-glibc2.41
Is CUDA available: False
CUDA runtime version: No CUDA
GPU models and configuration: No CUDA
HIP runtime version: N/A
MIOpen runtime version: N/A
"""

CUDA_MULTI = """\
PyTorch version: 2.8.0+cu128
Is debug build: False
CUDA used to build PyTorch: 12.8
ROCM used to build PyTorch: N/A
Is CUDA available: False
GPU models and configuration:
GPU 0: NVIDIA GeForce RTX 4090
GPU 1: NVIDIA GeForce RTX 4090

Nvidia driver version: 570.86.10
[pip3] torch==2.8.0
[conda] pytorch                   2.8.0           py3.12_cuda12.8_cudnn9.1.0_0    pytorch
"""


def test_rocm_wheel() -> None:
    env = parse_collect_env(ROCM)
    assert isinstance(env, CollectEnv) and env.kind == "collect_env"
    assert env.torch_version == "2.9.1+rocm6.4" and env.torch_local == "rocm6.4" and env.wheel_kind == "rocm"
    assert env.is_debug is False and env.cuda_build is None and env.rocm_build == "6.4.43482-0f2d60242"
    assert env.rocm_build_version == "6.4" and env.hip_runtime == "6.4.43482" and env.miopen_runtime == "3.4.0"
    assert env.cuda_available is True and env.cuda_runtime is None and env.xnnpack is True
    assert env.os == "Ubuntu 24.04.3 LTS (x86_64)" and env.python_version == "3.12.3" and env.libc == "glibc-2.39"
    assert env.kernel_release == "6.14.0-33-generic" and env.wsl is False and env.clang is None
    assert [(g.name, g.gfx) for g in env.gpus] == [("AMD Radeon RX 7900 XTX", "gfx1100")]
    assert env.cpu_model == "AMD Ryzen 9 7950X 16-Core Processor"
    assert env.pip_packages == {"numpy": "2.1.2", "pytorch-triton-rocm": "3.5.1", "torch": "2.9.1+rocm6.4",
                                "torchvision": "0.24.1+rocm6.4"}
    assert env.conda_packages == {}


def test_cpu_wheel() -> None:
    env = parse_collect_env(CPU)
    assert env.wheel_kind == "cpu" and env.cuda_available is False and env.gpus == [] and env.gpu_models == []
    assert env.rocm_build is None and env.rocm_build_version is None and env.hip_runtime is None


def test_cpu_wheel_without_a_label() -> None:
    env = parse_collect_env(CPU.replace("2.13.0+cpu", "2.13.0"))
    assert env.wheel_kind == "cpu"  # neither CUDA nor ROCm built it


def test_cuda_wheel_with_gpu_lines() -> None:
    env = parse_collect_env(CUDA_MULTI)
    assert env.wheel_kind == "cuda" and env.cuda_build == "12.8" and env.torch_local == "cu128"
    assert env.gpu_models == ["NVIDIA GeForce RTX 4090", "NVIDIA GeForce RTX 4090"]
    assert env.nvidia_driver == "570.86.10" and env.conda_packages == {"pytorch": "2.8.0"}


def test_wsl_and_prompt_line() -> None:
    text = "me@box:~$ python -m torch.utils.collect_env\n" + ROCM.replace(
        "Linux-6.14.0-33-generic", "Linux-6.6.87.2-microsoft-standard-WSL2")
    env = parse_collect_env(text)
    assert env.wsl is True and env.kernel_release == "6.6.87.2-microsoft-standard-WSL2"


def test_vllm_extras() -> None:
    env = parse_collect_env(ROCM + "ROCM Version: 6.4.43482-0f2d60242\nvLLM Version: 0.9.0\n"
                            "PYTORCH_ROCM_ARCH=gfx1100\nHSA_OVERRIDE_GFX_VERSION=11.0.0\n")
    assert env.rocm_version == "6.4.43482-0f2d60242" and env.vllm_version == "0.9.0"
    assert env.env == {"PYTORCH_ROCM_ARCH": "gfx1100", "HSA_OVERRIDE_GFX_VERSION": "11.0.0"}


def test_probe_arch_list_and_properties() -> None:
    text = (">>> torch.cuda.get_arch_list()\n['gfx900', 'gfx906', 'gfx908', 'gfx90a', 'gfx942', 'gfx1030', 'gfx1100']\n"
            ">>> torch.cuda.get_device_properties(0)\n_CudaDeviceProperties(name='AMD Radeon RX 6600 XT', major=10, "
            "minor=3, gcnArchName='gfx1032', total_memory=8176MB, multi_processor_count=16)\n")
    assert formats.sniff(text) == "collect_env"
    env = formats.parse(text)
    assert env.kind == "torch-probe" and env.arch_list[-1] == "gfx1100" and len(env.arch_list) == 7
    assert [(g.name, g.gfx, g.total_memory_mb) for g in env.gpus] == [("AMD Radeon RX 6600 XT", "gfx1032", 8176)]
    assert env.gcn_arch_names == ["gfx1032"]


def test_collect_env_beats_what_it_mentions() -> None:
    # collect_env mentions ROCm, HIP and a traceback-like warning; it stays collect_env
    text = ROCM + "/x/torch/cuda/__init__.py:1: UserWarning: CUDA initialization: odd\nRuntimeError: HIP error: x\n"
    assert formats.sniff(text) == "collect_env"


def test_trimmed_paste_warns() -> None:
    env = parse_collect_env("ROCM used to build PyTorch: 6.2.41133-dd7f95766\nHIP runtime version: 6.2.41133\n")
    assert env.rocm_build_version == "6.2" and env.wheel_kind == "rocm" and env.warnings


@pytest.mark.parametrize("text", ["", "hello\n", "Model name: AMD Ryzen\n", "PyTorch rocks: yes\n"])
def test_not_collect_env(text: str) -> None:
    assert sniff_score(text) < 2
    with pytest.raises(FormatError):
        parse_collect_env(text)


def test_json() -> None:
    data = json.loads(json.dumps(parse_collect_env(ROCM).to_json()))
    assert data["gpus"][0]["gfx"] == "gfx1100" and data["pip_packages"]["torch"] == "2.9.1+rocm6.4"


def test_huge_input_fast() -> None:
    text = ROCM + "[pip3] filler==1.0\n" * (50 * 2**20 // 19)
    t = time.perf_counter()
    assert formats.sniff(text) == "collect_env"
    env = formats.parse(text, "collect_env")
    assert time.perf_counter() - t < 15  # a linear scan, not a quadratic one (speed: benchmarks/)
    assert env.truncated and env.torch_version == "2.9.1+rocm6.4"
