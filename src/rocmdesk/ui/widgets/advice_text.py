"""The advice model (``rocmdesk.advice``) in the window's words.

Every page that speaks about a GPU's verdict (Overview, Setup, PyTorch, Environments) says it through this one
class, so the same machine reads the same everywhere: the same status word, the same wheels, the same override
value or "no override", the same device mask and the same ROCm release cited.  It only words what the advice
decided; it decides nothing.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QLabel

from rocmdesk.advice import OVERRIDE_VAR, VISIBILITY_VAR, Alternative, EnvNote, GpuAdvice, MachineAdvice, WheelPath
from rocmdesk.knowledge import source_info
from rocmdesk.knowledge.wheels import amd_wheel_indexes
from rocmdesk.ui.presenters.sources import source_title
from rocmdesk.ui.widgets.text import text_label

# how many source ids a line shows before "and N more" (every one is in the tooltip)
SHORT_SOURCES = 3


def family_of(path: WheelPath) -> str | None:
    """The AMD wheel family a path's index serves ("gfx110X-all"), from the knowledge data, else the URL's end."""
    url = (path.index_url or "").rstrip("/")
    for fam in amd_wheel_indexes():
        if fam.index_url.rstrip("/") == url:
            return fam.family
    return url.rsplit("/", 1)[-1] or None


def override_pairs(env: dict[str, str]) -> str:
    """The override variables of an advice's env ("HSA_OVERRIDE_GFX_VERSION=10.3.0"), per-GPU forms included."""
    return ", ".join(f"{k}={v}" for k, v in env.items() if k == OVERRIDE_VAR or k.startswith(OVERRIDE_VAR + "_"))


def short_sources(sources: list[str], limit: int = SHORT_SOURCES) -> tuple[list[str], int]:
    """The first ``limit`` source ids, and how many more there are."""
    return sources[:limit], max(0, len(sources) - limit)


def sources_label(keys: list[str], prefix: str, more: str = "") -> QLabel:
    """Sources, short: the first few by a readable name (ui.presenters.sources), as links where the knowledge data
    knows a URL, then ``more`` (a translated "and {n} more"); every key and what it is, on hover."""
    shown, rest = short_sources(keys) if more else (keys, 0)
    parts, tips = [], []
    for key in keys:
        info = source_info(key)
        if key in shown:
            # a readable name ("pytorch #147761"), never split at its hyphens; the id and what it is on hover
            text = html.escape(source_title(key)).replace("-", "\u2011")
            if info and info.url:
                text = f'<a href="{html.escape(info.url, quote=True)}">{text}</a>'
            parts.append(text)
        tips.append(f"{key}: {info.what}" if info else key)
    line = html.escape(prefix) + " " + ", ".join(parts)
    if rest:
        line += " " + html.escape(more.format(n=rest))
    label = text_label("", small=True, muted=True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(line)
    label.setOpenExternalLinks(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setToolTip("\n".join(tips))
    return label


class AdviceWords(QObject):
    """Words for the advice's statuses, paths, overrides, alternatives, notes and sources."""

    # -- the status ------------------------------------------------------------------------------------------
    def status(self, status: str) -> str:
        """The status word every page leads with."""
        return {
            "supported": self.tr("Supported"),
            "override": self.tr("Works with an override"),
            "risky": self.tr("Risky"),
            "unsupported": self.tr("Unsupported"),
            "unknown": self.tr("Unknown"),
            "no-gpu": self.tr("No AMD GPU"),
        }.get(status, status)

    def status_lower(self, status: str) -> str:
        """The status inside a sentence ("risky with HSA_OVERRIDE_GFX_VERSION=11.0.0")."""
        return {
            "supported": self.tr("supported"),
            "override": self.tr("works"),
            "risky": self.tr("risky"),
            "unsupported": self.tr("unsupported"),
            "unknown": self.tr("unknown"),
        }.get(status, status)

    # -- the path ----------------------------------------------------------------------------------------------
    def path(self, path: WheelPath | None) -> str:
        """The wheels in a few words: "AMD's gfx110X-all wheels", "torch 2.9.1+rocm6.4 from PyTorch's index"."""
        if path is None:
            return self.tr("no wheels")
        if path.stream == "amd":
            return self.tr("AMD's {family} wheels").format(family=family_of(path) or "")
        if path.stream == "installed":
            return self.tr("the installed torch {torch}").format(torch=path.torch or "")
        if path.torch:
            return self.tr("torch {torch} from PyTorch's index").format(torch=path.torch)
        return self.tr("PyTorch's nightly wheels")

    def override(self, var: str | None, value: str | None) -> str:
        """The override the path needs, or that it needs none."""
        if var and value:
            return f"{var}={value}"
        return self.tr("no override")

    def gpu_override(self, ga: GpuAdvice) -> str:
        return self.override(ga.override_var, ga.override if ga.override_var else None)

    def machine_override(self, a: MachineAdvice) -> str:
        return override_pairs(a.env) or self.tr("no override")

    def cited(self, rocm: str | None) -> str:
        """The ROCm release whose AMD list the reasons cite."""
        if not rocm:
            return self.tr("no ROCm release known")
        return self.tr("AMD's list for ROCm {version}").format(version=rocm)

    def devices(self, a: MachineAdvice) -> str | None:
        """The device mask the advice sets, or None."""
        value = a.env.get(VISIBILITY_VAR)
        return f"{VISIBILITY_VAR}={value}" if value is not None else None

    def headline(self, status: str, path: WheelPath | None, override: str) -> str:
        """One line: "Supported: AMD's gfx110X-all wheels, no override"."""
        return self.tr("{status}: {path}, {override}").format(status=self.status(status), path=self.path(path),
                                                              override=override)

    def machine_headline(self, a: MachineAdvice) -> str:
        if a.status == "no-gpu":
            return self.status(a.status)
        return self.headline(a.status, a.path, self.machine_override(a))

    # -- other ways ----------------------------------------------------------------------------------------------
    def alternative(self, alt: Alternative) -> str:
        """"With torch 2.13.0+rocm7.2 from PyTorch's index: risky with HSA_OVERRIDE_GFX_VERSION=11.0.0"."""
        verdict = self.status_lower(alt.status)
        if alt.override:
            verdict = self.tr("{status} with {var}={value}").format(status=verdict, var=OVERRIDE_VAR,
                                                                    value=alt.override)
        elif alt.status in ("supported", "override"):
            verdict = self.tr("{status}, no override").format(status=verdict)
        text = self.tr("With {path}: {verdict}").format(path=self.path(alt.path), verdict=verdict)
        if alt.path.driver_update:
            rocm = alt.path.rocm
            text = (self.tr("{text}, after an amdgpu-dkms driver update to ROCm {rocm} or newer").format(
                text=text, rocm=rocm) if rocm else
                self.tr("{text}, after an amdgpu-dkms driver update").format(text=text))
        return text

    # -- the variables in effect -------------------------------------------------------------------------------
    def note(self, note: EnvNote) -> str:
        """What to do about a variable in effect, in a few words (the note's message says why)."""
        if note.code == "override-missing":
            return self.tr("Set {var}={wanted}: it is not set here").format(var=note.var, wanted=note.wanted)
        if note.code == "override-wrong":
            return self.tr("{var}={value} is set here: change it to {wanted}").format(
                var=note.var, value=note.value, wanted=note.wanted)
        if note.code == "override-risky" and note.wanted is not None:
            return self.tr("{var}={value} is set here: these wheels need it, but it is risky").format(
                var=note.var, value=note.value)
        if note.code == "override-risky":
            return self.tr("{var}={value} is set here: unset it (it names another GPU generation)").format(
                var=note.var, value=note.value)
        if note.code == "override-needless":
            return self.tr("{var}={value} is set here: unset it (the advised wheels need no override)").format(
                var=note.var, value=note.value)
        return note.message

    # -- sources ----------------------------------------------------------------------------------------------
    def sources(self, keys: list[str]) -> QLabel:
        """The sources line a card ends with: a few ids, "and N more", every one of them on hover."""
        prefix = self.tr("Source:") if len(keys) == 1 else self.tr("Sources:")
        return sources_label(keys, prefix, self.tr("and {n} more"))
