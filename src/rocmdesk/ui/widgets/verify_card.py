"""What the probe saw inside a venv, as a card: the verdict (stable id and title), the facts, and the fix."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.advice import GpuAdvice, MachineAdvice
from rocmdesk.knowledge import gfx_from_override, normalize_gfx
from rocmdesk.torchenv.verify import VerifyResult
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.advice_text import AdviceWords
from rocmdesk.ui.widgets.command_row import CommandRow
from rocmdesk.ui.widgets.text import CopyableLabel, format_bytes, text_label

# (accent, pill background, pill text), the GPU card's colours: green runs, yellow needs a setting,
# orange is the system around torch, red is the wrong or a broken torch
_GREEN = ("#2e8b47", "#d7f0dd", "#114d22")
_YELLOW = ("#c99a06", "#fdf0c4", "#5c4300")
_ORANGE = ("#d9661a", "#fde1cc", "#7a3300")
_RED = ("#c0392b", "#f8d5d2", "#7d1a10")
VERDICT_COLOURS: dict[str, tuple[str, str, str]] = {
    "ok": _GREEN,
    "override-needed": _YELLOW,
    "override-unneeded": _YELLOW,
    "device-not-visible": _ORANGE,
    "rocm-wheel-mismatch": _ORANGE,
    "cpu-only-wheel": _RED,
    "cuda-wheel-on-amd": _RED,
    "no-kernels-for-gfx": _RED,
    "torch-missing": _RED,
    "broken-venv": _RED,
}


class VerifyCard(QFrame):
    """``gpus``: (name, physical gfx) of the machine's GPUs, to hold against the wheel's arch list.
    ``advice``: the advice model for the torch the probe found (``advise`` with that wheel and the variables the
    probe saw), keyed as ``gpu_indexes`` (the Gpu.index of each of ``gpus``); the card words it and decides
    nothing."""

    def __init__(self, result: VerifyResult, gpus: list[tuple[str, str | None]] | None = None,
                 note: str = "", parent: QWidget | None = None, *, advice: MachineAdvice | None = None,
                 gpu_indexes: list[int] | None = None) -> None:
        super().__init__(parent)
        self.result = result
        self.words = AdviceWords(self)
        self.advice = advice
        self.gpu_indexes = gpu_indexes or []
        accent, fill, ink = VERDICT_COLOURS.get(result.verdict, _ORANGE)
        self.setObjectName("verifyCard")
        self.setStyleSheet(themed(f"#verifyCard {{ border: 1px solid palette(mid); border-left: 6px solid {accent}; "
                                  "border-radius: 4px; }"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 12, 12)
        layout.setSpacing(6)

        head = QHBoxLayout()
        self.verdict = CopyableLabel(self.verdict_title(result.verdict, result.title))
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet(themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; "
                                          "border-radius: 3px; padding: 4px 8px; }"))
        self.verdict.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a screen reader starts here
        head.addWidget(self.verdict, 1)
        self.ident = text_label(result.verdict, small=True, muted=True)
        self.ident.setWordWrap(False)
        self.ident.setToolTip(self.tr("The verdict's stable id, for searching and bug reports"))
        head.addWidget(self.ident, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addLayout(head)
        if note:
            self.note = text_label(note, small=True, muted=True)
            layout.addWidget(self.note)
        self.detail = text_label(result.detail)
        layout.addWidget(self.detail)

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        self.facts = self._facts(result, gpus or [])
        for row, (key, value) in enumerate(self.facts):
            k = text_label(key, muted=True)
            k.setWordWrap(False)
            grid.addWidget(k, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text_label(value), row, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)

        self.fix_label: QLabel | None = None
        self.fix_command: CommandRow | None = None
        if result.fix is not None:
            self.fix_label = text_label(self.tr("Fix: {text}").format(text=result.fix.text), bold=True)
            layout.addWidget(self.fix_label)
            if result.fix.command:
                self.fix_command = CommandRow(result.fix.command, self.tr("the fix's command"))
                layout.addWidget(self.fix_command)
        self.notes = [text_label(self.tr("Note: {note}").format(note=n), small=True, muted=True)
                      for n in result.notes]
        for label in self.notes:
            layout.addWidget(label)

    def _gpu_advice(self, i: int) -> GpuAdvice | None:
        if self.advice is None or i >= len(self.gpu_indexes):
            return None
        return self.advice.gpus.get(self.gpu_indexes[i])

    def verdict_title(self, verdict: str, fallback: str) -> str:
        """A translated title for each stable id (the core's English title for an id this build lacks)."""
        return {
            "ok": self.tr("PyTorch runs on the GPU"),
            "cpu-only-wheel": self.tr("A CPU-only build of torch"),
            "cuda-wheel-on-amd": self.tr("A CUDA build of torch on an AMD GPU"),
            "rocm-wheel-mismatch": self.tr("The wheel's ROCm does not fit this system"),
            "no-kernels-for-gfx": self.tr("The wheel has no GPU code for this GPU"),
            "override-needed": self.tr("The GPU needs HSA_OVERRIDE_GFX_VERSION"),
            "override-unneeded": self.tr("HSA_OVERRIDE_GFX_VERSION is set but not needed"),
            "device-not-visible": self.tr("torch sees no GPU"),
            "torch-missing": self.tr("torch is not installed in this environment"),
            "broken-venv": self.tr("The environment does not run"),
        }.get(verdict, fallback[:1].upper() + fallback[1:])

    def _facts(self, r: VerifyResult, gpus: list[tuple[str, str | None]]) -> list[tuple[str, str]]:
        none = self.tr("none")
        facts = [
            (self.tr("torch"), r.torch or self.tr("not importable")),
            (self.tr("HIP"), r.hip or none),
        ]
        if r.cuda:
            facts.append((self.tr("CUDA"), r.cuda))
        if r.available is not None:
            facts.append((self.tr("GPU available"), self.tr("yes") if r.available else self.tr("no")))
        if r.devices:
            lines = []
            for d in r.devices:
                name = d.get("name") or self.tr("unnamed")
                reported = d.get("gcnArchName") or d.get("gfx_reported") or "?"
                physical = d.get("gfx")
                arch = reported if not physical or normalize_gfx(reported) == physical else \
                    self.tr("{reported}, physically {physical}").format(reported=reported, physical=physical)
                memory = format_bytes(d.get("total_memory")) if isinstance(d.get("total_memory"), int) else None
                line = self.tr("{index}: {name} ({arch})").format(index=d.get("index"), name=name, arch=arch)
                lines.append(line + (f" · {memory}" if memory else ""))
            facts.append((self.tr("Devices"), "\n".join(lines)))
        elif r.torch:
            facts.append((self.tr("Devices"), none))
        if r.torch:
            facts.append((self.tr("Arch list"), " ".join(r.arch_list) if r.arch_list
                          else self.tr("empty: the wheel carries no GPU code")))
        arch = {normalize_gfx(a) for a in r.arch_list}
        env = dict(r.env)
        override = env.get("HSA_OVERRIDE_GFX_VERSION")
        for i, (name, gfx) in enumerate(gpus):
            if not gfx or not r.torch:
                continue
            if gfx in arch:
                text = self.tr("{gfx} is in the arch list").format(gfx=gfx)
            elif override and gfx_from_override(override) in arch:
                text = self.tr("{gfx} is not in the arch list; HSA_OVERRIDE_GFX_VERSION={value} runs it as {target}, "
                               "which is in it").format(gfx=gfx, value=override, target=gfx_from_override(override))
            else:
                text = self.tr("{gfx} is not in the arch list").format(gfx=gfx)
            facts.append((self.tr("This GPU"), f"{name}: {text}"))
            ga = self._gpu_advice(i)
            if ga is not None and ga.used:
                # the advice for this torch, in the words the Overview uses
                verdict = self.tr("{status}, {override}").format(status=self.words.status(ga.status),
                                                                 override=self.words.gpu_override(ga))
                facts.append((self.tr("Advice"), self.tr("{name} with this torch: {verdict}").format(
                    name=name, verdict=verdict)))
        if env:  # the GPU variables the probe's process saw
            facts.append((self.tr("Variables seen"), "\n".join(f"{k}={v}" for k, v in sorted(env.items()))))
        facts.append((self.tr("Python"), r.python))
        return facts
