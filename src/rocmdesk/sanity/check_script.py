"""The sanity check: run by a venv's own python (``python -I PATH/check_script.py ...``), never imported with torch.

It needs the standard library and torch only (rocmdesk is not installed in the user's venv), and keeps to
Python 3.8 syntax.  It trains a small model on synthetic but learnable data (fixed seeds: each class is a
fixed random prototype image plus noise) in phases -- device facts, a numeric check against the CPU, FP32
training, AMP training, a multi-GPU all-reduce -- and writes one JSON object a line on the original stdout:
``start``, ``phase`` (start/end), ``step`` and a final ``result``.  Its own sentences are English and come
with a ``message_code`` and ``message_params`` (``cpu_fallback_code`` on ``start``): rocmdesk says them in the
user's language (``rocmdesk.sanity.messages``).  Everything torch or the ROCm libraries print goes to stderr.
The caller (``rocmdesk.sanity.runner``) owns the hang watchdog: a phase without a line for its timeout is a
hang, wherever the process is stuck.

It has no test hooks and reads no variable of rocmdesk's own: the tests run it through a wrapper
(``tests/sanity/check_wrapper.py``) that imports this file as a module, patches its functions (faults in
a phase or a step, the CPU's bfloat16 verdict, the ResNet-50 size on a CPU) and then calls ``main()``.

Importing this module does nothing (rocmdesk's layer test imports every module).
"""

# no rocmdesk imports, no torch at import time, and Python 3.8 syntax only: the venv may be older than rocmdesk
import argparse
import json
import math
import os
import signal
import sys
import time
import traceback

PHASES = ("device", "numeric", "fp32", "amp", "multi_gpu")
TRAINING = ("fp32", "amp")
CLASSES = 10
POOL = 8  # batches made once on the device and cycled: no host-to-device copy inside the timed loop
REPORT_EVERY_S = 0.05  # the losses are read (one device sync) and written (one line) at most ~20 times a second
LOSS_FALL = 2.0  # the last loss must be at most the first divided by this ...
LOSS_FALL_MIN_STEPS = 20  # ... when there are this many steps (the tiny net halves it by ~16); fewer: only lower
NUMERIC_TOL = 1e-3  # max |device - float64 CPU| / max |reference|; garbage from a wrong gfx is far above it
ENV_VARS = ("HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "CUDA_VISIBLE_DEVICES", "HSA_OVERRIDE_GFX_VERSION",
            "PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "MIOPEN_FIND_MODE", "MIOPEN_USER_DB_PATH",
            "NCCL_DEBUG", "NCCL_P2P_DISABLE", "NCCL_SOCKET_IFNAME", "NCCL_IB_DISABLE", "RCCL_MSCCL_ENABLE",
            "TORCH_NCCL_ASYNC_ERROR_HANDLING", "TORCH_NCCL_BLOCKING_WAIT")
SIZES = {
    # batch, image side, classes of the output layer
    "tiny": (64, 16, CLASSES),
    "resnet50": (64, 224, 1000),
}
GPU_ONLY_SIZES = ("resnet50",)  # far too slow on a CPU to say anything in a few steps

_OUT = None  # the protocol stream: the original stdout


def emit(event):
    _OUT.write(json.dumps(_clean(event)) + "\n")
    _OUT.flush()


def _num(x):
    return repr(float(x)) if x is not None and math.isfinite(x) else "null"


def emit_steps(phase, first, losses, of, rate):
    """One ``steps`` line for the steps since the last one (the runner hands them on a step at a time):
    a line per step would cost the harness several per cent at a thousand steps a second."""
    _OUT.write('{"event": "steps", "phase": "%s", "first": %d, "of": %d, "losses": [%s], "samples_per_s": %s}\n'
               % (phase, first, of, ", ".join(_num(v) for v in losses), _num(rate)))
    _OUT.flush()


def _clean(value):
    """JSON has no NaN or infinity: they become None (the phase's error says what happened)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def _error_text(exc):
    # the exception's own lines: HIP's message and its advice, not the stack
    return "".join(traceback.format_exception_only(type(exc), exc)).strip()[-4000:]


def _traceback_text(exc):
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-6000:]


class CheckFailed(Exception):
    """A check that ran and found something wrong (not a crash).

    ``code`` and ``params`` say the same as the English text in a form rocmdesk translates (the user's
    language is rocmdesk's business: this script only speaks English and codes)."""

    def __init__(self, text, code=None, params=None):
        Exception.__init__(self, text)
        self.code = code
        self.params = params or {}


def message(code, **params):
    """The ``message_code``/``message_params`` of an event: what its English ``error`` or ``skipped`` says."""
    return {"message_code": code, "message_params": params}


# ---- models and data ---------------------------------------------------------------------------------------
def tiny_model(torch, classes):
    nn = torch.nn
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1, stride=2), nn.ReLU(),
        nn.Conv2d(16, 32, 3, padding=1, stride=2), nn.ReLU(),
        nn.Flatten(), nn.Linear(32 * 4 * 4, classes))


def resnet50_like(torch, classes):
    """ResNet-50's shape (bottleneck blocks 3-4-6-3, widths 64..2048) in plain torch.nn: no torchvision."""
    nn = torch.nn

    class Bottleneck(nn.Module):
        def __init__(self, cin, width, stride):
            super().__init__()
            cout = width * 4
            self.body = nn.Sequential(
                nn.Conv2d(cin, width, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(inplace=True),
                nn.Conv2d(width, width, 3, stride=stride, padding=1, bias=False), nn.BatchNorm2d(width),
                nn.ReLU(inplace=True),
                nn.Conv2d(width, cout, 1, bias=False), nn.BatchNorm2d(cout))
            self.skip = None
            if stride != 1 or cin != cout:
                self.skip = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout))
            self.relu = nn.ReLU(inplace=True)

        def forward(self, x):
            return self.relu(self.body(x) + (x if self.skip is None else self.skip(x)))

    layers = [nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True),
              nn.MaxPool2d(3, stride=2, padding=1)]
    cin = 64
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for b in range(blocks):
            layers.append(Bottleneck(cin, width, stride if b == 0 else 1))
            cin = width * 4
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, classes)]
    return nn.Sequential(*layers)


def make_data(torch, batch, side, classes, device):
    """POOL batches: class c is a fixed random prototype image plus noise, so the labels are learnable."""
    g = torch.Generator().manual_seed(1234)
    protos = torch.randn(CLASSES, 3, side, side, generator=g)
    ys = torch.randint(0, CLASSES, (POOL, batch), generator=g)
    xs = protos[ys] + 4.0 * torch.randn(POOL, batch, 3, side, side, generator=g)
    if classes != CLASSES:  # a wide output layer (ResNet's 1000) with labels spread over it
        ys = ys * (classes // CLASSES)
    return [(xs[i].to(device), ys[i].to(device)) for i in range(POOL)]


# ---- the check ---------------------------------------------------------------------------------------------
class Check:
    def __init__(self, args, torch):
        self.args = args
        self.torch = torch
        self.device = "cpu"
        self.device_name = None
        self.cpu_fallback = None
        self.cpu_fallback_code = None  # the same as code and params, for rocmdesk to translate
        self.facts = {}
        self.ends = []
        self.data = None
        self.batch, self.side, self.classes = SIZES[args.size]

    @property
    def cuda(self):
        return self.device.startswith("cuda")

    def sync(self):
        if self.cuda:
            self.torch.cuda.synchronize()

    # -- choosing the device: before the start line, so it can name the device -----------------------------
    def choose_device(self):
        torch = self.torch
        want = self.args.device
        gpu = False
        self.gpu_error = None
        if want != "cpu":
            try:
                gpu = bool(torch.cuda.is_available())
            except Exception as exc:  # a broken runtime: the device phase reports it
                self.gpu_error = _error_text(exc)
        if gpu:
            self.device = "cuda:0"
            try:
                self.device_name = torch.cuda.get_device_name(0)
            except Exception as exc:
                self.gpu_error = _error_text(exc)
        elif want == "cuda":
            self.device = "cuda"
        else:
            self.device = "cpu"
            self.device_name = "CPU"
            if want == "auto":
                if getattr(torch.version, "hip", None):
                    kind = "rocm"
                elif getattr(torch.version, "cuda", None):
                    kind = "cuda"
                else:
                    kind = "cpu"
                build = {"rocm": "a ROCm build", "cuda": "a CUDA build", "cpu": "a CPU-only build"}[kind]
                self.cpu_fallback = ("torch sees no GPU (torch.cuda.is_available() is False; torch {} is "
                                     "{})".format(torch.__version__, build))
                self.cpu_fallback_code = {"code": "no_gpu_seen", "params": {"torch": torch.__version__,
                                                                             "build": kind}}

    def run(self):
        torch = self.torch
        self.choose_device()
        emit({"event": "start", "phases": list(PHASES), "torch": torch.__version__, "device": self.device,
              "device_name": self.device_name, "size": self.args.size, "steps": self.args.steps,
              "requested_device": self.args.device, "batch": self.batch,
              "hip": getattr(torch.version, "hip", None), "cuda": getattr(torch.version, "cuda", None),
              "cpu_fallback": self.cpu_fallback, "cpu_fallback_code": self.cpu_fallback_code,
              "pid": os.getpid()})
        failed = False
        for name in PHASES:
            if failed:
                break
            end = self.phase(name, getattr(self, "phase_" + name))
            failed = not end["ok"] and not end.get("skipped")
        return self.result()

    def phase(self, name, fn):
        emit({"event": "phase", "name": name, "status": "start"})
        start = time.perf_counter()
        end = {"event": "phase", "name": name, "status": "end", "ok": True, "seconds": 0.0,
               "samples_per_s": None, "skipped": None, "error": None}
        try:
            out = fn() or {}
            end.update(out)
        except Exception as exc:
            end.update(getattr(exc, "partial", None) or {})  # what a training phase measured before it failed
            end.update(ok=False, error=str(exc) if isinstance(exc, CheckFailed) else _error_text(exc))
            if isinstance(exc, CheckFailed) and exc.code:
                end.update(message(exc.code, **exc.params))
            if not isinstance(exc, CheckFailed):
                end["traceback"] = _traceback_text(exc)
        end["seconds"] = round(time.perf_counter() - start, 4)
        if end.get("skipped"):
            end["ok"] = True
        self.ends.append(end)
        emit(end)
        return end

    # -- phases ------------------------------------------------------------------------------------------
    def phase_device(self):
        torch = self.torch
        facts = {"torch": torch.__version__, "hip": getattr(torch.version, "hip", None),
                 "cuda": getattr(torch.version, "cuda", None), "python": sys.version.split()[0],
                 "env": {k: os.environ[k] for k in ENV_VARS if k in os.environ}}
        self.facts = facts
        if self.gpu_error:
            raise CheckFailed("torch could not use the GPU: " + self.gpu_error, "gpu_unusable",
                              {"error": self.gpu_error})
        if self.device == "cuda":
            raise CheckFailed("torch sees no GPU (torch.cuda.is_available() is False) and --device cuda "
                              "was asked for", "no_gpu_cuda_asked")
        if self.cuda:
            try:
                facts["arch_list"] = list(torch.cuda.get_arch_list())
            except Exception:
                facts["arch_list"] = None
            devices = []
            for i in range(torch.cuda.device_count()):
                p = torch.cuda.get_device_properties(i)
                devices.append({"index": i, "name": p.name, "gcn_arch": getattr(p, "gcnArchName", None),
                                "total_memory": int(p.total_memory),
                                "compute_units": getattr(p, "multi_processor_count", None)})
            facts["devices"] = devices
            facts["device_count"] = len(devices)
        else:
            facts["threads"] = torch.get_num_threads()
            try:
                facts["cpu_capability"] = torch.backends.cpu.get_cpu_capability()
            except Exception:
                facts["cpu_capability"] = None
            facts["bf16_helps"] = cpu_bf16_helps(torch)
            if self.args.size in GPU_ONLY_SIZES:
                raise CheckFailed("the ResNet-50-like size runs on a GPU only, and this run is on the CPU",
                                  "resnet_on_cpu")
        # the first kernel launch: a wheel without code for this GPU fails here ("invalid device function")
        x = torch.ones(16, device=self.device)
        if float((x * 2).sum().item()) != 32.0:
            raise CheckFailed("a first kernel on {} gave a wrong sum".format(self.device), "first_kernel_wrong",
                              {"device": self.device})
        self.sync()
        return {"facts": facts}

    def phase_numeric(self):
        torch = self.torch
        g = torch.Generator().manual_seed(7)
        a, b = torch.randn(256, 256, generator=g), torch.randn(256, 256, generator=g)
        x, w = torch.randn(4, 8, 32, 32, generator=g), torch.randn(16, 8, 3, 3, generator=g)
        saved = _tf32_off(torch)
        try:
            mm = (a.to(self.device) @ b.to(self.device)).cpu().double()
            conv = torch.nn.functional.conv2d(x.to(self.device), w.to(self.device), padding=1).cpu().double()
        finally:
            _tf32_restore(torch, saved)
        errors = {}
        for label, got, ref in (("matmul", mm, a.double() @ b.double()),
                                ("convolution", conv, torch.nn.functional.conv2d(x.double(), w.double(),
                                                                                 padding=1))):
            if not bool(torch.isfinite(got).all()):
                raise CheckFailed("{} on {} gave NaN or infinity".format(label, self.device), "numeric_not_finite",
                                  {"op": label, "device": self.device})
            rel = float((got - ref).abs().max() / ref.abs().max())
            errors[label] = rel
            if rel > NUMERIC_TOL:
                raise CheckFailed("{} on {} differs from the CPU by {:.1e} (tolerance {:.0e})".format(
                    label, self.device, rel, NUMERIC_TOL), "numeric_differs",
                    {"op": label, "device": self.device, "rel": rel, "tol": NUMERIC_TOL})
        return {"max_rel_error": errors, "tolerance": NUMERIC_TOL}

    def phase_fp32(self):
        return self.train("fp32", None)

    def phase_amp(self):
        torch = self.torch
        if self.cuda:
            return self.train("amp", torch.float16)
        if not cpu_bf16_helps(torch):
            return dict({"skipped": "on this CPU bfloat16 autocast would only slow training down (no AMX or "
                                    "AVX-512 BF16 instructions)"}, **message("amp_cpu_no_bf16"))
        return self.train("amp", torch.bfloat16)

    def train(self, phase, amp_dtype):
        torch = self.torch
        args = self.args
        if self.data is None:
            self.data = make_data(torch, self.batch, self.side, self.classes, self.device)
        torch.manual_seed(0)  # both phases start from the same weights
        model = (resnet50_like if args.size == "resnet50" else tiny_model)(torch, self.classes).to(self.device)
        model.train()
        # Adam: SGD with momentum swings wildly in a ResNet's first steps, and 30 steps must show a fall
        opt = torch.optim.Adam(model.parameters(), lr=1e-3 if args.size == "resnet50" else 3e-3)
        autocast, scaler = _amp_tools(torch, self.device, amp_dtype)
        loss_fn = torch.nn.functional.cross_entropy
        if self.cuda:
            torch.cuda.synchronize()
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats()
        steps = args.steps
        # samples/s counts the steps after a warm-up third: the first ones load kernels (MIOpen searches for
        # its convolutions on a GPU; oneDNN builds its primitives on a CPU) and would make either phase look slow
        warm = max(1, steps // 3) if steps > 1 else 1
        losses = {}
        pending = []  # (step, its loss still on the device): read together, so the device syncs rarely
        start = time.perf_counter()
        steady_start = None
        first_step_s = None
        last_report = 0.0
        for i in range(1, steps + 1):
            x, y = self.data[(i - 1) % POOL]
            with autocast():
                loss = loss_fn(model(x), y)
            opt.zero_grad(set_to_none=True)
            if scaler is not None:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                loss.backward()
                opt.step()
            pending.append((i, loss.detach()))
            now = time.perf_counter()
            if i in (1, warm, steps) or now - last_report >= REPORT_EVERY_S:
                # one read for all pending losses; it waits for the device, so the clock below is honest
                values = torch.stack([t for _, t in pending]).float().tolist()
                now = time.perf_counter()
                last_report = now
                if i == 1:
                    first_step_s = now - start
                if i == warm:
                    steady_start = now
                if steady_start is not None and i > warm:
                    rate = (i - warm) * self.batch / max(now - steady_start, 1e-9)
                else:
                    rate = i * self.batch / max(now - start, 1e-9)
                done = [(k, v) for (k, _), v in zip(pending, values)]
                emit_steps(phase, pending[0][0], values, steps, rate)
                pending = []
                losses.update(done)
                bad = next(((k, v) for k, v in done if not math.isfinite(v)), None)
                if bad is not None:
                    raise CheckFailed("the loss became {} at step {} of {}".format(bad[1], bad[0], steps),
                                      "loss_not_finite", {"value": str(bad[1]), "step": bad[0], "of": steps})
        self.sync()
        end = time.perf_counter()
        out = {"loss_first": losses[1], "loss_last": losses[steps], "first_step_s": round(first_step_s, 4)}
        if steps > warm:
            step_s = (end - steady_start) / (steps - warm)
            out["timed_steps"] = steps - warm
        else:
            step_s = (end - start) / steps
            out["timed_steps"] = steps
        out["step_s"] = step_s
        out["samples_per_s"] = self.batch / step_s if step_s > 0 else None
        if amp_dtype is not None:
            out["amp_dtype"] = str(amp_dtype).replace("torch.", "")
            if scaler is not None:
                out["grad_scale"] = float(scaler.get_scale())
        if self.cuda:
            out["peak_mem_bytes"] = int(torch.cuda.max_memory_allocated())
            out["peak_reserved_bytes"] = int(torch.cuda.max_memory_reserved())
        need = LOSS_FALL if steps >= LOSS_FALL_MIN_STEPS else 1.0
        out["loss_fall_required"] = need
        # judged on the median of the last three reported losses: one noisy batch neither passes nor fails it
        tail = sorted(losses[k] for k in range(max(2, steps - 2), steps + 1)) or [losses[steps]]
        first, last = out["loss_first"], tail[(len(tail) - 1) // 2]
        out["loss_judged"] = last
        if not (last < first and last * need <= first):
            if need > 1:
                said = "the loss did not fall enough: {:.3f} -> {:.3f} in {} steps (it must fall {:g}x).".format(
                    first, last, steps, need)
            else:
                said = "the loss did not fall: {:.3f} -> {:.3f} in {} steps.".format(first, last, steps)
            exc = CheckFailed(said, "loss_no_fall", {"first": first, "last": last, "steps": steps, "need": need})
            exc.partial = out
            raise exc
        return out

    def phase_multi_gpu(self):
        args = self.args
        if args.multi_gpu == "off":
            return dict({"skipped": "turned off for this run"}, **message("multi_gpu_off"))
        if args.cpu_ranks >= 2:
            world, backend = args.cpu_ranks, "gloo"
        elif not self.cuda:
            return dict({"skipped": "runs on GPUs only"}, **message("multi_gpu_cpu"))
        else:
            world, backend = self.torch.cuda.device_count(), "nccl"
            if world < 2:
                return dict({"skipped": "only one GPU is visible; the all-reduce needs two or more"}, **message("multi_gpu_one_gpu"))
            self.torch.cuda.empty_cache()
        return all_reduce_check(world, backend, args.allreduce_timeout)

    # -- the verdict ------------------------------------------------------------------------------------
    def result(self):
        ends = {e["name"]: e for e in self.ends}
        bad = [e for e in self.ends if not e["ok"] and not e.get("skipped")]
        trained = [ends[n] for n in TRAINING if n in ends and ends[n].get("loss_first") is not None]
        fp32, amp = ends.get("fp32", {}), ends.get("amp", {})
        speedup = None
        if fp32.get("ok") and amp.get("ok") and fp32.get("samples_per_s") and amp.get("samples_per_s") \
                and not amp.get("skipped"):
            speedup = amp["samples_per_s"] / fp32["samples_per_s"]
        peaks = [e.get("peak_mem_bytes") for e in self.ends if e.get("peak_mem_bytes") is not None]
        reserved = [e.get("peak_reserved_bytes") for e in self.ends if e.get("peak_reserved_bytes") is not None]
        passed = not bad and all(n in ends for n in PHASES)
        return {"event": "result", "passed": passed, "device": self.device, "device_name": self.device_name,
                "torch": self.torch.__version__, "cpu_fallback": self.cpu_fallback,
                "loss_first": trained[0]["loss_first"] if trained else None,
                "loss_last": trained[-1]["loss_last"] if trained else None,
                "amp_speedup": speedup, "peak_mem_bytes": max(peaks) if peaks else None,
                "peak_reserved_bytes": max(reserved) if reserved else None,
                "first_step_s": fp32.get("first_step_s"), "error": bad[0]["error"] if bad else None,
                "amp_dtype": amp.get("amp_dtype"), "facts": self.facts}


def cpu_bf16_helps(torch):
    """bfloat16 autocast pays on a CPU only with AMX or AVX-512 BF16 instructions."""
    for probe in ("_is_amx_tile_supported", "_is_avx512_bf16_supported"):
        fn = getattr(getattr(torch, "cpu", None), probe, None)
        try:
            if fn is not None and fn():
                return True
        except Exception:
            pass
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            flags = fh.read()
    except OSError:
        return False
    return " amx_bf16" in flags or " avx512_bf16" in flags


def _amp_tools(torch, device, dtype):
    """(autocast context factory, GradScaler or None): the torch.amp API, torch.cuda.amp on old torch."""
    import contextlib

    if dtype is None:
        return contextlib.nullcontext, None
    kind = "cuda" if device.startswith("cuda") else "cpu"
    amp = getattr(torch, "amp", None)
    if amp is not None and hasattr(amp, "autocast"):
        def autocast():
            return amp.autocast(kind, dtype=dtype)
    elif kind == "cuda":
        def autocast():
            return torch.cuda.amp.autocast(dtype=dtype)
    else:
        def autocast():
            return torch.cpu.amp.autocast(dtype=dtype)
    if dtype != torch.float16:
        return autocast, None  # bfloat16 has float32's range: no loss scaling
    try:
        scaler = torch.amp.GradScaler(kind)
    except (AttributeError, TypeError):
        scaler = torch.cuda.amp.GradScaler()
    return autocast, scaler


def _tf32_off(torch):
    saved = None
    try:
        saved = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    except Exception:
        pass
    return saved


def _tf32_restore(torch, saved):
    if saved is not None:
        torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = saved


# ---- multi-GPU: one process per rank -------------------------------------------------------------------------
def _rank_main(rank, world, backend, init_file, timeout_s, results):
    """One rank: join the group, all-reduce a known tensor, check it, measure a larger one."""
    out = {"rank": rank}
    try:
        import datetime

        import torch
        import torch.distributed as dist

        if backend == "nccl":
            torch.cuda.set_device(rank)
            device = "cuda:{}".format(rank)
        else:
            device = "cpu"
        dist.init_process_group(backend, init_method="file://" + init_file, rank=rank, world_size=world,
                                timeout=datetime.timedelta(seconds=timeout_s + 10))
        t = torch.full((1024,), float(rank + 1), device=device)
        dist.all_reduce(t)
        expected = world * (world + 1) / 2.0
        got = t.cpu()
        out.update(value=float(got[0]), expected=expected, ok=bool((got == expected).all()))
        # a larger tensor for a bandwidth figure (indicative)
        n = (64 << 20) // 4 if backend == "nccl" else (4 << 20) // 4
        big = torch.ones(n, device=device)
        dist.all_reduce(big)
        if backend == "nccl":
            torch.cuda.synchronize()
        reps = 5
        start = time.perf_counter()
        for _ in range(reps):
            dist.all_reduce(big)
        if backend == "nccl":
            torch.cuda.synchronize()
        seconds = (time.perf_counter() - start) / reps
        out["busbw_gb_s"] = (n * 4 * 2 * (world - 1) / world) / seconds / 1e9
        dist.destroy_process_group()
    except BaseException as exc:
        out.update(ok=False, error=_error_text(exc))
    results.put(out)


def all_reduce_check(world, backend, timeout_s):
    import multiprocessing
    import queue as queue_mod
    import tempfile

    env = {k: os.environ.get(k) for k in ENV_VARS if k.startswith(("HIP_", "ROCR_", "CUDA_", "NCCL", "RCCL",
                                                                    "TORCH_NCCL"))}
    ctx = multiprocessing.get_context("spawn")  # no fork after torch touched the GPU
    results = ctx.Queue()
    got = {}
    procs = []
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="rocmdesk-sanity-") as tmp:
        init_file = os.path.join(tmp, "rendezvous")
        try:
            for rank in range(world):
                p = ctx.Process(target=_rank_main, args=(rank, world, backend, init_file, timeout_s, results),
                                daemon=True)
                p.start()
                procs.append(p)
            deadline = start + timeout_s
            while len(got) < world and time.perf_counter() < deadline:
                try:
                    r = results.get(timeout=0.2)
                    got[r["rank"]] = r
                except queue_mod.Empty:
                    dead = [p for i, p in enumerate(procs) if p.exitcode not in (None, 0) and i not in got]
                    if dead:
                        time.sleep(0.5)  # its last words may still be in the queue
                        while True:
                            try:
                                r = results.get_nowait()
                                got[r["rank"]] = r
                            except queue_mod.Empty:
                                break
                        for i, p in enumerate(procs):
                            if p.exitcode not in (None, 0) and i not in got:
                                got[i] = {"rank": i, "ok": False, "exit_status": p.exitcode,
                                          "error": "rank {} died (exit status {})".format(i, p.exitcode)}
        finally:
            if len(got) == world:  # they finished: let them leave the group cleanly
                for p in procs:
                    p.join(timeout=5.0)
            for p in procs:  # a hung rank is stuck in the collective: no waiting for it
                if p.is_alive():
                    p.kill()
                    p.join(timeout=5.0)
    seconds = time.perf_counter() - start
    out = {"world_size": world, "backend": backend, "env": env}
    if len(got) < world:
        missing = [i for i in range(world) if i not in got]
        out.update(ok=False, hung=True, error="all_reduce over {} ranks ({}) did not finish within {:g} s: ranks {} "
                   "never answered".format(world, backend, timeout_s, ", ".join(map(str, missing))),
                   **message("allreduce_timeout", world=world, backend=backend, timeout=timeout_s,
                             missing=", ".join(map(str, missing))))
        return out
    ranks = [got[i] for i in range(world)]
    out["ranks"] = ranks
    errors = [r for r in ranks if r.get("error")]
    if errors:
        bad = errors[0]
        params = {"backend": backend, "rank": bad["rank"], "error": bad["error"]}
        if bad.get("exit_status") is not None:
            params["exit_status"] = bad["exit_status"]  # rocmdesk says "rank N died" in the user's language
        raise CheckFailed("all_reduce ({}) failed on rank {}: {}".format(backend, bad["rank"], bad["error"]),
                          "allreduce_rank_failed", params)
    wrong = [r for r in ranks if not r.get("ok")]
    if wrong:
        r = wrong[0]
        raise CheckFailed("all_reduce ({}) gave a wrong sum on rank {}: {:g}, expected {:g}".format(
            backend, r["rank"], r["value"], r["expected"]), "allreduce_wrong_sum",
            {"backend": backend, "rank": r["rank"], "value": r["value"], "expected": r["expected"]})
    bws = [r["busbw_gb_s"] for r in ranks if r.get("busbw_gb_s")]
    out["busbw_gb_s"] = min(bws) if bws else None
    out["all_reduce_s"] = round(seconds, 3)
    return out


def main(argv=None):
    global _OUT
    # the protocol goes to the original stdout; whatever else prints (torch, HIP, MIOpen) goes to stderr
    _OUT = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)
    import faulthandler

    faulthandler.enable(file=sys.stderr)  # a segfault in HIP shows the Python stack it happened in
    if hasattr(faulthandler, "register"):
        # on SIGTERM (the runner's hang watchdog), print every thread's stack, then die as usual
        faulthandler.register(signal.SIGTERM, file=sys.stderr, all_threads=True, chain=True)

    ap = argparse.ArgumentParser(prog="check_script.py")
    ap.add_argument("--device", choices=("auto", "cuda", "cpu"), default="auto")
    ap.add_argument("--size", choices=tuple(SIZES), default="tiny")
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--multi-gpu", choices=("auto", "off"), default="auto")
    ap.add_argument("--cpu-ranks", type=int, default=0)
    ap.add_argument("--allreduce-timeout", type=float, default=60.0)
    args = ap.parse_args(argv)
    args.steps = max(args.steps, 1)
    try:
        import torch
    except Exception as exc:
        emit({"event": "result", "passed": False, "device": None, "phases": [],
              "error": "torch cannot be imported with {}: {}".format(sys.executable, _error_text(exc)),
              "message_code": "torch_import", "message_params": {"python": sys.executable, "error": _error_text(exc)}})
        return 1
    res = Check(args, torch).run()
    emit(res)
    return 0 if res["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
