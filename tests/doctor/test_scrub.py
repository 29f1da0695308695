"""``rocmdesk.doctor.scrub``: what goes (people, machines, networks, hardware ids), what stays (what a diagnosis
needs), and a hypothesis property over whole reports."""

from __future__ import annotations

import ipaddress
import re
import uuid

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rocmdesk.doctor.catalogue import catalogue
from rocmdesk.doctor.diagnose import diagnose
from rocmdesk.doctor.report import to_json_text, to_markdown
from rocmdesk.doctor.scrub import Names, given_away, input_names, learn, protected, scrub, scrub_tree

GONE = {
    # host names a line gives away
    "Dec 04 10:11:12 myhost kernel: amdgpu 0000:03:00.0: ring gfx_0.0.0 timeout":
        "Dec 04 10:11:12 <host> kernel: amdgpu 0000:03:00.0: ring gfx_0.0.0 timeout",
    "Dec  4 10:11:12 myhost systemd[1]: Started session 3": "Dec  4 10:11:12 <host> systemd[1]: Started session 3",
    "mei 28 16:47:43 Annibuntu kernel: amdgpu 0000:09:00.0: [gfxhub] VMC page fault":
        "mei 28 16:47:43 <host> kernel: amdgpu 0000:09:00.0: [gfxhub] VMC page fault",
    "12月 04 10:11:12 xiaoming-pc kernel: amdgpu: probe failed": "12月 04 10:11:12 <host> kernel: amdgpu: probe failed",
    "2024-12-04T10:11:12.345678+01:00 node3.lab.example.org kernel: x":
        "2024-12-04T10:11:12.345678+01:00 <host> kernel: x",
    "1733303466.123456 myhost kernel: x": "1733303466.123456 <host> kernel: x",
    "Linux kestrel-ws 6.8.0-49-generic #49-Ubuntu SMP PREEMPT_DYNAMIC":
        "Linux <host> 6.8.0-49-generic #49-Ubuntu SMP PREEMPT_DYNAMIC",
    "   Static hostname: kestrel-ws": "   Static hostname: <host>",
    "HOSTNAME=kestrel-ws": "HOSTNAME=<host>",
    "systemd[1]: Hostname set to <kestrel-ws>.": "systemd[1]: Hostname set to <host>.",
    "gpu-node03:48211:48211 [1] NCCL INFO Bootstrap": "<host>:48211:48211 [1] NCCL INFO Bootstrap",
    # prompts
    "pavlo@pavlo-desktop:~$ /opt/rocm/bin/rocminfo": "<user>@<host>:~$ /opt/rocm/bin/rocminfo",
    "(.venv) anja@kestrel-ws:~/proj$ python": "(.venv) <user>@<host>:~/proj$ python",
    "[hpcuser@gpu-node017 ~]$ rocm-smi": "[<user>@<host> ~]$ rocm-smi",
    "anja@kestrel-ws ~ % rocminfo": "<user>@<host> ~ % rocminfo",
    "root@3f9a0c1e77b2:/var/lib/jenkins# rocminfo": "<user>@<host>:/var/lib/jenkins# rocminfo",
    "I have no name!@39764af76254:/$ rocminfo": "I have no name!@<host>:/$ rocminfo",
    # users
    "navin is not member of \"render\" group, the default DRM access group.":
        "<user> is not member of \"render\" group, the default DRM access group.",
    "padonion is member of render group": "<user> is member of render group",
    "uid=1000(anja) gid=1000(anja) groups=1000(anja),44(video)": "uid=1000(<user>) gid=1000(<user>) groups=1000(<user>),44(video)",
    "USER=anja LOGNAME=anja": "USER=<user> LOGNAME=<user>",
    "sshd[2211]: Accepted publickey for anja from 192.0.2.77 port 52144":
        "sshd[2211]: Accepted publickey for <user> from <ip> port 52144",
    "sudo[2290]:     anja : TTY=pts/0 ; PWD=/tmp ; COMMAND=/usr/bin/dmesg":
        "sudo[2290]:     <user> : TTY=pts/0 ; PWD=/tmp ; COMMAND=/usr/bin/dmesg",
    "pam_unix(sudo:session): session opened for user root(uid=0) by anja(uid=1000)":
        "pam_unix(sudo:session): session opened for user <user>(uid=0) by <user>(uid=1000)",
    # home-like paths
    "File \"/home/mei/venv/lib/python3.12/site-packages/torch/cuda/__init__.py\"":
        "File \"/home/<user>/venv/lib/python3.12/site-packages/torch/cuda/__init__.py\"",
    "/Users/mei/x /homes/kp/x /data/users/li.wei/x /mnt/c/Users/MeiT/x /nfs/home/kp/x":
        "/Users/<user>/x /homes/<user>/x /data/users/<user>/x /mnt/c/Users/<user>/x /nfs/home/<user>/x",
    "C:\\Users\\MeiT\\AppData\\Local": "C:\\Users\\<user>\\AppData\\Local",
    "File \"/root/bench/run.py\", --root /root": "File \"/<user>/bench/run.py\", --root /<user>",
    # addresses
    "inet 192.168.1.23/24 brd 192.168.1.255 scope global": "inet <ip>/24 brd <ip> scope global",
    "MASTER_ADDR=10.20.30.41 init_method=tcp://10.20.30.41:29500": "MASTER_ADDR=<ip> init_method=tcp://<ip>:29500",
    "bare 10.1.2.3 here, and 8.8.8.8.": "bare <ip> here, and <ip>.",
    "HIP version 6.2.41134 on 10.1.2.3": "HIP version 6.2.41134 on <ip>",
    "inet6 fe80::3a2c:4aff:fe1b:9d0e/64 scope link": "inet6 <ipv6>/64 scope link",
    "from 2a02:8109:9d40:1f00:5c3e:2bff:fe11:4a7b port 22": "from <ipv6> port 22",
    "fe80::1%eno1 [2001:db8::42]:8080 fd00::43": "<ipv6> [<ipv6>]:8080 <ipv6>",
    "Using [0]eno1:10.20.30.43<0> [1]ib0:fd00:a:b::43<0>": "Using [0]eno1:<ip><0> [1]ib0:<ipv6><0>",
    "link/ether 3c:7c:3f:1b:9d:0e brd ff:ff:ff:ff:ff:ff": "link/ether <mac> brd ff:ff:ff:ff:ff:ff",
    "report to amd-gfx@lists.freedesktop.org or anja.k@example.com": "report to <email> or <email>",
    "https://deploy:s3cr3t@pypi.internal.example/simple": "https://<credentials>@pypi.internal.example/simple",
    # hardware and system ids
    "GPU[0]\t\t: Serial Number: 692347006052": "GPU[0]\t\t: Serial Number: <serial>",
    "\"asic_serial\": \"0x1234ABCD\",": "\"asic_serial\": \"<serial>\",",
    "ASIC_SERIAL: 0x8D1457E2C20F59D2  PRODUCT_SERIAL: 692347006052": "ASIC_SERIAL: <serial>  PRODUCT_SERIAL: <serial>",
    "GPU[0]\t\t: Unique ID: 0x9e2a3b5c1d": "GPU[0]\t\t: Unique ID: <id>",
    "  Uuid:                    GPU-a56d387a32cf2cbb": "  Uuid:                    <uuid>",
    "ROCR_VISIBLE_DEVICES=GPU-a56d387a32cf2cbb": "ROCR_VISIBLE_DEVICES=GPU-<uuid>",
    "UUID: 67ff740f-0000-1000-80e6-b5bb3c3ce0db": "UUID: <uuid>",
    "-- Boot 4f1c2b7e9d0a4c6b8e2f1a3b5c7d9e0f --": "-- Boot <id> --",
}

KEPT = [
    "ROCm 6.2.4 HIP version: 6.2.41134-65d174c3e gfx1100 gfx90a:sramecc+:xnack- gfx1032",
    "torch==2.1.0.1 numpy 1.26.4 torch 2.5.1+rocm6.2",
    "Python platform: Linux-5.15.153.1-microsoft-standard-WSL2-x86_64-with-glibc2.35",
    "5.15.153.1-microsoft-standard-WSL2",
    "linux-image-generic 6.8.0.49.50",
    "amdgpu-dkms 1:6.8.5.60204-2041575.24.04 rocm-core 6.2.4.60204-139~22.04",
    "SMC firmware version 1.2.3.4; fw ver 1.2.3.4; PSP fw 00.54.29.00; \"32.00.00.15\"",
    "VBIOS version: 113-D4120100-100",
    "listening on 0.0.0.0:9400 and 127.0.0.1:8080, mask 255.255.255.0, ::1 and ::",
    "c10::Error at::Tensor c10::add std::vector torch::jit uCode:: 92",
    "12:34:56 10:11:12.123 2024-12-04T10:11:12+01:00",
    "PCI 0000:03:00.0 [1002:744c] Subsystem [1eae:7901] card0: 1002:744c:1eae:7901 0000:C4:00.0",
    "[   12.345678] amdgpu 0000:03:00.0: amdgpu: SMU is initialized successfully!",
    "[    3.548555] kfd kfd: amdgpu: PITCAIRN  not supported in kfd",
    "2024-12-04 10:11:12,345 INFO torch.distributed: init; 2024-12-04T10:11:12Z INFO root: hello",
    "git clone git@github.com:ROCm/rocm.git",
    "https://rocm.docs.amd.com/en/latest/users/guide.html",
    "root=/dev/nvme0n1p2 /sys/fs/cgroup/root /var/lib/root chroot",
    "Serial Number: N/A  \"Serial Number\": \"0\"  Unique ID: N/A  Uuid: CPU-XX  Uuid: GPU-XX",
    "===================================== Serial Number ======================================",
    "======================================= Unique ID ========================================",
    "Linux version 6.8.0-49-generic (buildd@lcy02-amd64-103) (x86_64-linux-gnu-gcc-13)",
    "HSA_OVERRIDE_GFX_VERSION=10.3.0 PYTORCH_HIP_ALLOC_CONF=expandable_segments:True",
    "link/ether 00:00:00:00:00:00 brd ff:ff:ff:ff:ff:ff",
    "sudo usermod -a -G render,video \"$(id -un)\"",
]


@pytest.mark.parametrize("raw", list(GONE))
def test_what_goes(raw):
    assert scrub(raw) == GONE[raw]


@pytest.mark.parametrize("text", KEPT)
def test_what_stays(text):
    assert scrub(text) == text


def test_scrub_is_idempotent():
    for raw, want in GONE.items():
        assert scrub(want) == want


def test_the_machines_own_names_everywhere_but_not_common_words():
    ident = {"user": "wei", "hostname": "wei-desktop"}
    assert scrub("groups: wei, render; host wei-desktop; weight 3", ident) == \
        "groups: <user>, render; host <host>; weight 3"
    assert scrub("WEI-DESKTOP.fritz.box journal-wei-desktop.txt /mnt/data/wei/x", ident) == \
        "<host> journal-<host>.txt /mnt/data/<user>/x"
    # a box called "ubuntu" owned by "amd" keeps its OS and its driver in the report
    assert scrub("Ubuntu 24.04 amdgpu amd-smi on ubuntu", {"user": "amd", "hostname": "ubuntu"}) == \
        "Ubuntu 24.04 amdgpu amd-smi on ubuntu"
    assert scrub("Dec 04 10:11:12 ubuntu kernel: x") == "Dec 04 10:11:12 <host> kernel: x"  # where it stood


def test_names_given_away_once_are_taken_out_of_every_string():
    doc = {"evidence": ["mei@kestrel-ws:~$ rocminfo", "RuntimeError on Kestrel-WS for mei"], "n": 3}
    assert scrub_tree(doc) == {"evidence": ["<user>@<host>:~$ rocminfo", "RuntimeError on <host> for <user>"], "n": 3}
    names = learn(["Dec 04 10:11:12 box7.lab.example.org kernel: x", "/home/anja/x https://example.org/users/guide"])
    assert names == Names(users=frozenset({"anja"}), hosts=frozenset({"box7.lab.example.org", "box7"}))


def test_given_away_reads_bytes_and_only_the_ends_of_a_huge_text():
    head = b"anja@kestrel-ws:~$ rocminfo\n"
    middle = b"Dec 04 10:11:12 hidden-box kernel: x\n"
    data = head + b"x" * (3 << 20) + middle + b"y" * (3 << 20)
    names = given_away(data)
    assert names.hosts == {"kestrel-ws"} and names.users == {"anja"}


def test_protected_names():
    for word in ("root", "ubuntu", "localhost", "gfx1100", "6.2.4", "amd", "render", "a", "<host>", "42"):
        assert protected(word), word
    for word in ("kestrel-ws", "mei", "li.wei", "DESKTOP-7Q2K9LM"):
        assert not protected(word), word


def test_input_names():
    assert input_names(["/home/mei/logs/dmesg.txt", "<stdin>", "the pasted text", "C:\\Users\\MeiT\\log.txt"]) == {
        "/home/mei/logs/dmesg.txt": "dmesg.txt", "<stdin>": "<stdin>", "the pasted text": "the pasted text",
        "C:\\Users\\MeiT\\log.txt": "log.txt"}
    assert input_names(["/a/dmesg.txt", "/b/dmesg.txt", "/c/"]) == {
        "/a/dmesg.txt": "<input 1>", "/b/dmesg.txt": "<input 2>", "/c/": "c"}


def test_no_catalogue_text_is_touched():
    """Titles, summaries, fix steps and commands, in English and in Chinese, carry nothing to scrub."""
    from rocmdesk import i18n
    from rocmdesk.doctor.catalogue import shown

    for lang in ("en", "zh_CN"):
        with i18n.speaking(lang):
            for e in catalogue().values():
                texts = [e.title, e.summary] + [s.text for s in e.fix_steps] + [s.command or "" for s in e.fix_steps]
                for text in texts:
                    assert scrub(shown(text)) == shown(text), (lang, e.id, text)


# -- the property: nothing generated survives into a report, gfx names and versions do -------------------------
_WORD = st.from_regex(r"[a-z]{2,7}", fullmatch=True)
HOSTS = st.builds(lambda a, sep, b: a + sep + b, _WORD, st.sampled_from(["-", "", "-ws-", "0"]),
                  st.from_regex(r"[a-z0-9]{1,6}", fullmatch=True))
USERS = st.builds(lambda a, sep, b: a + sep + b, _WORD, st.sampled_from(["", ".", "_"]), st.from_regex(r"[a-z]{0,5}",
                                                                                                      fullmatch=True))
IPV4 = st.builds(lambda a, b, c, d: f"{a}.{b}.{c}.{d}", st.integers(1, 223).filter(lambda x: x != 127),
                 st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
# realistic IPv6: global unicast (2000::/3), unique local (fd00::/8), link-local (fe80::/64); zero runs compressed
IPV6 = st.builds(lambda prefix, groups, zeros, full: (lambda a: a.exploded if full else a.compressed)(
    ipaddress.IPv6Address(":".join([prefix] + [("0" if i in zeros else f"{g:x}") for i, g in enumerate(groups)]))),
    st.sampled_from(["2001", "2a02", "2600", "fd00", "fe80", "3ffe"]), st.lists(st.integers(1, 0xffff), min_size=7,
                                                                                   max_size=7),
    st.sets(st.integers(0, 6), max_size=4), st.booleans())
MACS = st.builds(lambda b: ":".join(f"{x:02x}" for x in b), st.binary(min_size=6, max_size=6)).filter(
    lambda m: m not in ("00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff"))
UUIDS = st.builds(lambda n: str(uuid.UUID(int=n)), st.integers(1, (1 << 128) - 1))
GPU_IDS = st.from_regex(r"[0-9a-f]{16}", fullmatch=True)
GFX = st.sampled_from(["gfx1100", "gfx1030", "gfx1032", "gfx90a", "gfx942", "gfx1151", "gfx906", "gfx1103"])
VERSIONS = st.sampled_from(["6.2.4", "2.5.1+rocm6.2", "6.8.0-49-generic", "6.2.41134-65d174c3e", "5.15.153.1-microsoft",
                            "1:6.8.5.60204-2041575.24.04", "ROCm 7.1.1", "torch==2.1.0.1", "00.54.29.00"])
CARRIERS = ["RuntimeError: HIP error: invalid device function",
            "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB",
            "amdgpu 0000:03:00.0: amdgpu: ring gfx_0.0.0 timeout, signaled seq=1, emitted seq=3"]
IP_PLACES = ["peer {}", "inet {}/24", "{}:29500", "MASTER_ADDR={}", "from {} port 22", "nameserver {}",
             "tcp://{}:29500", "; {} ;", "({})", "address={}"]
V6_PLACES = ["inet6 {}/64", "[{}]:8080", "from {} port 22", "{}%eno1", "; {} ;", "addr {}"]
HOME_PLACES = ["/home/{}/venv/bin/python", "/Users/{}/proj", "/data/users/{}/ckpt", "/mnt/c/Users/{}/sd",
               "C:\\Users\\{}\\AppData"]


def _survives(secret: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])", text, re.IGNORECASE) is not None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(host=HOSTS, user=USERS, ip=IPV4, v6=IPV6, mac=MACS, guid=UUIDS, gpu=GPU_IDS, gfx=GFX, version=VERSIONS,
       carriers=st.permutations(CARRIERS), ip_place=st.sampled_from(IP_PLACES), v6_place=st.sampled_from(V6_PLACES),
       home=st.sampled_from(HOME_PLACES), journal=st.booleans(), prompt=st.booleans(), order=st.randoms())
def test_generated_identities_never_reach_a_report(host, user, ip, v6, mac, guid, gpu, gfx, version, carriers,
                                                   ip_place, v6_place, home, journal, prompt, order):
    """Two log lines that the Doctor quotes as evidence (of two findings), each with the gfx name and version a
    diagnosis needs and, in random order, a host, a user, addresses and ids; the host and user are also given
    away by a prompt or a ``uname -a`` line, and the input's path holds both."""
    assume(not protected(host) and not protected(user) and host != user)
    first = [ip_place.format(ip), v6_place.format(v6), f"link/ether {mac}", f"by {user}"]
    second = [f"root=UUID={guid}", f"Uuid: GPU-{gpu}", home.format(user), f"on {host}.lan"]
    order.shuffle(first)
    order.shuffle(second)
    lines = [f"{carriers[0]} on {gfx} {version} " + " ".join(first),
             f"{carriers[1]} on {gfx} {version} " + " ".join(second)]
    if journal:
        lines = [f"Dec 04 10:11:12 {host} kernel: {line}" for line in lines]
    assert all(len(line) < 300 for line in lines)  # the Doctor cuts longer ones (a cut address is not recognised)
    paste = (f"{user}@{host}:~$ python train.py\n" if prompt else f"Linux {host} 6.8.0-49-generic #49-Ubuntu SMP\n")
    paste += "\n".join(lines) + "\n"
    neutral = "\n".join(lines).replace(host, "h").replace(user, "u")
    baseline = to_markdown(diagnose(texts=[("paste.txt", neutral)]))
    assume(not _survives(host, baseline) and not _survives(user, baseline))  # words the report says anyway
    d = diagnose(texts=[(f"/home/{user}/{host}/paste.txt", paste)])
    assert sum(1 for f in d.findings for e in f.evidence if gfx in e) >= 2  # both lines are quoted
    for text in (to_markdown(d), to_json_text(d)):
        for secret in (host, user, ip, v6, mac, guid, gpu):
            assert not _survives(secret, text), (secret, text)
        assert gfx in text and version in text


# ---- the words a text must hold before a pattern is tried (scrub._NEEDS) -------------------------------------
NEEDS_EXAMPLES = [  # each learns a name through one pattern of _NEEDS, in a variant of its spelling
    "mei@box:~$ ls", "(venv) mei@box ~ %", "[mei@box work]$", "I have no name!@3f2a9c:/$",
    "Linux box 6.8.0-45-generic #45-Ubuntu SMP", "Static hostname: box", "HOSTNAME=box", "NodeName = box",
    "systemd[1]: Hostname set to <box>.", "HOSTNAME SET TO <box>", "box:1234:1250 [0] NCCL INFO Bootstrap",
    "box:1234:1250 [1] RCCL INFO init", "mei is not member of render", "uid=1000(mei) gid=1000(mei)",
    "owner=1000(mei)", "USER=mei", "SUDO_USER='mei'", "LOGNAME=mei", "USERNAME=mei",
    "sshd[9]: Accepted publickey for mei from 10.0.0.2", "sudo[77]:     mei : TTY=pts/0 ; PWD=/x",
    "pam_unix(sudo:session): session opened for user mei(uid=0) by mei(uid=1000)", "/home/mei/venv/bin/python",
    "/Users/mei/x", "/homes/mei/x", "C:\\Users\\mei\\AppData", "c:\\\\USERS\\\\mei\\\\x",
]


def _corpus() -> list[str]:
    from pathlib import Path

    here = Path(__file__).parent
    files = [*sorted((here.parent / "data" / "realworld").rglob("*")), *sorted((here / "data").rglob("*"))]
    return [p.read_text(encoding="utf-8", errors="replace") for p in files if p.is_file()] + NEEDS_EXAMPLES


def test_the_words_a_pattern_needs_never_hide_a_name(monkeypatch):
    from rocmdesk.doctor import scrub as scrub_mod

    assert set(scrub_mod._NEEDS) >= {scrub_mod._PROMPT, scrub_mod._HOST_KEY, scrub_mod._LOGIN, scrub_mod._WIN_HOME}
    texts = _corpus()
    with_words = [learn([t]) for t in texts]
    monkeypatch.setattr(scrub_mod, "_NEEDS", {})
    assert [learn([t]) for t in texts] == with_words  # the same names as every pattern tried on every text
    # and every pattern that has words learns from at least one example (the words are not too strict to test)
    monkeypatch.undo()
    for pat in scrub_mod._NEEDS:
        assert any(pat.search(t) for t in NEEDS_EXAMPLES), pat.pattern
    for example in NEEDS_EXAMPLES:
        assert learn([example]) != Names(), example


def test_a_text_without_the_words_is_not_searched():
    from rocmdesk.doctor import scrub as scrub_mod

    line = "Dec 04 10:11:12 box app[1234]: request 7 served in 0.1s path=/api/v1/items/7 user=u7\n"
    assert learn([line * 2000]) == Names(hosts=frozenset({"box"}))
    for pat, (words, lower) in scrub_mod._NEEDS.items():
        assert not any(w in (line.lower() if lower else line) for w in words), pat.pattern  # all skipped
