"""A small, strict reader of Prometheus' text exposition format 0.0.4, written from the format's description
(https://prometheus.io/docs/instrumenting/exposition_formats/) independently of the exporter's writer, so the
tests do not check the writer against itself.  prometheus_client's parser, where installed, is a second opinion."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

_NAME = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:]*")
_LABEL = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
_UNESCAPE_LABEL = {"\\": "\\", '"': '"', "n": "\n"}


@dataclass
class ParsedFamily:
    name: str
    help: str | None = None
    type: str | None = None
    samples: list[tuple[str, dict[str, str], float]] = field(default_factory=list)


def _unescape_help(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in "\\n":
            out.append("\n" if text[i + 1] == "n" else "\\")
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _labels(line: str, i: int) -> tuple[dict[str, str], int]:
    """Labels from ``line[i] == '{'``; returns them and the index after ``}``."""
    labels: dict[str, str] = {}
    i += 1
    while True:
        if line[i] == "}":
            return labels, i + 1
        m = _LABEL.match(line, i)
        if not m:
            raise ValueError(f"bad label name at {i}: {line!r}")
        name = m.group()
        i = m.end()
        if line[i:i + 2] != '="':
            raise ValueError(f"expected =\" at {i}: {line!r}")
        i += 2
        value = []
        while line[i] != '"':
            if line[i] == "\\":
                esc = line[i + 1]
                if esc not in _UNESCAPE_LABEL:
                    raise ValueError(f"bad escape \\{esc} in {line!r}")
                value.append(_UNESCAPE_LABEL[esc])
                i += 2
            else:
                if line[i] == "\n":
                    raise ValueError("a raw line feed in a label value")
                value.append(line[i])
                i += 1
        i += 1
        if name in labels:
            raise ValueError(f"label {name} twice in {line!r}")
        labels[name] = "".join(value)
        if line[i] == ",":
            i += 1
        elif line[i] != "}":
            raise ValueError(f"expected , or }} at {i}: {line!r}")


def _value(text: str) -> float:
    special = {"+Inf": math.inf, "-Inf": -math.inf, "NaN": math.nan}
    if text in special:
        return special[text]
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", text):
        raise ValueError(f"not a value: {text!r}")
    return float(text)


def parse(text: str) -> dict[str, ParsedFamily]:
    """Families by name.  Raises ValueError on anything the format does not allow (a sample before its
    family's TYPE is fine; two TYPE lines for one name, or a family split in two, are not)."""
    if text and not text.endswith("\n"):
        raise ValueError("the text must end with a line feed")
    families: dict[str, ParsedFamily] = {}
    order: list[str] = []
    for line in text.split("\n")[:-1]:
        if line.startswith("#"):
            parts = line.split(" ", 3)
            if len(parts) >= 3 and parts[1] in ("HELP", "TYPE"):
                name = parts[2]
                if not _NAME.fullmatch(name):
                    raise ValueError(f"bad name in {line!r}")
                fam = families.setdefault(name, ParsedFamily(name))
                if fam.samples:
                    raise ValueError(f"{parts[1]} after samples of {name}")
                rest = parts[3] if len(parts) > 3 else ""
                if parts[1] == "HELP":
                    if fam.help is not None:
                        raise ValueError(f"two HELP lines for {name}")
                    fam.help = _unescape_help(rest)
                else:
                    if fam.type is not None or rest not in ("counter", "gauge", "histogram", "summary", "untyped"):
                        raise ValueError(f"bad TYPE line {line!r}")
                    fam.type = rest
                if not order or order[-1] != name:
                    order.append(name)
            continue
        if not line.strip():
            continue
        m = _NAME.match(line)
        if not m:
            raise ValueError(f"bad sample line {line!r}")
        name, i = m.group(), m.end()
        labels: dict[str, str] = {}
        if i < len(line) and line[i] == "{":
            labels, i = _labels(line, i)
        if line[i:i + 1] != " ":
            raise ValueError(f"expected a space before the value: {line!r}")
        fields = line[i + 1:].split(" ")
        if not 1 <= len(fields) <= 2:
            raise ValueError(f"bad value part: {line!r}")
        fam = families.setdefault(name, ParsedFamily(name))
        if not order or order[-1] != name:
            order.append(name)
        fam.samples.append((name, labels, _value(fields[0])))
    if len(order) != len(set(order)):
        raise ValueError(f"a family is split: {order}")
    return families


def values(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """(name, sorted label pairs) -> value, for every sample of ``text``."""
    return {(n, tuple(sorted(labels.items()))): v
            for fam in parse(text).values() for n, labels, v in fam.samples}
