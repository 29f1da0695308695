#!/usr/bin/env python3
"""The skips of a pytest run, from its JUnit XML: ``skipped: N`` and each reason with its count, most first.

.ci/run prints this at the end, so a proof that did not run is seen even in a green run (in CI the tests that
need a real component fail instead of skipping: tests/conftest.py ``require``; what is left is by design).
Usage: skip_summary.py JUNIT.xml   (exit 0; a missing or unreadable file is said, not an error of its own)
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import Counter

WIDTH = 200  # characters of a reason shown


def skip_reasons(path: str) -> list[str]:
    """The reason of every skipped test case in the JUnit XML at ``path``."""
    reasons = []
    for case in ET.parse(path).getroot().iter("testcase"):
        for skipped in case.findall("skipped"):
            reason = skipped.get("message") or (skipped.text or "").strip() or "(no reason given)"
            reasons.append(" ".join(reason.split()))
    return reasons


def summary(reasons: list[str]) -> str:
    lines = [f"skipped: {len(reasons)}" + (" (reasons, most frequent first:)" if reasons else "")]
    for reason, n in sorted(Counter(reasons).items(), key=lambda kv: (-kv[1], kv[0])):
        short = reason if len(reason) <= WIDTH else reason[:WIDTH - 1] + "…"
        lines.append(f"  {n:4d} × {short}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        reasons = skip_reasons(argv[1])
    except (OSError, ET.ParseError) as exc:
        print(f"skipped: unknown (no readable JUnit XML: {exc})")
        return 0
    print(summary(reasons))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
