"""The wheels recommended for a machine, as a card: verdict, index and pins, the exact pip command, why, warnings."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.knowledge import source_info
from rocmdesk.torchenv.recommend import Recommendation
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.command_row import CommandRow
from rocmdesk.ui.widgets.gpu_card import VERDICT_COLOURS
from rocmdesk.ui.widgets.text import text_label


def sources_label(source: str, prefix: str) -> QLabel:
    """Source keys as links where the knowledge data knows a URL; what each is, on hover."""
    keys = [k.strip() for k in source.split(",") if k.strip()]
    parts, tips = [], []
    for key in keys:
        info = source_info(key)
        text = html.escape(key).replace("-", "\u2011")  # non-breaking hyphen: never split "S-SR624"
        if info and info.url:
            text = f'<a href="{html.escape(info.url, quote=True)}">{text}</a>'
        parts.append(text)
        if info:
            tips.append(f"{key}: {info.what}")
    label = text_label("", small=True, muted=True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(html.escape(prefix) + " " + ", ".join(parts))
    label.setOpenExternalLinks(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setToolTip("\n".join(tips))
    return label


class RecommendationCard(QFrame):
    def __init__(self, rec: Recommendation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rec = rec
        status = rec.status if rec.status in VERDICT_COLOURS else "unknown"
        accent, fill, ink = VERDICT_COLOURS[status]
        self.setObjectName("recCard")
        self.setStyleSheet(themed(f"#recCard {{ border: 1px solid palette(mid); border-left: 6px solid {accent}; "
                                  "border-radius: 4px; }"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 10, 12, 12)
        layout.setSpacing(6)

        gpu = rec.gpu_name or self.tr("No AMD GPU")
        if rec.gfx:
            gpu = self.tr("{name} ({gfx})").format(name=gpu, gfx=rec.gfx)
        self.title = text_label(gpu, bold=True, scale=1.2)
        layout.addWidget(self.title)
        self.verdict = QLabel(self.status_text(rec))
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict.setStyleSheet(themed(f"QLabel {{ background: {fill}; color: {ink}; font-weight: bold; "
                                          "border-radius: 3px; padding: 4px 8px; }"))
        layout.addWidget(self.verdict)

        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        self.facts = self._facts(rec)
        for row, (key, value) in enumerate(self.facts):
            k = text_label(key, muted=True)
            k.setWordWrap(False)
            grid.addWidget(k, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text_label(value), row, 1)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)

        layout.addWidget(text_label(self.tr("The exact command (into an activated venv):"), small=True, muted=True))
        self.command = CommandRow(rec.pip_command, self.tr("the pip command"))
        layout.addWidget(self.command)
        self.env_note: QLabel | None = None
        if rec.env:
            pairs = " ".join(f"{k}={v}" for k, v in rec.env.items())
            self.env_note = text_label(self.tr("When you use the venv, set {pairs}: a profile on the Environments "
                                               "page keeps it in the venv's activate scripts.").format(pairs=pairs),
                                       small=True)
            layout.addWidget(self.env_note)

        self.why_title = text_label(self.tr("Why"), bold=True)
        layout.addWidget(self.why_title)
        why = QGridLayout()
        why.setHorizontalSpacing(12)
        why.setVerticalSpacing(3)
        self.why_labels: list[QLabel] = []
        for row, (topic, sentence) in enumerate(rec.why.items()):
            k = text_label(self.topic_text(topic), muted=True, small=True)
            k.setWordWrap(False)
            why.addWidget(k, row, 0, Qt.AlignmentFlag.AlignTop)
            label = text_label(sentence, small=True)
            self.why_labels.append(label)
            why.addWidget(label, row, 1)
        why.setColumnStretch(1, 1)
        layout.addLayout(why)

        self.warning_labels: list[QLabel] = []
        for w in rec.warnings:
            label = text_label(self.tr("⚠ {warning}").format(warning=w), small=True)
            label.setStyleSheet(themed("QLabel { background: #fde1cc; color: #5c2500; border-radius: 3px; "
                                       "padding: 3px 6px; }"))
            self.warning_labels.append(label)
            layout.addWidget(label)
        self.sources: QLabel | None = None
        if rec.source:
            many = "," in rec.source
            self.sources = sources_label(rec.source, self.tr("Sources:") if many else self.tr("Source:"))
            layout.addWidget(self.sources)

    def status_text(self, rec: Recommendation) -> str:
        if rec.status == "supported":
            return self.tr("Supported by these wheels")
        if rec.status == "override":
            if rec.override:
                return self.tr("Works with override HSA_OVERRIDE_GFX_VERSION={value}").format(value=rec.override)
            return self.tr("Works with an override")
        if rec.status == "risky":
            return self.tr("Risky: no wheel serves this GPU reliably")
        if rec.status == "unsupported":
            return self.tr("Unsupported: no wheel in rocmdesk's data serves this GPU")
        if rec.status == "no-gpu":
            return self.tr("No AMD GPU found: the newest stable wheels, for a machine that has one")
        return rec.status

    def topic_text(self, topic: str) -> str:
        return {"gpu": self.tr("GPU"), "torch": self.tr("Version"), "index": self.tr("Index"),
                "override": self.tr("Override"), "rocm": self.tr("System ROCm"),
                "mirror": self.tr("Mirror")}.get(topic, topic)

    def _facts(self, rec: Recommendation) -> list[tuple[str, str]]:
        kind = {"pytorch": self.tr("PyTorch's own index"), "amd": self.tr("AMD's per-family index"),
                "custom": self.tr("your index or mirror")}.get(rec.index_kind, rec.index_kind)
        facts = [(self.tr("Index"), f"{rec.index_url}  ({kind})")]
        newest = self.tr("the newest on the index")
        facts.append((self.tr("torch"), rec.torch or newest))
        facts.append((self.tr("torchvision"), rec.torchvision or newest))
        if rec.rocm_tag:
            facts.append((self.tr("Wheel's ROCm"), rec.rocm_tag.split("/")[-1]))
        if rec.override:
            facts.append((self.tr("Override"), self.tr("needed: {pairs}").format(
                pairs=", ".join(f"{k}={v}" for k, v in rec.env.items() if k.startswith("HSA_OVERRIDE_GFX_VERSION")))))
        else:
            facts.append((self.tr("Override"), self.tr("not needed")))
        others = {k: v for k, v in rec.env.items() if not k.startswith("HSA_OVERRIDE_GFX_VERSION")}
        if others:
            facts.append((self.tr("Variables"), ", ".join(f"{k}={v}" for k, v in others.items())))
        for url in rec.extra_index_urls:
            facts.append((self.tr("Extra index"), url))
        return facts
