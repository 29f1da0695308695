"""Labels made by ``text_label``: copyable by mouse, and unchanged in size and look when they become selectable."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QEnterEvent, QImage
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from rocmdesk.ui.widgets.text import make_selectable, text_label

SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse

TEXTS = [
    "gfx1030",
    "Radeon RX 6600 XT <Navi 23> & \"quotes\" $(rm -rf ~)",
    "HSA_OVERRIDE_GFX_VERSION=10.3.0 is set in the environment rocmdesk sees; under it the runtime reports a "
    "different gfx target than the card has, and PyTorch's wheels are built for the target it reports.",
    "显卡 0 的 ROCm 支持：在 AMD 的支持列表上（ROCm 6.4），推荐安装 torch==2.13.0+rocm6.4 的官方轮子。",
    "/home/user/my projects/环境/.venv/bin/python\nsecond line",
]


def _ink_lines(image) -> list[tuple[int, int, int, int]]:
    """Each band of rows holding ink: (top, bottom, left, right) -- where the lines of text fall."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    bits, stride, width = bytes(grey.constBits()), grey.bytesPerLine(), grey.width()
    rows = (bits[y * stride:y * stride + width] for y in range(grey.height()))
    ink = [[x for x, v in enumerate(row) if v < 128] if min(row, default=255) < 128 else [] for row in rows]
    bands: list[tuple[int, int, int, int]] = []
    for y, xs in enumerate(ink):
        if not xs:
            continue
        if bands and bands[-1][1] == y - 1:
            top, _, left, right = bands[-1]
            bands[-1] = (top, y, min(left, xs[0]), max(right, xs[-1]))
        else:
            bands.append((y, y, xs[0], xs[-1]))
    return bands


def _same_lines(a, b) -> bool:
    """The same lines of text in the same places; glyphs may sit a sub-pixel apart (the two layout paths position
    scaled bold CJK glyphs differently by a fraction of a pixel)."""
    la, lb = _ink_lines(a), _ink_lines(b)
    return a.size() == b.size() and len(la) == len(lb) and all(
        abs(p - q) <= 1 for x, y in zip(la, lb) for p, q in zip(x, y))


def _enter(label) -> None:
    QApplication.sendEvent(label, QEnterEvent(QPointF(2, 2), QPointF(2, 2), QPointF(2, 2)))


def test_a_label_becomes_selectable_when_the_pointer_first_comes_over_it(qtbot):
    label = text_label("gfx1100")
    qtbot.addWidget(label)
    assert not label.textInteractionFlags() & SELECTABLE  # no text document until it is wanted
    _enter(label)
    assert label.textInteractionFlags() & SELECTABLE
    _enter(label)  # again: nothing changes
    assert label.textInteractionFlags() & SELECTABLE
    assert not label.textInteractionFlags() & Qt.TextInteractionFlag.TextEditable


@pytest.mark.parametrize("options", [{}, {"small": True, "muted": True}, {"bold": True, "scale": 1.2}])
def test_becoming_selectable_changes_neither_size_nor_look(qtbot, options):
    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    labels = [text_label(text, **options) for text in TEXTS]
    for label in labels:
        layout.addWidget(label)
    box.resize(420, 10)
    box.show()
    qtbot.waitExposed(box)
    for width in (120, 260, 420):
        before = [(lb.sizeHint(), lb.minimumSizeHint(), lb.heightForWidth(width)) for lb in labels]
        shots = [lb.grab().toImage() for lb in labels]
        for label in labels:
            make_selectable(label)
        after = [(lb.sizeHint(), lb.minimumSizeHint(), lb.heightForWidth(width)) for lb in labels]
        assert after == before, width
        assert all(_same_lines(lb.grab().toImage(), shot) for lb, shot in zip(labels, shots)), width
        for label in labels:  # back to the unarmed path for the next width
            label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
