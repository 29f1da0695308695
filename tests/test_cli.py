import json
import subprocess
import sys

import pytest

from rocmdesk.cli import EXIT_INPUT, EXIT_NO_GPU, EXIT_OK, EXIT_USAGE, main
from tests.conftest import REALDATA


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == EXIT_OK and out.startswith("rocmdesk ")


def test_bad_usage_is_exit_2_with_a_message(capsys):
    code, _, err = run(capsys, "detect", "--bogus")
    assert code == EXIT_USAGE and "unrecognized arguments" in err


def test_unknown_simulated_machine_lists_the_names(capsys):
    code, _, err = run(capsys, "detect", "--simulate", "nope")
    assert code == EXIT_USAGE
    assert "no simulated machine called 'nope'" in err and "rx6600xt-ubuntu2204" in err
    assert "Traceback" not in err


def test_root_must_be_a_directory(capsys, tmp_path):
    code, _, err = run(capsys, "detect", "--root", str(tmp_path / "missing"))
    assert code == EXIT_USAGE and "not a directory" in err


def test_root_and_simulate_exclude_each_other(capsys, tmp_path):
    code, _, err = run(capsys, "--root", str(tmp_path), "detect", "--simulate", "no-amd-gpu")
    assert code == EXIT_USAGE


def test_top_level_simulate_reaches_the_subcommand(capsys):
    code, out, _ = run(capsys, "--simulate", "rx6600xt-ubuntu2204", "detect", "--json")
    assert code == EXIT_OK
    assert json.loads(out)["simulated"] is True


def test_simulate_list_one_machine_a_line_name_first(capsys):
    code, out, _ = run(capsys, "simulate", "list")
    lines = out.strip().splitlines()
    assert code == EXIT_OK and len(lines) >= 5
    names = [ln.split("\t")[0] for ln in lines]
    for required in ("rx7900xtx-ubuntu2404", "rx6600xt-ubuntu2204", "radeon780m-laptop", "mi300x-8gpu-server", "no-amd-gpu"):
        assert required in names
    assert all("\t" in ln and ln.split("\t")[1] for ln in lines)


def test_detect_json_contract(capsys):
    code, out, _ = run(capsys, "detect", "--simulate", "rx6600xt-ubuntu2204", "--json")
    data = json.loads(out)
    assert code == EXIT_OK
    for key in ("gpus", "other_agents", "os", "kernel", "rocm", "access", "warnings"):
        assert key in data
    gpu = data["gpus"][0]
    for key in ("index", "name", "gfx", "gfx_reported", "device_id", "revision", "pci_slot",
                "vram_total_bytes", "kfd_node", "apu", "support"):
        assert key in gpu
    assert set(gpu["support"]) >= {"status", "override", "reason", "source"}
    assert gpu["gfx"] == "gfx1032" and gpu["device_id"] == "73ff"
    assert gpu["support"]["status"] == "override" and gpu["support"]["override"] == "10.3.0"


def test_detect_human_output_has_a_verdict_line(capsys):
    code, out, _ = run(capsys, "detect", "--simulate", "rx6600xt-ubuntu2204")
    assert code == EXIT_OK
    assert "SIMULATED" in out
    line = next(ln for ln in out.splitlines() if ln.startswith("GPU 0:"))
    assert "gfx1032" in line and "HSA_OVERRIDE_GFX_VERSION=10.3.0" in line


def test_detect_without_amd_gpu_exits_4(capsys):
    code, out, _ = run(capsys, "detect", "--simulate", "no-amd-gpu")
    assert code == EXIT_NO_GPU and "No AMD GPU found" in out


def test_inspect_missing_file_and_directory(capsys, tmp_path):
    code, _, err = run(capsys, "inspect", str(tmp_path / "nope.txt"))
    assert code == EXIT_INPUT and "cannot read" in err
    code, _, err = run(capsys, "inspect", str(tmp_path))
    assert code == EXIT_INPUT and "directory" in err


def test_inspect_garbage_and_binary_are_clear_errors(capsys, tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("hello world\nthis is not tool output\n")
    code, _, err = run(capsys, "inspect", str(junk))
    assert code == EXIT_INPUT and "Traceback" not in err and err.strip()
    blob = tmp_path / "blob.bin"
    blob.write_bytes(bytes(range(256)) * 40)
    code, _, err = run(capsys, "inspect", str(blob))
    assert code == EXIT_INPUT and "binary" in err


def test_inspect_rocminfo_override_sample(capsys, realdata):
    sample = realdata / "rocminfo" / "gfx1031-as-gfx1030-override-rx6700xt-rocm6.txt"
    code, out, _ = run(capsys, "inspect", str(sample), "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["format"] == "rocminfo"
    gpu = data["gpus"][0]
    assert gpu["gfx"] == "gfx1031" and gpu["gfx_reported"] == "gfx1030"
    assert any("HSA_OVERRIDE_GFX_VERSION" in w for w in data["warnings"])


def test_python_dash_m_works():
    out = subprocess.run([sys.executable, "-m", "rocmdesk", "simulate", "list"], capture_output=True, text=True)
    assert out.returncode == 0 and "no-amd-gpu" in out.stdout


def test_gui_without_a_display_says_so(capsys, monkeypatch):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    code, _, err = run(capsys)
    assert code == EXIT_USAGE and "no display" in err and "rocmdesk detect" in err


def test_gui_checks_the_machine_name_first(capsys):
    code, _, err = run(capsys, "--simulate", "nope")
    assert code == EXIT_USAGE and "no simulated machine" in err


def test_detect_loads_only_what_it_needs(tmp_path):
    # start-up time: a command's modules load only for that command, and a cached simulated tree
    # opens without the builder
    env = {**__import__("os").environ, "XDG_CACHE_HOME": str(tmp_path)}
    argv = [sys.executable, "-c",
            "import sys, runpy; sys.argv=['rocmdesk','detect','--json','--simulate','no-amd-gpu'];"
            "from rocmdesk.cli import main; import io, contextlib;\n"
            "with contextlib.redirect_stdout(io.StringIO()): main(sys.argv[1:])\n"
            "print(','.join(m for m in sys.modules if m.startswith(('rocmdesk.setup','rocmdesk.ui','rocmdesk.machine.simulate','rocmdesk.machine.sim_','PySide6'))))"]
    subprocess.run(argv, env=env, check=True, capture_output=True)  # first run builds the tree
    out = subprocess.run(argv, env=env, check=True, capture_output=True, text=True)
    assert out.stdout.strip() == ""


# --- inspect: collect_env, lspci, kernel log, traceback -----------------------------------


def test_inspect_lspci_names_the_gpu_from_its_id(capsys, tmp_path):
    f = tmp_path / "lspci.txt"
    f.write_text("2f:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Device [1002:744c] (rev c8)\n"
                 "\tKernel driver in use: amdgpu\n"
                 "30:00.0 Ethernet controller [0200]: Intel Corporation I211 Gigabit Network Connection [8086:1539]\n")
    code, out, _ = run(capsys, "inspect", str(f), "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["format"] == "lspci" and data["error"] is None
    gpu = data["gpus"][0]
    assert gpu["device_id"] == "744c" and gpu["gfx"] == "gfx1100" and gpu["pci_slot"] == "0000:2f:00.0"
    assert gpu["name"] and gpu["support"]["status"]
    assert data["devices"][0]["driver"] == "amdgpu" and any("amdgpu" in s for s in data["summary"])
    code, out, _ = run(capsys, "inspect", str(f))
    assert code == EXIT_OK and "GPU 0:" in out and "gfx1100" in out


def test_inspect_lspci_without_a_bound_driver_warns(capsys, tmp_path):
    f = tmp_path / "lspci.txt"
    f.write_text("03:00.0 VGA compatible controller [0300]: Advanced Micro Devices, Inc. [AMD/ATI] Navi 23 [1002:73ff] (rev c1)\n"
                 "\tKernel modules: amdgpu\n")
    data = json.loads(run(capsys, "inspect", str(f), "--json")[1])
    assert any("no kernel driver" in w for w in data["warnings"])


def test_inspect_collect_env(capsys, tmp_path):
    f = tmp_path / "env.txt"
    f.write_text("PyTorch version: 2.13.0+cpu\nIs debug build: False\nCUDA used to build PyTorch: None\n"
                 "ROCM used to build PyTorch: N/A\nIs CUDA available: False\nGPU models and configuration: No CUDA\n")
    code, out, _ = run(capsys, "inspect", str(f), "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["format"] == "collect_env"
    assert data["torch"]["wheel_kind"] == "cpu" and data["record"]["torch_version"] == "2.13.0+cpu"
    assert any("CPU-only" in w for w in data["warnings"])
    code, out, _ = run(capsys, "inspect", str(f))
    assert "CPU-only" in out


def test_inspect_collect_env_sample(capsys, realdata):
    sample = realdata / "torch-collect-env" / "w7900-epyc9274f-vllm-trimmed-torch2.6-rocm6.2.txt"
    data = json.loads(run(capsys, "inspect", str(sample), "--json")[1])
    assert data["torch"]["rocm_build_version"] == "6.2" and data["gpus"][0]["gfx"] == "gfx1100"


def test_inspect_kernel_log(capsys, tmp_path):
    f = tmp_path / "dmesg.txt"
    f.write_text("[  822.5] [drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=1, emitted seq=3\n"
                 "[  822.6] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!\n")
    code, out, _ = run(capsys, "inspect", str(f), "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["format"] == "kernel-log"
    assert [e["kind"] for e in data["events"]] == ["ring-timeout", "gpu-reset"]
    assert data["error"]["kind"] == "ring-timeout" and data["events"][0]["line_no"] == 1
    code, out, _ = run(capsys, "inspect", str(f))
    assert "error: ring-timeout" in out


def test_inspect_traceback(capsys, tmp_path):
    f = tmp_path / "tb.txt"
    f.write_text('Traceback (most recent call last):\n  File "/home/u/t.py", line 3, in <module>\n'
                 "    torch.ones(1).cuda()\nRuntimeError: HIP error: invalid device function\n")
    code, out, _ = run(capsys, "inspect", str(f), "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["format"] == "traceback"
    assert data["error"] == {"kind": "invalid-device-function",
                             "message": "RuntimeError: HIP error: invalid device function"}
    assert data["record"]["exceptions"][0]["frames"][0]["line"] == 3
    code, out, _ = run(capsys, "inspect", str(f))
    assert "error: invalid-device-function" in out


def test_inspect_pasted_error_on_stdin(capsys, monkeypatch):
    import io

    stdin = io.TextIOWrapper(io.BytesIO(b"RuntimeError: No HIP GPUs are available\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, _ = run(capsys, "inspect", "-", "--json")
    data = json.loads(out)
    assert code == EXIT_OK and data["error"]["kind"] == "no-hip-gpus"


def test_inspect_huge_and_random_inputs_answer_fast(capsys, tmp_path):
    import random
    import time

    big = tmp_path / "big.log"
    line = b"[   10.000000] usb 1-1: new high-speed USB device number 2 using xhci_hcd\n"
    big.write_bytes(line * (50 * 2**20 // len(line)) + b"[ 99.0] amdgpu 0000:03:00.0: amdgpu: GPU fell off the bus\n")
    t = time.perf_counter()
    code, out, _ = run(capsys, "inspect", str(big), "--json")
    assert time.perf_counter() - t < 20  # bounded, not quadratic (speed is measured in benchmarks/)
    data = json.loads(out)
    assert code == EXIT_OK and data["truncated"] and data["error"]["kind"] == "gpu-lost"
    noise = tmp_path / "noise.bin"
    noise.write_bytes(random.Random(7).randbytes(5 * 2**20))
    t = time.perf_counter()
    code, _, err = run(capsys, "inspect", str(noise))
    assert time.perf_counter() - t < 20  # bounded, not quadratic (speed is measured in benchmarks/)
    assert code == EXIT_INPUT and "binary" in err and "Traceback" not in err


def _listed(parser) -> list[str]:
    """The commands the parser's help lists (each on a line of its own under COMMAND)."""
    from rocmdesk.cli import COMMANDS

    lines = {line.split()[0] for line in parser.format_help().splitlines() if line.startswith("    ") and line.split()}
    return sorted(c for c in COMMANDS if c in lines)


def test_launching_the_app_builds_no_command_listing():
    # `rocmdesk` and `rocmdesk --simulate NAME` open the app: the 17 commands' listing parsers (~2 ms) are made only
    # where something shows them: the help, or a word that is not a command
    from rocmdesk.cli import COMMANDS, build_parser

    for argv in ([], ["--simulate", "rx6600xt-ubuntu2204"], ["--root", "/tmp/x"], ["--version"]):
        assert _listed(build_parser(argv)) == [], argv
    assert build_parser(["--simulate", "rx6600xt-ubuntu2204"]).parse_args(
        ["--simulate", "rx6600xt-ubuntu2204"]).command is None
    for argv in (["--help"], ["--he"], ["-h"], ["--simulate", "x", "-h"], ["nosuch"]):
        assert _listed(build_parser(argv)) == sorted(COMMANDS), argv
    assert _listed(build_parser([], listing=True)) == sorted(COMMANDS)  # docs/cli.md's generator


def test_the_help_without_a_command_still_lists_every_command(capsys):
    assert main(["--simulate", "rx6600xt-ubuntu2204", "--help"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "detect" in out and "monitor" in out and "sanity" in out
    assert main(["nosuch"]) == EXIT_USAGE
    assert "invalid choice: 'nosuch'" in capsys.readouterr().err
