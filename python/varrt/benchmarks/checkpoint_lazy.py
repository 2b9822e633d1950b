"""Lazy reads (issue 15's target): one 4 MB tensor out of a 1 GB checkpoint.

A checkpoint of 256 float32 tensors of 4 MB is written once, with the page cache warm as
after a save. A fresh process then imports varrt and times `tf.train.load_checkpoint(path)`
plus `get_tensor` of one tensor (whole and CRC-checked), and the growth of its resident
memory (VmRSS, which counts the mapped file pages it touched). Target: <= 10 ms and
<= 16 MB. For reference, the same for `get_tensor_rows` of a quarter of the tensor (bounds
checked, not CRC-checked) and for NumPy's `np.load(mmap_mode="r")` of one .npy file of the
same size (no checksum), the closest thing NumPy has.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap

import numpy as np
import varrt as tf

N_TENSORS = 256
ELEMENTS = 1 << 20  # 4 MB of float32

_PROBE = textwrap.dedent("""
    import json, sys, time
    import numpy as np
    import varrt as tf

    def rss():
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:"))

    prefix, npy, how = sys.argv[1], sys.argv[2], sys.argv[3]
    key = "t/100/.ATTRIBUTES/VARIABLE_VALUE"
    before = rss()
    t0 = time.perf_counter()
    if how == "get_tensor":
        value = tf.train.load_checkpoint(prefix).get_tensor(key)
    elif how == "get_tensor_rows":
        value = tf.train.load_checkpoint(prefix).get_tensor_rows(key, 0, 1 << 18)
    else:
        value = np.array(np.load(npy, mmap_mode="r"))
    seconds = time.perf_counter() - t0
    assert float(value[0]) == 100.0
    print(json.dumps({"seconds": seconds, "rss_growth": rss() - before}))
""")


def collect(repeat=5, directory=None):
    """{form: (median seconds, median RSS growth in bytes)} over `repeat` fresh processes."""
    results = {}
    with tempfile.TemporaryDirectory(dir=directory) as d:
        tensors = [tf.Variable(np.full(ELEMENTS, float(i), np.float32)) for i in range(N_TENSORS)]
        prefix = tf.train.Checkpoint(t=tensors).write(os.path.join(d, "big"))
        del tensors
        npy = os.path.join(d, "one.npy")
        np.save(npy, np.full(ELEMENTS, 100.0, np.float32))
        for how in ("get_tensor", "get_tensor_rows", "numpy mmap load"):
            runs = []
            for _ in range(repeat):
                out = subprocess.run([sys.executable, "-c", _PROBE, prefix, npy, how], check=True,
                                     capture_output=True, text=True, timeout=300)
                runs.append(json.loads(out.stdout))
            results[how] = (statistics.median(r["seconds"] for r in runs),
                            statistics.median(r["rss_growth"] for r in runs))
    return results


def report(results):
    """Lines of the table and the PASS/MISS checks."""
    lines = [f"Lazy reads: one {ELEMENTS * 4 >> 20} MB tensor of a {N_TENSORS * ELEMENTS * 4 >> 30} GB checkpoint, "
             "fresh process"]
    for name, (seconds, growth) in results.items():
        lines.append(f"  {name:28s} {seconds * 1e3:8.2f} ms {growth / 2 ** 20:8.1f} MB RSS growth")
    seconds, growth = results["get_tensor"]
    lines.append(f"{'PASS' if seconds <= 0.010 else 'MISS'}  load_checkpoint + get_tensor <= 10 ms: "
                 f"{seconds * 1e3:.2f} ms")
    lines.append(f"{'PASS' if growth <= 16 << 20 else 'MISS'}  RSS growth <= 16 MB: {growth / 2 ** 20:.1f} MB")
    return lines


if __name__ == "__main__":
    print("\n".join(report(collect())))
