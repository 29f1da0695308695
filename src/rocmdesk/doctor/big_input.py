"""What the Doctor's reading of a big input starts from, importing nothing: the words a line of interest holds and
the sizes that decide how an input is read.  ``doctor --from`` starts grep over a big file with these before the
rest of the Doctor (dataclasses, the formats, numpy) is imported, so grep's half second begins as early as it can
(rocmdesk.doctor.grep_offsets); rocmdesk.doctor.excerpt reads with them."""

from __future__ import annotations

STREAM_ABOVE = 1 << 20  # smaller inputs are read as they are
MAX_STREAM_BYTES = 8 << 30  # more than this is not read (a log never is; a disk image piped in could be endless)

# a line of interest holds one of these (lowercase ASCII): every recognizer's and catalogue pattern's own words; a
# test checks that each of the house plan's error strings and each catalogue symptom sample holds one
KEYWORDS: tuple[bytes, ...] = (
    b"hip", b"hsa", b"kfd", b"gpu", b"gfx", b"rocm", b"rocblas", b"miopen", b"tensile", b"ccl", b"cuda", b"nvidia",
    b"nvml", b"out of memory", b"outofmemory", b"shared object", b"segmentation fault", b"core dumped", b"aborted",
    b"fatal python", b"fault", b"watchdog", b"torch", b"illegal instruction", b"bus error", b"dxg", b"wsl",
    b"permission denied", b"not permitted", b"cannot allocate memory", b"member of", b"not initialized",
    b"physically removed", b"fell off the bus", b"timeout", b"mes failed", b"supported_devices", b"code object",
    b"4104", b"atomics",
)
