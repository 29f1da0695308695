"""What a Doctor report must not carry: people, machines and networks (pure functions, no I/O).

A report is meant to be pasted into a public bug tracker, and most of what it quotes comes from text that someone
pasted into rocmdesk (kernel logs, shell sessions, tool output) or from the machine itself.  ``scrub`` takes out

- **host names**: the machine's own (``identity["hostname"]``, from the Host seam) and every one a text gives away: a
  shell prompt (``mei@box:~$``, ``[mei@box ~]$``, ``mei@box ~ %``, ``I have no name!@box:/$``), a journal/syslog line
  prefix (``Dec 04 10:11:12 box kernel:``, also ``-o short-iso``/``short-precise``/``short-unix``,
  localized months such as ``mei 28`` or ``12月 04``), ``uname -a`` (``Linux box 6.8.0-45-generic
  #45``), ``hostname: box``/``Static hostname: box``/``HOSTNAME=box``, ``Hostname set to <box>``, NCCL/RCCL's
  ``box:48211:48211 [1] NCCL INFO`` prefix.  Each is replaced where it stood, then wherever else the name appears
  (case-insensitively, as host names are; with its domain: ``box.lab.example.org``);
- **user names**: the machine's own (``identity["user"]``) and every one a text gives away: prompts, home folders,
  rocminfo's ``<user> is member of render group``, ``uid=1000(mei)``, ``USER=mei``/``LOGNAME=mei``, sshd's
  ``Accepted publickey for mei from``, sudo's ``mei : TTY=...``, pam's ``by mei(uid=1000)``;
- **home-like paths**: the name in ``/home/<name>``, ``/homes/<name>``, ``/Users/<name>`` (also WSL's
  ``/mnt/c/Users/<name>``), ``/users/<name>`` (``/data/users/<name>``), ``C:\\Users\\<name>``, and ``/root`` (root's
  home: its name is ``root``) become ``<user>``; a ``/mnt/<disk>/<name>`` path loses ``<name>`` only when it is a
  known or given-away user name (``/mnt/c/Windows`` or ``/mnt/data/datasets`` say nothing of a person);
- **addresses**: IPv4 (``<ip>``), IPv6 in full or compressed form, with a zone or a prefix length (``<ipv6>``),
  MAC addresses (6, 8 or 20 bytes, ``<mac>``), e-mail addresses (``<email>``, not ``git@github.com:owner/repo``)
  and the credentials in a URL (``https://<credentials>@host``);
- **hardware and system identifiers**: serial numbers (``Serial Number:``, ``serial_number``, ``ASIC_SERIAL``,
  ``PRODUCT_SERIAL``...: ``<serial>``), unique ids (``Unique ID:``: ``<id>``), UUIDs (``Uuid: GPU-...``,
  ``GPU-<hex>``, any 8-4-4-4-12 UUID: ``<uuid>``), the machine id and journal boot ids (``<id>``).

What a diagnosis needs stays: gfx targets, every kind of version (ROCm, kernel, packages, firmware), error strings,
PCI ids and bus addresses (``1002:744c``, ``0000:03:00.0``), times (``10:11:12``), C++ names (``c10::Error``).
Loopback and unspecified addresses (``127.0.0.1``, ``0.0.0.0``, ``::1``, ``::``), netmasks (``255.255.255.0``)
and the all-zero/all-ones MACs name nobody and stay too.

**A dotted quad: address or version?**  ``a.b.c.d`` is taken for an IPv4 address unless it reads as a version:
a part above 255 or with a leading zero (``6.2.0.60200``, firmware ``00.54.29.00``); more parts than four
(``6.8.0.45.45``); a version marker glued to it (``-``, ``_``, ``+``, ``~``, ``==``, ``>=``... before it, such as
``Linux-5.15.153.1``; ``-``, ``+``, ``~``, ``_`` and a letter or digit after it, such as ``5.15.153.1-microsoft``
or ``2.1.0.4+rocm6.0``); or a version word (version, ver, release, build, firmware, fw, driver, bios, vbios,
kernel, rev, revision, package) right before it, or with one word between (``firmware version: 1.2.3.4``,
``fw ver 1.2.3.4``; not ``HIP version 6.2.41134 on 10.1.2.3``).  Address words win over
version words: a quad right after inet, addr/address, ip, from, to, via, src, dst, peer, server, gateway, dns,
nameserver, host, connect(ed/ing) to, listen(ing) on, bind, ``@`` or ``//``, or with a ``:port`` or ``/prefix``
after it, is an address.  A bare quad with no context is an address: a version shown as ``<ip>`` costs the
reader little, a leaked address cannot be taken back.

**Names that say nothing.**  A name given away by a text (or the machine's own) is replaced where it stood, but
replaced *elsewhere* only when it is at least two characters long and is not a word the diagnosis needs
(``root``, ``ubuntu``, ``debian``, ``localhost``, ``desktop``, ``amd``, ``rocm``, ``render``, ``video``, a gfx
name, a number or version...): a box named ``ubuntu`` must not wipe "Ubuntu 24.04" from its own report, and such
a name identifies nobody.

**IPv6 or not.**  A candidate has eight groups, or one ``::`` and fewer; ``10:11:12`` (a time), ``1002:744c`` (a
PCI id) and ``0000:03:00.0`` (a bus address) have neither.  Compressed to two groups, the first must have four
digits (``fe80::1``, ``fd00::43``, ``2001::1``), so that PyTorch's ``c10::add`` stays C++.

Where the names come from: ``learn`` reads them from texts; a report (``rocmdesk.doctor.report``) learns from all
of its strings and from each pasted input as a whole (``given_away``, kept on ``InputResult.names``), so a host
named only in a prompt line that is not quoted is still taken out of the lines that are.

Limits: a line the Doctor shortened to 300 characters (``Finding.add_evidence``) can end in part of an address
(``192.168.1…``): a part of a quad is not recognised.  Names that a text never gives away (a colleague's name in
a comment) cannot be known.  MACs written with dashes (Windows) are not recognised.
"""

from __future__ import annotations

import ntpath
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

HOST = "<host>"
USER = "<user>"
IPV4 = "<ip>"
IPV6 = "<ipv6>"
MAC = "<mac>"
EMAIL = "<email>"
SERIAL = "<serial>"
ID = "<id>"
UUID = "<uuid>"
CREDENTIALS = "<credentials>"

# words a diagnosis needs, or default names that identify nobody: never replaced outside the place they stood
_KEEP_WORDS = frozenset("""
root admin administrator user users nobody guest default none null unknown localhost localdomain local host home
ubuntu debian fedora arch archlinux manjaro endeavouros mint linuxmint pop pop-os popos opensuse suse centos rhel
rocky alma almalinux nixos gentoo void kali raspberrypi wsl docker container podman server desktop workstation
laptop pc linux kernel systemd amd amdgpu radeon instinct rocm hip hsa gpu cpu apu kfd drm render video input
python python3 torch pytorch cuda nvidia test tests build runner jenkins ci live simulated machine name
""".split())
_VERSION_WORDS = ("version", "ver", "release", "build", "firmware", "fw", "driver", "bios", "vbios",
                  "kernel", "rev", "revision", "package", "pkg")
_ADDRESS_WORDS = ("inet", "addr", "address", "ip", "ipv4", "from", "to", "via", "src", "dst", "peer", "server",
                  "gateway", "gw", "dns", "nameserver", "host", "connect", "connected to", "connecting to",
                  "listen", "listening on", "bind", "client", "remote", "proxy")

_NAME = r"[A-Za-z0-9][\w.-]{0,252}"  # a host name as texts write it
_USERNAME = r"[A-Za-z_][\w.-]{0,63}"

# -- where a text gives a host (and a user) away -------------------------------------------------------------
_MONTH_DAY = r"(?:[^\W\d_]{2,5}\.?\s{1,2}\d{1,2}|\d{1,2}\s?[月월]\s{0,2}\d{1,2}日?)"
_TIME = r"\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?"
# (not -o short-monotonic's "[ 12.345678] host kernel:": dmesg's "[ 12.345678] amdgpu 0000:03:00.0:" looks the same)
_TIMESTAMP = (rf"(?:{_MONTH_DAY}\s{_TIME}|\d{{4}}-\d{{2}}-\d{{2}}T{_TIME}(?:Z|[+-]\d{{2}}:?\d{{2}})?"
              rf"|\d{{9,11}}\.\d{{1,9}})")
_LEVELS = r"(?:DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|ERR|CRITICAL|CRIT|FATAL|TRACE|ALERT|EMERG)\b"
# journalctl/syslog: "<timestamp> <host> <identifier>[<pid>]:" (an application log's level is no host)
_JOURNAL = re.compile(rf"(?<!\S)({_TIMESTAMP}) (?!{_LEVELS})(?P<host>{_NAME}) (?=[\w.@/-]{{1,80}}(?:\[\d+\])?:)")
# shell prompts: user@host:~$, user@host:/path#, (venv) user@host:~$, zsh's user@host ~ %, [user@host dir]$
_PROMPT = re.compile(
    rf"(?<![\w.+-])(?P<user>{_USERNAME})@(?P<host>{_NAME}?[A-Za-z0-9])"
    r"(?=:(?:[~/]|\s|$)|\s+[~/][^\s]*\s*[$#%>]|\s+[^\s\]]*\][$#]|\s*[$#%]\s)", re.MULTILINE)
_NONAME_PROMPT = re.compile(rf"(?<=!)@(?P<host>{_NAME}?[A-Za-z0-9])(?=:)")  # "I have no name!@3f2a9c:/$"
_UNAME = re.compile(rf"\b(Linux )(?P<host>{_NAME}) (?=\d+\.\d+\S* #\d)")
_HOST_KEY = re.compile(
    rf"(?i)(?<![\w-])((?:static |transient |pretty )?(?:host ?name|node ?name)\"?[ \t]*[:=][ \t]*\"?)(?P<host>{_NAME})")
_HOST_SET = re.compile(rf"(?i)(hostname set to )(?P<host><{_NAME}>)")
# NCCL/RCCL's line prefix "host:pid:tid [device] NCCL INFO"
_NCCL = re.compile(rf"(?m)^(?:\[rank\d+\]:\s*)?(?P<host>{_NAME}):\d+:\d+ (?=\[\d+\] (?:NCCL|RCCL))")
# ...and a user
_MEMBER = re.compile(rf"(?m)^([^\S\n]*)(?P<user>{_USERNAME}) (?=is (?:not )?member of )")
_UID = re.compile(rf"\b((?:uid|euid|owner)=\d+\()(?P<user>{_USERNAME})(?=\))")
_USER_VAR = re.compile(rf"(?<![\w-])((?:USER|LOGNAME|USERNAME|SUDO_USER)=[\"']?)(?P<user>{_USERNAME})")
# sshd "Accepted publickey for mei from", sudo's "mei : TTY=pts/0 ; PWD=...", pam "by mei(uid=1000)"
_LOGIN = re.compile(rf"(?:\b(?:Accepted|Failed) [\w-]+ for (?:invalid user )?(?P<user>{_USERNAME})(?= from )"
                    rf"|\bsudo(?:\[\d+\])?:\s+(?P<user2>{_USERNAME})(?= : (?:TTY|PWD|USER|COMMAND)=)"
                    rf"|\b(?:session (?:opened|closed) for user|by) (?P<user3>{_USERNAME})(?=\(uid=))")
_HOME = re.compile(r"(?<=/)(home|homes|Users|users)/(?P<user>[^/\s'\"`<>:;,|()\[\]{}*?]+)")
_WIN_HOME = re.compile(r"(?i)(?<![\w])([a-z]:\\+users\\+)(?P<user>[^\\/\s'\"`<>:;,|()\[\]{}*?]+)")
_ROOT_HOME = re.compile(r"(?<![\w.~/-])/root(?=[/\s'\"`:;,)\]}>]|$)")

# What every match of a pattern holds (one of the words; ``True``: in the lowered text, for a case-insensitive
# pattern, with no i, s or k, which re also matches with ı, ſ and K): a text without it is not searched with that
# pattern.  Most texts give little away, and a pattern whose fixed part is in its middle costs re a try at every
# character (45 ms for the excerpt of a 200 MB log, before).  tests/doctor/test_scrub.py holds each word to its
# pattern.
_NEEDS: dict[re.Pattern[str], tuple[tuple[str, ...], bool]] = {
    _PROMPT: (("@",), False),
    _NONAME_PROMPT: (("!@",), False),
    _UNAME: (("Linux ",), False),
    _HOST_KEY: (("name",), True),
    _HOST_SET: (("name ",), True),
    _NCCL: (("CCL",), False),
    _MEMBER: (("member of ",), False),
    _UID: (("uid=", "owner="), False),
    _USER_VAR: (("USER=", "LOGNAME=", "USERNAME="), False),
    _LOGIN: ((" for ", "sudo", "(uid="), False),
    _HOME: (("ome/", "omes/", "sers/"), False),
    _WIN_HOME: ((":\\",), False),
}

# -- addresses and identifiers ---------------------------------------------------------------------------------
# NCCL/RCCL's "Using [0]eno1:10.20.30.43<0> [1]ib0:fd00::43<0>": an address glued to an interface name
_NCCL_ADDRESS = re.compile(r"(\[\d+\][\w.-]{1,15}:)([0-9A-Fa-f.:]{3,45}(?:%[\w.-]{1,16})?)(?=<\d+>)")
_URL_CREDENTIALS = re.compile(r"(?<=://)[^/\s:@]{1,128}:[^/\s@]{1,256}@")
# (not git@github.com:owner/repo, an SSH remote)
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,24}\b(?![:@-])")
_NO_VALUE = r"(?!N/A\b|none\b|null\b|0\b|<)"  # "Serial Number: N/A" names nothing
_SERIAL = re.compile(r"(?i)(serial(?:[ _]?(?:number|no))?\"?[ \t]*[:=][ \t]*\"?)" + _NO_VALUE + r"[^\s\",}=:]+")
_UNIQUE_ID = re.compile(r"(?i)(unique[ _]?id\"?[ \t]*[:=][ \t]*\"?)" + _NO_VALUE + r"[^\s\",}=:]+")
_MACHINE_ID = re.compile(r"(?i)((?:machine|boot)[ _-]?id\"?[ \t]*[:=]?[ \t]*\"?|-- Boot )[0-9a-f]{32}\b")
_UUID_FIELD = re.compile(r"(Uuid:[ \t]+)(?!(?:CPU|GPU)-XX\b|<)\S+")
_GPU_UUID = re.compile(r"\bGPU-[0-9a-fA-F]{8,}\b")
_UUID = re.compile(r"(?<![\w-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])")
_MAC = re.compile(r"(?<![\w:.-])[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}(?:(?::[0-9A-Fa-f]{2}){2}|(?::[0-9A-Fa-f]{2}){14})?"
                  r"(?![\w:-])")
_IPV4 = re.compile(r"(?<![\w.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\w]|\.\d)")
_IPV6 = re.compile(r"(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:%[\w.-]{1,16})?(?![\w:]|\.\w)")

# a version word right before the quad, or one short word between ("firmware version: ", "fw ver 1.2.3.4"): not
# "HIP version 6.2.41134 on 10.1.2.3"
_VERSION_BEFORE = re.compile(r"(?i)(?:^|[^\w])(?:" + "|".join(_VERSION_WORDS)
                             + r")\b[\s:=#]{0,3}(?:[A-Za-z]\w{0,11}[\s:=#]{1,3})?$")
_ADDRESS_BEFORE = re.compile(r"(?i)(?:(?<![A-Za-z0-9])(?:" + "|".join(re.escape(w) for w in _ADDRESS_WORDS)
                             + r")(?![A-Za-z0-9])\W{0,3}|@|//)$")  # MASTER_ADDR=, inet , from 


LEARN_SPAN = 1 << 20  # of a pasted text, the first and last MiB are read for the names it gives away


@dataclass(frozen=True)
class Names:
    """The user and host names to take out of a report: the machine's own and those its texts give away."""

    users: frozenset[str] = frozenset()
    hosts: frozenset[str] = frozenset()

    def __or__(self, other: Names) -> Names:
        return Names(self.users | other.users, self.hosts | other.hosts)


def protected(name: str) -> bool:
    """True for a name that says nothing of a person or a box, or is a word the diagnosis needs (``ubuntu``,
    ``root``, ``gfx1100``, ``6.2.4``): it is replaced where a text gives it away, never elsewhere."""
    n = name.strip().lower()
    return (len(n) < 2 or n in _KEEP_WORDS or n.startswith("<")
            or re.fullmatch(r"gfx[0-9a-f]{2,5}|[\d.:_-]+|v?\d+(?:\.\d+)+.*|[a-f0-9]{1,2}", n) is not None)


def learn(texts: Iterable[str], identity: Mapping[str, str] | None = None) -> Names:
    """The names ``texts`` give away (prompts, journal prefixes, homes...) with ``identity``'s (``user``,
    ``hostname``): those ``scrub`` replaces wherever they appear."""
    users: set[str] = set()
    hosts: set[str] = set()
    for key, into in (("user", users), ("hostname", hosts)):
        value = ((identity or {}).get(key) or "").strip()
        if value:
            into.add(value)
    for text in texts:
        if not text:
            continue
        lowered = text.lower()
        for m in _found(_PROMPT, text, lowered):  # a prompt gives both
            hosts.add(m.group("host"))
            users.add(m.group("user"))
        for pat in (_JOURNAL, _NONAME_PROMPT, _UNAME, _HOST_KEY, _HOST_SET, _NCCL):
            for m in _found(pat, text, lowered):
                hosts.add(m.group("host").strip("<>"))
        for pat in (_MEMBER, _UID, _USER_VAR, _LOGIN, _HOME, _WIN_HOME):
            for m in _found(pat, text, lowered):
                if pat is _HOME and "://" in _token_before(text, m.start()):
                    continue  # https://example.org/users/guide names no user of this machine
                users.add(m.group(_named(m, "user")))
    for h in list(hosts):  # a fully qualified name gives its first label away too
        if "." in h.strip("."):
            hosts.add(h.split(".", 1)[0])
    return Names(frozenset(u for u in users if u), frozenset(h for h in hosts if h))


def _found(pat: re.Pattern[str], text: str, lowered: str) -> Iterable[re.Match[str]]:
    """``pat``'s matches in ``text``: none without looking when the text lacks what each of them holds (_NEEDS)."""
    words, lower = _NEEDS.get(pat, ((), False))
    if words and not any(w in (lowered if lower else text) for w in words):
        return ()
    return pat.finditer(text)


def given_away(data: bytes | str) -> Names:
    """The names a pasted text gives away (its prompts, journal prefixes, homes...), kept with its diagnosis
    (``InputResult.names``) so that its report takes them out of every line it quotes, also of lines that do not
    give them away themselves.  Of a large text only the ends are read (``LEARN_SPAN``)."""
    if len(data) > 2 * LEARN_SPAN:
        parts = [data[:LEARN_SPAN], data[-LEARN_SPAN:]]
    else:
        parts = [data]
    return learn(p.decode("utf-8", "replace") if isinstance(p, bytes) else p for p in parts)


def _token_before(text: str, end: int) -> str:
    """The part of the whitespace/quote-delimited token of ``text`` that ends at ``end``."""
    start = max(text.rfind(c, 0, end) for c in " \t\n'\"`(=") + 1
    return text[start:end]


def _named(m: re.Match[str], name: str) -> str:
    """The group ``name`` (or ``name2``, ``name3``: a pattern's other branches) that took part in ``m``."""
    return next(g for g in (name, name + "2", name + "3") if g in m.re.groupindex and m.start(g) >= 0)


def _sub_group(pat: re.Pattern[str], name: str, placeholder: str, text: str) -> str:
    """``text`` with the named group of each match of ``pat`` replaced by ``placeholder``."""
    def repl(m: re.Match[str]) -> str:
        whole, start, g = m.group(0), m.start(), _named(m, name)
        return whole[:m.start(g) - start] + placeholder + whole[m.end(g) - start:]
    return pat.sub(repl, text)


def _home(m: re.Match[str]) -> str:
    if "://" in _token_before(m.string, m.start()):
        return m.group(0)  # https://example.org/users/guide: a web page, no home folder
    return f"{m.group(1)}/{USER}"


def _ipv4(m: re.Match[str]) -> str:
    parts = m.groups()
    if any(len(p) > 1 and p[0] == "0" or int(p) > 255 for p in parts):
        return m.group(0)  # 6.2.0.60200, firmware 00.54.29.00: versions
    first = int(parts[0])
    if first in (0, 127, 255):
        return m.group(0)  # unspecified, loopback, netmasks: nobody's
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    before = m.string[max(line_start, m.start() - 24):m.start()]
    after = m.string[m.end():m.end() + 2]
    if _ADDRESS_BEFORE.search(before) or re.match(r":\d|/\d", after):
        return IPV4
    if re.search(r"(?:[-_+~]|[=<>!~]=)$", before) or re.match(r"[-_+~][A-Za-z0-9]", after):
        return m.group(0)  # glued to a version marker: Linux-5.15.153.1-microsoft, torch==2.1.0.1
    if _VERSION_BEFORE.search(before):
        return m.group(0)  # "firmware version 1.2.3.4"
    return IPV4


def _ipv6(m: re.Match[str]) -> str:
    whole = m.group(0)
    addr = whole.split("%", 1)[0]
    if addr in ("::", "::1") or ":::" in addr or addr.count("::") > 1:
        return whole
    if addr.startswith(":") and not addr.startswith("::") or addr.endswith(":") and not addr.endswith("::"):
        return whole
    groups = [g for g in addr.split(":") if g]
    if "::" in addr:
        if len(groups) > 7 or not groups:
            return whole
        if len(groups) <= 2 and not addr.startswith("::") and len(addr.split("::")[0].split(":")[0]) != 4:
            return whole  # "c10::add", "ab::1": a C++ name or a word, not fe80::1
    elif len(groups) != 8:
        return whole  # 10:11:12 is a time, 1002:744c a PCI id
    return IPV6


def _mac(m: re.Match[str]) -> str:
    digits = m.group(0).replace(":", "").lower()
    return m.group(0) if set(digits) <= {"0"} or set(digits) <= {"f"} else MAC


def _names_pattern(names: Iterable[str], host: bool) -> re.Pattern[str] | None:
    keep = sorted({n for n in names if not protected(n)}, key=lambda n: (-len(n), n))
    if not keep:
        return None
    alt = "|".join(re.escape(n) for n in keep)
    if host:  # journal-box-name.txt: a host name is whole between other characters than [A-Za-z0-9]; its domain
        # goes with it (box.lab.example.org), a file's extension does not (box.log)
        domain = r"(?:\.(?!(?:txt|log|json|md|out|err|gz|xz|zip|tar|csv|html?|ya?ml|toml|py|sh)\b)[A-Za-z][A-Za-z0-9-]*)*"
        return re.compile(rf"(?<![A-Za-z0-9])(?:{alt}){domain}(?![A-Za-z0-9])", re.IGNORECASE)
    return re.compile(rf"(?<![\w.-])(?:{alt})(?![\w-])")


def scrub(text: str, identity: Mapping[str, str] | None = None, names: Names | None = None) -> str:
    """``text`` without user and host names, addresses, serial numbers and other identifiers (see the module's
    description).  ``identity`` names the machine's own user and host (``user``, ``hostname``); ``names`` the
    names learned from all of a report's texts (``learn``): without it, those ``text`` itself gives away."""
    if not text:
        return text
    if names is None:
        names = learn([text], identity)
    elif identity:
        names = names | learn((), identity)
    text = _URL_CREDENTIALS.sub(CREDENTIALS + "@", text)
    # where a host or user is given away
    text = _sub_group(_JOURNAL, "host", HOST, text)
    text = _PROMPT.sub(f"{USER}@{HOST}", text)
    text = _sub_group(_NONAME_PROMPT, "host", HOST, text)
    for pat in (_UNAME, _HOST_KEY, _HOST_SET, _NCCL):
        text = _sub_group(pat, "host", HOST, text)
    for pat in (_MEMBER, _UID, _USER_VAR, _LOGIN):
        text = _sub_group(pat, "user", USER, text)
    text = _EMAIL.sub(EMAIL, text)
    text = _HOME.sub(_home, text)
    text = _sub_group(_WIN_HOME, "user", USER, text)
    text = _ROOT_HOME.sub("/" + USER, text)
    # identifiers
    text = _SERIAL.sub(r"\1" + SERIAL, text)
    text = _UNIQUE_ID.sub(r"\1" + ID, text)
    text = _MACHINE_ID.sub(r"\1" + ID, text)
    text = _UUID_FIELD.sub(r"\1" + UUID, text)
    text = _GPU_UUID.sub("GPU-" + UUID, text)
    text = _UUID.sub(UUID, text)
    # addresses
    text = _MAC.sub(_mac, text)
    text = _NCCL_ADDRESS.sub(lambda m: m.group(1) + (IPV6 if ":" in m.group(2) else IPV4), text)
    text = _IPV4.sub(_ipv4, text)
    text = _IPV6.sub(_ipv6, text)
    # the names, wherever else they appear
    for found, host, placeholder in ((names.hosts, True, HOST), (names.users, False, USER)):
        pat = _names_pattern(found, host)
        if pat is not None:
            text = pat.sub(placeholder, text)
    return text


def strings(obj: Any) -> Iterable[str]:
    """Every string in a JSON-like tree (dict values, list items)."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, Mapping):
        for v in obj.values():
            yield from strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings(v)


def scrub_tree(obj: Any, identity: Mapping[str, str] | None = None, names: Names | None = None) -> Any:
    """A copy of a JSON-like tree with every string scrubbed; the names any of its strings gives away are taken
    out of all of them (a host seen in one line's journal prefix is taken out of another line's text)."""
    if names is None:
        names = learn(strings(obj), identity)
    return map_strings(obj, lambda s: scrub(s, identity, names))


def map_strings(obj: Any, fn: Callable[[str], str]) -> Any:
    """A copy of a JSON-like tree with ``fn`` applied to every string (dict keys stay as they are)."""
    if isinstance(obj, str):
        return fn(obj)
    if isinstance(obj, Mapping):
        return {k: map_strings(v, fn) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [map_strings(v, fn) for v in obj]
    return obj


def input_names(labels: Sequence[str]) -> dict[str, str]:
    """What a report calls each input: a file's base name (``/home/mei/logs/dmesg.txt`` -> ``dmesg.txt``), never
    the folder it was in; ``<input N>`` (N counting from 1) where two inputs have the same base name or a path
    has none.  Labels that are no path (``<stdin>``, ``the pasted text``) stay as they are."""
    base: dict[str, str] = {}
    for label in labels:
        if "/" in label or "\\" in label:
            path = ntpath if "\\" in label and "/" not in label else posixpath
            base[label] = path.basename(label.rstrip("/\\"))
        else:
            base[label] = label
    counts: dict[str, int] = {}
    for label in dict.fromkeys(labels):
        counts[base[label]] = counts.get(base[label], 0) + 1
    out: dict[str, str] = {}
    for n, label in enumerate(labels, 1):
        if label in out:
            continue
        name = base[label]
        out[label] = name if name and counts[name] == 1 else f"<input {n}>"
    return out
