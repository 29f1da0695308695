"""The Doctor: every check over a machine and/or pasted texts, merged into one ``Diagnosis``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from rocmdesk.doctor.catalogue import order
from rocmdesk.doctor.model import SEVERITIES, Diagnosis, Finding, InputResult
from rocmdesk.i18n import current_language, translate
from rocmdesk.machine.model import MachineReport


def _merge(into: list[Finding], new: list[Finding]) -> None:
    for f in new:
        old = next((x for x in into if x.id == f.id), None)
        if old is None:
            into.append(f)
            continue
        old.add_evidence(f.evidence)
        old.origins += [o for o in f.origins if o not in old.origins]
        if SEVERITIES.index(f.severity) < SEVERITIES.index(old.severity):
            old.severity = f.severity
        if f.fix.kind == "auto" and old.fix.kind != "auto":
            old.fix = f.fix


KERNEL_LOG_COMMANDS = (("journalctl", "-k", "-b", "-q", "--no-pager", "-n", "20000"), ("dmesg",))


def read_kernel_log(host: Any) -> str | None:
    """This boot's kernel log through the Host seam (journalctl, else dmesg), or None when neither can be read
    (a captured tree, dmesg_restrict without the right group)."""
    for argv in KERNEL_LOG_COMMANDS:
        res = host.run(list(argv), timeout=15)
        if res.ok and res.stdout.strip():
            return res.stdout
    return None


def _kernel_log_findings(text: str) -> list[Finding]:
    """Driver trouble in the machine's own kernel log (only the kernel-log recognizer's events count: the
    whole log is not a paste, so no other format or pattern is read into it)."""
    from rocmdesk.doctor.plain_text import from_signals
    from rocmdesk.formats import FormatError, parse

    try:
        parsed = parse(text, "kernel-log")
    except FormatError:
        return []
    unsupported = any(e.kind == "kfd-unsupported" for e in parsed.events)
    sig = [(f"kernel-log:{e.kind}", e.message) for e in parsed.events
           if not (e.kind == "probe-failed" and unsupported and "kgd2kfd" in e.message)]
    return from_signals(sig, "kernel log")


def diagnose(report: MachineReport | None = None, *, texts: Sequence[tuple[str, bytes | str]] = (),
             verify: Sequence[Any] = (), sanity: Sequence[Any] = (), include_preflight: bool = True,
             kernel_log: str | None = None) -> Diagnosis:
    """Findings for a machine report (None: texts only), pasted texts (label, data), verify and sanity results,
    and the machine's own kernel log.

    The report gets its advice here (``rocmdesk.advice.attach``, in the machine's own context and the language
    of the moment): the GPU findings render it, and the JSON's machine carries it."""
    from rocmdesk.advice import attach
    from rocmdesk.doctor import fixes, result_checks
    from rocmdesk.doctor.machine_checks import diagnose_machine
    from rocmdesk.doctor.report import machine_summary, versions
    from rocmdesk.doctor.scrub import given_away
    from rocmdesk.doctor.plain_text import drop_shadowed
    from rocmdesk.doctor.text_checks import diagnose_text

    found: list[Finding] = []
    inputs: list[InputResult] = []
    if report is not None:
        attach(report)  # once per diagnosis: a report changed since (another override, a GPU more) is advised anew
        mf = diagnose_machine(report)
        if not include_preflight:
            mf = [f for f in mf if "preflight" not in f.origins]
        _merge(found, mf)
    if kernel_log:
        _merge(found, _kernel_log_findings(kernel_log))
    for v in verify:
        _merge(found, result_checks.from_verify(v))
    for s in sanity:
        _merge(found, result_checks.from_sanity(s))
    for label, data in texts:
        info, tf = diagnose_text(data, label)
        info.names = given_away(getattr(data, "data", data))  # for the report's scrubber (issue 16); an Excerpt's text
        inputs.append(info)
        _merge(found, tf)
    drop_shadowed(found)
    if report is not None:
        fixes.attach(found, report)
    found.sort(key=lambda f: (SEVERITIES.index(f.severity), order(f.id)))
    return Diagnosis(findings=found, machine=machine_summary(report) if report is not None else None,
                     versions=versions(report, inputs), inputs=inputs,
                     source=report.source if report is not None else None,
                     simulated=bool(report.simulated) if report is not None else False)


def prepare() -> None:
    """Load what diagnosing a text needs (the checks' modules, every format reader, the catalogue and its signal
    map) ahead of the text: ``doctor --from`` calls it while grep searches a big file, so the two overlap."""
    import unicodedata  # noqa: F401 (the text checks' first use)

    import rocmdesk.advice  # noqa: F401
    import rocmdesk.doctor.excerpt  # noqa: F401
    import rocmdesk.doctor.report  # noqa: F401
    import rocmdesk.doctor.fixes  # noqa: F401
    import rocmdesk.doctor.machine_checks  # noqa: F401
    import rocmdesk.doctor.result_checks  # noqa: F401
    import rocmdesk.doctor.scrub  # noqa: F401
    import rocmdesk.doctor.text_checks  # noqa: F401
    import rocmdesk.inspect  # noqa: F401
    from rocmdesk.doctor.catalogue import catalogue, signal_map
    from rocmdesk.formats import load_built_in

    load_built_in()
    catalogue()
    signal_map()


class Cancelled(Exception):
    """``diagnose_host`` was cancelled between two of its steps."""


def _frozen(value: Any) -> Any:
    """``value`` as a dictionary key: lists become tuples (a command's argv)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


class Recorded:
    """A Host that keeps what it answered (file reads, listings, stats, command results): reading the machine
    through it a second time (detecting it again in another language, for a report in English) asks the
    machine nothing, so no command runs again and the answers are the same ones.  A question the first reading
    did not ask goes to the machine."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self._answers: dict[tuple[Any, ...], Any] = {}

    def __getattr__(self, name: str) -> Any:  # only for what is not the recorder's own
        if name in ("host", "_answers"):  # not set yet (a copy being made)
            raise AttributeError(name)
        value = getattr(self.host, name)
        if name.startswith("_") or not callable(value):
            return value  # root, live, simulated, label, env: plain data

        def answer(*args: Any, **kwargs: Any) -> Any:
            try:
                key = (name, _frozen(args), _frozen(tuple(sorted(kwargs.items()))))
                hash(key)
            except TypeError:  # an argument that cannot be a key: asked each time
                return value(*args, **kwargs)
            if key in self._answers:
                got = self._answers[key]
            else:
                got = self._answers[key] = value(*args, **kwargs)
            return list(got) if isinstance(got, list) else dict(got) if isinstance(got, dict) else got

        return answer


@dataclass
class Reading:
    """What :func:`read_host` got from a machine: its report and kernel log, and each venv's PyTorch probe.
    :meth:`diagnose` builds the diagnosis from it in the language of the moment; in another language than the
    reading's (a JSON report is English) the report is detected again through the recorded host and the probes
    are judged again: nothing is read from the machine and nothing runs.

    What stays in the reading's language: a command's own error (a timeout's message) and a probe's error, as
    they were said the first time, the verdict on a folder that has become a venv since, and the verify and
    sanity results a caller passes in, as they are."""

    host: Recorded
    report: MachineReport
    kernel_log: str | None = None
    # (venv, its ProbeRun or None where it is not a venv, the VerifyResult in the reading's language)
    venvs: list[tuple[Any, Any, Any]] = field(default_factory=list)
    language: str = field(default_factory=current_language)

    def diagnose(self, *, texts: Sequence[tuple[str, bytes | str]] = (), verify: Sequence[Any] = (),
                 sanity: Sequence[Any] = (), include_preflight: bool = True) -> Diagnosis:
        from rocmdesk.machine.detect import detect
        from rocmdesk.torchenv.venv import is_venv
        from rocmdesk.torchenv.verify import judge, verify_venv

        if current_language() == self.language:
            report, verified = self.report, [result for _, _, result in self.venvs]
        else:
            report = detect(self.host)
            # a venv that is one by now keeps its first verdict: its probe would run
            verified = [judge(probe, report) if probe is not None else
                        verify_venv(venv, report) if not is_venv(venv) else result
                        for venv, probe, result in self.venvs]
        return diagnose(report, texts=texts, verify=list(verify) + verified, sanity=sanity,
                        include_preflight=include_preflight, kernel_log=self.kernel_log)


def read_host(host: Any, *, venvs: Sequence[Any] = (), on_progress: Callable[[int, int, str], None] | None = None,
              cancel: Any = None, steps_after: int = 0) -> Reading:
    """Detect the machine behind ``host`` (through a :class:`Recorded` host), read its kernel log and run the
    PyTorch probe of each venv in ``venvs`` (its python, for up to a minute).  Reads the machine and runs
    processes: call it off the GUI thread.  ``on_progress`` and ``cancel`` as for :func:`diagnose_host`;
    ``steps_after`` counts the caller's steps still to come in the progress total."""
    from rocmdesk.machine.detect import detect
    from rocmdesk.torchenv.venv import is_venv, venv_python
    from rocmdesk.torchenv.verify import judge, run_probe, verify_venv

    total = 2 + len(venvs) + steps_after
    done = 0

    def step(what: str) -> None:
        nonlocal done
        if cancel is not None and cancel.cancelled:
            raise Cancelled(what)
        if on_progress is not None:
            on_progress(done, total, what)
        done += 1

    recorded = host if isinstance(host, Recorded) else Recorded(host)
    step(translate("rocmdesk.doctor.diagnose", "reading the machine (GPUs, driver, groups, /dev/kfd)"))
    reading = Reading(recorded, detect(recorded))
    step(translate("rocmdesk.doctor.diagnose", "reading the kernel log"))
    reading.kernel_log = read_kernel_log(recorded)
    for v in venvs:
        step(translate("rocmdesk.doctor.diagnose", "verifying the PyTorch in {venv}").format(venv=v))
        if is_venv(v):  # verify_venv, its probe kept to judge it again
            probe = run_probe(venv_python(v), cancel=cancel) if cancel is not None else run_probe(venv_python(v))
            reading.venvs.append((v, probe, judge(probe, reading.report)))
        else:  # verify's broken-venv verdict, nothing to run
            reading.venvs.append((v, None, verify_venv(v, reading.report)))
    return reading


def diagnose_host(host: Any, *, texts: Sequence[tuple[str, bytes | str]] = (), verify: Sequence[Any] = (),
                  sanity: Sequence[Any] = (), venvs: Sequence[Any] = (),
                  on_progress: Callable[[int, int, str], None] | None = None, cancel: Any = None) -> Diagnosis:
    """Detect the machine behind ``host`` and diagnose it; each venv in ``venvs`` is verified first (runs its
    python for up to a minute).  Reads the machine and runs processes: call it off the GUI thread.

    ``on_progress(done, total, what)`` is called before each step; ``cancel`` (a ``machine.process.Cancel``)
    is looked at between steps and raises :class:`Cancelled` (a running venv probe is stopped by it too).

    The diagnosis's ``again`` builds it once more from the same reading, in the language of the moment (the
    Doctor page's JSON report is English), without asking the machine anything."""
    reading = read_host(host, venvs=venvs, on_progress=on_progress, cancel=cancel, steps_after=1)
    total = 3 + len(venvs)
    what = translate("rocmdesk.doctor.diagnose", "comparing with the catalogue of known failures")
    if cancel is not None and cancel.cancelled:
        raise Cancelled(what)
    if on_progress is not None:
        on_progress(total - 1, total, what)
    texts, verify, sanity = list(texts), list(verify), list(sanity)

    def again() -> Diagnosis:
        return reading.diagnose(texts=texts, verify=verify, sanity=sanity)

    d = again()
    d.again = again
    if on_progress is not None:
        on_progress(total, total, translate("rocmdesk.doctor.diagnose", "done"))
    return d


def verify_venvs(venvs: Sequence[Any], report: MachineReport) -> list[Any]:
    """torchenv's verify of each venv (a VerifyResult each; a missing venv is a broken-venv verdict)."""
    from rocmdesk.torchenv.verify import verify_venv

    return [verify_venv(v, report) for v in venvs]
