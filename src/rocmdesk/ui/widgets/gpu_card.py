"""One GPU as a card: what it is, and the advice for it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.advice import OVERRIDE_VAR, VISIBILITY_VAR, EnvNote, GpuAdvice, MachineAdvice
from rocmdesk.machine.model import Gpu
from rocmdesk.ui.presenters.gpu_groups import GpuGroup, ranges
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.advice_text import AdviceWords
from rocmdesk.ui.widgets.text import CopyableLabel, format_bytes, text_label

# status -> (accent, pill background, pill text).  Dark text on light fills reads in light and dark themes.
VERDICT_COLOURS: dict[str, tuple[str, str, str]] = {
    "supported": ("#2e8b47", "#d7f0dd", "#114d22"),
    "override": ("#c99a06", "#fdf0c4", "#5c4300"),
    "risky": ("#d9661a", "#fde1cc", "#7a3300"),
    "unsupported": ("#c0392b", "#f8d5d2", "#7d1a10"),
    "unknown": ("#8a8a8a", "#e4e4e4", "#333333"),
}


class GpuCard(QFrame):
    """One GPU: what it is, then the advice for it (``gpu.advice``, within the machine's ``advice``): the status
    word, the recommended wheels, the override or none, the device mask, the driver fact, the ROCm release whose
    list is cited, the reason, the other ways with their own verdicts, and the variables in effect that the
    advice disagrees with.  It renders the advice and decides nothing."""

    def __init__(self, gpu: Gpu, advice: MachineAdvice | None = None, parent: QWidget | None = None,
                 group: GpuGroup | None = None) -> None:
        super().__init__(parent)
        self.gpu = gpu
        # identical GPUs (ui.presenters.gpu_groups) share one card: "8 × name", their numbers and slots
        self.group = group if group is not None and group.count > 1 else None
        self.machine_advice = advice
        self.words = AdviceWords(self)
        ga = gpu.advice
        self.hidden = ga is not None and not ga.used
        status = ga.status if ga is not None and ga.status in VERDICT_COLOURS else "unknown"
        accent, fill, ink = VERDICT_COLOURS["unknown" if self.hidden else status]
        self.setObjectName("gpuCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            themed(f"#gpuCard {{ border: 1px solid palette(mid); border-left: 6px solid {accent}; "
                   "border-radius: 4px; }")
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 12, 12)
        layout.setSpacing(6)
        self.title = text_label(self._name(), bold=True, scale=1.2)
        layout.addWidget(self.title)
        layout.addWidget(text_label(self._subtitle(), small=True, muted=True))

        self.verdict = CopyableLabel(self.verdict_text(ga))
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet(
            themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; border-radius: 3px; "
                   "padding: 4px 8px; }")
        )
        layout.addWidget(self.verdict)

        # the recommended path, as rows
        self.advice_rows = self._advice_rows(ga)
        layout.addLayout(self._grid(self.advice_rows, self._advice_tips()))

        reason = ga.reason if ga is not None and ga.reason else ""
        # the advice writes reasons as clauses ("on AMD's list ..."); on a card they start a sentence
        reason = reason[:1].upper() + reason[1:] if reason else self.tr("No verdict was made for this GPU.")
        self.reason = text_label(reason, small=True)
        layout.addWidget(self.reason)

        # other ways, each with its own verdict (its reason on hover)
        self.other_ways: list[QLabel] = []
        alternatives = ga.alternatives if ga is not None and ga.used else []
        if alternatives:
            layout.addWidget(text_label(self.tr("Other ways"), bold=True, small=True))
            for alt in alternatives:
                label = text_label("• " + self.words.alternative(alt), small=True)
                label.setToolTip(alt.reason)
                label.setContentsMargins(8, 0, 0, 0)
                self.other_ways.append(label)
                layout.addWidget(label)

        # the variables in effect that the advice disagrees with, for this GPU (the full sentence on hover)
        self.notes: list[QLabel] = []
        for note in self._my_notes():
            label = text_label("⚠ " + self.words.note(note), small=True)
            label.setToolTip(note.message)
            label.setStyleSheet(themed("QLabel { background: #fde1cc; color: #5c2500; border-radius: 3px; "
                                       "padding: 3px 6px; }"))
            self.notes.append(label)
            layout.addWidget(label)

        layout.addLayout(self._grid(self._facts()))
        self.sources: QLabel | None = None
        if ga is not None and ga.sources:
            self.sources = self.words.sources(ga.sources)
            layout.addWidget(self.sources)
        layout.addStretch(1)

    def _grid(self, rows: list[tuple[str, str]], tips: dict[str, str] | None = None) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        for row, (key, value) in enumerate(rows):
            key_label = text_label(key, muted=True)
            key_label.setWordWrap(False)
            grid.addWidget(key_label, row, 0, Qt.AlignmentFlag.AlignTop)
            value_label = text_label(value)
            if tips and key in tips:
                value_label.setToolTip(tips[key])
            grid.addWidget(value_label, row, 1)
        grid.setColumnStretch(1, 1)
        return grid

    def _advice_rows(self, ga: GpuAdvice | None) -> list[tuple[str, str]]:
        if ga is None:
            return []
        rows: list[tuple[str, str]] = []
        a = self.machine_advice
        if not ga.used:
            value = a.env.get(VISIBILITY_VAR) if a is not None else None
            if value is not None:
                rows.append((self.tr("Kept out by"), f"{VISIBILITY_VAR}={value}"))
            rows.append((self.tr("On its own"), self.words.status(ga.status)))
            return rows
        rows.append((self.tr("Wheels"), self.words.path(ga.path)))
        rows.append((self.tr("Override"), self.words.gpu_override(ga)))
        mask = ga.env.get(VISIBILITY_VAR)
        if mask is not None:
            rows.append((self.tr("Devices"), f"{VISIBILITY_VAR}={mask}"))
        driver = a.why.get("driver") if a is not None else None
        if driver:
            rows.append((self.tr("Driver"), driver))
        rows.append((self.tr("Judged by"), self.words.cited(ga.rocm_cited)))
        return rows

    def _advice_tips(self) -> dict[str, str]:
        """The advice's own sentences on hover: where the wheels are, why this override, why this device mask."""
        a, ga = self.machine_advice, self.gpu.advice
        if a is None or ga is None:
            return {}
        tips = {}
        if ga.path is not None and ga.path.index_url:
            tips[self.tr("Wheels")] = ga.path.index_url
        if "override" in a.why and ga.used:
            tips[self.tr("Override")] = a.why["override"]
        if "devices" in a.why:
            tips[self.tr("Devices")] = a.why["devices"]
            tips[self.tr("Kept out by")] = a.why["devices"]
        return tips

    def _my_notes(self) -> list[EnvNote]:
        """The machine's notes on the override variables in effect that concern this GPU: the global variable
        for every GPU in use, the per-GPU form for its own KFD node (by the variable's name, never its words)."""
        a, ga = self.machine_advice, self.gpu.advice
        if a is None or ga is None or not ga.used:
            return []
        mine = {OVERRIDE_VAR}
        if self.gpu.kfd_node is not None:
            mine.add(f"{OVERRIDE_VAR}_{self.gpu.kfd_node}")
        return [n for n in a.notes if n.var in mine and n.code != "override-missing"]

    def verdict_text(self, ga: GpuAdvice | None) -> str:
        if ga is None:
            return self.words.status("unknown")
        if not ga.used:
            return self.tr("Not used by PyTorch")
        return self.words.status(ga.status)

    def _name(self) -> str:
        name = self._one_name()
        if self.group is not None:
            return self.tr("{count} × {name}").format(count=self.group.count, name=name)
        return name

    def _one_name(self) -> str:
        g = self.gpu
        if g.name:
            return g.name
        if g.device_id:
            return self.tr("Unknown AMD GPU (device {id})").format(id=g.device_id)
        return self.tr("Unknown AMD GPU")

    def _subtitle(self) -> str:
        g = self.gpu
        if g.kind == "instinct":
            kind = self.tr("Instinct accelerator")
        elif g.kind == "pro":
            kind = self.tr("Workstation (Radeon PRO)")
        else:
            kind = {True: self.tr("Integrated (APU)"), False: self.tr("Discrete")}.get(g.apu, self.tr("Type unknown"))
        if self.group is not None:
            parts = [self.tr("GPUs {numbers}").format(numbers=ranges(self.group.indexes)), kind]
            cards = len(self.group.slots)
            if self.group.partitioned and cards:
                parts.append(self.tr("{cards} cards, {per} partitions each").format(
                    cards=cards, per=round(self.group.count / cards)))
            return " · ".join(parts)
        parts = [self.tr("GPU {index}").format(index=g.index), kind]
        if g.partition is not None:
            parts.append(self.tr("partition {n}").format(n=g.partition))
        return " · ".join(parts)

    def _facts(self) -> list[tuple[str, str]]:
        g = self.gpu
        unknown = self.tr("unknown")
        gfx = g.gfx or unknown
        if g.gfx_reported and g.gfx_reported != g.gfx:
            gfx = self.tr("{physical} (reported as {reported})").format(physical=gfx, reported=g.gfx_reported)
        vram = format_bytes(g.vram_total_bytes) or unknown
        facts = [
            (self.tr("gfx target"), gfx),
            (self.tr("Shared memory carve-out") if g.apu else self.tr("VRAM"), vram),
        ]
        if self.group is not None:
            facts[1] = (facts[1][0], self.tr("{size} each").format(size=vram) if g.vram_total_bytes else vram)
            facts.append((self.tr("PCI slots"), ", ".join(self.group.slots) or unknown))
        else:
            facts.append((self.tr("PCI slot"), g.pci_slot or unknown))
        if g.device_id:
            ident = f"1002:{g.device_id}" + (f" rev {g.revision}" if g.revision else "")
            facts.append((self.tr("Device id"), ident))
        if g.render_node and self.group is None:
            facts.append((self.tr("Render node"), g.render_node))
        if g.runtime_status == "suspended":
            facts.append((self.tr("Power"), self.tr("Asleep; rocmdesk does not wake it to read more")))
        return facts
