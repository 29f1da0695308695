"""Issue 16, finding 5: the Doctor's report leaked identity from pasted logs.  Each test here failed on the code
before ``rocmdesk.doctor.scrub`` (only the report's public API and the command line are used, so they run on it)."""

from __future__ import annotations

import json
import re

import pytest

from rocmdesk.cli import main
from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.report import to_json, to_json_text, to_markdown, write_report
from rocmdesk.machine import simulate

RING = "amdgpu 0000:03:00.0: amdgpu: ring gfx_0.0.0 timeout, signaled seq=2241573, emitted seq=2241575"


def reports(d, identity=None) -> list[str]:
    """The Markdown and the JSON text of ``d`` without the opt-in."""
    return [to_markdown(d, identity=identity), to_json_text(d, identity=identity)]


def gone(word: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text, re.IGNORECASE) is None


def test_the_host_in_a_journal_prefix_is_scrubbed():
    log = (f"Dec 04 10:42:17 kestrel-ws kernel: {RING}\n"
           "Dec 04 10:42:17 kestrel-ws kernel: amdgpu 0000:03:00.0: amdgpu: GPU reset begin!\n")
    d = diagnose(texts=[("journal.txt", log)])
    assert d.ids() == ["driver-errors"]
    for text in reports(d):
        assert gone("kestrel-ws", text), text
        assert "Dec 04 10:42:17 <host> kernel: amdgpu 0000:03:00.0: amdgpu: ring gfx_0.0.0 timeout" in text


@pytest.mark.parametrize("prefix", [
    "2024-12-04T10:42:17.345678+01:00 kestrel-ws.lab.example.org kernel:",  # journalctl -o short-iso, rsyslog
    "12月 04 10:42:17 kestrel-ws kernel:",  # a Chinese locale
    "mei 28 16:47:43 kestrel-ws kernel:",  # a Dutch one
    "Dec  4 10:42:17.123456 kestrel-ws kernel:",  # -o short-precise
])
def test_the_host_in_other_journal_formats_is_scrubbed(prefix):
    d = diagnose(texts=[("journal.txt", f"{prefix} {RING}\n")])
    for text in reports(d):
        assert gone("kestrel-ws", text) and "example.org" not in text and "gfx_0.0.0" in text


def test_a_host_given_away_once_is_scrubbed_everywhere():
    """The prompt names the host; the Python line that mentions it again is another finding's evidence."""
    paste = ("anja@kestrel-ws:~/proj$ python train.py\n"
             "RuntimeError: HIP error: invalid device function (on Kestrel-WS, gfx1032)\n"
             "torch.OutOfMemoryError: HIP out of memory. kestrel-ws.local has 7.98 GiB\n")
    d = diagnose(texts=[("paste.txt", paste)])
    assert {"wheel-missing-arch", "vram-oom-fragmentation"} <= set(d.ids())
    for text in reports(d):
        assert gone("kestrel-ws", text) and "gfx1032" in text and ".local" not in text


def test_addresses_are_scrubbed():
    line = ("RuntimeError: HIP error: invalid device function; MASTER_ADDR=10.20.30.41 peer 192.168.178.23:29500 "
            "inet6 fe80::2e0:4cff:fe68:3a1b/64 2001:db8:4f2a:1c00:2e0:4cff:fe68:3a1b link/ether 00:00:5e:00:53:2a "
            "torch 2.5.1+rocm6.2 ROCm 6.2.4 gfx1100 0000:03:00.0 [1002:744c]\n")
    d = diagnose(texts=[("paste.txt", line)])
    for text in reports(d):
        for secret in ("10.20.30.41", "192.168.178.23", "fe80::2e0:4cff:fe68:3a1b",
                       "2001:db8:4f2a:1c00:2e0:4cff:fe68:3a1b", "00:00:5e:00:53:2a"):
            assert secret not in text, (secret, text)
        for kept in ("2.5.1+rocm6.2", "ROCm 6.2.4", "gfx1100", "0000:03:00.0", "[1002:744c]", ":29500"):
            assert kept in text


@pytest.mark.parametrize("path, name", [
    ("/root/bench/run.py", "root"),
    ("/data/users/li.wei/envs/rocm62/lib/python3.10/site-packages/torch/cuda/__init__.py", "li.wei"),
    ("/mnt/c/Users/MeiT/Projects/sd/run.py", "MeiT"),
    ("C:\\Users\\MeiT\\AppData\\Local\\Programs\\Python\\Python310\\python.exe", "MeiT"),
    ("/homes/kpetrov/venv/bin/python", "kpetrov"),
])
def test_home_like_paths_lose_the_user(path, name):
    d = diagnose(texts=[("trace.txt", f'  File "{path}", line 3\nRuntimeError: HIP error: invalid device function\n'
                                      f"RuntimeError: HIP error: invalid device function in {path}\n")])
    assert d.ids() == ["wheel-missing-arch"]
    for text in reports(d):
        assert name not in text, text
        assert "<user>" in text


def test_found_in_names_the_input_by_its_base_name(tmp_path):
    d = diagnose(texts=[("/data/users/li.wei/logs/2024-12/trace.txt",
                         "RuntimeError: HIP error: invalid device function\n")])
    md = to_markdown(d)
    assert "Found in: trace.txt" in md and "- trace.txt: traceback" in md
    assert "/data" not in md and "logs/2024-12" not in md
    doc = to_json(d)
    assert doc["inputs"][0]["label"] == "trace.txt" and doc["findings"][0]["origins"] == ["trace.txt"]
    # asked for, the report says where the file was
    assert to_json(d, include_identity=True)["inputs"][0]["label"] == "/data/users/li.wei/logs/2024-12/trace.txt"


def test_two_inputs_of_one_base_name_are_numbered():
    d = diagnose(texts=[("/srv/a/dmesg.txt", f"[  312.5] {RING}\n"),
                        ("/srv/b/dmesg.txt", "RuntimeError: HIP error: invalid device function\n")])
    doc = to_json(d)
    assert [i["label"] for i in doc["inputs"]] == ["<input 1>", "<input 2>"]
    assert "/srv/" not in to_markdown(d)


def test_the_machines_own_names_are_scrubbed_wherever_they_appear():
    identity = {"user": "wei", "hostname": "wei-desktop"}
    paste = ("Dec 04 10:42:17 WEI-DESKTOP kernel: " + RING + "\n"
             "RuntimeError: HIP error: invalid device function (wei-desktop.fritz.box, /scratch/wei/run)\n")
    d = diagnose(texts=[("paste.txt", paste)])
    for text in reports(d, identity):
        assert gone("wei-desktop", text) and gone("wei", text) and "fritz.box" not in text, text


def test_serials_and_uuids_of_amd_smi_are_scrubbed():
    paste = ("RuntimeError: HIP error: invalid device function "
             "UUID: 3aff740f-0000-1000-80c2-d94b07e561a4 PRODUCT_SERIAL: 692214000731 "
             "ROCR_VISIBLE_DEVICES=GPU-3a8f61c2d94b07e5 root=UUID=0b6d3a52-7c1e-4f0a-9d3b-2e5f8a1c4d67\n")
    d = diagnose(texts=[("paste.txt", paste)])
    for text in reports(d):
        for secret in ("3aff740f-0000-1000-80c2-d94b07e561a4", "692214000731", "3a8f61c2d94b07e5",
                       "0b6d3a52-7c1e-4f0a-9d3b-2e5f8a1c4d67"):
            assert secret not in text


def test_what_a_diagnosis_needs_stays():
    paste = ("Dec 04 10:42:17 kestrel-ws kernel: " + RING + " HIP 6.2.41134-65d174c3e on gfx90a:sramecc+:xnack- "
             "kernel 6.8.0-49-generic fw 00.54.29.00 SMC firmware version 78.115.0 c10::Error at 10:42:17.123\n")
    d = diagnose(texts=[("paste.txt", paste)])
    for text in reports(d):
        for kept in ("gfx_0.0.0", "0000:03:00.0", "6.2.41134-65d174c3e", "gfx90a:sramecc+:xnack-",
                     "6.8.0-49-generic", "00.54.29.00", "78.115.0", "c10::Error", "10:42:17.123",
                     "signaled seq=2241573"):
            assert kept in text


def test_doctor_report_file_and_output_carry_no_path_or_host(capsys, tmp_path):
    """``rocmdesk doctor --from /abs/path --report FILE``: the printed text, --json and both report files."""
    folder = tmp_path / "home" / "anja" / "logs"
    folder.mkdir(parents=True)
    paste = folder / "journal.txt"
    paste.write_text(f"Dec 04 10:42:17 kestrel-ws kernel: {RING}\n"
                     "Dec 04 10:42:18 kestrel-ws kernel: wlp6s0: authenticate with 00:00:5e:00:53:af\n"
                     f"Dec 04 10:42:19 kestrel-ws kernel: {RING} from 192.0.2.77\n")
    for name, extra in (("r.md", []), ("r.json", ["--json"])):
        report = tmp_path / name
        main(["doctor", "--from", str(paste), "--report", str(report), *extra])
        out = capsys.readouterr().out
        for text in (out, report.read_text()):
            assert str(tmp_path) not in text and "anja" not in text and gone("kestrel-ws", text), text
            assert "192.0.2.77" not in text and "journal.txt" in text and "driver-errors" in text
    assert "Found in: journal.txt" in (tmp_path / "r.md").read_text()
    assert json.loads((tmp_path / "r.json").read_text())["inputs"][0]["label"] == "journal.txt"


def test_a_simulated_machines_report_names_it_nowhere(tmp_path):
    """The machine's own names (the Host seam's) reach a pasted journal of the same box too."""
    from rocmdesk.doctor.diagnose import read_host
    from rocmdesk.doctor.report import identity as identity_of

    m = simulate.get_machine("rx6600xt-ubuntu2204")  # user "wei" on host "wei-desktop"
    host = simulate.open_simulated(m.name)
    assert identity_of(host) == {"user": m.user, "hostname": m.hostname}
    reading = read_host(host, venvs=[])
    d = reading.diagnose(texts=[(str(tmp_path / "j.txt"), f"Dec 04 10:42:17 {m.hostname} kernel: {RING}\n"
                                                         f"Dec 04 10:42:18 x kernel: {RING} user {m.user}\n")])
    out = tmp_path / "r.md"
    write_report(out, d, identity=identity_of(host))
    text = out.read_text()
    assert gone(m.hostname, text) and gone(m.user, text) and str(tmp_path) not in text
