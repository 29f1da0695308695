"""The Doctor's paste box: a plain-text box that holds a very long paste aside (laying out 50 MB would freeze
the window) and takes a dropped file as a file to diagnose."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QCoreApplication, Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from rocmdesk.ui.presenters.doctor import SHOW_LIMIT, size_text
from rocmdesk.ui.widgets.code_view import mono_font
from rocmdesk.ui.widgets.page_parts import plain
from rocmdesk.ui.widgets.text import text_label

translate = QCoreApplication.translate


class PasteBox(QPlainTextEdit):
    """A plain-text box that holds a very long paste aside instead of laying it out (which would freeze).

    A held paste stays the clipboard's UTF-8 bytes (a QByteArray, shared, not copied): turning 50 MB into a
    Python string here would stall the UI thread; the worker decodes it."""

    pasted = Signal()
    fileDropped = Signal(str)  # a local file dropped (or pasted as a file) on the box

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.held: QByteArray | str | None = None
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._placeholder = ""

    def canInsertFromMimeData(self, source) -> bool:  # noqa: N802 (Qt's name)
        return source.hasUrls() or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source) -> None:  # noqa: N802 (Qt's name)
        files = [u.toLocalFile() for u in source.urls() if u.isLocalFile()] if source.hasUrls() else []
        if files:
            self.fileDropped.emit(files[0])
            return
        raw = source.data("text/plain") if source.hasFormat("text/plain") else QByteArray()
        if raw.size() > SHOW_LIMIT:
            self.hold(raw)
        elif source.hasText() and len(source.text()) > SHOW_LIMIT:  # text in another encoding only
            self.hold(source.text())
        else:
            super().insertFromMimeData(source)
            self.held = None
        self.pasted.emit()

    def hold(self, data: QByteArray | str) -> None:
        self.held = data
        if not self._placeholder:
            self._placeholder = self.placeholderText()
        self.clear()
        self.setReadOnly(True)
        size = data.size() if isinstance(data, QByteArray) else len(data)
        self.setPlaceholderText(self.tr("{size} pasted: too long to show here, it is diagnosed as a whole. "
                                        "Clear it to paste something else.").format(size=size_text(size)))

    def held_size(self) -> int:
        if self.held is None:
            return 0
        return self.held.size() if isinstance(self.held, QByteArray) else len(self.held)

    def content(self) -> bytes | str:
        """What to diagnose: the held paste (bytes: decode it off the UI thread) or the box's text."""
        if isinstance(self.held, QByteArray):
            return self.held  # type: ignore[return-value]  (bytes() of it is taken in the worker)
        return self.held if self.held is not None else self.toPlainText()

    def release(self) -> None:
        self.held = None
        self.setReadOnly(False)
        self.clear()
        if self._placeholder:
            self.setPlaceholderText(self._placeholder)


class PastePanel(QGroupBox):
    """The Doctor's "Diagnose pasted output" section: the box, its Diagnose, Open file and Clear buttons, and a
    status line whose room is kept while it is hidden (Clear must not move the buttons under the pointer).
    Its words are the Doctor page's (translation context "DoctorPage")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("DoctorPage", "Diagnose pasted output"), parent)
        font = self.font()
        font.setBold(True)
        self.setFont(font)
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        left = QVBoxLayout()
        head = QHBoxLayout()
        label = plain(QLabel(translate("DoctorPage", "&Text:")))
        head.addWidget(label)
        self.intro = plain(text_label(translate(
            "DoctorPage", "paste an error message, or the output of rocminfo, rocm-smi, amd-smi, PyTorch's "
                          "collect_env, lspci or dmesg — from this machine or another one (or drop a file here)."),
            small=True, muted=True))
        head.addWidget(self.intro, 1)
        left.addLayout(head)
        self.edit = PasteBox()
        mono = mono_font()  # tool output lines up in columns
        mono.setBold(False)  # set, so the group box's bold title is not inherited
        self.edit.setFont(mono)
        self.edit.setPlaceholderText(translate("DoctorPage", "e.g. RuntimeError: HIP error: invalid device function"))
        self.edit.setAccessibleName(translate("DoctorPage", "Text to diagnose"))
        self.edit.setMinimumHeight(self.edit.fontMetrics().lineSpacing() * 4)
        label.setBuddy(self.edit)
        left.addWidget(self.edit, 1)
        row.addLayout(left, 1)
        buttons = QVBoxLayout()
        self.diagnose = plain(QPushButton(translate("DoctorPage", "&Diagnose")))
        self.diagnose.setToolTip(translate("DoctorPage", "Look for known failures in the text (pasting does it by "
                                                         "itself)"))
        self.open = plain(QPushButton(translate("DoctorPage", "&Open file…")))
        self.open.setToolTip(translate("DoctorPage", "Diagnose a saved log or tool output"))
        self.clear = plain(QPushButton(translate("DoctorPage", "Cl&ear")))
        self.clear.setToolTip(translate("DoctorPage", "Empty the box and drop the pasted text's findings"))
        buttons.addSpacing(label.sizeHint().height())
        for b in (self.diagnose, self.open, self.clear):
            b.setAutoDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout.addLayout(row, 1)
        self.status = plain(text_label("", small=True))
        policy = self.status.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.status.setSizePolicy(policy)
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing() * 2)
        self.status.setVisible(False)
        layout.addWidget(self.status)
