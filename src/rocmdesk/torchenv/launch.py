"""What ``rocmdesk run PROFILE -- CMD`` and ``rocmdesk shell PROFILE`` start: a profile's environment without
activating.

Both build the environment an activated venv plus the profile would give (``exports.profile_environ``); the
command line then *replaces* its process with the command, so signals, the terminal and the exit status are the
command's own.  Nothing here touches the activate scripts.  (This starts the user's own program, not a read of the
machine, so it does not go through the Host seam.)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from rocmdesk.i18n import translate


@dataclass(frozen=True)
class Launch:
    argv: list[str]
    env: dict[str, str]
    cwd: str | None


def launch_profile(name: str):
    """The profile ``name``, whose venv must exist (a ``bin/`` folder): ProfileError (ProfileFileError for an
    unreadable file) otherwise."""
    from rocmdesk.torchenv.profile_store import load_profile

    prof = load_profile(name)
    if not Path(prof.venv, "bin").is_dir():
        from rocmdesk.torchenv.profiles import ProfileError

        raise ProfileError(translate("rocmdesk.torchenv.cli_run", "profile {name}: {venv} is not a venv (no bin/ "
                                                                  "folder); create it first, e.g. {command}").format(
            name=name, venv=prof.venv, command=f"`rocmdesk torch install --venv {prof.venv}`"))
    return prof


def run_launch(prof, command: list[str], cd: bool, base: Mapping[str, str] | None = None) -> Launch:
    """``command`` with the profile's environment (over ``base``, else this process's), in its project folder
    when ``cd``."""
    from rocmdesk.torchenv.exports import profile_environ

    return Launch(list(command), profile_environ(prof, base), prof.project_dir if cd else None)


def user_shell(base: Mapping[str, str]) -> str:
    """``$SHELL`` when it names an executable by its full path, else /bin/sh."""
    shell = base.get("SHELL")
    if shell and os.path.isabs(shell) and os.access(shell, os.X_OK):
        return shell
    return "/bin/sh"


def shell_launch(prof, shell_args: list[str], here: bool, base: Mapping[str, str] | None = None) -> Launch:
    """The user's shell with the profile's environment, in its project folder unless ``here`` (or the folder is
    gone)."""
    from rocmdesk.torchenv.exports import profile_environ

    env = profile_environ(prof, base)
    shell = user_shell(env)
    cwd = None if here or not Path(prof.project_dir).is_dir() else prof.project_dir
    return Launch([shell] + list(shell_args), env, cwd)
