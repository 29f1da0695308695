"""One GPU as a card: what it is, and what ROCm/PyTorch make of it."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.knowledge import source_info
from rocmdesk.machine.model import Gpu, Support
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.text import format_bytes, text_label

# status -> (accent, pill background, pill text).  Dark text on light fills reads in light and dark themes.
VERDICT_COLOURS: dict[str, tuple[str, str, str]] = {
    "supported": ("#2e8b47", "#d7f0dd", "#114d22"),
    "override": ("#c99a06", "#fdf0c4", "#5c4300"),
    "risky": ("#d9661a", "#fde1cc", "#7a3300"),
    "unsupported": ("#c0392b", "#f8d5d2", "#7d1a10"),
    "unknown": ("#8a8a8a", "#e4e4e4", "#333333"),
}


class GpuCard(QFrame):
    def __init__(self, gpu: Gpu, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gpu = gpu
        status = gpu.support.status if gpu.support and gpu.support.status in VERDICT_COLOURS else "unknown"
        accent, fill, ink = VERDICT_COLOURS[status]
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

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        for row, (key, value) in enumerate(self._facts()):
            key_label = text_label(key, muted=True)
            key_label.setWordWrap(False)
            grid.addWidget(key_label, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text_label(value), row, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)

        self.verdict = QLabel(self.verdict_text(gpu.support))
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict.setStyleSheet(
            themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; border-radius: 3px; "
                   "padding: 4px 8px; }")
        )
        layout.addWidget(self.verdict)
        support = gpu.support
        reason = support.reason if support and support.reason else ""
        # the knowledge writes reasons as clauses ("on AMD's list ..."); on a card they start a sentence
        reason = reason[:1].upper() + reason[1:] if reason else self.tr("No verdict was made for this GPU.")
        self.reason = text_label(reason, small=True)
        layout.addWidget(self.reason)
        if support and support.source:
            self.sources = self._sources_label(support.source)
            layout.addWidget(self.sources)
        layout.addStretch(1)

    def _sources_label(self, source: str) -> QLabel:
        """Source keys as links where the knowledge data knows a URL; what each is, on hover."""
        keys = [k.strip() for k in source.split(",") if k.strip()]
        parts, tips = [], []
        for key in keys:
            info = source_info(key)
            text = html.escape(key).replace("-", "\u2011")  # non-breaking hyphen: never split "S-SR600"
            if info and info.url:
                text = f'<a href="{html.escape(info.url, quote=True)}">{text}</a>'
            parts.append(text)
            if info:
                tips.append(f"{key}: {info.what}")
        prefix = self.tr("Source:") if len(keys) == 1 else self.tr("Sources:")
        label = text_label("", small=True, muted=True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setText(html.escape(prefix) + " " + ", ".join(parts))
        label.setOpenExternalLinks(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        label.setToolTip("\n".join(tips))
        return label

    def verdict_text(self, support: Support | None) -> str:
        status = support.status if support else "unknown"
        if status == "supported":
            return self.tr("Supported")
        if status == "override":
            if support and support.override:
                return self.tr("Works with override HSA_OVERRIDE_GFX_VERSION={value}").format(value=support.override)
            return self.tr("Works with an override of HSA_OVERRIDE_GFX_VERSION")
        if status == "risky":
            return self.tr("Risky")
        if status == "unsupported":
            return self.tr("Unsupported")
        return self.tr("Unknown")

    def _name(self) -> str:
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
            (self.tr("PCI slot"), g.pci_slot or unknown),
        ]
        if g.device_id:
            ident = f"1002:{g.device_id}" + (f" rev {g.revision}" if g.revision else "")
            facts.append((self.tr("Device id"), ident))
        if g.render_node:
            facts.append((self.tr("Render node"), g.render_node))
        if g.runtime_status == "suspended":
            facts.append((self.tr("Power"), self.tr("Asleep; rocmdesk does not wake it to read more")))
        return facts
