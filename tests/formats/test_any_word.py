"""formats.text.AnyWord: the fast case-insensitive word search gives what ``re.IGNORECASE`` gives, on ASCII lines
(lowered) and on any other (searched as re would, where K, ſ and İ fold onto ASCII letters)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from rocmdesk.formats.text import AnyWord

WORDS = ("amdgpu", "kfd", "AMD-Vi", "DMAR", "out of memory", "OutOfMemory", "/dev/kfd", "HSA_STATUS", "bus", "sk")
FIND = AnyWord(*WORDS)
REFERENCE = re.compile("|".join(re.escape(w) for w in WORDS), re.IGNORECASE)

# letters of the words in both cases, and the non-ASCII letters re folds onto ASCII ones
ALPHABET = st.sampled_from(list("amdgpukfAMDGPUKFvVisIS-_/ :outyOUTY") + ["\u212a", "\u017f", "\u0130", "\u0131", "é"])


@given(st.lists(ALPHABET, max_size=40).map("".join))
def test_the_same_as_re_ignorecase(line: str) -> None:
    assert FIND(line) == (REFERENCE.search(line) is not None)


def test_examples() -> None:
    assert FIND("[drm] AMDGPU: ring gfx timeout") and FIND("amd-vi: event logged") and FIND("CUDA out Of Memory")
    assert FIND("Memory access fault by /DEV/KFD") and not FIND("request 7 served in 0.1s path=/api/v1/items/7")
    assert FIND("ſk") == bool(REFERENCE.search("ſk")) and FIND("\u212afd")  # the Kelvin sign is a k to re
