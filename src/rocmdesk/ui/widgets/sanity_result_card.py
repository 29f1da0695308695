"""The sanity check's verdict as a card: pass or fail, why, the numbers, and what to do next.

``next_step`` and ``reason`` are plain functions of the result so the rules are tested without a window.
The result is read by attribute name only (``rocmdesk.sanity.result.SanityResult`` or anything shaped
like it), so the card does not import the check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.sanity_phases import error_line, phase_title
from rocmdesk.ui.widgets.text import format_bytes, text_label

_GREEN = ("#2e8b47", "#d7f0dd", "#114d22")
_YELLOW = ("#c99a06", "#fdf0c4", "#5c4300")
_RED = ("#c0392b", "#f8d5d2", "#7d1a10")
_GREY = ("#7a7a7a", "#e6e6e6", "#333333")

# the errors a wheel without code objects for the GPU's gfx gives (HIP's two forms, and CUDA's)
NO_KERNEL_MARKERS = ("invalid device function", "hiperrornobinaryforgpu", "no kernel image is available",
                     "unable to find code object")
NO_KERNEL_FINDING = "wheel-missing-arch"


# lupdate reads the literal context of each call, so every string is written as translate("SanityResultCard", ...)
translate = QCoreApplication.translate


@dataclass(frozen=True)
class NextStep:
    text: str
    target: str | None = None  # a page to go to: "doctor", "pytorch", "environments", "monitor"
    button: str = ""
    finding: str | None = None  # the Doctor's finding id, when one fits


def phases(result: Any) -> list[Any]:
    return list(getattr(result, "phases", None) or [])


def failed_phase(result: Any) -> Any | None:
    for p in phases(result):
        if not getattr(p, "ok", False) and not getattr(p, "skipped", None):
            return p
    return None


def all_errors(result: Any) -> str:
    parts = [getattr(result, "error", None) or ""] + [getattr(p, "error", None) or "" for p in phases(result)]
    return "\n".join(dict.fromkeys(x.strip() for x in parts if x and x.strip()))  # each text once, in order


def on_cpu(result: Any) -> bool:
    return str(getattr(result, "device", "") or "").startswith("cpu")


def cpu_only_torch(result: Any) -> bool:
    torch = str(getattr(result, "torch", "") or "")
    return torch.endswith("+cpu")


def loss_fall(result: Any) -> float | None:
    first, last = getattr(result, "loss_first", None), getattr(result, "loss_last", None)
    if first is None or last is None or last <= 0:
        return None
    return first / last


def verdict(result: Any) -> str:
    """One of passed, failed, hung, cancelled."""
    if getattr(result, "cancelled", False):
        return "cancelled"
    if getattr(result, "hung_phase", None):
        return "hung"
    return "passed" if getattr(result, "passed", False) else "failed"


def reason(result: Any) -> str:
    v = verdict(result)
    if v == "cancelled":
        running = next((p for p in reversed(phases(result)) if getattr(p, "name", None)), None)
        if running is None:
            return translate("SanityResultCard", "Cancelled before any phase ended; nothing was judged.")
        return translate("SanityResultCard", "Cancelled during {phase}; nothing was judged.").format(
            phase=phase_title(running.name))
    if v == "hung":
        return translate("SanityResultCard",
                         "{phase} made no progress within its time limit, so the check stopped it.").format(
            phase=phase_title(result.hung_phase))
    fall = loss_fall(result)
    if v == "passed":
        skipped = [phase_title(p.name) for p in phases(result) if getattr(p, "skipped", None)]
        text = (translate("SanityResultCard", "Every phase passed.") if not skipped
                else translate("SanityResultCard", "Every phase that ran passed."))
        if fall is not None:
            text = text[:-1] + " " + translate(
                "SanityResultCard", "and the loss fell from {a:.3f} to {b:.3f} ({f:.1f}× lower).").format(
                a=result.loss_first, b=result.loss_last, f=fall)
        return text
    bad = failed_phase(result)
    error = getattr(bad, "error", None) if bad is not None else None
    error = error or getattr(result, "error", None)
    if bad is not None:
        if error:
            return translate("SanityResultCard", "{phase} failed: {error}").format(
                phase=phase_title(bad.name), error=error_line(error))
        return translate("SanityResultCard", "{phase} failed.").format(phase=phase_title(bad.name))
    if error:
        return translate("SanityResultCard", "The check failed: {error}").format(error=error_line(error))
    if fall is not None:
        return translate("SanityResultCard", "The loss did not fall enough: {a:.3f} → {b:.3f}.").format(
            a=result.loss_first, b=result.loss_last)
    return translate("SanityResultCard", "The check failed without saying why.")


def next_step(result: Any, requested_device: str = "auto") -> NextStep:
    v = verdict(result)
    low = all_errors(result).lower()
    open_doctor = translate("SanityResultCard", "Open Doctor")
    open_envs = translate("SanityResultCard", "Open Environments")
    open_pytorch = translate("SanityResultCard", "Open PyTorch")
    open_monitor = translate("SanityResultCard", "Open Monitor")
    if v == "cancelled":
        return NextStep(translate("SanityResultCard", "Press Start to run the check again."))
    if any(m in low for m in NO_KERNEL_MARKERS):
        return NextStep(translate("SanityResultCard",
                                  "This wheel has no kernels for your GPU — see Doctor: {finding}. A wheel built for "
                                  "the GPU’s gfx target, or the right HSA_OVERRIDE_GFX_VERSION in the profile, fixes "
                                  "it.").format(finding=NO_KERNEL_FINDING),
                        "doctor", open_doctor, NO_KERNEL_FINDING)
    bad = failed_phase(result)
    if getattr(result, "hung_phase", None) == "multi_gpu" or (bad is not None and bad.name == "multi_gpu"):
        return NextStep(translate("SanityResultCard",
                                  "The GPUs did not finish the all-reduce (RCCL). Hints: run again with "
                                  "NCCL_DEBUG=INFO in the profile to see where RCCL stops; limit "
                                  "HIP_VISIBLE_DEVICES to two GPUs at a time to find the pair that hangs; "
                                  "NCCL_P2P_DISABLE=1 shows whether peer-to-peer transfers are the cause; the IOMMU "
                                  "(iommu=pt) and PCIe ACS settings of the board are common culprits."),
                        "environments", open_envs)
    if v == "hung":
        return NextStep(translate("SanityResultCard",
                                  "On the first run on a GPU, MIOpen may spend minutes finding and compiling kernels; "
                                  "it caches them, so run the check again. If it hangs again, Doctor can help."),
                        "doctor", open_doctor)
    if cpu_only_torch(result) and requested_device != "cpu":
        return NextStep(translate("SanityResultCard",
                                  "The torch in this venv ({torch}) is a CPU-only build: install a ROCm wheel on the "
                                  "PyTorch page.").format(torch=result.torch), "pytorch", open_pytorch)
    if on_cpu(result) and requested_device != "cpu":
        return NextStep(translate("SanityResultCard",
                                  "torch in this venv sees no GPU. Verify on the PyTorch page says why (often access "
                                  "to /dev/kfd, or a missing HSA_OVERRIDE_GFX_VERSION)."), "pytorch", open_pytorch)
    if "out of memory" in low:
        return NextStep(translate("SanityResultCard",
                                  "The GPU ran out of memory: close other programs that use it (the Monitor page "
                                  "lists them), or choose the Tiny size."), "monitor", open_monitor)
    if bad is not None and bad.name == "numeric":
        return NextStep(translate("SanityResultCard",
                                  "The GPU’s results differ from the CPU’s. A wrong HSA_OVERRIDE_GFX_VERSION can "
                                  "do this: check the profile’s variables."), "environments", open_envs)
    if v == "passed" and on_cpu(result):
        return NextStep(translate("SanityResultCard",
                                  "torch in this venv trains on the CPU. Choose Device: Auto to check the GPU."))
    if v == "passed":
        return NextStep(translate("SanityResultCard",
                                  "This venv is ready for training on the GPU. The Monitor page shows the GPU while "
                                  "your own jobs run."), "monitor", open_monitor)
    return NextStep(translate("SanityResultCard", "Doctor can match the error against known failures."),
                    "doctor", open_doctor)


def facts(result: Any, size: str = "tiny") -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    device = str(getattr(result, "device", "") or "")
    name = getattr(result, "device_name", None)
    if device or name:
        rows.append((translate("SanityResultCard", "Ran on"),
                     f"{name} ({device})" if name and device else (name or device)))
    if getattr(result, "torch", None):
        rows.append((translate("SanityResultCard", "torch"), str(result.torch)))
    for p in phases(result):
        rate = getattr(p, "samples_per_s", None)
        if getattr(p, "skipped", None):
            why = p.skipped if isinstance(p.skipped, str) else (getattr(p, "error", None) or "")
            rows.append((phase_title(p.name), translate("SanityResultCard", "skipped: {why}").format(why=why)
                         if why else translate("SanityResultCard", "skipped")))
        elif rate:
            rows.append((phase_title(p.name), translate("SanityResultCard", "{rate:,.0f} samples/s ({s:.1f} s)").format(
                rate=rate, s=getattr(p, "seconds", 0.0) or 0.0)))
    speedup = getattr(result, "amp_speedup", None)
    if speedup:
        rows.append((translate("SanityResultCard", "AMP speedup"),
                     translate("SanityResultCard", "×{x:.2f} over FP32").format(x=speedup)))
    fall = loss_fall(result)
    if getattr(result, "loss_first", None) is not None and getattr(result, "loss_last", None) is not None:
        text = f"{result.loss_first:.3f} → {result.loss_last:.3f}"
        if fall is not None:
            text += " " + translate("SanityResultCard", "({f:.1f}× lower)").format(f=fall)
        rows.append((translate("SanityResultCard", "Loss, first → last"), text))
    peak, reserved = getattr(result, "peak_mem_bytes", None), getattr(result, "peak_reserved_bytes", None)
    if peak is not None or reserved is not None:
        parts = []
        if peak is not None:
            parts.append(translate("SanityResultCard", "{n} allocated").format(n=format_bytes(peak)))
        if reserved is not None:
            parts.append(translate("SanityResultCard", "{n} reserved").format(n=format_bytes(reserved)))
        rows.append((translate("SanityResultCard", "Peak memory"), ", ".join(parts)))
    first = getattr(result, "first_step_s", None)
    if first is not None:
        rows.append((translate("SanityResultCard", "Time to first step"),
                     translate("SanityResultCard", "{s:.2f} s (loading kernels; MIOpen’s search on a GPU)").format(
                         s=first)))
    if size == "resnet50":
        rows.append((translate("SanityResultCard", "Timing"),
                     translate("SanityResultCard", "ResNet-50-like: indicative only; compare with figures others "
                                                   "quote for the same batch and precision")))
    return rows


class SanityResultCard(QFrame):
    goTo = Signal(str)  # a page key from NextStep.target

    def __init__(self, result: Any, requested_device: str = "auto", size: str = "tiny",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result = result
        self.verdict_key = verdict(result)
        accent, fill, ink = {"passed": _GREEN, "cancelled": _GREY}.get(self.verdict_key, _RED)
        self.setObjectName("sanityCard")
        self.setStyleSheet(themed(f"#sanityCard {{ border: 1px solid palette(mid); border-left: 6px solid {accent}; "
                                  "border-radius: 4px; }"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 12, 12)
        layout.setSpacing(6)

        head = QHBoxLayout()
        titles = {"passed": self.tr("Passed"), "failed": self.tr("Failed"), "cancelled": self.tr("Cancelled"),
                  "hung": self.tr("Hung in {phase}").format(phase=phase_title(getattr(result, "hung_phase", "")))}
        self.verdict = QLabel(titles[self.verdict_key])
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setStyleSheet(themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; "
                                          "border-radius: 3px; padding: 4px 8px; }"))
        self.verdict.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a screen reader starts here
        head.addWidget(self.verdict, 0)
        head.addStretch(1)
        layout.addLayout(head)

        self.cpu_note: QLabel | None = None
        if on_cpu(result) and self.verdict_key != "cancelled":
            text = (self.tr("Ran on the CPU, not on the GPU: this result says nothing about the GPU.")
                    if requested_device == "cpu" else
                    self.tr("Ran on the CPU, not on the GPU: torch found no GPU to use, so this result says nothing "
                            "about the GPU."))
            self.cpu_note = text_label(text, bold=True)
            self.cpu_note.setStyleSheet(themed(f"QLabel {{ background: {_YELLOW[1]}; color: {_YELLOW[2]}; "
                                               f"border: 1px solid {_YELLOW[0]}; border-radius: 3px; "
                                               "padding: 6px 8px; }"))
            layout.addWidget(self.cpu_note)

        self.reason = text_label(reason(result))
        layout.addWidget(self.reason)

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        self.facts = facts(result, size)
        for row, (key, value) in enumerate(self.facts):
            k = text_label(key, muted=True)
            k.setWordWrap(False)
            grid.addWidget(k, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text_label(value), row, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)

        self.step = next_step(result, requested_device)
        step_row = QHBoxLayout()
        self.next_label = text_label(self.tr("Next: {text}").format(text=self.step.text))
        step_row.addWidget(self.next_label, 1)
        self.next_button: QPushButton | None = None
        if self.step.target:
            self.next_button = QPushButton(self.step.button)
            self.next_button.setAutoDefault(False)
            self.next_button.clicked.connect(lambda: self.goTo.emit(self.step.target))
            step_row.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(step_row)

        error = all_errors(result)
        self.error_view: QLabel | None = None
        if error and self.verdict_key != "cancelled":
            self.error_view = text_label(error.strip(), small=True, muted=True)
            mono = self.error_view.font()
            mono.setFamily("monospace")
            self.error_view.setFont(mono)
            layout.addWidget(self.error_view)
