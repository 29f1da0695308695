"""Why a pip install failed, read from pip's own output, and what to do next.

pip ends most failures with "Could not find a version that satisfies the requirement": after five retries that
could not reach the index, too.  The first ERROR line alone therefore misleads (a user without a route to the
wheel index is told about versions or conflicts); the causes are told apart by the lines before it:

- network: connections refused, names that do not resolve, timeouts (pip's "Retrying ... after connection broken");
- proxy: pip's ProxyError, or a refused connection to a host that is not the index (the proxy's);
- tls: certificate verification (an intercepting proxy or an old CA bundle);
- no-version: the index answered but has no such version (or none for this Python);
- disk: no space left on device;
- hash: a download that does not match its hash (a broken mirror or cache);
- conflict: pip's resolver found requirements that cannot all hold.

Lines are matched with plain substring tests and one bounded regex: pip output is user-visible text of any length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rocmdesk.i18n import translate

MAX_SCAN = 512 * 1024  # the tail of pip's output that is read: causes are near the end
_HOST_RE = re.compile(r"host='([^'\s]{1,253})'")  # urllib3's HTTP(S)Connection(host='...', port=...)
_INDEX_RE = re.compile(r"^Looking in indexes: (\S{1,2048})")


@dataclass(frozen=True)
class PipFailure:
    kind: str  # network | proxy | tls | no-version | disk | hash | conflict | other
    summary: str  # what happened, in the user's language
    next_step: str  # what to do, in the window's terms (a field, a choice)
    control: str | None = None  # the control that fixes it: "index" (Index or mirror), "proxy", "version", None
    evidence: list[str] = field(default_factory=list)  # pip's own lines that show it (at most a few)


def _host(url: str) -> str | None:
    m = re.match(r"^[a-z][a-z0-9+.-]{0,20}://([^/:@\s]{1,253})", url)
    return m.group(1) if m else None


def classify(output: str) -> PipFailure | None:
    """The cause of the failure ``output`` shows, or None when pip's output names none we know."""
    text = output[-MAX_SCAN:]
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    index_hosts = {h for ln in lines if (m := _INDEX_RE.match(ln)) for u in m.group(1).split(",") if (h := _host(u))}
    broken = [ln for ln in lines if "Retrying (" in ln or "connection broken by" in ln or "Max retries exceeded" in ln]

    def _any(*needles: str) -> list[str]:
        return [ln for ln in lines if any(n in ln for n in needles)]

    if found := _any("No space left on device", "[Errno 28]"):
        return PipFailure("disk", translate("rocmdesk.torchenv.pip_failure", "The disk ran full while pip was installing."), translate(
            "rocmdesk.torchenv.pip_failure", "Free space on the disk that holds the venv (a ROCm PyTorch needs about 15 GB while "
                      "installing), then press Install again."), None, found[:3])
    if found := _any("ProxyError", "Cannot connect to proxy", "Tunnel connection failed", "407 Proxy Authentication"):
        return _proxy(found)
    if found := _any("CERTIFICATE_VERIFY_FAILED", "SSLError", "SSL: WRONG_VERSION_NUMBER"):
        return PipFailure("tls", translate("rocmdesk.torchenv.pip_failure", "pip could not check the wheel index's certificate."), translate(
            "rocmdesk.torchenv.pip_failure", "A proxy that inspects HTTPS or an old certificate store is usual. Choose a mirror you trust "
                      "in Index or mirror, or ask your network's administrator for its certificate."), "index",
            found[:3])
    if broken:
        failing = {h for ln in broken for h in _HOST_RE.findall(ln)}
        if index_hosts and failing and not failing & index_hosts:  # refused by a host that is not the index
            return _proxy(broken)
        dns = [ln for ln in broken if "NameResolutionError" in ln or "Failed to resolve" in ln
               or "Name or service not known" in ln or "Temporary failure in name resolution" in ln]
        summary = (translate("rocmdesk.torchenv.pip_failure", "pip could not look up the wheel index's address (no DNS answer): this "
                                       "computer may be offline, or the index blocked on this network.")
                   if dns else translate("rocmdesk.torchenv.pip_failure", "pip could not reach the wheel index (the connection was refused "
                                                   "or timed out): this computer may be offline, or the index "
                                                   "blocked on this network."))
        return PipFailure("network", summary, translate(
            "rocmdesk.torchenv.pip_failure", "Check the network, or put a mirror you can reach into Index or mirror (in China, for example, "
                      "a university's PyTorch mirror), then press Install again. Behind a proxy, set https_proxy "
                      "before starting rocmdesk."), "index", (dns or broken)[:3])
    if found := _any("THESE PACKAGES DO NOT MATCH THE HASHES", "do not match the hashes"):
        return PipFailure("hash", translate("rocmdesk.torchenv.pip_failure", "A download did not match its published hash."), translate(
            "rocmdesk.torchenv.pip_failure", "The mirror or pip's cache holds a broken file. Press Install again; if it fails the same "
                      "way, choose another mirror in Index or mirror."), "index", found[:3])
    if found := _any("Could not find a version that satisfies the requirement", "No matching distribution found"):
        return PipFailure("no-version", translate(
            "rocmdesk.torchenv.pip_failure", "The wheel index has no build of that version for this Python."), translate(
            "rocmdesk.torchenv.pip_failure", "Choose another version in the list (or another Python for the venv): each index carries its "
                      "own versions."), "version", found[:3])
    if found := _any("ResolutionImpossible", "conflicting dependencies"):
        return PipFailure("conflict", translate(
            "rocmdesk.torchenv.pip_failure", "pip found requirements that cannot all be met (conflicting dependencies)."), translate(
            "rocmdesk.torchenv.pip_failure", "Install into a new, empty venv, or choose the version the recommendation names."), "version",
            found[:3])
    return None


def _proxy(evidence: list[str]) -> PipFailure:
    return PipFailure("proxy", translate("rocmdesk.torchenv.pip_failure", "pip could not get through the proxy to the wheel index."),
                      translate("rocmdesk.torchenv.pip_failure", "Check the proxy's address (https_proxy) and whether it needs a password, "
                                          "or choose a mirror you can reach without it in Index or mirror."),
                      "proxy", evidence[:3])
