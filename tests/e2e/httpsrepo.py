"""A local HTTPS server that plays AMD's repository hosts, inside a private network namespace.

The plan's URLs are AMD's real ones (``https://repo.radeon.com/...``) and the helper has no option to
change them.  So the test changes the world around it instead, for the chroot only:

- a private network namespace (``unshare --net``) holds only a loopback device; the server and every
  command run in the chroot join it (``nsenter --net``).  Port 443 on the host is never touched and
  nothing in the chroot can reach the real internet, so a mistake cannot fetch from AMD.
- the chroot's ``/etc/hosts`` maps AMD's host names to 127.0.0.1;
- the server presents a certificate for those names from a throw-away CA that only the chroot's CA
  store trusts (apt's gnutls and Python's urllib both read ``/etc/ssl/certs/ca-certificates.crt``).

Run as a program (inside the namespace) it serves ``DOCROOT/<Host header>/PATH``:
``python3 httpsrepo.py DOCROOT CERT KEY LOG``; it prints ``ready`` once it listens on 127.0.0.1:443.
"""

from __future__ import annotations

import fcntl
import http.server
import os
import signal
import socket
import ssl
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

PORT = 443
SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 0x1


# -- certificates ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CertAuthority:
    ca_cert: Path
    server_cert: Path
    server_key: Path


def make_ca(directory: Path, hosts: list[str]) -> CertAuthority:
    """A CA and a server certificate for ``hosts`` (openssl, EC P-256, valid two days)."""
    directory.mkdir(parents=True, exist_ok=True)
    d = directory

    def ssl_cmd(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    ssl_cmd("req", "-x509", *ec, "-keyout", str(d / "ca.key"), "-out", str(d / "ca.crt"), "-days", "2",
            "-subj", "/CN=rocmdesk throw-away test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    ssl_cmd("req", *ec, "-keyout", str(d / "server.key"), "-out", str(d / "server.csr"), "-subj", f"/CN={hosts[0]}")
    ext = d / "server.ext"
    ext.write_text("subjectAltName=" + ",".join(f"DNS:{h}" for h in hosts) + "\n"
                   "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
                   "extendedKeyUsage=serverAuth\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid,issuer\n")
    ssl_cmd("x509", "-req", "-in", str(d / "server.csr"), "-CA", str(d / "ca.crt"), "-CAkey", str(d / "ca.key"),
            "-CAcreateserial", "-out", str(d / "server.crt"), "-days", "2", "-extfile", str(ext))
    return CertAuthority(d / "ca.crt", d / "server.crt", d / "server.key")


# -- the network namespace -----------------------------------------------------------------------------
class NetNamespace:
    """A private network namespace held open by a sleeping process; ``enter`` prefixes a command to join it."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(["unshare", "--net", "--", "sleep", "infinity"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.path = f"/proc/{self.proc.pid}/ns/net"
        own = os.readlink("/proc/self/ns/net")
        for _ in range(200):  # until unshare has switched and exec'd sleep
            if self.proc.poll() is not None:
                raise OSError("unshare --net failed: " + self.proc.stderr.read().decode(errors="replace").strip())
            try:
                if os.readlink(self.path) != own:
                    break
            except OSError:
                pass
            time.sleep(0.01)
        else:
            self.close()
            raise OSError("the network namespace did not appear")

    def enter(self, argv: list[str]) -> list[str]:
        return ["nsenter", f"--net={self.path}", "--", *argv]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def loopback_up() -> None:
    """``ip link set lo up`` without iproute2 (a fresh namespace has lo down)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        ifr = struct.pack("16sh14x", b"lo", 0)
        flags = struct.unpack("16sh14x", fcntl.ioctl(s, SIOCGIFFLAGS, ifr))[1]
        fcntl.ioctl(s, SIOCSIFFLAGS, struct.pack("16sh14x", b"lo", flags | IFF_UP))


class Server:
    """The HTTPS server, running in ``netns``, serving ``docroot``; requests are logged to ``log``."""

    def __init__(self, netns: NetNamespace, docroot: Path, ca: CertAuthority, log: Path) -> None:
        self.log = log
        argv = [sys.executable, "-I", str(Path(__file__).resolve()), str(docroot), str(ca.server_cert),
                str(ca.server_key), str(log)]
        self.proc = subprocess.Popen(netns.enter(argv), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if line.strip() != "ready":
            self.stop()
            raise OSError(f"the HTTPS test server did not start: {line}{self.proc.stderr.read()}")

    def requests(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# -- the server program ----------------------------------------------------------------------------------
class _Handler(http.server.SimpleHTTPRequestHandler):
    docroot: Path
    log_file: Path

    def translate_path(self, path: str) -> str:
        host = (self.headers.get("Host") or "").split(":")[0].lower()
        parts = [p for p in unquote(urlsplit(path).path).split("/") if p not in ("", ".", "..")]
        if not host or "/" in host or host.startswith("."):
            return str(self.docroot / "-nothing-")
        return str(self.docroot.joinpath(host, *parts))

    def list_directory(self, path):  # noqa: ANN001 - no directory listings
        self.send_error(404)
        return None

    def log_message(self, fmt: str, *args) -> None:  # noqa: ANN002
        with open(self.log_file, "a") as fh:
            fh.write(f"{self.headers.get('Host', '-') if hasattr(self, 'headers') else '-'} {fmt % args}\n")


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    docroot, cert, key, log = (Path(a) for a in argv)
    loopback_up()
    handler = type("Handler", (_Handler,), {"docroot": docroot, "log_file": log})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), handler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    signal.signal(signal.SIGTERM, _stop)
    print("ready", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
