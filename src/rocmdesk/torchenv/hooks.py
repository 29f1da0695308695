"""Put a profile's variables into a venv's activate scripts, and take them out again.

Each script gets one block, appended at its end between our markers::

    # >>> rocmdesk profile NAME >>>
    ...
    # rocmdesk block sha256 <sha256 of the block's lines above this one>
    # <<< rocmdesk profile <<<

The edit is purely additive: removing the block gives back the file byte for byte (tests compare sha256).
Applying twice gives the same file as applying once (an old block, of any profile, is replaced).

A profile file may come from another machine, so nothing in it may become a line of its own in a script:

* every line of a block is one rocmdesk wrote.  A value stands inside quotes on its line, and its line
  breaks (and every other character that some reader takes for one: the C0 controls, DEL, U+0085, U+2028,
  U+2029) are written as escapes (``$'\\x0a'`` in bash/zsh, ``\\x0a`` outside the quotes in fish; csh has no
  escape for a line break, so such a profile gets a csh block that only says it is not applied).  Values are
  *encoded* rather than refused because a value with a line break is a value the environment can hold and
  bash, zsh and fish carry it exactly; refusing it would only move the problem to whoever checks next.
  A NUL, a profile name that is not ``profiles.NAME_RE`` or a variable name that is not
  ``[A-Za-z_][A-Za-z0-9_]*`` is refused (HookError naming it) before any file is touched.
* the block records the sha256 of its own lines, and the reader accepts a block only when that sum
  matches, or when its start and end markers are the only marker lines in the file (a block written by an
  older rocmdesk, or edited by hand).  A marker line anywhere else (an end marker without its start, a start
  marker inside a block, two unchecked blocks, a line that looks like a marker but is not one we write) makes
  apply, remove and status refuse the whole file with the line numbers: a block is taken out whole or not at
  all, never up to the first line that merely looks like its end.  Apply and remove read and check all three
  scripts before they write any of them.

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
  from the script when the block is written.  Previous values are kept in short numbered variables, read
  with ``$NAME:q`` unquoted (the only form that keeps every byte, a backslash before a newline included:
  ``"`printenv NAME`"`` turns newlines into spaces and ``"$NAME:q"`` drops the backslash of ``\\<newline>``)
  and put back with ``setenv NAME $_ROCMDESK_On:q``.  BSD csh cannot expand ``$NAME`` for names longer
  than 30 characters, so for those it falls back to ``printenv`` (tcsh, which sets ``$tcsh``, does not).
  A profile *value* with a line break cannot be written in csh at all (it has no escape for one), so such a
  profile gets a block that only says so.

Switching to another venv without deactivating (``source B/bin/activate`` while A is active): every venv's
activate script (CPython's and virtualenv's/uv's) first *defines* its own ``deactivate`` and then runs
``deactivate nondestructive``, so A's wrapper never runs (tried in bash, zsh, fish, tcsh and BSD csh: A's
variables stayed, even after B's deactivate).  A's block therefore also watches for its wrapper being
replaced, at the one point every activate script passes through: ``hash -r`` in bash/zsh (a ``hash``
function that then calls ``builtin hash``; never installed over a ``hash`` function of the user's),
``rehash`` in csh (an alias), and a change of ``VIRTUAL_ENV`` in fish (``--on-variable``).  When it finds
the wrapper gone it restores the saved state and removes its helpers, so B starts from the values before A.

``python -m venv DIR`` over an existing venv (and virtualenv, ``uv venv``) rewrites the scripts and drops
the block (``--upgrade`` leaves the scripts alone): ``hook_status`` reports it "missing" and ``apply_hooks``
writes it again (``rocmdesk profile apply``, and ``profile list/show`` warn).
The blocks never mention the venv's path, so odd characters in it cannot break them.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rocmdesk.i18n import translate
from rocmdesk.torchenv.profiles import NAME_RE, VAR_NAME_RE, ProfileError

BEGIN = "# >>> rocmdesk profile {name} >>>"
END = "# <<< rocmdesk profile <<<"
SEAL = "# rocmdesk block sha256 {digest}"  # the line before END: the sha256 of the block's lines above it
JOINED = "# rocmdesk: the file did not end with a newline; one was added before this block\n"
PROFILE_VAR = "ROCMDESK_PROFILE"  # set while a profile is active, for prompts and for `torch verify`

SCRIPTS: tuple[tuple[str, str], ...] = (("bash", "activate"), ("fish", "activate.fish"), ("csh", "activate.csh"))

# characters that some reader takes for the end of a line (str.splitlines: \n \r \v \f \x1c-\x1e \x85
# \u2028 \u2029) and the other control characters: never written raw into a script
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f\x85\u2028\u2029]+")
_LINE_BREAK = re.compile("[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")
# lone surrogates other than surrogateescape's (U+DC80-U+DCFF: bytes that were not UTF-8) cannot be written
_BAD_SURROGATE = re.compile("[\ud800-\udc7f\udd00-\udfff]")

_BEGIN_RE = re.compile(r"# >>> rocmdesk profile (?P<name>.*) >>>")
_SEAL_RE = re.compile(r"# rocmdesk block sha256 (?P<digest>[0-9a-f]{64})")
_MARKERISH = re.compile(r"\s*#\s*(?:>>>|<<<)\s*rocmdesk\s+profile\b", re.I)
_CSH_ALIAS = re.compile(r"^alias deactivate '(?P<body>[^'\n]*)'[ \t]*$", re.M)
_CSH_MAX_NAME = 30  # BSD csh: `$NAME` of a longer name is an error


class HookError(ProfileError):
    pass


# -- what may go into a block ----------------------------------------------------------------------------
def name_problem(key: str) -> str | None:
    """Why ``key`` cannot be a variable's name in a script or an export (None: it can)."""
    if not isinstance(key, str) or not VAR_NAME_RE.fullmatch(key):
        return translate("rocmdesk.torchenv.hooks",
                         "{key} is not a variable name (ASCII letters, digits and _, not starting with a digit)"
                         ).format(key=repr(key))
    return None


def value_problem(key: str, value: str) -> str | None:
    """Why ``value`` cannot be ``key``'s value in any environment (None: it can)."""
    if not isinstance(value, str):
        return translate("rocmdesk.torchenv.hooks", "{key}'s value is not text").format(key=key)
    if "\x00" in value:
        return translate("rocmdesk.torchenv.hooks",
                         "{key}'s value contains a NUL character, which no environment can hold").format(key=key)
    if _BAD_SURROGATE.search(value):
        return translate("rocmdesk.torchenv.hooks",
                         "{key}'s value contains a lone surrogate, which cannot be written to a file").format(key=key)
    return None


def check_profile(name: str, env: Mapping[str, str]) -> None:
    """Raise HookError unless profile ``name`` with ``env`` can be written: a usable profile name, variable
    names of ``[A-Za-z_][A-Za-z0-9_]*`` and values without NUL.  Whoever loaded the profile should have checked
    this already; the writers check again, so a bad name or value is refused here and never written."""
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise HookError(translate("rocmdesk.torchenv.hooks",
                                  "{name} is not a usable profile name: use 1-64 ASCII letters, digits, '.', '_' or "
                                  "'-', starting with a letter or digit").format(name=repr(name)))
    for key, value in env.items():
        problem = name_problem(key) or value_problem(key, value)
        if problem:
            raise HookError(translate("rocmdesk.torchenv.hooks", "profile {name}: {problem}").format(
                name=name, problem=problem))


# -- quoting -----------------------------------------------------------------------------------------------
def quote_sh(value: str) -> str:
    """bash/zsh: single quotes, each ``'`` as ``'\\''`` (nothing else is special inside, newlines included)."""
    return "'" + value.replace("'", "'\\''") + "'"


def quote_fish(value: str) -> str:
    """fish: single quotes, where only ``\\\\`` and ``\\'`` are escapes (as ``string escape`` would allow)."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _hex_bytes(text: str) -> str:
    return "".join(f"\\x{b:02x}" for b in text.encode("utf-8", errors="surrogateescape"))


def _words(value: str, quote, escape) -> str:
    parts = []
    pos = 0
    for m in _CONTROL.finditer(value):
        if m.start() > pos:
            parts.append(quote(value[pos:m.start()]))
        parts.append(escape(m.group()))
        pos = m.end()
    if pos < len(value) or not parts:
        parts.append(quote(value[pos:]))
    return "".join(parts)


def sh_word(value: str) -> str:
    """bash/zsh: one word that is ``value``, on one line: single quotes (``quote_sh``), with line breaks and other
    control characters as ``$'\\xHH'`` (the UTF-8 bytes), so no part of a value can become a line of its own.
    A value without such characters is exactly ``quote_sh(value)``."""
    return _words(value, quote_sh, lambda run: "$'" + _hex_bytes(run) + "'")


def fish_word(value: str) -> str:
    """fish: the same as ``sh_word`` with ``quote_fish`` and fish's ``\\xHH`` escapes outside the quotes."""
    return _words(value, quote_fish, _hex_bytes)


def escape_controls(text: str) -> str:
    """``text`` with every line break and other control character written as a Python-style escape (``\\r``,
    ``\\x1b``, ``\\u2028``), for a comment line that must stay one line in every reader."""
    return _CONTROL.sub(lambda m: "".join(ascii(c)[1:-1] for c in m.group()), text)


def csh_problem(value: str) -> str | None:
    """Why csh cannot carry ``value``, for the user (None: it can)."""
    if _LINE_BREAK.search(value):
        return translate("rocmdesk.torchenv.hooks",
                         "contains a line break, which csh cannot keep through activate and deactivate")
    return None


def quote_csh(value: str) -> str:
    """csh/tcsh: single quotes; ``'`` as ``'\\''`` and ``!`` as ``\\!`` (history expansion works even inside
    single quotes, also in sourced files).  Raises HookError for values csh cannot represent (a line break of
    any kind: csh has no escape for one)."""
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
    check_profile(name, env)
    return [(PROFILE_VAR, name)] + sorted((k, v) for k, v in env.items() if k != PROFILE_VAR)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", errors="surrogateescape")).hexdigest()


def _seal(lines: str) -> str:
    """A block's lines (from its start marker on) + the line with their sha256 + the end marker."""
    return lines + SEAL.format(digest=_digest(lines)) + "\n" + END + "\n"


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
        out.append(f"export {key}={sh_word(value)}\n")
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
    return _seal("".join(out))


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
        out.append(f"set -gx {key} {fish_word(value)}\n")
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
    return _seal("".join(out))


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
        return _seal(head + f'echo "{msg}" > /dev/stderr\n'), note
    out = [head]
    # Every step of _rocmdesk_restore tests _ROCMDESK_NOW, which its callers set: an alias called after
    # `&&` or `||` gets only its first `;`-step made conditional, the rest would always run.
    out.append("if ($?_ROCMDESK_SAVED) then\n    set _ROCMDESK_NOW=1\n    _rocmdesk_restore\nendif\n")
    # Saved values go to short numbered variables.  Whether a variable is set is asked of printenv (in a
    # subshell: a redirection inside `{ }` is ignored), which sees the environment only.  The value is read and
    # put back with an unquoted `$NAME:q`, the one form that keeps every byte ("`printenv NAME`" makes newlines
    # spaces, "$NAME:q" loses the backslash of a backslash-newline).  csh's own shell variables are lower-case,
    # so `$NAME` is the environment's NAME unless the user set a shell variable of that very name.  BSD csh
    # rejects `$NAME` for names over 30 characters (TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL has 39): there, and
    # only outside tcsh, printenv reads it (a line break in the old value comes back as a space); csh skips the
    # branch it does not take unread.
    now = "test $?_ROCMDESK_NOW != 0 && "
    restore = []
    for i, (key, _) in enumerate(items):
        old = f"_ROCMDESK_O{i}"
        restore.append(f"{now}test $?{old} = 0 && unsetenv {key}; "
                       f"{now}test $?{old} != 0 && setenv {key} ${old}:q && unset {old}; ")
    out.append("alias _rocmdesk_restore '" + "".join(restore) + f"{now}unset _ROCMDESK_SAVED; unset _ROCMDESK_NOW'\n")
    for i, (key, _) in enumerate(items):
        out.append(f"if ({{ ( printenv {key} >& /dev/null ) }}) then\n")
        if len(key) <= _CSH_MAX_NAME:
            out.append(f"    set _ROCMDESK_O{i}=${key}:q\n")
        else:
            out.append(f"    if ($?tcsh) then\n"
                       f"        set _ROCMDESK_O{i}=${key}:q\n"
                       f"    else\n"
                       f'        set _ROCMDESK_O{i}="`printenv {key}`"\n'
                       f"    endif\n")
        out.append("endif\n")
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
    return _seal("".join(out)), None


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
    sealed: bool = False  # its sha256 line matches its lines: exactly what rocmdesk wrote


def _lines(text: str):
    """(line number from 1, offset of its start, the line without its newline, offset after its newline)."""
    pos, number = 0, 0
    while pos < len(text):
        nl = text.find("\n", pos)
        stop = len(text) if nl < 0 else nl
        number += 1
        yield number, pos, text[pos:stop], (stop if nl < 0 else nl + 1)
        pos = stop if nl < 0 else nl + 1


def _sealed(text: str, start: int, end_line_start: int) -> bool:
    """Whether the line before the end marker holds the sha256 of the block's lines above it."""
    lines = text[start:end_line_start]
    if not lines.endswith("\n"):
        return False
    cut = lines.rfind("\n", 0, len(lines) - 1) + 1
    m = _SEAL_RE.fullmatch(lines[cut:-1])
    return bool(m) and m.group("digest") == _digest(lines[:cut])


def find_blocks(text: str) -> list[Block]:
    """The rocmdesk blocks in ``text``; HookError (with the line numbers) when any marker line is out of place.

    Every line that looks like one of our markers must be the start or end marker of a well-formed block, and
    each block must carry its matching sha256 line, or be the only block in the file.  So a file is either
    understood whole or not touched: never a block taken out up to a line that only looks like its end."""
    problems: list[str] = []
    found: list[tuple[str, int, int, int, int, int]] = []  # name, first line, start, last line, its start, end
    open_: tuple[str, int, int] | None = None
    for number, start, line, after in _lines(text):
        if not _MARKERISH.match(line):
            continue
        begin = _BEGIN_RE.fullmatch(line)
        if begin and NAME_RE.fullmatch(begin.group("name")):
            if open_ is not None:
                problems.append(translate("rocmdesk.torchenv.hooks",
                                          "line {line}: a start marker inside the block that starts on line {start}"
                                          ).format(line=number, start=open_[1]))
            open_ = (begin.group("name"), number, start)
        elif line == END:
            if open_ is None:
                problems.append(translate("rocmdesk.torchenv.hooks",
                                          "line {line}: an end marker without its start marker").format(line=number))
            else:
                found.append((*open_, number, start, after))
                open_ = None
        else:
            problems.append(translate("rocmdesk.torchenv.hooks",
                                      "line {line}: a line that looks like a rocmdesk marker but is not one that "
                                      "rocmdesk writes").format(line=number))
    if open_ is not None:
        problems.append(translate("rocmdesk.torchenv.hooks",
                                  "line {line}: a rocmdesk block has its start marker but not its end marker").format(
            line=open_[1]))
    blocks = []
    for name, first, start, last, last_start, end in found:
        sealed = _sealed(text, start, last_start)
        if not sealed and len(found) > 1:
            problems.append(translate("rocmdesk.torchenv.hooks",
                                      "lines {first}-{last}: a block without its matching checksum (written by an "
                                      "older rocmdesk, or changed by hand) is only taken out when it is the file's "
                                      "only block").format(first=first, last=last))
        joined = text.startswith(JOINED, text.index("\n", start) + 1)
        if joined and start > 0 and text[start - 1] == "\n":
            start -= 1
        blocks.append(Block(name, start, end, joined, sealed))
    if problems:
        raise HookError(translate("rocmdesk.torchenv.hooks",
                                  "cannot tell which lines rocmdesk wrote, so the file was left as it is: {problems}. "
                                  "Take the block out by hand, or write the venv's scripts afresh with {command} "
                                  "(the installed packages stay)").format(
            problems="; ".join(problems), command="`python3 -m venv VENV`"))
    return blocks


def strip_blocks(text: str) -> tuple[str, list[Block]]:
    blocks = find_blocks(text)
    for b in reversed(blocks):
        text = text[: b.start] + text[b.end:]
    return text, blocks


def _with_block(base: str, block: str) -> str:
    if base and not base.endswith("\n"):
        lines = block.rsplit("\n", 3)[0] + "\n"  # without the sha256 line and the end marker
        first, rest = lines.split("\n", 1)
        return base + "\n" + _seal(first + "\n" + JOINED + rest)
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


def _parsed(path: Path) -> tuple[str, list[Block]]:
    text = _read(path)
    try:
        return text, find_blocks(text)
    except HookError as exc:
        raise HookError(f"{path}: {exc}") from None


def apply_hooks(venv: str | os.PathLike[str], name: str, env: Mapping[str, str]) -> list[HookResult]:
    """Write profile ``name``'s block into each activate script of ``venv`` (replacing any older block).
    Every script is read and checked before any is written: a problem in one leaves all three as they were."""
    if not (Path(venv) / "bin").is_dir():
        raise HookError(translate("rocmdesk.torchenv.hooks", "{venv} is not a venv (it has no bin/ folder)").format(
            venv=venv))
    check_profile(name, env)
    planned: list[tuple[str, Path, str | None, str | None, str | None]] = []  # shell, path, old, new, note
    for shell, filename in SCRIPTS:
        path = _script_path(venv, filename)
        if not path.is_file():
            planned.append((shell, path, None, None, None))
            continue
        text, old = _parsed(path)
        base = text
        for b in reversed(old):
            base = base[: b.start] + base[b.end:]
        block, note = render(shell, name, env, base)
        others = sorted({b.name for b in old if b.name != name})
        if others:
            extra = translate("rocmdesk.torchenv.hooks", "replaced the block of profile {names}").format(
                names=", ".join(others))
            note = f"{note}; {extra}" if note else extra
        planned.append((shell, path, text, _with_block(base, block), note))
    results = []
    for shell, path, text, new, note in planned:
        if text is None:
            results.append(HookResult(shell, path, "absent"))
        elif new == text:
            results.append(HookResult(shell, path, "unchanged", note))
        else:
            _write(path, new)
            results.append(HookResult(shell, path, "written", note))
    return results


def remove_hooks(venv: str | os.PathLike[str], name: str | None = None) -> list[HookResult]:
    """Take profile ``name``'s blocks out of the activate scripts (every rocmdesk block when None).
    Every script is read and checked before any is written: a block is taken out whole, or nothing is."""
    planned: list[tuple[str, Path, str | None, str | None, list[str]]] = []
    for shell, filename in SCRIPTS:
        path = _script_path(venv, filename)
        if not path.is_file():
            planned.append((shell, path, None, None, []))
            continue
        text, blocks = _parsed(path)
        mine = [b for b in blocks if name is None or b.name == name]
        kept = sorted({b.name for b in blocks if b not in mine})
        new = text
        for b in reversed(mine):
            new = new[: b.start] + new[b.end:]
        planned.append((shell, path, text, new, kept))
    results = []
    for shell, path, text, new, kept in planned:
        if text is None:
            results.append(HookResult(shell, path, "absent"))
            continue
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
        except HookError:  # apply will say what is wrong with the file
            out.append(HookState(shell, path, "stale"))
            continue
        if not blocks:
            out.append(HookState(shell, path, "missing"))
        elif all(b.name != name for b in blocks):
            out.append(HookState(shell, path, "other", blocks[0].name))
        else:
            try:
                block, _ = render(shell, name, env, base)
            except HookError:  # a profile that cannot be written (apply says why)
                out.append(HookState(shell, path, "stale"))
                continue
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
