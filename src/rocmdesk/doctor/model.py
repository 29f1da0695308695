"""The Doctor's records: a finding (catalogue id, evidence, fix), one input's reading, the whole diagnosis.

JSON shapes are stable: later versions add keys, never rename them.  A whole diagnosis becomes JSON in
``rocmdesk.doctor.report.to_json`` (privacy-minimal by default); this module imports nothing of the Doctor's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from rocmdesk.setup.plan import Plan

SEVERITIES = ("error", "warning", "info")
FIX_KINDS = ("auto", "print")
MAX_EVIDENCE = 20  # per finding: a 50 MB log must not make a 50 MB report
MAX_EVIDENCE_CHARS = 300


@dataclass
class FixStep:
    id: str  # stable translation key, e.g. "doctor.kfd-permission.fix.1"
    text: str
    command: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "command": self.command}


@dataclass
class Fix:
    kind: str  # "auto": the Setup plan engine can run it (``plan``); "print": the user runs the steps
    steps: list[FixStep] = field(default_factory=list)
    plan: Plan | None = None  # only for kind "auto": run with rocmdesk.setup.runner.run(plan.to_json())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "steps": [s.to_json() for s in self.steps],
                "plan_steps": [s.to_json() for s in self.plan.steps] if self.plan is not None else []}


@dataclass
class Finding:
    id: str
    severity: str
    title: str
    evidence: list[str] = field(default_factory=list)
    fix: Fix = field(default_factory=lambda: Fix("print"))
    source: str | None = None
    origins: list[str] = field(default_factory=list)  # machine, preflight, verify, sanity, or an input's label
    summary: str = ""

    def add_evidence(self, lines: list[str], origin: str | None = None) -> None:
        for line in lines:
            line = " ".join(str(line).split())
            if len(line) > MAX_EVIDENCE_CHARS:
                line = line[:MAX_EVIDENCE_CHARS - 1] + "…"
            if line and line not in self.evidence and len(self.evidence) < MAX_EVIDENCE:
                self.evidence.append(line)
        if origin and origin not in self.origins:
            self.origins.append(origin)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "severity": self.severity, "title": self.title, "summary": self.summary,
                "evidence": list(self.evidence), "fix": self.fix.to_json(), "source": self.source,
                "origins": list(self.origins)}


@dataclass
class InputResult:
    """What one pasted text was and said."""

    label: str
    format: str | None  # a formats registry name, "verify-json", "sanity-json", or None
    error: str | None = None  # why it could not be read at all
    summary: list[str] = field(default_factory=list)
    finding_ids: list[str] = field(default_factory=list)
    truncated: bool = False
    notes: list[str] = field(default_factory=list)  # how a big input was read (doctor.excerpt): said in the report
    # the user and host names the text gives away (rocmdesk.doctor.scrub.Names): its report takes them out of
    # every line it quotes.  Never in the JSON, nor part of equality
    names: Any = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "format": self.format, "error": self.error, "summary": list(self.summary),
                "finding_ids": list(self.finding_ids), "truncated": self.truncated, "notes": list(self.notes)}


@dataclass
class Diagnosis:
    findings: list[Finding] = field(default_factory=list)
    machine: dict[str, Any] | None = None  # privacy-minimal summary; identity only under "identity"
    versions: dict[str, Any] = field(default_factory=dict)
    inputs: list[InputResult] = field(default_factory=list)
    source: str | None = None
    simulated: bool = False
    # builds this diagnosis once more from the same inputs, in the language of the moment (a JSON report is
    # English); None where they were not kept.  Not part of the JSON, nor of equality
    again: Callable[[], Diagnosis] | None = field(default=None, repr=False, compare=False)

    @property
    def worst(self) -> str | None:
        for sev in SEVERITIES:
            if any(f.severity == sev for f in self.findings):
                return sev
        return None

    def ids(self) -> list[str]:
        return [f.id for f in self.findings]

    def finding(self, id: str) -> Finding | None:
        return next((f for f in self.findings if f.id == id), None)
