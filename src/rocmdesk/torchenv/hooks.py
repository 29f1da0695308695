"""Put a profile's variables into a venv's activate scripts, and take them out again.

Each script gets one block, appended at its end between our markers::

    # >>> rocmdesk profile NAME >>>
    ...
    # <<< rocmdesk profile <<<

The edit is purely additive: removing the block gives back the file byte for byte (tests compare sha256).
Applying twice gives the same file as applying once (an old block, of any profile, is replaced).

What a block does when the script is sourced: save each variable's previous state (its value, or that it
was unset), set the profile's values, and wrap ``deactivate`` so that it first puts the saved state back
and then runs the venv's own deactivate.  Sourcing activate again without deactivating first restores the
saved state before saving again, so the values from before the first activation are never lost.

* bash/zsh (``bin/activate``): ``deactivate`` is a function; the block copies it to
  ``_rocmdesk_orig_deactivate`` (``declare -f`` works in both shells) and defines a wrapper.  The venv's
  deactivate ends with ``unset -f deactivate``, which removes the wrapper too.
* fish (``bin/activate.fish``): the same with ``functions -c``.
* csh/tcsh (``bin/activate.csh``): ``deactivate`` is a one-line alias and csh has no functions, so the
  block defines ``alias deactivate '_rocmdesk_restore; <the venv's own alias text>; ...'`` with the text read
  from the script when the block is written.  BSD csh cannot expand variables whose names are longer than
  30 characters, so previous values are read with ``printenv`` into short numbered variables.  csh cannot
  carry a value with a newline through save and restore (tested with tcsh and BSD csh), so such a profile
  gets a block that only says so.

Switching to another venv without deactivating (``source B/bin/activate`` while A is active): every venv's
activate script (CPython's and virtualenv's/uv's) first *defines* its own ``deactivate`` and then runs
``deactivate nondestructive``, so A's wrapper never runs (tried in bash, zsh, fish, tcsh and BSD csh: A's
variables stayed, even after B's deactivate).  A's block therefore also watches for its wrapper being
replaced, at the one point every activate script passes through: ``hash -r`` in bash/zsh (a ``hash``
function that then calls ``builtin hash``; never installed over a ``hash`` function of the user's),
``rehash`` in csh (an alias), and a change of ``VIRTUAL_ENV`` in fish (``--on-variable``).  When it finds
the wrapper gone it restores the saved state and removes its helpers, so B starts from the values before A.

``python -m venv --upgrade`` rewrites the scripts and drops the block: ``hook_status`` reports it
"missing" and ``apply_hooks`` writes it again (``rocmdesk profile apply``, and ``profile list/show`` warn).
The blocks never mention the venv's path, so odd characters in it cannot break them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rocmdesk.i18n import translate
from rocmdesk.torchenv.profiles import ProfileError

BEGIN = "# >>> rocmdesk profile {name} >>>"
END = "# <<< rocmdesk profile <<<"
JOINED = "# rocmdesk: the file did not end with a newline; one was added before this block\n"
PROFILE_VAR = "ROCMDESK_PROFILE"  # set while a profile is active, for prompts and for `torch verify`

SCRIPTS: tuple[tuple[str, str], ...] = (("bash", "activate"), ("fish", "activate.fish"), ("csh", "activate.csh"))

_BLOCK_RE = re.compile(
    r"^# >>> rocmdesk profile (?P<name>[^\n]*?) >>>\n(?P<body>.*?)^# <<< rocmdesk profile <<<(?:\n|\Z)",
    re.M | re.S,
)
_BEGIN_RE = re.compile(r"^# >>> rocmdesk profile [^\n]*>>>$", re.M)
_CSH_ALIAS = re.compile(r"^alias deactivate '(?P<body>[^'\n]*)'[ \t]*$", re.M)


class HookError(ProfileError):
    pass


# -- quoting -----------------------------------------------------------------------------------------------
def quote_sh(value: str) -> str:
    """bash/zsh: single quotes, each ``'`` as ``'\\''`` (nothing else is special inside, newlines included)."""
    return "'" + value.replace("'", "'\\''") + "'"


def quote_fish(value: str) -> str:
    """fish: single quotes, where only ``\\\\`` and ``\\'`` are escapes (as ``string escape`` would allow)."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def csh_problem(value: str) -> str | None:
    """Why csh cannot carry ``value``, for the user (None: it can)."""
    if "\n" in value or "\r" in value:
        return translate("rocmdesk.torchenv.hooks",
                         "contains a line break, which csh cannot keep through activate and deactivate")
    return None


def quote_csh(value: str) -> str:
    """csh/tcsh: single quotes; ``'`` as ``'\\''`` and ``!`` as ``\\!`` (history expansion works even inside
    single quotes, also in sourced files).  Raises HookError for values csh cannot represent."""
    problem = csh_problem(value)
    if problem:
        raise HookError(translate("rocmdesk.torchenv.hooks", "value {value} {problem}").format(
            value=repr(value), problem=problem))
    return "'" + value.replace("'", "'\\''").replace("!", "\\!") + "'"


# -- rendering ---------------------------------------------------------------------------------------------
def _comment(name: str) -> str:
    return (
        f"# Added by rocmdesk: sets profile {name}'s variables; deactivate puts back what was there before.\n"
        f"# `rocmdesk profile remove {name}` takes this block out again and leaves the file as it was.\n"
    )


def _vars(name: str, env: Mapping[str, str]) -> list[tuple[str, str]]:
    return [(PROFILE_VAR, name)] + sorted((k, v) for k, v in env.items() if k != PROFILE_VAR)


def render_bash(name: str, env: Mapping[str, str]) -> str:
    items = _vars(name, env)
    out = [BEGIN.format(name=name) + "\n", _comment(name)]
    out.append(
        'if [ -n "${_ROCMDESK_SAVED:-}" ] && type _rocmdesk_restore >/dev/null 2>&1; then\n'
        "    _rocmdesk_restore  # sourced again without deactivate: go back to the values from before\n"
        "fi\n"
        "_rocmdesk_restore () {\n"
    )
    for key, _ in items:
        old = f"_ROCMDESK_OLD_{key}"
        # the saved form is "x" + value when the variable was set, empty when it was not
        out.append(
            f'    if [ -n "${{{old}:-}}" ]; then\n'
            f'        {key}="${{{old}#x}}"\n'
            f"        export {key}\n"
            f"    else\n"
            f"        unset {key}\n"
            f"    fi\n"
            f"    unset {old}\n"
        )
    out.append("    unset _ROCMDESK_SAVED\n}\n")
    for key, _ in items:
        out.append(f'_ROCMDESK_OLD_{key}="${{{key}+x${key}}}"\n')
    out.append("_ROCMDESK_SAVED=1\n")
    for key, value in items:
        out.append(f"export {key}={quote_sh(value)}\n")
    out.append(
        '_rocmdesk_def="$(declare -f deactivate)"\n'
        'if [ -n "$_rocmdesk_def" ]; then\n'
        '    eval "_rocmdesk_orig_${_rocmdesk_def}"\n'
        "    deactivate () {\n"
        "        _rocmdesk_restore\n"
        '        _rocmdesk_orig_deactivate "$@"\n'
        '        if [ ! "${1:-}" = "nondestructive" ]; then\n'
        "            unset -f _rocmdesk_orig_deactivate _rocmdesk_restore\n"
        "            _rocmdesk_unhash\n"
        "        fi\n"
        "    }\n"
        # another venv's activate (one without our block) defines its own deactivate before it runs it, so
        # ours never runs; every venv's activate and deactivate call `hash -r`, where we notice the switch
        "    _rocmdesk_unhash () {\n"
        '        case "$(declare -f hash 2>/dev/null)" in *_rocmdesk_switched*) unset -f hash ;; esac\n'
        "        unset -f _rocmdesk_switched _rocmdesk_unhash\n"
        "    }\n"
        "    _rocmdesk_switched () {\n"
        '        case "$(declare -f deactivate 2>/dev/null)" in *_rocmdesk_restore*) return 0 ;; esac\n'
        "        _rocmdesk_restore\n"
        "        unset -f _rocmdesk_orig_deactivate _rocmdesk_restore\n"
        "        _rocmdesk_unhash\n"
        "    }\n"
        '    case "$(declare -f hash 2>/dev/null)" in\n'
        "        ''|*_rocmdesk_switched*)  # never replace a hash function of the user's\n"
        "            hash () {\n"
        '                if [ -n "${_ROCMDESK_SAVED:-}" ]; then _rocmdesk_switched; fi\n'
        '                builtin hash "$@"\n'
        "            }\n"
        "            ;;\n"
        "    esac\n"
        "fi\n"
        "unset _rocmdesk_def\n"
    )
    out.append(END + "\n")
    return "".join(out)


def render_fish(name: str, env: Mapping[str, str]) -> str:
    items = _vars(name, env)
    out = [BEGIN.format(name=name) + "\n", _comment(name)]
    out.append(
        "if set -q _ROCMDESK_SAVED; and functions -q _rocmdesk_restore\n"
        "    _rocmdesk_restore  # sourced again without deactivate: go back to the values from before\n"
        "end\n"
        "function _rocmdesk_restore\n"
    )
    for key, _ in items:
        out.append(
            f"    if set -q _ROCMDESK_HAD_{key}\n"
            f"        set -gx {key} $_ROCMDESK_OLD_{key}\n"
            f"    else\n"
            f"        set -e -g {key}\n"
            f"    end\n"
            f"    set -e -g _ROCMDESK_OLD_{key}\n"
            f"    set -e -g _ROCMDESK_HAD_{key}\n"
        )
    out.append("    set -e -g _ROCMDESK_SAVED\nend\n")
    for key, _ in items:
        out.append(
            f"if set -q {key}\n"
            f"    set -g _ROCMDESK_HAD_{key} 1\n"
            f"    set -g _ROCMDESK_OLD_{key} ${key}\n"
            f"end\n"
        )
    out.append("set -g _ROCMDESK_SAVED 1\n")
    for key, value in items:
        out.append(f"set -gx {key} {quote_fish(value)}\n")
    out.append(
        "if functions -q deactivate\n"
        "    functions -e _rocmdesk_orig_deactivate\n"
        "    functions -c deactivate _rocmdesk_orig_deactivate\n"
        '    function deactivate -d "Exit virtual environment and return to normal shell environment"\n'
        "        _rocmdesk_restore\n"
        "        _rocmdesk_orig_deactivate $argv\n"
        '        if test "$argv[1]" != "nondestructive"\n'
        "            functions -e _rocmdesk_orig_deactivate _rocmdesk_restore _rocmdesk_switched\n"
        "        end\n"
        "    end\n"
        # another venv's activate (one without our block) replaces deactivate before it runs it, so ours
        # never runs; its `set -e VIRTUAL_ENV` is where we notice the switch
        "    function _rocmdesk_switched --on-variable VIRTUAL_ENV\n"
        "        set -q _ROCMDESK_SAVED; or return\n"
        "        functions deactivate | string match -q '*_rocmdesk_restore*'; and return\n"
        "        _rocmdesk_restore\n"
        "        functions -e _rocmdesk_orig_deactivate _rocmdesk_restore _rocmdesk_switched\n"
        "    end\n"
        "end\n"
    )
    out.append(END + "\n")
    return "".join(out)


def render_csh(name: str, env: Mapping[str, str], deactivate_alias: str | None) -> tuple[str, str | None]:
    """The csh block and, when the profile cannot be applied in csh, why (the block then only says so)."""
    items = _vars(name, env)
    head = BEGIN.format(name=name) + "\n" + _comment(name)
    # the block's own words stay English (the script is the same in every language: hook_status compares it),
    # the note for the user is translated
    why = note = None
    for key, value in items:
        if csh_problem(value):
            why = f"{key}'s value contains a line break, which csh cannot keep through activate and deactivate"
            note = translate("rocmdesk.torchenv.hooks", "{key}'s value {problem}").format(
                key=key, problem=csh_problem(value))
            break
    if why is None and deactivate_alias is None:
        why = "activate.csh has no one-line `alias deactivate '...'` that rocmdesk can wrap"
        note = translate("rocmdesk.torchenv.hooks",
                         "activate.csh has no one-line `alias deactivate '...'` that rocmdesk can wrap")
    if why is not None:
        msg = f"rocmdesk: profile {name} is not applied in csh: {why}".replace("!", "").replace('"', "'")
        return head + f'echo "{msg}" > /dev/stderr\n' + END + "\n", note
    out = [head]
    # Every step of _rocmdesk_restore tests _ROCMDESK_NOW, which its callers set: an alias called after
    # `&&` or `||` gets only its first `;`-step made conditional, the rest would always run.
    out.append("if ($?_ROCMDESK_SAVED) then\n    set _ROCMDESK_NOW=1\n    _rocmdesk_restore\nendif\n")
    # BSD csh rejects `$NAME` for names over 30 characters (TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL has 39):
    # saved values go to short numbered variables, and the old value is read with printenv (in a
    # subshell: a redirection inside `{ }` is ignored)
    now = "test $?_ROCMDESK_NOW != 0 && "
    restore = []
    for i, (key, _) in enumerate(items):
        old = f"_ROCMDESK_O{i}"
        restore.append(f"{now}test $?{old} = 0 && unsetenv {key}; "
                       f'{now}test $?{old} != 0 && setenv {key} "${old}:q" && unset {old}; ')
    out.append("alias _rocmdesk_restore '" + "".join(restore) + f"{now}unset _ROCMDESK_SAVED; unset _ROCMDESK_NOW'\n")
    for i, (key, _) in enumerate(items):
        out.append(f"if ({{ ( printenv {key} >& /dev/null ) }}) then\n"
                   f'    set _ROCMDESK_O{i}="`printenv {key}`"\n'
                   f"endif\n")
    out.append("set _ROCMDESK_SAVED=1\n")
    for key, value in items:
        out.append(f"setenv {key} {quote_csh(value)}\n")
    out.append(f"alias deactivate 'test $?_ROCMDESK_SAVED != 0 && set _ROCMDESK_NOW=1; _rocmdesk_restore; "
               f"{deactivate_alias}; "
               'test "\\!:*" != "nondestructive" && unalias _rocmdesk_restore rehash\'\n')
    # another venv's activate.csh (one without our block) replaces the deactivate alias before it runs it,
    # so ours never runs; its `rehash` is where we notice the switch (an alias that starts with its own name
    # runs the builtin there, as `alias ls 'ls -F'` does; BSD csh does not take `\rehash` for the builtin)
    out.append("alias rehash 'rehash; test $?_ROCMDESK_SAVED != 0 && set _ROCMDESK_NOW=1; "
               "alias deactivate | grep -q _rocmdesk_restore && unset _ROCMDESK_NOW; "
               "test $?_ROCMDESK_NOW != 0 && set _ROCMDESK_GONE=1; _rocmdesk_restore; "
               "test $?_ROCMDESK_GONE != 0 && unalias _rocmdesk_restore rehash; unset _ROCMDESK_GONE'\n")
    out.append(END + "\n")
    return "".join(out), None


def render(shell: str, name: str, env: Mapping[str, str], base_text: str) -> tuple[str, str | None]:
    """(block, note) for one script whose text without our block is ``base_text``."""
    if shell == "bash":
        return render_bash(name, env), None
    if shell == "fish":
        return render_fish(name, env), None
    m = _CSH_ALIAS.search(base_text)
    return render_csh(name, env, m.group("body") if m else None)


# -- reading and editing files --------------------------------------------------------------------------
@dataclass(frozen=True)
class Block:
    name: str
    start: int
    end: int
    joined: bool  # we added the newline before it


def find_blocks(text: str) -> list[Block]:
    blocks = []
    for m in _BLOCK_RE.finditer(text):
        joined = m.group("body").startswith(JOINED)
        start = m.start()
        if joined and start > 0 and text[start - 1] == "\n":
            start -= 1
        blocks.append(Block(m.group("name"), start, m.end(), joined))
    if len(_BEGIN_RE.findall(text)) != len(blocks):
        raise HookError(translate("rocmdesk.torchenv.hooks",
                                  "a rocmdesk block has its start marker but not its end marker; fix the file by hand "
                                  "or rewrite it with `python -m venv --upgrade VENV`"))
    return blocks


def strip_blocks(text: str) -> tuple[str, list[Block]]:
    blocks = find_blocks(text)
    for b in reversed(blocks):
        text = text[: b.start] + text[b.end:]
    return text, blocks


def _with_block(base: str, block: str) -> str:
    if base and not base.endswith("\n"):
        first, rest = block.split("\n", 1)
        return base + "\n" + first + "\n" + JOINED + rest
    return base + block


def _read(path: Path) -> str:
    # surrogateescape: any bytes that are not UTF-8 come back out unchanged
    return path.read_bytes().decode("utf-8", errors="surrogateescape")


def _write(path: Path, text: str) -> None:
    from rocmdesk.torchenv.profile_store import write_atomic

    mode = os.stat(path).st_mode & 0o7777
    write_atomic(path, text.encode("utf-8", errors="surrogateescape"), mode=mode)


def _script_path(venv: str | os.PathLike[str], filename: str) -> Path:
    path = Path(venv) / "bin" / filename
    return Path(os.path.realpath(path)) if path.is_symlink() else path


@dataclass(frozen=True)
class HookResult:
    shell: str
    path: Path
    action: str  # written | unchanged | removed | absent (no such script) | kept (another profile's block)
    note: str | None = None


def apply_hooks(venv: str | os.PathLike[str], name: str, env: Mapping[str, str]) -> list[HookResult]:
    """Write profile ``name``'s block into each activate script of ``venv`` (replacing any older block)."""
    if not (Path(venv) / "bin").is_dir():
        raise HookError(translate("rocmdesk.torchenv.hooks", "{venv} is not a venv (it has no bin/ folder)").format(
            venv=venv))
    results = []
    for shell, filename in SCRIPTS:
        path = _script_path(venv, filename)
        if not path.is_file():
            results.append(HookResult(shell, path, "absent"))
            continue
        text = _read(path)
        try:
            base, old = strip_blocks(text)
        except HookError as exc:
            raise HookError(f"{path}: {exc}") from None
        block, note = render(shell, name, env, base)
        others = sorted({b.name for b in old if b.name != name})
        if others:
            extra = translate("rocmdesk.torchenv.hooks", "replaced the block of profile {names}").format(
                names=", ".join(others))
            note = f"{note}; {extra}" if note else extra
        new = _with_block(base, block)
        if new == text:
            results.append(HookResult(shell, path, "unchanged", note))
        else:
            _write(path, new)
            results.append(HookResult(shell, path, "written", note))
    return results


def remove_hooks(venv: str | os.PathLike[str], name: str | None = None) -> list[HookResult]:
    """Take profile ``name``'s blocks out of the activate scripts (every rocmdesk block when None)."""
    results = []
    for shell, filename in SCRIPTS:
        path = _script_path(venv, filename)
        if not path.is_file():
            results.append(HookResult(shell, path, "absent"))
            continue
        text = _read(path)
        try:
            blocks = find_blocks(text)
        except HookError as exc:
            raise HookError(f"{path}: {exc}") from None
        mine = [b for b in blocks if name is None or b.name == name]
        kept = sorted({b.name for b in blocks if b not in mine})
        new = text
        for b in reversed(mine):
            new = new[: b.start] + new[b.end:]
        note = (translate("rocmdesk.torchenv.hooks", "left the block of profile {names}").format(names=", ".join(kept))
                if kept else None)
        if new != text:
            _write(path, new)
            results.append(HookResult(shell, path, "removed", note))
        else:
            results.append(HookResult(shell, path, "kept" if kept else "unchanged", note))
    return results


@dataclass(frozen=True)
class HookState:
    shell: str
    path: Path
    state: str  # current | stale (an older version of the profile) | missing | other (another profile) | absent
    other: str | None = None


def hook_status(venv: str | os.PathLike[str], name: str, env: Mapping[str, str]) -> list[HookState]:
    out = []
    for shell, filename in SCRIPTS:
        path = _script_path(venv, filename)
        if not path.is_file():
            out.append(HookState(shell, path, "absent"))
            continue
        text = _read(path)
        try:
            base, blocks = strip_blocks(text)
        except HookError:
            out.append(HookState(shell, path, "stale"))
            continue
        if not blocks:
            out.append(HookState(shell, path, "missing"))
        elif all(b.name != name for b in blocks):
            out.append(HookState(shell, path, "other", blocks[0].name))
        else:
            block, _ = render(shell, name, env, base)
            out.append(HookState(shell, path, "current" if _with_block(base, block) == text else "stale"))
    return out


def needs_apply(states: list[HookState]) -> bool:
    return any(s.state in ("missing", "stale", "other") for s in states)


def hook_summary(profile) -> tuple[str, list[HookState]]:
    """(one code for a listing, each script's state) of a profile's hooks: ``applied``, ``missing`` (the
    profile's hooks are gone or out of date: the venv was upgraded or recreated), ``no venv`` (the profile has
    hooks, its venv is gone) or ``-`` (never applied; no venv and no hooks).  ``profile list --json`` calls the
    code ``hooks_state``."""
    if not Path(profile.venv, "bin").is_dir():
        return ("no venv" if profile.hooks else "-"), []
    states = hook_status(profile.venv, profile.name, profile.env)
    if not profile.hooks:
        applied = any(s.state in ("current", "stale") for s in states)
        return ("applied" if applied else "-"), states
    return ("missing" if needs_apply(states) else "applied"), states
