"""A Host that notes what it is asked for, so a snapshot holds exactly what rocmdesk reads (``rocmdesk capture``).

Every machine path read, listed, followed or stat'ed through the seam and every command run is kept with its answer;
a path mapped with :meth:`Host.path` (the monitor's sampler opens those itself, keeping them open) is noted too and
read once when the snapshot is made.  Nothing is read that the detection, the Doctor's machine checks or one monitor
sample would not read themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rocmdesk.machine.host import DEFAULT_TIMEOUT_S, CommandResult, FileStat, Host, OpenCheck


@dataclass
class RecordingHost(Host):
    """``inner``'s machine, seen through the same root, with a note of every answer (see the module's note)."""

    files: dict[str, bytes] = field(default_factory=dict)  # machine path -> the bytes read (the longest read)
    absent: set[str] = field(default_factory=set)  # paths asked for that are not there (or not regular files)
    dirs: dict[str, list[str]] = field(default_factory=dict)  # machine path -> its names
    links: dict[str, str] = field(default_factory=dict)  # machine path -> the link's target, as stored
    stats: dict[str, FileStat] = field(default_factory=dict)  # device nodes and others stat'ed
    opens: dict[str, OpenCheck] = field(default_factory=dict)
    ran: list[CommandResult] = field(default_factory=list)
    mapped: set[str] = field(default_factory=set)  # machine paths handed out by path() (read when saved)
    _walked: set[str] = field(default_factory=set, repr=False)

    @classmethod
    def over(cls, inner: Host) -> "RecordingHost":
        return cls(root=inner.root, live=inner.live, label=inner.label, simulated=inner.simulated,
                   commands=dict(inner.commands), env=dict(inner.env))

    # -- what the seam answers, noted -------------------------------------------------------------------------
    def path(self, p: str) -> Path:
        self.mapped.add(p)
        return super().path(p)

    def read_bytes(self, p: str, limit: int | None = None) -> bytes | None:
        data = super().read_bytes(p, limit)
        if data is None:
            self.absent.add(p)
        elif len(data) >= len(self.files.get(p, b"")):
            self.files[p] = data
        self._note_links(p)
        return data

    def listdir(self, p: str) -> list[str]:
        names = super().listdir(p)
        if names or self.is_dir(p):
            self.dirs[p] = names
        self._note_links(p)
        return names

    def readlink(self, p: str) -> str | None:
        target = super().readlink(p)
        if target is not None:
            self.links[p] = target
        return target

    def realpath(self, p: str) -> str:
        self._note_links(p)
        return super().realpath(p)

    def stat(self, p: str) -> FileStat | None:
        st = super().stat(p)
        if st is not None:
            self.stats[p] = st
        return st

    def try_open_rw(self, p: str) -> OpenCheck:
        check = super().try_open_rw(p)
        self.opens[p] = check
        return check

    def run(self, argv: list[str] | tuple[str, ...], timeout: float = DEFAULT_TIMEOUT_S) -> CommandResult:
        result = super().run(argv, timeout)
        self.ran.append(result)
        return result

    def _note_links(self, p: str) -> None:
        """The symbolic links on the way to ``p`` (sysfs is made of them: ``card0/device``), each where it really
        sits (its parent resolved), so a tree made from the notes resolves the same paths to the same files."""
        if p in self._walked:
            return
        self._walked.add(p)
        resolved = ""
        for part in (x for x in p.split("/") if x):
            here = f"{resolved}/{part}"
            target = Host.readlink(self, here)
            if target is not None:
                self.links[here] = target
                resolved = Host.realpath(self, here)
            else:
                resolved = here

    def real_path(self, p: str) -> str:
        """Where ``p`` really is on the machine, its links followed (where a snapshot stores its bytes)."""
        return Host.realpath(self, p)
