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

from rocmdesk.cli.common import EXIT_INPUT, EXIT_OK, EXIT_USAGE, add_target, detected, print_json
from rocmdesk.i18n import translate
from rocmdesk.machine.host import Host
from rocmdesk.report_text import display_width, pad

EXIT_STALE = 5  # apply --check: the hooks are missing or out of date


def _utf8(text: str) -> str:
    """An argument that goes into a profile file: UTF-8 text (argv holds bytes that were not UTF-8 as lone
    surrogates, which no UTF-8 file can hold)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            shown = repr(text.encode("utf-8", "surrogateescape"))  # the bytes as given: b'caf\xe9'
        except UnicodeEncodeError:
            shown = repr(text)
        raise argparse.ArgumentTypeError(translate(
            "rocmdesk.torchenv.cli_profile",
            "{text} is not UTF-8 text (it holds bytes of another encoding); profiles are UTF-8 files").format(
            text=shown)) from None
    return text


def _env_pair(text: str) -> tuple[str, str]:
    _utf8(text)
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(translate("rocmdesk.torchenv.cli_profile", "{text} is not KEY=VALUE").format(
            text=repr(text)))
    return key, value


def add_parser(subparsers) -> None:
    from rocmdesk.torchenv.exports import FORMATS

    p = subparsers.add_parser(
        "profile",
        help=translate("rocmdesk.torchenv.cli_profile",
                       "per-project venv + environment variables, applied to activate scripts"),
        description=translate("rocmdesk.torchenv.cli_profile",
                              "Environment profiles: a project folder, a venv and the variables PyTorch needs there "
                              "(HSA_OVERRIDE_GFX_VERSION, allocator settings, ...)."),
        epilog=translate("rocmdesk.torchenv.cli_profile",
                         "Exit codes: 0 ok, 2 bad usage or invalid value, 3 unreadable profile file, "
                         "5 apply --check found missing or outdated hooks."))
    sub = p.add_subparsers(dest="profile_command", metavar="ACTION", required=True)
    name_help = translate("rocmdesk.torchenv.cli_profile", "the profile's name")
    json_help = translate("rocmdesk.torchenv.cli_profile", "machine-readable output")
    env_help = translate("rocmdesk.torchenv.cli_profile", "a variable for the profile (repeatable)")
    notes_help = translate("rocmdesk.torchenv.cli_profile", "a note for yourself (e.g. which GPU it is for)")

    ls = sub.add_parser("list", help=translate("rocmdesk.torchenv.cli_profile",
                                               "every profile, with its venv and whether its hooks are in place"))
    ls.add_argument("--json", action="store_true", help=json_help)

    show = sub.add_parser("show", help=translate("rocmdesk.torchenv.cli_profile",
                                                 "one profile: variables, hooks, warnings"))
    show.add_argument("name", help=name_help)
    show.add_argument("--json", action="store_true", help=json_help)
    add_target(show)  # the machine the variables are judged for (an override the advice calls wrong, ...)

    create = sub.add_parser("create", help=translate("rocmdesk.torchenv.cli_profile", "a new profile"))
    create.add_argument("name", help=name_help)
    create.add_argument("--project", required=True, metavar="DIR", type=_utf8,
                        help=translate("rocmdesk.torchenv.cli_profile", "the project's folder"))
    create.add_argument("--venv", required=True, metavar="DIR", type=_utf8,
                        help=translate("rocmdesk.torchenv.cli_profile", "the venv the project uses"))
    create.add_argument("--env", action="append", type=_env_pair, default=[], metavar="KEY=VALUE", help=env_help)
    create.add_argument("--preset", action="store_true",
                        help=translate("rocmdesk.torchenv.cli_profile", "start from what this machine needs "
                                                                        "(override, GPU choice, allocator settings)"))
    create.add_argument("--torch", metavar="VERSION",
                        help=translate("rocmdesk.torchenv.cli_profile", "torch version for --preset (default: read "
                                                                        "from the venv, else all versions)"))
    create.add_argument("--notes", default="", metavar="TEXT", type=_utf8, help=notes_help)
    create.add_argument("--apply", action="store_true",
                        help=translate("rocmdesk.torchenv.cli_profile", "write the activate hooks right away"))
    add_target(create)

    edit = sub.add_parser("edit", help=translate("rocmdesk.torchenv.cli_profile",
                                                 "change a profile (its hooks are rewritten when applied)"))
    edit.add_argument("name", help=name_help)
    edit.add_argument("--env", action="append", type=_env_pair, default=[], metavar="KEY=VALUE", help=env_help)
    edit.add_argument("--unset", action="append", default=[], metavar="KEY", type=_utf8,
                      help=translate("rocmdesk.torchenv.cli_profile", "drop a variable (repeatable)"))
    edit.add_argument("--project", metavar="DIR", type=_utf8,
                      help=translate("rocmdesk.torchenv.cli_profile", "a new project folder"))
    edit.add_argument("--venv", metavar="DIR", type=_utf8,
                      help=translate("rocmdesk.torchenv.cli_profile", "another venv (the hooks move with it)"))
    edit.add_argument("--notes", metavar="TEXT", type=_utf8, help=notes_help)

    apply = sub.add_parser("apply", help=translate("rocmdesk.torchenv.cli_profile",
                                                   "write the variables into the venv's activate scripts"))
    apply.add_argument("name", help=name_help)
    apply.add_argument("--check", action="store_true",
                       help=translate("rocmdesk.torchenv.cli_profile", "only report whether the hooks are in place "
                                                                       "and current (exit 5 if not)"))

    remove = sub.add_parser("remove", help=translate("rocmdesk.torchenv.cli_profile",
                                                     "take the hooks out of the activate scripts again"))
    remove.add_argument("name", help=name_help)
    remove.add_argument("--delete", action="store_true",
                        help=translate("rocmdesk.torchenv.cli_profile",
                                       "also delete the profile (kept as NAME.toml.bak)"))

    export = sub.add_parser("export", help=translate("rocmdesk.torchenv.cli_profile", "write the profile as .envrc "
                                                                                      "(direnv), .env or a Jupyter "
                                                                                      "kernel"))
    export.add_argument("name", help=name_help)
    export.add_argument("--format", required=True, choices=FORMATS,
                        help=translate("rocmdesk.torchenv.cli_profile",
                                       "envrc (direnv), dotenv (a .env file) or jupyter (a kernel)"))
    export.add_argument("--output", metavar="PATH",
                        help=translate("rocmdesk.torchenv.cli_profile",
                                       "where to write (- for standard output; for jupyter: the kernel's folder); "
                                       "default: PROJECT/.envrc, PROJECT/.env, or Jupyter's user kernels folder"))
    export.add_argument("--force", action="store_true",
                        help=translate("rocmdesk.torchenv.cli_profile", "replace a file that rocmdesk did not write"))


# -- output helpers ----------------------------------------------------------------------------------------
def _err(msg: str) -> None:
    print(f"rocmdesk: {msg}", file=sys.stderr)


def _warn(msg: str) -> None:
    print("rocmdesk: " + translate("rocmdesk.torchenv.cli_profile", "warning: {message}").format(message=msg),
          file=sys.stderr)


def _hooks_word(summary: str) -> str:
    """``hooks.hook_summary``'s code (also the JSON's ``hooks_state``) as a word for people."""
    return {
        "applied": translate("rocmdesk.torchenv.cli_profile", "applied"),
        "missing": translate("rocmdesk.torchenv.cli_profile", "missing"),
        "no venv": translate("rocmdesk.torchenv.cli_profile", "no venv"),
        "error": translate("rocmdesk.torchenv.cli_profile", "unreadable"),
    }.get(summary, summary)


def _state_word(state: str) -> str:
    """A script's hook state (hooks.HookState.state, a code) as a word for people."""
    return {
        "current": translate("rocmdesk.torchenv.cli_profile", "current"),
        "stale": translate("rocmdesk.torchenv.cli_profile", "stale"),
        "missing": translate("rocmdesk.torchenv.cli_profile", "missing"),
        "other": translate("rocmdesk.torchenv.cli_profile", "other"),
        "absent": translate("rocmdesk.torchenv.cli_profile", "absent"),
    }.get(state, state)


def _action_word(action: str) -> str:
    """What apply/remove did to a script (hooks.HookResult.action, a code) as a word for people."""
    return {
        "written": translate("rocmdesk.torchenv.cli_profile", "written"),
        "unchanged": translate("rocmdesk.torchenv.cli_profile", "unchanged"),
        "removed": translate("rocmdesk.torchenv.cli_profile", "removed"),
        "absent": translate("rocmdesk.torchenv.cli_profile", "absent"),
        "kept": translate("rocmdesk.torchenv.cli_profile", "kept"),
    }.get(action, action)


def _other_profile(other: str | None) -> str:
    return translate("rocmdesk.torchenv.cli_profile", "(profile {name})").format(name=other) if other else ""


def _store():
    from rocmdesk.torchenv.profile_store import ProfileStore

    return ProfileStore()


def _validate(env: dict[str, str], machine=None, torch: str | None = None) -> bool:
    """Print errors and warnings; True when there is no error."""
    from rocmdesk.torchenv.envvars_check import profile_findings

    return _report(profile_findings(env, machine, torch))


def _report(findings) -> bool:
    """Print the errors and warnings among ``findings``; True when there is no error."""
    from rocmdesk.torchenv.envvars_check import errors, warnings

    for f in errors(findings):
        _err(translate("rocmdesk.torchenv.cli_profile", "invalid {finding}").format(finding=f))
    for f in warnings(findings):
        _warn(str(f))
    return not errors(findings)


def _print_hook_results(results) -> None:
    for r in results:
        line = f"  {r.path}: {_action_word(r.action)}"
        if r.note:
            line += f" ({r.note})"
        print(line)


# -- commands --------------------------------------------------------------------------------------------
def _cmd_list(args) -> int:
    from rocmdesk.torchenv.hooks import hook_summary
    from rocmdesk.torchenv.profiles import ProfileError

    store = _store()
    profiles, bad = store.scan()
    rows = []
    trouble: list[tuple[str, str]] = []  # (path, message): a venv whose activate scripts cannot be read
    for prof in profiles:
        try:
            summary, states = hook_summary(prof)
        except (OSError, ValueError, ProfileError) as exc:  # one venv's trouble never hides the other profiles
            error = f"{exc.filename}: {exc.strerror}" if isinstance(exc, OSError) and exc.filename else str(exc)
            trouble.append((prof.venv, translate("rocmdesk.torchenv.cli_profile",
                                                 "profile {name}: cannot read its hooks in {venv}: {error}").format(
                name=prof.name, venv=prof.venv, error=error)))
            summary, states = "error", []
        rows.append((prof, summary, states))
    if args.json:
        print_json({
            "profiles": [{**p.to_json(), "hooks_state": s, "scripts": {st.shell: st.state for st in sts}}
                         for p, s, sts in rows],
            "errors": [{"path": str(e.path), "message": str(e)} for e in bad]
                      + [{"path": path, "message": message} for path, message in trouble],
        })
    else:
        if not rows and not bad:
            print(translate("rocmdesk.torchenv.cli_profile", "no profiles yet (they live in {folder}); create one "
                                                             "with {command}").format(
                folder=store.dir, command="`rocmdesk profile create NAME --project DIR --venv DIR --preset`"))
        for prof, summary, _ in rows:
            nvars = len(prof.env)
            variables = (translate("rocmdesk.torchenv.cli_profile", "{count} variable") if nvars == 1 else
                         translate("rocmdesk.torchenv.cli_profile", "{count} variables")).format(count=nvars)
            print("\t".join([
                prof.name,
                translate("rocmdesk.torchenv.cli_profile", "project {folder}").format(folder=prof.project_dir),
                translate("rocmdesk.torchenv.cli_profile", "venv {folder}").format(folder=prof.venv),
                variables,
                translate("rocmdesk.torchenv.cli_profile", "hooks {state}").format(state=_hooks_word(summary)),
            ]))
        for prof, summary, _ in rows:
            if summary == "missing":
                _warn(translate("rocmdesk.torchenv.cli_profile",
                                "profile {name}: the activate hooks are gone (was the venv upgraded or recreated?); "
                                "run {command}").format(name=prof.name, command=f"`rocmdesk profile apply {prof.name}`"))
    for e in bad:
        _err(str(e))
    for _, message in trouble:
        _err(message)
    return EXIT_INPUT if bad or trouble else EXIT_OK


def _cmd_show(args, host: Host) -> int:
    from rocmdesk.torchenv.envvars_check import profile_findings, speaks_of_gpus
    from rocmdesk.torchenv.hooks import hook_summary
    from rocmdesk.torchenv.presets import torch_version_in
    from rocmdesk.torchenv.profiles import path_warnings

    prof = _store().load(args.name)
    summary, states = hook_summary(prof)
    torch = torch_version_in(prof.venv)
    machine = detected(host) if speaks_of_gpus(prof.env) else None
    findings = profile_findings(prof.env, machine, torch)
    if args.json:
        print_json({**prof.to_json(), "path": str(_store().path_for(prof.name)), "hooks_state": summary,
                     "scripts": {s.shell: {"path": str(s.path), "state": s.state} for s in states},
                     "torch": torch, "venv_exists": Path(prof.venv, "bin").is_dir(),
                     "findings": [{"level": f.level, "key": f.key, "message": f.message} for f in findings]})
        return EXIT_OK
    labels = {
        "project": translate("rocmdesk.torchenv.cli_profile", "project"),
        "venv": translate("rocmdesk.torchenv.cli_profile", "venv"),
        "torch": "torch",
        "notes": translate("rocmdesk.torchenv.cli_profile", "notes"),
        "hooks": translate("rocmdesk.torchenv.cli_profile", "hooks"),
    }
    width = max([9] + [display_width(text) + 2 for text in labels.values()])  # values in one column
    print(translate("rocmdesk.torchenv.cli_profile", "profile {name}").format(name=prof.name))
    print(f"  {pad(labels['project'], width)}{prof.project_dir}")
    print(f"  {pad(labels['venv'], width)}{prof.venv}" + (
        "" if Path(prof.venv, "bin").is_dir() else
        "  " + translate("rocmdesk.torchenv.cli_profile", "(does not exist yet)")))
    print(f"  {pad(labels['torch'], width)}"
          + (torch or translate("rocmdesk.torchenv.cli_profile", "not installed in the venv")))
    if prof.notes:
        print(f"  {pad(labels['notes'], width)}{prof.notes}")
    print("  " + translate("rocmdesk.torchenv.cli_profile", "variables")
          + ("" if prof.env else "  " + translate("rocmdesk.torchenv.cli_profile", "(none)")))
    for k, v in sorted(prof.env.items()):
        print(f"    {k}={v}")
    print(f"  {pad(labels['hooks'], width)}{_hooks_word(summary)}")
    for s in states:
        other = _other_profile(s.other)
        print(f"    {s.shell:4} {pad(_state_word(s.state), 8)} {s.path}" + (f" {other}" if other else ""))
    for f in findings:
        (_err if f.level == "error" else _warn)(str(f))
    for w in path_warnings(prof.venv):
        _warn(w)
    if summary == "missing":
        _warn(translate("rocmdesk.torchenv.cli_profile", "the activate hooks are gone or outdated; run {command}").format(
            command=f"`rocmdesk profile apply {prof.name}`"))
    return EXIT_OK


def _cmd_create(args, host: Host) -> int:
    from rocmdesk.torchenv.envvars_check import speaks_of_gpus
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
        raise ProfileExists(translate("rocmdesk.torchenv.cli_profile", "a profile called {name} exists already; "
                                                                       "change it with {command}").format(
            name=repr(args.name), command=f"`rocmdesk profile edit {args.name}`"))
    project, venv = absolute_dir(args.project), absolute_dir(args.venv)
    env: dict[str, str] = {}
    machine = None
    torch = args.torch or torch_version_in(venv)
    if args.preset:
        machine = detected(host)
        suggestions = suggest(machine, torch, advice=None if torch else machine.advice)
        if not suggestions:
            print(translate("rocmdesk.torchenv.cli_profile", "preset: nothing to set on this machine "
                                                             "(no AMD GPU found)"))
        for s in suggestions:
            env[s.key] = s.value
            print(translate("rocmdesk.torchenv.cli_profile", "preset: {variable}  ({why}; source: {source})").format(
                variable=f"{s.key}={s.value}", why=s.why, source=s.source))
    env.update(dict(args.env))  # explicit values win over the preset
    if machine is None and speaks_of_gpus(env):
        machine = detected(host)  # an override or device list given by hand is judged as a preset's is
    if not _validate(env, machine, torch):
        return EXIT_USAGE
    if not Path(project).is_dir():
        _warn(translate("rocmdesk.torchenv.cli_profile", "the project folder {folder} does not exist (yet)").format(
            folder=project))
    if not Path(venv, "bin").is_dir():
        _warn(translate("rocmdesk.torchenv.cli_profile", "{venv} is not a venv yet; create it with {command}").format(
            venv=venv, command=f"`rocmdesk torch install --venv {venv}`"))
    for w in path_warnings(venv):
        _warn(w)
    prof = Profile(name=args.name, project_dir=project, venv=venv, env=env, notes=args.notes)
    store.create(prof)
    print(translate("rocmdesk.torchenv.cli_profile", "created profile {name} ({path})").format(
        name=prof.name, path=store.path_for(prof.name)))
    if args.apply:
        return _apply(prof)
    return EXIT_OK


class _EditRefused(Exception):
    """The edited variables have errors: nothing is written (raised inside the store's lock)."""


def _apply(prof) -> int:
    from rocmdesk.torchenv.envvars_check import errors, profile_findings
    from rocmdesk.torchenv.hooks import apply_hooks

    seen: dict[str, Any] = {}

    def change(current):
        # under the store's lock: the hooks written are those of the version stored now, and an edit
        # running at the same time waits (its own hooks then follow it)
        seen["findings"] = profile_findings(current.env)
        if errors(seen["findings"]):
            raise _EditRefused()
        seen["results"] = apply_hooks(current.venv, current.name, current.env)
        seen["prof"] = current
        return current if current.hooks else current.with_changes(hooks=True)

    try:
        _store().update(prof.name, change)
    except _EditRefused:
        pass
    if not _report(seen.get("findings", [])) or "results" not in seen:
        return EXIT_USAGE
    prof, results = seen["prof"], seen["results"]
    print(translate("rocmdesk.torchenv.cli_profile", "profile {name} applied to {venv}:").format(
        name=prof.name, venv=prof.venv))
    _print_hook_results(results)
    # quoted: the line is meant to be copied into a shell, and the path may hold spaces or $(...)
    print(translate("rocmdesk.torchenv.cli_profile", "activate with: {command}  (fish: activate.fish, csh: "
                                                     "activate.csh); deactivate puts the previous values back").format(
        command="source " + shlex.quote(os.path.join(prof.venv, "bin", "activate"))))
    return EXIT_OK


def _cmd_edit(args) -> int:
    from rocmdesk.torchenv.envvars_check import errors, profile_findings
    from rocmdesk.torchenv.hooks import apply_hooks, remove_hooks
    from rocmdesk.torchenv.profiles import ProfileEdit, ProfileError, absolute_dir

    store = _store()
    edit = ProfileEdit(set_env=dict(args.env), unset=tuple(args.unset),
                       project_dir=absolute_dir(args.project) if args.project is not None else None,
                       venv=absolute_dir(args.venv) if args.venv is not None else None,
                       notes=args.notes)
    seen: dict[str, Any] = {}

    def change(current):
        # runs under the store's lock on the version just read: another editor's change is kept
        new = edit(current)
        seen["findings"] = profile_findings(new.env)
        seen["missing"] = edit.missing_unsets(current)
        if errors(seen["findings"]):
            raise _EditRefused()
        return new

    def rewrite_hooks(current, new) -> None:
        # still under the lock, so the hooks follow the stored versions in the order they were written
        if not new.hooks:
            return
        try:
            if new.venv != current.venv and Path(current.venv, "bin").is_dir():
                remove_hooks(current.venv, current.name)
                seen["moved_from"] = current.venv
            if Path(new.venv, "bin").is_dir():
                seen["results"] = apply_hooks(new.venv, new.name, new.env)
            else:
                seen["no_venv"] = True
        except (ProfileError, OSError) as exc:  # the profile is saved; say so before the error
            seen["hook_error"] = exc

    try:
        new = store.update(args.name, change, then=rewrite_hooks)
    except _EditRefused:
        new = None
    for key in seen.get("missing", []):
        _warn(translate("rocmdesk.torchenv.cli_profile", "{key} is not set in profile {name}").format(
            key=key, name=args.name))
    if not _report(seen.get("findings", [])) or new is None:
        return EXIT_USAGE
    print(translate("rocmdesk.torchenv.cli_profile", "updated profile {name}").format(name=new.name))
    if "moved_from" in seen:
        print("  " + translate("rocmdesk.torchenv.cli_profile", "hooks taken out of {venv}").format(
            venv=seen["moved_from"]))
    _print_hook_results(seen.get("results", []))
    if "hook_error" in seen:
        raise seen["hook_error"]
    if "no_venv" in seen:
        _warn(translate("rocmdesk.torchenv.cli_profile", "{venv} is not a venv: its hooks will be written by "
                                                         "{command}").format(
            venv=new.venv, command=f"`rocmdesk profile apply {new.name}`"))
    return EXIT_OK


def _cmd_apply(args) -> int:
    from rocmdesk.torchenv.hooks import hook_status, needs_apply

    prof = _store().load(args.name)
    if not Path(prof.venv, "bin").is_dir():
        _err(translate("rocmdesk.torchenv.cli_profile", "{venv} is not a venv (no bin/ folder); create it first, "
                                                        "e.g. {command}").format(
            venv=prof.venv, command=f"`rocmdesk torch install --venv {prof.venv}`"))
        return EXIT_USAGE
    if args.check:
        states = hook_status(prof.venv, prof.name, prof.env)
        for s in states:
            other = _other_profile(s.other)
            print(f"{s.shell}\t{_state_word(s.state)}\t{s.path}" + (f"\t{other}" if other else ""))
        if needs_apply(states):
            _warn(translate("rocmdesk.torchenv.cli_profile", "hooks are missing or outdated; run {command}").format(
                command=f"`rocmdesk profile apply {prof.name}`"))
            return EXIT_STALE
        return EXIT_OK
    return _apply(prof)


def _cmd_remove(args) -> int:
    from rocmdesk.torchenv.hooks import remove_hooks

    store = _store()
    prof = store.load(args.name)
    if Path(prof.venv, "bin").is_dir():
        results = remove_hooks(prof.venv, prof.name)
        print(translate("rocmdesk.torchenv.cli_profile", "hooks of profile {name} taken out of {venv}:").format(
            name=prof.name, venv=prof.venv))
        _print_hook_results(results)
    else:
        print(translate("rocmdesk.torchenv.cli_profile", "{venv} does not exist: no hooks to take out").format(
            venv=prof.venv))
    if args.delete:
        where = store.delete(prof.name)
        print(translate("rocmdesk.torchenv.cli_profile", "deleted profile {name} (the last version is kept in "
                                                         "{path})").format(name=prof.name, path=where))
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
    print(translate("rocmdesk.torchenv.cli_profile", "wrote {path}").format(path=result.path))
    if args.format == "envrc":
        print(translate("rocmdesk.torchenv.cli_profile", "now run: {command}").format(
            command=f"direnv allow {result.path.parent}"))
    elif args.format == "jupyter":
        print(translate("rocmdesk.torchenv.cli_profile", "Jupyter lists it as \"{name}\"").format(
            name=json.loads(result.text)["display_name"]))
    return EXIT_OK


def run(args: argparse.Namespace, host: Host) -> int:
    from rocmdesk.torchenv.profile_store import ProfileFileError
    from rocmdesk.torchenv.profiles import ProfileError

    handlers = {
        "list": lambda: _cmd_list(args),
        "show": lambda: _cmd_show(args, host),
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
