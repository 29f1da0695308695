#!/usr/bin/env python3
"""Print the share of real pastes rocmdesk reads right, by the manifest tests/data/realworld/expected.toml.

A paste is read right when every fact its entry states holds (format, GPU count, gfx, names, device ids, APU flags,
Doctor findings): the same check as tests/conformance/test_realworld_pastes.py. Pastes are counted apart as old (kept
before issue 17's batch: ``old = true``, or a "realdata/..." key for ../shared/realdata) and new. The
entries marked known_wrong are listed with their reasons; one that is now read right is flagged so the mark goes.

Usage: python scripts/realworld_score.py [-v]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "src")]

from tests.conformance.test_realworld_pastes import (  # noqa: E402  (the path above first)
    SHARED_PREFIX, load_manifest, paste_path, problems, read)


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    manifest = load_manifest()
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    surprises: list[str] = []  # read wrong without a known_wrong mark, or marked but now read right
    wrong_reasons: list[tuple[str, str]] = []
    for key, exp in sorted(manifest.items()):
        if key.startswith(SHARED_PREFIX):
            group = "old: ../shared/realdata samples"
        else:
            group = "old: tests/data/realworld" if exp.get("old") else "new: tests/data/realworld"
        path = paste_path(key)
        if not path.is_file():
            print(f"skipped (absent): {key}")
            continue
        found = problems(exp, read(path))
        total[group] += 1
        if not found:
            right[group] += 1
        if found and "known_wrong" not in exp:
            surprises.append(f"READ WRONG, not marked: {key}: " + "; ".join(found))
        elif not found and "known_wrong" in exp:
            surprises.append(f"now read right, drop known_wrong: {key}")
        if "known_wrong" in exp:
            wrong_reasons.append((key, exp["known_wrong"]))
        if verbose and found:
            print(f"{key}:\n    " + "\n    ".join(found))
    for group in sorted(total):
        print(f"{group}: {right[group]}/{total[group]} read right ({100 * right[group] / total[group]:.0f}%)")
    n, ok = sum(total.values()), sum(right.values())
    if n:
        print(f"all: {ok}/{n} read right ({100 * ok / n:.0f}%)")
    if wrong_reasons:
        print(f"\nknown_wrong ({len(wrong_reasons)}):")
        for key, reason in wrong_reasons:
            print(f"  {key}\n      {reason}")
    for line in surprises:
        print(line)
    return 1 if surprises else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
