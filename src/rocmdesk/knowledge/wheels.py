"""PyTorch ROCm wheels: index tags and compiled gfx list per torch version, and AMD's per-family indexes."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, cached_property

from rocmdesk.i18n import translate
from rocmdesk.knowledge._data import load_json
from rocmdesk.knowledge.records import record, replace
from rocmdesk.knowledge.version import InvalidVersion, Version


@record(frozen=True)
class TorchWheel:
    """PyTorch ROCm wheels of one torch version.  ``arch_list`` is what ``torch.cuda.get_arch_list()`` returns.

    One torch version is built for several ROCm tags; :meth:`for_tag` narrows an entry to one of them
    (the arch list can differ per tag).  ``arch_uncertain`` lists gfx whose membership is unverified.
    """

    torch_version: str
    channel: str  # stable | candidate | nightly
    index_tags: tuple[str, ...]
    arch_list: tuple[str, ...]
    arch_uncertain: tuple[str, ...]
    tag_arch_exclude: tuple[tuple[str, tuple[str, ...]], ...]
    layouts: tuple[tuple[str, str], ...]  # tag -> bundled (ROCm libs inside torch/lib) | therock (pip rocm packages)
    torchvision: str | None
    torchvision_confidence: str | None
    confidence: str
    notes: str
    tag_sources: tuple[str, ...]
    arch_sources: tuple[str, ...]
    index_base: str = "https://download.pytorch.org/whl/"

    @cached_property
    def key(self) -> Version:
        return Version(self.torch_version)

    @property
    def sources(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for k in self.tag_sources + self.arch_sources:
            seen.setdefault(k, None)
        return tuple(seen)

    @property
    def source(self) -> str:
        return ", ".join(self.sources)

    @property
    def rocm_tag(self) -> str:
        """The newest ROCm tag (the one rocmdesk picks unless told otherwise)."""
        if len(self.index_tags) == 1:  # narrowed to one tag (for_tag): the advice asks this thousands of times
            return self.index_tags[0]
        return max(self.index_tags, key=lambda t: tag_version(t) or Version("0"))

    @property
    def label(self) -> str:
        """Short human name in the current language, e.g. "torch 2.13.0 wheels (rocm7.2)"."""
        tags = ", ".join(self.index_tags)
        if self.channel == "installed":
            return translate("rocmdesk.knowledge.wheels", "the installed torch {version} wheels ({tags}, measured)"
                             ).format(version=self.torch_version, tags=tags)
        version = self.torch_version if self.channel != "nightly" else f"{self.key.major}.{self.key.minor} nightly"
        return translate("rocmdesk.knowledge.wheels", "torch {version} wheels ({tags})").format(
            version=version, tags=tags)

    def arch_list_for(self, tag: str | None = None) -> tuple[str, ...]:
        if not self.tag_arch_exclude:  # no tag leaves anything out (every entry narrowed by for_tag)
            return self.arch_list
        excluded = dict(self.tag_arch_exclude).get(tag or self.rocm_tag, ())
        return tuple(a for a in self.arch_list if a not in excluded)

    def for_tag(self, tag: str | None = None) -> TorchWheel:
        """This entry narrowed to one ROCm tag (default: the newest)."""
        tag = normalize_tag(tag) if tag else self.rocm_tag
        if tag not in self.index_tags:
            raise ValueError(f"torch {self.torch_version} has no {tag} wheels")
        return replace(
            self,
            index_tags=(tag,),
            arch_list=self.arch_list_for(tag),
            arch_uncertain=tuple(a for a in self.arch_uncertain if a in self.arch_list_for(tag)),
            tag_arch_exclude=(),
            layouts=tuple((t, lay) for t, lay in self.layouts if t == tag),
        )

    def carries(self, gfx: str, tag: str | None = None) -> bool | None:
        """Is gfx compiled into the wheels (of ``tag``)?  None when that is unverified."""
        if gfx in self.arch_uncertain:
            return None
        return gfx in self.arch_list_for(tag)

    def layout(self, tag: str | None = None) -> str:
        return dict(self.layouts).get(tag or self.rocm_tag, "bundled")

    def index_url(self, tag: str | None = None) -> str:
        return self.index_base + (normalize_tag(tag) if tag else self.rocm_tag)

    def pip_command(self, tag: str | None = None) -> str:
        """A pip command line for these wheels (``--index-url`` so PyPI's CUDA wheel can't win)."""
        tag = normalize_tag(tag) if tag else self.rocm_tag
        local = tag.split("/")[-1]
        if self.channel == "nightly":
            return f"pip install --pre torch torchvision --index-url {self.index_url(tag)}"
        parts = [f"torch=={self.torch_version}+{local}"]
        if self.torchvision:
            parts.append(f"torchvision=={self.torchvision}+{local}")
        return f"pip install {' '.join(parts)} --index-url {self.index_url(tag)}"


def normalize_tag(tag: str) -> str:
    """"6.4" / "ROCm6.4" / "rocm6.4" -> "rocm6.4"; keeps a "nightly/" prefix."""
    text = tag.strip().lower()
    prefix = ""
    if text.startswith("nightly/"):
        prefix, text = "nightly/", text[len("nightly/"):]
    if not text.startswith("rocm"):
        text = "rocm" + text
    return prefix + text


@cache
def tag_version(tag: str) -> Version | None:
    """"rocm6.2.4" / "nightly/rocm7.2" -> the ROCm version the wheels bundle (cached: tags are few)."""
    try:
        return Version(normalize_tag(tag).split("/")[-1].removeprefix("rocm"))
    except InvalidVersion:
        return None


def _wheel(raw: dict, base: str) -> TorchWheel:
    return TorchWheel(
        torch_version=raw["torch_version"],
        channel=raw["channel"],
        index_tags=tuple(raw["index_tags"]),
        arch_list=tuple(raw["arch_list"]),
        arch_uncertain=tuple(raw.get("arch_uncertain", ())),
        tag_arch_exclude=tuple((t, tuple(v)) for t, v in raw.get("tag_arch_exclude", {}).items()),
        layouts=tuple(raw.get("layout", {}).items()),
        torchvision=raw.get("torchvision"),
        torchvision_confidence=raw.get("torchvision_confidence"),
        confidence=raw["confidence"],
        notes=raw.get("notes", ""),
        tag_sources=tuple(raw["sources"]["tags"]),
        arch_sources=tuple(raw["sources"]["arch"]),
        index_base=base,
    )


@cache
def _wheels() -> tuple[TorchWheel, ...]:
    data = load_json("pytorch_wheels.json")
    return tuple(sorted((_wheel(w, data["index_base"]) for w in data["wheels"]), key=lambda w: w.key))


def torch_wheels() -> list[TorchWheel]:
    """All torch versions in the data, oldest first."""
    return list(_wheels())


def newest_stable_wheel() -> TorchWheel:
    return [w for w in _wheels() if w.channel == "stable"][-1]


def _find(version: str) -> TorchWheel | None:
    try:
        v = Version(version)
    except InvalidVersion:
        return None
    wheels = _wheels()
    exact = [w for w in wheels if w.key == v] or [w for w in wheels if w.key.release == v.release]
    if exact:
        return exact[-1]
    same_minor = [w for w in wheels if w.key.release[:2] == v.release[:2] and w.channel == "stable"]
    return same_minor[-1] if same_minor else None


def wheel_for(torch_version: str | None = None, rocm_tag: str | None = None) -> TorchWheel | None:
    """Find wheels.  None/None -> the newest stable torch; a tag (or "2.9.1+rocm6.4") narrows to that tag.

    An unlisted patch release (2.12.2) falls back to the newest listed release of the same minor.
    """
    if torch_version and "+" in torch_version:
        torch_version, local = torch_version.split("+", 1)
        rocm_tag = rocm_tag or (local if local.startswith("rocm") else None)
    tag = normalize_tag(rocm_tag) if rocm_tag else None
    if torch_version:
        w = _find(torch_version)
        if w is None:
            return None
        if tag is None:
            return w
        if tag not in w.index_tags and "nightly/" + tag in w.index_tags:
            tag = "nightly/" + tag  # an installed nightly says "+rocm7.2"; its index is nightly/rocm7.2
        return w.for_tag(tag) if tag in w.index_tags else None
    if tag is None:
        return newest_stable_wheel()
    with_tag = [w for w in _wheels() if tag in w.index_tags]
    stable = [w for w in with_tag if w.channel == "stable"]
    pick = (stable or with_tag or [None])[-1]
    return pick.for_tag(tag) if pick else None


def measured_wheel(torch_version: str, arch_list: Iterable[str], rocm_version: str | None = None) -> TorchWheel:
    """A TorchWheel for what a venv really has (``torch.__version__``, ``torch.cuda.get_arch_list()``).

    Pass it to ``support_for(..., wheel=...)`` so the verdict uses the measured arch list.
    ``rocm_version`` (e.g. from ``torch.version.hip``) names the bundled ROCm when the version has no +rocm tag.
    """
    from rocmdesk.knowledge.gfx import normalize_gfx

    base, _, local = torch_version.strip().partition("+")
    if local.startswith("rocm"):
        tag = local
    elif rocm_version and (v := _rocm_minor(rocm_version)):
        tag = "rocm" + v
    else:
        tag = "rocm"
    arch = tuple(dict.fromkeys(g for g in (normalize_gfx(a) for a in arch_list) if g))
    return TorchWheel(
        torch_version=base,
        channel="installed",
        index_tags=(tag,),
        arch_list=arch,
        arch_uncertain=(),
        tag_arch_exclude=(),
        layouts=(),
        torchvision=None,
        torchvision_confidence=None,
        confidence="measured",
        notes="",
        tag_sources=(),
        arch_sources=(),
    )


def _rocm_minor(hip_version: str) -> str | None:
    """torch.version.hip "6.4.43482-0f2d60242" -> "6.4"."""
    parts = hip_version.strip().split(".")
    return f"{parts[0]}.{parts[1]}" if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit() else None


@cache
def first_wheel_with(gfx: str) -> TorchWheel | None:
    """The oldest stable torch whose wheels (newest tag) carry gfx."""
    return next((w for w in _wheels() if w.channel == "stable" and w.carries(gfx)), None)


@record(frozen=True)
class AmdWheelIndex:
    """AMD's own per-GPU-family wheel index (TheRock): pip ``rocm[...]`` and torch builds for one family."""

    family: str
    gfx: tuple[str, ...]
    index_url: str
    nightly_url: str
    packages: str
    notes: str
    sources: tuple[str, ...]

    @property
    def source(self) -> str:
        return ", ".join(self.sources)


@cache
def _families() -> tuple[AmdWheelIndex, ...]:
    fam = load_json("pytorch_wheels.json")["amd_family_indexes"]["families"]
    return tuple(
        AmdWheelIndex(f["family"], tuple(f["gfx"]), f["index_url"], f["nightly_url"], f["packages"], f["notes"],
                      tuple(f["sources"]))
        for f in fam
    )


def amd_wheel_indexes() -> list[AmdWheelIndex]:
    return list(_families())


def amd_wheel_index(gfx: str) -> AmdWheelIndex | None:
    """AMD's wheel index for the family of a gfx (gfx1151 -> https://repo.amd.com/rocm/whl/gfx1151/)."""
    return next((f for f in _families() if gfx in f.gfx), None)
