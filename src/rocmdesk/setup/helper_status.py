"""Whether this rocmdesk can run a plan as root, said where people look: ``--version`` and ``rocmdesk plan``.

A pip, pipx or ``uv tool install`` has no system helper, and rocmdesk will not make one (see ``runner``):
those installs must hear that before they try ``apply``, not after.
"""

from __future__ import annotations

from rocmdesk import __version__
from rocmdesk.i18n import translate


def why() -> str:
    """Why there is no helper and what to do instead (read when shown, in the current language)."""
    return translate(
        "rocmdesk.setup.helper_status",
        "A pip, pipx or uv tool install has none, so `rocmdesk apply` and the Setup page cannot run a plan as root; "
        "`rocmdesk plan --format script` gives the same plan as a script to read and run with sudo. The Debian "
        "package installs the helper (see packaging/README.md in rocmdesk's source).")


def status_line() -> str:
    """One line: where the helper is, or why there is none and what to do instead."""
    from rocmdesk.setup import runner  # here, not at the top: cli.py imports this module on every start

    path = runner.helper_path()
    if path is not None:
        return translate("rocmdesk.setup.helper_status", "system helper: {path}").format(path=path)
    return translate("rocmdesk.setup.helper_status", "system helper: not installed ({path}). {why}").format(
        path=runner.HELPER, why=why())


def version_text() -> str:
    """``rocmdesk --version``: the version on the first line (scripts read that), the helper on the second."""
    return f"rocmdesk {__version__}\n{status_line()}"


def plan_note() -> str | None:
    """The note under a text plan when it cannot be applied from this install; None when it can."""
    from rocmdesk.setup import runner

    if runner.helper_path() is not None:
        return None
    return translate("rocmdesk.setup.helper_status",
                     "Note: rocmdesk's system helper is not installed ({path}). {why}").format(
                         path=runner.HELPER, why=why())
