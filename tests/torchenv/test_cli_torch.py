"""``rocmdesk torch recommend|install|verify`` through its own parser, and once through cli.main."""

from __future__ import annotations

import argparse
import io
import json
import shlex
import sys

import pytest

from rocmdesk.cli import main
from rocmdesk.machine.host import Host
from rocmdesk.cli import torch as cli_torch
from rocmdesk.torchenv.install import InstallEvent
from tests.torchenv.torch_fixtures import sim_host, torch_venv  # noqa: F401 (fixtures)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="rocmdesk")
    cli_torch.add_parser(p.add_subparsers(dest="command"))
    return p.parse_args(argv)


def run(capsys, host, *argv):
    code = cli_torch.run(parse(["torch", *argv]), host)
    out, err = capsys.readouterr()
    return code, out, err


def test_options():
    a = parse(["torch", "install", "--venv", "v", "--torch", "2.9.1", "--index", "https://m", "-y", "--dry-run",
               "--no-uv", "--min-free", "3.5"])
    assert (a.venv, a.torch, a.index, a.yes, a.dry_run, a.uv, a.min_free) == ("v", "2.9.1", "https://m", True, True,
                                                                               False, 3.5)
    assert not hasattr(parse(["torch", "recommend"]), "simulate")  # SUPPRESSed (common.add_target)
    with pytest.raises(SystemExit):
        parse(["torch", "verify"])  # one of --python/--venv/--profile/--probe-json
    with pytest.raises(SystemExit):
        parse(["torch", "verify", "--venv", "a", "--python", "b"])
    with pytest.raises(SystemExit):
        parse(["torch", "install"])  # --venv is required


def test_recommend_text_and_json(capsys, sim_host):
    host = sim_host("rx6600xt-ubuntu2204")
    code, out, _ = run(capsys, host, "recommend")
    assert code == 0 and "SIMULATED MACHINE" in out and "HSA_OVERRIDE_GFX_VERSION=10.3.0" in out
    assert "pip install torch==" in out and "Why" in out
    code, out, _ = run(capsys, host, "recommend", "--json")
    data = json.loads(out)
    assert code == 0 and data["simulated"] and data["override"] == "10.3.0" and data["pip_command"].startswith("pip ")
    code, _, err = run(capsys, host, "recommend", "--torch", "1.2.3")
    assert code == 2 and "known versions" in err
    code, out, _ = run(capsys, sim_host("no-amd-gpu"), "recommend")
    assert code == 4 and "no AMD GPU found" in out


def test_install_dry_run_at_an_awkward_path(capsys, sim_host, tmp_path):
    venv = tmp_path / "my venv 'q' $(touch PWNED)"
    code, out, _ = run(capsys, sim_host("rx7900xtx-ubuntu2404"), "install", "--venv", str(venv), "--dry-run",
                       "--no-uv")
    assert code == 0 and not venv.exists() and not (tmp_path / "PWNED").exists()
    pip_line = next(ln.strip() for ln in out.splitlines() if " -m pip install --no-input " in ln)
    argv = shlex.split(pip_line)
    assert argv[0] == str(venv / "bin" / "python") and "--index-url" in argv
    assert any(a.startswith("torch==") and a.endswith("+rocm7.2") for a in argv)
    assert "(a new venv)" in out and "disk:" in out and "log:" in out


def test_install_refusals(capsys, sim_host, tmp_path):
    host = sim_host("rx7900xtx-ubuntu2404")
    code, _, err = run(capsys, host, "install", "--venv", str(tmp_path / "v"))
    assert code == 2 and "--yes" in err  # no terminal to ask on
    code, _, err = run(capsys, sim_host("no-amd-gpu"), "install", "--venv", str(tmp_path / "v"), "--yes")
    assert code == 4 and "--torch VERSION" in err
    code, _, err = run(capsys, host, "install", "--venv", str(tmp_path / "v"), "--yes", "--min-free", "1e9")
    assert code == 5 and "GiB free" in err and not (tmp_path / "v").exists()
    code, _, err = run(capsys, host, "install", "--venv", str(tmp_path / "v"), "--torch", "9.9.9", "--yes")
    assert code == 2 and "not in rocmdesk's wheel data" in err


def test_a_real_second_install_through_the_cli(capsys, torch_venv):
    code, out, err = run(capsys, Host.local(), "install", "--venv", str(torch_venv), "--torch", "2.13.0+cpu", "--yes")
    assert code == 0, err
    assert "not a ROCm build" in out and "nothing downloaded" in out
    assert "verdict: cpu-only-wheel" in out  # verified right after


def test_verify_a_real_venv_as_json(capsys, torch_venv):
    code, out, _ = run(capsys, Host.local(), "verify", "--venv", str(torch_venv), "--json")
    data = json.loads(out)
    assert code == 5 and data["verdict"] == "cpu-only-wheel" and data["torch"] == "2.13.0+cpu"
    assert {"verdict", "torch", "hip", "devices", "arch_list", "fix"} <= set(data)
    assert data["hip"] is None and data["devices"] == [] and data["fix"]["command"]
    code, out, _ = run(capsys, Host.local(), "verify", "--python", str(torch_venv / "bin" / "python"))
    assert code == 5 and out.startswith("verdict: cpu-only-wheel") and "fix:" in out and "$ " in out


def test_verify_a_saved_probe_against_a_simulated_machine(capsys, sim_host, tmp_path, monkeypatch):
    probe = {"probe_version": 1, "executable": "/v/bin/python", "prefix": "/v", "env": {}, "torch": "2.13.0+rocm7.2",
             "torch_file": "/v/lib/python3.11/site-packages/torch/__init__.py", "hip": "7.2.53211-e7d8b1f",
             "cuda": None, "is_available": True, "device_count": 1, "arch_list": ["gfx1030", "gfx1100"],
             "devices": [{"index": 0, "name": "AMD Radeon RX 6600 XT", "gcnArchName": "gfx1032"}],
             "compute": [{"index": 0, "ok": True}], "libs": {}, "errors": {}, "torch_missing": False}
    path = tmp_path / "probe.json"
    path.write_text(json.dumps(probe))
    host = sim_host("rx6600xt-ubuntu2204")
    code, out, _ = run(capsys, host, "verify", "--probe-json", str(path))
    assert code == 5 and "verdict: override-needed" in out and "export HSA_OVERRIDE_GFX_VERSION=10.3.0" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({"probe": probe})))  # a saved verify --json wraps it
    code, out, _ = run(capsys, host, "verify", "--probe-json", "-", "--json")
    assert json.loads(out)["verdict"] == "override-needed"
    path.write_text("[1, 2]")
    with pytest.raises(Exception, match="not a probe report"):
        run(capsys, host, "verify", "--probe-json", str(path))


def test_verify_a_profile(capsys, torch_venv, tmp_path, monkeypatch):
    from rocmdesk.torchenv import profile_store as store_mod
    from rocmdesk.torchenv import profiles

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    store_mod.ProfileStore().create(profiles.Profile(name="cpu-test", project_dir=str(tmp_path), venv=str(torch_venv),
                                                     env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}))
    code, out, _ = run(capsys, Host.local(), "verify", "--profile", "cpu-test", "--json")
    data = json.loads(out)
    assert code == 5 and data["verdict"] == "cpu-only-wheel" and data["env"]["HSA_OVERRIDE_GFX_VERSION"] == "10.3.0"
    code, _, err = run(capsys, Host.local(), "verify", "--profile", "nope")
    assert code == 2 and "nope" in err


def test_wired_into_the_main_cli(capsys, torch_venv):
    assert main(["torch"]) == 2
    assert "choose an action" in capsys.readouterr().err
    assert main(["torch", "verify", "--venv", str(torch_venv), "--json"]) == 5
    assert json.loads(capsys.readouterr().out)["verdict"] == "cpu-only-wheel"


def test_progress_printer_on_a_terminal_and_in_a_log():
    events = [InstallEvent("resolve", "collecting torch==2.13.0+rocm7.2"),
              InstallEvent("download", "downloading t.whl", 0, 4_000_000_000, "t.whl"),
              InstallEvent("download", "downloading t.whl", 1_000_000_000, 4_000_000_000, "t.whl"),
              InstallEvent("download", "downloading t.whl", 4_000_000_000, 4_000_000_000, "t.whl"),
              InstallEvent("install", "installing torch")]
    tty = io.StringIO()
    plain = io.StringIO()
    p_tty, p_plain = cli_torch.ProgressPrinter(tty, tty=True), cli_torch.ProgressPrinter(plain, tty=False)
    for ev in events:
        p_tty(ev)
        p_plain(ev)
    t = tty.getvalue()
    assert "\r\033[K[######" in t and " 25% 1.00 GB/4.00 GB  t.whl" in t and "100%" in t
    assert t.endswith("install   installing torch\n")
    assert plain.getvalue().splitlines() == ["resolve   collecting torch==2.13.0+rocm7.2",
                                             "downloading t.whl (4.00 GB)", "  20% of t.whl (1.00 GB)",
                                             "  100% of t.whl (4.00 GB)", "install   installing torch"]
    assert "\r" not in plain.getvalue()


def test_a_cpu_build_is_recommended_as_the_pytorch_page_offers_it(capsys):
    # one truth (issue 18): the page's "CPU only" choice and `torch recommend --torch 2.13.0+cpu` say the same
    from rocmdesk.machine.open_sim import open_simulated
    from rocmdesk.torchenv.builds import CPU_INDEX

    code, out, _ = run(capsys, open_simulated("no-amd-gpu"), "recommend", "--torch", "2.13.0+cpu", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "cpu" and data["index_url"] == CPU_INDEX
    assert data["requirements"][0] == "torch==2.13.0+cpu"
    code, out, _ = run(capsys, open_simulated("rx7900xtx-ubuntu2404"), "recommend", "--torch", "2.13.0+cuda")
    assert code == 0 and "cannot use an AMD GPU" in out
