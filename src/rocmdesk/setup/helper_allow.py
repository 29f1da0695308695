"""What the root helper may touch: the packages, files and trees that rocmdesk's plans can name, and nothing else.

``steps.validate`` checks the *form* of every value (a Debian name, a path under apt's folders, an https URL on AMD's
hosts); this module checks *membership*: the value is one that a plan built from the knowledge data can produce.

- ``apt-install``: a plain Debian package name (``name_problem``: no apt suffix, version, release, architecture,
  glob, regex or pattern syntax) that some plan for some release, scope and GPU family in the data installs
  (``install_names``: the recipe's scope packages with ``{ver}`` and ``{family}`` filled in for every release and
  every TheRock apt family, the driver packages), or a kernel header package of the data's ``dkms_prereqs`` for the
  running kernel (``Rules.kernel``; any kernel release where the plan is checked for another machine).
- ``apt-purge``: ROCm and AMD driver packages only, recognised by name (``PURGE_PREFIXES``, the same prefixes the
  machine layer reads installed ROCm packages by; ``amdgpu-dkms`` and rocmdesk itself never).  The executor also
  purges only AMD's own builds (``amd_build``: the version carries AMD's five-digit release code).
- ``write-apt-list``: exactly the list files the recipe names (rocm.list, amdgpu.list, rocm-graphics.list), signed by
  a keyring the data names; ``install-key``: exactly those keyrings; ``write-pin``: exactly the data's pin.
- ``remove-path``: ``/opt/rocm-X.Y[.Z]`` trees; the list files the recipe names; lists the helper wrote itself in an
  earlier run (``Rules.created``, from its state file); and AMD's leftover lists by name (``LEFTOVER_LIST``:
  amdgpu-install's amdgpu.list, amdgpu-proprietary.list, rocm.list and the like).  Never the distribution's own
  sources (debian.sources, ubuntu.sources) or another vendor's list; the executor also removes a list only when
  every repository it names is on AMD's hosts.

Where the data comes from, and why that is safe for a program that runs as root: the allow-sets are derived at run
time from the knowledge data of the rocmdesk package the helper itself was imported from, the same way
``steps.check_url`` and ``recipe.gpu_groups`` already read AMD's hosts and the GPU groups.  The helper starts as
``/usr/bin/python3 -I`` (no PYTHON* variables, no user site-packages, not even the script's own folder on the
path), so the only rocmdesk it can import is the root-owned one the .deb installed in
``/usr/lib/python3/dist-packages`` (or the fixed root-owned folder ``packaging/rocmdesk-helper`` adds), and
``knowledge._data`` finds the data files beside its own module file, never through a variable, the user's home or
the current directory.  So the derivation reads only root-owned files, and it can never go stale against the data
the plan builder of that same installation uses.  Generating the sets into the helper at build time would add a
build step and a staleness test and buy no trust: the helper imports rocmdesk's modules from that root-owned tree
anyway.  (A pipx-installed rocmdesk with newer data than the .deb plans with its own data; the helper then refuses
what its root-owned data cannot name, which is the point.)

Standard library only (plus rocmdesk's recipe and knowledge data): the helper imports this.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Iterable

# -- package names ---------------------------------------------------------------------------------------------------
# Debian policy 5.6.1 ([a-z0-9][a-z0-9+.-]+), and not ending in + or -: apt-get reads a trailing "-" as "remove this"
# and "+" as "install this" even after "--" (``apt-get install -- tcsh-`` removes tcsh).
DEB_NAME = re.compile(r"[a-z0-9][a-z0-9+.-]*[a-z0-9.]")
# What apt-get reads as something other than a package name: version (=), release (/), architecture (:), glob (* ? [ ]),
# regex (^ $ | ( ) and an unknown name with . or +: APT::Cmd::Pattern-Only keeps those two literal), task (^),
# pattern (? ~ !), and characters no Debian name has.
APT_SYNTAX = {"=": "a version", "/": "a release", ":": "an architecture", "*": "a glob", "?": "a pattern",
              "[": "a glob", "]": "a glob", "~": "a pattern", "!": "a pattern", "^": "a regular expression or task",
              "$": "a regular expression", "|": "a regular expression", "(": "a pattern", ")": "a pattern",
              ",": "a list", "{": "a template", "}": "a template"}
# uname -r as Debian and Ubuntu name their kernels (6.8.0-45-generic, 6.1.0-26-amd64): the {kernel} of dkms_prereqs
KERNEL_RELEASE = r"[0-9]+\.[0-9]+[a-z0-9.+-]*[a-z0-9]"

# AMD's ROCm and driver packages, by name: these prefixes are the machine layer's ROCM_PACKAGE_PREFIXES (how
# ``machine.system`` recognises installed ROCm, and so what the plan's cleanup can purge; a test keeps the two equal):
# rocm-core, rocm-core5.7.1 (a versioned multi-install name), hip-runtime-amd, hsa-rocr, amdgpu-core,
# amdrocm7.12-gfx110x, rocminfo, miopen-hip, rccl, comgr.
PURGE_PREFIXES = ("rocm", "hip", "hsa", "amdgpu", "amdrocm", "rocminfo", "miopen", "rccl", "comgr")
# ... except the kernel driver (the plan never purges the module the GPU runs on) and rocmdesk, which starts with "rocm"
PURGE_NEVER = re.compile(r"amdgpu-dkms.*|rocmdesk.*")
# AMD's versions carry the ROCm release as five digits: 6.2.4.60204-139~24.04, 1:6.3.6.60000-1697589.22.04
# (the same rule as setup.preflight.rocm_version_of_package; a test keeps the two equal)
AMD_BUILD = re.compile(r"\.([0-9]{5})(?:-|$)")

# -- paths -----------------------------------------------------------------------------------------------------------
SOURCES_D = "/etc/apt/sources.list.d/"
# AMD's apt lists by name, as its installers and install pages leave them: amdgpu-install writes rocm.list, amdgpu.list
# and amdgpu-proprietary.list; older pages and guides rocm-<ver>.list, amdgpu-<ver>.list; TheRock amdrocm*.
LEFTOVER_LIST_PREFIXES = ("rocm", "amdgpu", "amdrocm", "radeon", "repo.radeon.com", "repo.amd.com")
LEFTOVER_LIST = re.compile(
    "(?:" + "|".join(map(re.escape, LEFTOVER_LIST_PREFIXES)) + r")[A-Za-z0-9_.-]{0,60}\.(?:list|sources)")
ROCM_TREE = re.compile(r"/opt/rocm-[0-9]+(?:\.[0-9]+){1,2}")
_LIST_PATH = re.compile(r"/etc/apt/sources\.list\.d/[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}\.(?:list|sources)")
_CREATED_PATH = re.compile(r"/etc/apt/(?:sources\.list\.d|keyrings|preferences\.d)/[A-Za-z0-9_][A-Za-z0-9_.-]{0,70}")
# the GPU control kinds (helper_control): their allow-list is the machine itself
CONTROL_KINDS = frozenset({"set-power-cap", "set-perf-level", "write-control-unit", "remove-control-unit"})
# the kinds that write a file, and the parameter that names it (the helper records what it wrote in its state)
WRITES = {"write-apt-list": "path", "write-pin": "path", "install-key": "path"}


@dataclass(frozen=True)
class Rules:
    """The machine's part of the allow-list: what only the helper on that machine knows.

    ``kernel``: the running kernel's release (``uname -r``), the only one whose header packages a plan installs;
    None where a plan is checked for another machine (the plan builder, a dry run in-process), which allows any.
    ``created``: files the helper wrote in earlier runs (its state file), which ``remove-path`` may take away again."""

    kernel: str | None = None
    created: frozenset[str] = field(default_factory=frozenset)
    # the machine a GPU control step is checked against (``helper_control.machine_problem``: an AMD GPU's file, a
    # power cap inside its range); None where a plan is checked for another machine (the plan builder), which
    # checks only the form
    machine: Path | None = None


# -- what the data can name ---------------------------------------------------------------------------------------
def _streams() -> list[str]:
    from rocmdesk.knowledge.releases import rocm_releases

    return sorted({r.stream for r in rocm_releases()})


@cache
def apt_families() -> tuple[str, ...]:
    """TheRock's apt family names (gfx110x, gfx90a, ...) of pytorch_wheels.json, what ``{family}`` becomes."""
    from rocmdesk.knowledge._data import load_json

    fams = load_json("pytorch_wheels.json")["amd_family_indexes"]["families"]
    return tuple(sorted({f["apt_family"] for f in fams if f.get("apt_family")}))


@cache
def install_names() -> frozenset[str]:
    """Every package name a plan installs for some release, scope and GPU family in the data (kernel headers apart)."""
    from rocmdesk.knowledge.releases import rocm_releases
    from rocmdesk.setup.recipe import recipe, short_version

    out: set[str] = set()
    for stream in _streams():
        rec = recipe(stream)
        versions = sorted({short_version(r) for r in rocm_releases(stream)})
        out.update(rec.driver_packages)
        for templates in rec.packages.values():
            for template in templates:
                for ver in versions:
                    for fam in apt_families() if "{family}" in template else ("",):
                        out.add(template.format(ver=ver, family=fam))
    return frozenset(n for n in out if DEB_NAME.fullmatch(n))


@cache
def kernel_templates() -> tuple[str, ...]:
    """The data's DKMS prerequisites (``linux-headers-{kernel}``, ...) for every distribution it names."""
    from rocmdesk.setup.recipe import dkms_prereqs

    return tuple(sorted({t for os_id in ("ubuntu", "debian") for t in dkms_prereqs(os_id)}))


@cache
def _kernel_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(re.escape(t).replace(re.escape("{kernel}"), KERNEL_RELEASE)) for t in kernel_templates())


@cache
def list_files() -> frozenset[str]:
    """The apt lists plans write: each stream's list_file, driver_list_file and graphics_list_file."""
    from rocmdesk.setup.recipe import recipe

    out = set()
    for stream in _streams():
        rec = recipe(stream)
        out.update(p for p in (rec.list_file, rec.driver_list_file, rec.graphics_list_file) if p)
    return frozenset(out)


@cache
def keyrings() -> frozenset[str]:
    """The keyrings plans install and lists name as signed-by: each release's repos.keyring."""
    from rocmdesk.setup.recipe import keyring_paths

    return keyring_paths()


@cache
def pins() -> frozenset[tuple[str, str, str, int]]:
    """The pins plans write: (file, package, origin, priority) of each stream that has one."""
    from rocmdesk.setup.recipe import recipe

    return frozenset((p.file, p.package, p.origin, p.priority) for s in _streams() if (p := recipe(s).pin))


@cache
def amd_hosts() -> frozenset[str]:
    from rocmdesk.setup.recipe import amd_hosts as hosts

    return hosts()


# -- the checks: each returns None, or why not in words ---------------------------------------------------------------
def name_problem(spec: str) -> str | None:
    """Why ``spec`` is not a plain Debian package name that apt-get reads literally; None when it is one."""
    if spec.endswith("-"):
        return f"{spec!r} ends in '-', which apt-get reads as 'remove {spec[:-1]}': not a plain package name"
    if spec.endswith("+"):
        return f"{spec!r} ends in '+', which apt-get can read as 'install {spec[:-1]}': not a plain package name"
    for char, what in APT_SYNTAX.items():
        if char in spec:
            return f"{spec!r} holds {char!r}, which apt-get reads as {what}: only plain package names are allowed"
    if not DEB_NAME.fullmatch(spec):
        return f"{spec!r} is not a Debian package name"
    return None


def install_problem(name: str, kernel: str | None = None) -> str | None:
    """Why a plan may not install ``name``; None when some plan from the data installs it."""
    problem = name_problem(name)
    if problem:
        return problem
    if name in install_names():
        return None
    if kernel is not None:
        if name in {t.format(kernel=kernel) for t in kernel_templates()}:
            return None
    elif any(p.fullmatch(name) for p in _kernel_patterns()):
        return None
    return (f"{name!r} is not a package rocmdesk's plans install (ROCm {', '.join(sorted(_streams()))} packages from "
            f"the knowledge data, amdgpu-dkms, and the running kernel's headers)")


def purge_problem(name: str) -> str | None:
    """Why a plan may not purge ``name``; None for a ROCm or AMD driver package recognised by name."""
    problem = name_problem(name)
    if problem:
        return problem
    if PURGE_NEVER.fullmatch(name) or not name.startswith(PURGE_PREFIXES):
        return (f"{name!r} is not an old ROCm package: rocmdesk purges only packages named "
                f"{', '.join(p + '*' for p in PURGE_PREFIXES)} (never amdgpu-dkms or rocmdesk)")
    return None


def amd_build(version: str) -> bool:
    """Whether a package version is one of AMD's builds (it carries the five-digit ROCm release code)."""
    return bool(AMD_BUILD.search(version))


def is_leftover_list(path: str) -> bool:
    """An apt list AMD's installers and install pages leave, by name (rocm.list, amdgpu-proprietary.list, ...)."""
    return (path.startswith(SOURCES_D) and _LIST_PATH.fullmatch(path) is not None
            and LEFTOVER_LIST.fullmatch(path[len(SOURCES_D):]) is not None)


def removable_list(path: str, created: Iterable[str] = ()) -> bool:
    """Whether ``remove-path`` may take this apt list away (the plan builder asks this before it plans a removal)."""
    if not _LIST_PATH.fullmatch(path):
        return False
    return path in list_files() or path in set(created) or is_leftover_list(path)


def remove_problem(path: str, created: Iterable[str] = ()) -> str | None:
    if ROCM_TREE.fullmatch(path) or removable_list(path, created):
        return None
    if path.startswith(SOURCES_D):
        return (f"{path!r} is not an apt list rocmdesk writes or one AMD's installers leave "
                f"({', '.join(p + '*' for p in LEFTOVER_LIST_PREFIXES)}): the helper does not remove it")
    return f"{path!r}: only /opt/rocm-<version> trees and AMD's apt lists may be removed"


def list_problem(path: str) -> str | None:
    if path in list_files():
        return None
    return f"{path!r} is not an apt list rocmdesk writes ({', '.join(sorted(list_files()))})"


def keyring_problem(path: str) -> str | None:
    if path in keyrings():
        return None
    return f"{path!r} is not a keyring rocmdesk installs ({', '.join(sorted(keyrings()))})"


def pin_problem(params: dict[str, Any]) -> str | None:
    key = (params.get("path"), params.get("package"), params.get("origin"), params.get("priority"))
    if key in pins():
        return None
    known = "; ".join(f"{f}: Package {p}, o={o}, priority {n}" for f, p, o, n in sorted(pins()))
    return f"the pin {params.get('path')!r} is not the one rocmdesk writes ({known})"


def step_problem(kind: str, params: dict[str, Any], rules: Rules | None = None) -> str | None:
    """Why a step whose form ``steps.validate`` accepted reaches outside the allow-lists; None when it does not."""
    rules = rules or Rules()
    if kind == "apt-install":
        return next(filter(None, (install_problem(n, rules.kernel) for n in params["packages"])), None)
    if kind == "apt-purge":
        return next(filter(None, map(purge_problem, params["packages"])), None)
    if kind == "write-apt-list":
        return list_problem(params["path"]) or keyring_problem(params["signed_by"])
    if kind == "install-key":
        return keyring_problem(params["path"])
    if kind == "write-pin":
        return pin_problem(params)
    if kind == "remove-path":
        return remove_problem(params["path"], rules.created)
    if kind in CONTROL_KINDS and rules.machine is not None:
        from rocmdesk.setup.helper_control import machine_problem

        return machine_problem(rules.machine, kind, params)
    return None


def recorded(paths: Any) -> frozenset[str]:
    """The files a state file says the helper wrote, those that look like one (anything else is dropped)."""
    if not isinstance(paths, list):
        return frozenset()
    return frozenset(p for p in paths if isinstance(p, str) and _CREATED_PATH.fullmatch(p) and ".." not in p)


# -- what a list file names (the executor's second look before it removes one) ---------------------------------------
_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s\]]+")
_HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/\s]*@)?([^/:\s\]]+)")


def foreign_repos(text: str) -> list[str]:
    """The repositories an apt list (one-line or deb822) names that are not on AMD's hosts; comments don't count."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        for url in _URL.findall(line):
            m = _HOST.match(url)
            if not m or m.group(1).lower() not in amd_hosts():
                out.append(url)
    return out
