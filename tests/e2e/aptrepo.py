"""A local apt repository shaped like AMD's, holding dummy packages and signed with a throw-away key.

The packages carry AMD's names, version scheme (``7.2.4.70204-139~22.04``: the ROCm release is the
5-digit code) and a Depends graph like the real ones, each with one tiny file, so apt resolves,
downloads, verifies and installs them exactly as it would the real ones.

Layout under ``docroot/<host>/``: the key at the plan's key URL path (``rocm/rocm.gpg.key``, ASCII
armored) and the repository at the plan's list URI path (``rocm/apt/<ver>/{dists,pool}``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


def _run(argv: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, check=True, capture_output=True, **kw)


@dataclass(frozen=True)
class DummyPackage:
    name: str
    version: str
    depends: tuple[str, ...] = ()
    files: dict[str, str] = field(default_factory=dict)  # absolute path -> text (mode 0755 under bin/)
    description: str = "dummy package for rocmdesk's install tests"


def amd_like_packages(rocm: str, build: str = "139", ubuntu: str = "22.04") -> list[DummyPackage]:
    """The packages the runtime and SDK scopes (and amdgpu-dkms) name, with AMD-like versions and Depends."""
    major, minor, patch = (rocm.split(".") + ["0", "0"])[:3]
    code = f"{int(major)}{int(minor):02d}{int(patch):02d}"
    tail = f".{code}-{build}~{ubuntu}"
    opt = f"/opt/rocm-{rocm}"

    def v(own: str) -> str:
        return own + tail

    def tool(name: str) -> dict[str, str]:
        return {f"{opt}/bin/{name}": f"#!/bin/sh\necho 'dummy {name} from rocmdesk tests'\n"}

    core = f"rocm-core (= {v(rocm)})"
    return [
        DummyPackage("rocm-core", v(rocm), (), {f"{opt}/.info/version": f"{rocm}-{build}\n"}),
        DummyPackage("hsa-rocr", v("1.15.0"), (core,), {f"{opt}/lib/libhsa-runtime64.so.1": "dummy\n"}),
        DummyPackage("comgr", v("3.0.0"), (core,), {f"{opt}/lib/libamd_comgr.so.3": "dummy\n"}),
        DummyPackage("rocminfo", v("1.0.0"), ("hsa-rocr", core), tool("rocminfo")),
        DummyPackage("rocprofiler-register", v("0.5.0"), (core,), {f"{opt}/lib/librocprofiler-register.so.0": "x\n"}),
        DummyPackage("hip-runtime-amd", v("7.2.26015"), ("hsa-rocr", "comgr", "rocminfo", "rocprofiler-register",
                                                          core), {f"{opt}/lib/libamdhip64.so.7": "dummy\n"}),
        DummyPackage("rocm-language-runtime", v(rocm), ("hsa-rocr", "comgr", core)),
        DummyPackage("rocm-hip-runtime", v(rocm), ("hip-runtime-amd", "rocminfo", "rocm-language-runtime", core)),
        DummyPackage("rocm-smi-lib", v("7.8.0"), (core,), tool("rocm-smi")),
        DummyPackage("rocm-hip-sdk", v(rocm), ("rocm-hip-runtime", "rocm-smi-lib", core)),
        DummyPackage("rocm-developer-tools", v(rocm), ("rocminfo", "rocm-smi-lib", core), tool("rocgdb")),
        DummyPackage("amdgpu-dkms", "1:6.14.14.30200000-2202010." + ubuntu, (),
                     {"/usr/src/amdgpu-6.14.14/dkms.conf": "# dummy\n"}),
    ]


def build_deb(pkg: DummyPackage, out_dir: Path, arch: str = "amd64") -> Path:
    """One .deb built with dpkg-deb, root-owned files."""
    work = Path(tempfile.mkdtemp(prefix=f"deb-{pkg.name}-"))
    try:
        (work / "DEBIAN").mkdir()
        control = [f"Package: {pkg.name}", f"Version: {pkg.version}", f"Architecture: {arch}",
                   "Maintainer: rocmdesk tests <tests@rocmdesk.invalid>", "Section: devel", "Priority: optional"]
        if pkg.depends:
            control.append("Depends: " + ", ".join(pkg.depends))
        control.append(f"Description: {pkg.description}")
        (work / "DEBIAN" / "control").write_text("\n".join(control) + "\n")
        for path, text in pkg.files.items():
            target = work / path.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            target.chmod(0o755 if "/bin/" in path else 0o644)
        for d in [work, *(p for p in work.rglob("*") if p.is_dir())]:
            d.chmod(0o755)
        out_dir.mkdir(parents=True, exist_ok=True)
        deb = out_dir / f"{pkg.name}_{pkg.version.split(':')[-1]}_{arch}.deb"
        _run(["dpkg-deb", "--root-owner-group", "-Zgzip", "--build", str(work), str(deb)])
        return deb
    finally:
        shutil.rmtree(work, ignore_errors=True)


@dataclass
class SigningKey:
    """A throw-away signing key in its own GNUPGHOME."""

    home: Path
    fingerprint: str

    @classmethod
    def create(cls, uid: str = "rocmdesk test repository <tests@rocmdesk.invalid>") -> "SigningKey":
        # a short path: gpg-agent's socket path must stay under the 108-byte limit
        home = Path(tempfile.mkdtemp(prefix="rdgpg-", dir="/tmp"))
        home.chmod(0o700)
        env = cls._env(home)
        _run(["gpg", "--batch", "--passphrase", "", "--quick-gen-key", uid, "ed25519", "sign", "never"], env=env)
        out = _run(["gpg", "--batch", "--with-colons", "--list-secret-keys"], env=env, text=True).stdout
        fpr = next(line.split(":")[9] for line in out.splitlines() if line.startswith("fpr:"))
        return cls(home, fpr)

    @staticmethod
    def _env(home: Path) -> dict[str, str]:
        return {"GNUPGHOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C"}

    def gpg(self, *args: str) -> bytes:
        argv = ["gpg", "--batch", "--yes", "--local-user", self.fingerprint, *args]
        return _run(argv, env=self._env(self.home)).stdout

    def armored_public(self) -> bytes:
        return self.gpg("--armor", "--export", self.fingerprint)

    def close(self) -> None:
        subprocess.run(["gpgconf", "--kill", "all"], env=self._env(self.home), capture_output=True)
        shutil.rmtree(self.home, ignore_errors=True)


@dataclass
class AptRepo:
    root: Path  # the directory the list's URI points at
    suite: str
    debs: dict[str, Path]  # package name -> its file in the pool

    def hide(self, name: str) -> Path:
        """Move a package file away (apt-get install then fails to fetch it); ``restore`` puts it back."""
        deb = self.debs[name]
        hidden = deb.with_suffix(".hidden")
        deb.rename(hidden)
        return hidden

    def restore(self, name: str) -> None:
        deb = self.debs[name]
        deb.with_suffix(".hidden").rename(deb)


def build_repo(root: Path, packages: list[DummyPackage], key: SigningKey, suite: str = "jammy",
               component: str = "main", arch: str = "amd64", origin: str = "repo.radeon.com") -> AptRepo:
    """A signed repository at ``root`` (``dists/<suite>/...`` and ``pool/``), as apt-ftparchive lays it out."""
    pool = root / "pool" / component
    debs = {p.name: build_deb(p, pool / p.name[0] / p.name, arch) for p in packages}
    dist = root / "dists" / suite
    binary = dist / component / f"binary-{arch}"
    binary.mkdir(parents=True, exist_ok=True)
    packages_text = _run(["apt-ftparchive", "packages", f"pool/{component}"], cwd=root).stdout
    (binary / "Packages").write_bytes(packages_text)
    _run(["gzip", "-9nkf", str(binary / "Packages")])
    opts = {"Origin": origin, "Label": origin, "Suite": suite, "Codename": suite, "Architectures": arch,
            "Components": component, "Description": "rocmdesk test repository (dummy packages)"}
    argv = ["apt-ftparchive"]
    for k, val in opts.items():
        argv += ["-o", f"APT::FTPArchive::Release::{k}={val}"]
    release = _run(argv + ["release", "."], cwd=dist).stdout
    (dist / "Release").write_bytes(release)
    key.gpg("--clearsign", "-o", str(dist / "InRelease"), str(dist / "Release"))
    key.gpg("--armor", "--detach-sign", "-o", str(dist / "Release.gpg"), str(dist / "Release"))
    return AptRepo(root, suite, debs)


def publish_key(path: Path, key: SigningKey) -> Path:
    """The public key, ASCII armored, where the plan's key URL points (``rocm/rocm.gpg.key``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(key.armored_public())
    return path
