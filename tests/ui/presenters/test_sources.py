"""Sources by readable names (issue 18), derived from the knowledge data for every source it holds."""

from __future__ import annotations

import pytest

from rocmdesk.knowledge import all_sources
from rocmdesk.ui.presenters.sources import LONGEST, source_title


@pytest.mark.parametrize(("key", "title"), [
    ("S-PT147761", "pytorch #147761"),
    ("S-LRB-DISC", "legacy-rocm-build #6225"),
    ("S-SR624", "rocm-install-on-linux 6.2.4: system-requirements.rst"),
    ("S-HZ-SYSR", "ROCm: system-radeon.rst"),  # a fork's note is left out
    ("S-TI-MATRIX", "test-infra: generate_binary_build_matrix.py"),
    ("S-GPUOP151", "gpu-operator v1.5.1"),
    ("S-TG10", "rocm.docs.amd.com 10.0.0: transition-guide-TheRock.md"),
    ("amdgpuids", "libdrm data/amdgpu.ids"),
    ("no-such-source", "no-such-source"),
])
def test_titles(key: str, title: str) -> None:
    assert source_title(key) == title


def test_every_source_gets_a_short_name_that_is_not_its_id() -> None:
    for info in all_sources():
        title = source_title(info.key)
        assert title and len(title) <= LONGEST and "\n" not in title, info.key
        assert title != info.key, info.key
