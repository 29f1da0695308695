"""How a ROCm release is installed with apt, read from the knowledge data (nothing hard-coded here).

``rocm_releases.json`` holds the per-release URLs and the per-stream ``setup`` block (file places, packages
per scope, pin); ``os_codenames.json`` the TheRock distro names and Ubuntu's GA/HWE kernels;
``pytorch_wheels.json`` the TheRock family of each gfx.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from urllib.parse import urlsplit

from rocmdesk.knowledge._data import load_json
from rocmdesk.knowledge.releases import RocmRelease, rocm_releases

SCOPES = ("pytorch", "runtime", "sdk")


@dataclass(frozen=True)
class Pin:
    file: str
    package: str
    origin: str
    priority: int


@dataclass(frozen=True)
class StreamRecipe:
    stream: str
    list_file: str
    driver_list_file: str | None
    graphics_list_file: str | None  # legacy 7.x: AMD's graphics repository (libdrm-amdgpu and its kin)
    arch: str
    pin: Pin | None
    packages: dict[str, tuple[str, ...]]  # scope -> package templates
    provided_by: dict[str, tuple[str, ...]]  # scope -> meta-packages that already contain it
    driver_packages: tuple[str, ...]
    tools: dict[str, str]  # program -> path template
    confidence: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class AptRepo:
    """One ``deb`` line, split: ``uri suite components...``."""

    uri: str
    suite: str
    components: tuple[str, ...]


@cache
def _setup() -> dict:
    return load_json("rocm_releases.json")["setup"]


@cache
def recipe(stream: str) -> StreamRecipe:
    raw = _setup()["streams"][stream]
    pin = raw.get("pin")
    return StreamRecipe(
        stream=stream,
        list_file=raw["list_file"],
        driver_list_file=raw.get("driver_list_file"),
        graphics_list_file=raw.get("graphics_list_file"),
        arch=raw["arch"],
        pin=Pin(pin["file"], pin["package"], pin["origin"], int(pin["priority"])) if pin else None,
        packages={k: tuple(v) for k, v in raw["packages"].items()},
        provided_by={k: tuple(v) for k, v in raw.get("provided_by", {}).items()},
        driver_packages=tuple(raw.get("driver_packages", ())),
        tools=dict(raw.get("tools", {})),
        confidence=raw.get("confidence", "medium"),
        sources=tuple(raw.get("sources", ())) + tuple(raw.get("graphics_sources", ())),
    )


def scope_package_names(stream: str, scope: str) -> list[str]:
    """The packages a stream installs for a scope, named without the release and family parts a plan fills in:
    TheRock's sdk -> amdrocm, amdrocm-core-dev, amdrocm-developer-tools (amdrocm7.14-gfx110x, ...)."""
    out: list[str] = []
    for template in recipe(stream).packages.get(scope, ()):
        name = template.replace("-{family}", "").replace("{family}", "").replace("{ver}", "")
        if name and name not in out:
            out.append(name)
    return out


def gpu_groups() -> tuple[str, ...]:
    return tuple(_setup()["groups"]["names"])


def dkms_prereqs(os_id: str | None, id_like: list[str] | tuple[str, ...] = ()) -> tuple[str, ...]:
    """Header packages a DKMS build needs (templates with ``{kernel}``); Ubuntu's list for Ubuntu-likes."""
    table = _setup()["dkms_prereqs"]
    like = [os_id or "", *id_like]
    for name in ("ubuntu", "debian"):
        if name in like:
            return tuple(table[name])
    return tuple(table["debian"])


def disk_estimate() -> dict:
    """Rough sizes in GiB per scope (``runtime``, ``sdk``, ``driver``) and where they land."""
    return dict(_setup()["disk_estimate_gib"])


def short_version(release: RocmRelease) -> str:
    """``x.y`` as TheRock package names use it (7.12.0 -> 7.12)."""
    return ".".join(release.version.split(".")[:2])


def split_repo(template: str, **values: str) -> AptRepo:
    """``"https://... {codename} main"`` with placeholders filled -> its parts."""
    parts = template.format(**values).split()
    return AptRepo(parts[0], parts[1], tuple(parts[2:]))


def therock_distro(os_id: str | None, version_id: str | None, repo_codename: str | None) -> str | None:
    """AMD's TheRock repo directory for an OS (ubuntu2404, debian12, ...); None when the data has none."""
    data = load_json("os_codenames.json")
    table = data["therock_distros"]
    if os_id == "debian" and version_id:
        return table["debian"].get(version_id.split(".", 1)[0])
    by_name = {name: ver for ver, name in data["ubuntu"].items()}
    ver = by_name.get(repo_codename or "")
    return table["ubuntu"].get(ver) if ver else None


def ubuntu_kernel(version_id: str | None) -> dict | None:
    """``{"ga": "5.15", "hwe_package": "linux-generic-hwe-22.04"}`` for an Ubuntu LTS, else None."""
    if not version_id:
        return None
    return load_json("os_codenames.json")["ubuntu_kernels"].get(".".join(version_id.split(".")[:2]))


def therock_family(gfx: str) -> tuple[str | None, str | None]:
    """(apt family, the gfx it was found for) for a gfx, trying the override target when it has none."""
    from rocmdesk.knowledge import gfx_target

    fams = load_json("pytorch_wheels.json")["amd_family_indexes"]["families"]
    for candidate in (gfx, getattr(gfx_target(gfx), "override_to", None)):
        if not candidate:
            continue
        for f in fams:
            if candidate in f["gfx"]:
                return f["apt_family"], candidate
    return None, None


@cache
def amd_hosts() -> frozenset[str]:
    """Every host AMD's install URLs in the data point at (repo.radeon.com, repo.amd.com)."""
    hosts: set[str] = set()
    for rel in rocm_releases():
        r = rel.repos
        for url in (r.key_url, r.rocm_apt, r.amdgpu_apt, r.graphics_apt, r.installer_deb):
            if url:
                host = urlsplit(url.split()[0]).hostname
                if host:
                    hosts.add(host)
    for stream in ("legacy", "therock"):
        pin = recipe(stream).pin
        if pin:
            hosts.add(pin.origin)
    return frozenset(hosts)


@cache
def keyring_paths() -> frozenset[str]:
    return frozenset(rel.repos.keyring for rel in rocm_releases())
