"""The wheels recommended for a machine, as a card: the advice's status word, index and pins, the exact pip command,
why, the other ways with their own verdicts, and warnings (``torchenv.recommend`` renders the advice model)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from rocmdesk.torchenv.recommend import Recommendation
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.advice_text import AdviceWords, override_pairs
from rocmdesk.ui.widgets.command_row import CommandRow
from rocmdesk.ui.widgets.gpu_card import VERDICT_COLOURS
from rocmdesk.ui.widgets.text import CopyableLabel, text_label


class RecommendationCard(QFrame):
    def __init__(self, rec: Recommendation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rec = rec
        self.words = AdviceWords(self)
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
        self.verdict = CopyableLabel(self.status_text(rec))
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
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

        # the other ways for the deciding GPU, each with its own verdict (as the Overview lists them)
        self.other_ways: list[QLabel] = []
        ga = rec.advice.gpus.get(rec.gpu_index) if rec.advice is not None and rec.gpu_index is not None else None
        if ga is not None and ga.alternatives:
            self.other_ways_title = text_label(self.tr("Other ways"), bold=True)
            layout.addWidget(self.other_ways_title)
            for alt in ga.alternatives:
                label = text_label("• " + self.words.alternative(alt), small=True)
                label.setToolTip(alt.reason)
                label.setContentsMargins(8, 0, 0, 0)
                self.other_ways.append(label)
                layout.addWidget(label)

        self.warning_labels: list[QLabel] = []
        for w in rec.warnings:
            label = text_label(self.tr("⚠ {warning}").format(warning=w), small=True)
            label.setStyleSheet(themed("QLabel { background: #fde1cc; color: #5c2500; border-radius: 3px; "
                                       "padding: 3px 6px; }"))
            self.warning_labels.append(label)
            layout.addWidget(label)
        self.sources: QLabel | None = None
        if rec.source:
            self.sources = self.words.sources([k.strip() for k in rec.source.split(",") if k.strip()])
            layout.addWidget(self.sources)

    def status_text(self, rec: Recommendation) -> str:
        """The advice's status word, as the Overview says it (AdviceWords); no GPU says what the wheels are for."""
        if rec.status == "no-gpu":
            return self.tr("No AMD GPU found: the newest stable wheels, for a machine that has one")
        if rec.status == "cpu":  # a build chosen to compare with (torchenv.builds): not a verdict on the GPU
            return self.tr("CPU only: torch runs on the processor, never on the GPU")
        if rec.status == "cuda":
            return self.tr("A CUDA build: for NVIDIA GPUs, it cannot use an AMD GPU")
        return self.words.status(rec.status)

    def topic_text(self, topic: str) -> str:
        return {"gpu": self.tr("GPU"), "torch": self.tr("Version"), "index": self.tr("Index"),
                "override": self.tr("Override"), "rocm": self.tr("System ROCm"),
                "mirror": self.tr("Mirror"), "driver": self.tr("Driver"),
                "devices": self.tr("Devices")}.get(topic, topic)

    def _facts(self, rec: Recommendation) -> list[tuple[str, str]]:
        kind = {"pytorch": self.tr("PyTorch's own index"), "amd": self.tr("AMD's per-family index"),
                "custom": self.tr("your index or mirror"), "pypi": self.tr("PyPI")}.get(rec.index_kind, rec.index_kind)
        facts = [(self.tr("Index"), f"{rec.index_url}  ({kind})")]
        newest = self.tr("the newest on the index")
        facts.append((self.tr("torch"), rec.torch or newest))
        facts.append((self.tr("torchvision"), rec.torchvision or newest))
        if rec.rocm_tag:
            facts.append((self.tr("Wheel's ROCm"), rec.rocm_tag.split("/")[-1]))
        override = override_pairs(rec.env)
        facts.append((self.tr("Override"), override or self.words.override(None, None)))
        others = {k: v for k, v in rec.env.items() if not k.startswith("HSA_OVERRIDE_GFX_VERSION")}
        if others:
            facts.append((self.tr("Variables"), ", ".join(f"{k}={v}" for k, v in others.items())))
        if rec.advice is not None and rec.status != "no-gpu":
            facts.append((self.tr("Judged by"), self.words.cited(rec.advice.rocm_cited)))
        for url in rec.extra_index_urls:
            facts.append((self.tr("Extra index"), url))
        return facts
