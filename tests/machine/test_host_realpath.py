"""Host.realpath asks the kernel (issue 19: detection resolves 65 DRM cards on an MI300X box) and answers what
os.path.realpath answers, for every path of a simulated machine's tree and for the odd ones."""

from __future__ import annotations

import os

from rocmdesk.machine.host import resolved_path


def test_the_kernels_answer_is_the_standard_librarys(tmp_path):
    from rocmdesk.machine.open_sim import open_simulated

    root = str(open_simulated("mi300x-8gpu-server").root)
    (tmp_path / "dir").mkdir()
    (tmp_path / "file").write_text("x")
    (tmp_path / "rel").symlink_to("dir")
    (tmp_path / "abs").symlink_to(tmp_path / "file")
    (tmp_path / "dangling").symlink_to("nowhere/else")
    (tmp_path / "loop1").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop1")
    (tmp_path / "up").symlink_to("dir/../rel/..")
    (tmp_path / "fifo").symlink_to("dir")
    os.mkfifo(tmp_path / "dir" / "pipe")
    paths = [os.path.join(d, n) for base in (root, str(tmp_path)) for d, dirs, files in os.walk(base)
             for n in dirs + files]
    odd = ["/", "/sys/../etc", str(tmp_path / "missing" / "x"), str(tmp_path / "rel/"), str(tmp_path / "up/file")]
    for p in paths[:20000] + odd:
        for q in (p, p + "/", p + "/..", p + "/./x"):
            assert resolved_path(q) == os.path.realpath(q), q
