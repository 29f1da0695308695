"""``rocmdesk torch recommend|install|verify``: the right wheels, installed into a venv, verified from inside it.

Exit codes beyond the shared ones (``rocmdesk.cli``): 5 — the install failed or was refused, or verify's verdict
is not ``ok``.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import sys
from typing import Any, TextIO

from rocmdesk.cli.common import (EXIT_NO_GPU, EXIT_OK, EXIT_USAGE, InputError, add_target, detected, print_json,
                                 read_input)
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.report_text import display_width, note_lines, other_ways, pad, simulated_banner

EXIT_FAILED = 5  # the install failed or was refused, or verify's verdict is not ok
GB = 1e9


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "torch",
        help=translate("rocmdesk.torchenv.cli_torch",
                       "PyTorch wheels for this machine: recommend, install into a venv, verify from inside it"),
        description=translate("rocmdesk.torchenv.cli_torch", "The right PyTorch wheels for this machine's AMD GPU, "
                                                              "installed into a venv and verified there."),
        epilog=translate("rocmdesk.torchenv.cli_torch", "Exit codes: 0 ok, 2 bad usage, 3 unreadable input, "
                                                         "4 no AMD GPU, 5 the install failed or verify's verdict "
                                                         "is not ok."))
    sub = p.add_subparsers(dest="torch_command", metavar="ACTION")

    r = sub.add_parser("recommend", help=translate("rocmdesk.torchenv.cli_torch",
                                                   "the index, exact versions and override this machine needs, "
                                                   "and why"))
    add_target(r)
    r.add_argument("--torch", metavar="VERSION",
                   help=translate("rocmdesk.torchenv.cli_torch",
                                  "a torch version (2.9.1, or 2.9.1+rocm6.3 for one ROCm tag)"))
    r.add_argument("--index", metavar="URL",
                   help=translate("rocmdesk.torchenv.cli_torch", "a mirror of the wheel index to use instead"))
    r.add_argument("--json", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_torch", "machine-readable output"))

    i = sub.add_parser("install", help=translate("rocmdesk.torchenv.cli_torch", "create a venv (if needed) and "
                                                                               "install the recommended wheels "
                                                                               "into it"))
    add_target(i)
    i.add_argument("--venv", required=True, metavar="DIR",
                   help=translate("rocmdesk.torchenv.cli_torch", "the venv (created when it does not exist)"))
    i.add_argument("--index", metavar="URL",
                   help=translate("rocmdesk.torchenv.cli_torch", "a mirror of the wheel index to use instead"))
    i.add_argument("--torch", metavar="VERSION",
                   help=translate("rocmdesk.torchenv.cli_torch",
                                  "a torch version instead of the recommended one (2.9.1, 2.9.1+rocm6.3; "
                                  "a non-ROCm build such as 2.13.0+cpu is installed as given)"))
    i.add_argument("--no-torchvision", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_torch", "install torch only"))
    i.add_argument("--python", metavar="PATH",
                   help=translate("rocmdesk.torchenv.cli_torch",
                                  "the python that creates the venv (default: rocmdesk's)"))
    i.add_argument("--uv", action=argparse.BooleanOptionalAction, default=None,
                   help=translate("rocmdesk.torchenv.cli_torch",
                                  "create the venv with uv (default: when uv is on PATH)"))
    i.add_argument("--min-free", metavar="GB", type=float,
                   help=translate("rocmdesk.torchenv.cli_torch",
                                  "refuse below this much free disk space "
                                  "(default: 10 for ROCm wheels, 2 otherwise; 0: no check)"))
    i.add_argument("--no-verify", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_torch", "do not verify the venv afterwards"))
    i.add_argument("--yes", "-y", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_torch", "do not ask before installing"))
    i.add_argument("--dry-run", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_torch", "print what would run, run nothing"))

    v = sub.add_parser("verify", help=translate("rocmdesk.torchenv.cli_torch",
                                                "run a probe with the venv's python and judge what torch sees"))
    add_target(v)
    g = v.add_mutually_exclusive_group(required=True)
    g.add_argument("--python", metavar="PATH", help=translate("rocmdesk.torchenv.cli_torch", "a python to probe"))
    g.add_argument("--venv", metavar="DIR", help=translate("rocmdesk.torchenv.cli_torch", "a venv to probe"))
    g.add_argument("--profile", metavar="NAME",
                   help=translate("rocmdesk.torchenv.cli_torch",
                                  "a profile: its venv, with its environment variables"))
    g.add_argument("--probe-json", metavar="FILE",
                   help=translate("rocmdesk.torchenv.cli_torch", "judge a saved probe report (from this or another "
                                                                 "machine; - for standard input)"))
    v.add_argument("--timeout", type=float, default=120.0, metavar="S",
                   help=translate("rocmdesk.torchenv.cli_torch", "stop the probe after S seconds (120)"))
    v.add_argument("--json", action="store_true",
                   help=translate("rocmdesk.torchenv.cli_torch", "machine-readable output"))


def run(args: argparse.Namespace, host: Host) -> int:
    command = getattr(args, "torch_command", None)
    if command == "recommend":
        return _recommend(args, host)
    if command == "install":
        return _install(args, host)
    if command == "verify":
        return _verify(args, host)
    print("rocmdesk torch: " + translate("rocmdesk.torchenv.cli_torch", "choose an action: recommend, install or "
                                                                       "verify (see rocmdesk torch --help)"),
          file=sys.stderr)
    return EXIT_USAGE


def _err(text: str) -> None:
    print(f"rocmdesk: {text}", file=sys.stderr)


def _simulated_banner(report, out: TextIO) -> None:
    out.write(simulated_banner(report.source, report.simulated))


def _pip_env(host: Host) -> dict[str, str]:
    # the pip settings that matter are this user's, where pip will run (not a simulated machine's)
    return dict(os.environ)


# -- recommend -------------------------------------------------------------------------------------------

def _status_label(status: str) -> str:
    return {
        "supported": translate("rocmdesk.torchenv.cli_torch", "supported"),
        "override": translate("rocmdesk.torchenv.cli_torch", "works with an override"),
        "risky": translate("rocmdesk.torchenv.cli_torch", "risky"),
        "unsupported": translate("rocmdesk.torchenv.cli_torch", "unsupported"),
        "no-gpu": translate("rocmdesk.torchenv.cli_torch", "no AMD GPU found"),
        "cpu": translate("rocmdesk.torchenv.cli_torch", "a CPU-only build: it does not use the GPU"),
        "cuda": translate("rocmdesk.torchenv.cli_torch", "a CUDA build: it cannot use an AMD GPU"),
    }.get(status, status)


def _topic_label(topic: str) -> str:
    """A key of ``Recommendation.why`` (a code) as the word in front of its sentence."""
    return {
        "gpu": translate("rocmdesk.torchenv.cli_torch", "gpu"),
        "index": translate("rocmdesk.torchenv.cli_torch", "index"),
        "override": translate("rocmdesk.torchenv.cli_torch", "override"),
        "rocm": translate("rocmdesk.torchenv.cli_torch", "rocm"),
        "mirror": translate("rocmdesk.torchenv.cli_torch", "mirror"),
        "driver": translate("rocmdesk.torchenv.cli_torch", "driver"),
    }.get(topic, topic)  # "torch" stays: the package's name


def _labelled(rows: list[tuple[str, str]], indent: str, min_width: int) -> str:
    """``label  value`` lines, the values in one column (in terminal columns: Chinese labels are wide)."""
    width = max([min_width] + [display_width(label) + 2 for label, _ in rows])
    return "".join(f"{indent}{pad(label, width)}{value}\n" for label, value in rows)


def format_recommendation(rec, out: TextIO) -> None:
    label = _status_label(rec.status)
    gpu = f"{rec.gpu_name} ({rec.gfx})" if rec.gpu_name else (
        rec.gfx or translate("rocmdesk.torchenv.cli_torch", "no AMD GPU"))
    rows = [(translate("rocmdesk.torchenv.cli_torch", "GPU"),
             translate("rocmdesk.torchenv.cli_torch", "{gpu}: {status}").format(gpu=gpu, status=label))]
    if rec.torch:
        rows.append(("torch", rec.torch + (f", torchvision {rec.torchvision}" if rec.torchvision else "")))
    else:
        rows.append(("torch", translate("rocmdesk.torchenv.cli_torch", "the newest on the index")))
    rows.append((translate("rocmdesk.torchenv.cli_torch", "index"), rec.index_url))
    rows += [(translate("rocmdesk.torchenv.cli_torch", "env"), f"{k}={v}") for k, v in rec.env.items()]
    a = rec.advice
    if a is not None and a.rocm_cited and rec.status != "no-gpu":
        rows.append((translate("rocmdesk.torchenv.cli_torch", "cited"),
                     translate("rocmdesk.torchenv.cli_torch", "AMD's list for ROCm {version}").format(
                         version=a.rocm_cited)))
    out.write(_labelled(rows, "", 8))
    out.write(f"\n  {rec.pip_command}\n")
    if rec.env:
        command = "rocmdesk profile create NAME --venv DIR " + " ".join(
            f"--env {k}={shlex.quote(v)}" for k, v in rec.env.items())
        out.write("  " + translate("rocmdesk.torchenv.cli_torch", "with: {variables}  (a profile keeps them: "
                                                                  "{command})").format(
            variables=" ".join(f"{k}={shlex.quote(v)}" for k, v in rec.env.items()), command=command) + "\n")
    others = other_ways(rec.gpus)  # each GPU's advice object: the alternatives with their own verdicts
    if others:
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "Other ways") + "\n")
        out.write("".join(f"  {line}\n" for line in others))
    out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "Why") + "\n")
    out.write(_labelled([(_topic_label(topic), sentence) for topic, sentence in rec.why.items()], "  ", 9))
    notes = [n for n in (a.notes if a is not None else []) if n.code != "override-missing"]
    said = {n.message for n in notes}  # recommend() lists them among its warnings too: said once, as notes
    for line in note_lines([n.to_json() for n in notes]):
        out.write("\n" + line + "\n")
    for w in rec.warnings:
        if w in said:
            continue
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "warning: {message}").format(message=w) + "\n")
    if rec.source:
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "(sources: {sources})").format(
            sources=rec.source) + "\n")


def _recommend(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.recommend import RecommendError, advice_for_torch, recommend

    from rocmdesk.torchenv.builds import build_kind, other_build

    report = detected(host)
    try:
        if build_kind(args.torch):  # a CPU or CUDA build on purpose: what the PyTorch page's choice gives
            rec = other_build(report, args.torch, args.index)
        else:
            rec = recommend(report, args.torch, args.index, env=_pip_env(host),
                            advice=advice_for_torch(report, args.torch))
    except RecommendError as exc:
        _err(str(exc))
        return EXIT_USAGE
    if args.json:
        data = rec.to_json()
        data["simulated"] = host.simulated
        print_json(data)
    else:
        _simulated_banner(report, sys.stdout)
        format_recommendation(rec, sys.stdout)
    return EXIT_NO_GPU if rec.status == "no-gpu" else EXIT_OK


# -- install ---------------------------------------------------------------------------------------------

def _phase_word(phase: str) -> str:
    """An install phase (a code, one of install.PHASES) as the word at the start of its line."""
    return {
        "check": translate("rocmdesk.torchenv.cli_torch", "check"),
        "create": translate("rocmdesk.torchenv.cli_torch", "create"),
        "prepare": translate("rocmdesk.torchenv.cli_torch", "prepare"),
        "resolve": translate("rocmdesk.torchenv.cli_torch", "resolve"),
        "download": translate("rocmdesk.torchenv.cli_torch", "download"),
        "install": translate("rocmdesk.torchenv.cli_torch", "install"),
        "done": translate("rocmdesk.torchenv.cli_torch", "done"),
        "failed": translate("rocmdesk.torchenv.cli_torch", "failed"),
        "cancelled": translate("rocmdesk.torchenv.cli_torch", "cancelled"),
    }.get(phase, phase)


class ProgressPrinter:
    """Install events as a redrawn bar on a terminal, as plain lines (downloads every 10 %) elsewhere."""

    def __init__(self, out: TextIO, tty: bool | None = None) -> None:
        self.out = out
        self.tty = out.isatty() if tty is None else tty
        self._bar_shown = False
        self._last_step: dict[str, int] = {}

    def _clear(self) -> None:
        if self._bar_shown:
            self.out.write("\r\033[K")
            self._bar_shown = False

    def __call__(self, ev) -> None:
        from rocmdesk.torchenv.install import format_bytes

        if ev.phase == "download" and ev.package:
            frac = ev.fraction
            if self.tty:
                width = shutil.get_terminal_size((80, 20)).columns
                bar_w = 24
                filled = int(bar_w * (frac or 0))
                pct = f"{frac * 100:3.0f}%" if frac is not None else "  ?%"
                size = f"{format_bytes(ev.bytes)}/{format_bytes(ev.total)}" if ev.total else format_bytes(ev.bytes)
                line = f"[{'#' * filled}{'.' * (bar_w - filled)}] {pct} {size}  {ev.package}"
                self.out.write("\r\033[K" + line[: max(20, width - 1)])
                self._bar_shown = True
                self.out.flush()
                return
            step = int((frac or 0) * 10)
            if ev.package not in self._last_step:
                self._last_step[ev.package] = step
                size = f" ({format_bytes(ev.total)})" if ev.total else ""
                self.out.write(translate("rocmdesk.torchenv.cli_torch", "downloading {package}").format(
                    package=ev.package) + f"{size}\n")
            elif step > self._last_step[ev.package]:
                self._last_step[ev.package] = step
                self.out.write("  " + translate("rocmdesk.torchenv.cli_torch", "{percent}% of {package} ({size})").format(
                    percent=step * 10, package=ev.package, size=format_bytes(ev.bytes)) + "\n")
            self.out.flush()
            return
        self._clear()
        self.out.write(f"{pad(_phase_word(ev.phase), 9)} {ev.message}\n")
        self.out.flush()


def _install(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.install import InstallError, plan_install, run_install
    from rocmdesk.torchenv.process import Cancel
    from rocmdesk.torchenv.recommend import RecommendError, advice_for_torch, recommend

    out = sys.stdout
    report = detected(host)
    _simulated_banner(report, out)
    rec = None
    base, _, local = (args.torch or "").partition("+")
    if args.torch and local and not local.startswith("rocm"):
        # a non-ROCm build on purpose (a CPU venv, a test): pinned exactly, from the given or configured index
        # (`torch recommend --torch 2.13.0+cpu` names PyTorch's CPU index and the torchvision that pairs with it)
        reqs = [f"torch=={args.torch}"]
        index, extras = args.index, []
        out.write(translate("rocmdesk.torchenv.cli_torch", "Installing torch {version} as asked: it is not a ROCm "
                                                           "build and will not use the GPU.").format(
            version=args.torch) + "\n")
    else:
        try:
            rec = recommend(report, args.torch, args.index, env=_pip_env(host),
                            advice=advice_for_torch(report, args.torch))
        except RecommendError as exc:
            _err(str(exc))
            return EXIT_USAGE
        if rec.status == "no-gpu" and not args.torch:
            _err(translate("rocmdesk.torchenv.cli_torch", "no AMD GPU was found here, so there is nothing to pick "
                                                          "wheels for; pass --torch VERSION to install one anyway "
                                                          "(rocmdesk torch recommend shows the newest)"))
            return EXIT_NO_GPU
        reqs = [r for r in rec.requirements if not (args.no_torchvision and r.startswith("torchvision"))]
        index, extras = rec.index_url, rec.extra_index_urls
        format_recommendation(rec, out)
        out.write("\n")
    min_free = None if args.min_free is None else int(args.min_free * GB)
    try:
        plan = plan_install(args.venv, reqs, index_url=index, extra_index_urls=extras, base_python=args.python,
                            use_uv=args.uv, min_free_bytes=min_free)
    except InstallError as exc:
        _err(str(exc))
        return EXIT_USAGE
    if plan.create:
        out.write(translate("rocmdesk.torchenv.cli_torch", "Install into {venv} (a new venv):").format(
            venv=plan.venv) + "\n")
    else:
        out.write(translate("rocmdesk.torchenv.cli_torch", "Install into {venv}:").format(venv=plan.venv) + "\n")
    for c in plan.commands():
        out.write(f"  {c}\n")
    out.write(translate("rocmdesk.torchenv.cli_torch", "disk: {message}").format(message=plan.disk.message()) + "\n")
    out.write(translate("rocmdesk.torchenv.cli_torch", "log: {path}").format(path=plan.log_path) + "\n")
    for w in plan.warnings:
        out.write(translate("rocmdesk.torchenv.cli_torch", "warning: {message}").format(message=w) + "\n")
    if args.dry_run:
        return EXIT_OK
    if not plan.disk.ok and min_free != 0:
        _err(plan.disk.message())
        return EXIT_FAILED
    if not args.yes:
        if not sys.stdin.isatty():
            _err(translate("rocmdesk.torchenv.cli_torch", "not asking without a terminal: pass --yes to install"))
            return EXIT_USAGE
        answer = input(translate("rocmdesk.torchenv.cli_torch", "Proceed? [y/N] ")).strip().lower()
        if answer not in ("y", "yes"):
            out.write(translate("rocmdesk.torchenv.cli_torch", "Nothing was installed.") + "\n")
            return EXIT_OK
    cancel = Cancel()
    try:
        result = run_install(plan, on_event=ProgressPrinter(out), cancel=cancel, check_space=min_free != 0)
    except KeyboardInterrupt:  # the child was stopped by the runner
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "cancelled; the venv may be half-installed: run "
                                                                  "the same command again to finish it") + "\n")
        return 130
    if not result.ok:
        _err(result.error or translate("rocmdesk.torchenv.cli_torch", "the install failed"))
        return EXIT_FAILED
    if rec is not None and rec.env:
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "This GPU needs these variables when you use the "
                                                                  "venv:") + "\n")
        for line in rec.env_lines():
            out.write(f"  {line}\n")
        command = ("rocmdesk profile create NAME --venv " + shlex.quote(plan.venv) + " "
                   + " ".join(f"--env {k}={shlex.quote(v)}" for k, v in rec.env.items()))
        out.write("  " + translate("rocmdesk.torchenv.cli_torch", "({command} keeps them in the venv)").format(
            command=command) + "\n")
    if args.no_verify or not host.live:
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "Verify it: {command}").format(
            command=f"rocmdesk torch verify --venv {shlex.quote(plan.venv)}") + "\n")
        return EXIT_OK
    from rocmdesk.torchenv.verify import verify_venv

    env = dict(os.environ)
    if rec is not None:
        env.update(rec.env)
    verdict = verify_venv(plan.venv, report, env=env)
    out.write("\n")
    format_verdict(verdict, out)
    return EXIT_OK


# -- verify ----------------------------------------------------------------------------------------------

def format_verdict(res, out: TextIO) -> None:
    # the verdict itself is a code (scripts and the docs name it); its title and detail come translated
    out.write(translate("rocmdesk.torchenv.cli_torch", "verdict: {verdict} — {title}").format(
        verdict=res.verdict, title=res.title) + "\n")
    facts = [f"torch {res.torch or '—'}", f"HIP {res.hip or '—'}", f"CUDA {res.cuda or '—'}",
             f"is_available {res.available}",
             translate("rocmdesk.torchenv.cli_torch", "{count} device(s)").format(count=len(res.devices))]
    out.write("  " + " · ".join(facts) + "\n")
    for d in res.devices:
        gfx = d.get("gcnArchName") or d.get("gfx") or "?"
        out.write("  " + translate("rocmdesk.torchenv.cli_torch", "GPU {index}: {name} ({gfx})").format(
            index=d.get("index"), name=d.get("name") or "?", gfx=gfx) + "\n")
    if res.arch_list:
        out.write("  " + translate("rocmdesk.torchenv.cli_torch", "arch list: {arch_list}").format(
            arch_list=" ".join(res.arch_list)) + "\n")
    out.write(f"  python: {res.python}\n\n{res.detail}\n")
    if res.fix:
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "fix: {text}").format(text=res.fix.text) + "\n")
        if res.fix.command:
            out.write(f"  $ {res.fix.command}\n")
    for n in res.notes:
        out.write("\n" + translate("rocmdesk.torchenv.cli_torch", "note: {note}").format(note=n) + "\n")


def _read_probe_json(name: str) -> dict[str, Any]:
    from rocmdesk.formats.limits import LimitError, loads

    _label, raw = read_input(name)  # InputError when unreadable or larger than any report
    try:
        data = loads(raw)
    except LimitError as exc:  # nests deeper than any probe report
        raise InputError(f"{name}: {exc}") from None
    except ValueError as exc:
        raise InputError(translate("rocmdesk.torchenv.cli_torch", "{name}: not JSON ({error})").format(
            name=name, error=exc)) from None
    if not isinstance(data, dict):
        raise InputError(translate("rocmdesk.torchenv.cli_torch", "{name}: not a probe report (a JSON object)").format(
            name=name))
    return data.get("probe", data) if isinstance(data.get("probe"), dict) else data


def _verify(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.verify import judge, verify, verify_profile, verify_venv

    report = detected(host)
    env = dict(os.environ)
    if args.probe_json:
        res = judge(_read_probe_json(args.probe_json), report)
    elif args.profile:
        try:
            from rocmdesk.torchenv.profile_store import load_profile
            from rocmdesk.torchenv.profiles import ProfileError
        except ImportError:
            _err(translate("rocmdesk.torchenv.cli_torch", "--profile is not available yet in this build of "
                                                          "rocmdesk; use --venv DIR"))
            return EXIT_USAGE
        try:
            profile = load_profile(args.profile)
        except ProfileError as exc:
            _err(str(exc))
            return EXIT_USAGE
        res = verify_profile(profile, report, env=env, timeout=args.timeout)  # as `rocmdesk run PROFILE` runs it
    elif args.venv:
        res = verify_venv(args.venv, report, env=env, timeout=args.timeout)
    else:
        res = verify(args.python, report, env=env, timeout=args.timeout)
    if args.json:
        data = res.to_json()
        data["simulated"] = host.simulated
        print_json(data)
    else:
        _simulated_banner(report, sys.stdout)
        format_verdict(res, sys.stdout)
    return EXIT_OK if res.ok else EXIT_FAILED
