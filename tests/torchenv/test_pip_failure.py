"""Why pip failed, told from pip's own output (issue 18): real pip runs against a closed port, a name that does not
resolve, a dead proxy and a local index without the version; plus the cases that cannot be staged here."""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys

import pytest

from rocmdesk.torchenv.install import plan_install, run_install
from rocmdesk.torchenv.pip_failure import MAX_SCAN, classify


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now: connections are refused
    return port


def _pip(*args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    out = subprocess.run([sys.executable, "-m", "pip", "--isolated", "download", "--no-deps", "--retries", "1",
                          "--timeout", "3", "-d", os.devnull + "-dir-never-made", *args],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode != 0
    return out.stdout + out.stderr


def test_a_closed_port_is_a_network_failure_not_a_missing_version():
    text = _pip("--index-url", f"http://127.0.0.1:{_closed_port()}/simple", "rocmdesk-no-such-package")
    assert "Could not find a version" in text  # what pip ends with, and what misled the page before
    failure = classify(text)
    assert failure is not None and failure.kind == "network" and failure.control == "index"
    assert "Index or mirror" in failure.next_step
    assert any("Connection refused" in line for line in failure.evidence)


def test_a_name_that_does_not_resolve_says_so():
    failure = classify(_pip("--index-url", "https://rocmdesk-test.invalid/simple", "rocmdesk-no-such-package"))
    assert failure is not None and failure.kind == "network"
    assert "DNS" in failure.summary


def test_a_dead_proxy_is_the_proxy():
    text = _pip("--proxy", f"http://127.0.0.1:{_closed_port()}", "--index-url", "https://rocmdesk-test.invalid/simple",
                "rocmdesk-no-such-package")
    failure = classify(text)
    assert failure is not None and failure.kind == "proxy" and failure.control == "proxy"


def test_an_index_without_the_version(tmp_path):
    (tmp_path / "rocmdesk_demo-1.0-py3-none-any.whl").write_bytes(b"")  # a name is enough for pip to list it
    failure = classify(_pip("--no-index", "--find-links", str(tmp_path), "rocmdesk-demo==9.9"))
    assert failure is not None and failure.kind == "no-version" and failure.control == "version"


@pytest.mark.parametrize("line, kind", [
    ("ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device", "disk"),
    ("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken "
     "by 'ProxyError('Cannot connect to proxy.', OSError('Tunnel connection failed: 407 Proxy Authentication "
     "Required'))': /whl/rocm6.4/torch/", "proxy"),
    ("Could not fetch URL https://download.example/whl/: There was a problem confirming the ssl certificate: "
     "HTTPSConnectionPool(host='download.example', port=443): Max retries exceeded with url: /whl/ (Caused by "
     "SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed')))", "tls"),
    ("ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE.", "hash"),
    ("ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/", "conflict"),
])
def test_the_causes_that_cannot_be_staged_here(line, kind):
    failure = classify("Looking in indexes: https://download.example/whl/rocm6.4\n" + line + "\n")
    assert failure is not None and failure.kind == kind


def test_unknown_output_names_no_cause_and_huge_output_is_cheap():
    assert classify("ERROR: something pip has never said before\n") is None
    import time

    start = time.monotonic()
    assert classify(("x" * 200_000 + "\n") * 50 + "host='" + "a" * 10**6) is None
    assert time.monotonic() - start < 2.0
    assert MAX_SCAN <= 1024 * 1024


def test_the_install_result_carries_the_cause(tmp_path):
    # a venv that exists (this interpreter's is not one we may touch: make a bare one), pip pointed at a closed port
    from rocmdesk.torchenv.process import run_streamed

    venv = tmp_path / "v"
    assert run_streamed([sys.executable, "-m", "venv", "--system-site-packages", str(venv)]).ok
    plan = plan_install(venv, ["rocmdesk-no-such-package==1.0"], index_url=f"http://127.0.0.1:{_closed_port()}/simple",
                        log_dir=tmp_path, upgrade_pip=False)
    plan = dataclasses.replace(plan, pip=(*plan.pip[:4], "--retries", "1", "--timeout", "3", *plan.pip[4:]))
    res = run_install(plan, check_space=False)
    assert not res.ok and res.failure is not None and res.failure.kind == "network"
    assert res.error.startswith("pip failed:") and "could not reach the wheel index" in res.error
