"""Overview: every AMD GPU with its advice, then the OS, kernel, ROCm and device access.

The page only renders ``session.report`` and its advice (``report.advice``, attached by the session's
detector): each card leads with the recommended path and then the other ways; detection runs in the
session's worker.
While it runs a busy bar shows; a failure shows what happened and what to try;
a machine without an AMD GPU gets an offer to explore a simulated one.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rocmdesk.machine.model import AccessInfo, DeviceNode, Gpu, MachineReport
from rocmdesk.ui.presenters.gpu_groups import group_gpus
from rocmdesk.ui.session import MachineSession
from rocmdesk.ui.theme import themed
from rocmdesk.ui.widgets.gpu_card import GpuCard
from rocmdesk.ui.widgets.page_parts import ScrollBody
from rocmdesk.ui.widgets.text import text_label

Rows = list[tuple[str, str]]


def plain_font() -> QFont:
    font = QFont(QApplication.font())
    font.setBold(False)  # set explicitly, so it does not inherit a bold parent
    return font


def short_repo_line(line: str) -> str:
    """'deb [arch=amd64 signed-by=...] https://repo.radeon.com/rocm/apt/6.2.4 jammy main' -> 'repo.radeon.com/rocm/apt/6.2.4 jammy main'."""
    line = re.sub(r"^deb(-src)?\s+(\[[^\]]*\]\s+)?", "", line.strip())
    return re.sub(r"^https?://", "", line)


def group_box(title: str) -> QGroupBox:
    """A section with a bold title; its labels set their own (non-bold) font."""
    box = QGroupBox(title)
    font = box.font()
    font.setBold(True)
    box.setFont(font)
    return box


class OverviewPage(QWidget):
    def __init__(self, session: MachineSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.cards: list[GpuCard] = []
        self.sim_combo: QComboBox | None = None
        self.explore_button: QPushButton | None = None

        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 12, 16, 8)

        header = QHBoxLayout()
        self.title = text_label(self.tr("Overview"), bold=True, scale=1.5)
        self.title.setWordWrap(False)
        header.addWidget(self.title)
        self.machine_label = text_label("", muted=True)
        header.addWidget(self.machine_label, 1)
        self.refresh_button = QPushButton(self.tr("&Refresh"))
        self.refresh_button.setToolTip(self.tr("Look at the machine again (F5)"))
        self.refresh_button.clicked.connect(self.session.refresh)
        header.addWidget(self.refresh_button)
        outer.addLayout(header)

        # busy indicator: an indeterminate bar, shown only while detection runs
        self.busy = QWidget()
        busy_row = QHBoxLayout(self.busy)
        busy_row.setContentsMargins(0, 0, 0, 0)
        self.busy_label = text_label("")
        busy_row.addWidget(self.busy_label)
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setMaximumWidth(240)
        busy_row.addWidget(self.busy_bar)
        busy_row.addStretch(1)
        outer.addWidget(self.busy)

        self.error_box = self._build_error_box()
        outer.addWidget(self.error_box)

        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self.scroll, 1)

        session.busyChanged.connect(self._sync)
        session.reportReady.connect(self.show_report)
        session.failed.connect(self.show_error)
        self._sync()
        if session.report is not None:
            self.show_report(session.report)

    # -- state -------------------------------------------------------------
    def _where(self) -> str:
        s = self.session
        if s.simulate:
            return self.tr("the simulated machine {name}").format(name=s.simulate)
        if s.root:
            return self.tr("the machine tree at {root}").format(root=s.root)
        return self.tr("this computer")

    def _sync(self, *_: object) -> None:
        busy = self.session.busy
        self.busy.setVisible(busy)
        self.busy_label.setText(self.tr("Looking at {where}…").format(where=self._where()))
        self.machine_label.setText(self.tr("— {where}").format(where=self._where()))
        self.error_box.setVisible(not busy and self.session.error is not None)

    def _build_error_box(self) -> QFrame:
        box = QFrame()
        box.setObjectName("errorBox")
        box.setStyleSheet(themed("#errorBox { border: 1px solid #c0392b; border-radius: 4px; }"))
        layout = QVBoxLayout(box)
        layout.addWidget(text_label(self.tr("Detection failed"), bold=True))
        self.error_label = text_label("")
        layout.addWidget(self.error_label)
        layout.addWidget(text_label(self.tr(
            "Press Refresh to try again. If it fails again, run “rocmdesk detect --json” in a terminal; "
            "its output and the details below help a bug report."
        ), small=True))
        self.details_button = QPushButton(self.tr("Show details"))
        self.details_button.setCheckable(True)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setVisible(False)
        self.details.setMaximumHeight(220)
        self.details_button.toggled.connect(self.details.setVisible)
        row = QHBoxLayout()
        row.addWidget(self.details_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.details)
        box.setVisible(False)
        return box

    def show_error(self, message: str, details: str) -> None:
        self.error_label.setText(message)
        self.details.setPlainText(details)
        self._set_body(QWidget())  # never keep showing the previous machine under an error
        self._sync()

    # -- the report ----------------------------------------------------------
    def _set_body(self, body: QWidget) -> None:
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.scroll.setWidget(body)

    def show_report(self, report: MachineReport) -> None:
        body = ScrollBody()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 4, 8, 8)
        layout.setSpacing(12)
        self.cards = []
        self.sim_combo = self.explore_button = None

        if report.gpus:
            layout.addWidget(self._gpu_grid(report))
        else:
            layout.addWidget(self._no_gpu_box())
        if report.override_env:
            rows = [(k, v) for k, v in sorted(report.override_env.items())]
            note = self.tr("Set in the environment rocmdesk sees; under them the runtime reports a different gfx target.")
            layout.addWidget(self._section(self.tr("GPU overrides in effect"), rows, note))

        columns = QHBoxLayout()
        columns.setSpacing(12)
        left = QVBoxLayout()
        left.addWidget(self._section(self.tr("System"), self._system_rows(report)))
        left.addWidget(self._section(self.tr("ROCm"), self._rocm_rows(report), self._rocm_note(report)))
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self._section(self.tr("GPU access"), self._access_rows(report.access),
                                      self._access_note(report)))
        right.addWidget(self._warnings(report.warnings))
        right.addStretch(1)
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        layout.addLayout(columns)

        as_of = report.knowledge_as_of or self.tr("an unknown date")
        footer = self.tr("Verdicts use rocmdesk’s knowledge as of {date}.").format(date=as_of)
        if not report.simulated:  # a simulated machine is named by the banner already
            footer += " " + self.tr("Report source: {source}.").format(source=report.source)
        layout.addWidget(text_label(footer, small=True, muted=True))
        layout.addStretch(1)
        self._set_body(body)
        self._sync()

    def _gpu_grid(self, report: MachineReport) -> QWidget:
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(10)
        groups = group_gpus(report.gpus)  # identical GPUs share one card
        columns = 1 if len(groups) == 1 else 2
        for i, group in enumerate(groups):
            card = GpuCard(group.first, report.advice, group=group)
            self._add_instinct_facts(card, group.members)
            self.cards.append(card)
            grid.addWidget(card, i // columns, i % columns)
        for c in range(columns):
            grid.setColumnStretch(c, 1)
        return box

    # ---- Instinct facts: partitions, ECC, XGMI, VBIOS, PCIe link ---------------------------------------------
    def instinct_rows(self, gpus: list[Gpu]) -> Rows:
        """What an Instinct card's device folder says beyond the name (machine.device_facts), for the GPUs of one
        card of the Overview; empty for a card with no partition, RAS or XGMI files (a Radeon)."""
        first: dict[str, Gpu] = {}
        for g in gpus:  # a partitioned card's GPUs share its files: each card once, named by its first GPU
            first.setdefault(g.sysfs_device or g.pci_slot or str(g.index), g)
        cards = list(first.values())
        if not any(g.compute_partition or g.ras_errors is not None or g.xgmi is not None for g in cards):
            return []
        rows: Rows = []
        g0 = cards[0]
        if g0.compute_partition or g0.memory_partition:
            parts = []
            if g0.compute_partition:
                parts.append(self.tr("compute {mode}").format(mode=g0.compute_partition)
                             + self._modes(g0.compute_partitions_available))
            if g0.memory_partition:
                parts.append(self.tr("memory {mode}").format(mode=g0.memory_partition)
                             + self._modes(g0.memory_partitions_available))
            rows.append((self.tr("Partition mode"), "; ".join(parts)))
        rows.append((self.tr("ECC (RAS)"), self._ras_text(cards)))
        if g0.xgmi is not None:
            hive = {g.xgmi.hive_id for g in cards if g.xgmi is not None and g.xgmi.hive_id}
            links = sorted({g.xgmi.links for g in cards if g.xgmi is not None and g.xgmi.links is not None})
            text = self.tr("{n} cards in one hive").format(n=len(cards)) if len(hive) == 1 else self.tr(
                "{n} hives").format(n=len(hive)) if hive else self.tr("no hive")
            if links:
                text += ", " + self.tr("{links} links each").format(links="–".join(str(x) for x in (links[0], links[-1]))
                                                                 if len(links) > 1 else links[0])
            rows.append((self.tr("XGMI"), text))
        vbios = sorted({g.vbios_version for g in cards if g.vbios_version})
        if vbios:
            rows.append((self.tr("VBIOS"), ", ".join(vbios)))
        link = g0.pcie_link
        if link is not None and link.speed_gts and link.width:
            text = self.tr("{speed:g} GT/s ×{width}").format(speed=link.speed_gts, width=link.width)
            slow = [g.index for g in cards if g.pcie_link is not None and g.pcie_link.degraded]
            if slow:
                text += " " + self.tr("(below the maximum on GPU {gpus})").format(gpus=", ".join(map(str, slow)))
            elif link.max_speed_gts:
                text += " " + self.tr("(the maximum)")
            rows.append((self.tr("PCIe link"), text))
        return rows

    def _modes(self, available: list[str] | None) -> str:
        return " " + self.tr("(of {modes})").format(modes=", ".join(available)) if available else ""

    def _ras_text(self, cards: list[Gpu]) -> str:
        read = [g for g in cards if g.ras_errors is not None]
        if not read:
            return self.tr("not reported")
        ue = sum(c.get("ue", 0) for g in read for c in (g.ras_errors or {}).values())
        ce = sum(c.get("ce", 0) for g in read for c in (g.ras_errors or {}).values())
        if not ue and not ce:
            return self.tr("no errors")
        where = []
        for g in read:
            for block, c in sorted((g.ras_errors or {}).items()):
                if c.get("ue", 0) or c.get("ce", 0):
                    where.append(self.tr("{block} on GPU {index}").format(block=block.upper(), index=g.index))
        return self.tr("{ue} uncorrectable, {ce} corrected ({where})").format(ue=ue, ce=ce, where=", ".join(where))

    def _add_instinct_facts(self, card: GpuCard, gpus: list[Gpu]) -> None:
        rows = self.instinct_rows(gpus)
        card.instinct_rows = rows  # type: ignore[attr-defined]  (tests and screenshots read them)
        if not rows:
            return
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(3)
        for row, (key, value) in enumerate(rows):
            key_label = text_label(key, muted=True)
            key_label.setWordWrap(False)
            grid.addWidget(key_label, row, 0, Qt.AlignmentFlag.AlignTop)
            value_label = text_label(value)
            value_label.setObjectName("instinctFact")
            grid.addWidget(value_label, row, 1)
        grid.setColumnStretch(1, 1)
        layout = card.layout()
        # after the card's own facts (its last grid), before the sources and the stretch
        at = max((i for i in range(layout.count()) if isinstance(layout.itemAt(i).layout(), QGridLayout)),
                 default=layout.count() - 1)
        layout.insertLayout(at + 1, grid)

    def _no_gpu_box(self) -> QWidget:
        box = group_box(self.tr("No AMD GPU found"))
        layout = QVBoxLayout(box)
        layout.addWidget(text_label(self.tr(
            "rocmdesk found no AMD GPU on {where}: none in the kernel’s GPU compute list (/dev/kfd topology) "
            "or among the display devices. If there should be one, check below that the amdgpu driver is loaded."
        ).format(where=self._where())))
        machines = [m for m in self.session.machines() if m.name != self.session.simulate]
        if not machines:
            layout.addWidget(text_label(self.tr("Simulated machines are not available in this installation."),
                                        small=True, muted=True))
            return box
        layout.addWidget(text_label(self.tr(
            "You can still see what rocmdesk does by exploring a simulated machine. Nothing on this computer changes."
        )))
        row = QHBoxLayout()
        self.sim_combo = QComboBox()
        self.sim_combo.setFont(plain_font())  # not the box's bold title font
        for m in machines:
            self.sim_combo.addItem(m.name, m.name)
            self.sim_combo.setItemData(self.sim_combo.count() - 1, m.description, Qt.ItemDataRole.ToolTipRole)
        self.sim_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        row.addWidget(self.sim_combo)
        self.explore_button = QPushButton(self.tr("Explore a simulated machine"))
        self.explore_button.setFont(plain_font())
        self.explore_button.clicked.connect(self._explore)
        row.addWidget(self.explore_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.sim_description = text_label(machines[0].description, small=True)
        self.sim_combo.currentIndexChanged.connect(
            lambda i: self.sim_description.setText(machines[i].description if 0 <= i < len(machines) else ""))
        layout.addWidget(self.sim_description)
        return box

    def _explore(self) -> None:
        if self.sim_combo is not None:
            self.session.use_simulated(self.sim_combo.currentData())

    # -- sections ----------------------------------------------------------
    def _section(self, title: str, rows: Rows, note: str | None = None) -> QGroupBox:
        box = group_box(title)
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        for row, (key, value) in enumerate(rows):
            key_label = text_label(key, muted=True)
            key_label.setWordWrap(False)
            grid.addWidget(key_label, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text_label(value), row, 1)
        if note:
            grid.addWidget(text_label(note, small=True), len(rows), 0, 1, 2)
        grid.setColumnStretch(1, 1)
        return box

    def _warnings(self, warnings: list[str]) -> QGroupBox:
        box = group_box(self.tr("Warnings"))
        layout = QVBoxLayout(box)
        if not warnings:
            layout.addWidget(text_label(self.tr("None."), muted=True))
        for w in warnings:
            layout.addWidget(text_label("• " + w))
        return box

    def _system_rows(self, r: MachineReport) -> Rows:
        unknown = self.tr("unknown")
        os_ = r.os
        name = os_.pretty_name or " ".join(p for p in (os_.id, os_.version_id) if p) or unknown
        rows: Rows = [(self.tr("Operating system"), name)]
        rows.append((self.tr("Codename"), os_.codename or unknown))
        rows.append((self.tr("AMD repository codename"), os_.repo_codename or self.tr("none known for this system")))
        if os_.wsl:
            rows.append((self.tr("WSL"), self.tr("yes: ROCm on WSL uses the Windows driver")))
        if os_.container:
            rows.append((self.tr("Container"), os_.container))
        k = r.kernel
        rows.append((self.tr("Kernel"), k.release or unknown))
        loaded = {True: self.tr("loaded"), False: self.tr("not loaded")}.get(k.amdgpu_loaded, unknown)
        if k.amdgpu_source:
            loaded = self.tr("{state} (from {how})").format(state=loaded, how=k.amdgpu_source)
        rows.append((self.tr("amdgpu driver"), loaded))
        if k.dkms is not None:
            rows.append((self.tr("amdgpu-dkms"), self.tr("installed") if k.dkms else self.tr("not installed")))
        return rows

    def _rocm_rows(self, r: MachineReport) -> Rows:
        rocm = r.rocm
        rows: Rows = []
        if rocm.installed:
            installed = "\n".join(
                self.tr("{version} at {path}").format(version=i.version or self.tr("unknown version"), path=i.path)
                for i in rocm.installed)
        else:
            installed = self.tr("none")
        rows.append((self.tr("Installed"), installed))
        if rocm.primary_version:
            rows.append((self.tr("In use"), rocm.primary_version))
        if rocm.packages:
            n = len(rocm.packages)
            count = self.tr("1 ROCm package (dpkg)") if n == 1 else self.tr("{n} ROCm packages (dpkg)").format(n=n)
            rows.append((self.tr("Packages"), count))
        repos = "\n".join(short_repo_line(line) for line in rocm.repo_lines)
        rows.append((self.tr("AMD apt repository"), repos or self.tr("not configured")))
        if rocm.residue:
            rows.append((self.tr("Left over"), "\n".join(rocm.residue)))
        if rocm.rocminfo_error:
            rows.append((self.tr("rocminfo"), rocm.rocminfo_error))
        else:
            rows.append((self.tr("rocminfo"), self.tr("available") if rocm.rocminfo_available else self.tr("not installed")))
        return rows

    def _rocm_note(self, r: MachineReport) -> str | None:
        if r.rocm.installed:
            return None
        return self.tr("PyTorch’s ROCm wheels carry their own ROCm libraries: PyTorch alone needs only the amdgpu "
                       "driver and access to /dev/kfd, not a system ROCm install.")

    def _node_text(self, node: DeviceNode) -> str:
        if not node.present:
            return self.tr("missing")
        parts = [p for p in (node.mode, f"{node.owner or '?'}:{node.group or '?'}") if p]
        if node.opens_rw is True:
            parts.append(self.tr("opens read-write"))
        elif node.opens_rw is False:
            parts.append(self.tr("does not open: {error}").format(error=node.open_error or self.tr("unknown error")))
        else:
            parts.append(self.tr("opening not tried (not this computer)"))
        return ", ".join(parts)

    def _access_rows(self, a: AccessInfo) -> Rows:
        rows: Rows = [(self.tr("User"), a.user or self.tr("unknown"))]
        rows.append((self.tr("Groups"), ", ".join(a.groups_configured) or self.tr("none")))
        if a.groups_session is not None:
            rows.append((self.tr("Groups in this session"), ", ".join(a.groups_session) or self.tr("none")))
        rows.append(("/dev/kfd", self._node_text(a.kfd) if a.kfd else self.tr("not checked")))
        for node in a.render_nodes:
            rows.append((node.path, self._node_text(node)))
        if not a.render_nodes:
            rows.append((self.tr("Render nodes"), self.tr("none found")))
        return rows

    def _and(self, items: list[str]) -> str:
        if len(items) < 2:
            return "".join(items)
        return self.tr("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])

    def _access_note(self, report: MachineReport) -> str | None:
        a = report.access
        notes = []
        if a.kfd is not None and not a.kfd.present:
            if report.os.container:
                notes.append(self.tr("There is no /dev/kfd in this container: start it with "
                                     "“--device /dev/kfd --device /dev/dri”, on a host whose amdgpu driver is loaded."))
            else:
                notes.append(self.tr("There is no /dev/kfd: it appears when the amdgpu driver is loaded."))
        if a.needs_relogin:
            pending = [g for g in a.groups_configured if g in ("render", "video") and g not in (a.groups_session or [])]
            notes.append(self.tr(
                "You were added to {groups} but you must log out and in again before it takes effect "
                "(“newgrp render” fixes one terminal)."
            ).format(groups=self._and(pending or ["render"])))
        if a.missing_groups:
            user = a.user or "$USER"
            if len(a.missing_groups) == 1:
                text = self.tr("Not in the group {groups}, so the GPU will not open. "
                               "Add yourself, then log out and in again:")
            else:
                text = self.tr("Not in the groups {groups}, so the GPU will not open. "
                               "Add yourself, then log out and in again:")
            notes.append(text.format(groups=self._and(a.missing_groups))
                         + f"\n    sudo usermod -a -G render,video {user}")
        if a.ok is True and not notes:
            notes.append(self.tr("This user can open the GPU."))
        elif a.ok is False and not notes:
            notes.append(self.tr("This user cannot open the GPU yet; see the rows above."))
        return "\n".join(notes) or None
