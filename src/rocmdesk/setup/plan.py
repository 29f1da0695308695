"""The install plan: an ordered list of steps, built purely from the machine report and the choices.

Each step says what it does, why, whether it needs root, and whether the report (and the extra facts)
show it is done already.  Running a plan is elsewhere; the root helper re-checks it with
``steps.validate``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from packaging.version import InvalidVersion, Version

from rocmdesk.advice.model import OVERRIDE_VAR
from rocmdesk.i18n import translate
from rocmdesk.knowledge.gfx import gfx_from_override
from rocmdesk.machine.detect import override_for
from rocmdesk.machine.model import Gpu, MachineReport
from rocmdesk.setup import aptfiles
from rocmdesk.setup.choices import CHOSEN, Choices, Resolved, resolve
from rocmdesk.setup.facts import SetupFacts
from rocmdesk.setup.helper_allow import purge_problem, removable_list
from rocmdesk.setup.preflight import Finding, check, rocm_version_of_package
from rocmdesk.setup.recipe import StreamRecipe, dkms_prereqs, gpu_groups, recipe, short_version, split_repo
from rocmdesk.setup.steps import CHECK_ENV, PACKAGE, ROCM_TREE, USER, Step, validate

SCHEMA = 1


@dataclass
class Plan:
    steps: list[Step]
    findings: list[Finding]
    choices: Resolved
    source: str
    simulated: bool
    after: list[str] = field(default_factory=list)
    machine: dict[str, Any] = field(default_factory=dict)

    @property
    def blocked(self) -> bool:
        return any(f.severity == "blocker" for f in self.findings)

    @property
    def todo(self) -> list[Step]:
        return [s for s in self.steps if not s.done]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "source": self.source,
            "simulated": self.simulated,
            "machine": self.machine,
            "choices": self.choices.to_json(),
            "blocked": self.blocked,
            "findings": [f.to_json() for f in self.findings],
            "steps": [s.to_json() for s in self.steps],
            "after": list(self.after),
        }


def plan(report: MachineReport, choices: Choices, facts: SetupFacts | None = None) -> Plan:
    facts = facts or SetupFacts()
    r = resolve(report, choices)
    findings = check(report, r, facts)
    steps: list[Step] = []
    if r.release is not None and r.needs_apt and r.os_fit is not None:
        steps += _cleanup(report, r, facts)
        steps += _apt_steps(report, r, facts)
    steps += _group_steps(report, r)
    steps += _verify_steps(report, r)
    result = Plan(steps, findings, r, report.source, report.simulated, _after(report, r, steps), _machine(report))
    if r.user and USER.fullmatch(r.user):
        validate(result.to_json(), r.user)  # a plan rocmdesk builds always passes its own allow-list
    return result


def _machine(report: MachineReport) -> dict[str, Any]:
    return {
        "os": report.os.pretty_name,
        "kernel": report.kernel.release,
        "gpus": [{"index": g.index, "name": g.name, "gfx": g.gfx} for g in report.gpus],
    }


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-.")[:60]


def _same_version(a: str | None, b: str | None) -> bool:
    try:
        return a is not None and b is not None and Version(a) == Version(b)
    except InvalidVersion:
        return False


# -- cleanup -------------------------------------------------------------------------------------
def _cleanup(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Step]:
    if not r.cleanup or r.release is None:
        return []
    keep = r.release.version if r.release.stream == "legacy" else None
    rocm = report.rocm
    steps: list[Step] = []
    purge = sorted(
        n for n, v in rocm.packages.items()
        if (pv := rocm_version_of_package(v)) and not _same_version(pv, keep)
        and not n.startswith("amdgpu-dkms") and purge_problem(n) is None  # what the helper purges
    )
    if purge:
        versions = sorted({rocm_version_of_package(rocm.packages[n]) or "" for n in purge})
        steps.append(Step("cleanup-purge", "apt-purge", translate(
            "rocmdesk.setup.plan", "Purge ROCm {versions} packages").format(versions=", ".join(versions)),
            translate("rocmdesk.setup.plan", "another ROCm version's packages would mix with ROCm {version}").format(
                version=r.release.version),
            True, {"packages": purge, "autoremove": True}))
    for inst in rocm.installed:
        version = inst.version or inst.path.removeprefix("/opt/rocm-")  # never guess a tree is another version
        if ROCM_TREE.fullmatch(inst.path) and not _same_version(version, keep):
            steps.append(Step(f"cleanup-remove-{_slug(inst.path)}", "remove-path", translate(
                "rocmdesk.setup.plan", "Remove {path}").format(path=inst.path),
                translate("rocmdesk.setup.plan", "{path} holds ROCm {version}, not the chosen {chosen}").format(
                    path=inst.path, version=inst.version or translate("rocmdesk.setup.plan", "(unknown)"),
                    chosen=r.release.version), True, {"path": inst.path}))
    ours = _our_list_files(r)
    for path in rocm.repo_lists:
        text = facts.files.get(path)
        if path in ours or text is None or not removable_list(path):  # the helper removes only AMD's lists by name
            continue
        stale = [e.uri for e in aptfiles.entries(path, text) if _other_rocm_repo(e.uri, r)]
        if stale:
            steps.append(Step(f"cleanup-remove-{_slug(path)}", "remove-path", translate(
                "rocmdesk.setup.plan", "Remove the old list {path}").format(path=path),
                translate("rocmdesk.setup.plan", "it points apt at another ROCm: {uri}").format(uri=stale[0]),
                True, {"path": path}))
    return steps


def _other_rocm_repo(uri: str, r: Resolved) -> bool:
    """A legacy /rocm/apt/<ver> repository, or AMD's /graphics/<ver>/ubuntu one, that is not the chosen release's.

    A graphics repository of another release is stale even where the chosen one has none (6.x, TheRock): under the
    plan's pin (600 for repo.radeon.com) it would hand that release's libdrm packages to the next upgrade.
    """
    if r.release is None:
        return False
    graphics = _GRAPHICS_REPO.search(uri)
    if graphics:
        mine = r.release.repos.graphics_apt
        return not mine or uri.rstrip("/") != split_repo(mine, codename=r.suite or "").uri.rstrip("/")
    m = re.search(r"/rocm/apt/([0-9.]+)/?$", uri)
    if not m:
        return False
    if r.release.stream != "legacy":
        return True
    mine = split_repo(r.release.repos.rocm_apt, codename=r.suite or "").uri.rstrip("/")
    return uri.rstrip("/") != mine


_GRAPHICS_REPO = re.compile(r"^https?://repo\.radeon\.com/graphics/[0-9][0-9.]*/ubuntu/?$")


def _our_list_files(r: Resolved) -> set[str]:
    """The lists this plan writes itself (rewritten, so never removed as stale)."""
    rec = recipe(r.release.stream) if r.release else None
    if rec is None:
        return set()
    ours = {p for p in (rec.list_file, rec.driver_list_file) if p}
    if _graphics_wanted(r) and rec.graphics_list_file:
        ours.add(rec.graphics_list_file)
    return ours


# -- key, lists, pin, packages ---------------------------------------------------------------------------
def _entry(params: dict) -> aptfiles.AptEntry:
    return aptfiles.AptEntry(params["uri"], params["suite"], tuple(params["components"]), params["signed_by"],
                             params["arch"])


def _list_done(params: dict, report: MachineReport, facts: SetupFacts,
               companions: tuple[aptfiles.AptEntry, ...] = ()) -> bool:
    """The list holds the planned line and no other version of its repository.

    ``companions``: lines that may share the file (AMD's 7.x page puts the graphics line into rocm.list); another
    version of a companion's repository spoils the file as well, since the plan writes the companion elsewhere.
    """
    want = _entry(params)
    state = facts.file_state(params["path"])
    if isinstance(state, str):
        found = aptfiles.entries(params["path"], state)
        # amdgpu-install adds a graphics line beside the rocm one: only another version of *this* repo spoils it
        families = {_repo_family(e.uri) for e in (want, *companions)}
        rivals = [e for e in found if _repo_family(e.uri) in families
                  and not any(e.same_repo(w) for w in (want, *companions))]
        return any(e.same_repo(want) for e in found) and not rivals
    if state is False:
        return False
    return _report_holds(params["path"], want, report)


def _report_holds(path: str, want: aptfiles.AptEntry, report: MachineReport) -> bool:
    """Without the file's text: the machine report's AMD lines (only when it saw no other ROCm)."""
    lines = [aptfiles.parse_list_line(ln) for ln in report.rocm.repo_lines]
    return path in report.rocm.repo_lists and not report.rocm.residue and any(
        e is not None and e.same_repo(want) for e in lines)


def _graphics_in_rocm_list(graphics: dict, rocm_list: Step | None, report: MachineReport, facts: SetupFacts) -> bool:
    """The graphics line is in rocm.list already (amdgpu-install and AMD's 7.x page put it there) and that file stays
    as it is: a second list with the same line would only make apt warn that the target is configured twice."""
    if rocm_list is None or not rocm_list.done:
        return False
    want = _entry(graphics)
    own = facts.file_state(graphics["path"])
    if isinstance(own, str) and any(_repo_family(e.uri) == _repo_family(want.uri) and not e.same_repo(want)
                                    for e in aptfiles.entries(graphics["path"], own)):
        return False  # our own list names another version: it is rewritten
    path = rocm_list.params["path"]
    state = facts.file_state(path)
    if isinstance(state, str):
        return any(e.same_repo(want) for e in aptfiles.entries(path, state))
    return state is None and _report_holds(path, want, report)


def _graphics_wanted(r: Resolved) -> bool:
    """Whether the plan adds AMD's graphics repository (legacy 7.x releases carry it as ``repos.graphics_apt``).

    ROCm 7 moved libdrm-amdgpu and its kin out of the amdgpu driver repository into repo.radeon.com/graphics, and
    AMD's ROCm install page adds that repository beside the ROCm one: so every scope that installs system ROCm
    packages (runtime, sdk) gets it.  The pytorch scope does not, even with amdgpu-dkms: the driver repository
    still carries amdgpu-dkms and its firmware (AMD's driver page adds amdgpu.list alone), the wheel brings its own
    ROCm user space, and a graphics repository under the 600 pin would only offer AMD's libdrm builds to upgrades
    of a machine that installs none of them.
    """
    rel = r.release
    return (rel is not None and rel.stream == "legacy" and bool(rel.repos.graphics_apt)
            and r.scope in ("runtime", "sdk") and bool(recipe(rel.stream).graphics_list_file))


def _repo_family(uri: str) -> str:
    """The repository without its version directories: .../rocm/apt/6.2.4 -> .../rocm/apt/*."""
    return re.sub(r"/[0-9][0-9.]*(?=/|$)", "/*", uri.rstrip("/"))


def _pin_done(params: dict, facts: SetupFacts) -> bool:
    state = facts.file_state(params["path"])
    if not isinstance(state, str):
        return False
    want = {"Package": params["package"], "Pin": f"release o={params['origin']}",
            "Pin-Priority": str(params["priority"])}
    return aptfiles.parse_pin(state) == [want]


def _installed(report: MachineReport, packages: list[str], rocm_version: str | None) -> bool:
    have = report.rocm.packages
    for name in packages:
        if name not in have:
            return False
        if rocm_version and not _same_version(rocm_version_of_package(have[name]), rocm_version):
            return False
    return True


def _scope_packages(rec: StreamRecipe, r: Resolved) -> list[str]:
    assert r.release is not None
    out: list[str] = []
    fams = sorted(set(r.families.values()))
    for template in rec.packages.get(r.scope, ()):
        for fam in fams if "{family}" in template else [""]:  # no family: no family package at all
            name = template.format(ver=short_version(r.release), family=fam)
            if name not in out and PACKAGE.fullmatch(name):
                out.append(name)
    return out


def _apt_steps(report: MachineReport, r: Resolved, facts: SetupFacts) -> list[Step]:
    rel = r.release
    assert rel is not None
    rec = recipe(rel.stream)
    key = rel.repos.keyring
    codename = report.os.repo_codename or ""
    steps: list[Step] = []
    steps.append(Step("install-key", "install-key",
                      translate("rocmdesk.setup.plan", "Install AMD's package signing key"),
                      translate("rocmdesk.setup.plan", "apt checks every AMD package against this key; it lives in "
                                "{path}, not in apt's global trust, so it signs only AMD's repositories").format(
                                    path=key), True,
                      {"url": rel.repos.key_url, "path": key}, isinstance(facts.file_state(key), str)))
    lists: list[Step] = []
    rocm_list = graphics_list = None
    if r.scope != "pytorch" and (rel.stream == "legacy" or r.distro):
        repo = split_repo(rel.repos.rocm_apt, codename=codename, distro=r.distro or "")
        rocm_list = _list_step("write-rocm-list", translate(
            "rocmdesk.setup.plan", "Add the ROCm {version} repository").format(version=rel.version),
            rec.list_file, repo, rec, key,
            translate("rocmdesk.setup.plan", "the ROCm {version} packages come from {uri} ({suite})").format(
                version=rel.version, uri=repo.uri, suite=repo.suite))
        lists.append(rocm_list)
    if _graphics_wanted(r) and rec.graphics_list_file and rel.repos.graphics_apt:
        repo = split_repo(rel.repos.graphics_apt, codename=codename)
        graphics_list = _list_step("write-graphics-list", translate(
            "rocmdesk.setup.plan", "Add AMD's graphics repository for ROCm {version}").format(version=rel.version),
            rec.graphics_list_file, repo, rec, key,
            translate("rocmdesk.setup.plan", "since ROCm 7 the libdrm packages ROCm uses (libdrm-amdgpu and its kin) "
                      "come from {uri}, not from the driver repository").format(uri=repo.uri))
        lists.append(graphics_list)
    if r.dkms and rel.repos.amdgpu_apt and rec.driver_list_file:
        repo = split_repo(rel.repos.amdgpu_apt, codename=codename)
        lists.append(_list_step("write-amdgpu-list",
                                translate("rocmdesk.setup.plan", "Add AMD's kernel driver repository"),
                                rec.driver_list_file, repo, rec, key,
                                translate("rocmdesk.setup.plan", "amdgpu-dkms comes from {uri}").format(uri=repo.uri)))
    companions = (_entry(graphics_list.params),) if graphics_list else ()
    for s in lists:
        s.done = _list_done(s.params, report, facts, companions if s is rocm_list else ())
    if graphics_list is not None and not graphics_list.done:
        graphics_list.done = _graphics_in_rocm_list(graphics_list.params, rocm_list, report, facts)
    steps += lists
    if rec.pin:
        pin = {"path": rec.pin.file, "package": rec.pin.package, "origin": rec.pin.origin,
               "priority": rec.pin.priority}
        steps.append(Step("write-pin", "write-pin", translate(
            "rocmdesk.setup.plan", "Prefer packages from {origin}").format(origin=rec.pin.origin),
            translate("rocmdesk.setup.plan", "priority {priority} makes apt take AMD's ROCm over the distribution's "
                      "own packages of the same names").format(priority=rec.pin.priority),
            True, pin, _pin_done(pin, facts)))
    installs: list[Step] = []
    if r.dkms and rel.repos.amdgpu_apt:
        kernel = report.kernel.release or ""
        pre = [t.format(kernel=kernel) for t in dkms_prereqs(report.os.id, report.os.id_like)] if kernel else []
        pkgs = [p for p in pre if PACKAGE.fullmatch(p)] + list(rec.driver_packages)
        why = translate("rocmdesk.setup.plan", "builds AMD's amdgpu module for kernel {kernel} ({reason})").format(
            kernel=kernel, reason=_reason(r.dkms_why)) if kernel else translate(
            "rocmdesk.setup.plan", "builds AMD's amdgpu module for the running kernel ({reason})").format(
            reason=_reason(r.dkms_why))
        installs.append(Step("install-driver", "apt-install", translate(
            "rocmdesk.setup.plan", "Install the amdgpu-dkms kernel driver"), why, True, {"packages": pkgs},
            _installed(report, list(rec.driver_packages), None)))
    pkgs = _scope_packages(rec, r)
    if r.scope != "pytorch" and pkgs and (r.families or not any("{family}" in t for t in rec.packages[r.scope])):
        want = rel.version if rel.stream == "legacy" else None
        done = _installed(report, pkgs, want) or any(
            _installed(report, [meta], want) for meta in rec.provided_by.get(r.scope, ()))
        installs.append(Step("install-rocm", "apt-install", translate(
            "rocmdesk.setup.plan", "Install ROCm {version} ({scope})").format(version=rel.version, scope=r.scope),
            _scope_why(r), True, {"packages": pkgs}, done))
    if installs:
        done = all(s.done for s in lists + installs)
        steps.append(Step("apt-update", "apt-update", translate("rocmdesk.setup.plan", "Refresh apt's package lists"),
                          translate("rocmdesk.setup.plan",
                                    "apt must read the new repository before it can install from it"),
                          True, {}, done))
        steps += installs
    return steps


def _list_step(sid: str, title: str, path: str, repo, rec: StreamRecipe, key: str, why: str) -> Step:
    params = {"path": path, "uri": repo.uri, "suite": repo.suite, "components": list(repo.components),
              "arch": rec.arch, "signed_by": key}
    return Step(sid, "write-apt-list", title, why, True, params)


def _reason(why: str) -> str:
    """A resolved choice's reason as words (``CHOSEN`` is a code the Setup page compares)."""
    return translate("rocmdesk.setup.plan", "your choice") if why == CHOSEN else why


def _scope_why(r: Resolved) -> str:
    if r.stream == "therock":  # the recipe's amdrocm<ver>-<family> (+ core-dev, developer-tools): no rocm-smi
        if r.scope == "runtime":
            return translate("rocmdesk.setup.plan", "ROCm's runtime and libraries for your GPU family, with "
                             "rocminfo, for programs built against a system ROCm")
        return translate("rocmdesk.setup.plan", "ROCm's libraries for your GPU family with their headers and "
                         "AMD's developer tools, to build HIP code and extensions yourself")
    if r.scope == "runtime":
        return translate("rocmdesk.setup.plan",
                         "the HIP runtime with rocminfo and rocm-smi, for programs built against a system ROCm")
    return translate("rocmdesk.setup.plan",
                     "the HIP SDK and developer tools, to build HIP code and extensions yourself")


# -- groups and checks ---------------------------------------------------------------------------------
def _group_steps(report: MachineReport, r: Resolved) -> list[Step]:
    user = r.user
    if not user or user == "root" or not USER.fullmatch(user):
        return []
    groups = list(gpu_groups())
    have = set(report.access.groups_configured) if user == report.access.user else set()
    if len(groups) == 2:  # the data's render and video
        title = translate("rocmdesk.setup.plan", "Add {user} to the {first} and {second} groups").format(
            user=user, first=groups[0], second=groups[1])
    else:
        title = translate("rocmdesk.setup.plan", "Add {user} to the groups {groups}").format(
            user=user, groups=", ".join(groups))
    why = translate("rocmdesk.setup.plan", "/dev/kfd and /dev/dri/renderD* open only for members of these groups")
    return [Step("add-groups", "add-user-to-groups", title, why, True, {"user": user, "groups": groups},
                 set(groups) <= have)]


def _verify_steps(report: MachineReport, r: Resolved) -> list[Step]:
    steps: list[Step] = []
    if not report.os.wsl:
        steps.append(Step("verify-amdgpu", "verify",
                          translate("rocmdesk.setup.plan", "Check that the amdgpu driver is loaded"),
                          translate("rocmdesk.setup.plan", "ROCm reaches the GPU only through amdgpu and its KFD"),
                          False, {"check": "amdgpu-loaded"}, report.kernel.amdgpu_loaded is True))
    rel = r.release
    if rel is not None and r.scope != "pytorch" and r.needs_apt and r.os_fit is not None:
        rec = recipe(rel.stream)
        # The check runs rocminfo in CHECK_ENV, not in the user's session: the helper under pkexec passes none of
        # the caller's environment on, and the script and the playbook clear it with ``env -i`` (render.py).  The
        # plan leaves the session's override variables as they are (preflight says when the advice disagrees with
        # them), so the expectation is the gfx each GPU shows in the check's environment, never in the session's.
        expect = sorted({gfx for g in report.gpus if (gfx := _runtime_gfx(g, CHECK_ENV))})
        tool = rec.tools.get("rocminfo")
        if tool and expect:
            path = tool.format(install_dir=rel.repos.install_dir)
            same = _same_version(report.rocm.primary_version, rel.version)
            why = translate("rocmdesk.setup.plan", "the ROCm runtime sees the GPU")
            if any(_runtime_gfx(g, report.override_env) != _runtime_gfx(g, CHECK_ENV) for g in report.gpus):
                why = translate("rocmdesk.setup.plan",
                                "the ROCm runtime sees the GPU; the check runs rocminfo without your session's "
                                "{var} variables, so it names each GPU's own target").format(var=OVERRIDE_VAR)
            steps.append(Step("verify-rocminfo", "verify", translate(
                "rocmdesk.setup.plan", "Check that rocminfo lists {targets}").format(targets=", ".join(expect)),
                              why, False, {"check": "rocminfo-lists-gfx", "program": path, "expect": expect},
                              same and report.rocm.rocminfo_available and report.rocm.rocminfo_error is None))
        tool = rec.tools.get("rocm-smi")
        if tool:
            steps.append(Step("verify-rocm-smi", "verify",
                              translate("rocmdesk.setup.plan", "Check that rocm-smi shows the card"),
                              translate("rocmdesk.setup.plan", "the management library reaches the GPU"), False,
                              {"check": "rocm-smi-shows-gpu",
                               "program": tool.format(install_dir=rel.repos.install_dir)}))
    steps.append(Step("verify-kfd", "verify",
                      translate("rocmdesk.setup.plan", "Check that /dev/kfd opens in your session"),
                      translate("rocmdesk.setup.plan", "PyTorch and every ROCm program open /dev/kfd read-write"),
                      False, {"check": "kfd-opens"}, report.access.ok is True))
    return steps


def _runtime_gfx(gpu: Gpu, env: Mapping[str, str]) -> str | None:
    """The gfx the ROCm runtime (rocminfo) reports for ``gpu`` in the environment ``env``: the target of the override
    that applies to it (the per-GPU ``_<KFD node>`` form wins), else the GPU's own."""
    value = override_for(gpu, dict(env))
    return (gfx_from_override(value) or gpu.gfx) if value else gpu.gfx


def relogin_noted(report: MachineReport, steps: list[Step]) -> bool:
    """Whether the plan's notes (``Plan.after``) tell the user to log out and in again."""
    return any(s.kind == "add-user-to-groups" and not s.done for s in steps) or bool(report.access.needs_relogin)


def _after(report: MachineReport, r: Resolved, steps: list[Step]) -> list[str]:
    out = []
    if relogin_noted(report, steps):
        out.append(translate("rocmdesk.setup.plan",
                             "Log out and in again so the new groups apply (newgrp render fixes only one shell)."))
    if any(s.id == "install-driver" and not s.done for s in steps):
        out.append(translate("rocmdesk.setup.plan", "Reboot so the amdgpu-dkms driver is the one that loads."))
    if r.scope == "pytorch":
        out.append(translate("rocmdesk.setup.plan",
                             "Next: install PyTorch for ROCm into a virtual environment (rocmdesk's PyTorch page)."))
    return out
