"""The report's privacy scrub and its Markdown/JSON for a text-only diagnosis."""

from __future__ import annotations

import json

from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.report import scrub, to_json, to_json_text, to_markdown


def test_scrub_removes_people_and_serials():
    cases = {
        "pavlo@pavlo-desktop:~$ /opt/rocm/bin/rocminfo": "<user>@<host>:~$ /opt/rocm/bin/rocminfo",
        "navin is not member of \"render\" group": "<user> is not member of \"render\" group",
        "padonion is member of render group": "<user> is member of render group",
        "File \"/home/mei/venv/lib/python3.12/site-packages/torch/cuda/__init__.py\"":
            "File \"/home/<user>/venv/lib/python3.12/site-packages/torch/cuda/__init__.py\"",
        "GPU[0]\t\t: Serial Number: 692347006052": "GPU[0]\t\t: Serial Number: <serial>",
        "\"asic_serial\": \"0x1234ABCD\",": "\"asic_serial\": \"<serial>\",",
        "GPU[0]\t\t: Unique ID: 0x9e2a3b5c1d": "GPU[0]\t\t: Unique ID: <id>",
        "  Uuid:                    GPU-a56d387a32cf2cbb": "  Uuid:                    <uuid>",
        "ROCR_VISIBLE_DEVICES=GPU-a56d387a32cf2cbb": "ROCR_VISIBLE_DEVICES=GPU-<uuid>",
    }
    for raw, want in cases.items():
        assert scrub(raw) == want
    ident = {"user": "wei", "hostname": "wei-desktop"}
    assert scrub("groups: wei, render; host wei-desktop; weight 3", ident) == \
        "groups: <user>, render; host <host>; weight 3"


def test_text_only_report():
    d = diagnose(texts=[("/home/mei/trace.txt", "RuntimeError: HIP error: invalid device function\n")])
    md = to_markdown(d)
    assert "## Machine" not in md and "`wheel-missing-arch`" in md and "Found in: trace.txt" in md
    assert "mei" not in md and "/home" not in md  # an input by its base name only (issue 16)
    doc = json.loads(to_json_text(d))
    assert doc["machine"] is None and doc["counts"] == {"error": 1, "warning": 0, "info": 0}
    assert "identity" not in doc
    doc = to_json(d, include_identity=True, identity={"user": "mei"})
    assert doc["identity"] == {"user": "mei"} and doc["inputs"][0]["label"] == "/home/mei/trace.txt"


def test_no_findings_says_so():
    md = to_markdown(diagnose(texts=[("ok.txt", "Traceback (most recent call last):\nValueError: bad\n")]))
    assert "No known problem was found." in md
