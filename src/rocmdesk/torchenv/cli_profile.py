"""``rocmdesk profile list|show|create|edit|apply|remove|export``: per-project environment profiles.

Exit codes: 0 ok; 2 bad usage (unknown profile, invalid name or value); 3 a profile file that cannot be
read; 5 ``apply --check``: the hooks are missing or out of date (e.g. after ``python -m venv --upgrade``).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

from rocmdesk.machine.host import Host

EXIT_OK, EXIT_USAGE, EXIT_INPUT, EXIT_STALE = 0, 2, 3, 5


def _env_pair(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    return key, value


def add_parser(subparsers) -> None:
    from rocmdesk.cli import _add_target
    from rocmdesk.torchenv.exports import FORMATS

    p = subparsers.add_parser("profile", help="per-project venv + environment variables, applied to activate scripts",
                              description="Environment profiles: a project folder, a venv and the variables PyTorch "
                                          "needs there (HSA_OVERRIDE_GFX_VERSION, allocator settings, ...).",
                              epilog="Exit codes: 0 ok, 2 bad usage or invalid value, 3 unreadable profile file, "
                                     "5 apply --check found missing or outdated hooks.")
    sub = p.add_subparsers(dest="profile_command", metavar="ACTION", required=True)

    ls = sub.add_parser("list", help="every profile, with its venv and whether its hooks are in place")
    ls.add_argument("--json", action="store_true", help="machine-readable output")

    show = sub.add_parser("show", help="one profile: variables, hooks, warnings")
    show.add_argument("name")
    show.add_argument("--json", action="store_true", help="machine-readable output")

    env_help = "a variable for the profile (repeatable)"
    create = sub.add_parser("create", help="a new profile")
    create.add_argument("name")
    create.add_argument("--project", required=True, metavar="DIR", help="the project's folder")
    create.add_argument("--venv", required=True, metavar="DIR", help="the venv the project uses")
    create.add_argument("--env", action="append", type=_env_pair, default=[], metavar="KEY=VALUE", help=env_help)
    create.add_argument("--preset", action="store_true",
                        help="start from what this machine needs (override, GPU choice, allocator settings)")
    create.add_argument("--torch", metavar="VERSION",
                        help="torch version for --preset (default: read from the venv, else all versions)")
    create.add_argument("--notes", default="", metavar="TEXT")
    create.add_argument("--apply", action="store_true", help="write the activate hooks right away")
    _add_target(create)

    edit = sub.add_parser("edit", help="change a profile (its hooks are rewritten when applied)")
    edit.add_argument("name")
    edit.add_argument("--env", action="append", type=_env_pair, default=[], metavar="KEY=VALUE", help=env_help)
    edit.add_argument("--unset", action="append", default=[], metavar="KEY", help="drop a variable (repeatable)")
    edit.add_argument("--project", metavar="DIR")
    edit.add_argument("--venv", metavar="DIR")
    edit.add_argument("--notes", metavar="TEXT")

    apply = sub.add_parser("apply", help="write the variables into the venv's activate scripts")
    apply.add_argument("name")
    apply.add_argument("--check", action="store_true",
                       help="only report whether the hooks are in place and current (exit 5 if not)")

    remove = sub.add_parser("remove", help="take the hooks out of the activate scripts again")
    remove.add_argument("name")
    remove.add_argument("--delete", action="store_true", help="also delete the profile (kept as NAME.toml.bak)")

    export = sub.add_parser("export", help="write the profile as .envrc (direnv), .env or a Jupyter kernel")
    export.add_argument("name")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("--output", metavar="PATH",
                        help="where to write (- for standard output; for jupyter: the kernel's folder); default: "
                             "PROJECT/.envrc, PROJECT/.env, or Jupyter's user kernels folder")
    export.add_argument("--force", action="store_true", help="replace a file that rocmdesk did not write")


# -- output helpers ----------------------------------------------------------------------------------------
def _err(msg: str) -> None:
    print(f"rocmdesk: {msg}", file=sys.stderr)


def _warn(msg: str) -> None:
    print(f"rocmdesk: warning: {msg}", file=sys.stderr)


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def _store():
    from rocmdesk.torchenv.profile_store import ProfileStore

    return ProfileStore()


def _hook_summary(profile) -> tuple[str, list]:
    """(one word for a listing, the per-script states)."""
    from rocmdesk.torchenv.hooks import hook_status, needs_apply

    if not Path(profile.venv, "bin").is_dir():
        return ("no venv" if profile.hooks else "-"), []
    states = hook_status(profile.venv, profile.name, profile.env)
    if not profile.hooks:
        applied = any(s.state in ("current", "stale") for s in states)
        return ("applied" if applied else "-"), states
    return ("missing" if needs_apply(states) else "applied"), states


def _validate(env: dict[str, str], machine=None) -> bool:
    """Print errors and warnings; True when there is no error."""
    from rocmdesk.torchenv.envvars_check import check_env, errors, warnings

    findings = check_env(env, machine)
    for f in errors(findings):
        _err(f"invalid {f}")
    for f in warnings(findings):
        _warn(str(f))
    return not errors(findings)


def _print_hook_results(results) -> None:
    for r in results:
        line = f"  {r.path}: {r.action}"
        if r.note:
            line += f" ({r.note})"
        print(line)


# -- commands --------------------------------------------------------------------------------------------
def _cmd_list(args) -> int:
    store = _store()
    profiles, bad = store.scan()
    rows = []
    for prof in profiles:
        summary, states = _hook_summary(prof)
        rows.append((prof, summary, states))
    if args.json:
        _print_json({
            "profiles": [{**p.to_json(), "hooks_state": s, "scripts": {st.shell: st.state for st in sts}}
                         for p, s, sts in rows],
            "errors": [{"path": str(e.path), "message": str(e)} for e in bad],
        })
    else:
        if not rows and not bad:
            print(f"no profiles yet (they live in {store.dir}); create one with "
                  "`rocmdesk profile create NAME --project DIR --venv DIR --preset`")
        for prof, summary, _ in rows:
            nvars = len(prof.env)
            print(f"{prof.name}\tproject {prof.project_dir}\tvenv {prof.venv}\t{nvars} variable"
                  f"{'s' if nvars != 1 else ''}\thooks {summary}")
        for prof, summary, _ in rows:
            if summary == "missing":
                _warn(f"profile {prof.name}: the activate hooks are gone (was the venv upgraded or recreated?); "
                      f"run `rocmdesk profile apply {prof.name}`")
    for e in bad:
        _err(str(e))
    return EXIT_INPUT if bad else EXIT_OK


def _cmd_show(args) -> int:
    from rocmdesk.torchenv.envvars_check import check_env
    from rocmdesk.torchenv.presets import torch_version_in
    from rocmdesk.torchenv.profiles import path_warnings

    prof = _store().load(args.name)
    summary, states = _hook_summary(prof)
    findings = check_env(prof.env)
    torch = torch_version_in(prof.venv)
    if args.json:
        _print_json({**prof.to_json(), "path": str(_store().path_for(prof.name)), "hooks_state": summary,
                     "scripts": {s.shell: {"path": str(s.path), "state": s.state} for s in states},
                     "torch": torch, "venv_exists": Path(prof.venv, "bin").is_dir(),
                     "findings": [{"level": f.level, "key": f.key, "message": f.message} for f in findings]})
        return EXIT_OK
    print(f"profile {prof.name}")
    print(f"  project  {prof.project_dir}")
    print(f"  venv     {prof.venv}" + ("" if Path(prof.venv, "bin").is_dir() else "  (does not exist yet)"))
    print(f"  torch    {torch or 'not installed in the venv'}")
    if prof.notes:
        print(f"  notes    {prof.notes}")
    print("  variables" + ("" if prof.env else "  (none)"))
    for k, v in sorted(prof.env.items()):
        print(f"    {k}={v}")
    print(f"  hooks    {summary}")
    for s in states:
        print(f"    {s.shell:4} {s.state:8} {s.path}" + (f" (profile {s.other})" if s.other else ""))
    for f in findings:
        (_err if f.level == "error" else _warn)(str(f))
    for w in path_warnings(prof.venv):
        _warn(w)
    if summary == "missing":
        _warn(f"the activate hooks are gone or outdated; run `rocmdesk profile apply {prof.name}`")
    return EXIT_OK


def _cmd_create(args, host: Host) -> int:
    from rocmdesk.torchenv.presets import suggest, torch_version_in
    from rocmdesk.torchenv.profile_store import ProfileExists
    from rocmdesk.torchenv.profiles import (
        Profile,
        absolute_dir,
        check_name,
        path_warnings,
    )

    check_name(args.name)
    store = _store()
    if store.exists(args.name):
        raise ProfileExists(f"a profile called {args.name!r} exists already; change it with "
                            f"`rocmdesk profile edit {args.name}`")
    project, venv = absolute_dir(args.project), absolute_dir(args.venv)
    env: dict[str, str] = {}
    machine = None
    if args.preset:
        from rocmdesk.machine.detect import detect

        machine = detect(host)
        torch = args.torch or torch_version_in(venv)
        suggestions = suggest(machine, torch)
        if not suggestions:
            print("preset: nothing to set on this machine (no AMD GPU found)")
        for s in suggestions:
            env[s.key] = s.value
            print(f"preset: {s.key}={s.value}  ({s.why}; source: {s.source})")
    env.update(dict(args.env))  # explicit values win over the preset
    if not _validate(env, machine):
        return EXIT_USAGE
    if not Path(project).is_dir():
        _warn(f"the project folder {project} does not exist (yet)")
    if not Path(venv, "bin").is_dir():
        _warn(f"{venv} is not a venv yet; create it with `rocmdesk torch install --venv {venv}`")
    for w in path_warnings(venv):
        _warn(w)
    prof = Profile(name=args.name, project_dir=project, venv=venv, env=env, notes=args.notes)
    store.create(prof)
    print(f"created profile {prof.name} ({store.path_for(prof.name)})")
    if args.apply:
        return _apply(prof)
    return EXIT_OK


def _apply(prof) -> int:
    from rocmdesk.torchenv.hooks import apply_hooks

    if not _validate(prof.env):
        return EXIT_USAGE
    results = apply_hooks(prof.venv, prof.name, prof.env)
    if not prof.hooks:
        _store().update(prof.name, lambda p: p.with_changes(hooks=True))
    print(f"profile {prof.name} applied to {prof.venv}:")
    _print_hook_results(results)
    # quoted: the line is meant to be copied into a shell, and the path may hold spaces or $(...)
    print(f"activate with: source {shlex.quote(os.path.join(prof.venv, 'bin', 'activate'))}  (fish: activate.fish, "
          "csh: activate.csh); deactivate puts the previous values back")
    return EXIT_OK


def _cmd_edit(args) -> int:
    from rocmdesk.torchenv.hooks import apply_hooks, remove_hooks
    from rocmdesk.torchenv.profiles import absolute_dir

    store = _store()
    current = store.load(args.name)
    env = dict(current.env)
    for key in args.unset:
        if key not in env:
            _warn(f"{key} is not set in profile {args.name}")
        env.pop(key, None)
    env.update(dict(args.env))
    if not _validate(env):
        return EXIT_USAGE
    changes: dict[str, Any] = {"env": env}
    if args.project is not None:
        changes["project_dir"] = absolute_dir(args.project)
    if args.venv is not None:
        changes["venv"] = absolute_dir(args.venv)
    if args.notes is not None:
        changes["notes"] = args.notes
    new = store.update(args.name, lambda p: p.with_changes(**changes))
    print(f"updated profile {new.name}")
    if new.hooks:
        if new.venv != current.venv and Path(current.venv, "bin").is_dir():
            remove_hooks(current.venv, current.name)
            print(f"  hooks taken out of {current.venv}")
        if Path(new.venv, "bin").is_dir():
            _print_hook_results(apply_hooks(new.venv, new.name, new.env))
        else:
            _warn(f"{new.venv} is not a venv: its hooks will be written by `rocmdesk profile apply {new.name}`")
    return EXIT_OK


def _cmd_apply(args) -> int:
    from rocmdesk.torchenv.hooks import hook_status, needs_apply

    prof = _store().load(args.name)
    if not Path(prof.venv, "bin").is_dir():
        _err(f"{prof.venv} is not a venv (no bin/ folder); create it first, e.g. "
             f"`rocmdesk torch install --venv {prof.venv}`")
        return EXIT_USAGE
    if args.check:
        states = hook_status(prof.venv, prof.name, prof.env)
        for s in states:
            print(f"{s.shell}\t{s.state}\t{s.path}" + (f"\t(profile {s.other})" if s.other else ""))
        if needs_apply(states):
            _warn(f"hooks are missing or outdated; run `rocmdesk profile apply {prof.name}`")
            return EXIT_STALE
        return EXIT_OK
    return _apply(prof)


def _cmd_remove(args) -> int:
    from rocmdesk.torchenv.hooks import remove_hooks

    store = _store()
    prof = store.load(args.name)
    if Path(prof.venv, "bin").is_dir():
        results = remove_hooks(prof.venv, prof.name)
        print(f"hooks of profile {prof.name} taken out of {prof.venv}:")
        _print_hook_results(results)
    else:
        print(f"{prof.venv} does not exist: no hooks to take out")
    if args.delete:
        where = store.delete(prof.name)
        print(f"deleted profile {prof.name} (the last version is kept in {where})")
    elif prof.hooks:
        store.update(prof.name, lambda p: p.with_changes(hooks=False))
    return EXIT_OK


def _cmd_export(args) -> int:
    from rocmdesk.torchenv.exports import write_export

    prof = _store().load(args.name)
    result = write_export(prof, args.format, args.output, force=args.force)
    for w in result.warnings:
        _warn(w)
    if result.path is None:
        sys.stdout.write(result.text)
        return EXIT_OK
    print(f"wrote {result.path}")
    if args.format == "envrc":
        print(f"now run: direnv allow {result.path.parent}")
    elif args.format == "jupyter":
        print(f"Jupyter lists it as \"{json.loads(result.text)['display_name']}\"")
    return EXIT_OK


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.profile_store import ProfileFileError
    from rocmdesk.torchenv.profiles import ProfileError

    handlers = {
        "list": lambda: _cmd_list(args),
        "show": lambda: _cmd_show(args),
        "create": lambda: _cmd_create(args, host),
        "edit": lambda: _cmd_edit(args),
        "apply": lambda: _cmd_apply(args),
        "remove": lambda: _cmd_remove(args),
        "export": lambda: _cmd_export(args),
    }
    try:
        return handlers[args.profile_command]()
    except ProfileFileError as exc:
        _err(str(exc))
        return EXIT_INPUT
    except ProfileError as exc:
        _err(str(exc))
        return EXIT_USAGE
    except OSError as exc:  # an activate script or export target we may not write
        where = f"{exc.filename}: " if exc.filename else ""
        _err(f"{where}{exc.strerror or exc}")
        return EXIT_INPUT
