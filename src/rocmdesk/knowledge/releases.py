"""ROCm releases of both streams (legacy 5.7-7.2.x, TheRock 7.9+/10.x) and the OS -> AMD repo codename map."""

from __future__ import annotations

import re
from functools import cache, cached_property, lru_cache

from rocmdesk.knowledge._data import load_json
from rocmdesk.knowledge.records import record
from rocmdesk.knowledge.version import InvalidVersion, Version

STREAMS = ("legacy", "therock")
# "Versions 7.0 through 7.8 are reserved for production stream ... 7.9 and later represent the technology preview stream"
_THEROCK_FROM = Version("7.9")


@record(frozen=True)
class UbuntuSupport:
    codename: str
    versions: tuple[str, ...]  # point releases AMD lists, e.g. ("22.04.5",)


@record(frozen=True)
class DebianSupport:
    version: str
    note: str  # e.g. "MI300X only"


@record(frozen=True)
class RepoUrls:
    """Where a release is installed from.  ``{codename}`` / ``{distro}`` / ``{family}`` / ``{ver}`` are placeholders."""

    key_url: str
    keyring: str
    rocm_apt: str
    install_dir: str
    amdgpu_apt: str | None = None
    graphics_apt: str | None = None
    installer_deb: str | None = None
    amdgpu_driver: str | None = None
    apt_distros: tuple[str, ...] = ()  # TheRock: ubuntu2404, debian12, ...
    packages: str | None = None  # TheRock: amdrocm{ver}-{family}
    pip_index: str | None = None
    wheels_next: str | None = None


@record(frozen=True)
class RocmRelease:
    version: str
    stream: str  # legacy | therock
    preview: bool
    release_date: str | None
    date_confidence: str
    ubuntu: tuple[UbuntuSupport, ...]
    debian: tuple[DebianSupport, ...]
    other_os: tuple[str, ...]
    kernels: tuple[tuple[str, str], ...]  # (OS, validated kernel) as AMD's matrix words them
    gfx_known: bool  # False: AMD's GPU list for this release is not in the data
    gfx_instinct: tuple[str, ...]
    gfx_radeon: tuple[str, ...]
    gfx_apu: tuple[str, ...]
    gfx_deprecated: tuple[str, ...]
    gfx_note: str
    repos: RepoUrls
    confidence: str
    notes: str
    date_sources: tuple[str, ...]
    os_sources: tuple[str, ...]
    gfx_sources: tuple[str, ...]
    repo_sources: tuple[str, ...]
    kernel_sources: tuple[str, ...] = ()
    kernels_ga_only: tuple[str, ...] = ()  # OS rows that name only the GA kernel: no bound for newer kernels

    @cached_property
    def key(self) -> Version:
        return Version(self.version)

    @cached_property
    def supported_gfx(self) -> tuple[str, ...]:
        """Every gfx on AMD's list for this release (Instinct, Radeon and Ryzen APUs)."""
        seen: dict[str, None] = {}
        for g in self.gfx_instinct + self.gfx_radeon + self.gfx_apu:
            seen.setdefault(g, None)
        return tuple(seen)

    def supports(self, gfx: str) -> bool | None:
        """On AMD's list?  None when the list for this release is unknown."""
        return gfx in self.supported_gfx if self.gfx_known else None

    @property
    def ubuntu_codenames(self) -> tuple[str, ...]:
        return tuple(u.codename for u in self.ubuntu)

    @property
    def debian_versions(self) -> tuple[str, ...]:
        return tuple(d.version for d in self.debian)

    @property
    def sources(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for key in self.date_sources + self.os_sources + self.gfx_sources + self.repo_sources + self.kernel_sources:
            seen.setdefault(key, None)
        return tuple(seen)

    @property
    def source(self) -> str:
        return ", ".join(self.sources)


def _release(raw: dict) -> RocmRelease:
    gfx = raw.get("gfx")
    repos = dict(raw["repos"])
    repos["apt_distros"] = tuple(repos.get("apt_distros", ()))
    src = raw["sources"]
    return RocmRelease(
        version=raw["version"],
        stream=raw["stream"],
        preview=bool(raw["preview"]),
        release_date=raw.get("release_date"),
        date_confidence=raw["date_confidence"],
        ubuntu=tuple(UbuntuSupport(u["codename"], tuple(u["versions"])) for u in raw["ubuntu"]),
        debian=tuple(DebianSupport(d["version"], d.get("note", "")) for d in raw["debian"]),
        other_os=tuple(raw.get("other_os", ())),
        kernels=tuple((k["os"], k["kernel"]) for k in raw.get("kernels", ())),
        gfx_known=gfx is not None,
        gfx_instinct=tuple(gfx["instinct"]) if gfx else (),
        gfx_radeon=tuple(gfx["radeon"]) if gfx else (),
        gfx_apu=tuple(gfx["apu"]) if gfx else (),
        gfx_deprecated=tuple(gfx["deprecated"]) if gfx else (),
        gfx_note=gfx.get("note", "") if gfx else "",
        repos=RepoUrls(**repos),
        confidence=raw["confidence"],
        notes=raw.get("notes", ""),
        date_sources=tuple(src.get("date", ())),
        os_sources=tuple(src.get("os", ())),
        gfx_sources=tuple(src.get("gfx", ())),
        repo_sources=tuple(src.get("repos", ())),
        kernel_sources=tuple(src.get("kernels", ())),
        kernels_ga_only=tuple(k["os"] for k in raw.get("kernels", ()) if k.get("ga_only")),
    )


@cache
def _releases() -> tuple[RocmRelease, ...]:
    rels = [_release(r) for r in load_json("rocm_releases.json")["releases"]]
    return tuple(sorted(rels, key=lambda r: r.key))


@lru_cache(maxsize=256)  # detection and the advice ask for the same few versions many times
def parse_rocm_version(version: str | None) -> Version | None:
    """"6.2" / "6.2.4" / "6.2.4.60204-139~24.04" / "rocm-6.2.4" -> Version; None if unreadable."""
    if not version:
        return None
    text = version.strip().lower().removeprefix("rocm-").removeprefix("rocm")
    head = text.split("-", 1)[0].split("~", 1)[0].split("+", 1)[0]
    parts = head.split(".")[:3]
    try:
        return Version(".".join(parts))
    except InvalidVersion:
        return None


def stream_of(version: str) -> str | None:
    """Which stream a version number belongs to (7.9 and later: TheRock)."""
    v = parse_rocm_version(version)
    if v is None:
        return None
    return "therock" if v >= _THEROCK_FROM else "legacy"


def rocm_releases(stream: str | None = None) -> list[RocmRelease]:
    """Releases in the data, oldest first (by version number); ``stream`` filters "legacy" or "therock"."""
    return [r for r in _releases() if stream is None or r.stream == stream]


def rocm_release(version: str | None) -> RocmRelease | None:
    """The release with exactly this version ("6.2" means 6.2.0; package suffixes are ignored)."""
    v = parse_rocm_version(version)
    if v is None:
        return None
    return _by_version().get(v)


@cache
def _by_version() -> dict[Version, RocmRelease]:
    found: dict[Version, RocmRelease] = {}
    for r in _releases():
        found.setdefault(r.key, r)  # the first of equal versions, as a search from the oldest finds
    return found


def latest_rocm(stream: str = "legacy") -> RocmRelease:
    """The newest non-preview release of a stream."""
    rels = rocm_releases(stream)
    if not rels:
        raise ValueError(f"no ROCm releases for stream {stream!r}")
    final = [r for r in rels if not r.preview]
    return (final or rels)[-1]


def closest_rocm_release(version: str | None) -> RocmRelease | None:
    """The release whose facts best describe ``version``: itself, else the newest older one of the same stream."""
    exact = rocm_release(version)
    if exact is not None:
        return exact
    v = parse_rocm_version(version)
    if v is None:
        return None
    stream = "therock" if v >= _THEROCK_FROM else "legacy"
    older = [r for r in rocm_releases(stream) if r.key <= v]
    return older[-1] if older else None


# --- validated kernels -----------------------------------------------------------------

# a kernel's major.minor: not the tail of a longer number ("-150700.51", "6.6.92") nor a ROCm release in a note
_KERNEL = re.compile(r"(?<![0-9.-])([0-9]{1,2})\.([0-9]{1,3})(?![0-9])")
_OS_ROW = re.compile(r"([A-Za-z][A-Za-z ]*?)\s+([0-9][0-9./]*)")


def kernel_versions(text: str) -> tuple[tuple[int, int], ...]:
    """The kernels in one of AMD's kernel cells, as (major, minor): "5.15 GA, 6.8 HWE" -> ((5, 15), (6, 8)).

    Bracketed notes are not kernels ("6.1 (6.3.1+, MI300X only)" names ROCm 6.3.1); words name none.
    """
    plain = re.sub(r"\([^)]*\)", " ", text)
    return tuple((int(a), int(b)) for a, b in _KERNEL.findall(plain))


def _row_matches(label: str, os_name: str, os_version: str) -> bool:
    """ "Ubuntu 24.04/24.04.1" or "Ubuntu 24.04.3" for ("Ubuntu", "24.04"); "Debian 12" for ("Debian", "12")."""
    m = _OS_ROW.fullmatch(label.strip())
    if not m or m.group(1).lower() != os_name.lower():
        return False
    want = os_version.split(".")
    return any(tok.split(".")[: len(want)] == want for tok in m.group(2).split("/") if tok and not tok.startswith("."))


def os_kernel_rows(release: RocmRelease, os_name: str, os_version: str) -> tuple[tuple[str, str], ...]:
    """The release's (OS, kernel) rows for one OS version: every point release AMD lists for it."""
    return tuple((o, k) for o, k in release.kernels if _row_matches(o, os_name, os_version))


def newest_validated_kernel(release: RocmRelease, os_name: str, os_version: str) -> tuple[int, int] | None:
    """The newest kernel (major, minor) AMD lists for this release on an OS version, over all its point releases
    and GA/HWE kernels.  None when nothing can be said about a newer kernel: the data names no kernel for it, or a
    row names only the GA kernel (``ga_only``: AMD's layout that leaves HWE kernels unsaid)."""
    rows = os_kernel_rows(release, os_name, os_version)
    if any(o in release.kernels_ga_only for o, _k in rows):
        return None
    found = [v for _o, k in rows for v in kernel_versions(k)]
    return max(found) if found else None


# --- OS -> codename of AMD's apt repos ------------------------------------------------


@cache
def _os() -> dict:
    return load_json("os_codenames.json")


def ubuntu_codenames() -> dict[str, str]:
    """Ubuntu version -> codename, for the releases AMD's repos know."""
    return dict(_os()["ubuntu"])


def repo_codename(
    os_id: str | None,
    version_id: str | None,
    codename: str | None,
    id_like: list[str] | tuple[str, ...] = (),
) -> str | None:
    """The Ubuntu codename of AMD's apt repo for an OS (os-release ID, VERSION_ID, codename, ID_LIKE).

    ubuntu 24.04 -> noble; debian 12 -> jammy, 13 -> noble (AMD's docs use the Ubuntu repos for Debian);
    derivatives (Mint, Pop!_OS) by the Ubuntu codename they name (pass UBUNTU_CODENAME as ``codename``).
    None when AMD has no repo for it or the OS is not Ubuntu/Debian based.
    """
    data = _os()
    ubuntu: dict[str, str] = data["ubuntu"]
    ubuntu_names = set(ubuntu.values())
    debian_repo: dict[str, str] = data["debian_repo"]
    debian_names: dict[str, str] = data["debian_codenames"]

    oid = (os_id or "").strip().strip('"').lower()
    like = {x.strip().strip('"').lower() for x in id_like}
    name = (codename or "").strip().strip('"').lower() or None
    ver = (version_id or "").strip().strip('"')
    ver_mm = ".".join(ver.split(".")[:2])

    if oid == "ubuntu":
        if ver_mm in ubuntu:
            return ubuntu[ver_mm]
        return name if name in ubuntu_names else None
    if oid == "debian":
        major = ver.split(".", 1)[0]
        if major in debian_repo:
            return debian_repo[major]
        if name in debian_names:
            return debian_repo.get(debian_names[name])
        return None
    if not ({"ubuntu", "debian"} & like):
        return None
    if name in ubuntu_names:
        return name
    if "ubuntu" in like and ver_mm in ubuntu and ver_mm == ver:
        return ubuntu[ver_mm]  # e.g. Pop!_OS numbers its releases like Ubuntu
    if name in debian_names:
        return debian_repo.get(debian_names[name])
    return None
