"""The tests' wrapper around the shipped sanity check: ``python -I check_wrapper.py ARGS`` in the torch venv.

The shipped ``rocmdesk/sanity/check_script.py`` has no test hooks.  This file imports it as a module, patches
what a test asks for, and runs its real ``main()`` with the same arguments, so the runner, the protocol and
every phase are the real ones.  What to patch comes as one JSON object in the variable ``CHECK_WRAPPER``
(made by ``wrapper_env`` below; the variable is the tests' own, the product never reads it):

- ``script``: the check script to wrap (the one the runner ships).
- ``faults``: ``["KIND:PHASE[:STEP]", ...]``.  At a phase's start (no STEP) or before the loss of training step
  STEP: ``raise`` (an exception), ``hang`` (sleeps for ever), ``hang-hard`` (ignores SIGTERM too), ``kill``
  (SIGKILL), ``segv`` (a real segmentation fault), ``exit`` (``os._exit(3)``).  Wrong numbers:
  ``wrong:numeric`` (the device's matmul is off by one), ``nofall:fp32|amp`` (Adam at learning rate 0),
  ``nan:fp32|amp`` (the loss is NaN).  In the all-reduce's last rank: ``hang-rank:multi_gpu`` (it hangs in
  its first collective) and ``wrong:multi_gpu`` (it adds one to its tensor first).
- ``cpu_bf16``: true or false, whatever this CPU has (``cpu_bf16_helps``).
- ``cpu_fp16``: the AMP phase takes the GPU's float16 + GradScaler path on the CPU.
- ``cpu_resnet``: ``[BATCH, PIXELS]``: the ResNet-50-like size runs on a CPU, shrunk to this batch and side.

It keeps to the standard library (the venv has torch and nothing of rocmdesk).  The all-reduce's ranks are
spawned processes that run this file again as ``__mp_main__``: importing it does nothing but define functions.
"""

import importlib.util
import json
import os
import signal
import sys
import time
from pathlib import Path

VARIABLE = "CHECK_WRAPPER"
WRAPPER = Path(__file__).resolve()
SHIPPED = WRAPPER.parents[2] / "src" / "rocmdesk" / "sanity" / "check_script.py"
STOPS = ("raise", "hang", "hang-hard", "kill", "segv", "exit")  # faults that act at a moment


def wrapper_env(script=None, faults=(), cpu_bf16=None, cpu_fp16=False, cpu_resnet=None):
    """``{CHECK_WRAPPER: ...}`` for the check's environment (the tests' side)."""
    config = {"script": str(script or SHIPPED), "faults": list(faults)}
    if cpu_bf16 is not None:
        config["cpu_bf16"] = bool(cpu_bf16)
    if cpu_fp16:
        config["cpu_fp16"] = True
    if cpu_resnet:
        config["cpu_resnet"] = list(cpu_resnet)
    return {VARIABLE: json.dumps(config)}


# ---- inside the venv's python -----------------------------------------------------------------------------
def _config():
    return json.loads(os.environ.get(VARIABLE) or "{}")


def _faults(config):
    out = []
    for text in config.get("faults") or ():
        bits = text.split(":")
        out.append((bits[0], bits[1], int(bits[2]) if len(bits) > 2 else None))
    return out


def _load(config):
    """The shipped check as the module ``check_script`` (its ``__main__`` block does not run)."""
    if "check_script" in sys.modules:
        return sys.modules["check_script"]
    spec = importlib.util.spec_from_file_location("check_script", config.get("script") or str(SHIPPED))
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_script"] = module
    spec.loader.exec_module(module)
    return module


def _stop(kind, phase):
    if kind == "raise":
        raise RuntimeError("injected fault in phase {} (check_wrapper)".format(phase))
    if kind == "exit":
        os._exit(3)
    if kind == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if kind == "segv":
        import ctypes

        ctypes.string_at(0)  # a real segmentation fault: the check's faulthandler prints where
    if kind in ("hang", "hang-hard"):
        if kind == "hang-hard":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # only SIGKILL ends it
        while True:
            time.sleep(3600)


def _at_phase_start(method, kinds, phase):
    def phase_method(self):
        for kind in kinds:
            _stop(kind, phase)
        return method(self)

    return phase_method


def _wrong_matmul(method):
    """The device's first matmul in the numeric phase comes back off by one (a wrong gfx's garbage)."""
    def phase_numeric(self):
        tensor = self.torch.Tensor
        real = tensor.__matmul__
        calls = []

        def matmul(a, b):
            out = real(a, b)
            calls.append(1)
            return out + 1.0 if len(calls) == 1 else out

        tensor.__matmul__ = matmul
        try:
            return method(self)
        finally:
            tensor.__matmul__ = real

    return phase_numeric


def _faulty_train(method, faults):
    """Training with faults: a stop before step N's loss, a NaN loss, or Adam that does not move (no fall)."""
    def train(self, phase, amp_dtype):
        mine = [(k, at) for k, p, at in faults if p == phase]
        if not mine:
            return method(self, phase, amp_dtype)
        torch = self.torch
        functional, optim = torch.nn.functional, torch.optim
        real_loss, real_adam = functional.cross_entropy, optim.Adam
        steps = [0]

        def loss_fn(*args, **kw):
            steps[0] += 1
            for kind, at in mine:
                if kind in STOPS and at == steps[0]:
                    _stop(kind, phase)
            loss = real_loss(*args, **kw)
            return loss * float("nan") if any(k == "nan" for k, _ in mine) else loss

        def adam(params, lr=1e-3, **kw):
            return real_adam(params, lr=0.0, **kw)

        functional.cross_entropy = loss_fn
        if any(k == "nofall" for k, _ in mine):
            optim.Adam = adam
        try:
            return method(self, phase, amp_dtype)
        finally:
            functional.cross_entropy, optim.Adam = real_loss, real_adam

    return train


def rank_main(rank, world, backend, init_file, timeout_s, results):
    """An all-reduce rank, a spawned process that unpickles its target by module name: the check's own
    ``_rank_main`` is ``check_script._rank_main``, which that process could not import, so every rank starts
    here (in ``__main__``).  With a fault, the last rank hangs in, or skews, its first collective."""
    config = _config()
    check = _load(config)
    kinds = {k for k, p, _ in _faults(config) if p == "multi_gpu"} & {"hang-rank", "wrong"}
    if kinds and rank == world - 1:
        import torch.distributed as dist

        real = dist.all_reduce
        first = [True]

        def all_reduce(tensor, *args, **kw):
            if first[0]:
                first[0] = False
                while "hang-rank" in kinds:  # the others wait for this rank in the collective
                    time.sleep(3600)
                if "wrong" in kinds:
                    tensor += 1
            return real(tensor, *args, **kw)

        dist.all_reduce = all_reduce
    check._rank_main(rank, world, backend, init_file, timeout_s, results)


def install(check, config):
    """Patch the loaded check as ``config`` says."""
    faults = _faults(config)
    if "cpu_bf16" in config:
        check.cpu_bf16_helps = lambda torch: bool(config["cpu_bf16"])
    if config.get("cpu_fp16"):
        check.Check.phase_amp = lambda self: self.train("amp", self.torch.float16)
    if config.get("cpu_resnet"):
        batch, side = config["cpu_resnet"]
        check.SIZES["resnet50"] = (int(batch), int(side), check.SIZES["resnet50"][2])
        check.GPU_ONLY_SIZES = ()
    for phase in check.PHASES:
        name = "phase_" + phase
        if phase == "numeric" and any(k == "wrong" and p == phase for k, p, _ in faults):
            setattr(check.Check, name, _wrong_matmul(getattr(check.Check, name)))
        kinds = [k for k, p, at in faults if p == phase and at is None and k in STOPS]
        if kinds:
            setattr(check.Check, name, _at_phase_start(getattr(check.Check, name), kinds, phase))
    if any(p in check.TRAINING and (at is not None or k in ("nan", "nofall")) for k, p, at in faults):
        check.Check.train = _faulty_train(check.Check.train, faults)
    check._rank_main = rank_main


def main():
    config = _config()
    check = _load(config)
    install(check, config)
    return check.main()


if __name__ == "__main__":
    sys.exit(main())
