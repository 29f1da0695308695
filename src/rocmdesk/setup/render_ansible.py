"""A plan as an Ansible playbook for many hosts, for people who look after several machines with Ansible already.

Only ``ansible.builtin`` modules: ``get_url`` + a dearmor for the key, ``apt_repository`` (one-line
lists) or ``deb822_repository`` (``.sources``), ``copy`` for the pin (the helper's exact bytes,
``steps.file_content``), ``apt`` for packages, ``user`` with ``append`` for the groups, and
``command`` tasks with ``changed_when: false`` for the checks (tagged ``verify``).

What differs between hosts comes from each host's Ansible facts, never from the machine the plan was made on:

- the release (``ansible_distribution_release``) picks the host's row of ``rocmdesk_releases``, a table this module
  fills from rocmdesk's knowledge data: for every release the chosen ROCm has a repository for, the apt lines the
  planner would write there (AMD's Ubuntu codename, TheRock's distro directory).  A host whose release has no row
  stops at the first task, before anything changes.  So each repository line is one rocmdesk computed and
  checked against the allow-list; the host only chooses among them.
- the kernel (``ansible_kernel``, ``uname -r``) fills the data's header templates (``linux-headers-{kernel}``) for
  amdgpu-dkms, after a check that it is a plain package-name fragment.
- the leftovers: ``package_facts`` (old ROCm packages: the allow-list's name prefixes and an AMD build number of
  another release) and ``find`` (``/opt/rocm-<version>`` trees of another release; AMD's apt lists, by name, that
  point at another ROCm) apply the planner's cleanup rules on each host.

Facts rather than rocmdesk's own detection on each host: the hosts need nothing but Python and python3-apt (which
Ansible's apt modules need anyway), nothing of rocmdesk's is ever run there as root, and every value a host
contributes is a name Ansible's modules take as data (a package, a path): no shell string is built from it.  What
the facts cannot tell - the GPUs - stays the planned machine's (the TheRock family packages and the gfx rocminfo
should list): a fleet of one GPU kind, or one playbook per kind.

The YAML is written by hand, without PyYAML: every string is emitted JSON-quoted (YAML is a superset of
JSON, so a JSON string is a valid YAML scalar), and every value that comes from the plan carries
``!unsafe`` so Ansible never evaluates ``{{ }}`` inside it.  The steps are checked against the
allow-list (``steps.validate``) before anything is rendered.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from rocmdesk.setup.steps import PACKAGE, Step, check_argv, file_content, validate, validate_step

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


def _key(key: str) -> str:
    """A mapping key: this module's identifiers plain, others (step ids, release names from the data) JSON-quoted."""
    return key if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", key) else json.dumps(key)


def _yaml(value: Any, indent: int = 0) -> list[str]:
    """Block-style YAML for dicts and lists."""
    pad = " " * indent
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            key = _key(key)
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


def _list_task(step: Step, per_host: bool = False) -> dict[str, Any]:
    """A list step's task; ``per_host``: its entry is the host's row's (``rocmdesk_os.lists[id]``)."""
    p = step.params
    name = p["path"].rsplit("/", 1)[1]
    row = f"{OS}.lists[{json.dumps(step.id)}]"
    if name.endswith(".sources"):
        if per_host:
            fields: dict[str, Any] = {k: Raw(f"{{{{ {row}.{k} }}}}") for k in ("uris", "suites", "components")}
        else:
            fields = {"uris": [_u(p["uri"])], "suites": [_u(p["suite"])],
                      "components": [_u(c) for c in p["components"]]}
        args = {"name": _u(name[: -len(".sources")]), "types": ["deb"], **fields,
                "architectures": [_u(a) for a in p["arch"].split(",")], "signed_by": _u(p["signed_by"]),
                "state": "present", "mode": "0644"}
        return _task(step.title, "ansible.builtin.deb822_repository", args, step)
    line = file_content(step)
    assert line is not None
    args = {"repo": Raw(f"{{{{ {row} }}}}") if per_host else _u(line.strip()), "filename": _u(name[: -len(".list")]),
            "state": "present", "update_cache": False, "mode": "0644"}
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


# -- what each host brings: its release, its kernel, its leftovers -------------------------------------------------
REL_VAR = "rocmdesk_releases"  # release (ansible_distribution_release) -> its row: lines, suite, kernel packages
OS = Raw("rocmdesk_os")  # the host's row of rocmdesk_releases (a play variable, templated per host)
KERNEL_FACT = "ansible_kernel"
KERNEL_FORM = "^[a-z0-9][a-z0-9.+-]*$"  # what uname -r must look like to go into a package name (steps.PACKAGE)
PURGE_VAR = "rocmdesk_purge"
TREES_VAR = "rocmdesk_old_trees"
LISTS_VAR = "rocmdesk_old_lists"


@dataclass
class Fleet:
    """The parts of a plan that each host fills in from its own facts."""

    rows: dict[str, dict[str, Any]]  # ansible_distribution_release -> its row of ``rocmdesk_releases``
    lists: set[str]  # write-apt-list step ids whose lines come from the host's row
    kernel: dict[str, list[str]]  # apt-install step id -> its packages that are not the kernel's (those: per host)
    cleanup: list[Step]  # the plan's own cleanup steps (the planned machine's leftovers), [] if none
    detect_leftovers: bool  # each host looks for its own leftovers
    keep: str | None  # the ROCm version kept by the cleanup (legacy stream), None: every other one goes


def _release_of(choices: dict[str, Any]) -> Any:
    from rocmdesk.knowledge.releases import rocm_releases

    version, stream = choices.get("rocm"), choices.get("stream")
    return next((r for r in rocm_releases() if r.version == version and r.stream == stream), None)


def host_releases(release: Any) -> dict[str, tuple[str, str, str | None]]:
    """Every OS release (its codename, as ``ansible_distribution_release`` names it) the ROCm release has a
    repository for -> (os id, AMD's Ubuntu codename for it, TheRock's distro directory): the planner's own rules
    (``knowledge.repo_codename``, ``recipe.therock_distro``, ``choices.os_fit``) over the data's releases."""
    from rocmdesk.knowledge._data import load_json
    from rocmdesk.knowledge.releases import repo_codename
    from rocmdesk.setup.recipe import therock_distro

    data = load_json("os_codenames.json")
    oses = [("ubuntu", ver, name) for ver, name in data["ubuntu"].items()]
    oses += [("debian", major, name) for name, major in data["debian_codenames"].items()]
    out: dict[str, tuple[str, str, str | None]] = {}
    for os_id, version, name in oses:
        suite = repo_codename(os_id, version, name)
        distro = therock_distro(os_id, version, suite)
        if release.stream == "therock":
            fits = distro is not None and distro in release.repos.apt_distros
        else:
            fits = suite is not None and suite in release.ubuntu_codenames
        if fits and suite is not None:
            out[name] = (os_id, suite, distro)
    return dict(sorted(out.items()))


def _list_row(step: Step, template: str | None, with_distro: bool, suite: str, distro: str | None) -> Step | None:
    from rocmdesk.setup.recipe import split_repo

    if not template:
        return None
    repo = split_repo(template, codename=suite, distro=(distro or "") if with_distro else "")
    return Step(step.id, step.kind, step.title, step.why, step.root,
                {**step.params, "uri": repo.uri, "suite": repo.suite, "components": list(repo.components)})


def _list_value(step: Step) -> Any:
    """What a list step's task takes from the host's row: the one-line entry, or the deb822 fields."""
    p = step.params
    if p["path"].endswith(".sources"):
        return {"uris": [_u(p["uri"])], "suites": [_u(p["suite"])], "components": [_u(c) for c in p["components"]]}
    line = file_content(step)
    assert line is not None
    return _u(line.strip())


def fleet(data: dict[str, Any], steps: list[Step], caller: str) -> Fleet | None:
    """What of the plan each host fills in, or None for a plan with nothing host-specific (no apt steps)."""
    from rocmdesk.setup.recipe import dkms_prereqs, recipe

    choices = data.get("choices") or {}
    release = _release_of(choices)
    cleanup = [s for s in steps if s.kind in ("apt-purge", "remove-path")]
    apt = [s for s in steps if s.kind in ("write-apt-list", "apt-install")]
    if release is None or not (apt or cleanup):
        return None
    rec = recipe(release.stream)
    repos = release.repos
    templates = {rec.list_file: (repos.rocm_apt, True), rec.driver_list_file: (repos.amdgpu_apt, False),
                 rec.graphics_list_file: (repos.graphics_apt, False)}
    planned_suite, planned_distro = choices.get("suite") or "", choices.get("distro")
    hosts = host_releases(release)
    rows: dict[str, dict[str, Any]] = {name: {"os": _u(os_id), "suite": _u(suite), "lists": {}}
                                       for name, (os_id, suite, _distro) in hosts.items()}
    per_host: set[str] = set()
    for step in steps:
        if step.kind != "write-apt-list" or step.params["path"] not in templates:
            continue
        template, with_distro = templates[step.params["path"]]
        # the planner's line for the planned machine, recomputed: only then is every host's line the planner's too
        again = _list_row(step, template, with_distro, planned_suite, planned_distro)
        if again is None or again.params != step.params:
            continue  # a list this module cannot recompute stays the same on every host
        per_host.add(step.id)
        for name, (_os_id, suite, distro) in hosts.items():
            row = _list_row(step, template, with_distro, suite, distro)
            assert row is not None
            validate_step(row.to_json(), caller)  # every host's line passes the allow-list, as the plan's did
            rows[name]["lists"][step.id] = _list_value(row)
    kernel_tpl = {name: set(dkms_prereqs(name)) for name in ("ubuntu", "debian")}
    planned_kernel = (data.get("machine") or {}).get("kernel") or ""
    kernel_names = {t.format(kernel=planned_kernel) for ts in kernel_tpl.values() for t in ts} if planned_kernel \
        else set()
    kernel: dict[str, list[str]] = {}
    for step in steps:
        # the driver's install: every host gets its own kernel's packages, also where the planned machine's
        # kernel was not known (a plan made in a chroot or from a captured tree names none)
        pkgs = step.params.get("packages") or []
        if step.kind == "apt-install" and (kernel_names & set(pkgs) or set(rec.driver_packages) & set(pkgs)):
            kernel[step.id] = [p for p in pkgs if p not in kernel_names]
    for name, (os_id, _suite, _distro) in hosts.items():
        templates_here = list(dkms_prereqs(os_id))
        for t in templates_here:  # the data's templates: a package name around one {kernel}
            if not PACKAGE.fullmatch(t.replace("{kernel}", "0")) or t.count("{kernel}") != 1:
                raise ValueError(f"unusable kernel package template {t!r}")
        rows[name]["kernel_packages"] = [_u(t) for t in templates_here]
    keep = choices.get("rocm") if choices.get("stream") == "legacy" else None
    detect = bool(cleanup) or (bool(choices.get("cleanup")) and any(s.kind == "install-key" for s in steps))
    return Fleet(rows, per_host, kernel, cleanup, detect, keep if isinstance(keep, str) else None)


def _amd_code(version: str) -> str:
    """6.2.4 -> 60204, the five digits AMD's package versions carry (helper_allow.AMD_BUILD); 6.2 -> 60200."""
    parts = [int(x) for x in re.findall(r"[0-9]+", version)[:3]] + [0, 0]
    return f"{parts[0]}{parts[1]:02d}{parts[2]:02d}"


def purge_rules(keep: str | None) -> tuple[str, str, str]:
    """(name prefix, never, stale version) regexes: ``helper_allow.purge_problem`` and ``plan._cleanup``'s choice of
    packages, for Jinja's ``match``/``search`` over ``package_facts``."""
    from rocmdesk.setup.helper_allow import PURGE_NEVER, PURGE_PREFIXES

    prefix = "^(?:" + "|".join(map(re.escape, PURGE_PREFIXES)) + ")"
    never = "^(?:" + PURGE_NEVER.pattern + ")$"  # amdgpu-dkms and rocmdesk
    other = f"(?!{_amd_code(keep)}(?:-|$))" if keep else ""
    # the last five-digit code (preflight.rocm_version_of_package) is another release's
    stale = "[.]" + other + "[0-9]{5}(?:-|$)(?!.*[.][0-9]{5}(?:-|$))"
    return prefix, never, stale


def _jinja_str(text: str) -> str:
    """A Jinja string literal for a regex of this module's own: how Ansible reads backslashes in one differs between
    its versions, so the patterns carry none (``[.]``, not ``\\.``), nor a quote."""
    if "\\" in text or "'" in text:
        raise ValueError(f"{text!r} cannot be written as a plain Jinja string")
    return f"'{text}'"


def tree_rules(keep: str | None) -> tuple[str, str | None]:
    """(tree, kept tree) regexes over the names under /opt (steps.ROCM_TREE; 6.2 and 6.2.0 are the same version)."""
    tree = r"^rocm-[0-9]+(?:\.[0-9]+){1,2}$"
    if not keep:
        return tree, None
    base = re.sub(r"(?:\.0)+$", "", keep)
    return tree, "^rocm-" + re.escape(base) + r"(?:\.0)*$"


def list_rules(release: Any, ours: list[str]) -> tuple[str, str | None, str]:
    """(name, ours, stale) regexes over /etc/apt/sources.list.d: the lists the helper may remove
    (``helper_allow.removable_list``), less the ones the plan writes, holding an entry that points at another ROCm
    (``plan._other_rocm_repo``)."""
    from rocmdesk.setup.helper_allow import LEFTOVER_LIST, list_files
    from rocmdesk.setup.recipe import split_repo

    names = sorted({p.rsplit("/", 1)[1] for p in list_files()})
    name = "^(?:" + "|".join([LEFTOVER_LIST.pattern, *map(re.escape, names)]) + ")$"
    mine_names = "^(?:" + "|".join(re.escape(p.rsplit("/", 1)[1]) for p in ours) + ")$" if ours else None
    mine = []
    if release.stream == "legacy":
        mine.append(split_repo(release.repos.rocm_apt, codename="x").uri.rstrip("/"))
    if release.repos.graphics_apt and any(p.endswith("graphics.list") for p in ours):
        mine.append(split_repo(release.repos.graphics_apt, codename="x").uri.rstrip("/"))
    not_mine = "".join(f"(?!{re.escape(m)}/?(?:[ \\t]|$))" for m in mine)
    uri = (r"(?:\S*/rocm/apt/[0-9.]+|https?://repo\.radeon\.com/graphics/[0-9][0-9.]*/ubuntu)/?(?=[ \t]|$)")
    start = r"^[ \t]*(?:deb[ \t]+(?:\[[^\]\n]*\][ \t]+)?|URIs:(?:[ \t]+\S+)*?[ \t]+)"
    return name, mine_names, "(?m)" + start + not_mine + uri


def _leftover_tasks(fl: Fleet, release: Any, ours: list[str]) -> list[dict[str, Any]]:
    tags = ["cleanup", *(s.id for s in fl.cleanup)]
    first = fl.cleanup[0] if fl.cleanup else Step("cleanup", "cleanup", "", "", True)
    prefix, never, stale = purge_rules(fl.keep)
    tree, kept = tree_rules(fl.keep)
    name, mine, stale_list = list_rules(release, ours)
    kept_words = f"ROCm {fl.keep}" if fl.keep else "the chosen ROCm"

    def task(title: str, module: str, args: dict[str, Any], **extra: Any) -> dict[str, Any]:
        t = _task(title, module, args, first, **extra)
        t["tags"] = [_u(x) for x in dict.fromkeys(tags)]
        return t

    purge = Raw(f"{{{{ ansible_facts.packages | dict2items | selectattr('key', 'match', {_jinja_str(prefix)})"
                f" | rejectattr('key', 'match', {_jinja_str(never)})"
                f" | selectattr('value.0.version', 'search', {_jinja_str(stale)})"
                f" | map(attribute='key') | sort }}}}")
    finds = {"paths": "/opt", "file_type": "directory", "use_regex": True, "patterns": [tree], "recurse": False}
    if kept:
        finds["excludes"] = [kept]
    lists = {"paths": "/etc/apt/sources.list.d", "file_type": "file", "use_regex": True, "patterns": [name],
             "contains": stale_list, "read_whole_file": True, "recurse": False}
    if mine:
        lists["excludes"] = [mine]
    return [
        task("This host's leftovers: its packages", "ansible.builtin.package_facts", {"manager": "apt"}),
        task(f"This host's leftovers: packages of a ROCm other than {kept_words}", "ansible.builtin.set_fact",
             {PURGE_VAR: purge}),
        task("This host's leftovers: /opt/rocm-<version> trees of another ROCm", "ansible.builtin.find", finds,
             register=Raw(TREES_VAR)),
        task("This host's leftovers: AMD's apt lists that point at another ROCm", "ansible.builtin.find", lists,
             register=Raw(LISTS_VAR)),
        task(f"Purge the packages of a ROCm other than {kept_words}", "ansible.builtin.apt",
             {"name": Raw("{{ %s }}" % PURGE_VAR), "state": "absent", "purge": True, "autoremove": True},
             when=Raw(f"{PURGE_VAR} | length > 0")),
        task("Remove the /opt/rocm-<version> trees of another ROCm", "ansible.builtin.file",
             {"path": Raw("{{ item }}"), "state": "absent"},
             loop=Raw(f"{{{{ {TREES_VAR}.files | map(attribute='path') | sort }}}}")),
        task("Remove AMD's apt lists that point at another ROCm", "ansible.builtin.file",
             {"path": Raw("{{ item }}"), "state": "absent"},
             loop=Raw(f"{{{{ {LISTS_VAR}.files | map(attribute='path') | sort }}}}")),
    ]


def _host_tasks(fl: Fleet) -> list[dict[str, Any]]:
    """First of all, on each host: it is a release the plan has a row for, with a kernel its packages can name."""
    here = Step("host", "host", "", "", True)
    names = ", ".join(fl.rows) or "none"
    checks = [Raw(f"ansible_distribution_release in {REL_VAR}")]
    if fl.kernel:
        checks.append(Raw(f"{KERNEL_FACT} is match({_jinja_str(KERNEL_FORM)})"))
    why = Raw(f"{{{{ inventory_hostname }}}}: {{{{ ansible_distribution_release }}}} (kernel {{{{ {KERNEL_FACT} }}}})"
              f" is not one of {names} or its kernel release cannot name a package")
    task = _task("This host: a release this plan has repositories for", "ansible.builtin.assert",
                 {"that": checks, "fail_msg": why}, here)
    task["tags"] = [_u("always")]
    return [task]



def step_tasks(step: Step, fl: Fleet | None = None) -> list[dict[str, Any]]:
    """The Ansible tasks of one (validated) step; ``fl``: what the hosts fill in themselves."""
    p = step.params
    k = step.kind
    if k == "install-key":
        return _key_tasks(step)
    if k == "write-apt-list":
        return [_list_task(step, fl is not None and step.id in fl.lists)]
    if k == "write-pin":
        return [_task(step.title, "ansible.builtin.copy",
                      {"dest": _u(p["path"]), "content": _u(file_content(step) or ""), "owner": "root",
                       "group": "root", "mode": "0644"}, step)]
    if k == "apt-update":
        return [_task(step.title, "ansible.builtin.apt", {"update_cache": True}, step)]
    if k == "apt-install":
        if fl is not None and step.id in fl.kernel:
            # the host's kernel: the data's templates (linux-headers-{kernel}) filled with uname -r, checked first
            rest = json.dumps(fl.kernel[step.id])  # plain package names (steps.PACKAGE), safe in the expression
            names: Any = Raw(f"{{{{ {OS}.kernel_packages | map('replace', '{{kernel}}', {KERNEL_FACT}) | list"
                             f" + {rest} }}}}")
        else:
            names = [_u(x) for x in p["packages"]]
        return [_task(step.title, "ansible.builtin.apt", {"name": names, "state": "present"}, step)]
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
    caller = user if isinstance(user, str) else "nobody"
    steps = validate(data, caller)
    fl = fleet(data, steps, caller)

    rel = f"ROCm {choices.get('rocm')} ({choices.get('stream')})" if choices.get("rocm") else "no system ROCm"
    head = [
        "# rocmdesk setup plan as an Ansible playbook for many hosts (ansible.builtin modules only)",
        f"# {_one_line(rel)}, scope {_one_line(choices.get('scope', '?'))}, "
        f"planned for {_one_line(data.get('source', '?'))}",
        "# Read every task before you run it.  Run it with: ansible-playbook -i INVENTORY THIS.yml",
        "#   -e rocmdesk_hosts=GROUP   the hosts to change (default: all in the inventory)",
        "#   -e rocmdesk_user=NAME     the user to add to the GPU groups (default: the planned user)",
        "#   --skip-tags verify        leave out the checks (they need the GPU and a new login)",
        "# Steps marked [done] were done already on the planned machine; Ansible checks each host itself.",
    ]
    if fl is not None:
        head += [
            "# Each host's own facts fill in what differs between hosts: its release (ansible_distribution_release)",
            f"# picks its repository lines from {REL_VAR} below ({', '.join(fl.rows) or 'none'}; another release",
            "# stops before any change), its kernel (ansible_kernel) names the kernel headers, and package_facts and",
            "# find look for its own leftovers of other ROCm releases.  The GPUs are the planned machine's.",
        ]
    for f in data.get("findings") or []:
        if isinstance(f, dict) and f.get("severity") == "blocker":
            head.append(f"# BLOCKER ({_one_line(f.get('id', ''))}): {_one_line(f.get('title', ''))}"
                        f" - {_one_line(f.get('fix', ''))}")
    body: list[str] = []
    if fl is not None:
        body.append("    # --- 0. This host: its release and kernel (Ansible facts)")
        body += _yaml(_host_tasks(fl), 4)
    leftovers_done = False
    n = 0
    for step in steps:
        if fl is not None and fl.detect_leftovers and not leftovers_done and (
                step.kind in ("apt-purge", "remove-path", "install-key")):
            leftovers_done = True
            release = _release_of(choices)
            ours = [s.params["path"] for s in steps if s.kind == "write-apt-list"]
            n += 1
            body.append(f"    # --- {n}. Leftovers of other ROCm releases, found on each host")
            for c in fl.cleanup:
                body.append(f"    # On the planned machine: {_one_line(c.title)}"
                            + (f" ({_one_line(', '.join(c.params['packages']))})" if c.kind == "apt-purge" else ""))
            body += _yaml(_leftover_tasks(fl, release, ours), 4)
        if fl is not None and step.kind in ("apt-purge", "remove-path"):
            continue
        n += 1
        mark = "  [done]" if step.done else ""
        body.append(f"    # --- {n}. {_one_line(step.title)}{mark}")
        if step.why:
            body.append(f"    # Why: {_one_line(step.why)}")
        body += _yaml(step_tasks(step, fl), 4)
    play_vars: dict[str, Any] = {}
    if user is not None:
        play_vars["rocmdesk_user"] = _u(user)
    if fl is not None:
        play_vars[REL_VAR] = fl.rows
        play_vars[str(OS)] = Raw(f"{{{{ {REL_VAR}[ansible_distribution_release] | default({{}}) }}}}")
    play: dict[str, Any] = {"name": _u(f"rocmdesk: {rel}, scope {choices.get('scope', '?')}"),
                            "hosts": Raw("{{ rocmdesk_hosts | default('all') }}"), "become": True}
    if fl is not None:
        # the smallest set of facts: the release and the kernel are in it (distribution, platform)
        play["gather_facts"] = True
        play["gather_subset"] = ["!all"]
    else:
        play["gather_facts"] = False
    if play_vars:
        play["vars"] = play_vars
    out = head + ["---"] + _yaml([play], 0) + (["  tasks:"] + body if body else ["  tasks: []"])
    return "\n".join(out) + "\n"
