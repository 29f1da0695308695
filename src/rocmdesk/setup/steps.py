"""Plan steps: the allow-list of step kinds, their parameter checks, and the files they write.

``validate`` is what the root helper calls on a plan it received: it trusts nothing in the JSON.
Every value that ends up in a command or a file is checked here against a narrow pattern, so a
step can only do what its kind allows, to the paths apt keeps its files in, for the caller only; then
``helper_allow`` checks that each package, file and tree is one that rocmdesk's plans can name.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Callable
from urllib.parse import urlsplit


class PlanError(ValueError):
    """A plan (or one of its steps) is outside the allow-list."""


@dataclass
class Step:
    id: str
    kind: str
    title: str
    why: str
    root: bool
    params: dict[str, Any] = field(default_factory=dict)
    done: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# -- patterns ------------------------------------------------------------------------------
STEP_ID = re.compile(r"[a-z0-9][a-z0-9.-]{0,79}")
PACKAGE = re.compile(r"[a-z0-9][a-z0-9+.-]*[a-z0-9.]")  # Debian policy 5.6.1, not ending in apt's +/- (helper_allow)
USER = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,31}")
_FILE_NAME = r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}"
LIST_PATH = re.compile(rf"/etc/apt/sources\.list\.d/{_FILE_NAME}\.(?:list|sources)")
KEY_PATH = re.compile(rf"/etc/apt/keyrings/{_FILE_NAME}\.gpg")
PIN_PATH = re.compile(r"/etc/apt/preferences\.d/[A-Za-z0-9_][A-Za-z0-9_-]{0,63}(?:\.pref)?")  # apt skips other names
ROCM_TREE = re.compile(r"/opt/rocm-[0-9]+(?:\.[0-9]+){1,2}")
TOOL_PATH = re.compile(r"/opt/rocm(?:-[0-9]+(?:\.[0-9]+){1,2}|/core-[0-9]+\.[0-9]+)?/bin/(rocminfo|rocm-smi)")
SUITE = re.compile(r"[a-z0-9][a-z0-9.-]{0,31}")
COMPONENT = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
URL_PATH = re.compile(r"/[A-Za-z0-9._~/-]*")
GFX = re.compile(r"gfx[0-9]{1,2}[0-9a-f]{2}")
ARCHES = frozenset({"amd64", "i386", "arm64"})
# The environment a check's program runs in, wherever it runs, so that a plan's expectation holds for every runner:
# the root helper starts it with its own fixed environment (helper_execute.ENV: pkexec has cleared the caller's, and
# the helper passes nothing of it on), and the script and the playbook start it with ``env -i`` and these variables.
# No HSA_OVERRIDE_GFX_VERSION*, no ROCR_VISIBLE_DEVICES: rocminfo lists every GPU under its own gfx, whatever the
# user's session sets (plan._runtime_gfx computes the expectation for this environment).
CHECK_ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL": "C"}
# check -> the program it runs (None: a check of the machine itself)
VERIFY_CHECKS = {"amdgpu-loaded": None, "kfd-opens": None, "rocminfo-lists-gfx": "rocminfo",
                 "rocm-smi-shows-gpu": "rocm-smi"}
STEP_KEYS = frozenset({"id", "kind", "title", "why", "root", "params", "done"})
MAX_STEPS = 100
MAX_PACKAGES = 400


def _fail(msg: str) -> None:
    raise PlanError(msg)


def _str(params: dict, key: str, pattern: re.Pattern[str] | None = None, what: str | None = None) -> str:
    value = params.get(key)
    if type(value) is not str:
        _fail(f"{key} must be a string")
    if pattern is not None and not pattern.fullmatch(value):
        _fail(f"{key} {value!r} is not {what or 'allowed'}")
    return value


def _bool(params: dict, key: str) -> bool:
    value = params.get(key)
    if type(value) is not bool:
        _fail(f"{key} must be true or false")
    return value


def _str_list(params: dict, key: str, check: Callable[[str], None], limit: int) -> list[str]:
    value = params.get(key)
    if type(value) is not list or not value:
        _fail(f"{key} must be a non-empty list")
    if len(value) > limit:
        _fail(f"{key}: more than {limit} entries")
    for item in value:
        if type(item) is not str:
            _fail(f"{key}: every entry must be a string")
        check(item)
    if len(set(value)) != len(value):
        _fail(f"{key}: an entry is repeated")
    return value


def _keys(params: dict, required: set[str]) -> None:
    extra = set(params) - required
    missing = required - set(params)
    if extra:
        _fail("unknown parameter(s): " + ", ".join(sorted(map(str, extra))))
    if missing:
        _fail("missing parameter(s): " + ", ".join(sorted(missing)))


def check_package(spec: str) -> None:
    """A plain Debian package name that apt-get reads literally: no version, release, architecture, suffix, pattern."""
    from rocmdesk.setup.helper_allow import name_problem

    problem = name_problem(spec)
    if problem:
        _fail(problem)


def check_url(url: str) -> None:
    """https, to one of AMD's hosts in the knowledge data, with a plain path."""
    from rocmdesk.setup.recipe import amd_hosts

    if any(c.isspace() for c in url) or "\\" in url:
        _fail(f"URL {url!r} contains blanks")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # a malformed port or IPv6 literal
        _fail(f"URL {url!r} cannot be read")
    if parts.scheme != "https":
        _fail(f"URL {url!r} is not https")
    if parts.username or parts.password or port or parts.query or parts.fragment or "@" in parts.netloc:
        _fail(f"URL {url!r} carries credentials, a port, a query or a fragment")
    if parts.hostname not in amd_hosts() or parts.netloc != parts.hostname:
        _fail(f"URL {url!r} is not on AMD's hosts ({', '.join(sorted(amd_hosts()))})")
    path = parts.path or "/"
    if not URL_PATH.fullmatch(path) or any(seg in (".", "..") for seg in path.split("/")):
        _fail(f"URL {url!r} has an unusual path")


# -- the allow-list -----------------------------------------------------------------------------
def _write_apt_list(p: dict, caller: str) -> None:
    _keys(p, {"path", "uri", "suite", "components", "arch", "signed_by"})
    _str(p, "path", LIST_PATH, "an apt list under /etc/apt/sources.list.d/")
    check_url(_str(p, "uri"))
    _str(p, "suite", SUITE, "an apt suite name")
    _str_list(p, "components", lambda c: None if COMPONENT.fullmatch(c) else _fail(f"component {c!r}"), 8)
    arch = _str(p, "arch")
    if not arch or any(a not in ARCHES for a in arch.split(",")):
        _fail(f"arch {arch!r} is not one of {', '.join(sorted(ARCHES))}")
    _str(p, "signed_by", KEY_PATH, "a keyring under /etc/apt/keyrings/")


def _install_key(p: dict, caller: str) -> None:
    _keys(p, {"url", "path"})
    check_url(_str(p, "url"))
    _str(p, "path", KEY_PATH, "a keyring under /etc/apt/keyrings/")


def _write_pin(p: dict, caller: str) -> None:
    from rocmdesk.setup.recipe import amd_hosts

    _keys(p, {"path", "package", "origin", "priority"})
    _str(p, "path", PIN_PATH, "a file under /etc/apt/preferences.d/")
    pkg = _str(p, "package")
    if pkg != "*":
        check_package(pkg)
    origin = _str(p, "origin")
    if origin not in amd_hosts():
        _fail(f"origin {origin!r} is not one of AMD's hosts")
    prio = p.get("priority")
    if type(prio) is not int or not 1 <= prio <= 1000:
        _fail("priority must be a whole number from 1 to 1000")


def _apt_update(p: dict, caller: str) -> None:
    _keys(p, set())


def _apt_install(p: dict, caller: str) -> None:
    _keys(p, {"packages"})
    _str_list(p, "packages", check_package, MAX_PACKAGES)


def _apt_purge(p: dict, caller: str) -> None:
    _keys(p, {"packages", "autoremove"})
    _str_list(p, "packages", check_package, MAX_PACKAGES)
    _bool(p, "autoremove")


def _remove_path(p: dict, caller: str) -> None:
    _keys(p, {"path"})
    path = _str(p, "path")
    if not (ROCM_TREE.fullmatch(path) or LIST_PATH.fullmatch(path)):
        _fail(f"path {path!r}: only /opt/rocm-<version> and lists under /etc/apt/sources.list.d/ may be removed")


def _add_user_to_groups(p: dict, caller: str) -> None:
    from rocmdesk.setup.recipe import gpu_groups

    _keys(p, {"user", "groups"})
    user = _str(p, "user", USER, "a plain user name")
    if user != caller:
        _fail(f"user {user!r} is not the caller {caller!r}: a plan may only add its caller to groups")
    allowed = set(gpu_groups())
    _str_list(p, "groups", lambda g: None if g in allowed else _fail(f"group {g!r} is not one of {sorted(allowed)}"), 4)


def _verify(p: dict, caller: str) -> None:
    check = p.get("check")
    if type(check) is not str or check not in VERIFY_CHECKS:
        _fail(f"check {check!r} is not one of {', '.join(VERIFY_CHECKS)}")
    program = VERIFY_CHECKS[check]
    if program is None:
        _keys(p, {"check"})
        return
    if check == "rocminfo-lists-gfx":
        _keys(p, {"check", "program", "expect"})
        _str_list(p, "expect", lambda g: None if GFX.fullmatch(g) else _fail(f"{g!r} is not a gfx name"), 16)
    else:
        _keys(p, {"check", "program"})
    path = _str(p, "program", TOOL_PATH, f"{program} under /opt/rocm")
    if not path.endswith("/" + program):
        _fail(f"program {path!r} is not {program}")


def _control(kind: str) -> Callable[[dict, str], None]:
    """A GPU control step's form check (``helper_control``: a power cap, a performance level, the boot unit)."""

    def check(p: dict, caller: str) -> None:
        from rocmdesk.setup.helper_control import form_problem

        problem = form_problem(kind, p)
        if problem:
            _fail(problem)

    return check


@dataclass(frozen=True)
class Kind:
    root: bool
    check: Callable[[dict, str], None]
    what: str


KINDS: dict[str, Kind] = {
    "remove-path": Kind(True, _remove_path, "remove an old ROCm tree or apt list"),
    "apt-purge": Kind(True, _apt_purge, "purge packages"),
    "install-key": Kind(True, _install_key, "install a repository signing key"),
    "write-apt-list": Kind(True, _write_apt_list, "write an apt repository list"),
    "write-pin": Kind(True, _write_pin, "write an apt pin"),
    "apt-update": Kind(True, _apt_update, "refresh apt's package lists"),
    "apt-install": Kind(True, _apt_install, "install packages"),
    "add-user-to-groups": Kind(True, _add_user_to_groups, "add the user to groups"),
    "verify": Kind(False, _verify, "check the result"),
    "set-power-cap": Kind(True, _control("set-power-cap"), "set a GPU's power cap"),
    "set-perf-level": Kind(True, _control("set-perf-level"), "set a GPU's performance level"),
    "write-control-unit": Kind(True, _control("write-control-unit"), "write a unit that sets it again at boot"),
    "remove-control-unit": Kind(True, _control("remove-control-unit"), "remove the unit that sets it at boot"),
}


def _has_control(text: str) -> bool:
    return any(ord(c) < 32 or ord(c) == 127 for c in text)


def validate_step(raw: Any, caller: str, rules: Any = None) -> Step:
    """One step: its form here, then ``helper_allow`` for what it may touch (``rules``: a ``helper_allow.Rules``, the
    machine's part; None checks the data's allow-lists for any machine)."""
    from rocmdesk.setup.helper_allow import step_problem

    if type(raw) is not dict:
        _fail("a step must be an object")
    extra = set(raw) - STEP_KEYS
    if extra:
        _fail("unknown field(s): " + ", ".join(sorted(map(str, extra))))
    kind_name = raw.get("kind")
    if type(kind_name) is not str or kind_name not in KINDS:
        _fail(f"kind {kind_name!r} is not on the allow-list ({', '.join(KINDS)})")
    kind = KINDS[kind_name]
    step_id = raw.get("id")
    if type(step_id) is not str or not STEP_ID.fullmatch(step_id):
        _fail(f"id {step_id!r} is not a plain step id")
    texts = {}
    for key in ("title", "why"):
        value = raw.get(key, "")
        if type(value) is not str or len(value) > 1000 or _has_control(value):
            _fail(f"{key} must be one line of text")
        texts[key] = value
    root = raw.get("root", kind.root)
    if root is not kind.root:
        _fail(f"root must be {str(kind.root).lower()} for {kind_name}")
    done = raw.get("done", False)
    if type(done) is not bool:
        _fail("done must be true or false")
    params = raw.get("params", {})
    if type(params) is not dict:
        _fail("params must be an object")
    kind.check(params, caller)
    problem = step_problem(kind_name, params, rules)
    if problem:
        _fail(problem)
    return Step(step_id, kind_name, texts["title"], texts["why"], kind.root, dict(params), done)


def validate(plan_json: Any, caller: str, rules: Any = None) -> list[Step]:
    """The steps of a plan, each checked against the allow-list; ``PlanError`` names the first problem.
    ``rules``: the machine's part of it (``helper_allow.Rules``: the running kernel, the files the helper wrote)."""
    if type(caller) is not str or not USER.fullmatch(caller):
        raise PlanError(f"caller {caller!r} is not a plain user name")
    if type(plan_json) is not dict:
        raise PlanError("a plan must be a JSON object")
    schema = plan_json.get("schema", 1)
    if schema != 1:
        raise PlanError(f"plan schema {schema!r} is not 1")
    raw_steps = plan_json.get("steps")
    if type(raw_steps) is not list:
        raise PlanError("a plan needs a list of steps")
    if len(raw_steps) > MAX_STEPS:
        raise PlanError(f"a plan has at most {MAX_STEPS} steps")
    steps: list[Step] = []
    seen: set[str] = set()
    for n, raw in enumerate(raw_steps, 1):
        label = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else "?"
        try:
            step = validate_step(raw, caller, rules)
        except PlanError as exc:
            raise PlanError(f"step {n} ({label[:80]!r}): {exc}") from None
        if step.id in seen:
            raise PlanError(f"step {n}: id {step.id!r} is used twice")
        seen.add(step.id)
        steps.append(step)
    return steps


# -- what the file-writing steps write (the helper and the script write the same bytes) ---------
def apt_list_lines(params: dict) -> list[str]:
    opts = f"arch={params['arch']} signed-by={params['signed_by']}"
    comps = " ".join(params["components"])
    if params["path"].endswith(".sources"):
        return [
            "Types: deb",
            f"URIs: {params['uri']}",
            f"Suites: {params['suite']}",
            f"Components: {comps}",
            f"Architectures: {' '.join(params['arch'].split(','))}",
            f"Signed-By: {params['signed_by']}",
        ]
    return [f"deb [{opts}] {params['uri']} {params['suite']} {comps}"]


def pin_lines(params: dict) -> list[str]:
    return [f"Package: {params['package']}", f"Pin: release o={params['origin']}",
            f"Pin-Priority: {params['priority']}"]


def check_argv(program: str) -> list[str]:
    """The command line that runs a check's program in ``CHECK_ENV`` from a user's shell (the script, the playbook);
    the helper runs the program itself in its own environment, which has the same variables."""
    return ["env", "-i", *(f"{k}={v}" for k, v in CHECK_ENV.items()), program]


def file_content(step: Step) -> str | None:
    """The text a file-writing step writes, or None for other kinds."""
    if step.kind == "write-control-unit":
        from rocmdesk.setup.helper_control import unit_text

        return unit_text(step.params["setting"], step.params["slot"], step.params["value"])
    if step.kind == "write-apt-list":
        return "\n".join(apt_list_lines(step.params)) + "\n"
    if step.kind == "write-pin":
        return "\n".join(pin_lines(step.params)) + "\n"
    return None
