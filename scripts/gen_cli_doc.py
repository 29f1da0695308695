#!/usr/bin/env python3
"""Write docs/cli.md, the command line reference, from rocmdesk's own argparse parsers.

    python scripts/gen_cli_doc.py            # rewrite docs/cli.md
    python scripts/gen_cli_doc.py --check    # exit 1 when docs/cli.md is out of date (tests/docs runs this)

``cli.build_parser(argv)`` imports only the chosen command's module (``rocmdesk.cli.<name>``), so the reference
is built one command at a time: ``build_parser([name])`` for each name.  The text is English whatever the locale (LANGUAGE=en,
LC_ALL=C.UTF-8 are set before rocmdesk is imported).  Options are rendered by this script, not by argparse's
own help formatter, whose line wrapping differs between Python versions: the file must not change with them.
Exit codes come from each command's own text (its epilog, else the "Exit codes:" paragraph of its module's
docstring); the few commands without one are listed in EXIT_CODES below.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

os.environ["LANGUAGE"] = "en"
os.environ["LC_ALL"] = "C.UTF-8"

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from rocmdesk import cli  # noqa: E402 (after the locale is fixed)

OUT = ROOT / "docs" / "cli.md"

# commands whose exit codes are written down nowhere in their own module (rocmdesk.cli's docstring covers them)
EXIT_CODES: dict[str, str] = {
    "rocmdesk": "0 success; 1 an internal error (a bug: please report it); 2 bad usage; "
                "3 unreadable or unrecognized input. Each command adds its own below.",
    "detect": "0 at least one AMD GPU was found; 2 bad usage (unknown simulated machine, --root that is not a "
              "directory); 4 no AMD GPU was found (the report is still printed).",
    "inspect": "0 ok; 2 bad usage; 3 a file that cannot be read, or output rocmdesk does not recognize.",
    "simulate": "0 ok; 2 bad usage (an unknown machine name).",
    "plan": "0 ok; 2 bad usage (an unknown ROCm release, an unknown simulated machine).",
    "exporter": "0 stopped with Ctrl-C; 2 bad usage (not a TCP port, an address or port that cannot be "
                "opened); 4 no AMD GPU.",
    "shell": "the shell's own; 2 bad usage or an unknown profile; 3 an unreadable profile file; "
             "126 the shell cannot be run; 127 the shell was not found.",
    "gui": "the app's own; 2 bad usage (no display, an unknown simulated machine, a bad --root).",
}


def _sub_action(parser: argparse.ArgumentParser) -> argparse._SubParsersAction | None:
    return next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)), None)


def _helps(action: argparse._SubParsersAction) -> dict[str, str]:
    return {a.dest: a.help or "" for a in action._choices_actions}


def _module_exit_text(command: str) -> str | None:
    if command not in cli.COMMANDS:
        return None
    doc = cli.command_module(command).__doc__ or ""
    for para in re.split(r"\n\s*\n", doc):
        m = re.search(r"Exit codes\b[^:]*:(.*)", para, re.S)
        if m:
            return " ".join(m.group(1).split())
    return None


def _exit_text(command: str, parser: argparse.ArgumentParser) -> str | None:
    if parser.epilog and parser.epilog.startswith("Exit codes"):
        return parser.epilog.split(":", 1)[1].strip()
    return _module_exit_text(command) or EXIT_CODES.get(command)


def _clean(text: str) -> str:
    """Markdown-safe one line: backquotes for ``code``, pipes escaped for tables."""
    text = " ".join(text.split()).replace("``", "`")
    return text.replace("|", "\\|")


def _metavar(a: argparse.Action) -> str:
    if a.nargs == 0:
        return ""
    if a.metavar is not None:
        return str(a.metavar)
    if a.choices is not None:
        return "{" + ",".join(str(c) for c in a.choices) + "}"
    return a.dest.upper()


def _option_names(a: argparse.Action) -> str:
    mv = _metavar(a)
    return ", ".join(f"`{o} {mv}`" if mv else f"`{o}`" for o in a.option_strings)


def _default(a: argparse.Action) -> str:
    d = a.default
    if d in (None, False, argparse.SUPPRESS, [], "") or a.nargs == 0:
        return ""
    return f"`{d}`"


def _groups(parser: argparse.ArgumentParser) -> dict[int, str]:
    """id(action) -> a note on its mutually exclusive group: the options it excludes, or that one is required."""
    out: dict[int, str] = {}
    for g in parser._mutually_exclusive_groups:
        names = [a.option_strings[-1] for a in g._group_actions if a.option_strings]
        for a in g._group_actions:
            if g.required:
                out[id(a)] = "one of " + ", ".join(f"`{n}`" for n in names) + " is required"
            else:
                others = [n for n in names if n not in a.option_strings]
                out[id(a)] = "not with " + ", ".join(f"`{n}`" for n in others)
    return out


def _usage(prog: str, parser: argparse.ArgumentParser) -> str:
    parts = [prog]
    sub = _sub_action(parser)
    required = [a for a in parser._actions if a.option_strings and a.required]
    optional = [a for a in parser._actions if a.option_strings and not a.required and a.help != argparse.SUPPRESS
                and not isinstance(a, argparse._HelpAction)]
    for a in required:
        mv = _metavar(a)
        parts.append(f"{a.option_strings[-1]} {mv}".strip())
    if optional:
        parts.append("[options]")
    for a in parser._actions:
        if a.option_strings or a is sub:
            continue
        mv = _metavar(a)
        if a.nargs == argparse.REMAINDER:
            parts.append(f"[{mv}]")
        elif a.nargs in ("+",):
            parts.append(f"{mv} [{mv} ...]")
        elif a.nargs in ("*", "?"):
            parts.append(f"[{mv}]")
        else:
            parts.append(mv)
    if sub is not None:
        parts.append(str(sub.metavar or "COMMAND"))
    elif prog == "rocmdesk":  # the top level, shown without its command list (each command has a section)
        parts.append("[COMMAND]")
    return " ".join(parts)


def _section(level: int, prog: str, parser: argparse.ArgumentParser, short: str, command: str) -> list[str]:
    lines = [f"{'#' * level} {prog}", ""]
    if short:
        lines += [_clean(short[0].upper() + short[1:]) + ".", ""]
    if parser.description and parser.description != short:
        lines += [_clean(parser.description), ""]
    lines += ["```", _usage(prog, parser), "```", ""]
    positionals = [a for a in parser._actions if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]
    if positionals:
        lines += ["| Argument | Meaning |", "|---|---|"]
        for a in positionals:
            lines.append(f"| `{_metavar(a)}` | {_clean(a.help or '')} |")
        lines.append("")
    excl = _groups(parser)
    options = [a for a in parser._actions if a.option_strings and a.help != argparse.SUPPRESS
               and not isinstance(a, argparse._HelpAction)]
    if options:
        lines += ["| Option | Meaning | Default |", "|---|---|---|"]
        for a in options:
            meaning = _clean(a.help or "")
            if a.required:
                meaning = "Required: " + meaning if meaning else "Required."
            if excl.get(id(a)):
                meaning += f" ({excl[id(a)]})"
            lines.append(f"| {_option_names(a)} | {meaning.strip()} | {_default(a)} |")
        lines.append("")
    codes = _exit_text(command, parser)
    if codes and level <= 2:
        lines += [f"Exit codes: {_clean(codes)}", ""]
    sub = _sub_action(parser)
    if sub is not None:
        helps = _helps(sub)
        for name, child in sub.choices.items():
            lines += _section(level + 1, f"{prog} {name}", child, helps.get(name, ""), command)
    return lines


# the JSON contract of the advice (rocmdesk.advice), written here and rendered below the commands with an example
# computed from a simulated machine (so the example changes, and the check fails, when the knowledge data does)
EXAMPLE_MACHINE = "rx6600xt-old-driver"

ADVICE_DOC = """\
## The advice object (JSON)

Every JSON output that speaks about a GPU carries rocmdesk's one verdict for it, computed once by
`rocmdesk.advice` from the detected machine, the knowledge data and a context (the ROCm installed or chosen,
the amdgpu-dkms driver in use, the wheel source, a pinned or installed torch, the override variables in effect):
each GPU record has an `advice` object, and the machine has one too. Keys are only ever added, never renamed.
Sentences (`reason`, `why`, `warnings`, `message`) are for people and may be reworded; programs decide on the
codes and values.

Where it is:

| Command | Per-GPU `advice` | Machine `advice` |
|---|---|---|
| `rocmdesk detect --json` | `gpus[i].advice` | `advice` |
| `rocmdesk inspect FILE --json` | `gpus[i].advice` | `advice` (the paste's own context: no installed ROCm, the override the runtime's report betrays, a collect_env's torch) |
| `rocmdesk plan --format json` | `machine.gpus[i].advice` | `machine.advice` |
| `rocmdesk torch recommend --json` | `gpus[i].advice` | (the card's own fields) |
| `rocmdesk doctor --json` | `machine.gpus[i].advice` | `machine.advice` |

For the same machine and the same context these objects are **equal** across `detect`, `inspect`,
`plan --format json` (under `machine`), `torch recommend` and `doctor` (under `machine`); each GPU's `support`
(`status`, `override`, `reason`, `source`) says the same as its `advice`. `torch recommend --torch VERSION` is
another context (that torch), and so is `plan --rocm VERSION` for its reasons; their objects differ accordingly.
`tests/advice/test_consistency.py` holds every simulated machine to this.

### Per GPU: `advice`

| Key | Meaning |
|---|---|
| `status` | `supported`, `override` (runs with an override), `risky`, `unsupported` or `unknown`: this GPU on the recommended path |
| `override` | the `HSA_OVERRIDE_GFX_VERSION` value this GPU needs on that path (`"10.3.0"`), or null |
| `override_var` | the variable that carries it: `HSA_OVERRIDE_GFX_VERSION`, or the per-GPU form `HSA_OVERRIDE_GFX_VERSION_<KFD node>` when only some GPUs need one; null when none is needed (or the GPU is not used) |
| `env` | every variable a process using this GPU should have: the override in its form, `ROCR_VISIBLE_DEVICES` when a GPU is hidden, the allocator settings |
| `path` | the recommended wheels (a path object, below), the same for every GPU of the machine |
| `reason` | one sentence: why this status, citing AMD's list for `rocm_cited` and the wheels' arch list |
| `sources` | ids of the facts the reason rests on (see `rocmdesk/knowledge/data/sources.json`) |
| `alternatives` | other ways to run this GPU, each with its own verdict (below) |
| `used` | false for a GPU kept out of the runtime (an integrated GPU beside a discrete one) |
| `rocm_cited` | the ROCm release whose AMD support list the reason cites (the installed one, else the newest) |
| `runtime_index` | the device number ROCr/HIP give this GPU (KFD node order, not the DRM card order); null when unknown |

A path object: `stream` (`pytorch`: PyTorch's index; `amd`: AMD's per-family index; `installed`: a torch that is
there already), `rocm` (the ROCm user space the wheels bring, `"6.4"`; null when the index decides), `index_url`,
`torch` (the exact version, `"2.9.1+rocm6.4"`; null when pip takes the index's newest) and `driver_update` (true:
the path needs a newer amdgpu-dkms driver than the installed one).

An alternative: `status`, `override`, `path`, `reason` as above, and `why`, a code: `other-source` (the other
wheel index), `driver` (better wheels that need a driver update), `safer` (a wheel without a known caution of the
path's ROCm).

### Per machine: `advice`

| Key | Meaning |
|---|---|
| `status` | the worst status among the GPUs used; `no-gpu` without an AMD GPU |
| `path` | the recommended wheels (a path object), one path that serves every GPU used |
| `env` | what a profile for this machine sets: the override (global or per-GPU form), `ROCR_VISIBLE_DEVICES` (the only variable rocmdesk uses to hide a GPU; its value in the runtime's numbering), the allocator settings |
| `used` | the `index` of each GPU a process will use |
| `hidden` | the `index` of each GPU kept out of the runtime |
| `deciding` | the `index` of the GPU the choice of path hinges on |
| `rocm_cited` | as per GPU |
| `why` | topic (`gpu`, `override`, `devices`, `driver`) to one sentence |
| `warnings` | sentences the path comes with |
| `notes` | what the advice says of the override variables in effect (below) |
| `sources` | every fact id the advice rests on |

A note: `code` (`override-needless`, `override-wrong`, `override-risky`, `override-missing`), `var` (the variable
set, or the one advised when none is), `value` (what is set; null: nothing), `wanted` (what the advice sets; null:
unset it) and `message`.

Example: `rocmdesk detect --json --simulate {machine}` (an RX 6600 XT, ROCm and amdgpu-dkms from 6.2.4), the
first GPU's `advice`:

```json
{gpu}
```

and the machine's `advice`:

```json
{whole}
```
"""


def _advice_example() -> str:
    import json

    from rocmdesk.advice import attach
    from rocmdesk.machine import open_sim
    from rocmdesk.machine.detect import detect

    report = detect(open_sim.open_simulated(EXAMPLE_MACHINE))
    advice = attach(report)
    gpu = json.dumps(report.gpus[0].advice.to_json(), indent=2, ensure_ascii=False)
    whole = json.dumps(advice.to_json(), indent=2, ensure_ascii=False)
    return ADVICE_DOC.format(machine=EXAMPLE_MACHINE, gpu=gpu, whole=whole)


def render() -> str:
    top = cli.build_parser([], listing=True)
    top_sub = _sub_action(top)
    assert top_sub is not None
    helps = _helps(top_sub)
    lines = [
        "# rocmdesk command line reference",
        "",
        "<!-- Generated by scripts/gen_cli_doc.py from the argparse parsers; do not edit by hand. -->",
        "",
        _clean(top.description or ""),
        "",
        "`--root DIR` (a captured machine tree) and `--simulate NAME` (a simulated machine, see "
        "`rocmdesk simulate list`) work before the command and, for commands that read the machine, after it.",
        "",
        "Commands: " + ", ".join(f"[`{n}`](#rocmdesk-{n})" for n in top_sub.choices) + ".",
        "",
    ]
    lines += _section(2, "rocmdesk", _strip_subcommands(top), "", "rocmdesk")
    for name in top_sub.choices:
        parser = cli.build_parser([name])
        sub = _sub_action(parser)
        assert sub is not None
        lines += _section(2, f"rocmdesk {name}", sub.choices[name], _helps(sub).get(name, ""), name)
    lines += _advice_example().splitlines()
    return "\n".join(lines).rstrip() + "\n"


def _strip_subcommands(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The top-level parser without its command list (each command has its own section)."""
    copy = argparse.ArgumentParser(prog=parser.prog, description=None, add_help=False)
    for a in parser._actions:
        if not isinstance(a, (argparse._SubParsersAction, argparse._HelpAction)):
            copy._add_action(a)
    copy.epilog = parser.epilog
    return copy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write docs/cli.md from rocmdesk's argparse parsers.")
    ap.add_argument("--check", action="store_true", help="exit 1 when docs/cli.md is not what this would write")
    args = ap.parse_args(argv)
    text = render()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python scripts/gen_cli_doc.py", file=sys.stderr)
            return 1
        return 0
    tmp = OUT.with_suffix(".md.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(OUT)  # atomic: a reader never sees half a file
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
