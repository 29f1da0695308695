"""Telling Chinese output from English in the tests (the fixtures ``zh`` and ``zh_locale`` are in conftest.py)."""

from __future__ import annotations

import re

# CJK ideographs, and the full-width punctuation Chinese text uses (U+3000-U+303F: 、。「」; U+FF00-U+FFEF: ：，（）)
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def has_chinese(text: str | None) -> bool:
    """Whether ``text`` has any Chinese in it: an ideograph or full-width punctuation (``None`` has none)."""
    return bool(text) and CJK.search(text) is not None
