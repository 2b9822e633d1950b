"""Many small variables (issue 15's target): 10,000 float32 variables of 4 elements.

Saving and restoring them is all bookkeeping (object graph, keys, index entries), not bytes.
varrt's Checkpoint (write/read, the object graph included) against safetensors' save_file/
load_file (NumPy and PyTorch front ends; the faster counts) and torch.save/load, taking turns
(in a rotating order) over the rounds; medians. Target: save and restore <= 1.0x safetensors.
"""
import os
import statistics
import tempfile
import time

import numpy as np
import varrt as vr

N_VARS = 10_000
ELEMENTS = 4


def _timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _libraries(arrays, d):
    variables = [vr.Variable(a) for a in arrays]
    ckpt = vr.train.Checkpoint(vars=variables)
    prefix = os.path.join(d, "varrt")
    libs = {"varrt": (lambda: ckpt.write(prefix), lambda: ckpt.read(prefix))}
    named = {f"v{i}": a for i, a in enumerate(arrays)}
    try:
        from safetensors.numpy import load_file, save_file
        path = os.path.join(d, "st_numpy.safetensors")
        libs["safetensors.numpy"] = (lambda: save_file(named, path), lambda: load_file(path))
    except ImportError:
        pass
    try:
        import torch
        from safetensors.torch import load_file as torch_load_file, save_file as torch_save_file
        tensors = {k: torch.from_numpy(v) for k, v in named.items()}
        st_path = os.path.join(d, "st_torch.safetensors")
        libs["safetensors.torch"] = (lambda: torch_save_file(tensors, st_path), lambda: torch_load_file(st_path))
        pt_path = os.path.join(d, "torch.pt")
        libs["torch.save/load"] = (lambda: torch.save(tensors, pt_path),
                                   lambda: torch.load(pt_path, weights_only=True))
    except ImportError:
        pass
    return libs, variables


def collect(repeat=9, directory=None):
    """{library: (median save seconds, median restore seconds)}."""
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(ELEMENTS, dtype=np.float32) for _ in range(N_VARS)]
    with tempfile.TemporaryDirectory(dir=directory) as d:
        libs, variables = _libraries(arrays, d)
        times = {name: ([], []) for name in libs}
        for save, restore in libs.values():  # warm-up: files exist
            save()
            restore()
        names = list(libs)
        for round_ in range(repeat):
            # Each library takes each place in turn: what runs just before (a large write's
            # writeback, freed memory) must not always weigh on the same one.
            order = names[round_ % len(names):] + names[:round_ % len(names)]
            for name in order:
                times[name][0].append(_timed(libs[name][0]))
            for name in order:
                times[name][1].append(_timed(libs[name][1]))
        for v, a in zip(variables[:100], arrays):
            assert np.array_equal(v.numpy(), a)
    return {name: (statistics.median(s), statistics.median(r)) for name, (s, r) in times.items()}


def report(results):
    """Lines of the table and the PASS/MISS checks."""
    lines = [f"Many small variables: {N_VARS} float32 variables of {ELEMENTS} elements",
             f"  {'library':24s} {'save ms':>9s} {'restore ms':>11s} {'varrt/x save':>13s} {'varrt/x restore':>16s}"]
    ours = results["varrt"]
    for name, (save, restore) in results.items():
        lines.append(f"  {name:24s} {save * 1e3:9.1f} {restore * 1e3:11.1f} {ours[0] / save:13.2f} "
                     f"{ours[1] / restore:16.2f}")
    st = [results[k] for k in ("safetensors.numpy", "safetensors.torch") if k in results]
    if st:
        save_ratio = ours[0] / min(r[0] for r in st)
        restore_ratio = ours[1] / min(r[1] for r in st)
        lines.append(f"{'PASS' if save_ratio <= 1.0 else 'MISS'}  save <= 1.0x safetensors: {save_ratio:.2f}x")
        lines.append(f"{'PASS' if restore_ratio <= 1.0 else 'MISS'}  restore <= 1.0x safetensors: {restore_ratio:.2f}x")
    else:
        lines.append("(safetensors not installed: no check)")
    return lines


if __name__ == "__main__":
    print("\n".join(report(collect())))
