"""A plan as an Ansible playbook, for people who look after several machines with Ansible already.

Only ``ansible.builtin`` modules: ``get_url`` + a dearmor for the key, ``apt_repository`` (one-line
lists) or ``deb822_repository`` (``.sources``), ``copy`` for the pin (the helper's exact bytes,
``steps.file_content``), ``apt`` for packages, ``user`` with ``append`` for the groups, and
``command`` tasks with ``changed_when: false`` for the checks (tagged ``verify``).

The YAML is written by hand, without PyYAML: every string is emitted JSON-quoted (YAML is a superset of
JSON, so a JSON string is a valid YAML scalar), and every value that comes from the plan carries
``!unsafe`` so Ansible never evaluates ``{{ }}`` inside it.  The steps are checked against the
allow-list (``steps.validate``) before anything is rendered.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rocmdesk.setup.steps import Step, check_argv, file_content, validate

KEY_TMP = "/etc/apt/keyrings/.rocmdesk-key.asc"  # the armored download; removed once dearmored

# Dearmors an OpenPGP public key (RFC 4880 ASCII armor, CRC-24 checked) with Python alone: a minimal
# target has no gpg, but every Ansible target has python3.
_DEARMOR = r"""import base64, os, sys
text = open(sys.argv[1], encoding="ascii").read()
body = text.split("-----BEGIN PGP PUBLIC KEY BLOCK-----", 1)[1].split("-----END PGP PUBLIC KEY BLOCK-----", 1)[0]
lines = [ln.strip() for ln in body.strip().splitlines()]
if "" in lines:
    lines = lines[lines.index("") + 1:]
data = base64.b64decode("".join(ln for ln in lines if ln and not ln.startswith("=")), validate=True)
crc = 0xB704CE
for byte in data:
    crc ^= byte << 16
    for _ in range(8):
        crc = (crc << 1) ^ 0x1864CFB if crc & 0x800000 else crc << 1
sums = [ln[1:] for ln in lines if ln.startswith("=")]
if sums and base64.b64decode(sums[0]) != (crc & 0xFFFFFF).to_bytes(3, "big"):
    sys.exit("the key's armor checksum is wrong")
tmp = sys.argv[2] + ".tmp"
with open(tmp, "wb") as fh:
    fh.write(data)
os.chmod(tmp, 0o644)
os.replace(tmp, sys.argv[2])
"""


class Unsafe(str):
    """A string from the plan: emitted with ``!unsafe`` so Ansible does not template it."""


class Raw(str):
    """A string of this module's own that Ansible should template (``{{ rocmdesk_user }}``)."""


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        quoted = json.dumps(str(value), ensure_ascii=False)
        return f"!unsafe {quoted}" if isinstance(value, Unsafe) else quoted
    raise TypeError(f"cannot render {type(value).__name__} as YAML")


def _yaml(value: Any, indent: int = 0) -> list[str]:
    """Block-style YAML for dicts (keys are this module's own identifiers) and lists."""
    pad = " " * indent
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                out.append(f"{pad}{key}:")
                out += _yaml(item, indent + 2)
            elif isinstance(item, (dict, list)):
                out.append(f"{pad}{key}: {'{}' if isinstance(item, dict) else '[]'}")
            else:
                out.append(f"{pad}{key}: {_scalar(item)}")
        return out
    if isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)) and item:
                sub = _yaml(item, indent + 2)
                out.append(f"{pad}- {sub[0].lstrip()}")
                out += sub[1:]
            else:
                out.append(f"{pad}- {_scalar(item)}")
        return out
    return [pad + _scalar(value)]


def _one_line(text: str) -> str:
    return re.sub(r"[\x00-\x1f\x7f]+", " ", str(text)).strip()


def _u(value: str) -> Unsafe:
    return Unsafe(value)


def _task(name: str, module: str, args: dict[str, Any], step: Step, **extra: Any) -> dict[str, Any]:
    task: dict[str, Any] = {"name": _u(name), module: args}
    task.update(extra)
    tags = [step.kind, step.id] + (["verify"] if step.kind == "verify" else [])
    task["tags"] = [_u(t) for t in dict.fromkeys(tags)]
    return task


def _key_tasks(step: Step) -> list[dict[str, Any]]:
    p = step.params
    directory = p["path"].rsplit("/", 1)[0]
    stat_var = "rocmdesk_key_" + re.sub(r"[^a-z0-9]", "_", step.id)
    when = Raw(f"not {stat_var}.stat.exists")
    return [
        _task(f"{step.title}: is it there already?", "ansible.builtin.stat", {"path": _u(p["path"])}, step,
              register=Raw(stat_var)),
        _task(f"{step.title}: {directory}", "ansible.builtin.file",
              {"path": _u(directory), "state": "directory", "owner": "root", "group": "root", "mode": "0755"}, step),
        _task(f"{step.title}: download", "ansible.builtin.get_url",
              {"url": _u(p["url"]), "dest": KEY_TMP, "mode": "0644", "force": True}, step, when=when),
        _task(f"{step.title}: dearmor into {p['path']}", "ansible.builtin.command",
              {"argv": ["/usr/bin/python3", "-I", "-c", _u(_DEARMOR), KEY_TMP, _u(p["path"])]}, step, when=when),
        _task(f"{step.title}: remove the download", "ansible.builtin.file", {"path": KEY_TMP, "state": "absent"},
              step),
    ]


def _list_task(step: Step) -> dict[str, Any]:
    p = step.params
    name = p["path"].rsplit("/", 1)[1]
    if name.endswith(".sources"):
        args = {"name": _u(name[: -len(".sources")]), "types": ["deb"], "uris": [_u(p["uri"])],
                "suites": [_u(p["suite"])], "components": [_u(c) for c in p["components"]],
                "architectures": [_u(a) for a in p["arch"].split(",")], "signed_by": _u(p["signed_by"]),
                "state": "present", "mode": "0644"}
        return _task(step.title, "ansible.builtin.deb822_repository", args, step)
    line = file_content(step)
    assert line is not None
    args = {"repo": _u(line.strip()), "filename": _u(name[: -len(".list")]), "state": "present",
            "update_cache": False, "mode": "0644"}
    return _task(step.title, "ansible.builtin.apt_repository", args, step)


def _verify_tasks(step: Step) -> list[dict[str, Any]]:
    p = step.params
    c = p["check"]
    quiet = {"changed_when": False}
    if c == "amdgpu-loaded":
        return [_task(step.title, "ansible.builtin.command", {"argv": ["test", "-d", "/sys/module/amdgpu"]}, step,
                      **quiet)]
    if c == "kfd-opens":
        # in a fresh session of the user (runuser reads /etc/group), so new group memberships count
        return [_task(step.title, "ansible.builtin.command",
                      {"argv": ["runuser", "-u", Raw("{{ rocmdesk_user }}"), "--", "sh", "-c", "exec 3<>/dev/kfd"]},
                      step, **quiet)]
    if c == "rocm-smi-shows-gpu":
        return [_task(step.title, "ansible.builtin.command", {"argv": [_u(p["program"]), "--showproductname"]},
                      step, **quiet)]
    if c == "rocminfo-lists-gfx":
        var = "rocmdesk_" + re.sub(r"[^a-z0-9]", "_", step.id)
        expect = json.dumps(list(p["expect"]))  # gfx names only (the allow-list's pattern)
        return [
            # env -i: neither the login's environment nor sudo's (pam_env reads /etc/environment) may set an
            # override variable that changes what rocminfo lists (steps.CHECK_ENV, as the helper runs it)
            _task(f"{step.title}: run rocminfo", "ansible.builtin.command",
                  {"argv": [_u(a) for a in check_argv(p["program"])]}, step, register=Raw(var), **quiet),
            _task(step.title, "ansible.builtin.assert",
                  {"that": [Raw(f"{expect} | difference({var}.stdout | regex_findall('gfx[0-9a-f]+')) | length == 0")],
                   "quiet": True}, step),
        ]
    raise ValueError(f"no Ansible rendering for check {c!r}")


def step_tasks(step: Step) -> list[dict[str, Any]]:
    """The Ansible tasks of one (validated) step."""
    p = step.params
    k = step.kind
    if k == "install-key":
        return _key_tasks(step)
    if k == "write-apt-list":
        return [_list_task(step)]
    if k == "write-pin":
        return [_task(step.title, "ansible.builtin.copy",
                      {"dest": _u(p["path"]), "content": _u(file_content(step) or ""), "owner": "root",
                       "group": "root", "mode": "0644"}, step)]
    if k == "apt-update":
        return [_task(step.title, "ansible.builtin.apt", {"update_cache": True}, step)]
    if k == "apt-install":
        return [_task(step.title, "ansible.builtin.apt",
                      {"name": [_u(x) for x in p["packages"]], "state": "present"}, step)]
    if k == "apt-purge":
        return [_task(step.title, "ansible.builtin.apt",
                      {"name": [_u(x) for x in p["packages"]], "state": "absent", "purge": True,
                       "autoremove": bool(p["autoremove"])}, step)]
    if k == "remove-path":
        return [_task(step.title, "ansible.builtin.file", {"path": _u(p["path"]), "state": "absent"}, step)]
    if k == "add-user-to-groups":
        user = Raw("{{ rocmdesk_user }}")
        return [
            # ansible.builtin.user would create a missing user: make sure it exists first
            _task(f"{step.title}: the user exists", "ansible.builtin.getent", {"database": "passwd", "key": user},
                  step),
            _task(step.title, "ansible.builtin.user",
                  {"name": user, "groups": [_u(g) for g in p["groups"]], "append": True}, step),
        ]
    if k == "verify":
        return _verify_tasks(step)
    raise ValueError(f"no Ansible rendering for step kind {k!r}")


def _plan_json(plan: Any) -> dict[str, Any]:
    return plan if isinstance(plan, dict) else plan.to_json()


def render_ansible(plan: Any) -> str:
    """The playbook for a plan: the ``Plan`` that ``rocmdesk.setup.plan.plan`` returns, or its JSON dict."""
    data = _plan_json(plan)
    choices = data.get("choices") or {}
    raw_steps = data.get("steps") or []
    user = next((s.get("params", {}).get("user") for s in raw_steps
                 if isinstance(s, dict) and s.get("kind") == "add-user-to-groups"), None)
    steps = validate(data, user if isinstance(user, str) else "nobody")

    rel = f"ROCm {choices.get('rocm')} ({choices.get('stream')})" if choices.get("rocm") else "no system ROCm"
    head = [
        "# rocmdesk setup plan as an Ansible playbook (ansible.builtin modules only)",
        f"# {_one_line(rel)}, scope {_one_line(choices.get('scope', '?'))}, "
        f"planned for {_one_line(data.get('source', '?'))}",
        "# Read every task before you run it.  Run it with: ansible-playbook -i INVENTORY THIS.yml",
        "#   -e rocmdesk_hosts=GROUP   the hosts to change (default: all in the inventory)",
        "#   -e rocmdesk_user=NAME     the user to add to the GPU groups (default: the planned user)",
        "#   --skip-tags verify        leave out the checks (they need the GPU and a new login)",
        "# Steps marked [done] were done already on the planned machine; Ansible checks each host itself.",
    ]
    for f in data.get("findings") or []:
        if isinstance(f, dict) and f.get("severity") == "blocker":
            head.append(f"# BLOCKER ({_one_line(f.get('id', ''))}): {_one_line(f.get('title', ''))}"
                        f" - {_one_line(f.get('fix', ''))}")
    body: list[str] = []
    for n, step in enumerate(steps, 1):
        mark = "  [done]" if step.done else ""
        body.append(f"    # --- {n}. {_one_line(step.title)}{mark}")
        if step.why:
            body.append(f"    # Why: {_one_line(step.why)}")
        body += _yaml(step_tasks(step), 4)
    play_vars: dict[str, Any] = {}
    if user is not None:
        play_vars["rocmdesk_user"] = _u(user)
    play = {"name": _u(f"rocmdesk: {rel}, scope {choices.get('scope', '?')}"),
            "hosts": Raw("{{ rocmdesk_hosts | default('all') }}"), "become": True, "gather_facts": False}
    if play_vars:
        play["vars"] = play_vars
    out = head + ["---"] + _yaml([play], 0) + (["  tasks:"] + body if body else ["  tasks: []"])
    return "\n".join(out) + "\n"
