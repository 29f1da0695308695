"""argparse's own words ("usage:", "options", "the following arguments are required: ...") in the user's language.

argparse asks gettext for them, and no catalogue ships them for gettext's default domain, so a Chinese ``--help``
would say "usage:" and "options" around Chinese help texts.  argparse looks each one up through its module-level
names ``_`` and ``ngettext`` when it builds a parser and when it reports an error; ``install`` points those names
at rocmdesk's catalogue (context "argparse").  A wording not listed here (another Python version's) stays English.
"""

from __future__ import annotations

import argparse

from rocmdesk.i18n import QT_TRANSLATE_NOOP, translate


# argparse's texts as Python 3.10-3.12 word them (Lib/argparse.py), for lupdate to collect
TEXTS = (
    QT_TRANSLATE_NOOP("argparse", "usage: "),
    QT_TRANSLATE_NOOP("argparse", "positional arguments"),
    QT_TRANSLATE_NOOP("argparse", "options"),
    QT_TRANSLATE_NOOP("argparse", "optional arguments"),
    QT_TRANSLATE_NOOP("argparse", "subcommands"),
    QT_TRANSLATE_NOOP("argparse", "show this help message and exit"),
    QT_TRANSLATE_NOOP("argparse", "%(prog)s: error: %(message)s\n"),
    QT_TRANSLATE_NOOP("argparse", "the following arguments are required: %s"),
    QT_TRANSLATE_NOOP("argparse", "unrecognized arguments: %s"),
    QT_TRANSLATE_NOOP("argparse", "argument %(argument_name)s: %(message)s"),
    QT_TRANSLATE_NOOP("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    QT_TRANSLATE_NOOP("argparse", "invalid %(type)s value: %(value)r"),
    QT_TRANSLATE_NOOP("argparse", "expected one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected at most one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected at least one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected %s argument"),
    QT_TRANSLATE_NOOP("argparse", "expected %s arguments"),
    QT_TRANSLATE_NOOP("argparse", "not allowed with argument %s"),
    QT_TRANSLATE_NOOP("argparse", "one of the arguments %s is required"),
    QT_TRANSLATE_NOOP("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    QT_TRANSLATE_NOOP("argparse", "ignored explicit argument %r"),
    QT_TRANSLATE_NOOP("argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    QT_TRANSLATE_NOOP("argparse", "can't open '%(filename)s': %(error)s"),
    QT_TRANSLATE_NOOP("argparse", "unexpected option string: %s"),
)


def gettext(text: str | None) -> str | None:
    """argparse's ``_``: the text in the current language (argparse also passes None, and its own titles)."""
    return translate("argparse", text) if text else text


def ngettext(singular: str, plural: str, n: int) -> str:
    return gettext(singular if n == 1 else plural) or ""


def install() -> None:
    """Before any parser is built: argparse's group titles are looked up when a parser is made."""
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
